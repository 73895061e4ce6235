//! Lene Hau's own perft tests, beyond the counts of its suite that `suites.rs` runs (up to
//! 300,000 nodes a position in CI). The suite, perft/lene-hau.epd, holds the start counts of
//! rules §12, the small vectors of §11 Example 13 and §10 Ruling 12, and positions of our own with travellers, stacks, castling
//! under way, pending double steps, crowd captures, en passant and forced passes (each line
//! says which in a `;has` field). Every count is checked against a second, deliberately simple
//! generator (perft/lene_hau_naive.rs) that shares no code with the engine.
//!
//! Fast checks run in CI. Every depth of the file, by both generators:
//! `cargo test --profile ci --test perft -- --ignored lene_hau::deep`.

#[path = "lene_hau_naive.rs"]
mod naive;

use crate::epd::Entry;
use crate::same;
use chimera_engine::perft::perft;
use chimera_engine::variants::lene_hau::{LeneHau, MoveList, Options, Role, State};
use chimera_engine::Game;
use chimera_engine::GameState;
use rand::{rngs::SmallRng, RngExt, SeedableRng};
use rayon::prelude::*;

/// What the suite's own positions must hold, at least three of each (`;has` names them).
const FEATURES: [&str; 7] = [
    "travellers",
    "stack",
    "castling",
    "double-step",
    "crowd",
    "pass",
    "en-passant",
];

fn suite() -> Vec<Entry> {
    crate::suite("lene-hau")
}

fn position(fen: &str) -> LeneHau {
    LeneHau::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn engine_moves(p: &LeneHau) -> Vec<String> {
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    let mut v: Vec<String> = moves.iter().map(|m| p.format_move(*m)).collect();
    v.sort();
    v
}

/// The engine and the naive generator list the same actions here; returns the engine's list.
fn same_moves(p: &LeneHau) -> Vec<String> {
    let ours = engine_moves(p);
    let mut theirs = naive::Board::from_fen(&p.fen()).legal_moves();
    theirs.sort();
    same::assert_same_moves(&p.fen(), &ours, &theirs);
    ours
}

#[test]
fn suite_covers_what_the_issue_asks() {
    let entries = suite();
    let start = &entries[0];
    assert_eq!(start.fen, chimera_engine::variants::lene_hau::START_FEN);
    assert_eq!(
        start.counts,
        [(1, 20), (2, 400), (3, 8440), (4, 178_000), (5, 4_103_485)]
    );
    let ours = entries.iter().filter(|e| e.field("has").is_some()).count();
    assert!(ours >= 40, "{ours} positions of our own");
    for feature in FEATURES {
        let n = entries
            .iter()
            .filter(|e| {
                e.field("has")
                    .is_some_and(|h| h.split(',').any(|f| f == feature))
            })
            .count();
        assert!(n >= 3, "only {n} positions with {feature}");
    }
    // The `has` fields say what the positions hold.
    for e in entries.iter().filter(|e| e.field("has").is_some()) {
        let p = position(&e.fen);
        for feature in e.field("has").unwrap().split(',') {
            assert!(features(&p).contains(&feature), "{}: {feature}", e.fen);
        }
    }
}

/// The naive generator lists the same actions at the root and after every root action, and
/// its own perft matches the suite where it is quick.
#[test]
fn naive_generator_agrees_with_the_suite() {
    suite().par_iter().for_each(|e| {
        let p = position(&e.fen);
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        same_moves(&p);
        for m in moves.iter() {
            // A decided turn leaves no actions; its FEN does not say so (rules §12: a leaf).
            let after = p.play(*m);
            if after.result().is_none() {
                same_moves(&after);
            }
        }
        let board = naive::Board::from_fen(&e.fen);
        for &(d, n) in e.counts.iter().filter(|&&(d, n)| d <= 2 || n <= 5_000) {
            assert_eq!(board.perft(d), n, "naive {} D{d}", e.fen);
        }
    });
}

/// Random games from every suite position, compared with the naive generator at every turn.
#[test]
fn naive_generator_agrees_along_random_games() {
    suite().par_iter().enumerate().for_each(|(i, e)| {
        let mut rng = SmallRng::seed_from_u64(i as u64);
        let mut p = position(&e.fen);
        let mut b = naive::Board::from_fen(&e.fen);
        for _ in 0..40 {
            if p.result().is_some() {
                break;
            }
            let moves = same_moves(&p);
            if moves.is_empty() {
                break;
            }
            let m = &moves[rng.random_range(0..moves.len())];
            p = p.play(p.parse_move(m).unwrap());
            b = b.play(m);
            assert_eq!(p.result().is_some(), b.over, "{}: after {m}", e.fen);
            if !b.over {
                assert_eq!(p.fen(), b.fen(), "{}: after {m}", e.fen);
            }
            assert_eq!(p.key(), p.recomputed_key());
        }
    });
}

/// Every depth of the file, by the engine and by the naive generator.
#[test]
#[ignore]
fn deep_suite_counts() {
    crate::assert_suite("lene-hau", u64::MAX);
    suite().par_iter().for_each(|e| {
        let board = naive::Board::from_fen(&e.fen);
        for &(d, n) in &e.counts {
            assert_eq!(board.perft(d), n, "naive {} D{d}", e.fen);
        }
    });
}

/// What a position holds, by the names of the suite's `has` fields.
fn features(p: &LeneHau) -> Vec<&'static str> {
    let pieces = p.pieces();
    let mut out = Vec::new();
    let travelling = pieces
        .iter()
        .filter(|q| q.state == State::Travelling)
        .count();
    if travelling >= 2 {
        out.push("travellers");
    }
    let stacked = pieces.iter().enumerate().any(|(i, q)| {
        q.state == State::Standing
            && pieces[i + 1..]
                .iter()
                .any(|o| o.state == State::Standing && o.sq == q.sq)
    });
    if stacked {
        out.push("stack");
    }
    if pieces.iter().any(|q| q.state == State::Committed) {
        out.push("castling");
    }
    // A pawn travelling one square from its double step's end.
    if pieces
        .iter()
        .any(|q| q.state == State::Travelling && q.role == Role::Pawn)
    {
        out.push("double-step");
    }
    // A traveller one step from a destination where enemy pieces stand: a crowd capture at
    // the owner's next turn.
    let crowd = pieces.iter().any(|q| {
        q.state == State::Travelling
            && (q.sq.0 as i32 - q.dst.0 as i32).abs() <= 9
            && (q.sq.0 as i32 % 8 - q.dst.0 as i32 % 8).abs() <= 1
            && pieces
                .iter()
                .any(|o| o.color != q.color && o.state == State::Standing && o.sq == q.dst)
    });
    if crowd {
        out.push("crowd");
    }
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    if moves.len() == 1 && moves[0].is_pass() {
        out.push("pass");
    }
    if p.ep().is_some() {
        out.push("en-passant");
    }
    out
}

/// Prints candidate positions for the suite, found along seeded random games, with their
/// engine counts (how the file's own positions were chosen; the tests above then check every
/// count against the naive generator): `cargo test --profile ci --test perft --
/// --ignored lene_hau::candidates --nocapture`.
#[test]
#[ignore]
fn candidates() {
    let starts = [
        chimera_engine::variants::lene_hau::START_FEN,
        "r3k2r/pppq1ppp/2n1bn2/2bpp3/2BPP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1 -",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 -",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 -",
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 -",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1 -",
    ];
    let mut found: Vec<(String, Vec<&str>)> = Vec::new();
    let mut rng = SmallRng::seed_from_u64(14);
    for game in 0..4000 {
        let mut p = position(starts[game % starts.len()]);
        for ply in 0..60 {
            let moves = engine_moves(&p);
            if moves.is_empty() || p.result().is_some() {
                break;
            }
            let f = features(&p);
            let new: Vec<&str> = f
                .iter()
                .copied()
                .filter(|x| found.iter().filter(|(_, g)| g.contains(x)).count() < 7)
                .collect();
            if ply > 2 && !new.is_empty() && rng.random_range(0..4) == 0 {
                found.push((p.fen(), f));
            }
            let m = &moves[rng.random_range(0..moves.len())];
            p = p.play(p.parse_move(m).unwrap());
        }
        if FEATURES
            .iter()
            .all(|w| found.iter().filter(|(_, g)| g.contains(w)).count() >= 7)
        {
            break;
        }
    }
    for (fen, f) in found {
        let p = position(&fen);
        let mut counts = Vec::new();
        for d in 1..=4 {
            let n = perft(&p, d);
            counts.push(format!(";D{d} {n}"));
            if n > 3_000_000 {
                break;
            }
        }
        println!("{fen} {} ;has {}", counts.join(" "), f.join(","));
    }
}

/// Single-threaded perft speed from the start position. Run in release for a meaningful figure:
/// `cargo test --release --test perft -- --ignored lene_hau::perft_speed --nocapture`.
#[test]
#[ignore]
fn perft_speed() {
    let p = LeneHau::start(&Options::default());
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let nodes = perft(&p, 5);
        let s = t.elapsed().as_secs_f64();
        println!(
            "lene-hau start perft(5) = {nodes} in {s:.3} s: {:.1} Mnodes/s",
            nodes as f64 / s / 1e6
        );
    }
}

/// `chimera perft` reaches Lene Hau through the variant registry, with divide lines.
#[test]
fn perft_command_for_lene_hau() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args([
            "perft",
            "--variant",
            "lene-hau",
            "--depth",
            "3",
            "--threads",
            "2",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    // rules §12: 20 replies to each of White's orders, then c(e2e4) = 29 orders for White.
    assert!(text.contains("e2e4: 580\n"), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.contains(": ")).count(),
        21,
        "{text}"
    );
    assert!(text.ends_with("\nNodes searched: 8440\n"), "{text}");
}
