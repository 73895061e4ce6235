//! The protocol's state machine: applies each command to the session, starts and stops the
//! search thread, and answers. Commands are read and handled on the caller's thread while a
//! search runs on its own, so `stop`, `isready` and `quit` are answered at once.

use crate::command::{Command, Go};
use crate::error::CommandError;
use crate::options::{Changed, EngineOptions};
use crate::reply::Out;
use crate::session::{SearchEnv, Session};
use chimera_engine::search::{Control, TranspositionTable};
use chimera_engine::ParseError;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

pub const ENGINE_NAME: &str = concat!("Chimera ", env!("CARGO_PKG_VERSION"));
pub const AUTHOR: &str = "the Chimera developers";
/// The line the engine greets with.
pub const BANNER: &str = concat!(
    "Chimera ",
    env!("CARGO_PKG_VERSION"),
    " by the Chimera developers"
);

struct Running {
    handle: JoinHandle<()>,
    control: Arc<Control>,
    /// The search printed (or is printing) its `bestmove`.
    done: Arc<AtomicBool>,
    /// `infinite` or `ponder`: only the GUI ends it.
    open_ended: bool,
}

pub struct Engine {
    out: Out,
    options: EngineOptions,
    /// One session per variant, the default first; each keeps its own options and position.
    sessions: Vec<Box<dyn Session>>,
    current: usize,
    tt: Arc<TranspositionTable>,
    running: Option<Running>,
    /// Commands that arrived while a bounded search ran and would have changed or ended it:
    /// they run, in order, once it is over (a pasted session gets every `bestmove` whole).
    pending: VecDeque<Command>,
    /// The baseline players' generator: seeded by `Seed`, advanced by every baseline move.
    rng: Arc<Mutex<SmallRng>>,
}

impl Engine {
    /// An engine over `sessions` (the registry's, or test games'); the first is the default.
    pub fn new(out: Out, sessions: Vec<Box<dyn Session>>) -> Self {
        assert!(
            !sessions.is_empty(),
            "the registry lists at least one variant"
        );
        let options = EngineOptions::default();
        let rng = Arc::new(Mutex::new(SmallRng::seed_from_u64(options.seed)));
        let tt = Arc::new(TranspositionTable::new(options.hash_mb));
        Engine {
            out,
            options,
            sessions,
            current: 0,
            tt,
            running: None,
            pending: VecDeque::new(),
            rng,
        }
    }

    fn session(&mut self) -> &mut dyn Session {
        self.sessions[self.current].as_mut()
    }

    /// Handles one input line. Returns `false` once the engine should exit (`quit`).
    pub fn handle_line(&mut self, line: &str) -> bool {
        let result = match Command::parse(line) {
            Ok(Some(c)) => self.dispatch(c),
            Ok(None) => Ok(true),
            Err(e) => Err(e.into()),
        };
        result.unwrap_or_else(|e| {
            self.out.error(e);
            true
        })
    }

    /// What commands change, as text: the variant, the engine's options and the position as
    /// `d` shows it. A rejected command leaves it as it was (the fuzzer checks this).
    pub fn state(&self) -> String {
        let session = &self.sessions[self.current];
        format!(
            "{}\n{:?}\n{}",
            session.name(),
            self.options,
            session.display()
        )
    }

    /// Whether a search or perft is running (bounded or not).
    pub fn is_searching(&mut self) -> bool {
        self.reap();
        self.running.is_some()
    }

    /// Whether commands wait for a running search; the caller then calls [`Engine::tick`]
    /// now and again, so they run as soon as it ends.
    pub fn has_pending(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Runs the waiting commands if the search they wait for is over.
    pub fn tick(&mut self) {
        self.reap();
        self.drain();
    }

    /// The input ended: run what waits, finish a bounded search (its `bestmove` is what the
    /// user piped in for), stop an open-ended one.
    pub fn end_of_input(&mut self) {
        self.finish_queue();
        self.wait_search();
    }

    /// A bounded search runs: `position`, `setoption`, `go`, `ucinewgame` and `bench` wait for
    /// it instead of cutting it short (UCI GUIs send `stop` first; a pasted session does not).
    /// `isready`, `stop`, `quit` and `ponderhit` act at once, the rest keeps its order.
    fn dispatch(&mut self, command: Command) -> Result<bool, CommandError> {
        self.reap();
        let immediate = matches!(
            command,
            Command::IsReady | Command::Stop | Command::Quit | Command::PonderHit
        );
        let disturbs = matches!(
            command,
            Command::SetOption { .. }
                | Command::Position { .. }
                | Command::Go(_)
                | Command::UciNewGame
                | Command::Bench { .. }
        );
        if !immediate && (self.has_pending() || (disturbs && self.busy())) {
            self.pending.push_back(command);
            return Ok(true);
        }
        match command {
            Command::Stop => {
                self.stop_search();
                self.drain();
                Ok(true)
            }
            Command::Quit => {
                self.finish_queue();
                self.stop_search();
                Ok(false)
            }
            other => self.handle(other),
        }
    }

    /// A search that ends by itself is running.
    fn busy(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| !r.open_ended && !r.done.load(Ordering::Acquire))
    }

    /// Runs waiting commands until one starts a bounded search (the rest wait for that one).
    fn drain(&mut self) {
        while !self.busy() {
            let Some(command) = self.pending.pop_front() else {
                return;
            };
            if let Err(e) = self.handle(command) {
                self.out.error(e);
            }
        }
    }

    /// Runs every waiting command, each after the search before it.
    fn finish_queue(&mut self) {
        while self.has_pending() {
            self.wait_search();
            self.drain();
        }
    }

    /// Waits for a bounded search to end; stops an open-ended one.
    fn wait_search(&mut self) {
        if let Some(r) = self.running.take() {
            if r.open_ended {
                r.control.halt();
            }
            let _ = r.handle.join();
        }
    }

    fn handle(&mut self, command: Command) -> Result<bool, CommandError> {
        self.reap();
        match command {
            Command::Uci => self.uci(),
            Command::IsReady => self.out.line("readyok"),
            Command::UciNewGame => {
                self.stop_search();
                self.clear_hash();
                self.session().reset();
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            Command::Position { start, moves } => self.session().set_position(&start, &moves)?,
            Command::Go(go) => self.go(go)?,
            Command::PonderHit => {
                if let Some(r) = &self.running {
                    r.control.ponderhit();
                }
            }
            Command::Stop => self.stop_search(),
            Command::Quit => {
                self.stop_search();
                return Ok(false);
            }
            Command::Display => self.out.lines(&self.sessions[self.current].display()),
            Command::Eval => self.out.lines(&self.sessions[self.current].eval()),
            Command::Bench { depth } => {
                self.stop_search();
                let totals = self.sessions[self.current].bench(depth, &self.out);
                let ms = totals.time.as_millis() as u64;
                let nps = totals.nodes * 1000 / ms.max(1);
                self.out.line("===========================");
                self.out.line(&format!("Total time (ms) : {ms}"));
                self.out
                    .line(&format!("Nodes searched  : {}", totals.nodes));
                self.out.line(&format!("Nodes/second    : {nps}"));
                // Last, the line OpenBench reads (it scans from the end for `N nodes`, `N nps`).
                self.out.line(&format!("{} nodes {nps} nps", totals.nodes));
            }
        }
        Ok(true)
    }

    /// Forgets a search that ended by itself: once its `bestmove` is out, the GUI may go on,
    /// so its thread, at most a line away from its end, is joined.
    fn reap(&mut self) {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.done.load(Ordering::Acquire))
        {
            if let Some(r) = self.running.take() {
                let _ = r.handle.join();
            }
        }
    }

    /// Stops the running search, if any, and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.control.halt();
            let _ = r.handle.join();
        }
    }

    /// Empties the table (no search runs: the caller stopped it).
    fn clear_hash(&mut self) {
        match Arc::get_mut(&mut self.tt) {
            Some(tt) => tt.clear(),
            None => self.tt = Arc::new(TranspositionTable::new(self.options.hash_mb)),
        }
    }

    fn uci(&self) {
        self.out.line(&format!("id name {ENGINE_NAME}"));
        self.out.line(&format!("id author {AUTHOR}"));
        for line in self.options.uci_lines() {
            self.out.line(&line);
        }
        let names: Vec<&str> = self.sessions.iter().map(|s| s.name()).collect();
        let vars: String = names.iter().map(|n| format!(" var {n}")).collect();
        self.out.line(&format!(
            "option name UCI_Variant type combo default {}{vars}",
            names[0]
        ));
        let mut listed: Vec<&str> = Vec::new();
        for (name, spec) in self.sessions.iter().flat_map(|s| s.option_specs().iter()) {
            if !listed.contains(name) {
                listed.push(name);
                self.out.line(&format!("option name {name} {spec}"));
            }
        }
        self.out.line("uciok");
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), ParseError> {
        // Options shape the next search, never the running one: finish it first.
        self.stop_search();
        if name.eq_ignore_ascii_case("UCI_Variant") {
            let value = value.unwrap_or("");
            let index = self
                .sessions
                .iter()
                .position(|s| s.name().eq_ignore_ascii_case(value))
                .ok_or_else(|| ParseError::new(format!("unknown variant '{value}'")))?;
            self.current = index;
            self.session().reset();
            return Ok(());
        }
        match self.options.set(name, value)? {
            Some(Changed::Hash) => {
                // Free the old table before allocating the new one: never twice the memory.
                let old = self.tt.size_bytes() >> 20;
                self.tt = Arc::new(TranspositionTable::new(0));
                if let Some(tt) = TranspositionTable::try_new(self.options.hash_mb) {
                    self.tt = Arc::new(tt);
                    return Ok(());
                }
                let wanted = self.options.hash_mb;
                self.options.hash_mb = old.max(1);
                self.tt = Arc::new(TranspositionTable::new(self.options.hash_mb));
                return Err(ParseError::new(format!(
                    "option 'Hash': cannot get {wanted} MB of memory; the table keeps {} MB",
                    self.options.hash_mb
                )));
            }
            Some(Changed::Seed) => {
                self.rng = Arc::new(Mutex::new(SmallRng::seed_from_u64(self.options.seed)));
                return Ok(());
            }
            Some(Changed::ClearHash) => {
                self.clear_hash();
                return Ok(());
            }
            Some(Changed::Other) => return Ok(()),
            None => {}
        }
        // A variant option: every variant that has it takes it, so the order of `setoption`
        // and `UCI_Variant` does not matter.
        let mut known = false;
        for session in &mut self.sessions {
            let canonical = session
                .option_specs()
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name));
            if let Some((canonical, _)) = canonical {
                known = true;
                session.set_option(canonical, value.unwrap_or(""))?;
            }
        }
        if !known {
            return Err(ParseError::new(format!("unknown option '{name}'")));
        }
        Ok(())
    }

    fn go(&mut self, mut go: Go) -> Result<(), CommandError> {
        if self.running.is_some() {
            return Err(CommandError::Busy);
        }
        if let Some(depth) = go.perft {
            // Counted on its own thread, like a search: `stop` cuts it short, `isready` and
            // `quit` are answered meanwhile.
            let job = self.sessions[self.current].perft(depth, self.options.threads);
            let control = Arc::new(Control::new(false));
            let done = Arc::new(AtomicBool::new(false));
            let (c, d, out) = (control.clone(), done.clone(), self.out.clone());
            let handle = std::thread::Builder::new()
                .name("perft".into())
                .spawn(move || {
                    let text = job(&|| c.is_stopped());
                    d.store(true, Ordering::Release);
                    out.lines(&text);
                })
                .map_err(CommandError::thread("perft"))?;
            self.running = Some(Running {
                handle,
                control,
                done,
                open_ended: false,
            });
            return Ok(());
        }
        // A weaker engine is one with fewer nodes a move, in every variant alike.
        if let Some(cap) = self.options.strength_nodes() {
            go.limits.nodes = Some(go.limits.nodes.map_or(cap, |n| n.min(cap)));
        }
        let control = Arc::new(Control::new(go.limits.ponder));
        let done = Arc::new(AtomicBool::new(false));
        let env = SearchEnv {
            tt: self.tt.clone(),
            control: control.clone(),
            done: done.clone(),
            options: self.options.clone(),
            out: self.out.clone(),
            rng: self.rng.clone(),
        };
        let open_ended = go.limits.infinite || go.limits.ponder;
        let handle = self.sessions[self.current].go(&go, env)?;
        self.running = Some(Running {
            handle,
            control,
            done,
            open_ended,
        });
        Ok(())
    }
}
