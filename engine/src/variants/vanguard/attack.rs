//! Attack detection (spec §7.2), from the same descriptions that generate the moves.

use super::piece::Role;
use super::position::Vanguard;
use super::reach;
use crate::bitboard::{Bb256, Bitboard};
use crate::game::Player;
use crate::square::Square;

impl Vanguard {
    /// Whether any man of `by` attacks `sq` (§7.2): it would capture a man there if `by` were to
    /// move, its own royal safety ignored.
    pub fn attacked(&self, sq: Square, by: Player) -> bool {
        let own = self.men(by);
        let occ = self.occupied();
        for role in Role::ALL {
            let men = self.pieces(by, role);
            if men.is_empty() {
                continue;
            }
            if role.is_pawn_type() {
                // The whole role at once.
                let mut hits = Bb256::EMPTY;
                reach::pawn_steps::<false>(role, by, men, Bb256::EMPTY, occ, |_, t, _| hits |= t);
                if hits.has(sq) {
                    return true;
                }
            } else if reach::is_reversible(role) {
                // Seen from the target with the defender's colour: the same squares.
                let from_target =
                    reach::reach(role, by.other(), sq, self.men(by.other()), occ, false);
                if from_target.attacks().intersects(men) {
                    return true;
                }
            } else {
                for from in men.squares() {
                    let unmoved = self.unmoved.has(from);
                    if reach::reach(role, by, from, own, occ, unmoved)
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

    /// The men of `by` that could capture a man of the other colour on `sq` if the board held
    /// only the men in `occ` (exchange evaluation thins it): those that would then stand on `sq`,
    /// and those that capture from afar (Archer rifle, Bowman shot) and leave it empty.
    pub fn attackers_with(&self, sq: Square, by: Player, occ: Bb256) -> (Bb256, Bb256) {
        let own = self.men(by) & occ;
        let (mut near, mut remote) = (Bb256::EMPTY, Bb256::EMPTY);
        for role in Role::ALL {
            let men = self.pieces(by, role) & occ;
            if men.is_empty() {
                continue;
            }
            if role.is_pawn_type() {
                // The whole role at once; a step that reaches `sq` names the man it came from.
                reach::pawn_steps::<false>(role, by, men, Bb256::EMPTY, occ, |_, t, step| {
                    if t.has(sq) {
                        near.set(Square((sq.0 as i16 - step) as u8));
                    }
                });
            } else if reach::is_reversible(role) {
                let from_target = reach::reach(role, by.other(), sq, occ & !own, occ, false);
                near |= (from_target.attacks() & !from_target.rifle) & men;
                remote |= from_target.rifle & men;
            } else {
                for from in men.squares() {
                    let unmoved = self.unmoved.has(from);
                    let r = reach::reach(role, by, from, own, occ, unmoved);
                    if r.shots.has(sq) {
                        remote.set(from);
                    } else if r.attacks().has(sq) {
                        near.set(from);
                    }
                }
            }
        }
        // A man that can do both takes from afar: standing on the square only risks it.
        (near & !remote, remote)
    }
}
