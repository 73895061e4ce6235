//! Placing and lifting men: the one place that changes the board, and with it the bitboards,
//! the Zobrist key and the evaluation's placement score, so the incremental three never part.
//! It stands apart from `position.rs` so that the position, which the evaluation reads, does
//! not import the evaluation (no import circle).

use super::eval::PSQ;
use super::piece::Piece;
use super::position::Vanguard;
use super::zobrist;
use crate::bitboard::{Bb256, Bitboard};
use crate::square::Square;

impl Vanguard {
    #[inline(always)]
    pub(super) fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.board[sq.index()].is_none());
        let b = Bb256::from_square(sq);
        self.roles[piece.role().index()] |= b;
        self.colors[piece.color().index()] |= b;
        self.board[sq.index()] = Some(piece);
        self.key ^= zobrist::PIECE_SQUARE[piece.index()][sq.index()];
        self.psq += PSQ[piece.index()][sq.index()];
    }

    #[inline(always)]
    pub(super) fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.board[sq.index()].take()?;
        let b = Bb256::from_square(sq);
        self.roles[piece.role().index()] ^= b;
        self.colors[piece.color().index()] ^= b;
        self.key ^= zobrist::PIECE_SQUARE[piece.index()][sq.index()];
        self.psq -= PSQ[piece.index()][sq.index()];
        Some(piece)
    }

    /// Drops the initial-move right of every square in `squares`.
    #[inline(always)]
    pub(super) fn clear_unmoved(&mut self, squares: Bb256) {
        let mut lost = self.unmoved & squares;
        self.unmoved ^= lost;
        while let Some(s) = lost.pop_lowest() {
            self.key ^= zobrist::UNMOVED[s.index()];
        }
    }
}
