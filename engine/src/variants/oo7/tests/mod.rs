//! Tests of 007: every worked example (§14), every ruling (§12), the seed's game (§13), FEN,
//! options, keys, and properties over random games in every mode.

mod eval;
mod examples;
mod fen;
mod options;
mod properties;
mod rulings;
mod search;
mod seed_game;

use super::*;
use crate::bitboard::Bitboard;
use crate::game::Game;

/// Options from a mode string like `balanced+detente+fast+owner`.
pub(super) fn opts(modes: &str) -> Options {
    let mut o = Options::default();
    for m in modes.split('+') {
        match m {
            "standard" => o.schedule = Schedule::Standard,
            "balanced" => o.schedule = Schedule::Balanced,
            "progressive" => o.schedule = Schedule::Progressive,
            "detente" => o.detente = true,
            "fast" => o.fast_and_deadly = true,
            "owner" => o.owner_promotes = true,
            _ => panic!("unknown mode '{m}'"),
        }
    }
    o
}

pub(super) fn pos(fen: &str, modes: &str) -> Position {
    Position::from_fen(fen, &opts(modes)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal plies, sorted.
pub(super) fn plies(p: &Position) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    v.sort();
    assert_eq!(
        v.len() as u64,
        p.count_legal_moves(),
        "count agrees with the list"
    );
    v
}

pub(super) fn play(p: &Position, text: &str) -> Position {
    p.play_plies(text).unwrap_or_else(|e| panic!("{e}"))
}

pub(super) fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

pub(super) const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
