//! Zobrist keys, generated at compile time by SplitMix64 from fixed seeds.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, k) = splitmix(state);
        state = s;
        out[i] = k;
        i += 1;
    }
    out
}

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
pub const BLACK_TO_MOVE: u64 = splitmix(0x626c_6163_6b21).1;
