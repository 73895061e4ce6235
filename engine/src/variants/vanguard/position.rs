//! The Vanguard position: bitboards per role and per colour, a mailbox, the initial-move rights,
//! clocks and the incrementally kept Zobrist key.

use super::piece::{Piece, Role};
use super::zobrist;
use crate::bitboard::{Bb256, Bitboard};
use crate::game::Player;
use crate::square::Square;

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Vanguard {
    /// Men of each role, both colours.
    pub(super) roles: [Bb256; Role::COUNT],
    /// Men of each colour.
    pub(super) colors: [Bb256; 2],
    pub(super) board: [Option<Piece>; 256],
    /// Squares whose man still has its initial-move right (§5). Always a subset of the squares of
    /// eligible men: unmoved Pawns and Soldiers on their third rank, Helepolises on their corners.
    pub(super) unmoved: Bb256,
    pub(super) side: Player,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    pub(super) key: u64,
    /// Material and placement of every man ([`super::eval::PSQ`]), White's point of view,
    /// kept incrementally like the key.
    pub(super) psq: i32,
}

impl Vanguard {
    pub(super) fn empty(side: Player) -> Self {
        Vanguard {
            roles: [Bb256::EMPTY; Role::COUNT],
            colors: [Bb256::EMPTY; 2],
            board: [None; 256],
            unmoved: Bb256::EMPTY,
            side,
            halfmove: 0,
            fullmove: 1,
            key: if side == Player::Black {
                zobrist::BLACK_TO_MOVE
            } else {
                0
            },
            psq: 0,
        }
    }

    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }
    #[inline(always)]
    pub fn occupied(&self) -> Bb256 {
        self.colors[0] | self.colors[1]
    }
    #[inline(always)]
    pub fn men(&self, color: Player) -> Bb256 {
        self.colors[color.index()]
    }
    #[inline(always)]
    pub fn pieces(&self, player: Player, role: Role) -> Bb256 {
        self.roles[role.index()] & self.colors[player.index()]
    }
    #[inline(always)]
    pub fn side_to_move(&self) -> Player {
        self.side
    }
    /// Squares whose man still has its initial-move right.
    pub fn unmoved(&self) -> Bb256 {
        self.unmoved
    }
    #[inline(always)]
    pub fn king(&self, color: Player) -> Option<Square> {
        self.pieces(color, Role::King).lowest()
    }
    #[inline(always)]
    pub fn has_royal(&self, color: Player) -> bool {
        ((self.roles[Role::King.index()] | self.roles[Role::Prince.index()])
            & self.colors[color.index()])
        .any()
    }
    /// A King and no Prince: the only case where check rules apply (§7.2).
    #[inline(always)]
    pub fn has_sole_king(&self, color: Player) -> bool {
        self.pieces(color, Role::King).any() && self.pieces(color, Role::Prince).is_empty()
    }

    /// The key computed from scratch: what the incremental key must always equal.
    pub fn compute_key(&self) -> u64 {
        let mut key = if self.side == Player::Black {
            zobrist::BLACK_TO_MOVE
        } else {
            0
        };
        for (i, p) in self.board.iter().enumerate() {
            if let Some(p) = p {
                key ^= zobrist::PIECE_SQUARE[p.index()][i];
            }
        }
        for s in self.unmoved.squares() {
            key ^= zobrist::UNMOVED[s.index()];
        }
        key
    }

    /// Whether the man on `sq` is of a role and place that carries an initial-move right (§3.2).
    pub fn is_eligible(&self, sq: Square) -> bool {
        let Some(p) = self.piece_at(sq) else {
            return false;
        };
        let home_rank = match p.color() {
            Player::White => 2,
            Player::Black => 13,
        };
        let corner_rank = match p.color() {
            Player::White => 0,
            Player::Black => 15,
        };
        let (file, rank) = (sq.0 & 15, sq.0 >> 4);
        match p.role() {
            Role::Pawn | Role::Soldier => rank == home_rank,
            Role::Helepolis => rank == corner_rank && (file == 0 || file == 15),
            _ => false,
        }
    }

    /// Every square whose man is eligible for an initial-move right.
    pub(super) fn eligible(&self) -> Bb256 {
        let mut out = Bb256::EMPTY;
        for s in self.occupied().squares() {
            if self.is_eligible(s) {
                out.set(s);
            }
        }
        out
    }
}
