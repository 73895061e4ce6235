//! The payoff matrix: rows are the row player's strategies (who maximises), columns the column
//! player's (who minimises), entries the row player's expected score.

use std::fmt;

/// The most entries a [`Matrix`] may hold (16 Mi, 128 MiB of `f64`): a bound that turns an
/// absurd size into an error value instead of an aborted allocation. Root games are far smaller.
pub const MAX_ENTRIES: usize = 1 << 24;

/// A dense payoff matrix of at least one row and one column, row-major, every entry finite.
///
/// Entries are the row player's payoffs, meant as expected scores in `[0, 1]`, though any finite
/// values work. Non-finite inputs are replaced on entry, so the solvers never see them: NaN
/// becomes 0.5 (nothing is known: score it as a draw), +inf becomes 1 and -inf becomes 0 (the
/// best and worst scores). [`Matrix::replaced`] counts such replacements, so a caller can log
/// them.
#[derive(Clone, Debug, PartialEq)]
pub struct Matrix {
    rows: usize,
    cols: usize,
    data: Vec<f64>,
    replaced: usize,
}

/// Why a [`Matrix`] could not be built or changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatrixError {
    /// No rows or no columns: a game needs a strategy for each player.
    Empty,
    /// More than [`MAX_ENTRIES`] entries.
    TooLarge {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// A row of the input is shorter or longer than the first.
    Ragged {
        /// Its index.
        row: usize,
        /// Its length.
        len: usize,
        /// The first row's length.
        expected: usize,
    },
    /// A row or column to add has the wrong number of entries.
    WrongLength {
        /// The entries given.
        len: usize,
        /// The matrix's columns (for a row) or rows (for a column).
        expected: usize,
    },
    /// An entry outside the matrix.
    OutOfRange {
        /// The entry's row.
        row: usize,
        /// The entry's column.
        col: usize,
        /// The matrix's rows.
        rows: usize,
        /// The matrix's columns.
        cols: usize,
    },
}

impl fmt::Display for MatrixError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MatrixError::Empty => write!(f, "a payoff matrix needs at least one row and column"),
            MatrixError::TooLarge { rows, cols } => {
                write!(
                    f,
                    "a {rows}x{cols} payoff matrix is over {MAX_ENTRIES} entries"
                )
            }
            MatrixError::Ragged { row, len, expected } => {
                write!(f, "row {row} has {len} entries, expected {expected}")
            }
            MatrixError::WrongLength { len, expected } => {
                write!(f, "{len} entries given, expected {expected}")
            }
            MatrixError::OutOfRange {
                row,
                col,
                rows,
                cols,
            } => {
                write!(f, "entry ({row}, {col}) is outside a {rows}x{cols} matrix")
            }
        }
    }
}

impl std::error::Error for MatrixError {}

/// The stored form of an input payoff: finite values as they are, the rest as documented on
/// [`Matrix`].
fn sanitise(v: f64, replaced: &mut usize) -> f64 {
    if v.is_finite() {
        return v;
    }
    *replaced += 1;
    if v.is_nan() {
        0.5
    } else if v > 0.0 {
        1.0
    } else {
        0.0
    }
}

fn check_size(rows: usize, cols: usize) -> Result<(), MatrixError> {
    if rows == 0 || cols == 0 {
        return Err(MatrixError::Empty);
    }
    match rows.checked_mul(cols) {
        Some(n) if n <= MAX_ENTRIES => Ok(()),
        _ => Err(MatrixError::TooLarge { rows, cols }),
    }
}

impl Matrix {
    /// A `rows` x `cols` matrix with every entry `fill`.
    pub fn new(rows: usize, cols: usize, fill: f64) -> Result<Matrix, MatrixError> {
        Matrix::from_fn(rows, cols, |_, _| fill)
    }

    /// A `rows` x `cols` matrix with entry `(i, j)` = `f(i, j)`, called in row-major order.
    pub fn from_fn(
        rows: usize,
        cols: usize,
        mut f: impl FnMut(usize, usize) -> f64,
    ) -> Result<Matrix, MatrixError> {
        check_size(rows, cols)?;
        let mut replaced = 0;
        let mut data = Vec::with_capacity(rows * cols);
        for i in 0..rows {
            for j in 0..cols {
                data.push(sanitise(f(i, j), &mut replaced));
            }
        }
        Ok(Matrix {
            rows,
            cols,
            data,
            replaced,
        })
    }

    /// A matrix from its rows, which must all have the same, non-zero, length.
    pub fn from_rows<R: AsRef<[f64]>>(rows: &[R]) -> Result<Matrix, MatrixError> {
        let cols = rows.first().map_or(0, |r| r.as_ref().len());
        check_size(rows.len(), cols)?;
        if let Some((row, r)) = rows
            .iter()
            .enumerate()
            .find(|(_, r)| r.as_ref().len() != cols)
        {
            let len = r.as_ref().len();
            return Err(MatrixError::Ragged {
                row,
                len,
                expected: cols,
            });
        }
        Matrix::from_fn(rows.len(), cols, |i, j| rows[i].as_ref()[j])
    }

    /// The number of rows (the row player's strategies).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns (the column player's strategies).
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// How many non-finite inputs were replaced since the matrix was built.
    pub fn replaced(&self) -> usize {
        self.replaced
    }

    /// The entry at `(row, col)`, or `None` outside the matrix.
    pub fn get(&self, row: usize, col: usize) -> Option<f64> {
        if row < self.rows && col < self.cols {
            Some(self.data[row * self.cols + col])
        } else {
            None
        }
    }

    /// Sets the entry at `(row, col)` (a non-finite value is replaced as documented on
    /// [`Matrix`]).
    pub fn set(&mut self, row: usize, col: usize, value: f64) -> Result<(), MatrixError> {
        if row >= self.rows || col >= self.cols {
            let (rows, cols) = (self.rows, self.cols);
            return Err(MatrixError::OutOfRange {
                row,
                col,
                rows,
                cols,
            });
        }
        self.data[row * self.cols + col] = sanitise(value, &mut self.replaced);
        Ok(())
    }

    /// Row `row` as a slice, or `None` outside the matrix.
    pub fn row(&self, row: usize) -> Option<&[f64]> {
        (row < self.rows).then(|| self.row_slice(row))
    }

    /// Every entry, row after row.
    pub fn as_slice(&self) -> &[f64] {
        &self.data
    }

    /// Row `i`, known to exist.
    pub(super) fn row_slice(&self, i: usize) -> &[f64] {
        &self.data[i * self.cols..(i + 1) * self.cols]
    }

    /// Appends a row (a new strategy of the row player), one entry per column.
    pub fn push_row(&mut self, row: &[f64]) -> Result<(), MatrixError> {
        if row.len() != self.cols {
            let (len, expected) = (row.len(), self.cols);
            return Err(MatrixError::WrongLength { len, expected });
        }
        self.push_row_with(|j| row[j])
    }

    /// Appends a row whose entry in column `j` is `f(j)`.
    pub fn push_row_with(&mut self, mut f: impl FnMut(usize) -> f64) -> Result<(), MatrixError> {
        check_size(self.rows + 1, self.cols)?;
        for j in 0..self.cols {
            let v = sanitise(f(j), &mut self.replaced);
            self.data.push(v);
        }
        self.rows += 1;
        Ok(())
    }

    /// Appends a column (a new strategy of the column player), one entry per row.
    pub fn push_col(&mut self, col: &[f64]) -> Result<(), MatrixError> {
        if col.len() != self.rows {
            let (len, expected) = (col.len(), self.rows);
            return Err(MatrixError::WrongLength { len, expected });
        }
        self.push_col_with(|i| col[i])
    }

    /// Appends a column whose entry in row `i` is `f(i)`.
    pub fn push_col_with(&mut self, mut f: impl FnMut(usize) -> f64) -> Result<(), MatrixError> {
        check_size(self.rows, self.cols + 1)?;
        let cols = self.cols + 1;
        let mut data = Vec::with_capacity(self.rows * cols);
        for i in 0..self.rows {
            data.extend_from_slice(self.row_slice(i));
            data.push(sanitise(f(i), &mut self.replaced));
        }
        self.data = data;
        self.cols = cols;
        Ok(())
    }

    /// The game seen from the other side's seat: entry `(j, i)` is entry `(i, j)` here. (The
    /// column player's own game, in which it maximises, is `1 - transpose` on the `[0, 1]` scale.)
    pub fn transpose(&self) -> Matrix {
        let data = (0..self.cols)
            .flat_map(|j| (0..self.rows).map(move |i| (i, j)))
            .map(|(i, j)| self.data[i * self.cols + j])
            .collect();
        Matrix {
            rows: self.cols,
            cols: self.rows,
            data,
            replaced: self.replaced,
        }
    }

    /// The affine map of this matrix's entries onto `[0, 1]`.
    pub(super) fn scale(&self) -> Scale {
        let (lo, hi) = self
            .data
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| {
                (lo.min(v), hi.max(v))
            });
        Scale {
            lo,
            half_range: 0.5 * hi - 0.5 * lo,
        }
    }
}

impl Matrix {
    /// This matrix mapped onto the unit scale by `scale` (its own [`Matrix::scale`]).
    pub(super) fn to_unit(&self, scale: Scale) -> Matrix {
        let data = self.data.iter().map(|&a| scale.to_unit(a)).collect();
        Matrix { data, ..*self }
    }
}

/// An affine map of the entries `[lo, hi]` onto `[0, 1]`. The solvers work on the unit scale, so
/// their tolerances mean the same for any payoffs; halves keep `hi - lo` from overflowing.
#[derive(Clone, Copy, Debug)]
pub(super) struct Scale {
    pub lo: f64,
    /// `(hi - lo) / 2`: zero for a constant matrix.
    pub half_range: f64,
}

impl Scale {
    /// An entry on the unit scale (0 for a constant matrix).
    pub fn to_unit(self, v: f64) -> f64 {
        if self.half_range > 0.0 {
            ((0.5 * v - 0.5 * self.lo) / self.half_range).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }

    /// A difference of payoffs on the unit scale measured in the matrix's units.
    pub fn range(self) -> f64 {
        2.0 * self.half_range
    }
}
