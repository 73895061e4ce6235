//! Zobrist keys of Ven's state beyond the pieces (the pieces are hashed by the chess board it
//! keeps): castling rights, the first mover, and up to two en passant squares.

use crate::square::Square;
use crate::variants::chess::CastlingRights;
use crate::zobrist::keys;

const STREAM: [u64; 4 + 16 + 1] = keys(0x7e4e_c4e5_5e4e_0001);

/// One key per castling right; a set hashes as the xor of its rights.
#[inline(always)]
pub(super) fn castling(rights: CastlingRights) -> u64 {
    STREAM[..4]
        .iter()
        .enumerate()
        .filter(|(bit, _)| rights.0 >> bit & 1 != 0)
        .fold(0, |k, (_, key)| k ^ key)
}

/// An en passant square (rank 3 or 6): one key per file and rank.
#[inline(always)]
pub(super) fn en_passant(sq: Square) -> u64 {
    let rank6 = (sq.0 >= 32) as usize;
    STREAM[4 + rank6 * 8 + (sq.0 & 7) as usize]
}

/// Black carries out first in the next round.
pub(super) const BLACK_FIRST: u64 = STREAM[20];
