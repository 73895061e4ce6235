//! Perft suite for 007 Chess: runs perft/007.epd, every schedule and rule switch, from the start
//! (rules/007.md §15) and from positions in the middle of turns with Detente sets.
//!
//! Every count in the file was computed twice: by the engine and by scripts/oo7_reference.py,
//! an independent python-chess implementation that follows piece identities where the engine
//! keeps square sets. The default test goes as deep as keeps each position under `QUICK_NODES`;
//! the full depths:
//!
//! ```text
//! cargo test --profile ci --test perft_oo7 -- --ignored
//! ```
//!
//! When python-chess is installed, random games in every mode are also checked ply list by ply
//! list against the reference (the test says so and passes when it is not).

mod epd;
mod python;

use chimera_engine::perft::{divide, perft};
use chimera_engine::variants::oo7::{MoveList, Options, Position};
use chimera_engine::{Game, VariantOptions};
use epd::Entry;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;
use std::process::Command;

const SUITE: &str = include_str!("007.epd");

/// Per position, every depth whose count is at most this: a few seconds in all in the ci
/// profile.
const QUICK_NODES: u64 = 2_000_000;

/// Options from `standard|balanced|progressive` joined by `+` with `detente`, `fast`, `owner`.
fn options(modes: &str) -> Options {
    let mut o = Options::default();
    for m in modes.split('+') {
        let (name, value) = match m {
            "standard" | "balanced" | "progressive" => ("Schedule", m),
            "detente" => ("Detente", "true"),
            "fast" => ("FastAndDeadly", "true"),
            "owner" => ("OwnerPromotes", "true"),
            _ => panic!("unknown mode '{m}'"),
        };
        o.set(name, value).unwrap();
    }
    o
}

/// The suite; every line names its modes (`;mode standard+detente`).
fn suite() -> Vec<Entry> {
    let entries = epd::parse(SUITE);
    for e in &entries {
        assert!(
            e.field("mode").is_some(),
            "every line names its mode: {}",
            e.fen
        );
    }
    entries
}

fn modes(e: &Entry) -> &str {
    e.field("mode").unwrap_or_default()
}

fn check(max_nodes: u64) {
    let entries = suite();
    assert!(entries.len() >= 30);
    let failures: Vec<String> = entries
        .par_iter()
        .flat_map_iter(|e| {
            let pos = Position::from_fen(&e.fen, &options(modes(e)))
                .unwrap_or_else(|err| panic!("{}: {err}", e.fen));
            assert_eq!(
                pos.fen(),
                e.fen,
                "the suite's FENs are as the engine writes them"
            );
            e.counts
                .iter()
                .filter(move |(_, n)| *n <= max_nodes)
                .filter_map(move |&(d, expected)| {
                    let got = perft(&pos, d);
                    (got != expected).then(|| {
                        format!(
                            "{} [{}] D{d}: expected {expected}, got {got}",
                            e.fen,
                            modes(e)
                        )
                    })
                })
        })
        .collect();
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn perft_suite_quick() {
    check(QUICK_NODES);
}

#[test]
#[ignore = "full depths: a minute or so in the ci profile"]
fn perft_suite_full() {
    check(u64::MAX);
}

/// The table of rules/007.md §15, spelled out: standard, Balanced and Progressive equal
/// orthodox perft; Detente differs from depth 3.
#[test]
fn spec_table_from_the_start() {
    let rows: [(&str, [u64; 4]); 5] = [
        ("standard", [20, 400, 8902, 197281]),
        ("balanced", [20, 400, 8902, 197281]),
        ("progressive", [20, 400, 8902, 197281]),
        ("standard+detente", [20, 400, 8242, 182898]),
        ("balanced+detente", [20, 400, 8868, 196558]),
    ];
    for (modes, counts) in rows {
        let start = Position::start(&options(modes));
        for (d, expected) in (1..).zip(counts) {
            assert_eq!(perft(&start, d), expected, "{modes} D{d}");
        }
    }
    let fast = Position::start(&options("standard+fast"));
    assert_eq!(perft(&fast, 4), 197742);
}

/// Divide splits a count by root ply, and each part is the perft of that ply's position.
#[test]
fn divide_in_the_middle_of_a_detente_turn() {
    let fen = "rnb1kbnr/pppp1pp1/7p/4p3/4P1P1/5P1q/PPPPK2P/RNBQ1BNR w kq - 3 5 w3/3 e2 h3";
    let pos = Position::from_fen(fen, &options("balanced+detente")).unwrap();
    let parts = divide(&pos, 3, 2);
    assert_eq!(parts.len(), 14);
    assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), perft(&pos, 3));
    for (mv, n) in &parts {
        assert_eq!(perft(&pos.play(*mv), 2), *n);
    }
}

/// Random games in every mode: the reference lists the same plies in every position on the way.
#[test]
fn random_games_agree_with_the_python_reference() {
    if !python::chess_available() {
        eprintln!("python-chess not available: reference cross-check skipped");
        return;
    }
    let mut rng = SmallRng::seed_from_u64(700);
    let mut lines = String::new();
    for modes in [
        "standard",
        "balanced+detente",
        "standard+detente",
        "progressive",
        "standard+fast",
        "balanced+fast+detente",
    ] {
        for _ in 0..8 {
            let mut pos = Position::start(&options(modes));
            for _ in 0..120 {
                if pos.king_taken().is_some() {
                    break; // The game is over, and a board without a king is no FEN to read.
                }
                let mut list = MoveList::new();
                pos.legal_moves(&mut list);
                let mut plies: Vec<String> = list.iter().map(|m| pos.format_move(*m)).collect();
                plies.sort();
                lines.push_str(&format!("{modes}|{}|{}\n", pos.fen(), plies.join(" ")));
                if list.is_empty() || pos.quick_outcome().is_some() {
                    break;
                }
                let captures: Vec<_> = list.iter().filter(|m| m.is_capture()).collect();
                let mv = if !captures.is_empty() && rng.random_bool(0.4) {
                    *captures[rng.random_range(0..captures.len())]
                } else {
                    list[rng.random_range(0..list.len())]
                };
                pos = pos.play(mv);
            }
        }
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/oo7_reference.py");
    python::assert_check(&[script, "--check"], &lines, "the reference");
}

/// `chimera perft --variant 007` with options: the divide format, and errors naming the token.
#[test]
fn perft_command_for_007() {
    let exe = env!("CARGO_BIN_EXE_chimera");
    let run = |args: &[&str]| Command::new(exe).args(args).output().unwrap();
    let out = run(&[
        "perft",
        "--variant",
        "007",
        "--option",
        "Detente=true",
        "--depth",
        "3",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.ends_with("\nNodes searched: 8242\n"), "{text}");
    assert_eq!(text.lines().count(), 22);

    let out = run(&[
        "perft",
        "--variant",
        "007",
        "--option",
        "Schedule=balanced",
        "--option",
        "Detente=true",
        "--fen",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2 w2/2 - d5",
        "--depth",
        "1",
    ]);
    assert!(String::from_utf8_lossy(&out.stdout).ends_with("\nNodes searched: 30\n"));

    for (args, expected) in [
        (
            vec![
                "perft",
                "--variant",
                "007",
                "--option",
                "Schedule=random",
                "--depth",
                "1",
            ],
            "'random'",
        ),
        (
            vec![
                "perft",
                "--variant",
                "007",
                "--option",
                "Detente",
                "--depth",
                "1",
            ],
            "'Detente'",
        ),
        (
            vec![
                "perft",
                "--variant",
                "007",
                "--option",
                "Schedule=progressive",
                "--option",
                "Detente=true",
                "--depth",
                "1",
            ],
            "progressive",
        ),
        (
            vec![
                "perft",
                "--variant",
                "007",
                "--fen",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b1/3",
                "--depth",
                "1",
            ],
            "b1/3",
        ),
    ] {
        let out = run(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}
