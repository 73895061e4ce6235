//! One variant's side of the protocol: its options, its position with the game before it, and
//! the commands that need the variant's types. [`GameSession`] is generic and monomorphised per
//! variant; the protocol holds each behind the object-safe [`Session`], so it dispatches once
//! per command and the search below runs without any dynamic call.

use crate::command::{Go, Start};
use crate::diagram::diagram;
use crate::error::CommandError;
use crate::options::EngineOptions;
use crate::reply::{self, Out};
use chimera_engine::baseline::{self, Play};
use chimera_engine::history::History;
use chimera_engine::option::OptionSpec;
use chimera_engine::perft;
use chimera_engine::search::{self, Control, Limits, SearchParams, TranspositionTable};
use chimera_engine::{Game, ParseError, VariantOptions};
use rand::rngs::SmallRng;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

pub use chimera_engine::describe::{squares_text, Describe, DescribeBoard, EvalRow};

/// A `go perft` to run: given what says stop, the text to print.
pub type PerftJob = Box<dyn FnOnce(&(dyn Fn() -> bool + Sync)) -> String + Send>;

/// A `bench` to run on its own thread: given where to print and what stops it, its totals.
pub type BenchJob = Box<dyn FnOnce(&Out, &Arc<Control>) -> BenchTotals + Send>;

/// The FENs `bench` searches: the variant's list, or else its start position.
pub fn bench_fens(list: &[&str], start: impl FnOnce() -> String) -> Vec<String> {
    let mut fens: Vec<String> = list.iter().map(|f| f.to_string()).collect();
    if fens.is_empty() {
        fens.push(start());
    }
    fens
}

/// Hands each of `fens` that `parse` reads to `search`, with its index, until `control` stops
/// (a line then says how far the bench got); a FEN that does not parse is an error line.
pub fn bench_each<P>(
    fens: &[String],
    out: &Out,
    control: &Control,
    parse: impl Fn(&str) -> Result<P, ParseError>,
    mut search: impl FnMut(usize, &str, P),
) {
    for (i, fen) in fens.iter().enumerate() {
        if control.is_stopped() {
            out.line(&format!(
                "info string bench stopped: {i} of {} positions searched",
                fens.len()
            ));
            return;
        }
        match parse(fen) {
            Ok(pos) => search(i, fen, pos),
            Err(e) => out.error(format!("bench position {}: {e}", i + 1)),
        }
    }
}

/// The closing lines of a divide that `stop` cut short, before its `Nodes searched` line.
pub fn perft_stopped_note(counted: usize, of: usize) -> String {
    format!("info string perft stopped: {counted} of {of} root moves counted whole\n")
}

/// Everything a search thread takes along.
pub struct SearchEnv {
    pub tt: Arc<TranspositionTable>,
    pub control: Arc<Control>,
    /// Set with the `bestmove` line ([`Out::answer`]): from then on the GUI may send the next
    /// `go`.
    pub done: Arc<AtomicBool>,
    pub options: EngineOptions,
    pub out: Out,
    /// The baseline players' generator, seeded by `Seed` and kept across searches.
    pub rng: Arc<Mutex<SmallRng>>,
}

/// Nodes and time of a `bench`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct BenchTotals {
    pub positions: usize,
    pub nodes: u64,
    pub time: Duration,
}

/// A variant's session as the protocol sees it. Errors name the bad token; on error nothing
/// changes.
pub trait Session: Send {
    /// The `UCI_Variant` name.
    fn name(&self) -> &'static str;
    /// The variant's options, as `uci` lists them.
    fn option_specs(&self) -> &'static [OptionSpec];
    /// Sets a variant option; the position goes back to the start (the rules changed).
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), ParseError>;
    /// Back to the start position.
    fn reset(&mut self);
    /// `position`: replaces the position only if the FEN and every move are good.
    fn set_position(&mut self, start: &Start, moves: &[String]) -> Result<(), ParseError>;
    /// Starts a search of the current position on its own thread, which prints `info` lines
    /// and finally `bestmove`.
    fn go(&self, go: &Go, env: SearchEnv) -> Result<JoinHandle<()>, CommandError>;
    /// `go perft N`: a job counting the divide of the current position, to run on its own
    /// thread so that `stop`, `isready` and `quit` are answered meanwhile; its text is the
    /// divide, or once stopped the root moves counted whole and a line saying it stopped.
    fn perft(&self, depth: u32, threads: usize) -> PerftJob;
    /// `d`.
    fn display(&self) -> String;
    /// `eval`.
    fn eval(&self) -> String;
    /// `bench`: a job searching the variant's bench positions to `depth` (or its default)
    /// with one thread and a fresh 16 MiB table, printing a line per position; a stop ends it
    /// after the position it is on.
    fn bench(&self, depth: Option<u32>) -> BenchJob;
}

/// What both kinds of session keep of their variant: its name and its options.
pub struct Variant<O: VariantOptions> {
    pub name: &'static str,
    pub options: O,
}

impl<O: VariantOptions> Variant<O> {
    /// Variant `name`, whose options `preset` adjusts (e.g. a deep board).
    pub fn new(name: &'static str, preset: &[(&str, &str)]) -> Self {
        let mut options = O::default();
        for (option, value) in preset {
            // A preset is the registry's own text: an error there is a bug, found by the tests.
            options.set(option, value).expect("variant preset");
        }
        Variant { name, options }
    }

    /// Sets one option; on error the options stay as they were.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ParseError> {
        let mut options = self.options.clone();
        options.set(name, value)?;
        self.options = options;
        Ok(())
    }
}

pub struct GameSession<G: Game> {
    variant: Variant<G::Options>,
    history: History<G>,
}

impl<G: Describe> GameSession<G> {
    /// A session of variant `name`, whose options `preset` adjusts (e.g. a deep board).
    pub fn new(name: &'static str, preset: &[(&str, &str)]) -> Self {
        let variant = Variant::new(name, preset);
        let history = History::new(G::start(&variant.options));
        GameSession { variant, history }
    }

    pub fn position(&self) -> &G {
        self.history.position()
    }
}

/// The error of a move token, naming the token if the variant's message does not.
fn move_error(token: &str, e: ParseError) -> ParseError {
    if e.token() == Some(token) {
        e
    } else {
        ParseError::with_token(format!("move '{token}': {e}"), token)
    }
}

/// A baseline player's answer, on a thread like a search's: it waits for `stop` only in an
/// `infinite` or `ponder` search, as UCI asks of any `bestmove`.
fn spawn_baseline<G: Game>(
    root: G,
    go: &Go,
    env: SearchEnv,
) -> Result<JoinHandle<()>, CommandError> {
    let open_ended = go.limits.infinite || go.limits.ponder;
    std::thread::Builder::new()
        .name("baseline".into())
        .spawn(move || {
            let play = env.options.play;
            let (turn, value) = {
                let mut rng = env.rng.lock().unwrap_or_else(|p| p.into_inner());
                baseline::choose_turn(&root, play, &mut rng)
            };
            while open_ended && !env.control.is_stopped() {
                std::thread::sleep(Duration::from_millis(1));
            }
            let bestmove = if turn.is_empty() {
                env.out.line(&reply::no_move_info(&root));
                "bestmove (none)".to_string()
            } else {
                if play == Play::Greedy {
                    // The one-ply value, so score adjudication can read it; random has none.
                    env.out.line(&format!(
                        "info depth 1 score {} nodes 0",
                        reply::score_text(value.clamp(-20_000, 20_000))
                    ));
                }
                format!("bestmove {}", reply::plies_text(&root, &turn))
            };
            env.out.answer(&bestmove, &env.done);
        })
        .map_err(CommandError::thread("baseline"))
}

impl<G: Describe> Session for GameSession<G> {
    fn name(&self) -> &'static str {
        self.variant.name
    }

    fn option_specs(&self) -> &'static [OptionSpec] {
        G::Options::specs()
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), ParseError> {
        self.variant.set(name, value)?;
        self.reset();
        Ok(())
    }

    fn reset(&mut self) {
        self.history = History::new(G::start(&self.variant.options));
    }

    fn set_position(&mut self, start: &Start, moves: &[String]) -> Result<(), ParseError> {
        let root = match start {
            Start::StartPos => G::start(&self.variant.options),
            Start::Fen(fen) => G::from_fen(fen, &self.variant.options)?,
        };
        let mut history = History::new(root);
        // A token is a turn: several plies where the variant says so (007), played in order.
        for token in moves {
            for ply in G::turn_plies(token) {
                let mv = history
                    .position()
                    .parse_move(ply)
                    .map_err(|e| move_error(token, e))?;
                history.play(mv);
            }
        }
        self.history = history;
        Ok(())
    }

    fn go(&self, go: &Go, env: SearchEnv) -> Result<JoinHandle<()>, CommandError> {
        let root = self.position().clone();
        if let Some(side) = go.side.filter(|s| *s != root.to_move()) {
            return Err(ParseError::new(format!(
                "go: side '{side}' is not to move in {} ({} is)",
                self.variant.name,
                root.to_move()
            ))
            .into());
        }
        let keys = self.history.keys().to_vec();
        let search_moves = go
            .search_moves
            .iter()
            .map(|t| root.parse_move(t).map_err(|e| move_error(t, e)))
            .collect::<Result<Vec<_>, _>>()?;
        if env.options.play.is_baseline() {
            return spawn_baseline(root, go, env);
        }
        let o = &env.options;
        let params = SearchParams {
            limits: go.limits.clone(),
            search_moves,
            threads: o.threads,
            multipv: o.multipv,
            move_overhead: Duration::from_millis(o.move_overhead_ms),
            seed: o.seed,
            pruning: o.pruning,
        };
        std::thread::Builder::new()
            .name("search".into())
            .stack_size(32 << 20)
            .spawn(move || {
                let SearchEnv {
                    tt,
                    control,
                    out,
                    done,
                    options,
                    ..
                } = env;
                let mut result = search::search(&root, &keys, &params, &tt, &control, &mut |r| {
                    out.line(&reply::report_line(&root, &r, options.show_wdl))
                });
                // `bestmove` names the whole turn: search the plies the line leaves open.
                result.pv = search::complete_turn(&root, &keys, &params, &result, &tt, &control);
                if result.best.is_none() {
                    out.line(&reply::no_move_info(&root));
                }
                let bestmove = reply::bestmove_line(&root, &result, &tt);
                out.answer(&bestmove, &done);
            })
            .map_err(CommandError::thread("search"))
    }

    fn perft(&self, depth: u32, threads: usize) -> PerftJob {
        let pos = self.position().clone();
        Box::new(move |stop| {
            let (counted, complete) = perft::divide_until(&pos, depth, threads, stop);
            let text = perft::format_divide(&pos, &counted);
            if complete {
                return text;
            }
            let mut moves = G::Moves::default();
            pos.legal_moves(&mut moves);
            let note = perft_stopped_note(counted.len(), moves.len());
            text.replacen("\nNodes searched", &format!("\n{note}Nodes searched"), 1)
        })
    }

    fn display(&self) -> String {
        let pos = self.position();
        let fen = pos.fen();
        let mut text = diagram(&pos.board_view()).unwrap_or_default();
        text.push_str(&format!(
            "\nVariant: {}\nFen: {fen}\nKey: {:016X}\nCheckers: {}\n",
            self.variant.name,
            pos.key(),
            pos.checkers_text()
        ));
        text
    }

    fn eval(&self) -> String {
        let pos = self.position();
        let rows = pos.eval_rows();
        let mut text = String::new();
        if !rows.is_empty() {
            let rule = format!("{}\n", "-".repeat(70));
            text.push_str(&format!(
                "{:>16} | {:>15} | {:>15} | {:>15}\n",
                "Term", "White  MG    EG", "Black  MG    EG", "Total  MG    EG"
            ));
            text.push_str(&rule);
            for r in &rows {
                let total = [r.white[0] - r.black[0], r.white[1] - r.black[1]];
                text.push_str(&format!(
                    "{:>16} | {:>7} {:>7} | {:>7} {:>7} | {:>7} {:>7}\n",
                    r.term, r.white[0], r.white[1], r.black[0], r.black[1], total[0], total[1]
                ));
            }
            text.push_str(&rule);
        }
        if let Some((phase, full)) = pos.eval_phase() {
            text.push_str(&format!(
                "Phase {phase}/{full}: total = (MG * {phase} + EG * {}) / {full}\n",
                full - phase
            ));
        }
        let mover = pos.to_move();
        let score = pos.evaluate_for_mover();
        text.push_str(&format!(
            "Final evaluation: {:+} cp ({mover} to move), {:+} cp from White's side\n",
            score,
            score * mover.sign()
        ));
        text
    }

    fn bench(&self, depth: Option<u32>) -> BenchJob {
        let depth = depth.unwrap_or(G::bench_depth());
        let fens = bench_fens(G::bench_fens(), || G::start(&self.variant.options).fen());
        let options = self.variant.options.clone();
        Box::new(move |out, control| {
            let params = SearchParams::<G::Move> {
                limits: Limits {
                    depth: Some(depth),
                    ..Limits::default()
                },
                ..SearchParams::default()
            };
            let mut totals = BenchTotals::default();
            let mut tt = TranspositionTable::new(16);
            let parse = |fen: &str| G::from_fen(fen, &options);
            bench_each(&fens, out, control, parse, |i, fen, pos| {
                tt.clear();
                let start = Instant::now();
                let nested = Control::nested(control);
                let r = search::search(&pos, &[], &params, &tt, &nested, &mut |_| {});
                totals.time += start.elapsed();
                totals.nodes += r.nodes;
                totals.positions += 1;
                let best = r.best.map_or("(none)".into(), |m| pos.format_move(m));
                out.line(&format!(
                    "info string bench {}/{}: nodes {} bestmove {best} score {} fen {fen}",
                    i + 1,
                    fens.len(),
                    r.nodes,
                    reply::score_text(r.score)
                ));
            });
            totals
        })
    }
}
