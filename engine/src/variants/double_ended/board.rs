//! The placement as bitboards, and the attack test every legality check runs on it.

use super::geometry::{
    is_orthogonal, KnightStyle, Threats, DIRECTION, KNIGHT_THREATS, LINES_DIAGONAL,
    LINES_ORTHOGONAL, NEIGHBOURS, NONE, PAWN_THREATS, RING2, STEP,
};
use super::piece::{Kind, Piece};
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

    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: u8) -> Option<Piece> {
        let b = bit(sq);
        let player = if (self.colors[0] & b).any() {
            Player::White
        } else if (self.colors[1] & b).any() {
            Player::Black
        } else {
            return None;
        };
        let kind = Kind::ALL
            .into_iter()
            .find(|k| (self.kinds[k.index()] & b).any())?;
        Some(Piece::new(player, kind))
    }

    /// The kind of the piece on `sq`, which must be occupied. Branch-free (exactly one kind
    /// set holds the square), because every move looks up its mover and victims.
    #[inline(always)]
    pub fn kind_at(&self, sq: u8) -> Kind {
        let mut index = 0;
        for k in 1..Kind::COUNT {
            index |= k * ((self.kinds[k].0 >> sq) & 1) as usize;
        }
        Kind::ALL[index]
    }

    #[inline(always)]
    pub fn toggle(&mut self, player: Player, kind: Kind, sq: u8) {
        self.kinds[kind.index()].toggle(Square(sq));
        self.colors[player.index()].toggle(Square(sq));
    }

    /// Whether some pseudo-legal move of `by` would capture the piece on `target` (rules §5.1),
    /// by the reverse lookups: the line movers next to the target with an empty square behind
    /// them (withdrawal), the reversed step tables of pawns and knights, and the first piece
    /// along each line (approach). Cheap tests first; slider lookups only where an enemy
    /// slider stands on the target's lines at all.
    #[inline]
    pub fn attacked<const DEEP: bool>(&self, target: u8, by: Player) -> bool {
        let occ = self.occupied();
        let them = self.colors[by.index()];
        let tu = target as usize;
        let near = Bb64(NEIGHBOURS[tu]);
        let queens = self.kinds[Kind::Queen.index()];
        let kings = self.kinds[Kind::King.index()];
        let orth_movers = them & (self.kinds[Kind::Rook.index()] | queens | kings);
        let diag_movers = them & (self.kinds[Kind::Bishop.index()] | queens | kings);

        // Withdrawal along a line: a neighbour that can step on, away from the target.
        for w in (near & (orth_movers | diag_movers)).squares() {
            let dir = DIRECTION[tu][w.index()];
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
        if threatened(&PAWN_THREATS[by.index()][tu], pawns, occ) {
            return true;
        }
        let knights = them & self.kinds[Kind::Knight.index()];
        let knight_attack = if DEEP {
            threatened(
                &KNIGHT_THREATS[KnightStyle::Deep as usize][tu],
                knights,
                occ,
            )
        } else {
            let mirrors = them & self.kinds[Kind::Mirror.index()];
            threatened(
                &KNIGHT_THREATS[KnightStyle::Orthodox as usize][tu],
                knights,
                occ,
            ) || threatened(
                &KNIGHT_THREATS[KnightStyle::Mirror as usize][tu],
                mirrors,
                occ,
            )
        };
        if knight_attack {
            return true;
        }

        // Approach along a line: the attacker is the first piece met and not adjacent (it lands
        // on the empty square next to the target). A king approaches from two squares away.
        let t = Square(target);
        let (orth_sliders, diag_sliders) = (orth_movers & !kings, diag_movers & !kings);
        let king_far = them & kings & Bb64(RING2[tu]);
        let orth = if (orth_sliders | king_far).0 & LINES_ORTHOGONAL[tu] != 0 {
            rook_attacks(t, occ) & !near
        } else {
            Bb64::EMPTY
        };
        let diag = if (diag_sliders | king_far).0 & LINES_DIAGONAL[tu] != 0 {
            bishop_attacks(t, occ) & !near
        } else {
            Bb64::EMPTY
        };
        (orth & (orth_sliders | king_far)).any() || (diag & (diag_sliders | king_far)).any()
    }

    /// What the generator needs to know about the king on `target`: whether `by` attacks it
    /// now (the answer of [`Board::attacked`], which a debug assertion checks), and the squares
    /// whose emptying or filling could make it attacked when it is not. One pass over the
    /// enemy pieces that could strike the king serves both.
    ///
    /// A move of the attacked side only empties its origin and its victims' squares and fills
    /// one empty square, so it can complete only a threat that already has its enemy piece in
    /// place: the rays to the first blockers where an enemy slider (or a king two steps away)
    /// stands on the line, the squares around the target where an enemy line mover stands next
    /// to it, and the step squares of enemy pawns and knights standing where they could strike
    /// from. A move that empties none of them, fills none of them, and is not a king move,
    /// leaves the target safe.
    #[inline]
    pub fn king_watch<const DEEP: bool>(&self, target: u8, by: Player) -> (bool, Bb64) {
        let occ = self.occupied();
        let them = self.colors[by.index()];
        let tu = target as usize;
        let t = Square(target);
        let near = Bb64(NEIGHBOURS[tu]);
        let queens = self.kinds[Kind::Queen.index()];
        let kings = self.kinds[Kind::King.index()];
        let orth_movers = them & (self.kinds[Kind::Rook.index()] | queens | kings);
        let diag_movers = them & (self.kinds[Kind::Bishop.index()] | queens | kings);
        let king_far = them & kings & Bb64(RING2[tu]);
        let orth_strikers = (orth_movers & !kings) | king_far;
        let diag_strikers = (diag_movers & !kings) | king_far;
        let mut reads = Bb64::EMPTY;
        let mut checked = false;
        // Approach along a line by the first piece met, from two or more squares away.
        if orth_strikers.0 & LINES_ORTHOGONAL[tu] != 0 {
            let rays = rook_attacks(t, occ);
            reads |= rays;
            checked |= (rays & !near & orth_strikers).any();
        }
        if diag_strikers.0 & LINES_DIAGONAL[tu] != 0 {
            let rays = bishop_attacks(t, occ);
            reads |= rays;
            checked |= (rays & !near & diag_strikers).any();
        }
        // Withdrawal by an adjacent line mover onto the empty square beyond it.
        let adjacent = near & (orth_movers | diag_movers);
        if adjacent.any() {
            reads |= near | Bb64(RING2[tu]);
            for w in adjacent.squares() {
                let dir = DIRECTION[tu][w.index()];
                let beyond = STEP[w.index()][dir as usize];
                let movers = if is_orthogonal(dir) {
                    orth_movers
                } else {
                    diag_movers
                };
                checked |= beyond != NONE && !occ.has(Square(beyond)) && movers.has(w);
            }
        }
        let pawns = them & self.kinds[Kind::Pawn.index()];
        let threats = &PAWN_THREATS[by.index()][tu];
        watch_steps(threats, pawns, occ, &mut reads, &mut checked);
        let knights = them & self.kinds[Kind::Knight.index()];
        if DEEP {
            let threats = &KNIGHT_THREATS[KnightStyle::Deep as usize][tu];
            watch_steps(threats, knights, occ, &mut reads, &mut checked);
        } else {
            let threats = &KNIGHT_THREATS[KnightStyle::Orthodox as usize][tu];
            watch_steps(threats, knights, occ, &mut reads, &mut checked);
            let mirrors = them & self.kinds[Kind::Mirror.index()];
            let threats = &KNIGHT_THREATS[KnightStyle::Mirror as usize][tu];
            watch_steps(threats, mirrors, occ, &mut reads, &mut checked);
        }
        debug_assert_eq!(checked, self.attacked::<DEEP>(target, by));
        (checked, reads)
    }
}

/// For the steps in `threats` whose origin holds one of `pieces`: adds their destinations and
/// `via`s to `reads`, and sets `checked` when one of them is open (destination and `via` empty).
#[inline(always)]
fn watch_steps(threats: &Threats, pieces: Bb64, occ: Bb64, reads: &mut Bb64, checked: &mut bool) {
    if threats.origins & pieces.0 == 0 {
        return;
    }
    for th in &threats.list[..threats.len as usize] {
        if pieces.has(Square(th.origin)) {
            let squares = bit(th.to) | bit(th.via);
            *reads |= squares;
            *checked |= (squares & occ).is_empty();
        }
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
