//! Attack detection (spec §7.2), from the same descriptions that generate the moves.

use super::moves::{Move, MoveKind};
use super::piece::Role;
use super::position::Vanguard;
use super::reach;
use crate::attacks::board16::{ball, queen_attacks};
use crate::bitboard::{Bb256, Bitboard};
use crate::game::Player;
use crate::square::Square;

impl Vanguard {
    /// Whether `mv` (legal) may leave the enemy in check: `false` only where it surely does not,
    /// so that the search may judge a quiet move for pruning without making it. An enemy with
    /// a royal besides his King is never in check, and only a capture can change that. A quiet
    /// man's move checks a sole King either from its new square, or by leaving a square from
    /// which a man of ours was blocked: every blockable attack runs along the King's queen or
    /// knight lines, or through the lame legs of Bowmen, Wizards and Berserkers near him, all
    /// within four squares of him (`exposure_squares`, movegen.rs); the rest are leaps. Other
    /// kinds of move are made and tested.
    pub(super) fn may_give_check(&self, mv: Move) -> bool {
        let (us, them) = (self.side, self.side.other());
        let quiet = mv.kind == MoveKind::Normal && !self.occupied().has(mv.to);
        if !quiet {
            return true;
        }
        if !self.has_sole_king(them) {
            return false;
        }
        let Some(king) = self.king(them) else {
            return false;
        };
        let blockable = queen_attacks(king, Bb256::EMPTY)
            | reach::nightrider(king, Bb256::EMPTY)
            | ball(king, 4);
        if blockable.has(mv.from) {
            return true;
        }
        let Some(role) = self.piece_at(mv.from).map(|p| p.role()) else {
            return true;
        };
        let moved = Bb256::from_square(mv.from) | Bb256::from_square(mv.to);
        let (own, occ) = (self.men(us) ^ moved, self.occupied() ^ moved);
        if role.is_pawn_type() {
            let mut hits = Bb256::EMPTY;
            let man = Bb256::from_square(mv.to);
            reach::pawn_steps::<false>(role, us, man, Bb256::EMPTY, occ, |_, t, _| hits |= t);
            hits.has(king)
        } else {
            reach::reach(role, us, mv.to, own, occ, false)
                .attacks()
                .has(king)
        }
    }

    /// Whether any man of `by` attacks `sq` (§7.2): it would capture a man there if `by` were to
    /// move, its own royal safety ignored.
    pub fn attacked(&self, sq: Square, by: Player) -> bool {
        let own = self.men(by);
        let occ = self.occupied();
        for role in Role::ALL {
            let men = self.pieces(by, role) & reach::capture_bound(role, sq);
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
            let men = self.pieces(by, role) & occ & reach::capture_bound(role, sq);
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
