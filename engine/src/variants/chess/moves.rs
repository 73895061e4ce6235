//! The compact move: 16 bits of from, to and kind, with a free niche so `Option<Move>` is 2 bytes.

use super::types::Role;
use crate::square::{Board8, Square};
use std::fmt;
use std::num::NonZeroU16;

/// A caller-owned list of moves: no position has more than 218 legal moves.
pub type MoveList = arrayvec::ArrayVec<Move, 256>;

/// What a move does beyond going from one square to another. The code is the move's top four
/// bits: bit 2 = capture, bit 3 = promotion, bits 0-1 = promotion role (knight..queen).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum MoveKind {
    Quiet = 0,
    DoublePush = 1,
    /// Castling, encoded as the king's move (`e1g1`); under the Chess960 rules as the king's
    /// move onto its own rook (`e1h1`), since there the king may not move at all.
    CastleKingSide = 2,
    CastleQueenSide = 3,
    Capture = 4,
    EnPassant = 5,
    Promotion = 8,
    PromotionCapture = 12,
}

/// A move of orthodox chess. Castling is the king's two-square move; the rook's move is implied.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU16);

impl MoveKind {
    /// The castling to the king (`true`) or queen side.
    #[inline(always)]
    pub const fn castle(king_side: bool) -> MoveKind {
        if king_side {
            MoveKind::CastleKingSide
        } else {
            MoveKind::CastleQueenSide
        }
    }
}

impl Move {
    pub(crate) const CAPTURE_BIT: u16 = 4;
    const PROMOTION_BIT: u16 = 8;

    /// A move from its parts; `kind` code as in [`MoveKind`]. From and to differ in every real
    /// move, so the bits are never zero.
    #[inline(always)]
    pub(crate) const fn from_parts(from: Square, to: Square, code: u16) -> Move {
        let bits = from.0 as u16 | (to.0 as u16) << 6 | code << 12;
        debug_assert!(from.0 != to.0 && from.0 < 64 && to.0 < 64);
        match NonZeroU16::new(bits) {
            Some(b) => Move(b),
            None => Move(NonZeroU16::MIN),
        }
    }

    /// A move that is not a promotion.
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move::from_parts(from, to, kind as u16)
    }

    /// A promotion to `role` (knight, bishop, rook or queen), capturing or not.
    pub const fn promotion(from: Square, to: Square, role: Role, capture: bool) -> Move {
        let code =
            Self::PROMOTION_BIT | (role as u16 - 1) | if capture { Self::CAPTURE_BIT } else { 0 };
        Move::from_parts(from, to, code)
    }

    #[inline(always)]
    pub const fn from(self) -> Square {
        Square((self.0.get() & 63) as u8)
    }

    #[inline(always)]
    pub const fn to(self) -> Square {
        Square((self.0.get() >> 6 & 63) as u8)
    }

    #[inline(always)]
    const fn code(self) -> u16 {
        self.0.get() >> 12
    }

    pub const fn kind(self) -> MoveKind {
        match self.code() {
            0 => MoveKind::Quiet,
            1 => MoveKind::DoublePush,
            2 => MoveKind::CastleKingSide,
            3 => MoveKind::CastleQueenSide,
            4 => MoveKind::Capture,
            5 => MoveKind::EnPassant,
            c if c & Self::CAPTURE_BIT != 0 => MoveKind::PromotionCapture,
            _ => MoveKind::Promotion,
        }
    }

    /// Whether the move takes a piece (en passant included).
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        self.code() & Self::CAPTURE_BIT != 0
    }

    #[inline(always)]
    pub const fn promotion_role(self) -> Option<Role> {
        if self.code() & Self::PROMOTION_BIT == 0 {
            return None;
        }
        Some(Role::PROMOTIONS[(self.code() & 3) as usize])
    }

    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        matches!(self.code(), 2 | 3)
    }

    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        self.code() == 5
    }

    /// The raw 16 bits (for hash tables).
    pub const fn bits(self) -> u16 {
        self.0.get()
    }

    /// For a castling move of orthodox chess, the rook's start and destination squares (for
    /// rules that follow both castling pieces, like 007's Detente). Not for Chess960, whose
    /// rook squares only the position knows.
    pub const fn castling_rook(self) -> Option<(Square, Square)> {
        let to = self.to().0;
        match self.kind() {
            MoveKind::CastleKingSide => Some((Square(to + 1), Square(to - 1))),
            MoveKind::CastleQueenSide => Some((Square(to - 2), Square(to + 1))),
            _ => None,
        }
    }

    /// The square of the piece a capture takes: the destination, or beside it for en passant.
    pub const fn captured_square(self) -> Option<Square> {
        match self.kind() {
            MoveKind::EnPassant => Some(Square(self.to().0 ^ 8)),
            _ if self.is_capture() => Some(self.to()),
            _ => None,
        }
    }
}

/// UCI notation: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.from().display::<Board8>(),
            self.to().display::<Board8>()
        )?;
        if let Some(role) = self.promotion_role() {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self} {:?})", self.kind())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_round_trip() {
        let sq = |s| Square::parse::<Board8>(s).unwrap();
        let m = Move::new(sq("e2"), sq("e4"), MoveKind::DoublePush);
        assert_eq!(
            (m.from(), m.to(), m.kind()),
            (sq("e2"), sq("e4"), MoveKind::DoublePush)
        );
        assert!(!m.is_capture() && m.promotion_role().is_none());
        assert_eq!(m.to_string(), "e2e4");
        for role in Role::PROMOTIONS {
            for capture in [false, true] {
                let p = Move::promotion(sq("b7"), sq("a8"), role, capture);
                assert_eq!(p.promotion_role(), Some(role));
                assert_eq!(p.is_capture(), capture);
                assert_eq!((p.from(), p.to()), (sq("b7"), sq("a8")));
                assert_eq!(p.to_string(), format!("b7a8{}", role.char()));
            }
        }
        assert!(Move::new(sq("e5"), sq("d6"), MoveKind::EnPassant).is_capture());
        assert!(Move::new(sq("e1"), sq("c1"), MoveKind::CastleQueenSide).is_castle());
        assert_eq!(std::mem::size_of::<Option<Move>>(), 2);
    }
}
