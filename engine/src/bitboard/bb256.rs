//! The 16x16 bitboard: four `u64` words, word `i` holding ranks `4i..4i+4` (16 bits a rank), so
//! square `s` is bit `s % 64` of word `s / 64` and one-step shifts are small multi-word shifts.

use super::{Bitboard, Direction};
use crate::square::{Board16, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bb256(pub [u64; 4]);

const FILE_A_WORD: u64 = 0x0001_0001_0001_0001;
const FILE_A: Bb256 = Bb256([FILE_A_WORD; 4]);
const FILE_P: Bb256 = Bb256([FILE_A_WORD << 15; 4]);

/// Multiplier gathering the four file-`a` bits of a word (bits 0, 16, 32, 48) into bits 48..52.
/// The sixteen partial products land on distinct bits, so nothing carries.
const GATHER_FILE: u64 = 1 << 48 | 1 << 33 | 1 << 18 | 1 << 3;
/// Multiplier spreading a nibble (bits 0..4) onto the file-`a` bits of a word, the inverse of
/// [`GATHER_FILE`]; again the partial products never collide.
const SPREAD_FILE: u64 = 1 | 1 << 15 | 1 << 30 | 1 << 45;

impl Bb256 {
    #[inline(always)]
    pub const fn new(words: [u64; 4]) -> Self {
        Bb256(words)
    }

    /// The one-square set, usable in constant tables (the trait method is not `const`).
    #[inline(always)]
    pub const fn square(sq: Square) -> Self {
        Bb256::word_at(sq.0 >> 6, 1u64 << (sq.0 & 63))
    }

    /// The set whose word `index` (0..4) is `word`, the others empty. Each word is selected with
    /// a mask rather than stored at a variable index: a variable store followed by the vector
    /// loads of the next operation stalls store forwarding, which cost a third of the time of
    /// the 16x16 slider attacks.
    #[inline(always)]
    const fn word_at(index: u8, word: u64) -> Self {
        const fn pick(word: u64, index: u8, want: u8) -> u64 {
            word & 0u64.wrapping_sub((index == want) as u64)
        }
        Bb256([
            pick(word, index, 0),
            pick(word, index, 1),
            pick(word, index, 2),
            pick(word, index, 3),
        ])
    }

    /// Union, usable in constant tables.
    #[inline(always)]
    pub const fn union(self, other: Bb256) -> Self {
        let (a, b) = (self.0, other.0);
        Bb256([a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]])
    }

    /// Membership, usable in constant tables.
    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        self.0[sq.0 as usize >> 6] >> (sq.0 & 63) & 1 != 0
    }

    /// Whether the two sets share a square (cheaper than `(a & b).any()`).
    #[inline(always)]
    pub fn intersects(self, other: Bb256) -> bool {
        let (a, b) = (self.0, other.0);
        (a[0] & b[0]) | (a[1] & b[1]) | (a[2] & b[2]) | (a[3] & b[3]) != 0
    }

    /// The 16 squares of rank `rank` as bits 0..16, file `a` lowest.
    #[inline(always)]
    pub const fn rank_bits(self, rank: u8) -> u32 {
        (self.0[rank as usize >> 2] >> ((rank & 3) * 16)) as u32 & 0xffff
    }

    /// The set holding `bits` (file `a` lowest, only the low 16 used) on rank `rank`.
    #[inline(always)]
    pub const fn from_rank_bits(rank: u8, bits: u32) -> Self {
        Bb256::word_at(rank >> 2, ((bits & 0xffff) as u64) << ((rank & 3) * 16))
    }

    /// The 16 squares of file `file` as bits 0..16, rank 1 lowest.
    #[inline(always)]
    pub const fn file_bits(self, file: u8) -> u32 {
        const fn nib(x: u64, file: u8) -> u32 {
            (((x >> file) & FILE_A_WORD).wrapping_mul(GATHER_FILE) >> 48) as u32
        }
        let w = self.0;
        nib(w[0], file) | nib(w[1], file) << 4 | nib(w[2], file) << 8 | nib(w[3], file) << 12
    }

    /// The set holding `bits` (rank 1 lowest, only the low 16 used) on file `file`.
    #[inline(always)]
    pub const fn from_file_bits(file: u8, bits: u32) -> Self {
        const fn spread(nib: u32, file: u8) -> u64 {
            (((nib & 0xf) as u64).wrapping_mul(SPREAD_FILE) & FILE_A_WORD) << file
        }
        Bb256([
            spread(bits, file),
            spread(bits >> 4, file),
            spread(bits >> 8, file),
            spread(bits >> 12, file),
        ])
    }

    /// Projects the squares of `self` inside `line` onto their files: bit `f` is set when the
    /// square of `line` on file `f` is in `self`. `line` must hold at most one square per file
    /// (a rank or a diagonal), which keeps the multiplications free of carries.
    #[inline(always)]
    pub const fn line_bits(self, line: Bb256) -> u32 {
        const fn proj(x: u64) -> u32 {
            (x.wrapping_mul(FILE_A_WORD) >> 48) as u32
        }
        let (w, m) = (self.0, line.0);
        proj(w[0] & m[0]) | proj(w[1] & m[1]) | proj(w[2] & m[2]) | proj(w[3] & m[3])
    }

    /// The inverse of [`Bb256::line_bits`]: the squares of `line` whose files are set in `bits`.
    #[inline(always)]
    pub const fn from_line_bits(line: Bb256, bits: u32) -> Self {
        let every_rank = ((bits & 0xffff) as u64).wrapping_mul(FILE_A_WORD);
        let m = line.0;
        Bb256([
            every_rank & m[0],
            every_rank & m[1],
            every_rank & m[2],
            every_rank & m[3],
        ])
    }

    /// Shift towards higher squares by `n` bits, `0 < n < 64`.
    #[inline(always)]
    fn shl(self, n: u32) -> Self {
        let w = self.0;
        Bb256([
            w[0] << n,
            w[1] << n | w[0] >> (64 - n),
            w[2] << n | w[1] >> (64 - n),
            w[3] << n | w[2] >> (64 - n),
        ])
    }

    /// Shift towards lower squares by `n` bits, `0 < n < 64`.
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        let w = self.0;
        Bb256([
            w[0] >> n | w[1] << (64 - n),
            w[1] >> n | w[2] << (64 - n),
            w[2] >> n | w[3] << (64 - n),
            w[3] >> n,
        ])
    }
}

impl Bitboard for Bb256 {
    type Geometry = Board16;
    const EMPTY: Self = Bb256([0; 4]);
    const FULL: Self = Bb256([!0; 4]);

    #[inline(always)]
    fn from_square(sq: Square) -> Self {
        Bb256::square(sq)
    }
    #[inline(always)]
    fn has(self, sq: Square) -> bool {
        self.0[sq.index() >> 6] >> (sq.0 & 63) & 1 != 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
    #[inline(always)]
    fn lowest(self) -> Option<Square> {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return Some(Square((i as u32 * 64 + w.trailing_zeros()) as u8));
            }
        }
        None
    }
    #[inline(always)]
    fn highest(self) -> Option<Square> {
        for i in (0..4).rev() {
            let w = self.0[i];
            if w != 0 {
                return Some(Square((i as u32 * 64 + 63 - w.leading_zeros()) as u8));
            }
        }
        None
    }
    #[inline(always)]
    fn pop_lowest(&mut self) -> Option<Square> {
        for i in 0..4 {
            let w = self.0[i];
            if w != 0 {
                self.0[i] = w & (w - 1);
                return Some(Square((i as u32 * 64 + w.trailing_zeros()) as u8));
            }
        }
        None
    }
    #[inline(always)]
    fn shift(self, dir: Direction) -> Self {
        match dir {
            Direction::North => self.shl(16),
            Direction::South => self.shr(16),
            Direction::East => (self & !FILE_P).shl(1),
            Direction::West => (self & !FILE_A).shr(1),
            Direction::NorthEast => (self & !FILE_P).shl(17),
            Direction::NorthWest => (self & !FILE_A).shl(15),
            Direction::SouthEast => (self & !FILE_P).shr(15),
            Direction::SouthWest => (self & !FILE_A).shr(17),
        }
    }
    #[inline(always)]
    fn file_mask(file: u8) -> Self {
        Bb256([FILE_A_WORD << file; 4])
    }
    #[inline(always)]
    fn rank_mask(rank: u8) -> Self {
        Bb256::from_rank_bits(rank, 0xffff)
    }
}

macro_rules! bb256_binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bb256 {
            type Output = Bb256;
            #[inline(always)]
            fn $f(self, rhs: Bb256) -> Bb256 {
                let (a, b) = (self.0, rhs.0);
                Bb256([a[0] $op b[0], a[1] $op b[1], a[2] $op b[2], a[3] $op b[3]])
            }
        }
        impl $atr for Bb256 {
            #[inline(always)]
            fn $af(&mut self, rhs: Bb256) {
                *self = *self $op rhs;
            }
        }
    };
}
bb256_binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bb256_binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bb256_binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bb256 {
    type Output = Bb256;
    #[inline(always)]
    fn not(self) -> Bb256 {
        let w = self.0;
        Bb256([!w[0], !w[1], !w[2], !w[3]])
    }
}

/// Prints the board rank 16 first, `x` for a set square.
impl fmt::Debug for Bb256 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bb256({:#x?})", self.0)?;
        for rank in (0..16u16).rev() {
            for file in 0..16u16 {
                let c = if self.has(Square((rank * 16 + file) as u8)) {
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
