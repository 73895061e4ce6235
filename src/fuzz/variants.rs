//! The fuzz targets below the protocol, for one variant at a time (the registry hands each task
//! the variant's types): random legal games with their invariants checked at every position,
//! the FEN parser and the move parser fed mutations of what those games produced. What the
//! games met is kept as valid protocol lines for the protocol target. Written once for both
//! kinds of game, over [`Kind`].

use super::mutate::mutate_text;
use super::play::{one_line, Kind, Options, Sequential, Simultaneous};
use super::{guarded, Tally};
use chimera_engine::game::VariantOptions;
use chimera_engine::GameState;
use chimera_protocol::registry::{Preset, VariantTask};
use chimera_protocol::rounds::DescribeRounds;
use chimera_protocol::session::Describe;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::fmt::Display;

/// How much of each target to run for one variant.
#[derive(Clone, Copy)]
pub struct Budget {
    pub seed: u64,
    /// Random games played to the end (or `max_plies`).
    pub games: usize,
    pub max_plies: usize,
    /// Mutated FENs parsed.
    pub fens: usize,
    /// Mutated move tokens parsed.
    pub moves: usize,
}

/// What one variant's targets did, and the valid text they met.
#[derive(Default)]
pub struct VariantReport {
    pub name: &'static str,
    pub tally: Tally,
    /// Valid protocol lines of this variant (`position`, `go`, its options).
    pub lines: Vec<String>,
}

pub struct VariantFuzz(pub Budget);

/// One variant's run: what the games met, the generator, the report being written.
struct Run {
    name: &'static str,
    rng: SmallRng,
    report: VariantReport,
    fens: Vec<String>,
    /// Move (order) tokens played.
    tokens: Vec<String>,
}

impl Run {
    fn new(name: &'static str, seed: u64) -> Run {
        Run {
            name,
            rng: SmallRng::seed_from_u64(seed),
            report: VariantReport {
                name,
                ..VariantReport::default()
            },
            fens: Vec::new(),
            tokens: Vec::new(),
        }
    }

    /// A failure, named by the variant.
    fn fail(&mut self, what: impl Display) {
        let failure = format!("{}: {what}", self.name);
        self.report.tally.fail(failure);
    }

    /// A position met in play, and what its invariants said.
    fn met(&mut self, fen: String, checked: Result<(), String>) {
        self.report.tally.positions += 1;
        if let Err(e) = checked {
            self.fail(format_args!("{e} (fen {fen})"));
        }
        self.fens.push(fen);
    }

    /// A game played: `position` lines along it.
    fn played(&mut self, tokens: &[String]) {
        let lines = position_lines(tokens, &self.fens, &mut self.rng);
        self.report.lines.extend(lines);
    }

    /// The FEN parser on `cases` mutations of the FENs met. Never a panic; what parses is a
    /// real position, which plays.
    fn mutated_fens<K: Kind>(&mut self, cases: usize, options: &Options<K>) {
        for _ in 0..cases {
            let text = mutate_text(
                &self.fens[self.rng.random_range(0..self.fens.len())],
                &mut self.rng,
            );
            self.report.tally.fens += 1;
            let checked = guarded(|| match K::Pos::from_fen(&text, options) {
                Ok(pos) => K::check(&pos, options).map(|_| K::play_some(&pos, 8)),
                Err(e) => one_line(e.what()),
            });
            if let Err(e) = checked {
                self.fail(format_args!("FEN '{text}': {e}"));
            }
        }
    }

    /// The move parser on `cases` mutations of the tokens played, each at a FEN met (one that
    /// does not stand alone is skipped). What parses is legal.
    fn mutated_moves<K: Kind>(&mut self, cases: usize, options: &Options<K>) {
        for _ in 0..cases {
            let fen = self.fens[self.rng.random_range(0..self.fens.len())].clone();
            let token = mutate_text(
                &self.tokens[self.rng.random_range(0..self.tokens.len())],
                &mut self.rng,
            );
            let rng = &mut self.rng;
            let parsed = guarded(|| {
                Ok(K::Pos::from_fen(&fen, options)
                    .ok()
                    .map(|pos| K::parse_token(&pos, &token, rng)))
            });
            let Some(checked) = parsed.transpose() else {
                continue;
            };
            self.report.tally.moves += 1;
            if let Err(e) = checked.and_then(|r| r) {
                self.fail(format_args!("move '{token}' at {fen}: {e}"));
            }
        }
    }

    fn finish<O: VariantOptions>(mut self, simultaneous: bool) -> VariantReport {
        let go = go_lines(&self.tokens, simultaneous, &mut self.rng);
        self.report.lines.extend(go);
        self.report.lines.extend(option_lines::<O>());
        self.report
    }
}

impl VariantTask for VariantFuzz {
    type Output = VariantReport;

    fn run<G: Describe>(self, name: &'static str, preset: Preset) -> VariantReport {
        fuzz::<Sequential<G>>(self.0, name, preset)
    }

    fn run_rounds<G: DescribeRounds>(self, name: &'static str, preset: Preset) -> VariantReport {
        fuzz::<Simultaneous<G>>(self.0, name, preset)
    }
}

/// One variant's targets: random games with every position checked, then the FEN and move
/// parsers on mutations of what the games met.
fn fuzz<K: Kind>(b: Budget, name: &'static str, preset: Preset) -> VariantReport {
    let options = options_of(preset);
    let mut run = Run::new(name, b.seed);
    for _ in 0..b.games {
        let mut pos = K::Pos::start(&options);
        let mut played: Vec<String> = Vec::new();
        for _ in 0..b.max_plies {
            run.met(pos.fen(), K::check(&pos, &options));
            let Some(step) = K::random_step(&pos, &mut run.rng) else {
                break;
            };
            run.tokens.push(step.token);
            played.push(step.played);
            pos = step.next;
        }
        run.played(&played);
    }
    run.mutated_fens::<K>(b.fens, &options);
    run.mutated_moves::<K>(b.moves, &options);
    run.finish::<Options<K>>(K::SIMULTANEOUS)
}

fn options_of<O: VariantOptions>(preset: Preset) -> O {
    let mut options = O::default();
    for (name, value) in preset {
        // The registry's own text: checked by the registry's tests.
        let _ = options.set(name, value);
    }
    options
}

/// `position` lines along a played game: from the start with a prefix of the moves, and from
/// a FEN met on the way.
fn position_lines(played: &[String], fens: &[String], rng: &mut SmallRng) -> Vec<String> {
    let cut = rng.random_range(0..=played.len());
    let mut lines = vec![format!(
        "position startpos moves {}",
        played[..cut].join(" ")
    )];
    if let Some(fen) = fens.last() {
        lines.push(format!("position fen {fen}"));
    }
    lines
}

/// `go` lines of every kind, short enough to end soon by themselves.
fn go_lines(tokens: &[String], simultaneous: bool, rng: &mut SmallRng) -> Vec<String> {
    let side = if simultaneous { "side white " } else { "" };
    let some_move = tokens
        .get(rng.random_range(0..tokens.len().max(1)))
        .cloned()
        .unwrap_or_default();
    [
        "depth 1".to_string(),
        "depth 2".to_string(),
        "nodes 500".to_string(),
        "nodes 1000".to_string(),
        "movetime 2".to_string(),
        "wtime 200 btime 200 winc 0 binc 0".to_string(),
        "wtime 100 btime 100 movestogo 1".to_string(),
        "infinite".to_string(),
        "ponder wtime 100 btime 100".to_string(),
        "mate 1".to_string(),
        format!("searchmoves {some_move} depth 1"),
        "perft 1".to_string(),
        "perft 2".to_string(),
        "depth -1".to_string(),
        "nodes 99999999999999999999".to_string(),
        "wtime -5".to_string(),
    ]
    .iter()
    .map(|rest| {
        if rest.starts_with("perft") {
            format!("go {rest}")
        } else {
            format!("go {side}{rest}")
        }
    })
    .chain(simultaneous.then(|| "go side black depth 1".to_string()))
    .chain(simultaneous.then(|| "go depth 1".to_string()))
    .collect()
}

/// A `setoption` line for every value of every option of the variant (spins: the ends), then
/// its default.
fn option_lines<O: VariantOptions>() -> Vec<String> {
    O::specs()
        .iter()
        .flat_map(|spec| {
            spec.sample_values()
                .into_iter()
                .map(|value| format!("setoption name {} value {value}", spec.name))
        })
        .collect()
}
