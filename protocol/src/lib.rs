//! Chimera's UCI-like protocol: commands in ([`command`]), the state machine that applies them
//! ([`engine`]), one session per variant ([`session`], one per line of the engine's registry: [`registry`];
//! what differs between the kinds of game in [`sequential`] and [`rounds`]), replies out ([`reply`]). `docs/protocol.md` documents every command.

pub mod command;
pub mod diagram;
pub mod engine;
pub mod error;
#[cfg(test)]
mod oo7_play;
pub mod options;
pub mod registry;
pub mod reply;
pub mod rounds;
pub mod sequential;
pub mod session;

#[cfg(test)]
mod tests;

pub use engine::{Engine, BANNER};
pub use error::CommandError;
pub use reply::Out;

use std::io::{BufRead, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// Runs the protocol: greets, then handles `input` line by line until `quit` or the end of the
/// input, replying on `output`. Lines that are not UTF-8 are read lossily (and then rejected as
/// unknown commands), never fatally.
///
/// Input is read on its own thread, so that commands waiting for a search (see
/// [`Engine::has_pending`]) run as soon as it ends, even when no further line comes.
pub fn run(mut input: impl BufRead + Send + 'static, output: impl Write + Send + 'static) {
    let out = Out::new(output);
    out.line(BANNER);
    let mut engine = Engine::new(out, registry::sessions());
    let (lines, received) = mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || loop {
        let mut buf = Vec::new();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                if lines.send(buf).is_err() {
                    return;
                }
            }
        }
    });
    loop {
        let line = if engine.has_pending() {
            match received.recv_timeout(Duration::from_millis(1)) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    engine.tick();
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => break,
            }
        } else {
            match received.recv() {
                Ok(line) => line,
                Err(_) => break,
            }
        };
        if !engine.handle_line(&String::from_utf8_lossy(&line)) {
            return;
        }
    }
    engine.end_of_input();
}
