//! Squares of 8x8 and 16x16 boards.
//!
//! A square is an index `rank * width + file` (a1 = 0, b1 = 1, ...), so it fits in a `u8` on both
//! boards (16x16 has exactly 256 squares). The width lives in the board's [`Geometry`], not in the
//! square, so one small value type serves every variant.

use std::fmt;

/// A board shape: width and height in squares, at most 16 each.
pub trait Geometry: Copy + Eq + Send + Sync + 'static {
    const FILES: u8;
    const RANKS: u8;
    const SQUARES: usize = Self::FILES as usize * Self::RANKS as usize;
}

/// The 8x8 board of orthodox chess and four of the variants.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Board8;
impl Geometry for Board8 {
    const FILES: u8 = 8;
    const RANKS: u8 = 8;
}

/// The 16x16 board of Vanguard Chess.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Board16;
impl Geometry for Board16 {
    const FILES: u8 = 16;
    const RANKS: u8 = 16;
}

/// A square index on some board. Which board is the caller's knowledge (see [`Geometry`]).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Square(pub u8);

impl Square {
    #[inline(always)]
    pub const fn new(index: u8) -> Self {
        Square(index)
    }
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The square at `file`, `rank` (both 0-based) on board `G`.
    #[inline(always)]
    pub const fn from_coords<G: Geometry>(file: u8, rank: u8) -> Self {
        Square(rank * G::FILES + file)
    }
    #[inline(always)]
    pub const fn file<G: Geometry>(self) -> u8 {
        self.0 % G::FILES
    }
    #[inline(always)]
    pub const fn rank<G: Geometry>(self) -> u8 {
        self.0 / G::FILES
    }
    /// The square `df` files and `dr` ranks away, or `None` off the board.
    #[inline(always)]
    pub const fn offset<G: Geometry>(self, df: i8, dr: i8) -> Option<Self> {
        let f = self.file::<G>() as i8 + df;
        let r = self.rank::<G>() as i8 + dr;
        if f < 0 || r < 0 || f >= G::FILES as i8 || r >= G::RANKS as i8 {
            None
        } else {
            Some(Self::from_coords::<G>(f as u8, r as u8))
        }
    }
    /// The same square seen from the other side (rank mirrored).
    #[inline(always)]
    pub const fn flip_rank<G: Geometry>(self) -> Self {
        Self::from_coords::<G>(self.file::<G>(), G::RANKS - 1 - self.rank::<G>())
    }

    /// Parses algebraic notation (`e4`, `p16`) on board `G`. Ranks have no leading zero.
    pub fn parse<G: Geometry>(s: &str) -> Option<Self> {
        let (sq, rest) = Self::parse_prefix::<G>(s)?;
        rest.is_empty().then_some(sq)
    }

    /// Parses a square at the start of `s`, returning it and the rest of the string. A rank is
    /// taken greedily (`a16` is a16 on 16x16, but `a1` followed by `6...` on 8x8).
    pub fn parse_prefix<G: Geometry>(s: &str) -> Option<(Self, &str)> {
        let bytes = s.as_bytes();
        let file = bytes.first()?.checked_sub(b'a')?;
        if file >= G::FILES {
            return None;
        }
        let d1 = bytes.get(1)?.checked_sub(b'0').filter(|d| *d <= 9)?;
        if d1 == 0 {
            return None;
        }
        let mut rank = d1;
        let mut len = 2;
        if let Some(d2) = bytes
            .get(2)
            .and_then(|b| b.checked_sub(b'0'))
            .filter(|d| *d <= 9)
        {
            let two = d1 * 10 + d2;
            if two <= G::RANKS {
                rank = two;
                len = 3;
            }
        }
        if rank > G::RANKS {
            return None;
        }
        Some((Self::from_coords::<G>(file, rank - 1), &s[len..]))
    }

    /// Algebraic name on board `G`.
    pub fn display<G: Geometry>(self) -> SquareName {
        SquareName {
            file: self.file::<G>(),
            rank: self.rank::<G>(),
        }
    }
}

/// A square with its board's coordinates, ready to print (`e4`, `p16`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SquareName {
    file: u8,
    rank: u8,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({})", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        let e4 = Square::parse::<Board8>("e4").unwrap();
        assert_eq!(e4, Square(28));
        assert_eq!((e4.file::<Board8>(), e4.rank::<Board8>()), (4, 3));
        assert_eq!(e4.display::<Board8>().to_string(), "e4");
        let p16 = Square::parse::<Board16>("p16").unwrap();
        assert_eq!(p16, Square(255));
        assert_eq!(p16.display::<Board16>().to_string(), "p16");
        assert_eq!(Square::parse::<Board16>("a10"), Some(Square(144)));
    }

    #[test]
    fn bad_squares_are_rejected() {
        for s in ["", "e", "e0", "i1", "e9", "a17", "q1", "a01", "E4", "e4x"] {
            let g = if s.starts_with('a') || s.starts_with('q') {
                "16"
            } else {
                "8"
            };
            let parsed = if g == "16" {
                Square::parse::<Board16>(s)
            } else {
                Square::parse::<Board8>(s)
            };
            assert_eq!(parsed, None, "{s} on {g}x{g}");
        }
    }

    #[test]
    fn prefix_parsing_is_greedy_on_16x16() {
        let (sq, rest) = Square::parse_prefix::<Board16>("a1a16").unwrap();
        assert_eq!((sq, rest), (Square(0), "a16"));
        let (sq, rest) = Square::parse_prefix::<Board16>("h10h1").unwrap();
        assert_eq!(
            (sq.display::<Board16>().to_string(), rest),
            ("h10".to_string(), "h1")
        );
    }

    #[test]
    fn offsets_stop_at_the_edge() {
        let h1 = Square::parse::<Board8>("h1").unwrap();
        assert_eq!(h1.offset::<Board8>(1, 0), None);
        assert_eq!(h1.offset::<Board8>(-1, 1), Square::parse::<Board8>("g2"));
        assert_eq!(Square(0).flip_rank::<Board16>(), Square(240));
    }
}
