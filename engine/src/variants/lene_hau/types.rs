//! The small value types of Lene Hau: roles, pieces with their journeys, orders, and the
//! coordinates of a square on the 8x8 board.

use crate::game::Player;
use crate::square::{Board8, Square};
use std::hash::{Hash, Hasher};

/// What a piece is, in canonical FEN order (`KQRBNP`). The discriminant indexes the per-role
/// arrays of the view and the evaluation.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Role {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];
    /// What a pawn may promote to, in the order the orders are listed.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The uppercase letter.
    pub const fn letter(self) -> char {
        [b'K', b'Q', b'R', b'B', b'N', b'P'][self as usize] as char
    }

    /// The letter of a piece of colour `c`: uppercase for White.
    pub fn letter_of(self, c: Player) -> char {
        match c {
            Player::White => self.letter(),
            Player::Black => self.letter().to_ascii_lowercase(),
        }
    }

    /// The colour and role of a FEN letter.
    pub fn from_letter(c: char) -> Option<(Player, Role)> {
        let role = *Role::ALL
            .iter()
            .find(|r| r.letter() == c.to_ascii_uppercase())?;
        let color = if c.is_ascii_uppercase() {
            Player::White
        } else {
            Player::Black
        };
        Some((color, role))
    }
}

/// Where a piece is in its journey.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum State {
    Standing,
    /// Under way to `Piece::dst`.
    Travelling,
    /// A castling rook on its corner, transferred to `Piece::dst` when its king arrives.
    Committed,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct Piece {
    pub color: Player,
    pub role: Role,
    pub sq: Square,
    /// The destination; equals `sq` for a standing piece.
    pub dst: Square,
    pub state: State,
}

impl Piece {
    pub fn standing(color: Player, role: Role, sq: Square) -> Piece {
        Piece {
            color,
            role,
            sq,
            dst: sq,
            state: State::Standing,
        }
    }
}

/// An order: piece role, origin, final destination and promotion; or the pass, the one
/// "order" whose origin is its destination.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Move {
    pub role: Role,
    pub from: Square,
    pub to: Square,
    pub promo: Option<Role>,
}

impl Move {
    pub const PASS: Move = Move {
        role: Role::King,
        from: Square(0),
        to: Square(0),
        promo: None,
    };

    /// An order without promotion.
    #[inline(always)]
    pub const fn new(role: Role, from: Square, to: Square) -> Move {
        Move {
            role,
            from,
            to,
            promo: None,
        }
    }

    #[inline(always)]
    pub fn is_pass(self) -> bool {
        self.from == self.to
    }
}

/// The four bytes the search's move hash has always read (role, the pass being 6; origin;
/// destination; promotion, 0 for none), as `#[derive(Hash)]` wrote four `u8` fields: the
/// search's move ordering, and with it the bench signatures, do not depend on the field types.
impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let role = if self.is_pass() { 6 } else { self.role as u8 };
        let promo = self.promo.map_or(0, |r| r as u8);
        for b in [role, self.from.0, self.to.0, promo] {
            state.write_u8(b);
        }
    }
}

/// The coordinates of a square of the 8x8 board, and its bit in the view's bitboards.
pub trait On8: Copy {
    /// The file, 0 for the a-file.
    fn file8(self) -> i8;
    /// The rank, 0 for the first rank.
    fn rank8(self) -> i8;
    fn bit(self) -> u64;
}

impl On8 for Square {
    #[inline(always)]
    fn file8(self) -> i8 {
        self.file::<Board8>() as i8
    }
    #[inline(always)]
    fn rank8(self) -> i8 {
        self.rank::<Board8>() as i8
    }
    #[inline(always)]
    fn bit(self) -> u64 {
        1u64 << (self.0 & 63)
    }
}

/// The square at `file`, `rank` (both 0-based, on the board).
#[inline(always)]
pub fn at(file: i8, rank: i8) -> Square {
    Square((rank * 8 + file) as u8)
}

/// The lowest square of a non-empty bitboard.
#[inline(always)]
pub fn lowest(b: u64) -> Square {
    Square(b.trailing_zeros() as u8)
}
