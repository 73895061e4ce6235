//! The choice: the main search's order, or a mix that deep payoffs say guarantees more.

use super::lean::Lean;
use super::main_search::MainLine;
use super::matrix::{Cost, Mix};
use super::saddle::{Test, Verdict};
use super::{Basis, LeanTrace, RoundResult, Trace};
use crate::search::score::expected_score;

/// `m*` alone, for the reason `basis`.
pub(super) fn serialized<O: Copy>(
    main: &MainLine<O>,
    basis: Basis,
    started: std::time::Instant,
) -> RoundResult<O> {
    let mut r = RoundResult::pure(main.order, started);
    r.value = expected_score(main.score);
    r.depth = main.depth.saturating_sub(2).max(1);
    r.nodes = main.nodes;
    r.basis = basis;
    r.trace = Trace {
        main_depth: main.depth,
        lower: r.value,
        main_nodes: main.nodes,
        main_time: main.time,
        ..Trace::default()
    };
    r
}

/// `m*`, with the saddle test's findings: a saddle point, or no verdict.
pub(super) fn tested<O: Copy>(
    main: &MainLine<O>,
    test: &Test<O>,
    started: std::time::Instant,
) -> RoundResult<O> {
    let basis = match test.verdict {
        Verdict::Holds => Basis::Saddle,
        Verdict::Fails | Verdict::Unknown => Basis::Serialized,
    };
    let mut r = serialized(main, basis, started);
    r.nodes += test.nodes;
    r.trace.upper = test.upper;
    r.trace.test_depth = test.depth;
    r.trace.test_nodes = test.nodes;
    r.trace.test_time = test.time;
    r.predicted = test.column;
    r.answer = test.answer;
    r
}

/// The mix if the matrix found one that guarantees more than `L` against every column, else
/// `m*`.
pub(super) fn choose<O: Copy>(
    main: &MainLine<O>,
    test: &Test<O>,
    (mix, cost): (Option<Mix<O>>, Cost),
    started: std::time::Instant,
) -> RoundResult<O> {
    let mut r = tested(main, test, started);
    r.nodes += cost.nodes;
    r.trace.probes = cost.probes;
    r.trace.matrix_nodes = cost.nodes;
    r.trace.matrix_time = cost.time;
    if let Some(mix) = mix {
        r.pure = mix.strategy.len() == 1;
        r.strategy = mix.strategy;
        r.value = mix.guaranteed;
        r.depth = mix.plies;
        r.matrix = mix.size;
        r.solve_time = mix.solve_time;
        r.payoffs = mix.payoffs;
        r.basis = Basis::Matrix;
    }
    r
}

/// The most weight the lean puts on the answer: an opponent that predicts the engine as
/// exactly as the engine predicts it must still face `m*` as often (measured, a pure lean
/// gave `Play=exploiter` 96% of the games at `go depth 2`, against 81% without it).
pub(super) const ANSWER_WEIGHT: f64 = 0.5;

/// `m*` leaning toward the answer to the predicted order, where the check proved the answer
/// worth at least `L - slack`: the answer's weight is as much as keeps the mix's guarantee
/// (by the two orders' own) within `slack` of `L`, and at most [`ANSWER_WEIGHT`].
pub(super) fn leaned<O: Copy>(
    main: &MainLine<O>,
    lean: &Lean<O>,
    slack: f64,
    started: std::time::Instant,
) -> RoundResult<O> {
    let mut r = serialized(main, Basis::Serialized, started);
    r.nodes += lean.nodes;
    r.predicted = lean.column;
    r.answer = lean.answer;
    r.trace.lean = Some(LeanTrace {
        depth: lean.depth,
        check_depth: lean.check_depth,
        guaranteed: lean.guaranteed,
        nodes: lean.nodes,
        time: lean.time,
    });
    if let (Some(order), Some(worth)) = (lean.order, lean.guaranteed) {
        let shortfall = r.value - worth;
        let p = if shortfall <= 0.0 {
            ANSWER_WEIGHT
        } else {
            (slack / shortfall).min(ANSWER_WEIGHT)
        };
        r.strategy = vec![(main.order, 1.0 - p), (order, p)];
        r.value = (1.0 - p) * r.value + p * worth;
        r.pure = false;
        r.basis = Basis::Lean;
    }
    r
}
