//! Generic alpha-beta search over [`crate::game::Game`], monomorphised per variant.
//!
//! Iterative deepening with aspiration windows over principal variation search; a shared
//! lock-free transposition table ([`tt`]); quiescence search; check extension; mate-distance
//! scores ([`score`]); repetition and the game's own draw rules; null move, late move
//! reductions and futility pruning; move ordering by hash move, captures, killers and history
//! ([`ordering`]); time management ([`time`]); Lazy SMP over a rayon pool of `threads - 1`
//! helpers beside the calling thread (see docs/search.md).
//!
//! The entry point is [`search`]. It reports progress through a callback and returns the best
//! line; the caller (the protocol) owns the table and the [`Control`] it stops the search with.

pub mod learnt;
pub mod ordering;
pub mod pruning;
pub mod score;
pub mod time;
pub mod tt;
mod worker;

#[cfg(test)]
mod tests;

pub use pruning::{Pruning, Technique};
pub use score::{Score, MATE, MAX_DEPTH, MAX_PLY};
pub use time::{Control, Limits, TimePlan};
pub use tt::{Bound, TranspositionTable};

use crate::game::Game;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::sync::atomic::AtomicU64;
use std::time::Duration;
use worker::{RootMove, Shared, Worker};

/// Everything one search is asked to do, besides the position.
#[derive(Clone, Debug)]
pub struct SearchParams<M> {
    pub limits: Limits,
    /// Search only these root moves (`go searchmoves`); empty = all.
    pub search_moves: Vec<M>,
    pub threads: usize,
    /// Lines to report (`MultiPV`).
    pub multipv: usize,
    /// Time kept back per move for the GUI and the pipe (`Move Overhead`).
    pub move_overhead: Duration,
    /// Seeds the helper threads' root move order; the main thread uses no randomness.
    pub seed: u64,
    /// The pruning and reduction techniques in use. With none, a fixed-depth search returns
    /// the exact minimax value: the tests compare the two.
    pub pruning: Pruning,
    /// Centipawns a draw is worth less than an even position to the root's player (and more
    /// to the other): above zero, the search avoids draws it could avoid at that cost.
    pub contempt: i32,
}

impl<M> Default for SearchParams<M> {
    fn default() -> Self {
        SearchParams {
            limits: Limits::default(),
            search_moves: Vec::new(),
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(10),
            seed: 0,
            pruning: Pruning::ALL,
            contempt: 0,
        }
    }
}

/// One principal variation, as `info` reports it.
#[derive(Clone, Debug)]
pub struct Info<'a, M> {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based line number.
    pub multipv: usize,
    /// Internal score (see [`Score::from_internal`]) from the root player's point of view.
    pub score: i32,
    /// `Lower`/`Upper` when an aspiration window failed high/low.
    pub bound: Bound,
    pub nodes: u64,
    pub time: Duration,
    pub hashfull: u32,
    pub pv: &'a [M],
}

/// What a running search tells its caller.
#[derive(Clone, Debug)]
pub enum Report<'a, M> {
    Info(Info<'a, M>),
    /// The root move now being searched (long searches only).
    CurrMove {
        depth: u32,
        mv: M,
        number: usize,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// `None` only when the root has no legal move.
    pub best: Option<M>,
    pub pv: Vec<M>,
    /// Internal score of the best line.
    pub score: i32,
    /// Last fully searched depth.
    pub depth: u32,
    pub nodes: u64,
}

/// Searches `root` (reached after positions with keys `history`, oldest first) within `params`
/// until a limit is hit or `control` is stopped, using and filling `tt`.
///
/// In `infinite` and `ponder` searches the function returns only after `control` stops (or
/// the ponder hit and then the clock runs out), as UCI asks: the GUI decides when to move.
pub fn search<G: Game>(
    root: &G,
    history: &[u64],
    params: &SearchParams<G::Move>,
    tt: &TranspositionTable,
    control: &Control,
    report: &mut dyn FnMut(Report<G::Move>),
) -> SearchResult<G::Move> {
    tt.new_search();
    search_within(root, history, params, tt, control, report)
}

/// As [`search`], within the table's current generation: for the many small searches of one
/// decision (Ven's payoff searches), which must not age each other's entries out of the table.
pub fn search_within<G: Game>(
    root: &G,
    history: &[u64],
    params: &SearchParams<G::Move>,
    tt: &TranspositionTable,
    control: &Control,
    report: &mut dyn FnMut(Report<G::Move>),
) -> SearchResult<G::Move> {
    let root_moves = root_moves(root, params, tt);
    if root_moves.is_empty() {
        wait_for_permission(params, control);
        return SearchResult {
            best: None,
            pv: Vec::new(),
            score: score::outcome_score(root, root.stuck_outcome(), 0),
            depth: 0,
            nodes: 0,
        };
    }
    let threads = params.threads.max(1);
    let nodes: Vec<AtomicU64> = (0..threads).map(|_| AtomicU64::new(0)).collect();
    let plan = TimePlan::new(&params.limits, root.to_move(), params.move_overhead);
    let shared = Shared {
        tt,
        control,
        nodes: &nodes,
        plan,
        params,
        pruning: params.pruning.resolve(G::ADOPTED),
        draw: {
            let mut draw = [params.contempt; 2];
            draw[root.to_move().index()] = -params.contempt;
            draw
        },
    };

    let mut main = Worker::<G>::new(0, &shared, history, root_moves.clone());
    // Lazy SMP on a rayon pool of `threads - 1` helpers: the main worker searches on the calling
    // thread (it reports and decides when to stop), the helpers fill the shared table.
    let helpers = (threads > 1).then(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads - 1)
            .thread_name(|i| format!("search-{}", i + 1))
            .stack_size(16 << 20)
            .build()
    });
    let mut run_main = |main: &mut Worker<G>| {
        main.iterate(root, report);
        if main.stopped {
            main.report_final(report);
        }
        wait_for_permission(params, control);
        control.stop();
    };
    match helpers {
        Some(Ok(pool)) => pool.in_place_scope(|scope| {
            for id in 1..threads {
                let mut moves = root_moves.clone();
                // Helpers start from differently ordered roots so that they diverge early.
                let mut rng =
                    SmallRng::seed_from_u64(params.seed ^ (id as u64).wrapping_mul(0x9e37_79b9));
                moves[1..].shuffle(&mut rng);
                let shared = &shared;
                scope.spawn(move |_| {
                    let mut helper = Worker::<G>::new(id, shared, history, moves);
                    helper.iterate(root, &mut |_| {});
                    shared.nodes[id].store(helper.nodes, std::sync::atomic::Ordering::Relaxed);
                    helper.keep_learnt();
                });
            }
            run_main(&mut main);
        }),
        // No pool (one thread, or the system refused threads): the main worker alone.
        _ => run_main(&mut main),
    }
    shared.nodes[0].store(main.nodes, std::sync::atomic::Ordering::Relaxed);
    let best = &main.root_moves[0];
    let result = SearchResult {
        best: Some(best.mv),
        pv: best.pv.clone(),
        score: if best.score == -score::INFINITE {
            best.prev_score
        } else {
            best.score
        },
        depth: main.completed_depth,
        nodes: shared.total_nodes(),
    };
    main.keep_learnt();
    result
}

/// UCI forbids `bestmove` during `infinite` or `ponder` searches until the GUI ends them.
fn wait_for_permission<M>(params: &SearchParams<M>, control: &Control) {
    while !control.is_stopped() && (params.limits.infinite || control.is_pondering()) {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The root moves to search, best guess first: legal, restricted to `searchmoves` if given.
fn root_moves<G: Game>(
    root: &G,
    params: &SearchParams<G::Move>,
    tt: &TranspositionTable,
) -> Vec<RootMove<G::Move>> {
    let mut moves = G::Moves::default();
    root.legal_moves(&mut moves);
    // `searchmoves` naming any member of a group the other player picks from names the group.
    let mut list: Vec<G::Move> = (0..moves.len())
        .filter(|&i| worker::opens_its_group(root, &moves, i))
        .map(|i| moves[i])
        .filter(|m| {
            params.search_moves.is_empty()
                || params.search_moves.iter().any(|s| {
                    s == m
                        || (root.chooser(*m) != root.to_move()
                            && root.chooser(*s) == root.chooser(*m)
                            && root.choice_group(*s) == root.choice_group(*m))
                })
        })
        .collect();
    let hash_move = tt.probe(root.key()).map_or(0, |e| e.mv);
    let mut scores = Vec::new();
    ordering::score_unlearnt(root, &list, &mut scores, hash_move);
    let mut order: Vec<usize> = (0..list.len()).collect();
    order.sort_by_key(|i| std::cmp::Reverse(scores[*i]));
    list = order.into_iter().map(|i| list[i]).collect();
    list.into_iter()
        .map(|mv| RootMove {
            mv,
            score: -score::INFINITE,
            prev_score: -score::INFINITE,
            seldepth: 0,
            pv: vec![mv],
            nodes: 0,
        })
        .collect()
}

/// The line `result` found from `root`, with the root player's turn searched to its end:
/// where the line stops inside the turn (a depth-4 line covers four plies of a turn of ten), a
/// new search from the position it reached picks the next plies, and so on until the turn
/// ends. Each ply of the turn is so a searched choice, as [`turn_of`] then reads it off the
/// returned line (the turn, then what the last search saw beyond it, for `ponder`).
///
/// The searches run under `control`, as the first one did: a [`Control::halt`] (the GUI's
/// `stop`) ends them within `worker`'s grace of nodes, and the line then ends where they got
/// to ([`turn_of`] completes it from the table). Each gets the depth `result` completed (at
/// least 1) and what is left of `params`' node limit; where the first search was bounded by
/// time (a clock, or a `ponder` search after `ponderhit`), the turn takes at most half the time
/// the first search took, never past the move's hard limit (`movetime`, the clock's plan), and
/// each search half of what remains of that. A game whose turns are one ply (chess) gets
/// `result.pv` back without any search.
pub fn complete_turn<G: Game>(
    root: &G,
    history: &[u64],
    params: &SearchParams<G::Move>,
    result: &SearchResult<G::Move>,
    tt: &TranspositionTable,
    control: &Control,
) -> Vec<G::Move> {
    let player = root.to_move();
    let limits = &params.limits;
    // The end of the turn's time on `control`'s clock, which started with the `go`.
    let elapsed = control.elapsed();
    let deadline = if limits.uses_clock() {
        let hard = TimePlan::new(limits, player, params.move_overhead).hard;
        Some((elapsed + elapsed / 2).min(hard.unwrap_or(Duration::MAX)))
    } else if limits.infinite || limits.ponder {
        // Only a halt ends these searches, and it ends the turn too; after `ponderhit` the
        // clock above applies. A second at most, should neither hold.
        Some(elapsed + (elapsed / 2).min(Duration::from_secs(1)))
    } else {
        None
    };
    let mut nodes_used = result.nodes;
    let mut keys = history.to_vec();
    let mut pos = root.clone();
    let mut line: Vec<G::Move> = Vec::new();
    let mut ahead = result.pv.clone();
    loop {
        let mut followed = 0;
        while pos.to_move() == player && pos.quick_outcome().is_none() && line.len() < MAX_PLY {
            let mut moves = G::Moves::default();
            pos.legal_moves(&mut moves);
            let Some(&mv) = ahead.get(followed).filter(|m| moves.contains(m)) else {
                break;
            };
            keys.push(pos.key());
            pos = pos.play(mv);
            line.push(mv);
            followed += 1;
        }
        let mid_turn =
            pos.to_move() == player && pos.quick_outcome().is_none() && line.len() < MAX_PLY;
        // After the GUI's `stop` the answer comes at once, as far as the searches got.
        if !mid_turn || control.is_halted() {
            line.extend_from_slice(&ahead[followed..]);
            return line;
        }
        let mut moves = G::Moves::default();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return line;
        }
        // `movetime` on `control`'s clock: the search stops once that reads it.
        let move_time = deadline.map(|d| {
            let now = control.elapsed();
            now + (d.saturating_sub(now) / 2).max(Duration::from_millis(1))
        });
        let sub = SearchParams {
            limits: Limits {
                depth: Some(result.depth.max(1)),
                nodes: limits.nodes.map(|n| n.saturating_sub(nodes_used).max(1)),
                move_time,
                ..Limits::default()
            },
            search_moves: Vec::new(),
            threads: params.threads,
            multipv: 1,
            move_overhead: Duration::ZERO,
            seed: params.seed,
            pruning: params.pruning,
            // The turn's later plies are the same player's: draws weigh as at its first.
            contempt: params.contempt,
        };
        control.resume();
        let found = search(&pos, &keys, &sub, tt, control, &mut |_| {});
        nodes_used += found.nodes;
        ahead = found.pv;
        if ahead.is_empty() {
            ahead.push(moves[0]);
        }
    }
}

/// The plies the root player decides in a row from `root`, taken from `pv`, completed from
/// the transposition table (then the first legal move) if the line stops mid-turn, and ended
/// early if a ply ends the game. For chess this is the first move of `pv`. Used for `bestmove`
/// in variants where one player decides several plies (007), after [`complete_turn`] searched
/// the turn to its end; its fill then serves only `ponder`.
pub fn turn_of<G: Game>(root: &G, pv: &[G::Move], tt: &TranspositionTable) -> Vec<G::Move> {
    let player = root.to_move();
    let mut pos = root.clone();
    let mut plies = Vec::new();
    let mut line = pv.iter().copied();
    loop {
        let mut moves = G::Moves::default();
        pos.legal_moves(&mut moves);
        // Once the line leaves the legal moves it describes another game: drop it.
        let from_line = line.next().filter(|m| moves.contains(m));
        if from_line.is_none() {
            line = pv[pv.len()..].iter().copied();
        }
        let next = from_line
            .or_else(|| {
                let fp = tt.probe(pos.key()).map_or(0, |e| e.mv);
                moves
                    .iter()
                    .copied()
                    .find(|m| ordering::fingerprint(m) == fp)
            })
            .or_else(|| moves.first().copied());
        let Some(mv) = next else { break };
        plies.push(mv);
        pos = pos.play(mv);
        if pos.to_move() != player || pos.quick_outcome().is_some() || plies.len() >= MAX_PLY {
            break;
        }
    }
    plies
}
