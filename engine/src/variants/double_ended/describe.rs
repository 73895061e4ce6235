//! What Double-Ended Chess shows beyond its rules: the evaluation's terms, and bench positions
//! from engine games (openings, middlegames full of contact, endgames).

use super::{DoubleEnded, Term, MAX_PHASE};
use crate::describe::{orthodox_piece_name, Describe, EvalRow};

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
            &super::BENCH_FENS_DEEP
        } else {
            &super::BENCH_FENS
        }
    }

    fn piece_name(letter: char) -> Option<&'static str> {
        match letter.to_ascii_uppercase() {
            'M' => Some("Mirror Knight"),
            _ => orthodox_piece_name(letter),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::double_ended::{DeepDoubleEndedChess, DoubleEndedChess};
    use crate::Game;

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
        for fen in crate::variants::double_ended::BENCH_FENS {
            let p = DoubleEndedChess::from_fen(fen).unwrap();
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
