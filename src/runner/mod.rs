//! The match runner behind `chimera match`: engines as processes ([`process`]), refereed by
//! Chimera's own rules ([`referee`], one [`game`] at a time), on clocks the runner keeps
//! ([`clock`]), from start positions ([`openings`]), several games at once on worker threads,
//! with results summed up ([`stats`], [`tournament`]), tested ([`sprt`]), adjudicated
//! ([`adjudicate`]) and written as PGN ([`pgn`]).
//!
//! The variant is chosen once per match through the protocol's registry
//! ([`chimera_protocol::registry::with_variant`]); everything below is generic over
//! [`kind::Refereed`], which sequential games and simultaneous ones (Ven) both are, so a new
//! registry line is a new variant the runner plays.

pub mod adjudicate;
pub mod clock;
pub mod config;
pub mod game;
pub mod kind;
pub mod openings;
pub mod pgn;
pub mod process;
pub mod referee;
pub mod rounds;
pub mod sprt;
pub mod stats;
pub mod tournament;

use chimera_engine::option;
use chimera_engine::{Player, VariantOptions};
use chimera_protocol::registry::{Preset, VariantTask};
use chimera_protocol::rounds::DescribeRounds;
use chimera_protocol::session::Describe;
use config::{Config, EngineSpec};
use game::{GameRecord, GameResult, GameRules, Termination};
use kind::{Refereed, Simultaneous};
use openings::Opening;
use process::{EngineInfo, EngineProcess};
use sprt::Decision;
use std::collections::BTreeMap;
use std::fs::File;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tournament::{Pairing, Table};

/// Runs the match `config` describes, printing progress and the final tables on stdout.
pub fn run(config: Config) -> Result<(), String> {
    let variant = config.variant.clone();
    crate::cli::on_variant(&variant, MatchTask(config))
}

struct MatchTask(Config);

impl VariantTask for MatchTask {
    type Output = Result<(), String>;
    fn run<G: Describe>(self, name: &'static str, preset: Preset) -> Self::Output {
        run_match::<G>(self.0, name, preset)
    }
    fn run_rounds<G: DescribeRounds>(self, name: &'static str, preset: Preset) -> Self::Output {
        run_match::<Simultaneous<G>>(self.0, name, preset)
    }
}

/// The variant's options for the referee: the registry's preset, then the match-wide options
/// that are the variant's. An engine's own option may not change the rules for one side.
fn rule_options<G: Refereed>(config: &Config, preset: Preset) -> Result<G::Options, String> {
    let specs = G::Options::specs();
    // The variant's options that are rules; the others (an evaluation switch) are each
    // engine's own business.
    let canonical = |name: &str| {
        option::find(specs, name)
            .map(|s| s.name)
            .filter(|n| G::Options::is_rule(n))
    };
    let mut options = G::Options::default();
    for (name, value) in preset {
        options.set(name, value).map_err(|e| e.to_string())?;
    }
    for (name, value) in &config.options {
        if let Some(name) = canonical(name) {
            options
                .set(name, value)
                .map_err(|e| format!("--option {name}={value}: {e}"))?;
        }
    }
    for engine in &config.engines {
        if let Some((name, _)) = engine.options.iter().find(|(n, _)| canonical(n).is_some()) {
            return Err(format!(
                "'{name}' is a rule of the variant: give it before the first --engine, so both sides play by it"
            ));
        }
    }
    Ok(options)
}

/// Starts an engine and sets it up for the variant: `uci`, `UCI_Variant`, the options, and
/// `isready`.
fn launch(
    spec: &EngineSpec,
    variant: &str,
    options: &[(String, String)],
    timeout: Duration,
) -> Result<(EngineProcess, EngineInfo), String> {
    let mut engine = EngineProcess::start(&spec.command).map_err(|e| e.to_string())?;
    let info = engine
        .handshake(timeout)
        .map_err(|e| format!("no 'uciok': {e}"))?;
    match &info.variants {
        Some(vars) => {
            let var = vars
                .iter()
                .find(|v| v.eq_ignore_ascii_case(variant))
                .ok_or_else(|| {
                    format!("does not play '{variant}' (its UCI_Variant lists {vars:?})")
                })?;
            engine
                .send(&format!("setoption name UCI_Variant value {var}"))
                .map_err(|e| e.to_string())?;
        }
        None if variant == "chess" => {}
        None => {
            return Err(format!(
                "has no UCI_Variant option, so it cannot play '{variant}'"
            ))
        }
    }
    for (name, value) in options.iter().chain(&spec.options) {
        if !info.options.iter().any(|o| o.eq_ignore_ascii_case(name)) {
            return Err(format!("has no option '{name}'"));
        }
        engine
            .send(&format!("setoption name {name} value {value}"))
            .map_err(|e| e.to_string())?;
    }
    engine
        .sync(timeout)
        .map_err(|e| format!("no 'readyok': {e}"))?;
    Ok((engine, info))
}

/// What the workers share.
struct Shared<'a, G: Refereed> {
    config: &'a Config,
    variant: &'static str,
    names: &'a [String],
    openings: &'a [Opening<G>],
    schedule: &'a [Pairing],
    rules: GameRules,
    next: AtomicUsize,
    stop: AtomicBool,
}

impl<G: Refereed> Shared<'_, G> {
    /// Makes `engines[e]` ready for a new game, starting it if it is not running (or fails to
    /// answer `isready`). The error is the reason it forfeits.
    fn prepare(&self, engines: &mut [Option<EngineProcess>], e: usize) -> Result<(), String> {
        if let Some(engine) = &mut engines[e] {
            let ready = engine
                .send("ucinewgame")
                .and_then(|_| engine.sync(self.config.timeout));
            if ready.is_ok() {
                return Ok(());
            }
            engines[e] = None;
        }
        let (engine, _) = launch(
            &self.config.engines[e],
            self.variant,
            &self.config.options,
            self.config.timeout,
        )?;
        engines[e] = Some(engine);
        Ok(())
    }

    /// Plays scheduled games until none is left or `stop` is raised, sending each record.
    fn worker(&self, results: mpsc::Sender<GameRecord>) {
        let mut engines: Vec<Option<EngineProcess>> =
            (0..self.config.engines.len()).map(|_| None).collect();
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if i >= self.schedule.len() || self.stop.load(Ordering::Relaxed) {
                return;
            }
            let pairing = self.schedule[i];
            let opening = &self.openings[pairing.opening];
            let mut failed = None;
            for player in Player::BOTH {
                let e = pairing.seats[player.index()];
                if let Err(why) = self.prepare(&mut engines, e) {
                    failed = Some((player, why));
                    break;
                }
            }
            let record = match failed {
                Some((loser, why)) => GameRecord {
                    start_fen: opening.position.fen(),
                    result: GameResult::forfeit(
                        loser,
                        Termination::Abandoned,
                        format!(
                            "{} forfeits: {why}",
                            self.names[pairing.seats[loser.index()]]
                        ),
                    ),
                    ..GameRecord::default()
                },
                None => {
                    let [w, b] = pairing.seats;
                    let mut white = engines[w].take().expect("prepared");
                    let mut black = engines[b].take().expect("prepared");
                    let mut broken = [false; 2];
                    let record = game::play_game(
                        G::referee(opening),
                        &self.rules,
                        [&mut white, &mut black],
                        [&self.names[w], &self.names[b]],
                        &self.stop,
                        &mut broken,
                    );
                    // A crashed or hung engine is dropped (killed) and restarted next game.
                    if !broken[0] {
                        engines[w] = Some(white);
                    }
                    if !broken[1] {
                        engines[b] = Some(black);
                    }
                    match record {
                        Some(r) => r,
                        None => return,
                    }
                }
            };
            let record = GameRecord {
                number: pairing.number,
                seats: pairing.seats,
                ..record
            };
            if results.send(record).is_err() {
                return;
            }
        }
    }
}

/// Engine names: `--name`, else `id name`, else the command; repeated ones numbered.
fn unique_names(names: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(names.len());
    for name in &names {
        let mut candidate = name.clone();
        let mut n = 1;
        while out.contains(&candidate) {
            n += 1;
            candidate = format!("{name} #{n}");
        }
        out.push(candidate);
    }
    out
}

/// Plays the match: its openings, its engines checked once, the games on worker threads with
/// each result reported as it comes, then the summary.
fn run_match<G: Refereed>(
    config: Config,
    variant: &'static str,
    preset: Preset,
) -> Result<(), String> {
    let options = rule_options::<G>(&config, preset)?;
    let openings = load_openings::<G>(&config, &options)?;
    let names = unique_names(check_engines(&config, variant)?);
    let schedule = tournament::schedule(
        config.engines.len(),
        config.games,
        openings.len(),
        config.shard,
    );
    let mut pgn_file = match &config.pgn {
        Some(path) => Some(
            File::create(path).map_err(|e| format!("cannot write '{}': {e}", path.display()))?,
        ),
        None => None,
    };
    let shared = Shared {
        config: &config,
        variant,
        names: &names,
        openings: &openings,
        schedule: &schedule,
        rules: GameRules {
            time: config.time.clone(),
            timeout: config.timeout,
            resign: config.resign,
            draw: config.draw,
            max_plies: config.max_plies,
        },
        next: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
    };
    let workers = config.concurrency.min(schedule.len()).max(1);
    println!(
        "{} games of {variant}: {} ({workers} concurrent)",
        schedule.len(),
        names.join(" vs "),
    );
    let header = PgnTags {
        date: pgn::today(),
        variant: G::pgn_variant(variant, &options),
        time_control: config.time.pgn_tag(),
    };
    let mut tally = Tally::new(names.clone());
    let begun = Instant::now();
    std::thread::scope(|scope| -> Result<(), String> {
        let (send, receive) = mpsc::channel();
        for _ in 0..workers {
            let send = send.clone();
            let shared = &shared;
            std::thread::Builder::new()
                .name("match-worker".into())
                .spawn_scoped(scope, move || shared.worker(send))
                .map_err(|e| format!("cannot start a worker thread: {e}"))?;
        }
        drop(send);
        for record in receive {
            tally.add(&record, &config, schedule.len(), &shared.stop);
            if let Some(file) = &mut pgn_file {
                file.write_all(header.game(&names, &record).as_bytes())
                    .map_err(|e| format!("writing the PGN: {e}"))?;
            }
        }
        Ok(())
    })?;
    tally.print_summary(&config, begun.elapsed());
    Ok(())
}

/// The match's start positions: the openings file's (or the variant's start), each with the
/// book's random plies.
fn load_openings<G: Refereed>(
    config: &Config,
    options: &G::Options,
) -> Result<Vec<Opening<G>>, String> {
    let given = match &config.openings {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
            Some(
                openings::parse_fens::<G>(&text, options)
                    .map_err(|e| format!("{}: {e}", path.display()))?,
            )
        }
        None => None,
    };
    openings::openings(
        given.as_deref(),
        options,
        config.games.div_ceil(2),
        config.book_plies,
        config.seed,
    )
}

/// Starts each engine once up front (a clear error now rather than a forfeit per game); the
/// names they go by: the command line's, else the engine's own, else its command.
fn check_engines(config: &Config, variant: &str) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    for (i, spec) in config.engines.iter().enumerate() {
        let (_, info) = launch(spec, variant, &config.options, config.timeout)
            .map_err(|e| format!("engine {} ('{}'): {e}", i + 1, spec.command.join(" ")))?;
        names.push(
            spec.name
                .clone()
                .or(info.name)
                .unwrap_or_else(|| spec.command.join(" ")),
        );
    }
    Ok(names)
}

/// The PGN tags every game of the match shares.
struct PgnTags {
    date: String,
    variant: &'static str,
    time_control: String,
}

impl PgnTags {
    /// One game's PGN text.
    fn game(&self, names: &[String], record: &GameRecord) -> String {
        let [w, b] = record.seats;
        let header = pgn::PgnHeader {
            event: "chimera match",
            date: &self.date,
            variant: self.variant,
            white: &names[w],
            black: &names[b],
            time_control: &self.time_control,
        };
        pgn::write_game(&header, record)
    }
}

/// What the finished games add up to, as they come in.
struct Tally {
    names: Vec<String>,
    table: Table,
    terminations: BTreeMap<Termination, u32>,
    decision: Option<Decision>,
    finished: usize,
    answers: u64,
    wall: Duration,
    engine_time: Duration,
}

impl Tally {
    fn new(names: Vec<String>) -> Self {
        Tally {
            table: Table::new(names.clone()),
            names,
            terminations: BTreeMap::new(),
            decision: None,
            finished: 0,
            answers: 0,
            wall: Duration::ZERO,
            engine_time: Duration::ZERO,
        }
    }

    /// Counts one finished game and prints its result, the running score of a two-engine
    /// match and its SPRT status; a decision sets `stop`.
    fn add(&mut self, record: &GameRecord, config: &Config, games: usize, stop: &AtomicBool) {
        self.finished += 1;
        let [w, b] = record.seats;
        let result = &record.result;
        self.table.add(w, b, result.points(Player::White));
        if !matches!(
            result.termination,
            Termination::Normal | Termination::Adjudication
        ) {
            if let Some(winner) = result.winner {
                self.table.forfeits[record.seats[winner.other().index()]] += 1;
            }
        }
        *self.terminations.entry(result.termination).or_default() += 1;
        self.answers += u64::from(record.answers);
        self.wall += record.wall;
        self.engine_time += record.engine_time;
        let names = &self.names;
        println!(
            "Game {} ({} vs {}): {} {{{}}}",
            record.number,
            names[w],
            names[b],
            result.result_str(),
            result.reason
        );
        if names.len() == 2 {
            let r = self.table.results[0][1];
            println!(
                "Score of {} vs {}: {} after {}/{games} games",
                names[0],
                names[1],
                r.summary(),
                r.games(),
            );
            if let Some(sprt) = &config.sprt {
                println!("{}", sprt.status(&r));
                if self.decision.is_none() {
                    self.decision = sprt.decision(&r);
                    if self.decision.is_some() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
    }

    /// The closing lines: standings, crosstable or score, terminations, the SPRT's verdict and
    /// where the time went.
    fn print_summary(&self, config: &Config, elapsed: Duration) {
        let names = &self.names;
        println!(
            "\nFinished {} games in {:.1} s",
            self.finished,
            elapsed.as_secs_f64()
        );
        print!("{}", self.table.standings());
        if names.len() > 2 {
            println!("\nCrosstable (points/games):");
            print!("{}", self.table.crosstable());
        } else {
            let r = self.table.results[0][1];
            println!("\n{} vs {}: {}", names[0], names[1], r.summary());
        }
        let ends: Vec<String> = self
            .terminations
            .iter()
            .map(|(t, n)| format!("{} {n}", t.pgn()))
            .collect();
        println!("Terminations: {}", ends.join(", "));
        if let Some(sprt) = &config.sprt {
            let r = self.table.results[0][1];
            let verdict = match self.decision {
                Some(Decision::H1) => format!(
                    "H1 accepted: {} is at least {} Elo stronger",
                    names[0], sprt.elo1
                ),
                Some(Decision::H0) => format!(
                    "H0 accepted: {} is at most {} Elo stronger",
                    names[0], sprt.elo0
                ),
                None => "no decision yet".into(),
            };
            println!("{}: {verdict}", sprt.status(&r));
        }
        if self.answers > 0 {
            let per = |d: Duration| d.as_secs_f64() * 1000.0 / self.answers as f64;
            println!(
                "Moves: {} answers; per answer {:.3} ms in games, of which {:.3} ms waiting for engines, {:.3} ms the runner's own",
                self.answers,
                per(self.wall),
                per(self.engine_time),
                per(self.wall.saturating_sub(self.engine_time))
            );
        }
    }
}
