//! Matching pennies played over several rounds: the smallest simultaneous game whose value is
//! known (one half, each coin with probability one half), so the matrix-game machinery can be
//! checked against it.

use crate::game::GameState;
use crate::game::{DrawReason, Outcome, ParseError, Player, WinReason};
use crate::simultaneous::SimultaneousGame;
use arrayvec::ArrayVec;
use std::fmt;

/// `rounds` rounds of matching pennies. Each round both players show a coin (`0` or `1`):
/// White takes the round when the coins match, Black when they differ. Whoever took more
/// rounds wins; a tie is a draw. A third order, `2`, concedes the round (dominated: never
/// worth playing), so the solvers must learn to give it no weight.
///
/// FEN: `<rounds left> <white's rounds minus black's>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pennies {
    pub left: u8,
    pub lead: i8,
}

/// What happened in a round of [`Pennies`]: who took it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PenniesReport(pub Player);

impl fmt::Display for PenniesReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} takes the round", self.0)
    }
}

impl GameState for Pennies {
    type Options = ();
    const NAME: &'static str = "pennies";

    fn start(_: &()) -> Self {
        Pennies { left: 3, lead: 0 }
    }

    fn from_fen(fen: &str, _: &()) -> Result<Self, ParseError> {
        let mut fields = fen.split_whitespace();
        let mut field = |name: &str| {
            let token = fields.next().unwrap_or("");
            token
                .parse::<i8>()
                .map_err(|_| ParseError::new(format!("bad {name} '{token}' in '{fen}'")))
        };
        let left = field("rounds left")?;
        let lead = field("lead")?;
        if !(0..=20).contains(&left) || lead.unsigned_abs() > 20 {
            return Err(ParseError::new(format!(
                "pennies position out of range: '{fen}'"
            )));
        }
        Ok(Pennies {
            left: left as u8,
            lead,
        })
    }

    fn fen(&self) -> String {
        format!("{} {}", self.left, self.lead)
    }

    fn key(&self) -> u64 {
        (self.left as u64) << 8 | self.lead as u8 as u64
    }

    fn halfmove_clock(&self) -> u32 {
        0
    }
}

impl SimultaneousGame for Pennies {
    type Order = u8;
    type Orders = ArrayVec<u8, 3>;
    type Report = PenniesReport;

    fn orders(&self, _: Player, out: &mut Self::Orders) {
        if self.left > 0 {
            out.extend([0, 1, 2]);
        }
    }

    fn resolve_with_report(&self, white: u8, black: u8) -> (Self, PenniesReport) {
        let winner = if white != 2 && (white == black || black == 2) {
            Player::White
        } else {
            Player::Black
        };
        let next = Pennies {
            left: self.left - 1,
            lead: self.lead + winner.sign() as i8,
        };
        (next, PenniesReport(winner))
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.left > 0 {
            return None;
        }
        Some(match self.lead.signum() {
            1 => Outcome::win(Player::White, WinReason::VariantRule("more rounds")),
            -1 => Outcome::win(Player::Black, WinReason::VariantRule("more rounds")),
            _ => Outcome::Draw(DrawReason::VariantRule("as many rounds")),
        })
    }

    fn is_terminal(&self) -> bool {
        self.left == 0
    }

    fn in_check(&self, _: Player) -> bool {
        false
    }

    fn is_capture(&self, _: Player, _: u8) -> bool {
        false
    }

    fn parse_order(&self, side: Player, s: &str) -> Result<u8, ParseError> {
        let mut orders = Self::Orders::default();
        self.orders(side, &mut orders);
        orders
            .iter()
            .copied()
            .find(|o| o.to_string() == s)
            .ok_or_else(|| ParseError::with_token(format!("illegal or malformed order '{s}'"), s))
    }

    fn format_order(&self, order: u8) -> String {
        order.to_string()
    }

    fn evaluate_for_white(&self) -> i32 {
        100 * self.lead as i32
    }
}
