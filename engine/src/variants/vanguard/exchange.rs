//! Exchanges, for search: what a move captures, what the moving man is worth, and static
//! exchange evaluation (SEE) on the square a move lands on.
//!
//! Vanguard adds two things to the chess swap algorithm. A *remote* capture (an Archer's rifle,
//! a Bowman's shot) takes the man on the square without standing there, so it ends the exchange;
//! since standing on the square is only a liability, a side that has one uses it first. And one
//! move may take several men (a Helepolis sweep, a Bowman landing and shooting): the first gain is
//! all of them, and the men swept from the path no longer block the lines to the square.

use super::eval::VALUES;
use super::make::between;
use super::moves::{Move, MoveKind};
use super::piece::Role;
use super::position::Vanguard;
use crate::bitboard::{Bb256, Bitboard};
use crate::square::Square;

/// Roles from the least to the most valuable: the order in which a side recaptures.
const CHEAPEST_FIRST: [Role; Role::COUNT] = {
    let mut order = Role::ALL;
    // Insertion sort by value (const context: no iterators).
    let mut i = 1;
    while i < Role::COUNT {
        let mut j = i;
        while j > 0 && VALUES[order[j - 1] as usize] > VALUES[order[j] as usize] {
            let t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
            j -= 1;
        }
        i += 1;
    }
    order
};

/// The longest exchange followed: each step removes a man, so 96 would be exact; no real
/// exchange comes close to this.
const MAX_SWAPS: usize = 48;

#[inline(always)]
fn value_on(pos: &Vanguard, sq: Square) -> i32 {
    pos.piece_at(sq).map_or(0, |p| VALUES[p.role().index()])
}

impl Vanguard {
    /// The squares whose men `mv` captures.
    #[inline]
    pub fn captured_squares(&self, mv: Move) -> Bb256 {
        let enemy = self.men(self.side.other());
        let to = Bb256::from_square(mv.to);
        match mv.kind {
            MoveKind::Normal | MoveKind::Promotion | MoveKind::Rifle => to & enemy,
            MoveKind::Shot => (to | Bb256::from_square(mv.shot)) & enemy,
            MoveKind::Sweep => (between(mv.from, mv.to) | to) & enemy,
            MoveKind::Swap | MoveKind::SwapPromotion => Bb256::EMPTY,
        }
    }

    /// What a promotion in `mv` adds: the new man's value less the pawn-type's.
    #[inline]
    fn promotion_gain(&self, mv: Move) -> i32 {
        let promoted = match mv.kind {
            MoveKind::Promotion => mv.from,
            MoveKind::SwapPromotion => mv.to,
            _ => return 0,
        };
        self.piece_at(promoted).map_or(0, |p| {
            VALUES[p.role().promoted().index()] - VALUES[p.role().index()]
        })
    }

    /// Material `mv` wins at once: every man it captures, plus a promotion's gain.
    #[inline]
    pub fn exchange_gain(&self, mv: Move) -> i32 {
        let mut gain = self.promotion_gain(mv);
        let mut captured = self.captured_squares(mv);
        while let Some(sq) = captured.pop_lowest() {
            gain += value_on(self, sq);
        }
        gain
    }

    /// Value of the man that makes `mv` (the Wizard, for a swap).
    #[inline]
    pub fn moving_value(&self, mv: Move) -> i32 {
        value_on(self, mv.from)
    }

    /// Whether `mv` wins at least `threshold` once the exchange on the square it lands on is
    /// played out, each side taking with its least valuable man (remote captures first) and
    /// either side free to stop. Pins, checks and the gains of later multi-captures are ignored.
    pub fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        let gain = self.exchange_gain(mv);
        if gain < threshold {
            return false;
        }
        // What stands on the target afterwards, and so is at risk there.
        let at_risk = match mv.kind {
            // The Archer stays home and a swap lands friendly men on squares it does not judge.
            MoveKind::Rifle | MoveKind::Swap | MoveKind::SwapPromotion => return true,
            MoveKind::Promotion => {
                VALUES[self
                    .piece_at(mv.from)
                    .map_or(Role::Pawn, |p| p.role().promoted())
                    .index()]
            }
            _ => self.moving_value(mv),
        };
        // Even losing the mover for nothing keeps the threshold.
        if gain - at_risk >= threshold {
            return true;
        }
        self.swap_value(mv, gain, at_risk) >= threshold
    }

    /// The exchange on `mv.to` after `mv` (which gained `gain` and left a man worth `at_risk`
    /// there), by the swap-list algorithm.
    fn swap_value(&self, mv: Move, gain: i32, mut at_risk: i32) -> i32 {
        let to = mv.to;
        let mut occ = (self.occupied() & !self.captured_squares(mv) & !Bb256::from_square(mv.from))
            | Bb256::from_square(to);
        // The mover stands on `to` now; it is the mover's colour there.
        let mut gains = [0i32; MAX_SWAPS + 1];
        gains[0] = gain;
        let mut depth = 0;
        let mut side = self.side.other();
        while depth < MAX_SWAPS {
            let (near, remote) = self.attackers_with(to, side, occ);
            depth += 1;
            // The side to capture gains what stands there, less what it had lost so far.
            gains[depth] = at_risk - gains[depth - 1];
            if remote.any() {
                // Nothing stands on the square afterwards: the exchange ends.
                break;
            }
            let Some((sq, role)) = CHEAPEST_FIRST
                .iter()
                .find_map(|k| (near & self.roles[k.index()]).lowest().map(|s| (s, *k)))
            else {
                depth -= 1;
                break;
            };
            at_risk = VALUES[role.index()];
            occ.clear(sq);
            side = side.other();
        }
        // Either side may decline to go on: negamax back to the first capture.
        while depth > 0 {
            gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
            depth -= 1;
        }
        gains[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn see(fen: &str, mv: &str) -> (Vanguard, Move) {
        let pos = Vanguard::from_fen(fen).unwrap_or_else(|e| panic!("{e}"));
        let m = pos.parse_move(mv).unwrap_or_else(|e| panic!("{e}"));
        (pos, m)
    }

    /// The largest threshold `see_at_least` accepts, by bisection.
    fn see_value(pos: &Vanguard, mv: Move) -> i32 {
        let (mut lo, mut hi) = (-10_000i32, 10_000i32);
        while lo < hi {
            let mid = (lo + hi + 1).div_euclid(2);
            if pos.see_at_least(mv, mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    #[test]
    fn cheapest_first_is_sorted_by_value() {
        for w in CHEAPEST_FIRST.windows(2) {
            assert!(VALUES[w[0].index()] <= VALUES[w[1].index()], "{w:?}");
        }
        assert_eq!(CHEAPEST_FIRST[0], Role::Pawn);
    }

    #[test]
    fn capture_values_count_every_victim() {
        // Example 2: d4g4 sweeps the f4 Rook and the g4 Bishop; d4d1 sweeps both d-file Pawns.
        let fen = "k15/16/16/16/16/16/16/16/16/3q12/16/16/1n1H1rbP8/3p12/3p12/15K w - 0 1";
        let (p, m) = see(fen, "d4g4");
        assert_eq!(
            p.exchange_gain(m),
            VALUES[Role::Rook.index()] + VALUES[Role::Bishop.index()]
        );
        let (p, m) = see(fen, "d4d1");
        assert_eq!(p.exchange_gain(m), 2 * VALUES[Role::Pawn.index()]);
        let (p, m) = see(fen, "d4d7");
        assert_eq!(p.exchange_gain(m), VALUES[Role::Queen.index()]);
        assert_eq!(p.moving_value(m), VALUES[Role::Helepolis.index()]);
        // Example 6: e4g5xh7 takes the g5 Rook and the h7 Knight.
        let fen = "15k/16/16/16/16/16/16/16/4b11/7n8/16/6r9/3PV11/4p11/8p7/K15 w - 0 1";
        let (p, m) = see(fen, "e4g5xh7");
        assert_eq!(
            p.exchange_gain(m),
            VALUES[Role::Rook.index()] + VALUES[Role::Knight.index()]
        );
        // Example 11: a Sergeant promotes to a Lancer.
        let fen = "k15/16/10E5/16/16/16/16/16/16/8p7/2p6p6/8E7/1p14/2P1S1S9/16/15K w e3 0 1";
        let (p, m) = see(fen, "k14k16l");
        assert_eq!(
            p.exchange_gain(m),
            VALUES[Role::Lancer.index()] - VALUES[Role::Sergeant.index()]
        );
        // Example 5: a swap promotes the Pawn to a Knight, capturing nothing.
        let fen = "k3W11/3S1P10/16/6E9/16/16/16/16/16/16/16/16/16/16/16/7K8 w - 0 1";
        let (p, m) = see(fen, "e16f15n");
        assert_eq!(
            p.exchange_gain(m),
            VALUES[Role::Knight.index()] - VALUES[Role::Pawn.index()]
        );
    }

    #[test]
    fn simple_exchanges() {
        let pawn = VALUES[Role::Pawn.index()];
        let rook = VALUES[Role::Rook.index()];
        let queen = VALUES[Role::Queen.index()];
        // A Rook takes an undefended Queen.
        let fen = "k15/16/16/16/16/16/16/16/4q11/16/16/16/16/16/16/K3R11 w - 0 1";
        let (p, m) = see(fen, "e1e8");
        assert_eq!(see_value(&p, m), queen);
        // The Queen defended by a Pawn: Rook for Queen.
        let fen = "k15/16/16/16/16/16/16/3p12/4q11/16/16/16/16/16/16/K3R11 w - 0 1";
        let (p, m) = see(fen, "e1e8");
        assert_eq!(see_value(&p, m), queen - rook);
        // A Rook takes a Pawn defended by a Pawn: loses the exchange.
        let fen = "k15/16/16/16/16/16/16/3p12/4p11/16/16/16/16/16/16/K3R11 w - 0 1";
        let (p, m) = see(fen, "e1e8");
        assert_eq!(see_value(&p, m), pawn - rook);
        // Our second Rook behind the first (an x-ray): Rook takes, Pawn retakes, Rook retakes.
        let fen = "k15/16/16/16/16/16/16/3p12/4r11/16/16/16/16/16/4R11/K3R11 w - 0 1";
        let (p, m) = see(fen, "e2e8");
        assert_eq!(see_value(&p, m), rook - rook + pawn);
        // A quiet move onto a square a Pawn attacks loses the man.
        let fen = "k15/16/16/16/16/16/16/3p12/16/16/16/16/16/16/16/K3R11 w - 0 1";
        let (p, m) = see(fen, "e1e8");
        assert_eq!(see_value(&p, m), -rook);
        let (p, m) = see(fen, "e1e7");
        assert_eq!(see_value(&p, m), 0);
    }

    #[test]
    fn remote_captures_take_without_standing_there() {
        let pawn = VALUES[Role::Pawn.index()];
        let rook = VALUES[Role::Rook.index()];
        let archer = VALUES[Role::Archer.index()];
        // A rifle shot risks nothing, however well the target is defended (Example 7's h8xf7,
        // with the f7 Pawn defended by a Pawn on g8).
        let fen = "15k/16/16/16/16/16/5n2pP6/16/6pA8/5p10/6P9/4p11/16/16/16/K15 w - 0 1";
        let (p, m) = see(fen, "h8xf7");
        assert_eq!(see_value(&p, m), pawn);
        // A Rook takes a Pawn that a Black Archer guards by rifle: the Archer shoots the Rook
        // and nothing can answer on e8.
        let fen = "k15/16/16/16/16/16/5a10/16/4p11/16/16/16/16/16/4R11/K3R11 w - 0 1";
        let (p, m) = see(fen, "e2e8");
        assert_eq!(see_value(&p, m), pawn - rook);
        // The same guard by slide instead (d9 diagonal): Rook takes, Archer retakes, Rook
        // retakes.
        let fen = "k15/16/16/16/16/16/16/3a12/4p11/16/16/16/16/16/4R11/K3R11 w - 0 1";
        let (p, m) = see(fen, "e2e8");
        assert_eq!(see_value(&p, m), pawn - rook + archer);
    }

    #[test]
    fn a_sweep_clears_its_path_and_risks_the_helepolis() {
        let helepolis = VALUES[Role::Helepolis.index()];
        let pawn = VALUES[Role::Pawn.index()];
        // d4d1 takes both Pawns; the Black Rook a1 then takes the Helepolis on d1.
        let fen = "k15/16/16/16/16/16/16/16/15K/16/16/16/3H12/3p12/3p12/r15 w - 0 1";
        let (p, m) = see(fen, "d4d1");
        assert_eq!(see_value(&p, m), 2 * pawn - helepolis);
        // Stopping on d2 takes the same two Pawns, and the Rook a1 does not reach d2.
        let (p, m) = see(fen, "d4d2");
        assert_eq!(see_value(&p, m), 2 * pawn);
    }
}
