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
//! The numbers of the first four terms are named weights in `weights.txt`, embedded at compile
//! time, which `chimera tune` fits (docs/tuning.md); the first values were the round numbers
//! below.
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
use crate::eval::weights;
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
/// The weights, from `weights.txt` (see [`crate::eval::weights`]), read at compile time. The
/// targets and initiative terms are shares of the fixed piece values ([`Role::value`], which
/// exchanges use too), not weights: the tuner holds them fixed.
pub static WEIGHTS: [Pair; COUNT] = weights::parse(include_str!("weights.txt"));

// Where each group of weights starts in [`WEIGHTS`], in file order.
/// Material by role, in [`Role::ALL`] order.
const MATERIAL: usize = 0;
/// Pawn advancement by rank from the owner's side (index 1 = second rank).
const PAWN_RANK: usize = MATERIAL + Role::COUNT;
/// By [`ring`], 0 in the centre to 3 on the edge: knights (and Mirror Knights), bishops, queens.
const KNIGHT_RING: usize = PAWN_RANK + 8;
const BISHOP_RING: usize = KNIGHT_RING + 4;
const QUEEN_RING: usize = BISHOP_RING + 4;
/// The king by rank from its side (the fourth and beyond count as the fourth), then by ring.
const KING_RANK: usize = QUEEN_RING + 4;
const KING_RING: usize = KING_RANK + 4;
/// Per empty destination: knight, Mirror Knight, bishop, rook, queen.
const MOBILITY: usize = KING_RING + 4;
/// Per empty square next to the king.
const SHELTER: usize = MOBILITY + 5;
/// How many weights there are.
pub const COUNT: usize = SHELTER + 1;

const ROLE_NAMES: [&str; Role::COUNT] = [
    "pawn", "knight", "mirror", "bishop", "rook", "queen", "king",
];

/// The name of each weight, in file order.
pub fn weight_names() -> Vec<String> {
    let mut names: Vec<String> = ROLE_NAMES.iter().map(|r| format!("material.{r}")).collect();
    names.extend((1..=8).map(|r| format!("placement.pawn_rank{r}")));
    for piece in ["knight", "bishop", "queen"] {
        names.extend((0..4).map(|r| format!("placement.{piece}_ring{r}")));
    }
    names.extend((1..=4).map(|r| format!("placement.king_rank{r}")));
    names.extend((0..4).map(|r| format!("placement.king_ring{r}")));
    names.extend(ROLE_NAMES[1..6].iter().map(|r| format!("mobility.{r}")));
    names.push("king_shelter.open_square".into());
    names
}

/// Weight `index` counted `count` times for `player`.
#[inline(always)]
fn w<T: Trace<Term>>(trace: &mut T, index: usize, player: Player, count: i32) -> Pair {
    weights::take(&WEIGHTS, trace, index, player, count)
}

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

#[inline(always)]
fn placement<T: Trace<Term>>(trace: &mut T, role: Role, player: Player, sq: u8) -> Pair {
    let ring = ring(sq) as usize;
    match role {
        Role::Pawn => w(trace, PAWN_RANK + relative_rank(player, sq), player, 1),
        Role::Knight | Role::Mirror => w(trace, KNIGHT_RING + ring, player, 1),
        Role::Bishop => w(trace, BISHOP_RING + ring, player, 1),
        Role::Rook => Pair(0, 0),
        Role::Queen => w(trace, QUEEN_RING + ring, player, 1),
        Role::King => {
            w(
                trace,
                KING_RANK + relative_rank(player, sq).min(3),
                player,
                1,
            ) + w(trace, KING_RING + ring, player, 1)
        }
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
                material += w(trace, MATERIAL + role.index(), player, 1);
                place += placement(trace, role, player, sq.0);
                if !matches!(role, Role::Pawn | Role::King) {
                    let count = board.mobility::<DEEP>(role, sq.0) as i32;
                    mobility += w(trace, MOBILITY + role.index() - 1, player, count);
                }
            }
        }
        let king = board.king(player);
        let open = (Bb64(NEIGHBOURS[king as usize]) & !board.occupied()).count() as i32;
        let shelter = w(trace, SHELTER, player, open);
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

    pub(crate) fn phase(&self) -> i32 {
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

impl<const DEEP: bool> weights::Tunable for DoubleEnded<DEEP> {
    const WEIGHTS_FILE: &'static str = "engine/src/variants/double_ended/weights.txt";
    fn weights() -> &'static [Pair] {
        &WEIGHTS
    }
    fn weight_names() -> Vec<String> {
        weight_names()
    }
    fn features(&self, features: &mut weights::Features) -> i32 {
        self.score(features);
        self.phase()
    }
    fn white_eval(&self) -> i32 {
        self.side.sign() * self.static_eval()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights::{Features, Tunable};
    use crate::game::GameState;

    #[test]
    fn the_weights_file_names_every_weight_in_order() {
        assert_eq!(weights::names(include_str!("weights.txt")), weight_names());
    }

    /// The weights' part of the evaluation, recomputed from the counts, leaves only the targets
    /// and initiative terms (which are not weights) and rounding.
    #[test]
    fn features_reproduce_the_weighted_terms() {
        let mut unequal = 0;
        for fen in super::super::BENCH_FENS {
            let pos =
                <super::super::DoubleEndedChess as GameState>::from_fen(fen, &Default::default())
                    .unwrap();
            let mut f = Features::new(COUNT);
            let phase = pos.features(&mut f);
            let sum = f
                .coef
                .iter()
                .zip(WEIGHTS.iter())
                .fold(Pair(0, 0), |acc, (&c, &w)| acc + w * c);
            let b = pos.eval_breakdown();
            let weighted = [
                Term::Material,
                Term::Placement,
                Term::Mobility,
                Term::KingShelter,
            ]
            .iter()
            .fold(Pair(0, 0), |acc, &t| {
                acc + b.terms[t as usize][0] - b.terms[t as usize][1]
            });
            assert_eq!(sum, weighted, "{fen}");
            unequal += (sum != Pair(0, 0)) as usize;
            assert_eq!(phase, b.phase);
        }
        assert!(unequal > 0);
    }
}
