//! The round search (simultaneous/root.rs) on Ven positions: budgets, and how it chooses.

use super::*;
use crate::search::{Control, Limits, TranspositionTable};
use crate::simultaneous::root::{think, Basis, RoundParams, RoundResult};
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
    round_with(p, side, limits, RoundParams::default().always_matrix)
}

fn round_with(p: &Ven, side: Player, limits: Limits, always_matrix: bool) -> RoundResult<Order> {
    let params = RoundParams {
        limits,
        always_matrix,
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
fn a_round_to_a_depth_solves_matrices_and_mixes_only_what_they_gain() {
    // With no clock the matrix always fits: where the orders interact and no saddle point is
    // found, the round is a matrix game, and some of these positions are worth mixing.
    let mut matrices = 0;
    let mut mixed = 0;
    for p in mixing(25) {
        for side in Player::BOTH {
            let limits = Limits {
                depth: Some(3),
                ..Limits::default()
            };
            let r = round(&p, side, limits);
            let total: f64 = r.strategy.iter().map(|(_, w)| w).sum();
            assert!((total - 1.0).abs() < 1e-9, "{:?}", r.strategy);
            assert!((0.0..=1.0).contains(&r.value));
            assert_ne!(r.basis, Basis::Serialized);
            assert_ne!(r.basis, Basis::Unfinished);
            if r.basis == Basis::Matrix {
                matrices += 1;
                assert_eq!(
                    r.depth, 4,
                    "payoffs as deep as the serialized search saw them"
                );
            }
            mixed += (r.strategy.len() > 1) as u32;
            assert_eq!(r.pure, r.strategy.len() == 1);
        }
    }
    assert!(matrices >= 4, "{matrices} matrices");
    assert!(mixed >= 1, "{mixed} mixed strategies");
}

#[test]
fn a_matrix_that_cannot_fit_leaves_the_time_to_the_serialized_search() {
    // Without `always_matrix`, a node budget too small for nine payoff searches after the
    // serialized one: the order is the serialized search's, and the budget went to it.
    let budget = 30_000;
    let mut serialized = 0;
    for p in mixing(25) {
        for side in Player::BOTH {
            let limits = Limits {
                nodes: Some(budget),
                ..Limits::default()
            };
            let r = round_with(&p, side, limits, false);
            assert_ne!(r.basis, Basis::Unfinished);
            if r.basis == Basis::Serialized {
                serialized += 1;
                assert_eq!(r.strategy.len(), 1);
                assert!(r.nodes > budget / 2, "{} nodes", r.nodes);
            }
        }
    }
    assert!(serialized >= 4, "{serialized}");
}

#[test]
fn by_default_a_matrix_is_solved_wherever_the_orders_interact() {
    // A budget at which the matrix would not fit at the serialized search's depth: the default
    // (`always_matrix`) solves the round's matrix game on shallower payoffs all the same.
    let budget = 300_000;
    let mut matrices = 0;
    for p in mixing(25) {
        for side in Player::BOTH {
            let limits = Limits {
                nodes: Some(budget),
                ..Limits::default()
            };
            let r = round(&p, side, limits);
            assert_ne!(r.basis, Basis::Serialized);
            if r.basis == Basis::Matrix {
                matrices += 1;
                assert!(r.depth >= 1);
            }
        }
    }
    assert!(matrices >= 4, "{matrices} matrices");
}
