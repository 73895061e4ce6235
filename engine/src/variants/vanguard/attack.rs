//! Attack detection (spec §7.2), from the same descriptions that generate the moves.

use super::piece::Kind;
use super::position::Vanguard;
use super::reach;
use crate::bitboard::Bitboard;
use crate::game::Player;
use crate::square::Square;

impl Vanguard {
    /// Whether any man of `by` attacks `sq` (§7.2): it would capture a man there if `by` were to
    /// move, its own royal safety ignored.
    pub fn attacked(&self, sq: Square, by: Player) -> bool {
        let own = self.men(by);
        let occ = self.occupied();
        for kind in Kind::ALL {
            let men = self.pieces(kind, by);
            if men.is_empty() {
                continue;
            }
            if reach::is_reversible(kind) {
                // Seen from the target with the defender's colour: the same squares.
                let from_target =
                    reach::reach(kind, by.other(), sq, self.men(by.other()), occ, false);
                if from_target.attacks().intersects(men) {
                    return true;
                }
            } else {
                for from in men.squares() {
                    let unmoved = self.unmoved.has(from);
                    if reach::reach(kind, by, from, own, occ, unmoved)
                        .attacks()
                        .has(sq)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }
}
