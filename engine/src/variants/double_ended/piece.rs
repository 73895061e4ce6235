//! The pieces of Double-Ended Chess: roles, letters, values.

use crate::game::Player;

/// What a piece is, regardless of colour. In `double-ended-deep` every knight is a
/// [`Role::Knight`] with deep capture geometry and [`Role::Mirror`] never occurs.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    Pawn,
    Knight,
    /// The Mirror Knight (`M`/`m`): leaps like a knight, captures diagonally behind and
    /// orthogonally ahead.
    Mirror,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Role {
    pub const ALL: [Role; 7] = [
        Role::Pawn,
        Role::Knight,
        Role::Mirror,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    pub const COUNT: usize = 7;

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Material value in centipawns (the king has none: it is never captured).
    #[inline(always)]
    pub const fn value(self) -> i32 {
        match self {
            Role::Pawn => 100,
            Role::Knight | Role::Mirror => 300,
            Role::Bishop => 330,
            Role::Rook => 500,
            Role::Queen => 900,
            Role::King => 0,
        }
    }

    /// The most legal moves one such piece can ever have: a central queen has 27; a pawn counts
    /// as the queen it may become; the king's 8 steps and 2 castlings.
    pub const fn most_moves(self) -> usize {
        match self {
            Role::Pawn | Role::Queen => 27,
            Role::Rook => 14,
            Role::Bishop => 13,
            Role::Knight | Role::Mirror => 8,
            Role::King => 10,
        }
    }

    /// The lower-case FEN and promotion letter.
    pub const fn letter(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Mirror => 'm',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The role of a letter of either case.
    pub fn from_letter(c: char) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_lowercase())
    }
}

/// A piece: its owner and role.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: Player,
    pub role: Role,
}

impl Piece {
    pub const fn new(player: Player, role: Role) -> Self {
        Piece {
            color: player,
            role,
        }
    }

    /// The FEN letter: upper case for White.
    pub fn fen_char(self) -> char {
        match self.color {
            Player::White => self.role.letter().to_ascii_uppercase(),
            Player::Black => self.role.letter(),
        }
    }
}
