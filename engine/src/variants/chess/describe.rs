//! What orthodox chess shows beyond its rules: checkers, the evaluation's terms, bench positions,
//! the board and each ply's effects, moves in SAN.

use super::eval::{breakdown, Term};
use super::{Move, MoveKind, Piece, Position};
use crate::board_view::{BoardView, Cell, How, Man, PlyEffects};
use crate::describe::{orthodox_piece_name, squares_text, Describe, DescribeBoard, EvalRow};
use crate::game::{Game, Player};
use crate::square::Board8;

/// A chess piece as a board draws it (also 007's and Ven's, which play on chess boards).
pub fn man(piece: Piece) -> Man {
    let letter = piece.role.char();
    Man::new(
        piece.color,
        letter,
        orthodox_piece_name(letter).unwrap_or("?"),
    )
}

/// The pieces of a chess board, with `colour` to move.
pub fn chess_view(board: &Position, colour: Player) -> BoardView {
    BoardView::from_squares::<Board8>(colour, |sq| board.piece_on(sq).map(man))
}

/// What chess move `mv` did on the chess board `before` (007's and Ven's too): the men gone
/// from `before` to `after`, taken on the destination or, en passant, beside it.
pub fn chess_effects(before: &BoardView, after: &BoardView, mv: Move) -> PlyEffects {
    let moved = (Cell::of::<Board8>(mv.from()), Cell::of::<Board8>(mv.to()));
    PlyEffects::between(before, after, Some(moved), |_, _| {
        if mv.kind() == MoveKind::EnPassant {
            How::EnPassant
        } else {
            How::Captured
        }
    })
}

impl DescribeBoard for Position {
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

    fn board_view(&self) -> BoardView {
        chess_view(self, self.to_move())
    }
}

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

    fn ply_effects(&self, mv: Move, after: &Self) -> PlyEffects {
        chess_effects(&self.board_view(), &after.board_view(), mv)
    }

    fn ply_notation(&self, mv: Move) -> String {
        super::san::san(self, mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameState;

    fn effects(fen: &str, uci: &str) -> PlyEffects {
        let pos = <Position as GameState>::from_fen(fen, &Default::default()).unwrap();
        let mv = pos.parse_move(uci).unwrap();
        pos.ply_effects(mv, &pos.play(mv))
    }

    #[test]
    fn the_board_shows_every_piece_by_colour_and_name() {
        let view = <Position as GameState>::start(&Default::default()).board_view();
        assert_eq!((view.files, view.ranks), (8, 8));
        assert_eq!(view.men().count(), 32);
        let e1 = view.men_at(Cell::new(4, 0));
        assert_eq!(e1, [Man::new(Player::White, 'K', "King")]);
        assert_eq!(view.men_at(Cell::new(3, 7))[0].fen_letter(), 'q');
        assert_eq!(view.king(Player::Black), Some(Cell::new(4, 7)));
    }

    #[test]
    fn a_capture_and_en_passant_say_what_they_took_and_where() {
        let e = effects("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5");
        assert_eq!(e.moved, Some((Cell::new(4, 3), Cell::new(3, 4))));
        assert_eq!(e.removed.len(), 1);
        assert_eq!(
            (e.removed[0].at, e.removed[0].how),
            (Cell::new(3, 4), How::Captured)
        );
        assert_eq!(e.removed[0].man, Man::new(Player::Black, 'P', "Pawn"));
        let e = effects("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6");
        assert_eq!(
            (e.removed[0].at, e.removed[0].how),
            (Cell::new(3, 4), How::EnPassant)
        );
        assert!(effects("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1e2")
            .removed
            .is_empty());
    }
}
