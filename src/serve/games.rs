//! The browser games: one [`WebGame`] per game, each with its own protocol session (through
//! [`BoardGame`]) and transposition table, in a [`Table`] shared by the connection threads.
//! A search runs on the protocol's search thread and writes its `info` and `bestmove` lines
//! into a [`Sink`], which keeps the latest analysis and plays the `bestmove` into its game,
//! unless the game changed since the search began (a take-back, a new move).

use super::clock::Clock;
use crate::board::BoardGame;
use chimera_engine::search::{Control, TranspositionTable};
use chimera_engine::simultaneous::trust::Trust;
use chimera_engine::Player;
use chimera_protocol::command::Go;
use chimera_protocol::options::EngineOptions;
use chimera_protocol::session::SearchEnv;
use chimera_protocol::Out;
use rand::SeedableRng;
use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};

/// Transposition table per game, in MiB, made at its first search: with at most
/// [`super::MAX_GAMES`] games the tables stay within 512 MiB.
const HASH_MB: usize = 4;

/// The latest `info` of a search, as the page shows it.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    pub depth: u32,
    pub seldepth: u32,
    /// `cp 25` or `mate -3`, from the side of the player to move when the search began.
    pub score: String,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub pv: String,
    /// The player the score is for.
    pub side: Option<Player>,
    /// The last `bestmove` the engine played.
    pub bestmove: String,
    pub error: String,
    /// What the search says besides (Ven: `matrix 20x20 solved in 310 us`, `saddle point`).
    pub note: String,
    /// A simultaneous game's mixed strategy (Ven's `info string strategy`): each order with
    /// its probability, most likely first.
    pub strategy: Vec<(String, f64)>,
    /// The position searched and the number of plies (rounds) played before it, so the page
    /// draws the candidates only beside that position or the round played from it.
    pub fen: String,
    pub plies: usize,
    /// Every line of the search, by its MultiPV number.
    pub lines: Vec<Line>,
    /// An analysis the person asked for: its `bestmove` is not played.
    pub analysing: bool,
}

impl Analysis {
    /// Reads an `info` line with a score (depth, score, nodes, time, pv; a trailing `string`
    /// is the search's note), or Ven's `info string strategy ORDER P ... value V`.
    fn read(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(rest) = line.strip_prefix("info string strategy ") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            self.strategy = words
                .chunks(2)
                .take_while(|pair| pair[0] != "value")
                .filter_map(|pair| {
                    let p = pair.get(1)?.parse::<f64>().ok().filter(|p| p.is_finite())?;
                    Some((pair[0].to_string(), p))
                })
                .collect();
            return;
        }
        if !words.contains(&"score") || words.get(1) == Some(&"string") {
            return;
        }
        let mut line = Line {
            multipv: 1,
            ..Line::default()
        };
        let (mut seldepth, mut nodes, mut nps, mut time_ms, mut note) = (0, 0, 0, 0, None);
        let number = |w: &str| w.parse::<u64>().unwrap_or(0);
        let mut i = 1;
        while i < words.len() {
            let next = words.get(i + 1).copied().unwrap_or("");
            match words[i] {
                "depth" => line.depth = number(next) as u32,
                "seldepth" => seldepth = number(next) as u32,
                "multipv" => line.multipv = number(next).max(1) as u32,
                "nodes" => nodes = number(next),
                "nps" => nps = number(next),
                "time" => time_ms = number(next),
                "score" => {
                    line.score = format!("{next} {}", words.get(i + 2).copied().unwrap_or(""));
                    i += 1;
                }
                "wdl" => {
                    let w: Vec<u32> = words[i + 1..]
                        .iter()
                        .take(3)
                        .map(|w| number(w) as u32)
                        .collect();
                    line.wdl = <[u32; 3]>::try_from(w).ok();
                    i += 2;
                }
                "pv" => {
                    let end = words[i + 1..]
                        .iter()
                        .position(|w| *w == "string")
                        .map_or(words.len(), |n| i + 1 + n);
                    line.pv = words[i + 1..end].join(" ");
                    i = end;
                    continue;
                }
                "string" => {
                    note = Some(words[i + 1..].join(" "));
                    break;
                }
                _ => {
                    i += 1;
                    continue;
                }
            }
            i += 2;
        }
        // The first line is the search's own; every line is kept by its number (MultiPV).
        if line.multipv == 1 {
            (
                self.depth,
                self.seldepth,
                self.nodes,
                self.nps,
                self.time_ms,
            ) = (line.depth, seldepth, nodes, nps, time_ms);
            self.score.clone_from(&line.score);
            self.pv.clone_from(&line.pv);
            if let Some(note) = note {
                self.note = note;
            }
        }
        let at = (line.multipv as usize - 1).min(MULTIPV_MAX);
        if self.lines.len() <= at {
            self.lines.resize(at + 1, Line::default());
        }
        self.lines[at] = line;
    }
}

/// One line of a (MultiPV) search as its latest `info` said it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    pub multipv: u32,
    pub depth: u32,
    pub score: String,
    /// Win, draw, loss per mille for the side to move (`UCI_ShowWDL`).
    pub wdl: Option<[u32; 3]>,
    pub pv: String,
}

/// The most lines an analysis asks for.
pub const MULTIPV_MAX: usize = 8;

pub struct WebGame {
    pub id: u64,
    pub board: Box<dyn BoardGame>,
    /// Bumped on every change of the game, so a search of an older position is not played.
    pub generation: u64,
    /// The running search's control, while one runs.
    pub search: Option<Arc<Control>>,
    pub analysis: Analysis,
    pub used: Instant,
    /// The game's time control, kept here (none: the engine plays on the strength asked).
    pub clock: Option<Clock>,
    tt: Option<Arc<TranspositionTable>>,
    /// How often the engine's predictions of the player held (Ven's safe lean).
    trust: Arc<Mutex<Trust>>,
}

impl WebGame {
    /// Stops a running search; its `bestmove` will be dropped.
    pub fn interrupt(&mut self) {
        if let Some(control) = self.search.take() {
            control.stop();
        }
        self.generation += 1;
    }

    pub fn thinking(&self) -> bool {
        self.search.is_some()
    }

    /// Gives the game a clock; the side to decide's runs from now.
    pub fn set_clock(&mut self, mut clock: Clock) {
        clock.start(self.board.to_move(), Instant::now());
        self.clock = Some(clock);
    }

    /// The player whose time ran out (checked now: a running clock at zero falls its flag,
    /// and the search of a flagged engine is dropped).
    pub fn flag(&mut self) -> Option<Player> {
        let flag = self.clock.as_mut()?.check(Instant::now());
        if flag.is_some() && self.thinking() {
            self.interrupt();
        }
        flag
    }

    /// A person's ply: played, and charged to the person's clock.
    pub fn play(&mut self, ply: &str) -> Result<(), String> {
        if let Some(loser) = self.flag() {
            return Err(format!(
                "'{ply}': the game is over ({loser} ran out of time)"
            ));
        }
        self.board.play(ply).map_err(|e| e.what().to_string())?;
        self.generation += 1;
        let to_move = self.board.to_move();
        if let Some(clock) = &mut self.clock {
            clock.after_ply(to_move, Instant::now());
        }
        Ok(())
    }

    /// Back to the first `plies` plies; a running search is dropped, the clocks keep their
    /// time and the side to decide's runs.
    pub fn take_back(&mut self, plies: usize) {
        self.interrupt();
        self.board.truncate(plies);
        let to_move = self.board.to_move();
        if let Some(clock) = &mut self.clock {
            clock.restart(to_move, Instant::now());
        }
    }

    /// The page left the game: the search is dropped, nothing played, and no clock runs.
    pub fn halt(&mut self) {
        if self.thinking() {
            self.interrupt();
        }
        if let Some(clock) = &mut self.clock {
            clock.pause(Instant::now());
        }
    }
}

/// Where a search's lines go.
struct Sink {
    game: Weak<Mutex<WebGame>>,
    generation: u64,
    /// An analysis: the `bestmove` is shown, never played.
    analyse: bool,
    searches: Arc<AtomicUsize>,
    buf: Vec<u8>,
}

impl Sink {
    fn line(&mut self, line: &str) {
        let bestmove = line.strip_prefix("bestmove ");
        if bestmove.is_some() {
            self.searches.fetch_sub(1, Ordering::AcqRel);
        }
        let Some(game) = self.game.upgrade() else {
            return;
        };
        let mut g = lock(&game);
        if g.generation != self.generation {
            return;
        }
        if let Some(rest) = bestmove {
            g.search = None;
            // An engine past its time has lost; its move is not played.
            if !self.analyse && g.flag().is_some() {
                return;
            }
            let turn = rest.split_whitespace().next().unwrap_or("(none)");
            g.analysis.bestmove = turn.to_string();
            let rounds = g.board.plies().len();
            if turn != "(none)" && !self.analyse {
                if let Err(e) = g.board.play_turn(turn) {
                    g.analysis.error = format!("engine move: {e}");
                }
                g.generation += 1;
                let to_move = g.board.to_move();
                if let Some(clock) = &mut g.clock {
                    clock.after_ply(to_move, Instant::now());
                }
                // A simultaneous game's first order of a round stays secret until the other
                // comes: the page must not learn it from the analysis.
                if g.board.simultaneous() && g.board.plies().len() == rounds {
                    g.analysis.bestmove = "(written, hidden until the round resolves)".into();
                }
            }
        } else if let Some(message) = line.strip_prefix("info string error: ") {
            g.analysis.error = message.to_string();
        } else if line.starts_with("info ") {
            g.analysis.read(line);
        }
    }
}

impl Write for Sink {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(data);
        while let Some(end) = self.buf.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.buf.drain(..=end).collect();
            self.line(String::from_utf8_lossy(&line).trim_end());
        }
        Ok(data.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A game's lock; a poisoned one (a panic elsewhere) is still usable: the game is a value
/// that each change replaces whole.
pub fn lock(game: &Mutex<WebGame>) -> MutexGuard<'_, WebGame> {
    game.lock().unwrap_or_else(|p| p.into_inner())
}

/// All games, and the limits on them.
pub struct Table {
    games: Mutex<HashMap<u64, Arc<Mutex<WebGame>>>>,
    next_id: AtomicU64,
    searches: Arc<AtomicUsize>,
    pub max_searches: usize,
    pub max_games: usize,
}

pub enum GoError {
    Busy(String),
    Bad(String),
}

impl Table {
    pub fn new(max_searches: usize, max_games: usize) -> Self {
        Table {
            games: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(1),
            searches: Arc::new(AtomicUsize::new(0)),
            max_searches,
            max_games,
        }
    }

    fn map(&self) -> MutexGuard<'_, HashMap<u64, Arc<Mutex<WebGame>>>> {
        self.games.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Adds a game, dropping the least recently used idle one beyond the limit.
    pub fn insert(&self, board: Box<dyn BoardGame>) -> Arc<Mutex<WebGame>> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let game = Arc::new(Mutex::new(WebGame {
            id,
            board,
            generation: 0,
            search: None,
            analysis: Analysis::default(),
            used: Instant::now(),
            clock: None,
            tt: None,
            trust: Arc::default(),
        }));
        let mut map = self.map();
        if map.len() >= self.max_games {
            let oldest = map
                .iter()
                .filter_map(|(id, g)| g.try_lock().ok().map(|g| (*id, g.used, g.thinking())))
                .filter(|(_, _, thinking)| !thinking)
                .min_by_key(|(_, used, _)| *used)
                .map(|(id, _, _)| id);
            if let Some(old) = oldest {
                map.remove(&old);
            }
        }
        map.insert(id, game.clone());
        game
    }

    pub fn get(&self, id: u64) -> Option<Arc<Mutex<WebGame>>> {
        self.map().get(&id).cloned()
    }

    /// Starts the engine on `game` (locked by the caller as `g`): to play, or with `analyse`
    /// to analyse its position or another (`(lines, board)`: an earlier position of the game),
    /// playing nothing. A game with a clock plays on it, whatever `go` asked.
    pub fn go(
        &self,
        game: &Arc<Mutex<WebGame>>,
        g: &mut WebGame,
        go: Go,
        analyse: Option<(usize, Option<Box<dyn BoardGame>>)>,
    ) -> Result<(), GoError> {
        if g.thinking() {
            return Err(GoError::Busy(
                "the engine is already thinking in this game".into(),
            ));
        }
        let mut go = go;
        if analyse.is_none() {
            if let Some(loser) = g.flag() {
                return Err(GoError::Bad(format!(
                    "the game is over ({loser} ran out of time)"
                )));
            }
            let to_move = g.board.to_move();
            if let Some(clock) = &mut g.clock {
                let now = Instant::now();
                clock.start(to_move, now);
                clock.limits(now, &mut go.limits);
            }
        }
        let (lines, other) = match analyse {
            Some((lines, board)) => (Some(lines), board),
            None => (None, None),
        };
        let board = other.as_deref().unwrap_or(g.board.as_ref());
        if let Some(outcome) = board.outcome() {
            return Err(GoError::Bad(format!("the game is over ({outcome})")));
        }
        // Reserve a search slot, or refuse.
        let taken = self.searches.fetch_add(1, Ordering::AcqRel);
        if taken >= self.max_searches {
            self.searches.fetch_sub(1, Ordering::AcqRel);
            return Err(GoError::Busy(format!(
                "{taken} searches are running, the server's limit (--max-searches {})",
                self.max_searches
            )));
        }
        let tt =
            g.tt.get_or_insert_with(|| Arc::new(TranspositionTable::new(HASH_MB)))
                .clone();
        let control = Arc::new(Control::new(false));
        let sink = Sink {
            game: Arc::downgrade(game),
            generation: g.generation,
            analyse: lines.is_some(),
            searches: self.searches.clone(),
            buf: Vec::new(),
        };
        let env = SearchEnv {
            tt,
            control: control.clone(),
            done: Arc::new(AtomicBool::new(false)),
            options: EngineOptions {
                multipv: lines.unwrap_or(1).clamp(1, MULTIPV_MAX),
                show_wdl: true,
                ..EngineOptions::default()
            },
            out: Out::new(sink),
            rng: Arc::new(Mutex::new(rand::rngs::SmallRng::seed_from_u64(g.id))),
            trust: g.trust.clone(),
        };
        g.analysis = Analysis {
            side: Some(board.to_move()),
            fen: board.fen(),
            plies: board.plies().len(),
            analysing: lines.is_some(),
            ..Analysis::default()
        };
        match board.go(&go, env) {
            Ok(_thread) => {
                g.search = Some(control);
                Ok(())
            }
            Err(e) => {
                self.searches.fetch_sub(1, Ordering::AcqRel);
                Err(GoError::Bad(e.to_string()))
            }
        }
    }
}

/// The search limits of a `go` request, read through `field`: `movetime` in milliseconds,
/// `depth`, or a clock (`wtime`, `btime` and the increments `winc`, `binc`, in milliseconds);
/// 1000 ms when none is given.
pub fn limits<'a>(field: impl Fn(&str) -> Option<&'a str>) -> Result<Go, String> {
    let given = |name: &str| field(name).filter(|s| !s.is_empty());
    let millis = |name: &str, low: u64, high: u64| -> Result<Option<Duration>, String> {
        given(name)
            .map(|text| {
                text.parse()
                    .ok()
                    .filter(|ms| (low..=high).contains(ms))
                    .map(Duration::from_millis)
                    .ok_or_else(|| {
                        format!(
                            "{name} '{text}' is not a number of milliseconds from {low} to {high}"
                        )
                    })
            })
            .transpose()
    };
    let mut go = Go::default();
    go.limits.move_time = millis("movetime", 1, 600_000)?;
    if let Some(d) = given("depth") {
        let d: u32 = d
            .parse()
            .ok()
            .filter(|d| (1..=64).contains(d))
            .ok_or_else(|| format!("depth '{d}' is not a number from 1 to 64"))?;
        go.limits.depth = Some(d);
    }
    // A day on the clock at most; an increment of up to ten minutes.
    go.limits.time = [
        millis("wtime", 0, 86_400_000)?,
        millis("btime", 0, 86_400_000)?,
    ];
    go.limits.inc = [
        millis("winc", 0, 600_000)?.unwrap_or_default(),
        millis("binc", 0, 600_000)?.unwrap_or_default(),
    ];
    if !go.limits.uses_clock() && go.limits.depth.is_none() {
        go.limits.move_time = Some(Duration::from_millis(1000));
    }
    Ok(go)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_are_read() {
        let mut a = Analysis::default();
        a.read("info depth 7 seldepth 9 multipv 1 score cp -25 nodes 1234 nps 5000 hashfull 3 time 250 pv e2e4 e7e5");
        assert_eq!((a.depth, a.seldepth, a.nodes, a.time_ms), (7, 9, 1234, 250));
        assert_eq!((a.score.as_str(), a.pv.as_str()), ("cp -25", "e2e4 e7e5"));
        a.read("info depth 8 currmove e2e4 currmovenumber 1");
        assert_eq!(a.depth, 7, "lines without a score are not analysis");
        a.read("info depth 9 score mate 3 lowerbound nodes 5 time 1 pv a1a2");
        assert_eq!((a.score.as_str(), a.pv.as_str()), ("mate 3", "a1a2"));
    }

    #[test]
    fn multipv_lines_are_kept_by_number_with_their_wdl() {
        let mut a = Analysis::default();
        a.read("info depth 5 seldepth 6 multipv 1 score cp 30 wdl 120 850 30 nodes 9 nps 9 hashfull 0 time 1 pv e2e4 e7e5");
        a.read("info depth 5 seldepth 6 multipv 2 score cp 10 wdl 90 880 30 nodes 9 nps 9 hashfull 0 time 1 pv d2d4");
        assert_eq!(a.lines.len(), 2);
        assert_eq!(a.lines[1].pv, "d2d4");
        assert_eq!(a.lines[0].wdl, Some([120, 850, 30]));
        assert_eq!(
            (a.score.as_str(), a.pv.as_str()),
            ("cp 30", "e2e4 e7e5"),
            "line 2 is not the search's own"
        );
    }

    #[test]
    fn ven_lines_are_read_with_their_note_and_strategy() {
        let mut a = Analysis::default();
        a.read("info depth 3 score cp 12 nodes 900 nps 9000 time 100 pv e2e4 string matrix 20x20 solved in 310 us");
        assert_eq!(
            (a.depth, a.score.as_str(), a.pv.as_str()),
            (3, "cp 12", "e2e4")
        );
        assert_eq!(a.note, "matrix 20x20 solved in 310 us");
        a.read("info string strategy e2e4 0.6250 d2d4 0.3750 value 0.5123");
        assert_eq!(
            a.strategy,
            vec![("e2e4".into(), 0.625), ("d2d4".into(), 0.375)]
        );
        a.read("info string bench 1/2 white: nodes 5");
        assert_eq!(a.depth, 3, "other strings are not analysis");
    }

    #[test]
    fn limits_are_checked() {
        let of = |pairs: &'static [(&'static str, &'static str)]| {
            limits(move |name| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| *v))
        };
        assert!(of(&[("movetime", "0")]).unwrap_err().contains("'0'"));
        assert!(of(&[("depth", "x")]).unwrap_err().contains("'x'"));
        assert!(of(&[("wtime", "-1")]).unwrap_err().contains("wtime '-1'"));
        let go = of(&[("wtime", "60000"), ("btime", "50000"), ("winc", "2000")]).unwrap();
        assert_eq!(
            go.limits.time,
            [Some(Duration::from_secs(60)), Some(Duration::from_secs(50))]
        );
        assert_eq!(go.limits.inc, [Duration::from_secs(2), Duration::ZERO]);
        assert_eq!(go.limits.move_time, None, "the clock decides");
        let go = of(&[("depth", "5")]).unwrap();
        assert_eq!(go.limits.depth, Some(5));
        let go = of(&[]).unwrap();
        assert_eq!(go.limits.move_time, Some(Duration::from_millis(1000)));
    }
}
