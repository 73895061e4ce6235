//! Slider attacks by line, two lines at a time in the two 64-bit lanes of an SSE2 register
//! (part of the x86-64 baseline, so no target feature is needed). The scalar [`super::lines`]
//! spends about a hundred instructions on a bishop and more on a rook, and the processor already
//! runs it at five instructions a cycle, so only fewer instructions make it faster: here one set
//! of bit tricks serves both diagonals of a bishop, or the rank and the file of a rook.
//!
//! A board is two registers (words 0-1 and 2-3). A line with one square per file (a rank or a
//! diagonal) is gathered by masking and folding the four 16-bit ranks of each word onto one; a
//! file by shifting it to file `a` and folding its four squares per word into a nibble. The
//! 16-bit line attacks are the ones of [`super::lines::line_attacks`], done per lane: upwards
//! `x ^ (x - 1)`, downwards a smear of the blockers below (the lanes' own 64 bits hold them, so
//! nothing crosses between lines).

use core::arch::x86_64::{
    __m128i, _mm_add_epi64, _mm_and_si128, _mm_andnot_si128, _mm_cvtsi128_si64, _mm_cvtsi32_si128,
    _mm_extract_epi16, _mm_mul_epu32, _mm_or_si128, _mm_set1_epi64x, _mm_set_epi64x,
    _mm_shufflehi_epi16, _mm_shufflelo_epi16, _mm_sll_epi64, _mm_slli_epi64, _mm_srl_epi64,
    _mm_srli_epi64, _mm_unpackhi_epi64, _mm_unpacklo_epi64, _mm_xor_si128,
};

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

/// Per square, the two lines of a bishop, each as words 0-1 and 2-3:
/// `[diagonal 0-1, diagonal 2-3, anti-diagonal 0-1, anti-diagonal 2-3]`.
static BISHOP: [[Pair; 4]; 256] = {
    let lines = line_table();
    let mut t = [[Pair([0; 2]); 4]; 256];
    let mut sq = 0;
    while sq < 256 {
        let (d, a) = (lines[sq][0].0, lines[sq][1].0);
        t[sq] = [
            Pair([d[0], d[1]]),
            Pair([d[2], d[3]]),
            Pair([a[0], a[1]]),
            Pair([a[2], a[3]]),
        ];
        sq += 1;
    }
    t
};

/// The line squares above and below position `pos` (bits `pos + 1..16` and `0..pos`).
const fn sides(pos: usize) -> (u64, u64) {
    (0xffff & !((2 << pos) - 1), (1 << pos) - 1)
}

/// Per file, the sides of a bishop's two lines (both are indexed by file): `[above, below]`.
static BISHOP_SIDES: [[Pair; 2]; 16] = {
    let mut t = [[Pair([0; 2]); 2]; 16];
    let mut f = 0;
    while f < 16 {
        let (above, below) = sides(f);
        t[f] = [Pair([above; 2]), Pair([below; 2])];
        f += 1;
    }
    t
};

/// Per square, a rook's rank (words 0-1, 2-3) and the sides of its two lines, rank in lane 0
/// (indexed by file) and file in lane 1 (indexed by rank): `[rank 0-1, rank 2-3, above, below]`.
static ROOK: [[Pair; 4]; 256] = {
    let mut t = [[Pair([0; 2]); 4]; 256];
    let mut sq = 0;
    while sq < 256 {
        let (file, rank) = (sq % 16, sq / 16);
        let mut words = [0u64; 4];
        words[rank / 4] = 0xffff << (16 * (rank % 4));
        let ((fa, fb), (ra, rb)) = (sides(file), sides(rank));
        t[sq] = [
            Pair([words[0], words[1]]),
            Pair([words[2], words[3]]),
            Pair([fa, ra]),
            Pair([fb, rb]),
        ];
        sq += 1;
    }
    t
};

/// The file-`a` squares of one word, in both lanes.
const FILE_A: u64 = 0x0001_0001_0001_0001;

/// Spreads 8 line bits `4j + k` (j = 0, 1) to bit `16k + 4j`: bit `i` lands at `i + 15a` for
/// `a` = 0..4, and with `i < 8` no two of those meet, so nothing carries.
const SPREAD_FILE: u64 = 1 | 1 << 15 | 1 << 30 | 1 << 45;

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

/// The 16-bit line attacks of each lane: `occ` is the line's occupancy (bits above 15 ignored),
/// `above` and `below` the line squares on each side of the slider.
#[inline(always)]
fn line_attacks(occ: __m128i, above: __m128i, below: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 processor has it.
    unsafe {
        let a = _mm_and_si128(occ, above);
        let up = _mm_and_si128(
            _mm_xor_si128(a, _mm_add_epi64(a, _mm_set1_epi64x(-1))),
            above,
        );
        // Every square from the highest blocker below down to square 0; the slide stops there.
        let mut s = _mm_and_si128(occ, below);
        s = _mm_or_si128(s, _mm_srli_epi64::<1>(s));
        s = _mm_or_si128(s, _mm_srli_epi64::<2>(s));
        s = _mm_or_si128(s, _mm_srli_epi64::<4>(s));
        s = _mm_or_si128(s, _mm_srli_epi64::<8>(s));
        let down = _mm_andnot_si128(_mm_srli_epi64::<1>(s), below);
        _mm_or_si128(up, down)
    }
}

/// Bishop attacks on both diagonals through `sq`, first blockers included.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 processor has it.
    unsafe {
        let (v0, v1) = split(occupied);
        let [d0, d1, a0, a1] = BISHOP[sq.index()].map(|p| p.get());
        let [above, below] = BISHOP_SIDES[(sq.0 & 15) as usize].map(|p| p.get());
        // Each line's two word pairs merged, then the two lines side by side, one per lane.
        let d = _mm_or_si128(_mm_and_si128(v0, d0), _mm_and_si128(v1, d1));
        let a = _mm_or_si128(_mm_and_si128(v0, a0), _mm_and_si128(v1, a1));
        let mut m = _mm_or_si128(_mm_unpacklo_epi64(d, a), _mm_unpackhi_epi64(d, a));
        // One square per file: the four ranks of a word fold onto the lowest without meeting.
        m = _mm_or_si128(m, _mm_srli_epi64::<32>(m));
        m = _mm_or_si128(m, _mm_srli_epi64::<16>(m));
        let att = line_attacks(m, above, below);
        // Copied onto every rank of its lane and masked by its line.
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

/// Rook attacks along the rank (lane 0) and the file (lane 1) of `sq`, first blockers included.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 processor has it.
    unsafe {
        let (v0, v1) = split(occupied);
        let (file, rank) = ((sq.0 & 15) as i32, (sq.0 >> 4) as i32);
        let [r0, r1, above, below] = ROOK[sq.index()].map(|p| p.get());
        let file_shift = _mm_cvtsi32_si128(file);
        let file_a = _mm_set1_epi64x(FILE_A as i64);
        // The rank: its one word, shifted down to bits 0..16.
        let r = _mm_or_si128(_mm_and_si128(v0, r0), _mm_and_si128(v1, r1));
        let r = _mm_srl_epi64(r, _mm_cvtsi32_si128(16 * (rank & 3)));
        // The file, moved to file `a`: words 0 and 2 in bits 16k, 1 and 3 in bits 16k + 8, and
        // each word's four squares folded into a nibble (bit 16k + c to bit k + c).
        let f0 = _mm_and_si128(_mm_srl_epi64(v0, file_shift), file_a);
        let f1 = _mm_and_si128(_mm_srl_epi64(v1, file_shift), file_a);
        let mut f = _mm_or_si128(f0, _mm_slli_epi64::<8>(f1));
        f = _mm_or_si128(f, _mm_srli_epi64::<15>(f));
        f = _mm_or_si128(f, _mm_srli_epi64::<30>(f));
        // Lane 1 (words 1 and 3) moves up a nibble: a multiplication by 16 in that lane only.
        let f = _mm_mul_epu32(f, _mm_set_epi64x(16, 1));
        let occ = _mm_or_si128(_mm_unpacklo_epi64(r, f), _mm_unpackhi_epi64(r, f));
        let att = line_attacks(occ, above, below);
        // The rank's 16 bits onto every rank, masked by the slider's.
        let every = _mm_shufflelo_epi16::<0>(att);
        let every = _mm_unpacklo_epi64(every, every);
        let rank_lo = _mm_and_si128(every, r0);
        let rank_hi = _mm_and_si128(every, r1);
        // The file's 16 bits: ranks 0..8 and 8..16 spread to bit 16k + 4j (rank 4j + k), then
        // words 0 and 2 keep j = 0, words 1 and 3 j = 1, and all move back to the file.
        let bits = _mm_extract_epi16::<4>(att) as u64;
        let z = _mm_set_epi64x(
            ((bits >> 8) * SPREAD_FILE) as i64,
            ((bits & 0xff) * SPREAD_FILE) as i64,
        );
        let even = _mm_sll_epi64(_mm_and_si128(z, file_a), file_shift);
        let odd = _mm_sll_epi64(_mm_and_si128(_mm_srli_epi64::<4>(z), file_a), file_shift);
        join(
            _mm_or_si128(rank_lo, _mm_unpacklo_epi64(even, odd)),
            _mm_or_si128(rank_hi, _mm_unpackhi_epi64(even, odd)),
        )
    }
}

#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}
