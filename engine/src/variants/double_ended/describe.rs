//! What Double-Ended Chess shows beyond its rules: the evaluation's terms, bench positions
//! from engine games (openings, middlegames full of contact, endgames), the board, and each
//! ply's captures by approach and withdrawal (the move carries their squares).

use super::{DoubleEnded, Move, Term, MAX_PHASE};
use crate::board_view::{BoardView, Cell, How, Man, PlyEffects};
use crate::describe::{orthodox_piece_name, Describe, DescribeBoard, EvalRow};
use crate::game::Game;
use crate::square::Board8;

impl<const DEEP: bool> DescribeBoard for DoubleEnded<DEEP> {
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

    fn board_view(&self) -> BoardView {
        BoardView::from_squares::<Board8>(self.to_move(), |sq| {
            self.piece_at(sq).map(|p| {
                let letter = p.role.letter();
                Man::new(p.color, letter, Self::piece_name(letter).unwrap_or("?"))
            })
        })
    }
}

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

    fn ply_effects(&self, mv: Move, after: &Self) -> PlyEffects {
        let cell = Cell::of::<Board8>;
        let approached = mv.approach_victim().map(cell);
        let moved = (cell(mv.from()), cell(mv.to()));
        PlyEffects::between(
            &self.board_view(),
            &after.board_view(),
            Some(moved),
            |at, _| {
                if Some(at) == approached {
                    How::Approach
                } else {
                    How::Withdrawal
                }
            },
        )
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

    fn removed(fen: &str, uci: &str, deep: bool) -> Vec<(String, How)> {
        fn run<G: Describe>(fen: &str, uci: &str) -> Vec<(String, How)> {
            let pos = G::from_fen(fen, &Default::default()).unwrap();
            let mv = pos.parse_move(uci).unwrap();
            let e = pos.ply_effects(mv, &pos.play(mv));
            e.removed
                .iter()
                .map(|r| (r.at.to_string(), r.how))
                .collect()
        }
        if deep {
            run::<DeepDoubleEndedChess>(fen, uci)
        } else {
            run::<DoubleEndedChess>(fen, uci)
        }
    }

    #[test]
    fn captures_say_approach_or_withdrawal() {
        // The rook a3 withdraws from the knight a2; another approaches the knight a4.
        let fen = "4k3/8/8/8/8/R7/n7/4K3 w - - 0 1";
        assert_eq!(
            removed(fen, "a3a5", false),
            [("a2".into(), How::Withdrawal)]
        );
        let fen = "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1";
        assert_eq!(removed(fen, "a1a3", false), [("a4".into(), How::Approach)]);
        // A Deep Knight d4-e6 takes c2 by withdrawal and f8 by approach (rules §4.3's example).
        let fen = "5r2/8/8/8/3N4/8/2n5/K6k w - - 0 1";
        assert_eq!(
            removed(fen, "d4e6", true),
            [("c2".into(), How::Withdrawal), ("f8".into(), How::Approach)]
        );
        let view = DoubleEndedChess::from_fen(fen).unwrap().board_view();
        assert_eq!(view.men_at(Cell::new(3, 3))[0].name, "Knight");
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
            assert_eq!(
                white_view,
                p.evaluate_for_mover() * p.to_move().sign(),
                "{fen}"
            );
        }
    }
}
