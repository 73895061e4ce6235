//! What the protocol shows of Lene Hau Chess: bench positions, the PGN name.

use crate::session::Describe;
use chimera_engine::variants::lene_hau::LeneHau;

impl Describe for LeneHau {
    fn bench_fens() -> &'static [&'static str] {
        &BENCH
    }

    fn pgn_name(_: &'static str) -> &'static str {
        "Lene Hau"
    }
}

/// The start and positions with travellers, stacks and castling under way.
const BENCH: [&str; 1] = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -"];
