//! A game as played: the current position plus the keys of the positions before it, which is what
//! repetition needs. The session and the match referee keep one ([`History`] for sequential
//! games, [`Rounds`] for simultaneous ones); search keeps its own key stack.

use crate::game::{DrawReason, Game, Outcome};
use crate::simultaneous::SimultaneousGame;

/// How many of the last `window` keys (the reversible stretch) are `key`.
fn repetitions(keys: &[u64], key: u64, window: usize) -> usize {
    keys.iter()
        .rev()
        .take(window)
        .filter(|k| **k == key)
        .count()
}

/// The third occurrence of a position (two before it) draws.
fn repetition_draw(seen: usize) -> Option<Outcome> {
    (seen >= 2).then_some(Outcome::Draw(DrawReason::Repetition))
}

#[derive(Clone, Debug)]
pub struct History<G: Game> {
    position: G,
    /// Keys of every earlier position, oldest first (the current one excluded).
    keys: Vec<u64>,
}

impl<G: Game> History<G> {
    pub fn new(position: G) -> Self {
        History {
            position,
            keys: Vec::new(),
        }
    }

    pub fn position(&self) -> &G {
        &self.position
    }

    /// Keys of the positions before the current one, oldest first.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Plays a move that must be legal in the current position.
    pub fn play(&mut self, mv: G::Move) {
        self.keys.push(self.position.key());
        self.position = self.position.play(mv);
    }

    /// How many times the current position stood before, within the reversible stretch.
    pub fn repetitions(&self) -> usize {
        let window = self.position.halfmove_clock() as usize;
        repetitions(&self.keys, self.position.key(), window)
    }

    /// The game's outcome, threefold repetition included.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position
            .outcome()
            .or_else(|| repetition_draw(self.repetitions()))
    }
}

/// A game of a simultaneous variant as played: the position, the rounds before it (their keys,
/// for repetition) and the last round's report.
#[derive(Clone, Debug)]
pub struct Rounds<G: SimultaneousGame> {
    position: G,
    keys: Vec<u64>,
    last: Option<G::Report>,
    /// The last round's orders (White's, Black's).
    last_orders: Option<(G::Order, G::Order)>,
}

impl<G: SimultaneousGame> Rounds<G> {
    pub fn new(position: G) -> Self {
        Rounds {
            position,
            keys: Vec::new(),
            last: None,
            last_orders: None,
        }
    }

    pub fn position(&self) -> &G {
        &self.position
    }

    /// The orders of the last round played (White's, Black's).
    pub fn last_orders(&self) -> Option<(G::Order, G::Order)> {
        self.last_orders
    }

    /// Keys of the positions before the current one, oldest first.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// The report of the last round played.
    pub fn last_report(&self) -> Option<&G::Report> {
        self.last.as_ref()
    }

    /// Plays a round of two orders, each legal for its side here.
    pub fn play(&mut self, white: G::Order, black: G::Order) -> &G::Report {
        let (next, report) = self.position.resolve_with_report(white, black);
        self.keys.push(self.position.key());
        self.position = next;
        self.last_orders = Some((white, black));
        self.last.insert(report)
    }

    /// The outcome, by the rules of the position and by repetition (the third occurrence of a
    /// position at the start of a round, within the clock's reversible stretch).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.position.outcome() {
            return Some(o);
        }
        // The clock counts plies, two a round.
        let window = self.position.halfmove_clock() as usize / 2;
        repetition_draw(repetitions(&self.keys, self.position.key(), window))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameState;
    use crate::variants::ven::Ven;

    #[test]
    fn the_third_occurrence_of_a_round_start_draws() {
        let start = <Ven as GameState>::start(&Default::default());
        let mut game = Rounds::new(start);
        let shuffle = ["g1f3,g8f6", "f3g1,f6g8"];
        for (i, round) in shuffle.iter().cycle().take(4).enumerate() {
            assert_eq!(game.outcome(), None, "before round {}", i + 1);
            let (w, b) = game.position().parse_round(round).unwrap();
            game.play(w, b);
        }
        // The start stood before rounds 1, 3 and now 5.
        assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
        assert_eq!(game.keys().len(), 4);
    }
}
