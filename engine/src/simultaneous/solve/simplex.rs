//! The exact solver: a dense simplex on the game's linear program.
//!
//! With the payoffs mapped onto `[1, 2]` (`B = 1 + unit(A)`, so every entry is positive and the
//! value `v_B` is at least 1), the column player's problem is
//!
//! ```text
//! maximise sum(w)  subject to  B w <= 1,  w >= 0
//! ```
//!
//! whose optimum is `1 / v_B` at `w = y / v_B`. The origin is feasible (no phase one), the
//! problem is bounded (every entry of `B` is at least 1), and the row player's optimal `x` is
//! the normalised dual, read off the final tableau's objective row. The tableau is Tucker's
//! condensed form: `(rows + 1) x (cols + 1)`, one column per non-basic variable, slacks implied.
//!
//! Pivoting: Dantzig's rule (most negative reduced cost) with the largest pivot element among
//! tied ratios, switching to Bland's rule (smallest index, which cannot cycle) after a run of
//! degenerate pivots; game matrices are often degenerate (all right-hand sides start equal).

use super::regret::{solve_rm_plus, RmPlusLimit};
use super::response::{exploitability, pure_saddle_point};
use super::{Matrix, Solution};

/// A simplex answer whose Nash gap on the unit scale is above this is numerically suspect, and
/// regret matching is run beside it (the better answer is kept). Never seen in the tests.
const ACCEPT_GAP: f64 = 1e-7;
/// The iterations regret matching gets when the simplex fails.
const FALLBACK_ITERATIONS: u32 = 20_000;
/// A reduced cost below `-COST_EPS` improves the objective. Entries of the tableau start in
/// `[-1, 2]`; this is well above rounding there and far below any gap worth measuring.
const COST_EPS: f64 = 1e-11;
/// The smallest pivot element accepted: smaller ones amplify rounding.
const PIVOT_EPS: f64 = 1e-9;
/// Ratios this close count as tied.
const TIE_EPS: f64 = 1e-12;

/// Solves the game `m` exactly (to rounding: the tests hold the Nash gap under 1e-9 on the
/// `[0, 1]` scale): a pure saddle point when there is one (constant matrices, one row or one
/// column included), else the simplex below. Should pivoting fail numerically, which the tests
/// never saw, regret matching answers instead.
pub fn solve_exact(m: &Matrix) -> Solution {
    if let Some((i, j)) = pure_saddle_point(m) {
        return Solution::pure(m, i, j);
    }
    // Judged on the unit scale, where rounding is relative to the payoffs' spread: in original
    // units a game of 0.5 +- 1e-12 cannot be measured to a gap below its own rounding.
    let scale = m.scale();
    let unit = m.to_unit(scale);
    let exact = simplex(&unit, false);
    let unit_gap = |(x, y): &(Vec<f64>, Vec<f64>)| exploitability(&unit, x, y);
    let best = match exact {
        Some(s) if unit_gap(&s) <= ACCEPT_GAP => s,
        exact => {
            let limit = RmPlusLimit::gap(ACCEPT_GAP * scale.range(), FALLBACK_ITERATIONS);
            let rm = solve_rm_plus(m, limit);
            let rm = (rm.row, rm.col);
            match exact {
                Some(s) if unit_gap(&s) <= unit_gap(&rm) => s,
                _ => rm,
            }
        }
    };
    Solution::from_strategies(m, best.0, best.1)
}

/// The optimal `(row, col)` strategies (each summing to 1) of the game `unit`, whose entries
/// lie in `[0, 1]`, by the simplex; `None` when pivoting failed numerically or ran over its
/// budget. `bland` starts with Bland's rule (the tests exercise it that way; degenerate runs
/// are its only other way in).
pub(super) fn simplex(unit: &Matrix, mut bland: bool) -> Option<(Vec<f64>, Vec<f64>)> {
    let (rows, cols) = (unit.rows(), unit.cols());
    let w = cols + 1;
    let mut t = vec![0.0; (rows + 1) * w];
    for i in 0..rows {
        let dst = &mut t[i * w..(i + 1) * w];
        for (d, &a) in dst.iter_mut().zip(unit.row_slice(i)) {
            *d = 1.0 + a;
        }
        dst[cols] = 1.0;
    }
    t[rows * w..rows * w + cols].fill(-1.0);

    // Variables: w_j is `j`, the slack of row i is `cols + i`.
    let mut basic: Vec<usize> = (cols..cols + rows).collect();
    let mut nonbasic: Vec<usize> = (0..cols).collect();
    let mut pivot_row = vec![0.0; w];
    let mut degenerate_run = 0;
    let max_pivots = 20 * (rows + cols) + 100;

    for _ in 0..max_pivots {
        let Some(s) = entering(&t[rows * w..rows * w + cols], &nonbasic, bland) else {
            return extract(&t, rows, cols, &basic, &nonbasic);
        };
        let (r, ratio) = leaving(&t, rows, w, s, &basic, bland)?;
        if ratio <= TIE_EPS {
            degenerate_run += 1;
            bland |= degenerate_run > rows + cols;
        } else {
            degenerate_run = 0;
        }
        pivot(&mut t, w, r, s, &mut pivot_row);
        std::mem::swap(&mut basic[r], &mut nonbasic[s]);
    }
    None
}

/// The entering column: the most negative reduced cost, or under Bland's rule the improving
/// column whose variable has the smallest index. `None` at the optimum.
fn entering(costs: &[f64], nonbasic: &[usize], bland: bool) -> Option<usize> {
    let improving = costs.iter().enumerate().filter(|&(_, &c)| c < -COST_EPS);
    if bland {
        improving.min_by_key(|&(j, _)| nonbasic[j]).map(|(j, _)| j)
    } else {
        improving.min_by(|a, b| a.1.total_cmp(b.1)).map(|(j, _)| j)
    }
}

/// The leaving row for entering column `s` by the ratio test, and its ratio. Ties go to the
/// largest pivot element (stability), or under Bland's rule to the smallest variable index.
/// `None` when no row bounds the column, which the bounded game LP rules out in exact
/// arithmetic: numerical failure.
fn leaving(
    t: &[f64],
    rows: usize,
    w: usize,
    s: usize,
    basic: &[usize],
    bland: bool,
) -> Option<(usize, f64)> {
    let mut best: Option<(usize, f64, f64)> = None;
    for i in 0..rows {
        let a = t[i * w + s];
        if a <= PIVOT_EPS {
            continue;
        }
        let ratio = t[i * w + w - 1].max(0.0) / a;
        let better = match best {
            None => true,
            Some((r, best_ratio, best_a)) => {
                ratio < best_ratio - TIE_EPS
                    || (ratio <= best_ratio + TIE_EPS
                        && if bland {
                            basic[i] < basic[r]
                        } else {
                            a > best_a
                        })
            }
        };
        if better {
            best = Some((i, ratio, a));
        }
    }
    best.map(|(r, ratio, _)| (r, ratio))
}

/// Exchanges the basic variable of row `r` with the non-basic one of column `s`.
fn pivot(t: &mut [f64], w: usize, r: usize, s: usize, pivot_row: &mut [f64]) {
    let inv = 1.0 / t[r * w + s];
    for (p, &v) in pivot_row.iter_mut().zip(&t[r * w..(r + 1) * w]) {
        *p = v * inv;
    }
    pivot_row[s] = inv;
    for (i, row) in t.chunks_exact_mut(w).enumerate() {
        if i == r {
            row.copy_from_slice(pivot_row);
            continue;
        }
        let f = row[s];
        if f != 0.0 {
            for (x, &p) in row.iter_mut().zip(pivot_row.iter()) {
                *x -= f * p;
            }
            row[s] = -f * inv;
        }
    }
}

/// Both strategies from an optimal tableau: the column player's from the basic `w`, the row
/// player's from the reduced costs of the slack columns (the dual).
fn extract(
    t: &[f64],
    rows: usize,
    cols: usize,
    basic: &[usize],
    nonbasic: &[usize],
) -> Option<(Vec<f64>, Vec<f64>)> {
    let w = cols + 1;
    let mut col = vec![0.0; cols];
    for (i, &v) in basic.iter().enumerate() {
        if v < cols {
            col[v] = t[i * w + cols];
        }
    }
    let mut row = vec![0.0; rows];
    for (j, &v) in nonbasic.iter().enumerate() {
        if v >= cols {
            row[v - cols] = t[rows * w + j];
        }
    }
    Some((normalise(row)?, normalise(col)?))
}

/// Scales to sum 1 after dropping rounding dust (negative or below 1e-13 of the total).
fn normalise(mut v: Vec<f64>) -> Option<Vec<f64>> {
    let total: f64 = v.iter().filter(|&&p| p > 0.0).sum();
    if !(total > 0.0 && total.is_finite()) {
        return None;
    }
    for p in &mut v {
        if *p < 1e-13 * total {
            *p = 0.0;
        }
    }
    let total: f64 = v.iter().sum();
    for p in &mut v {
        *p /= total;
    }
    Some(v)
}
