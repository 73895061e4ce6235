//! The 21 roles of men and their letters (spec §2).

use crate::game::Player;
use std::num::NonZeroU8;

/// What a man is, regardless of colour. The order is the table order of the position's
/// bitboards.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
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

impl Role {
    pub const COUNT: usize = 21;
    pub const ALL: [Role; Role::COUNT] = [
        Role::King,
        Role::Prince,
        Role::Queen,
        Role::Princess,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Chancellor,
        Role::Nightrider,
        Role::Spy,
        Role::Falconer,
        Role::General,
        Role::Archer,
        Role::Bowman,
        Role::Lancer,
        Role::Berserker,
        Role::Wizard,
        Role::Helepolis,
        Role::Pawn,
        Role::Soldier,
        Role::Sergeant,
    ];
    const LETTERS: &'static [u8; Role::COUNT] = b"kiqdrbncjyfgavlzwhpse";

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter (Black's); White's is the uppercase one.
    pub const fn letter(self) -> char {
        Role::LETTERS[self as usize] as char
    }

    /// The man's name, as the rules call it (pictures name the men with it).
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "King",
            Role::Prince => "Prince",
            Role::Queen => "Queen",
            Role::Princess => "Princess",
            Role::Rook => "Rook",
            Role::Bishop => "Bishop",
            Role::Knight => "Knight (Teutonic)",
            Role::Chancellor => "Chancellor",
            Role::Nightrider => "Nightrider",
            Role::Spy => "Spy",
            Role::Falconer => "Falconer",
            Role::General => "General",
            Role::Archer => "Archer",
            Role::Bowman => "Bowman",
            Role::Lancer => "Lancer",
            Role::Berserker => "Berserker",
            Role::Wizard => "Wizard",
            Role::Helepolis => "Helepolis",
            Role::Pawn => "Pawn",
            Role::Soldier => "Soldier",
            Role::Sergeant => "Sergeant",
        }
    }

    pub fn from_letter(c: char) -> Option<Role> {
        let lower = c.to_ascii_lowercase() as u8;
        Role::LETTERS
            .iter()
            .position(|l| *l == lower)
            .map(|i| Role::ALL[i])
    }

    /// Pawn, Soldier or Sergeant: the men that move forward only and promote on the far rank.
    #[inline(always)]
    pub const fn is_pawn_type(self) -> bool {
        matches!(self, Role::Pawn | Role::Soldier | Role::Sergeant)
    }

    /// What a pawn-type man becomes on its far rank (§6); itself for the others.
    #[inline(always)]
    pub const fn promoted(self) -> Role {
        match self {
            Role::Pawn => Role::Knight,
            Role::Soldier => Role::Helepolis,
            Role::Sergeant => Role::Lancer,
            k => k,
        }
    }
}

/// A man: role and colour in one byte (never zero, so `Option<Piece>` is one byte too).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Piece(NonZeroU8);

impl Piece {
    #[inline(always)]
    pub const fn new(player: Player, role: Role) -> Piece {
        match NonZeroU8::new(1 + role as u8 * 2 + player as u8) {
            Some(v) => Piece(v),
            None => unreachable!(),
        }
    }
    #[inline(always)]
    pub const fn role(self) -> Role {
        Role::ALL[((self.0.get() - 1) >> 1) as usize]
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
            Player::White => self.role().letter().to_ascii_uppercase(),
            Player::Black => self.role().letter(),
        }
    }
    pub fn from_letter(c: char) -> Option<Piece> {
        let role = Role::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Player::White
        } else {
            Player::Black
        };
        Some(Piece::new(color, role))
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
        for role in Role::ALL {
            assert_eq!(Role::ALL[role.index()], role);
            for color in Player::BOTH {
                let p = Piece::new(color, role);
                assert_eq!((p.role(), p.color()), (role, color));
                assert_eq!(Piece::from_letter(p.letter()), Some(p));
            }
        }
        for c in ['m', 'o', 't', 'u', 'x', 'M', '1', '/'] {
            assert_eq!(Piece::from_letter(c), None, "{c}");
        }
        assert_eq!(std::mem::size_of::<Option<Piece>>(), 1);
    }
}
