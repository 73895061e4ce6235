//! Regret matching+ (RM+): the iterative solver for games too large for the simplex.
//!
//! Each player keeps a regret per strategy, floored at zero after every update, and plays its
//! positive regrets normalised (uniform when none is positive). Updates alternate: the row
//! player updates against the column player's current strategy, then the column player against
//! the row player's new one. The returned strategies are the averages weighted by iteration
//! number (linear averaging), which converge far faster than the plain average, of the pairs
//! each column update saw: the row player's updated strategy and the column player's current
//! one (the pairing for which the two players' regrets bound the Nash gap of the averages).
//! On random games and the tests' hand-worked ones the gap falls about as 1/iterations.

use super::response::{best_col_response, best_row_response};
use super::{Matrix, Solution};

/// When regret matching stops: after `iterations` at most, or earlier once the Nash gap of the
/// average strategies is at most `target_gap` (in the matrix's units; checked every
/// [`GAP_CHECK_EVERY`] iterations at the cost of about one iteration each).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RmPlusLimit {
    /// The most iterations to run (at least one is always run).
    pub iterations: u32,
    /// Stop once the exploitability of the averages is at most this; 0 runs every iteration.
    pub target_gap: f64,
}

/// How often (in iterations) a [`RmPlusLimit::target_gap`] is checked.
pub const GAP_CHECK_EVERY: u32 = 16;

impl RmPlusLimit {
    /// Exactly `iterations` iterations.
    pub fn iterations(iterations: u32) -> RmPlusLimit {
        RmPlusLimit {
            iterations,
            target_gap: 0.0,
        }
    }

    /// Until the exploitability is at most `target_gap`, or `max_iterations` have run.
    pub fn gap(target_gap: f64, max_iterations: u32) -> RmPlusLimit {
        RmPlusLimit {
            iterations: max_iterations,
            target_gap,
        }
    }
}

/// Solves the game `m` approximately by RM+ with alternating updates and linear averaging. The
/// value is the midpoint of the two best-response values against the averages, so it is within
/// half the final exploitability of the game's value.
pub fn solve_rm_plus(m: &Matrix, limit: RmPlusLimit) -> Solution {
    let (rows, cols) = (m.rows(), m.cols());
    let scale = m.scale();
    // On the unit scale the regrets stay small and a target gap means the same for any payoffs.
    let unit_m = m.to_unit(scale);
    let unit = unit_m.as_slice();
    if scale.range() == 0.0 {
        // A constant game: every strategy is optimal, and RM+ would stay uniform.
        let (x, y) = (vec![1.0 / rows as f64; rows], vec![1.0 / cols as f64; cols]);
        return Solution::from_strategies(m, x, y);
    }
    let target = limit.target_gap / scale.range();

    let mut regret_row = vec![0.0; rows];
    let mut regret_col = vec![0.0; cols];
    let mut x = vec![1.0 / rows as f64; rows];
    let mut y = vec![1.0 / cols as f64; cols];
    let mut sum_x = vec![0.0; rows];
    let mut sum_y = vec![0.0; cols];
    let mut payoff_row = vec![0.0; rows];
    let mut payoff_col = vec![0.0; cols];

    for t in 1..=limit.iterations.max(1) {
        let weight = t as f64;
        // The row player: payoff of each row against y, regret against what x scored.
        for (u, r) in payoff_row.iter_mut().zip(unit.chunks_exact(cols)) {
            *u = dot(r, &y);
        }
        let ev: f64 = payoff_row.iter().zip(&x).map(|(u, p)| u * p).sum();
        for (r, u) in regret_row.iter_mut().zip(&payoff_row) {
            *r = (*r + u - ev).max(0.0);
        }
        regret_strategy(&regret_row, &mut x);
        // Averaged: the pair the column player's update sees, the row player's new strategy
        // and the column player's current one.
        for (s, p) in sum_x.iter_mut().zip(&x) {
            *s += weight * p;
        }

        // The column player, who minimises, against the row player's new strategy.
        payoff_col.fill(0.0);
        for (p, r) in x.iter().zip(unit.chunks_exact(cols)) {
            if *p > 0.0 {
                for (c, a) in payoff_col.iter_mut().zip(r) {
                    *c += p * a;
                }
            }
        }
        let ev: f64 = payoff_col.iter().zip(&y).map(|(c, p)| c * p).sum();
        for ((r, c), (s, p)) in regret_col
            .iter_mut()
            .zip(&payoff_col)
            .zip(sum_y.iter_mut().zip(&y))
        {
            *r = (*r + ev - c).max(0.0);
            *s += weight * p;
        }
        regret_strategy(&regret_col, &mut y);

        if target > 0.0 && t % GAP_CHECK_EVERY == 0 {
            let (ax, ay) = (averaged(&sum_x), averaged(&sum_y));
            let gap = best_row_response(&unit_m, &ay).1 - best_col_response(&unit_m, &ax).1;
            if gap <= target {
                break;
            }
        }
    }
    Solution::from_strategies(m, averaged(&sum_x), averaged(&sum_y))
}

/// The dot product, in four independent sums so that it vectorises (a single running sum must
/// add in order).
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut acc = [0.0; 4];
    let (a4, b4) = (a.chunks_exact(4), b.chunks_exact(4));
    let tail: f64 = a4
        .remainder()
        .iter()
        .zip(b4.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in a4.zip(b4) {
        for k in 0..4 {
            acc[k] += x[k] * y[k];
        }
    }
    (acc[0] + acc[1]) + (acc[2] + acc[3]) + tail
}

/// The positive regrets normalised, or uniform when none is positive.
fn regret_strategy(regret: &[f64], out: &mut [f64]) {
    let total: f64 = regret.iter().sum();
    if total > 0.0 {
        for (o, r) in out.iter_mut().zip(regret) {
            *o = r / total;
        }
    } else {
        out.fill(1.0 / out.len() as f64);
    }
}

/// The weighted sum of strategies as a probability vector.
fn averaged(sum: &[f64]) -> Vec<f64> {
    let total: f64 = sum.iter().sum();
    sum.iter().map(|s| s / total).collect()
}
