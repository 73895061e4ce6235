//! How far the engine trusts its predictions of this opponent: the slack `δ` of the safe lean
//! ([`super::root::RoundParams::lean`]).
//!
//! Each round the root predicts the order the opponent would write as a maximin player. When
//! the round has been played, the session tells the trust which order the opponent wrote.
//! The trust keeps a running rate of the predictions that held, each new one weighing a
//! quarter (`WEIGHT`). The lean may give up `δ = lean × s`, where `s` rises from 0 at a rate
//! of 0.5 (`FLOOR`) to 1 at 0.8 (`FULL`). So it starts at 0, grows as an opponent keeps writing
//! what was predicted, and falls back to 0 within a few rounds of failed predictions. Against an
//! opponent that mixes, or that itself answers a prediction of the engine, it risks nothing.

use crate::game::Player;
use std::hash::{DefaultHasher, Hash, Hasher};

/// The weight of the newest prediction in the running rate.
const WEIGHT: f64 = 0.25;
/// The rate at which the slack starts to grow, and the one at which it is whole.
const FLOOR: f64 = 0.5;
const FULL: f64 = 0.8;

/// A prediction waiting for the round it is about to be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pending {
    /// The key of the position the round starts from.
    key: u64,
    opponent: Player,
    order: u64,
}

/// The record of one game's predictions (cleared with the table for a new game).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trust {
    pending: Option<Pending>,
    rate: f64,
    /// Predictions scored, and how many held.
    pub seen: u32,
    pub held: u32,
}

impl Trust {
    /// Forgets everything (a new game, or another opponent).
    pub fn clear(&mut self) {
        *self = Trust::default();
    }

    /// Scores the last prediction, if the round just played (from the position with key
    /// `from`, its orders `white` and `black`) is the one it was made for.
    pub fn observe<O: Hash>(&mut self, from: u64, white: O, black: O) {
        let Some(p) = self.pending.take() else {
            return;
        };
        if p.key != from {
            return;
        }
        let written = match p.opponent {
            Player::White => white,
            Player::Black => black,
        };
        let held = fingerprint(&written) == p.order;
        self.seen += 1;
        self.held += held as u32;
        self.rate += WEIGHT * (held as u8 as f64 - self.rate);
    }

    /// Remembers that the opponent is predicted to write `order` in the round from `key`.
    pub fn predict<O: Hash>(&mut self, key: u64, opponent: Player, order: O) {
        self.pending = Some(Pending {
            key,
            opponent,
            order: fingerprint(&order),
        });
    }

    /// The slack the lean may give up this round, of at most `lean`.
    pub fn slack(&self, lean: f64) -> f64 {
        lean * ((self.rate - FLOOR) / (FULL - FLOOR)).clamp(0.0, 1.0)
    }
}

fn fingerprint<O: Hash>(order: &O) -> u64 {
    let mut h = DefaultHasher::new();
    order.hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simultaneous::SimultaneousGame;
    use crate::variants::ven::Ven;

    fn orders(pos: &Ven, side: Player) -> Vec<<Ven as SimultaneousGame>::Order> {
        let mut list = <Ven as SimultaneousGame>::Orders::default();
        pos.orders(side, &mut list);
        list.iter().copied().collect()
    }

    #[test]
    fn slack_grows_with_held_predictions_and_falls_when_they_fail() {
        let pos = Ven::start();
        let (white, black) = (orders(&pos, Player::White), orders(&pos, Player::Black));
        let mut trust = Trust::default();
        assert_eq!(trust.slack(0.05), 0.0);
        for _ in 0..8 {
            trust.predict(pos.key(), Player::Black, black[3]);
            trust.observe(pos.key(), white[0], black[3]);
        }
        assert_eq!((trust.seen, trust.held), (8, 8));
        assert!((trust.slack(0.05) - 0.05).abs() < 1e-12, "{trust:?}");
        for _ in 0..4 {
            trust.predict(pos.key(), Player::Black, black[3]);
            trust.observe(pos.key(), white[0], black[4]);
        }
        assert_eq!((trust.seen, trust.held), (12, 8));
        assert_eq!(trust.slack(0.05), 0.0, "{trust:?}");
    }

    #[test]
    fn a_round_from_another_position_scores_nothing() {
        let pos = Ven::start();
        let (white, black) = (orders(&pos, Player::White), orders(&pos, Player::Black));
        let mut trust = Trust::default();
        trust.predict(pos.key() ^ 1, Player::Black, black[0]);
        trust.observe(pos.key(), white[0], black[0]);
        assert_eq!(trust.seen, 0);
        // The prediction is spent either way: a later round does not score it.
        trust.observe(pos.key() ^ 1, white[0], black[0]);
        assert_eq!(trust.seen, 0);
    }

    #[test]
    fn the_opponents_order_is_the_one_scored() {
        let pos = Ven::start();
        let (white, black) = (orders(&pos, Player::White), orders(&pos, Player::Black));
        let mut trust = Trust::default();
        trust.predict(pos.key(), Player::White, white[2]);
        trust.observe(pos.key(), white[2], black[5]);
        assert_eq!((trust.seen, trust.held), (1, 1));
    }
}
