//! Chimera's engine: games, rules and thinking. No I/O, no printing.
//!
//! Start with [`game`] (the contracts every variant implements), then [`perft`] and `search`,
//! which are written once over those contracts. `docs/architecture.md` has the tour.

pub mod attacks;
pub mod baseline;
pub mod bitboard;
pub mod board_view;
pub mod describe;
pub mod eval;
pub mod game;
pub mod history;
pub mod option;
pub mod parse_error;
pub mod perft;
pub mod placement;
pub mod search;
pub mod simultaneous;
pub mod square;
#[cfg(any(test, feature = "toys"))]
#[doc(hidden)]
pub mod toys;
pub mod variants;
pub mod zobrist;

pub use bitboard::{Bb256, Bb64, Bitboard, Direction};
pub use game::{
    DrawReason, Game, GameState, MoveList, Outcome, ParseError, Player, VariantOptions, WinReason,
};
pub use square::{Board16, Board8, Geometry, Square};
