//! `chimera match` against deliberately broken engines (the scripts in `tests/engines/`): each
//! loses every game by forfeit with the right reason, and the match goes on to its end.

mod common;

use common::{run_match, CHIMERA};
use std::process::Command;

fn script(name: &str) -> String {
    format!("{}/tests/engines/{name}.sh", env!("CARGO_MANIFEST_DIR"))
}

/// Plays `games` games of a random-moving Chimera against the broken engine `name` and checks
/// each is a forfeit by it, with `reason` in the game line and `termination` in the PGN.
fn broken_engine_forfeits(name: &str, extra: &[&str], reason: &str, termination: &str) {
    let broken = script(name);
    let mut args = vec![
        "--engine",
        CHIMERA,
        "--option",
        "Play=random",
        "--engine",
        &broken,
        "--games",
        "3",
    ];
    args.extend_from_slice(extra);
    let (stdout, pgn) = run_match(name, &args);
    let games: Vec<&str> = stdout.lines().filter(|l| l.starts_with("Game ")).collect();
    assert_eq!(games.len(), 3, "{stdout}");
    // The scripts call themselves by their file name, capitalised.
    let broken_name = format!("{}{}", name[..1].to_uppercase(), &name[1..]);
    for line in &games {
        assert!(line.contains(&format!("{{{broken_name} ")), "{line}");
        assert!(line.contains(reason), "{line}");
    }
    // Colours alternate, and the broken engine loses with either.
    assert!(games.iter().any(|l| l.contains("): 1-0 ")), "{stdout}");
    assert!(games.iter().any(|l| l.contains("): 0-1 ")), "{stdout}");
    assert!(stdout.contains("+3 -0 =0"), "{stdout}");
    assert_eq!(
        pgn.matches(&format!("[Termination \"{termination}\"]"))
            .count(),
        3,
        "{pgn}"
    );
}

#[test]
fn an_illegal_move_forfeits() {
    broken_engine_forfeits(
        "illegal",
        &["--depth", "1"],
        "forfeits: illegal move 'e2e5'",
        "rules infraction",
    );
}

#[test]
fn a_crash_forfeits_and_the_engine_is_restarted_for_the_next_game() {
    // The script dies at every `go`: three crashes mean it was started again twice.
    broken_engine_forfeits(
        "crash",
        &["--depth", "1"],
        "forfeits: engine crashed (exit status: 3)",
        "abandoned",
    );
}

#[test]
fn a_hang_without_a_clock_forfeits_after_the_timeout() {
    broken_engine_forfeits(
        "hang",
        // The same timeout bounds the honest engine's start and answers: loose enough for a
        // loaded machine, short enough for a quick test (the three games run at once).
        &["--depth", "1", "--timeout", "2", "--concurrency", "3"],
        "forfeits: no answer in 2.000 s",
        "stalled connection",
    );
}

#[test]
fn a_hang_on_a_clock_loses_on_time() {
    broken_engine_forfeits(
        "hang",
        // The honest engine plays on the same clock: a second is room enough on a loaded machine.
        &["--tc", "0.5+0", "--margin", "500"],
        "loses on time (no answer within 1000 ms)",
        "time forfeit",
    );
}

#[test]
fn an_answer_past_movetime_and_margin_loses_on_time() {
    broken_engine_forfeits(
        "slow",
        // The script sleeps 3 s; the honest engine has 1 s for each (random) move.
        &["--movetime", "200", "--margin", "800"],
        "loses on time",
        "time forfeit",
    );
}

#[test]
fn a_losing_score_resigns_by_adjudication() {
    broken_engine_forfeits(
        "resigner",
        &["--depth", "1", "--resign", "movecount=1", "score=500"],
        "resigns by adjudication",
        "adjudication",
    );
}

#[test]
fn a_round_robin_with_broken_engines_plays_every_game_and_prints_a_crosstable() {
    let (illegal, crash) = (script("illegal"), script("crash"));
    let (stdout, pgn) = run_match(
        "robin",
        &[
            "--engine",
            CHIMERA,
            "--option",
            "Play=random",
            "--engine",
            &illegal,
            "--engine",
            &crash,
            "--games",
            "2",
            "--depth",
            "1",
            "--concurrency",
            "2",
        ],
    );
    assert!(stdout.contains("Finished 6 games"), "{stdout}");
    assert_eq!(pgn.matches("[Event ").count(), 6);
    let table = stdout.split("Crosstable").nth(1).expect("a crosstable");
    let rows: Vec<&str> = table.lines().skip(2).collect();
    // Chimera beats both, 2/2 each; Illegal and Crash forfeit to each other in turn.
    assert!(
        rows[0].contains("Chimera") && rows[0].contains("4.0"),
        "{table}"
    );
    assert!(rows[0].contains("2/2"), "{table}");
}

#[test]
fn bad_command_lines_are_one_error_line_and_exit_status_2() {
    for (args, token) in [
        (
            vec!["--engine", CHIMERA, "--engine", CHIMERA],
            "time control",
        ),
        (
            vec![
                "--engine",
                CHIMERA,
                "--engine",
                CHIMERA,
                "--depth",
                "1",
                "--variant",
                "nope",
            ],
            "'nope'",
        ),
        (
            vec![
                "--engine",
                "/no/such/engine",
                "--engine",
                CHIMERA,
                "--depth",
                "1",
            ],
            "/no/such/engine",
        ),
        (
            vec![
                "--engine", CHIMERA, "--option", "Frob=1", "--engine", CHIMERA, "--depth", "1",
            ],
            "'Frob'",
        ),
    ] {
        let out = Command::new(CHIMERA)
            .arg("match")
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error: ") && err.contains(token), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
