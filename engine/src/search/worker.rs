//! One search thread: iterative deepening over principal variation search and quiescence.
//!
//! Scores are from the point of view of the player to move at each node. A child position is
//! searched with the window negated only when the deciding player changes ([`Worker::child`]),
//! so runs of plies by one player (007) need no special case anywhere else.

use super::ordering::{self, history_key, pick, Context, Heuristics};
use super::pruning::Technique::*;
use super::score::*;
use super::time::TimePlan;
use super::tt::{Bound, Entry, TranspositionTable};
use super::{Info, Pruning, Report, SearchParams};
use crate::game::{Game, MoveList, Player};
use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::OnceLock;
use std::time::Duration;

/// Read-only state every thread of one search shares.
pub(super) struct Shared<'a, M> {
    pub tt: &'a TranspositionTable,
    pub control: &'a super::Control,
    /// Nodes per thread, published every few thousand nodes for `info` and node limits.
    pub nodes: &'a [AtomicU64],
    pub plan: TimePlan,
    pub params: &'a SearchParams<M>,
    /// `params.pruning` with the game's own adopted techniques ([`Pruning::resolve`]).
    pub pruning: Pruning,
    /// A draw's score for the player to move, by [`Player::index`]: `params.contempt` below
    /// zero for the root's player, as far above for the other.
    pub draw: [i32; 2],
}

impl<M> Shared<'_, M> {
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Relaxed)).sum()
    }
}

/// A move at the root with what the last iterations said about it.
#[derive(Clone, Debug)]
pub(super) struct RootMove<M> {
    pub mv: M,
    /// Score in the current iteration; `-INFINITE` until searched (or when it failed low).
    pub score: i32,
    pub prev_score: i32,
    pub seldepth: usize,
    pub pv: Vec<M>,
    /// Nodes searched under this move in the whole search, for the time plan's effort share.
    pub nodes: u64,
}

const POLL_MASK: u64 = 1023;
/// Nodes the main thread may still search after a stop to finish its first root move, when no
/// move has a score yet (a few milliseconds). Beyond them it answers with the move it is on: a
/// first move whose search explodes (a long capture chain in 007's quiescence) must not hold
/// back `bestmove` or run past the clock.
const STOP_GRACE_NODES: u64 = 4096;
/// Quiet moves remembered per node for the history malus.
const TRIED: usize = 64;
/// Tactical moves remembered per node for the capture history's malus.
const TRIED_CAPTURES: usize = 32;
/// The least depth at which a hash move is tested for singularity.
const SINGULAR_DEPTH: i32 = 6;
/// The most depth left at which exchange pruning skips a move.
const EXCHANGE_DEPTH: i32 = 8;
/// Razoring's margin a ply: how far below alpha a static score must be for quiescence alone
/// to decide the node.
const RAZOR_MARGIN: i32 = 250;
/// ProbCut's margin above beta, and the least depth at which it is tried (its searches are
/// 4 plies shallower).
const PROBCUT_MARGIN: i32 = 200;
const PROBCUT_DEPTH: i32 = 5;
/// History (ordering score) worth one ply less or more of late move reduction. Where reductions
/// are decided, quiet moves' histories sit near -50 (median), 500 (95th percentile) and 1,500 to
/// 4,000 (99th) in a chess game at 300 ms a move: so the best twentieth is reduced a ply or more
/// less, and the malus, spread over every move tried, seldom reaches a ply more.
const HISTORY_PER_PLY: i32 = 256;

/// What a node is expected to be (Knuth and Moore's node types): on the principal variation,
/// failing high (a cut node: one good move refutes it) or failing low (an all node: every move
/// is searched). Only reductions read the expectation; the window decides the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Node {
    Pv,
    Cut,
    All,
}

impl Node {
    /// The type of the first child searched, with the node's own window.
    fn first_child(self) -> Node {
        match self {
            Node::Pv => Node::Pv,
            Node::Cut => Node::All,
            Node::All => Node::Cut,
        }
    }

    /// The type of a child searched with a null window at full depth: a principal variation
    /// node's later moves are expected to fail low, so their children to fail high.
    fn zero_window_child(self) -> Node {
        match self {
            Node::Cut => Node::All,
            Node::Pv | Node::All => Node::Cut,
        }
    }

    /// The node searched again with a null window (a singular-extension test).
    fn without_pv(self) -> Node {
        match self {
            Node::Pv => Node::All,
            other => other,
        }
    }
}

pub(super) struct Worker<'a, G: Game> {
    id: usize,
    shared: &'a Shared<'a, G::Move>,
    pub nodes: u64,
    node_limit: u64,
    seldepth: usize,
    pub stopped: bool,
    /// `nodes` when the main thread first saw the stop (see [`STOP_GRACE_NODES`]).
    stop_seen: Option<u64>,
    /// Keys of the game before the root, then of the path from the root to the current node.
    keys: Vec<u64>,
    heuristics: Box<Heuristics<G::Move>>,
    /// Triangular principal variation table: `pv[ply]` is the best line from `ply` on.
    pv: Vec<ArrayVec<G::Move, MAX_PLY>>,
    /// Move-ordering scores, one buffer per ply, reused (no allocation per node).
    scores: Vec<Vec<i32>>,
    pub root_moves: Vec<RootMove<G::Move>>,
    pub completed_depth: u32,
    /// The move the other player picked in the last [`Worker::other_choice`].
    picked: Option<G::Move>,
    /// `played[ply]`: the continuation-history key of the move searched from `ply` (`None`
    /// for a null move, or with the continuation history off).
    played: [Option<usize>; MAX_PLY + 1],
    /// `evals[ply]`: the player to move at the node of `ply` and its static score
    /// (`-INFINITE` in check or unknown), for the "improving" flag.
    evals: [(Player, i32); MAX_PLY + 1],
    /// `excluded[ply]`: the move a singular-extension search at `ply` leaves out.
    excluded: [Option<G::Move>; MAX_PLY + 1],
    /// The depth of the current iteration (extensions stop at twice as many plies).
    root_depth: i32,
    /// How many completed iterations in a row kept the best move of the one before.
    stable: u32,
}

impl<'a, G: Game> Worker<'a, G> {
    pub fn new(
        id: usize,
        shared: &'a Shared<'a, G::Move>,
        history: &[u64],
        root_moves: Vec<RootMove<G::Move>>,
    ) -> Self {
        let mut keys = Vec::with_capacity(history.len() + MAX_PLY + 1);
        keys.extend_from_slice(history);
        let node_limit = match shared.params.limits.nodes {
            Some(n) if id == 0 => n.max(1),
            _ => u64::MAX,
        };
        Worker {
            id,
            shared,
            nodes: 0,
            node_limit,
            seldepth: 0,
            stopped: false,
            stop_seen: None,
            keys,
            heuristics: shared.tt.learnt().take::<G>(id, shared.pruning),
            pv: vec![ArrayVec::new(); MAX_PLY + 1],
            scores: vec![Vec::new(); MAX_PLY + 1],
            root_moves,
            completed_depth: 0,
            picked: None,
            played: [None; MAX_PLY + 1],
            evals: [(Player::White, -INFINITE); MAX_PLY + 1],
            excluded: [None; MAX_PLY + 1],
            root_depth: 0,
            stable: 0,
        }
    }

    /// Ends the worker, handing what it learnt about moves back for the game's next search.
    pub fn keep_learnt(self) {
        self.shared.tt.learnt().put::<G>(self.id, self.heuristics);
    }

    /// Whether to stop now. Thread 0 also watches the clock and the node limit for everyone.
    #[inline]
    fn poll(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let control = self.shared.control;
        if self.nodes & POLL_MASK == 0 {
            self.shared.nodes[self.id].store(self.nodes, Relaxed);
            if self.id == 0 {
                let out_of_time = !control.is_pondering()
                    && self
                        .shared
                        .plan
                        .hard
                        .is_some_and(|hard| control.elapsed() >= hard);
                let limit = self.shared.params.limits.nodes;
                let out_of_nodes = self.shared.nodes.len() > 1
                    && limit.is_some_and(|n| self.shared.total_nodes() >= n);
                if out_of_time || out_of_nodes {
                    control.stop();
                }
            }
        }
        if self.nodes >= self.node_limit {
            control.stop();
        }
        // The main thread searches at least one root move to the end, so even a search stopped
        // at once answers with a searched move and its real score, within a grace of nodes.
        self.stopped = control.is_stopped()
            && (self.id != 0
                || self.completed_depth > 0
                || self
                    .root_moves
                    .first()
                    .is_some_and(|rm| rm.score > -INFINITE)
                || self.nodes - *self.stop_seen.get_or_insert(self.nodes) > STOP_GRACE_NODES);
        self.stopped
    }

    /// Remembers the continuation-history key of `mv`, searched from `pos` at `ply`.
    #[inline]
    fn note_played(&mut self, pos: &G, mv: G::Move, ply: usize) {
        let pruning = self.shared.pruning;
        self.played[ply] = (pruning.has(ContinuationHistory) || pruning.has(CounterMoves))
            .then(|| history_key(pos, mv));
    }

    /// The keys of the moves one and two plies before the node at `ply`.
    #[inline]
    fn context(&self, ply: usize) -> Context {
        let back = |n: usize| ply.checked_sub(n).and_then(|p| self.played[p]);
        [back(1), back(2)]
    }

    /// Whether the static score `eval` of `pos` at `ply` rose since the node two plies before,
    /// where the same player was to move (not in check at either).
    #[inline]
    fn improving(&self, pos: &G, ply: usize, eval: i32) -> bool {
        ply >= 2 && eval > -INFINITE && {
            let (player, before) = self.evals[ply - 2];
            player == pos.to_move() && before > -INFINITE && eval > before
        }
    }

    fn evaluate(pos: &G) -> i32 {
        pos.evaluate_for_mover()
            .clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The structure key of `pos` for the correction history: 0 (none) where it is off or
    /// `pos` has no static score (in check).
    #[inline]
    fn structure_key(&self, pos: &G, in_check: bool) -> u64 {
        if self.shared.pruning.has(Correction) && !in_check {
            pos.structure_key()
        } else {
            0
        }
    }

    /// The static score `raw` of `pos` (structure key `structure`) as the correction history
    /// corrects it; `-INFINITE` stays.
    #[inline]
    fn corrected(&self, pos: &G, structure: u64, raw: i32) -> i32 {
        if raw == -INFINITE {
            return raw;
        }
        self.heuristics
            .corrected(pos.to_move(), structure, raw)
            .clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// A draw's score at `pos`, from its mover's side (the contempt, [`Shared::draw`]).
    #[inline]
    fn draw(&self, pos: &G) -> i32 {
        self.shared.draw[pos.to_move().index()]
    }

    /// [`outcome_score`] with a draw scored by the contempt.
    #[inline]
    fn outcome_score(&self, pos: &G, outcome: crate::Outcome, ply: usize) -> i32 {
        match outcome {
            crate::Outcome::Draw(_) => self.draw(pos),
            won_or_lost => outcome_score(pos, won_or_lost, ply),
        }
    }

    /// Whether `pos` already stood on the path or in the game, within the reversible stretch.
    fn is_repetition(&self, pos: &G) -> bool {
        let key = pos.key();
        let window = pos.halfmove_clock() as usize;
        self.keys.iter().rev().take(window).any(|k| *k == key)
    }

    /// Searches `child` of `parent` (at `ply`) and returns its score from `parent`'s side: the
    /// window and the score flip only when the deciding player changes.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        parent: &G,
        child: &G,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        node: Node,
        null_ok: bool,
    ) -> i32 {
        if child.to_move() == parent.to_move() {
            self.search(child, depth, ply + 1, alpha, beta, node, null_ok)
        } else {
            -self.search(child, depth, ply + 1, -beta, -alpha, node, null_ok)
        }
    }

    #[inline]
    fn quiescence_child(
        &mut self,
        parent: &G,
        child: &G,
        ply: usize,
        qply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if child.to_move() == parent.to_move() {
            self.quiescence(child, ply + 1, qply + 1, alpha, beta)
        } else {
            -self.quiescence(child, ply + 1, qply + 1, -beta, -alpha)
        }
    }

    /// Searches the move `mv` of `parent` (leading to `child`): as [`Worker::child`], or, when
    /// another player picks it among its group ([`Game::chooser`]), as that player's choice.
    /// Where the search remembers the move it played, it takes [`Worker::played`] after this.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn move_child(
        &mut self,
        parent: &G,
        mv: G::Move,
        child: &G,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        node: Node,
        null_ok: bool,
    ) -> i32 {
        if parent.chooser(mv) == parent.to_move() {
            let score = self.child(parent, child, depth, ply, alpha, beta, node, null_ok);
            // After the child: its own choices below set `picked` too.
            self.picked = None;
            score
        } else {
            self.other_choice(parent, mv, Some(depth), ply, 0, alpha, beta, node)
        }
    }

    /// The move searched last for `mv`: `mv` itself, or the member of its group the other
    /// player picked.
    #[inline]
    fn played(&self, mv: G::Move) -> G::Move {
        self.picked.unwrap_or(mv)
    }

    /// A choice of the other player among the moves of `mv`'s group: his best (the worst for
    /// the player to move at `pos`), searched with `depth` (quiescence at `qply` when `None`).
    /// A min node inside this max node: one member at or below `alpha` refutes the group.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn other_choice(
        &mut self,
        pos: &G,
        mv: G::Move,
        depth: Option<i32>,
        ply: usize,
        qply: usize,
        alpha: i32,
        beta: i32,
        node: Node,
    ) -> i32 {
        let chooser = pos.chooser(mv);
        let group = pos.choice_group(mv);
        let mut moves = G::Moves::default();
        pos.legal_moves(&mut moves);
        let mut best = INFINITE;
        let mut picked = mv;
        let mut line: ArrayVec<G::Move, MAX_PLY> = ArrayVec::new();
        for &m in moves.iter() {
            if pos.chooser(m) != chooser || pos.choice_group(m) != group {
                continue;
            }
            let child = pos.play(m);
            self.note_played(pos, m, ply);
            let top = beta.min(best);
            let score = match depth {
                Some(d) => self.child(pos, &child, d, ply, alpha, top, node, true),
                None => self.quiescence_child(pos, &child, ply, qply, alpha, top),
            };
            if self.stopped {
                return DRAW;
            }
            if score < best {
                best = score;
                picked = m;
                line.clear();
                line.extend(self.pv[ply + 1].iter().copied());
            }
            if best <= alpha {
                break;
            }
        }
        self.pv[ply + 1] = line;
        self.picked = Some(picked);
        best
    }

    /// Iterative deepening: the search of thread `id`, reporting (thread 0 only) to `report`.
    pub fn iterate(&mut self, root: &G, report: &mut dyn FnMut(Report<G::Move>)) {
        let params = self.shared.params;
        let max_depth = params.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let lines = params.multipv.clamp(1, self.root_moves.len().max(1));
        for depth in 1..=max_depth {
            let last_best = self.root_moves.first().map(|rm| rm.mv);
            if self.id > 0 && skips_depth(self.id, depth) {
                continue;
            }
            for rm in &mut self.root_moves {
                rm.prev_score = rm.score;
                rm.score = -INFINITE;
            }
            for line in 0..lines {
                self.aspiration(root, depth as i32, line, report);
                self.root_moves[..=line].sort_by_key(|rm| std::cmp::Reverse(rm.score));
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth;
            if depth > 1 && self.root_moves.first().map(|rm| rm.mv) == last_best {
                self.stable += 1;
            } else {
                self.stable = 0;
            }
            if self.id == 0 {
                for line in 0..lines {
                    self.report_line(line, depth, Bound::Exact, report);
                }
                if self.should_stop_after_iteration() {
                    break;
                }
            }
        }
    }

    fn should_stop_after_iteration(&self) -> bool {
        let limits = &self.shared.params.limits;
        let best = self.root_moves[0].score;
        if limits
            .mate
            .is_some_and(|n| best >= mate_in(2 * n as usize - 1).min(MATE))
        {
            return true;
        }
        let control = self.shared.control;
        if control.is_pondering() || limits.infinite {
            return false;
        }
        if limits.uses_clock() && self.root_moves.len() == 1 {
            return true;
        }
        let total = self
            .root_moves
            .iter()
            .map(|rm| rm.nodes)
            .sum::<u64>()
            .max(1);
        let best_share = self.root_moves[0].nodes as f64 / total as f64;
        self.shared
            .plan
            .settled_soft(best_share, self.stable)
            .is_some_and(|soft| control.elapsed() >= soft)
    }

    /// Searches root line `line` at `depth` inside a window around its last score, widening
    /// the window on the side that fails until the score falls inside.
    fn aspiration(
        &mut self,
        root: &G,
        depth: i32,
        line: usize,
        report: &mut dyn FnMut(Report<G::Move>),
    ) {
        let prev = self.root_moves[line].prev_score;
        let mut delta = 20;
        let (mut alpha, mut beta) = if depth >= 4 && !is_mate(prev) && prev > -INFINITE {
            (prev - delta, prev + delta)
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            self.seldepth = 0;
            let score = self.root_search(root, depth, alpha, beta, line, report);
            self.root_moves[line..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            if self.stopped {
                return;
            }
            // A window already open on the failing side has nothing to widen: the score
            // stands (a root whose every move scores -INFINITE looped here until `delta`
            // overflowed, found by tests/stop_latency.rs in a 007 fast-and-deadly middlegame).
            let bound = if score <= alpha && alpha > -INFINITE {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
                Bound::Upper
            } else if score >= beta && beta < INFINITE {
                beta = (score + delta).min(INFINITE);
                Bound::Lower
            } else {
                return;
            };
            if self.id == 0 && self.shared.control.elapsed() > Duration::from_secs(1) {
                self.root_moves[line].score = score;
                self.report_line(line, depth as u32, bound, report);
            }
            delta = delta.saturating_add(delta / 2);
        }
    }

    fn report_line(
        &self,
        line: usize,
        depth: u32,
        bound: Bound,
        report: &mut dyn FnMut(Report<G::Move>),
    ) {
        let rm = &self.root_moves[line];
        let score = if rm.score == -INFINITE {
            rm.prev_score
        } else {
            rm.score
        };
        report(Report::Info(Info {
            depth,
            seldepth: rm.seldepth as u32,
            multipv: line + 1,
            score,
            bound,
            nodes: self.shared.total_nodes().max(self.nodes),
            time: self.shared.control.elapsed(),
            hashfull: self.shared.tt.hashfull(),
            pv: &rm.pv,
        }));
    }

    /// The final line when the last iteration was cut short.
    pub fn report_final(&mut self, report: &mut dyn FnMut(Report<G::Move>)) {
        self.shared.nodes[self.id].store(self.nodes, Relaxed);
        if !self.root_moves.is_empty() {
            self.report_line(0, self.completed_depth.max(1), Bound::Exact, report);
        }
    }

    fn root_search(
        &mut self,
        root: &G,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        first: usize,
        report: &mut dyn FnMut(Report<G::Move>),
    ) -> i32 {
        self.nodes += 1;
        self.keys.push(root.key());
        self.evals[0] = (root.to_move(), -INFINITE);
        self.root_depth = depth;
        let mut best = -INFINITE;
        for i in first..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            if self.id == 0 && self.shared.control.elapsed() > Duration::from_secs(3) {
                report(Report::CurrMove {
                    depth: depth as u32,
                    mv,
                    number: i + 1,
                });
            }
            let child = root.play(mv);
            self.note_played(root, mv, 0);
            let nodes_before = self.nodes;
            let score = if i == first {
                self.move_child(root, mv, &child, depth - 1, 0, alpha, beta, Node::Pv, true)
            } else {
                let s = self.move_child(
                    root,
                    mv,
                    &child,
                    depth - 1,
                    0,
                    alpha,
                    alpha + 1,
                    Node::Cut,
                    true,
                );
                if s > alpha && s < beta {
                    self.move_child(root, mv, &child, depth - 1, 0, alpha, beta, Node::Pv, true)
                } else {
                    s
                }
            };
            self.root_moves[i].nodes += self.nodes - nodes_before;
            if self.stopped {
                break;
            }
            let played = self.played(mv);
            let rm = &mut self.root_moves[i];
            if i == first || score > alpha {
                // Of a group the other player picks from, the root move names his pick.
                rm.mv = played;
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(played);
                rm.pv.extend_from_slice(&self.pv[1]);
            }
            best = best.max(score);
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        self.keys.pop();
        best
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        pos: &G,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        node: Node,
        null_ok: bool,
    ) -> i32 {
        self.pv[ply].clear();
        let pv_node = node == Node::Pv;
        // Before quiescence too: the quiet move into quiescence may be the repeating one.
        if self.is_repetition(pos) {
            return self.draw(pos);
        }
        let in_check = pos.in_check();
        // Check extensions within twice the iteration's depth (as Stockfish bounds them): where
        // a king may stay attacked ply after ply (007's fast-and-deadly) they never ran out.
        if in_check && ply < 2 * (self.completed_depth as usize + 1) {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiescence(pos, ply, 0, alpha, beta);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.poll() {
            return DRAW;
        }
        if let Some(outcome) = pos.quick_outcome() {
            return self.outcome_score(pos, outcome, ply);
        }
        if ply >= MAX_PLY - 1 {
            return Self::evaluate(pos);
        }
        // Mate distance pruning: no line from here beats a mate already found nearer the root.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        let key = pos.key();
        let entry = self.shared.tt.probe(key);
        // A singular-extension search of this node without its hash move: the table's entry
        // is about the whole node, so it neither cuts nor is overwritten here.
        let excluded = self.excluded[ply].take();
        if let Some(e) = entry.filter(|_| excluded.is_none()) {
            let score = from_tt(e.score, ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if !pv_node && e.depth >= depth && usable {
                return score;
            }
        }
        let hash_move = entry.map_or(0, |e| e.mv);
        let pruning = self.shared.pruning;
        // The table keeps the evaluation's own score; pruning uses it corrected.
        let raw_eval = match entry {
            _ if in_check => -INFINITE,
            Some(e) => e.eval,
            None => Self::evaluate(pos),
        };
        let structure = self.structure_key(pos, in_check);
        let eval = self.corrected(pos, structure, raw_eval);
        self.evals[ply] = (pos.to_move(), eval);
        let improving = pruning.has(Improving) && self.improving(pos, ply, eval);

        if !pv_node && !in_check && !is_mate(beta) && excluded.is_none() {
            let eval = match entry {
                Some(e) if pruning.has(TtEval) => refined(eval, e, ply),
                _ => eval,
            };
            // Reverse futility: far above beta with little depth left, a move will not be
            // needed to stay above it (sooner where the score is rising).
            if pruning.has(ReverseFutility)
                && depth <= 6
                && eval - 90 * (depth - improving as i32) >= beta
            {
                return eval;
            }
            // Razoring: so far below alpha that only a capture could help; quiescence says
            // whether one does.
            if pruning.has(Razoring) && depth <= 3 && eval + RAZOR_MARGIN * depth <= alpha {
                let s = self.quiescence(pos, ply, 0, alpha, alpha + 1);
                if self.stopped {
                    return DRAW;
                }
                if s <= alpha {
                    return s;
                }
            }
            // Null move: if passing still fails high, a real move would too.
            if pruning.has(NullMove) && null_ok && depth >= 3 && eval >= beta {
                if let Some(passed) = pos.play_null() {
                    let r = 3 + depth / 4;
                    self.keys.push(key);
                    self.played[ply] = None;
                    let s = self.child(
                        pos,
                        &passed,
                        depth - 1 - r,
                        ply,
                        beta - 1,
                        beta,
                        node.zero_window_child(),
                        false,
                    );
                    self.keys.pop();
                    if self.stopped {
                        return DRAW;
                    }
                    if s >= beta {
                        return if is_mate(s) { beta } else { s };
                    }
                }
            }
        }
        // ProbCut: a good capture that beats beta by a margin 4 plies shallower (quiescence
        // first, which is cheaper and usually says no) almost always beats it at full depth.
        let probcut_beta = beta + PROBCUT_MARGIN;
        if pruning.has(ProbCut)
            && !pv_node
            && !in_check
            && excluded.is_none()
            && depth >= PROBCUT_DEPTH
            && !is_mate(beta)
            && !is_mate(probcut_beta)
            // A table entry nearly as deep that scores below the bar says it fails.
            && !entry.is_some_and(|e| e.depth >= depth - 3 && from_tt(e.score, ply) < probcut_beta)
        {
            let found = self.probcut(pos, depth, ply, probcut_beta - eval, probcut_beta, node);
            if self.stopped {
                return DRAW;
            }
            if let Some((s, mv)) = found {
                let window = (probcut_beta - 1, probcut_beta);
                self.store(key, ply, depth - 3, raw_eval, (s, Some(mv)), window);
                return s;
            }
        }
        // Without a hash move this node was never searched: search it a little shallower.
        if pruning.has(Iir) && hash_move == 0 && depth >= 5 {
            depth -= 1;
        }

        let mut moves = G::Moves::default();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return self.outcome_score(pos, pos.stuck_outcome(), ply);
        }
        merge_choices(pos, &mut moves);
        // Singular extension: is the hash move the only good one here?
        let mut singular = None;
        if let Some(e) = entry.filter(|e| {
            pruning.has(Singular)
                && excluded.is_none()
                && depth >= SINGULAR_DEPTH
                && (ply as i32) < 2 * self.root_depth
                && e.depth >= depth - 3
                && e.bound != Bound::Upper
                && !is_mate(e.score)
        }) {
            if let Some(&mv) = moves.iter().find(|m| ordering::fingerprint(*m) == e.mv) {
                let tt_score = from_tt(e.score, ply);
                let singular_beta = tt_score - 2 * depth;
                self.excluded[ply] = Some(mv);
                let s = self.search(
                    pos,
                    (depth - 1) / 2,
                    ply,
                    singular_beta - 1,
                    singular_beta,
                    node.without_pv(),
                    false,
                );
                if self.stopped {
                    return DRAW;
                }
                if s < singular_beta {
                    singular = Some(mv);
                } else if singular_beta >= beta {
                    // Multi-cut: without its best move the node still fails high.
                    return singular_beta;
                }
            }
        }
        let mut scores = std::mem::take(&mut self.scores[ply]);
        let context = self.context(ply);
        self.heuristics
            .score_in(pos, &moves, &mut scores, ply, hash_move, context);

        let alpha_in = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets: ArrayVec<G::Move, TRIED> = ArrayVec::new();
        let mut captures: ArrayVec<G::Move, TRIED_CAPTURES> = ArrayVec::new();
        self.keys.push(key);
        for i in 0..moves.len() {
            let mv = pick(&mut moves, &mut scores, i);
            if Some(mv) == excluded {
                continue;
            }
            let order_score = scores[i];
            let tactical = pos.is_tactical(mv);
            // Whether the move checks, asked once, and the move made only where it may: a
            // quiet move that cannot is judged for pruning unmade.
            let mut made = None;
            let mut checks = None;
            let mut gives_check = |made: &mut Option<G>| {
                *checks.get_or_insert_with(|| {
                    pos.may_give_check(mv) && made.get_or_insert_with(|| pos.play(mv)).in_check()
                })
            };
            // Another player's choice is never pruned or reduced: its members differ.
            let quiet =
                pos.is_quiet(mv) && !gives_check(&mut made) && pos.chooser(mv) == pos.to_move();
            if !pv_node && !in_check && quiet && searched > 0 && best > -MATE_BOUND {
                // Futility: a quiet move will not lift a hopeless static score to alpha.
                if pruning.has(Futility)
                    && futile(eval, alpha, depth, searched, pruning.has(ReducedFutility))
                {
                    continue;
                }
                // Late move pruning: quiet moves this late rarely matter near the leaves.
                if pruning.has(LateMovePruning)
                    && late_move_limit(depth, pruning.has(TightLateMovePruning))
                        .is_some_and(|limit| quiets.len() >= limit)
                {
                    continue;
                }
            }
            // Exchange pruning: a move that loses material on its target square near the
            // leaves (quiet moves a pawn-sized margin a ply, captures more, since the capture
            // itself may be the point).
            if pruning.has(Exchange)
                && depth <= EXCHANGE_DEPTH
                && searched > 0
                && best > -MATE_BOUND
                && !in_check
                && !gives_check(&mut made)
                && pos.chooser(mv) == pos.to_move()
                && (quiet || tactical)
            {
                let margin = if quiet {
                    60 * depth
                } else {
                    20 * depth * depth
                };
                if !pos.see_ge(mv, -margin) {
                    continue;
                }
            }
            let child = made.unwrap_or_else(|| pos.play(mv));
            self.shared.tt.prefetch(child.key());
            self.note_played(pos, mv, ply);
            let extension = (Some(mv) == singular) as i32;
            let score = if searched == 0 {
                let d = depth - 1 + extension;
                self.move_child(
                    pos,
                    mv,
                    &child,
                    d,
                    ply,
                    alpha,
                    beta,
                    node.first_child(),
                    true,
                )
            } else {
                let mut r = 0;
                // A capture that loses its exchange is ordered after the quiet moves: as late.
                let losing_capture = pruning.has(CaptureReductions)
                    && tactical
                    && ordering::is_losing_capture(order_score)
                    && !checks.unwrap_or_else(|| child.in_check())
                    && pos.chooser(mv) == pos.to_move();
                if pruning.has(LateMoveReductions)
                    && depth >= 3
                    && (quiet || losing_capture)
                    && !in_check
                    && searched >= 2
                {
                    let killer = self.heuristics.is_killer(ply, mv);
                    r = lmr(depth, searched, pruning.has(MoreReductions))
                        - pv_node as i32
                        - killer as i32;
                    // A quiet move's ordering score is its history (killers aside).
                    if pruning.has(HistoryReductions) && ordering::is_history_score(order_score) {
                        r -= order_score / HISTORY_PER_PLY;
                    }
                    // Where the node is expected to fail high, one of its first moves will do.
                    if pruning.has(CutNodeReductions) && node == Node::Cut {
                        r += 1;
                    }
                    r = r.clamp(0, depth - 2);
                }
                // A reduced search expects the move to fail low: its child to fail high.
                let zero_window = if r > 0 {
                    Node::Cut
                } else {
                    node.zero_window_child()
                };
                let mut s = self.move_child(
                    pos,
                    mv,
                    &child,
                    depth - 1 - r,
                    ply,
                    alpha,
                    alpha + 1,
                    zero_window,
                    true,
                );
                if s > alpha && r > 0 {
                    s = self.move_child(
                        pos,
                        mv,
                        &child,
                        depth - 1,
                        ply,
                        alpha,
                        alpha + 1,
                        node.zero_window_child(),
                        true,
                    );
                }
                if s > alpha && s < beta && pv_node {
                    s = self.move_child(
                        pos,
                        mv,
                        &child,
                        depth - 1,
                        ply,
                        alpha,
                        beta,
                        Node::Pv,
                        true,
                    );
                }
                s
            };
            searched += 1;
            if self.stopped {
                self.keys.pop();
                self.scores[ply] = scores;
                return DRAW;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    if pv_node {
                        let played = self.played(mv);
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        head[ply].clear();
                        head[ply].push(played);
                        let room = MAX_PLY - 1;
                        head[ply].extend(tail[0].iter().copied().take(room));
                    }
                    if score >= beta {
                        self.heuristics.reward_captures(pos, depth, mv, &captures);
                        if !tactical {
                            self.heuristics
                                .reward(pos.to_move(), ply, depth, mv, &quiets);
                            self.heuristics
                                .reward_continuation(pos, context, depth, mv, &quiets);
                        }
                        break;
                    }
                }
            }
            if !tactical && !quiets.is_full() {
                quiets.push(mv);
            }
            if tactical && !captures.is_full() {
                captures.push(mv);
            }
        }
        self.keys.pop();
        self.scores[ply] = scores;

        if excluded.is_some() {
            // Every other move was pruned: this search learnt nothing below alpha.
            return if searched == 0 { alpha } else { best };
        }
        // What the search found beyond the static score, where the bound says which way it
        // errs and a quiet position's score is the evaluation's to answer for.
        if structure != 0
            && !is_mate(best)
            && best_move.is_none_or(|m| !pos.is_tactical(m))
            && !(best >= beta && best <= eval)
            && !(best <= alpha_in && best >= eval)
        {
            self.heuristics
                .learn_correction(pos.to_move(), structure, depth, raw_eval, best);
        }
        self.store(
            key,
            ply,
            depth,
            raw_eval,
            (best, best_move),
            (alpha_in, beta),
        );
        best
    }

    /// ProbCut's searches at a node: each tactical move of the player to move that wins at
    /// least `gain` by exchange, by quiescence and then `depth - 4` plies against the null
    /// window at `bar`; the first to reach it, with its score (the caller stores it, a lower
    /// bound 3 plies shallower than the node).
    #[inline(never)]
    fn probcut(
        &mut self,
        pos: &G,
        depth: i32,
        ply: usize,
        gain: i32,
        bar: i32,
        node: Node,
    ) -> Option<(i32, G::Move)> {
        let mut moves = G::Moves::default();
        pos.quiescence_moves(&mut moves);
        let count = gather_front(&mut moves, |mv| {
            pos.is_tactical(mv) && pos.chooser(mv) == pos.to_move() && pos.see_ge(mv, gain)
        });
        let moves = &mut moves[..count];
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.heuristics.score(pos, moves, &mut scores, ply, 0);
        let key = pos.key();
        self.keys.push(key);
        let mut found = None;
        for i in 0..count {
            let mv = pick(moves, &mut scores, i);
            let child = pos.play(mv);
            self.shared.tt.prefetch(child.key());
            self.note_played(pos, mv, ply);
            let mut s = self.quiescence_child(pos, &child, ply, 0, bar - 1, bar);
            if s >= bar && !self.stopped {
                let zero_window = node.zero_window_child();
                s = self.child(pos, &child, depth - 4, ply, bar - 1, bar, zero_window, true);
            }
            if self.stopped {
                break;
            }
            if s >= bar {
                found = Some((s, mv));
                break;
            }
        }
        self.keys.pop();
        self.scores[ply] = scores;
        found
    }

    /// Captures (and what the game calls tactical) until the position is quiet; every legal
    /// move when in check, since standing pat is no option there.
    /// `qply` counts the plies since the nominal depth ran out.
    fn quiescence(&mut self, pos: &G, ply: usize, qply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.poll() {
            return DRAW;
        }
        if let Some(outcome) = pos.quick_outcome() {
            return self.outcome_score(pos, outcome, ply);
        }
        // The game's bound on capture sequences (large boards with many ranged capturers).
        if ply >= MAX_PLY - 1 || qply >= G::QUIESCENCE_PLIES {
            return Self::evaluate(pos);
        }
        let key = pos.key();
        let entry = self.shared.tt.probe(key);
        if let Some(e) = entry {
            let score = from_tt(e.score, ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if usable {
                return score;
            }
        }
        let in_check = pos.in_check() && qply < G::QUIESCENCE_EVASION_PLIES;
        let mut moves = G::Moves::default();
        let complete = if in_check {
            pos.legal_moves(&mut moves);
            true
        } else {
            pos.quiescence_moves(&mut moves)
        };
        if complete && moves.is_empty() {
            return self.outcome_score(pos, pos.stuck_outcome(), ply);
        }
        merge_choices(pos, &mut moves);
        let raw_eval = match entry {
            _ if in_check => -INFINITE,
            Some(e) => e.eval,
            None => Self::evaluate(pos),
        };
        let eval = self.corrected(pos, self.structure_key(pos, in_check), raw_eval);
        let alpha_in = alpha;
        let mut best = eval;
        if !in_check {
            if eval >= beta {
                return eval;
            }
            alpha = alpha.max(eval);
        }
        // Out of check only tactical moves are searched: gather them at the front, so that
        // only they are scored and sorted.
        let count = if in_check {
            moves.len()
        } else {
            gather_front(&mut moves, |mv| pos.is_tactical(mv))
        };
        let moves = &mut moves[..count];
        let mut scores = std::mem::take(&mut self.scores[ply]);
        let hash_move = entry.map_or(0, |e| e.mv);
        self.heuristics
            .score(pos, moves, &mut scores, ply, hash_move);
        let mut best_move = None;
        for i in 0..count {
            let mv = pick(moves, &mut scores, i);
            if !in_check {
                // Delta pruning: even winning this material would leave us below alpha.
                let gain = pos.capture_value(mv);
                if gain > 0 && eval + gain + 200 <= alpha {
                    continue;
                }
                if !pos.see_ge(mv, 0) {
                    continue;
                }
            }
            let child = pos.play(mv);
            self.shared.tt.prefetch(child.key());
            let score = if pos.chooser(mv) == pos.to_move() {
                self.quiescence_child(pos, &child, ply, qply, alpha, beta)
            } else {
                self.other_choice(pos, mv, None, ply, qply, alpha, beta, Node::All)
            };
            if self.stopped {
                self.scores[ply] = scores;
                return DRAW;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.scores[ply] = scores;
        self.store(key, ply, 0, raw_eval, (best, best_move), (alpha_in, beta));
        best
    }

    /// Stores a node's result, bounded by where `best` fell against the window `(alpha, beta)`
    /// the node was searched with; `depth` 0 for quiescence.
    fn store(
        &self,
        key: u64,
        ply: usize,
        depth: i32,
        eval: i32,
        (best, best_move): (i32, Option<G::Move>),
        (alpha, beta): (i32, i32),
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let entry = Entry {
            mv: best_move.map_or(0, |m| ordering::fingerprint(&m)),
            score: to_tt(best, ply),
            eval,
            depth,
            bound,
        };
        self.shared.tt.store(key, entry);
    }
}

/// Keeps one move of each group another player picks from ([`Game::chooser`]): search plays
/// the group through [`Worker::other_choice`]. Nothing to do in most games and positions.
#[inline]
pub(super) fn merge_choices<G: Game>(pos: &G, moves: &mut G::Moves) {
    if moves.iter().all(|m| pos.chooser(*m) == pos.to_move()) {
        return;
    }
    merge_choice_groups(pos, moves);
}

#[inline(never)]
fn merge_choice_groups<G: Game>(pos: &G, moves: &mut G::Moves) {
    let all = std::mem::take(moves);
    for (i, &m) in all.iter().enumerate() {
        if opens_its_group(pos, &all, i) {
            moves.push(m);
        }
    }
}

/// Whether `moves[i]` is searched as itself: chosen by the player to move, or the first of its
/// group of another player's choice.
pub(super) fn opens_its_group<G: Game>(pos: &G, moves: &[G::Move], i: usize) -> bool {
    let m = moves[i];
    pos.chooser(m) == pos.to_move()
        || !moves[..i]
            .iter()
            .any(|&o| pos.chooser(o) != pos.to_move() && pos.choice_group(o) == pos.choice_group(m))
}

/// The static score `eval` refined by the table's `entry`: its score where its bound says the
/// true score lies beyond `eval` on that side (a search saw further than the evaluation).
fn refined(eval: i32, entry: Entry, ply: usize) -> i32 {
    let score = from_tt(entry.score, ply);
    let beyond = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => score > eval,
        Bound::Upper => score < eval,
    };
    if beyond && !is_mate(score) {
        score
    } else {
        eval
    }
}

/// Moves the moves `keep` accepts to the front, in their order, and returns how many: only
/// those are then scored and searched (quiescence's and ProbCut's tactical moves).
fn gather_front<M: Copy>(moves: &mut [M], keep: impl Fn(M) -> bool) -> usize {
    let mut count = 0;
    for i in 0..moves.len() {
        if keep(moves[i]) {
            moves.swap(count, i);
            count += 1;
        }
    }
    count
}

/// Whether futility pruning skips the `searched`-th move, a quiet one, of a node at `depth` whose
/// static score is `eval`: where even a margin that grows with the depth left does not lift it
/// to `alpha`. With `reduced` ([`Technique::ReducedFutility`]) the depth is the one late move
/// reductions would search the move at, so late moves of deeper nodes are pruned too.
///
/// [`Technique::ReducedFutility`]: super::pruning::Technique::ReducedFutility
fn futile(eval: i32, alpha: i32, depth: i32, searched: usize, reduced: bool) -> bool {
    let (depth, deepest) = if reduced {
        ((depth - 1 - lmr(depth, searched, false)).max(0), 5)
    } else {
        (depth, 3)
    };
    depth <= deepest && eval + 100 + 120 * depth <= alpha
}

/// How many quiet moves late move pruning lets through at `depth`, `None` above the depths it
/// acts at; `tight` is [`Technique::TightLateMovePruning`].
///
/// [`Technique::TightLateMovePruning`]: super::pruning::Technique::TightLateMovePruning
fn late_move_limit(depth: i32, tight: bool) -> Option<usize> {
    let (deepest, per_depth_squared) = if tight { (5, 1) } else { (4, 2) };
    (depth <= deepest).then_some((3 + per_depth_squared * depth * depth) as usize)
}

/// Late move reduction in plies for the `searched`-th move at `depth`: grows with both, a
/// little faster with `more` ([`Technique::MoreReductions`]).
///
/// [`Technique::MoreReductions`]: super::pruning::Technique::MoreReductions
fn lmr(depth: i32, searched: usize, more: bool) -> i32 {
    static TABLES: OnceLock<[[[u8; 64]; 64]; 2]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        let mut t = [[[0u8; 64]; 64]; 2];
        for (table, divisor) in t.iter_mut().zip([2.25, 2.0]) {
            for (d, row) in table.iter_mut().enumerate().skip(1) {
                for (m, r) in row.iter_mut().enumerate().skip(1) {
                    *r = (0.75 + (d as f64).ln() * (m as f64).ln() / divisor) as u8;
                }
            }
        }
        t
    });
    tables[more as usize][(depth as usize).min(63)][searched.min(63)] as i32
}

/// Lazy SMP: helper threads skip some depths, in staggered patterns, so that threads spread
/// over neighbouring depths instead of all repeating the same one (the pattern Stockfish used).
fn skips_depth(id: usize, depth: u32) -> bool {
    const SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    let i = (id - 1) % 20;
    !((depth + PHASE[i]) / SIZE[i]).is_multiple_of(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(score: i32, bound: Bound) -> Entry {
        Entry {
            mv: 0,
            score,
            eval: 0,
            depth: 4,
            bound,
        }
    }

    #[test]
    fn futility_by_the_reduced_depth_prunes_late_moves_of_deeper_nodes() {
        // By the node's depth: up to depth 3, a margin of 100 + 120 a ply.
        assert!(futile(0, 461, 3, 10, false));
        assert!(!futile(0, 459, 3, 10, false));
        assert!(!futile(-1000, 0, 4, 10, false));
        // By the reduced depth: the 20th move at depth 8 is searched at 8 - 1 - 3 = 4 plies.
        assert_eq!(lmr(8, 20, false), 3);
        assert!(futile(0, 581, 8, 20, true));
        assert!(!futile(0, 579, 8, 20, true));
        // A second move is reduced a ply: searched at 6 plies from depth 8, beyond futility's
        // reach, at 5 from depth 7, within it.
        assert_eq!(lmr(8, 2, false), 1);
        assert_eq!(lmr(7, 2, false), 1);
        assert!(!futile(-1000, 0, 8, 2, true));
        assert!(futile(-1000, 0, 7, 2, true));
    }

    #[test]
    fn more_reductions_reduce_a_ply_more_a_little_sooner() {
        // 0.75 + ln 8 × ln 20 / 2.25 = 3.52, / 2.0 = 3.86: the same 3 plies here...
        assert_eq!((lmr(8, 20, false), lmr(8, 20, true)), (3, 3));
        // ...but at depth 10, 3.82 against 4.20, and for the 30th move at depth 4, 2.85
        // against 3.11: a ply more.
        assert_eq!((lmr(10, 20, false), lmr(10, 20, true)), (3, 4));
        assert_eq!((lmr(4, 30, false), lmr(4, 30, true)), (2, 3));
        // Never less with more, and somewhere more.
        let pairs = (1..64).flat_map(|d| (1..64).map(move |m| (d, m)));
        assert!(pairs
            .clone()
            .all(|(d, m)| lmr(d, m, true) >= lmr(d, m, false)));
        assert!(pairs
            .clone()
            .any(|(d, m)| lmr(d, m, true) > lmr(d, m, false)));
    }

    #[test]
    fn tight_late_move_pruning_lets_fewer_quiet_moves_through_one_ply_deeper() {
        let limits = |tight| {
            (1..=6)
                .map(|d| late_move_limit(d, tight))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            limits(false),
            [Some(5), Some(11), Some(21), Some(35), None, None]
        );
        assert_eq!(
            limits(true),
            [Some(4), Some(7), Some(12), Some(19), Some(28), None]
        );
    }

    #[test]
    fn below_the_principal_variation_cut_and_all_nodes_alternate() {
        // The principal variation's first child stays on it; its later moves' children are
        // expected to fail high; below them the expectation flips each ply.
        assert_eq!(Node::Pv.first_child(), Node::Pv);
        assert_eq!(Node::Pv.zero_window_child(), Node::Cut);
        for (node, child) in [(Node::Cut, Node::All), (Node::All, Node::Cut)] {
            assert_eq!(node.first_child(), child);
            assert_eq!(node.zero_window_child(), child);
            assert_eq!(node.without_pv(), node);
        }
        assert_eq!(Node::Pv.without_pv(), Node::All);
    }

    #[test]
    fn the_table_refines_the_static_score_only_beyond_it_on_its_bounds_side() {
        assert_eq!(refined(50, entry(120, Bound::Lower), 3), 120);
        assert_eq!(refined(50, entry(20, Bound::Lower), 3), 50);
        assert_eq!(refined(50, entry(20, Bound::Upper), 3), 20);
        assert_eq!(refined(50, entry(120, Bound::Upper), 3), 50);
        assert_eq!(refined(50, entry(-40, Bound::Exact), 3), -40);
        // A mate score bounds a line, not the position's worth: the static score stays.
        assert_eq!(
            refined(50, entry(to_tt(mate_in(5), 3), Bound::Exact), 3),
            50
        );
    }
}
