//! Perft over pairs of orders (a stand-in until Ven's lands).

use super::SimultaneousGame;
use crate::game::Player;

pub fn perft<G: SimultaneousGame>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.is_terminal() {
        return 0;
    }
    if depth == 1 {
        return pos.count_orders(Player::White) * pos.count_orders(Player::Black);
    }
    let (mut w, mut b) = (G::Orders::default(), G::Orders::default());
    pos.orders(Player::White, &mut w);
    pos.orders(Player::Black, &mut b);
    w.iter()
        .flat_map(|x| b.iter().map(move |y| (*x, *y)))
        .map(|(x, y)| perft(&pos.resolve(x, y), depth - 1))
        .sum()
}

pub fn divide<G: SimultaneousGame>(
    pos: &G,
    depth: u32,
    _threads: usize,
) -> Vec<((G::Order, G::Order), u64)> {
    if depth == 0 || pos.is_terminal() {
        return Vec::new();
    }
    let (mut w, mut b) = (G::Orders::default(), G::Orders::default());
    pos.orders(Player::White, &mut w);
    pos.orders(Player::Black, &mut b);
    w.iter()
        .flat_map(|x| b.iter().map(move |y| (*x, *y)))
        .map(|(x, y)| ((x, y), perft(&pos.resolve(x, y), depth - 1)))
        .collect()
}

pub fn format_divide<G: SimultaneousGame>(
    pos: &G,
    divide: &[((G::Order, G::Order), u64)],
) -> String {
    let mut out = String::new();
    for ((w, b), n) in divide {
        out.push_str(&format!("{}: {n}\n", pos.format_round(*w, *b)));
    }
    let total: u64 = divide.iter().map(|(_, n)| n).sum();
    out.push_str(&format!("\nNodes searched: {total}\n"));
    out
}
