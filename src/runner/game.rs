//! One game between two engine processes, refereed by the variant's own rules. The loop
//! ([`play_game`]) asks for each turn (`position`, then `go` with the clocks), times the
//! answers, has them checked, and ends the game on the rules' result, a forfeit (illegal move,
//! crash, hang, time) or an adjudication.
//!
//! Who is asked is the one thing the kinds of game differ in, and the [`GameReferee`] says
//! it: in a sequential game the player to move ([`crate::runner::referee`]), in a
//! simultaneous one (Ven) both players at once ([`crate::runner::rounds`]). The processes,
//! clocks, adjudication, forfeits and records here serve both.

use crate::runner::adjudicate::{Adjudicator, DrawRule, ResignRule, Verdict};
use crate::runner::clock::{Clocks, TimeControl};
use crate::runner::process::{EngineError, EngineProcess};
use chimera_engine::{DrawReason, Outcome, Player, WinReason};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// One ply as played: who decided it and its text (in a simultaneous game, a whole round).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    pub player: Player,
    pub text: String,
}

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

/// One engine's answer to a `go`.
pub struct Answer {
    /// The `bestmove` token, or why the engine forfeits (the words after its name).
    pub token: Result<String, (Termination, String)>,
    /// From `go` sent to `bestmove` read (or to the failure).
    pub used: Duration,
    /// The last score its `info` lines gave.
    pub score: Option<i32>,
    /// The engine crashed or hung and must be restarted.
    pub broken: bool,
}

/// Sends `position` and `go` to `engine` and waits for its `bestmove`, within `allowed` where
/// the search is timed and `timeout` where it is not; an answer past `allowed` is a time loss.
pub fn ask(
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
            let token = match allowed.filter(|limit| used > *limit) {
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
                token,
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
                token: Err(why),
                used: sent.elapsed(),
                score,
                broken: true,
            }
        }
    }
}

/// A game as the engines are told it: where it started and every ply (round) since.
#[derive(Clone, Debug)]
pub struct Transcript {
    /// `startpos` or `fen <FEN>`, for `position`.
    start: String,
    pub start_fen: String,
    pub plies: Vec<Ply>,
}

impl Transcript {
    /// A game from `start_fen`; `is_start`: the variant's start position (`startpos`).
    pub fn new(start_fen: String, is_start: bool) -> Self {
        Transcript {
            start: if is_start {
                "startpos".into()
            } else {
                format!("fen {start_fen}")
            },
            start_fen,
            plies: Vec::new(),
        }
    }

    /// The `position` command for the current position: the start and every ply since.
    pub fn position_command(&self) -> String {
        let mut cmd = format!("position {}", self.start);
        if !self.plies.is_empty() {
            cmd.push_str(" moves");
            for ply in &self.plies {
                cmd.push(' ');
                cmd.push_str(&ply.text);
            }
        }
        cmd
    }
}

/// The two engines of a game and what the game keeps of them: their clocks, the adjudicator
/// that reads their scores, and the time and answers they gave.
pub struct Seats<'a> {
    pub rules: &'a GameRules,
    /// White's and Black's.
    pub engines: [&'a mut EngineProcess; 2],
    pub names: [&'a str; 2],
    /// Set for a player whose engine crashed or hung.
    pub broken: &'a mut [bool; 2],
    pub clocks: Clocks,
    adjudicator: Adjudicator,
    /// Each player's finished turns.
    turns: [u32; 2],
    pub answers: u32,
    pub engine_time: Duration,
}

impl Seats<'_> {
    /// The `go` command and how long each player's search may take, from the clocks now.
    pub fn go(&self) -> (String, [Option<Duration>; 2]) {
        let time = &self.rules.time;
        let allowed = Player::BOTH.map(|p| self.clocks.allowed(time, p));
        (self.clocks.go_command(time), allowed)
    }

    /// Charges `used` to `player`'s clock, and counts his turn when it is over.
    pub fn charge(&mut self, player: Player, used: Duration, turn_over: bool) {
        // Within its time (the answer was checked): this only runs the clock down.
        let _ = self
            .clocks
            .charge(&self.rules.time, player, used, turn_over);
        if turn_over {
            self.turns[player.index()] += 1;
        }
    }

    /// Gives the adjudicator `player`'s score, in his current turn.
    pub fn adjudicate(&mut self, player: Player, score: Option<i32>) -> Option<Verdict> {
        let turn = self.turns[player.index()].max(1);
        self.adjudicator.answer(player, score, turn)
    }

    /// The game's end if adjudication gave a verdict.
    pub fn verdict(&self, verdict: Option<Verdict>) -> Result<(), GameResult> {
        verdict.map_or(Ok(()), |v| Err(GameResult::adjudicated(v, self.names)))
    }

    /// The result when `player` forfeits for `why` (the words after his engine's name).
    pub fn forfeit(&self, player: Player, (termination, why): (Termination, String)) -> GameResult {
        let name = self.names[player.index()];
        GameResult::forfeit(player, termination, format!("{name} {why}"))
    }
}

/// What the game loop asks of the referee of one kind of game: the rules' verdict, the game
/// so far, and the next turn, where the kinds differ in who is asked. A sequential game asks
/// the player to move ([`crate::runner::referee::Referee`]), a simultaneous one asks both at
/// once and reveals the round ([`crate::runner::rounds::RoundReferee`]).
pub trait GameReferee {
    /// The record's rounds are whole rounds (`WHITE,BLACK`).
    const SIMULTANEOUS: bool;
    /// What [`Self::played`] counts, in words.
    const PLAYED: &'static str;

    /// The result by the rules, repetition included.
    fn outcome(&self) -> Option<Outcome>;
    /// Plies (or orders) played, measured against [`GameRules::max_plies`].
    fn played(&self) -> usize;
    fn transcript(&self) -> &Transcript;
    /// Asks the engine(s) for the next turn and plays it; `Err`: the game ends with that
    /// result (a forfeit or an adjudication).
    fn next_turn(&mut self, seats: &mut Seats) -> Result<(), GameResult>;
}

/// Plays one game under `referee`. `engines` and `names` are White's and Black's; both engines
/// are ready for a new game. `broken[p]` is set when player `p`'s engine must be restarted (it
/// crashed or hung). `None`: the game was abandoned because `stop` was raised.
pub fn play_game<R: GameReferee>(
    mut referee: R,
    rules: &GameRules,
    engines: [&mut EngineProcess; 2],
    names: [&str; 2],
    stop: &AtomicBool,
    broken: &mut [bool; 2],
) -> Option<GameRecord> {
    let begun = Instant::now();
    let mut seats = Seats {
        rules,
        engines,
        names,
        broken,
        clocks: Clocks::new(&rules.time),
        adjudicator: Adjudicator::new(rules.resign, rules.draw),
        turns: [0; 2],
        answers: 0,
        engine_time: Duration::ZERO,
    };
    let result = loop {
        if let Some(outcome) = referee.outcome() {
            break outcome_result(outcome, names);
        }
        if referee.played() >= rules.max_plies {
            break GameResult {
                winner: None,
                termination: Termination::Adjudication,
                reason: format!(
                    "draw by adjudication: {} {} played",
                    rules.max_plies,
                    R::PLAYED
                ),
            };
        }
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        if let Err(result) = referee.next_turn(&mut seats) {
            break result;
        }
    };
    let transcript = referee.transcript();
    Some(GameRecord {
        start_fen: transcript.start_fen.clone(),
        plies: transcript.plies.clone(),
        simultaneous: R::SIMULTANEOUS,
        result,
        answers: seats.answers,
        engine_time: seats.engine_time,
        wall: begun.elapsed(),
        ..GameRecord::default()
    })
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
