//! The seeded fuzzer's CI slice (issue #16): every variant's random games, FEN and move parsers,
//! and protocol lines into a whole engine, with no panic, no hang, and the state kept after
//! every rejected line. The long run is `chimera fuzz --lines 1000000` (docs/protocol.md).

mod common;

use common::CHIMERA;
use std::process::Command;

fn fuzz(args: &[&str]) -> (bool, String) {
    let out = Command::new(CHIMERA)
        .arg("fuzz")
        .args(args)
        .output()
        .expect("run chimera fuzz");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

#[test]
fn a_short_seeded_slice_finds_nothing() {
    let (ok, text) = fuzz(&[
        "--seed",
        "16",
        "--games",
        "4",
        "--cases",
        "3000",
        "--lines",
        "6000",
        "--answers",
        "8",
    ]);
    assert!(ok, "{text}");
    let summary = text
        .lines()
        .find(|l| l.starts_with("fuzz seed 16:"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        summary.contains("6000 protocol lines") && summary.contains(" 0 panics, 0 failures"),
        "{summary}"
    );
    // Every variant's middlegames were asked, and every `go depth 1` / `go nodes 1000` left to
    // end by itself did (issue #31).
    let answered = 8 * chimera_protocol::registry::NAMES.len();
    assert!(
        summary.contains(&format!(" {answered} middlegames answered")),
        "{summary}"
    );
    for name in chimera_protocol::registry::NAMES {
        assert!(
            text.lines()
                .any(|l| l.starts_with(&format!("answers {name} "))),
            "{name}: {text}"
        );
    }
    assert!(
        text.lines()
            .any(|l| l.starts_with("protocol: longest go depth 1 / nodes 1000")),
        "{text}"
    );
    // Every variant took part, and the mutations were rejected often but not always.
    for name in chimera_protocol::registry::NAMES {
        assert!(text.lines().any(|l| l.starts_with(name)), "{name}: {text}");
    }
    let rejected: u64 = summary
        .split(" (")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{summary}"));
    assert!((600..5400).contains(&rejected), "{summary}");
}

#[test]
fn bad_arguments_are_refused() {
    let (ok, text) = fuzz(&["--target", "everything"]);
    assert!(!ok && text.contains("'everything'"), "{text}");
    let (ok, text) = fuzz(&["--lines", "many"]);
    assert!(!ok && text.contains("'many'"), "{text}");
}
