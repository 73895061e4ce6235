//! Time controls and the clocks the runner keeps. An engine's time is measured by the runner,
//! from sending `go` to reading `bestmove`; what the engine reports is never trusted.

use chimera_engine::Player;
use std::fmt::Write;
use std::time::Duration;

/// The limits of each search. Any may combine (`--depth 8 --tc 10+0.1`); all go in every `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Base time and increment per turn.
    pub clock: Option<(Duration, Duration)>,
    /// How far past its time an engine may answer before it loses on time.
    pub margin: Duration,
}

impl Default for TimeControl {
    fn default() -> Self {
        TimeControl {
            depth: None,
            nodes: None,
            movetime: None,
            clock: None,
            margin: Duration::from_millis(100),
        }
    }
}

/// Parses `base+inc` in seconds (`10+0.1`, `60`); the error names the bad text.
pub fn parse_tc(text: &str) -> Result<(Duration, Duration), String> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let secs = |t: &str| match t.parse::<f64>() {
        Ok(s) if s.is_finite() && (0.0..1e7).contains(&s) => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!(
            "--tc '{text}': '{t}' is not a number of seconds (expected e.g. 10+0.1)"
        )),
    };
    let base = secs(base)?;
    if base.is_zero() {
        return Err(format!("--tc '{text}': the base time must be above 0"));
    }
    Ok((base, secs(inc)?))
}

impl TimeControl {
    pub fn is_limited(&self) -> bool {
        self.depth.is_some()
            || self.nodes.is_some()
            || self.movetime.is_some()
            || self.clock.is_some()
    }

    /// The PGN `TimeControl` tag: `base+inc` in seconds, or `-` without a clock.
    pub fn pgn_tag(&self) -> String {
        match self.clock {
            Some((base, inc)) if inc.is_zero() => format!("{}", base.as_secs_f64()),
            Some((base, inc)) => format!("{}+{}", base.as_secs_f64(), inc.as_secs_f64()),
            None => "-".into(),
        }
    }
}

/// Both players' clocks during one game.
#[derive(Clone, Debug)]
pub struct Clocks {
    left: [Duration; 2],
}

/// An answer that came too late.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeLoss {
    pub used: Duration,
    pub allowed: Duration,
}

impl Clocks {
    pub fn new(tc: &TimeControl) -> Self {
        let base = tc.clock.map_or(Duration::ZERO, |(base, _)| base);
        Clocks { left: [base; 2] }
    }

    pub fn left(&self, player: Player) -> Duration {
        self.left[player.index()]
    }

    /// The `go` command for `player`'s search.
    pub fn go_command(&self, tc: &TimeControl) -> String {
        let mut go = String::from("go");
        if let Some((_, inc)) = tc.clock {
            let [w, b] = self.left.map(|d| d.as_millis());
            let inc = inc.as_millis();
            let _ = write!(go, " wtime {w} btime {b} winc {inc} binc {inc}");
        }
        if let Some(ms) = tc.movetime {
            let _ = write!(go, " movetime {}", ms.as_millis());
        }
        if let Some(d) = tc.depth {
            let _ = write!(go, " depth {d}");
        }
        if let Some(n) = tc.nodes {
            let _ = write!(go, " nodes {n}");
        }
        go
    }

    /// How long `player`'s search may take before it loses on time; `None`: no time limit
    /// (the hang timeout applies).
    pub fn allowed(&self, tc: &TimeControl, player: Player) -> Option<Duration> {
        let clock = tc.clock.map(|_| self.left(player));
        let limit = match (clock, tc.movetime) {
            (Some(c), Some(m)) => Some(c.min(m)),
            (c, m) => c.or(m),
        };
        limit.map(|l| l + tc.margin)
    }

    /// Charges `used` to `player`; the increment comes when his turn ends (`turn_over`). A
    /// search within its margin leaves the clock at zero rather than below.
    pub fn charge(
        &mut self,
        tc: &TimeControl,
        player: Player,
        used: Duration,
        turn_over: bool,
    ) -> Result<(), TimeLoss> {
        if let Some(allowed) = self.allowed(tc, player) {
            if used > allowed {
                return Err(TimeLoss { used, allowed });
            }
        }
        if let Some((_, inc)) = tc.clock {
            let left = &mut self.left[player.index()];
            *left = left.saturating_sub(used);
            if turn_over {
                *left += inc;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn parses_time_controls_and_names_bad_text() {
        assert_eq!(parse_tc("10+0.1"), Ok((ms(10_000), ms(100))));
        assert_eq!(parse_tc("2.5"), Ok((ms(2500), ms(0))));
        for bad in ["ten+1", "10+x", "0+1", "-5+0", "nan"] {
            assert!(parse_tc(bad).unwrap_err().contains(bad), "{bad}");
        }
    }

    #[test]
    fn clock_runs_down_gains_the_increment_per_turn_and_flags_past_the_margin() {
        let tc = TimeControl {
            clock: Some((ms(1000), ms(100))),
            margin: ms(50),
            ..TimeControl::default()
        };
        let mut c = Clocks::new(&tc);
        assert_eq!(
            c.go_command(&tc),
            "go wtime 1000 btime 1000 winc 100 binc 100"
        );
        c.charge(&tc, Player::White, ms(300), true).unwrap();
        assert_eq!(c.left(Player::White), ms(800));
        // Mid-turn (a 007 turn answered in pieces): no increment yet.
        c.charge(&tc, Player::Black, ms(200), false).unwrap();
        assert_eq!(c.left(Player::Black), ms(800));
        assert_eq!(c.allowed(&tc, Player::Black), Some(ms(850)));
        // Within the margin: the clock stops at zero, then the increment.
        c.charge(&tc, Player::Black, ms(840), true).unwrap();
        assert_eq!(c.left(Player::Black), ms(100));
        assert_eq!(
            c.charge(&tc, Player::Black, ms(151), true),
            Err(TimeLoss {
                used: ms(151),
                allowed: ms(150)
            })
        );
    }

    #[test]
    fn movetime_depth_and_nodes_go_into_every_go() {
        let tc = TimeControl {
            depth: Some(3),
            nodes: Some(1000),
            movetime: Some(ms(20)),
            margin: ms(5),
            ..TimeControl::default()
        };
        let mut c = Clocks::new(&tc);
        assert_eq!(c.go_command(&tc), "go movetime 20 depth 3 nodes 1000");
        assert_eq!(c.allowed(&tc, Player::White), Some(ms(25)));
        assert!(c.charge(&tc, Player::White, ms(26), true).is_err());
        let depth_only = TimeControl {
            depth: Some(1),
            ..TimeControl::default()
        };
        assert_eq!(
            Clocks::new(&depth_only).allowed(&depth_only, Player::Black),
            None
        );
    }
}
