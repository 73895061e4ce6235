//! The root of a round: which order to write. Depth first, then mixing.
//!
//! A round is a matrix game over the two sides' orders. The engine searches it first as the
//! "just use alpha-beta" player does, through the sequential view ([`Serial`]) in which it
//! writes first in every round and the opponent answers knowing its order: that *main search*
//! takes most of the time, as the maximin player's does, and gives the maximin order `m*`, its
//! value `L` (a lower bound of the round's value), its depth `D` and the opponent's reply.
//! Measured, every mix on payoffs shallower than that search lost to it (docs/ven-history.md),
//! so nothing here gives up its depth unless deep bounds say that mixing pays:
//!
//! 1. `plan`: the time and node shares of the phases.
//! 2. `main_search`: the main search.
//! 3. `saddle`: the *saddle test*, a search at the same depth on the warm table in which the
//!    opponent writes first in the root round only (every later round is the main search's,
//!    with its keys and entries). Its value `U` bounds the round's value from above; where
//!    `U` is within [`RoundParams::epsilon`] of `L`, `m*` is a saddle point at depth `D`.
//! 4. `matrix`: otherwise, a small matrix of the orders the two searches left as witnesses
//!    (the opponent's order that holds `U`, the engine's answers to it and to `m*`'s reply,
//!    the refutations of those answers), payoffs `D - 2` plies deep, as deep as the main search
//!    saw the same positions. Its mix is checked against the opponent's whole order list.
//! 5. `choice`: the mix is played only if it guarantees more than `L` (by
//!    [`RoundParams::mix_margin`]) against every column; otherwise `m*`. A stop, or a phase
//!    that does not finish, leaves `m*`: the root is never weaker than the main search alone.
//!
//! The engine then draws its order from the strategy (the caller holds the seeded generator).
//!
//! Against a predictable opponent the root may lean ([`RoundParams::predict`]): it reports the
//! order it predicts for the opponent, which the session scores by the order then written
//! ([`super::trust`]), and where the predictions have held (a slack [`RoundParams::lean`]
//! above 0) the saddle test and the matrix give way to `lean`: the opponent's own serialized
//! search predicts its order, and the answer to it takes the place of `m*` where a search as
//! deep proves it worth `L - δ` against every order and it gains more against the predicted
//! order than it may lose.

mod choice;
mod lean;
mod main_search;
mod matrix;
mod oracle;
mod plan;
mod saddle;
#[cfg(test)]
mod tests;

pub use oracle::Oracle;

use super::serial::Serial;
use super::SimultaneousGame;
use crate::game::Player;
use crate::search::{self, Control, Limits, SearchParams, TranspositionTable};
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a round's search is asked to do.
#[derive(Clone, Debug)]
pub struct RoundParams {
    pub limits: Limits,
    /// Searches run on this many threads (payoff searches: this many at once).
    pub threads: usize,
    pub move_overhead: Duration,
    /// Percent of the planned time (or node budget) the main search takes where the orders
    /// may interact; the saddle test and the matrix share the rest.
    pub main_share: u32,
    /// Orders each side brings to the matrix at most.
    pub matrix: usize,
    /// The saddle test's tolerance, in expected score: `U - L` within it is a saddle point.
    pub epsilon: f64,
    /// Rounds in which the matrix takes the opponent's best response from its whole list.
    pub oracle_rounds: usize,
    /// Mixing must guarantee this much more expected score than `L`, against every column,
    /// or the engine plays `m*`: payoffs are searches, and a mix that gains less than their
    /// noise only spreads weight onto weaker orders.
    pub mix_margin: f64,
    /// A mix that clears the bar is checked, and solved again, on payoffs this many plies
    /// deeper (the deep check, `matrix.rs`) before it is preferred to `m*`.
    pub deep_plies: u32,
    /// Safe exploitation: report the order the opponent would write as a maximin player
    /// ([`RoundResult::predicted`]), so that the session can score its predictions; and where
    /// it trusts them (`lean` above 0), predict that order with the opponent's own serialized
    /// search in place of the saddle test and the matrix, and lean toward the best answer
    /// to it as far as the mix still guarantees `L - lean` (`lean.rs`).
    pub predict: bool,
    /// The slack `δ` the lean may give up, in expected score: the session sets it from how
    /// often its predictions of this opponent held ([`super::trust::Trust`]). Without
    /// `predict` (`chimera exploit --lean`), a proved mix leans instead toward the answer to
    /// the saddle test's order for the opponent, within it ([`super::solve::lean`]). 0: off.
    pub lean: f64,
}

impl Default for RoundParams {
    fn default() -> Self {
        RoundParams {
            limits: Limits::default(),
            threads: 1,
            move_overhead: Duration::from_millis(10),
            main_share: plan::MAIN_SHARE,
            matrix: 4,
            epsilon: 0.01,
            oracle_rounds: 4,
            mix_margin: 0.02,
            deep_plies: 2,
            predict: false,
            lean: 0.0,
        }
    }
}

/// The smallest probability an order keeps in the strategy the engine plays.
const MIN_WEIGHT: f64 = 1e-3;

/// Why the strategy is what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// The orders cannot matter to each other (`may_interact`): the serialized order.
    Independent,
    /// The saddle test found no order of the opponent's that beats `L`: `m*` is a saddle
    /// point at the main search's depth.
    Saddle,
    /// A matrix game's mix guaranteed more than `L` against every column: the mix.
    Matrix,
    /// The saddle test failed or did not finish, and no mix beat `L` in the time left: `m*`.
    Serialized,
    /// Stopped before an answer was complete: the serialized order found so far.
    Unfinished,
    /// `m*` leaning toward the best answer to the opponent's predicted order, the mix proved
    /// worth at least `L - δ` against every order.
    Lean,
}

/// The strategy for one side, most likely order first, and what it is worth.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundResult<O> {
    /// Orders with their probabilities (summing to 1), most likely first; empty when the side
    /// has no order (the game is over).
    pub strategy: Vec<(O, f64)>,
    /// Expected score for the side, by the payoff searches.
    pub value: f64,
    /// Plies the searches behind the strategy looked beyond this round.
    pub depth: u32,
    /// Size of the last matrix solved (the side's orders, the opponent's).
    pub matrix: (usize, usize),
    /// Whether the strategy is one order.
    pub pure: bool,
    pub basis: Basis,
    pub nodes: u64,
    /// Time spent solving matrix games (not searching payoffs).
    pub solve_time: Duration,
    pub time: Duration,
    /// The payoffs for White, `depth` plies deep, of the pairs of orders (White's, Black's)
    /// the matrix game was solved and screened on: what `chimera exploit` judges the strategy
    /// by, where a second search of the same pair could differ (the table has changed since).
    pub payoffs: Vec<Payoff<O>>,
    /// What each phase found and cost (`info string root ...`).
    pub trace: Trace,
    /// The opponent's predicted order: the one it would write as a maximin player (the saddle
    /// test's), and the engine's best answer to it. `None` where the test did not run.
    pub predicted: Option<O>,
    pub answer: Option<O>,
}

/// What the root's phases found and what they cost, for `info string root`: the main
/// search's depth `D` and value `L`, the saddle test's bound `U`, depth and cost, and the
/// matrix's payoff searches (probes). Values are expected scores for the side.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Trace {
    pub main_depth: u32,
    pub lower: f64,
    pub main_nodes: u64,
    pub main_time: Duration,
    /// `None`: no saddle test (orders independent, or no time for it).
    pub upper: Option<f64>,
    pub test_depth: u32,
    pub test_nodes: u64,
    pub test_time: Duration,
    /// Payoff searches the matrix ran, and their nodes.
    pub probes: usize,
    pub matrix_nodes: u64,
    pub matrix_time: Duration,
    /// The lean (`None`: it did not run): the prediction's depth, the check's, what the
    /// answer guarantees by the check, and the cost of both.
    pub lean: Option<LeanTrace>,
}

/// What the lean found and cost, for `info string root`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LeanTrace {
    pub depth: u32,
    pub check_depth: u32,
    pub guaranteed: Option<f64>,
    /// What the answer is worth against the predicted order (`U` of the prediction).
    pub upper: Option<f64>,
    pub nodes: u64,
    pub time: Duration,
}

impl fmt::Display for Trace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "main depth {} L {:.4} nodes {} time {}",
            self.main_depth,
            self.lower,
            self.main_nodes,
            self.main_time.as_millis()
        )?;
        match self.upper {
            Some(u) => write!(
                f,
                " test depth {} U {u:.4} nodes {} time {}",
                self.test_depth,
                self.test_nodes,
                self.test_time.as_millis()
            )?,
            None => write!(f, " test none")?,
        }
        write!(
            f,
            " probes {} nodes {} time {}",
            self.probes,
            self.matrix_nodes,
            self.matrix_time.as_millis()
        )?;
        if let Some(l) = self.lean {
            write!(f, " lean depth {}", l.depth)?;
            if let Some(u) = l.upper {
                write!(f, " U {u:.4}")?;
            }
            write!(f, " check depth {}", l.check_depth)?;
            if let Some(g) = l.guaranteed {
                write!(f, " worth {g:.4}")?;
            }
            write!(f, " nodes {} time {}", l.nodes, l.time.as_millis())?;
        }
        Ok(())
    }
}

/// A pair of orders (White's, Black's) and its payoff for White.
pub type Payoff<O> = ((O, O), f64);

impl<O> RoundResult<O> {
    /// One order, without a matrix game behind it (stopped early, or the serialized answer).
    pub(super) fn pure(order: O, started: Instant) -> Self {
        RoundResult {
            strategy: vec![(order, 1.0)],
            time: started.elapsed(),
            ..RoundResult::none()
        }
    }

    pub(super) fn none() -> Self {
        RoundResult {
            strategy: Vec::new(),
            value: 0.5,
            depth: 0,
            matrix: (0, 0),
            pure: true,
            basis: Basis::Unfinished,
            nodes: 0,
            solve_time: Duration::ZERO,
            time: Duration::ZERO,
            payoffs: Vec::new(),
            trace: Trace::default(),
            predicted: None,
            answer: None,
        }
    }
}

pub use crate::search::score::expected_score;

/// Finds `side`'s strategy for the round at `root` within `params`' limits. The caller draws
/// the order to play from [`RoundResult::strategy`]. `report` hears of the answer.
///
/// `go depth N` searches the main search and the saddle test `2N` plies deep (N rounds) and
/// the matrix's payoffs `2N - 2`.
pub fn think<G: SimultaneousGame>(
    root: &G,
    history: &[u64],
    side: Player,
    params: &RoundParams,
    tt: &TranspositionTable,
    control: &Arc<Control>,
    report: &mut dyn FnMut(&RoundResult<G::Order>),
) -> RoundResult<G::Order> {
    let started = Instant::now();
    let mut mine = G::Orders::default();
    root.orders(side, &mut mine);
    let mut theirs = G::Orders::default();
    root.orders(side.other(), &mut theirs);
    if mine.is_empty() || theirs.is_empty() {
        return RoundResult::none();
    }
    tt.new_search();
    let plan = plan::Plan::new(root, side, params, started);
    let main = main_search::run(root, history, side, &plan.main, params, tt, control);
    let round = Round {
        root,
        history,
        side,
        plan: &plan,
        params,
        tt,
        control,
    };
    let mut result = match main {
        None => RoundResult::pure(mine[0], started),
        Some(main) if !plan.interactive => choice::serialized(&main, Basis::Independent, started),
        Some(main) if params.predict && params.lean > 0.0 => {
            let lean = lean::run(&round, &main);
            choice::leaned(&main, &lean, started)
        }
        Some(main) => {
            let test = saddle::test(&round, &main);
            if test.verdict == saddle::Verdict::Fails {
                let game = matrix::RoundGame::new(root, side, &main, &test, &plan, params, tt);
                let mix = game.solve(history, &theirs, params, tt, control);
                choice::choose(&main, &test, mix, started)
            } else {
                choice::tested(&main, &test, started)
            }
        }
    };
    report(&result);
    // `infinite` waits for the GUI's stop, as UCI asks.
    while params.limits.infinite && !control.is_stopped() {
        std::thread::sleep(Duration::from_millis(1));
    }
    result.time = started.elapsed();
    result
}

/// What the phases after the main search work with: the round, the side, the plan, the
/// parameters, the table and the control.
struct Round<'a, G: SimultaneousGame> {
    root: &'a G,
    history: &'a [u64],
    side: Player,
    plan: &'a plan::Plan,
    params: &'a RoundParams,
    tt: &'a TranspositionTable,
    control: &'a Arc<Control>,
}

/// The serialized maximin order: `side` writes first and the opponent answers knowing it, in
/// every round of the search. What "just use alpha-beta" plays (the `Play=maximin` baseline).
/// A depth limit counts rounds, as [`think`]'s does: the sequential view searches two plies
/// for each.
pub fn maximin<G: SimultaneousGame>(
    root: &G,
    history: &[u64],
    side: Player,
    params: &SearchParams<G::Order>,
    tt: &TranspositionTable,
    control: &Control,
) -> Option<G::Order> {
    maximin_search(root, history, side, params, tt, control).best
}

/// As [`maximin`], the whole search result: the order, its score, and the depth it reached in
/// plies of the sequential view (`chimera exploit --baseline maximin` judges deeper than it).
pub fn maximin_search<G: SimultaneousGame>(
    root: &G,
    history: &[u64],
    side: Player,
    params: &SearchParams<G::Order>,
    tt: &TranspositionTable,
    control: &Control,
) -> search::SearchResult<G::Order> {
    let view = Serial::new(root.clone(), side);
    let history = round_keys::<G>(history, side);
    let params = SearchParams {
        limits: Limits {
            depth: params.limits.depth.map(|d| 2 * d),
            ..params.limits.clone()
        },
        ..params.clone()
    };
    search::search(&view, &history, &params, tt, control, &mut |_| {})
}

/// A game's history of round keys as the sequential view with `first` writing first reads it.
pub fn round_keys<G: SimultaneousGame>(history: &[u64], first: Player) -> Vec<u64> {
    history
        .iter()
        .map(|k| Serial::<G>::round_key(*k, first))
        .collect()
}

/// Sums `side`'s probability of an order list to 1 (guards against rounding in the solvers).
pub fn normalised<O: Copy>(strategy: &[(O, f64)]) -> Vec<(O, f64)> {
    let total: f64 = strategy.iter().map(|(_, p)| p).sum();
    if total <= 0.0 {
        return strategy.iter().map(|(o, _)| (*o, 0.0)).collect();
    }
    strategy.iter().map(|(o, p)| (*o, p / total)).collect()
}
