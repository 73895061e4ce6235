//! 16x16 attacks (Vanguard): leaper tables for 256 squares, masks, and slider attacks on
//! [`Bb256`].
//!
//! Sliders use per-line 16-bit occupancy: the occupancy of the rank, file or diagonal through the
//! slider is gathered into 16 bits (one bit per square of the line), the attacks along the line are
//! computed with two bit tricks, and the result is spread back onto the board. Benchmarked against
//! the classical ray-mask approach ([`classical`]), it is about twice as fast and free of
//! data-dependent branches (see `benches/board16.rs` and docs/variants/vanguard.md).
//!
//! Every table is built at compile time, so lookups are plain loads with no initialisation check.

pub mod classical;
mod tables;

pub use tables::leaper_table;

use crate::bitboard::{Bb256, Direction};
use crate::square::Square;
use tables::{ball_table, line_table, ray_table};

/// One step in any of the 8 directions.
pub static KING: [Bb256; 256] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
/// The (1,2) leap.
pub static KNIGHT: [Bb256; 256] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
/// One diagonal step.
pub static FERZ: [Bb256; 256] = leaper_table(&[(1, 1), (-1, 1), (-1, -1), (1, -1)]);
/// One orthogonal step.
pub static WAZIR: [Bb256; 256] = leaper_table(&[(1, 0), (0, 1), (-1, 0), (0, -1)]);

/// The diagonal (index 0, towards north-east) and anti-diagonal (index 1, towards north-west)
/// through each square, the square included.
static DIAGONALS: [[Bb256; 2]; 256] = line_table();
/// `RAYS[dir][sq]`: the squares strictly beyond `sq` in direction `dir` (as `Direction as usize`).
static RAYS: [[Bb256; 256]; 8] = ray_table();
/// `BALLS[r][sq]`: the squares within Chebyshev distance `r` of `sq` (0 <= r <= 4), `sq` included.
static BALLS: [[Bb256; 256]; 5] = ball_table();

#[inline(always)]
pub fn king_attacks(sq: Square) -> Bb256 {
    KING[sq.index()]
}

#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bb256 {
    KNIGHT[sq.index()]
}

/// The squares strictly beyond `sq` in direction `dir`, to the edge.
#[inline(always)]
pub fn ray(sq: Square, dir: Direction) -> Bb256 {
    RAYS[dir as usize][sq.index()]
}

/// The squares within Chebyshev (king-move) distance `radius` of `sq`, `sq` included. `radius`
/// must be at most 4: the slides of limited range on this board reach no further.
#[inline(always)]
pub fn ball(sq: Square, radius: u8) -> Bb256 {
    BALLS[radius as usize][sq.index()]
}

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

/// Slider attacks in the single direction `dir`, first blocker included.
#[inline(always)]
pub fn ray_attacks(sq: Square, occupied: Bb256, dir: Direction) -> Bb256 {
    let lines = match dir {
        Direction::North | Direction::South | Direction::East | Direction::West => {
            rook_attacks(sq, occupied)
        }
        _ => bishop_attacks(sq, occupied),
    };
    lines & ray(sq, dir)
}

#[cfg(test)]
mod tests;
