//! Simultaneous games: both players write one order at once, and the round resolves both
//! together (Ven). The contract [`SimultaneousGame`] sits beside [`crate::game::Game`]; the
//! machinery written once over it lives here:
//!
//! * [`perft`]: perft over pairs of orders, bulk-counted at the last round, split over rayon.
//! * [`serial`]: the sequential view of a round (one side writes, the other writes knowing it,
//!   then the round resolves), a [`Game`](crate::game::Game) that the generic alpha-beta,
//!   transposition table and Lazy SMP search unchanged. Searching it with each side writing
//!   first bounds the round's value from below and above.
//! * [`solve`]: zero-sum matrix games: an exact solver (simplex) for small matrices, regret
//!   matching (RM+) for large ones, best responses and exploitability.
//! * [`root`]: the root of a round: the serialized main search, the saddle test, a small
//!   matrix of deep payoffs where the test fails, and the strategy the engine draws from.
//! * [`exploiter`]: a player that predicts the opponent by running its algorithm and plays the
//!   deep best response (`Play=exploiter`, the instrument of issue #32's R2).

pub mod exploiter;
pub mod perft;
pub mod root;
pub mod serial;
pub mod solve;
pub mod trust;

use crate::game::{GameState, MoveList, Outcome, ParseError, Player};
use std::fmt;
use std::hash::Hash;

/// A simultaneous game: the position at the start of a round of one variant.
pub trait SimultaneousGame: GameState + fmt::Debug {
    /// One player's order for one round.
    type Order: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;
    /// The caller-owned order list, sized for the variant's largest order count.
    type Orders: MoveList<Self::Order>;
    /// What happened in a round (result codes, checks), for the protocol and the tests.
    type Report: Clone + fmt::Debug + fmt::Display + PartialEq + Eq + Send + Sync + 'static;
    /// Appends `side`'s orders to `out` (cleared by the caller). Empty exactly when the game is
    /// over ([`SimultaneousGame::outcome`] decides), or when `side` is stuck.
    fn orders(&self, side: Player, out: &mut Self::Orders);

    /// The number of `side`'s orders: what perft multiplies at its last round. Must equal the
    /// length of [`SimultaneousGame::orders`].
    fn count_orders(&self, side: Player) -> u64 {
        let mut orders = Self::Orders::default();
        self.orders(side, &mut orders);
        orders.len() as u64
    }

    /// |White's orders| x |Black's orders|: perft's last round. A variant may count both
    /// sides together, sharing the work (Ven: each side's vengeance orders need the other
    /// side's captures).
    fn count_order_pairs(&self) -> u64 {
        self.count_orders(Player::White) * self.count_orders(Player::Black)
    }

    /// The next position after both orders (each legal here for its side) are carried out.
    fn resolve(&self, white: Self::Order, black: Self::Order) -> Self {
        self.resolve_with_report(white, black).0
    }

    /// As [`SimultaneousGame::resolve`], with the round's report.
    fn resolve_with_report(&self, white: Self::Order, black: Self::Order) -> (Self, Self::Report);

    /// The outcome at the start of this round by the rules of the position alone (mate,
    /// stalemate, the clock, material); repetition needs history.
    fn outcome(&self) -> Option<Outcome>;

    /// Whether this position ends the game by the rules perft counts (mate, double mate,
    /// stalemate), ignoring the draws by clock, repetition and material.
    fn is_terminal(&self) -> bool;

    /// The draw by clock or material that ends the game here, where it is not over by the
    /// rules perft counts (a mate stands): [`SimultaneousGame::outcome`] once
    /// [`SimultaneousGame::is_terminal`] says no. Search asks it at the start of every round,
    /// so a variant whose terminal test is costly tests its draws first (Ven).
    fn rule_draw(&self) -> Option<Outcome> {
        if self.is_terminal() {
            return None;
        }
        self.outcome()
    }

    /// Whether `side`'s king is attacked at the start of this round.
    fn in_check(&self, side: Player) -> bool;

    /// The orders quiescence search tries for `side` when it is not in check, as
    /// [`crate::game::Game::quiescence_moves`]: appends to `out` (cleared by the caller) at
    /// least every order that [`SimultaneousGame::is_capture`] holds for, and returns whether
    /// `out` holds every order. The default lists every order.
    fn quiescence_orders(&self, side: Player, out: &mut Self::Orders) -> bool {
        self.orders(side, out);
        true
    }

    /// Whether `order` captures something if carried out as written (ordering, quiescence).
    fn is_capture(&self, side: Player, order: Self::Order) -> bool;

    /// Material `order` wins if carried out as written, in centipawns (0 = none or unknown).
    fn capture_value(&self, side: Player, order: Self::Order) -> i32 {
        let _ = (side, order);
        0
    }

    /// Parses one order of `side` in the variant's notation and checks it is legal here.
    fn parse_order(&self, side: Player, s: &str) -> Result<Self::Order, ParseError>;

    /// Formats one order (output only: it allocates).
    fn format_order(&self, order: Self::Order) -> String;

    /// Parses a round token (Ven: `WHITE,BLACK`, White's order first whatever the first mover).
    fn parse_round(&self, s: &str) -> Result<(Self::Order, Self::Order), ParseError> {
        let mut parts = s.split(',');
        match (parts.next(), parts.next(), parts.next()) {
            (Some(w), Some(b), None) if !w.is_empty() && !b.is_empty() => Ok((
                self.parse_order(Player::White, w)?,
                self.parse_order(Player::Black, b)?,
            )),
            _ => Err(ParseError::with_token(
                format!("bad round '{s}': expected WHITE,BLACK such as e2e4,e7e5"),
                s,
            )),
        }
    }

    /// Formats a round token.
    fn format_round(&self, white: Self::Order, black: Self::Order) -> String {
        format!("{},{}", self.format_order(white), self.format_order(black))
    }

    /// Orders of `side` worth a place in the root's first matrix game whatever the search
    /// thinks of them, because they answer the opponent's possible orders (Ven: vengeance on
    /// threatened pieces, moving attacked pieces). None by default.
    fn insurance_orders(&self, side: Player, out: &mut Self::Orders) {
        let _ = (side, out);
    }

    /// Whether `side`'s `order` changes what the other side's `written` order does (Ven: it
    /// moves the piece `written` captures, or avenges it). The serialized view never prunes or
    /// reduces such a reply as quiet: a capture that the reply dodges or avenges is not won
    /// yet. (Quiescence still plays captures only.) `true` by default, sound for any game.
    fn answers(&self, side: Player, order: Self::Order, written: Self::Order) -> bool {
        let _ = (side, order, written);
        true
    }

    /// Whether the two sides' orders this round may matter to each other enough to be worth a
    /// matrix game; `false` lets the root play the serialized order, searched deeper. `true`
    /// by default (always a matrix game).
    fn may_interact(&self) -> bool {
        true
    }

    /// Static evaluation in centipawns from White's point of view: a round has no side to move
    /// (compare [`crate::Game::evaluate_for_mover`]).
    fn evaluate_for_white(&self) -> i32;

    /// Rounds the exploiter's best response looks beyond the opponent's search it predicts
    /// ([`exploiter`]; Ven's `ExploiterRounds` option). One by default.
    fn exploiter_rounds(&self) -> u32 {
        1
    }
}
