//! Static evaluation: material, plus pressure on pieces that an enemy move would capture now
//! (in this game mostly pieces standing next to an enemy that can withdraw from them). See
//! docs/variants/double-ended.md for the reasoning behind the weights.

use super::piece::Kind;
use super::position::DoubleEnded;
use crate::bitboard::Bitboard;
use crate::game::Player;

/// The share of a target's value counted as pressure, for either side: 1/8.
const PRESSURE_SHIFT: u32 = 3;
/// The player to move can cash its best target at once: a further 1/4 of its value.
const INITIATIVE_SHIFT: u32 = 2;

impl<const DEEP: bool> DoubleEnded<DEEP> {
    fn material(&self, player: Player) -> i32 {
        Kind::ALL
            .iter()
            .map(|k| self.board.pieces(player, *k).count() as i32 * k.value())
            .sum()
    }

    /// The values of `victim`'s pieces (kings aside) that `attacker` could capture now: their
    /// sum and the largest.
    fn targets(&self, victim: Player, attacker: Player) -> (i32, i32) {
        let (mut sum, mut best) = (0, 0);
        let pieces = self.board.colors[victim.index()] & !self.board.kinds[Kind::King.index()];
        for sq in pieces.squares() {
            if self.board.attacked::<DEEP>(sq.0, attacker) {
                let v = self.board.piece_at(sq.0).map_or(0, |p| p.kind.value());
                sum += v;
                best = best.max(v);
            }
        }
        (sum, best)
    }

    /// Centipawns from the point of view of the player to move.
    pub(super) fn static_eval(&self) -> i32 {
        let us = self.side;
        let them = us.other();
        let (their_targets, best_target) = self.targets(them, us);
        let (our_targets, _) = self.targets(us, them);
        self.material(us) - self.material(them) + (their_targets >> PRESSURE_SHIFT)
            - (our_targets >> PRESSURE_SHIFT)
            + (best_target >> INITIATIVE_SHIFT)
    }
}
