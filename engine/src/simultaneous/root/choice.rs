//! The choice: the main search's order, or a mix that deep payoffs say guarantees more.

use super::main_search::MainLine;
use super::matrix::{Cost, Mix};
use super::saddle::{Test, Verdict};
use super::{Basis, RoundResult, Trace};
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
