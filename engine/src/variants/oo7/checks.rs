//! Whether a ply gives check, without playing it: the search hooks ask this of many plies.

use crate::attacks::board8 as attacks;
use crate::bitboard::{Bb64, Bitboard};
use crate::square::Square;
use crate::variants::chess::{Move, MoveKind, Position as Board, Role};

#[inline(always)]
fn bb(sq: Square) -> Bb64 {
    Bb64(1 << (sq.0 & 63))
}

/// Whether `mv`, an orthodox legal move on `board`, checks the other colour's king.
///
/// A direct check comes from the piece on its destination; a discovered one from a slider
/// whose line the origin opens. Castling and en passant (two pieces move or vanish) are
/// played instead: they are rare.
#[inline]
pub(super) fn gives_check(board: &Board, mv: Move) -> bool {
    let us = board.side_to_move();
    let king = board.king(us.other());
    let (from, to) = (mv.from(), mv.to());
    // Most plies neither land on the king's lines or knight jumps nor leave one.
    let special = matches!(
        mv.kind(),
        MoveKind::EnPassant | MoveKind::CastleKingSide | MoveKind::CastleQueenSide
    );
    let near = attacks::line(king, to).any() || attacks::knight_attacks(king).has(to);
    if !near && !attacks::line(king, from).any() && !special {
        return false;
    }
    if special {
        return board.play(mv).checkers().any();
    }
    let occ = (board.occupied() & !bb(from)) | bb(to);
    let Some(role) = mv.promotion_role().or_else(|| board.role_on(from)) else {
        return false;
    };
    let direct = match role {
        Role::Pawn => attacks::pawn_attacks(us, to),
        Role::Knight => attacks::knight_attacks(to),
        Role::Bishop => attacks::bishop_attacks(to, occ),
        Role::Rook => attacks::rook_attacks(to, occ),
        Role::Queen => attacks::queen_attacks(to, occ),
        Role::King => Bb64(0),
    };
    if direct.has(king) {
        return true;
    }
    let ours = board.player(us) & !bb(from);
    let queens = board.role(Role::Queen);
    let rooks = (board.role(Role::Rook) | queens) & ours;
    let bishops = (board.role(Role::Bishop) | queens) & ours;
    (attacks::rook_attacks(king, occ) & rooks).any()
        || (attacks::bishop_attacks(king, occ) & bishops).any()
}
