//! Match statistics: wins, losses and draws of one engine against another, the Elo difference
//! they suggest with a 95% error bar, and the likelihood of superiority (LOS).
//!
//! The error bar treats games as independent trials scored 1, 1/2 or 0 (the trinomial model):
//! the mean score plus or minus 1.96 standard errors, each end turned into Elo by the logistic
//! curve, and half the width of that interval reported.

/// Results from one side's view.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// Elo difference for a mean score in (0, 1).
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The mean score for an Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Abramowitz and Stegun 7.1.26; error below 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 {
        -y
    } else {
        y
    }
}

impl Wdl {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Adds one game scored `points` (1, 0.5 or 0).
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// The mean score per game, `None` before the first game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.points() / n as f64)
    }

    /// The variance of one game's score.
    pub fn variance(&self) -> f64 {
        let Some(mean) = self.score() else { return 0.0 };
        let n = self.games() as f64;
        (self.wins as f64 * (1.0 - mean).powi(2)
            + self.draws as f64 * (0.5 - mean).powi(2)
            + self.losses as f64 * mean.powi(2))
            / n
    }

    /// The Elo difference and its 95% error bar. The difference is infinite when one side
    /// scored everything (the bar then is too).
    pub fn elo(&self) -> Option<(f64, f64)> {
        let mean = self.score()?;
        if mean <= 0.0 || mean >= 1.0 {
            let elo = if mean <= 0.0 {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            };
            return Some((elo, f64::INFINITY));
        }
        let margin = 1.96 * (self.variance() / self.games() as f64).sqrt();
        let clamp = |s: f64| s.clamp(1e-9, 1.0 - 1e-9);
        let low = elo_of_score(clamp(mean - margin));
        let high = elo_of_score(clamp(mean + margin));
        // `+ 0.0` turns the -0 of an even score into 0.
        Some((elo_of_score(mean) + 0.0, (high - low) / 2.0))
    }

    /// The likelihood that this side is the stronger: draws say nothing about it.
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }

    /// `+W -L =D`, score, Elo with error bar and LOS, on one line.
    pub fn summary(&self) -> String {
        let score = self.score().unwrap_or(0.5) * 100.0;
        let elo = match self.elo() {
            Some((e, bar)) if e.is_finite() => format!("Elo {e:+.1} +/- {bar:.1}"),
            Some((e, _)) => format!("Elo {}inf", if e > 0.0 { "+" } else { "-" }),
            None => "Elo -".into(),
        };
        format!(
            "+{} -{} ={} ({:.1}%), {elo}, LOS {:.1}%",
            self.wins,
            self.losses,
            self.draws,
            score,
            self.los() * 100.0
        )
    }
}

/// A result of `wins`, `draws` and `losses`, for the tests here and in `sprt.rs`.
#[cfg(test)]
pub fn wdl(wins: u32, draws: u32, losses: u32) -> Wdl {
    Wdl {
        wins,
        draws,
        losses,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_score_are_inverse_and_known_points_hold() {
        assert!((elo_of_score(0.75) - 190.85).abs() < 0.01);
        assert_eq!(elo_of_score(0.5), 0.0);
        for elo in [-300.0, -5.0, 0.0, 42.0, 400.0] {
            assert!((elo_of_score(score_of_elo(elo)) - elo).abs() < 1e-9);
        }
    }

    #[test]
    fn erf_matches_reference_values() {
        for (x, want) in [
            (0.0, 0.0),
            (0.5, 0.520_499_9),
            (1.0, 0.842_700_8),
            (2.0, 0.995_322_3),
        ] {
            assert!((erf(x) - want).abs() < 2e-7, "erf({x})");
            assert!((erf(-x) + want).abs() < 2e-7, "erf(-{x})");
        }
    }

    #[test]
    fn elo_error_bar_and_los_of_a_known_result() {
        // 60 wins, 20 draws, 20 losses: score 0.7, per-game variance 0.16 (by hand).
        let r = wdl(60, 20, 20);
        assert!((r.score().unwrap() - 0.7).abs() < 1e-12);
        assert!((r.variance() - 0.16).abs() < 1e-12);
        let (elo, bar) = r.elo().unwrap();
        assert!((elo - 147.19).abs() < 0.01, "{elo}");
        // 0.7 +/- 1.96 * 0.04: Elo of 0.6216 and 0.7784, half the difference.
        let want = (elo_of_score(0.7784) - elo_of_score(0.6216)) / 2.0;
        assert!((bar - want).abs() < 1e-6, "{bar} vs {want}");
        // LOS = Phi((60 - 20) / sqrt(80)).
        assert!((r.los() - 0.999_996).abs() < 1e-5, "{}", r.los());
        assert!((wdl(5, 3, 5).los() - 0.5).abs() < 1e-6);
        assert_eq!(wdl(0, 10, 0).elo(), Some((0.0, 0.0)));
        assert_eq!(wdl(3, 0, 0).elo().unwrap().0, f64::INFINITY);
        assert_eq!(Wdl::default().elo(), None);
    }

    #[test]
    fn summary_line_shows_every_figure() {
        let mut r = Wdl::default();
        for p in [1.0, 0.5, 0.0, 1.0] {
            r.add(p);
        }
        assert_eq!(r, wdl(2, 1, 1));
        let s = r.summary();
        assert!(s.starts_with("+2 -1 =1 (62.5%), Elo +88.7 +/- "), "{s}");
        assert!(s.ends_with("LOS 71.8%"), "{s}");
    }
}
