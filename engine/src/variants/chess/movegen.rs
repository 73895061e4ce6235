//! Legal move generation, with no make-and-test: the king steps only to squares no enemy piece
//! attacks (the king itself removed from the blockers, so sliders see through it); in check
//! the others may only capture the checker or block; pinned pieces stay on their pin line; en
//! passant, the one move that can uncover a king sideways, is checked on the board it leaves.

use super::moves::{Move, MoveKind, MoveList};
use super::position::{bb, castling_rook, Position};
use super::types::{CastlingRights, Role};
use crate::attacks::board8 as attacks;
use crate::bitboard::{Bb64, Bitboard};
use crate::game::Player;
use crate::square::Square;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const RANK_1: u64 = 0xff;
const RANK_3: u64 = RANK_1 << 16;
const RANK_6: u64 = RANK_1 << 40;
const RANK_8: u64 = RANK_1 << 56;

#[inline(always)]
fn shift(b: u64, by: i8) -> u64 {
    if by > 0 {
        b << by
    } else {
        b >> -by
    }
}

/// The move code of a plain move to `to`: capture when an enemy piece stands there.
#[inline(always)]
fn capture_code(theirs: Bb64, to: Square) -> u16 {
    ((theirs.0 >> to.0) as u16 & 1) * Move::CAPTURE_BIT
}

#[inline(always)]
fn push(out: &mut MoveList, mv: Move) {
    out.push(mv);
}

/// One move from `from` to each target.
#[inline(always)]
fn push_targets(out: &mut MoveList, from: Square, targets: Bb64, theirs: Bb64) {
    for to in targets.squares() {
        push(out, Move::from_parts(from, to, capture_code(theirs, to)));
    }
}

/// Pawn moves landing on `targets`, each `delta` squares ahead of its pawn.
#[inline(always)]
fn push_pawn_moves(out: &mut MoveList, targets: u64, delta: i8, code: u16) {
    for to in Bb64(targets).squares() {
        let from = Square(to.0.wrapping_sub(delta as u8));
        push(out, Move::from_parts(from, to, code));
    }
}

#[inline(always)]
fn push_promotions(out: &mut MoveList, targets: u64, delta: i8, capture: bool) {
    for to in Bb64(targets).squares() {
        let from = Square(to.0.wrapping_sub(delta as u8));
        for role in Role::PROMOTIONS {
            push(out, Move::promotion(from, to, role, capture));
        }
    }
}

impl Position {
    /// Appends every legal move of the side to move to `out`.
    pub fn legal_moves(&self, out: &mut MoveList) {
        let us = self.side;
        let them = us.other();
        let ours = self.players[us.index()];
        let theirs = self.players[them.index()];
        let occ = ours | theirs;
        let king = self.king(us);

        let king_blockers = occ ^ bb(king);
        for to in (attacks::king_attacks(king) & !ours).squares() {
            if self.attackers(to, them, king_blockers).is_empty() {
                push(out, Move::from_parts(king, to, capture_code(theirs, to)));
            }
        }
        let checkers = self.checkers;
        if checkers.several() {
            return;
        }
        // Where a non-king piece may go: anywhere not ours, or, in check, onto the checker or
        // between it and the king.
        let target = match checkers.lowest() {
            Some(checker) => attacks::between(king, checker) | checkers,
            None => !ours,
        };
        let pinned = self.pinned();

        for from in (self.pieces(us, Role::Knight) & !pinned).squares() {
            push_targets(out, from, attacks::knight_attacks(from) & target, theirs);
        }
        let queens = self.pieces(us, Role::Queen);
        let diagonal = self.pieces(us, Role::Bishop) | queens;
        let orthogonal = self.pieces(us, Role::Rook) | queens;
        for from in (diagonal & !pinned).squares() {
            push_targets(
                out,
                from,
                attacks::bishop_attacks(from, occ) & target,
                theirs,
            );
        }
        for from in (orthogonal & !pinned).squares() {
            push_targets(out, from, attacks::rook_attacks(from, occ) & target, theirs);
        }
        let pawns = self.pieces(us, Role::Pawn);
        self.pawn_moves(out, pawns & !pinned, target);

        // A pinned piece cannot answer a check: it may only move along its pin line, which
        // meets the check line at the king alone.
        if checkers.is_empty() {
            for from in (diagonal & pinned).squares() {
                let along = target & attacks::line(king, from);
                push_targets(
                    out,
                    from,
                    attacks::bishop_attacks(from, occ) & along,
                    theirs,
                );
            }
            for from in (orthogonal & pinned).squares() {
                let along = target & attacks::line(king, from);
                push_targets(out, from, attacks::rook_attacks(from, occ) & along, theirs);
            }
            for from in (pawns & pinned).squares() {
                self.pawn_moves(out, bb(from), target & attacks::line(king, from));
            }
            self.castling_moves(out, king);
        }

        if let Some(ep) = self.en_passant {
            for from in (attacks::pawn_attacks(them, ep) & pawns).squares() {
                if self.en_passant_is_legal(from, ep) {
                    push(out, Move::new(from, ep, MoveKind::EnPassant));
                }
            }
        }
    }

    /// Pushes, double pushes, captures and promotions of `pawns` that land on `target`
    /// (en passant is separate).
    #[inline(always)]
    fn pawn_moves(&self, out: &mut MoveList, pawns: Bb64, target: Bb64) {
        let us = self.side;
        let theirs = self.players[us.other().index()].0;
        let empty = !self.occupied().0;
        let (up, left, right, double_rank, last_rank) = match us {
            Player::White => (8i8, 7i8, 9i8, RANK_3, RANK_8),
            Player::Black => (-8, -9, -7, RANK_6, RANK_1),
        };
        let pawns = pawns.0;
        let target = target.0;
        let single_all = shift(pawns, up) & empty;
        let single = single_all & target;
        let double = shift(single_all & double_rank, up) & empty & target;
        let take_left = shift(pawns & !FILE_A, left) & theirs & target;
        let take_right = shift(pawns & !FILE_H, right) & theirs & target;

        push_pawn_moves(out, single & !last_rank, up, MoveKind::Quiet as u16);
        push_pawn_moves(out, double, 2 * up, MoveKind::DoublePush as u16);
        push_pawn_moves(out, take_left & !last_rank, left, MoveKind::Capture as u16);
        push_pawn_moves(
            out,
            take_right & !last_rank,
            right,
            MoveKind::Capture as u16,
        );
        if (single | take_left | take_right) & last_rank != 0 {
            push_promotions(out, single & last_rank, up, false);
            push_promotions(out, take_left & last_rank, left, true);
            push_promotions(out, take_right & last_rank, right, true);
        }
    }

    /// Castling, when not in check: the right, empty squares between king and rook, and no
    /// attack on the squares the king crosses or lands on.
    fn castling_moves(&self, out: &mut MoveList, king: Square) {
        let us = self.side;
        let (king_side, queen_side) = self.castling.of(us);
        if !(king_side || queen_side) {
            return;
        }
        let occ = self.occupied();
        for (allowed, is_king_side) in [(king_side, true), (queen_side, false)] {
            if !allowed {
                continue;
            }
            let (rook, _) = castling_rook(us, is_king_side);
            let king_to = Square(if is_king_side { king.0 + 2 } else { king.0 - 2 });
            let crossed = Square((king.0 + king_to.0) / 2);
            debug_assert!(self.castling.has(CastlingRights::bit(us, is_king_side)));
            if (attacks::between(king, rook) & occ).any()
                || self.is_attacked(crossed, us.other())
                || self.is_attacked(king_to, us.other())
            {
                continue;
            }
            let kind = if is_king_side {
                MoveKind::CastleKingSide
            } else {
                MoveKind::CastleQueenSide
            };
            push(out, Move::new(king, king_to, kind));
        }
    }

    /// Whether the side to move has any legal move (mate and stalemate detection).
    pub fn has_legal_moves(&self) -> bool {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        !moves.is_empty()
    }
}
