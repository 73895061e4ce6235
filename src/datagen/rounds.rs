//! One self-play game of datagen for a simultaneous variant (Ven), played as `Play=maximin`
//! plays: each round, each side searches the serialized view with itself writing first, and the
//! two orders resolve together.
//!
//! A round's record is the position at its start with White's share of both searches: White's
//! maximin value (a lower bound of the round's value for White) and Black's (an upper bound),
//! averaged.

use super::record::Record;
use super::selfplay::{
    balanced, game_seed, outcome_result, scored, Decisive, Searcher, Settings, MAX_PLIES,
};
use chimera_engine::history::Rounds;
use chimera_engine::search::score;
use chimera_engine::simultaneous::root::round_keys;
use chimera_engine::simultaneous::serial::Serial;
use chimera_engine::simultaneous::SimultaneousGame;
use chimera_engine::Player;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// `side`'s maximin order and its score for `side`, or `None` with no order.
fn order<G: SimultaneousGame>(
    searcher: &Searcher,
    game: &Rounds<G>,
    side: Player,
) -> Option<(G::Order, i32)> {
    let view = Serial::new(game.position().clone(), side);
    searcher.search_root(&view, &round_keys::<G>(game.keys(), side))
}

/// Both sides' orders and White's share of their scores (the mean of the two bounds).
fn round<G: SimultaneousGame>(
    searcher: &Searcher,
    game: &Rounds<G>,
) -> Option<(G::Order, G::Order, i32, bool)> {
    let (white, w) = order(searcher, game, Player::White)?;
    let (black, b) = order(searcher, game, Player::Black)?;
    let mate = score::is_mate(w) || score::is_mate(b);
    Some((white, black, (w - b) / 2, mate))
}

/// A uniformly random order for `side`, or `None` with none.
fn random_order<G: SimultaneousGame>(
    pos: &G,
    side: Player,
    rng: &mut SmallRng,
) -> Option<G::Order> {
    let mut orders = G::Orders::default();
    pos.orders(side, &mut orders);
    (!orders.is_empty()).then(|| orders[rng.random_range(0..orders.len())])
}

/// A balanced opening: `rounds` rounds of random orders from `start`, kept if White's maximin
/// search scores it within datagen's balance.
fn opening<G: SimultaneousGame>(
    start: &G,
    rounds: u32,
    searcher: &Searcher,
    rng: &mut SmallRng,
) -> Option<Rounds<G>> {
    balanced(
        rounds,
        rng,
        || Rounds::new(start.clone()),
        |game, rng| {
            if game.outcome().is_some() {
                return None;
            }
            let pos = game.position();
            let white = random_order(pos, Player::White, rng)?;
            let black = random_order(pos, Player::Black, rng)?;
            game.play(white, black);
            Some(())
        },
        |game| game.outcome().is_some(),
        |game| order(searcher, game, Player::White).map(|(_, s)| s),
    )
}

/// Plays game `game` (its opening: `settings.random_plies` random plies, two a round, rounded
/// up) and returns its records: quiet rounds (neither king in check, neither order a capture,
/// neither score a mate), each with the game's result.
pub fn play<G: SimultaneousGame>(
    start: &G,
    game: u64,
    settings: &Settings,
    searcher: &mut Searcher,
) -> Vec<Record> {
    searcher.new_game();
    let mut rng = SmallRng::seed_from_u64(game_seed(settings.seed, game));
    let random_rounds = settings.random_plies.div_ceil(2);
    let Some(mut rounds) = opening(start, random_rounds, searcher, &mut rng) else {
        return Vec::new();
    };
    let mut records: Vec<(String, i32)> = Vec::new();
    let mut decisive = Decisive::default();
    let result = loop {
        if let Some(outcome) = rounds.outcome() {
            break outcome_result(outcome);
        }
        // Two plies a round, as the sequential variants count them.
        if 2 * rounds.keys().len() as u32 >= MAX_PLIES {
            break 0.5;
        }
        let pos = rounds.position();
        let Some((white, black, score, mate)) = round(searcher, &rounds) else {
            break 0.5; // unreachable: a side without orders is an outcome
        };
        let quiet = Player::BOTH.into_iter().all(|side| !pos.in_check(side))
            && !pos.is_capture(Player::White, white)
            && !pos.is_capture(Player::Black, black);
        if quiet && !mate {
            records.push((pos.fen(), score));
        }
        if let Some(result) = decisive.after(score) {
            break result;
        }
        rounds.play(white, black);
    };
    scored(records, result, game)
}
