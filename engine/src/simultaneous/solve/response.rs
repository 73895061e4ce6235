//! Best responses, exploitability and pure saddle points.
//!
//! Strategies are read as given, not renormalised: entry `k` is the probability of strategy
//! `k`; negative, NaN and infinite entries count as 0, entries past the matrix are ignored and
//! missing ones count as 0. Pass probability vectors (as [`Solution`](super::Solution) holds)
//! for the results to mean what their names say.

use super::Matrix;

/// A strategy entry as a probability: anything but a finite positive number counts as 0.
#[inline]
fn weight(p: f64) -> f64 {
    if p > 0.0 && p.is_finite() {
        p
    } else {
        0.0
    }
}

/// The row player's payoff for each of its rows against the column strategy `col`
/// (the product `A y`).
pub fn row_payoffs(m: &Matrix, col: &[f64]) -> Vec<f64> {
    let n = m.cols().min(col.len());
    let y: Vec<f64> = col[..n].iter().map(|&p| weight(p)).collect();
    (0..m.rows())
        .map(|i| m.row_slice(i)[..n].iter().zip(&y).map(|(a, p)| a * p).sum())
        .collect()
}

/// The row player's payoff against each column when it plays `row` (the product `x^T A`).
pub fn col_payoffs(m: &Matrix, row: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; m.cols()];
    for (i, &p) in row.iter().enumerate().take(m.rows()) {
        let p = weight(p);
        if p > 0.0 {
            for (o, a) in out.iter_mut().zip(m.row_slice(i)) {
                *o += p * a;
            }
        }
    }
    out
}

/// The row that scores most against the column strategy `col`, and its payoff (the first such
/// row on ties).
pub fn best_row_response(m: &Matrix, col: &[f64]) -> (usize, f64) {
    argbest(&row_payoffs(m, col), |a, b| a > b)
}

/// The column that holds the row strategy `row` to the least, and that payoff (the first such
/// column on ties).
pub fn best_col_response(m: &Matrix, row: &[f64]) -> (usize, f64) {
    argbest(&col_payoffs(m, row), |a, b| a < b)
}

/// The first index of the best value by `better`. `values` is never empty: a [`Matrix`] has a
/// row and a column.
fn argbest(values: &[f64], better: impl Fn(f64, f64) -> bool) -> (usize, f64) {
    let mut best = (0, values.first().copied().unwrap_or(f64::NAN));
    for (k, &v) in values.iter().enumerate().skip(1) {
        if better(v, best.1) {
            best = (k, v);
        }
    }
    best
}

/// The Nash gap of the strategy pair: what the row player gains by its best response to `col`
/// plus what the column player gains by its best response to `row`, that is
/// `max_i (A y)_i - min_j (x^T A)_j`. Non-negative for probability vectors (up to rounding),
/// and 0 exactly at an equilibrium.
pub fn exploitability(m: &Matrix, row: &[f64], col: &[f64]) -> f64 {
    best_row_response(m, col).1 - best_col_response(m, row).1
}

/// How much the column player can take from the row strategy `row` below the game's `value`:
/// `value - min_j (x^T A)_j`. 0 for an optimal strategy (up to rounding); what the engine
/// reports as its own strategy's exposure when it plays the rows.
pub fn row_exploitability(m: &Matrix, row: &[f64], value: f64) -> f64 {
    value - best_col_response(m, row).1
}

/// How much the row player can gain above the game's `value` against the column strategy
/// `col`: `max_i (A y)_i - value`. The column player's counterpart of [`row_exploitability`].
pub fn col_exploitability(m: &Matrix, col: &[f64], value: f64) -> f64 {
    best_row_response(m, col).1 - value
}

/// A pure equilibrium `(row, col)` when the maximin over rows equals the minimax over columns
/// (the entry is then both its row's minimum and its column's maximum), else `None`. The
/// first maximin row and the first minimax column are returned. `O(rows * cols)`.
pub fn pure_saddle_point(m: &Matrix) -> Option<(usize, usize)> {
    let mut col_max = m.row_slice(0).to_vec();
    let (mut best_row, mut maximin) = (0, f64::NEG_INFINITY);
    for i in 0..m.rows() {
        let r = m.row_slice(i);
        let row_min = r.iter().copied().fold(f64::INFINITY, f64::min);
        if row_min > maximin {
            (best_row, maximin) = (i, row_min);
        }
        for (c, &a) in col_max.iter_mut().zip(r) {
            *c = c.max(a);
        }
    }
    let (best_col, minimax) = argbest(&col_max, |a, b| a < b);
    (maximin == minimax).then_some((best_row, best_col))
}
