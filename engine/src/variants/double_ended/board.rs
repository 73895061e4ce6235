//! The placement as bitboards, and the attack test every legality check runs on it.

use super::geometry::{
    is_orthogonal, KnightStyle, Threats, DIRECTION, KNIGHT_THREATS, LINES_DIAGONAL,
    LINES_ORTHOGONAL, NEIGHBOURS, NONE, PAWN_THREATS, RING2, STEP,
};
use super::piece::{Piece, Role};
use crate::attacks::board8::{bishop_attacks, rook_attacks};
use crate::bitboard::{Bb64, Bitboard};
use crate::game::Player;
use crate::square::Square;

/// Piece sets by role (both colours) and by colour.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Board {
    pub roles: [Bb64; Role::COUNT],
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
    pub fn pieces(&self, player: Player, role: Role) -> Bb64 {
        self.colors[player.index()] & self.roles[role.index()]
    }

    /// The king square of `player` (a validated position has exactly one).
    #[inline(always)]
    pub fn king(&self, player: Player) -> u8 {
        self.pieces(player, Role::King)
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
        let role = Role::ALL
            .into_iter()
            .find(|k| (self.roles[k.index()] & b).any())?;
        Some(Piece::new(player, role))
    }

    /// The role of the piece on `sq`, which must be occupied. Branch-free (exactly one role
    /// set holds the square), because every move looks up its mover and victims.
    #[inline(always)]
    pub fn role_at(&self, sq: u8) -> Role {
        let mut index = 0;
        for k in 1..Role::COUNT {
            index |= k * ((self.roles[k].0 >> sq) & 1) as usize;
        }
        Role::ALL[index]
    }

    #[inline(always)]
    pub fn toggle(&mut self, player: Player, role: Role, sq: u8) {
        self.roles[role.index()].toggle(Square(sq));
        self.colors[player.index()].toggle(Square(sq));
    }

    /// The men of `by` that could capture on `target`, sorted by how they would (rules §5.1):
    /// the one description of a threat that [`Board::attacked`] and [`Board::king_watch`] read.
    #[inline(always)]
    fn strikers<const DEEP: bool>(&self, target: u8, by: Player) -> Strikers {
        let tu = target as usize;
        let them = self.colors[by.index()];
        let queens = self.roles[Role::Queen.index()];
        let kings = self.roles[Role::King.index()];
        let orth_movers = them & (self.roles[Role::Rook.index()] | queens | kings);
        let diag_movers = them & (self.roles[Role::Bishop.index()] | queens | kings);
        // A king approaches from two squares away, a slider from anywhere on the line.
        let king_far = them & kings & Bb64(RING2[tu]);
        let knights = them & self.roles[Role::Knight.index()];
        let (knight_style, second_style, second) = if DEEP {
            (KnightStyle::Deep, KnightStyle::Mirror, Bb64::EMPTY)
        } else {
            let mirrors = them & self.roles[Role::Mirror.index()];
            (KnightStyle::Orthodox, KnightStyle::Mirror, mirrors)
        };
        Strikers {
            near: Bb64(NEIGHBOURS[tu]),
            orth_movers,
            diag_movers,
            orth: (orth_movers & !kings) | king_far,
            diag: (diag_movers & !kings) | king_far,
            steps: [
                (
                    &PAWN_THREATS[by.index()][tu],
                    them & self.roles[Role::Pawn.index()],
                ),
                (&KNIGHT_THREATS[knight_style as usize][tu], knights),
                (&KNIGHT_THREATS[second_style as usize][tu], second),
            ],
        }
    }

    /// Whether some pseudo-legal move of `by` would capture the piece on `target` (rules §5.1),
    /// by the reverse lookups: the line movers next to the target with an empty square behind
    /// them (withdrawal), the reversed step tables of pawns and knights, and the first piece
    /// along each line (approach). Cheap tests first; slider lookups only where an enemy
    /// slider stands on the target's lines at all.
    #[inline]
    pub fn attacked<const DEEP: bool>(&self, target: u8, by: Player) -> bool {
        let occ = self.occupied();
        let s = self.strikers::<DEEP>(target, by);
        let adjacent = s.near & (s.orth_movers | s.diag_movers);
        if adjacent.squares().any(|w| s.withdraws(target, w, occ)) {
            return true;
        }
        if s.steps
            .iter()
            .any(|&(threats, pieces)| threatened(threats, pieces, occ))
        {
            return true;
        }
        let (tu, t) = (target as usize, Square(target));
        (s.orth.0 & LINES_ORTHOGONAL[tu] != 0 && (rook_attacks(t, occ) & !s.near & s.orth).any())
            || (s.diag.0 & LINES_DIAGONAL[tu] != 0
                && (bishop_attacks(t, occ) & !s.near & s.diag).any())
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
        let s = self.strikers::<DEEP>(target, by);
        let (tu, t) = (target as usize, Square(target));
        let mut reads = Bb64::EMPTY;
        let mut checked = false;
        // Approach along a line by the first piece met, from two or more squares away.
        if s.orth.0 & LINES_ORTHOGONAL[tu] != 0 {
            let rays = rook_attacks(t, occ);
            reads |= rays;
            checked |= (rays & !s.near & s.orth).any();
        }
        if s.diag.0 & LINES_DIAGONAL[tu] != 0 {
            let rays = bishop_attacks(t, occ);
            reads |= rays;
            checked |= (rays & !s.near & s.diag).any();
        }
        let adjacent = s.near & (s.orth_movers | s.diag_movers);
        if adjacent.any() {
            reads |= s.near | Bb64(RING2[tu]);
            for w in adjacent.squares() {
                checked |= s.withdraws(target, w, occ);
            }
        }
        for (threats, pieces) in s.steps {
            watch_steps(threats, pieces, occ, &mut reads, &mut checked);
        }
        debug_assert_eq!(checked, self.attacked::<DEEP>(target, by));
        (checked, reads)
    }
}

/// The enemy men that could capture on one square, by how they would ([`Board::strikers`]).
struct Strikers {
    /// The target's neighbours.
    near: Bb64,
    /// Men that step along ranks and files (rooks, queens, the king), and along diagonals.
    orth_movers: Bb64,
    diag_movers: Bb64,
    /// Men that capture by approach along ranks and files, and along diagonals.
    orth: Bb64,
    diag: Bb64,
    /// The reversed steps of pawns and of each knight style, with the men that take them.
    steps: [(&'static Threats, Bb64); 3],
}

impl Strikers {
    /// Whether the line mover on `w`, next to `target`, captures it by withdrawal: it can step
    /// onto the empty square beyond it, away from the target.
    #[inline(always)]
    fn withdraws(&self, target: u8, w: Square, occ: Bb64) -> bool {
        let dir = DIRECTION[target as usize][w.index()];
        let beyond = STEP[w.index()][dir as usize];
        let movers = if is_orthogonal(dir) {
            self.orth_movers
        } else {
            self.diag_movers
        };
        beyond != NONE && !occ.has(Square(beyond)) && movers.has(w)
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
