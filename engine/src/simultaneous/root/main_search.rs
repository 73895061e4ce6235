//! The main search: the serialized search at the root with the engine writing first in every
//! round, as the maximin player's, with most of the time.

use super::super::serial::Serial;
use super::super::SimultaneousGame;
use super::{round_keys, RoundParams};
use crate::game::Player;
use crate::search::{self, Control, Limits, SearchParams, SearchResult, TranspositionTable};
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

/// The main search within `limits`; `None` if it was stopped before its first iteration.
pub(super) fn run<G: SimultaneousGame>(
    root: &G,
    history: &[u64],
    side: Player,
    limits: &Limits,
    params: &RoundParams,
    tt: &TranspositionTable,
    control: &Arc<Control>,
) -> Option<MainLine<G::Order>> {
    let began = Instant::now();
    let view = Serial::new(root.clone(), side);
    let r = search_view(&view, history, side, limits.clone(), params, tt, control);
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
/// after the root is) within `limits`, on the round's threads and a control nested in the
/// round's.
pub(super) fn search_view<G: SimultaneousGame>(
    view: &Serial<G>,
    history: &[u64],
    later: Player,
    limits: Limits,
    params: &RoundParams,
    tt: &TranspositionTable,
    control: &Arc<Control>,
) -> SearchResult<G::Order> {
    let history = round_keys::<G>(history, later);
    let search_params = SearchParams {
        limits,
        threads: params.threads,
        move_overhead: Duration::ZERO,
        ..SearchParams::default()
    };
    let nested = Control::nested(control);
    search::search_within(view, &history, &search_params, tt, &nested, &mut |_| {})
}
