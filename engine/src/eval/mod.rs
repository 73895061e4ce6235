//! Static evaluation, per variant where it must differ. Scores are centipawns from the point of
//! view of the side to move.

pub mod chess;
pub mod chess_exchange;
