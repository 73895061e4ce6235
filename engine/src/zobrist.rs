//! SplitMix64, the stream every variant's Zobrist keys are drawn from: evaluated at compile
//! time from a fixed seed per table, so keys are the same in every build and every run (hash
//! tables, bench signatures and opening books can rely on them).

const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// A SplitMix64 stream.
pub struct KeyStream(u64);

impl KeyStream {
    pub const fn new(seed: u64) -> Self {
        KeyStream(seed)
    }

    /// The next key.
    #[inline(always)]
    pub const fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN_GAMMA);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The first `N` keys of the stream from `seed`.
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut stream = KeyStream::new(seed);
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = stream.next();
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_splitmix64() {
        // The reference outputs of SplitMix64 seeded with 1234567 (Vigna's splitmix64.c).
        let want = [
            6457827717110365317,
            3203168211198807973,
            9817491932198370423,
            4593380528125082431,
            16408922859458223821,
        ];
        assert_eq!(keys::<5>(1234567), want);
    }
}
