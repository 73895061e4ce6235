//! The worked examples (rules §10) and rulings (§9) as tests.

use super::*;
use crate::perft::perft;

fn pos(fen: &str) -> DoubleEndedChess {
    DoubleEndedChess::from_fen(fen, &()).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn start_perft() {
    let p = DoubleEndedChess::start(&());
    let counts: Vec<u64> = (1..=4).map(|d| perft(&p, d)).collect();
    assert_eq!(counts, [20, 400, 8901, 197345]);
}
