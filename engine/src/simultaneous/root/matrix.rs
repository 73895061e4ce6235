//! The matrix: where the saddle test fails, a small matrix game of the orders the two searches
//! left as witnesses, payoffs as deep as the main search saw the same positions, and its mix
//! checked against the opponent's whole order list.

use super::super::serial::Serial;
use super::super::solve::{self, Matrix};
use super::super::SimultaneousGame;
use super::main_search::MainLine;
use super::oracle::Oracle;
use super::plan::Plan;
use super::saddle::Test;
use super::{normalised, Payoff, RoundParams, MIN_WEIGHT};
use crate::game::GameState;
use crate::game::{Game, Player};
use crate::search::{ordering, score::expected_score, Control, TranspositionTable};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A mix that guarantees more than the main search's order against every column.
pub(super) struct Mix<O> {
    /// Orders with their probabilities, most likely first.
    pub strategy: Vec<(O, f64)>,
    /// What it guarantees against the opponent's whole list, by the payoff searches.
    pub guaranteed: f64,
    /// The matrix's size when it was solved (the side's orders, the opponent's).
    pub size: (usize, usize),
    /// The depth of the payoffs it was solved on, in plies after the round.
    pub plies: u32,
    pub solve_time: Duration,
    /// White's payoffs of the pairs it was solved and checked on.
    pub payoffs: Vec<Payoff<O>>,
}

/// What the matrix phase cost, mix or not.
pub(super) struct Cost {
    /// Payoff searches run.
    pub probes: usize,
    pub nodes: u64,
    pub time: Duration,
}

/// The round as a matrix game for `side`, payoffs `plies` deep (`D - 2`).
pub(super) struct RoundGame<'a, G: SimultaneousGame> {
    root: &'a G,
    side: Player,
    plies: u32,
    /// `L`, for the side: the bar a mix must clear against every column.
    lower: f64,
    /// The main search's and the test's nodes (the budget's share already spent).
    spent: u64,
    rows: Vec<G::Order>,
    cols: Vec<G::Order>,
    /// The opponent's order the test predicted (its maximin order): the lean's target.
    predicted: Option<G::Order>,
    deadline: Option<Instant>,
    budget: Option<u64>,
}

impl<'a, G: SimultaneousGame> RoundGame<'a, G> {
    /// The witnesses: `m*` and the engine's answers (in the test's table) to the opponent's
    /// orders that hold `U` and refute `m*`; those orders, and the refutations of the
    /// answers (in the main search's table). At most `params.matrix` a side.
    pub fn new(
        root: &'a G,
        side: Player,
        main: &MainLine<G::Order>,
        test: &Test<G::Order>,
        plan: &Plan,
        params: &RoundParams,
        tt: &TranspositionTable,
    ) -> Self {
        let add = |list: &mut Vec<G::Order>, o: Option<G::Order>| {
            if let Some(o) = o.filter(|o| !list.contains(o) && list.len() < params.matrix) {
                list.push(o);
            }
        };
        let mut rows = vec![main.order];
        let mut cols = Vec::new();
        add(&mut cols, main.reply);
        add(&mut cols, test.column);
        add(&mut rows, test.answer);
        let opening = Serial::opening(root.clone(), side.other(), side);
        for c in cols.clone() {
            add(&mut rows, table_move(&opening.play(c), tt));
        }
        let serial = Serial::new(root.clone(), side);
        for r in rows.clone() {
            add(&mut cols, table_move(&serial.play(r), tt));
        }
        if cols.is_empty() {
            let mut theirs = G::Orders::default();
            root.orders(side.other(), &mut theirs);
            cols.extend(theirs.iter().take(1));
        }
        RoundGame {
            root,
            side,
            plies: main.depth.saturating_sub(2).max(1),
            lower: expected_score(main.score),
            spent: main.nodes + test.nodes,
            rows,
            cols,
            predicted: test.column,
            deadline: plan.deadline,
            budget: plan.nodes,
        }
    }

    /// The pair of orders (White's, Black's) of `side`'s order `row` and the opponent's `col`.
    fn pair<O>(&self, row: O, col: O) -> (O, O) {
        match self.side {
            Player::White => (row, col),
            Player::Black => (col, row),
        }
    }

    /// `side`'s payoff of `row` against `col`, if known `plies` deep.
    fn payoff(&self, oracle: &Oracle<'_, G>, row: G::Order, col: G::Order) -> Option<f64> {
        let (w, b) = self.pair(row, col);
        let white = oracle.cached(w, b, self.plies)?;
        Some(match self.side {
            Player::White => white,
            Player::Black => 1.0 - white,
        })
    }

    /// Solves the witnesses' matrix, then checks its mix against the opponent's whole list
    /// (`theirs`): the column where it guarantees least joins the matrix, which is solved
    /// again, up to `params.oracle_rounds` times. A mix comes back only if it guarantees more
    /// than `L + params.mix_margin` against every column; `None` where it does not, or where
    /// the time or the budget ran out first.
    pub fn solve(
        mut self,
        history: &[u64],
        theirs: &[G::Order],
        params: &RoundParams,
        tt: &TranspositionTable,
        control: &Arc<Control>,
    ) -> (Option<Mix<G::Order>>, Cost) {
        let began = Instant::now();
        let mut oracle = Oracle::new(
            self.root,
            history,
            self.side,
            tt,
            control,
            self.deadline,
            self.budget,
            params.threads,
        );
        oracle.nodes = self.spent;
        let mix = self.rounds(theirs, params, &mut oracle);
        let cost = Cost {
            probes: oracle.searches,
            nodes: oracle.nodes - self.spent,
            time: began.elapsed(),
        };
        (mix, cost)
    }

    fn rounds(
        &mut self,
        theirs: &[G::Order],
        params: &RoundParams,
        oracle: &mut Oracle<'_, G>,
    ) -> Option<Mix<G::Order>> {
        let bar = self.lower + params.mix_margin;
        let mut solve_time = Duration::ZERO;
        for _ in 0..=params.oracle_rounds {
            let pairs: Vec<_> = self
                .rows
                .iter()
                .flat_map(|r| self.cols.iter().map(|c| self.pair(*r, *c)))
                .collect();
            if !oracle.fill(&pairs, self.plies) {
                return None;
            }
            let t = Instant::now();
            let matrix = Matrix::from_fn(self.rows.len(), self.cols.len(), |i, j| {
                self.payoff(oracle, self.rows[i], self.cols[j])
                    .unwrap_or(0.5)
            })
            .ok()?;
            let solution = solve::solve(&matrix);
            solve_time += t.elapsed();
            // Not even the witnesses' matrix is worth mixing: no check of the whole list.
            if solution.value < bar {
                return None;
            }
            let support: Vec<usize> = (0..self.rows.len())
                .filter(|i| solution.row[*i] >= MIN_WEIGHT)
                .collect();
            let checks: Vec<_> = support
                .iter()
                .flat_map(|i| theirs.iter().map(|c| self.pair(self.rows[*i], *c)))
                .collect();
            if !oracle.fill(&checks, self.plies) {
                return None;
            }
            let against = |c: G::Order| -> f64 {
                support
                    .iter()
                    .map(|i| {
                        solution.row[*i] * self.payoff(oracle, self.rows[*i], c).unwrap_or(0.0)
                    })
                    .sum()
            };
            let (guaranteed, worst) = theirs
                .iter()
                .map(|c| (against(*c), *c))
                .min_by(|a, b| a.0.total_cmp(&b.0))?;
            if guaranteed >= bar {
                let support: Vec<G::Order> = support.iter().map(|i| self.rows[*i]).collect();
                return self.deep_check(&support, theirs, params, oracle, solve_time);
            }
            if self.cols.contains(&worst) {
                return None;
            }
            self.cols.push(worst);
        }
        None
    }
}

impl<G: SimultaneousGame> RoundGame<'_, G> {
    /// The deep check of a mix that cleared the bar on payoffs `plies` deep: the mix's rows
    /// and `m*` against the opponent's whole list, `params.deep_plies` deeper, solved again
    /// over those rows. Measured, mixes proved on the shallow payoffs were sometimes worth
    /// less than `m*` deeper (issue #32's R1), so the deeper mix is played only if it
    /// guarantees `params.mix_margin` more than `m*` does at that depth, against every
    /// column; otherwise `m*`. `None` also where the time or the budget ran out first.
    fn deep_check(
        &self,
        support: &[G::Order],
        theirs: &[G::Order],
        params: &RoundParams,
        oracle: &mut Oracle<'_, G>,
        mut solve_time: Duration,
    ) -> Option<Mix<G::Order>> {
        let plies = self.plies + params.deep_plies;
        let mut rows = vec![self.rows[0]];
        rows.extend(support.iter().filter(|o| **o != self.rows[0]));
        let pairs: Vec<_> = rows
            .iter()
            .flat_map(|r| theirs.iter().map(|c| self.pair(*r, *c)))
            .collect();
        if !oracle.fill(&pairs, plies) {
            return None;
        }
        let deep = |r: G::Order, c: G::Order| -> f64 {
            let (w, b) = self.pair(r, c);
            let white = oracle.cached(w, b, plies).unwrap_or(0.5);
            match self.side {
                Player::White => white,
                Player::Black => 1.0 - white,
            }
        };
        let t = Instant::now();
        let matrix =
            Matrix::from_fn(rows.len(), theirs.len(), |i, j| deep(rows[i], theirs[j])).ok()?;
        let solution = solve::solve(&matrix);
        solve_time += t.elapsed();
        // What the mix guarantees, and the bar, before any lean (which gives up at most its
        // slack of it).
        let against = |w: &[f64], c: G::Order| -> f64 {
            rows.iter().zip(w).map(|(r, p)| p * deep(*r, c)).sum()
        };
        let guaranteed = theirs
            .iter()
            .map(|c| against(&solution.row, *c))
            .fold(f64::INFINITY, f64::min);
        let maximin = theirs
            .iter()
            .map(|c| deep(rows[0], *c))
            .fold(f64::INFINITY, f64::min);
        if guaranteed < maximin + params.mix_margin {
            return None;
        }
        let mut weights = solution.row.clone();
        if let Some(target) = self
            .predicted
            .and_then(|p| theirs.iter().position(|c| *c == p))
        {
            weights = solve::lean(&matrix, &weights, target, params.lean);
        }
        let kept: Vec<(G::Order, f64)> = rows
            .iter()
            .zip(&weights)
            .filter(|(_, p)| **p >= MIN_WEIGHT)
            .map(|(o, p)| (*o, *p))
            .collect();
        let mut strategy = normalised(&kept);
        strategy.sort_by(|a, b| b.1.total_cmp(&a.1));
        Some(Mix {
            strategy,
            guaranteed,
            size: (rows.len(), theirs.len()),
            plies,
            solve_time,
            payoffs: oracle.known(plies),
        })
    }
}

/// The best move the table holds for `view`'s position, if it is legal there.
fn table_move<G: SimultaneousGame>(view: &Serial<G>, tt: &TranspositionTable) -> Option<G::Order> {
    let entry = tt.probe(view.key())?;
    ordering::find_by_fingerprint(view, entry.mv)
}
