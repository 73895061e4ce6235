//! The Detente variation (rules/007.md §6): the two square sets a turn remembers and the filter
//! they put on friendly plies.

use crate::bitboard::{Bb64, Bitboard};
use crate::square::Square;
use crate::variants::chess::Move;

/// Squares now holding the pieces moved earlier in the current turn (both empty at the start of
/// every turn, and always empty when Detente is off).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Detente {
    /// `F`: the piece(s) of the turn's first, friendly ply (the same-piece rule).
    pub friendly: Bb64,
    /// `E`: the piece(s) of the immediately preceding ply, if it was an enemy ply of this turn
    /// (the capture rule).
    pub enemy: Bb64,
}

#[inline(always)]
fn bb(sq: Square) -> Bb64 {
    Bb64(1 << (sq.0 & 63))
}

/// Where the piece(s) a ply moves stand afterwards: the destination, plus the rook's for castling
/// (a promoted pawn is the same piece as what it became).
#[inline(always)]
pub fn moved_to(mv: Move) -> Bb64 {
    match mv.castling_rook() {
        Some((_, rook_to)) => bb(mv.to()) | bb(rook_to),
        None => bb(mv.to()),
    }
}

/// Where the piece(s) a ply moves started (castling: the king's and the rook's squares).
#[inline(always)]
pub fn moved_from(mv: Move) -> Bb64 {
    match mv.castling_rook() {
        Some((rook_from, _)) => bb(mv.from()) | bb(rook_from),
        None => bb(mv.from()),
    }
}

impl Detente {
    pub const EMPTY: Detente = Detente {
        friendly: Bb64(0),
        enemy: Bb64(0),
    };

    #[inline(always)]
    pub fn is_empty(self) -> bool {
        (self.friendly | self.enemy).is_empty()
    }

    /// The sets after `mv` (§6.1): `friendly` says whether its colour is the controller's, and
    /// `turn_ends` whether it was the last ply of the turn.
    #[inline(always)]
    pub fn after(self, mv: Move, friendly: bool, turn_ends: bool) -> Detente {
        if turn_ends {
            return Detente::EMPTY;
        }
        if friendly {
            return Detente {
                friendly: moved_to(mv),
                enemy: Bb64(0),
            };
        }
        // A first-ply piece the enemy ply captured is gone: it restricts nothing any more.
        let taken = mv.captured_square().map_or(Bb64(0), bb);
        Detente {
            friendly: self.friendly & !taken,
            enemy: moved_to(mv),
        }
    }

    /// Whether `mv` captures the piece the enemy ply just moved (the capture rule; en passant
    /// included through the captured pawn's square).
    #[inline(always)]
    fn takes_protected(self, mv: Move) -> bool {
        mv.captured_square().is_some_and(|sq| self.enemy.has(sq))
    }

    /// Whether `mv` moves the first ply's piece again (for castling: the king or the rook).
    #[inline(always)]
    fn moves_first_piece(self, mv: Move) -> bool {
        (moved_from(mv) & self.friendly).any()
    }

    /// Applies §6.2 at a friendly ply to the orthodox (or pseudo-legal) plies in `moves`:
    /// first the capture rule, which has no exception; then the same-piece rule, unless it would
    /// leave no ply (the seed's "unless it is impossible to move two different pieces").
    pub fn filter(self, moves: &mut arrayvec::ArrayVec<Move, { super::MAX_PLIES }>) {
        if self.enemy.any() {
            moves.retain(|m| !self.takes_protected(*m));
        }
        if self.friendly.any() && moves.iter().any(|m| !self.moves_first_piece(*m)) {
            moves.retain(|m| !self.moves_first_piece(*m));
        }
    }
}
