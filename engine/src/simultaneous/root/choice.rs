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

/// The lean plays the answer only where what it gains against the predicted order (`U - L`,
/// `U` the opponent's own serialized value, which the answer holds it to) is at least this
/// many times what it may lose against any other order (`L - G`, `G` the answer's
/// guarantee). Measured: without this bar and with at most half on the answer, the lean
/// scored 49% against `Play=maximin` at 100 ms with the slack whole at 0.5; with it and the
/// answer played whole, 59.4% (docs/search.md).
pub(super) const GAIN_OVER_RISK: f64 = 1.0;

/// The answer to the predicted order in place of `m*`, where the check proved it worth at
/// least `L - slack` against every order (`lean::run`) and its gain against the predicted
/// order outweighs that risk ([`GAIN_OVER_RISK`]); otherwise `m*`. The answer is played
/// whole: an opponent that predicts the engine exactly takes at most the slack from it in
/// such a round, and the slack is 0 against an opponent that does not write what was
/// predicted.
pub(super) fn leaned<O: Copy>(
    main: &MainLine<O>,
    lean: &Lean<O>,
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
        upper: lean.upper,
        nodes: lean.nodes,
        time: lean.time,
    });
    let (Some(order), Some(worth), Some(upper)) = (lean.order, lean.guaranteed, lean.upper) else {
        return r;
    };
    let shortfall = (r.value - worth).max(0.0);
    if upper - r.value >= GAIN_OVER_RISK * shortfall {
        r.strategy = vec![(order, 1.0)];
        r.value = worth;
        r.basis = Basis::Lean;
    }
    r
}
