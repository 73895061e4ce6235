//! Slider attacks with SSE2 (part of the x86-64 baseline, so no target feature is needed).
//! The scalar [`super::lines`] spends about a hundred instructions on a bishop and more on a
//! rook, and the processor already runs them at five or six a cycle: only fewer instructions
//! make it faster. A board is two registers (words 0-1 and 2-3, 16-bit lane `i` = rank `i` and
//! `8 + i`).
//!
//! - Bishop: both diagonals in the two 64-bit lanes of one register, so one set of bit tricks
//!   serves both. A diagonal has one square per file: its masked words merge by OR and its four
//!   ranks fold onto one 16-bit line (bit = file). Upwards `x ^ (x - 1)`; downwards the highest
//!   blocker below is the power of two that a float conversion rounds it to. Put back by
//!   copying each line's 16 bits onto every rank and masking by the line.
//! - Rook: the file's occupancy by `pmovmskb` (each rank's square shifted to the sign bit of its
//!   lane, the lanes saturated to bytes, which keeps the sign), the rank's by masking and
//!   folding; the two 16-bit line attacks run in general registers ([`super::lines`]) while the
//!   vector unit gathers and spreads. The file goes back by comparing a copy of its bits in
//!   every lane with each lane's rank bit.

use core::arch::x86_64::{
    __m128i, _mm_add_epi64, _mm_and_si128, _mm_andnot_si128, _mm_castps_si128, _mm_castsi128_ps,
    _mm_cmpeq_epi16, _mm_cvtepi32_ps, _mm_cvtsi128_si64, _mm_cvtsi32_si128, _mm_cvttps_epi32,
    _mm_movemask_epi8, _mm_or_si128, _mm_packs_epi16, _mm_set1_epi16, _mm_set1_epi32,
    _mm_set1_epi64x, _mm_set_epi16, _mm_set_epi64x, _mm_shufflehi_epi16, _mm_shufflelo_epi16,
    _mm_sll_epi16, _mm_srli_epi64, _mm_unpackhi_epi64, _mm_unpacklo_epi64, _mm_xor_si128,
};

use super::lines;
use super::tables::line_table;
use crate::bitboard::Bb256;
use crate::square::Square;

/// Two 64-bit lanes, aligned so that a table entry is one aligned load.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct Pair([u64; 2]);

impl Pair {
    #[inline(always)]
    fn get(&self) -> __m128i {
        // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 processor has it.
        unsafe { _mm_set_epi64x(self.0[1] as i64, self.0[0] as i64) }
    }
}

/// The line squares above and below position `pos` (bits `pos + 1..16` and `0..pos`).
const fn sides(pos: usize) -> (u64, u64) {
    (0xffff & !((2 << pos) - 1), (1 << pos) - 1)
}

/// Per square, a bishop's lines as words 0-1 and 2-3, and the sides of the slider on them
/// (both lines are indexed by file, so one pair serves both lanes):
/// `[diagonal 0-1, diagonal 2-3, anti-diagonal 0-1, anti-diagonal 2-3, above, below]`.
static BISHOP: [[Pair; 6]; 256] = {
    let lines = line_table();
    let mut t = [[Pair([0; 2]); 6]; 256];
    let mut sq = 0;
    while sq < 256 {
        let (d, a) = (lines[sq][0].0, lines[sq][1].0);
        let (above, below) = sides(sq % 16);
        t[sq] = [
            Pair([d[0], d[1]]),
            Pair([d[2], d[3]]),
            Pair([a[0], a[1]]),
            Pair([a[2], a[3]]),
            Pair([above; 2]),
            Pair([below; 2]),
        ];
        sq += 1;
    }
    t
};

/// Per square, a rook's rank as words 0-1 and 2-3, and its file bit in every 16-bit lane:
/// `[rank 0-1, rank 2-3, file]`.
static ROOK: [[Pair; 3]; 256] = {
    let mut t = [[Pair([0; 2]); 3]; 256];
    let mut sq = 0;
    while sq < 256 {
        let (file, rank) = (sq % 16, sq / 16);
        let mut words = [0u64; 4];
        words[rank / 4] = 0xffff << (16 * (rank % 4));
        let on_file = 0x0001_0001_0001_0001 << file;
        t[sq] = [
            Pair([words[0], words[1]]),
            Pair([words[2], words[3]]),
            Pair([on_file; 2]),
        ];
        sq += 1;
    }
    t
};

#[inline(always)]
fn split(b: Bb256) -> (__m128i, __m128i) {
    // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 processor has it.
    unsafe {
        let w = b.0;
        (
            _mm_set_epi64x(w[1] as i64, w[0] as i64),
            _mm_set_epi64x(w[3] as i64, w[2] as i64),
        )
    }
}

#[inline(always)]
fn join(lo: __m128i, hi: __m128i) -> Bb256 {
    // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 processor has it.
    unsafe {
        let high = |v: __m128i| _mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)) as u64;
        Bb256([
            _mm_cvtsi128_si64(lo) as u64,
            high(lo),
            _mm_cvtsi128_si64(hi) as u64,
            high(hi),
        ])
    }
}

/// The 16-bit line attacks of each 64-bit lane: `occ` is the line's occupancy (only bits 0..16
/// are read), `above` and `below` the line squares on each side of the slider.
#[inline(always)]
fn line_attacks(occ: __m128i, above: __m128i, below: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 processor has it.
    unsafe {
        let ones = _mm_set1_epi64x(-1);
        let a = _mm_and_si128(occ, above);
        let up = _mm_and_si128(_mm_xor_si128(a, _mm_add_epi64(a, ones)), above);
        // The highest blocker below (square 0, the edge, when none) as a power of two: the
        // blockers convert exactly to a float, and clearing its mantissa leaves that power.
        let b = _mm_or_si128(_mm_and_si128(occ, below), _mm_set1_epi32(1));
        let power = _mm_and_si128(
            _mm_castps_si128(_mm_cvtepi32_ps(b)),
            _mm_set1_epi32(0xff80_0000u32 as i32),
        );
        let beyond = _mm_add_epi64(_mm_cvttps_epi32(_mm_castsi128_ps(power)), ones);
        _mm_or_si128(up, _mm_andnot_si128(beyond, below))
    }
}

/// Bishop attacks on both diagonals through `sq`, first blockers included.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 processor has it.
    unsafe {
        let (v0, v1) = split(occupied);
        let [d0, d1, a0, a1, above, below] = BISHOP[sq.index()].map(|p| p.get());
        // Each line's two word pairs merged, then the two lines side by side, one per lane.
        let d = _mm_or_si128(_mm_and_si128(v0, d0), _mm_and_si128(v1, d1));
        let a = _mm_or_si128(_mm_and_si128(v0, a0), _mm_and_si128(v1, a1));
        let mut m = _mm_or_si128(_mm_unpacklo_epi64(d, a), _mm_unpackhi_epi64(d, a));
        // One square per file: the four ranks of a lane fold onto the lowest without meeting.
        m = _mm_or_si128(m, _mm_srli_epi64::<32>(m));
        m = _mm_or_si128(m, _mm_srli_epi64::<16>(m));
        let att = line_attacks(m, above, below);
        // Each line's 16 bits copied onto every rank of its lane, masked by the line.
        let every = _mm_shufflehi_epi16::<0>(_mm_shufflelo_epi16::<0>(att));
        let (dd, aa) = (
            _mm_unpacklo_epi64(every, every),
            _mm_unpackhi_epi64(every, every),
        );
        join(
            _mm_or_si128(_mm_and_si128(dd, d0), _mm_and_si128(aa, a0)),
            _mm_or_si128(_mm_and_si128(dd, d1), _mm_and_si128(aa, a1)),
        )
    }
}

/// Rook attacks along the rank and the file of `sq`, first blockers included.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 processor has it.
    unsafe {
        let (file, rank) = (sq.0 & 15, sq.0 >> 4);
        let (v0, v1) = split(occupied);
        let [r0, r1, on_file] = ROOK[sq.index()].map(|p| p.get());
        let to_sign = _mm_cvtsi32_si128(15 - file as i32);
        let bytes = _mm_packs_epi16(_mm_sll_epi16(v0, to_sign), _mm_sll_epi16(v1, to_sign));
        let file_att = lines::line_attacks(rank as u32, _mm_movemask_epi8(bytes) as u32);
        // The rank's word, brought to the low lane (indexing the board's words instead makes
        // the compiler store the board and load the word back).
        let on_rank = _mm_or_si128(_mm_and_si128(v0, r0), _mm_and_si128(v1, r1));
        let on_rank = _mm_or_si128(on_rank, _mm_unpackhi_epi64(on_rank, on_rank));
        let rank_occ = (_mm_cvtsi128_si64(on_rank) as u64 >> (16 * (rank & 3))) as u32;
        let rank_att = lines::line_attacks(file as u32, rank_occ);
        let ranks = _mm_set1_epi16(file_att as i16);
        let low = _mm_set_epi16(128, 64, 32, 16, 8, 4, 2, 1);
        let high = _mm_set_epi16(-32768, 16384, 8192, 4096, 2048, 1024, 512, 256);
        let file_part = |bits: __m128i| {
            _mm_and_si128(_mm_cmpeq_epi16(_mm_and_si128(ranks, bits), bits), on_file)
        };
        let along = _mm_set1_epi16(rank_att as i16);
        join(
            _mm_or_si128(file_part(low), _mm_and_si128(along, r0)),
            _mm_or_si128(file_part(high), _mm_and_si128(along, r1)),
        )
    }
}

#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}
