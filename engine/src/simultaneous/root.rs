//! The root of a round: which order to write, as game theory says.
//!
//! A round is a matrix game over the two sides' orders. Its payoffs are expected scores of the
//! resolved positions, found by searching each of them with the generic alpha-beta through the
//! sequential view ([`Serial`]) in which the engine's side writes first in every later round:
//! below the root the engine assumes, as the "just use alpha-beta" player does for the whole
//! game, that the opponent will know its orders; at the root it does better, by solving the
//! round as the matrix game it is ([`super::solve`]). With the same continuation values, the
//! mixed strategy guarantees at least what the serialized maximin order guarantees.
//!
//! A side has dozens of orders, so the matrix starts from *candidates*: the engine's best
//! orders by a multi-line serialized search (which also leaves the payoff searches a warm
//! transposition table), the opponent's best replies to them, both sides' best captures and the
//! variant's insurance orders; then a double-oracle loop adds each side's best response over its
//! whole order list against the other's current mixed strategy, until no response gains more
//! than [`RoundParams::epsilon`]. All of this is repeated one round deeper at a time (iterative
//! deepening on the payoff depth) while the time lasts; a stop answers at once with the
//! strategy of the last completed depth.
//!
//! The engine then draws its order from the mixed strategy (the caller holds the seeded
//! generator): never the most likely order alone, which an opponent could exploit. With
//! [`RoundParams::lean`] set, the strategy first leans toward the best answer to the order
//! the opponent would write as a maximin player, within that slack of what it guarantees
//! ([`solve::lean`]): measured against the maximin player, a large gain where that player
//! searched half as deep, a loss at equal depth and a large loss at equal time
//! (docs/search.md), so it is off by default.

use super::serial::Serial;
use super::solve::{self, Matrix};
use super::SimultaneousGame;
use crate::game::Player;
use crate::search::{self, score, Control, Limits, SearchParams, TimePlan, TranspositionTable};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a round's search is asked to do.
#[derive(Clone, Debug)]
pub struct RoundParams {
    pub limits: Limits,
    /// Payoff searches run on this many threads at once.
    pub threads: usize,
    pub move_overhead: Duration,
    /// Lines of the serialized search whose first orders (the engine's) and replies (the
    /// opponent's) start the matrix.
    pub candidates: usize,
    /// Insurance orders each side brings to the first matrix at most.
    pub insurance: usize,
    /// Orders each side brings to the first matrix at most (best lines first): every payoff
    /// is a deep search, and double oracle adds what is missing.
    pub matrix: usize,
    /// A best response that gains less than this (in expected score) ends the double oracle.
    pub epsilon: f64,
    /// Rounds of double oracle per depth at most.
    pub oracle_rounds: usize,
    /// Mixing must guarantee this much more expected score than the best single order, or the
    /// engine plays that order: payoffs are searches, and a mix that gains less than their
    /// noise only spreads weight onto weaker orders.
    pub mix_margin: f64,
    /// Percent of the planned time the engine's serialized search may take where the orders
    /// may interact (the rest goes to the candidates and the matrix games).
    pub serial_share: u32,
    /// Solve the matrix game in every round where the orders interact, on payoffs two plies
    /// deep and deeper while the time lasts (the default). `false`: only where it fits at the
    /// serialized search's own depth, the rest of the time going to that search; measured as
    /// strong against a maximin player and far more exploitable (docs/search.md).
    pub always_matrix: bool,
    /// Safe exploitation: the strategy leans toward the best answer to the opponent's
    /// predicted order (its own maximin order) by as much as keeps every column of the matrix
    /// within this much of what the strategy guaranteed ([`solve::lean`]). 0: off.
    pub lean: f64,
}

impl Default for RoundParams {
    fn default() -> Self {
        RoundParams {
            limits: Limits::default(),
            threads: 1,
            move_overhead: Duration::from_millis(10),
            candidates: 4,
            insurance: 3,
            matrix: 3,
            epsilon: 0.005,
            oracle_rounds: 12,
            mix_margin: 0.03,
            serial_share: SERIAL_SHARE,
            always_matrix: true,
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
    /// The two sides' serialized bounds met: a pure saddle point.
    Saddle,
    /// A matrix game was solved (its solution may still be one order).
    Matrix,
    /// The matrix game would not fit in the time left: the serialized order, searched with
    /// all of it.
    Serialized,
    /// Stopped before an answer was complete: the serialized order found so far.
    Unfinished,
}

/// The strategy for one side, most likely order first, and what it is worth.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundResult<O> {
    /// Orders with their probabilities (summing to 1), most likely first; empty when the side
    /// has no order (the game is over).
    pub strategy: Vec<(O, f64)>,
    /// Expected score for the side, by the payoff searches.
    pub value: f64,
    /// Plies the payoff searches of the strategy looked beyond this round (0: no matrix game
    /// was solved).
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
}

/// A pair of orders (White's, Black's) and its payoff for White.
pub type Payoff<O> = ((O, O), f64);

impl<O> RoundResult<O> {
    /// One order, without a matrix game behind it (stopped early, or the serialized answer).
    fn pure(order: O, started: Instant) -> Self {
        RoundResult {
            strategy: vec![(order, 1.0)],
            time: started.elapsed(),
            ..RoundResult::none()
        }
    }

    fn none() -> Self {
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
        }
    }
}

pub use crate::search::score::expected_score;

/// The payoff oracle: the expected score for White of the position after a pair of orders,
/// found by searching it a number of plies deep with `first` writing first in every round.
/// Results are cached per pair and depth.
pub struct Oracle<'a, G: SimultaneousGame> {
    root: &'a G,
    history: Vec<u64>,
    first: Player,
    tt: &'a TranspositionTable,
    control: &'a Arc<Control>,
    deadline: Option<Instant>,
    /// Nodes all searches of the round may take together (`go nodes`), those before the
    /// oracle's included ([`Oracle::nodes`] starts with them).
    budget: Option<u64>,
    pool: Option<rayon::ThreadPool>,
    cache: HashMap<(G::Order, G::Order), (u32, f64)>,
    pub nodes: u64,
}

impl<'a, G: SimultaneousGame> Oracle<'a, G> {
    /// An oracle for the round at `root` (reached after the positions with keys `history`),
    /// serializing later rounds with `first` writing first, whose searches stop when `control`
    /// does, at `deadline` or when the round's nodes reach `budget`, on `threads` threads.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        root: &'a G,
        history: &[u64],
        first: Player,
        tt: &'a TranspositionTable,
        control: &'a Arc<Control>,
        deadline: Option<Instant>,
        budget: Option<u64>,
        threads: usize,
    ) -> Self {
        let mut history: Vec<u64> = history
            .iter()
            .map(|k| Serial::<G>::round_key(*k, first))
            .collect();
        history.push(Serial::<G>::round_key(root.key(), first));
        // Payoff searches recurse as deep as any search: they need a search thread's stack.
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .thread_name(|i| format!("payoff-{i}"))
            .stack_size(32 << 20)
            .build()
            .ok();
        Oracle {
            root,
            history,
            first,
            tt,
            control,
            deadline,
            budget,
            pool,
            cache: HashMap::new(),
            nodes: 0,
        }
    }

    /// The cached payoff of a pair searched at least `depth` plies deep.
    pub fn cached(&self, white: G::Order, black: G::Order, depth: u32) -> Option<f64> {
        self.cache
            .get(&(white, black))
            .filter(|(d, _)| *d >= depth)
            .map(|(_, v)| *v)
    }

    /// The pairs searched exactly `depth` plies deep, with their payoffs for White.
    pub fn known(&self, depth: u32) -> Vec<Payoff<G::Order>> {
        self.cache
            .iter()
            .filter(|(_, (d, _))| *d == depth)
            .map(|(pair, (_, v))| (*pair, *v))
            .collect()
    }

    /// Takes `payoffs` (White's, `depth` plies deep) as known, as [`Oracle::known`] gave them.
    pub fn remember(&mut self, payoffs: &[Payoff<G::Order>], depth: u32) {
        for &(pair, v) in payoffs {
            self.cache.insert(pair, (depth, v));
        }
    }

    /// Searches the pairs not yet known `depth` plies deep, in parallel (each search at least
    /// one ply, so that quiescence settles the captures a round leaves). Returns `false` if a search
    /// was cut short (stop or deadline): the depth is then incomplete.
    pub fn fill(&mut self, pairs: &[(G::Order, G::Order)], depth: u32) -> bool {
        let mut todo: Vec<(G::Order, G::Order)> = Vec::with_capacity(pairs.len());
        for &(w, b) in pairs {
            if self.cached(w, b, depth).is_none() && !todo.contains(&(w, b)) {
                todo.push((w, b));
            }
        }
        if todo.is_empty() {
            return true;
        }
        // The batch shares what is left of the node budget: each search may take what the
        // others have not, and a batch that runs out is incomplete.
        if self.budget.is_some_and(|b| self.nodes >= b) {
            return false;
        }
        let used = AtomicU64::new(self.nodes);
        let this = &*self;
        let one = |&(w, b): &(G::Order, G::Order)| {
            let left = match this.budget {
                Some(budget) => Some(budget.checked_sub(used.load(Relaxed)).filter(|n| *n > 0)?),
                None => None,
            };
            let r = this.search_pair(w, b, depth, left);
            if let Some((_, nodes)) = r {
                used.fetch_add(nodes, Relaxed);
            }
            r
        };
        let results: Vec<Option<(f64, u64)>> = match &self.pool {
            Some(pool) => pool.install(|| todo.par_iter().map(one).collect()),
            None => todo.iter().map(one).collect(),
        };
        let mut complete = true;
        for (pair, r) in todo.into_iter().zip(results) {
            match r {
                Some((value, nodes)) => {
                    self.nodes += nodes;
                    self.cache.insert(pair, (depth, value));
                }
                None => complete = false,
            }
        }
        complete && self.budget.is_none_or(|b| self.nodes <= b)
    }

    fn search_pair(
        &self,
        white: G::Order,
        black: G::Order,
        depth: u32,
        nodes: Option<u64>,
    ) -> Option<(f64, u64)> {
        let child = self.root.resolve(white, black);
        let view = Serial::new(child, self.first);
        if let Some(outcome) = view.position().outcome() {
            let s = score::outcome_score(
                &Serial::new(view.position().clone(), Player::White),
                outcome,
                0,
            );
            return Some((expected_score(s), 0));
        }
        let remaining = match self.deadline {
            Some(d) => {
                let left = d.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return None;
                }
                Some(left)
            }
            None => None,
        };
        let params = SearchParams {
            limits: Limits {
                depth: Some(depth.max(1)),
                move_time: remaining,
                nodes,
                ..Limits::default()
            },
            move_overhead: Duration::ZERO,
            ..SearchParams::default()
        };
        let control = Control::nested(self.control);
        let r = search::search_within(
            &view,
            &self.history,
            &params,
            self.tt,
            &control,
            &mut |_| {},
        );
        // A search may end before its depth by itself (a single reply, a mate found); only a
        // stop or the deadline leaves a result that is not what was asked for.
        if self.control.is_stopped()
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || nodes.is_some_and(|n| r.nodes >= n)
        {
            return None;
        }
        let white = r.score * self.first.sign();
        Some((expected_score(white), r.nodes))
    }
}

/// What the serialized search at the root found: the engine's best orders (maximin, with the
/// opponent's best reply to each), and how deep it got.
struct SerialLines<O> {
    lines: Vec<(O, Option<O>)>,
    /// The first line's score, for the side that wrote first.
    score: i32,
    depth: u32,
    nodes: u64,
}

/// The serialized search at the root, with the engine writing first in every round, reporting
/// `params.candidates` lines: what "just use alpha-beta" would play, and the start of the
/// matrix. `None` if it was stopped before its first iteration.
#[allow(clippy::too_many_arguments)]
fn serial_lines<G: SimultaneousGame>(
    root: &G,
    history: &[u64],
    side: Player,
    limits: Limits,
    lines_wanted: usize,
    params: &RoundParams,
    tt: &TranspositionTable,
    control: &Arc<Control>,
) -> Option<SerialLines<G::Order>> {
    let view = Serial::new(root.clone(), side);
    let history: Vec<u64> = history
        .iter()
        .map(|k| Serial::<G>::round_key(*k, side))
        .collect();
    let search_params = SearchParams {
        limits,
        multipv: lines_wanted,
        threads: params.threads,
        move_overhead: Duration::ZERO,
        ..SearchParams::default()
    };
    let nested = Control::nested(control);
    let mut lines: Vec<(G::Order, Option<G::Order>)> = Vec::new();
    let mut depth = 0;
    let r = search::search_within(
        &view,
        &history,
        &search_params,
        tt,
        &nested,
        &mut |report| {
            if let search::Report::Info(info) = report {
                if let Some(first) = info.pv.first() {
                    let line = info.multipv - 1;
                    if line == 0 {
                        depth = info.depth;
                    }
                    if lines.len() <= line {
                        lines.resize(line + 1, (*first, None));
                    }
                    lines[line] = (*first, info.pv.get(1).copied());
                }
            }
        },
    );
    // The search's own answer leads: the lines reported last may be of an unfinished iteration.
    if let Some(best) = r.best {
        lines.retain(|(o, _)| *o != best);
        lines.insert(0, (best, r.pv.get(1).copied()));
    }
    (!lines.is_empty()).then_some(SerialLines {
        lines,
        score: r.score,
        depth: depth.max(r.depth),
        nodes: r.nodes,
    })
}

/// The first matrix's orders of both sides: each side's serialized lines (in which it writes
/// first: its maximin orders) and the other side's replies in them, both sides' most valuable
/// capture and the variant's insurance orders.
fn candidates<G: SimultaneousGame>(
    root: &G,
    side: Player,
    serial: &SerialLines<G::Order>,
    opponent: Option<&SerialLines<G::Order>>,
    params: &RoundParams,
) -> (Vec<G::Order>, Vec<G::Order>) {
    let mut rows: Vec<G::Order> = Vec::new();
    let mut cols: Vec<G::Order> = Vec::new();
    let add = |list: &mut Vec<G::Order>, o: G::Order| {
        if !list.contains(&o) {
            list.push(o);
        }
    };
    for &(order, reply) in &serial.lines {
        add(&mut rows, order);
        if let Some(reply) = reply {
            add(&mut cols, reply);
        }
    }
    for &(order, reply) in opponent.map_or(&[][..], |o| &o.lines[..]) {
        add(&mut cols, order);
        if let Some(reply) = reply {
            add(&mut rows, reply);
        }
    }
    for (who, list) in [(side, &mut rows), (side.other(), &mut cols)] {
        let mut all = G::Orders::default();
        root.orders(who, &mut all);
        let best_capture = all
            .iter()
            .filter(|o| root.is_capture(who, **o))
            .max_by_key(|o| root.capture_value(who, **o));
        if let Some(o) = best_capture {
            add(list, *o);
        }
        let mut insurance = G::Orders::default();
        root.insurance_orders(who, &mut insurance);
        for o in insurance.iter().take(params.insurance) {
            add(list, *o);
        }
        if list.is_empty() {
            add(list, all[0]);
        }
        if !params.always_matrix {
            list.truncate(params.matrix);
        }
    }
    (rows, cols)
}

/// Finds `side`'s mixed strategy for the round at `root` within `params`' limits. The caller
/// draws the order to play from [`RoundResult::strategy`]. `report` hears of the answer.
///
/// The time goes in two parts: half to the engine's serialized search (85% below
/// `MATRIX_TIME`; iterative deepening to some depth `D`), then, within a quarter of what is
/// left each, the candidate searches of both sides to `D - 2` (they give the candidates and
/// warm the table); the rest to matrix games whose payoffs are searched two plies deep, then
/// two plies deeper while time is left, up to `D - 2`, the depth the serialized search gave
/// the same positions. `go depth N` sets `D = 2N` and searches the payoffs `2N - 2` plies deep
/// at once.
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
    let plan = TimePlan::new(&params.limits, side, params.move_overhead);
    // Every part of the round works to the planned time: the searches inside each part stop
    // at its end by themselves, so the clock's hard limit is never approached.
    let deadline = plan.soft.map(|s| started + s);
    // Where the variant says the orders cannot matter to each other this round, the other
    // root plays the serialized order, searched with all the time. The default does so only
    // when the time is short: the orders still meet in the rounds after (one side's move sets
    // up the other's capture), and measured, such serialized orders were as exploitable as any
    // (docs/search.md); but a matrix on shallow payoffs costs more than it gains there.
    // Time for double oracle to converge; without a clock (depth, nodes) neither long nor short.
    let long = plan.soft.is_some_and(|s| s >= MATRIX_TIME);
    let short = plan.soft.is_some() && !long;
    let interactive = (params.always_matrix && !short) || root.may_interact();
    // Double oracle needs a few hundred milliseconds to converge: given that, the matrix takes
    // half the time; with less, it could not converge anyway, and the time is worth more to
    // the serialized search (measured both ways, docs/search.md).
    let share = match (interactive, params.always_matrix) {
        (false, _) => 100,
        (true, false) => params.serial_share,
        (true, true) if long => EQUILIBRIUM_SERIAL_SHARE,
        (true, true) => SHORT_SERIAL_SHARE,
    };
    let serial_limits = Limits {
        depth: Some(params.limits.depth.map_or(search::MAX_DEPTH, |d| 2 * d)),
        move_time: plan.soft.map(|s| s * share / 100),
        nodes: params.limits.nodes.map(|n| n * share as u64 / 100),
        ..Limits::default()
    };
    if !interactive {
        let serial = serial_lines(root, history, side, serial_limits, 1, params, tt, control);
        let mut r = match serial {
            Some(s) => {
                let mut r = RoundResult::pure(s.lines[0].0, started);
                r.value = expected_score(s.score);
                r.depth = s.depth.saturating_sub(2).max(1);
                r.nodes = s.nodes;
                r.basis = Basis::Independent;
                r
            }
            None => RoundResult::pure(mine[0], started),
        };
        report(&r);
        while params.limits.infinite && !control.is_stopped() {
            std::thread::sleep(Duration::from_millis(1));
        }
        r.time = started.elapsed();
        return r;
    }
    // First the serialized search alone, one line, as deep as the share allows: multi-line
    // searches cost depth, and the order the engine falls back on must be as good as the
    // maximin player's. Then, two plies shallower on the warm table, the engine's other good
    // orders and the opponent's own (each writing first): the matrix's candidates.
    let main = serial_lines(
        root,
        history,
        side,
        serial_limits.clone(),
        1,
        params,
        tt,
        control,
    );
    let main_cost = (started.elapsed(), main.as_ref().map_or(0, |m| m.nodes));
    // Whether `pairs` payoff searches fit in what is left: each costs about 1/PAYOFF_COST of
    // the serialized search that went two plies deeper with null windows.
    let fits = |pairs: usize, spent: u64| match (deadline, params.limits.nodes) {
        (_, Some(n)) => n.saturating_sub(spent) >= main_cost.1 * pairs as u64 / PAYOFF_COST,
        (Some(d), None) => {
            d.saturating_duration_since(Instant::now())
                >= main_cost.0 * pairs as u32 / PAYOFF_COST as u32
        }
        (None, None) => true,
    };
    // Where the first matrix (and the candidate searches, about three pairs' worth) would not
    // fit, the rest of the time goes to the serialized search: measured, matrices on payoffs
    // shallower than its own lose to the maximin player (docs/search.md).
    let early_fit = main
        .as_ref()
        .is_some_and(|m| params.always_matrix || fits(params.matrix * params.matrix + 3, m.nodes));
    // Each candidate search gets at most a quarter of what is left before the deadline (or of
    // the node budget the serialized search left), so that the matrix game keeps half of it.
    // Its depth is a whole number of rounds (even, at least the root round's two plies): only
    // there are the two sides' maximin scores bounds of the round's value, for the
    // saddle-point test below.
    let shallower = |main: &SerialLines<G::Order>| Limits {
        depth: Some((main.depth.saturating_sub(2) & !1).max(2)),
        move_time: deadline.map(|d| d.saturating_duration_since(Instant::now()) / 4),
        nodes: params.limits.nodes.map(|n| n * (100 - share as u64) / 400),
        ..serial_limits.clone()
    };
    // The engine's candidate search, and its own best score at that depth (a bound to compare
    // with the opponent's at the same depth).
    let mut bound = None;
    let ours = main.as_ref().map(|m| {
        if !early_fit {
            return SerialLines {
                lines: m.lines.clone(),
                ..*m
            };
        }
        let candidates = serial_lines(
            root,
            history,
            side,
            shallower(m),
            params.candidates,
            params,
            tt,
            control,
        );
        bound = candidates.as_ref().map(|c| (c.depth, c.score));
        let nodes = m.nodes + candidates.as_ref().map_or(0, |c| c.nodes);
        let mut lines = candidates.map_or(Vec::new(), |c| c.lines);
        lines.retain(|(o, _)| *o != m.lines[0].0);
        lines.insert(0, m.lines[0]);
        SerialLines {
            lines,
            score: m.score,
            depth: m.depth,
            nodes,
        }
    });
    let opponent = main.as_ref().filter(|_| early_fit).and_then(|m| {
        serial_lines(
            root,
            history,
            side.other(),
            shallower(m),
            params.candidates,
            params,
            tt,
            control,
        )
    });
    // The engine's maximin is a lower bound of the round's value for it, the opponent's an
    // upper bound; where they meet, at the same depth, the maximin order is a pure saddle point
    // (played as the deeper search chose it).
    let saddle = early_fit
        && match (bound, &opponent) {
            (Some((depth, lower)), Some(t)) => {
                depth == t.depth && depth % 2 == 0 && lower >= -t.score
            }
            _ => false,
        };
    let spent =
        |serial: &SerialLines<G::Order>| serial.nodes + opponent.as_ref().map_or(0, |o| o.nodes);
    let serial_answer = |serial: &SerialLines<G::Order>| {
        let mut r = RoundResult::pure(serial.lines[0].0, started);
        r.value = expected_score(serial.score);
        r.depth = serial.depth.saturating_sub(2).max(1);
        r.nodes = spent(serial);
        r
    };
    // The rest of the budget to the serialized search: on the warm table it is soon back at
    // its depth and goes on. For saddle points, and where the matrix would not fit.
    let deepen = |serial: &SerialLines<G::Order>, basis: Basis| {
        let rest = Limits {
            move_time: plan.soft.map(|s| s.saturating_sub(started.elapsed())),
            nodes: params.limits.nodes.map(|n| n.saturating_sub(spent(serial))),
            ..serial_limits.clone()
        };
        let left = rest.move_time.is_none_or(|t| !t.is_zero()) && rest.nodes != Some(0);
        let deeper = left
            .then(|| serial_lines(root, history, side, rest, 1, params, tt, control))
            .flatten();
        let mut r = serial_answer(serial);
        r.basis = basis;
        if let Some(d) = deeper.filter(|d| d.depth >= serial.depth) {
            r.strategy = vec![(d.lines[0].0, 1.0)];
            r.value = expected_score(d.score);
            r.depth = d.depth.saturating_sub(2).max(1);
            r.nodes += d.nodes;
        }
        r
    };
    let oracle = |serial: &SerialLines<G::Order>| {
        let mut oracle = Oracle::new(
            root,
            history,
            side,
            tt,
            control,
            deadline,
            params.limits.nodes,
            params.threads,
        );
        oracle.nodes = spent(serial);
        oracle
    };
    // Cut short: the serialized order, as the maximin player would play it.
    let unfinished = |serial: &SerialLines<G::Order>, oracle: &Oracle<'_, G>| {
        let mut r = serial_answer(serial);
        r.nodes = oracle.nodes;
        r
    };
    // The payoff depths of the matrix games: the first, and the deepest (as deep as the
    // serialized search saw the same positions: the root round is its first two plies).
    // `go depth N`: both `2N - 2`.
    let payoff_plies = |serial: &SerialLines<G::Order>| {
        let last = match params.limits.depth {
            Some(d) => (2 * d).saturating_sub(2).max(1),
            None => serial.depth.saturating_sub(2).max(1),
        };
        match params.limits.depth {
            Some(_) => (last, last),
            None => (last.min(2), last),
        }
    };
    // What the opponent is likely to write, if it writes as the maximin player does: its own
    // serialized order (`RoundParams::lean`).
    let predicted = opponent
        .as_ref()
        .map(|o| o.lines[0].0)
        .filter(|_| params.lean > 0.0);
    // The default (`always_matrix`): payoffs from two plies (a first matrix soon), two plies
    // deeper while the time lasts, up to the serialized search's own depth; each depth's mix
    // is judged against the first row's guarantee at that depth.
    let deepening_matrix = |serial: &SerialLines<G::Order>,
                            rows: &[G::Order],
                            cols: &[G::Order]| {
        let mut oracle = oracle(serial);
        let (mut plies, last) = payoff_plies(serial);
        let mut best = None;
        loop {
            let begun = Instant::now();
            let game = RoundGame {
                side,
                plies,
                pure: None,
                started,
            };
            let Some(r) = game.solve(rows, cols, &mine, &theirs, params, &mut oracle, predicted)
            else {
                break;
            };
            best = Some(r);
            // Two plies deeper cost several times this: start only if they may finish.
            let took = begun.elapsed();
            if plies >= last
                || control.is_stopped()
                || params.limits.nodes.is_some_and(|n| oracle.nodes >= n)
                || deadline.is_some_and(|d| d.saturating_duration_since(Instant::now()) < took * 4)
            {
                break;
            }
            plies = (plies + 2).min(last);
        }
        best.unwrap_or_else(|| unfinished(serial, &oracle))
    };
    // The two bounds met in pruned searches, which may reduce a quiet refutation out of
    // sight: measured, such "saddle points" were often exploitable. The claim stands only if
    // it holds in the matrix at the first payoff depth: the engine's order against each of the
    // opponent's orders, and the opponent's against each of the engine's.
    let confirmed = |serial: &SerialLines<G::Order>| {
        let Some(theirs_best) = opponent.as_ref().map(|o| o.lines[0].0) else {
            return false;
        };
        if !params.always_matrix {
            return true;
        }
        let game = RoundGame {
            side,
            plies: payoff_plies(serial).0,
            pure: None,
            started,
        };
        let mut oracle = oracle(serial);
        game.is_saddle(
            serial.lines[0].0,
            theirs_best,
            &mine,
            &theirs,
            params,
            &mut oracle,
        )
    };
    let mut result = match ours {
        None => RoundResult::pure(mine[0], started),
        Some(serial) if !early_fit => deepen(&serial, Basis::Serialized),
        Some(serial) if saddle && confirmed(&serial) => deepen(&serial, Basis::Saddle),
        Some(serial) => {
            let (rows, cols) = candidates(root, side, &serial, opponent.as_ref(), params);
            // The other root: payoffs at once as deep as the serialized search saw the same
            // positions, so that the matrix and the order it falls back on are judged alike.
            let plies = payoff_plies(&serial).1;
            if params.always_matrix {
                deepening_matrix(&serial, &rows, &cols)
            } else if !fits(rows.len() * cols.len(), spent(&serial)) {
                deepen(&serial, Basis::Serialized)
            } else {
                let mut oracle = oracle(&serial);
                let game = RoundGame {
                    side,
                    plies,
                    pure: Some(expected_score(serial.score)),
                    started,
                };
                match game.solve(&rows, &cols, &mine, &theirs, params, &mut oracle, predicted) {
                    Some(r) => r,
                    None => unfinished(&serial, &oracle),
                }
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

/// Percent of the planned time the serialized search takes first with `always_matrix` off.
/// The matrix game then needs about four times what it took (nine payoff searches and the
/// candidates), so it is solved only where that search ended early; elsewhere the rest goes
/// to it.
const SERIAL_SHARE: u32 = 50;

/// The same where a matrix is solved in every round (`always_matrix`, the default) and the
/// planned time is at least [`MATRIX_TIME`]: half to the matrix, so that double oracle (its
/// screens as deep as the first matrix) converges. At 1 s a move on two threads, with 85% to
/// the serialized search, it was cut short in most rounds (docs/search.md).
const EQUILIBRIUM_SERIAL_SHARE: u32 = 50;

/// The serialized search's share below [`MATRIX_TIME`] (and for node budgets), where double
/// oracle cannot converge anyway: measured against the maximin player at 100 ms a round, half
/// the time scored about 31%, where this share had scored 44-55% (docs/search.md).
const SHORT_SERIAL_SHARE: u32 = 85;

/// The planned time from which the matrix gets half of it.
const MATRIX_TIME: Duration = Duration::from_millis(500);

/// A payoff search (full window, two plies shallower) costs about this fraction of the
/// serialized search that chose the candidates (measured on the mixing suite).
const PAYOFF_COST: u64 = 3;

/// Plies of the searches that screen each side's whole order list for best responses (the
/// orders they pick are then searched as deep as the matrix). Two: the first matrix's own
/// depth, so that there double oracle stops only where no order of either side's whole list
/// gains (one-ply screens left mixes exploitable by 0.01 on average, measured).
const SCREEN_PLIES: u32 = 2;

/// The round as a matrix game for `side`, payoffs searched `plies` deep.
struct RoundGame {
    side: Player,
    plies: u32,
    /// What the serialized order (the first row) guarantees, by the search that chose it at
    /// the same payoff depth: the bar a mixed strategy must clear. `None`: what it guarantees
    /// against the matrix's columns.
    pure: Option<f64>,
    /// When the round's thinking began (for the time the result reports).
    started: Instant,
}

impl RoundGame {
    /// The pair of orders (White's, Black's) of `side`'s order `row` and the opponent's `col`.
    fn pair<O>(&self, row: O, col: O) -> (O, O) {
        match self.side {
            Player::White => (row, col),
            Player::Black => (col, row),
        }
    }

    /// `side`'s payoff of `row` against `col`, if known at least `depth` plies deep.
    fn payoff<G: SimultaneousGame>(
        &self,
        oracle: &Oracle<'_, G>,
        row: G::Order,
        col: G::Order,
        depth: u32,
    ) -> Option<f64> {
        let (w, b) = self.pair(row, col);
        let white = oracle.cached(w, b, depth)?;
        Some(match self.side {
            Player::White => white,
            Player::Black => 1.0 - white,
        })
    }

    /// Whether `row` against `col` is a saddle point of the whole matrix, within
    /// `params.epsilon`: no order of the opponent's does better against `row` than `col`
    /// does, and none of `side`'s does better against `col` than `row` does. What `row` alone
    /// guarantees is then within the tolerance of the round's value.
    fn is_saddle<G: SimultaneousGame>(
        &self,
        row: G::Order,
        col: G::Order,
        mine: &[G::Order],
        theirs: &[G::Order],
        params: &RoundParams,
        oracle: &mut Oracle<'_, G>,
    ) -> bool {
        let pairs: Vec<_> = theirs
            .iter()
            .map(|c| self.pair(row, *c))
            .chain(mine.iter().map(|r| self.pair(*r, col)))
            .collect();
        if !oracle.fill(&pairs, self.plies) {
            return false;
        }
        let payoff = |r, c| self.payoff(oracle, r, c, self.plies).unwrap_or(0.5);
        let guaranteed = theirs
            .iter()
            .map(|c| payoff(row, *c))
            .fold(f64::INFINITY, f64::min);
        let conceded = mine
            .iter()
            .map(|r| payoff(*r, col))
            .fold(f64::NEG_INFINITY, f64::max);
        guaranteed + params.epsilon >= conceded
    }

    /// The candidates' matrix, then double oracle: against each side's mixed strategy, the
    /// other's best response over its whole order list (screened by searches
    /// [`SCREEN_PLIES`] deep) joins the matrix if it promises more than `epsilon`, and is then
    /// searched as deep as the rest. `None` if cut short before a solution.
    #[allow(clippy::too_many_arguments)]
    fn solve<G: SimultaneousGame>(
        &self,
        rows: &[G::Order],
        cols: &[G::Order],
        mine: &[G::Order],
        theirs: &[G::Order],
        params: &RoundParams,
        oracle: &mut Oracle<'_, G>,
        predicted: Option<G::Order>,
    ) -> Option<RoundResult<G::Order>> {
        let mut rows = rows.to_vec();
        let mut cols = cols.to_vec();
        let screen = self.plies.min(SCREEN_PLIES);
        let mut solve_time = Duration::ZERO;
        for round in 0..=params.oracle_rounds {
            let pairs: Vec<_> = rows
                .iter()
                .flat_map(|r| cols.iter().map(|c| self.pair(*r, *c)))
                .collect();
            if !oracle.fill(&pairs, self.plies) {
                return None;
            }
            let t = Instant::now();
            let matrix = Matrix::from_fn(rows.len(), cols.len(), |i, j| {
                self.payoff(oracle, rows[i], cols[j], self.plies)
                    .unwrap_or(0.5)
            })
            .ok()?;
            let solution = solve::solve(&matrix);
            solve_time += t.elapsed();

            let support =
                |p: &[f64]| -> Vec<usize> { (0..p.len()).filter(|i| p[*i] > 0.0).collect() };
            let (row_support, col_support) = (support(&solution.row), support(&solution.col));
            let screens: Vec<_> = mine
                .iter()
                .flat_map(|r| col_support.iter().map(|j| self.pair(*r, cols[*j])))
                .chain(
                    theirs
                        .iter()
                        .flat_map(|c| row_support.iter().map(|i| self.pair(rows[*i], *c))),
                )
                .collect();
            // Out of time for the screens: the matrix's solution stands.
            let screened = oracle.fill(&screens, screen);
            let row_br = mine
                .iter()
                .filter_map(|r| {
                    let v = col_support.iter().try_fold(0.0, |sum, j| {
                        Some(sum + solution.col[*j] * self.payoff(oracle, *r, cols[*j], screen)?)
                    })?;
                    Some((v, *r))
                })
                .max_by(|a, b| a.0.total_cmp(&b.0));
            let col_br = theirs
                .iter()
                .filter_map(|c| {
                    let v = row_support.iter().try_fold(0.0, |sum, i| {
                        Some(sum + solution.row[*i] * self.payoff(oracle, rows[*i], *c, screen)?)
                    })?;
                    Some((v, *c))
                })
                .min_by(|a, b| a.0.total_cmp(&b.0));
            let mut grew = false;
            if let Some((v, r)) = row_br {
                if v > solution.value + params.epsilon && !rows.contains(&r) {
                    rows.push(r);
                    grew = true;
                }
            }
            if let Some((v, c)) = col_br {
                if v < solution.value - params.epsilon && !cols.contains(&c) {
                    cols.push(c);
                    grew = true;
                }
            }
            // The first row (the serialized order) is what the engine falls back on: its
            // guarantee is the bar a mix must clear, so it must hold against the opponent's
            // whole list, not only the matrix's columns. Its best screened reply joins too.
            let fallback: Vec<_> = theirs.iter().map(|c| self.pair(rows[0], *c)).collect();
            let screened = screened && oracle.fill(&fallback, screen);
            let fallback_br = theirs
                .iter()
                .filter_map(|c| Some((self.payoff(oracle, rows[0], *c, screen)?, *c)))
                .min_by(|a, b| a.0.total_cmp(&b.0));
            if let Some((v, c)) = fallback_br {
                let held = cols
                    .iter()
                    .filter_map(|c| self.payoff(oracle, rows[0], *c, self.plies))
                    .fold(f64::INFINITY, f64::min);
                if v < held - params.epsilon && !cols.contains(&c) {
                    cols.push(c);
                    grew = true;
                }
            }
            let out_of_time = !screened || oracle.deadline.is_some_and(|d| Instant::now() >= d);
            if grew && round < params.oracle_rounds && !out_of_time {
                continue;
            }
            // What the mix guarantees, also against the opponent's best response outside the
            // matrix; played only if it clearly beats what the serialized order guarantees
            // (payoffs are searches: a mix that gains less than their noise only spreads
            // weight onto weaker orders).
            let mixed = col_br.map_or(solution.value, |(v, _)| solution.value.min(v));
            let pure = self.pure.unwrap_or_else(|| {
                cols.iter()
                    .filter_map(|c| self.payoff(oracle, rows[0], *c, self.plies))
                    .fold(f64::INFINITY, f64::min)
            });
            let (mut weights, value) = if mixed - pure < params.mix_margin {
                let mut first = vec![0.0; rows.len()];
                first[0] = 1.0;
                (first, pure)
            } else {
                (solution.row.clone(), solution.value)
            };
            if let Some(target) = predicted.and_then(|p| cols.iter().position(|c| *c == p)) {
                weights = solve::lean(&matrix, &weights, target, params.lean);
            }
            // Weights below a thousandth are solver noise, not a plan: dropped, the rest
            // rescaled.
            let kept: Vec<(G::Order, f64)> = rows
                .iter()
                .zip(&weights)
                .filter(|(_, p)| **p >= MIN_WEIGHT)
                .map(|(o, p)| (*o, *p))
                .collect();
            let mut strategy = normalised(&kept);
            strategy.sort_by(|a, b| b.1.total_cmp(&a.1));
            return Some(RoundResult {
                pure: strategy.len() == 1,
                basis: Basis::Matrix,
                strategy,
                value,
                depth: self.plies,
                matrix: (solution.row.len(), solution.col.len()),
                nodes: oracle.nodes,
                solve_time,
                time: self.started.elapsed(),
                payoffs: oracle.known(self.plies),
            });
        }
        None
    }
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
    let view = Serial::new(root.clone(), side);
    let history: Vec<u64> = history
        .iter()
        .map(|k| Serial::<G>::round_key(*k, side))
        .collect();
    let params = SearchParams {
        limits: Limits {
            depth: params.limits.depth.map(|d| 2 * d),
            ..params.limits.clone()
        },
        ..params.clone()
    };
    search::search(&view, &history, &params, tt, control, &mut |_| {}).best
}

/// Sums `side`'s probability of an order list to 1 (guards against rounding in the solvers).
pub fn normalised<O: Copy>(strategy: &[(O, f64)]) -> Vec<(O, f64)> {
    let total: f64 = strategy.iter().map(|(_, p)| p).sum();
    if total <= 0.0 {
        return strategy.iter().map(|(o, _)| (*o, 0.0)).collect();
    }
    strategy.iter().map(|(o, p)| (*o, p / total)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simultaneous::SimultaneousGame;
    use crate::toys::Pennies;

    fn think_depth(pos: &Pennies, side: Player, depth: u32) -> RoundResult<u8> {
        let params = RoundParams {
            limits: Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            ..RoundParams::default()
        };
        let tt = TranspositionTable::new(1);
        let control = Arc::new(Control::default());
        think(pos, &[], side, &params, &tt, &control, &mut |_| {})
    }

    #[test]
    fn pennies_is_played_half_and_half_by_both_sides() {
        // Payoffs one round deep: the last round is exact, earlier ones see the lead.
        for side in Player::BOTH {
            for left in 1..=3 {
                let r = think_depth(&Pennies { left, lead: 0 }, side, 1);
                let p = |o: u8| {
                    r.strategy
                        .iter()
                        .find(|(x, _)| *x == o)
                        .map_or(0.0, |s| s.1)
                };
                assert!((p(0) - 0.5).abs() < 0.02, "{side} {left}: {:?}", r.strategy);
                assert!((p(1) - 0.5).abs() < 0.02, "{side} {left}: {:?}", r.strategy);
                assert!(
                    p(2) < 1e-3,
                    "the conceding order is dominated: {:?}",
                    r.strategy
                );
                assert!(
                    (r.value - 0.5).abs() < 0.02,
                    "{side} {left}: value {}",
                    r.value
                );
                assert!(!r.pure);
            }
        }
    }

    #[test]
    fn leaning_shifts_the_mix_toward_the_predicted_order_by_the_slack_alone() {
        // The last round of an even game: half and half guarantees a half. Leaning toward the
        // answer to the opponent's predicted coin with a slack of 0.1 moves a tenth of the
        // weight: 0.6 on the coin that answers it, and still 0.4 against the other coin.
        for side in Player::BOTH {
            let params = RoundParams {
                limits: Limits {
                    depth: Some(1),
                    ..Limits::default()
                },
                lean: 0.1,
                ..RoundParams::default()
            };
            let tt = TranspositionTable::new(1);
            let control = Arc::new(Control::default());
            let pos = Pennies { left: 1, lead: 0 };
            let r = think(&pos, &[], side, &params, &tt, &control, &mut |_| {});
            let p: Vec<f64> = r.strategy.iter().map(|s| s.1).collect();
            assert_eq!(p.len(), 2, "{side}: {:?}", r.strategy);
            assert!(
                (p[0] - 0.6).abs() < 1e-6 && (p[1] - 0.4).abs() < 1e-6,
                "{side}: {p:?}"
            );
            assert!(r.strategy.iter().all(|(o, _)| *o != 2), "{:?}", r.strategy);
        }
    }

    #[test]
    fn a_decided_last_round_is_a_pure_saddle_point() {
        // White leads by two with one round left: whatever happens White wins, and conceding
        // costs nothing either; the value is one.
        let r = think_depth(&Pennies { left: 1, lead: 2 }, Player::White, 1);
        assert!((r.value - 1.0).abs() < 1e-9, "{r:?}");
        let r = think_depth(&Pennies { left: 1, lead: 2 }, Player::Black, 1);
        assert!(r.value.abs() < 1e-9, "{r:?}");
    }

    /// Whether White's `row` against Black's `col` is a saddle point of `pos`'s round, with
    /// payoffs one ply deep.
    fn saddle(pos: &Pennies, row: u8, col: u8) -> bool {
        let tt = TranspositionTable::new(1);
        let control = Arc::new(Control::default());
        let mut oracle = Oracle::new(pos, &[], Player::White, &tt, &control, None, None, 1);
        let game = RoundGame {
            side: Player::White,
            plies: 1,
            pure: None,
            started: Instant::now(),
        };
        let orders = [0, 1, 2];
        game.is_saddle(
            row,
            col,
            &orders,
            &orders,
            &RoundParams::default(),
            &mut oracle,
        )
    }

    #[test]
    fn a_saddle_point_holds_against_every_order_of_both_sides() {
        // The last round of an even game: whatever one side shows, the other's answer takes
        // the round, so no pair is a saddle point. Leading by two, every pair is one.
        for (row, col) in [(0, 0), (0, 1), (1, 0), (2, 2)] {
            assert!(
                !saddle(&Pennies { left: 1, lead: 0 }, row, col),
                "{row} {col}"
            );
            assert!(
                saddle(&Pennies { left: 1, lead: 2 }, row, col),
                "{row} {col}"
            );
        }
        // Leading by one, a coin draws at worst and is worth three quarters mixed: one coin
        // alone guarantees only the draw, so again no pair is a saddle point.
        for (row, col) in [(0, 0), (0, 1), (1, 1)] {
            assert!(
                !saddle(&Pennies { left: 1, lead: 1 }, row, col),
                "{row} {col}"
            );
        }
    }

    #[test]
    fn maximin_counts_its_depth_in_rounds() {
        use crate::variants::ven::Ven;
        // White's queen can take d7, which Black can answer (avenge, or move the pawn): one
        // ply, where that answer is unseen, and one round disagree here.
        let fen = "r1bqkb1r/pppppppp/2n5/8/8/2P2N2/PPP2PPP/R1BQKB1R b KQkq - 0 6";
        let pos = Ven::from_fen(fen).unwrap();
        let params = |depth| SearchParams {
            limits: Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            ..SearchParams::default()
        };
        // A fresh control for each search: one that has ended stays stopped.
        let serialized = |plies| {
            let view = Serial::new(pos, Player::White);
            let tt = TranspositionTable::new(1);
            let control = Control::default();
            search::search(&view, &[], &params(plies), &tt, &control, &mut |_| {}).best
        };
        assert_ne!(serialized(1), serialized(2));
        let tt = TranspositionTable::new(1);
        let control = Control::default();
        let order = maximin(&pos, &[], Player::White, &params(1), &tt, &control);
        assert_eq!(order, serialized(2));
    }

    #[test]
    fn no_orders_at_the_end_of_the_game() {
        let r = think_depth(&Pennies { left: 0, lead: 1 }, Player::White, 2);
        assert!(r.strategy.is_empty());
    }

    #[test]
    fn a_stop_before_the_first_depth_still_names_an_order() {
        let control = Arc::new(Control::default());
        control.stop();
        let tt = TranspositionTable::new(1);
        let pos = Pennies::start(&());
        let r = think(
            &pos,
            &[],
            Player::White,
            &RoundParams::default(),
            &tt,
            &control,
            &mut |_| {},
        );
        assert_eq!(r.strategy.len(), 1);
    }
}
