//! The suites' Python cross-checks (python-chess and the 007 reference): whether python-chess is
//! installed, and running a checker with the lines to check on its standard input.

use std::io::Write;
use std::process::{Command, Stdio};

/// Whether `python3` runs and imports python-chess.
pub fn chess_available() -> bool {
    Command::new("python3")
        .args(["-c", "import chess"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs `python3 args...` with `input` on its standard input, prints its report and asserts
/// that it exited successfully (`what` names the checker in the failure message).
pub fn assert_check(args: &[&str], input: &str, what: &str) {
    let mut child = Command::new("python3")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    eprintln!("{report}");
    assert!(out.status.success(), "{what} disagrees:\n{report}");
}
