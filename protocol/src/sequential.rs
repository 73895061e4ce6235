//! The sequential games' side of a session (chess, Double-Ended, 007, Vanguard, Lene Hau): the
//! game record is a [`History`] of plies, a `position ... moves` token is a turn (several plies
//! where the variant says so, as in 007), and `go` runs the alpha-beta search, or a baseline
//! player, and answers the whole turn.

use crate::command::Go;
use crate::error::CommandError;
use crate::reply;
use crate::session::{token_error, BenchSearch, Divide, GameRecord, SearchEnv};
use chimera_engine::baseline::{self, Play};
use chimera_engine::history::History;
use chimera_engine::perft;
use chimera_engine::search::{self, Control, Limits, SearchParams, TranspositionTable};
use chimera_engine::{Game, ParseError};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use chimera_engine::describe::Describe;

impl<G: Describe> GameRecord for History<G> {
    type Game = G;

    fn new(root: G) -> Self {
        History::new(root)
    }

    fn position(&self) -> &G {
        History::position(self)
    }

    fn keys(&self) -> &[u64] {
        History::keys(self)
    }

    /// A token is a turn: several plies where the variant says so (007), played in order.
    fn play_token(&mut self, _index: usize, token: &str) -> Result<(), ParseError> {
        for ply in G::turn_plies(token) {
            let mv = History::position(self)
                .parse_move(ply)
                .map_err(|e| token_error("move", token, e))?;
            self.play(mv);
        }
        Ok(())
    }

    fn state_lines(&self) -> String {
        format!("Checkers: {}\n", History::position(self).checkers_text())
    }

    fn eval(&self) -> String {
        eval_text(History::position(self))
    }

    fn search(
        &self,
        go: &Go,
        name: &'static str,
    ) -> Result<impl FnOnce(&SearchEnv) -> String + Send + 'static, CommandError> {
        let root = History::position(self).clone();
        if let Some(side) = go.side.filter(|s| *s != root.to_move()) {
            return Err(ParseError::new(format!(
                "go: side '{side}' is not to move in {name} ({} is)",
                root.to_move()
            ))
            .into());
        }
        let keys = History::keys(self).to_vec();
        let search_moves = go
            .search_moves
            .iter()
            .map(|t| root.parse_move(t).map_err(|e| token_error("move", t, e)))
            .collect::<Result<Vec<_>, _>>()?;
        let limits = go.limits.clone();
        Ok(move |env: &SearchEnv| {
            if env.options.play.is_baseline() {
                return baseline_answer(&root, &limits, env);
            }
            let o = &env.options;
            let params = SearchParams {
                limits,
                search_moves,
                threads: o.threads,
                multipv: o.multipv,
                move_overhead: Duration::from_millis(o.move_overhead_ms),
                seed: o.seed,
                pruning: o.pruning,
                contempt: o.contempt,
            };
            search_answer(&root, &keys, &params, env)
        })
    }

    fn divide(pos: &G, depth: u32, threads: usize, stop: &(dyn Fn() -> bool + Sync)) -> Divide {
        let (counted, complete) = perft::divide_until(pos, depth, threads, stop);
        Divide {
            text: perft::format_divide(pos, &counted),
            counted: counted.len(),
            complete,
        }
    }

    fn root_count(pos: &G) -> usize {
        let mut moves = G::Moves::default();
        pos.legal_moves(&mut moves);
        moves.len()
    }

    fn bench_searches(
        pos: &G,
        depth: u32,
        tt: &mut TranspositionTable,
        control: &Arc<Control>,
        mut each: impl FnMut(BenchSearch),
    ) {
        let params = SearchParams::<G::Move> {
            limits: Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            ..SearchParams::default()
        };
        tt.clear();
        let start = Instant::now();
        let nested = Control::nested(control);
        let r = search::search(pos, &[], &params, tt, &nested, &mut |_| {});
        let best = r.best.map_or("(none)".into(), |m| pos.format_move(m));
        each(BenchSearch {
            label: String::new(),
            nodes: r.nodes,
            time: start.elapsed(),
            answer: format!("bestmove {best} score {}", reply::score_text(r.score)),
        });
    }
}

/// The search's answer: its `info` lines as it deepens, then the `bestmove` line, which names
/// the whole turn.
fn search_answer<G: Game>(
    root: &G,
    keys: &[u64],
    params: &SearchParams<G::Move>,
    env: &SearchEnv,
) -> String {
    let (out, show_wdl) = (&env.out, env.options.show_wdl);
    let mut result = search::search(root, keys, params, &env.tt, &env.control, &mut |r| {
        out.line(&reply::report_line(root, &r, show_wdl))
    });
    // `bestmove` names the whole turn: search the plies the line leaves open.
    result.pv = search::complete_turn(root, keys, params, &result, &env.tt, &env.control);
    if result.best.is_none() {
        out.line(&reply::no_move_info(root));
    }
    reply::bestmove_line(root, &result, &env.tt)
}

/// A baseline player's answer: it waits for `stop` only in an `infinite` or `ponder` search,
/// as UCI asks of any `bestmove`.
fn baseline_answer<G: Game>(root: &G, limits: &Limits, env: &SearchEnv) -> String {
    let play = env.options.play;
    let (turn, value) = {
        let mut rng = env.rng.lock().unwrap_or_else(|p| p.into_inner());
        baseline::choose_turn(root, play, &mut rng)
    };
    while (limits.infinite || limits.ponder) && !env.control.is_stopped() {
        std::thread::sleep(Duration::from_millis(1));
    }
    if turn.is_empty() {
        env.out.line(&reply::no_move_info(root));
        return "bestmove (none)".to_string();
    }
    if play == Play::Greedy {
        // The one-ply value, so score adjudication can read it; random has none.
        env.out.line(&format!(
            "info depth 1 score {} nodes 0",
            reply::score_text(value.clamp(-20_000, 20_000))
        ));
    }
    format!("bestmove {}", reply::plies_text(root, &turn))
}

/// `eval`: the terms by player and phase where the variant gives them, then the total.
fn eval_text<G: Describe>(pos: &G) -> String {
    let rows = pos.eval_rows();
    let mut text = String::new();
    if !rows.is_empty() {
        let rule = format!("{}\n", "-".repeat(70));
        text.push_str(&format!(
            "{:>16} | {:>15} | {:>15} | {:>15}\n",
            "Term", "White  MG    EG", "Black  MG    EG", "Total  MG    EG"
        ));
        text.push_str(&rule);
        for r in &rows {
            let total = [r.white[0] - r.black[0], r.white[1] - r.black[1]];
            text.push_str(&format!(
                "{:>16} | {:>7} {:>7} | {:>7} {:>7} | {:>7} {:>7}\n",
                r.term, r.white[0], r.white[1], r.black[0], r.black[1], total[0], total[1]
            ));
        }
        text.push_str(&rule);
    }
    if let Some((phase, full)) = pos.eval_phase() {
        text.push_str(&format!(
            "Phase {phase}/{full}: total = (MG * {phase} + EG * {}) / {full}\n",
            full - phase
        ));
    }
    let mover = pos.to_move();
    let score = pos.evaluate_for_mover();
    text.push_str(&format!(
        "Final evaluation: {:+} cp ({mover} to move), {:+} cp from White's side\n",
        score,
        score * mover.sign()
    ));
    text
}
