//! The saddle test: is the main search's order a saddle point at its depth?
//!
//! The main search bounds the round's value from below (`L`: the engine writes first and the
//! opponent answers knowing its order). The same search with the opponent writing first in
//! the root round bounds it from above (`U`). Every later round keeps the main search's first
//! writer ([`Serial::opening`]), so below the root round the keys, and the table's entries, are
//! the main search's: the test costs far less than a second search. Where `U` is within
//! [`RoundParams::epsilon`] of `L`, no order of the opponent's gains against the engine's
//! answers, and `m*` is a saddle point at depth `D`.

use super::super::serial::Serial;
use super::super::SimultaneousGame;
use super::main_search::{search_view, MainLine};
use super::Round;
use crate::search::score::expected_score;
use std::time::{Duration, Instant};

/// What the test decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// `U - L` within the tolerance: `m*` is a saddle point.
    Holds,
    /// The opponent writing first does better: mixing may gain.
    Fails,
    /// No time for it, or it did not reach the main search's depth.
    Unknown,
}

/// The test's result and what it cost.
pub(super) struct Test<O> {
    pub verdict: Verdict,
    /// `U` for the engine, in expected score (`None`: the test did not run).
    pub upper: Option<f64>,
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    /// The opponent's order that holds `U` (its own maximin order at the root round), and
    /// the engine's best answer to it: the first witnesses of the matrix.
    pub column: Option<O>,
    pub answer: Option<O>,
}

/// Runs the saddle test after `main`, in what is left of the plan.
pub(super) fn test<G: SimultaneousGame>(
    round: &Round<G>,
    main: &MainLine<G::Order>,
) -> Test<G::Order> {
    let (root, history, side, plan) = (round.root, round.history, round.side, round.plan);
    let (params, tt, control) = (round.params, round.tt, round.control);
    let began = Instant::now();
    let mut test = Test {
        verdict: Verdict::Unknown,
        upper: None,
        depth: 0,
        nodes: 0,
        time: Duration::ZERO,
        column: None,
        answer: None,
    };
    let Some(limits) = plan.rest(main.depth, main.nodes) else {
        return test;
    };
    let view = Serial::opening(root.clone(), side.other(), side);
    let r = search_view(&view, history, side, limits, params, tt, control);
    // The opponent is to move at the test's root: its score is the engine's upper bound.
    let upper = expected_score(-r.score);
    test.upper = Some(upper);
    test.depth = r.depth;
    test.nodes = r.nodes;
    test.time = began.elapsed();
    test.column = r.best;
    test.answer = r.pv.get(1).copied();
    // Bounds at different depths are not comparable: a test cut short decides nothing.
    test.verdict = if r.depth < main.depth || r.best.is_none() {
        Verdict::Unknown
    } else if upper <= expected_score(main.score) + params.epsilon {
        Verdict::Holds
    } else {
        Verdict::Fails
    };
    test
}
