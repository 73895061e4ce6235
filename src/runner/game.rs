//! One game between two engine processes, refereed by the variant's own rules. The loop asks
//! the player to move for his turn (`position`, then `go` with the clocks), times the answer,
//! checks it ply by ply, and ends the game on the rules' result, a forfeit (illegal move,
//! crash, hang, time) or an adjudication.
//!
//! Every turn here has one deciding player. Ven's rounds, where both players write an order
//! at once, are played by [`crate::runner::rounds`] over the same processes, clocks and records.

use crate::runner::adjudicate::{Adjudicator, DrawRule, ResignRule, Verdict};
use crate::runner::clock::{Clocks, TimeControl};
use crate::runner::openings::Opening;
use crate::runner::process::{EngineError, EngineProcess};
use crate::runner::referee::{Ply, Referee};
use chimera_engine::{DrawReason, Game, Outcome, Player, WinReason};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How a game ended, as PGN's `Termination` tag names it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Termination {
    /// By the rules: mate, stalemate, repetition, ...
    #[default]
    Normal,
    Adjudication,
    TimeForfeit,
    /// An illegal or malformed move.
    RulesInfraction,
    /// The engine crashed.
    Abandoned,
    /// The engine stopped answering.
    Stalled,
}

impl Termination {
    pub const fn pgn(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
            Termination::Stalled => "stalled connection",
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameResult {
    /// `None`: a draw.
    pub winner: Option<Player>,
    pub termination: Termination,
    /// What happened, in words, with the engine's name where one is to blame.
    pub reason: String,
}

impl GameResult {
    pub fn result_str(&self) -> &'static str {
        match self.winner {
            Some(Player::White) => "1-0",
            Some(Player::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The points `player` scored.
    pub fn points(&self, player: Player) -> f64 {
        match self.winner {
            Some(w) if w == player => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// The result an adjudication's verdict gives, in sequential and simultaneous games alike.
    pub fn adjudicated(verdict: Verdict, names: [&str; 2]) -> Self {
        match verdict {
            Verdict::Resign(loser) => GameResult::forfeit(
                loser,
                Termination::Adjudication,
                format!("{} resigns by adjudication (scores)", names[loser.index()]),
            ),
            Verdict::Draw => GameResult {
                winner: None,
                termination: Termination::Adjudication,
                reason: "draw by adjudication (scores)".into(),
            },
        }
    }

    /// `loser` forfeits.
    pub fn forfeit(loser: Player, termination: Termination, reason: String) -> Self {
        GameResult {
            winner: Some(loser.other()),
            termination,
            reason,
        }
    }
}

/// A finished game.
#[derive(Clone, Debug, Default)]
pub struct GameRecord {
    /// 1-based, in the schedule's order.
    pub number: usize,
    /// Participants (indices into the match's engines) playing White and Black.
    pub seats: [usize; 2],
    pub start_fen: String,
    /// Plies, or in a simultaneous game whole rounds (`WHITE,BLACK`), as played.
    pub plies: Vec<Ply>,
    /// A simultaneous game: each ply is a round.
    pub simultaneous: bool,
    pub result: GameResult,
    /// Answers (`bestmove`s) the engines gave.
    pub answers: u32,
    /// From each `go` sent to its `bestmove` read, summed.
    pub engine_time: Duration,
    /// The whole game, the runner's own work included.
    pub wall: Duration,
}

/// What every game of a match shares.
#[derive(Clone, Debug)]
pub struct GameRules {
    pub time: TimeControl,
    /// How long an untimed search may take before the engine is called hung.
    pub timeout: Duration,
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    pub max_plies: usize,
}

/// The score of an `info` line, in centipawns from the engine's side (mates as +-30000 less
/// the distance), if it has one.
pub fn info_score(line: &str) -> Option<i32> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") || line.contains(" string ") {
        return None;
    }
    words.find(|w| *w == "score")?;
    let kind = words.next()?;
    let n: i32 = words.next()?.parse().ok()?;
    match kind {
        "cp" => Some(n.clamp(-29_000, 29_000)),
        "mate" if n > 0 => Some(30_000 - n.min(1000)),
        "mate" => Some(-30_000 - n.max(-1000)),
        _ => None,
    }
}

pub fn win_reason(reason: WinReason) -> &'static str {
    match reason {
        WinReason::Checkmate => "checkmate",
        WinReason::RoyalCaptured => "royal piece captured",
        WinReason::NoMoves => "no legal moves",
        WinReason::VariantRule(rule) => rule,
    }
}

pub fn draw_reason(reason: DrawReason) -> &'static str {
    match reason {
        DrawReason::Stalemate => "stalemate",
        DrawReason::FiftyMoves => "fifty-move rule",
        DrawReason::Repetition => "threefold repetition",
        DrawReason::InsufficientMaterial => "insufficient material",
        DrawReason::VariantRule(rule) => rule,
    }
}

/// The result of a game the rules decided, in words naming the winner's engine.
pub fn outcome_result(outcome: Outcome, names: [&str; 2]) -> GameResult {
    let reason = match outcome {
        Outcome::Win { winner, reason } => format!(
            "{} ({winner}) wins by {}",
            names[winner.index()],
            win_reason(reason)
        ),
        Outcome::Draw(reason) => format!("draw by {}", draw_reason(reason)),
    };
    GameResult {
        winner: match outcome {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        },
        termination: Termination::Normal,
        reason,
    }
}

/// Plays one game. `engines` and `names` are White's and Black's; both engines are ready for
/// a new game. `broken[p]` is set when player `p`'s engine must be restarted (it crashed or
/// hung). `None`: the game was abandoned because `stop` was raised.
pub fn play_game<G: Game>(
    opening: &Opening<G>,
    rules: &GameRules,
    engines: [&mut EngineProcess; 2],
    names: [&str; 2],
    stop: &AtomicBool,
    broken: &mut [bool; 2],
) -> Option<GameRecord> {
    let begun = Instant::now();
    let mut referee = Referee::new(opening.position.clone(), opening.is_start);
    let mut clocks = Clocks::new(&rules.time);
    let mut adjudicator = Adjudicator::new(rules.resign, rules.draw);
    let mut turns = [0u32; 2];
    let mut record = GameRecord {
        start_fen: referee.start_fen().to_string(),
        ..GameRecord::default()
    };
    let result = loop {
        if let Some(outcome) = referee.outcome() {
            break outcome_result(outcome, names);
        }
        if referee.plies().len() >= rules.max_plies {
            break GameResult {
                winner: None,
                termination: Termination::Adjudication,
                reason: format!("draw by adjudication: {} plies played", rules.max_plies),
            };
        }
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let player = referee.to_move();
        let me = player.index();
        let name = names[me];
        let engine = &mut *engines[me];
        let allowed = clocks.allowed(&rules.time, player);
        let go = clocks.go_command(&rules.time);
        let mut score = None;
        let sent = Instant::now();
        let answer = engine
            .send(&referee.position_command())
            .and_then(|_| engine.send(&go))
            .and_then(|_| {
                engine.wait_for(sent + allowed.unwrap_or(rules.timeout), |line| {
                    if let Some(s) = info_score(line) {
                        score = Some(s);
                    }
                    line.starts_with("bestmove")
                })
            });
        let (at, line) = match answer {
            Ok(answer) => answer,
            Err(e) => {
                record.engine_time += sent.elapsed();
                broken[me] = true;
                let (termination, what) = match (&e, allowed) {
                    (EngineError::Timeout(_), Some(limit)) => (
                        Termination::TimeForfeit,
                        format!("loses on time (no answer within {} ms)", limit.as_millis()),
                    ),
                    (EngineError::Timeout(_), None) => {
                        (Termination::Stalled, format!("forfeits: {e}"))
                    }
                    _ => (Termination::Abandoned, format!("forfeits: engine {e}")),
                };
                break GameResult::forfeit(player, termination, format!("{name} {what}"));
            }
        };
        let used = at.saturating_duration_since(sent);
        record.answers += 1;
        record.engine_time += used;
        if let Some(limit) = allowed.filter(|limit| used > *limit) {
            break GameResult::forfeit(
                player,
                Termination::TimeForfeit,
                format!(
                    "{name} loses on time ({} ms used, {} ms allowed)",
                    used.as_millis(),
                    limit.as_millis()
                ),
            );
        }
        let token = line.split_whitespace().nth(1).unwrap_or("");
        if let Err(e) = referee.play_turn(token) {
            break GameResult::forfeit(
                player,
                Termination::RulesInfraction,
                format!("{name} forfeits: {e}"),
            );
        }
        let turn_over = referee.to_move() != player || referee.outcome().is_some();
        // Within its time (checked above): this only runs the clock down.
        let _ = clocks.charge(&rules.time, player, used, turn_over);
        if turn_over {
            turns[me] += 1;
        }
        let verdict = adjudicator.answer(player, score, turns[me].max(1));
        if let Some(result) = verdict.map(|v| GameResult::adjudicated(v, names)) {
            break result;
        }
    };
    record.plies = referee.plies().to_vec();
    record.result = result;
    record.wall = begun.elapsed();
    Some(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_scores_in_centipawns_and_mates() {
        assert_eq!(
            info_score("info depth 3 seldepth 4 score cp -25 nodes 100 pv e2e4"),
            Some(-25)
        );
        assert_eq!(
            info_score("info depth 9 score mate 3 lowerbound"),
            Some(29_997)
        );
        assert_eq!(info_score("info depth 9 score mate -2"), Some(-29_998));
        assert_eq!(info_score("info depth 0 score mate 0"), Some(-30_000));
        assert_eq!(info_score("info string score cp 5"), None);
        assert_eq!(info_score("info depth 3 nodes 5"), None);
        assert_eq!(info_score("bestmove e2e4"), None);
        assert_eq!(info_score("info score cp lots"), None);
    }

    #[test]
    fn points_and_result_strings() {
        let r = GameResult::forfeit(Player::White, Termination::Abandoned, "x".into());
        assert_eq!((r.result_str(), r.points(Player::Black)), ("0-1", 1.0));
        let d = GameResult::default();
        assert_eq!((d.result_str(), d.points(Player::White)), ("1/2-1/2", 0.5));
    }
}
