//! Formatting what the engine says: `info` lines, `bestmove`, and the output sink.

use chimera_engine::search::{self, Bound, Info, Report, Score, SearchResult, TranspositionTable};
use chimera_engine::Game;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Where replies go: whole lines, flushed one by one, from any thread.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    pub fn new(w: impl Write + Send + 'static) -> Self {
        Out(Arc::new(Mutex::new(Box::new(w))))
    }

    /// Writes `text` and a newline, then flushes. A closed pipe is ignored: the GUI is gone.
    pub fn line(&self, text: &str) {
        let mut w = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }

    /// Writes every line of `text`.
    pub fn lines(&self, text: &str) {
        for l in text.lines() {
            self.line(l);
        }
    }

    /// Writes the last lines of a search's (perft's, bench's) answer and sets `done`, under one
    /// lock: the engine writes replies to later commands only once it sees `done`, so none
    /// comes before these lines, and a reader who sees them finds `done` set.
    pub fn answer(&self, text: &str, done: &std::sync::atomic::AtomicBool) {
        let mut w = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        done.store(true, std::sync::atomic::Ordering::Release);
        for l in text.lines() {
            let _ = writeln!(w, "{l}");
        }
        let _ = w.flush();
    }

    pub fn error(&self, message: impl std::fmt::Display) {
        self.line(&format!("info string error: {message}"));
    }
}

/// `cp 25`, `mate 3`, `mate -2`.
pub fn score_text(score: i32) -> String {
    match Score::from_internal(score) {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(moves) => format!("mate {moves}"),
    }
}

/// The moves of `line` from `pos` in the variant's notation, space-separated; stops at a move
/// that is not legal where it stands (never expected, but formatting must not panic).
pub fn line_text<G: Game>(pos: &G, line: &[G::Move]) -> String {
    let mut pos = pos.clone();
    let mut words = Vec::with_capacity(line.len());
    for &mv in line {
        let mut legal = G::Moves::default();
        pos.legal_moves(&mut legal);
        if !legal.contains(&mv) {
            break;
        }
        words.push(pos.format_move(mv));
        pos = pos.play(mv);
    }
    words.join(" ")
}

/// ` wdl W D L` after a score when `UCI_ShowWDL` asks for it ([`search::score::wdl`]).
pub fn wdl_text(score: i32, show: bool) -> String {
    if !show {
        return String::new();
    }
    let [w, d, l] = search::score::wdl(score);
    format!(" wdl {w} {d} {l}")
}

pub fn info_line<G: Game>(root: &G, info: &Info<G::Move>, show_wdl: bool) -> String {
    let ms = info.time.as_millis() as u64;
    let nps = info.nodes * 1000 / ms.max(1);
    let bound = match info.bound {
        Bound::Exact => "",
        Bound::Lower => " lowerbound",
        Bound::Upper => " upperbound",
    };
    format!(
        "info depth {} seldepth {} multipv {} score {}{bound}{} nodes {} nps {nps} hashfull {} time {ms} pv {}",
        info.depth,
        info.seldepth.max(info.depth),
        info.multipv,
        score_text(info.score),
        wdl_text(info.score, show_wdl),
        info.nodes,
        info.hashfull,
        line_text(root, info.pv),
    )
}

pub fn report_line<G: Game>(root: &G, report: &Report<G::Move>, show_wdl: bool) -> String {
    match report {
        Report::Info(info) => info_line(root, info, show_wdl),
        Report::CurrMove { depth, mv, number } => {
            format!(
                "info depth {depth} currmove {} currmovenumber {number}",
                root.format_move(*mv)
            )
        }
    }
}

/// `bestmove` with the root player's whole turn (comma-joined plies where one player decides
/// several in a row, as in 007) and, when known, the opponent's expected turn as `ponder`.
pub fn bestmove_line<G: Game>(
    root: &G,
    result: &SearchResult<G::Move>,
    tt: &TranspositionTable,
) -> String {
    if result.best.is_none() {
        return "bestmove (none)".to_string();
    }
    let turn = search::turn_of(root, &result.pv, tt);
    let mut text = format!("bestmove {}", plies_text(root, &turn));
    let mut after = root.clone();
    for &mv in &turn {
        after = after.play(mv);
    }
    let rest = result.pv.get(turn.len()..).unwrap_or(&[]);
    if after.to_move() != root.to_move() && after.quick_outcome().is_none() {
        let reply = search::turn_of(&after, rest, tt);
        if !reply.is_empty() {
            text.push_str(&format!(" ponder {}", plies_text(&after, &reply)));
        }
    }
    text
}

/// Plies played in a row from `pos`, as the variant writes a turn.
pub fn plies_text<G: Game>(pos: &G, plies: &[G::Move]) -> String {
    pos.format_turn(plies)
}

/// The line printed before `bestmove (none)`: what the root's end is worth.
pub fn no_move_info<G: Game>(root: &G) -> String {
    let score = search::score::outcome_score(root, root.stuck_outcome(), 0);
    format!("info depth 0 score {}", score_text(score))
}
