//! Double-Ended Chess's own perft tests, both variants, beyond its suite
//! perft/double-ended.epd (every count of which `suites.rs` runs in CI): the engine compared
//! with the naive reference generator in double_ended/naive.rs move by move.
//!
//! The naive generator's own perft counts take about a minute, so that check is ignored by
//! default: `cargo test --profile ci --test perft -- --ignored double_ended::naive`.

mod naive;

use crate::epd::Entry;
use chimera_engine::perft::perft;
use chimera_engine::variants::double_ended::{DoubleEnded, MoveList};
use chimera_engine::Game;
use chimera_engine::GameState;
use naive::Naive;

/// The EPD lines; `;variant double-ended-deep` marks the Deep-Capturing Knights subvariant.
fn suite() -> Vec<Entry> {
    crate::suite("double-ended")
}

fn is_deep(e: &Entry) -> bool {
    e.field("variant") == Some("double-ended-deep")
}

fn position<const DEEP: bool>(fen: &str) -> DoubleEnded<DEEP> {
    DoubleEnded::<DEEP>::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn suite_keeps_its_positions() {
    assert!(suite().len() >= 60, "the suite lost positions");
}

/// At every node to `depth`: the same legal moves as the naive generator, each leading to the
/// same position (so the same captures), the bulk count equal to the list's length,
/// `is_capture` agreeing, the incremental key equal to
/// one computed from scratch, and FEN out-then-in the identity.
fn compare<const DEEP: bool>(pos: &DoubleEnded<DEEP>, naive: &Naive, depth: u32) {
    assert_eq!(pos.fen(), naive.fen());
    assert_eq!(pos.key(), pos.key_from_scratch(), "{}", pos.fen());
    let again = position::<DEEP>(&pos.fen());
    assert_eq!((again.fen(), again.key()), (pos.fen(), pos.key()));

    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert_eq!(
        pos.count_legal_moves(),
        moves.len() as u64,
        "bulk count of {}",
        pos.fen()
    );
    let mut ours: Vec<(String, String, bool)> = moves
        .iter()
        .map(|m| (pos.format_move(*m), pos.play(*m).fen(), pos.is_capture(*m)))
        .collect();
    let naive_moves = naive.legal_moves();
    let mut theirs: Vec<(String, String, bool)> = naive_moves
        .iter()
        .map(|m| (m.uci(), naive.play(m).fen(), m.captures_something()))
        .collect();
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs, "legal moves of {}", pos.fen());
    if depth > 1 {
        for m in moves.iter() {
            let uci = pos.format_move(*m);
            let nm = naive_moves.iter().find(|n| n.uci() == uci).unwrap();
            compare(&pos.play(*m), &naive.play(nm), depth - 1);
        }
    }
}

#[test]
fn engine_matches_naive_generator_move_by_move() {
    for e in &suite() {
        let naive = Naive::from_fen(&e.fen, is_deep(e));
        if is_deep(e) {
            compare(&position::<true>(&e.fen), &naive, 2);
        } else {
            compare(&position::<false>(&e.fen), &naive, 2);
        }
    }
}

#[test]
#[ignore]
fn naive_generator_confirms_epd_counts() {
    for e in &suite() {
        let naive = Naive::from_fen(&e.fen, is_deep(e));
        for &(depth, expected) in &e.counts {
            if expected <= 2_000_000 {
                assert_eq!(
                    naive.perft(depth),
                    expected,
                    "naive perft({depth}) of {}",
                    e.fen
                );
            }
        }
    }
}

/// Not a check: prints candidate EPD lines (handcrafted positions and positions from random
/// games), with counts on which the engine and the naive generator agree to depth 3
/// (`-- --ignored --nocapture establish`).
#[test]
#[ignore]
fn establish_counts_for_new_positions() {
    use rand::{rngs::SmallRng, RngExt, SeedableRng};
    fn line<const DEEP: bool>(pos: &DoubleEnded<DEEP>) -> String {
        let naive = Naive::from_fen(&pos.fen(), DEEP);
        let mut line = pos.fen();
        for d in 1..=4 {
            let n = perft(pos, d);
            if d <= 3 {
                assert_eq!(n, naive.perft(d), "{}", pos.fen());
            }
            line += &format!(" ;D{d} {n}");
        }
        if DEEP {
            line += " ;variant double-ended-deep";
        }
        line
    }
    fn random_game<const DEEP: bool>(seed: u64, plies: usize) -> DoubleEnded<DEEP> {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut pos = DoubleEnded::<DEEP>::start(&());
        for _ in 0..plies {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            // Prefer captures half of the time, so games thin out and get varied.
            let captures: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| pos.is_capture(*m))
                .collect();
            let mv = if !captures.is_empty() && rng.random_bool(0.5) {
                captures[rng.random_range(0..captures.len())]
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            pos = pos.play(mv);
        }
        pos
    }
    let fens = std::env::var("DE_FENS").unwrap_or_default();
    for fen in fens.split('|').filter(|f| !f.is_empty()) {
        if let Some(f) = fen.strip_prefix("deep:") {
            println!("{}", line(&position::<true>(f)));
        } else {
            println!("{}", line(&position::<false>(fen)));
        }
    }
    let seeds: u64 = std::env::var("DE_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    for seed in 0..seeds {
        let plies = 7 + 5 * seed as usize;
        if seed % 3 == 2 {
            println!("{}", line(&random_game::<true>(seed, plies)));
        } else {
            println!("{}", line(&random_game::<false>(seed, plies)));
        }
    }
}
