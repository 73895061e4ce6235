//! 007 Chess's own perft tests, beyond its suite perft/007.epd (every schedule and rule switch,
//! from the start (rules/007.md §15) and from positions in the middle of turns with Detente
//! sets), which `suites.rs` runs up to 2 M nodes a position.
//!
//! Every count in the file was computed twice: by the engine and by scripts/oo7_reference.py,
//! an independent python-chess implementation that follows piece identities where the engine
//! keeps square sets. The full depths:
//!
//! ```text
//! cargo test --profile ci --test perft -- --ignored oo7::
//! ```
//!
//! When python-chess is installed, random games in every mode are also checked ply list by ply
//! list against the reference (the test says so and passes when it is not).

use crate::python;
use chimera_engine::perft::{divide, perft};
use chimera_engine::variants::oo7::{MoveList, Options, Position};
use chimera_engine::{Game, VariantOptions};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::process::Command;

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

/// The suite keeps its positions, and every line names its options (its schedule at least).
#[test]
fn suite_keeps_its_positions() {
    let entries = crate::suite("007");
    assert!(entries.len() >= 30);
    for e in &entries {
        assert!(
            e.field("options").is_some_and(|o| o.contains("Schedule=")),
            "every line names its schedule: {}",
            e.fen
        );
    }
}

#[test]
#[ignore = "full depths: a minute or so in the ci profile"]
fn perft_suite_full() {
    crate::assert_suite("007", u64::MAX);
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
