//! The session of a simultaneous variant (Ven): both sides write an order each round, so
//! `position ... moves` takes round tokens (`WHITE,BLACK`, parsed by the variant), `go` must say
//! which side the engine writes for (`go side white|black`), and the answer is one order drawn
//! from a mixed strategy, announced in an `info string strategy ...` line before `bestmove`.

use crate::command::Go;
use crate::error::CommandError;
use crate::options::EngineOptions;
use crate::reply;
use crate::session::{token_error, BenchSearch, Divide, GameRecord, SearchEnv, VariantSession};
use chimera_engine::baseline::{self, Play};
use chimera_engine::search::{Control, Limits, SearchParams, TranspositionTable};
use chimera_engine::simultaneous::exploiter::{self, Model};
use chimera_engine::simultaneous::root::{self, Basis, RoundParams, RoundResult};
use chimera_engine::simultaneous::{perft, SimultaneousGame};
use chimera_engine::{ParseError, Player};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use chimera_engine::describe::DescribeRounds;
pub use chimera_engine::history::Rounds;

/// An expected score as centipawns for `info score cp`: the inverse of
/// [`root::expected_score`], clamped short of the mate scores.
pub fn centipawns(expected: f64) -> i32 {
    let p = expected.clamp(1e-6, 1.0 - 1e-6);
    (-400.0 * (1.0 / p - 1.0).log10())
        .round()
        .clamp(-20_000.0, 20_000.0) as i32
}

/// `info string strategy ORDER P ORDER P ... value V`: the mixed strategy, most likely first.
pub fn strategy_line<G: SimultaneousGame>(pos: &G, r: &RoundResult<G::Order>) -> String {
    let mut text = String::from("info string strategy");
    for (order, p) in &r.strategy {
        text.push_str(&format!(" {} {p:.4}", pos.format_order(*order)));
    }
    text.push_str(&format!(" value {:.4}", r.value));
    text
}

/// The `info` line of a completed payoff depth.
fn depth_line<G: SimultaneousGame>(pos: &G, r: &RoundResult<G::Order>, show_wdl: bool) -> String {
    let ms = r.time.as_millis().max(1);
    let pv = r
        .strategy
        .first()
        .map(|(o, _)| format!(" pv {}", pos.format_order(*o)))
        .unwrap_or_default();
    let game = match r.basis {
        Basis::Independent => "orders independent".to_string(),
        Basis::Saddle => "saddle point".to_string(),
        Basis::Serialized => {
            "serialized order (no saddle point proven, no mix beat it)".to_string()
        }
        Basis::Unfinished => "unfinished: serialized order".to_string(),
        Basis::Lean => "lean: the answer to the predicted order, within the slack".to_string(),
        Basis::Matrix => format!(
            "matrix {}x{} solved in {} us",
            r.matrix.0,
            r.matrix.1,
            r.solve_time.as_micros()
        ),
    };
    format!(
        "info depth {} score cp {}{} nodes {} nps {} time {}{} string {game}",
        r.depth,
        centipawns(r.value),
        reply::wdl_text(centipawns(r.value), show_wdl),
        r.nodes,
        r.nodes as u128 * 1000 / ms,
        r.time.as_millis(),
        pv
    )
}

/// `info string root ...`: what each phase found and cost ([`root::Trace`]), then the
/// opponent's predicted order and the engine's answer to it, where the saddle test ran.
fn root_line<G: SimultaneousGame>(pos: &G, r: &RoundResult<G::Order>) -> String {
    let mut text = format!("info string root {}", r.trace);
    if let (Some(c), Some(a)) = (r.predicted, r.answer) {
        text.push_str(&format!(
            " predicted {} answer {}",
            pos.format_order(c),
            pos.format_order(a)
        ));
    }
    text
}

/// Draws an order from a mixed strategy (never simply the most likely one).
pub fn draw_order<O: Copy>(strategy: &[(O, f64)], rng: &mut SmallRng) -> Option<O> {
    let total: f64 = strategy.iter().map(|(_, p)| p.max(0.0)).sum();
    let mut x = rng.random::<f64>() * total;
    for (o, p) in strategy {
        let p = p.max(0.0);
        if x < p {
            return Some(*o);
        }
        x -= p;
    }
    strategy
        .iter()
        .rev()
        .find(|(_, p)| *p > 0.0)
        .map(|(o, _)| *o)
}

/// The session of a simultaneous variant.
pub type RoundSession<G> = VariantSession<Rounds<G>>;

impl<G: DescribeRounds> GameRecord for Rounds<G> {
    type Game = G;

    fn new(root: G) -> Self {
        Rounds::new(root)
    }

    fn position(&self) -> &G {
        Rounds::position(self)
    }

    fn keys(&self) -> &[u64] {
        Rounds::keys(self)
    }

    /// A token is a round, `WHITE,BLACK`; none is played once the game is over.
    fn play_token(&mut self, index: usize, token: &str) -> Result<(), ParseError> {
        let pos = Rounds::position(self);
        if pos.is_terminal() {
            return Err(ParseError::with_token(
                format!("round {} '{token}': the game is already over", index + 1),
                token,
            ));
        }
        let (white, black) = pos
            .parse_round(token)
            .map_err(|e| token_error("round", token, e))?;
        self.play(white, black);
        Ok(())
    }

    fn state_lines(&self) -> String {
        let pos = Rounds::position(self);
        let checks: Vec<&str> = Player::BOTH
            .into_iter()
            .filter(|p| pos.in_check(*p))
            .map(|p| match p {
                Player::White => "white",
                Player::Black => "black",
            })
            .collect();
        let mut text = format!(
            "In check: {}\nLast round: {}\n",
            if checks.is_empty() {
                "-".to_string()
            } else {
                checks.join(" ")
            },
            self.last_report()
                .map_or("-".to_string(), |r| r.to_string())
        );
        if let Some(o) = self.outcome() {
            text.push_str(&format!("Result: {o}\n"));
        }
        text
    }

    fn eval(&self) -> String {
        let score = Rounds::position(self).evaluate_for_white();
        format!("Final evaluation: {score:+} cp from White's side\n")
    }

    /// `go` says which side the engine writes an order for; the answer is that order.
    fn search(
        &self,
        go: &Go,
        name: &'static str,
    ) -> Result<impl FnOnce(&SearchEnv) -> String + Send + 'static, CommandError> {
        let Some(side) = go.side else {
            return Err(ParseError::new(format!(
                "go: {name} is simultaneous: say which side to write for, 'go side white' or 'go side black'"
            ))
            .into());
        };
        if !go.search_moves.is_empty() {
            return Err(
                ParseError::new(format!("go: searchmoves is not supported in {name}")).into(),
            );
        }
        let root = Rounds::position(self).clone();
        let keys = Rounds::keys(self).to_vec();
        let last = self.last_orders();
        let limits = go.limits.clone();
        Ok(
            move |env: &SearchEnv| match write_order(&root, &keys, last, side, limits, env) {
                Some(o) => format!("bestmove {}", root.format_order(o)),
                None => {
                    env.out.line(&format!(
                        "info string no order: {}",
                        root.outcome()
                            .map_or("no legal order".to_string(), |o| o.to_string())
                    ));
                    "bestmove (none)".to_string()
                }
            },
        )
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
        perft::root_pairs(pos).len()
    }

    /// Each side's order is searched, as each side's line.
    fn bench_searches(
        pos: &G,
        depth: u32,
        tt: &mut TranspositionTable,
        control: &Arc<Control>,
        mut each: impl FnMut(BenchSearch),
    ) {
        let params = RoundParams {
            limits: Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            ..RoundParams::default()
        };
        for side in Player::BOTH {
            tt.clear();
            let nested = Arc::new(Control::nested(control));
            let start = Instant::now();
            let r = root::think(pos, &[], side, &params, tt, &nested, &mut |_| {});
            let time = start.elapsed();
            let best = r
                .strategy
                .first()
                .map_or("(none)".into(), |(o, _)| pos.format_order(*o));
            each(BenchSearch {
                label: format!(" {side}"),
                nodes: r.nodes,
                time,
                answer: format!("best {best} value {:.4}", r.value),
            });
        }
    }
}

/// The maximin player's search parameters (`Play=maximin`).
fn maximin_params<O>(limits: Limits, o: &EngineOptions) -> SearchParams<O> {
    SearchParams {
        limits,
        threads: o.threads,
        move_overhead: Duration::from_millis(o.move_overhead_ms),
        seed: o.seed,
        pruning: o.pruning,
        contempt: o.contempt,
        ..SearchParams::default()
    }
}

/// The default root's parameters (`Play=search`).
fn round_params(limits: Limits, o: &EngineOptions) -> RoundParams {
    RoundParams {
        limits,
        threads: o.threads,
        move_overhead: Duration::from_millis(o.move_overhead_ms),
        predict: o.lean_permille > 0,
        lean: o.lean_permille as f64 / 1000.0,
        ..RoundParams::default()
    }
}

/// Scores the last prediction by the round just played (`last`, from the position of the
/// last of `keys`) and returns the slack the trust allows, of at most `lean`.
fn trusted_slack<O: std::hash::Hash>(
    env: &SearchEnv,
    keys: &[u64],
    last: Option<(O, O)>,
    lean: f64,
) -> f64 {
    if lean <= 0.0 {
        return 0.0;
    }
    let mut trust = env.trust.lock().unwrap_or_else(|p| p.into_inner());
    if let (Some(&from), Some((white, black))) = (keys.last(), last) {
        trust.observe(from, white, black);
    }
    trust.slack(lean)
}

/// The order the engine writes for `side` as `env.options.play` says, printing its `info`.
/// `last`: the orders of the round before `root`, which score the last prediction.
fn write_order<G: SimultaneousGame>(
    root: &G,
    keys: &[u64],
    last: Option<(G::Order, G::Order)>,
    side: Player,
    limits: Limits,
    env: &SearchEnv,
) -> Option<G::Order> {
    let o = &env.options;
    let open_ended = limits.infinite || limits.ponder;
    let wait_for_stop = || {
        while open_ended && !env.control.is_stopped() {
            std::thread::sleep(Duration::from_millis(1));
        }
    };
    match o.play {
        Play::Random | Play::Greedy | Play::RandomGreedy => {
            let order = {
                let mut rng = env.rng.lock().unwrap_or_else(|p| p.into_inner());
                baseline::choose_order(root, side, o.play, &mut rng)
            };
            wait_for_stop();
            order
        }
        Play::Maximin => {
            let params = maximin_params(limits, o);
            root::maximin(root, keys, side, &params, &env.tt, &env.control)
        }
        Play::Exploiter | Play::ExploiterMaximin => {
            // The opponent is this engine with these options and the other player; the
            // session's table is left to the prediction, which then mirrors the opponent's.
            // Against the default, the session's trust mirrors the opponent's: its
            // predictions of this engine's orders, scored by the orders this engine wrote.
            let model = match o.play {
                Play::Exploiter => {
                    let mut params = round_params(limits.clone(), o);
                    params.lean = trusted_slack(env, keys, last, params.lean);
                    Model::Root(params)
                }
                _ => Model::Maximin(maximin_params(limits.clone(), o)),
            };
            let e = exploiter::respond(root, keys, side, &limits, &model, &env.tt, &env.control);
            if let Some(column) = e.model_predicted {
                let mut trust = env.trust.lock().unwrap_or_else(|p| p.into_inner());
                trust.predict(root.key(), side, column);
            }
            env.out.line(&format!("info string {}", e.describe(root)));
            wait_for_stop();
            e.order
        }
        Play::Search => {
            let mut params = round_params(limits, o);
            params.lean = trusted_slack(env, keys, last, params.lean);
            let out = &env.out;
            let r = root::think(root, keys, side, &params, &env.tt, &env.control, &mut |r| {
                out.line(&depth_line(root, r, o.show_wdl));
                out.line(&root_line(root, r));
            });
            if let Some(column) = r.predicted.filter(|_| params.predict) {
                let mut trust = env.trust.lock().unwrap_or_else(|p| p.into_inner());
                trust.predict(root.key(), side.other(), column);
                out.line(&format!(
                    "info string trust held {} of {} slack {:.4}",
                    trust.held, trust.seen, params.lean
                ));
            }
            if r.strategy.is_empty() {
                return None;
            }
            out.line(&strategy_line(root, &r));
            // The draw comes from the session's generator (seeded by `Seed`) mixed with the
            // position, so that a fixed seed replays a game and still varies across rounds.
            let mut rng = env.rng.lock().unwrap_or_else(|p| p.into_inner());
            let mut draw = SmallRng::seed_from_u64(rng.random::<u64>() ^ root.key());
            draw_order(&r.strategy, &mut draw)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn centipawns_invert_the_expected_score() {
        for cp in [-900, -250, 0, 35, 400, 1200] {
            assert_eq!(centipawns(root::expected_score(cp)), cp);
        }
        assert_eq!(centipawns(1.0), 20_000.min(centipawns(1.0)));
        assert!(centipawns(0.0) < -2000);
    }

    #[test]
    fn draws_follow_the_strategy_and_never_pick_a_zero() {
        let strategy = [(0u8, 0.7), (1, 0.3), (2, 0.0)];
        let mut rng = SmallRng::seed_from_u64(1);
        let mut counts = [0u32; 3];
        for _ in 0..10_000 {
            counts[draw_order(&strategy, &mut rng).unwrap() as usize] += 1;
        }
        assert_eq!(counts[2], 0);
        assert!((6700..7300).contains(&counts[0]), "{counts:?}");
        assert!(draw_order::<u8>(&[], &mut rng).is_none());
    }
}
