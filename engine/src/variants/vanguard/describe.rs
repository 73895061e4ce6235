//! What Vanguard Chess shows beyond its rules: the evaluation's terms, bench positions, the
//! names of its 21 men.

use super::piece::Role;
use super::Vanguard;
use crate::describe::{Describe, EvalRow};

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
        &super::BENCH_FENS
    }

    fn bench_depth() -> u32 {
        6
    }

    fn piece_name(letter: char) -> Option<&'static str> {
        Role::from_letter(letter).map(Role::name)
    }
}
