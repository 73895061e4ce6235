//! Material evaluation. Values come from mobility on the empty 16x16 board (see
//! docs/variants/vanguard.md for the table and how it was derived).

use super::piece::Kind;
use super::position::Vanguard;
use crate::bitboard::Bitboard;

/// A royal (King or Prince). A side with both may lose one and play on, so the second royal is
/// worth more than a Queen; losing the last ends the game, which search scores, not material.
pub const ROYAL_VALUE: i32 = 2000;

/// Centipawns per kind, in [`Kind::ALL`] order: `100 + 25 * m` rounded to 5, where `m` is the
/// mean empty-board mobility (the average of move and capture squares, over all 256 squares);
/// the pawn-types are fixed anchors. The test `material_values_follow_from_empty_board_mobility`
/// recomputes the table.
pub const VALUES: [i32; Kind::COUNT] = [
    ROYAL_VALUE, // King
    ROYAL_VALUE, // Prince
    1335,        // Queen
    750,         // Princess
    850,         // Rook
    585,         // Bishop
    510,         // Knight (Teutonic)
    1015,        // Chancellor
    670,         // Nightrider
    445,         // Spy
    570,         // Falconer
    935,         // General
    415,         // Archer
    565,         // Bowman
    550,         // Lancer
    610,         // Berserker
    505,         // Wizard
    850,         // Helepolis
    100,         // Pawn
    125,         // Soldier
    175,         // Sergeant
];

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
