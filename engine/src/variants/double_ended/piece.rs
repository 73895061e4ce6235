//! The pieces of Double-Ended Chess: kinds, letters, values.

use crate::game::Player;

/// A piece kind. In `double-ended-deep` every knight is a [`Kind::Knight`] with deep capture
/// geometry and [`Kind::Mirror`] never occurs.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
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

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Mirror,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
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
            Kind::Pawn => 100,
            Kind::Knight | Kind::Mirror => 300,
            Kind::Bishop => 330,
            Kind::Rook => 500,
            Kind::Queen => 900,
            Kind::King => 0,
        }
    }

    /// The most legal moves one such piece can ever have: a central queen has 27; a pawn counts
    /// as the queen it may become; the king's 8 steps and 2 castlings.
    pub const fn most_moves(self) -> usize {
        match self {
            Kind::Pawn | Kind::Queen => 27,
            Kind::Rook => 14,
            Kind::Bishop => 13,
            Kind::Knight | Kind::Mirror => 8,
            Kind::King => 10,
        }
    }

    /// The lower-case FEN and promotion letter.
    pub const fn letter(self) -> char {
        match self {
            Kind::Pawn => 'p',
            Kind::Knight => 'n',
            Kind::Mirror => 'm',
            Kind::Bishop => 'b',
            Kind::Rook => 'r',
            Kind::Queen => 'q',
            Kind::King => 'k',
        }
    }

    /// The kind of a letter of either case.
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_lowercase())
    }
}

/// A piece: its owner and kind.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub player: Player,
    pub kind: Kind,
}

impl Piece {
    pub const fn new(player: Player, kind: Kind) -> Self {
        Piece { player, kind }
    }

    /// The FEN letter: upper case for White.
    pub fn fen_char(self) -> char {
        match self.player {
            Player::White => self.kind.letter().to_ascii_uppercase(),
            Player::Black => self.kind.letter(),
        }
    }
}
