//! The plan of a round: how the time (or the node budget) goes to the phases.

use super::super::SimultaneousGame;
use super::RoundParams;
use crate::game::Player;
use crate::search::{self, Limits, TimePlan};
use std::time::{Duration, Instant};

/// Percent of the planned time the main search takes where the orders may interact: the
/// maximin player spends all of it there, and each iteration costs a few times the last, so
/// this share nearly always reaches the same depth; the saddle test and the matrix share the
/// rest (docs/search.md).
pub(super) const MAIN_SHARE: u32 = 85;

/// Where the engine leans (`RoundParams::predict`, with a slack above 0), the main
/// search's share, and the share by which the prediction must end; the check of the answer
/// takes the rest. The prediction is the opponent's own serialized search, as deep as it can
/// be made in the time; measured, the maximin player's order is predicted in about two
/// rounds of three from half its time.
pub(super) const PREDICTING_MAIN_SHARE: u32 = 50;
pub(super) const PREDICTION_ENDS: u32 = 80;

/// When and how far each phase of a round may go.
pub(super) struct Plan {
    /// When the round began, and its planned time (`None` without a clock).
    started: Instant,
    soft: Option<Duration>,
    /// The end of the planned time: every phase stops by itself there, so the clock's hard
    /// limit is never approached. `None` without a clock.
    pub deadline: Option<Instant>,
    /// The round's node budget, all phases together (`go nodes`).
    pub nodes: Option<u64>,
    /// Whether the orders may matter to each other this round (`may_interact`); if not, the
    /// main search takes all the time and its order is played.
    pub interactive: bool,
    /// The main search's limits.
    pub main: Limits,
}

impl Plan {
    pub fn new<G: SimultaneousGame>(
        root: &G,
        side: Player,
        params: &RoundParams,
        started: Instant,
    ) -> Plan {
        let time = TimePlan::new(&params.limits, side, params.move_overhead);
        let interactive = root.may_interact();
        let share = if !interactive {
            100
        } else if params.predict && params.lean > 0.0 {
            PREDICTING_MAIN_SHARE
        } else {
            params.main_share.min(100)
        };
        let main = Limits {
            depth: Some(params.limits.depth.map_or(search::MAX_DEPTH, |d| 2 * d)),
            move_time: time.soft.map(|s| s * share / 100),
            nodes: params.limits.nodes.map(|n| percent_of(n, share)),
            ..Limits::default()
        };
        Plan {
            started,
            soft: time.soft,
            deadline: time.soft.map(|s| started + s),
            nodes: params.limits.nodes,
            interactive,
            main,
        }
    }

    /// The limits of a later phase `plies` deep: what is left of the time and of the nodes
    /// once `spent` nodes are gone; `None` if nothing is.
    pub fn rest(&self, plies: u32, spent: u64) -> Option<Limits> {
        self.until(100, plies, spent)
    }

    /// As [`Plan::rest`], for a phase that must end once `percent` of the planned time (or
    /// of the node budget) is gone.
    pub fn until(&self, percent: u32, plies: u32, spent: u64) -> Option<Limits> {
        let end = self.soft.map(|s| self.started + s * percent / 100);
        let move_time = match end {
            Some(d) => Some(d.saturating_duration_since(Instant::now())).filter(|t| !t.is_zero()),
            None => None,
        };
        let nodes = match self.nodes {
            Some(n) => Some(percent_of(n, percent).saturating_sub(spent)).filter(|n| *n > 0),
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

/// `percent` of a node budget, without overflow for any budget `go nodes` may name.
fn percent_of(nodes: u64, percent: u32) -> u64 {
    (nodes as u128 * percent as u128 / 100) as u64
}
