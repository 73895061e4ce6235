//! What 007 shows beyond its rules: checkers of the colour to move, bench positions, the board
//! with its turn phase, and each ply's effects (an enemy ply marked as such).

use super::Position;
use crate::board_view::{BoardView, PlyEffects};
use crate::describe::{squares_text, Describe, DescribeBoard};
use crate::game::{Game, Outcome};
use crate::variants::chess::describe::{chess_effects, chess_view};
use crate::variants::chess::san::san_body;
use crate::variants::chess::Move;

impl DescribeBoard for Position {
    fn bench_fens() -> &'static [&'static str] {
        &super::BENCH_FENS
    }

    fn bench_depth() -> u32 {
        10
    }

    /// The chess board with the colour the next ply moves, and the turn's phase in words.
    fn board_view(&self) -> BoardView {
        let mut view = chess_view(self.board(), self.color());
        let turn = self.turn();
        let ply = if self.is_friendly_ply() {
            "own"
        } else {
            "enemy"
        };
        view.notes.push(format!(
            "{} decides ply {} of {} ({ply} ply: moves a {} piece)",
            turn.controller,
            turn.k,
            turn.n,
            self.color()
        ));
        view
    }
}

impl Describe for Position {
    fn checkers_text(&self) -> String {
        squares_text(self.board().checkers())
    }

    /// SAN, as the spec's example games write plies: `+` when the ply leaves the king of the
    /// other colour than the man moved attacked, `#` when it wins the game.
    fn ply_notation(&self, mv: Move) -> String {
        let mut moves = super::MoveList::new();
        self.legal_moves(&mut moves);
        let mut s = san_body(self.board(), mv, moves.iter().copied());
        let after = self.play(mv);
        let (mover, board) = (self.color(), after.board());
        if matches!(after.outcome(), Some(Outcome::Win { .. })) {
            s.push('#');
        } else if board.is_attacked(board.king(mover.other()), mover) {
            s.push('+');
        }
        s
    }

    fn ply_effects(&self, mv: Move, after: &Self) -> PlyEffects {
        PlyEffects {
            enemy: !self.is_friendly_ply(),
            ..chess_effects(&self.board_view(), &after.board_view(), mv)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_view::{Cell, How};
    use crate::game::Player;

    #[test]
    fn a_standard_turn_marks_its_enemy_ply_and_what_it_took() {
        // A standard turn: White moves its own pawn, then a black pawn, then takes with its own.
        let mut pos = Position::start(&Default::default());
        let mut enemies = Vec::new();
        let mut last = None;
        for uci in ["e2e4", "d7d5", "e4d5"] {
            assert_eq!(pos.to_move(), Player::White);
            let mv = pos.parse_move(uci).unwrap();
            let after = pos.play(mv);
            let e = pos.ply_effects(mv, &after);
            enemies.push(e.enemy);
            last = Some(e);
            pos = after;
        }
        assert_eq!(enemies, [false, true, false]);
        let e = last.unwrap();
        assert_eq!(e.removed.len(), 1);
        assert_eq!(
            (e.removed[0].at, e.removed[0].how),
            (Cell::new(3, 4), How::Captured)
        );
        assert_eq!(e.removed[0].man.colour, Player::Black);
        let view = pos.board_view();
        assert_eq!(view.colour, Player::Black);
        assert_eq!(view.notes.len(), 1);
        assert!(
            view.notes[0].starts_with("black decides ply 1 of"),
            "{:?}",
            view.notes
        );
    }

    #[test]
    fn plies_are_written_in_san_as_the_spec_writes_them() {
        // The spec's §13 game (Balanced, Detente): f3 | h6 e4 | e5 g4 Qh4+ | Ke2.
        let options = super::super::Options {
            schedule: super::super::Schedule::Balanced,
            detente: true,
            ..Default::default()
        };
        let mut pos = Position::start(&options);
        let mut sans = Vec::new();
        for uci in ["f2f3", "h7h6", "e2e4", "e7e5", "g2g4", "d8h4", "e1e2"] {
            let mv = pos.parse_move(uci).unwrap();
            sans.push(pos.ply_notation(mv));
            pos = pos.play(mv);
        }
        assert_eq!(sans, ["f3", "h6", "e4", "e5", "g4", "Qh4+", "Ke2"]);
    }
}
