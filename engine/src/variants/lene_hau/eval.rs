//! Evaluation that understands time. Besides material and placement, the *time terms* (the
//! `TimeTerms` option, on by default) look at where each traveller will be and when:
//! - a traveller is placed where it will arrive, and pays a little for each turn still under
//!   way (committed force cannot react);
//! - an arrival threatens the enemy pieces standing on its destination now, more the sooner it
//!   lands (a crowd capture two turns away is a threat already);
//! - a traveller that will give a pictorial check from a square of its remaining path threatens
//!   to tie the enemy king down, more the sooner;
//! - a side whose own travellers' next steps open a line onto its king (rules §11 Example 6)
//!   is in danger: it loses at the end of its turn unless its order mends it.
//!
//! Without them the evaluation sees the view as a still picture: material and placement where
//! the pieces stand, and the checks of the moment.
//!
//! The weights are small on purpose: the destination is public, so the enemy sees a threat
//! coming and can step away. Larger ones (a threat at a third of the victims' value, a check
//! ahead at 24, an opened line at 90) lost matches to the engine without time terms
//! (docs/variants/lene-hau.md, "Measured").
//!
//! The numbers are named weights in `weights.txt`, embedded at compile time, which
//! `chimera tune` fits (docs/tuning.md).

use super::rules::{attacked_by, next_step, reach};
use super::*;
use crate::eval::tapered::{Pair, MAX_PHASE};
use crate::eval::weights::{self, Features};

/// Piece values in centipawns by role (K Q R B N P), for exchanges, move ordering and the
/// arrival threat; the evaluation's material weights started from them.
pub const VALUE: [i32; 6] = [0, 900, 500, 330, 320, 100];

/// The worth of a crowd-captured king in the arrival threat (the game, but not yet certain).
const KING_VICTIM: i32 = 400;

/// The weights, from `weights.txt` (see [`crate::eval::weights`]), read at compile time. The
/// evaluation has no phases: each line's two numbers are equal and the first is read. The
/// arrival threat (a share of the victims' [`VALUE`]) is not a weight: the tuner holds it fixed.
pub static WEIGHTS: [Pair; COUNT] = weights::parse(include_str!("weights.txt"));

// Where each group of weights starts in [`WEIGHTS`], in file order.
/// Material, queen to pawn (the king has none).
const MATERIAL: usize = 0;
/// A pawn by rank from its owner's side (index 1 = second rank).
const PAWN_RANK: usize = MATERIAL + 5;
/// Per step towards the centre ([`centre`]): queen, rook, bishop, knight.
const CENTRE: usize = PAWN_RANK + 8;
/// Per turn a traveller is still under way: committed force cannot react.
const TURN_LEFT: usize = CENTRE + 4;
/// A check a traveller will give from its path, 1 to 7 turns ahead.
pub(super) const CHECK_AHEAD: usize = TURN_LEFT + 1;
/// A pictorial check of the moment: the checked side must spend its turn on it.
const IN_CHECK: usize = CHECK_AHEAD + 7;
/// The side's own advances will open a line onto its king.
const SELF_UNBLOCK: usize = IN_CHECK + 1;
/// For the side to move.
const TEMPO: usize = SELF_UNBLOCK + 1;
/// How many weights there are.
pub const COUNT: usize = TEMPO + 1;

/// The name of each weight, in file order.
pub fn weight_names() -> Vec<String> {
    let roles = ["queen", "rook", "bishop", "knight", "pawn"];
    let mut names: Vec<String> = roles.iter().map(|r| format!("material.{r}")).collect();
    names.extend((1..=8).map(|r| format!("placement.pawn_rank{r}")));
    names.extend(roles[..4].iter().map(|r| format!("placement.{r}_centre")));
    names.push("time.turn_left".into());
    names.extend((1..=7).map(|j| format!("time.check_ahead{j}")));
    for n in ["check.in_check", "time.self_unblock", "tempo"] {
        names.push(n.into());
    }
    names
}

/// Centralisation bonus of a square, 0..=6.
fn centre(sq: Square) -> i32 {
    let f = sq.file8() as i32;
    let r = sq.rank8() as i32;
    let df = if f < 4 { f } else { 7 - f };
    let dr = if r < 4 { r } else { 7 - r };
    df.min(3) + dr.min(3)
}

/// The rank of `sq` from `color`'s side, 0 to 7.
fn relative_rank(color: Player, sq: Square) -> usize {
    let r = sq.rank8() as usize;
    if color == Player::White {
        r
    } else {
        7 - r
    }
}

/// Turns a traveller needs to arrive.
fn turns_left(p: &Piece) -> i32 {
    match p.state {
        State::Standing => 0,
        State::Committed => 1,
        State::Travelling => {
            let df = (p.dst.file8() as i32 - p.sq.file8() as i32).abs();
            let dr = (p.dst.rank8() as i32 - p.sq.rank8() as i32).abs();
            df.max(dr)
        }
    }
}

impl LeneHau {
    /// Reports each weight's use to `add(index, player, count)` and returns what is not a
    /// weight (the arrival threats), from White's view.
    #[inline(always)]
    fn terms(&self, add: &mut impl FnMut(usize, Player, i32)) -> i32 {
        let time = self.time_terms;
        let occ = self.view[0] | self.view[1];
        let mut fixed = 0;
        for p in &self.pieces {
            let at = if time { p.dst } else { p.sq };
            match p.role {
                Role::King => {}
                Role::Pawn => {
                    add(MATERIAL + Role::Pawn.index() - 1, p.color, 1);
                    add(PAWN_RANK + relative_rank(p.color, at), p.color, 1);
                }
                role => {
                    add(MATERIAL + role.index() - 1, p.color, 1);
                    add(CENTRE + role.index() - 1, p.color, centre(at));
                }
            }
            if time && p.state == State::Travelling {
                fixed += p.color.sign() * self.arrival_threat(p);
                add(TURN_LEFT, p.color, turns_left(p));
                if let Some(j) = self.check_ahead_turns(p, occ) {
                    add(CHECK_AHEAD + j - 1, p.color, 1);
                }
            }
        }
        for c in Player::BOTH {
            if self.side_in_check(c) {
                add(IN_CHECK, c, 1);
            }
            if time && self.opened_by_own_advance(c, occ) {
                add(SELF_UNBLOCK, c, 1);
            }
        }
        add(TEMPO, self.side, 1);
        fixed
    }

    /// From White's view.
    fn white_view(&self) -> i32 {
        let mut score = 0;
        let fixed = self.terms(&mut |i, c, n| score += c.sign() * n * WEIGHTS[i].0);
        score + fixed
    }

    /// What traveller `p`'s arrival will crowd-capture, discounted by the turns until then
    /// (a quarter of the victims' value one turn away, an eighth two turns away, ...).
    pub(crate) fn arrival_threat(&self, p: &Piece) -> i32 {
        let enemy = ci(p.color.other());
        if self.view[enemy] & p.dst.bit() == 0 {
            return 0;
        }
        let victims: i32 = self
            .pieces
            .iter()
            .filter(|q| ci(q.color) == enemy && q.state == State::Standing && q.sq == p.dst)
            .map(|q| {
                if q.role == Role::King {
                    KING_VICTIM
                } else {
                    VALUE[q.role.index()]
                }
            })
            .sum();
        victims / (4 * (1 + turns_left(p)))
    }

    /// The nearest check traveller `p` will give from a square of its remaining path, the
    /// board otherwise as it is now: in how many turns, and that turn count's weight.
    #[cfg(test)]
    pub(crate) fn checks_ahead(&self, p: &Piece, occ: u64) -> Option<(usize, i32)> {
        self.check_ahead_turns(p, occ)
            .map(|j| (j, WEIGHTS[CHECK_AHEAD + j - 1].0))
    }

    /// In how many turns traveller `p` will first give check from a square of its remaining
    /// path, the board otherwise as it is now.
    fn check_ahead_turns(&self, p: &Piece, occ: u64) -> Option<usize> {
        let king = self.king_sq(p.color.other())?;
        let occ = occ & !p.sq.bit();
        let mut sq = p.sq;
        for j in 1..=turns_left(p) {
            sq = next_step(sq, p.dst);
            if sq == king {
                return None;
            }
            if reach(p.role, p.color, sq, occ | sq.bit()) & king.bit() != 0 {
                return Some(j as usize);
            }
        }
        None
    }

    /// Whether the next advance of `c`'s travellers (at the end of `c`'s next turn) leaves
    /// `c`'s king attacked where it is not attacked now.
    pub(crate) fn opened_by_own_advance(&self, c: Player, occ: u64) -> bool {
        if !self.moving(c) {
            return false;
        }
        let them = c.other();
        let Some(mut king) = self.king_sq(c) else {
            return false;
        };
        let mut after = occ;
        for p in self.pieces.iter().filter(|p| p.color == c) {
            if p.state != State::Travelling {
                continue;
            }
            let next = next_step(p.sq, p.dst);
            if self.multi & p.sq.bit() == 0 {
                after &= !p.sq.bit();
            }
            after |= next.bit();
            if p.role == Role::King {
                king = next;
            }
        }
        if after == occ {
            return false;
        }
        let roles = &self.roles[ci(them)];
        attacked_by(king, them, roles, after, !0) && !attacked_by(king, them, roles, occ, !0)
    }

    pub(crate) fn static_eval(&self) -> i32 {
        self.white_view() * self.side.sign()
    }
}

impl weights::Tunable for LeneHau {
    const WEIGHTS_FILE: &'static str = "engine/src/variants/lene_hau/weights.txt";
    const TAPERED: bool = false;
    fn weights() -> &'static [Pair] {
        &WEIGHTS
    }
    fn weight_names() -> Vec<String> {
        weight_names()
    }
    fn features(&self, features: &mut Features) -> i32 {
        self.terms(&mut |i, c, n| features.count(i, c, n));
        MAX_PHASE
    }
    fn white_eval(&self) -> i32 {
        self.white_view()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights::Tunable;

    #[test]
    fn the_weights_file_names_every_weight_in_order() {
        assert_eq!(weights::names(include_str!("weights.txt")), weight_names());
        // No phases: both numbers of every line are the same.
        assert!(WEIGHTS.iter().all(|w| w.0 == w.1));
    }

    /// The tuner's counts rebuild the evaluation but for the arrival threats, with and without
    /// the time terms.
    #[test]
    fn features_reproduce_the_weighted_terms() {
        let mut nonzero = 0;
        for time_terms in [true, false] {
            for fen in super::super::BENCH_FENS {
                let p = <LeneHau as GameState>::from_fen(fen, &Options { time_terms }).unwrap();
                let mut f = Features::new(COUNT);
                assert_eq!(p.features(&mut f), MAX_PHASE);
                let weighted: i32 = (f.coef.iter().zip(WEIGHTS.iter()))
                    .map(|(&c, w)| c * w.0)
                    .sum();
                let threats: i32 = (p.pieces.iter())
                    .filter(|q| time_terms && q.state == State::Travelling)
                    .map(|q| q.color.sign() * p.arrival_threat(q))
                    .sum();
                assert_eq!(weighted + threats, p.white_eval(), "{fen}");
                assert_eq!(p.white_eval(), p.side.sign() * p.static_eval(), "{fen}");
                nonzero += (weighted != 0) as usize;
            }
        }
        assert!(nonzero > 0);
    }
}
