//! Search scores: centipawns, with mates encoded as distances from the root.
//!
//! A side that is mated `p` plies from the root scores `-(MATE - p)`, so shorter mates score
//! higher and every mate lies beyond [`MATE_BOUND`], out of reach of any evaluation.

use crate::game::{Game, Outcome};

/// Deepest ply search ever reaches (extensions included); sizes the per-ply tables.
pub const MAX_PLY: usize = 128;
/// Deepest nominal depth iterative deepening starts.
pub const MAX_DEPTH: u32 = 100;
/// Bigger than any score: the open window.
pub const INFINITE: i32 = 32_000;
/// The score of mating right now (at the root).
pub const MATE: i32 = 31_000;
/// Scores at or beyond this, in absolute value, are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
pub const DRAW: i32 = 0;

/// An internal search score (centipawns, or a mate) as an expected score in [0, 1]: the logistic
/// that puts 400 centipawns at odds of ten to one, as the Elo scale does.
pub fn expected_score(score: i32) -> f64 {
    if is_mate(score) {
        return if score > 0 { 1.0 } else { 0.0 };
    }
    1.0 / (1.0 + 10f64.powf(-score as f64 / 400.0))
}

/// Win, draw and loss chances per mille for the side a score belongs to (`UCI_ShowWDL`). The
/// expected score is [`expected_score`]'s; the draws take [`DRAW_PEAK`] of it at an even score
/// and fade as a Gaussian of the score's size ([`DRAW_WIDTH`] centipawns), so that
/// `win + draw / 2` is the expected score, up to rounding. A mate is all win or all loss.
pub fn wdl(score: i32) -> [u32; 3] {
    let expected = expected_score(score);
    let cp = score as f64;
    let draw = if is_mate(score) {
        0.0
    } else {
        // Never more than twice the smaller of the two sides' expected scores, so that no
        // chance goes below zero.
        (DRAW_PEAK * (-(cp / DRAW_WIDTH).powi(2)).exp()).min(2.0 * expected.min(1.0 - expected))
    };
    let win = ((expected - draw / 2.0) * 1000.0).round() as u32;
    let loss = ((1.0 - expected - draw / 2.0) * 1000.0).round() as u32;
    [win, 1000u32.saturating_sub(win + loss), loss]
}

/// The draw chance of an even position in [`wdl`]: about the draw rate of Chimera's balanced
/// self-play matches in orthodox chess at short clocks (37% at 2 s + 0.02 s, docs/search.md).
pub const DRAW_PEAK: f64 = 0.4;
/// Centipawns at which [`wdl`]'s draw chance has fallen to `DRAW_PEAK / e`.
pub const DRAW_WIDTH: f64 = 250.0;

/// Score of delivering mate `ply` plies from the root.
#[inline]
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// Score of being mated `ply` plies from the root.
#[inline]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

#[inline]
pub const fn is_mate(score: i32) -> bool {
    score >= MATE_BOUND || score <= -MATE_BOUND
}

/// A mate score as stored in the transposition table: distance from the node, not the root,
/// so the entry stays true when the node is reached at another ply.
#[inline]
pub const fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_tt`].
#[inline]
pub const fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The score of a decided game at `ply`, from the point of view of `pos.to_move()`.
#[inline]
pub fn outcome_score<G: Game>(pos: &G, outcome: Outcome, ply: usize) -> i32 {
    match outcome {
        Outcome::Win { winner, .. } if winner == pos.to_move() => mate_in(ply),
        Outcome::Win { .. } => mated_in(ply),
        Outcome::Draw(_) => DRAW,
    }
}

/// A score as the protocol reports it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (of two plies); negative when the engine is mated.
    Mate(i32),
}

impl Score {
    pub const fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-(MATE + score) / 2)
        } else {
            Score::Cp(score)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_round_trip_through_the_table() {
        for ply in [0, 1, 7, 60] {
            for s in [mate_in(ply + 3), mated_in(ply + 4), 123, -456, 0] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s);
            }
        }
        // Seen from the node, a mate 3 plies below a node at ply 5 is a mate in 3.
        assert_eq!(to_tt(mate_in(8), 5), mate_in(3));
    }

    #[test]
    fn mates_are_reported_in_moves() {
        assert_eq!(Score::from_internal(mate_in(1)), Score::Mate(1));
        assert_eq!(Score::from_internal(mate_in(3)), Score::Mate(2));
        assert_eq!(Score::from_internal(mated_in(2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(mated_in(4)), Score::Mate(-2));
        assert_eq!(Score::from_internal(35), Score::Cp(35));
        assert!(!is_mate(MATE_BOUND - 1) && is_mate(mated_in(MAX_PLY)));
    }

    #[test]
    fn expected_scores_follow_the_elo_logistic() {
        assert!((expected_score(0) - 0.5).abs() < 1e-12);
        assert!((expected_score(400) - 10.0 / 11.0).abs() < 1e-12);
        assert_eq!(expected_score(MATE - 3), 1.0);
        assert_eq!(expected_score(-MATE + 3), 0.0);
    }

    #[test]
    fn wdl_sums_to_a_thousand_and_keeps_the_expected_score() {
        assert_eq!(wdl(0), [300, 400, 300]);
        assert_eq!(wdl(mate_in(5)), [1000, 0, 0]);
        assert_eq!(wdl(mated_in(2)), [0, 0, 1000]);
        let mut last_win = 0;
        for cp in (-3000..=3000).step_by(7) {
            let [w, d, l] = wdl(cp);
            assert_eq!(w + d + l, 1000, "{cp}");
            // The mirror image for the other side.
            assert_eq!(wdl(-cp), [l, d, w], "{cp}");
            let expected = (w as f64 + d as f64 / 2.0) / 1000.0;
            assert!((expected - expected_score(cp)).abs() <= 0.0011, "{cp}");
            assert!(w >= last_win, "wins grow with the score at {cp}");
            last_win = w;
        }
        // Far from even, draws are rare.
        assert!(wdl(800)[1] < 5 && wdl(800)[0] > 980);
    }
}
