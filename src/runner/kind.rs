//! The two kinds of game the runner referees, behind one trait: sequential games (one player
//! decides each ply: [`game::play_game`] asks the player to move) and simultaneous ones (both
//! write an order each round: [`rounds::play_rounds`] asks both engines at once). Everything
//! else in a match (openings, workers, tables, PGN) is written once over [`Refereed`].

use crate::runner::game::{self, GameRecord, GameRules};
use crate::runner::openings::{Openable, Opening};
use crate::runner::process::EngineProcess;
use crate::runner::rounds;
use chimera_engine::{GameState, ParseError, Player};
use chimera_protocol::rounds::DescribeRounds;
use chimera_protocol::session::Describe;
use rand::rngs::SmallRng;
use rand::RngExt;
use std::sync::atomic::AtomicBool;

/// A variant's position as the match runner needs it: what openings are made of, and a game
/// between two engines from one.
pub trait Refereed: Openable + Send + Sync + 'static {
    /// The PGN `Variant` tag of registry variant `name` under `options`.
    fn pgn_variant(name: &'static str, options: &Self::Options) -> &'static str {
        let _ = options;
        name
    }
    /// Plays one game from `opening` between White's and Black's engines (see
    /// [`game::play_game`] for the arguments).
    fn play_game(
        opening: &Opening<Self>,
        rules: &GameRules,
        engines: [&mut EngineProcess; 2],
        names: [&str; 2],
        stop: &AtomicBool,
        broken: &mut [bool; 2],
    ) -> Option<GameRecord>;
}

impl<G: Describe> Openable for G {
    type Options = G::Options;

    fn start(options: &G::Options) -> Self {
        G::start(options)
    }
    fn from_fen(fen: &str, options: &G::Options) -> Result<Self, ParseError> {
        G::from_fen(fen, options)
    }
    fn fen(&self) -> String {
        GameState::fen(self)
    }
    fn random_step(&self, rng: &mut SmallRng) -> Option<Self> {
        let mut moves = G::Moves::default();
        self.legal_moves(&mut moves);
        if moves.is_empty() || self.quick_outcome().is_some() {
            return None;
        }
        Some(self.play(moves[rng.random_range(0..moves.len())]))
    }
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
}

impl<G: Describe> Refereed for G {
    fn pgn_variant(name: &'static str, options: &Self::Options) -> &'static str {
        G::pgn_name(name, options)
    }
    fn play_game(
        opening: &Opening<Self>,
        rules: &GameRules,
        engines: [&mut EngineProcess; 2],
        names: [&str; 2],
        stop: &AtomicBool,
        broken: &mut [bool; 2],
    ) -> Option<GameRecord> {
        game::play_game(opening, rules, engines, names, stop, broken)
    }
}

/// A simultaneous variant's position, refereed round by round.
#[derive(Clone, Debug)]
pub struct Simultaneous<G>(pub G);

impl<G: DescribeRounds> Openable for Simultaneous<G> {
    type Options = G::Options;

    fn start(options: &G::Options) -> Self {
        Simultaneous(G::start(options))
    }
    fn from_fen(fen: &str, options: &G::Options) -> Result<Self, ParseError> {
        G::from_fen(fen, options).map(Simultaneous)
    }
    fn fen(&self) -> String {
        self.0.fen()
    }
    fn random_step(&self, rng: &mut SmallRng) -> Option<Self> {
        if self.is_over() {
            return None;
        }
        let pick = |side: Player, rng: &mut SmallRng| {
            let mut orders = G::Orders::default();
            self.0.orders(side, &mut orders);
            orders[rng.random_range(0..orders.len())]
        };
        let white = pick(Player::White, rng);
        let black = pick(Player::Black, rng);
        Some(Simultaneous(self.0.resolve(white, black)))
    }
    fn is_over(&self) -> bool {
        self.0.is_terminal() || self.0.outcome().is_some()
    }
}

impl<G: DescribeRounds> Refereed for Simultaneous<G> {
    fn pgn_variant(name: &'static str, options: &Self::Options) -> &'static str {
        G::pgn_name(name, options)
    }
    fn play_game(
        opening: &Opening<Self>,
        rules: &GameRules,
        engines: [&mut EngineProcess; 2],
        names: [&str; 2],
        stop: &AtomicBool,
        broken: &mut [bool; 2],
    ) -> Option<GameRecord> {
        let opening = Opening {
            position: opening.position.0.clone(),
            is_start: opening.is_start,
        };
        rounds::play_rounds(&opening, rules, engines, names, stop, broken)
    }
}
