//! The classical ray walk, kept as the reference the others are measured against: a ray mask
//! per square and direction, the first blocker found by the lowest (rays towards higher squares)
//! or highest (towards lower squares) set bit, and the part of the ray beyond it removed. It
//! branches on the word holding each blocker, so it is fast only where those branches are
//! predicted (the parent module says what the engine uses instead).

use super::ray_attacks;
use crate::bitboard::{Bb256, Direction};
use crate::square::Square;

/// Rook attacks: the squares a rook on `sq` reaches along its rank and file, up to and
/// including the first occupied square in each direction.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bb256) -> Bb256 {
    ray_attacks(sq, occupied, Direction::North)
        | ray_attacks(sq, occupied, Direction::South)
        | ray_attacks(sq, occupied, Direction::East)
        | ray_attacks(sq, occupied, Direction::West)
}

/// Bishop attacks on both diagonals through `sq`, first blockers included.
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
