//! Legal move generation, with no make-and-test: the king steps only to squares no enemy piece
//! attacks (the king itself removed from the blockers, so sliders see through it); in check
//! the others may only capture the checker or block; pinned pieces stay on their pin line; en
//! passant, the one move that can uncover a king sideways, is checked on the board it leaves.

use super::moves::{Move, MoveKind};
use super::position::{bb, castling_rook, castling_targets, Position};
use super::types::{CastlingRights, Role};
use crate::attacks::board8 as attacks;
use crate::bitboard::{Bb64, Bitboard};
use crate::game::Player;
use crate::square::Square;
use arrayvec::ArrayVec;

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

/// Where generated moves go: a move list, or a counter for perft's last ply (bulk counting).
/// Generation is written once over this trait, so the rules live in one place.
pub(crate) trait Sink {
    /// Whether the sink wants quiet moves; without them (quiescence) the king and pieces aim
    /// only at enemy pieces, and castling is skipped.
    const QUIET: bool = true;
    /// Moves from `from` to each of `targets`, capturing where `theirs` has a piece.
    fn piece_moves(&mut self, from: Square, targets: Bb64, theirs: Bb64);
    /// Pawn moves (no promotion) to each of `targets`, `delta` squares from their pawn.
    fn pawn_moves(&mut self, targets: u64, delta: i8, code: u16);
    /// Promotions to each of `targets`, four each.
    fn promotions(&mut self, targets: u64, delta: i8, capture: bool);
    fn one(&mut self, mv: Move);
}

// Any capacity: 007's fast-and-deadly lists pseudo-legal moves, which may outnumber legal ones.
impl<const N: usize> Sink for ArrayVec<Move, N> {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bb64, theirs: Bb64) {
        for to in targets.squares() {
            self.push(Move::from_parts(from, to, capture_code(theirs, to)));
        }
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: u64, delta: i8, code: u16) {
        for to in Bb64(targets).squares() {
            let from = Square(to.0.wrapping_sub(delta as u8));
            self.push(Move::from_parts(from, to, code));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, targets: u64, delta: i8, capture: bool) {
        for to in Bb64(targets).squares() {
            let from = Square(to.0.wrapping_sub(delta as u8));
            for role in Role::PROMOTIONS {
                self.push(Move::promotion(from, to, role, capture));
            }
        }
    }
    #[inline(always)]
    fn one(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Keeps the tactical moves only (captures, and queen promotions), for quiescence: the
/// rest are never written to the list.
pub(super) struct Tactical<'a, const N: usize>(pub(super) &'a mut ArrayVec<Move, N>);

impl<const N: usize> Sink for Tactical<'_, N> {
    const QUIET: bool = false;
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bb64, theirs: Bb64) {
        self.0.piece_moves(from, targets & theirs, theirs);
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: u64, delta: i8, code: u16) {
        if code == MoveKind::Capture as u16 {
            self.0.pawn_moves(targets, delta, code);
        }
    }
    #[inline(always)]
    fn promotions(&mut self, targets: u64, delta: i8, capture: bool) {
        if capture {
            self.0.promotions(targets, delta, capture);
        } else {
            for to in Bb64(targets).squares() {
                let from = Square(to.0.wrapping_sub(delta as u8));
                self.0.push(Move::promotion(from, to, Role::Queen, false));
            }
        }
    }
    #[inline(always)]
    fn one(&mut self, mv: Move) {
        if mv.is_capture() {
            self.0.push(mv);
        }
    }
}

/// Counts moves without making them.
#[derive(Default)]
pub(super) struct Counter(pub(super) u64);

impl Sink for Counter {
    #[inline(always)]
    fn piece_moves(&mut self, _: Square, targets: Bb64, _: Bb64) {
        self.0 += targets.0.count_ones() as u64;
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: u64, _: i8, _: u16) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn promotions(&mut self, targets: u64, _: i8, _: bool) {
        self.0 += 4 * targets.count_ones() as u64;
    }
    #[inline(always)]
    fn one(&mut self, _: Move) {
        self.0 += 1;
    }
}

impl Position {
    /// Appends every legal move of the side to move to `out` (a [`super::MoveList`] holds any
    /// legal move list).
    #[inline]
    pub fn legal_moves<const N: usize>(&self, out: &mut ArrayVec<Move, N>) {
        self.generate(out);
    }

    /// Appends the legal captures and queen promotions (quiescence out of check).
    #[inline]
    pub fn tactical_moves<const N: usize>(&self, out: &mut ArrayVec<Move, N>) {
        self.generate(&mut Tactical(out));
    }

    /// The number of legal moves, counted without listing them (perft's last ply): population
    /// counts, compiled for POPCNT where the CPU has it.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        crate::bitboard::with_popcnt(
            #[inline(always)]
            || {
                let mut counter = Counter::default();
                self.generate(&mut counter);
                counter.0
            },
        )
    }

    /// The one legal generator, into any sink (Ven writes orders through its own sinks).
    #[inline(always)]
    pub(crate) fn generate<S: Sink>(&self, out: &mut S) {
        let us = self.side;
        let them = us.other();
        let ours = self.players[us.index()];
        let theirs = self.players[them.index()];
        let occ = ours | theirs;
        let king = self.king(us);

        let king_blockers = occ ^ bb(king);
        let wanted = if S::QUIET { !ours } else { theirs };
        let mut king_targets = Bb64(0);
        for to in (attacks::king_attacks(king) & wanted).squares() {
            if self.attackers(to, them, king_blockers).is_empty() {
                king_targets |= bb(to);
            }
        }
        out.piece_moves(king, king_targets, theirs);
        let checkers = self.checkers;
        if checkers.several() {
            return;
        }
        // Where a non-king piece may go: anywhere not ours, or, in check, onto the checker or
        // between it and the king.
        let target = match checkers.lowest() {
            Some(checker) => attacks::between(king, checker) | checkers,
            None => wanted,
        };
        let pinned = self.pinned();

        for from in (self.pieces(us, Role::Knight) & !pinned).squares() {
            out.piece_moves(from, attacks::knight_attacks(from) & target, theirs);
        }
        let queens = self.pieces(us, Role::Queen);
        let diagonal = self.pieces(us, Role::Bishop) | queens;
        let orthogonal = self.pieces(us, Role::Rook) | queens;
        for from in (diagonal & !pinned).squares() {
            out.piece_moves(from, attacks::bishop_attacks(from, occ) & target, theirs);
        }
        for from in (orthogonal & !pinned).squares() {
            out.piece_moves(from, attacks::rook_attacks(from, occ) & target, theirs);
        }
        // Pawns always get the full target: a quiet push may promote (the sink decides).
        let pawns = self.pieces(us, Role::Pawn);
        let pawn_target = if checkers.is_empty() { !ours } else { target };
        self.pawn_moves(out, pawns & !pinned, pawn_target);

        // A pinned piece cannot answer a check: it may only move along its pin line, which
        // meets the check line at the king alone.
        if checkers.is_empty() {
            for from in (diagonal & pinned).squares() {
                let along = target & attacks::line(king, from);
                out.piece_moves(from, attacks::bishop_attacks(from, occ) & along, theirs);
            }
            for from in (orthogonal & pinned).squares() {
                let along = target & attacks::line(king, from);
                out.piece_moves(from, attacks::rook_attacks(from, occ) & along, theirs);
            }
            for from in (pawns & pinned).squares() {
                self.pawn_moves(out, bb(from), pawn_target & attacks::line(king, from));
            }
            if S::QUIET {
                self.castling_moves::<S, true>(out, king);
            }
        }

        if let Some(ep) = self.en_passant {
            for from in (attacks::pawn_attacks(them, ep) & pawns).squares() {
                if self.en_passant_is_legal(from, ep) {
                    out.one(Move::new(from, ep, MoveKind::EnPassant));
                }
            }
        }
    }

    /// Pushes, double pushes, captures and promotions of `pawns` that land on `target`
    /// (en passant is separate).
    #[inline(always)]
    pub(super) fn pawn_moves<S: Sink>(&self, out: &mut S, pawns: Bb64, target: Bb64) {
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

        out.pawn_moves(single & !last_rank, up, MoveKind::Quiet as u16);
        out.pawn_moves(double, 2 * up, MoveKind::DoublePush as u16);
        out.pawn_moves(take_left & !last_rank, left, MoveKind::Capture as u16);
        out.pawn_moves(take_right & !last_rank, right, MoveKind::Capture as u16);
        if (single | take_left | take_right) & last_rank != 0 {
            out.promotions(single & last_rank, up, false);
            out.promotions(take_left & last_rank, left, true);
            out.promotions(take_right & last_rank, right, true);
        }
    }

    /// Castling, when not in check: the right, empty squares between king and rook, and
    /// (`SAFE`) no attack on the squares the king crosses or lands on. Without `SAFE` (rules that
    /// ignore check) only the right and the empty squares count.
    pub(super) fn castling_moves<S: Sink, const SAFE: bool>(&self, out: &mut S, king: Square) {
        let us = self.side;
        let (king_side, queen_side) = self.castling.of(us);
        if !(king_side || queen_side) {
            return;
        }
        // Chess960's general rule below also covers the corners, but orthodox castling is in
        // every perft and search node: its fixed squares stay here (a test checks that both
        // agree on orthodox positions).
        if self.castle.is_chess960() {
            return self.castling_moves_960::<S, SAFE>(out, king, king_side, queen_side);
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
                || (SAFE
                    && (self.is_attacked(crossed, us.other())
                        || self.is_attacked(king_to, us.other())))
            {
                continue;
            }
            let kind = MoveKind::castle(is_king_side);
            out.one(Move::new(king, king_to, kind));
        }
    }

    /// Chess960 castling, as the king's move onto its own rook (`e1h1`): the king lands on the
    /// g or c file and the rook beside it, whatever their start files. Every square either crosses or lands on must be empty but for the two
    /// of them, and (`SAFE`) none the king crosses or lands on attacked, seen with both lifted
    /// off the board (the castling rook may be what shields the king's new square).
    #[cold]
    fn castling_moves_960<S: Sink, const SAFE: bool>(
        &self,
        out: &mut S,
        king: Square,
        king_side: bool,
        queen_side: bool,
    ) {
        let us = self.side;
        let occ = self.occupied();
        for (allowed, is_king_side) in [(king_side, true), (queen_side, false)] {
            if !allowed {
                continue;
            }
            let rook = self.rook_home(us, is_king_side);
            let (king_to, rook_to) = castling_targets(us, is_king_side);
            let others = occ ^ bb(king) ^ bb(rook);
            let walk = attacks::between(king, king_to) | bb(king_to);
            let path = walk | attacks::between(rook, rook_to) | bb(rook_to);
            if (path & others).any()
                || (SAFE
                    && walk
                        .squares()
                        .any(|sq| self.attackers(sq, us.other(), others).any()))
            {
                continue;
            }
            let kind = MoveKind::castle(is_king_side);
            // Written and kept as the king taking its own rook: the king may not move at all.
            out.one(Move::new(king, rook, kind));
        }
    }

    /// Whether the side to move has any legal move (mate and stalemate detection).
    pub fn has_legal_moves(&self) -> bool {
        self.count_legal_moves() > 0
    }
}
