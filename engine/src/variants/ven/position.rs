//! The Ven position: the state at the start of a round (ven.md §2).

use super::zobrist;
use crate::bitboard::Bitboard;
use crate::game::Player;
use crate::square::Square;
use crate::variants::chess::{CastlingRights, Piece, Position, Role};

/// The state at the start of a round: pieces, the first mover, castling rights, zero to two en
/// passant squares, the clock and the round number. A small `Copy` value; rounds are played by
/// [`Ven::resolve_with_report`](crate::simultaneous::SimultaneousGame::resolve_with_report),
/// which returns the next one.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Ven {
    /// The pieces, as a chess board with White to move, no rights and no en passant: its
    /// incremental key hashes the pieces, and its generator and attack tables are the rules
    /// of piece movement (through [`Ven::view`]).
    pub(super) board: Position,
    pub(super) first: Player,
    pub(super) castling: CastlingRights,
    /// By the colour of the pawn that double-stepped: `ep[White]` is on rank 3 (Black may take
    /// there), `ep[Black]` on rank 6.
    pub(super) ep: [Option<Square>; 2],
    pub(super) clock: u32,
    pub(super) round: u32,
    /// Not the game's state: the `ExploiterRounds` option ([`super::Options`]), carried for
    /// the exploiter, as the FEN is read with it. In neither the key nor the FEN.
    pub(super) exploiter_rounds: u8,
}

impl Ven {
    /// The player who carries out first in this round.
    #[inline(always)]
    pub fn first_mover(&self) -> Player {
        self.first
    }

    #[inline(always)]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en passant target square left by a double step of `pawns`' colour last round.
    #[inline(always)]
    pub fn en_passant(&self, pawns: Player) -> Option<Square> {
        self.ep[pawns.index()]
    }

    /// Orders (two a round) since the last round with a capture or an executed pawn move.
    #[inline(always)]
    pub fn clock(&self) -> u32 {
        self.clock
    }

    /// The number of the round about to be played, from 1.
    #[inline(always)]
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The pieces as a chess board (White to move, no rights, no en passant).
    #[inline(always)]
    pub fn board(&self) -> &Position {
        &self.board
    }

    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        self.board.piece_on(sq)
    }

    /// Whether `side`'s king is attacked now.
    #[inline(always)]
    pub fn king_attacked(&self, side: Player) -> bool {
        self.board.is_attacked(self.board.king(side), side.other())
    }

    /// The chess position `side` writes its order on, as if it were its turn: its rights, and
    /// the en passant square it may take on (only while that square is empty: a piece that
    /// stepped onto it since is taken, or not, as any piece there).
    #[inline(always)]
    pub(crate) fn view(&self, side: Player) -> Position {
        let ep = self.ep[side.other().index()].filter(|sq| !self.board.occupied().has(*sq));
        self.board.view(side, self.castling, ep)
    }

    /// The key of everything but the pieces.
    #[inline(always)]
    fn state_key(&self) -> u64 {
        let mut k = zobrist::castling(self.castling);
        if self.first == Player::Black {
            k ^= zobrist::BLACK_FIRST;
        }
        for sq in self.ep.into_iter().flatten() {
            k ^= zobrist::en_passant(sq);
        }
        k
    }

    /// The Zobrist key: pieces (kept incrementally by the board), first mover, castling
    /// rights and both en passant squares. The clock and round are not part of it.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.board.key() ^ self.state_key()
    }

    /// The key computed from scratch (tests check [`Ven::key`] against it).
    pub fn compute_key(&self) -> u64 {
        self.board.compute_key() ^ self.state_key()
    }

    /// Pawns, rooks or queens, or more than one minor piece on the board: only K v K, K+B v K
    /// and K+N v K are drawn by material (R22).
    pub fn is_insufficient_material(&self) -> bool {
        let b = &self.board;
        let heavy = b.role(Role::Pawn) | b.role(Role::Rook) | b.role(Role::Queen);
        heavy.is_empty() && (b.role(Role::Knight) | b.role(Role::Bishop)).count() <= 1
    }
}
