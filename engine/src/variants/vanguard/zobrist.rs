//! Zobrist keys, drawn from fixed-seed streams ([`crate::zobrist`]).

use crate::zobrist::{keys, KeyStream};

/// One key per (piece index, square): piece index = [`super::piece::Piece::index`].
pub static PIECE_SQUARE: [[u64; 256]; 42] = {
    let flat: [u64; 42 * 256] = keys(0x7661_6e67_7561_7264);
    let mut t = [[0; 256]; 42];
    let mut i = 0;
    while i < 42 * 256 {
        t[i / 256][i % 256] = flat[i];
        i += 1;
    }
    t
};

/// One key per square whose man still has its initial-move right.
pub static UNMOVED: [u64; 256] = keys(0x756e_6d6f_7665_6421);

/// Xored in when Black is to move.
pub const BLACK_TO_MOVE: u64 = KeyStream::new(0x626c_6163_6b21).next();
