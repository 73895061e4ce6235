//! The safe lean: predict the order the opponent would write as a maximin player, answer it,
//! and play the answer only where it still guarantees `L - δ` against every order.
//!
//! A predictable opponent gives points away: knowing the maximin player's order, an answer
//! searched no deeper than it took 98% of the games at equal depth, and 87.5% at equal time
//! with half the time spent predicting (docs/search.md). The engine cannot know the order, so
//! it predicts it with the opponent's own serialized search (the opponent writing first in
//! every round, as the maximin player searches), from a share of the round's time. The
//! answer is that search's reply to it, and the search's value `U` is what the answer is
//! worth if the prediction holds. A search of the answer alone in the main view (the answer
//! written, every order of the opponent's answering it), at most a round less deep than the
//! main search, checks what it guarantees, `G`; the choice (`choice::leaned`) then plays it
//! where `G >= L - δ` and the gain `U - L` is at least the risk `L - G`. The session sets `δ`
//! ([`RoundParams::lean`]) from how often the predictions held
//! ([`super::super::trust::Trust`]), so against an opponent that is not predictable the lean
//! risks nothing, and one that predicts the engine takes at most `δ` a round from it.

use super::super::serial::Serial;
use super::super::SimultaneousGame;
use super::main_search::{search_view, MainLine};
use super::plan::PREDICTION_ENDS;
use super::Round;
use crate::game::Game;
use crate::search::score::expected_score;
use std::time::{Duration, Instant};

/// What the prediction found and what the check decided.
pub(super) struct Lean<O> {
    /// The opponent's predicted order and the engine's answer to it.
    pub column: Option<O>,
    pub answer: Option<O>,
    /// The answer, if the check proved it within the slack and it differs from `m*`.
    pub order: Option<O>,
    /// What the answer is worth against every order (for the side), where the check ran.
    pub guaranteed: Option<f64>,
    /// What the answer is worth against the predicted order: the opponent's own serialized
    /// value, an upper bound of the round's (for the side).
    pub upper: Option<f64>,
    pub depth: u32,
    pub check_depth: u32,
    pub nodes: u64,
    pub time: Duration,
}

/// Predicts the opponent's order after `main` and checks the answer to it, in the plan's rest.
pub(super) fn run<G: SimultaneousGame>(
    round: &Round<G>,
    main: &MainLine<G::Order>,
) -> Lean<G::Order> {
    let (root, history, side, plan) = (round.root, round.history, round.side, round.plan);
    let (params, tt, control) = (round.params, round.tt, round.control);
    let began = Instant::now();
    let mut lean = Lean {
        column: None,
        answer: None,
        order: None,
        guaranteed: None,
        upper: None,
        depth: 0,
        check_depth: 0,
        nodes: 0,
        time: Duration::ZERO,
    };
    let opponent = side.other();
    let max_depth = plan.main.depth.unwrap_or(main.depth);
    if let Some(limits) = plan.until(PREDICTION_ENDS, max_depth, main.nodes) {
        let view = Serial::new(root.clone(), opponent);
        let r = search_view(&view, history, opponent, limits, params, tt, control);
        lean.column = r.best;
        lean.answer = r.pv.get(1).copied();
        // The opponent is to move at the prediction's root: its score is the engine's bound.
        lean.upper = r.best.map(|_| expected_score(-r.score));
        lean.depth = r.depth;
        lean.nodes += r.nodes;
    }
    let answer = lean.answer.filter(|a| *a != main.order);
    let check_plies = main.depth.saturating_sub(1);
    if let (Some(a), Some(limits)) = (answer, plan.rest(check_plies, main.nodes + lean.nodes)) {
        // The answer written, every order of the opponent's answering it.
        let view = Serial::new(root.clone(), side).play(a);
        let r = search_view(&view, history, side, limits, params, tt, control);
        lean.nodes += r.nodes;
        lean.check_depth = r.depth + 1;
        // A round less deep than `L` at most: shallower bounds say too little of it.
        if r.best.is_some() && lean.check_depth + 2 >= main.depth {
            // The opponent is to move at the check's root: its score is the engine's bound.
            let worth = expected_score(-r.score);
            lean.guaranteed = Some(worth);
            if worth >= expected_score(main.score) - params.lean {
                lean.order = Some(a);
            }
        }
    }
    lean.time = began.elapsed();
    lean
}
