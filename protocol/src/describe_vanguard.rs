//! What the protocol shows of Vanguard Chess: the evaluation's terms, bench positions.

use crate::session::{Describe, EvalRow};
use chimera_engine::variants::vanguard::Vanguard;

impl Describe for Vanguard {
    /// The terms of the evaluation; it has no game phase, so middlegame and endgame agree.
    fn eval_rows(&self) -> Vec<EvalRow> {
        let b = self.breakdown();
        [
            ("material", b.material),
            ("placement", b.placement),
            ("royal safety", b.royal_safety),
        ]
        .into_iter()
        .map(|(term, [white, black])| EvalRow {
            term,
            white: [white, white],
            black: [black, black],
        })
        .collect()
    }

    fn bench_fens() -> &'static [&'static str] {
        &chimera_engine::variants::vanguard::BENCH_FENS
    }

    fn bench_depth() -> u32 {
        6
    }
}
