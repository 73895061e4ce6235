//! What the variants' evaluations share. Each variant keeps its own evaluation beside its rules
//! (`variants/<variant>/eval.rs`); scores are centipawns from the point of view of the side to
//! move.

pub mod tapered;
