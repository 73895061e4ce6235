//! Toy games for the tests of the generic machinery (search, protocol, match referee): small
//! enough to solve exactly, yet with what the real variants have that is easy to get wrong:
//! one player deciding several plies in a row (as in 007), transpositions, repetitions.
//!
//! Compiled only for this crate's tests and under the `toys` feature, which the other crates
//! enable in their dev-dependencies: nothing here ships in the engine.

mod nim;
mod pendulum;
mod pennies;
mod tictactoe;
mod tree;

pub use nim::{Nim, NimOptions};
pub use pendulum::Pendulum;
pub use pennies::{Pennies, PenniesReport};
pub use tictactoe::TicTacToe;
pub use tree::Tree;

/// The [`Game`](crate::game::Game) methods a toy with `u8` moves and no checks or captures
/// answers like every other toy: moves are written as their number.
macro_rules! plain_u8_moves {
    () => {
        fn in_check(&self) -> bool {
            false
        }
        fn is_capture(&self, _: u8) -> bool {
            false
        }
        fn parse_move(&self, s: &str) -> Result<u8, ParseError> {
            crate::game::find_legal_move(self, s)
        }
        fn format_move(&self, mv: u8) -> String {
            mv.to_string()
        }
    };
}
use plain_u8_moves;

/// `s` with upper and lower case exchanged (a FEN field seen from the other colour).
pub fn swap_case(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect()
}

/// A FEN placement with the colours exchanged: ranks in reverse order, letters' case swapped.
/// Any board size (empty runs are kept as written). For evaluation symmetry tests.
pub fn mirror_placement(placement: &str) -> String {
    let ranks: Vec<String> = placement.split('/').rev().map(swap_case).collect();
    ranks.join("/")
}

// What the toys show through the protocol (its tests drive them as sessions).
impl crate::describe::DescribeBoard for Nim {
    fn bench_fens() -> &'static [&'static str] {
        &["30 3 1 0 w", "41 4 2 0 b"]
    }
    fn bench_depth() -> u32 {
        12
    }
}

impl crate::describe::Describe for Nim {}

impl crate::describe::DescribeBoard for Pennies {
    fn pgn_name(_: &'static str, _: &()) -> &'static str {
        "Pennies"
    }
    fn bench_depth() -> u32 {
        1
    }
}

impl crate::describe::DescribeRounds for Pennies {}
