//! A sequential game (every variant but Ven) as a board shows it: the history of one variant's
//! positions, each ply recorded with the effects its variant says it had.

use super::{start_of, BoardGame, Effects, PlyRecord};
use chimera_engine::board_view::BoardView;
use chimera_engine::history::History;
use chimera_engine::{Outcome, ParseError, Player, VariantOptions};
use chimera_protocol::command::{Go, Start};
use chimera_protocol::error::CommandError;
use chimera_protocol::registry::Preset;
use chimera_protocol::session::{Describe, GameSession, SearchEnv, Session};
use std::thread::JoinHandle;

#[derive(Clone)]
pub(super) struct VariantGame<G: Describe> {
    name: &'static str,
    preset: Preset,
    /// User options after the preset, as given (to rebuild the session).
    options: Vec<(String, String)>,
    start: G,
    history: History<G>,
    plies: Vec<PlyRecord>,
    legal: Vec<String>,
}

impl<G: Describe> VariantGame<G> {
    /// A game of `name` with its `preset`, then `options`, from `fen` or the start.
    pub(super) fn open(
        name: &'static str,
        preset: Preset,
        options: &[(String, String)],
        fen: Option<&str>,
    ) -> Result<Self, ParseError> {
        let rules = Self::rules(preset, options)?;
        let start = start_of(fen, || G::start(&rules), |f| G::from_fen(f, &rules))?;
        let mut game = VariantGame {
            name,
            preset,
            options: options.to_vec(),
            history: History::new(start.clone()),
            start,
            plies: Vec::new(),
            legal: Vec::new(),
        };
        game.refresh_legal();
        Ok(game)
    }

    /// The variant's options: the preset's, then the user's, in order.
    fn rules(preset: Preset, options: &[(String, String)]) -> Result<G::Options, ParseError> {
        let mut rules = G::Options::default();
        for (name, value) in preset
            .iter()
            .map(|(n, v)| (*n, *v))
            .chain(options.iter().map(|(n, v)| (n.as_str(), v.as_str())))
        {
            rules.set(name, value)?;
        }
        Ok(rules)
    }

    fn refresh_legal(&mut self) {
        let pos = self.history.position();
        self.legal = if self.history.outcome().is_some() {
            Vec::new()
        } else {
            let mut moves = G::Moves::default();
            pos.legal_moves(&mut moves);
            moves.iter().map(|m| pos.format_move(*m)).collect()
        };
    }
}

impl<G: Describe> BoardGame for VariantGame<G> {
    fn variant(&self) -> &'static str {
        self.name
    }
    fn start_fen(&self) -> String {
        self.start.fen()
    }
    fn fen(&self) -> String {
        self.history.position().fen()
    }
    fn view(&self) -> BoardView {
        self.history.position().board_view()
    }
    fn to_move(&self) -> Player {
        self.history.position().to_move()
    }
    fn in_check(&self) -> bool {
        self.history.position().in_check()
    }
    fn legal_plies(&self) -> Vec<String> {
        self.legal.clone()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.history.outcome()
    }
    fn plies(&self) -> &[PlyRecord] {
        &self.plies
    }

    fn play(&mut self, ply: &str) -> Result<(), ParseError> {
        if let Some(outcome) = self.history.outcome() {
            return Err(ParseError::with_token(
                format!("move '{ply}' after the game ended ({outcome})"),
                ply,
            ));
        }
        let pos = self.history.position().clone();
        let mv = pos.parse_move(ply).map_err(|e| {
            if e.token() == Some(ply) {
                e
            } else {
                ParseError::with_token(format!("move '{ply}': {e}"), ply)
            }
        })?;
        self.history.play(mv);
        self.plies.push(PlyRecord {
            player: pos.to_move(),
            text: pos.format_move(mv),
            notation: pos.ply_notation(mv),
            effects: Effects::Ply(pos.ply_effects(mv, self.history.position())),
        });
        self.refresh_legal();
        Ok(())
    }

    fn play_turn(&mut self, token: &str) -> Result<(), ParseError> {
        let before = self.plies.len();
        for ply in G::turn_plies(token) {
            if self.history.outcome().is_some() {
                break;
            }
            if let Err(e) = self.play(ply) {
                self.truncate(before);
                return Err(e);
            }
        }
        Ok(())
    }

    fn truncate(&mut self, plies: usize) {
        if plies >= self.plies.len() {
            return;
        }
        let mut history = History::new(self.start.clone());
        for record in &self.plies[..plies] {
            // Each was legal when played from the same start: parsing again cannot fail.
            if let Ok(mv) = history.position().parse_move(&record.text) {
                history.play(mv);
            }
        }
        self.history = history;
        self.plies.truncate(plies);
        self.refresh_legal();
    }

    fn boxed_clone(&self) -> Box<dyn BoardGame> {
        Box::new(self.clone())
    }

    fn pgn_variant(&self) -> &'static str {
        // The options were checked when the game was opened.
        let rules = Self::rules(self.preset, &self.options).unwrap_or_default();
        G::pgn_name(self.name, &rules)
    }

    fn go(&self, go: &Go, env: SearchEnv) -> Result<JoinHandle<()>, CommandError> {
        let mut session = GameSession::<G>::new(self.name, self.preset);
        for (name, value) in &self.options {
            session.set_option(name, value)?;
        }
        let moves: Vec<String> = self.plies.iter().map(|p| p.text.clone()).collect();
        session.set_position(&Start::Fen(self.start.fen()), &moves)?;
        session.go(go, env)
    }
}
