//! The position: placement, player to move, castling rights, clocks and the incremental key;
//! and making a move.

use super::board::Board;
use super::geometry::NO_SQUARE;
use super::moves::Move;
use super::piece::{Piece, Role};
use super::zobrist;
use crate::game::Player;
use crate::square::Square;

/// Castling rights, one bit each.
pub const WHITE_SHORT: u8 = 1;
pub const WHITE_LONG: u8 = 2;
pub const BLACK_SHORT: u8 = 4;
pub const BLACK_LONG: u8 = 8;

/// `KEEP[sq]`: the rights that survive a move from, to or capturing on `sq` (a king or rook
/// leaving its home square, a rook captured on its corner). Index [`NO_SQUARE`] keeps everything.
const KEEP: [u8; 65] = {
    let mut t = [0xf; 65];
    t[4] = !(WHITE_SHORT | WHITE_LONG) & 0xf;
    t[7] = !WHITE_SHORT & 0xf;
    t[0] = !WHITE_LONG & 0xf;
    t[60] = !(BLACK_SHORT | BLACK_LONG) & 0xf;
    t[63] = !BLACK_SHORT & 0xf;
    t[56] = !BLACK_LONG & 0xf;
    t
};

/// A Double-Ended Chess position. `DEEP` selects the Deep-Capturing Knights subvariant
/// (`double-ended-deep`); see [`super::DoubleEndedChess`] and [`super::DeepDoubleEndedChess`].
#[derive(Clone, PartialEq, Eq)]
pub struct DoubleEnded<const DEEP: bool> {
    pub(super) board: Board,
    pub(super) side: Player,
    pub(super) castling: u8,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    pub(super) key: u64,
}

impl<const DEEP: bool> DoubleEnded<DEEP> {
    pub(super) fn empty() -> Self {
        DoubleEnded {
            board: Board::default(),
            side: Player::White,
            castling: 0,
            halfmove: 0,
            fullmove: 1,
            key: 0,
        }
    }

    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq.0)
    }

    /// The castling rights as bits ([`WHITE_SHORT`] ...).
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    #[inline(always)]
    pub(super) fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.board.piece_at(sq.0).is_none());
        self.board.toggle(piece.color, piece.role, sq.0);
        self.key ^= zobrist::PIECES[piece.color.index()][piece.role.index()][sq.index()];
    }

    /// Removes `player`'s piece of `role` from `sq`.
    #[inline(always)]
    pub(super) fn lift(&mut self, player: Player, role: Role, sq: Square) {
        debug_assert_eq!(self.board.piece_at(sq.0), Some(Piece::new(player, role)));
        self.board.toggle(player, role, sq.0);
        self.key ^= zobrist::PIECES[player.index()][role.index()][sq.index()];
    }

    pub(super) fn set_castling(&mut self, rights: u8) {
        self.key ^= zobrist::CASTLING[self.castling as usize] ^ zobrist::CASTLING[rights as usize];
        self.castling = rights;
    }

    /// The key computed from scratch (tests compare it with the incremental one).
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = zobrist::CASTLING[self.castling as usize];
        if self.side == Player::Black {
            key ^= zobrist::BLACK_TO_MOVE;
        }
        for sq in 0..64 {
            if let Some(p) = self.board.piece_at(sq) {
                key ^= zobrist::PIECES[p.color.index()][p.role.index()][sq as usize];
            }
        }
        key
    }

    /// The position after `mv` (copy-make).
    pub(super) fn make(&self, mv: Move) -> Self {
        let mut p = self.clone();
        let us = self.side;
        // Victims first: they never stand on the origin or destination.
        for v in [mv.withdrawn, mv.approached] {
            if v != NO_SQUARE {
                p.lift(us.other(), p.board.role_at(v.0), v);
            }
        }
        let role = mv.role;
        p.lift(us, role, mv.from);
        p.put(mv.to, Piece::new(us, mv.promotion.unwrap_or(role)));
        if mv.castle {
            // The rook jumps to the square the king crossed.
            let (rook_from, rook_to) = if mv.to > mv.from {
                (Square(mv.from.0 + 3), Square(mv.from.0 + 1))
            } else {
                (Square(mv.from.0 - 4), Square(mv.from.0 - 1))
            };
            p.lift(us, Role::Rook, rook_from);
            p.put(rook_to, Piece::new(us, Role::Rook));
        }
        let rights = self.castling
            & KEEP[mv.from.index()]
            & KEEP[mv.withdrawn.index()]
            & KEEP[mv.approached.index()];
        if rights != self.castling {
            p.set_castling(rights);
        }
        // Saturating: a FEN may start the clocks anywhere.
        p.halfmove = if role == Role::Pawn || mv.is_capture() {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == Player::Black {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p.side = us.other();
        p.key ^= zobrist::BLACK_TO_MOVE;
        p
    }

    /// The position after a pass (null-move pruning): the other player to move, the clock on.
    pub(super) fn pass(&self) -> Self {
        let mut p = self.clone();
        p.halfmove = self.halfmove.saturating_add(1);
        if self.side == Player::Black {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p.side = self.side.other();
        p.key ^= zobrist::BLACK_TO_MOVE;
        p
    }
}
