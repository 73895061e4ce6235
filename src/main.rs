//! The `chimera` binary. No argument: the protocol loop on stdin/stdout.
//! Subcommands: `perft`, `bench`, `match` (each a thin file over the crates).

fn main() {
    println!(
        "Chimera {} by the Chimera developers",
        env!("CARGO_PKG_VERSION")
    );
}
