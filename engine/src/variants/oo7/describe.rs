//! What 007 shows beyond its rules: checkers of the colour to move, bench positions.

use super::Position;
use crate::describe::{squares_text, Describe};

impl Describe for Position {
    fn checkers_text(&self) -> String {
        squares_text(self.board().checkers())
    }

    fn bench_fens() -> &'static [&'static str] {
        &super::BENCH_FENS
    }

    fn bench_depth() -> u32 {
        10
    }
}
