//! The referee of one game: Chimera's own rules (any [`Game`]) check every ply an engine sends
//! and decide when the game is over (the variant's outcomes plus repetition, via [`History`]).
//!
//! A `bestmove` is a turn: one ply in chess, several comma-joined plies where one player decides
//! several in a row (007). The referee checks them ply by ply. A turn answered only in part is
//! fine (the same engine is asked again for the rest); a ply after the turn passed to the
//! opponent is not. Plies after a ply that ended the game are ignored: the game is over.
//!
//! As the [`GameReferee`] of a sequential game, it asks the player to move for each turn.

use crate::runner::game::{ask, GameReferee, GameResult, Seats, Termination, Transcript};
use chimera_engine::history::History;
use chimera_engine::{Game, Outcome, Player};

pub use crate::runner::game::Ply;

pub struct Referee<G: Game> {
    history: History<G>,
    transcript: Transcript,
}

impl<G: Game> Referee<G> {
    /// A game from `start`; `is_start` says it is the variant's start position (`startpos`).
    pub fn new(start: G, is_start: bool) -> Self {
        Referee {
            transcript: Transcript::new(start.fen(), is_start),
            history: History::new(start),
        }
    }

    pub fn position(&self) -> &G {
        self.history.position()
    }

    pub fn plies(&self) -> &[Ply] {
        &self.transcript.plies
    }

    /// The player whose answer the game waits for.
    pub fn to_move(&self) -> Player {
        self.position().to_move()
    }

    /// The result by the rules, repetition included.
    pub fn outcome(&self) -> Option<Outcome> {
        self.history.outcome()
    }

    /// The `position` command for the current position: the start and every ply since.
    pub fn position_command(&self) -> String {
        self.transcript.position_command()
    }

    /// Plays the plies of `token` (a `bestmove` of the player to move: a turn of one or, where
    /// the variant joins them, several plies).
    /// The error says what was wrong; the legal plies before it stay played.
    pub fn play_turn(&mut self, token: &str) -> Result<(), String> {
        let player = self.to_move();
        if token.is_empty() || token == "(none)" {
            return Err(format!(
                "no move ('{}') in a position with legal moves",
                if token.is_empty() { "" } else { token }
            ));
        }
        for text in G::turn_plies(token) {
            if self.outcome().is_some() {
                break;
            }
            if self.to_move() != player {
                return Err(format!(
                    "ply '{text}' of '{token}' after the turn passed to the opponent"
                ));
            }
            let mv = self.position().parse_move(text).map_err(|e| {
                // The variant's message names the ply already, or gets it named here.
                if e.token() == Some(text) {
                    e.to_string()
                } else {
                    format!("illegal move '{text}' ({e})")
                }
            })?;
            self.history.play(mv);
            self.transcript.plies.push(Ply {
                player,
                text: text.to_string(),
            });
        }
        Ok(())
    }
}

/// A sequential game's turn: the player to move is asked, alone, on his own clock.
impl<G: Game> GameReferee for Referee<G> {
    const SIMULTANEOUS: bool = false;
    const PLAYED: &'static str = "plies";

    fn outcome(&self) -> Option<Outcome> {
        self.history.outcome()
    }
    fn played(&self) -> usize {
        self.plies().len()
    }
    fn transcript(&self) -> &Transcript {
        &self.transcript
    }
    fn next_turn(&mut self, seats: &mut Seats) -> Result<(), GameResult> {
        let player = self.to_move();
        let me = player.index();
        let (go, allowed) = seats.go();
        let answer = ask(
            seats.engines[me],
            &self.position_command(),
            &go,
            allowed[me],
            seats.rules.timeout,
        );
        seats.broken[me] |= answer.broken;
        seats.answers += u32::from(!answer.broken);
        seats.engine_time += answer.used;
        let token = answer.token.map_err(|why| seats.forfeit(player, why))?;
        self.play_turn(&token).map_err(|e| {
            let why = format!("forfeits: {e}");
            seats.forfeit(player, (Termination::RulesInfraction, why))
        })?;
        let turn_over = self.to_move() != player || self.outcome().is_some();
        seats.charge(player, answer.used, turn_over);
        let verdict = seats.adjudicate(player, answer.score);
        seats.verdict(verdict)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_engine::toys::{Nim, NimOptions};
    use chimera_engine::variants::chess::Position;
    use chimera_engine::GameState;
    use chimera_engine::{DrawReason, WinReason};

    fn chess() -> Referee<Position> {
        Referee::new(Position::start(), true)
    }

    #[test]
    fn legal_moves_are_played_and_the_position_command_replays_them() {
        let mut r = chess();
        assert_eq!(r.position_command(), "position startpos");
        r.play_turn("e2e4").unwrap();
        r.play_turn("e7e5").unwrap();
        assert_eq!(r.to_move(), Player::White);
        assert_eq!(r.position_command(), "position startpos moves e2e4 e7e5");
        let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        let r = Referee::new(Position::from_fen(fen).unwrap(), false);
        assert_eq!(r.position_command(), format!("position fen {fen}"));
    }

    #[test]
    fn illegal_malformed_and_missing_moves_are_errors_naming_the_token() {
        let mut r = chess();
        for bad in ["e2e5", "e7e5", "xyz", "e2e4q"] {
            let e = r.play_turn(bad).unwrap_err();
            assert!(e.contains(&format!("'{bad}'")), "{e}");
        }
        assert!(r.play_turn("(none)").unwrap_err().contains("'(none)'"));
        assert!(r.play_turn("").is_err());
        assert!(r.plies().is_empty());
    }

    #[test]
    fn a_comma_joined_chess_bestmove_is_one_malformed_move() {
        // Chess writes a turn as one move: the variant, not the referee, splits turns.
        let mut r = chess();
        let e = r.play_turn("e2e4,e7e5").unwrap_err();
        assert!(e.contains("'e2e4,e7e5'"), "{e}");
        assert!(r.plies().is_empty());
    }

    #[test]
    fn mate_and_repetition_end_the_game_and_later_plies_are_ignored() {
        let mut r = chess();
        for m in ["f2f3", "e7e5", "g2g4"] {
            r.play_turn(m).unwrap();
        }
        r.play_turn("d8h4").unwrap();
        assert_eq!(
            r.outcome(),
            Some(Outcome::win(Player::Black, WinReason::Checkmate))
        );
        let mut r = chess();
        for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
            r.play_turn(m).unwrap();
            assert_eq!(r.outcome(), None);
        }
        r.play_turn("f6g8").unwrap();
        assert_eq!(r.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    }

    /// Nim with turns of three plies, as in 007: take 1 to 3 objects a ply; whoever takes the
    /// last object wins.
    fn nim_of_three_ply_turns() -> Referee<Nim> {
        let options = NimOptions {
            turn_plies: Some(3),
            ..NimOptions::default()
        };
        Referee::new(Nim::start(&options), true)
    }

    #[test]
    fn a_turn_of_several_plies_is_checked_ply_by_ply() {
        let mut r = nim_of_three_ply_turns();
        r.play_turn("1,2,1").unwrap();
        assert_eq!(r.to_move(), Player::Black);
        // Half a turn: the same player answers again for the rest.
        r.play_turn("3").unwrap();
        assert_eq!(r.to_move(), Player::Black);
        r.play_turn("1,1").unwrap();
        assert_eq!(r.to_move(), Player::White);
        assert_eq!(r.position_command(), "position startpos moves 1 2 1 3 1 1");
        // A fourth ply belongs to the opponent's turn.
        let e = r.play_turn("1,1,1,1").unwrap_err();
        assert!(e.contains("ply '1' of '1,1,1,1'"), "{e}");
        // A bad ply inside a turn names itself.
        let mut r = nim_of_three_ply_turns();
        let e = r.play_turn("1,4,1").unwrap_err();
        assert!(e.contains("'4'"), "{e}");
        assert_eq!(r.plies().len(), 1);
    }

    #[test]
    fn a_ply_that_ends_the_game_ends_the_turn() {
        let mut r = Referee::new(
            Nim::from_fen("4 3 3 0 b", &Default::default()).unwrap(),
            false,
        );
        r.play_turn("3,1,1").unwrap();
        assert_eq!(
            r.outcome(),
            Some(Outcome::win(Player::Black, WinReason::NoMoves))
        );
        assert_eq!(r.plies().len(), 2, "the ply after the end is ignored");
        assert_eq!(r.position_command(), "position fen 4 3 3 0 b moves 3 1");
    }
}
