//! What the `chimera match` test files share: running a match into a PGN file of its own.

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

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
