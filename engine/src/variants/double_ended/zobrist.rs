//! Zobrist keys, generated at compile time from a fixed seed (splitmix64), so keys are the same
//! in every build and every run.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

struct Keys {
    pieces: [[[u64; 64]; 7]; 2],
    castling: [u64; 16],
    black_to_move: u64,
}

const KEYS: Keys = {
    let mut state = 0xde11_b1e0_e17d_ed00_u64;
    let mut pieces = [[[0; 64]; 7]; 2];
    let mut p = 0;
    while p < 2 {
        let mut k = 0;
        while k < 7 {
            let mut sq = 0;
            while sq < 64 {
                let (s, z) = splitmix(state);
                state = s;
                pieces[p][k][sq] = z;
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
        let (s, z) = splitmix(state);
        state = s;
        castling[i] = z;
        i += 1;
    }
    let (_, black_to_move) = splitmix(state);
    Keys {
        pieces,
        castling,
        black_to_move,
    }
};

pub static PIECES: [[[u64; 64]; 7]; 2] = KEYS.pieces;
pub static CASTLING: [u64; 16] = KEYS.castling;
pub const BLACK_TO_MOVE: u64 = KEYS.black_to_move;
