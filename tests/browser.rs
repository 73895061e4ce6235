//! The web board in a real headless Chromium: `scripts/browser_check.py` drives the page with
//! Selenium (clicks, the engine's replies, game ends from prepared positions, PGN export) for
//! every variant. Skipped, with a message, where python3 with selenium, chromium or
//! chromedriver is missing; `.ci/run` installs them. Screenshots go to a temporary folder, or to
//! `$CHIMERA_SCREENSHOTS` (the README's come from `CHIMERA_SCREENSHOTS=docs/img`).

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

#[test]
fn the_page_plays_every_variant_in_headless_chromium() {
    let has_selenium = Command::new("python3")
        .args(["-c", "import selenium"])
        .output()
        .is_ok_and(|o| o.status.success());
    let has_chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .any(|p| Path::new(p).exists());
    let has_driver = Path::new("/usr/bin/chromedriver").exists();
    if !(has_selenium && has_chromium && has_driver) {
        eprintln!(
            "SKIPPED browser test: needs python3 with selenium (pip install selenium), chromium \
             and chromedriver (apt-get install chromium chromium-driver); found selenium \
             {has_selenium}, chromium {has_chromium}, chromedriver {has_driver}"
        );
        return;
    }
    let mut server = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("start chimera serve");
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .trim()
        .strip_prefix("chimera serve: listening on ")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_string();
    let shots = std::env::var("CHIMERA_SCREENSHOTS").unwrap_or_else(|_| {
        std::env::temp_dir()
            .join(format!("chimera-shots-{}", std::process::id()))
            .display()
            .to_string()
    });
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/browser_check.py");
    let out = Command::new("python3")
        .args([script, &url, &shots])
        .output()
        .expect("run python3");
    let _ = server.kill();
    let _ = server.wait();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    println!("{text}");
    assert!(out.status.success(), "browser check failed:\n{text}");
    for variant in chimera_protocol::registry::NAMES {
        assert!(text.contains(&format!("{variant}: opened with")), "{text}");
    }
}
