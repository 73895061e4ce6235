//! Zero-sum matrix games, solved at the root of each Ven round.
//!
//! The row player (who maximises) and the column player (who minimises) each pick one of their
//! strategies at once; the [`Matrix`] holds the row player's payoff for every pair, an expected
//! score in `[0, 1]`. A [`Solution`] holds optimal mixed strategies and the game's value.
//!
//! * [`solve_exact`]: a pure saddle point, or a dense simplex (`simplex.rs`).
//! * [`solve_rm_plus`]: regret matching+ with alternating updates and linear averaging
//!   (`regret.rs`), approximate, for large games.
//! * [`solve`]: the one to call; it picks between them by size ([`EXACT_LIMIT`]).
//! * Best responses, exploitability and pure saddle points (`response.rs`); drawing an order
//!   from a strategy and listing its support (`strategy.rs`).
//! * [`lean`]: a strategy shifted toward the best answer to a predicted column, within a slack
//!   of what it guarantees (`exploit.rs`).
//!
//! ```
//! use chimera_engine::simultaneous::solve::{sample, solve, Matrix};
//! use rand::{rngs::SmallRng, SeedableRng};
//!
//! // Matching pennies, grown as a double-oracle loop grows it: one order at a time.
//! let mut game = Matrix::new(1, 1, 1.0)?;
//! game.push_col(&[0.0])?;
//! game.push_row(&[0.0, 1.0])?;
//! let s = solve(&game);
//! assert!((s.value - 0.5).abs() < 1e-12 && (s.row[0] - 0.5).abs() < 1e-12);
//! assert!(s.exploitability(&game) < 1e-12);
//! let order = sample(&s.row, &mut SmallRng::seed_from_u64(1));
//! assert!(matches!(order, Some(0 | 1)));
//! # Ok::<(), chimera_engine::simultaneous::solve::MatrixError>(())
//! ```
//!
//! Nothing here panics on input: a [`Matrix`] has at least one row and column and only finite
//! entries by construction (non-finite payoffs are replaced, see [`Matrix`]), and strategies
//! passed in are read leniently (see [`response`]).

mod exploit;
mod matrix;
mod regret;
pub mod response;
mod simplex;
mod strategy;
#[cfg(test)]
mod tests;

pub use exploit::lean;
pub use matrix::{Matrix, MatrixError, MAX_ENTRIES};
pub use regret::{solve_rm_plus, RmPlusLimit, GAP_CHECK_EVERY};
pub use response::{
    best_col_response, best_row_response, col_exploitability, col_payoffs, exploitability,
    pure_saddle_point, row_exploitability, row_payoffs,
};
pub use simplex::solve_exact;
pub use strategy::{sample, support};

/// Optimal (or, from regret matching, nearly optimal) mixed strategies and the game's value.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The row player's probability for each row; sums to 1.
    pub row: Vec<f64>,
    /// The column player's probability for each column; sums to 1.
    pub col: Vec<f64>,
    /// The game's value for the row player: the midpoint of the best-response values against
    /// the two strategies, exact when they form an equilibrium.
    pub value: f64,
}

impl Solution {
    /// Both players' pure strategies `row` and `col` (indices inside `m`).
    fn pure(m: &Matrix, row: usize, col: usize) -> Solution {
        let mut x = vec![0.0; m.rows()];
        let mut y = vec![0.0; m.cols()];
        x[row] = 1.0;
        y[col] = 1.0;
        let value = m.get(row, col).unwrap_or(f64::NAN);
        Solution {
            row: x,
            col: y,
            value,
        }
    }

    /// The solution of the strategy pair, its value the midpoint of the best-response values.
    fn from_strategies(m: &Matrix, row: Vec<f64>, col: Vec<f64>) -> Solution {
        let upper = best_row_response(m, &col).1;
        let lower = best_col_response(m, &row).1;
        Solution {
            row,
            col,
            value: 0.5 * upper + 0.5 * lower,
        }
    }

    /// The Nash gap of these strategies in `m` (see [`exploitability`]).
    pub fn exploitability(&self, m: &Matrix) -> f64 {
        exploitability(m, &self.row, &self.col)
    }
}

/// Above this many rows or columns [`solve`] uses regret matching instead of the simplex.
///
/// Measured on random square games with uniform `[0, 1]` entries (`ci` profile, mean of 20
/// games, one core of a busy machine), simplex against RM+ run to a gap of 1e-4:
/// 8x8 2.1 us vs 105 us, 20x20 8.7 us vs 142 us, 40x40 40 us vs 373 us, 60x60 115 us vs
/// 1.1 ms, 100x100 0.73 ms vs 2.3 ms, 150x150 3.2 ms vs 5.2 ms, 200x200 9.4 ms vs 9.9 ms,
/// 300x300 43 ms vs 22 ms. The simplex (about cubic) is both exact and faster up to about 200,
/// so every game the root builds (up to about 60x60) is solved exactly.
pub const EXACT_LIMIT: usize = 200;

/// The limit regret matching runs under in [`solve`]: a gap of 1e-4 (a hundredth of a
/// percentage point of score), or 10,000 iterations at most. Random 201x201 and 300x300 games
/// reach the gap in 12 and 21 ms; the full 10,000 iterations would take 0.33 and 0.6 s.
pub const SOLVE_RM_PLUS: RmPlusLimit = RmPlusLimit {
    iterations: 10_000,
    target_gap: 1e-4,
};

/// Solves the game `m`: exactly ([`solve_exact`]) when neither side has more than
/// [`EXACT_LIMIT`] strategies, else by a pure saddle point if there is one and regret matching
/// under [`SOLVE_RM_PLUS`] if not.
pub fn solve(m: &Matrix) -> Solution {
    if m.rows().max(m.cols()) <= EXACT_LIMIT {
        solve_exact(m)
    } else if let Some((i, j)) = pure_saddle_point(m) {
        Solution::pure(m, i, j)
    } else {
        solve_rm_plus(m, SOLVE_RM_PLUS)
    }
}
