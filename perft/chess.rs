//! Orthodox chess's own perft tests, beyond its suite perft/chess.epd (the chessprogramming
//! wiki positions and the 126-position perftsuite, counts from Stockfish), which `suites.rs`
//! runs: perft/chess960.epd (Chess960 under `UCI_Chess960`: the wiki's Chess960 positions,
//! seeded start positions in X-FEN and Shredder-FEN, positions after random plies with castling
//! rights left; counts from Stockfish with `UCI_Chess960`), and the full depths of both:
//!
//! ```text
//! cargo test --profile ci --test perft -- --ignored chess::
//! ```
//!
//! Cross-checks run too when their peer is installed (each says so and passes when it is not):
//! python-chess over random games, Stockfish's divide on three positions. The `chimera perft`
//! command's output format and errors are tested here as well.

use crate::{epd, python};
use chimera_engine::variants::chess::{MoveList, Position};
use chimera_engine::Game;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::io::Write;
use std::process::{Command, Stdio};

const SUITE_960: &str = include_str!("chess960.epd");

#[test]
fn suite_keeps_its_positions() {
    assert!(
        crate::suite("chess").len() >= 133,
        "7 wiki positions and 126 of perftsuite"
    );
}

#[test]
#[ignore = "full depths: about a minute in release, a few in the ci profile"]
fn perft_suite_full() {
    crate::assert_suite("chess", u64::MAX);
}

/// Every count of the Chess960 suite up to `max_nodes` per position.
fn check_960(max_nodes: u64) {
    let entries = epd::parse(SUITE_960);
    assert!(entries.len() >= 40, "{} positions", entries.len());
    for e in &entries {
        let pos =
            Position::from_fen_with(&e.fen, true).unwrap_or_else(|err| panic!("{}: {err}", e.fen));
        // The FEN as read writes back as X-FEN, which reads back to the same position.
        assert_eq!(
            Position::from_fen_with(&pos.fen(), true),
            Ok(pos),
            "{}",
            e.fen
        );
    }
    let failures = crate::check_with("chess", &entries, &[("UCI_Chess960", "true")], max_nodes);
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

/// Per position, every depth whose count is at most a million.
#[test]
fn chess960_perft_suite_quick() {
    check_960(1_000_000);
}

#[test]
#[ignore = "full depths of the Chess960 suite"]
fn chess960_perft_suite_full() {
    check_960(u64::MAX);
}

/// Plays seeded random games and asks python-chess for the legal moves and FEN of every
/// position on the way; both must agree with ours.
#[test]
fn random_games_agree_with_python_chess() {
    if !python::chess_available() {
        eprintln!("python-chess not available: cross-check skipped");
        return;
    }
    let mut rng = SmallRng::seed_from_u64(2024);
    let mut lines = String::new();
    for _ in 0..200 {
        let mut pos = Position::start();
        for _ in 0..200 {
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            let mut ucis: Vec<String> = list.iter().map(|m| pos.format_move(*m)).collect();
            ucis.sort();
            lines.push_str(&format!("{}|{}\n", pos.fen(), ucis.join(" ")));
            if list.is_empty() || pos.quick_outcome().is_some() {
                break;
            }
            // Prefer captures and promotions now and then so games reach endings.
            let captures: Vec<_> = list.iter().filter(|m| m.is_capture()).collect();
            let mv = if !captures.is_empty() && rng.random_bool(0.5) {
                *captures[rng.random_range(0..captures.len())]
            } else {
                list[rng.random_range(0..list.len())]
            };
            pos = pos.play(mv);
        }
    }
    let script = r#"
import sys, chess
bad = 0
for n, line in enumerate(sys.stdin):
    fen, moves = line.rstrip("\n").split("|")
    board = chess.Board(fen)
    ours = sorted(moves.split()) if moves else []
    theirs = sorted(m.uci() for m in board.legal_moves)
    if ours != theirs or board.fen() != fen:
        bad += 1
        if bad <= 5:
            print(f"{fen}\n  fen  {board.fen()}\n  ours   {ours}\n  theirs {theirs}")
print(f"checked {n + 1} positions, {bad} disagreements")
sys.exit(1 if bad else 0)
"#;
    python::assert_check(&["-c", script], &lines, "python-chess");
}

/// `chimera perft` itself: Stockfish's divide format on stdout, one-line errors with status 2.
#[test]
fn perft_command_output_and_errors() {
    let exe = env!("CARGO_BIN_EXE_chimera");
    let out = Command::new(exe)
        .args(["perft", "--depth", "2", "--threads", "2"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 22, "{text}");
    assert!(lines[..20].iter().all(|l| {
        let (mv, n) = l.split_once(": ").unwrap();
        mv.len() == 4 && n.parse::<u64>().unwrap() >= 20
    }));
    assert!(lines.contains(&"e2e4: 20"));
    assert_eq!(&lines[20..], ["", "Nodes searched: 400"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("nodes/s"));

    // The FEN may be one argument or its separate fields.
    let split = Command::new(exe)
        .args([
            "perft",
            "--fen",
            "4k3/8/8/8/8/8/8/4K2R",
            "w",
            "K",
            "-",
            "--depth",
            "1",
        ])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&split.stdout).ends_with("\nNodes searched: 15\n"));

    for (args, expected) in [
        (
            vec!["perft"],
            "required arguments were not provided: --depth",
        ),
        (vec!["perft", "--depth"], "a value is required for '--depth"),
        (vec!["perft", "--depth", "x"], "'x'"),
        (vec!["perft", "--depth", "-1"], "'-1'"),
        (vec!["perft", "--depth", "99"], "99"),
        (vec!["perft", "--depth", "2", "--threads", "0"], "--threads"),
        (vec!["perft", "--depth", "2", "--bogus"], "'--bogus'"),
        (
            vec!["perft", "--depth", "2", "--fen"],
            "a value is required for '--fen",
        ),
        (
            vec![
                "perft",
                "--depth",
                "2",
                "--fen",
                "8/8/8/8/8/8/8/8 w - - 0 1",
            ],
            "king",
        ),
        (
            vec![
                "perft",
                "--depth",
                "2",
                "--fen",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w - -",
            ],
            "'Z'",
        ),
        (
            vec!["perft", "--depth", "2", "--variant", "xiangqi"],
            "'xiangqi'",
        ),
        (vec!["frobnicate"], "'frobnicate'"),
    ] {
        let out = Command::new(exe).args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

/// Our divide equals Stockfish's, move by move, when Stockfish is installed.
#[test]
fn divide_agrees_with_stockfish() {
    let stockfish = "/usr/games/stockfish";
    if !std::path::Path::new(stockfish).exists() {
        eprintln!("{stockfish} not installed: divide cross-check skipped");
        return;
    }
    let exe = env!("CARGO_BIN_EXE_chimera");
    for (fen, depth) in [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            3,
        ),
    ] {
        let ours = Command::new(exe)
            .args(["perft", "--depth", &depth.to_string(), "--fen", fen])
            .output()
            .unwrap();
        let mut child = Command::new(stockfish)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        write!(
            child.stdin.take().unwrap(),
            "position fen {fen}\ngo perft {depth}\nquit\n"
        )
        .unwrap();
        let theirs = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
        let divide_lines = |s: &str| {
            let mut v: Vec<String> = s
                .lines()
                .filter(|l| match l.split_once(": ") {
                    Some((mv, n)) => {
                        (mv.len() == 4 || mv.len() == 5)
                            && mv.chars().all(|c| c.is_ascii_alphanumeric())
                            || mv == "Nodes searched" && n.parse::<u64>().is_ok()
                    }
                    None => false,
                })
                .map(str::to_string)
                .collect();
            v.sort();
            v
        };
        let ours = divide_lines(&String::from_utf8(ours.stdout).unwrap());
        assert!(ours.len() > 5);
        assert_eq!(ours, divide_lines(&theirs), "{fen}");
    }
}
