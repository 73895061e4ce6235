//! Slider attacks with SSE2 (part of the x86-64 baseline, so no target feature is needed).
//! A board is two registers (words 0-1 and 2-3, 16-bit lane `i` = rank `i` and `8 + i`).
//!
//! A square on a line is attacked when nothing stands strictly between it and the slider. So
//! the line's occupancy, gathered into 16 bits and copied into every lane, is ANDed with a
//! per-square table of what lies between the slider and that lane's square on the line: the
//! lanes that come out zero are attacked (`pcmpeqw` with zero) and keep their square (AND with
//! the line). Every lane is decided at once, with no up and down bit tricks one after the
//! other, which made the call both shorter and far less serial than scanning the 16-bit line.
//!
//! - Bishop: a diagonal has one square per file, so its ranks fold onto one 16-bit line by OR
//!   (bit = file). Both diagonals go together: the masks pair the diagonal on ranks 0-3 and
//!   8-11 with the anti-diagonal on ranks 4-7 and 12-15 (and the reverse), so that two ANDs per
//!   register, one swap of halves and three OR-and-shuffle steps leave the diagonal's line in
//!   every lane of the low half and the anti-diagonal's in the high half.
//! - Rook: the file's occupancy by `pmovmskb` (each rank's square shifted to the sign bit of its
//!   lane, the lanes saturated to bytes, which keeps the sign), bit = rank, then the same
//!   between test per lane. The rank is one lane: its occupancy is masked and folded, and its
//!   attacks come from the 16-bit line trick in general registers ([`super::lines`]), which run
//!   beside the vector unit.

use core::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_cmpeq_epi16, _mm_cvtsi128_si64, _mm_cvtsi32_si128,
    _mm_movemask_epi8, _mm_or_si128, _mm_packs_epi16, _mm_set1_epi16, _mm_set_epi64x,
    _mm_setzero_si128, _mm_shuffle_epi32, _mm_shufflehi_epi16, _mm_shufflelo_epi16, _mm_sll_epi16,
    _mm_unpackhi_epi64,
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

/// Positions strictly between `a` and `b` (distinct, below 16) as 16 bits.
const fn between(a: usize, b: usize) -> u64 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    (1u64 << hi).wrapping_sub(2 << lo)
}

/// Four lanes (ranks `first..first + 4`), each with the files between the slider's file `pos`
/// and the square of `line` on that rank (0 where the line has none).
const fn files_between(line: [u64; 4], first: usize, pos: usize) -> u64 {
    let mut lanes = 0;
    let mut k = 0;
    while k < 4 {
        let rank = first + k;
        let bits = line[rank / 4] >> (16 * (rank % 4)) & 0xffff;
        if bits != 0 {
            lanes |= between(bits.trailing_zeros() as usize, pos) << (16 * k);
        }
        k += 1;
    }
    lanes
}

/// Per square, its diagonal `d` and anti-diagonal `a` without the square itself, in registers
/// that pair one line's ranks 0-3 (8-11) with the other's ranks 4-7 (12-15), and what lies
/// between the slider and each lane's square:
/// `[d 0-3 a 4-7, d 8-11 a 12-15, a 0-3 d 4-7, a 8-11 d 12-15, between for each]`.
static BISHOP: [[Pair; 8]; 256] = {
    let lines = line_table();
    let mut t = [[Pair([0; 2]); 8]; 256];
    let mut sq = 0;
    while sq < 256 {
        let me = 1u64 << (sq % 64);
        let (mut d, mut a) = (lines[sq][0].0, lines[sq][1].0);
        d[sq / 64] &= !me;
        a[sq / 64] &= !me;
        let pos = sq % 16;
        t[sq] = [
            Pair([d[0], a[1]]),
            Pair([d[2], a[3]]),
            Pair([a[0], d[1]]),
            Pair([a[2], d[3]]),
            Pair([files_between(d, 0, pos), files_between(a, 4, pos)]),
            Pair([files_between(d, 8, pos), files_between(a, 12, pos)]),
            Pair([files_between(a, 0, pos), files_between(d, 4, pos)]),
            Pair([files_between(a, 8, pos), files_between(d, 12, pos)]),
        ];
        sq += 1;
    }
    t
};

/// Per square, its rank as words 0-1 and 2-3, its file without the square itself (the file
/// bit in every other rank's lane), and the ranks between each lane and the slider's:
/// `[rank 0-1, rank 2-3, file 0-1, file 2-3, between 0-1, between 2-3]`.
static ROOK: [[Pair; 6]; 256] = {
    let mut t = [[Pair([0; 2]); 6]; 256];
    let mut sq = 0;
    while sq < 256 {
        let (file, rank) = (sq % 16, sq / 16);
        let mut words = [0u64; 4];
        words[rank / 4] = 0xffff << (16 * (rank % 4));
        let mut on_file = [0x0001_0001_0001_0001 << file; 4];
        on_file[rank / 4] &= !(0xffff << (16 * (rank % 4)));
        let mut btw = [0u64; 4];
        let mut r = 0;
        while r < 16 {
            if r != rank {
                btw[r / 4] |= between(r, rank) << (16 * (r % 4));
            }
            r += 1;
        }
        t[sq] = [
            Pair([words[0], words[1]]),
            Pair([words[2], words[3]]),
            Pair([on_file[0], on_file[1]]),
            Pair([on_file[2], on_file[3]]),
            Pair([btw[0], btw[1]]),
            Pair([btw[2], btw[3]]),
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

/// The squares of `line` whose lane of `occ` has nothing in `between`: a line's squares that
/// no blocker hides from the slider.
#[inline(always)]
fn unblocked(occ: __m128i, between: __m128i, line: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 processor has it.
    unsafe {
        let clear = _mm_cmpeq_epi16(_mm_and_si128(occ, between), _mm_setzero_si128());
        _mm_and_si128(clear, line)
    }
}

/// Bishop attacks on both diagonals through `sq`, first blockers included.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 processor has it.
    unsafe {
        let (v0, v1) = split(occupied);
        let [m0, m1, n0, n1, b0, b1, c0, c1] = BISHOP[sq.index()].map(|p| p.get());
        // Diagonal in the low half, anti-diagonal in the high half, four ranks per lane...
        let p = _mm_or_si128(_mm_and_si128(v0, m0), _mm_and_si128(v1, m1));
        let q = _mm_or_si128(_mm_and_si128(v0, n0), _mm_and_si128(v1, n1));
        let mut m = _mm_or_si128(p, _mm_shuffle_epi32::<0b01_00_11_10>(q));
        // ...then ORed with its neighbours until every lane of a half holds its whole line.
        m = _mm_or_si128(m, _mm_shuffle_epi32::<0b10_11_00_01>(m));
        let swap_words =
            |x| _mm_shufflehi_epi16::<0b10_11_00_01>(_mm_shufflelo_epi16::<0b10_11_00_01>(x));
        let lines = _mm_or_si128(m, swap_words(m));
        let swapped = _mm_shuffle_epi32::<0b01_00_11_10>(lines);
        join(
            _mm_or_si128(unblocked(lines, b0, m0), unblocked(swapped, c0, n0)),
            _mm_or_si128(unblocked(lines, b1, m1), unblocked(swapped, c1, n1)),
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
        let [r0, r1, f0, f1, b0, b1] = ROOK[sq.index()].map(|p| p.get());
        let to_sign = _mm_cvtsi32_si128(15 - file as i32);
        let bytes = _mm_packs_epi16(_mm_sll_epi16(v0, to_sign), _mm_sll_epi16(v1, to_sign));
        let on_file = _mm_set1_epi16(_mm_movemask_epi8(bytes) as i16);
        // The rank's word, brought to the low lane (indexing the board's words instead makes
        // the compiler store the board and load the word back).
        let on_rank = _mm_or_si128(_mm_and_si128(v0, r0), _mm_and_si128(v1, r1));
        let on_rank = _mm_or_si128(on_rank, _mm_unpackhi_epi64(on_rank, on_rank));
        let rank_occ = (_mm_cvtsi128_si64(on_rank) as u64 >> (16 * (rank & 3))) as u32;
        let along = _mm_set1_epi16(lines::line_attacks(file as u32, rank_occ) as i16);
        join(
            _mm_or_si128(unblocked(on_file, b0, f0), _mm_and_si128(along, r0)),
            _mm_or_si128(unblocked(on_file, b1, f1), _mm_and_si128(along, r1)),
        )
    }
}

#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}
