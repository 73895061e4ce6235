//! The protocol over a toy game: subtraction Nim (`chimera_engine::toys`), in which the turn
//! may be several plies long. (The binary's transcript tests in `tests/` drive the real
//! variants.)

use crate::command::Start;
use crate::rounds::RoundSession;
use crate::session::{GameSession, Session};
use crate::{Engine, Out};
use chimera_engine::toys::{Nim, Pennies};
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Capture {
    fn lines(&self) -> Vec<String> {
        String::from_utf8_lossy(&self.0.lock().unwrap())
            .lines()
            .map(str::to_string)
            .collect()
    }
    fn take(&self) -> Vec<String> {
        let lines = self.lines();
        self.0.lock().unwrap().clear();
        lines
    }
    /// Waits until a line starts with `prefix`; returns everything so far.
    fn wait_for(&self, prefix: &str) -> Vec<String> {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if self.lines().iter().any(|l| l.starts_with(prefix)) {
                return self.take();
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        panic!("no '{prefix}' in {:?}", self.lines());
    }
}

fn engine() -> (Engine, Capture) {
    let capture = Capture::default();
    let sessions: Vec<Box<dyn Session>> = vec![
        Box::new(GameSession::<Nim>::new("nim", &[])),
        Box::new(GameSession::<Nim>::new("nim-double", &[("TurnPlies", "2")])),
        Box::new(RoundSession::<Pennies>::new("pennies", &[])),
    ];
    (Engine::new(Out::new(capture.clone()), sessions), capture)
}

fn send(e: &mut Engine, lines: &[&str]) {
    for l in lines {
        assert!(e.handle_line(l), "{l}");
    }
}

/// Waits until no search runs and no command waits for one.
fn settle(e: &mut Engine) {
    while e.is_searching() || e.has_pending() {
        e.tick();
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn fen_of(e: &mut Engine, c: &Capture) -> String {
    c.take();
    send(e, &["d"]);
    c.take()
        .into_iter()
        .find_map(|l| l.strip_prefix("Fen: ").map(str::to_string))
        .unwrap()
}

#[test]
fn uci_lists_options_variants_and_ends_with_uciok() {
    let (mut e, c) = engine();
    send(&mut e, &["uci"]);
    let lines = c.take();
    assert_eq!(
        lines[0],
        format!("id name Chimera {}", env!("CARGO_PKG_VERSION"))
    );
    assert!(lines.contains(
        &"option name UCI_Variant type combo default nim var nim var nim-double var pennies"
            .to_string()
    ));
    assert!(lines.contains(&"option name MaxTake type spin default 3 min 1 max 5".to_string()));
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("option name TurnPlies"))
            .count(),
        1
    );
    assert_eq!(lines.last().unwrap(), "uciok");
}

#[test]
fn go_prints_info_then_the_best_move() {
    let (mut e, c) = engine();
    send(&mut e, &["position fen 10 3 1 0 w", "go depth 12"]);
    let lines = c.wait_for("bestmove");
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth 12 "))
        .expect("depth 12 info");
    assert!(
        info.contains(" score mate 3 ") && info.contains(" pv 2 "),
        "{info}"
    );
    for word in ["seldepth", "multipv 1", "nodes", "nps", "hashfull", "time"] {
        assert!(info.contains(word), "{word}: {info}");
    }
    assert!(
        lines.last().unwrap().starts_with("bestmove 2 ponder "),
        "{lines:?}"
    );
}

#[test]
fn a_turn_of_several_plies_is_one_comma_joined_bestmove() {
    let (mut e, c) = engine();
    send(
        &mut e,
        &[
            "setoption name UCI_Variant value nim-double",
            "position fen 4 2 2 0 w",
            "go depth 6",
        ],
    );
    assert_eq!(c.wait_for("bestmove").last().unwrap(), "bestmove 2,2");
    // Mid-turn, only the rest of the turn.
    send(&mut e, &["position fen 9 3 2 0 w moves 2", "go depth 8"]);
    let last = c.wait_for("bestmove").last().unwrap().clone();
    let words: Vec<&str> = last.split_whitespace().collect();
    assert!(!words[1].contains(','), "{last}");
    // The opponent's whole turn is the ponder move.
    assert_eq!(
        (words[2], words[3].split(',').count()),
        ("ponder", 2),
        "{last}"
    );
    // A comma-joined token in `position` is the turn's plies in order.
    send(&mut e, &["position fen 20 3 2 0 w moves 3,1 2"]);
    assert_eq!(fen_of(&mut e, &c), "14 3 2 1 b");
}

#[test]
fn variant_options_apply_in_any_order() {
    let (mut e, c) = engine();
    send(
        &mut e,
        &[
            "setoption name maxtake value 5",
            "setoption name UCI_Variant value nim-double",
        ],
    );
    assert_eq!(fen_of(&mut e, &c), "21 5 2 0 w");
    send(&mut e, &["setoption name UCI_Variant value NIM"]);
    assert_eq!(fen_of(&mut e, &c), "21 5 1 0 w");
}

#[test]
fn bad_input_gives_one_error_naming_the_token_and_keeps_the_state() {
    let (mut e, c) = engine();
    send(&mut e, &["position fen 10 3 1 0 w moves 1"]);
    let before = fen_of(&mut e, &c);
    for (line, token) in [
        ("position fen 10 3 1 0 w moves 1 9", "'9'"),
        ("position fen 10 3 1 0 x", "'x'"),
        ("position startpos moves 1 banana", "'banana'"),
        ("position fen 10 3 1 0 w moves 1,7", "'1,7'"),
        ("setoption name UCI_Variant value go", "'go'"),
        ("setoption name MaxTake value 9", "'9'"),
        ("setoption name Nonsense value 1", "'Nonsense'"),
        ("setoption name Hash value big", "'big'"),
        ("go searchmoves 7", "'7'"),
        ("go depth deep", "'deep'"),
        ("frobnicate", "'frobnicate'"),
    ] {
        send(&mut e, &[line]);
        let out = c.take();
        assert_eq!(out.len(), 1, "{line}: {out:?}");
        assert!(
            out[0].starts_with("info string error: ") && out[0].contains(token),
            "{line}: {out:?}"
        );
        assert_eq!(fen_of(&mut e, &c), before, "{line}");
    }
}

#[test]
fn stop_and_isready_answer_during_a_search() {
    let (mut e, c) = engine();
    send(
        &mut e,
        &[
            "setoption name Threads value 2",
            "position fen 200 5 1 0 w",
            "go infinite",
        ],
    );
    std::thread::sleep(Duration::from_millis(30));
    let t = Instant::now();
    send(&mut e, &["isready"]);
    assert!(c
        .wait_for("readyok")
        .iter()
        .all(|l| !l.starts_with("bestmove")));
    send(&mut e, &["go depth 3"]);
    assert!(c
        .take()
        .iter()
        .any(|l| l.contains("error: go: a search is already running")));
    send(&mut e, &["stop"]);
    let lines = c.wait_for("bestmove");
    // An infinite search ends only by `stop`; the bound leaves room for a loaded machine.
    assert!(
        t.elapsed() < Duration::from_millis(1000),
        "{:?}",
        t.elapsed()
    );
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
    // Quit during a ponder search ends it.
    send(&mut e, &["go ponder wtime 1000 btime 1000"]);
    assert!(!e.handle_line("quit"));
    assert!(c.take().iter().any(|l| l.starts_with("bestmove")));
}

#[test]
fn ponderhit_turns_pondering_into_a_timed_search() {
    let (mut e, c) = engine();
    send(
        &mut e,
        &["position fen 200 5 1 0 w", "go ponder movetime 100"],
    );
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        c.lines().iter().all(|l| !l.starts_with("bestmove")),
        "no bestmove while pondering"
    );
    let t = Instant::now();
    send(&mut e, &["ponderhit"]);
    c.wait_for("bestmove");
    let spent = t.elapsed();
    assert!(
        spent >= Duration::from_millis(60) && spent < Duration::from_millis(1000),
        "{spent:?}"
    );
}

#[test]
fn perft_bench_d_and_eval() {
    let (mut e, c) = engine();
    send(&mut e, &["position fen 5 3 1 0 w", "go perft 2"]);
    assert_eq!(
        c.wait_for("Nodes searched"),
        vec!["1: 3", "2: 3", "3: 2", "", "Nodes searched: 8"]
    );
    // `bench` runs on its own thread, like a search.
    let mut bench = || {
        settle(&mut e);
        send(&mut e, &["bench"]);
        c.wait_for("Nodes/second")
    };
    let first = bench();
    let second = bench();
    settle(&mut e);
    let nodes = |lines: &[String]| {
        lines
            .iter()
            .find(|l| l.starts_with("Nodes searched"))
            .cloned()
            .unwrap()
    };
    assert_eq!(nodes(&first), nodes(&second), "bench is deterministic");
    // OpenBench reads the last line: `<nodes> nodes <nps> nps`, the same total.
    let total = nodes(&first).rsplit(' ').next().unwrap().to_string();
    let last: Vec<&str> = first.last().unwrap().split(' ').collect();
    assert_eq!(last.len(), 4, "{last:?}");
    assert_eq!(
        (last[0], last[1], last[3]),
        (total.as_str(), "nodes", "nps")
    );
    assert!(last[2].parse::<u64>().is_ok(), "{last:?}");
    assert_eq!(
        first
            .iter()
            .filter(|l| l.starts_with("info string bench "))
            .count(),
        2
    );
    send(&mut e, &["eval"]);
    assert!(c
        .take()
        .last()
        .unwrap()
        .starts_with("Final evaluation: +0 cp"));
    let d = {
        send(&mut e, &["d"]);
        c.take()
    };
    assert!(d.contains(&"Fen: 5 3 1 0 w".to_string()) && d.contains(&"Checkers: -".to_string()));
}

#[test]
fn multipv_and_searchmoves() {
    let (mut e, c) = engine();
    send(
        &mut e,
        &[
            "setoption name MultiPV value 3",
            "position fen 10 3 1 0 w",
            "go depth 8",
        ],
    );
    let lines = c.wait_for("bestmove");
    let depth8: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 8 "))
        .collect();
    assert_eq!(depth8.len(), 3);
    for (i, l) in depth8.iter().enumerate() {
        assert!(l.contains(&format!(" multipv {} ", i + 1)), "{l}");
    }
    send(
        &mut e,
        &[
            "setoption name MultiPV value 1",
            "go depth 8 searchmoves 1 3",
        ],
    );
    let last = c.wait_for("bestmove").last().unwrap().clone();
    assert!(
        last.starts_with("bestmove 1") || last.starts_with("bestmove 3"),
        "{last}"
    );
}

#[test]
fn no_legal_move_gives_bestmove_none() {
    let (mut e, c) = engine();
    send(&mut e, &["position fen 0 3 1 0 w", "go depth 3"]);
    let lines = c.wait_for("bestmove");
    assert_eq!(lines, vec!["info depth 0 score mate 0", "bestmove (none)"]);
}

/// The `bestmove` words of a baseline player over `turns` fresh positions.
fn baseline_moves(e: &mut Engine, c: &Capture, fen: &str, go: &str) -> Vec<String> {
    (0..12)
        .map(|_| {
            send(e, &[&format!("position fen {fen}"), go]);
            c.wait_for("bestmove").last().unwrap().clone()
        })
        .collect()
}

#[test]
fn play_random_answers_whole_turns_reproducibly_by_seed() {
    let (mut e, c) = engine();
    send(
        &mut e,
        &[
            "setoption name UCI_Variant value nim-double",
            "setoption name Play value random",
            "setoption name Seed value 5",
        ],
    );
    c.take();
    // A depth the search could never finish at once: the baseline ignores it.
    let first = baseline_moves(&mut e, &c, "30 5 2 0 w", "go depth 100");
    for line in &first {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words.len(), 2, "{line}");
        let plies: Vec<u8> = words[1].split(',').map(|p| p.parse().unwrap()).collect();
        assert!(
            plies.len() == 2 && plies.iter().all(|p| (1..=5).contains(p)),
            "{line}"
        );
    }
    assert!(first.iter().collect::<std::collections::HashSet<_>>().len() > 1);
    // Setting the seed again replays the same choices.
    send(&mut e, &["setoption name Seed value 5"]);
    assert_eq!(
        baseline_moves(&mut e, &c, "30 5 2 0 w", "go depth 100"),
        first
    );
    send(&mut e, &["setoption name Seed value 6"]);
    assert_ne!(
        baseline_moves(&mut e, &c, "30 5 2 0 w", "go depth 100"),
        first
    );
}

#[test]
fn play_baseline_with_no_move_says_none_and_waits_for_stop_when_infinite() {
    let (mut e, c) = engine();
    send(
        &mut e,
        &[
            "setoption name Play value greedy",
            "position fen 0 3 1 0 w",
            "go",
        ],
    );
    let lines = c.wait_for("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    send(&mut e, &["position fen 9 3 1 0 w", "go infinite"]);
    std::thread::sleep(Duration::from_millis(30));
    assert!(!c.lines().iter().any(|l| l.starts_with("bestmove")));
    send(&mut e, &["stop"]);
    assert!(c
        .wait_for("bestmove")
        .last()
        .unwrap()
        .starts_with("bestmove "));
}

// ---- A simultaneous game: rounds of matching pennies ----

#[test]
fn a_simultaneous_session_reads_rounds_and_needs_a_side() {
    let (mut e, c) = engine();
    send(
        &mut e,
        &[
            "setoption name UCI_Variant value pennies",
            "position startpos moves 0,0 1,0",
        ],
    );
    assert_eq!(fen_of(&mut e, &c), "1 0");
    send(&mut e, &["d"]);
    let shown = c.take().join("\n");
    assert!(
        shown.contains("Last round: black takes the round"),
        "{shown}"
    );
    // A bad round names its token and keeps the position.
    for (line, token) in [
        ("position startpos moves 0,0 0", "'0'"),
        ("position startpos moves 0,0 0,7", "'7'"),
        ("position startpos moves 0,1,1", "'0,1,1'"),
        ("position startpos moves 0,0 0,0 0,0 0,0", "over"),
    ] {
        send(&mut e, &[line]);
        let out = c.take();
        assert!(
            out.len() == 1 && out[0].starts_with("info string error") && out[0].contains(token),
            "{line}: {out:?}"
        );
        assert_eq!(fen_of(&mut e, &c), "1 0", "{line}");
    }
    send(&mut e, &["go depth 1"]);
    let out = c.take();
    assert!(out[0].contains("go side white"), "{out:?}");
}

#[test]
fn go_side_answers_an_order_drawn_from_the_mixed_strategy() {
    let (mut e, c) = engine();
    send(
        &mut e,
        &[
            "setoption name UCI_Variant value pennies",
            "position fen 1 0",
        ],
    );
    let mut seen = std::collections::HashSet::new();
    for seed in 0..16 {
        send(
            &mut e,
            &[
                &format!("setoption name Seed value {seed}"),
                "go side black depth 1",
            ],
        );
        let out = c.wait_for("bestmove");
        let strategy = out
            .iter()
            .find(|l| l.starts_with("info string strategy"))
            .unwrap_or_else(|| panic!("{out:?}"));
        let words: Vec<&str> = strategy.split_whitespace().collect();
        // "info string strategy O P O P value V": two coins at one half each.
        assert_eq!(words.len(), 9, "{strategy}");
        let p: f64 = words[4].parse().unwrap();
        assert!((p - 0.5).abs() < 0.02, "{strategy}");
        assert!(words[7] == "value" && (words[8].parse::<f64>().unwrap() - 0.5).abs() < 0.02);
        let order = out
            .last()
            .unwrap()
            .strip_prefix("bestmove ")
            .unwrap()
            .to_string();
        assert!(order == "0" || order == "1", "{out:?}");
        seen.insert(order);
    }
    assert_eq!(seen.len(), 2, "the draw is not always the same coin");
}

#[test]
fn pennies_baselines_answer_legal_orders() {
    let (mut e, c) = engine();
    send(&mut e, &["setoption name UCI_Variant value pennies"]);
    for play in ["random", "greedy", "randomgreedy", "maximin"] {
        send(
            &mut e,
            &[
                &format!("setoption name Play value {play}"),
                "go side white depth 2",
            ],
        );
        let out = c.wait_for("bestmove");
        let order = out.last().unwrap();
        assert!(
            ["bestmove 0", "bestmove 1", "bestmove 2"].contains(&order.as_str()),
            "{play}: {out:?}"
        );
    }
}

#[test]
fn simultaneous_perft_counts_pairs_of_orders() {
    let (mut e, c) = engine();
    send(
        &mut e,
        &["setoption name UCI_Variant value pennies", "go perft 2"],
    );
    let out = c.wait_for("Nodes searched");
    assert_eq!(out.len(), 9 + 2, "{out:?}");
    assert_eq!(out[0], "0,0: 9");
    assert_eq!(out.last().unwrap(), "Nodes searched: 81");
}

/// Sends `lines` (ending in a `go`) and returns the nodes of its search.
fn search_nodes(e: &mut Engine, c: &Capture, lines: &[&str]) -> u64 {
    send(e, lines);
    last_nodes(&c.wait_for("bestmove"))
}

/// The `nodes` of the last `info` line before `bestmove`.
fn last_nodes(lines: &[String]) -> u64 {
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("an info line");
    let words: Vec<&str> = info.split(' ').collect();
    let at = words.iter().position(|w| *w == "nodes").unwrap();
    words[at + 1].parse().unwrap()
}

#[test]
fn limit_strength_caps_the_nodes_unless_analysing() {
    let (mut e, c) = engine();
    let cap = {
        let mut o = crate::options::EngineOptions::default();
        o.set("UCI_LimitStrength", Some("true")).unwrap();
        o.set("UCI_Elo", Some("1450")).unwrap();
        o.strength_nodes().unwrap()
    };
    send(
        &mut e,
        &[
            "setoption name UCI_LimitStrength value true",
            "setoption name UCI_Elo value 1450",
            "position fen 200 3 1 0 w",
            "go depth 40",
        ],
    );
    let limited = last_nodes(&c.wait_for("bestmove"));
    assert!(limited <= cap, "{limited} nodes, cap {cap}");
    // A lower `go nodes` still wins.
    send(&mut e, &["go nodes 20 depth 40"]);
    assert!(last_nodes(&c.wait_for("bestmove")) <= 20);
    // Analysing, and with the limit off, the search is whole.
    send(
        &mut e,
        &["setoption name UCI_AnalyseMode value true", "go depth 40"],
    );
    assert!(last_nodes(&c.wait_for("bestmove")) > cap);
    send(
        &mut e,
        &[
            "setoption name UCI_AnalyseMode value false",
            "setoption name UCI_LimitStrength value false",
            "go depth 40",
        ],
    );
    assert!(last_nodes(&c.wait_for("bestmove")) > cap);
}

#[test]
fn show_wdl_adds_win_draw_loss_to_info_lines() {
    let (mut e, c) = engine();
    send(&mut e, &["position fen 10 3 1 0 w", "go depth 6"]);
    assert!(c.wait_for("bestmove").iter().all(|l| !l.contains(" wdl ")));
    send(
        &mut e,
        &["setoption name UCI_ShowWDL value true", "go depth 6"],
    );
    let lines = c.wait_for("bestmove");
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth 6 "))
        .unwrap();
    // A won position (mate in 3): all wins.
    assert!(info.contains(" score mate 3 wdl 1000 0 0 "), "{info}");
    // Simultaneous rounds say it too.
    send(
        &mut e,
        &[
            "setoption name UCI_Variant value pennies",
            "go side white depth 1",
        ],
    );
    let lines = c.wait_for("bestmove");
    assert!(lines.iter().any(|l| l.contains(" wdl ")), "{lines:?}");
}

#[test]
fn clear_hash_empties_the_table_and_bad_hash_keeps_the_old() {
    let (mut e, c) = engine();
    let nodes = |e: &mut Engine, lines: &[&str]| search_nodes(e, &c, lines);
    let fresh = nodes(&mut e, &["position fen 200 3 1 0 w", "go depth 24"]);
    // The same search again finds the first one's entries: fewer nodes...
    let warm = nodes(&mut e, &["go depth 24"]);
    assert!(warm < fresh, "{warm} vs {fresh}");
    // ...and after Clear Hash as many as the first time (one thread: deterministic).
    let cleared = nodes(&mut e, &["setoption name Clear Hash", "go depth 24"]);
    assert_eq!(cleared, fresh);
    // A table the system cannot give is refused and the old one kept; where the system
    // lends that much address space, the option takes the new size.
    let before = e.state();
    send(&mut e, &["setoption name Hash value 65536"]);
    if c.take().iter().any(|l| l.contains("cannot get 65536 MB")) {
        assert_eq!(e.state(), before);
    } else {
        assert!(e.state().contains("hash_mb: 65536"));
    }
}

#[test]
fn position_says_whether_it_goes_on_with_the_game() {
    use crate::session::Continuity::{NewGame, SameGame};
    let fen = |f: &str| Start::Fen(f.to_string());
    let moves = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let mut nim = GameSession::<Nim>::new("nim", &[]);
    let mut set = |start: &Start, m: &[&str]| nim.set_position(start, &moves(m)).unwrap();
    // From the start: on, back (a takeback), on again, and the FEN of a position reached.
    assert_eq!(set(&Start::StartPos, &["1", "2"]), SameGame);
    assert_eq!(set(&Start::StartPos, &["1", "2", "3"]), SameGame);
    assert_eq!(set(&Start::StartPos, &["1"]), SameGame);
    assert_eq!(set(&Start::StartPos, &["1", "3"]), SameGame);
    assert_eq!(set(&fen("17 3 1 0 w"), &["1"]), SameGame);
    // ... and a game that reaches where the last one stood.
    assert_eq!(set(&fen("16 3 1 0 b"), &[]), SameGame);
    assert_eq!(set(&Start::StartPos, &["2", "2", "1"]), SameGame);
    // Another pile, another game; the start again after it, another game too.
    assert_eq!(set(&fen("30 3 1 0 w"), &["2"]), NewGame);
    assert_eq!(set(&Start::StartPos, &[]), NewGame);
    // Rounds alike.
    let mut pennies = RoundSession::<Pennies>::new("pennies", &[]);
    let mut set = |start: &Start, m: &[&str]| pennies.set_position(start, &moves(m)).unwrap();
    assert_eq!(set(&Start::StartPos, &["0,0"]), SameGame);
    assert_eq!(set(&Start::StartPos, &["0,0", "1,0"]), SameGame);
    assert_eq!(set(&fen("1 0"), &[]), SameGame);
    assert_eq!(set(&fen("2 1"), &[]), NewGame);
    // A rejected position changes nothing, so the next is compared with the game before it.
    assert!(pennies
        .set_position(&Start::StartPos, &moves(&["0,7"]))
        .is_err());
    assert_eq!(
        pennies.set_position(&fen("2 1"), &moves(&["1,1"])).unwrap(),
        SameGame
    );
}

#[test]
fn a_new_game_without_ucinewgame_searches_with_a_clear_table() {
    let (mut e, c) = engine();
    let nodes = |e: &mut Engine, lines: &[&str]| search_nodes(e, &c, lines);
    let fresh = nodes(&mut e, &["position fen 200 3 1 0 w", "go depth 24"]);
    // A GUI that skips `ucinewgame`: another game, then this one again, searched as the first
    // time (one thread: deterministic). Without the clear, the pile of 150's entries and
    // history would serve it.
    nodes(&mut e, &["position fen 150 3 1 0 w", "go depth 24"]);
    let again = nodes(&mut e, &["position fen 200 3 1 0 w", "go depth 24"]);
    assert_eq!(again, fresh);
    // Another variant, or other rules, and back: a new game too.
    for change in [
        "setoption name UCI_Variant value nim-double",
        "setoption name MaxTake value 3",
    ] {
        nodes(&mut e, &["position fen 200 3 1 0 w", "go depth 24"]);
        send(&mut e, &[change, "setoption name UCI_Variant value nim"]);
        let after = nodes(&mut e, &["position fen 200 3 1 0 w", "go depth 24"]);
        assert_eq!(after, fresh, "{change}");
    }
    // The game going on keeps what the search learnt: fewer nodes than a fresh engine.
    let kept = nodes(&mut e, &["position fen 200 3 1 0 w moves 3", "go depth 24"]);
    let (mut cold_engine, cold_capture) = engine();
    send(
        &mut cold_engine,
        &["position fen 197 3 1 0 b", "go depth 24"],
    );
    let cold = last_nodes(&cold_capture.wait_for("bestmove"));
    assert!(kept < cold, "{kept} vs {cold}");
}

/// The words after `key` in the line of `out` that starts with `prefix`.
fn field_after<'a>(out: &'a [String], prefix: &str, key: &str) -> Vec<&'a str> {
    let line = out
        .iter()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no '{prefix}' line: {out:?}"));
    let rest = line
        .split(key)
        .nth(1)
        .unwrap_or_else(|| panic!("no '{key}' in {line}"));
    rest.split_whitespace().collect()
}

#[test]
fn the_lean_scores_its_predictions_by_the_orders_the_opponent_wrote() {
    // Each round the root reports the opponent's predicted order; the next `go` scores it
    // by the round the GUI then sent. Writing the predicted coin holds the prediction,
    // writing another does not, and `ucinewgame` forgets the record.
    let (mut e, c) = engine();
    send(
        &mut e,
        &[
            "setoption name UCI_Variant value pennies",
            "setoption name Lean value 200",
            "ucinewgame",
        ],
    );
    for (follow, expected) in [
        (true, [(0, 0), (1, 1), (2, 2)]),
        (false, [(0, 0), (0, 1), (0, 2)]),
    ] {
        let mut moves: Vec<String> = Vec::new();
        for (held, seen) in expected {
            let position = if moves.is_empty() {
                "position startpos".to_string()
            } else {
                format!("position startpos moves {}", moves.join(" "))
            };
            send(&mut e, &[&position, "go side white depth 1"]);
            let out = c.wait_for("bestmove");
            let trust = field_after(&out, "info string trust", "held");
            assert_eq!(
                (trust[0], trust[2]),
                (held.to_string().as_str(), seen.to_string().as_str()),
                "{out:?}"
            );
            let predicted = field_after(&out, "info string root", " predicted ")[0].to_string();
            let white = out
                .last()
                .unwrap()
                .strip_prefix("bestmove ")
                .unwrap()
                .to_string();
            let black = if follow {
                predicted
            } else {
                ["0", "1", "2"]
                    .into_iter()
                    .find(|o| *o != predicted)
                    .unwrap()
                    .to_string()
            };
            moves.push(format!("{white},{black}"));
        }
        send(&mut e, &["ucinewgame"]);
    }
}
