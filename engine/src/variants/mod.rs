//! One module per rule set.

pub mod chess;
pub mod double_ended;
pub mod lene_hau;
pub mod oo7;
pub mod vanguard;
pub mod ven;
