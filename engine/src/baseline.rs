//! Baseline players for strength checks, chosen by `setoption name Play value ...`.
//! `random` plays uniformly random legal plies (drawn from the engine's generator, seeded by
//! `Seed`), `greedy` plays the ply whose resulting position is best for it by one ply of
//! look-ahead: a win at once first, a loss never if it can help it, otherwise the best static
//! evaluation (whose dominant term is material), ties broken at random; `randomgreedy` is
//! random half the time and greedy otherwise (what the only other simultaneous-chess program
//! plays). These answer at once. A whole turn is chosen ply by ply, so 007's multi-ply turns
//! work too. `maximin` is the search itself in sequential variants; in Ven it is the pure
//! serialized alpha-beta order (see [`crate::simultaneous::root::maximin`]), the
//! "just use alpha-beta" engine the matrix search must beat. In a simultaneous game a player
//! writes one order a round instead ([`choose_order`]).

use crate::simultaneous::SimultaneousGame;
use crate::{Game, Outcome, ParseError, Player};
use rand::rngs::SmallRng;
use rand::RngExt;

/// Who chooses the moves: the search, or a baseline player.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Play {
    #[default]
    Search,
    Random,
    Greedy,
    RandomGreedy,
    Maximin,
    /// Ven: predicts the default root by running it, and plays the deep best response
    /// (`Exploiter` for `Play=maximin`); elsewhere the search.
    Exploiter,
    ExploiterMaximin,
}

impl Play {
    pub const ALL: [Play; 7] = [
        Play::Search,
        Play::Random,
        Play::Greedy,
        Play::RandomGreedy,
        Play::Maximin,
        Play::Exploiter,
        Play::ExploiterMaximin,
    ];

    /// The option's choices, [`Play::ALL`]'s names in its order.
    pub const NAMES: [&'static str; Play::ALL.len()] = {
        let mut names = [""; Play::ALL.len()];
        let mut i = 0;
        while i < names.len() {
            names[i] = Play::ALL[i].name();
            i += 1;
        }
        names
    };

    pub const fn name(self) -> &'static str {
        match self {
            Play::Search => "search",
            Play::Random => "random",
            Play::Greedy => "greedy",
            Play::RandomGreedy => "randomgreedy",
            Play::Maximin => "maximin",
            Play::Exploiter => "exploiter",
            Play::ExploiterMaximin => "exploiter-maximin",
        }
    }

    /// Whether the player answers at once from a rule, not from a search.
    pub const fn is_baseline(self) -> bool {
        matches!(self, Play::Random | Play::Greedy | Play::RandomGreedy)
    }

    /// The rule this player follows for one decision: random and greedy always, randomgreedy
    /// by a fair coin from `rng`.
    pub fn pick(self, rng: &mut SmallRng) -> Play {
        match self {
            Play::RandomGreedy if rng.random_range(0..2) == 0 => Play::Random,
            Play::RandomGreedy => Play::Greedy,
            other => other,
        }
    }

    /// Case-insensitive, as UCI option values are.
    pub fn parse(value: &str) -> Result<Play, ParseError> {
        Play::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(value))
            .ok_or_else(|| {
                ParseError::new(format!(
                    "option 'Play': value '{value}' is not search, random, greedy, randomgreedy, maximin, exploiter or exploiter-maximin"
                ))
            })
    }
}

/// Greedy's value of a decided game, beyond any evaluation.
const DECIDED: i32 = 1_000_000;

/// The value of the position after a ply for `me`, who chose it; `None` when no baseline value
/// applies (the search player).
fn greedy_value<G: Game>(after: &G, me: Player) -> i32 {
    match after.outcome() {
        Some(Outcome::Win { winner, .. }) if winner == me => DECIDED,
        Some(Outcome::Win { .. }) => -DECIDED,
        Some(Outcome::Draw(_)) => 0,
        None if after.to_move() == me => after.evaluate_for_mover(),
        None => -after.evaluate_for_mover(),
    }
}

/// The ply `play` picks from `pos` (which must have a legal move), and greedy's value of it.
fn choose_ply<G: Game>(pos: &G, play: Play, rng: &mut SmallRng) -> Option<(G::Move, i32)> {
    let mut moves = G::Moves::default();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        return None;
    }
    if play != Play::Greedy {
        return Some((moves[rng.random_range(0..moves.len())], 0));
    }
    let me = pos.to_move();
    Some(best_at_random(&moves, i32::MIN, rng, |mv| {
        greedy_value(&pos.play(mv), me)
    }))
}

/// The item of `items` (not empty) of the highest `value`, and that value; equal-best items
/// are drawn with equal chance (reservoir sampling, one draw per tie met).
fn best_at_random<T: Copy, V: PartialOrd + Copy>(
    items: &[T],
    floor: V,
    rng: &mut SmallRng,
    mut value: impl FnMut(T) -> V,
) -> (T, V) {
    let mut best = (items[0], floor);
    let mut ties = 0u32;
    for &item in items {
        let v = value(item);
        if v > best.1 {
            best = (item, v);
            ties = 1;
        } else if v == best.1 {
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                best.0 = item;
            }
        }
    }
    best
}

/// The whole turn the player to move at `root` plays: plies while he decides and the game goes
/// on. Empty when he has no legal move. The value is greedy's for the last ply (0 for random).
pub fn choose_turn<G: Game>(root: &G, play: Play, rng: &mut SmallRng) -> (Vec<G::Move>, i32) {
    let play = play.pick(rng);
    let me = root.to_move();
    let mut pos = root.clone();
    let mut turn = Vec::new();
    let mut value = 0;
    while let Some((mv, v)) = choose_ply(&pos, play, rng) {
        turn.push(mv);
        value = v;
        pos = pos.play(mv);
        if pos.to_move() != me || pos.quick_outcome().is_some() {
            break;
        }
    }
    (turn, value)
}

/// The baseline players of a simultaneous game: `random` writes a uniformly random order;
/// `greedy` the order whose resolved positions are best for it on average over a uniformly
/// random opponent, by one round of look-ahead (static evaluation, decided games first).
pub fn choose_order<G: SimultaneousGame>(
    pos: &G,
    side: Player,
    play: Play,
    rng: &mut SmallRng,
) -> Option<G::Order> {
    let mut mine = G::Orders::default();
    pos.orders(side, &mut mine);
    let mut theirs = G::Orders::default();
    pos.orders(side.other(), &mut theirs);
    if mine.is_empty() || theirs.is_empty() {
        return None;
    }
    if play.pick(rng) != Play::Greedy {
        return Some(mine[rng.random_range(0..mine.len())]);
    }
    let value = |after: &G| -> f64 {
        match after.outcome() {
            Some(Outcome::Win { winner, .. }) if winner == side => 1e9,
            Some(Outcome::Win { .. }) => -1e9,
            Some(Outcome::Draw(_)) => 0.0,
            None => (after.evaluate_for_white() * side.sign()) as f64,
        }
    };
    let best = best_at_random(&mine, f64::MIN, rng, |m| {
        let total: f64 = theirs
            .iter()
            .map(|&t| {
                let (w, b) = match side {
                    Player::White => (m, t),
                    Player::Black => (t, m),
                };
                value(&pos.resolve(w, b))
            })
            .sum();
        total / theirs.len() as f64
    });
    Some(best.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameState;
    use crate::variants::chess::Position;
    use rand::SeedableRng;

    fn turn(fen: &str, play: Play, seed: u64) -> Vec<String> {
        let pos = <Position as GameState>::from_fen(fen, &Default::default()).unwrap();
        let mut rng = SmallRng::seed_from_u64(seed);
        let (plies, _) = choose_turn(&pos, play, &mut rng);
        let mut p = pos;
        plies
            .iter()
            .map(|&m| {
                let s = p.format_move(m);
                p = p.play(m);
                s
            })
            .collect()
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn play_values_parse_case_insensitively_and_errors_name_the_value() {
        assert_eq!(Play::parse("Random"), Ok(Play::Random));
        assert_eq!(Play::parse("GREEDY"), Ok(Play::Greedy));
        assert_eq!(Play::parse("search"), Ok(Play::Search));
        assert_eq!(Play::parse("RandomGreedy"), Ok(Play::RandomGreedy));
        assert_eq!(Play::parse("maximin"), Ok(Play::Maximin));
        assert!(Play::parse("clever")
            .unwrap_err()
            .what()
            .contains("'clever'"));
    }

    #[test]
    fn random_is_reproducible_by_seed_and_varies_across_seeds() {
        assert_eq!(turn(START, Play::Random, 7), turn(START, Play::Random, 7));
        let distinct: std::collections::HashSet<Vec<String>> =
            (0..20).map(|s| turn(START, Play::Random, s)).collect();
        assert!(distinct.len() > 5, "{distinct:?}");
    }

    #[test]
    fn greedy_takes_the_queen_and_mates_in_one() {
        // The queen on d5 hangs to the e4 pawn; the pawn or the knight could take a pawn instead.
        let fen = "4k3/8/8/3q1p2/4P3/6N1/8/4K3 w - - 0 1";
        for seed in 0..5 {
            assert_eq!(turn(fen, Play::Greedy, seed), ["e4d5"]);
        }
        // Back-rank mate beats taking the queen on a5.
        let fen = "6k1/5ppp/8/q7/2N5/8/8/4R1K1 w - - 0 1";
        for seed in 0..5 {
            assert_eq!(turn(fen, Play::Greedy, seed), ["e1e8"]);
        }
    }

    #[test]
    fn no_legal_move_gives_an_empty_turn() {
        let mated = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1";
        assert!(turn(mated, Play::Random, 0).is_empty());
        assert!(turn(mated, Play::Greedy, 0).is_empty());
    }
}
