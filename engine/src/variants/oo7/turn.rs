//! The turn state `(controller, k, n)` and how each schedule moves it on (rules/007.md §4, §10.2).
//!
//! The colour of a ply is the board's business (white on even plies); the turn state says who
//! chooses it. Everything about schedules lives here: the start state, the length of the next
//! turn, and which colour the `k`-th ply of a turn must move (what FEN validation checks).

use super::options::Schedule;
use crate::game::{ParseError, Player};
use std::fmt;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct TurnState {
    /// The player who chooses the next ply.
    pub controller: Player,
    /// 1-based position of the next ply in the turn.
    pub k: u32,
    /// Length of the turn.
    pub n: u32,
}

/// Turn lengths beyond this are refused when read (a Progressive game reaches turn 45 after
/// about a thousand plies, so this is no limit in play; it keeps `n(n-1)/2` far from overflow).
const MAX_TURN_LENGTH: u32 = 1 << 20;

impl TurnState {
    /// The state before the first ply of a game.
    pub const fn start(schedule: Schedule) -> TurnState {
        match schedule {
            Schedule::Standard => TurnState::new(Player::White, 1, 3),
            Schedule::Balanced => TurnState::new(Player::Black, 1, 1),
            Schedule::Progressive => TurnState::new(Player::White, 1, 1),
        }
    }

    pub const fn new(controller: Player, k: u32, n: u32) -> TurnState {
        TurnState { controller, k, n }
    }

    /// Whether the next ply is the last of its turn.
    #[inline(always)]
    pub const fn is_last_ply(self) -> bool {
        self.k >= self.n
    }

    /// Plies left in the turn, the next one included.
    #[inline(always)]
    pub const fn plies_left(self) -> u32 {
        self.n + 1 - self.k
    }

    /// The state after one ply (§4.4).
    #[inline(always)]
    pub fn advance(self, schedule: Schedule) -> TurnState {
        if self.k < self.n {
            return TurnState::new(self.controller, self.k + 1, self.n);
        }
        let n = match schedule {
            Schedule::Standard => 3,
            Schedule::Balanced => (self.n + 1).min(3),
            Schedule::Progressive => self.n + 1,
        };
        TurnState::new(self.controller.other(), 1, n)
    }

    /// The colour the `k`-th ply of this turn moves under `schedule`, or why the state cannot
    /// occur under it (§10.2).
    pub fn expected_color(self, schedule: Schedule) -> Result<Player, String> {
        let c = self.controller;
        // In a three-ply turn, friendly plies are the odd ones.
        let three = || if self.k % 2 == 1 { c } else { c.other() };
        match (schedule, self.n) {
            (Schedule::Standard, 3) => Ok(three()),
            (Schedule::Standard, n) => Err(format!("standard turns have 3 plies, not {n}")),
            (Schedule::Balanced, 1) if c == Player::Black => Ok(Player::White),
            (Schedule::Balanced, 2) if c == Player::White => Ok(if self.k == 1 {
                Player::Black
            } else {
                Player::White
            }),
            (Schedule::Balanced, 3) => Ok(three()),
            (Schedule::Balanced, 1 | 2) => Err(format!(
                "the Balanced {}-ply opening turn belongs to the {} player",
                self.n,
                if self.n == 1 { "black" } else { "white" }
            )),
            (Schedule::Balanced, n) => Err(format!("Balanced turns have 1 to 3 plies, not {n}")),
            (Schedule::Progressive, n) => {
                let owner = if n % 2 == 1 {
                    Player::White
                } else {
                    Player::Black
                };
                if c != owner {
                    return Err(format!(
                        "Progressive turn {n} belongs to the {owner} player"
                    ));
                }
                let ply = n as u64 * (n as u64 - 1) / 2 + self.k as u64 - 1;
                Ok(if ply.is_multiple_of(2) {
                    Player::White
                } else {
                    Player::Black
                })
            }
        }
    }

    /// Reads the token `<c><k>/<n>` (e.g. `w1/3`); the schedule is checked by the caller.
    pub fn parse(token: &str) -> Result<TurnState, ParseError> {
        let bad = |why: &str| {
            ParseError::with_token(
                format!("bad FEN: turn state (field 7) '{token}' {why}; expected e.g. w1/3"),
                token,
            )
        };
        let controller = match token.chars().next() {
            Some('w') => Player::White,
            Some('b') => Player::Black,
            _ => return Err(bad("must start with w or b")),
        };
        let (k, n) = token[1..].split_once('/').ok_or_else(|| bad("needs k/n"))?;
        let number = |s: &str| {
            (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
                .then(|| s.parse::<u32>().ok())
                .flatten()
                .filter(|v| (1..=MAX_TURN_LENGTH).contains(v))
        };
        let (k, n) = match (number(k), number(n)) {
            (Some(k), Some(n)) => (k, n),
            _ => return Err(bad("needs two numbers from 1 up")),
        };
        if k > n {
            return Err(bad("has k greater than n"));
        }
        Ok(TurnState::new(controller, k, n))
    }
}

/// The FEN token, `<c><k>/<n>`.
impl fmt::Display for TurnState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}/{}", self.controller.fen_char(), self.k, self.n)
    }
}
