//! One game of a simultaneous variant (Ven) between two engine processes. Each round both
//! engines get the position and a `go side ...` at the same moment, each on its own clock; the
//! runner waits for both orders, then reveals them by sending the round to both in the next
//! `position` command, and resolves it by Chimera's rules. Forfeits (illegal or malformed
//! orders, crashes, hangs, time) are as for the sequential variants; when both sides forfeit
//! in the same round, the game is drawn.

use crate::runner::adjudicate::Adjudicator;
use crate::runner::clock::Clocks;
use crate::runner::game::{
    info_score, outcome_result, GameRecord, GameResult, GameRules, Termination,
};
use crate::runner::openings::Opening;
use crate::runner::process::{EngineError, EngineProcess};
use crate::runner::referee::Ply;
use chimera_engine::history::Rounds;
use chimera_engine::simultaneous::SimultaneousGame;
use chimera_engine::Player;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// One engine's answer to a round.
struct Answer {
    /// The order's text, or why there is none.
    order: Result<String, (Termination, String)>,
    used: Duration,
    score: Option<i32>,
    /// The engine crashed or hung and must be restarted.
    broken: bool,
}

/// Asks `engine` for `side`'s order: sends the position and `go side`, waits for `bestmove`.
fn ask(
    engine: &mut EngineProcess,
    position: &str,
    go: &str,
    allowed: Option<Duration>,
    timeout: Duration,
) -> Answer {
    let sent = Instant::now();
    let mut score = None;
    let answer = engine
        .send(position)
        .and_then(|_| engine.send(go))
        .and_then(|_| {
            engine.wait_for(sent + allowed.unwrap_or(timeout), |line| {
                if let Some(s) = info_score(line) {
                    score = Some(s);
                }
                line.starts_with("bestmove")
            })
        });
    match answer {
        Ok((at, line)) => {
            let used = at.saturating_duration_since(sent);
            let order = match allowed.filter(|limit| used > *limit) {
                Some(limit) => Err((
                    Termination::TimeForfeit,
                    format!(
                        "loses on time ({} ms used, {} ms allowed)",
                        used.as_millis(),
                        limit.as_millis()
                    ),
                )),
                None => Ok(line.split_whitespace().nth(1).unwrap_or("").to_string()),
            };
            Answer {
                order,
                used,
                score,
                broken: false,
            }
        }
        Err(e) => {
            let why = match (&e, allowed) {
                (EngineError::Timeout(_), Some(limit)) => (
                    Termination::TimeForfeit,
                    format!("loses on time (no answer within {} ms)", limit.as_millis()),
                ),
                (EngineError::Timeout(_), None) => (Termination::Stalled, format!("forfeits: {e}")),
                _ => (Termination::Abandoned, format!("forfeits: engine {e}")),
            };
            Answer {
                order: Err(why),
                used: sent.elapsed(),
                score,
                broken: true,
            }
        }
    }
}

/// The `position` command that replays the game so far.
fn position_command(start: &str, rounds: &[Ply]) -> String {
    let mut cmd = format!("position {start}");
    if !rounds.is_empty() {
        cmd.push_str(" moves");
        for r in rounds {
            cmd.push(' ');
            cmd.push_str(&r.text);
        }
    }
    cmd
}

/// Plays one game of a simultaneous variant; see [`crate::runner::game::play_game`] for the
/// arguments. Each recorded ply is a whole round token (`WHITE,BLACK`).
pub fn play_rounds<G: SimultaneousGame>(
    opening: &Opening<G>,
    rules: &GameRules,
    engines: [&mut EngineProcess; 2],
    names: [&str; 2],
    stop: &AtomicBool,
    broken: &mut [bool; 2],
) -> Option<GameRecord> {
    let begun = Instant::now();
    let start_fen = opening.position.fen();
    let start = if opening.is_start {
        "startpos".to_string()
    } else {
        format!("fen {start_fen}")
    };
    let mut game = Rounds::new(opening.position.clone());
    let mut clocks = Clocks::new(&rules.time);
    let mut adjudicator = Adjudicator::new(rules.resign, rules.draw);
    let mut record = GameRecord {
        start_fen,
        simultaneous: true,
        ..GameRecord::default()
    };
    let [white_engine, black_engine] = engines;
    let result = loop {
        if let Some(outcome) = game.outcome() {
            break outcome_result(outcome, names);
        }
        if record.plies.len() * 2 >= rules.max_plies {
            break GameResult {
                winner: None,
                termination: Termination::Adjudication,
                reason: format!("draw by adjudication: {} orders played", rules.max_plies),
            };
        }
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let position = position_command(&start, &record.plies);
        let go = clocks.go_command(&rules.time);
        let go_for = |side: Player| format!("go side {side}{}", &go[2..]);
        let allowed = Player::BOTH.map(|p| clocks.allowed(&rules.time, p));
        // Both engines think at once, each on its own clock.
        let (white, black) = std::thread::scope(|scope| {
            let w = scope.spawn(|| {
                ask(
                    white_engine,
                    &position,
                    &go_for(Player::White),
                    allowed[0],
                    rules.timeout,
                )
            });
            let b = ask(
                black_engine,
                &position,
                &go_for(Player::Black),
                allowed[1],
                rules.timeout,
            );
            (w.join().expect("the white engine's reader"), b)
        });
        let answers = [white, black];
        record.answers += 2;
        record.engine_time += answers[0].used.max(answers[1].used);
        for p in Player::BOTH {
            broken[p.index()] |= answers[p.index()].broken;
        }
        // Each order is checked against the position the round starts from.
        let pos = game.position().clone();
        let orders = Player::BOTH.map(|p| {
            let a = &answers[p.index()];
            a.order.clone().and_then(|text| {
                if text.is_empty() || text == "(none)" {
                    return Err((
                        Termination::RulesInfraction,
                        format!("forfeits: no order ('{text}') in a position with orders"),
                    ));
                }
                pos.parse_order(p, &text).map_err(|e| {
                    let why = if e.token() == Some(text.as_str()) {
                        e.to_string()
                    } else {
                        format!("illegal order '{text}' ({e})")
                    };
                    (Termination::RulesInfraction, format!("forfeits: {why}"))
                })
            })
        });
        let (white, black) = match orders {
            [Ok(w), Ok(b)] => (w, b),
            [Err((t, why)), Ok(_)] => {
                break GameResult::forfeit(Player::White, t, format!("{} {why}", names[0]))
            }
            [Ok(_), Err((t, why))] => {
                break GameResult::forfeit(Player::Black, t, format!("{} {why}", names[1]))
            }
            [Err((t, w)), Err((_, b))] => {
                break GameResult {
                    winner: None,
                    termination: t,
                    reason: format!("both forfeit: {} {w}; {} {b}", names[0], names[1]),
                }
            }
        };
        for p in Player::BOTH {
            // Within its time (checked above): this only runs the clock down.
            let _ = clocks.charge(&rules.time, p, answers[p.index()].used, true);
        }
        record.plies.push(Ply {
            player: Player::White,
            text: pos.format_round(white, black),
        });
        game.play(white, black);
        let turn = record.plies.len() as u32;
        let mut verdict = None;
        for p in Player::BOTH {
            verdict = verdict.or(adjudicator.answer(p, answers[p.index()].score, turn));
        }
        if let Some(result) = verdict.map(|v| GameResult::adjudicated(v, names)) {
            break result;
        }
    };
    record.result = result;
    record.wall = begun.elapsed();
    Some(record)
}
