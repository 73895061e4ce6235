//! What the variants' evaluations share. Each variant keeps its own evaluation beside its rules
//! (`variants/<variant>/eval.rs`); scores are centipawns from the point of view of the side to
//! move. Tuned variants keep their numbers in a weights file ([`weights`]).

pub mod tapered;
pub mod weights;
