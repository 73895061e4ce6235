//! `chimera fuzz`: a seeded fuzzer kept in the repository, so that anyone reruns exactly what a
//! note measured (`--seed`) on stable Rust with nothing to install (cargo-fuzz needs nightly
//! and a coverage-guided corpus that a reviewer cannot replay line for line).
//!
//! Targets (`--target`, default all):
//! * `games`: random legal games of every variant, each position checked (FEN read back to the
//!   same FEN and key, listed moves equal counted moves, every move written reads back);
//! * `fen`, `moves`: every variant's FEN and move (order) parsers on mutations of what the
//!   games met; no panic, one-line errors, and what parses is a position that plays or a legal
//!   move;
//! * `protocol`: `--lines` command lines, valid ones of every variant and their mutations
//!   (tokens dropped, repeated, swapped, spliced, odd numbers, very long lines), fed to a whole
//!   engine in this process. After each line a running search is stopped. A line that
//!   answers `info string error` must leave the engine's state (variant, options, position)
//!   as it was; any panic on any thread, or a line that takes over `HANG` to settle, fails.
//!   A `go depth 1` or `go nodes 1000` is not stopped: it must end by itself within
//!   [`answers::ENDS_BY_ITSELF`];
//! * `answers`: `--answers` middlegames per variant, reached by long random games under every
//!   combination of the variant's rule options, where `go depth 1` and `go nodes 1000` must end
//!   by themselves and `isready` and `stop` answer at once (see [`answers`]).

mod answers;
mod mutate;
mod play;
mod variants;

use chimera_protocol::{registry, Engine, Out};
use mutate::mutate_line;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::io::Write;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use variants::{Budget, VariantFuzz};

/// A line that takes longer than this to be handled and its search stopped is a hang.
const HANG: Duration = Duration::from_secs(10);

/// Counts and failures of a run.
#[derive(Default)]
pub struct Tally {
    pub positions: u64,
    pub fens: u64,
    pub moves: u64,
    pub lines: u64,
    pub rejected: u64,
    /// Middlegames where the `answers` target asked its questions.
    pub answers: u64,
    pub failures: Vec<String>,
}

impl Tally {
    fn fail(&mut self, what: String) {
        if self.failures.len() < 50 {
            self.failures.push(what);
        }
    }

    fn add(&mut self, other: Tally) {
        self.positions += other.positions;
        self.fens += other.fens;
        self.moves += other.moves;
        self.lines += other.lines;
        self.rejected += other.rejected;
        self.answers += other.answers;
        self.failures.extend(other.failures);
    }
}

/// Panics seen on any thread since the fuzzer started, and the last one's message.
static PANICS: AtomicU64 = AtomicU64::new(0);
static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

/// Runs `f`, turning a panic into an error (the hook has counted it).
fn guarded<T>(f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    let before = PANICS.load(Ordering::SeqCst);
    match panic::catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) if PANICS.load(Ordering::SeqCst) == before => r,
        _ => Err(format!(
            "panic: {}",
            LAST_PANIC.lock().unwrap_or_else(|p| p.into_inner())
        )),
    }
}

/// `chimera fuzz`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// What to fuzz
    #[arg(long, value_name = "TARGET", default_value = "all",
          value_parser = ["all", "games", "fen", "moves", "protocol", "answers"])]
    target: String,
    /// Protocol lines to feed the engine
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    lines: u64,
    /// Random games per variant
    #[arg(long, value_name = "N", default_value_t = 20)]
    games: usize,
    /// FEN and move cases per variant
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    cases: usize,
    /// Middlegames per variant for the `answers` target
    #[arg(long, value_name = "N", default_value_t = 40)]
    answers: usize,
    /// The seed: the same seed replays the same run
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Print every protocol line with what it answered
    #[arg(long)]
    verbose: bool,
    /// Print the protocol lines from this index on
    #[arg(long, value_name = "LINE", default_value_t = u64::MAX, hide_default_value = true)]
    verbose_from: u64,
}

pub fn run(a: &Args) -> Result<(), String> {
    let verbose_from = if a.verbose { 0 } else { a.verbose_from };
    panic::set_hook(Box::new(|info| {
        PANICS.fetch_add(1, Ordering::SeqCst);
        *LAST_PANIC.lock().unwrap_or_else(|p| p.into_inner()) = info.to_string();
    }));
    let started = Instant::now();
    let wants = |t: &str| a.target == "all" || a.target == t;
    // The variant targets always run (small when not asked for): they give the protocol
    // target its valid lines.
    let mut tally = Tally::default();
    let mut pool: Vec<(&'static str, Vec<String>)> = Vec::new();
    for (i, name) in registry::NAMES.iter().enumerate() {
        let budget = Budget {
            seed: a.seed.wrapping_mul(1_000_003).wrapping_add(i as u64),
            games: if wants("games") { a.games } else { 3 },
            max_plies: 200,
            fens: if wants("fen") { a.cases } else { 0 },
            moves: if wants("moves") { a.cases } else { 0 },
        };
        let report = registry::with_variant(name, VariantFuzz(budget))
            .ok_or_else(|| format!("no registry line for '{name}'"))?;
        println!(
            "{:<18} positions {:>7}  fens {:>7}  moves {:>7}  failures {}",
            report.name,
            report.tally.positions,
            report.tally.fens,
            report.tally.moves,
            report.tally.failures.len()
        );
        tally.add(report.tally);
        pool.push((report.name, report.lines));
    }
    if wants("protocol") {
        tally.add(protocol(&pool, a.lines, a.seed, verbose_from));
    }
    if wants("answers") {
        tally.add(answers::answers(a.answers, 240, a.seed));
    }
    let panics = PANICS.load(Ordering::SeqCst);
    println!(
        "fuzz seed {}: {} positions, {} FENs, {} moves, {} protocol lines ({} rejected), {} middlegames answered, {panics} panics, {} failures, {:.1} s",
        a.seed,
        tally.positions,
        tally.fens,
        tally.moves,
        tally.lines,
        tally.rejected,
        tally.answers,
        tally.failures.len(),
        started.elapsed().as_secs_f64()
    );
    for f in &tally.failures {
        println!("FAIL {f}");
    }
    if tally.failures.is_empty() && panics == 0 {
        Ok(())
    } else {
        Err("the fuzzer found failures".into())
    }
}

/// The engine's output, kept for the fuzzer to read.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn take(&self) -> String {
        let bytes = std::mem::take(&mut *self.0.lock().unwrap_or_else(|p| p.into_inner()));
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

/// Lines every variant shares: the engine's options, odd numbers the issue names, commands.
fn engine_lines() -> Vec<String> {
    let mut lines: Vec<String> = [
        "uci",
        "isready",
        "ucinewgame",
        "stop",
        "ponderhit",
        "d",
        "eval",
        "setoption name Hash value 1",
        "setoption name Hash value 8",
        "setoption name Hash value 100000",
        "setoption name Threads value 1",
        "setoption name Threads value 2",
        "setoption name MultiPV value 3",
        "setoption name Move Overhead value 0",
        "setoption name Ponder value true",
        "setoption name Seed value 7",
        "setoption name Play value search",
        "setoption name Play value random",
        "setoption name Play value greedy",
        "setoption name Play value maximin",
        "setoption name Pruning value all,-lmr",
        "setoption name Clear Hash",
        "setoption name UCI_LimitStrength value true",
        "setoption name UCI_LimitStrength value false",
        "setoption name UCI_Elo value 1500",
        "setoption name UCI_AnalyseMode value true",
        "setoption name UCI_ShowWDL value true",
        "go depth -1",
        "go nodes 99999999999999999999",
        "go wtime -5",
        "bench 1",
        "position startpos",
        "position fen",
        "",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    lines.extend(
        registry::NAMES
            .iter()
            .map(|n| format!("setoption name UCI_Variant value {n}")),
    );
    lines
}

/// The protocol target: `count` lines into one engine (a fresh one after `quit`).
fn protocol(
    pool: &[(&'static str, Vec<String>)],
    count: u64,
    seed: u64,
    verbose_from: u64,
) -> Tally {
    let mut rng = SmallRng::seed_from_u64(seed);
    let shared = engine_lines();
    let everything: Vec<String> = pool
        .iter()
        .flat_map(|(_, l)| l.iter().cloned())
        .chain(shared.iter().cloned())
        .collect();
    let captured = Captured::default();
    let fresh = || Engine::new(Out::new(captured.clone()), registry::sessions());
    let mut engine = fresh();
    let mut tally = Tally::default();
    // The watchdog: the lines so far (the last few, to replay a hang) and when the last began.
    let current = Arc::new(Mutex::new((Vec::<String>::new(), Instant::now(), false)));
    let watch = current.clone();
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(500));
        let (lines, since, done) = watch.lock().unwrap_or_else(|p| p.into_inner()).clone();
        if done {
            return;
        }
        if since.elapsed() > HANG {
            println!("FAIL hang: no answer within {HANG:?}; the last lines were:");
            for line in &lines {
                println!("  {}", line.chars().take(300).collect::<String>());
            }
            std::process::exit(1);
        }
    });
    let mut slowest = (Duration::ZERO, String::new());
    // The longest `go depth 1` / `go nodes 1000` per variant, left to end by itself.
    let mut longest: Vec<(&str, Duration)> = Vec::new();
    let mut variant = 0usize;
    for i in 0..count {
        // Mostly the current variant's lines, so positions and searches go deep into each.
        if rng.random_range(0..200) == 0 {
            variant = rng.random_range(0..pool.len());
            let line = format!("setoption name UCI_Variant value {}", pool[variant].0);
            engine.handle_line(&line);
            let _ = captured.take();
            current
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .0
                .push(line);
        }
        let base = match rng.random_range(0..10) {
            0..=5 => &pool[variant].1[rng.random_range(0..pool[variant].1.len())],
            6..=7 => &shared[rng.random_range(0..shared.len())],
            _ => &everything[rng.random_range(0..everything.len())],
        };
        let line = if rng.random_bool(0.6) {
            mutate_line(base, &everything, &mut rng)
        } else {
            base.clone()
        };
        {
            let mut c = current.lock().unwrap_or_else(|p| p.into_inner());
            while c.0.len() >= 40 {
                c.0.remove(0);
            }
            c.0.push(format!("[{i}, {}] {line}", pool[variant].0));
            c.1 = Instant::now();
        }
        let began = Instant::now();
        let mut not_ended = None;
        let before = engine.state();
        let panics = PANICS.load(Ordering::SeqCst);
        let handled = panic::catch_unwind(AssertUnwindSafe(|| {
            let alive = engine.handle_line(&line);
            let out = captured.take();
            let after = if alive { Some(engine.state()) } else { None };
            // A search that ends by itself must do so, in time proportional to what it asks.
            if alive && ends_by_itself(&line) {
                let start = Instant::now();
                while engine.is_searching() && start.elapsed() < answers::ENDS_BY_ITSELF {
                    std::thread::sleep(Duration::from_micros(100));
                }
                let took = start.elapsed();
                let key = pool[variant].0;
                match longest.iter_mut().find(|(v, _)| *v == key) {
                    Some((_, t)) => *t = (*t).max(took),
                    None => longest.push((key, took)),
                }
                if engine.is_searching() {
                    not_ended = Some(took);
                }
            }
            // Let some searches run a moment before the stop, so they are stopped in flight.
            if alive && rng.random_range(0..8) == 0 {
                std::thread::sleep(Duration::from_millis(rng.random_range(0..5)));
            }
            if alive && engine.is_searching() {
                engine.handle_line("stop");
            }
            while alive && engine.has_pending() {
                engine.tick();
                if engine.is_searching() {
                    engine.handle_line("stop");
                }
            }
            (alive, out, after)
        }));
        tally.lines += 1;
        let shown: String = line.chars().take(200).collect();
        if let Some(took) = not_ended {
            tally.fail(format!("'{shown}' did not end by itself in {took:?}"));
        }
        match handled {
            Err(_) => tally.fail(format!("panic on '{shown}'")),
            Ok((alive, out, after)) => {
                if PANICS.load(Ordering::SeqCst) != panics {
                    let message = LAST_PANIC.lock().unwrap_or_else(|p| p.into_inner()).clone();
                    tally.fail(format!("panic on '{shown}': {message}"));
                }
                let errors: Vec<&str> = out
                    .lines()
                    .filter(|l| l.starts_with("info string error"))
                    .collect();
                if !errors.is_empty() {
                    tally.rejected += 1;
                    if after.as_ref().is_some_and(|a| *a != before) {
                        tally.fail(format!(
                            "'{shown}' was rejected ({}) but changed the state",
                            errors[0]
                        ));
                    }
                }
                if i >= verbose_from {
                    let options = before.lines().nth(1).unwrap_or_default();
                    println!("[{i}] state before: {options}");
                    println!("> {shown}");
                    for l in out.lines().take(5) {
                        println!("  {}", l.chars().take(200).collect::<String>());
                    }
                }
                if !alive {
                    engine = fresh();
                    variant = 0;
                }
            }
        }
        let took = began.elapsed();
        if took > slowest.0 {
            slowest = (took, shown);
        }
        let _ = captured.take();
        if (i + 1) % 100_000 == 0 {
            println!(
                "  {} lines, {} rejected, slowest {:.1} ms",
                i + 1,
                tally.rejected,
                slowest.0.as_secs_f64() * 1000.0
            );
        }
    }
    current.lock().unwrap_or_else(|p| p.into_inner()).2 = true;
    let longest: Vec<String> = longest
        .iter()
        .map(|(v, t)| format!("{v} {:.1} ms", t.as_secs_f64() * 1e3))
        .collect();
    println!(
        "protocol: longest go depth 1 / nodes 1000, left to end by itself: {}",
        longest.join(", ")
    );
    println!(
        "protocol: {} lines, {} rejected, slowest line {:.1} ms: '{}'",
        tally.lines,
        tally.rejected,
        slowest.0.as_secs_f64() * 1000.0,
        slowest.1
    );
    tally
}

/// A `go` that must end by itself soon: one `depth 1` or one `nodes 1000` limit (beside
/// `side`, `searchmoves`, a clock), and nothing open-ended (`infinite`, `ponder`).
fn ends_by_itself(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    let count = |w: &str| words.iter().filter(|x| **x == w).count();
    let limit = words
        .windows(2)
        .any(|p| p == ["depth", "1"] || p == ["nodes", "1000"]);
    words.first() == Some(&"go")
        && limit
        && count("depth") + count("nodes") == 1
        && count("infinite") + count("ponder") + count("perft") == 0
}
