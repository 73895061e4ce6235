//! Tests of Ven's rules: the worked examples (ven.md §7), the rulings with a position (§9), the
//! example game (§10), FEN and notation, and properties over random games against a slow
//! reference generator.

mod examples;
mod fen;
mod hooks;
mod properties;
mod replay;
mod rulings;
mod search;

use super::{Order, OrderList, Report, Ven};
use crate::game::Player;
use crate::simultaneous::SimultaneousGame;

fn pos(fen: &str) -> Ven {
    Ven::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Orders of `side` as text, in generation order.
fn orders_text(p: &Ven, side: Player) -> Vec<String> {
    let mut list = OrderList::new();
    p.orders_into(side, &mut list);
    list.iter().map(|o| o.to_string()).collect()
}

/// The vengeance orders of `side`, in generation order.
fn vengeance_text(p: &Ven, side: Player) -> Vec<String> {
    orders_text(p, side)
        .into_iter()
        .filter(|o| o.ends_with('v'))
        .collect()
}

/// Plays a round token strictly (both orders must be legal) and returns the result.
fn play(p: &Ven, round: &str) -> (Ven, Report) {
    let (w, b) = p
        .parse_round(round)
        .unwrap_or_else(|e| panic!("{round} in {}: {e}", p.fen()));
    p.resolve_round(w, b)
}

/// Resolves a round token without asking whether the orders are legal.
fn play_unchecked(p: &Ven, round: &str) -> (Ven, Report) {
    let (w, b) = round.split_once(',').expect("WHITE,BLACK");
    let order = |s| Order::parse_text(s).unwrap_or_else(|e| panic!("{e}"));
    p.resolve_round(order(w), order(b))
}
