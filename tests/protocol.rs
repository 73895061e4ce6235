//! Transcript tests: spawn the `chimera` binary, talk UCI to it over pipes, check the replies.

use chimera_engine::variants::chess::Position;
use chimera_engine::Game;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

const WAIT: Duration = Duration::from_secs(30);

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start chimera");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = Engine {
            child,
            stdin,
            lines,
        };
        assert_eq!(e.next(), "Chimera 0.1.0 by the Chimera developers");
        e
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    fn next(&mut self) -> String {
        self.lines.recv_timeout(WAIT).expect("a reply")
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut out = Vec::new();
        let deadline = Instant::now() + WAIT;
        loop {
            match self
                .lines
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    out.push(line);
                    if done {
                        return out;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no '{prefix}' after {out:?}"),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("engine gone before '{prefix}': {out:?}")
                }
            }
        }
    }

    /// Sends `line` then `isready`, and returns what came before `readyok`.
    fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut out = self.until("readyok");
        out.pop();
        out
    }

    fn fen(&mut self) -> String {
        let lines = self.ask("d");
        lines
            .iter()
            .find_map(|l| l.strip_prefix("Fen: "))
            .expect("a Fen line")
            .to_string()
    }

    /// `go ...` and the `bestmove` line, checked legal in `fen`.
    fn best(&mut self, go: &str, fen: &str) -> (Vec<String>, String) {
        self.send(go);
        let lines = self.until("bestmove");
        let best = lines
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string();
        let pos = Position::from_fen(fen).unwrap();
        assert!(
            pos.parse_move(&best).is_ok(),
            "bestmove {best} illegal in {fen}"
        );
        (lines, best)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn uci_handshake() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    assert_eq!(lines[0], "id name Chimera 0.1.0");
    assert_eq!(lines[1], "id author the Chimera developers");
    for option in [
        "option name Hash type spin default 16 min 1 max 65536",
        "option name Threads type spin default 1 min 1 max 256",
        "option name MultiPV type spin default 1 min 1 max 256",
        "option name Move Overhead type spin default 10 min 0 max 5000",
        "option name Ponder type check default false",
        "option name Seed type spin default 0 min 0 max 2147483647",
    ] {
        assert!(lines.iter().any(|l| l == option), "{option}");
    }
    let variant = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant"))
        .unwrap();
    assert!(variant.starts_with("option name UCI_Variant type combo default chess var chess"));
    assert_eq!(e.ask(""), Vec::<String>::new(), "a blank line is ignored");
    e.send("isready");
    assert_eq!(e.next(), "readyok");
}

#[test]
fn position_and_display() {
    let mut e = Engine::start();
    assert_eq!(e.fen(), START);
    e.send("position startpos moves e2e4 e7e5 g1f3");
    assert_eq!(
        e.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    e.send(&format!("position fen {fen} moves e2e4"));
    assert!(e.fen().starts_with("4k3/8/8/8/4P3/8/8/4K3 b - "));
    e.send("position fen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1 moves a1a8");
    let d = e.ask("d");
    assert!(d.iter().any(|l| l == "Checkers: a8"), "{d:?}");
    assert!(
        d.iter().any(|l| l.starts_with("Key: ") && l.len() == 21),
        "{d:?}"
    );
    assert!(
        d.iter()
            .any(|l| l == " | R |   |   |   | k |   |   |   | 8"),
        "{d:?}"
    );
    e.send("ucinewgame");
    assert_eq!(e.fen(), START);
}

#[test]
fn go_depth_reports_info_and_a_legal_best_move() {
    let mut e = Engine::start();
    e.send("position startpos moves d2d4");
    let fen = e.fen();
    let (lines, _) = e.best("go depth 6", &fen);
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 6, "{lines:?}");
    for (i, l) in infos.iter().enumerate() {
        let w: Vec<&str> = l.split_whitespace().collect();
        assert_eq!(w[2], (i + 1).to_string());
        for key in [
            "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv",
        ] {
            assert!(w.contains(&key), "{key} in {l}");
        }
        assert!(
            l.contains(" score cp ") || l.contains(" score mate "),
            "{l}"
        );
    }
    assert!(
        lines.last().unwrap().contains(" ponder "),
        "{:?}",
        lines.last()
    );
}

#[test]
fn clocks_movetime_nodes_mate_and_searchmoves() {
    let mut e = Engine::start();
    e.send("position startpos");
    let t = Instant::now();
    e.best("go wtime 2000 btime 2000 winc 10 binc 10", START);
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "{:?}",
        t.elapsed()
    );
    let t = Instant::now();
    e.best("go wtime 60000 btime 60000 movestogo 40", START);
    assert!(t.elapsed() < Duration::from_secs(4), "{:?}", t.elapsed());
    let t = Instant::now();
    e.best("go movetime 300", START);
    let spent = t.elapsed();
    assert!(
        spent >= Duration::from_millis(250) && spent < Duration::from_millis(1000),
        "{spent:?}"
    );
    let (lines, _) = e.best("go nodes 20000", START);
    let nodes: u64 = lines
        .iter()
        .rev()
        .find_map(|l| l.split(" nodes ").nth(1)?.split(' ').next()?.parse().ok())
        .unwrap();
    assert!((20_000..21_000).contains(&nodes), "{nodes}");
    // A back-rank mate in one.
    let fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    e.send(&format!("position fen {fen}"));
    let (lines, best) = e.best("go mate 1", fen);
    assert_eq!(best, "d1d8");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "{lines:?}"
    );
    e.send("position startpos");
    let (_, best) = e.best("go depth 4 searchmoves a2a3 h2h4", START);
    assert!(best == "a2a3" || best == "h2h4", "{best}");
}

#[test]
fn infinite_stop_isready_and_ponder_answer_at_once() {
    let mut e = Engine::start();
    e.send("setoption name Threads value 2");
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    e.send("isready");
    let lines = e.until("readyok");
    let ready = t.elapsed();
    assert!(
        lines.iter().all(|l| !l.starts_with("bestmove")),
        "{lines:?}"
    );
    let t = Instant::now();
    e.send("stop");
    e.until("bestmove");
    let stopped = t.elapsed();
    // The search would never end by itself: a bound that a loaded machine's scheduling cannot
    // reach still tells an answer at once from one that waits for the search.
    assert!(
        ready < Duration::from_millis(500) && stopped < Duration::from_millis(500),
        "{ready:?} {stopped:?}"
    );

    // Ponder: no bestmove before ponderhit, then a timed search.
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(1200));
    e.send("isready");
    assert!(e
        .until("readyok")
        .iter()
        .all(|l| !l.starts_with("bestmove")));
    e.send("ponderhit");
    e.until("bestmove");

    // Quit during a search exits at once.
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let t = Instant::now();
    e.send("quit");
    while e.child.try_wait().unwrap().is_none() {
        assert!(t.elapsed() < Duration::from_secs(1), "quit took too long");
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn multipv_threads_hash_and_seed() {
    let mut e = Engine::start();
    for o in [
        "MultiPV value 3",
        "Threads value 3",
        "Hash value 8",
        "Seed value 7",
        "Move Overhead value 50",
    ] {
        assert_eq!(
            e.ask(&format!("setoption name {o}")),
            Vec::<String>::new(),
            "{o}"
        );
    }
    e.send("position startpos");
    let (lines, _) = e.best("go depth 5", START);
    let last: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 5 "))
        .collect();
    assert_eq!(last.len(), 3, "{lines:?}");
    let firsts: std::collections::HashSet<&str> = last
        .iter()
        .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap())
        .collect();
    assert_eq!(firsts.len(), 3, "three different first moves");
}

/// `Pruning` switches techniques off one at a time (the matches in docs/search.md): the same
/// fixed-depth search then visits a different number of nodes, and more with none at all.
#[test]
fn pruning_option_changes_the_search() {
    let mut e = Engine::start();
    let mut nodes = |pruning: &str| -> u64 {
        assert_eq!(
            e.ask(&format!("setoption name Pruning value {pruning}")),
            Vec::<String>::new()
        );
        e.send("ucinewgame");
        e.send("position startpos");
        let (lines, _) = e.best("go depth 7", START);
        let last = lines.iter().rev().find(|l| l.contains(" nodes ")).unwrap();
        let mut words = last.split_whitespace();
        words.find(|w| *w == "nodes").unwrap();
        words.next().unwrap().parse().unwrap()
    };
    let all = nodes("all");
    let none = nodes("none");
    assert!(none > 2 * all, "none {none} all {all}");
    for t in ["null", "lmr", "lmp", "futility", "rfp", "iir"] {
        let without = nodes(&format!("all,-{t}"));
        assert_ne!(without, all, "without {t}");
    }
    assert_eq!(nodes("all"), all, "fixed-depth searches are deterministic");
}

#[test]
fn contempt_scores_a_draw_below_zero_for_the_engine_whichever_side_it_plays() {
    let mut e = Engine::start();
    // King and knight against king: every line is a dead position, a draw.
    for side in ["w", "b"] {
        let fen = format!("4k3/8/8/8/8/8/8/4K1N1 {side} - - 0 1");
        for (contempt, want) in [(0, "score cp 0 "), (40, "score cp -40 ")] {
            e.ask(&format!("setoption name Contempt value {contempt}"));
            e.send(&format!("position fen {fen}"));
            let (lines, _) = e.best("go depth 3", &fen);
            let last = lines.iter().rev().find(|l| l.contains(" score ")).unwrap();
            assert!(last.contains(want), "{fen} contempt {contempt}: {last}");
        }
    }
    let errors = e.ask("setoption name Contempt value -40");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].starts_with("info string error:") && errors[0].contains("'-40'"));
}

#[test]
fn perft_eval_and_bench() {
    let mut e = Engine::start();
    e.send("position startpos");
    // Perft counts on its own thread (stop can cut it short), so its lines end with the total.
    e.send("go perft 3");
    let lines = e.until("Nodes searched");
    assert_eq!(lines.len(), 22);
    assert!(lines.contains(&"e2e4: 600".to_string()));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    let eval = e.ask("eval");
    for term in [
        "Material",
        "Placement",
        "Mobility",
        "Pawn structure",
        "Passed pawns",
        "King safety",
        "Threats",
        "Mop-up",
    ] {
        assert!(
            eval.iter().any(|l| l.trim_start().starts_with(term)),
            "{term}: {eval:?}"
        );
    }
    // The start is symmetric: all that is left is the tempo weight's middlegame half
    // (engine/src/variants/chess/weights.txt).
    assert!(
        eval.last()
            .unwrap()
            .starts_with("Final evaluation: +12 cp (white to move)"),
        "{eval:?}"
    );
    // `bench` runs like a search: `readyok` at once, its lines then end with its totals.
    let mut bench = || {
        e.send("bench 5");
        e.until("Nodes/second")
    };
    let a = bench();
    let b = bench();
    let nodes = |l: &[String]| {
        l.iter()
            .find(|l| l.starts_with("Nodes searched"))
            .unwrap()
            .clone()
    };
    assert_eq!(nodes(&a), nodes(&b), "bench is deterministic");
    assert!(a.iter().all(|l| !l.contains("error")), "{a:?}");
}

#[test]
fn games_that_are_over() {
    let mut e = Engine::start();
    // Fool's mate: White is mated.
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    e.send("go depth 3");
    assert_eq!(
        e.until("bestmove"),
        vec!["info depth 0 score mate 0", "bestmove (none)"]
    );
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go depth 3");
    assert_eq!(
        e.until("bestmove"),
        vec!["info depth 0 score cp 0", "bestmove (none)"]
    );
}

/// Each malformed line gets exactly one `info string error:` line naming the token, and the
/// position stays what it was.
#[test]
fn malformed_input_is_one_error_and_changes_nothing() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    let fen = e.fen();
    let cases: &[(&str, &str)] = &[
        ("frobnicate", "'frobnicate'"),
        ("isready please", "'please'"),
        ("uci now", "'now'"),
        ("position", "'startpos'"),
        ("position somewhere", "'somewhere'"),
        ("position startpos e2e4", "'e2e4'"),
        ("position startpos moves e2e5", "'e2e5'"),
        (
            "position startpos moves e2e4 e7e5 e1e2 e8e7 e2e3x",
            "'e2e3x'",
        ),
        ("position startpos moves e2e4 e2e4", "'e2e4'"),
        ("position startpos moves z9z9", "'z9z9'"),
        ("position startpos moves e7e8q", "'e7e8q'"),
        ("position fen", "'fen'"),
        ("position fen 8/8/8 w - - 0 1", "8/8/8"),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "'x'",
        ),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1",
            "Z",
        ),
        ("setoption", "'name'"),
        ("setoption name", "name"),
        ("setoption Hash value 1", "'Hash'"),
        ("setoption name Hash value 0", "'0'"),
        ("setoption name Hash value big", "'big'"),
        ("setoption name Threads value -1", "'-1'"),
        ("setoption name MultiPV value 1000", "'1000'"),
        ("setoption name Ponder value maybe", "'maybe'"),
        ("setoption name Pruning value all,-nul", "'-nul'"),
        ("setoption name Move Overhead value x", "'x'"),
        ("setoption name UCI_Variant value checkers", "'checkers'"),
        ("setoption name Aggression value 10", "'Aggression'"),
        ("go depth", "'depth'"),
        ("go depth ten", "'ten'"),
        ("go nodes 1e6", "'1e6'"),
        ("go movetime fast", "'fast'"),
        ("go sideways", "'sideways'"),
        ("go searchmoves e2e5", "'e2e5'"),
        ("go perft x", "'x'"),
        ("bench deep", "'deep'"),
        ("d board", "'board'"),
    ];
    assert!(cases.len() >= 25);
    for (line, token) in cases {
        let out = e.ask(line);
        assert_eq!(out.len(), 1, "{line}: {out:?}");
        assert!(out[0].starts_with("info string error: "), "{line}: {out:?}");
        assert!(
            out[0].contains(token),
            "{line}: {out:?} should name {token}"
        );
        assert_eq!(e.fen(), fen, "{line} changed the position");
    }
    // Not UTF-8: an error, not a crash.
    e.stdin.write_all(b"\xff\xfe go\n").unwrap();
    let out = e.ask("");
    assert_eq!(out.len(), 1);
    assert!(
        out[0].starts_with("info string error: unknown command"),
        "{out:?}"
    );
    // Options kept their values through the errors: one line per depth at MultiPV 1.
    let (lines, _) = e.best("go depth 2", &fen);
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("info depth 2 "))
            .count(),
        1
    );
}

/// The README's first session, pasted at once: the commands after `go depth 10` wait for its
/// search instead of cutting it short, and run in order once it is over; a `stop` still ends a
/// search at once, and the waiting commands follow.
#[test]
fn commands_pasted_during_a_bounded_search_wait_for_it() {
    let mut e = Engine::start();
    for line in [
        "position startpos moves e2e4 e7e5",
        "go depth 10",
        "d",
        "setoption name UCI_Variant value double-ended",
        "position startpos",
        "go perft 3",
    ] {
        e.send(line);
    }
    let search = e.until("bestmove");
    assert!(
        search.iter().any(|l| l.starts_with("info depth 10 ")),
        "{search:?}"
    );
    // `d` answers after the `bestmove` of the `go` before it, showing the position searched.
    let shown = e.until("Fen: ");
    assert_eq!(
        shown.last().unwrap(),
        "Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    let perft = e.until("Nodes searched");
    assert_eq!(perft.last().unwrap(), "Nodes searched: 8901", "{perft:?}");

    e.send("setoption name UCI_Variant value chess");
    e.send("position startpos");
    e.send("go depth 60");
    e.send("position startpos moves g1f3");
    e.send("d");
    std::thread::sleep(Duration::from_millis(200));
    let start = Instant::now();
    e.send("stop");
    let stopped = e.until("bestmove");
    assert!(start.elapsed() < Duration::from_secs(5), "{stopped:?}");
    let after = e.until("Fen: ");
    assert_eq!(
        after.last().unwrap(),
        "Fen: rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"
    );
}

#[test]
fn chess960_positions_castling_and_search() {
    let mut e = Engine::start();
    let shredder = "nrk1brnb/pp1ppppp/2p5/8/8/2P5/PP1PPPPP/NRK1BRNB w FBfb - 0 1";
    // Without the option a Chess960 castling field is an error naming it, and nothing changes.
    let said = e.ask(&format!("position fen {shredder}"));
    assert!(
        said.iter()
            .any(|l| l.starts_with("info string error:") && l.contains("castling")),
        "{said:?}"
    );
    assert_eq!(e.fen(), START);
    // With it: Shredder-FEN in, X-FEN out, castling as king takes rook (and back to the
    // start position when the option changes).
    assert!(e.ask("setoption name UCI_Chess960 value true").is_empty());
    assert_eq!(e.fen(), START);
    e.send(&format!("position fen {shredder} moves g1f3 g8f6"));
    assert_eq!(
        e.fen(),
        "nrk1br1b/pp1ppppp/2p2n2/8/8/2P2N2/PP1PPPPP/NRK1BR1B w KQkq - 2 2"
    );
    e.send("position fen 1r2k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1 moves e1h1 e8b8");
    assert_eq!(e.fen(), "2kr3r/8/8/8/8/8/8/1R3RK1 w - - 2 2");
    // The search answers castling the Chess960 way too.
    e.send("position fen 1r2k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1");
    e.send("go depth 3 searchmoves e1h1 e1b1");
    let lines = e.until("bestmove");
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(best == "e1h1" || best == "e1b1", "{lines:?}");
    // The orthodox way of writing castling is no move here.
    let said = e.ask("position fen 1r2k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1 moves e1g1");
    assert!(said.iter().any(|l| l.contains("e1g1")), "{said:?}");
}

#[test]
fn replies_come_in_the_order_of_the_commands_they_answer() {
    let mut e = Engine::start();
    // Errors of later commands wait for the `bestmove` of the `go` before them (issue #31).
    for line in [
        "go depth 7",
        "setoption name NoSuchOption value 1",
        "position zzz",
        "isready",
    ] {
        e.send(line);
    }
    let lines: Vec<String> = e
        .until("readyok")
        .into_iter()
        .filter(|l| !l.starts_with("info depth") && !l.starts_with("info currmove"))
        .collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(lines[0].starts_with("bestmove "), "{lines:?}");
    assert_eq!(lines[1], "info string error: unknown option 'NoSuchOption'");
    assert!(
        lines[2].starts_with("info string error: position"),
        "{lines:?}"
    );
    assert_eq!(lines[3], "readyok");
    // `isready` with nothing waiting before it answers at once, during the search.
    e.send("go depth 60");
    e.send("isready");
    let before = e.until("readyok");
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    // `stop` ends the search and every search queued before it: each `go` answers in turn.
    e.send("go depth 60");
    e.send("nonsense");
    e.send("isready");
    let start = Instant::now();
    e.send("stop");
    let lines: Vec<String> = e
        .until("readyok")
        .into_iter()
        .filter(|l| !l.starts_with("info depth") && !l.starts_with("info currmove"))
        .collect();
    assert!(start.elapsed() < Duration::from_secs(2), "{lines:?}");
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(lines[0].starts_with("bestmove ") && lines[1].starts_with("bestmove "));
    assert!(lines[2].contains("'nonsense'"), "{lines:?}");
}

#[test]
fn quit_ends_a_bounded_search_and_what_waits_at_once() {
    let mut e = Engine::start();
    e.send("go depth 60");
    e.send("position startpos moves e2e4");
    e.send("go depth 60");
    std::thread::sleep(Duration::from_millis(100));
    let start = Instant::now();
    e.send("quit");
    while e.child.try_wait().unwrap().is_none() {
        assert!(start.elapsed() < Duration::from_secs(2), "still running");
        std::thread::sleep(Duration::from_millis(2));
    }
}
