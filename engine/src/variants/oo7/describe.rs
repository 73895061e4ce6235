//! What 007 shows beyond its rules: checkers of the colour to move, bench positions, the board
//! with its turn phase, and each ply's effects (an enemy ply marked as such).

use super::Position;
use crate::board_view::{BoardView, PlyEffects};
use crate::describe::{squares_text, Describe};
use crate::variants::chess::describe::{chess_effects, chess_view};
use crate::variants::chess::Move;

impl Describe for Position {
    fn checkers_text(&self) -> String {
        squares_text(self.board().checkers())
    }

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
    use crate::game::{Game, Player};

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
}
