//! Vanguard's own perft tests, beyond its suite perft/vanguard.epd (every count of which, to
//! depth 3, `suites.rs` runs in CI): the cross-check against a second, naive generator
//! (perft/vanguard_naive.rs) that shares no code with the engine.
//!
//! Fast checks run in CI. Deeper ones: `cargo test --profile ci --test perft -- --ignored vanguard::`.

#[path = "vanguard_naive.rs"]
mod naive;

use crate::same;
use chimera_engine::perft::perft;
use chimera_engine::variants::vanguard::{MoveList, Vanguard};
use chimera_engine::Game;
use chimera_engine::GameState;
use rand::{rngs::SmallRng, RngExt, SeedableRng};

/// `(fen, [(depth, count)])` for every line of the suite.
fn suite() -> Vec<(String, Vec<(u32, u64)>)> {
    crate::suite("vanguard")
        .into_iter()
        .map(|e| (e.fen, e.counts))
        .collect()
}

fn engine_moves(p: &Vanguard) -> Vec<String> {
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    let mut v: Vec<String> = moves.iter().map(|m| p.format_move(*m)).collect();
    v.sort();
    v
}

fn naive_moves(b: &naive::Board) -> Vec<String> {
    let mut v: Vec<String> = b.legal_moves().into_iter().map(|m| m.text).collect();
    v.sort();
    v
}

/// The engine and the naive generator list the same moves here; returns the engine's list.
fn same_moves(p: &Vanguard) -> Vec<String> {
    let ours = engine_moves(p);
    let theirs = naive_moves(&naive::Board::from_fen(&p.fen()));
    same::assert_same_moves(&p.fen(), &ours, &theirs);
    ours
}

#[test]
fn suite_keeps_its_positions() {
    assert!(suite().len() >= 30, "{} positions", suite().len());
}

/// The naive generator lists the same moves at the root and after every root move.
#[test]
fn naive_generator_agrees_to_depth_2() {
    for (fen, _) in suite() {
        let p = Vanguard::from_fen(&fen).unwrap();
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        same_moves(&p);
        for m in moves.iter() {
            same_moves(&p.play(*m));
        }
    }
}

/// Random games from every suite position, compared with the naive generator at every ply, and
/// the FEN after each move compared with the naive generator's board.
#[test]
fn naive_generator_agrees_along_random_games() {
    let mut rng = SmallRng::seed_from_u64(77);
    for (fen, _) in suite() {
        let mut p = Vanguard::from_fen(&fen).unwrap();
        for _ in 0..30 {
            let moves = same_moves(&p);
            if moves.is_empty() {
                break;
            }
            let choice = &moves[rng.random_range(0..moves.len())];
            let board = naive::Board::from_fen(&p.fen());
            let after = board
                .legal_moves()
                .into_iter()
                .find(|m| &m.text == choice)
                .unwrap()
                .after;
            p = p.play(p.parse_move(choice).unwrap());
            let ours = naive::Board::from_fen(&p.fen());
            assert!(
                ours.squares == after.squares && ours.unmoved == after.unmoved,
                "{fen}: after {choice}"
            );
        }
    }
}

/// The naive generator's own perft matches the suite where it is quick enough.
#[test]
fn naive_perft_matches_the_suite() {
    for (fen, counts) in suite() {
        let board = naive::Board::from_fen(&fen);
        for (depth, expected) in counts {
            // Depth 2 everywhere; depth 3 only for small trees (the naive legality test is slow).
            if depth <= 2 || depth == 3 && expected <= 20_000 {
                assert_eq!(board.perft(depth), expected, "naive {fen} depth {depth}");
            }
        }
    }
}

/// Every count of the suite, the deep ones included, and naive perft(3) everywhere.
#[test]
#[ignore]
fn deep_suite_counts() {
    for (fen, counts) in suite() {
        let p = Vanguard::from_fen(&fen).unwrap();
        for (depth, expected) in &counts {
            assert_eq!(perft(&p, *depth), *expected, "{fen} depth {depth}");
            if *depth == 3 {
                assert_eq!(
                    naive::Board::from_fen(&fen).perft(3),
                    *expected,
                    "naive {fen}"
                );
            }
        }
    }
}

/// Prints the suite's positions with engine counts to depth 3: how vanguard.epd was written (then
/// checked by the tests above against the naive generator).
#[test]
#[ignore]
fn print_counts() {
    for (fen, _) in suite() {
        let p = Vanguard::from_fen(&fen).unwrap();
        let counts: Vec<String> = (1..=3).map(|d| format!(";D{d} {}", perft(&p, d))).collect();
        println!("{fen} {}", counts.join(" "));
    }
}

/// Single-threaded perft speed from the start position. Run in release for a meaningful figure:
/// `cargo test --release --test perft -- --ignored vanguard::perft_speed --nocapture`
/// (depth from `VANGUARD_PERFT_DEPTH`, default 4).
#[test]
#[ignore]
fn perft_speed() {
    let depth = std::env::var("VANGUARD_PERFT_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(4);
    let p = Vanguard::start(&());
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let nodes = perft(&p, depth);
        let s = t.elapsed().as_secs_f64();
        println!(
            "vanguard start perft({depth}) = {nodes} in {s:.3} s: {:.1} Mnodes/s",
            nodes as f64 / s / 1e6
        );
    }
}

/// `chimera perft` reaches Vanguard through the variant registry, like every variant.
#[test]
fn perft_command_for_vanguard() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args([
            "perft",
            "--variant",
            "vanguard",
            "--depth",
            "2",
            "--threads",
            "2",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.lines().filter(|l| l.ends_with(": 104")).count(),
        104,
        "{text}"
    );
    assert!(text.ends_with("\nNodes searched: 10816\n"), "{text}");
}
