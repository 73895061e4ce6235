//! The plan of a round: how the time (or the node budget) goes to the phases.

use super::super::SimultaneousGame;
use super::RoundParams;
use crate::game::Player;
use crate::search::{self, Limits, TimePlan};
use std::time::{Duration, Instant};

/// The least rest, in percent of what the main search spent, for which it ends early and
/// leaves the rest to the saddle test (measured: the test reaches the main search's depth on
/// the warm table in about this share of its time).
pub(super) const TEST_SHARE: u32 = 35;

/// The next iteration of the main search is taken not to finish when the rest is less than
/// this many times what the last one cost. Measured on Ven at 600 ms a round, an iteration
/// costs a median 1.3 times the one before, but less than the one before in a quarter of
/// rounds: 1 keeps the iterations that would finish, nearly always, for the main search.
const GROWTH: u32 = 1;

/// When and how far each phase of a round may go.
pub(super) struct Plan {
    /// The end of the planned time: every phase stops by itself there, so the clock's hard
    /// limit is never approached. `None` without a clock.
    pub deadline: Option<Instant>,
    /// The round's node budget, all phases together (`go nodes`).
    pub nodes: Option<u64>,
    /// Whether the orders may matter to each other this round (`may_interact`); if not, the
    /// main search takes all the time and its order is played.
    pub interactive: bool,
    /// The main search's limits: the whole budget, as the maximin player's.
    pub main: Limits,
    /// Percent of what the main search spent that the rest of the budget must be for it to
    /// end early ([`RoundParams::test_share`]).
    test_share: u32,
}

impl Plan {
    pub fn new<G: SimultaneousGame>(
        root: &G,
        side: Player,
        params: &RoundParams,
        started: Instant,
    ) -> Plan {
        let time = TimePlan::new(&params.limits, side, params.move_overhead);
        let main = Limits {
            depth: Some(params.limits.depth.map_or(search::MAX_DEPTH, |d| 2 * d)),
            move_time: time.soft,
            nodes: params.limits.nodes,
            ..Limits::default()
        };
        Plan {
            deadline: time.soft.map(|s| started + s),
            nodes: params.limits.nodes,
            interactive: root.may_interact(),
            main,
            test_share: params.test_share,
        }
    }

    /// Whether the main search ends at the end of an iteration that left it having `spent`
    /// (time, nodes) and cost `last`: only where the orders may interact, the next iteration
    /// would not finish within the budget, and the rest is enough for the saddle test to reach
    /// the same depth on the warm table. Elsewhere it goes on as the maximin player's does,
    /// and the test gets nothing: measured at 600 ms a round, a fixed share for the test bought
    /// a test at the main search's depth in one round in five (docs/search.md).
    pub fn ends_main(&self, spent: (Duration, u64), last: (Duration, u64)) -> bool {
        let ends = |budget: u128, spent: u128, last: u128| {
            let rest = budget.saturating_sub(spent);
            rest < last * GROWTH as u128 && rest * 100 >= spent * self.test_share as u128
        };
        self.interactive
            && match (self.main.move_time, self.main.nodes) {
                (Some(t), _) => ends(t.as_nanos(), spent.0.as_nanos(), last.0.as_nanos()),
                (None, Some(n)) => ends(n as u128, spent.1 as u128, last.1 as u128),
                (None, None) => false,
            }
    }

    /// The limits of a later phase `plies` deep: what is left of the time and of the nodes
    /// once `spent` nodes are gone; `None` if nothing is.
    pub fn rest(&self, plies: u32, spent: u64) -> Option<Limits> {
        let move_time = match self.deadline {
            Some(d) => Some(d.saturating_duration_since(Instant::now())).filter(|t| !t.is_zero()),
            None => None,
        };
        let nodes = match self.nodes {
            Some(n) => Some(n.saturating_sub(spent)).filter(|n| *n > 0),
            None => None,
        };
        if (self.deadline.is_some() && move_time.is_none())
            || (self.nodes.is_some() && nodes.is_none())
        {
            return None;
        }
        Some(Limits {
            depth: Some(plies.max(1)),
            move_time: move_time.map(|t| t.max(Duration::from_millis(1))),
            nodes,
            ..Limits::default()
        })
    }
}
