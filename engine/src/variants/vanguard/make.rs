//! Making a move (spec §10): captures, the move itself, promotion, initial rights, succession,
//! clocks. Copy-make: the position before the move is left untouched.

use super::moves::{Move, MoveKind};
use super::piece::{Piece, Role};
use super::position::Vanguard;
use super::zobrist;
use crate::attacks::board16::rook_attacks;
use crate::bitboard::{Bb256, Bitboard};
use crate::game::Player;
use crate::square::Square;

/// The maximum halfmove clock that matters (§8.1: the draw comes at 200 plies).
const CLOCK_CAP: u32 = u32::MAX - 1;

impl Vanguard {
    /// The position after the pseudo-legal move `mv`.
    pub fn make(&self, mv: Move) -> Vanguard {
        let mut p = self.clone();
        let us = self.side;
        let them = us.other();
        let (from, to) = (mv.from, mv.to);
        // Squares whose initial-move right goes: origin, destination and everything captured.
        let mut touched = Bb256::from_square(from) | Bb256::from_square(to);
        let mut lost = 0u32; // bit set of the roles captured
        let mut irreversible = false;
        match mv.kind {
            MoveKind::Normal | MoveKind::Promotion | MoveKind::Shot => {
                if let Some(victim) = p.remove(to) {
                    lost |= 1 << victim.role() as u32;
                }
                let mover = p.remove(from).expect("a man on the origin");
                let role = mover.role();
                if role.is_pawn_type() && ahead(us, from, to) {
                    irreversible = true;
                }
                let role = if mv.kind == MoveKind::Promotion {
                    role.promoted()
                } else {
                    role
                };
                p.put(to, Piece::new(us, role));
                if mv.kind == MoveKind::Shot {
                    touched.set(mv.shot);
                    if let Some(victim) = p.remove(mv.shot) {
                        lost |= 1 << victim.role() as u32;
                    }
                }
            }
            MoveKind::Sweep => {
                let mut path = between(from, to) | Bb256::from_square(to);
                path &= self.men(them);
                touched |= path;
                while let Some(sq) = path.pop_lowest() {
                    if let Some(victim) = p.remove(sq) {
                        lost |= 1 << victim.role() as u32;
                    }
                }
                let mover = p.remove(from).expect("a man on the origin");
                p.put(to, mover);
            }
            MoveKind::Rifle => {
                if let Some(victim) = p.remove(to) {
                    lost |= 1 << victim.role() as u32;
                }
            }
            MoveKind::Swap | MoveKind::SwapPromotion => {
                let wizard = p.remove(from).expect("a man on the origin");
                let displaced = p.remove(to).expect("a friendly man on the target");
                p.put(to, wizard);
                if mv.kind == MoveKind::SwapPromotion {
                    p.put(from, Piece::new(us, displaced.role().promoted()));
                    irreversible = true;
                } else {
                    p.put(from, displaced);
                }
            }
        }
        if mv.kind == MoveKind::Promotion {
            irreversible = true;
        }
        p.clear_unmoved(touched);
        if lost != 0 {
            irreversible = true;
            p.succeed(them, lost);
        }
        p.halfmove = if irreversible {
            0
        } else {
            (p.halfmove + 1).min(CLOCK_CAP)
        };
        if us == Player::Black {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p.side = them;
        p.key ^= zobrist::BLACK_TO_MOVE;
        p
    }

    /// The position after the side to move passes: a turn that no rule allows, for null-move
    /// pruning. The clock counts it as a reversible ply.
    pub fn make_null(&self) -> Vanguard {
        let mut p = self.clone();
        p.halfmove = (p.halfmove + 1).min(CLOCK_CAP);
        if p.side == Player::Black {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p.side = p.side.other();
        p.key ^= zobrist::BLACK_TO_MOVE;
        p
    }

    /// Succession (§7.4) for `color`, which has just lost the men whose roles are the bits of
    /// `lost`: the Prince becomes King when the King fell, the Princess becomes Queen when the
    /// Queen fell and no other Queen is left (an edited FEN may have two: then the Princess on the
    /// lowest square succeeds, see docs/variants/vanguard.md).
    fn succeed(&mut self, color: Player, lost: u32) {
        let heirs = [(Role::King, Role::Prince), (Role::Queen, Role::Princess)];
        for (ruler, heir) in heirs {
            if lost & 1 << ruler as u32 == 0 || self.pieces(color, ruler).any() {
                continue;
            }
            if let Some(sq) = self.pieces(color, heir).lowest() {
                self.remove(sq);
                self.put(sq, Piece::new(color, ruler));
            }
        }
    }
}

/// Whether `to` is nearer `color`'s far rank than `from`.
#[inline(always)]
fn ahead(color: Player, from: Square, to: Square) -> bool {
    let (fr, tr) = (from.0 >> 4, to.0 >> 4);
    match color {
        Player::White => tr > fr,
        Player::Black => tr < fr,
    }
}

/// The squares strictly between two squares of one rank or file.
#[inline(always)]
pub(super) fn between(a: Square, b: Square) -> Bb256 {
    rook_attacks(a, Bb256::from_square(b)) & rook_attacks(b, Bb256::from_square(a))
}
