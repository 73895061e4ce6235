//! One module per rule set, each whole in its folder (rules, notation, FEN, evaluation and
//! `describe.rs`), and the [`registry`] that lists them, one line each.

pub mod chess;
pub mod double_ended;
pub mod lene_hau;
pub mod oo7;
pub mod registry;
pub mod vanguard;
pub mod ven;
