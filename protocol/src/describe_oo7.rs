//! What the protocol shows of 007: checkers of the colour to move, bench positions.

use crate::session::Describe;
use chimera_engine::variants::oo7::Position;
use chimera_engine::{Bitboard, Board8};

impl Describe for Position {
    fn checkers_text(&self) -> String {
        let squares: Vec<String> = self
            .board()
            .checkers()
            .squares()
            .map(|s| s.display::<Board8>().to_string())
            .collect();
        if squares.is_empty() {
            "-".into()
        } else {
            squares.join(" ")
        }
    }

    fn bench_fens() -> &'static [&'static str] {
        &BENCH
    }

    fn bench_depth() -> u32 {
        10
    }
}

/// Standard-schedule positions at every ply of a turn, openings to endgames (the FENs carry
/// their turn state, so they are read under the standard and Balanced schedules).
const BENCH: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 w1/3",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 w3/3",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 b2/3",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 w1/3",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1 w2/3",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10 b2/3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11 w1/3",
    "6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 1 b3/3",
];
