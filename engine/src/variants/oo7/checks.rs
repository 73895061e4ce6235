//! Whether a ply gives check, cheaply: most plies cannot (their piece lands off the enemy
//! king's lines and knight jumps, and leaves no line to it), so only the others are played.

use crate::attacks::board8 as attacks;
use crate::bitboard::{Bb64, Bitboard};
use crate::variants::chess::{Move, MoveKind, Position as Board};

/// Whether `mv`, an orthodox legal move on `board`, checks the other colour's king.
#[inline]
pub(super) fn gives_check(board: &Board, mv: Move) -> bool {
    let king = board.king(board.side_to_move().other());
    let lines = attacks::queen_attacks(king, Bb64(0));
    // A direct check comes from the destination; a discovered one opens a line through the
    // origin (or, en passant, through the captured pawn's square; castling, the rook's).
    let possible = (lines | attacks::knight_attacks(king)).has(mv.to())
        || lines.has(mv.from())
        || mv.kind() == MoveKind::EnPassant
        || mv.castling_rook().is_some();
    possible && board.play(mv).checkers().any()
}
