//! A simultaneous game (Ven) as a board shows it. Each round both sides write an order in
//! secret: the board takes White's order first, then Black's, whoever writes them (the person,
//! or the engine through the protocol's own [`RoundSession`]); the first order waits unseen
//! (neither the page nor the engine's search sees it) until the second comes, then the round
//! resolves and both orders are revealed with what the round did.

use super::{start_of, BoardGame, Effects, PlyRecord};
use chimera_engine::board_view::BoardView;
use chimera_engine::{Outcome, ParseError, Player, VariantOptions};
use chimera_protocol::command::{Go, Start};
use chimera_protocol::error::CommandError;
use chimera_protocol::rounds::{DescribeRounds, RoundSession, Rounds};
use chimera_protocol::session::{SearchEnv, Session};
use std::thread::JoinHandle;

#[derive(Clone)]
pub(super) struct RoundGame<G: DescribeRounds> {
    name: &'static str,
    rules: G::Options,
    start: G,
    game: Rounds<G>,
    plies: Vec<PlyRecord>,
    /// White's order of the round being written, kept secret until Black's comes.
    pending: Option<G::Order>,
}

impl<G: DescribeRounds> RoundGame<G> {
    pub(super) fn open(
        name: &'static str,
        options: &[(String, String)],
        fen: Option<&str>,
    ) -> Result<Self, ParseError> {
        let mut rules = G::Options::default();
        for (option, value) in options {
            rules.set(option, value)?;
        }
        let start = start_of(fen, || G::start(&rules), |f| G::from_fen(f, &rules))?;
        Ok(RoundGame {
            name,
            rules,
            game: Rounds::new(start.clone()),
            start,
            plies: Vec::new(),
            pending: None,
        })
    }

    fn writer(&self) -> Player {
        if self.pending.is_some() {
            Player::Black
        } else {
            Player::White
        }
    }
}

impl<G: DescribeRounds> BoardGame for RoundGame<G> {
    fn variant(&self) -> &'static str {
        self.name
    }
    fn start_fen(&self) -> String {
        self.start.fen()
    }
    /// The position at the start of the round: a written order stays secret.
    fn fen(&self) -> String {
        self.game.position().fen()
    }
    fn view(&self) -> BoardView {
        let mut view = self.game.position().board_view();
        if self.pending.is_some() {
            view.notes
                .push("white's order is written, hidden until black's comes".into());
        }
        view
    }
    /// The side whose order the round waits for (White's first, then Black's).
    fn to_move(&self) -> Player {
        self.writer()
    }
    fn in_check(&self) -> bool {
        self.game.position().in_check(self.writer())
    }
    fn legal_plies(&self) -> Vec<String> {
        if self.game.outcome().is_some() {
            return Vec::new();
        }
        let pos = self.game.position();
        let mut orders = G::Orders::default();
        pos.orders(self.writer(), &mut orders);
        orders.iter().map(|o| pos.format_order(*o)).collect()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn plies(&self) -> &[PlyRecord] {
        &self.plies
    }

    fn play(&mut self, ply: &str) -> Result<(), ParseError> {
        if let Some(outcome) = self.game.outcome() {
            return Err(ParseError::with_token(
                format!("order '{ply}' after the game ended ({outcome})"),
                ply,
            ));
        }
        let side = self.writer();
        let pos = self.game.position().clone();
        let order = pos.parse_order(side, ply)?;
        let Some(white) = self.pending.take() else {
            self.pending = Some(order);
            return Ok(());
        };
        let report = self.game.play(white, order).clone();
        let text = pos.format_round(white, order);
        let effects = pos.round_effects(white, order, self.game.position(), &report);
        self.plies.push(PlyRecord {
            player: Player::White,
            notation: text.clone(),
            text,
            effects: Effects::Round(effects),
        });
        Ok(())
    }

    /// One order, or a whole round `WHITE,BLACK` when none is waiting.
    fn play_turn(&mut self, token: &str) -> Result<(), ParseError> {
        if self.pending.is_none() {
            if let Ok((white, black)) = self.game.position().parse_round(token) {
                let pos = self.game.position();
                let (white, black) = (pos.format_order(white), pos.format_order(black));
                self.play(&white)?;
                let played = self.play(&black);
                if played.is_err() {
                    self.pending = None;
                }
                return played;
            }
        }
        self.play(token)
    }

    fn truncate(&mut self, plies: usize) {
        // A take-back also takes back an order written for the round under way.
        self.pending = None;
        if plies >= self.plies.len() {
            return;
        }
        let mut game = Rounds::new(self.start.clone());
        for record in &self.plies[..plies] {
            // Each round was legal when played from the same start: parsing again cannot fail.
            if let Ok((w, b)) = game.position().parse_round(&record.text) {
                game.play(w, b);
            }
        }
        self.game = game;
        self.plies.truncate(plies);
    }

    fn boxed_clone(&self) -> Box<dyn BoardGame> {
        Box::new(self.clone())
    }

    fn pgn_variant(&self) -> &'static str {
        G::pgn_name(self.name, &self.rules)
    }

    fn simultaneous(&self) -> bool {
        true
    }

    /// The engine writes the order of the side the round waits for, on the position at the
    /// start of the round: it never sees the other side's order.
    fn go(&self, go: &Go, env: SearchEnv) -> Result<JoinHandle<()>, CommandError> {
        let mut session = RoundSession::<G>::new(self.name, &[]);
        let rounds: Vec<String> = self.plies.iter().map(|p| p.text.clone()).collect();
        session.set_position(&Start::Fen(self.start.fen()), &rounds)?;
        let go = Go {
            side: Some(self.writer()),
            ..go.clone()
        };
        session.go(&go, env)
    }
}
