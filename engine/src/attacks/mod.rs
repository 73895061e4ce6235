//! Attack sets: leaper tables and slider attacks, one module per board geometry.
//!
//! Every variant builds its pieces from these, so move generation, legality and "is this square
//! attacked" share one description of each piece.

pub mod board16;
pub mod board8;
