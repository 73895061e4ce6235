//! The payoff oracle: searches of the positions a pair of orders leads to.

use super::super::serial::Serial;
use super::super::SimultaneousGame;
use super::Payoff;
use crate::game::Player;
use crate::search::TranspositionTable;
use crate::search::{self, score, score::expected_score, Control, Limits, SearchParams};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

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
    /// Searches run (each pair at each depth once).
    pub searches: usize,
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
            searches: 0,
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
                    self.searches += 1;
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
