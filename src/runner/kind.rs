//! The two kinds of game the runner referees, behind one trait: sequential games (one player
//! decides each ply: a [`Referee`] asks the player to move) and simultaneous ones (both write
//! an order each round: a [`RoundReferee`] asks both engines at once). Everything else in a
//! match (the game loop, openings, workers, tables, PGN) is written once over [`Refereed`].

use crate::runner::game::GameReferee;
use crate::runner::openings::{Openable, Opening};
use crate::runner::referee::Referee;
use crate::runner::rounds::RoundReferee;
use chimera_engine::{GameState, ParseError, Player};
use chimera_protocol::rounds::DescribeRounds;
use chimera_protocol::session::Describe;
use rand::rngs::SmallRng;
use rand::RngExt;

/// A variant's position as the match runner needs it: what openings are made of, and the
/// referee of a game between two engines from one.
pub trait Refereed: Openable + Send + Sync + 'static {
    type Referee: GameReferee;

    /// The PGN `Variant` tag of registry variant `name` under `options`.
    fn pgn_variant(name: &'static str, options: &Self::Options) -> &'static str {
        let _ = options;
        name
    }
    /// The referee of a game from `opening`.
    fn referee(opening: &Opening<Self>) -> Self::Referee;
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
    type Referee = Referee<G>;

    fn pgn_variant(name: &'static str, options: &Self::Options) -> &'static str {
        G::pgn_name(name, options)
    }
    fn referee(opening: &Opening<Self>) -> Referee<G> {
        Referee::new(opening.position.clone(), opening.is_start)
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
    type Referee = RoundReferee<G>;

    fn pgn_variant(name: &'static str, options: &Self::Options) -> &'static str {
        G::pgn_name(name, options)
    }
    fn referee(opening: &Opening<Self>) -> RoundReferee<G> {
        RoundReferee::new(opening.position.0.clone(), opening.is_start)
    }
}
