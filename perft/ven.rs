//! Ven's own perft tests, beyond its suite (perft/ven.epd, rules/ven.md §8): perft counts pairs
//! of orders, bulk-counted at the last round. Every count of the suite is cheap (the deepest,
//! 1,135,957,428 pairs, needs 532,007 leaf positions), so `suites.rs` runs them all in CI; the
//! divide and vengeance facts of §8 are checked here. The timing of D3 from the start:
//!
//! ```text
//! cargo test --release --test perft -- --ignored ven:: --nocapture
//! ```

use chimera_engine::simultaneous::perft::{divide, format_divide, perft, root_pairs};
use chimera_engine::simultaneous::SimultaneousGame;
use chimera_engine::variants::ven::{OrderList, Ven};
use chimera_engine::Player;
use std::collections::BTreeMap;
use std::time::Instant;

#[test]
fn suite_keeps_its_positions() {
    assert_eq!(crate::suite("ven").len(), 5);
}

#[test]
fn divide_from_the_start() {
    let start = Ven::start();
    let by_pair = |depth, threads| -> BTreeMap<String, u64> {
        divide(&start, depth, threads)
            .into_iter()
            .map(|((w, b), n)| (start.format_round(w, b), n))
            .collect()
    };
    let d3 = by_pair(3, 2);
    let d2 = by_pair(2, 1);
    assert_eq!(d3.len(), 400);
    for (pair, n3, n2) in [
        ("e2e4,e7e5", 782830, 841),
        ("e2e4,d7d5", 913614, 930),
        ("d2d4,e7e5", 913497, 930),
        ("g1f3,e7e5", 514900, 660),
        ("b1c3,d7d5", 478190, 638),
        ("h2h3,d7d6", 392791, 594),
    ] {
        assert_eq!((d3[pair], d2[pair]), (n3, n2), "{pair}");
    }
    assert_eq!(d3.values().sum::<u64>(), 126_083_405);

    let text = format_divide(&start, &divide(&start, 1, 1));
    assert_eq!(text.lines().count(), 400 + 2);
    assert!(text.starts_with(&format!(
        "{}: 1\n",
        start.format_round(root_pairs(&start)[0].0, root_pairs(&start)[0].1)
    )));
    assert!(text.ends_with("\nNodes searched: 400\n"), "{text}");
}

/// §8's notes: after round 1, 30 of the 400 positions offer vengeance orders (22 one, 8
/// three), and without vengeance orders perft(2) would be 198,163.
#[test]
fn vengeance_after_round_one() {
    let start = Ven::start();
    let mut offering = BTreeMap::new();
    let mut without_vengeance = 0;
    for (w, b) in root_pairs(&start) {
        let p = start.resolve(w, b);
        let mut count = [0u64; 2];
        let mut vengeance = 0;
        for side in Player::BOTH {
            let mut list = OrderList::new();
            p.orders(side, &mut list);
            vengeance += list.iter().filter(|o| o.is_vengeance()).count();
            count[side.index()] = list.iter().filter(|o| !o.is_vengeance()).count() as u64;
        }
        without_vengeance += count[0] * count[1];
        if vengeance > 0 {
            *offering.entry(vengeance).or_insert(0) += 1;
        }
    }
    assert_eq!(offering, BTreeMap::from([(1, 22), (3, 8)]));
    assert_eq!(without_vengeance, 198_163);

    let (w, b) = start.parse_round("h2h3,d7d6").unwrap();
    let p = start.resolve(w, b);
    let mut list = OrderList::new();
    p.orders(Player::White, &mut list);
    let vengeance: Vec<String> = list
        .iter()
        .filter(|o| o.is_vengeance())
        .map(|o| o.to_string())
        .collect();
    assert_eq!(vengeance, ["g1h3v", "h1h3v", "g2h3v"]);
}

/// D3 from the start on one thread, timed: 199,443 positions resolved, 126,083,405 pairs counted.
#[test]
#[ignore = "timing: run with --release --nocapture"]
fn speed_of_d3_from_the_start() {
    let start = Ven::start();
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        assert_eq!(perft(&start, 3), 126_083_405);
        best = best.min(t.elapsed().as_secs_f64());
    }
    let resolved = 400 + perft(&start, 2);
    println!(
        "ven perft(3) from the start: {:.1} ms (best of 5), {resolved} pairs resolved ({:.1} M/s), \
         126083405 pairs counted ({:.0} M/s)",
        best * 1e3,
        resolved as f64 / best / 1e6,
        126_083_405.0 / best / 1e6
    );
    // Resolution alone: every root pair of Kiwipete (3,304, many interacting), 200 times.
    let kiwipete =
        Ven::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let pairs = root_pairs(&kiwipete);
    let t = Instant::now();
    let mut keys = 0u64;
    for _ in 0..200 {
        for &(w, b) in &pairs {
            keys = keys.wrapping_add(std::hint::black_box(&kiwipete).resolve(w, b).key());
        }
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "ven resolve: {} Kiwipete pairs in {:.1} ms, {:.1} M pairs/s (keys {keys:x})",
        200 * pairs.len(),
        secs * 1e3,
        200.0 * pairs.len() as f64 / secs / 1e6
    );
}
