//! Ven Chess (rules: ../shared/rules/ven.md; decisions beyond them: docs/variants/ven.md).
//!
//! Both players write one order a round; the orders are revealed and carried out one after the
//! other, the first mover alternating. An order is a legal chess move on the writing board, or
//! a vengeance order ("if you take on S, my piece on X takes back").
//!
//! * [`Ven`]: the state at the start of a round (pieces, first mover, rights, up to two en
//!   passant squares, clock, round), read from and written to Ven FEN.
//! * [`Order`]: 16 bits; notation `g1f3`, `e7e8q`, `e1g1`, `d6e5v`, `c7d8qv`.
//! * Resolution (`resolve_with_report`) gives the next position and a [`Report`]: each side's
//!   [`Code`] and the kings in check, e.g. `blk:e5 ok B`.
//!
//! ```
//! use chimera_engine::simultaneous::SimultaneousGame;
//! use chimera_engine::variants::ven::Ven;
//! use chimera_engine::Player;
//! let pos = Ven::from_fen("rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3")
//!     .unwrap();
//! // White's knight takes e5; Black's d6 pawn avenges e5.
//! let (white, black) = pos.parse_round("f3e5,d6e5v").unwrap();
//! let (after, report) = pos.resolve_with_report(white, black);
//! assert_eq!(report.to_string(), "ok fired -");
//! assert_eq!(after.fen(), "rnbqkbnr/ppp2ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKB1R b KQkq - 0 4");
//! // Black's e5 pawn is threatened (Nxe5) and defended by d6: the one vengeance order.
//! assert!(pos.parse_order(Player::Black, "d6e5v").is_ok());
//! assert!(pos.parse_order(Player::Black, "d8e5v").is_err());
//! assert_eq!(chimera_engine::simultaneous::perft::perft(&Ven::start(), 1), 400);
//! ```

mod describe;
pub mod eval;
mod fen;
mod insurance;
mod options;
mod order;
mod orders;
mod position;
mod resolve;
mod status;
mod zobrist;

#[cfg(test)]
mod tests;

pub use fen::START_FEN;
pub use options::Options;
pub use order::Order;
pub use orders::{OrderList, MAX_ORDERS};
pub use position::Ven;
pub use resolve::{Code, Report};

use crate::game::GameState;
use crate::game::{Outcome, ParseError, Player};
use crate::simultaneous::SimultaneousGame;
use crate::variants::chess::Role;

impl Ven {
    /// Reads `side`'s order and checks that `side` may write it here.
    pub fn parse_order_of(&self, side: Player, s: &str) -> Result<Order, ParseError> {
        let order = Order::parse_text(s)?;
        let mut orders = OrderList::new();
        self.orders_into(side, &mut orders);
        if orders.contains(&order) {
            Ok(order)
        } else {
            Err(ParseError::with_token(
                format!("illegal order '{s}' for {side} in {}", self.fen()),
                s,
            ))
        }
    }

    /// The role a chess order moves (none for vengeance or an empty square).
    fn mover(&self, order: Order) -> Option<Role> {
        (!order.is_vengeance())
            .then(|| self.board.role_on(order.from()))
            .flatten()
    }
}

/// Material values for ordering captures (centipawns).
const fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight | Role::Bishop => 300,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 0,
    }
}

impl GameState for Ven {
    type Options = Options;

    const NAME: &'static str = "ven";

    fn start(options: &Options) -> Self {
        Ven {
            exploiter_rounds: options.exploiter_rounds,
            ..Ven::start()
        }
    }

    fn from_fen(fen: &str, options: &Options) -> Result<Self, ParseError> {
        Ok(Ven {
            exploiter_rounds: options.exploiter_rounds,
            ..Ven::from_fen(fen)?
        })
    }

    fn fen(&self) -> String {
        Ven::fen(self)
    }

    #[inline(always)]
    fn key(&self) -> u64 {
        Ven::key(self)
    }

    fn halfmove_clock(&self) -> u32 {
        self.clock
    }
}

impl SimultaneousGame for Ven {
    type Order = Order;
    type Orders = OrderList;
    type Report = Report;

    fn orders(&self, side: Player, out: &mut OrderList) {
        self.orders_into(side, out);
    }

    fn quiescence_orders(&self, side: Player, out: &mut OrderList) -> bool {
        self.quiescence_orders_into(side, out)
    }

    fn count_orders(&self, side: Player) -> u64 {
        self.count_orders_of(side)
    }

    fn count_order_pairs(&self) -> u64 {
        self.count_pairs()
    }

    fn resolve_with_report(&self, white: Order, black: Order) -> (Self, Report) {
        self.resolve_round(white, black)
    }

    fn outcome(&self) -> Option<Outcome> {
        Ven::outcome(self)
    }

    fn is_terminal(&self) -> bool {
        self.is_over()
    }

    /// The draws first: they are cheap, and the terminal test generates both sides' orders.
    fn rule_draw(&self) -> Option<Outcome> {
        let draw = self.draw_by_rule()?;
        (!self.is_over()).then_some(draw)
    }

    fn in_check(&self, side: Player) -> bool {
        self.king_attacked(side)
    }

    /// A chess order onto an enemy piece, or en passant. Vengeance captures only if provoked:
    /// not counted.
    fn is_capture(&self, side: Player, order: Order) -> bool {
        match self.mover(order) {
            Some(Role::Pawn) if order.from().0 & 7 != order.to().0 & 7 => true,
            Some(_) => self.board.player(side.other()).0 >> order.to().0 & 1 != 0,
            None => false,
        }
    }

    /// The victim's value, plus a promotion's gain.
    fn capture_value(&self, side: Player, order: Order) -> i32 {
        let Some(role) = self.mover(order) else {
            return 0;
        };
        let victim = match self.board.piece_on(order.to()) {
            Some(p) if p.color != side => value(p.role),
            None if role == Role::Pawn && order.from().0 & 7 != order.to().0 & 7 => 100,
            _ => 0,
        };
        victim
            + order
                .promotion()
                .map_or(0, |r| value(r) - value(Role::Pawn))
    }

    fn parse_order(&self, side: Player, s: &str) -> Result<Order, ParseError> {
        self.parse_order_of(side, s)
    }

    /// Moving the piece a capture aims at, or avenging its square. Whether the dodge works
    /// depends on who moves first in the round (§5); searching it costs less than missing it.
    #[inline]
    fn answers(&self, side: Player, order: Order, written: Order) -> bool {
        let target = written.to();
        self.is_capture(side.other(), written)
            && match order.is_vengeance() {
                true => order.to() == target,
                false => order.from() == target,
            }
    }

    fn insurance_orders(&self, side: Player, out: &mut OrderList) {
        self.insurance_into(side, out)
    }

    /// A round matters to both sides at once where a side can capture or avenge: then a guess
    /// decides (take or run, avenge or not). Elsewhere orders still meet now and then (a piece
    /// moved into a slider's path, two pieces sent to one square), but rarely to either side's
    /// cost: the root then searches the serialized order deeper instead of mixing.
    fn may_interact(&self) -> bool {
        Player::BOTH.into_iter().any(|side| {
            let mut orders = OrderList::new();
            self.orders_into(side, &mut orders);
            orders
                .iter()
                .any(|o| o.is_vengeance() || self.is_capture(side, *o))
        })
    }

    fn format_order(&self, order: Order) -> String {
        order.to_string()
    }

    /// Chess's evaluation on each side's view, with Ven's own weights ([`eval`]).
    fn evaluate_for_white(&self) -> i32 {
        self.evaluate()
    }

    fn exploiter_rounds(&self) -> u32 {
        self.exploiter_rounds as u32
    }
}

/// The start, an open middlegame with threats both ways (vengeance orders on offer), the
/// example game after round 23 with both kings in check, and a rook ending.
/// (`bench` searches them: the protocol reads them from here.)
pub const BENCH_FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 5",
    "r6r/ppppnkp1/8/2n1p3/5Rp1/2PP4/PPK3q1/8 b - - 0 24",
    "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 40",
];
