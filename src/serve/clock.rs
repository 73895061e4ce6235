//! A web game's clocks, kept by the server: the side to decide's clock runs from the moment
//! its turn begins, each ply is charged to its side, a turn's end (the player to decide
//! changes) adds the increment, and a clock at zero is a flag that ends the game. The engine
//! plays on the same figures (`wtime`, `btime`, `winc`, `binc`); the page only shows them.

use crate::runner::clock::parse_tc;
use chimera_engine::search::Limits;
use chimera_engine::Player;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct Clock {
    base: Duration,
    inc: Duration,
    left: [Duration; 2],
    /// The player whose clock runs, and since when it was last charged.
    running: Option<(Player, Instant)>,
    /// The player whose time ran out: the game is over.
    pub flag: Option<Player>,
}

impl Clock {
    /// `base+inc` in seconds (`180+2`, `0.5`), as `chimera match --tc` reads it.
    pub fn parse(text: &str) -> Result<Clock, String> {
        let (base, inc) = parse_tc(text).map_err(|e| e.replacen("--tc", "clock", 1))?;
        if base > Duration::from_secs(86_400) || inc > Duration::from_secs(600) {
            return Err(format!(
                "clock '{text}': at most a day and an increment of 600 s"
            ));
        }
        Ok(Clock {
            base,
            inc,
            left: [base; 2],
            running: None,
            flag: None,
        })
    }

    /// The time left of each player at `now`, the running clock charged so far.
    pub fn left(&self, now: Instant) -> [Duration; 2] {
        let mut left = self.left;
        if let Some((player, since)) = self.running {
            let l = &mut left[player.index()];
            *l = l.saturating_sub(now.saturating_duration_since(since));
        }
        left
    }

    /// Charges the running clock up to `now`; a clock that reaches zero is a flag.
    fn charge(&mut self, now: Instant) {
        self.left = self.left(now);
        if let Some((player, _)) = self.running {
            self.running = Some((player, now));
            if self.left[player.index()].is_zero() {
                self.flag = Some(player);
                self.running = None;
            }
        }
    }

    /// Falls the flag of a player whose time is out at `now`; the flagged player, if any.
    pub fn check(&mut self, now: Instant) -> Option<Player> {
        self.charge(now);
        self.flag
    }

    /// Starts `player`'s clock unless one runs (a new game, a search after a pause).
    pub fn start(&mut self, player: Player, now: Instant) {
        if self.running.is_none() && self.flag.is_none() {
            self.running = Some((player, now));
        }
    }

    /// Stops the running clock (the page left the game): nobody's time runs.
    pub fn pause(&mut self, now: Instant) {
        self.charge(now);
        self.running = None;
    }

    /// After a ply: charges it to the running side and, when `to_move` is another player
    /// (the turn is over; a 007 turn has several plies), gives the increment and starts
    /// `to_move`'s clock. A side that ran out before its ply came has lost on time.
    pub fn after_ply(&mut self, to_move: Player, now: Instant) {
        self.charge(now);
        if self.flag.is_some() {
            return;
        }
        match self.running {
            Some((player, _)) if player != to_move => {
                self.left[player.index()] += self.inc;
                self.running = Some((to_move, now));
            }
            Some(_) => {}
            None => self.running = Some((to_move, now)),
        }
    }

    /// After a take-back: the clocks keep what they hold, `to_move`'s runs.
    pub fn restart(&mut self, to_move: Player, now: Instant) {
        self.charge(now);
        if self.flag.is_none() {
            self.running = Some((to_move, now));
        }
    }

    /// A search's limits from the clocks at `now`: they replace the strength asked for.
    pub fn limits(&self, now: Instant, limits: &mut Limits) {
        let [w, b] = self.left(now);
        limits.time = [Some(w), Some(b)];
        limits.inc = [self.inc; 2];
        limits.move_time = None;
        limits.depth = None;
    }

    /// PGN's `TimeControl` tag (`180+2`; `60` without an increment).
    pub fn tag(&self) -> String {
        if self.inc.is_zero() {
            format!("{}", self.base.as_secs_f64())
        } else {
            format!("{}+{}", self.base.as_secs_f64(), self.inc.as_secs_f64())
        }
    }

    /// The page's figures: milliseconds left at `now`, the increment, who runs, who flagged.
    pub fn json(&self, now: Instant) -> Value {
        let [w, b] = self.left(now).map(|d| d.as_millis() as u64);
        json!({
            "white": w,
            "black": b,
            "base": self.base.as_millis() as u64,
            "inc": self.inc.as_millis() as u64,
            "running": self.running.map(|(p, _)| p.to_string()),
            "flag": self.flag.map(|p| p.to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Player::{Black, White};

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_clock_is_read_as_match_reads_its_tc_and_names_bad_text() {
        let c = Clock::parse("180+2").unwrap();
        assert_eq!(
            (c.left, c.inc, c.tag()),
            ([ms(180_000); 2], ms(2000), "180+2".into())
        );
        assert_eq!(Clock::parse("0.5").unwrap().tag(), "0.5");
        for bad in ["soon", "0+1", "60+x", "100000+0", "60+601"] {
            let e = Clock::parse(bad).unwrap_err();
            assert!(e.contains(bad) && e.starts_with("clock"), "{bad}: {e}");
        }
    }

    #[test]
    fn plies_are_charged_turns_gain_the_increment_and_zero_is_a_flag() {
        let t0 = Instant::now();
        let mut c = Clock::parse("1+0.1").unwrap();
        c.start(White, t0);
        assert_eq!(c.left(t0 + ms(300)), [ms(700), ms(1000)]);
        // A 007 turn goes on: charged, no increment yet, White's clock still runs.
        c.after_ply(White, t0 + ms(300));
        assert_eq!(c.left(t0 + ms(400)), [ms(600), ms(1000)]);
        // The turn is over: the increment, and Black's clock runs.
        c.after_ply(Black, t0 + ms(500));
        assert_eq!(c.left(t0 + ms(700)), [ms(600), ms(800)]);
        let mut limits = Limits {
            depth: Some(9),
            ..Limits::default()
        };
        c.limits(t0 + ms(700), &mut limits);
        assert_eq!(limits.time, [Some(ms(600)), Some(ms(800))]);
        assert_eq!((limits.inc, limits.depth), ([ms(100); 2], None));
        // A pause stops every clock; a start resumes the side to move.
        c.pause(t0 + ms(700));
        assert_eq!(c.left(t0 + ms(5000)), [ms(600), ms(800)]);
        c.start(Black, t0 + ms(5000));
        assert_eq!(c.check(t0 + ms(5700)), None);
        assert_eq!(
            c.check(t0 + ms(5800)),
            Some(Black),
            "Black's 800 ms are gone"
        );
        // A ply after the flag changes nothing.
        c.after_ply(White, t0 + ms(6000));
        assert_eq!((c.flag, c.running.is_none()), (Some(Black), true));
        assert_eq!(c.json(t0)["flag"], "black");
    }
}
