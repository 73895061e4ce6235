//! The referee of one game of a simultaneous variant (Ven). Each round both engines get the
//! position and a `go side ...` at the same moment, each on its own clock; the runner waits for
//! both orders, then reveals them by sending the round to both in the next `position` command,
//! and resolves it by Chimera's rules. Forfeits (illegal or malformed orders, crashes, hangs,
//! time) are as for the sequential variants; when both sides forfeit in the same round, the
//! game is drawn. Each recorded ply is a whole round token (`WHITE,BLACK`).

use crate::runner::game::{
    ask, Answer, GameReferee, GameResult, Ply, Seats, Termination, Transcript,
};
use chimera_engine::history::Rounds;
use chimera_engine::simultaneous::SimultaneousGame;
use chimera_engine::{Outcome, Player};

pub struct RoundReferee<G: SimultaneousGame> {
    game: Rounds<G>,
    transcript: Transcript,
}

impl<G: SimultaneousGame> RoundReferee<G> {
    /// A game from `start`; `is_start` says it is the variant's start position (`startpos`).
    pub fn new(start: G, is_start: bool) -> Self {
        RoundReferee {
            transcript: Transcript::new(start.fen(), is_start),
            game: Rounds::new(start),
        }
    }

    /// Both engines' answers to this round, asked at once, each on its own clock.
    fn ask_both(&self, seats: &mut Seats) -> [Answer; 2] {
        let position = self.transcript.position_command();
        let (go, allowed) = seats.go();
        let go_for = |side: Player| format!("go side {side}{}", &go[2..]);
        let timeout = seats.rules.timeout;
        let [white_engine, black_engine] = &mut seats.engines;
        std::thread::scope(|scope| {
            let w = scope.spawn(|| {
                let go = go_for(Player::White);
                ask(white_engine, &position, &go, allowed[0], timeout)
            });
            let go = go_for(Player::Black);
            let b = ask(black_engine, &position, &go, allowed[1], timeout);
            [w.join().expect("the white engine's reader"), b]
        })
    }

    /// Plays a round of checked orders: the game and the transcript both advance.
    fn play_round(&mut self, white: G::Order, black: G::Order) {
        let text = self.game.position().format_round(white, black);
        self.transcript.plies.push(Ply {
            player: Player::White,
            text,
        });
        self.game.play(white, black);
    }

    /// `side`'s order in `text`, checked against the position the round starts from; the
    /// error is why `side` forfeits.
    fn order(&self, side: Player, text: &str) -> Result<G::Order, (Termination, String)> {
        if text.is_empty() || text == "(none)" {
            return Err((
                Termination::RulesInfraction,
                format!("forfeits: no order ('{text}') in a position with orders"),
            ));
        }
        self.game.position().parse_order(side, text).map_err(|e| {
            let why = if e.token() == Some(text) {
                e.to_string()
            } else {
                format!("illegal order '{text}' ({e})")
            };
            (Termination::RulesInfraction, format!("forfeits: {why}"))
        })
    }
}

/// A simultaneous game's round: both players are asked at once, and the round is revealed.
impl<G: SimultaneousGame> GameReferee for RoundReferee<G> {
    const SIMULTANEOUS: bool = true;
    const PLAYED: &'static str = "orders";

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn played(&self) -> usize {
        self.transcript.plies.len() * 2
    }
    fn transcript(&self) -> &Transcript {
        &self.transcript
    }
    fn next_turn(&mut self, seats: &mut Seats) -> Result<(), GameResult> {
        let answers = self.ask_both(seats);
        seats.answers += 2;
        seats.engine_time += answers[0].used.max(answers[1].used);
        for p in Player::BOTH {
            seats.broken[p.index()] |= answers[p.index()].broken;
        }
        let orders = Player::BOTH.map(|p| {
            let token = answers[p.index()].token.clone();
            token.and_then(|text| self.order(p, &text))
        });
        let (white, black) = match orders {
            [Ok(w), Ok(b)] => (w, b),
            [Err(why), Ok(_)] => return Err(seats.forfeit(Player::White, why)),
            [Ok(_), Err(why)] => return Err(seats.forfeit(Player::Black, why)),
            [Err((t, w)), Err((_, b))] => {
                let [white, black] = seats.names;
                return Err(GameResult {
                    winner: None,
                    termination: t,
                    reason: format!("both forfeit: {white} {w}; {black} {b}"),
                });
            }
        };
        for p in Player::BOTH {
            seats.charge(p, answers[p.index()].used, true);
        }
        self.play_round(white, black);
        let mut verdict = None;
        for p in Player::BOTH {
            verdict = verdict.or(seats.adjudicate(p, answers[p.index()].score));
        }
        seats.verdict(verdict)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_engine::variants::ven::Ven;

    fn ven() -> RoundReferee<Ven> {
        RoundReferee::new(Ven::start(), true)
    }

    #[test]
    fn orders_are_checked_for_their_side_and_errors_name_the_token() {
        let r = ven();
        assert!(r.order(Player::White, "e2e4").is_ok());
        assert!(r.order(Player::Black, "e7e5").is_ok());
        for (side, bad) in [
            (Player::White, "e7e5"),
            (Player::White, "e2e5"),
            (Player::Black, "xyz"),
        ] {
            let (termination, why) = r.order(side, bad).unwrap_err();
            assert_eq!(termination, Termination::RulesInfraction);
            assert!(
                why.starts_with("forfeits: ") && why.contains(&format!("'{bad}'")),
                "{why}"
            );
        }
        for none in ["", "(none)"] {
            let (_, why) = r.order(Player::White, none).unwrap_err();
            assert!(why.contains(&format!("no order ('{none}')")), "{why}");
        }
    }

    #[test]
    fn a_round_played_is_one_ply_of_the_transcript_and_two_orders() {
        let mut r = ven();
        assert_eq!(r.transcript().position_command(), "position startpos");
        let (w, b) = (
            r.order(Player::White, "e2e4").unwrap(),
            r.order(Player::Black, "e7e5").unwrap(),
        );
        r.play_round(w, b);
        assert_eq!(r.played(), 2);
        assert_eq!(r.outcome(), None);
        assert_eq!(
            r.transcript().position_command(),
            "position startpos moves e2e4,e7e5"
        );
    }
}
