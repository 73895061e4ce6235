//! The session of a simultaneous variant (Ven): both sides write an order each round, so
//! `position ... moves` takes round tokens (`WHITE,BLACK`, parsed by the variant), `go` must say
//! which side the engine writes for (`go side white|black`), and the answer is one order drawn
//! from a mixed strategy, announced in an `info string strategy ...` line before `bestmove`.

use crate::command::{Go, Start};
use crate::diagram::diagram;
use crate::error::CommandError;
use crate::options::EngineOptions;
use crate::reply;
use crate::session::{
    bench_each, bench_fens, perft_stopped_note, BenchJob, BenchTotals, PerftJob, SearchEnv,
    Session, Variant,
};
use chimera_engine::baseline::{self, Play};
use chimera_engine::option::OptionSpec;
use chimera_engine::search::{Control, Limits, SearchParams, TranspositionTable};
use chimera_engine::simultaneous::exploiter::{self, Model};
use chimera_engine::simultaneous::root::{self, Basis, RoundParams, RoundResult};
use chimera_engine::simultaneous::{perft, SimultaneousGame};
use chimera_engine::{ParseError, Player, VariantOptions};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

pub use chimera_engine::describe::DescribeRounds;
pub use chimera_engine::history::Rounds;

pub struct RoundSession<G: SimultaneousGame> {
    variant: Variant<G::Options>,
    game: Rounds<G>,
}

impl<G: DescribeRounds> RoundSession<G> {
    pub fn new(name: &'static str, preset: &[(&str, &str)]) -> Self {
        let variant = Variant::new(name, preset);
        let game = Rounds::new(G::start(&variant.options));
        RoundSession { variant, game }
    }

    pub fn game(&self) -> &Rounds<G> {
        &self.game
    }
}

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

impl<G: DescribeRounds> Session for RoundSession<G> {
    fn name(&self) -> &'static str {
        self.variant.name
    }

    fn option_specs(&self) -> &'static [OptionSpec] {
        G::Options::specs()
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), ParseError> {
        self.variant.set(name, value)?;
        self.reset();
        Ok(())
    }

    fn reset(&mut self) {
        self.game = Rounds::new(G::start(&self.variant.options));
    }

    fn set_position(&mut self, start: &Start, moves: &[String]) -> Result<(), ParseError> {
        let root = match start {
            Start::StartPos => G::start(&self.variant.options),
            Start::Fen(fen) => G::from_fen(fen, &self.variant.options)?,
        };
        let mut game = Rounds::new(root);
        for (i, token) in moves.iter().enumerate() {
            if game.position().is_terminal() {
                return Err(ParseError::with_token(
                    format!("round {} '{token}': the game is already over", i + 1),
                    token,
                ));
            }
            let (white, black) = game.position().parse_round(token).map_err(|e| {
                if e.token() == Some(token) {
                    e
                } else {
                    ParseError::with_token(format!("round '{token}': {e}"), token)
                }
            })?;
            game.play(white, black);
        }
        self.game = game;
        Ok(())
    }

    fn go(&self, go: &Go, env: SearchEnv) -> Result<JoinHandle<()>, CommandError> {
        let Some(side) = go.side else {
            return Err(ParseError::new(format!(
                "go: {} is simultaneous: say which side to write for, 'go side white' or 'go side black'",
                self.variant.name
            ))
            .into());
        };
        if !go.search_moves.is_empty() {
            return Err(ParseError::new(format!(
                "go: searchmoves is not supported in {}",
                self.variant.name
            ))
            .into());
        }
        let root = self.game.position().clone();
        let keys = self.game.keys().to_vec();
        let limits = go.limits.clone();
        std::thread::Builder::new()
            .name("search".into())
            .stack_size(32 << 20)
            .spawn(move || {
                let order = write_order(&root, &keys, side, limits, &env);
                let bestmove = match order {
                    Some(o) => format!("bestmove {}", root.format_order(o)),
                    None => {
                        env.out.line(&format!(
                            "info string no order: {}",
                            root.outcome()
                                .map_or("no legal order".to_string(), |o| o.to_string())
                        ));
                        "bestmove (none)".to_string()
                    }
                };
                env.out.answer(&bestmove, &env.done);
            })
            .map_err(CommandError::thread("search"))
    }

    fn perft(&self, depth: u32, threads: usize) -> PerftJob {
        let pos = self.game.position().clone();
        Box::new(move |stop| {
            let (counted, complete) = perft::divide_until(&pos, depth, threads, stop);
            let text = perft::format_divide(&pos, &counted);
            if complete {
                return text;
            }
            let pairs = perft::root_pairs(&pos).len();
            let note = perft_stopped_note(counted.len(), pairs);
            text.replacen("\nNodes searched", &format!("\n{note}Nodes searched"), 1)
        })
    }

    fn display(&self) -> String {
        let pos = self.game.position();
        let fen = pos.fen();
        let mut text = diagram(&pos.board_view()).unwrap_or_default();
        let checks: Vec<&str> = Player::BOTH
            .into_iter()
            .filter(|p| pos.in_check(*p))
            .map(|p| match p {
                Player::White => "white",
                Player::Black => "black",
            })
            .collect();
        text.push_str(&format!(
            "\nVariant: {}\nFen: {fen}\nKey: {:016X}\nIn check: {}\nLast round: {}\n",
            self.variant.name,
            pos.key(),
            if checks.is_empty() {
                "-".to_string()
            } else {
                checks.join(" ")
            },
            self.game
                .last_report()
                .map_or("-".to_string(), |r| r.to_string())
        ));
        if let Some(o) = self.game.outcome() {
            text.push_str(&format!("Result: {o}\n"));
        }
        text
    }

    fn eval(&self) -> String {
        let score = self.game.position().evaluate_for_white();
        format!("Final evaluation: {score:+} cp from White's side\n")
    }

    fn bench(&self, depth: Option<u32>) -> BenchJob {
        let depth = depth.unwrap_or(G::bench_depth());
        let fens = bench_fens(G::bench_fens(), || G::start(&self.variant.options).fen());
        let options = self.variant.options.clone();
        Box::new(move |out, control| {
            let params = RoundParams {
                limits: Limits {
                    depth: Some(depth),
                    ..Limits::default()
                },
                ..RoundParams::default()
            };
            let mut totals = BenchTotals::default();
            let mut tt = TranspositionTable::new(16);
            let parse = |fen: &str| G::from_fen(fen, &options);
            bench_each(&fens, out, control, parse, |i, fen, pos| {
                for side in Player::BOTH {
                    tt.clear();
                    let nested = Arc::new(Control::nested(control));
                    let start = Instant::now();
                    let r = root::think(&pos, &[], side, &params, &tt, &nested, &mut |_| {});
                    totals.time += start.elapsed();
                    totals.nodes += r.nodes;
                    let best = r
                        .strategy
                        .first()
                        .map_or("(none)".into(), |(o, _)| pos.format_order(*o));
                    out.line(&format!(
                        "info string bench {}/{} {side}: nodes {} best {best} value {:.4} fen {fen}",
                        i + 1,
                        fens.len(),
                        r.nodes,
                        r.value
                    ));
                }
                totals.positions += 1;
            });
            totals
        })
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
        ..SearchParams::default()
    }
}

/// The default root's parameters (`Play=search`).
fn round_params(limits: Limits, o: &EngineOptions) -> RoundParams {
    RoundParams {
        limits,
        threads: o.threads,
        move_overhead: Duration::from_millis(o.move_overhead_ms),
        lean: o.lean_permille as f64 / 1000.0,
        ..RoundParams::default()
    }
}

/// The order the engine writes for `side` as `env.options.play` says, printing its `info`.
fn write_order<G: SimultaneousGame>(
    root: &G,
    keys: &[u64],
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
            let model = match o.play {
                Play::Exploiter => Model::Root(round_params(limits.clone(), o)),
                _ => Model::Maximin(maximin_params(limits.clone(), o)),
            };
            let e = exploiter::respond(root, keys, side, &limits, &model, &env.tt, &env.control);
            env.out.line(&format!("info string {}", e.describe(root)));
            wait_for_stop();
            e.order
        }
        Play::Search => {
            let params = round_params(limits, o);
            let out = &env.out;
            let r = root::think(root, keys, side, &params, &env.tt, &env.control, &mut |r| {
                out.line(&depth_line(root, r, o.show_wdl));
                out.line(&format!("info string root {}", r.trace));
            });
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
