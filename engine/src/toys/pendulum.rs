//! Repetition: a pendulum between three squares, every position reversible.

use crate::game::GameState;
use crate::game::{DrawReason, Game, Outcome, ParseError, Player};
use arrayvec::ArrayVec;

#[derive(Clone, Debug)]
pub struct Pendulum {
    pub at: u8,
    pub player: Player,
}

impl GameState for Pendulum {
    type Options = ();
    const NAME: &'static str = "pendulum";

    fn start(_: &()) -> Self {
        Pendulum {
            at: 0,
            player: Player::White,
        }
    }
    fn from_fen(_: &str, _: &()) -> Result<Self, ParseError> {
        Err(ParseError::new("no fen"))
    }
    fn fen(&self) -> String {
        self.at.to_string()
    }
    fn key(&self) -> u64 {
        self.at as u64 * 2 + self.player.index() as u64
    }
    fn halfmove_clock(&self) -> u32 {
        100
    }
}

impl Game for Pendulum {
    type Move = u8;
    type Moves = ArrayVec<u8, 3>;
    fn to_move(&self) -> Player {
        self.player
    }
    fn legal_moves(&self, out: &mut Self::Moves) {
        (0..3)
            .filter(|to| *to != self.at)
            .for_each(|to| out.push(to));
    }
    fn play(&self, to: u8) -> Self {
        Pendulum {
            at: to,
            player: self.player.other(),
        }
    }
    fn quick_outcome(&self) -> Option<Outcome> {
        None
    }
    fn stuck_outcome(&self) -> Outcome {
        Outcome::Draw(DrawReason::Stalemate)
    }
    super::plain_u8_moves!();
    fn evaluate_for_mover(&self) -> i32 {
        // Square 2 is good for White, from the mover's point of view.
        self.player.sign() * 10 * self.at as i32
    }
}
