//! The main search: the serialized search at the root with the engine writing first in every
//! round, as the maximin player's. It has the whole budget, as that player has, and ends
//! early only at an iteration's end that leaves the saddle test room to reach its depth
//! ([`Plan::ends_main`]).

use super::super::serial::Serial;
use super::super::SimultaneousGame;
use super::plan::Plan;
use super::{round_keys, RoundParams};
use crate::game::Player;
use crate::search::{
    self, Bound, Control, Limits, Report, SearchParams, SearchResult, TranspositionTable,
};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What the main search found.
pub(super) struct MainLine<O> {
    /// The maximin order `m*`.
    pub order: O,
    /// The opponent's best reply to it, `c*`.
    pub reply: Option<O>,
    /// `L`: the order's score, for the engine (internal units).
    pub score: i32,
    /// `D`: the depth it completed, in plies of the sequential view.
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
}

/// The main search within `plan`; `None` if it was stopped before its first iteration.
pub(super) fn run<G: SimultaneousGame>(
    root: &G,
    history: &[u64],
    side: Player,
    plan: &Plan,
    params: &RoundParams,
    tt: &TranspositionTable,
    control: &Arc<Control>,
) -> Option<MainLine<G::Order>> {
    let began = Instant::now();
    let view = Serial::new(root.clone(), side);
    let nested = Control::nested(control);
    // What the search had spent, in time and nodes, when its previous iteration ended.
    let mut before = (Duration::ZERO, 0);
    let mut at_iteration_end = |r: Report<G::Order>| {
        if let Report::Info(info) = r {
            if info.bound == Bound::Exact && info.multipv == 1 {
                let last = (
                    info.time.saturating_sub(before.0),
                    info.nodes.saturating_sub(before.1),
                );
                before = (info.time, info.nodes);
                if plan.ends_main((info.time, info.nodes), last) {
                    nested.stop();
                }
            }
        }
    };
    let r = search_view(
        &view,
        history,
        side,
        plan.main.clone(),
        params,
        tt,
        &nested,
        &mut at_iteration_end,
    );
    Some(MainLine {
        order: r.best?,
        reply: r.pv.get(1).copied(),
        score: r.score,
        depth: r.depth,
        nodes: r.nodes,
        time: began.elapsed(),
    })
}

/// Searches `view` (the round's history read with `later` writing first, as every round
/// after the root is) within `limits`, on the round's threads, under `control` (nested in the
/// round's), telling `report` of each iteration.
#[allow(clippy::too_many_arguments)]
pub(super) fn search_view<G: SimultaneousGame>(
    view: &Serial<G>,
    history: &[u64],
    later: Player,
    limits: Limits,
    params: &RoundParams,
    tt: &TranspositionTable,
    control: &Control,
    report: &mut dyn FnMut(Report<G::Order>),
) -> SearchResult<G::Order> {
    let history = round_keys::<G>(history, later);
    let search_params = SearchParams {
        limits,
        threads: params.threads,
        move_overhead: Duration::ZERO,
        ..SearchParams::default()
    };
    search::search_within(view, &history, &search_params, tt, control, report)
}
