//! Slider attack cost per call: 16x16 (`simd`, the engine's: SSE2, two lines per call; `lines`:
//! per-line 16-bit occupancies in general registers; `classical`: the ray walk) against 8x8
//! (`attacks::board8`'s magics, and a local magic-free baseline: hyperbola quintessence for files
//! and diagonals, a bit trick for ranks).
//!
//! Run: `cargo bench --bench board16` (and with `RUSTFLAGS="-C target-cpu=native"` for both sides
//! compiled for this CPU). Each measurement is one batch of 1024 calls on random
//! squares and occupancies, so divide the reported time by 1024 for the cost of one call.
//! Successive batches walk through a pool of 65,536 inputs (the same number for both boards):
//! repeating one batch of 1024 lets the branch predictor learn it, which made the branching
//! classical walk look two to three times faster than it is on inputs it has not seen.

use chimera_engine::attacks::{board16, board8};
use chimera_engine::{Bb256, Bb64, Square};
use criterion::{criterion_group, criterion_main, Criterion};
use rand::{rngs::SmallRng, RngExt, SeedableRng};
use std::hint::black_box;

const BATCH: usize = 1024;
const POOL: usize = 1 << 16;

/// Occupancies of about the density of a middlegame (a quarter to a half of the board).
fn inputs8(rng: &mut SmallRng) -> Vec<(Square, Bb64)> {
    (0..POOL)
        .map(|_| {
            let occ = rng.random::<u64>() & rng.random::<u64>()
                | rng.random::<u64>() & rng.random::<u64>();
            (Square(rng.random_range(0..64u8)), Bb64(occ))
        })
        .collect()
}

fn inputs16(rng: &mut SmallRng) -> Vec<(Square, Bb256)> {
    (0..POOL)
        .map(|_| {
            let mut w = [0u64; 4];
            for x in &mut w {
                *x = rng.random::<u64>() & rng.random::<u64>()
                    | rng.random::<u64>() & rng.random::<u64>();
            }
            (Square(rng.random::<u8>()), Bb256(w))
        })
        .collect()
}

/// The local 8x8 baseline: hyperbola quintessence on a line mask (files, diagonals), where the
/// reversed board is a byte swap, and the same trick on the 8 bits of a rank.
mod hq8 {
    use chimera_engine::{Bb64, Square};

    const fn line(sq: u32, df: i32, dr: i32) -> u64 {
        let mut b = 0u64;
        let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            b |= 1 << (r * 8 + f);
            f += df;
            r += dr;
        }
        let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            b |= 1 << (r * 8 + f);
            f -= df;
            r -= dr;
        }
        b & !(1 << sq)
    }
    const fn masks() -> [[u64; 3]; 64] {
        let mut t = [[0; 3]; 64];
        let mut s = 0;
        while s < 64 {
            t[s] = [
                line(s as u32, 0, 1),
                line(s as u32, 1, 1),
                line(s as u32, -1, 1),
            ];
            s += 1;
        }
        t
    }
    static MASKS: [[u64; 3]; 64] = masks();

    #[inline(always)]
    fn hq(sq: u32, occ: u64, mask: u64) -> u64 {
        let o = occ & mask;
        let r = 1u64 << sq;
        let fwd = o.wrapping_sub(r.wrapping_mul(2));
        let rev = o
            .swap_bytes()
            .wrapping_sub(r.swap_bytes().wrapping_mul(2))
            .swap_bytes();
        (fwd ^ rev) & mask
    }
    #[inline(always)]
    fn rank(sq: u32, occ: u64) -> u64 {
        let (f, shift) = (sq & 7, sq & !7);
        let o = (occ >> shift) as u32 & 0xff;
        let bit = 1u32 << f;
        let above = o & !(bit | (bit - 1));
        let first = above & above.wrapping_neg();
        let up = (first.wrapping_sub(1) | first) & !(bit | (bit - 1));
        let below = o & (bit - 1);
        let last = 31 - (below | 1).leading_zeros();
        let down = (bit - 1) & !((1u32 << last) - 1);
        (((up | down) & 0xff) as u64) << shift
    }
    #[inline(always)]
    pub fn rook(sq: Square, occ: Bb64) -> Bb64 {
        let s = sq.0 as u32;
        Bb64(hq(s, occ.0, MASKS[sq.index()][0]) | rank(s, occ.0))
    }
    #[inline(always)]
    pub fn bishop(sq: Square, occ: Bb64) -> Bb64 {
        let m = MASKS[sq.index()];
        Bb64(hq(sq.0 as u32, occ.0, m[1]) | hq(sq.0 as u32, occ.0, m[2]))
    }
    #[inline(always)]
    pub fn queen(sq: Square, occ: Bb64) -> Bb64 {
        rook(sq, occ) | bishop(sq, occ)
    }
}

fn sliders(c: &mut Criterion) {
    let mut rng = SmallRng::seed_from_u64(8);
    let in8 = inputs8(&mut rng);
    let in16 = inputs16(&mut rng);
    // The baseline must be right before its speed means anything.
    for (sq, occ) in &in8 {
        assert_eq!(hq8::queen(*sq, *occ), board8::queen_attacks(*sq, *occ));
    }

    macro_rules! bench {
        ($group:expr, $name:expr, $inputs:expr, $f:path) => {
            $group.bench_function($name, |b| {
                let mut start = 0;
                b.iter(|| {
                    for (sq, occ) in black_box(&$inputs[start..start + BATCH]).iter() {
                        black_box($f(*sq, *occ));
                    }
                    start = (start + BATCH) % POOL;
                })
            });
        };
    }
    macro_rules! group {
        ($piece:literal, $board8:path, $baseline:path, $lines:path, $classical:path, $simd:path) => {{
            let mut g = c.benchmark_group(concat!($piece, "_x1024"));
            bench!(g, "8x8_board8", in8, $board8);
            bench!(g, "8x8_hq_baseline", in8, $baseline);
            bench!(g, "16x16_lines", in16, $lines);
            bench!(g, "16x16_classical", in16, $classical);
            bench!(g, "16x16_simd", in16, $simd);
            g.finish();
        }};
    }
    group!(
        "rook",
        board8::rook_attacks,
        hq8::rook,
        board16::lines::rook_attacks,
        board16::classical::rook_attacks,
        board16::simd::rook_attacks
    );
    group!(
        "bishop",
        board8::bishop_attacks,
        hq8::bishop,
        board16::lines::bishop_attacks,
        board16::classical::bishop_attacks,
        board16::simd::bishop_attacks
    );
    group!(
        "queen",
        board8::queen_attacks,
        hq8::queen,
        board16::lines::queen_attacks,
        board16::classical::queen_attacks,
        board16::simd::queen_attacks
    );
}

criterion_group!(benches, sliders);
criterion_main!(benches);
