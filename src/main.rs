//! The `chimera` binary. No argument: the protocol loop on stdin/stdout.
//! Subcommands: `bench [depth]` (and `perft`, `match`: each a thin file over the crates).

use std::io::Cursor;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => chimera_protocol::run(std::io::stdin().lock(), std::io::stdout()),
        // The protocol's own `bench`, from the command line.
        Some("bench") => {
            let command = format!("bench {}\nquit\n", args[1..].join(" "));
            chimera_protocol::run(Cursor::new(command), std::io::stdout())
        }
        Some(other) => {
            eprintln!("chimera: unknown subcommand '{other}' (try: no argument, or bench [depth])");
            std::process::exit(2);
        }
    }
}
