//! `chimera serve [--port P] [--host H] [--max-searches N]`: the web board. A small HTTP/1.1
//! server on std::net (one thread per connection, `Connection: close`): the page and its API
//! stay on one machine, so a framework's weight buys nothing. Loopback unless `--host` says
//! otherwise.
//!
//! [`http`] reads requests and writes responses, [`api`] routes them, [`games`] holds the
//! games and their searches, [`assets`] the embedded page, [`json`] the answers' strings.

pub mod api;
pub mod assets;
pub mod games;
pub mod http;
pub mod json;

use games::Table;
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

const USAGE: &str = "usage: chimera serve [--port P] [--host H] [--max-searches N]";

/// Connections served at once; more get a 503 at once.
const MAX_CONNECTIONS: usize = 256;
/// Games kept; a new one beyond this replaces the least recently used idle one.
pub const MAX_GAMES: usize = 128;

pub struct Config {
    pub host: String,
    pub port: u16,
    pub max_searches: usize,
}

fn parse_args(args: &[String]) -> Result<Config, String> {
    let mut config = Config {
        host: "127.0.0.1".into(),
        port: 8080,
        max_searches: 32,
    };
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{flag} needs a value; {USAGE}"))?;
        match flag {
            "--port" => {
                config.port = value
                    .parse()
                    .map_err(|_| format!("--port '{value}' is not a port number (0-65535)"))?
            }
            "--host" => config.host = value.clone(),
            "--max-searches" => {
                config.max_searches = value
                    .parse()
                    .ok()
                    .filter(|n| (1..=1024).contains(n))
                    .ok_or_else(|| {
                        format!("--max-searches '{value}' is not a number from 1 to 1024")
                    })?
            }
            _ => return Err(format!("unknown argument '{flag}'; {USAGE}")),
        }
        i += 2;
    }
    Ok(config)
}

fn serve_connection(table: &Table, mut stream: TcpStream) {
    let _ = stream.set_nodelay(true);
    let response = match http::read_request(&stream) {
        Ok(req) => api::handle(table, &req),
        Err(response) => response,
    };
    let _ = http::write_response(&mut stream, &response);
}

/// Serves on `listener` until the process ends.
pub fn serve(listener: TcpListener, max_searches: usize) {
    let table = Arc::new(Table::new(max_searches, MAX_GAMES));
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else { continue };
        if open.fetch_add(1, Ordering::AcqRel) >= MAX_CONNECTIONS {
            open.fetch_sub(1, Ordering::AcqRel);
            let busy = http::Response::error(503, "too many connections at once");
            let _ = http::write_response(&mut stream, &busy);
            continue;
        }
        let (table, open) = (table.clone(), open.clone());
        let spawned = std::thread::Builder::new()
            .name("http".into())
            .spawn(move || {
                serve_connection(&table, stream);
                open.fetch_sub(1, Ordering::AcqRel);
            });
        if spawned.is_err() {
            // The count taken above is given back by nobody else.
            eprintln!("serve: cannot start a connection thread");
        }
    }
}

pub fn run(args: &[String]) -> Result<(), String> {
    let config = parse_args(args)?;
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
    serve(listener, config.max_searches);
    Ok(())
}
