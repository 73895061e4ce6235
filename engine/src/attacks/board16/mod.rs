//! 16x16 attacks (Vanguard): leaper tables for 256 squares, masks, and slider attacks on
//! [`Bb256`].
//!
//! Rooks, bishops and queens use [`simd`] (SSE2, part of the x86-64 baseline; elsewhere the
//! scalar [`lines`] stands in): a line's occupancy, gathered into 16 bits, is tested against a
//! per-square table of what lies between the slider and each square of the line, every square
//! at once, branch-free. It is the fastest per call (2.2x to 2.7x the 8x8 magics, against 5x to
//! 6x for `lines` and 13x to 23x for the ray walk on unlearnable inputs) and in move generation:
//! Vanguard perft(4) takes 0.64 s with it against 0.76 s with the classical walk
//! ([`classical`]: a ray mask per square and direction, cut at its first blocker), whose
//! branches are well predicted there (docs/architecture.md, "16x16 sliders"). Single-direction
//! slides (pawn pushes, the Helepolis) use one ray.
//!
//! Every table is built at compile time, so lookups are plain loads with no initialisation check.

pub mod classical;
pub mod lines;
#[cfg(target_arch = "x86_64")]
pub mod simd;
/// Elsewhere the two-lane version is the scalar one.
#[cfg(not(target_arch = "x86_64"))]
pub use lines as simd;
mod tables;

pub use simd::{bishop_attacks, queen_attacks, rook_attacks};

pub use tables::{leaper_table, walk};

use super::symmetric;
use crate::bitboard::{Bb256, Bitboard, Direction};
use crate::square::Square;
use tables::{ball_table, ray_table};

/// One step in any of the 8 directions.
pub static KING: [Bb256; 256] = leaper_table(symmetric(&[(1, 0), (1, 1)]).as_slice());
/// The (1,2) leap.
pub static KNIGHT: [Bb256; 256] = leaper_table(symmetric(&[(1, 2)]).as_slice());
/// One diagonal step.
pub static FERZ: [Bb256; 256] = leaper_table(symmetric(&[(1, 1)]).as_slice());
/// One orthogonal step.
pub static WAZIR: [Bb256; 256] = leaper_table(symmetric(&[(1, 0)]).as_slice());

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

/// Slider attacks in the single direction `dir`, first blocker included: for rays towards higher
/// squares [`up_to_lowest`], for the others the ray masked beyond its highest blocker.
#[inline(always)]
pub fn ray_attacks(sq: Square, occupied: Bb256, dir: Direction) -> Bb256 {
    let r = ray(sq, dir);
    let blockers = r & occupied;
    let towards_higher = matches!(
        dir,
        Direction::North | Direction::East | Direction::NorthEast | Direction::NorthWest
    );
    if towards_higher {
        return up_to_lowest(r, occupied);
    }
    match blockers.highest() {
        Some(b) => r & !ray(b, dir),
        None => r,
    }
}

/// The squares of `ray`, a ray towards higher squares, up to and including its first square in
/// `occupied`: `x ^ (x - 1)` over the 256 bits keeps everything up to the lowest set bit of `x`
/// (all when none), without a branch or a second table lookup.
#[inline(always)]
pub fn up_to_lowest(ray: Bb256, occupied: Bb256) -> Bb256 {
    let x = (ray & occupied).0;
    // Two 128-bit halves, so that the borrow is one `sbb` chain.
    let low = x[0] as u128 | (x[1] as u128) << 64;
    let high = x[2] as u128 | (x[3] as u128) << 64;
    let low_less = low.wrapping_sub(1);
    let high_less = high.wrapping_sub((low == 0) as u128);
    let (low_mask, high_mask) = (low ^ low_less, high ^ high_less);
    ray & Bb256([
        low_mask as u64,
        (low_mask >> 64) as u64,
        high_mask as u64,
        (high_mask >> 64) as u64,
    ])
}
#[cfg(test)]
mod tests;
