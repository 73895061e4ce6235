//! Chimera's UCI-like protocol: commands in ([`command`]), the state machine that applies them
//! ([`engine`]), one session per variant ([`session`], listed in [`registry`]), replies out
//! ([`reply`]). `docs/protocol.md` documents every command.

pub mod baseline;
pub mod command;
mod describe_chess;
mod describe_double_ended;
mod describe_oo7;
mod describe_vanguard;
pub mod diagram;
pub mod engine;
pub mod options;
pub mod registry;
pub mod reply;
pub mod session;

#[cfg(test)]
mod tests;

pub use engine::{Engine, BANNER};
pub use reply::Out;

use std::io::{BufRead, Write};

/// Runs the protocol: greets, then handles `input` line by line until `quit` or the end of the
/// input, replying on `output`. Lines that are not UTF-8 are read lossily (and then rejected as
/// unknown commands), never fatally.
pub fn run(mut input: impl BufRead, output: impl Write + Send + 'static) {
    let out = Out::new(output);
    out.line(BANNER);
    let mut engine = Engine::new(out, registry::sessions());
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                if !engine.handle_line(&String::from_utf8_lossy(&buf)) {
                    return;
                }
            }
        }
    }
    engine.end_of_input();
}
