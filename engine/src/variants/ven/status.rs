//! Game end at the start of a round (ven.md §6, R21, R22): checkmate, double mate, stalemate
//! (the rules perft counts), then the engine conventions: material and the clock.

use super::position::Ven;
use crate::game::{DrawReason, Outcome, Player, WinReason};

impl Ven {
    /// Mate, double mate or stalemate by §6 (chess moves only: vengeance orders do not save a
    /// player), or `None` while both players have a chess order.
    pub fn stuck_outcome(&self) -> Option<Outcome> {
        let white = self.count_chess(Player::White);
        let black = self.count_chess(Player::Black);
        let mated = [
            white.count == 0 && white.in_check,
            black.count == 0 && black.in_check,
        ];
        match mated {
            [true, true] => Some(Outcome::Draw(DrawReason::VariantRule("double mate"))),
            [true, false] => Some(Outcome::win(Player::Black, WinReason::Checkmate)),
            [false, true] => Some(Outcome::win(Player::White, WinReason::Checkmate)),
            _ if white.count == 0 || black.count == 0 => Some(Outcome::Draw(DrawReason::Stalemate)),
            _ => None,
        }
    }

    /// Whether the game is over by §6 (what perft counts as terminal).
    pub fn is_over(&self) -> bool {
        self.count_chess(Player::White).count == 0 || self.count_chess(Player::Black).count == 0
    }

    /// The outcome by the rules of the position alone: §6 first (a mate by the 100th order
    /// stands), then insufficient material (K v K, K+B v K, K+N v K) and the clock at 100.
    pub fn outcome(&self) -> Option<Outcome> {
        self.stuck_outcome().or_else(|| self.draw_by_rule())
    }

    /// The engine's draws whether or not the game is over by §6: insufficient material (K v K,
    /// K+B v K, K+N v K), then the clock at 100.
    pub(super) fn draw_by_rule(&self) -> Option<Outcome> {
        if self.is_insufficient_material() {
            return Some(Outcome::Draw(DrawReason::InsufficientMaterial));
        }
        (self.clock >= 100).then_some(Outcome::Draw(DrawReason::FiftyMoves))
    }
}
