//! One variant's side of the protocol: its options, its position with the game before it, and
//! the commands that need the variant's types. [`VariantSession`] holds what every variant's
//! session does alike; what differs between a sequential game and a simultaneous one (how the
//! game record advances, how a search runs and answers, what `d` and `eval` add) is the
//! [`GameRecord`] of its kind: [`History`] (`crate::sequential`) or `Rounds`
//! (`crate::rounds`). The session is monomorphised per variant; the protocol holds each behind
//! the object-safe [`Session`], so it dispatches once per command and the search below runs
//! without any dynamic call.

use crate::command::{Go, Start};
use crate::diagram::diagram;
use crate::error::CommandError;
use crate::options::EngineOptions;
use crate::reply::Out;
use chimera_engine::history::History;
use chimera_engine::option::OptionSpec;
use chimera_engine::search::{Control, TranspositionTable};
use chimera_engine::simultaneous::trust::Trust;
use chimera_engine::{GameState, ParseError, VariantOptions};
use rand::rngs::SmallRng;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

pub use chimera_engine::describe::{squares_text, Describe, DescribeBoard, EvalRow};

/// A `go perft` to run: given what says stop, the text to print.
pub type PerftJob = Box<dyn FnOnce(&(dyn Fn() -> bool + Sync)) -> String + Send>;

/// A `bench` to run on its own thread: given where to print and what stops it, its totals.
pub type BenchJob = Box<dyn FnOnce(&Out, &Arc<Control>) -> BenchTotals + Send>;

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
    /// How often this game's predictions of the opponent held (Ven's safe lean).
    pub trust: Arc<Mutex<Trust>>,
}

/// Nodes and time of a `bench`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct BenchTotals {
    pub positions: usize,
    pub nodes: u64,
    pub time: Duration,
}

/// What `position` did to the session's game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Continuity {
    /// The game goes on (or back): the new position is on the same line of play.
    SameGame,
    /// Another game: what the search learnt about the previous one is of no use to it.
    NewGame,
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
    /// `position`: replaces the position only if the FEN and every move are good, and says
    /// whether the new position goes on with the game before it.
    fn set_position(&mut self, start: &Start, moves: &[String]) -> Result<Continuity, ParseError>;
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
    /// with one thread and a fresh 16 MiB table, printing a line per search; a stop ends it
    /// after the position it is on.
    fn bench(&self, depth: Option<u32>) -> BenchJob;
}

/// A divide as far as it got: its text, how many root moves it counted whole and whether it
/// counted them all.
pub struct Divide {
    pub text: String,
    pub counted: usize,
    pub complete: bool,
}

/// One search of a `bench` position: its nodes and time, and what its line says of it.
pub struct BenchSearch {
    /// Said after the position's number (` white` where each side is searched).
    pub label: String,
    pub nodes: u64,
    pub time: Duration,
    /// The answer, as the line shows it (`bestmove e2e4 score cp 30`).
    pub answer: String,
}

/// A kind of game as a session plays it: the game record ([`History`] for sequential games,
/// `Rounds` for simultaneous ones) and what differs between the kinds of game. All the rest of
/// a session is [`VariantSession`]'s, written once.
pub trait GameRecord: Send + 'static {
    /// The position: what both kinds of game have (options, FEN, key; bench positions, board)
    /// is its [`DescribeBoard`].
    type Game: DescribeBoard;

    /// A game from `root`, nothing played yet.
    fn new(root: Self::Game) -> Self;
    fn position(&self) -> &Self::Game;
    /// Keys of the positions before the current one, oldest first.
    fn keys(&self) -> &[u64];
    /// Plays `token`, the `index`th of `position ... moves` (a turn, or a round); an error
    /// names the token.
    fn play_token(&mut self, index: usize, token: &str) -> Result<(), ParseError>;

    /// What `d` says below the key (checks; a round's report, the result).
    fn state_lines(&self) -> String;
    /// `eval`.
    fn eval(&self) -> String;
    /// Checks `go` against this game (variant `name`) and gives the search to run on the
    /// search thread: it prints its `info` lines and returns the `bestmove` line.
    fn search(
        &self,
        go: &Go,
        name: &'static str,
    ) -> Result<impl FnOnce(&SearchEnv) -> String + Send + 'static, CommandError>;
    /// The divide of `pos` to `depth` on `threads`, until `stop` says stop.
    fn divide(
        pos: &Self::Game,
        depth: u32,
        threads: usize,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Divide;
    /// How many root moves (pairs of orders) a divide of `pos` counts.
    fn root_count(pos: &Self::Game) -> usize;
    /// Searches `pos` for `bench` to `depth` on `tt` (cleared before each search), handing
    /// each search to `each`.
    fn bench_searches(
        pos: &Self::Game,
        depth: u32,
        tt: &mut TranspositionTable,
        control: &Arc<Control>,
        each: impl FnMut(BenchSearch),
    );
}

/// The options of `R`'s variant.
type Options<R> = <<R as GameRecord>::Game as GameState>::Options;

/// The session of a sequential variant.
pub type GameSession<G> = VariantSession<History<G>>;

/// A variant's session: its name, its options and its game as played.
pub struct VariantSession<R: GameRecord> {
    name: &'static str,
    options: Options<R>,
    record: R,
}

impl<R: GameRecord> VariantSession<R> {
    /// A session of variant `name`, whose options `preset` adjusts (e.g. a deep board).
    pub fn new(name: &'static str, preset: &[(&str, &str)]) -> Self {
        let mut options = Options::<R>::default();
        for (option, value) in preset {
            // A preset is the registry's own text: an error there is a bug, found by the tests.
            options.set(option, value).expect("variant preset");
        }
        let record = R::new(R::Game::start(&options));
        VariantSession {
            name,
            options,
            record,
        }
    }

    /// The game as played.
    pub fn record(&self) -> &R {
        &self.record
    }
}

/// The error of a `what` token (`move`, `round`), naming the token if the variant's message
/// does not.
pub(crate) fn token_error(what: &str, token: &str, e: ParseError) -> ParseError {
    if e.token() == Some(token) {
        e
    } else {
        ParseError::with_token(format!("{what} '{token}': {e}"), token)
    }
}

/// Whether `next` goes on with the game of `previous`: it starts from a position of that game
/// (the same start with other moves, a takeback, the FEN of a position reached), or passes
/// through the position that game stood at.
fn same_game<R: GameRecord>(previous: &R, next: &R) -> bool {
    let line = |r: &R| {
        r.keys()
            .iter()
            .copied()
            .chain([r.position().key()])
            .collect::<Vec<_>>()
    };
    let (before, after) = (line(previous), line(next));
    before.contains(&after[0]) || after.contains(&previous.position().key())
}

impl<R: GameRecord> Session for VariantSession<R> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn option_specs(&self) -> &'static [OptionSpec] {
        Options::<R>::specs()
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), ParseError> {
        let mut options = self.options.clone();
        options.set(name, value)?;
        self.options = options;
        self.reset();
        Ok(())
    }

    fn reset(&mut self) {
        self.record = R::new(R::Game::start(&self.options));
    }

    fn set_position(&mut self, start: &Start, moves: &[String]) -> Result<Continuity, ParseError> {
        let root = match start {
            Start::StartPos => R::Game::start(&self.options),
            Start::Fen(fen) => R::Game::from_fen(fen, &self.options)?,
        };
        let mut record = R::new(root);
        for (i, token) in moves.iter().enumerate() {
            record.play_token(i, token)?;
        }
        let continuity = if same_game(&self.record, &record) {
            Continuity::SameGame
        } else {
            Continuity::NewGame
        };
        self.record = record;
        Ok(continuity)
    }

    fn go(&self, go: &Go, env: SearchEnv) -> Result<JoinHandle<()>, CommandError> {
        let search = self.record.search(go, self.name)?;
        std::thread::Builder::new()
            .name("search".into())
            .stack_size(32 << 20)
            .spawn(move || {
                let bestmove = search(&env);
                env.out.answer(&bestmove, &env.done);
            })
            .map_err(CommandError::thread("search"))
    }

    fn perft(&self, depth: u32, threads: usize) -> PerftJob {
        let pos = self.record.position().clone();
        Box::new(move |stop| {
            let divide = R::divide(&pos, depth, threads, stop);
            if divide.complete {
                return divide.text;
            }
            let note = format!(
                "info string perft stopped: {} of {} root moves counted whole\n",
                divide.counted,
                R::root_count(&pos)
            );
            let text = divide.text;
            text.replacen("\nNodes searched", &format!("\n{note}Nodes searched"), 1)
        })
    }

    fn display(&self) -> String {
        let pos = self.record.position();
        let mut text = diagram(&pos.board_view()).unwrap_or_default();
        text.push_str(&format!(
            "\nVariant: {}\nFen: {}\nKey: {:016X}\n",
            self.name,
            pos.fen(),
            pos.key(),
        ));
        text.push_str(&self.record.state_lines());
        text
    }

    fn eval(&self) -> String {
        self.record.eval()
    }

    fn bench(&self, depth: Option<u32>) -> BenchJob {
        let depth = depth.unwrap_or(R::Game::bench_depth());
        let mut fens: Vec<String> = R::Game::bench_fens()
            .iter()
            .map(|f| f.to_string())
            .collect();
        if fens.is_empty() {
            fens.push(R::Game::start(&self.options).fen());
        }
        let options = self.options.clone();
        Box::new(move |out, control| {
            let mut totals = BenchTotals::default();
            let mut tt = TranspositionTable::new(16);
            for (i, fen) in fens.iter().enumerate() {
                if control.is_stopped() {
                    out.line(&format!(
                        "info string bench stopped: {i} of {} positions searched",
                        fens.len()
                    ));
                    break;
                }
                let pos = match R::Game::from_fen(fen, &options) {
                    Ok(pos) => pos,
                    Err(e) => {
                        out.error(format!("bench position {}: {e}", i + 1));
                        continue;
                    }
                };
                R::bench_searches(&pos, depth, &mut tt, control, |s| {
                    totals.time += s.time;
                    totals.nodes += s.nodes;
                    out.line(&format!(
                        "info string bench {}/{}{}: nodes {} {} fen {fen}",
                        i + 1,
                        fens.len(),
                        s.label,
                        s.nodes,
                        s.answer
                    ));
                });
                totals.positions += 1;
            }
            totals
        })
    }
}
