//! What the test files that run the binary share: a whole protocol session from a script, and
//! a `chimera match` into a PGN file of its own. (Each test file uses only some of it.)
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

pub const CHIMERA: &str = env!("CARGO_BIN_EXE_chimera");

/// A temporary path of its own for each call in this process (the tests run in parallel).
pub fn temp_pgn(tag: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!(
        "chimera-match-{tag}-{}-{n}.pgn",
        std::process::id()
    ))
}

/// Runs `chimera match` with `args` and a PGN file; its stdout, and the PGN it wrote.
pub fn run_match(tag: &str, args: &[&str]) -> (String, String) {
    let pgn = temp_pgn(tag);
    let out = Command::new(CHIMERA)
        .arg("match")
        .args(args)
        .arg("--pgn")
        .arg(&pgn)
        .output()
        .expect("run chimera match");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&pgn).unwrap_or_default();
    let _ = std::fs::remove_file(&pgn);
    (stdout, text)
}

/// Runs `chimera` on a whole script (a bounded `go` finishes before the input's end is acted
/// on) and returns its output lines and how long it took.
pub fn session(script: &str) -> (Vec<String>, Duration) {
    let start = Instant::now();
    let mut child = Command::new(CHIMERA)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start chimera");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let lines = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    (lines, start.elapsed())
}
