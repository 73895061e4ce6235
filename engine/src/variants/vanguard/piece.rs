//! The 21 kinds of men and their letters (spec §2).

use crate::game::Player;
use std::num::NonZeroU8;

/// A kind of man. The order is the table order of the position's bitboards.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    King,
    Prince,
    Queen,
    Princess,
    Rook,
    Bishop,
    /// The Teutonic Knight.
    Knight,
    Chancellor,
    Nightrider,
    Spy,
    Falconer,
    General,
    Archer,
    Bowman,
    Lancer,
    Berserker,
    Wizard,
    Helepolis,
    Pawn,
    Soldier,
    Sergeant,
}

impl Kind {
    pub const COUNT: usize = 21;
    pub const ALL: [Kind; Kind::COUNT] = [
        Kind::King,
        Kind::Prince,
        Kind::Queen,
        Kind::Princess,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Chancellor,
        Kind::Nightrider,
        Kind::Spy,
        Kind::Falconer,
        Kind::General,
        Kind::Archer,
        Kind::Bowman,
        Kind::Lancer,
        Kind::Berserker,
        Kind::Wizard,
        Kind::Helepolis,
        Kind::Pawn,
        Kind::Soldier,
        Kind::Sergeant,
    ];
    const LETTERS: &'static [u8; Kind::COUNT] = b"kiqdrbncjyfgavlzwhpse";

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter (Black's); White's is the uppercase one.
    pub const fn letter(self) -> char {
        Kind::LETTERS[self as usize] as char
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        let lower = c.to_ascii_lowercase() as u8;
        Kind::LETTERS
            .iter()
            .position(|l| *l == lower)
            .map(|i| Kind::ALL[i])
    }

    /// Pawn, Soldier or Sergeant: the men that move forward only and promote on the far rank.
    #[inline(always)]
    pub const fn is_pawn_type(self) -> bool {
        matches!(self, Kind::Pawn | Kind::Soldier | Kind::Sergeant)
    }

    /// What a pawn-type man becomes on its far rank (§6); itself for the others.
    #[inline(always)]
    pub const fn promoted(self) -> Kind {
        match self {
            Kind::Pawn => Kind::Knight,
            Kind::Soldier => Kind::Helepolis,
            Kind::Sergeant => Kind::Lancer,
            k => k,
        }
    }
}

/// A man: kind and colour in one byte (never zero, so `Option<Piece>` is one byte too).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Piece(NonZeroU8);

impl Piece {
    #[inline(always)]
    pub const fn new(kind: Kind, color: Player) -> Piece {
        match NonZeroU8::new(1 + kind as u8 * 2 + color as u8) {
            Some(v) => Piece(v),
            None => unreachable!(),
        }
    }
    #[inline(always)]
    pub const fn kind(self) -> Kind {
        Kind::ALL[((self.0.get() - 1) >> 1) as usize]
    }
    #[inline(always)]
    pub const fn color(self) -> Player {
        if (self.0.get() - 1) & 1 == 0 {
            Player::White
        } else {
            Player::Black
        }
    }
    /// 0..42: an index for per-piece tables (Zobrist keys).
    #[inline(always)]
    pub const fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }
    /// The FEN letter: uppercase for White.
    pub fn letter(self) -> char {
        match self.color() {
            Player::White => self.kind().letter().to_ascii_uppercase(),
            Player::Black => self.kind().letter(),
        }
    }
    pub fn from_letter(c: char) -> Option<Piece> {
        let kind = Kind::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Player::White
        } else {
            Player::Black
        };
        Some(Piece::new(kind, color))
    }
}

impl std::fmt::Debug for Piece {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_and_are_unique() {
        for kind in Kind::ALL {
            assert_eq!(Kind::ALL[kind.index()], kind);
            for color in Player::BOTH {
                let p = Piece::new(kind, color);
                assert_eq!((p.kind(), p.color()), (kind, color));
                assert_eq!(Piece::from_letter(p.letter()), Some(p));
            }
        }
        for c in ['m', 'o', 't', 'u', 'x', 'M', '1', '/'] {
            assert_eq!(Piece::from_letter(c), None, "{c}");
        }
        assert_eq!(std::mem::size_of::<Option<Piece>>(), 1);
    }
}
