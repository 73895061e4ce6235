//! The round search (simultaneous/root/) on Ven positions: budgets, and how it chooses.

use super::*;
use crate::search::SearchParams;
use crate::search::{Control, Limits, TranspositionTable};
use crate::simultaneous::root::{maximin, think, Basis, RoundParams, RoundResult};
use std::sync::Arc;

/// Positions where mixing matters (`chimera exploit --generate`), every `step`-th.
fn mixing(step: usize) -> impl Iterator<Item = Ven> {
    include_str!("../../../../../tests/positions/ven-mixing.fen")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .step_by(step)
        .map(pos)
}

fn round(p: &Ven, side: Player, limits: Limits) -> RoundResult<Order> {
    let params = RoundParams {
        limits,
        ..RoundParams::default()
    };
    let tt = TranspositionTable::new(4);
    let control = Arc::new(Control::default());
    think(p, &[], side, &params, &tt, &control, &mut |_| {})
}

#[test]
fn a_round_searched_to_a_node_budget_stays_within_it() {
    // Positions where mixing matters: the matrix's payoff searches count too. A game once
    // hung here: the payoff searches had no limit but their depth.
    let budget = 20_000;
    for p in mixing(20) {
        for side in Player::BOTH {
            let limits = Limits {
                nodes: Some(budget),
                ..Limits::default()
            };
            let r = round(&p, side, limits);
            assert!(!r.strategy.is_empty(), "{} {side}", p.fen());
            // A search notices its limit every few thousand nodes.
            assert!(
                r.nodes <= budget + 8_192,
                "{} {side}: {} nodes",
                p.fen(),
                r.nodes
            );
        }
    }
}

#[test]
fn a_round_to_a_depth_plays_the_maximin_order_unless_a_mix_guarantees_more() {
    // `go depth 2`: the main search is the maximin player's (four plies, fresh table, one
    // thread), so its order is the one played, unless the saddle test failed and a mix
    // guarantees more than the maximin order (by the margin) against every column, on
    // payoffs two plies deeper than the main search's.
    let margin = RoundParams::default().mix_margin;
    let (mut tested, mut saddles) = (0, 0);
    for p in mixing(25) {
        for side in Player::BOTH {
            let limits = Limits {
                depth: Some(2),
                ..Limits::default()
            };
            let r = round(&p, side, limits.clone());
            let total: f64 = r.strategy.iter().map(|(_, w)| w).sum();
            assert!((total - 1.0).abs() < 1e-9, "{:?}", r.strategy);
            assert!((0.0..=1.0).contains(&r.value));
            assert_ne!(r.basis, Basis::Unfinished);
            assert_eq!(r.trace.main_depth, 4, "{:?}", r.trace);
            assert_eq!(r.pure, r.strategy.len() == 1);
            if r.trace.upper.is_some() {
                tested += 1;
                assert_eq!(r.trace.test_depth, 4, "the test at the main search's depth");
            }
            saddles += (r.basis == Basis::Saddle) as u32;
            let params = SearchParams {
                limits,
                ..SearchParams::default()
            };
            let tt = TranspositionTable::new(4);
            let order = maximin(&p, &[], side, &params, &tt, &Control::default()).unwrap();
            if r.basis == Basis::Matrix {
                // Checked two plies deeper than the main search saw: there the mix guarantees
                // the margin more than the maximin order, against every column.
                assert_eq!(
                    r.depth, 4,
                    "payoffs two plies deeper than the main search's"
                );
                let mut theirs = OrderList::default();
                p.orders(side.other(), &mut theirs);
                let maximin_worst = theirs
                    .iter()
                    .map(|c| {
                        let pair = match side {
                            Player::White => (order, *c),
                            Player::Black => (*c, order),
                        };
                        let white = r.payoffs.iter().find(|(q, _)| *q == pair).unwrap().1;
                        match side {
                            Player::White => white,
                            Player::Black => 1.0 - white,
                        }
                    })
                    .fold(f64::INFINITY, f64::min);
                assert!(
                    r.value >= maximin_worst + margin,
                    "{} {side}: {r:?}",
                    p.fen()
                );
                continue;
            }
            assert_eq!(r.strategy[0].0, order, "{} {side}: {:?}", p.fen(), r.basis);
        }
    }
    assert!(tested >= 8, "{tested} saddle tests");
    assert!(saddles >= 1, "{saddles} saddle points");
}

#[test]
fn the_main_search_takes_most_of_a_node_budget() {
    let budget = 60_000;
    let mut most = 0;
    let mut rounds = 0;
    for p in mixing(25) {
        for side in Player::BOTH {
            let limits = Limits {
                nodes: Some(budget),
                ..Limits::default()
            };
            let r = round(&p, side, limits);
            rounds += 1;
            assert_ne!(r.basis, Basis::Unfinished);
            assert!(
                r.trace.main_nodes <= budget * 85 / 100 + 8_192,
                "{:?}",
                r.trace
            );
            most += (r.trace.main_nodes >= budget * 3 / 4) as u32;
        }
    }
    assert!(most * 10 >= rounds * 8, "{most} of {rounds}");
}
