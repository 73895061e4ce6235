//! The `chimera` binary. No argument: the protocol loop on stdin/stdout.
//! Subcommands: `perft`, `bench`, `match` (each a thin file over the crates).

mod perft_cmd;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        None => {
            println!(
                "Chimera {} by the Chimera developers",
                env!("CARGO_PKG_VERSION")
            );
            Ok(())
        }
        Some("perft") => perft_cmd::run(&args[1..]),
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
