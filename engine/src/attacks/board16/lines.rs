//! Slider attacks by line, in general registers only (the engine's sliders off x86-64; on it
//! [`super::simd`] does the same with SSE2): the occupancy of the rank, file or diagonal through
//! the slider is gathered into 16 bits (bit i = the line's square on file i, or rank i for a
//! file), the attacks along the line come from a few branch-free bit tricks on those 16 bits,
//! and the result is put back on the board. Ranks need no gathering (a rank is 16 bits of one
//! word); files and diagonals take one multiplication to gather and one table or multiplication
//! to spread. Nothing depends on where the blockers are, so the cost is the same for every
//! square and occupancy, where the classical ray walk of [`super::classical`] branches on the
//! word holding each first blocker.

use crate::bitboard::Bb256;
use crate::square::Square;

use super::tables::line_table;

/// The diagonal (index 0, towards north-east) and anti-diagonal (index 1, towards north-west)
/// through each square, the square included.
static DIAGONALS: [[Bb256; 2]; 256] = line_table();

/// The file-`a` squares of one word (ranks 4k..4k+4 of file `a`).
const FILE_A_WORD: u64 = 0x0001_0001_0001_0001;

/// Gathers a file: with word `j`'s file bits (at 16k) moved to 16k + 4j, this multiplier takes
/// bit 16k + 4j to bit 48 + 4j + k, the file's rank 4j + k. Every other partial product lands
/// below bit 48 or beyond bit 63 without colliding, so nothing carries into the result.
const GATHER_FILE: u64 = 1 << 48 | 1 << 33 | 1 << 18 | 1 << 3;

/// `NIBBLE_TO_FILE[n]`: the four bits of `n` as the file-`a` squares of one word (bit k at 16k),
/// to spread a gathered file back, four ranks at a time.
static NIBBLE_TO_FILE: [u64; 16] = {
    let mut table = [0u64; 16];
    let mut n = 0;
    while n < 16 {
        let mut k = 0;
        while k < 4 {
            if n >> k & 1 != 0 {
                table[n] |= 1 << (16 * k);
            }
            k += 1;
        }
        n += 1;
    }
    table
};

/// Attacks of a slider at position `pos` of a 16-square line with occupancy `occ` (bit i =
/// square i of the line): every square up to and including the first occupied one on each side.
#[inline(always)]
pub(super) fn line_attacks(pos: u32, occ: u32) -> u32 {
    let bit = 1u32 << pos;
    // Upwards: `x ^ (x - 1)` keeps everything up to the lowest blocker above (all when none).
    let above_mask = (bit << 1).wrapping_neg() & 0xffff;
    let above = occ & above_mask;
    let up = (above ^ above.wrapping_sub(1)) & above_mask;
    // Downwards: from the highest blocker below (square 0, the edge, when none) up to `pos`.
    let below = occ & (bit - 1);
    let last = 31 - (below | 1).leading_zeros();
    up | bit.wrapping_sub(1 << last)
}

/// The squares a slider on `sq` reaches along its rank.
#[inline(always)]
pub fn rank_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    let (file, rank) = (sq.0 & 15, sq.0 >> 4);
    Bb256::from_rank_bits(rank, line_attacks(file as u32, occupied.rank_bits(rank)))
}

/// The squares a slider on `sq` reaches along its file.
#[inline(always)]
pub fn file_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    let (file, rank) = ((sq.0 & 15) as u32, (sq.0 >> 4) as u32);
    let w = occupied.0;
    let column = |j: usize| (w[j] >> file) & FILE_A_WORD;
    let packed = column(0) | column(1) << 4 | column(2) << 8 | column(3) << 12;
    let occ = (packed.wrapping_mul(GATHER_FILE) >> 48) as u32;
    let bits = line_attacks(rank, occ) as usize;
    Bb256([
        NIBBLE_TO_FILE[bits & 15] << file,
        NIBBLE_TO_FILE[bits >> 4 & 15] << file,
        NIBBLE_TO_FILE[bits >> 8 & 15] << file,
        NIBBLE_TO_FILE[bits >> 12 & 15] << file,
    ])
}

/// The squares a slider on file `file` reaches along `line`, a diagonal through it. A diagonal
/// has one square per file, so the four masked words can be merged by OR without two squares
/// meeting, and one multiplication by the file-`a` pattern adds the four ranks of each word
/// onto bits 48..64 (one bit per file, again without collisions). Spreading back is the same
/// multiplication, copying the 16 bits onto every rank, masked by the line.
#[inline(always)]
fn diagonal_attacks(line: Bb256, file: u32, occupied: Bb256) -> Bb256 {
    let (w, m) = (occupied.0, line.0);
    let merged = w[0] & m[0] | w[1] & m[1] | w[2] & m[2] | w[3] & m[3];
    let occ = (merged.wrapping_mul(FILE_A_WORD) >> 48) as u32;
    let every_rank = (line_attacks(file, occ) as u64).wrapping_mul(FILE_A_WORD);
    Bb256([
        every_rank & m[0],
        every_rank & m[1],
        every_rank & m[2],
        every_rank & m[3],
    ])
}

/// Rook attacks: the squares a rook on `sq` reaches along its rank and file, up to and
/// including the first occupied square in each direction.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    rank_attacks(sq, occupied) | file_attacks(sq, occupied)
}

/// Bishop attacks on both diagonals through `sq`, first blockers included.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    let file = (sq.0 & 15) as u32;
    let [diag, anti] = DIAGONALS[sq.index()];
    diagonal_attacks(diag, file, occupied) | diagonal_attacks(anti, file, occupied)
}

#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}
