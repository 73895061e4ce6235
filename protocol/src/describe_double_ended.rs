//! What the protocol shows of Double-Ended Chess: the evaluation's terms, and bench positions
//! from engine games (openings, middlegames full of contact, endgames).

use crate::session::{Describe, EvalRow};
use chimera_engine::variants::double_ended::{DoubleEnded, Term, MAX_PHASE};

impl<const DEEP: bool> Describe for DoubleEnded<DEEP> {
    fn eval_rows(&self) -> Vec<EvalRow> {
        EvalRow::tapered(
            Term::ALL.iter().map(|t| t.name()),
            &self.eval_breakdown().terms,
        )
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

/// The start, then positions from engine games (6 random plies, then depth-5 play), openings to
/// endgames, roughly level.
const BENCH: [&str; 9] = [
    "rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR w KQkq - 0 1",
    "rm2kb1r/pbp1qpp1/5p2/1p6/3P4/2P2P2/P5PP/RMBQKB1R w KQkq - 1 9",
    "r3kbnr/1pqmp1pp/p1ppbp2/8/8/1P2P1PP/PBPPQPBR/RM2K1N1 w Qkq - 6 9",
    "rm1k2r1/5p1p/8/p1bn2N1/8/2M5/3R1PPP/2B1K1R1 w - - 5 19",
    "2b1k3/2pmb2p/4p3/r4n2/1p2P3/7N/1BP3PP/1M2KB1R w K - 0 19",
    "1m1q1rk1/1p2b3/8/2p2b2/2PP3P/2MQ2P1/1P3KpR/5BN1 w - - 0 19",
    "4r3/5k1p/2m2p2/p2n4/6P1/8/5P1P/2R2KR1 w - - 8 29",
    "5r2/4k1p1/8/3Bp3/6b1/1M6/1KP5/3R4 w - - 1 29",
    "8/8/8/p2k3p/3r4/6P1/6K1/3R4 w - - 8 39",
];

/// The same for `double-ended-deep`.
const BENCH_DEEP: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqk1nr/p2pp3/1pp3p1/8/7p/4P3/P1PP3P/RN1QKBNR w KQkq - 0 9",
    "2b1kr2/1p6/4p1pp/2p1bn2/5P2/5P2/1P4P1/2B1KBR1 w - - 0 19",
    "1n4k1/5R2/1pBp3r/5b2/8/1P6/2P5/K7 w - - 0 29",
];

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_engine::variants::double_ended::{DeepDoubleEndedChess, DoubleEndedChess};
    use chimera_engine::Game;

    fn check_bench<G: Describe>() {
        for fen in G::bench_fens() {
            let p = G::from_fen(fen, &Default::default()).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(
                p.fen(),
                *fen,
                "bench FENs are written as the engine writes them"
            );
            assert!(p.outcome().is_none(), "{fen}: a game still to play");
        }
    }

    #[test]
    fn bench_positions_are_games_in_progress() {
        check_bench::<DoubleEndedChess>();
        check_bench::<DeepDoubleEndedChess>();
    }

    #[test]
    fn eval_rows_add_up_to_the_evaluation() {
        for fen in BENCH {
            let p = DoubleEndedChess::from_fen(fen, &()).unwrap();
            let rows = p.eval_rows();
            assert_eq!(rows.len(), Term::ALL.len());
            let (phase, full) = p.eval_phase().unwrap();
            let (mg, eg) = rows.iter().fold((0, 0), |(mg, eg), r| {
                (mg + r.white[0] - r.black[0], eg + r.white[1] - r.black[1])
            });
            let white_view = (mg * phase + eg * (full - phase)) / full;
            assert_eq!(white_view, p.evaluate() * p.to_move().sign(), "{fen}");
        }
    }
}
