//! What the protocol shows of Double-Ended Chess: the evaluation's terms, and bench positions
//! from real play (openings, a middlegame full of contact, endgames).

use crate::session::{Describe, EvalRow};
use chimera_engine::variants::double_ended::{DoubleEnded, Term, MAX_PHASE};

impl<const DEEP: bool> Describe for DoubleEnded<DEEP> {
    fn eval_rows(&self) -> Vec<EvalRow> {
        let b = self.eval_breakdown();
        Term::ALL
            .iter()
            .map(|t| {
                let [white, black] = b.terms[*t as usize];
                EvalRow {
                    term: t.name(),
                    white: [white.0, white.1],
                    black: [black.0, black.1],
                }
            })
            .collect()
    }

    fn eval_phase(&self) -> Option<(i32, i32)> {
        Some((self.eval_breakdown().phase, MAX_PHASE))
    }

    fn bench_fens() -> &'static [&'static str] {
        if DEEP {
            &BENCH_DEEP
        } else {
            &BENCH
        }
    }
}

const BENCH: [&str; 4] = [
    "rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR w KQkq - 0 1",
    "rmbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RMBQKBNR w KQkq - 0 2",
    "r1bqkb1r/pppppppp/2m2n2/8/3PP3/2M2N2/PPP2PPP/R1BQKB1R w KQkq - 2 3",
    "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
];

const BENCH_DEEP: [&str; 2] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppppppp/2n2n2/8/3PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 2 3",
];
