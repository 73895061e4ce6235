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
        Self::read_fen::<true>(fen, false)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;
    use crate::variants::chess::MoveList;
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};

    type Pseudo = ArrayVec<Move, MAX_PSEUDO_LEGAL_MOVES>;

    /// Legal moves are exactly the pseudo-legal ones that leave the king unattacked (castling
    /// also needs the crossed squares safe): the two generators describe the same pieces.
    #[test]
    fn legal_is_pseudo_legal_minus_king_exposure_over_random_games() {
        let mut rng = SmallRng::seed_from_u64(9);
        for _ in 0..60 {
            let mut p = Position::start();
            for _ in 0..120 {
                let mut legal = MoveList::new();
                p.legal_moves(&mut legal);
                let mut pseudo = Pseudo::new();
                p.pseudo_legal_moves(&mut pseudo);
                assert_eq!(pseudo.len() as u64, p.count_pseudo_legal_moves());
                let us = p.side_to_move();
                let mut expected: Vec<Move> = pseudo
                    .iter()
                    .copied()
                    .filter(|m| {
                        let after = p.play_pseudo(*m);
                        let safe = !after.is_attacked(after.king(us), us.other());
                        let crossed = Square((m.from().0 + m.to().0) / 2);
                        safe && (!m.is_castle()
                            || (p.checkers().is_empty() && !p.is_attacked(crossed, us.other())))
                    })
                    .collect();
                let mut got: Vec<Move> = legal.to_vec();
                expected.sort_by_key(|m| m.bits());
                got.sort_by_key(|m| m.bits());
                assert_eq!(got, expected, "{}", p.fen());
                if legal.is_empty() {
                    break;
                }
                p = p.play(legal[rng.random_range(0..legal.len())]);
            }
        }
    }

    #[test]
    fn pseudo_play_captures_kings_and_castles_across_attacks() {
        let p = Position::from_fen_pseudo("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1").unwrap();
        let mut list = Pseudo::new();
        p.pseudo_legal_moves(&mut list);
        let castle = list.iter().find(|m| m.to_string() == "e1g1").copied();
        assert!(castle.is_some(), "castling across the attacked f1");
        let mut legal = MoveList::new();
        p.legal_moves(&mut legal);
        assert!(legal.iter().all(|m| m.to_string() != "e1g1"));

        // Black may take the king White left en prise; the board then has no white king.
        let p = Position::from_fen_pseudo("4k3/8/8/8/8/8/3q4/4K3 b - - 0 1").unwrap();
        assert!(Position::from_fen("4k3/8/8/8/8/8/3q4/4K3 b - - 0 1").is_err());
        let mut list = Pseudo::new();
        p.pseudo_legal_moves(&mut list);
        let take = *list.iter().find(|m| m.to_string() == "d2e1").unwrap();
        let after = p.play_pseudo(take);
        assert!(!after.has_king(Player::White) && after.has_king(Player::Black));
        assert!(after.checkers().is_empty());
        assert_eq!(after.key(), after.compute_key());
        assert_eq!(after.fen(), "4k3/8/8/8/8/8/8/4q3 w - - 0 2");
    }

    #[test]
    fn pseudo_en_passant_ignores_pins() {
        // The e5 pawn is pinned along the rank: en passant is pseudo-legal only.
        let fen = "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1";
        let legal = Position::from_fen(fen).unwrap();
        let pseudo = Position::from_fen_pseudo(fen).unwrap();
        assert_eq!(legal.en_passant(), None);
        assert_eq!(pseudo.en_passant(), Some(Square(43)));
        assert_ne!(legal.key(), pseudo.key());
        let mut list = Pseudo::new();
        pseudo.pseudo_legal_moves(&mut list);
        assert!(list
            .iter()
            .any(|m| m.to_string() == "e5d6" && m.is_en_passant()));
    }
}
