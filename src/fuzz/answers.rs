//! The `answers` target: every search answers (issue #31). Long random games of every variant
//! under every combination of its rule options (007's schedules with Detente, FastAndDeadly and
//! OwnerPromotes, both Double-Ended boards, ...) lead into middlegames; at each, a whole engine
//! must end `go depth 1` and `go nodes 1000` by itself within [`ENDS_BY_ITSELF`], answer
//! `isready` during `go infinite` at once, and `bestmove` soon after `stop`.

use super::play::{Kind, Options, Sequential, Simultaneous};
use super::{Captured, Tally};
use chimera_engine::game::VariantOptions;
use chimera_engine::GameState;
use chimera_protocol::registry::{self, Preset, VariantTask};
use chimera_protocol::rounds::DescribeRounds;
use chimera_protocol::session::Describe;
use chimera_protocol::{Engine, Out};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::time::{Duration, Instant};

/// A `go depth 1` or `go nodes 1000` that takes longer than this has not ended by itself.
pub const ENDS_BY_ITSELF: Duration = Duration::from_secs(2);
/// `stop` to `bestmove`, and `isready` to `readyok`, beyond which an answer is late. Loose, as
/// the fuzzer runs on loaded CI machines (a `ci` build measured 320 ms there once, 26 ms at
/// most when rerun alone); the maxima it prints are the figures to read.
const PROMPT: Duration = Duration::from_secs(1);

/// Where a probe stands: the rule options to set, then the position.
struct Probe {
    options: Vec<String>,
    position: String,
}

/// Every combination of the variant's rule options (check boxes, combos), as `setoption`
/// lines; combinations the variant refuses (Detente with Progressive) are left out.
fn rule_sets<O: VariantOptions>(preset: Preset) -> Vec<(O, Vec<String>)> {
    let mut sets: Vec<(O, Vec<String>)> = vec![(O::default(), Vec::new())];
    for (name, value) in preset {
        let _ = sets[0].0.set(name, value);
    }
    for spec in O::specs() {
        let name = spec.name;
        let values = spec.choices();
        if values.is_empty() {
            continue;
        }
        sets = sets
            .into_iter()
            .flat_map(|(options, lines)| {
                values.iter().filter_map(move |v| {
                    let mut o = options.clone();
                    o.set(name, v).ok()?;
                    let mut l = lines.clone();
                    l.push(format!("setoption name {name} value {v}"));
                    Some((o, l))
                })
            })
            .collect();
    }
    // Switches off first, then choices, then switches on: whatever the options were before,
    // no line meets a combination the variant refuses (Detente on while still Progressive).
    for (_, lines) in &mut sets {
        lines.sort_by_key(|l| match l.rsplit(' ').next() {
            Some("false") => 0,
            Some("true") => 2,
            _ => 1,
        });
    }
    sets
}

/// The probes of one variant: `count` random games, each under the next rule set, of a random
/// length up to `max_plies`, cut before the game ends.
struct Probes {
    count: usize,
    max_plies: usize,
    seed: u64,
}

impl Probes {
    fn line(moves: &[String]) -> String {
        if moves.is_empty() {
            "position startpos".into()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        }
    }
}

impl VariantTask for Probes {
    type Output = Vec<Probe>;

    fn run<G: Describe>(self, _: &'static str, preset: Preset) -> Vec<Probe> {
        self.probes::<Sequential<G>>(preset)
    }

    fn run_rounds<G: DescribeRounds>(self, _: &'static str, preset: Preset) -> Vec<Probe> {
        self.probes::<Simultaneous<G>>(preset)
    }
}

impl Probes {
    /// The probes, over one kind of game (a round is two plies of `max_plies`).
    fn probes<K: Kind>(self, preset: Preset) -> Vec<Probe> {
        let sets = rule_sets::<Options<K>>(preset);
        let mut rng = SmallRng::seed_from_u64(self.seed);
        let plies_a_step = if K::SIMULTANEOUS { 2 } else { 1 };
        (0..self.count)
            .map(|i| {
                let (options, lines) = &sets[i % sets.len()];
                let length = rng.random_range(0..=self.max_plies / plies_a_step);
                let mut pos = K::Pos::start(options);
                let mut played = Vec::new();
                for _ in 0..length {
                    let Some(step) = K::random_step(&pos, &mut rng) else {
                        break;
                    };
                    if K::outcome(&step.next).is_some() {
                        break;
                    }
                    played.push(step.played);
                    pos = step.next;
                }
                Probe {
                    options: lines.clone(),
                    position: Self::line(&played),
                }
            })
            .collect()
    }
}

/// The slowest answers met in one variant.
#[derive(Default)]
struct Slowest {
    depth1: Duration,
    nodes1000: Duration,
    stop: Duration,
    isready: Duration,
}

/// Runs `command` and waits for the search it started to end by itself, within `bound`; the
/// time it took and the output. A search still running then is stopped.
fn ends_by_itself(
    engine: &mut Engine,
    out: &Captured,
    command: &str,
    bound: Duration,
) -> (Duration, String, bool) {
    let _ = out.take();
    let start = Instant::now();
    engine.handle_line(command);
    while engine.is_searching() || engine.has_pending() {
        if start.elapsed() > bound {
            engine.handle_line("stop");
            while engine.is_searching() || engine.has_pending() {
                engine.tick();
                std::thread::sleep(Duration::from_micros(100));
            }
            return (start.elapsed(), out.take(), false);
        }
        engine.tick();
        std::thread::sleep(Duration::from_micros(100));
    }
    (start.elapsed(), out.take(), true)
}

/// The target: `count` probes per variant. Each probe's failures go to the tally.
pub fn answers(count: usize, max_plies: usize, seed: u64) -> Tally {
    let mut tally = Tally::default();
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x31);
    for (v, name) in registry::NAMES.iter().enumerate() {
        let task = Probes {
            count,
            max_plies,
            seed: seed.wrapping_mul(7_919).wrapping_add(v as u64),
        };
        let Some(probes) = registry::with_variant(name, task) else {
            tally.fail(format!("no registry line for '{name}'"));
            continue;
        };
        let out = Captured::default();
        let mut engine = Engine::new(Out::new(out.clone()), registry::sessions());
        let simultaneous = registry::SIMULTANEOUS.contains(name);
        let mut slowest = Slowest::default();
        for probe in &probes {
            engine.handle_line(&format!("setoption name UCI_Variant value {name}"));
            for line in &probe.options {
                engine.handle_line(line);
            }
            engine.handle_line(&probe.position);
            let rejected = out.take();
            let at = format!("{name} {:?} {}", probe.options, probe.position);
            if rejected.contains("error") {
                tally.fail(format!("{at}: {}", rejected.trim()));
                continue;
            }
            tally.answers += 1;
            let side = match (simultaneous, rng.random_bool(0.5)) {
                (false, _) => "",
                (true, true) => "side white ",
                (true, false) => "side black ",
            };
            for (limit, worst) in [
                ("depth 1", &mut slowest.depth1),
                ("nodes 1000", &mut slowest.nodes1000),
            ] {
                let go = format!("go {side}{limit}");
                let (took, text, ended) = ends_by_itself(&mut engine, &out, &go, ENDS_BY_ITSELF);
                *worst = (*worst).max(took);
                if !ended || !text.contains("bestmove") {
                    tally.fail(format!("{at}: '{go}' did not end by itself in {took:?}"));
                }
            }
            let _ = out.take();
            engine.handle_line(&format!("go {side}infinite"));
            std::thread::sleep(Duration::from_micros(rng.random_range(0..20_000)));
            let asked = Instant::now();
            engine.handle_line("isready");
            let ready = asked.elapsed();
            if !out.take().contains("readyok") || ready > PROMPT {
                tally.fail(format!("{at}: no readyok at once ({ready:?})"));
            }
            slowest.isready = slowest.isready.max(ready);
            let (stop, text, ended) = ends_by_itself(&mut engine, &out, "stop", PROMPT);
            slowest.stop = slowest.stop.max(stop);
            if !ended || !text.contains("bestmove") {
                tally.fail(format!("{at}: stop answered in {stop:?}"));
            }
        }
        println!(
            "answers {name:<18} {} middlegames: longest go depth 1 {:.1} ms, go nodes 1000 {:.1} ms; stop to bestmove at most {:.1} ms, isready {:.2} ms",
            probes.len(),
            slowest.depth1.as_secs_f64() * 1e3,
            slowest.nodes1000.as_secs_f64() * 1e3,
            slowest.stop.as_secs_f64() * 1e3,
            slowest.isready.as_secs_f64() * 1e3,
        );
    }
    tally
}
