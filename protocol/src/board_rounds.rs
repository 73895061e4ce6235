//! A simultaneous game (Ven) as a board shows it. Each round both sides write an order in
//! secret: the board takes White's order first, then Black's, whoever writes them (the person,
//! or the engine through the protocol's own [`RoundSession`]); the first order waits unseen
//! (neither the page nor the engine's search sees it) until the second comes, then the round
//! resolves and both orders are revealed with the round's report.

use crate::board_api::{BoardGame, PlyRecord};
use crate::command::{Go, Start};
use crate::error::CommandError;
use crate::rounds::{DescribeRounds, RoundSession, Rounds};
use crate::session::{SearchEnv, Session};
use chimera_engine::{Outcome, ParseError, Player};
use std::thread::JoinHandle;

pub(crate) struct RoundGame<G: DescribeRounds> {
    pub(crate) name: &'static str,
    pub(crate) start: G,
    pub(crate) game: Rounds<G>,
    pub(crate) plies: Vec<PlyRecord>,
    /// White's order of the round being written, kept secret until Black's comes.
    pub(crate) pending: Option<G::Order>,
}

impl<G: DescribeRounds> RoundGame<G> {
    pub(crate) fn new(name: &'static str, start: G) -> Self {
        RoundGame {
            name,
            game: Rounds::new(start.clone()),
            start,
            plies: Vec::new(),
            pending: None,
        }
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
        let report = self.game.play(white, order).to_string();
        let text = pos.format_round(white, order);
        self.plies.push(PlyRecord {
            player: Player::White,
            text,
            enemy: false,
            // Pieces move and are taken in one round in ways a before-and-after picture cannot
            // tell apart (a capturer avenged on its square, a slider stopped short): the report
            // says what happened.
            removed: Vec::new(),
            note: report,
        });
        Ok(())
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

    fn pgn_variant(&self) -> &'static str {
        G::PGN_NAME
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
