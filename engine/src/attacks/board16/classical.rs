//! The classical approach to 16x16 sliders, kept as the benchmark's alternative and as a second
//! implementation for the tests: a ray mask per square and direction, the first blocker found by
//! the lowest (rays towards higher squares) or highest (towards lower squares) set bit, and the
//! part of the ray beyond it removed.

use super::ray;
use crate::bitboard::{Bb256, Bitboard, Direction};
use crate::square::Square;

#[inline(always)]
fn ray_attacks(sq: Square, occupied: Bb256, dir: Direction) -> Bb256 {
    let r = ray(sq, dir);
    let blockers = r & occupied;
    let towards_higher = matches!(
        dir,
        Direction::North | Direction::East | Direction::NorthEast | Direction::NorthWest
    );
    let first = if towards_higher {
        blockers.lowest()
    } else {
        blockers.highest()
    };
    match first {
        Some(b) => r & !ray(b, dir),
        None => r,
    }
}

#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    ray_attacks(sq, occupied, Direction::North)
        | ray_attacks(sq, occupied, Direction::South)
        | ray_attacks(sq, occupied, Direction::East)
        | ray_attacks(sq, occupied, Direction::West)
}

#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    ray_attacks(sq, occupied, Direction::NorthEast)
        | ray_attacks(sq, occupied, Direction::NorthWest)
        | ray_attacks(sq, occupied, Direction::SouthEast)
        | ray_attacks(sq, occupied, Direction::SouthWest)
}

#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}
