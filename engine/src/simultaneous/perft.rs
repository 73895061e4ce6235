//! Perft over pairs of orders (ven.md §8): perft(P, 0) = 1; at depth d >= 1 a finished game
//! counts 0, and otherwise every pair (White's order, Black's order) counts the perft of the
//! position it resolves to at depth d - 1. So perft(P, 1) = |White's orders| x |Black's
//! orders|, bulk-counted without resolving. Generic over [`SimultaneousGame`]; divide splits
//! the root pairs over rayon.

use super::SimultaneousGame;
use crate::game::Player;
use rayon::prelude::*;

/// The number of pair sequences of `depth` rounds from `pos`. A finished game has no orders
/// (the contract of [`SimultaneousGame::orders`]), so it counts 0 at any depth >= 1.
pub fn perft<G: SimultaneousGame>(pos: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_order_pairs(),
        _ => {
            let mut white = G::Orders::default();
            let mut black = G::Orders::default();
            pos.orders(Player::White, &mut white);
            if white.is_empty() {
                return 0;
            }
            pos.orders(Player::Black, &mut black);
            let mut n = 0;
            for &w in white.iter() {
                for &b in black.iter() {
                    n += perft(&pos.resolve(w, b), depth - 1);
                }
            }
            n
        }
    }
}

/// A round: White's order, Black's order.
pub type Pair<G> = (
    <G as SimultaneousGame>::Order,
    <G as SimultaneousGame>::Order,
);

/// Every root pair of orders, White's order first, in generation order (White's outer).
pub fn root_pairs<G: SimultaneousGame>(pos: &G) -> Vec<Pair<G>> {
    let mut white = G::Orders::default();
    let mut black = G::Orders::default();
    pos.orders(Player::White, &mut white);
    pos.orders(Player::Black, &mut black);
    white
        .iter()
        .flat_map(|&w| black.iter().map(move |&b| (w, b)))
        .collect()
}

/// Perft per root pair, in [`root_pairs`] order, the pairs shared among `threads` rayon
/// workers (1 = the calling thread only).
pub fn divide<G: SimultaneousGame>(pos: &G, depth: u32, threads: usize) -> Vec<(Pair<G>, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let pairs = root_pairs(pos);
    let count = |&(w, b): &Pair<G>| ((w, b), perft(&pos.resolve(w, b), depth - 1));
    if threads <= 1 {
        return pairs.iter().map(count).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| pairs.par_iter().map(count).collect()),
        Err(_) => pairs.iter().map(count).collect(),
    }
}

/// As [`perft`], giving up (`None`) as soon as `stop()` says so (asked at every node two or
/// more rounds above the leaves).
pub fn perft_until<G: SimultaneousGame>(
    pos: &G,
    depth: u32,
    stop: &(dyn Fn() -> bool + Sync),
) -> Option<u64> {
    if depth < 2 {
        return Some(perft(pos, depth));
    }
    if stop() {
        return None;
    }
    let mut total = 0;
    for (w, b) in root_pairs(pos) {
        total += perft_until(&pos.resolve(w, b), depth - 1, stop)?;
    }
    Some(total)
}

/// As [`divide`], stopping when `stop()` says so: the root pairs counted whole by then, and
/// whether that is all of them.
pub fn divide_until<G: SimultaneousGame>(
    pos: &G,
    depth: u32,
    threads: usize,
    stop: &(dyn Fn() -> bool + Sync),
) -> (Vec<(Pair<G>, u64)>, bool) {
    if depth == 0 {
        return (Vec::new(), true);
    }
    let pairs = root_pairs(pos);
    let count = |&(w, b): &(G::Order, G::Order)| {
        perft_until(&pos.resolve(w, b), depth - 1, stop).map(|n| ((w, b), n))
    };
    let counted: Vec<Option<(Pair<G>, u64)>> = if threads <= 1 {
        pairs.iter().map(count).collect()
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| pairs.par_iter().map(count).collect()),
            Err(_) => pairs.iter().map(count).collect(),
        }
    };
    let complete = counted.iter().all(Option::is_some);
    (counted.into_iter().flatten().collect(), complete)
}

/// Formats a divide: one `WHITE,BLACK: n` line per root pair, a blank line, then
/// `Nodes searched: N`.
pub fn format_divide<G: SimultaneousGame>(pos: &G, divide: &[(Pair<G>, u64)]) -> String {
    let mut out = String::new();
    for ((w, b), n) in divide {
        out.push_str(&format!("{}: {n}\n", pos.format_round(*w, *b)));
    }
    let total: u64 = divide.iter().map(|(_, n)| n).sum();
    out.push_str(&format!("\nNodes searched: {total}\n"));
    out
}
