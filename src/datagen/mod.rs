//! `chimera datagen --variant V --games N --nodes K --threads T --seed S --out FILE
//! [--random-plies P] [--shard I/N] [--option NAME=VALUE...]`: self-play positions for tuning
//! (docs/tuning.md).
//!
//! Games are numbered 0 to N-1 and each is seeded by its number, so a game is the same whoever
//! plays it: shard I of N plays the games whose number is I modulo N, and shards' files
//! concatenate. Each game is appended to FILE whole, in one write, when it ends; a run started
//! again on the same FILE keeps the whole games there, drops a game an interruption cut, and
//! plays only the games missing.

pub mod record;
mod rounds;
mod selfplay;

use crate::cli::{name_value, ranged};
use chimera_engine::VariantOptions;
use chimera_protocol::registry::{Preset, VariantTask};
use chimera_protocol::rounds::DescribeRounds;
use chimera_protocol::session::Describe;
use record::{scan, Record};
use selfplay::{Searcher, Settings};
use std::io::Write;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// `chimera datagen`'s arguments (docs/tuning.md).
#[derive(clap::Args, Clone, Debug, PartialEq)]
pub struct Args {
    /// The variant, by its UCI_Variant name
    #[arg(long, value_name = "V", default_value = "chess")]
    pub variant: String,
    /// Games to play (all shards together)
    #[arg(long, value_name = "N", value_parser = ranged(1u64, u64::MAX))]
    pub games: u64,
    /// The node budget of each move's search
    #[arg(long, value_name = "K", default_value_t = 5_000, value_parser = ranged(1u64, u64::MAX))]
    pub nodes: u64,
    /// Games played at once
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = ranged(1usize, 1024))]
    pub threads: usize,
    /// The seed: each game is seeded by it and the game's number
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The file the positions are appended to (a run resumes from it)
    #[arg(long, value_name = "FILE")]
    pub out: String,
    /// Random plies that open each game
    #[arg(long, value_name = "P", default_value_t = 8, value_parser = ranged(0u32, 200))]
    pub random_plies: u32,
    /// `I/N`: this run plays the games numbered I modulo N
    #[arg(long, value_name = "I/N", default_value = "0/1", value_parser = shard)]
    pub shard: (u64, u64),
    /// A variant option for every game, such as `Detente=true` for 007 (repeatable); the
    /// file's first line records them, and `tune` reads its positions with them
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = name_value)]
    pub options: Vec<(String, String)>,
}

/// Reads `--shard I/N` (I below N); `chimera match` reads its own with it too.
pub(crate) fn shard(text: &str) -> Result<(u64, u64), String> {
    text.split_once('/')
        .and_then(|(i, n)| Some((i.parse().ok()?, n.parse().ok()?)))
        .filter(|&(i, n): &(u64, u64)| i < n)
        .ok_or_else(|| format!("'{text}' is not I/N with I below N (0/2, 1/2)"))
}

/// Runs the command; the error is the one line to print.
pub fn run(args: &Args) -> Result<(), String> {
    crate::cli::on_variant(&args.variant, Datagen(args))
}

struct Datagen<'a>(&'a Args);

impl VariantTask for Datagen<'_> {
    type Output = Result<(), String>;
    fn run<G: Describe>(self, name: &'static str, preset: Preset) -> Self::Output {
        let start = G::start(&options(self.0, preset)?);
        generate(self.0, name, |game, settings, searcher| {
            selfplay::play(&start, game, settings, searcher)
        })
    }
    /// Ven: both sides play `Play=maximin`'s serialized search ([`rounds`]).
    fn run_rounds<G: DescribeRounds>(self, name: &'static str, preset: Preset) -> Self::Output {
        let start = G::start(&options(self.0, preset)?);
        generate(self.0, name, |game, settings, searcher| {
            rounds::play(&start, game, settings, searcher)
        })
    }
}

/// The variant's options: its preset's, then `--option`'s.
fn options<O: VariantOptions>(args: &Args, preset: Preset) -> Result<O, String> {
    let mut options = O::default();
    for (n, v) in preset {
        options.set(n, v).map_err(|e| e.to_string())?;
    }
    for (n, v) in &args.options {
        options
            .set(n, v)
            .map_err(|e| format!("--option {n}={v}: {e}"))?;
    }
    Ok(options)
}

/// The settings line at the top of the output, which a resumed run must match. The options
/// come last, as `options=NAME=VALUE,...`, and only when there are some.
fn header(args: &Args, name: &str) -> String {
    let mut line = format!(
        "# chimera datagen variant={name} nodes={} seed={} random-plies={} shard={}/{} games={}",
        args.nodes, args.seed, args.random_plies, args.shard.0, args.shard.1, args.games
    );
    if !args.options.is_empty() {
        let pairs: Vec<String> = (args.options.iter())
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        line += &format!(" {OPTIONS_FIELD}{}", pairs.join(","));
    }
    line
}

/// The header's field of the variant options.
pub const OPTIONS_FIELD: &str = "options=";

/// The variant options a data file's header records (`header`), as name-value pairs.
pub fn header_options(text: &str) -> Vec<(String, String)> {
    let header = text.lines().next().unwrap_or("");
    let Some(field) = (header.starts_with("# chimera datagen "))
        .then(|| {
            header
                .split(' ')
                .find_map(|f| f.strip_prefix(OPTIONS_FIELD))
        })
        .flatten()
    else {
        return Vec::new();
    };
    (field.split(','))
        .filter_map(|p| p.split_once('='))
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect()
}

/// Plays the run's missing games with `play` (a game's number, the settings, the worker's
/// searcher: its records) and appends each to the output whole.
fn generate<P>(args: &Args, name: &str, play: P) -> Result<(), String>
where
    P: Fn(u64, &Settings, &mut Searcher) -> Vec<Record> + Sync,
{
    let header = header(args, name);
    let existing = match std::fs::read_to_string(&args.out) {
        Ok(text) => scan(&text).map_err(|e| format!("{}: {e}", args.out))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Default::default(),
        Err(e) => return Err(format!("cannot read '{}': {e}", args.out)),
    };
    if !existing.comments.is_empty() && existing.comments[0] != header {
        return Err(format!(
            "'{}' was made with other settings ('{}'); resume with those or choose another --out",
            args.out, existing.comments[0]
        ));
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .map_err(|e| format!("cannot open '{}': {e}", args.out))?;
    file.set_len(existing.keep as u64)
        .map_err(|e| format!("cannot cut '{}' back to its whole games: {e}", args.out))?;
    if existing.comments.is_empty() {
        writeln!(file, "{header}").map_err(|e| format!("cannot write '{}': {e}", args.out))?;
    }
    let (index, count) = args.shard;
    let todo: Vec<u64> = (index..args.games)
        .step_by(count as usize)
        .filter(|g| !existing.finished.contains(g))
        .collect();
    eprintln!(
        "datagen {name}: {} games to play ({} already in '{}'), {} nodes a move, {} threads",
        todo.len(),
        existing.finished.len(),
        args.out,
        args.nodes,
        args.threads
    );
    let settings = Settings {
        nodes: args.nodes,
        seed: args.seed,
        random_plies: args.random_plies,
    };
    let next = AtomicUsize::new(0);
    let (done, positions) = (AtomicU64::new(0), AtomicU64::new(0));
    let file = Mutex::new(file);
    let failure = Mutex::new(None);
    let begun = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..args.threads.min(todo.len().max(1)) {
            scope.spawn(|| {
                let mut searcher = Searcher::new(settings.nodes);
                while let Some(&game) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let records = play(game, &settings, &mut searcher);
                    let text: String = records.iter().map(|r| r.line()).collect();
                    // One write per game: an interruption cuts at most this game.
                    let written = file.lock().unwrap().write_all(text.as_bytes());
                    if let Err(e) = written {
                        *failure.lock().unwrap() =
                            Some(format!("cannot write '{}': {e}", args.out));
                        next.store(todo.len(), Ordering::Relaxed);
                        return;
                    }
                    positions.fetch_add(records.len() as u64, Ordering::Relaxed);
                    done.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
        scope.spawn(|| progress(&todo, &done, &positions, begun));
    });
    if let Some(e) = failure.into_inner().unwrap() {
        return Err(e);
    }
    Ok(())
}

/// Prints a progress line every few seconds until every game is done.
fn progress(todo: &[u64], done: &AtomicU64, positions: &AtomicU64, begun: Instant) {
    let total = todo.len() as u64;
    let mut last = Instant::now();
    loop {
        let finished = done.load(Ordering::Relaxed);
        let all_done = finished >= total;
        if all_done || last.elapsed() >= Duration::from_secs(10) {
            last = Instant::now();
            let secs = begun.elapsed().as_secs_f64().max(1e-3);
            let count = positions.load(Ordering::Relaxed);
            let eta = if finished == 0 {
                "?".to_string()
            } else {
                let left = secs / finished as f64 * (total - finished) as f64;
                format!("{}m{:02}s", left as u64 / 60, left as u64 % 60)
            };
            eprintln!(
                "games {finished}/{total}, positions {count}, {:.0} positions/s, ETA {eta}",
                count as f64 / secs
            );
        }
        if all_done {
            return;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Result<Args, String> {
        crate::cli::parse("datagen", &s.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn flags_parse_and_bad_tokens_are_named() {
        let a =
            args("--variant 007 --games 10 --nodes 500 --threads 2 --seed 3 --out x --shard 1/4")
                .unwrap();
        assert_eq!((a.games, a.nodes, a.threads, a.seed), (10, 500, 2, 3));
        assert_eq!(
            (a.variant.as_str(), a.out.as_str(), a.shard),
            ("007", "x", (1, 4))
        );
        assert!(args("--games ten --out x").unwrap_err().contains("'ten'"));
        assert!(args("--games 1 --out x --shard 4/4")
            .unwrap_err()
            .contains("'4/4'"));
        assert!(args("--games 1 --out x --bogus 1")
            .unwrap_err()
            .contains("'--bogus'"));
        assert!(args("--games 1 --out").unwrap_err().contains("'--out"));
        assert!(args("--out x").unwrap_err().contains("--games"));
        assert!(args("--games 0 --out x").unwrap_err().contains("'0'"));
        assert!(args("--games 1 --out x --option Detente")
            .unwrap_err()
            .contains("'Detente'"));
    }

    /// `--option` reaches the games, the header records it for `tune`, and a value the variant
    /// refuses is one error naming it, before any file is written.
    #[test]
    fn options_are_played_recorded_and_checked() {
        let a = args(
            "--variant 007 --games 1 --out x --option Detente=true --option Schedule=balanced",
        )
        .unwrap();
        let pairs = |p: &[(&str, &str)]| -> Vec<(String, String)> {
            p.iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect()
        };
        assert_eq!(
            a.options,
            pairs(&[("Detente", "true"), ("Schedule", "balanced")])
        );
        let line = header(&a, "007");
        assert!(
            line.ends_with(" options=Detente=true,Schedule=balanced"),
            "{line}"
        );
        assert_eq!(header_options(&format!("{line}\nrest")), a.options);
        assert_eq!(
            header_options(&header(&args("--games 1 --out x").unwrap(), "chess")),
            []
        );

        let out = std::env::temp_dir().join(format!("chimera-datagen-opt-{}", std::process::id()));
        let out = out.display().to_string();
        let e = run(&args(&format!(
            "--variant 007 --games 1 --out {out} --option Detente=maybe"
        ))
        .unwrap())
        .unwrap_err();
        assert!(e.contains("Detente=maybe"), "{e}");
        assert!(!std::path::Path::new(&out).exists());
        // Detente plays: a game under it is recorded with the option in the header.
        let line = format!("--variant 007 --games 1 --nodes 100 --out {out} --option Detente=true");
        run(&args(&line).unwrap()).unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        std::fs::remove_file(&out).unwrap();
        assert_eq!(header_options(&text), pairs(&[("Detente", "true")]));
    }

    /// Ven's games go to the same file format, and `tune --variant ven` reads them.
    #[test]
    fn ven_writes_records_that_tune_reads() {
        let out = std::env::temp_dir().join(format!("chimera-datagen-ven-{}", std::process::id()));
        let out = out.display().to_string();
        let line = format!("--variant ven --games 2 --nodes 200 --random-plies 4 --out {out}");
        run(&args(&line).unwrap()).unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(
            text.starts_with("# chimera datagen variant=ven nodes=200"),
            "{text}"
        );
        let records: Vec<Record> = (text.lines().skip(1))
            .map(|l| Record::parse(l).unwrap())
            .collect();
        assert!(!records.is_empty());
        let weights = format!("{out}.weights");
        let tune =
            format!("--variant ven --data {out} --held-out {out} --epochs 1 --out {weights}");
        crate::tune::run(&crate::cli::parse("tune", &tune.split(' ').collect::<Vec<_>>()).unwrap())
            .unwrap();
        assert!(std::fs::read_to_string(&weights)
            .unwrap()
            .contains("material.pawn"));
        std::fs::remove_file(&out).unwrap();
        std::fs::remove_file(&weights).unwrap();
    }

    #[test]
    fn shards_concatenate_to_the_whole_run_and_a_resumed_run_loses_only_the_cut_game() {
        let dir = std::env::temp_dir().join(format!("chimera-datagen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = |n: &str| dir.join(n).to_string_lossy().into_owned();
        let run_to = |out: &str, extra: &str| {
            // Four random plies unless `extra` names another count (a flag is given once).
            let plies = if extra.contains("--random-plies") {
                ""
            } else {
                "--random-plies 4"
            };
            let line = format!("--games 4 --nodes 200 --seed 5 {plies} --out {out} {extra}");
            run(&args(&line).unwrap())
        };
        let data = |out: &str| -> Vec<String> {
            let mut lines: Vec<String> = std::fs::read_to_string(out)
                .unwrap()
                .lines()
                .filter(|l| !l.starts_with('#'))
                .map(String::from)
                .collect();
            lines.sort();
            lines
        };
        run_to(&path("all"), "--threads 2").unwrap();
        run_to(&path("s0"), "--shard 0/2").unwrap();
        run_to(&path("s1"), "--shard 1/2").unwrap();
        let whole = data(&path("all"));
        let mut shards = [data(&path("s0")), data(&path("s1"))].concat();
        shards.sort();
        assert!(!whole.is_empty());
        assert_eq!(whole, shards);

        // Cut the file inside its last game, then resume: the same positions again.
        let text = std::fs::read_to_string(path("all")).unwrap();
        std::fs::write(path("all"), &text[..text.len() - 7]).unwrap();
        run_to(&path("all"), "").unwrap();
        assert_eq!(data(&path("all")), whole);
        // Other settings on the same file are refused.
        let e = run_to(&path("all"), "--random-plies 2").unwrap_err();
        assert!(e.contains("other settings"), "{e}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
