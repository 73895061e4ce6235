//! Rules that ignore check, for variants built on orthodox moves (007's fast-and-deadly mode):
//! pseudo-legal generation, play that lets a king be captured or left attacked, and the FEN
//! reader that goes with them. Orthodox chess itself never calls these.
//!
//! The pieces are described once, in [`super::movegen`]: this file only drops the check
//! conditions (king safety, pins, evasions, attacked castling squares).

use super::movegen::{Counter, Sink};
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::types::Role;
use crate::attacks::board8 as attacks;
use crate::bitboard::Bitboard;
use crate::game::{ParseError, Player};
use arrayvec::ArrayVec;

/// The most pseudo-legal moves any position the FEN reader accepts can have: a king (8 steps, 2
/// castlings), the original queen, rooks, bishops and knights at their greatest mobility
/// (27 + 2x14 + 2x13 + 2x8), and every pawn promoted to a queen (8 x 27), a pawn's own 12 moves
/// being fewer. A list of this capacity never overflows.
pub const MAX_PSEUDO_LEGAL_MOVES: usize = 10 + 97 + 8 * 27;

impl Position {
    /// Appends every pseudo-legal move of the side to move: orthodox movement, en passant and
    /// promotion, castling with the right and empty squares between king and rook only; the
    /// mover's king may be left or put in attack.
    #[inline]
    pub fn pseudo_legal_moves<const N: usize>(&self, out: &mut ArrayVec<Move, N>) {
        self.generate_pseudo(out);
    }

    /// The number of pseudo-legal moves, counted without listing them.
    #[inline]
    pub fn count_pseudo_legal_moves(&self) -> u64 {
        let mut counter = Counter::default();
        self.generate_pseudo(&mut counter);
        counter.0
    }

    /// The position after a pseudo-legal `mv`: as [`Position::play`], but the mover's king may
    /// stay attacked, a king may be captured (the position then lacks that king: only
    /// [`Position::has_king`], the piece queries and [`Position::fen`] are meaningful there), and
    /// en passant is recorded whenever a pawn stands beside the double-pushed one.
    #[inline]
    pub fn play_pseudo(&self, mv: Move) -> Position {
        self.play_with::<true>(mv)
    }

    /// Reads a FEN for rules that ignore check: as [`Position::from_fen`], except that the side
    /// not to move may be in check and en passant is kept whenever a pawn could take.
    pub fn from_fen_pseudo(fen: &str) -> Result<Position, ParseError> {
        Self::read_fen::<true>(fen)
    }

    /// Whether `player` still has a king (false only after a king capture by
    /// [`Position::play_pseudo`]).
    #[inline(always)]
    pub fn has_king(&self, player: Player) -> bool {
        self.pieces(player, Role::King).any()
    }

    fn generate_pseudo<S: Sink>(&self, out: &mut S) {
        let us = self.side;
        let ours = self.players[us.index()];
        let theirs = self.players[us.other().index()];
        let occ = ours | theirs;
        let free = !ours;
        let king = self.king(us);
        out.piece_moves(king, attacks::king_attacks(king) & free, theirs);
        for from in self.pieces(us, Role::Knight).squares() {
            out.piece_moves(from, attacks::knight_attacks(from) & free, theirs);
        }
        let queens = self.pieces(us, Role::Queen);
        for from in (self.pieces(us, Role::Bishop) | queens).squares() {
            out.piece_moves(from, attacks::bishop_attacks(from, occ) & free, theirs);
        }
        for from in (self.pieces(us, Role::Rook) | queens).squares() {
            out.piece_moves(from, attacks::rook_attacks(from, occ) & free, theirs);
        }
        let pawns = self.pieces(us, Role::Pawn);
        self.pawn_moves(out, pawns, free);
        self.castling_moves::<S, false>(out, king);
        if let Some(ep) = self.en_passant {
            for from in (attacks::pawn_attacks(us.other(), ep) & pawns).squares() {
                out.one(Move::new(from, ep, MoveKind::EnPassant));
            }
        }
    }
}
