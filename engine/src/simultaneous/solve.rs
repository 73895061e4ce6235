//! Zero-sum matrix games (a stand-in until the solvers land: regret matching only).

/// Payoffs to the row player, who maximises.
#[derive(Clone, Debug)]
pub struct Matrix {
    rows: usize,
    cols: usize,
    data: Vec<f64>,
}

impl Matrix {
    pub fn from_fn(rows: usize, cols: usize, f: impl Fn(usize, usize) -> f64) -> Self {
        let mut data = Vec::with_capacity(rows * cols);
        for i in 0..rows {
            for j in 0..cols {
                data.push(f(i, j));
            }
        }
        Matrix { rows, cols, data }
    }
    pub fn get(&self, i: usize, j: usize) -> f64 {
        self.data[i * self.cols + j]
    }
}

#[derive(Clone, Debug)]
pub struct Solution {
    pub row: Vec<f64>,
    pub col: Vec<f64>,
    pub value: f64,
}

pub fn solve(m: &Matrix) -> Solution {
    let (r, c) = (m.rows, m.cols);
    let mut rr = vec![0.0; r];
    let mut rc = vec![0.0; c];
    let mut sr = vec![0.0; r];
    let mut sc = vec![0.0; c];
    let strat = |reg: &[f64]| {
        let t: f64 = reg.iter().sum();
        if t > 0.0 {
            reg.iter().map(|x| x / t).collect::<Vec<_>>()
        } else {
            vec![1.0 / reg.len() as f64; reg.len()]
        }
    };
    for it in 1..=2000 {
        let x = strat(&rr);
        let y = strat(&rc);
        let u: Vec<f64> = (0..r)
            .map(|i| (0..c).map(|j| y[j] * m.get(i, j)).sum())
            .collect();
        let v: f64 = (0..r).map(|i| x[i] * u[i]).sum();
        for i in 0..r {
            rr[i] = (rr[i] + u[i] - v).max(0.0);
            sr[i] += it as f64 * x[i];
        }
        let x = strat(&rr);
        let w: Vec<f64> = (0..c)
            .map(|j| (0..r).map(|i| x[i] * m.get(i, j)).sum())
            .collect();
        let v: f64 = (0..c).map(|j| y[j] * w[j]).sum();
        for j in 0..c {
            rc[j] = (rc[j] + v - w[j]).max(0.0);
            sc[j] += it as f64 * y[j];
        }
    }
    let row = strat(&sr);
    let col = strat(&sc);
    let value = (0..r)
        .map(|i| (0..c).map(|j| row[i] * col[j] * m.get(i, j)).sum::<f64>())
        .sum();
    Solution { row, col, value }
}
