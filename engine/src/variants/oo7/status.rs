//! The end of a 007 game (§8, §9). The owner of a mated (or, under fast-and-deadly, captured)
//! king loses, whoever chose the ply that did it: that is how a player mates himself with an
//! enemy ply.

use super::position::Position;
use crate::game::{DrawReason, Outcome, WinReason};

impl Position {
    /// A captured king, a dead position, the 50-move rule (which yields to a mate).
    pub fn quick_outcome(&self) -> Option<Outcome> {
        if let Some(loser) = self.king_taken {
            return Some(Outcome::win(loser.other(), WinReason::RoyalCaptured));
        }
        // With one player moving both kings, no material is dead under fast-and-deadly.
        if !self.options.fast_and_deadly && self.board.is_insufficient_material() {
            return Some(Outcome::Draw(DrawReason::InsufficientMaterial));
        }
        if self.board.halfmove_clock() >= 100 {
            let mated = !self.options.fast_and_deadly
                && self.board.checkers().0 != 0
                && self.count_legal_plies() == 0;
            if !mated {
                return Some(Outcome::Draw(DrawReason::FiftyMoves));
            }
        }
        None
    }

    /// The outcome when the colour to move has no legal ply: checkmate if its king is attacked
    /// (its owner loses, even if he made the mating ply himself), else stalemate. Under
    /// fast-and-deadly there is no mate: having no ply is a stalemate.
    pub fn stuck_outcome(&self) -> Outcome {
        if let Some(loser) = self.king_taken {
            return Outcome::win(loser.other(), WinReason::RoyalCaptured);
        }
        let color = self.board.side_to_move();
        if !self.options.fast_and_deadly && self.board.checkers().0 != 0 {
            Outcome::win(color.other(), WinReason::Checkmate)
        } else {
            Outcome::Draw(DrawReason::Stalemate)
        }
    }
}
