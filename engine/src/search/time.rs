//! Limits of a search (what `go` asks for) and the time plan made from them.

use crate::game::Player;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What `go` asked for. `None`/`false` = no such limit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Clock time left, per player (`wtime`, `btime`).
    pub time: [Option<Duration>; 2],
    /// Increment per move, per player (`winc`, `binc`).
    pub inc: [Duration; 2],
    pub moves_to_go: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Find a mate in this many moves.
    pub mate: Option<u32>,
    pub move_time: Option<Duration>,
    pub infinite: bool,
    /// Search on the opponent's time: no time limit until [`Control::ponderhit`].
    pub ponder: bool,
}

impl Limits {
    /// Whether the clock decides when to stop (as opposed to depth, nodes, or a human).
    pub fn uses_clock(&self) -> bool {
        self.move_time.is_some() || self.time.iter().any(Option::is_some)
    }
}

/// When to stop: `soft` is checked between iterations (no new iteration starts after it),
/// `hard` inside the search (it stops mid-iteration).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimePlan {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

/// Moves a game is assumed still to last when the GUI does not say (sudden death).
const HORIZON: u32 = 30;

impl TimePlan {
    /// The plan for `me`, keeping `overhead` (GUI and transport latency) in reserve per move.
    pub fn new(limits: &Limits, me: Player, overhead: Duration) -> TimePlan {
        if let Some(t) = limits.move_time {
            let t = t.saturating_sub(overhead).max(Duration::from_millis(1));
            return TimePlan {
                soft: Some(t),
                hard: Some(t),
            };
        }
        // A clock given for the other player only leaves none for `me`: no time, as Stockfish
        // reads it (it answers at once), rather than no limit at all.
        let left = match limits.time[me.index()] {
            Some(left) => left,
            None if limits.uses_clock() => Duration::ZERO,
            None => {
                return TimePlan {
                    soft: None,
                    hard: None,
                }
            }
        };
        let inc = limits.inc[me.index()];
        let to_go = limits.moves_to_go.unwrap_or(HORIZON).clamp(1, 50);
        // Overhead is paid on every move still to play before the next time control.
        let left = left
            .saturating_sub(overhead * to_go.min(10))
            .max(Duration::from_millis(1));
        let share = left / to_go + inc * 3 / 4;
        // Never plan on more than most of what is left: a last move before the control may take
        // 90%, any other at most 75%, so the following moves keep time.
        let cap = if to_go == 1 {
            left * 9 / 10
        } else {
            left * 3 / 4
        };
        let hard = (share * 4).min(cap).max(Duration::from_millis(1));
        let soft = (share * 6 / 10).min(hard);
        TimePlan {
            soft: Some(soft),
            hard: Some(hard),
        }
    }

    /// The soft limit scaled for how settled the search is: shorter when the best move took
    /// most of the root's nodes and has held for several iterations, longer when the nodes
    /// spread over its rivals or it has just changed. Never past `hard`; a fixed `movetime`
    /// (soft equal to hard) is not scaled.
    pub fn settled_soft(&self, best_share: f64, stable: u32) -> Option<Duration> {
        let soft = self.soft?;
        let Some(hard) = self.hard.filter(|&hard| hard > soft) else {
            return Some(soft);
        };
        let effort = (1.5 - best_share.clamp(0.0, 1.0)) * 1.35;
        let stability = 1.2 - 0.04 * stable.min(10) as f64;
        Some(soft.mul_f64(effort * stability).min(hard))
    }
}

/// How the outside world steers a running search: `stop`, `ponderhit`, and the clock.
#[derive(Debug)]
pub struct Control {
    stop: AtomicBool,
    /// The GUI said `stop` (or `quit`): not only the search but whatever would follow it (007's
    /// turn completion) must answer now.
    halted: AtomicBool,
    pondering: AtomicBool,
    base: Instant,
    /// Nanoseconds from `base` to the moment the clock started (the `go`, or the `ponderhit`).
    start_ns: AtomicU64,
    /// A search nested in another (Ven's payoff searches) stops when the outer one does.
    parent: Option<Arc<Control>>,
}

impl Control {
    /// A control whose clock starts now; `ponder` holds the clock until [`Control::ponderhit`].
    pub fn new(ponder: bool) -> Self {
        Control {
            stop: AtomicBool::new(false),
            halted: AtomicBool::new(false),
            pondering: AtomicBool::new(ponder),
            base: Instant::now(),
            start_ns: AtomicU64::new(0),
            parent: None,
        }
    }

    /// A control for a search nested in `parent`'s: its own clock and stop, and it stops too
    /// when `parent` does (a `stop` from the GUI reaches every nested search at once).
    pub fn nested(parent: &Arc<Control>) -> Self {
        Control {
            parent: Some(Arc::clone(parent)),
            ..Control::new(false)
        }
    }

    pub fn stop(&self) {
        self.stop.store(true, Relaxed);
    }

    /// Stops the search at the GUI's word: the answer must come at once, with no more search.
    pub fn halt(&self) {
        self.halted.store(true, Relaxed);
        self.stop();
    }

    /// Whether [`Control::halt`] was called (here or on an outer search).
    pub fn is_halted(&self) -> bool {
        self.halted.load(Relaxed) || self.parent.as_ref().is_some_and(|p| p.is_halted())
    }

    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Relaxed)
            || self.halted.load(Relaxed)
            || self.parent.as_ref().is_some_and(|p| p.is_stopped())
    }

    /// Lets a search that follows a stopped one (007's turn completion) run under this
    /// control, on its clock: only the limits and [`Control::halt`] stop it, and a halt from
    /// before stays in force.
    pub fn resume(&self) {
        self.stop.store(false, Relaxed);
    }

    /// The opponent played the expected move: the clock starts now.
    pub fn ponderhit(&self) {
        self.start_ns
            .store(self.base.elapsed().as_nanos() as u64, Relaxed);
        self.pondering.store(false, Relaxed);
    }

    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Relaxed)
    }

    /// Time since the clock started.
    pub fn elapsed(&self) -> Duration {
        self.base
            .elapsed()
            .saturating_sub(Duration::from_nanos(self.start_ns.load(Relaxed)))
    }
}

impl Default for Control {
    fn default() -> Self {
        Control::new(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(white: u64, inc: u64, to_go: Option<u32>) -> Limits {
        Limits {
            time: [Some(ms(white)), Some(ms(1))],
            inc: [ms(inc), ms(0)],
            moves_to_go: to_go,
            ..Limits::default()
        }
    }

    #[test]
    fn movetime_is_spent_minus_overhead() {
        let limits = Limits {
            move_time: Some(ms(1000)),
            ..Limits::default()
        };
        let plan = TimePlan::new(&limits, Player::White, ms(30));
        assert_eq!(plan.hard, Some(ms(970)));
        assert_eq!(plan.soft, Some(ms(970)));
    }

    #[test]
    fn no_clock_no_plan() {
        let limits = Limits {
            depth: Some(5),
            ..Limits::default()
        };
        assert_eq!(TimePlan::new(&limits, Player::White, ms(10)).hard, None);
    }

    #[test]
    fn a_clock_missing_for_the_mover_is_no_time() {
        // Black's clock is Black's: White's time left does not plan Black's move, and a clock
        // given without Black's leaves Black none (issue #31: it answers at once).
        let limits = Limits {
            time: [Some(ms(5000)), None],
            ..Limits::default()
        };
        let plan = TimePlan::new(&limits, Player::Black, ms(10));
        assert_eq!(plan.hard, Some(ms(1)));
        assert!(plan.soft.unwrap() <= ms(1));
        // White's own clock plans White's move as before.
        assert!(TimePlan::new(&limits, Player::White, ms(10)).hard.unwrap() > ms(100));
    }

    #[test]
    fn sudden_death_spends_a_small_share_and_never_the_clock() {
        for left in [10, 100, 1_000, 60_000, 3_600_000] {
            for inc in [0, 100, 2_000] {
                let plan = TimePlan::new(&clock(left, inc, None), Player::White, ms(10));
                let hard = plan.hard.unwrap();
                assert!(plan.soft.unwrap() <= hard);
                assert!(
                    hard <= ms(left).max(ms(1)) * 3 / 4 + ms(1),
                    "{left} {inc}: {hard:?}"
                );
            }
        }
        let plan = TimePlan::new(&clock(60_000, 0, None), Player::White, ms(10));
        assert!(plan.soft.unwrap() > ms(500) && plan.soft.unwrap() < ms(3_000));
    }

    #[test]
    fn a_settled_search_stops_sooner_and_an_unsettled_one_later_within_the_hard_limit() {
        let plan = TimePlan::new(&clock(60_000, 0, None), Player::White, ms(10));
        let (soft, hard) = (plan.soft.unwrap(), plan.hard.unwrap());
        let settled = plan.settled_soft(0.95, 10).unwrap();
        let torn = plan.settled_soft(0.2, 0).unwrap();
        assert!(settled < soft * 3 / 4, "{settled:?} against {soft:?}");
        assert!(
            torn > soft * 3 / 2 && torn <= hard,
            "{torn:?} against {soft:?}"
        );
        // A fresh best move earns more time than the same share held for long.
        assert!(plan.settled_soft(0.6, 0).unwrap() > plan.settled_soft(0.6, 8).unwrap());
        // Never past the hard limit, however torn.
        let short = TimePlan {
            soft: Some(ms(100)),
            hard: Some(ms(120)),
        };
        assert_eq!(short.settled_soft(0.0, 0), Some(ms(120)));
        // A fixed movetime is spent as asked, and no clock stays no limit.
        let movetime = Limits {
            move_time: Some(ms(1000)),
            ..Limits::default()
        };
        let fixed = TimePlan::new(&movetime, Player::White, ms(0));
        assert_eq!(fixed.settled_soft(0.1, 0), Some(ms(1000)));
        assert_eq!(fixed.settled_soft(1.0, 10), Some(ms(1000)));
        let none = TimePlan::new(&Limits::default(), Player::White, ms(0));
        assert_eq!(none.settled_soft(0.5, 0), None);
    }

    #[test]
    fn the_last_move_before_the_control_may_take_most_of_the_clock() {
        let plan = TimePlan::new(&clock(10_000, 0, Some(1)), Player::White, ms(50));
        assert!(plan.hard.unwrap() >= ms(8_000) && plan.hard.unwrap() <= ms(9_000));
        let many = TimePlan::new(&clock(10_000, 0, Some(40)), Player::White, ms(50));
        assert!(many.hard.unwrap() < ms(1_500));
    }

    #[test]
    fn ponderhit_restarts_the_clock() {
        let c = Control::new(true);
        assert!(c.is_pondering());
        std::thread::sleep(ms(20));
        assert!(c.elapsed() >= ms(20));
        c.ponderhit();
        assert!(!c.is_pondering());
        assert!(c.elapsed() < ms(20));
        assert!(!c.is_stopped());
        c.stop();
        assert!(c.is_stopped());
    }
}
