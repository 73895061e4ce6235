//! Bitboards: one bit per square. [`Bb64`] (a `u64`) covers 8x8 boards and [`Bb256`] (`[u64; 4]`)
//! covers 16x16. Both implement [`Bitboard`], so code written once over the trait serves both, and
//! both pass the same generic test suite (see `tests.rs`).

mod bb256;
mod bb64;
#[cfg(test)]
mod tests;

pub use bb256::Bb256;
pub use bb64::Bb64;

use crate::square::{Geometry, Square};
use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// Runs `f` compiled for the POPCNT instruction where the CPU has it. Counting legal moves
/// (perft's last ply) is mostly population counts, which the portable x86-64 baseline spells
/// as a dozen instructions each; `f` (with what it inlines) is built a second time with the
/// feature and that copy runs when the CPU is found to support it. Mark the closure
/// `#[inline(always)]`: one too large to inline would be built once, without the feature.
#[inline(always)]
pub fn with_popcnt<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        #[target_feature(enable = "popcnt")]
        fn run<R>(f: impl FnOnce() -> R) -> R {
            f()
        }
        // SAFETY: the CPU has just been found to support the feature.
        return unsafe { run(f) };
    }
    f()
}

/// The eight directions of the board, as (file, rank) steps. North is towards higher ranks.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Direction {
    North,
    South,
    East,
    West,
    NorthEast,
    NorthWest,
    SouthEast,
    SouthWest,
}

impl Direction {
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];
    pub const DIAGONAL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    /// (file step, rank step).
    #[inline(always)]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::South => (0, -1),
            Direction::East => (1, 0),
            Direction::West => (-1, 0),
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
        }
    }

    #[inline(always)]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
            Direction::NorthEast => Direction::SouthWest,
            Direction::NorthWest => Direction::SouthEast,
            Direction::SouthEast => Direction::NorthWest,
            Direction::SouthWest => Direction::NorthEast,
        }
    }
}

/// A set of squares on the board `Self::Geometry`.
///
/// Every operation is total: shifts drop bits that leave the board (no wrap-around between files),
/// and iteration yields squares in increasing index order.
pub trait Bitboard:
    Copy
    + Eq
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    type Geometry: Geometry;
    const EMPTY: Self;
    const FULL: Self;

    fn from_square(sq: Square) -> Self;
    fn has(self, sq: Square) -> bool;
    fn count(self) -> u32;
    fn is_empty(self) -> bool;
    /// The square with the lowest index, if any.
    fn lowest(self) -> Option<Square>;
    /// The square with the highest index, if any.
    fn highest(self) -> Option<Square>;
    /// Removes and returns the lowest square.
    fn pop_lowest(&mut self) -> Option<Square>;
    /// Every square moved one step in `dir`; squares that would leave the board vanish.
    fn shift(self, dir: Direction) -> Self;
    /// All squares of file `file` (0-based).
    fn file_mask(file: u8) -> Self;
    /// All squares of rank `rank` (0-based).
    fn rank_mask(rank: u8) -> Self;

    #[inline(always)]
    fn set(&mut self, sq: Square) {
        *self |= Self::from_square(sq);
    }
    #[inline(always)]
    fn clear(&mut self, sq: Square) {
        *self &= !Self::from_square(sq);
    }
    #[inline(always)]
    fn toggle(&mut self, sq: Square) {
        *self ^= Self::from_square(sq);
    }
    #[inline(always)]
    fn any(self) -> bool {
        !self.is_empty()
    }
    /// True when more than one square is set.
    #[inline(always)]
    fn several(self) -> bool {
        self.count() > 1
    }
    /// Iterates the squares in increasing index order.
    #[inline(always)]
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }
    /// Every square `n` steps in `dir` (shifting `n` times).
    #[inline(always)]
    fn shift_n(self, dir: Direction, n: u32) -> Self {
        let mut b = self;
        for _ in 0..n {
            b = b.shift(dir);
        }
        b
    }
}

/// Iterator over the squares of a bitboard, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares<B>(B);

impl<B: Bitboard> Iterator for Squares<B> {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_lowest()
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bitboard> ExactSizeIterator for Squares<B> {}
