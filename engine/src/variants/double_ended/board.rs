//! The placement as bitboards, and the attack test every legality check runs on it.

use super::geometry::{
    is_orthogonal, KnightStyle, Threats, DIRECTION, KNIGHT_THREATS, NEIGHBOURS, NONE, PAWN_THREATS,
    RING2, STEP,
};
use super::piece::Kind;
use crate::attacks::board8::{bishop_attacks, rook_attacks};
use crate::bitboard::{Bb64, Bitboard};
use crate::game::Player;
use crate::square::Square;

/// Piece sets by kind (both colours) and by colour.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Board {
    pub kinds: [Bb64; Kind::COUNT],
    pub colors: [Bb64; 2],
}

#[inline(always)]
pub fn bit(sq: u8) -> Bb64 {
    if sq == NONE {
        Bb64::EMPTY
    } else {
        Bb64(1 << sq)
    }
}

impl Board {
    #[inline(always)]
    pub fn occupied(&self) -> Bb64 {
        self.colors[0] | self.colors[1]
    }

    #[inline(always)]
    pub fn pieces(&self, player: Player, kind: Kind) -> Bb64 {
        self.colors[player.index()] & self.kinds[kind.index()]
    }

    /// The king square of `player` (a validated position has exactly one).
    #[inline(always)]
    pub fn king(&self, player: Player) -> u8 {
        self.pieces(player, Kind::King)
            .lowest()
            .map_or(NONE, |s| s.0)
    }

    #[inline(always)]
    pub fn toggle(&mut self, player: Player, kind: Kind, sq: u8) {
        self.kinds[kind.index()].toggle(Square(sq));
        self.colors[player.index()].toggle(Square(sq));
    }

    /// Whether some pseudo-legal move of `by` would capture the piece on `target` (rules §5.1),
    /// by the reverse lookups: the first piece along each line (approach), the line movers next
    /// to the target with an empty square behind them (withdrawal), and the reversed step tables
    /// of pawns and knights.
    #[inline]
    pub fn attacked<const DEEP: bool>(&self, target: u8, by: Player) -> bool {
        let occ = self.occupied();
        let them = self.colors[by.index()];
        let t = Square(target);
        let near = Bb64(NEIGHBOURS[target as usize]);
        let queens = self.kinds[Kind::Queen.index()];
        let kings = self.kinds[Kind::King.index()];

        // Approach along a line: the attacker is the first piece met and not adjacent (it lands
        // on the empty square next to the target).
        let orth = rook_attacks(t, occ) & !near & them;
        let diag = bishop_attacks(t, occ) & !near & them;
        if (orth & (self.kinds[Kind::Rook.index()] | queens)).any()
            || (diag & (self.kinds[Kind::Bishop.index()] | queens)).any()
            || ((orth | diag) & kings & Bb64(RING2[target as usize])).any()
        {
            return true;
        }

        // Withdrawal along a line: a neighbour that can step on, away from the target.
        let orth_movers = them & (self.kinds[Kind::Rook.index()] | queens | kings);
        let diag_movers = them & (self.kinds[Kind::Bishop.index()] | queens | kings);
        for w in (near & (orth_movers | diag_movers)).squares() {
            let dir = DIRECTION[target as usize][w.index()];
            let beyond = STEP[w.index()][dir as usize];
            let movers = if is_orthogonal(dir) {
                orth_movers
            } else {
                diag_movers
            };
            if beyond != NONE && !occ.has(Square(beyond)) && movers.has(w) {
                return true;
            }
        }

        let pawns = them & self.kinds[Kind::Pawn.index()];
        if threatened(&PAWN_THREATS[by.index()][target as usize], pawns, occ) {
            return true;
        }
        let knights = them & self.kinds[Kind::Knight.index()];
        if DEEP {
            threatened(
                &KNIGHT_THREATS[KnightStyle::Deep as usize][target as usize],
                knights,
                occ,
            )
        } else {
            let mirrors = them & self.kinds[Kind::Mirror.index()];
            threatened(
                &KNIGHT_THREATS[KnightStyle::Orthodox as usize][target as usize],
                knights,
                occ,
            ) || threatened(
                &KNIGHT_THREATS[KnightStyle::Mirror as usize][target as usize],
                mirrors,
                occ,
            )
        }
    }

    /// Every square whose contents [`Board::attacked`] reads for this target. A move that
    /// changes none of them leaves the answer as it was: the cheap half of the legality test.
    #[inline]
    pub fn attack_reads<const DEEP: bool>(&self, target: u8, by: Player) -> Bb64 {
        let occ = self.occupied();
        let t = Square(target);
        let tu = target as usize;
        let knights = if DEEP {
            KNIGHT_THREATS[KnightStyle::Deep as usize][tu].reads
        } else {
            KNIGHT_THREATS[KnightStyle::Orthodox as usize][tu].reads
                | KNIGHT_THREATS[KnightStyle::Mirror as usize][tu].reads
        };
        rook_attacks(t, occ)
            | bishop_attacks(t, occ)
            | Bb64(NEIGHBOURS[tu] | RING2[tu] | PAWN_THREATS[by.index()][tu].reads | knights)
    }
}

/// Whether one of `pieces` has a step in `threats` whose destination (and `via`) is empty.
#[inline(always)]
fn threatened(threats: &Threats, pieces: Bb64, occ: Bb64) -> bool {
    if threats.origins & pieces.0 == 0 {
        return false;
    }
    threats.list[..threats.len as usize].iter().any(|th| {
        pieces.has(Square(th.origin))
            && !occ.has(Square(th.to))
            && (th.via == NONE || !occ.has(Square(th.via)))
    })
}
