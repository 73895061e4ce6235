//! The small value types of chess: piece roles, pieces and castling rights.

use crate::game::Player;

/// What a piece is, regardless of colour. The discriminant indexes per-role arrays.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    /// The pieces a pawn may promote to, weakest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter of FEN and UCI promotions (`p n b r q k`).
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The role of a lowercase letter.
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c {
            'p' => Role::Pawn,
            'n' => Role::Knight,
            'b' => Role::Bishop,
            'r' => Role::Rook,
            'q' => Role::Queen,
            'k' => Role::King,
            _ => return None,
        })
    }
}

/// A piece: a role of one colour. The colour is a [`Player`], as in every 8x8 variant.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: Player,
    pub role: Role,
}

impl Piece {
    pub const fn new(player: Player, role: Role) -> Piece {
        Piece {
            color: player,
            role,
        }
    }

    /// The FEN letter: uppercase for White.
    pub const fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Player::White => c.to_ascii_uppercase(),
            Player::Black => c,
        }
    }

    pub const fn from_char(c: char) -> Option<Piece> {
        let player = if c.is_ascii_uppercase() {
            Player::White
        } else {
            Player::Black
        };
        match Role::from_char(c.to_ascii_lowercase()) {
            Some(role) => Some(Piece {
                color: player,
                role,
            }),
            None => None,
        }
    }
}

/// The four castling rights as bits: White king side, White queen side, Black king side, Black
/// queen side. A right only says the king and that rook have not moved; whether castling is
/// possible now is move generation's business.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct CastlingRights(pub u8);

impl CastlingRights {
    pub const NONE: CastlingRights = CastlingRights(0);
    pub const ALL: CastlingRights = CastlingRights(0b1111);
    pub const WHITE_KING: u8 = 1;
    pub const WHITE_QUEEN: u8 = 2;
    pub const BLACK_KING: u8 = 4;
    pub const BLACK_QUEEN: u8 = 8;
    /// In FEN order, with their letters.
    pub const LETTERS: [(u8, char); 4] = [
        (Self::WHITE_KING, 'K'),
        (Self::WHITE_QUEEN, 'Q'),
        (Self::BLACK_KING, 'k'),
        (Self::BLACK_QUEEN, 'q'),
    ];

    /// The bit of one side's right: `king_side` or queen side.
    #[inline(always)]
    pub const fn bit(player: Player, king_side: bool) -> u8 {
        let b = if king_side {
            Self::WHITE_KING
        } else {
            Self::WHITE_QUEEN
        };
        match player {
            Player::White => b,
            Player::Black => b << 2,
        }
    }

    #[inline(always)]
    pub const fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }

    /// The rights of `player` (king side, queen side).
    #[inline(always)]
    pub const fn of(self, player: Player) -> (bool, bool) {
        (
            self.has(Self::bit(player, true)),
            self.has(Self::bit(player, false)),
        )
    }
}

/// Where the castling rooks start, for Chess960 (`UCI_Chess960`): three bits of file for each
/// right, in the order of the [`CastlingRights`] bits, and a flag for the Chess960 rules
/// (castling written king takes rook, X-FEN castling fields). Orthodox: the h and a files and
/// no flag. Kept in one `u16` so that the position stays 96 bytes.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct CastleFiles(u16);

impl CastleFiles {
    pub const ORTHODOX: CastleFiles = CastleFiles(7 | 7 << 6);
    const CHESS960: u16 = 1 << 12;

    #[inline(always)]
    const fn shift(player: Player, king_side: bool) -> u16 {
        3 * CastlingRights::bit(player, king_side).trailing_zeros() as u16
    }

    /// The file (0 = a) of the rook that castles on that side.
    #[inline(always)]
    pub const fn file(self, player: Player, king_side: bool) -> u8 {
        ((self.0 >> Self::shift(player, king_side)) & 7) as u8
    }

    pub const fn with_file(self, player: Player, king_side: bool, file: u8) -> CastleFiles {
        let shift = Self::shift(player, king_side);
        CastleFiles(self.0 & !(7 << shift) | ((file as u16 & 7) << shift))
    }

    #[inline(always)]
    pub const fn is_chess960(self) -> bool {
        self.0 & Self::CHESS960 != 0
    }

    pub const fn chess960(self) -> CastleFiles {
        CastleFiles(self.0 | Self::CHESS960)
    }
}
