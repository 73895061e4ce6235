//! The protocol's state machine: applies each command to the session, starts and stops the
//! search thread, and answers. Commands are read and handled on the caller's thread while a
//! search, perft or bench runs on its own, and the caller's thread never waits for one: `stop`,
//! `isready` and `quit` are answered at once. Replies come in the order of the commands they
//! answer (docs/protocol.md, "Order of replies").

use crate::command::{Command, Go};
use crate::error::CommandError;
use crate::options::{Changed, EngineOptions};
use crate::reply::Out;
use crate::session::{Continuity, SearchEnv, Session};
use chimera_engine::option;
use chimera_engine::search::{Control, TranspositionTable};
use chimera_engine::simultaneous::trust::Trust;
use chimera_engine::ParseError;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

pub const ENGINE_NAME: &str = concat!("Chimera ", env!("CARGO_PKG_VERSION"));
pub const AUTHOR: &str = "the Chimera developers";
/// The line the engine greets with.
pub const BANNER: &str = concat!(
    "Chimera ",
    env!("CARGO_PKG_VERSION"),
    " by the Chimera developers"
);

/// A search, perft or bench on its own thread; it has printed all it answers once the thread
/// is finished.
struct Running {
    handle: JoinHandle<()>,
    control: Arc<Control>,
    /// Set with the last line of its answer ([`Out::answer`]).
    done: Arc<AtomicBool>,
    /// `go infinite`: only the GUI ends it (a `ponder` search too, until `ponderhit`).
    infinite: bool,
}

impl Running {
    /// Its answer is out (or its thread ended without one).
    fn finished(&self) -> bool {
        self.done.load(Ordering::Acquire) || self.handle.is_finished()
    }

    /// Whether its answer comes before the answers of later commands: it ends by itself (or
    /// was told to end), rather than waiting for the GUI's `stop` or `ponderhit`.
    fn answers_first(&self) -> bool {
        !self.finished()
            && (self.control.is_halted() || !(self.infinite || self.control.is_pondering()))
    }
}

/// A command line waiting for the search before it, parsed or not (its error is its answer).
struct Queued {
    command: Result<Command, CommandError>,
    /// A `stop` or `quit` came after it: the search it starts ends at once.
    halted: bool,
}

pub struct Engine {
    out: Out,
    options: EngineOptions,
    /// One session per variant, the default first; each keeps its own options and position.
    sessions: Vec<Box<dyn Session>>,
    current: usize,
    tt: Arc<TranspositionTable>,
    running: Option<Running>,
    /// Commands that arrived while a search's answer was still to come: they run, in order,
    /// once it is out (a pasted session gets every `bestmove` whole, and every reply in order).
    pending: VecDeque<Queued>,
    /// The baseline players' generator: seeded by `Seed`, advanced by every baseline move.
    rng: Arc<Mutex<SmallRng>>,
    /// What this game taught of the opponent's predictability (Ven), forgotten with the table.
    trust: Arc<Mutex<Trust>>,
    /// The table (with what the search learnt about moves) is of another game: `position` set
    /// up a game that does not go on with the last one, the variant or its rules changed, and
    /// no `ucinewgame` said so. The next search starts with it cleared.
    new_game: bool,
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
            trust: Arc::default(),
            new_game: false,
        }
    }

    fn session(&mut self) -> &mut dyn Session {
        self.sessions[self.current].as_mut()
    }

    /// Handles one input line. Returns `false` once the engine should exit (`quit`).
    pub fn handle_line(&mut self, line: &str) -> bool {
        match Command::parse(line) {
            Ok(Some(command)) => self.dispatch(Ok(command)),
            Ok(None) => true,
            Err(e) => self.dispatch(Err(e.into())),
        }
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

    /// Whether a search, perft or bench is running (bounded or not).
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

    /// The input ended: run what waits, each after the search before it, let bounded searches
    /// finish (their `bestmove` is what the user piped in for) and stop open-ended ones.
    pub fn end_of_input(&mut self) {
        self.finish(false);
    }

    /// Handles a command, or queues it behind the search whose answer must come first. Only
    /// `stop` and `quit` never queue: they end the running search and every search the queue
    /// would start, so everything queued answers at once, in order.
    fn dispatch(&mut self, command: Result<Command, CommandError>) -> bool {
        self.reap();
        match command {
            Ok(Command::Stop) => {
                self.halt_all();
                self.drain();
                true
            }
            Ok(Command::Quit) => {
                self.halt_all();
                self.finish(true);
                false
            }
            command if self.has_pending() || self.waits(command.as_ref().ok()) => {
                self.pending.push_back(Queued {
                    command,
                    halted: false,
                });
                true
            }
            command => self.run(command, false),
        }
    }

    /// Whether `command`, next in line, must wait for the running search. `isready` and
    /// `ponderhit` never wait for a search (UCI: `readyok` at once, even while it thinks);
    /// the rest waits for a search whose answer is due before theirs. During `go infinite`
    /// (or `ponder`) the GUI may still look around (`d`, `position`, ...), but `setoption`,
    /// `ucinewgame` and `bench` end it first: they change what it searches with.
    /// (`None`: a line that did not parse, whose answer is its error.)
    fn waits(&self, command: Option<&Command>) -> bool {
        let Some(running) = &self.running else {
            return false;
        };
        match command {
            Some(Command::IsReady | Command::PonderHit) => false,
            _ if running.answers_first() => true,
            Some(Command::SetOption { .. } | Command::UciNewGame | Command::Bench { .. }) => {
                running.control.halt();
                true
            }
            _ => false,
        }
    }

    /// Runs a command now; its error, if any, is its answer. `false` after `quit`.
    fn run(&mut self, command: Result<Command, CommandError>, halted: bool) -> bool {
        let result = command.and_then(|c| self.handle(c));
        if halted {
            if let Some(r) = &self.running {
                r.control.halt();
            }
        }
        result.unwrap_or_else(|e| {
            self.out.error(e);
            true
        })
    }

    /// `stop`: ends the running search and every one the queue would start.
    fn halt_all(&mut self) {
        if let Some(r) = &self.running {
            r.control.halt();
        }
        for q in &mut self.pending {
            q.halted = true;
        }
    }

    /// Runs waiting commands, in order, until one must wait for a search.
    fn drain(&mut self) {
        loop {
            self.reap();
            let Some(front) = self.pending.front() else {
                return;
            };
            if self.waits(front.command.as_ref().ok()) {
                return;
            }
            let Some(q) = self.pending.pop_front() else {
                return;
            };
            self.run(q.command, q.halted);
        }
    }

    /// Runs every waiting command, each after the search before it, and waits for the last
    /// search. With `halt` every search ends at once (`quit`); without it bounded searches run
    /// to their end (the end of the input) and open-ended ones are stopped.
    fn finish(&mut self, halt: bool) {
        loop {
            self.reap();
            match &self.running {
                Some(r) if halt || !r.answers_first() => r.control.halt(),
                _ => {}
            }
            self.drain();
            if self.pending.is_empty() && self.running.is_none() {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    fn handle(&mut self, command: Command) -> Result<bool, CommandError> {
        match command {
            Command::Uci => self.uci(),
            Command::IsReady => self.out.line("readyok"),
            Command::UciNewGame => {
                self.clear_hash();
                self.session().reset();
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            Command::Position { start, moves } => {
                if self.session().set_position(&start, &moves)? == Continuity::NewGame {
                    self.new_game = true;
                }
            }
            Command::Go(go) => self.go(go)?,
            Command::PonderHit => {
                if let Some(r) = &self.running {
                    r.control.ponderhit();
                }
            }
            // `dispatch` acts on these at once; here only for completeness.
            Command::Stop => self.halt_all(),
            Command::Quit => return Ok(false),
            Command::Display => self.out.lines(&self.sessions[self.current].display()),
            Command::Eval => self.out.lines(&self.sessions[self.current].eval()),
            Command::Bench { depth } => self.bench(depth)?,
        }
        Ok(true)
    }

    /// Forgets a search whose answer is out (its thread then ends at once).
    fn reap(&mut self) {
        if self.running.as_ref().is_some_and(Running::finished) {
            if let Some(r) = self.running.take() {
                let _ = r.handle.join();
            }
        }
    }

    /// `bench`, on its own thread like a search: `stop` ends it after the position it is on.
    fn bench(&mut self, depth: Option<u32>) -> Result<(), CommandError> {
        if self.running.is_some() {
            return Err(CommandError::Busy);
        }
        let job = self.sessions[self.current].bench(depth);
        self.run_job("bench", move |out, control| {
            let totals = job(out, control);
            let ms = totals.time.as_millis() as u64;
            let nps = totals.nodes * 1000 / ms.max(1);
            // The last line is the one OpenBench reads (it scans from the end for `N nodes`
            // and `N nps`).
            format!(
                "===========================\nTotal time (ms) : {ms}\n\
                 Nodes searched  : {nodes}\nNodes/second    : {nps}\n\
                 {nodes} nodes {nps} nps",
                nodes = totals.nodes
            )
        })
    }

    /// Runs a job that ends by itself (`bench`, `go perft`) on its own thread, like a search:
    /// `stop` cuts it short, `isready` and `quit` are answered meanwhile; the text it returns
    /// is its answer.
    fn run_job(
        &mut self,
        name: &'static str,
        job: impl FnOnce(&Out, &Arc<Control>) -> String + Send + 'static,
    ) -> Result<(), CommandError> {
        let control = Arc::new(Control::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let (c, d, out) = (control.clone(), done.clone(), self.out.clone());
        let handle = std::thread::Builder::new()
            .name(name.into())
            .stack_size(32 << 20)
            .spawn(move || out.answer(&job(&out, &c), &d))
            .map_err(CommandError::thread(name))?;
        self.running = Some(Running {
            handle,
            control,
            done,
            infinite: false,
        });
        Ok(())
    }

    /// Empties the table (no search runs: the caller stopped it).
    fn clear_hash(&mut self) {
        match Arc::get_mut(&mut self.tt) {
            Some(tt) => tt.clear(),
            None => self.tt = Arc::new(TranspositionTable::new(self.options.hash_mb)),
        }
        self.trust.lock().unwrap_or_else(|p| p.into_inner()).clear();
        self.new_game = false;
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
        for spec in self.sessions.iter().flat_map(|s| s.option_specs().iter()) {
            if !listed.contains(&spec.name) {
                listed.push(spec.name);
                self.out.line(&spec.uci_line());
            }
        }
        self.out.line("uciok");
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), ParseError> {
        // Options shape the next search, never the running one (it waited for it to end).
        if name.eq_ignore_ascii_case("UCI_Variant") {
            let value = value.unwrap_or("");
            let index = self
                .sessions
                .iter()
                .position(|s| s.name().eq_ignore_ascii_case(value))
                .ok_or_else(|| ParseError::new(format!("unknown variant '{value}'")))?;
            self.current = index;
            self.session().reset();
            self.new_game = true;
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
            if let Some(spec) = option::find(session.option_specs(), name) {
                known = true;
                session.set_option(spec.name, value.unwrap_or(""))?;
            }
        }
        if !known {
            return Err(ParseError::new(format!("unknown option '{name}'")));
        }
        // The rules changed: the tables are of another game.
        self.new_game = true;
        Ok(())
    }

    fn go(&mut self, mut go: Go) -> Result<(), CommandError> {
        if self.running.is_some() {
            return Err(CommandError::Busy);
        }
        if let Some(depth) = go.perft {
            let job = self.sessions[self.current].perft(depth, self.options.threads);
            return self.run_job("perft", move |_, control| job(&|| control.is_stopped()));
        }
        // A GUI that skips `ucinewgame` gets a clear table all the same (cleared here, where no
        // search holds it, rather than at `position`, which may come during `go infinite`).
        if self.new_game {
            self.clear_hash();
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
            trust: self.trust.clone(),
        };
        let infinite = go.limits.infinite;
        let handle = self.sessions[self.current].go(&go, env)?;
        self.running = Some(Running {
            handle,
            control,
            done,
            infinite,
        });
        Ok(())
    }
}
