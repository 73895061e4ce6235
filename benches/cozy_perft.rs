//! Perft with cozy-chess, the fastest Rust move generator we know of, as the peer that
//! `scripts/perft-compare` times beside `chimera perft` (issue #2). Built from the same sources
//! with the same flags as Chimera, so the comparison is like for like; it counts the way
//! cozy-chess's own perft does (the last ply by the size of each piece's move set, no move
//! made).
//!
//! Run: `cargo run --release --example cozy-perft -- DEPTH [FEN]`. Prints `Nodes searched: N`
//! on stdout and `time S s, R nodes/s` on stderr, as `chimera perft` does.

use cozy_chess::Board;
use std::time::Instant;

fn perft(board: &Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += perft(&child, depth - 1);
        }
        false
    });
    nodes
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: cozy-perft DEPTH [FEN]";
    let Some(depth) = args
        .first()
        .and_then(|d| d.parse::<u32>().ok())
        .filter(|&d| d > 0)
    else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let board = match args.get(1) {
        Some(fen) => match Board::from_fen(fen, false) {
            Ok(board) => board,
            Err(e) => {
                eprintln!("cozy-perft: bad FEN '{fen}': {e:?}");
                std::process::exit(2);
            }
        },
        None => Board::default(),
    };
    let start = Instant::now();
    let nodes = perft(&board, depth);
    let secs = start.elapsed().as_secs_f64();
    println!("Nodes searched: {nodes}");
    eprintln!("time {secs:.3} s, {:.0} nodes/s", nodes as f64 / secs);
}
