//! Texel's method: the evaluation's win probability, the logistic of the evaluation with a
//! fitted scale `K`, is fitted by least squares to a blend of each position's game result and
//! its search score's probability, by Adam's gradient descent over every weight at once.
//!
//! The evaluation is linear in the weights: the phase's blend of `Σ coef · weight` (middlegame
//! and endgame halves), plus a part the weights do not cover, held fixed.

use crate::datagen::record::Record;
use chimera_engine::eval::tapered::{Pair, MAX_PHASE};
use chimera_engine::eval::weights::Features;

/// One position, ready for the fit.
pub struct Sample {
    /// `(weight, White's count minus Black's)` for every weight it uses.
    coef: Vec<(u32, f32)>,
    /// Middlegame share of the blend, phase / MAX_PHASE.
    mg: f32,
    /// What the weights do not explain of the evaluation (centipawns, White's side).
    fixed: f32,
    result: f32,
    score: f32,
}

impl Sample {
    /// `features` counts `views` evaluations, whose mean is the evaluation.
    pub fn new(
        features: &Features,
        views: i32,
        phase: i32,
        weights: &[Pair],
        eval: i32,
        record: &Record,
    ) -> Self {
        let coef: Vec<(u32, f32)> = (features.coef.iter().enumerate())
            .filter(|(_, &c)| c != 0)
            .map(|(i, &c)| (i as u32, c as f32 / views as f32))
            .collect();
        let mg = phase.clamp(0, MAX_PHASE) as f32 / MAX_PHASE as f32;
        let mut sample = Sample {
            coef,
            mg,
            fixed: 0.0,
            result: record.result as f32,
            score: record.score as f32,
        };
        let w: Vec<[f64; 2]> = weights.iter().map(|p| [p.0 as f64, p.1 as f64]).collect();
        sample.fixed = eval as f32 - sample.eval(&w) as f32;
        sample
    }

    fn eval(&self, w: &[[f64; 2]]) -> f64 {
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(i, c) in &self.coef {
            mg += c as f64 * w[i as usize][0];
            eg += c as f64 * w[i as usize][1];
        }
        let m = self.mg as f64;
        mg * m + eg * (1.0 - m) + self.fixed as f64
    }
}

/// The logistic on the Elo scale: 400 centipawns times `1/k` give odds of ten to one.
fn sigmoid(k: f64, cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * cp / 400.0))
}

/// Weights under fit, with the scale and the blend they are judged by.
pub struct Fit {
    pub k: f64,
    lambda: f64,
    w: Vec<[f64; 2]>,
    /// The weights the fit started from, which the L2 penalty pulls toward.
    start: Vec<[f64; 2]>,
}

impl Fit {
    /// The weights `weights`, with the scale `K` given, or else fitted to the training samples'
    /// results.
    pub fn new(weights: &[Pair], train: &[Sample], lambda: f64, scale: Option<f64>) -> Fit {
        let w: Vec<[f64; 2]> = weights.iter().map(|p| [p.0 as f64, p.1 as f64]).collect();
        let fit = |k| Fit {
            k,
            lambda,
            start: w.clone(),
            w: w.clone(),
        };
        if let Some(k) = scale {
            return fit(k);
        }
        let evals: Vec<f64> = train.iter().map(|s| s.eval(&w)).collect();
        let loss = |k: f64| -> f64 {
            let sum: f64 = (train.iter().zip(&evals))
                .map(|(s, &e)| (sigmoid(k, e) - s.result as f64).powi(2))
                .sum();
            sum / train.len() as f64
        };
        // Golden-section search of the loss (unimodal in k) over a wide bracket.
        let (mut lo, mut hi) = (0.05, 5.0);
        let phi = (5f64.sqrt() - 1.0) / 2.0;
        for _ in 0..60 {
            let (a, b) = (hi - phi * (hi - lo), lo + phi * (hi - lo));
            if loss(a) < loss(b) {
                hi = b;
            } else {
                lo = a;
            }
        }
        fit((lo + hi) / 2.0)
    }

    fn target(&self, s: &Sample) -> f64 {
        self.lambda * s.result as f64 + (1.0 - self.lambda) * sigmoid(self.k, s.score as f64)
    }

    /// The mean squared error of the predicted probabilities against the targets.
    pub fn loss(&self, samples: &[Sample]) -> f64 {
        let sum: f64 = samples
            .iter()
            .map(|s| (sigmoid(self.k, s.eval(&self.w)) - self.target(s)).powi(2))
            .sum();
        sum / samples.len().max(1) as f64
    }

    /// `epochs` full-batch Adam steps of `rate` centipawns over every weight, minimising the
    /// loss plus `l2` times the squared distance (in centipawns) from the starting weights: few
    /// games decide many weights, and the penalty keeps a weight the data hardly sees where it
    /// was. The weights marked in `frozen` keep their values.
    pub fn descend(
        mut self,
        train: &[Sample],
        epochs: u32,
        rate: f64,
        l2: f64,
        frozen: &[bool],
    ) -> Fit {
        let n = self.w.len();
        let (mut m, mut v) = (vec![[0.0f64; 2]; n], vec![[0.0f64; 2]; n]);
        let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
        let scale = self.k * std::f64::consts::LN_10 / 400.0;
        for epoch in 1..=epochs {
            let mut grad = vec![[0.0f64; 2]; n];
            for s in train {
                let p = sigmoid(self.k, s.eval(&self.w));
                let d = 2.0 * (p - self.target(s)) * p * (1.0 - p) * scale;
                let mg = s.mg as f64;
                for &(i, c) in &s.coef {
                    grad[i as usize][0] += d * c as f64 * mg;
                    grad[i as usize][1] += d * c as f64 * (1.0 - mg);
                }
            }
            for i in (0..n).filter(|&i| !frozen.get(i).copied().unwrap_or(false)) {
                for h in 0..2 {
                    let g = grad[i][h] / train.len() as f64
                        + 2.0 * l2 * (self.w[i][h] - self.start[i][h]);
                    m[i][h] = b1 * m[i][h] + (1.0 - b1) * g;
                    v[i][h] = b2 * v[i][h] + (1.0 - b2) * g * g;
                    let mh = m[i][h] / (1.0 - b1.powi(epoch as i32));
                    let vh = v[i][h] / (1.0 - b2.powi(epoch as i32));
                    self.w[i][h] -= rate * mh / (vh.sqrt() + eps);
                }
            }
        }
        self
    }

    /// The weights rounded to whole centipawns.
    pub fn rounded(&self) -> Vec<Pair> {
        self.w
            .iter()
            .map(|[mg, eg]| Pair(mg.round() as i32, eg.round() as i32))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two weights; positions whose results follow a known truth: the fit finds it.
    #[test]
    fn descent_lowers_the_loss_toward_the_truth() {
        let truth = [[100.0, 100.0], [-50.0, -50.0]];
        let mut samples = Vec::new();
        for i in 0..400i32 {
            let (a, b) = (i % 5 - 2, i % 7 - 3);
            let mut f = Features::new(2);
            f.coef = vec![a, b];
            let e = 100.0 * a as f64 - 50.0 * b as f64;
            let record = Record {
                fen: String::new(),
                score: e as i32,
                result: if e > 0.0 {
                    1.0
                } else if e < 0.0 {
                    0.0
                } else {
                    0.5
                },
                game: 0,
                positions: 1,
            };
            samples.push(Sample::new(
                &f,
                1,
                12,
                &[Pair(0, 0), Pair(0, 0)],
                0,
                &record,
            ));
        }
        let start = Fit::new(&[Pair(10, 10), Pair(10, 10)], &samples, 0.0, None);
        // A given scale is kept; else it is fitted (these results follow the evaluation, so
        // their K is far from the bracket's ends).
        assert_eq!(
            Fit::new(&[Pair(10, 10), Pair(10, 10)], &samples, 0.0, Some(1.25)).k,
            1.25
        );
        assert!(start.k > 0.1 && start.k < 4.9, "{}", start.k);
        let before = start.loss(&samples);
        let fitted = start.descend(&samples, 300, 5.0, 0.0, &[]);
        assert!(fitted.loss(&samples) < before / 10.0);
        // The score half of the target pins the weights near the truth's sign and size.
        let w = fitted.rounded();
        assert!(w[0].0 > 0 && w[1].0 < 0, "{w:?} against {truth:?}");
    }

    /// An evaluation that averages two views (Ven) counts each weight in both: the sample
    /// halves the counts, so the weights mean what they mean in one view.
    #[test]
    fn the_counts_of_two_views_are_halved() {
        let record = Record {
            fen: String::new(),
            score: 0,
            result: 0.5,
            game: 0,
            positions: 1,
        };
        let sample = |coef: Vec<i32>, views| {
            let mut f = Features::new(2);
            f.coef = coef;
            Sample::new(&f, views, 12, &[Pair(0, 0), Pair(0, 0)], 0, &record)
        };
        let w = [[100.0, 100.0], [-50.0, -50.0]];
        assert_eq!(sample(vec![1, 3], 1).eval(&w), -50.0);
        assert_eq!(sample(vec![2, 6], 2).eval(&w), -50.0);
    }
}
