//! Every variant's perft suite, and the variants' own perft tests, in one test target.
//!
//! The suites are driven by the protocol's registry: for every line of it
//! (`registry::NAMES`, the `UCI_Variant` values), `perft/<name>.epd` holds its suite, the file
//! named exactly as the value (`chess.epd`, `007.epd`, `lene-hau.epd`). Each line is
//! `FEN ;D1 n ;D2 n ...` (see `epd.rs`), optionally with
//!
//! - `;variant NAME`: the line is counted as registry line `NAME` instead, for a subvariant that
//!   shares its parent's file (`;variant double-ended-deep` in `double-ended.epd`);
//! - `;options NAME=VALUE,...`: options set after the registry line's preset (007's schedules
//!   and rule switches).
//!
//! Every registry line must be counted by some line, and every FEN must be written back by the
//! engine exactly as the file has it. [`every_suite_quick`] checks each position's counts up to
//! [`quick_nodes`]; the rest run under `--ignored`:
//!
//! ```text
//! cargo test --profile ci --test perft                               # what CI runs
//! cargo test --profile ci --test perft -- --ignored every_suite_full  # every count of every suite
//! cargo test --profile ci --test perft -- --ignored chess::           # one variant's deep tests
//! ```
//!
//! So a new variant needs only its `.epd` file here. The modules below are the variants' own
//! extras, optional: second, deliberately simple move generators to compare with, python-chess
//! and Stockfish cross-checks, `chimera perft` command tests, facts of the rules.

mod epd;
mod python;
mod same;

mod chess;
mod double_ended;
mod lene_hau;
mod oo7;
mod vanguard;
mod ven;

use chimera_engine::perft::perft;
use chimera_engine::simultaneous::perft::perft as rounds_perft;
use chimera_engine::{ParseError, VariantOptions};
use chimera_protocol::registry::{self, Preset, VariantTask};
use chimera_protocol::rounds::DescribeRounds;
use chimera_protocol::session::Describe;
use epd::Entry;
use rayon::prelude::*;

/// Per position, the counts [`every_suite_quick`] checks: those of at most this many leaves
/// (for Ven, pairs of orders, which are bulk-counted and cheap). A variant not listed here has
/// every count checked in CI.
fn quick_nodes(variant: &str) -> u64 {
    match variant {
        "chess" => 5_000_000,
        "007" => 2_000_000,
        "lene-hau" => 300_000,
        _ => u64::MAX,
    }
}

/// The suite of registry line `variant`: the lines of `perft/<variant>.epd`, none if there is
/// no such file.
pub fn suite(variant: &str) -> Vec<Entry> {
    let path = format!("{}/perft/{variant}.epd", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .map(|text| epd::parse(&text))
        .unwrap_or_default()
}

/// Checks every count up to `max_nodes` of `entries`, lines of registry line `variant`'s suite,
/// and that each FEN is as the engine writes it; returns the failures, one line each.
pub fn check(variant: &str, entries: &[Entry], max_nodes: u64) -> Vec<String> {
    check_lines(variant, entries, &[], true, max_nodes)
}

/// [`check`] for a suite beyond the registry's, each position read with `options` set after the
/// line's own (the Chess960 suite). Its FENs need not be as the engine writes them, only read
/// back to the same position from what it writes.
pub fn check_with(
    variant: &str,
    entries: &[Entry],
    options: &[(&str, &str)],
    max_nodes: u64,
) -> Vec<String> {
    check_lines(variant, entries, options, false, max_nodes)
}

/// Checks `variant`'s suite up to `max_nodes` per position and panics with every failure.
pub fn assert_suite(variant: &str, max_nodes: u64) {
    let failures = check(variant, &suite(variant), max_nodes);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn check_lines(
    variant: &str,
    entries: &[Entry],
    options: &[(&str, &str)],
    exact_fens: bool,
    max_nodes: u64,
) -> Vec<String> {
    entries
        .par_iter()
        .flat_map_iter(|entry| {
            let name = entry.field("variant").unwrap_or(variant);
            let line = Line {
                entry,
                options,
                exact_fens,
                max_nodes,
            };
            registry::with_variant(name, line)
                .unwrap_or_else(|| panic!("{}: no registry line '{name}'", entry.fen))
        })
        .collect()
}

/// One line of a suite to count, as a task the registry runs with the line's types.
struct Line<'a> {
    entry: &'a Entry,
    options: &'a [(&'a str, &'a str)],
    exact_fens: bool,
    max_nodes: u64,
}

impl VariantTask for Line<'_> {
    type Output = Vec<String>;
    fn run<G: Describe>(self, _: &'static str, preset: Preset) -> Vec<String> {
        self.count(preset, G::from_fen, G::fen, perft::<G>)
    }
    fn run_rounds<G: DescribeRounds>(self, _: &'static str, preset: Preset) -> Vec<String> {
        self.count(preset, G::from_fen, G::fen, rounds_perft::<G>)
    }
}

impl Line<'_> {
    /// The failures of this line's counts, read by the variant's `from_fen` and counted by its
    /// `perft`.
    fn count<P, O: VariantOptions>(
        &self,
        preset: Preset,
        from_fen: impl Fn(&str, &O) -> Result<P, ParseError>,
        fen: impl Fn(&P) -> String,
        perft: impl Fn(&P, u32) -> u64,
    ) -> Vec<String> {
        let e = self.entry;
        let mut options = O::default();
        let own = e.field("options").into_iter().flat_map(|o| o.split(','));
        let own = own.map(|o| {
            o.split_once('=')
                .unwrap_or_else(|| panic!("option '{o}' is not NAME=VALUE: {}", e.fen))
        });
        for (name, value) in preset
            .iter()
            .copied()
            .chain(own)
            .chain(self.options.iter().copied())
        {
            options
                .set(name, value)
                .unwrap_or_else(|err| panic!("{}: {err}", e.fen));
        }
        let pos = from_fen(&e.fen, &options).unwrap_or_else(|err| panic!("{}: {err}", e.fen));
        let written = fen(&pos);
        if self.exact_fens {
            assert_eq!(
                written, e.fen,
                "the suite's FENs are as the engine writes them"
            );
        }
        let again = from_fen(&written, &options).unwrap_or_else(|err| panic!("{written}: {err}"));
        assert_eq!(
            fen(&again),
            written,
            "{}: the FEN written reads back",
            e.fen
        );
        e.counts
            .iter()
            .filter(|(_, n)| *n <= self.max_nodes)
            .filter_map(|&(d, expected)| {
                let got = perft(&pos, d);
                (got != expected).then(|| format!("{} D{d}: expected {expected}, got {got}", e.fen))
            })
            .collect()
    }
}

/// Every registry line's suite, and every count in each up to its variant's [`quick_nodes`].
#[test]
fn every_suite_quick() {
    check_every_suite(quick_nodes);
}

#[test]
#[ignore = "every count of every suite: several minutes in the ci profile"]
fn every_suite_full() {
    check_every_suite(|_| u64::MAX);
}

fn check_every_suite(max_nodes: fn(&str) -> u64) {
    let suites: Vec<(&str, Vec<Entry>)> = registry::NAMES
        .iter()
        .map(|&name| (name, suite(name)))
        .collect();
    for &name in registry::NAMES {
        let counted = suites.iter().any(|(file, entries)| {
            entries
                .iter()
                .any(|e| e.field("variant").unwrap_or(file) == name)
        });
        assert!(counted, "no perft line counts registry line '{name}'");
    }
    let failures: Vec<String> = suites
        .par_iter()
        .flat_map_iter(|(name, entries)| check(name, entries, max_nodes(name)))
        .collect();
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}
