//! The `chimera` binary. No argument: the protocol loop on stdin/stdout.
//! Subcommands: `perft`, `bench [depth]`, `match`, `exploit` (Ven's exploitability), `serve` (the
//! web board), `svg` (a picture of a position), `fuzz` (the seeded fuzzer): each a thin file over the crates (the match
//! runner's machinery lives in `runner/`, the web server's in `serve/`, the board renderer both
//! `serve` and `svg` use in `picture/`); `datagen` and `tune` fit the evaluation's weights
//! (docs/tuning.md).

mod datagen;
mod exploit_cmd;
mod fuzz;
mod match_cmd;
mod perft_cmd;
mod picture;
mod runner;
mod serve;
mod svg_cmd;
mod tune;

use std::io::Cursor;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        None => {
            chimera_protocol::run(std::io::BufReader::new(std::io::stdin()), std::io::stdout());
            Ok(())
        }
        Some("perft") => perft_cmd::run(&args[1..]),
        Some("datagen") => datagen::run(&args[1..]),
        Some("tune") => tune::run(&args[1..]),
        Some("match") => match_cmd::run(&args[1..]),
        Some("exploit") => exploit_cmd::run(&args[1..]),
        Some("fuzz") => fuzz::run(&args[1..]),
        Some("serve") => serve::run(&args[1..]),
        Some("svg") => svg_cmd::run(&args[1..]),
        // The protocol's own `bench`, from the command line.
        Some("bench") => {
            let command = format!("bench {}\nquit\n", args[1..].join(" "));
            chimera_protocol::run(Cursor::new(command), std::io::stdout());
            Ok(())
        }
        Some(other) => Err(format!("unknown subcommand '{other}'")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}
