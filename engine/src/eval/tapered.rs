//! What every tapered evaluation shares (orthodox chess, 007 through it, Double-Ended): a
//! middlegame and an endgame value per term, blended by the game phase, and a trace that lets
//! the `eval` command show each term while search records nothing.

use crate::game::Player;
use std::ops::{Add, AddAssign, Mul, Neg, Sub};

/// A middlegame and an endgame value.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct Pair(pub i32, pub i32);

impl Add for Pair {
    type Output = Pair;
    #[inline(always)]
    fn add(self, o: Pair) -> Pair {
        Pair(self.0 + o.0, self.1 + o.1)
    }
}
impl AddAssign for Pair {
    #[inline(always)]
    fn add_assign(&mut self, o: Pair) {
        *self = *self + o;
    }
}
impl Sub for Pair {
    type Output = Pair;
    #[inline(always)]
    fn sub(self, o: Pair) -> Pair {
        Pair(self.0 - o.0, self.1 - o.1)
    }
}
impl Neg for Pair {
    type Output = Pair;
    #[inline(always)]
    fn neg(self) -> Pair {
        Pair(-self.0, -self.1)
    }
}
impl Mul<i32> for Pair {
    type Output = Pair;
    #[inline(always)]
    fn mul(self, k: i32) -> Pair {
        Pair(self.0 * k, self.1 * k)
    }
}

/// The phase with every piece on the board (minor pieces 1, rooks 2, queens 4); 0 is a
/// pawn ending.
pub const MAX_PHASE: i32 = 24;

/// `p` blended by `phase` (clamped to [`MAX_PHASE`]): all middlegame at the full phase, all
/// endgame at 0.
#[inline(always)]
pub fn taper(p: Pair, phase: i32) -> i32 {
    let phase = phase.min(MAX_PHASE);
    (p.0 * phase + p.1 * (MAX_PHASE - phase)) / MAX_PHASE
}

/// Receives every term of one evaluation; `T` is the variant's term type.
pub trait Trace<T> {
    fn add(&mut self, term: T, player: Player, value: Pair);
    /// Weight `index` of the variant's weights file counted `count` times for `player` (the
    /// tuner's [`crate::eval::weights::Features`]); nothing by default.
    #[inline(always)]
    fn weight(&mut self, index: usize, player: Player, count: i32) {
        let _ = (index, player, count);
    }
}

/// Search's trace: records nothing, and compiles to nothing.
pub struct NoTrace;

impl<T> Trace<T> for NoTrace {
    #[inline(always)]
    fn add(&mut self, _: T, _: Player, _: Pair) {}
}

/// The evaluation by terms and players (`N` terms, indexed by the term's `usize`), with the
/// phase that blends them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakdown<const N: usize> {
    /// `[term][player]`, in the variant's term order.
    pub terms: [[Pair; 2]; N],
    /// [`MAX_PHASE`] with every piece on the board, 0 with only kings and pawns.
    pub phase: i32,
}

impl<const N: usize> Default for Breakdown<N> {
    fn default() -> Self {
        Breakdown {
            terms: [[Pair(0, 0); 2]; N],
            phase: 0,
        }
    }
}

impl<const N: usize, T: Into<usize>> Trace<T> for Breakdown<N> {
    fn add(&mut self, term: T, player: Player, value: Pair) {
        self.terms[term.into()][player.index()] += value;
    }
}

impl<const N: usize> Breakdown<N> {
    /// A pair blended by this breakdown's phase.
    pub fn taper(&self, p: Pair) -> i32 {
        taper(p, self.phase)
    }
}
