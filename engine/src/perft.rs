//! Perft: counts the leaf nodes of the legal-move tree, the standard proof of a move generator.
//! Generic over [`Game`], bulk-counting at the last ply, split over rayon at the root.

use crate::game::Game;
use rayon::prelude::*;

/// Number of legal move sequences of length `depth` from `pos`.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal_moves();
    }
    let mut moves = G::Moves::default();
    pos.legal_moves(&mut moves);
    moves.iter().map(|m| perft(&pos.play(*m), depth - 1)).sum()
}

/// Perft per root move, in move generation order, with the root moves shared among `threads`
/// rayon workers (1 = the calling thread only).
pub fn divide<G: Game>(pos: &G, depth: u32, threads: usize) -> Vec<(G::Move, u64)> {
    let mut moves = G::Moves::default();
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves(&mut moves);
    let count = |m: &G::Move| (*m, perft(&pos.play(*m), depth - 1));
    if threads <= 1 {
        return moves.iter().map(count).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        // Small subtrees first would idle workers at the end; rayon's work stealing over the
        // root moves balances well enough at the depths people run.
        Ok(pool) => pool.install(|| moves.par_iter().map(count).collect()),
        Err(_) => moves.iter().map(count).collect(),
    }
}

/// As [`perft`], giving up (`None`) as soon as `stop()` says so: asked at every node two or
/// more plies above the leaves, so that between two questions lie only the move generations
/// of one node's children: asked three plies up, Vanguard middlegames answered a stop in up
/// to 38 ms (issue #31).
pub fn perft_until<G: Game>(pos: &G, depth: u32, stop: &(dyn Fn() -> bool + Sync)) -> Option<u64> {
    if depth < 2 {
        return Some(perft(pos, depth));
    }
    if stop() {
        return None;
    }
    let mut moves = G::Moves::default();
    pos.legal_moves(&mut moves);
    let mut total = 0;
    for m in moves.iter() {
        total += perft_until(&pos.play(*m), depth - 1, stop)?;
    }
    Some(total)
}

/// As [`divide`], stopping when `stop()` says so: the root moves counted whole by then, and
/// whether that is all of them.
pub fn divide_until<G: Game>(
    pos: &G,
    depth: u32,
    threads: usize,
    stop: &(dyn Fn() -> bool + Sync),
) -> (Vec<(G::Move, u64)>, bool) {
    let mut moves = G::Moves::default();
    if depth == 0 {
        return (Vec::new(), true);
    }
    pos.legal_moves(&mut moves);
    let count = |m: &G::Move| perft_until(&pos.play(*m), depth - 1, stop).map(|n| (*m, n));
    let counted: Vec<Option<(G::Move, u64)>> = if threads <= 1 {
        moves.iter().map(count).collect()
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| moves.par_iter().map(count).collect()),
            Err(_) => moves.iter().map(count).collect(),
        }
    };
    let complete = counted.iter().all(Option::is_some);
    (counted.into_iter().flatten().collect(), complete)
}

/// Formats a divide as Stockfish prints it: one `move: count` line per root move, a blank line,
/// then `Nodes searched: N`.
pub fn format_divide<G: Game>(pos: &G, divide: &[(G::Move, u64)]) -> String {
    let mut out = String::new();
    for (m, n) in divide {
        out.push_str(&format!("{}: {n}\n", pos.format_move(*m)));
    }
    let total: u64 = divide.iter().map(|(_, n)| n).sum();
    out.push_str(&format!("\nNodes searched: {total}\n"));
    out
}
