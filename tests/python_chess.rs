//! python-chess, a real UCI client, drives the binary: `scripts/python_chess_check.py`.
//! Skipped (with a message) where python3 or python-chess is missing; CI installs both.

use std::process::Command;

#[test]
fn python_chess_analyses_and_plays_whole_games() {
    let has_chess = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_chess {
        eprintln!(
            "SKIPPED python_chess test: python3 with python-chess not found (pip install chess)"
        );
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/python_chess_check.py");
    let out = Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_chimera"))
        .output()
        .expect("run python3");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    println!("{text}");
    assert!(out.status.success(), "python-chess check failed:\n{text}");
}
