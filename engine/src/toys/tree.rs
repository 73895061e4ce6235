//! Random game trees: every node's moves, evaluation and (rare) end are drawn from its path
//! hash, and the player to move follows a schedule of turns of 1, 2 and 3 plies.

use crate::game::GameState;
use crate::game::{DrawReason, Game, Outcome, ParseError, Player, WinReason};
use arrayvec::ArrayVec;

#[derive(Clone, Debug)]
pub struct Tree {
    path: u64,
    ply: u32,
    height: u32,
}

fn mix(mut x: u64) -> u64 {
    x ^= x >> 31;
    x = x.wrapping_mul(0x7fb5_d329_728e_a185);
    x ^= x >> 27;
    x = x.wrapping_mul(0x81da_def4_bc2d_d44d);
    x ^ (x >> 33)
}

impl Tree {
    /// The tree of `seed`, cut at `height` plies.
    pub fn new(seed: u64, height: u32) -> Self {
        Tree {
            path: mix(seed),
            ply: 0,
            height,
        }
    }
    /// Turns of lengths 1, 2, 3, 1, 2, 3, ... alternate between the players.
    pub fn player_at(ply: u32) -> Player {
        let mut start = 0;
        for turn in 0.. {
            start += 1 + turn % 3;
            if ply < start {
                return if turn % 2 == 0 {
                    Player::White
                } else {
                    Player::Black
                };
            }
        }
        unreachable!()
    }
}

impl GameState for Tree {
    type Options = ();
    const NAME: &'static str = "tree";

    fn start(_: &()) -> Self {
        Tree::new(1, 6)
    }
    fn from_fen(_: &str, _: &()) -> Result<Self, ParseError> {
        Err(ParseError::new("no fen"))
    }
    fn fen(&self) -> String {
        format!("{:x}", self.path)
    }
    fn key(&self) -> u64 {
        self.path
    }
    fn halfmove_clock(&self) -> u32 {
        0
    }
}

impl Game for Tree {
    type Move = u8;
    type Moves = ArrayVec<u8, 4>;
    fn to_move(&self) -> Player {
        Tree::player_at(self.ply)
    }
    fn legal_moves(&self, out: &mut Self::Moves) {
        if self.ply == self.height || (self.ply > 1 && self.path.is_multiple_of(13)) {
            return;
        }
        for m in 0..2 + (self.path >> 8) % 3 {
            out.push(m as u8);
        }
    }
    fn play(&self, mv: u8) -> Self {
        Tree {
            path: mix(self.path ^ (mv as u64 + 1)),
            ply: self.ply + 1,
            height: self.height,
        }
    }
    fn quick_outcome(&self) -> Option<Outcome> {
        None
    }
    fn stuck_outcome(&self) -> Outcome {
        match (self.path >> 20) % 3 {
            0 => Outcome::Draw(DrawReason::Stalemate),
            1 => Outcome::win(Player::White, WinReason::NoMoves),
            _ => Outcome::win(Player::Black, WinReason::NoMoves),
        }
    }
    super::plain_u8_moves!();
    fn evaluate_for_mover(&self) -> i32 {
        (self.path >> 40) as i32 % 201 - 100
    }
}
