//! Game status by the rules of the position: checkmate, stalemate, the 50-move rule and dead
//! positions by insufficient material. Repetition needs the game's history
//! ([`crate::history::History`]).

use super::position::Position;
use super::types::Role;
use crate::bitboard::{Bb64, Bitboard};
use crate::game::{DrawReason, Outcome, WinReason};

/// The light squares (b1, a2, ...): bishops all on one colour cannot mate, and a bishop with a
/// knight mates in a corner of its own colour.
pub(crate) const LIGHT_SQUARES: u64 = 0x55aa_55aa_55aa_55aa;

impl Position {
    /// Whether no sequence of legal moves can mate either king (FIDE 5.2.2), by the material
    /// alone: king against king, a king and one minor piece against a king, or kings and
    /// bishops all on squares of one colour. (K+N v K+N or K+B v K+N can still be mated, with help.)
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.role(Role::Pawn) | self.role(Role::Rook) | self.role(Role::Queen);
        if heavy.any() {
            return false;
        }
        let knights = self.role(Role::Knight);
        let bishops = self.role(Role::Bishop);
        if (knights | bishops).count() <= 1 {
            return true;
        }
        knights.is_empty()
            && ((bishops & Bb64(LIGHT_SQUARES)).is_empty()
                || (bishops & !Bb64(LIGHT_SQUARES)).is_empty())
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// Dead position, then the 50-move rule (which yields to a mate delivered by the 100th ply).
    pub fn quick_outcome(&self) -> Option<Outcome> {
        if self.is_insufficient_material() {
            return Some(Outcome::Draw(DrawReason::InsufficientMaterial));
        }
        if self.halfmove_clock >= 100 {
            let mated = self.checkers.any() && !self.has_legal_moves();
            if !mated {
                return Some(Outcome::Draw(DrawReason::FiftyMoves));
            }
        }
        None
    }

    /// The outcome when the side to move has no legal move.
    pub fn stuck_outcome(&self) -> Outcome {
        if self.checkers.any() {
            Outcome::win(self.side.other(), WinReason::Checkmate)
        } else {
            Outcome::Draw(DrawReason::Stalemate)
        }
    }
}
