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

use super::rules::{attacked_by, next_step, reach};
use super::*;

/// Piece values in centipawns by role (K Q R B N P).
pub const VALUE: [i32; 6] = [0, 900, 500, 330, 320, 100];

/// The worth of a crowd-captured king in the arrival threat (the game, but not yet certain).
const KING_VICTIM: i32 = 400;
/// A pictorial check of the moment: the checked side must spend its turn on it.
const IN_CHECK: i32 = 30;
/// A check a traveller will give from its path, `j` turns ahead: `CHECK_AHEAD / j`.
const CHECK_AHEAD: i32 = 8;
/// The side's own advances will open a line onto its king.
const SELF_UNBLOCK: i32 = 30;

/// Centralisation bonus of a square, 0..=6.
fn centre(sq: Square) -> i32 {
    let f = sq.file8() as i32;
    let r = sq.rank8() as i32;
    let df = if f < 4 { f } else { 7 - f };
    let dr = if r < 4 { r } else { 7 - r };
    df.min(3) + dr.min(3)
}

/// Pawn advance bonus from its owner's side.
fn advance(color: Player, sq: Square) -> i32 {
    let r = sq.rank8() as i32;
    if color == Player::White {
        r - 1
    } else {
        6 - r
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
    /// From White's view.
    fn white_eval(&self) -> i32 {
        let time = self.time_terms;
        let occ = self.view[0] | self.view[1];
        let mut score = 0;
        for p in &self.pieces {
            let at = if time { p.dst } else { p.sq };
            let mut v = VALUE[p.role as usize]
                + match p.role {
                    Role::Pawn => 8 * advance(p.color, at),
                    Role::King => 0,
                    Role::Queen => 2 * centre(at),
                    _ => 5 * centre(at),
                };
            if time && p.state == State::Travelling {
                v += self.arrival_threat(p) - 4 * turns_left(p) + self.checks_ahead(p, occ);
            }
            score += p.color.sign() * v;
        }
        for c in Player::BOTH {
            if self.side_in_check(c) {
                score -= c.sign() * IN_CHECK;
            }
            if time && self.opened_by_own_advance(c, occ) {
                score -= c.sign() * SELF_UNBLOCK;
            }
        }
        score
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
                    VALUE[q.role as usize]
                }
            })
            .sum();
        victims / (4 * (1 + turns_left(p)))
    }

    /// The nearest check traveller `p` will give from a square of its remaining path, the
    /// board otherwise as it is now.
    pub(crate) fn checks_ahead(&self, p: &Piece, occ: u64) -> i32 {
        let Some(king) = self.king_sq(p.color.other()) else {
            return 0;
        };
        let occ = occ & !p.sq.bit();
        let mut sq = p.sq;
        for j in 1..=turns_left(p) {
            sq = next_step(sq, p.dst);
            if sq == king {
                return 0;
            }
            if reach(p.role, p.color, sq, occ | sq.bit()) & king.bit() != 0 {
                return CHECK_AHEAD / j;
            }
        }
        0
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
        self.white_eval() * self.side.sign() + 10
    }
}
