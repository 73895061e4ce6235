//! `chimera serve [--port P] [--host H] [--max-searches N]`: the web board. A small HTTP/1.1
//! server on std::net (one thread per connection, `Connection: close`, one deadline per
//! request, slow senders pushed out by new connections, Host and Origin checked): docs/web.md
//! says why it is not an HTTP crate. Loopback unless `--host` says otherwise.
//!
//! [`http`] reads requests and writes responses, [`api`] routes them, [`games`] holds the
//! games and their searches, [`clock`] their clocks, [`assets`] the embedded page.

pub mod api;
pub mod assets;
pub mod clock;
pub mod games;
pub mod http;

use crate::cli::ranged;
use games::Table;
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Connections served at once; more get a 503 at once.
const MAX_CONNECTIONS: usize = 256;
/// Games kept; a new one beyond this replaces the least recently used idle one.
pub const MAX_GAMES: usize = 128;

/// `chimera serve`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Config {
    /// The address to listen on (the default, 127.0.0.1, is this machine only)
    #[arg(long, value_name = "H", default_value = "127.0.0.1")]
    pub host: String,
    /// The port to listen on (0: any free one; the first line names it)
    #[arg(long, value_name = "P", default_value_t = 8080)]
    pub port: u16,
    /// Searches running at once, all games together
    #[arg(long, value_name = "N", default_value_t = 32, value_parser = ranged(1usize, 1024))]
    pub max_searches: usize,
}

/// Connections still sending their request. Beyond this many, a new connection closes the one
/// that has been sending longest: slow clients push each other out, while a client that sends
/// its request at once is read before [`MAX_READERS`] newer ones can arrive.
const MAX_READERS: usize = 64;

/// The connections still reading their request, to close the oldest when new ones come.
#[derive(Default)]
struct Readers {
    next: u64,
    open: std::collections::BTreeMap<u64, TcpStream>,
}

fn readers(r: &Mutex<Readers>) -> std::sync::MutexGuard<'_, Readers> {
    r.lock().unwrap_or_else(|p| p.into_inner())
}

fn serve_connection(
    table: &Table,
    stream: &mut TcpStream,
    host: &str,
    reading: &Mutex<Readers>,
    key: u64,
) {
    let _ = stream.set_nodelay(true);
    let end = Instant::now() + http::DEADLINE;
    let request = http::read_request(stream, end);
    readers(reading).open.remove(&key);
    let head_only = request.as_ref().is_ok_and(|r| r.method == "HEAD");
    let response = match request {
        Ok(mut req) => match http::check_origin(&req, host) {
            Ok(()) => {
                // HEAD is GET without the body.
                if head_only {
                    req.method = "GET".into();
                }
                api::handle(table, &req)
            }
            Err(refused) => refused,
        },
        Err(response) => response,
    };
    let _ = http::write_response(stream, &response, head_only);
}

/// Serves on `listener` until the process ends. `host` is the name given to `--host`: a
/// request naming it in `Host` is ours (besides IP literals and `localhost`).
pub fn serve(listener: TcpListener, max_searches: usize, host: &str) {
    let table = Arc::new(Table::new(max_searches, MAX_GAMES));
    let open = Arc::new(AtomicUsize::new(0));
    let reading = Arc::new(Mutex::new(Readers::default()));
    let host: Arc<str> = host.into();
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else { continue };
        if open.fetch_add(1, Ordering::AcqRel) >= MAX_CONNECTIONS {
            open.fetch_sub(1, Ordering::AcqRel);
            let busy = http::Response::error(503, "too many connections at once");
            let _ = http::write_response(&mut stream, &busy, false);
            continue;
        }
        let key = {
            let mut r = readers(&reading);
            if r.open.len() >= MAX_READERS {
                // The oldest reader's thread then fails its read and ends.
                if let Some((_, oldest)) = r.open.pop_first() {
                    let _ = oldest.shutdown(Shutdown::Both);
                }
            }
            r.next += 1;
            let key = r.next;
            if let Ok(clone) = stream.try_clone() {
                r.open.insert(key, clone);
            }
            key
        };
        let (table, open, reading, host) =
            (table.clone(), open.clone(), reading.clone(), host.clone());
        let spawned = std::thread::Builder::new()
            .name("http".into())
            .spawn(move || {
                serve_connection(&table, &mut stream, &host, &reading, key);
                open.fetch_sub(1, Ordering::AcqRel);
            });
        if spawned.is_err() {
            // The count taken above is given back by nobody else.
            eprintln!("serve: cannot start a connection thread");
        }
    }
}

pub fn run(config: &Config) -> Result<(), String> {
    let listener = TcpListener::bind((config.host.as_str(), config.port))
        .map_err(|e| format!("cannot listen on {}:{}: {e}", config.host, config.port))?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("cannot read the address: {e}"))?;
    // The first line names the address, so scripts and tests can use `--port 0`.
    println!("chimera serve: listening on http://{addr}/");
    if !addr.ip().is_loopback() {
        eprintln!("chimera serve: warning: {addr} is reachable from other machines (--host)");
    }
    serve(listener, config.max_searches, &config.host);
    Ok(())
}
