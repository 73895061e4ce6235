//! The order: one player's instruction for one round, a chess move or a vengeance order, in 16
//! bits, and its notation (`g1f3`, `e7e8q`, `e1g1`, `d6e5v`, `c7d8qv`: ven.md §3.3, R24).

use crate::game::ParseError;
use crate::square::{Board8, Square};
use crate::variants::chess::Role;
use std::fmt;
use std::num::NonZeroU16;

/// A chess order (from, to, promotion) or a vengeance order (avenger, avenged square,
/// promotion when a pawn avenges on the last rank). Bits: 0-5 from, 6-11 to, 12-14 promotion
/// (0 none, 1-4 knight..queen), 15 vengeance. From and to differ, so the bits are never zero and
/// `Option<Order>` is 2 bytes. What kind of chess move it is (castling, en passant, double
/// step) follows from the board it was written on.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Order(NonZeroU16);

const VENGEANCE: u16 = 1 << 15;

impl Order {
    #[inline(always)]
    const fn make(from: Square, to: Square, promotion: Option<Role>, vengeance: bool) -> Order {
        debug_assert!(from.0 != to.0 && from.0 < 64 && to.0 < 64);
        let promo = match promotion {
            Some(role) => role as u16, // Knight = 1 .. Queen = 4
            None => 0,
        };
        let bits = from.0 as u16
            | (to.0 as u16) << 6
            | promo << 12
            | if vengeance { VENGEANCE } else { 0 };
        match NonZeroU16::new(bits) {
            Some(b) => Order(b),
            None => Order(NonZeroU16::MIN),
        }
    }

    /// A chess order: a move from `from` to `to` (castling as the king's move), promoting to
    /// `promotion` when given.
    #[inline(always)]
    pub const fn chess(from: Square, to: Square, promotion: Option<Role>) -> Order {
        Order::make(from, to, promotion, false)
    }

    /// A vengeance order: the piece on `avenger` takes back on `avenged` if the enemy captures
    /// there; `promotion` when a pawn would arrive on the last rank.
    #[inline(always)]
    pub const fn vengeance(avenger: Square, avenged: Square, promotion: Option<Role>) -> Order {
        Order::make(avenger, avenged, promotion, true)
    }

    /// The origin of a chess order, the avenger's square of a vengeance order.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square((self.0.get() & 63) as u8)
    }

    /// The destination of a chess order, the avenged square of a vengeance order.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square((self.0.get() >> 6 & 63) as u8)
    }

    #[inline(always)]
    pub const fn promotion(self) -> Option<Role> {
        match self.0.get() >> 12 & 7 {
            1 => Some(Role::Knight),
            2 => Some(Role::Bishop),
            3 => Some(Role::Rook),
            4 => Some(Role::Queen),
            _ => None,
        }
    }

    #[inline(always)]
    pub const fn is_vengeance(self) -> bool {
        self.0.get() & VENGEANCE != 0
    }

    /// The raw 16 bits (hash tables, strategy tables).
    pub const fn bits(self) -> u16 {
        self.0.get()
    }

    /// Reads the text of an order (`sq sq [qrbn] [v]`) without asking whether any position
    /// allows it. The error names the token.
    pub(crate) fn parse_text(s: &str) -> Result<Order, ParseError> {
        let bad = |why: &str| ParseError::with_token(format!("bad order '{s}': {why}"), s);
        let (from, rest) = Square::parse_prefix::<Board8>(s)
            .ok_or_else(|| bad("expected sq sq [qrbn] [v], such as g1f3, e7e8q or d6e5v"))?;
        let (to, rest) = Square::parse_prefix::<Board8>(rest)
            .ok_or_else(|| bad("expected sq sq [qrbn] [v], such as g1f3, e7e8q or d6e5v"))?;
        if from == to {
            return Err(bad("the two squares must differ"));
        }
        let (rest, vengeance) = match rest.strip_suffix('v') {
            Some(r) => (r, true),
            None => (rest, false),
        };
        let promotion = match rest {
            "" => None,
            "q" => Some(Role::Queen),
            "r" => Some(Role::Rook),
            "b" => Some(Role::Bishop),
            "n" => Some(Role::Knight),
            r => {
                return Err(bad(&format!(
                    "unexpected '{r}' (a promotion is q, r, b or n)"
                )))
            }
        };
        Ok(Order::make(from, to, promotion, vengeance))
    }
}

/// `g1f3`, `e7e8q`, `d6e5v`, `c7d8qv`.
impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.from().display::<Board8>(),
            self.to().display::<Board8>()
        )?;
        if let Some(role) = self.promotion() {
            write!(f, "{}", role.char())?;
        }
        if self.is_vengeance() {
            f.write_str("v")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Order({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_bad_tokens_are_named() {
        for s in [
            "g1f3", "e7e8q", "e1g1", "d6e5v", "c7d8qv", "g2g1n", "a7b8rv",
        ] {
            let o = Order::parse_text(s).unwrap();
            assert_eq!(o.to_string(), s);
        }
        let o = Order::parse_text("c7d8qv").unwrap();
        assert!(o.is_vengeance());
        assert_eq!(o.promotion(), Some(Role::Queen));
        assert_eq!((o.from().0, o.to().0), (50, 59));
        for bad in [
            "h1h1", "", "e2", "e2e", "e2e9", "i2e4", "e7e8k", "e7e8qq", "e2e4vv", "e2e4 ", "v",
            "e7e8vq", "E2E4",
        ] {
            let err = Order::parse_text(bad).unwrap_err();
            assert!(err.what().contains(&format!("'{bad}'")), "{bad}: {err}");
        }
        assert_eq!(std::mem::size_of::<Option<Order>>(), 2);
    }
}
