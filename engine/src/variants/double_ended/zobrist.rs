//! Zobrist keys, drawn from one fixed-seed stream ([`crate::zobrist`]).

use crate::zobrist::KeyStream;

struct Keys {
    pieces: [[[u64; 64]; 7]; 2],
    castling: [u64; 16],
    black_to_move: u64,
}

const KEYS: Keys = {
    let mut stream = KeyStream::new(0xde11_b1e0_e17d_ed00);
    let mut pieces = [[[0; 64]; 7]; 2];
    let mut p = 0;
    while p < 2 {
        let mut k = 0;
        while k < 7 {
            let mut sq = 0;
            while sq < 64 {
                pieces[p][k][sq] = stream.next();
                sq += 1;
            }
            k += 1;
        }
        p += 1;
    }
    // One key per castling-rights set: rights change rarely, and one XOR pair covers any change.
    let mut castling = [0; 16];
    let mut i = 1;
    while i < 16 {
        castling[i] = stream.next();
        i += 1;
    }
    let black_to_move = stream.next();
    Keys {
        pieces,
        castling,
        black_to_move,
    }
};

pub static PIECES: [[[u64; 64]; 7]; 2] = KEYS.pieces;
pub static CASTLING: [u64; 16] = KEYS.castling;
pub const BLACK_TO_MOVE: u64 = KEYS.black_to_move;
