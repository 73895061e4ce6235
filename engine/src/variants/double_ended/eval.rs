//! Static evaluation, tapered between middlegame and endgame like the orthodox one, with the
//! terms this capture rule calls for. docs/variants/double-ended.md gives the reasoning and the
//! match results behind each term.
//!
//! The central fact: every capture lands next to its victim (approach: the mover stops on an
//! empty neighbour of the victim, in line with its last step) or starts next to it (withdrawal:
//! an adjacent enemy steps away). So a piece can only be taken through an *empty neighbour
//! square* or by an *adjacent enemy*: a piece walled in by friends is immune, whatever attacks
//! it in the orthodox sense. The terms:
//!
//! * Material: pawn 100, Knight and Mirror Knight 300, bishop 330, rook 500, queen 900.
//! * Placement: knights and bishops toward the centre (more landing squares), pawns forward,
//!   the king at home in the middlegame and central in the endgame (a king on the edge can be
//!   mated by the bare king: rules example 9).
//! * Mobility: empty squares each piece can move to; every move is a potential capture here.
//! * King shelter: each empty square next to the king is a square an enemy can approach it
//!   through; middlegame only.
//! * Targets: a piece some enemy move would capture now counts 1/8 of its value against its
//!   owner, and the player to move gains 1/4 of its best target (it strikes first).

use super::board::Board;
use super::geometry::{KnightStyle, KNIGHT_STEPS, NEIGHBOURS, NONE};
use super::piece::Role;
use super::position::DoubleEnded;
use crate::attacks::board8::{bishop_attacks, queen_attacks, rook_attacks};
use crate::bitboard::{Bb64, Bitboard};
use crate::eval::tapered::{taper, NoTrace, Trace};
pub use crate::eval::tapered::{Pair, MAX_PHASE};
use crate::game::Player;

/// The evaluation's terms, in the order `eval` prints them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Term {
    Material,
    Placement,
    Mobility,
    KingShelter,
    Targets,
    Initiative,
}

impl Term {
    pub const ALL: [Term; 6] = [
        Term::Material,
        Term::Placement,
        Term::Mobility,
        Term::KingShelter,
        Term::Targets,
        Term::Initiative,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::Placement => "Placement",
            Term::Mobility => "Mobility",
            Term::KingShelter => "King shelter",
            Term::Targets => "Targets",
            Term::Initiative => "Initiative",
        }
    }
}

impl From<Term> for usize {
    fn from(term: Term) -> usize {
        term as usize
    }
}

/// The evaluation by terms (in [`Term::ALL`] order) and players, with its phase.
pub type Breakdown = crate::eval::tapered::Breakdown<6>;

/// Phase weight by role: minor pieces 1, rook 2, queen 4 (24 for the start position).
const PHASE: [i32; Role::COUNT] = [0, 1, 1, 1, 2, 4, 0];

/// The share of a target's value counted as pressure, for either side: 1/8.
const PRESSURE_SHIFT: u32 = 3;
/// The player to move can cash its best target at once: a further 1/4 of its value.
const INITIATIVE_SHIFT: u32 = 2;
/// Per empty square next to the king, middlegame.
const SHELTER: i32 = -8;
/// Per empty destination, by role.
const MOBILITY: [Pair; Role::COUNT] = [
    Pair(0, 0),
    Pair(4, 4),
    Pair(4, 4),
    Pair(3, 3),
    Pair(2, 4),
    Pair(1, 2),
    Pair(0, 0),
];
/// Pawn advancement by rank from the owner's side (ranks 2 to 7 are 1 to 6).
const PAWN_RANK: [Pair; 8] = [
    Pair(0, 0),
    Pair(0, 0),
    Pair(3, 6),
    Pair(8, 14),
    Pair(14, 28),
    Pair(22, 50),
    Pair(32, 85),
    Pair(0, 0),
];

/// 0 on the four centre squares, 3 on the edge.
#[inline(always)]
fn ring(sq: u8) -> i32 {
    let f = (2 * (sq % 8) as i32 - 7).abs();
    let r = (2 * (sq / 8) as i32 - 7).abs();
    (f.max(r) - 1) / 2
}

/// The rank counted from `player`'s side, 0 to 7.
#[inline(always)]
fn relative_rank(player: Player, sq: u8) -> usize {
    let r = (sq / 8) as usize;
    if player == Player::White {
        r
    } else {
        7 - r
    }
}

fn placement(role: Role, player: Player, sq: u8) -> Pair {
    let ring = ring(sq);
    match role {
        Role::Pawn => PAWN_RANK[relative_rank(player, sq)],
        Role::Knight | Role::Mirror => Pair(-8 * ring, -8 * ring),
        Role::Bishop => Pair(-4 * ring, -4 * ring),
        Role::Rook => Pair(0, 0),
        Role::Queen => Pair(-2 * ring, -4 * ring),
        Role::King => Pair(-12 * relative_rank(player, sq).min(3) as i32, -10 * ring),
    }
}

impl Board {
    /// The empty squares a piece of `role` on `sq` can move to (pawns and kings: none counted).
    #[inline(always)]
    fn mobility<const DEEP: bool>(&self, role: Role, sq: u8) -> u32 {
        let occ = self.occupied();
        let s = crate::square::Square(sq);
        let reach = match role {
            Role::Bishop => bishop_attacks(s, occ),
            Role::Rook => rook_attacks(s, occ),
            Role::Queen => queen_attacks(s, occ),
            Role::Knight | Role::Mirror => {
                let style = if DEEP {
                    KnightStyle::Deep
                } else if role == Role::Knight {
                    KnightStyle::Orthodox
                } else {
                    KnightStyle::Mirror
                };
                let mut b = Bb64::EMPTY;
                for step in &KNIGHT_STEPS[style as usize][sq as usize] {
                    if step.to != NONE {
                        b |= Bb64(1 << step.to);
                    }
                }
                b
            }
            Role::Pawn | Role::King => Bb64::EMPTY,
        };
        (reach & !occ).count()
    }
}

impl<const DEEP: bool> DoubleEnded<DEEP> {
    /// Material, placement, mobility and king shelter of `player`, reported to `trace`; their
    /// sum.
    fn side_terms<T: Trace<Term>>(&self, player: Player, trace: &mut T) -> Pair {
        let board = &self.board;
        let (mut material, mut place, mut mobility) = (Pair(0, 0), Pair(0, 0), Pair(0, 0));
        for role in Role::ALL {
            for sq in board.pieces(player, role).squares() {
                material += Pair(role.value(), role.value());
                place += placement(role, player, sq.0);
                mobility += MOBILITY[role.index()] * board.mobility::<DEEP>(role, sq.0) as i32;
            }
        }
        let king = board.king(player);
        let open = (Bb64(NEIGHBOURS[king as usize]) & !board.occupied()).count() as i32;
        let shelter = Pair(SHELTER * open, 0);
        trace.add(Term::Material, player, material);
        trace.add(Term::Placement, player, place);
        trace.add(Term::Mobility, player, mobility);
        trace.add(Term::KingShelter, player, shelter);
        material + place + mobility + shelter
    }

    /// The values of `victim`'s pieces (kings aside) that `attacker` could capture now: their
    /// sum and the largest.
    fn targets(&self, victim: Player, attacker: Player) -> (i32, i32) {
        let (mut sum, mut best) = (0, 0);
        let pieces = self.board.colors[victim.index()] & !self.board.roles[Role::King.index()];
        for sq in pieces.squares() {
            if self.board.attacked::<DEEP>(sq.0, attacker) {
                let v = self.board.piece_at(sq.0).map_or(0, |p| p.role.value());
                sum += v;
                best = best.max(v);
            }
        }
        (sum, best)
    }

    fn phase(&self) -> i32 {
        Role::ALL
            .iter()
            .map(|k| PHASE[k.index()] * self.board.roles[k.index()].count() as i32)
            .sum::<i32>()
            .min(MAX_PHASE)
    }

    /// Centipawns from the point of view of the player to move, every term reported to
    /// `trace` (from White's and Black's own sides).
    fn score<T: Trace<Term>>(&self, trace: &mut T) -> i32 {
        let us = self.side;
        let them = us.other();
        let mut ours = self.side_terms(us, trace);
        let mut theirs = self.side_terms(them, trace);

        let (their_targets, best_target) = self.targets(them, us);
        let (our_targets, _) = self.targets(us, them);
        let pressure = |sum: i32| Pair(-(sum >> PRESSURE_SHIFT), -(sum >> PRESSURE_SHIFT));
        let initiative = Pair(
            best_target >> INITIATIVE_SHIFT,
            best_target >> INITIATIVE_SHIFT,
        );
        trace.add(Term::Targets, us, pressure(our_targets));
        trace.add(Term::Targets, them, pressure(their_targets));
        trace.add(Term::Initiative, us, initiative);
        ours += pressure(our_targets) + initiative;
        theirs += pressure(their_targets);

        taper(ours - theirs, self.phase())
    }

    /// Centipawns from the point of view of the player to move.
    pub(super) fn static_eval(&self) -> i32 {
        self.score(&mut NoTrace)
    }

    /// The evaluation by terms, for the protocol's `eval`.
    pub fn eval_breakdown(&self) -> Breakdown {
        let mut b = Breakdown {
            phase: self.phase(),
            ..Breakdown::default()
        };
        self.score(&mut b);
        b
    }
}
