//! The command line (`src/main.rs`, clap): help and version answer on stdout with exit 0, a bad
//! flag or value is named on stderr with exit 2, and no argument still runs the protocol.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const CHIMERA: &str = env!("CARGO_BIN_EXE_chimera");

fn chimera(args: &[&str]) -> Output {
    Command::new(CHIMERA)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run chimera")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn help_lists_every_subcommand_with_exit_zero() {
    for args in [&["--help"][..], &["help"], &["-h"]] {
        let out = chimera(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("Usage: chimera"), "{args:?}: {text}");
        for sub in [
            "perft", "bench", "match", "exploit", "serve", "svg", "fuzz", "datagen", "tune",
        ] {
            assert!(
                text.contains(&format!("  {sub} ")),
                "{args:?} lacks {sub}: {text}"
            );
        }
    }
}

#[test]
fn version_is_the_package_version() {
    let out = chimera(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out).trim(),
        format!("chimera {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn each_subcommand_has_help_naming_its_flags() {
    for (sub, flags) in [
        (
            "match",
            &["--engine", "--tc", "--sprt", "--resign", "--draw", "--pgn"][..],
        ),
        (
            "perft",
            &["--depth", "--fen", "--threads", "--variant", "--option"],
        ),
        (
            "exploit",
            &[
                "--positions",
                "--generate",
                "--lean",
                "--main-share",
                "--judge-plies",
                "--baseline",
            ],
        ),
        ("serve", &["--port", "--host", "--max-searches"]),
        (
            "svg",
            &["--variant", "--fen", "--option", "--last", "--flip"],
        ),
        (
            "fuzz",
            &[
                "--target",
                "--lines",
                "--answers",
                "--seed",
                "--verbose-from",
            ],
        ),
        (
            "datagen",
            &[
                "--variant",
                "--games",
                "--nodes",
                "--threads",
                "--seed",
                "--out",
                "--shard",
            ],
        ),
        (
            "tune",
            &[
                "--variant",
                "--data",
                "--out",
                "--lambda",
                "--epochs",
                "--rate",
                "--l2",
            ],
        ),
    ] {
        for args in [vec![sub, "--help"], vec!["help", sub]] {
            let out = chimera(&args);
            assert_eq!(out.status.code(), Some(0), "{args:?}");
            let text = stdout(&out);
            assert!(
                text.contains(&format!("Usage: chimera {sub}")),
                "{args:?}: {text}"
            );
            for flag in flags {
                assert!(text.contains(flag), "{args:?} lacks {flag}: {text}");
            }
        }
    }
}

#[test]
fn a_bad_flag_or_value_is_named_with_exit_two() {
    for (args, named) in [
        (&["match", "--frobnicate"][..], "'--frobnicate'"),
        (&["perft", "--depth", "x"], "'x'"),
        (&["perft", "--depth", "21"], "'21'"),
        (&["perft"], "--depth"),
        (&["svg", "--option", "Detente"], "'Detente'"),
        (&["serve", "--port", "70000"], "'70000'"),
        (&["fuzz", "--target", "everything"], "'everything'"),
        (&["frobnicate"], "'frobnicate'"),
        (
            &["perft", "--dept", "2"],
            "tip: a similar argument exists: '--depth'",
        ),
        (&["match", "--engine", "a", "--engine", "b"], "time control"),
        (&["perft", "--depth", "1", "--variant", "nope"], "'nope'"),
    ] {
        let out = chimera(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}");
        let text = stderr(&out);
        assert!(text.starts_with("error: "), "{args:?}: {text}");
        assert_eq!(text.lines().count(), 1, "{args:?}: one line: {text}");
        assert!(text.contains(named), "{args:?} should name {named}: {text}");
    }
}

#[test]
fn perft_reads_a_fen_given_as_separate_fields() {
    let out = chimera(&[
        "perft",
        "--depth",
        "2",
        "--fen",
        "4k3/8/8/8/8/8/8/4K3",
        "w",
        "-",
        "-",
        "0",
        "1",
        "--threads",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).ends_with("Nodes searched: 25\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn no_argument_runs_the_protocol() {
    let mut child = Command::new(CHIMERA)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start chimera");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(b"isready\nquit\n").expect("write");
    drop(stdin);
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("readyok"), "{}", stdout(&out));
}

#[test]
fn bench_runs_to_the_end_and_ends_with_the_line_openbench_reads() {
    // The protocol's `bench` runs as a search; the command line waits for its totals.
    let out = chimera(&["bench", "2"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let last = text.lines().last().unwrap_or_default();
    let words: Vec<&str> = last.split_whitespace().collect();
    assert!(
        matches!(words[..], [n, "nodes", _, "nps"] if n.parse::<u64>().is_ok_and(|n| n > 0)),
        "last line {last:?} of {text}"
    );
}
