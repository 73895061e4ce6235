//! A game as played: the current position plus the keys of the positions before it, which is what
//! repetition needs. The session and the match referee keep one; search keeps its own key stack.

use crate::game::{DrawReason, Game, Outcome};

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
        let key = self.position.key();
        let window = self.position.halfmove_clock() as usize;
        self.keys
            .iter()
            .rev()
            .take(window)
            .filter(|k| **k == key)
            .count()
    }

    /// The game's outcome, threefold repetition included.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position
            .outcome()
            .or_else(|| (self.repetitions() >= 2).then_some(Outcome::Draw(DrawReason::Repetition)))
    }
}
