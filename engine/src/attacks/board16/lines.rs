//! Per-line 16-bit occupancy sliders, kept as the benchmark's alternative to the classical
//! approach of the parent module and as a second implementation for the tests. The occupancy of
//! the rank, file or diagonal through the slider is gathered into 16 bits (one per square of the
//! line) with carry-free multiplications, the attacks along the line come from two bit tricks,
//! and the result is spread back onto the board.

use crate::bitboard::Bb256;
use crate::square::Square;

use super::tables::line_table;

/// The diagonal (index 0, towards north-east) and anti-diagonal (index 1, towards north-west)
/// through each square, the square included.
static DIAGONALS: [[Bb256; 2]; 256] = line_table();

/// Attacks of a slider at position `pos` of a 16-square line with occupancy `occ` (bit i = square
/// i of the line): every square up to and including the first occupied one on each side.
#[inline(always)]
fn line_attacks(pos: u32, occ: u32) -> u32 {
    let bit = 1u32 << pos;
    // Upwards: the lowest blocker above `pos`; with none, `first - 1` is all ones.
    let above = occ & !(bit | (bit - 1));
    let first = above & above.wrapping_neg();
    let up = (first.wrapping_sub(1) | first) & !(bit | (bit - 1));
    // Downwards: the highest blocker below `pos`, or square 0 (the edge) when there is none.
    let below = occ & (bit - 1);
    let last = 31 - (below | 1).leading_zeros();
    let down = (bit - 1) & !((1u32 << last) - 1);
    (up | down) & 0xffff
}

/// Rook attacks: the squares a rook on `sq` reaches along its rank and file, up to and
/// including the first occupied square in each direction.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    let (file, rank) = (sq.0 & 15, sq.0 >> 4);
    let along_rank = line_attacks(file as u32, occupied.rank_bits(rank));
    let along_file = line_attacks(rank as u32, occupied.file_bits(file));
    Bb256::from_rank_bits(rank, along_rank) | Bb256::from_file_bits(file, along_file)
}

/// Bishop attacks on both diagonals through `sq`, first blockers included.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    let file = (sq.0 & 15) as u32;
    let [diag, anti] = DIAGONALS[sq.index()];
    let d = line_attacks(file, occupied.line_bits(diag));
    let a = line_attacks(file, occupied.line_bits(anti));
    Bb256::from_line_bits(diag, d) | Bb256::from_line_bits(anti, a)
}

#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}
