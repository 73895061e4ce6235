//! The sequential probability ratio test that stops a match once it is decided: is the first
//! engine `elo0` (H0) or `elo1` (H1) stronger than the second? Elo here is logistic Elo, with
//! `s0`, `s1` the mean scores the two hypotheses predict. The log-likelihood ratio is the
//! generalised SPRT's over trinomial results (win, draw, loss), as fishtest computes it: the
//! likelihood of the results under the most likely distribution with mean `s1`, over that with
//! mean `s0`. (For many games it approaches the normal approximation
//! `N (s1 - s0) (2 x - s0 - s1) / (2 var)`; unlike it, it stays sound for a few games that
//! all went one way.) The test stops when the LLR leaves
//! `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))`.

use crate::runner::adjudicate::parse_fields;
use crate::runner::stats::{score_of_elo, Wdl};

#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SprtParams {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The first engine is `elo1` stronger (or more).
    H1,
    /// It is `elo0` stronger at best.
    H0,
}

impl SprtParams {
    /// `elo0=0 elo1=5 alpha=0.05 beta=0.05`; the error names the bad field.
    pub fn parse(fields: &[&str]) -> Result<Self, String> {
        let mut p = SprtParams {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        for (k, v) in parse_fields("--sprt", fields, &["elo0", "elo1", "alpha", "beta"])? {
            let x: f64 = v
                .parse()
                .ok()
                .filter(|x: &f64| x.is_finite())
                .ok_or_else(|| format!("--sprt: {k}='{v}' is not a number"))?;
            match k {
                "elo0" => p.elo0 = x,
                "elo1" => p.elo1 = x,
                "alpha" => p.alpha = x,
                _ => p.beta = x,
            }
        }
        if p.elo1 <= p.elo0 {
            return Err(format!(
                "--sprt: elo1 ({}) must exceed elo0 ({})",
                p.elo1, p.elo0
            ));
        }
        if !(p.alpha > 0.0 && p.alpha < 0.5 && p.beta > 0.0 && p.beta < 0.5) {
            return Err("--sprt: alpha and beta must lie between 0 and 0.5".into());
        }
        Ok(p)
    }

    /// The stopping bounds `(lower, upper)` of the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    pub fn llr(&self, r: &Wdl) -> f64 {
        if r.games() == 0 {
            return 0.0;
        }
        // Counts of zero become a thousandth of a game (as fishtest regularises), so that
        // every outcome keeps a little probability under both hypotheses.
        let counts = [r.wins, r.draws, r.losses].map(|c| if c == 0 { 1e-3 } else { c as f64 });
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        log_likelihood(&counts, s1) - log_likelihood(&counts, s0)
    }

    pub fn decision(&self, r: &Wdl) -> Option<Decision> {
        let llr = self.llr(r);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Decision::H1)
        } else if llr <= lower {
            Some(Decision::H0)
        } else {
            None
        }
    }

    /// `SPRT (elo0 0, elo1 5): LLR 1.23 [-2.94, 2.94]`.
    pub fn status(&self, r: &Wdl) -> String {
        let (lower, upper) = self.bounds();
        format!(
            "SPRT (elo0 {}, elo1 {}): LLR {:.2} [{lower:.2}, {upper:.2}]",
            self.elo0,
            self.elo1,
            self.llr(r)
        )
    }
}

/// Points of a win, a draw and a loss.
const POINTS: [f64; 3] = [1.0, 0.5, 0.0];

/// The log-likelihood of `counts` (wins, draws, losses) under the most likely distribution of
/// results whose mean score is `s`. That distribution is `p_i = f_i / (1 + l (a_i - s))` for
/// the observed frequencies `f_i` and points `a_i`, with `l` the root of
/// `sum f_i (a_i - s) / (1 + l (a_i - s)) = 0`, found by bisection (the sum falls with `l`).
fn log_likelihood(counts: &[f64; 3], s: f64) -> f64 {
    let n: f64 = counts.iter().sum();
    let f = counts.map(|c| c / n);
    let g = |l: f64| -> f64 {
        (0..3)
            .map(|i| f[i] * (POINTS[i] - s) / (1.0 + l * (POINTS[i] - s)))
            .sum()
    };
    // Every 1 + l (a_i - s) stays positive strictly inside (-1 / (1 - s), 1 / s).
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if g(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let l = 0.5 * (lo + hi);
    (0..3)
        .map(|i| counts[i] * (f[i] / (1.0 + l * (POINTS[i] - s))).ln())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::stats::wdl;

    #[test]
    fn parses_and_checks_its_fields() {
        let p = SprtParams::parse(&["elo0=0", "elo1=5", "alpha=0.05", "beta=0.05"]).unwrap();
        let (lower, upper) = p.bounds();
        assert!((lower + 2.944).abs() < 1e-3 && (upper - 2.944).abs() < 1e-3);
        assert!(SprtParams::parse(&["elo1=x"]).unwrap_err().contains("'x'"));
        assert!(SprtParams::parse(&["elo0=5", "elo1=0"]).is_err());
        assert!(SprtParams::parse(&["gamma=1"])
            .unwrap_err()
            .contains("'gamma=1'"));
    }

    #[test]
    fn llr_matches_the_formula_and_decides_both_ways() {
        let p = SprtParams::parse(&["elo0=0", "elo1=20"]).unwrap();
        // Score 0.55, variance 0.2475 by hand (55 wins, 45 losses).
        let r = wdl(55, 0, 45);
        let (s0, s1) = (0.5, score_of_elo(20.0));
        let normal = 100.0 * (s1 - s0) * (1.1 - s0 - s1) / (2.0 * 0.2475);
        assert!(
            (p.llr(&r) / normal - 1.0).abs() < 0.02,
            "{} {normal}",
            p.llr(&r)
        );
        // Wins and losses only: the distributions are two-point ones, so by hand
        // LLR = 55 ln(s1 / 0.5) + 45 ln((1 - s1) / 0.5).
        let exact = 55.0 * (s1 / 0.5).ln() + 45.0 * ((1.0 - s1) / 0.5).ln();
        assert!((p.llr(&r) - exact).abs() < 1e-3, "{} {exact}", p.llr(&r));
        assert_eq!(p.decision(&r), None);
        assert_eq!(p.decision(&wdl(600, 200, 400)), Some(Decision::H1));
        assert_eq!(p.decision(&wdl(400, 200, 600)), Some(Decision::H0));
        // Only draws: strong evidence against elo1, so H0 (the counts are regularised).
        assert_eq!(p.decision(&wdl(0, 300, 0)), Some(Decision::H0));
        // Only wins: each is worth about ln(s1 / s0), so 20 do not decide and 60 do.
        assert_eq!(p.decision(&wdl(20, 0, 0)), None);
        assert_eq!(p.decision(&wdl(60, 0, 0)), Some(Decision::H1));
        assert_eq!(p.llr(&Wdl::default()), 0.0);
    }
}
