//! The 8x8 bitboard: bit `i` is square `i` (a1 = bit 0, h8 = bit 63).

use super::{Bitboard, Direction};
use crate::square::{Board8, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bb64(pub u64);

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

impl Bb64 {
    #[inline(always)]
    pub const fn new(bits: u64) -> Self {
        Bb64(bits)
    }
}

impl Bitboard for Bb64 {
    type Geometry = Board8;
    const EMPTY: Self = Bb64(0);
    const FULL: Self = Bb64(!0);

    #[inline(always)]
    fn from_square(sq: Square) -> Self {
        debug_assert!(sq.0 < 64);
        Bb64(1u64 << sq.0)
    }
    #[inline(always)]
    fn has(self, sq: Square) -> bool {
        self.0 >> sq.0 & 1 != 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.count_ones()
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline(always)]
    fn lowest(self) -> Option<Square> {
        (self.0 != 0).then(|| Square(self.0.trailing_zeros() as u8))
    }
    #[inline(always)]
    fn highest(self) -> Option<Square> {
        (self.0 != 0).then(|| Square(63 - self.0.leading_zeros() as u8))
    }
    #[inline(always)]
    fn pop_lowest(&mut self) -> Option<Square> {
        let sq = self.lowest()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }
    #[inline(always)]
    fn shift(self, dir: Direction) -> Self {
        let b = self.0;
        Bb64(match dir {
            Direction::North => b << 8,
            Direction::South => b >> 8,
            Direction::East => (b & !FILE_H) << 1,
            Direction::West => (b & !FILE_A) >> 1,
            Direction::NorthEast => (b & !FILE_H) << 9,
            Direction::NorthWest => (b & !FILE_A) << 7,
            Direction::SouthEast => (b & !FILE_H) >> 7,
            Direction::SouthWest => (b & !FILE_A) >> 9,
        })
    }
    #[inline(always)]
    fn file_mask(file: u8) -> Self {
        Bb64(FILE_A << file)
    }
    #[inline(always)]
    fn rank_mask(rank: u8) -> Self {
        Bb64(0xff << (8 * rank))
    }
}

macro_rules! bb64_binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bb64 {
            type Output = Bb64;
            #[inline(always)]
            fn $f(self, rhs: Bb64) -> Bb64 {
                Bb64(self.0 $op rhs.0)
            }
        }
        impl $atr for Bb64 {
            #[inline(always)]
            fn $af(&mut self, rhs: Bb64) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bb64_binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bb64_binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bb64_binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bb64 {
    type Output = Bb64;
    #[inline(always)]
    fn not(self) -> Bb64 {
        Bb64(!self.0)
    }
}

/// Prints the board rank 8 first, `x` for a set square.
impl fmt::Debug for Bb64 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bb64({:#018x})", self.0)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let c = if self.has(Square(rank * 8 + file)) {
                    'x'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
