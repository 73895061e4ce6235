//! Move ordering: the hash move, then captures (most valuable victim, least valuable attacker,
//! losing exchanges last), then killer moves, then quiet moves by history.
//!
//! Moves are generic, so tables index them by a hash of the move ([`move_hash`]); two moves
//! sharing a slot only blur each other's ordering, never correctness. The continuation
//! history keys moves by [`Game::history_key`] (piece and destination where the game says).

use super::pruning::{Pruning, Technique};
use super::score::MAX_PLY;
use crate::game::{Game, Player, HISTORY_KEYS};
use std::hash::{Hash, Hasher};

const HISTORY_SLOTS: usize = 1 << 14;
const HISTORY_MAX: i32 = 16_384;
/// The quiet history's bonus per depth squared with [`Technique::QuietHistoryBonus`], and its
/// cap: a few recent cutoffs then outweigh old ones, where a bonus of depth² only counts them.
const LARGE_QUIET_BONUS: i32 = 32;
const LARGE_QUIET_BONUS_MAX: i32 = HISTORY_MAX / 8;
/// Buckets of captured value for the capture history: 50 centipawns each, the last open.
const CAPTURE_BUCKETS: usize = 32;
/// Capture history per unit of MVV-LVA: a full history (+-[`HISTORY_MAX`]) is worth a third
/// of a pawn's step of victim value, so it orders within a victim, never across two.
const CAPTURE_HISTORY_SCALE: i32 = 16;
/// Correction history: entries hold 1/[`CORRECTION_GRAIN`] centipawns, its slots per player
/// and the most it corrects, in centipawns.
const CORRECTION_GRAIN: i32 = 256;
const CORRECTION_SLOTS: usize = 1 << 14;
const CORRECTION_MAX: i32 = 128;

const HASH_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 26;
const KILLER: i32 = 1 << 24;
const COUNTER: i32 = KILLER - 1;
const BAD_CAPTURE: i32 = -(1 << 24);

/// A multiply-rotate hasher (the one rustc uses internally): moves are a few bytes, and std's
/// SipHash would cost more than the ordering it serves.
#[derive(Default)]
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        // A final avalanche, so the high bits (the fingerprint) depend on every input bit.
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^ (h >> 33)
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(*b as u64);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64)
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(i as u64)
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64)
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64)
    }
}

#[inline]
pub fn move_hash<M: Hash>(mv: &M) -> u64 {
    let mut h = MoveHasher::default();
    mv.hash(&mut h);
    h.finish()
}

/// The 16-bit name of a move in the transposition table; never 0 (0 = no move).
#[inline]
pub fn fingerprint<M: Hash>(mv: &M) -> u16 {
    fingerprint_of_hash(move_hash(mv))
}

#[inline]
fn fingerprint_of_hash(h: u64) -> u16 {
    ((h >> 48) as u16).max(1)
}

/// The legal move of `pos` with this fingerprint, if any.
pub fn find_by_fingerprint<G: Game>(pos: &G, fp: u16) -> Option<G::Move> {
    if fp == 0 {
        return None;
    }
    let mut moves = G::Moves::default();
    pos.legal_moves(&mut moves);
    moves.iter().copied().find(|m| fingerprint(m) == fp)
}

/// The keys of the moves one and two plies before a node ([`history_key`]), where there are
/// such moves and the continuation history is in use.
pub type Context = [Option<usize>; 2];

/// The continuation history's key of `mv` in `pos`: the game's own, else a hash of the move
/// and the player.
#[inline]
pub fn history_key<G: Game>(pos: &G, mv: G::Move) -> usize {
    match pos.history_key(mv) {
        Some(k) => k as usize % HISTORY_KEYS,
        None => ((move_hash(&mv) >> 20) as usize * 2 + pos.to_move().index()) % HISTORY_KEYS,
    }
}

/// The ordering score of the hash move (its fingerprint `hash_move`) and of tactical moves,
/// which no table learns; `None` for the other moves. `h` is `mv`'s [`move_hash`].
#[inline]
fn rank<G: Game>(pos: &G, mv: G::Move, h: u64, hash_move: u16) -> Option<i32> {
    if hash_move != 0 && fingerprint_of_hash(h) == hash_move {
        Some(HASH_MOVE)
    } else if pos.is_tactical(mv) {
        let mvv_lva = 32 * pos.capture_value(mv) - pos.mover_value(mv) / 16;
        Some(if pos.see_ge(mv, 0) {
            GOOD_CAPTURE + mvv_lva
        } else {
            BAD_CAPTURE + mvv_lva
        })
    } else {
        None
    }
}

/// Orders `moves` as tables that learnt nothing yet would: the hash move, then captures, then
/// the rest in their given order (the root's first order, before any search).
pub fn score_unlearnt<G: Game>(pos: &G, moves: &[G::Move], scores: &mut Vec<i32>, hash_move: u16) {
    scores.clear();
    scores.extend(
        moves
            .iter()
            .map(|&mv| rank(pos, mv, move_hash(&mv), hash_move).unwrap_or(0)),
    );
}

/// What a search thread learns: about quiet moves, killers per ply, history per player, and
/// the continuation history; about captures, the capture history; about positions, the
/// correction history.
pub struct Heuristics<M> {
    killers: [[Option<M>; 2]; MAX_PLY],
    history: Vec<[i32; HISTORY_SLOTS]>,
    /// `continuation[a][b]`: how good the move of key `b` was as an answer to the move of key
    /// `a` one or two plies before (one table for both distances, as Stockfish's).
    continuation: Vec<[i16; HISTORY_KEYS]>,
    /// `counters[a]`: the quiet move that last refuted the move of key `a`.
    counters: Vec<Option<M>>,
    /// `captures[k][v]`: how often the move of key `k` capturing a value of bucket `v` (see
    /// [`capture_bucket`]) caused a cutoff.
    captures: Vec<[i16; CAPTURE_BUCKETS]>,
    /// `correction[player][slot]`: what searches of positions of that structure key (see
    /// [`Game::structure_key`]) found beyond their static score, as a running average.
    correction: Vec<[i32; CORRECTION_SLOTS]>,
    /// Which of the tables above are in use ([`Technique::ContinuationHistory`],
    /// [`Technique::CounterMoves`], [`Technique::CaptureHistory`]).
    use_continuation: bool,
    use_counters: bool,
    use_captures: bool,
    /// [`Technique::QuietHistoryBonus`].
    large_quiet_bonus: bool,
}

/// The capture history's bucket of the value `mv` captures.
#[inline]
fn capture_bucket<G: Game>(pos: &G, mv: G::Move) -> usize {
    (pos.capture_value(mv).max(0) as usize / 50).min(CAPTURE_BUCKETS - 1)
}

/// Whether an ordering score is a quiet move's history, not a rank above it (hash move,
/// captures, killers, counter move).
#[inline]
pub fn is_history_score(score: i32) -> bool {
    score.abs() < KILLER / 2
}

/// Whether an ordering score is that of a capture whose static exchange loses material.
#[inline]
pub fn is_losing_capture(score: i32) -> bool {
    score <= BAD_CAPTURE / 2
}

/// Gravity: the entry moves by `delta`, less the more it already leans that way, so entries
/// saturate smoothly at +-[`HISTORY_MAX`].
#[inline]
fn nudge(e: i32, delta: i32) -> i32 {
    e + delta - e * delta.abs() / HISTORY_MAX
}

impl<M: Copy + Eq + Hash> Heuristics<M> {
    pub fn new() -> Self {
        Self::with(Pruning::ALL)
    }

    /// The tables, ordering moves as the techniques of `pruning` say.
    pub fn with(pruning: Pruning) -> Self {
        Heuristics {
            killers: [[None; 2]; MAX_PLY],
            history: vec![[0; HISTORY_SLOTS]; 2],
            continuation: vec![[0; HISTORY_KEYS]; HISTORY_KEYS],
            counters: vec![None; HISTORY_KEYS],
            captures: vec![[0; CAPTURE_BUCKETS]; HISTORY_KEYS],
            correction: vec![[0; CORRECTION_SLOTS]; 2],
            use_continuation: pruning.has(Technique::ContinuationHistory),
            use_counters: pruning.has(Technique::CounterMoves),
            use_captures: pruning.has(Technique::CaptureHistory),
            large_quiet_bonus: pruning.has(Technique::QuietHistoryBonus),
        }
    }

    #[inline]
    fn history_slot(h: u64) -> usize {
        h as usize & (HISTORY_SLOTS - 1)
    }

    #[inline]
    pub fn is_killer(&self, ply: usize, mv: M) -> bool {
        self.killers[ply].contains(&Some(mv))
    }

    /// Scores every move of `moves` into `scores` for [`pick`].
    pub fn score<G: Game<Move = M>>(
        &self,
        pos: &G,
        moves: &[M],
        scores: &mut Vec<i32>,
        ply: usize,
        hash_move: u16,
    ) {
        self.score_in(pos, moves, scores, ply, hash_move, [None; 2]);
    }

    /// [`Heuristics::score`], with the continuation history of `context` added to quiet moves.
    pub fn score_in<G: Game<Move = M>>(
        &self,
        pos: &G,
        moves: &[M],
        scores: &mut Vec<i32>,
        ply: usize,
        hash_move: u16,
        context: Context,
    ) {
        scores.clear();
        let history = &self.history[pos.to_move().index()];
        let counter = match context[0] {
            Some(key) if self.use_counters => self.counters[key],
            _ => None,
        };
        for &mv in moves {
            let h = move_hash(&mv);
            let score = if let Some(rank) = rank(pos, mv, h, hash_move) {
                if self.use_captures && rank != HASH_MOVE {
                    rank + self.capture_score(pos, mv)
                } else {
                    rank
                }
            } else if self.killers[ply][0] == Some(mv) {
                KILLER + 1
            } else if self.killers[ply][1] == Some(mv) {
                KILLER
            } else if counter == Some(mv) {
                COUNTER
            } else {
                history[Self::history_slot(h)] + self.continuation_score(pos, mv, context)
            };
            scores.push(score);
        }
    }

    /// A quiet move caused a cutoff at `ply`: it becomes the first killer, and its history rises
    /// while the quiet moves tried before it fall.
    pub fn reward(&mut self, player: Player, ply: usize, depth: i32, best: M, tried: &[M]) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(best) {
            killers[1] = killers[0];
            killers[0] = Some(best);
        }
        let bonus = if self.large_quiet_bonus {
            (LARGE_QUIET_BONUS * depth * depth).min(LARGE_QUIET_BONUS_MAX)
        } else {
            (depth * depth).min(HISTORY_MAX / 4)
        };
        let history = &mut self.history[player.index()];
        let mut update = |mv: &M, delta: i32| {
            let e = &mut history[Self::history_slot(move_hash(mv))];
            *e = nudge(*e, delta);
        };
        update(&best, bonus);
        for mv in tried.iter().filter(|m| **m != best) {
            update(mv, -bonus);
        }
    }

    #[inline]
    fn capture_score<G: Game<Move = M>>(&self, pos: &G, mv: M) -> i32 {
        self.captures[history_key(pos, mv)][capture_bucket(pos, mv)] as i32 / CAPTURE_HISTORY_SCALE
    }

    /// A node at `depth` was cut by `best`: in the capture history, `best` (if tactical)
    /// rises and the tactical moves `tried` before it fall.
    pub fn reward_captures<G: Game<Move = M>>(
        &mut self,
        pos: &G,
        depth: i32,
        best: M,
        tried: &[M],
    ) {
        if !self.use_captures {
            return;
        }
        let bonus = (depth * depth).min(HISTORY_MAX / 4);
        let mut update = |mv: M, delta: i32| {
            let e = &mut self.captures[history_key(pos, mv)][capture_bucket(pos, mv)];
            *e = nudge(*e as i32, delta) as i16;
        };
        if pos.is_tactical(best) {
            update(best, bonus);
        }
        for &mv in tried.iter().filter(|m| **m != best) {
            update(mv, -bonus);
        }
    }

    /// The correction history's slot of a position of `player` with structure key `key`.
    #[inline]
    fn correction_slot(key: u64) -> usize {
        key as usize & (CORRECTION_SLOTS - 1)
    }

    /// `eval`, a static score of a position of `player` with structure key `key` (0: none),
    /// corrected by what searches of that structure found.
    #[inline]
    pub fn corrected(&self, player: Player, key: u64, eval: i32) -> i32 {
        if key == 0 {
            return eval;
        }
        eval + self.correction[player.index()][Self::correction_slot(key)] / CORRECTION_GRAIN
    }

    /// A search at `depth` found `score` for a position (of `player`, structure key `key`)
    /// whose uncorrected static score is `eval`: the correction moves toward the difference,
    /// the more the deeper the search.
    pub fn learn_correction(
        &mut self,
        player: Player,
        key: u64,
        depth: i32,
        eval: i32,
        score: i32,
    ) {
        if key == 0 {
            return;
        }
        let e = &mut self.correction[player.index()][Self::correction_slot(key)];
        let weight = (depth + 1).min(16);
        let target = (score - eval).clamp(-CORRECTION_MAX, CORRECTION_MAX) * CORRECTION_GRAIN;
        *e = (*e * (256 - weight) + target * weight) / 256;
    }

    #[inline]
    fn continuation_score<G: Game<Move = M>>(&self, pos: &G, mv: M, context: Context) -> i32 {
        if !self.use_continuation || context == [None; 2] {
            return 0;
        }
        let key = history_key(pos, mv);
        context
            .iter()
            .flatten()
            .map(|&row| self.continuation[row][key] as i32)
            .sum()
    }

    /// The part of [`Heuristics::reward`] that depends on the moves before (`context`): `best`
    /// becomes the counter move of the last one, and in the continuation history it answered
    /// them well, the quiet moves `tried` before it badly.
    pub fn reward_continuation<G: Game<Move = M>>(
        &mut self,
        pos: &G,
        context: Context,
        depth: i32,
        best: M,
        tried: &[M],
    ) {
        if let Some(key) = context[0] {
            self.counters[key] = Some(best);
        }
        if !self.use_continuation {
            return;
        }
        let bonus = (depth * depth).min(HISTORY_MAX / 4);
        for row in context.into_iter().flatten() {
            let row = &mut self.continuation[row];
            let mut update = |mv: M, delta: i32| {
                let e = &mut row[history_key(pos, mv)];
                *e = nudge(*e as i32, delta) as i16;
            };
            update(best, bonus);
            for &mv in tried.iter().filter(|m| **m != best) {
                update(mv, -bonus);
            }
        }
    }

    /// Readies kept tables for a new search with `pruning`: the killers, which are about the
    /// plies below the last root, are forgotten.
    pub fn prepare(&mut self, pruning: Pruning) {
        self.killers = [[None; 2]; MAX_PLY];
        self.use_continuation = pruning.has(Technique::ContinuationHistory);
        self.use_counters = pruning.has(Technique::CounterMoves);
        self.use_captures = pruning.has(Technique::CaptureHistory);
        self.large_quiet_bonus = pruning.has(Technique::QuietHistoryBonus);
    }

    /// Halves every history entry between the moves of a game: what the last search learnt
    /// then weighs as much as all before it. Counter moves stay until replaced, and the
    /// correction history (a running average about positions, not moves) as it is.
    pub fn age(&mut self) {
        for e in self.history.iter_mut().flatten() {
            *e /= 2;
        }
        for e in self.continuation.iter_mut().flatten() {
            *e /= 2;
        }
        for e in self.captures.iter_mut().flatten() {
            *e /= 2;
        }
    }
}

impl<M: Copy + Eq + Hash> Default for Heuristics<M> {
    fn default() -> Self {
        Self::new()
    }
}

/// Moves the best-scored move of `moves[i..]` to `i`, the first of equals (selection sort, one
/// step at a time: a cutoff usually comes early, so sorting the whole list would be wasted). The
/// maximum first, then where it is: the maximum's loop carries no index, and the two ran faster
/// than one loop that kept the best index (Vanguard's lists of 150 to 250 moves spent a tenth
/// of its search here; docs/search.md).
#[inline]
pub fn pick<M>(moves: &mut [M], scores: &mut [i32], i: usize) -> M
where
    M: Copy,
{
    let rest = &scores[i..moves.len()];
    let top = rest.iter().copied().fold(i32::MIN, i32::max);
    let best = i + rest.iter().position(|&s| s == top).unwrap_or(0);
    moves.swap(i, best);
    scores.swap(i, best);
    moves[i]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toys::Tree;

    #[test]
    fn fingerprints_are_nonzero_and_spread() {
        let fps: std::collections::HashSet<u16> = (0u16..4096).map(|m| fingerprint(&m)).collect();
        assert!(fps.len() > 3900, "{} distinct of 4096", fps.len());
        assert!(!fps.contains(&0));
    }

    #[test]
    fn pick_takes_the_best_remaining() {
        let mut moves = [10, 20, 30, 40];
        let mut scores = [1, 9, -3, 5];
        let order: Vec<i32> = (0..4).map(|i| pick(&mut moves, &mut scores, i)).collect();
        assert_eq!(order, vec![20, 40, 10, 30]);
    }

    /// Of equal scores the first in the list goes first, as the swaps leave it: the order of
    /// ties, and so every search's node count, does not depend on how the maximum is found.
    #[test]
    fn pick_takes_the_first_of_equal_scores() {
        let mut moves = [10, 20, 30, 40, 50];
        let mut scores = [2, 7, 2, 7, i32::MIN];
        let order: Vec<i32> = (0..5).map(|i| pick(&mut moves, &mut scores, i)).collect();
        assert_eq!(order, vec![20, 40, 30, 10, 50]);
    }

    #[test]
    fn rewards_raise_the_best_and_lower_the_rest() {
        let mut h: Heuristics<u16> = Heuristics::new();
        h.reward(Player::White, 3, 5, 7, &[1, 2, 7]);
        let slot = |m: u16| Heuristics::<u16>::history_slot(move_hash(&m));
        assert!(h.history[0][slot(7)] > 0);
        assert!(h.history[0][slot(1)] < 0);
        assert_eq!(h.history[1][slot(7)], 0);
        assert!(h.is_killer(3, 7) && !h.is_killer(4, 7));
        for _ in 0..10_000 {
            h.reward(Player::White, 3, 40, 7, &[]);
        }
        assert!(h.history[0][slot(7)] <= HISTORY_MAX);
    }

    #[test]
    fn the_large_quiet_bonus_lets_recent_cutoffs_outweigh_many_old_ones() {
        let slot = |m: u16| Heuristics::<u16>::history_slot(move_hash(&m));
        let [old, new] = [1u16, 2];
        let mut small: Heuristics<u16> = Heuristics::with(Pruning::ALL);
        let mut large = Heuristics::with(Pruning::ALL.with(Technique::QuietHistoryBonus));
        for h in [&mut small, &mut large] {
            // `old` cut forty times at depth 8, long ago; then `new` cut three times at depth 8
            // and `old`, tried before it, failed each time.
            for _ in 0..40 {
                h.reward(Player::White, 0, 8, old, &[]);
            }
            h.age();
            for _ in 0..3 {
                h.reward(Player::White, 0, 8, new, &[old, new]);
            }
        }
        let order = |h: &Heuristics<u16>| h.history[0][slot(new)] > h.history[0][slot(old)];
        assert!(
            !order(&small),
            "depth² counts: forty old cutoffs still lead"
        );
        assert!(order(&large), "32 × depth²: the three recent ones lead");
    }

    /// A random game tree's first position with at least three moves, and its moves.
    fn tree_with_three_moves() -> (Tree, <Tree as Game>::Moves) {
        let mut moves = <Tree as Game>::Moves::default();
        let pos = (0..)
            .map(|seed| Tree::new(seed, 6))
            .find(|pos| {
                moves.clear();
                pos.legal_moves(&mut moves);
                moves.len() >= 3
            })
            .unwrap();
        (pos, moves)
    }

    #[test]
    fn continuation_history_learns_answers_to_the_moves_before() {
        let (pos, moves) = tree_with_three_moves();
        let (best, tried) = (moves[2], [moves[0], moves[1]]);
        let mut h = Heuristics::with(Pruning::NONE.with(Technique::ContinuationHistory));
        let mut scores = Vec::new();
        let context: Context = [Some(5), Some(900)];
        h.reward_continuation(&pos, context, 6, best, &tried);
        h.score_in(&pos, &moves, &mut scores, 0, 0, context);
        assert!(scores[2] > 0 && scores[0] < 0, "{scores:?}");
        // Both rows learnt it; other rows and the plain history did not.
        let key = history_key(&pos, best);
        assert!(h.continuation[5][key] > 0 && h.continuation[900][key] > 0);
        h.score_in(&pos, &moves, &mut scores, 0, 0, [Some(6), None]);
        h.score(&pos, &moves, &mut scores, 0, 0);
        assert!(scores.iter().all(|&s| s == 0), "{scores:?}");
        for _ in 0..10_000 {
            h.reward_continuation(&pos, context, 40, best, &[]);
        }
        assert!(h.continuation[5][key] as i32 <= HISTORY_MAX);
    }

    #[test]
    fn capture_history_orders_captures_of_one_victim_and_never_across_victims() {
        use crate::variants::chess::Position;
        // Knight and bishop can each take the pawn on d5; the knight can take the rook on a4.
        let pos = Position::from_fen("4k3/8/8/3p4/r7/1BN5/8/4K3 w - - 0 1").unwrap();
        let [bishop_pawn, knight_pawn, knight_rook] =
            ["b3d5", "c3d5", "c3a4"].map(|m| pos.parse_move(m).unwrap());
        let moves = [bishop_pawn, knight_pawn, knight_rook];
        let mut scores = Vec::new();
        for (pruning, learns) in [
            (Pruning::ALL.with(Technique::CaptureHistory), true),
            (Pruning::ALL, false),
        ] {
            let mut h = Heuristics::with(pruning);
            h.score(&pos, &moves, &mut scores, 0, 0);
            let before = scores.clone();
            for _ in 0..50 {
                h.reward_captures(&pos, 12, bishop_pawn, &[knight_pawn]);
            }
            h.score(&pos, &moves, &mut scores, 0, 0);
            assert_eq!(
                scores[0] > before[0] && scores[1] < before[1],
                learns,
                "{scores:?}"
            );
            assert_eq!(scores[0] > scores[1], learns, "{scores:?}");
            // A bigger victim still comes first, whatever was learnt.
            assert!(scores[2] > scores[0] && scores[2] > scores[1], "{scores:?}");
            // A quiet best move lowers the captures tried before it.
            let quiet = pos.parse_move("e1d2").unwrap();
            h.reward_captures(&pos, 12, quiet, &[bishop_pawn]);
            let mut after = Vec::new();
            h.score(&pos, &moves, &mut after, 0, 0);
            assert_eq!(after[0] < scores[0], learns, "{after:?}");
        }
    }

    #[test]
    fn a_capture_that_loses_its_exchange_is_told_apart_from_every_other_score() {
        use crate::variants::chess::Position;
        // The queen takes a pawn the e6 pawn defends; the knight takes it too (knight for pawn
        // is lost as well); the rook takes the undefended knight; a quiet king step.
        let pos = Position::from_fen("4k3/8/n3p3/3p4/8/2N5/3Q4/R3K3 w - - 0 1").unwrap();
        let moves = ["d2d5", "c3d5", "a1a6", "e1f1"].map(|m| pos.parse_move(m).unwrap());
        let mut h: Heuristics<_> = Heuristics::new();
        // A history, not a killer, at the ply scored.
        h.reward(Player::White, 5, 20, moves[3], &[]);
        let mut scores = Vec::new();
        h.score(&pos, &moves, &mut scores, 0, 0);
        let losing = scores
            .iter()
            .map(|&s| is_losing_capture(s))
            .collect::<Vec<_>>();
        assert_eq!(losing, [true, true, false, false], "{scores:?}");
        assert!(is_history_score(scores[3]), "{scores:?}");
    }

    #[test]
    fn correction_history_learns_the_static_scores_error_by_structure_and_player() {
        let mut h: Heuristics<u16> = Heuristics::new();
        assert_eq!(h.corrected(Player::White, 77, 50), 50);
        for _ in 0..300 {
            h.learn_correction(Player::White, 77, 10, 50, 110);
        }
        // Toward the 60 the search found beyond the static 50, within a centipawn.
        assert!((109..=110).contains(&h.corrected(Player::White, 77, 50)));
        assert!((59..=60).contains(&h.corrected(Player::White, 77, 0)));
        // Another player, another structure, or none (key 0) learnt nothing.
        assert_eq!(h.corrected(Player::Black, 77, 50), 50);
        assert_eq!(h.corrected(Player::White, 78, 50), 50);
        h.learn_correction(Player::White, 0, 10, 0, 500);
        assert_eq!(h.corrected(Player::White, 0, 0), 0);
        // A shallow search moves it less than a deep one.
        let mut shallow: Heuristics<u16> = Heuristics::new();
        let mut deep: Heuristics<u16> = Heuristics::new();
        shallow.learn_correction(Player::White, 5, 1, 0, 100);
        deep.learn_correction(Player::White, 5, 12, 0, 100);
        assert!(0 < shallow.correction[0][5] && shallow.correction[0][5] < deep.correction[0][5]);
        // Bounded, however far off the evaluation is.
        for _ in 0..1000 {
            h.learn_correction(Player::White, 77, 20, 0, 20_000);
        }
        let c = h.corrected(Player::White, 77, 0);
        assert!((CORRECTION_MAX - 1..=CORRECTION_MAX).contains(&c), "{c}");
        // Kept as it is between the moves of a game.
        h.age();
        assert_eq!(h.corrected(Player::White, 77, 0), c);
    }

    #[test]
    fn the_counter_move_follows_the_killers() {
        let (pos, moves) = tree_with_three_moves();
        let mut scores = Vec::new();
        for (pruning, counted) in [
            (Pruning::ALL.with(Technique::CounterMoves), true),
            (Pruning::ALL, false),
        ] {
            let mut h = Heuristics::with(pruning);
            h.reward(Player::White, 2, 3, moves[0], &[]);
            h.reward_continuation(&pos, [Some(7), None], 3, moves[1], &[]);
            h.score_in(&pos, &moves, &mut scores, 2, 0, [Some(7), None]);
            assert_eq!(scores[0], KILLER + 1);
            assert_eq!(scores[1] == COUNTER, counted, "{scores:?}");
            // Only as the answer to the move it refuted.
            h.score_in(&pos, &moves, &mut scores, 2, 0, [Some(8), None]);
            assert_ne!(scores[1], COUNTER);
        }
    }
}
