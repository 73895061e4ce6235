//! What orthodox chess shows beyond its rules: checkers, the evaluation's terms, bench positions.

use super::eval::{breakdown, Term};
use super::Position;
use crate::describe::{squares_text, Describe, EvalRow};

impl Describe for Position {
    fn checkers_text(&self) -> String {
        squares_text(self.checkers())
    }

    fn eval_rows(&self) -> Vec<EvalRow> {
        EvalRow::tapered(Term::ALL.iter().map(|t| t.name()), &breakdown(self).terms)
    }

    fn eval_phase(&self) -> Option<(i32, i32)> {
        Some((breakdown(self).phase.min(24), 24))
    }

    fn bench_fens() -> &'static [&'static str] {
        &super::BENCH_FENS
    }

    fn bench_depth() -> u32 {
        10
    }

    /// PGN's name for the Chess960 rules, as python-chess and GUIs read it.
    fn pgn_name(name: &'static str, options: &Self::Options) -> &'static str {
        if options.chess960 {
            "Chess960"
        } else {
            name
        }
    }
}
