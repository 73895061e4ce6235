//! One self-play game of datagen: a seeded random opening kept only if a search finds it
//! balanced, then both sides searched to a node budget per move.

use super::record::Record;
use chimera_engine::game::MoveList;
use chimera_engine::history::History;
use chimera_engine::search::{self, score, Control, Limits, SearchParams, TranspositionTable};
use chimera_engine::{Game, Outcome, Player};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// How the games of one run are played.
#[derive(Clone, Debug)]
pub struct Settings {
    pub nodes: u64,
    pub seed: u64,
    /// Random plies that open each game.
    pub random_plies: u32,
}

/// Openings scoring beyond this (centipawns, either side) are drawn again.
const BALANCED: i32 = 300;
/// Random openings tried before a game is given up (recorded as having no position).
const OPENING_TRIES: u32 = 50;
/// A score this decisive for the same side on this many searches in a row ends the game as a win.
const DECISIVE: i32 = 2_000;
const DECISIVE_PLIES: u32 = 4;
/// Plies after which an undecided game is scored a draw.
pub(super) const MAX_PLIES: u32 = 400;

/// The seed of game `game`: the same game whichever worker or shard plays it.
pub(super) fn game_seed(seed: u64, game: u64) -> u64 {
    // SplitMix64's finaliser: games with neighbouring numbers get unrelated streams.
    let mut z = seed ^ game.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce5_e4b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The searcher of one worker: its table, reused from game to game.
pub struct Searcher {
    tt: TranspositionTable,
    nodes: u64,
}

impl Searcher {
    pub fn new(nodes: u64) -> Self {
        Searcher {
            tt: TranspositionTable::new(16),
            nodes,
        }
    }

    /// Clears the table for a new game, so that a game is the same whichever worker plays it.
    pub fn new_game(&mut self) {
        self.tt.clear();
    }

    /// The best move and its score for the player to move, or `None` with no legal move.
    fn search<G: Game>(&self, history: &History<G>) -> Option<(G::Move, i32)> {
        self.search_root(history.position(), history.keys())
    }

    /// As `search`, from `root` after the positions of `keys` (for repetition).
    pub(super) fn search_root<G: Game>(&self, root: &G, keys: &[u64]) -> Option<(G::Move, i32)> {
        let params = SearchParams {
            limits: Limits {
                nodes: Some(self.nodes),
                ..Limits::default()
            },
            ..SearchParams::default()
        };
        let control = Control::new(false);
        let result = search::search(root, keys, &params, &self.tt, &control, &mut |_| {});
        result.best.map(|mv| (mv, result.score))
    }
}

/// A balanced opening for game `rng`'s stream: `plies` random plies from `start`.
fn opening<G: Game>(
    start: &G,
    plies: u32,
    searcher: &Searcher,
    rng: &mut SmallRng,
) -> Option<History<G>> {
    let mut moves = G::Moves::default();
    balanced(
        plies,
        rng,
        || History::new(start.clone()),
        |history, rng| {
            moves.clear();
            history.position().legal_moves(&mut moves);
            let stuck = moves.is_empty() || history.outcome().is_some();
            (!stuck).then(|| history.play(moves[rng.random_range(0..moves.len())]))
        },
        |history| history.outcome().is_some(),
        |history| searcher.search(history).map(|(_, s)| s),
    )
}

/// The first of up to [`OPENING_TRIES`] games from `new` whose `steps` random steps (`step`:
/// `None` where the game cannot go on) leave it not `over` and scored by `score` within
/// [`BALANCED`].
pub(super) fn balanced<S>(
    steps: u32,
    rng: &mut SmallRng,
    new: impl Fn() -> S,
    mut step: impl FnMut(&mut S, &mut SmallRng) -> Option<()>,
    over: impl Fn(&S) -> bool,
    score: impl Fn(&S) -> Option<i32>,
) -> Option<S> {
    'tries: for _ in 0..OPENING_TRIES {
        let mut game = new();
        for _ in 0..steps {
            if step(&mut game, rng).is_none() {
                continue 'tries;
            }
        }
        if !over(&game) && score(&game).is_some_and(|s| s.abs() <= BALANCED) {
            return Some(game);
        }
    }
    None
}

/// Plays game `game` and returns its records (quiet positions: not in check, the searched move
/// neither a capture nor a promotion, the score not a mate), each with the game's result.
pub fn play<G: Game>(
    start: &G,
    game: u64,
    settings: &Settings,
    searcher: &mut Searcher,
) -> Vec<Record> {
    searcher.new_game();
    let mut rng = SmallRng::seed_from_u64(game_seed(settings.seed, game));
    let Some(mut history) = opening(start, settings.random_plies, searcher, &mut rng) else {
        return Vec::new();
    };
    let mut records: Vec<(String, i32)> = Vec::new();
    let mut decisive = Decisive::default();
    let result = loop {
        if let Some(outcome) = history.outcome() {
            break outcome_result(outcome);
        }
        if history.keys().len() as u32 >= MAX_PLIES {
            break 0.5;
        }
        let pos = history.position();
        let Some((mv, s)) = searcher.search(&history) else {
            break 0.5; // unreachable: no legal move is an outcome
        };
        let mover = pos.to_move();
        let white = mover.sign() * s;
        if !pos.in_check() && !pos.is_tactical(mv) && !score::is_mate(s) {
            records.push((pos.fen(), white));
        }
        if let Some(result) = decisive.after(white) {
            break result;
        }
        history.play(mv);
    };
    scored(records, result, game)
}

/// The records of game `game`'s positions (FEN, White's score), each with the game's result.
pub(super) fn scored(records: Vec<(String, i32)>, result: f64, game: u64) -> Vec<Record> {
    let positions = records.len() as u32;
    records
        .into_iter()
        .map(|(fen, score)| Record {
            fen,
            score,
            result,
            game,
            positions,
        })
        .collect()
}

/// An outcome as a result for White: 1, 0.5 or 0.
pub(super) fn outcome_result(outcome: Outcome) -> f64 {
    match outcome {
        Outcome::Win { winner, .. } => white_result(winner),
        Outcome::Draw(_) => 0.5,
    }
}

/// A run of scores decisive for one side: `DECISIVE_PLIES` in a row end the game as its win.
#[derive(Default)]
pub(super) struct Decisive {
    run: u32,
    leader: Option<Player>,
}

impl Decisive {
    /// Counts a search's score (White's side); the game's result once the run is long enough.
    pub(super) fn after(&mut self, white: i32) -> Option<f64> {
        let leader = if white > 0 {
            Player::White
        } else {
            Player::Black
        };
        self.run = match white.abs() >= DECISIVE {
            true if self.leader == Some(leader) => self.run + 1,
            true => 1,
            false => 0,
        };
        self.leader = Some(leader);
        (self.run >= DECISIVE_PLIES).then(|| white_result(leader))
    }
}

fn white_result(winner: Player) -> f64 {
    match winner {
        Player::White => 1.0,
        Player::Black => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_engine::variants::chess::Position;
    use chimera_engine::variants::ven::Ven;
    use chimera_engine::GameState;

    /// Plays games 3 (twice) and 4 with `play` (a game's number, the settings and a searcher:
    /// its records) and checks they are seeded and scored; game 3's records.
    fn seeded_games(play: impl Fn(u64, &Settings, &mut Searcher) -> Vec<Record>) -> Vec<Record> {
        let settings = Settings {
            nodes: 300,
            seed: 9,
            random_plies: 6,
        };
        let mut searcher = Searcher::new(settings.nodes);
        let a = play(3, &settings, &mut searcher);
        let b = play(3, &settings, &mut searcher);
        assert!(!a.is_empty());
        assert_eq!(a, b, "the same seed and game number give the same game");
        assert_ne!(a[0].fen, play(4, &settings, &mut searcher)[0].fen);
        for r in &a {
            assert_eq!(r.positions as usize, a.len());
            assert_eq!(r.result, a[0].result);
            assert!(!score::is_mate(r.score), "{r:?}");
        }
        a
    }

    #[test]
    fn games_are_seeded_balanced_and_scored() {
        let start = <Position as GameState>::start(&Default::default());
        for r in seeded_games(|g, s, searcher| play(&start, g, s, searcher)) {
            <Position as GameState>::from_fen(&r.fen, &Default::default()).unwrap();
        }
    }

    /// Ven's games (both sides `Play=maximin`) record quiet rounds: neither king in check.
    #[test]
    fn ven_games_are_seeded_balanced_and_scored() {
        use chimera_engine::simultaneous::SimultaneousGame;
        let start = Ven::start();
        for r in seeded_games(|g, s, searcher| super::super::rounds::play(&start, g, s, searcher)) {
            let pos = Ven::from_fen(&r.fen).unwrap();
            assert!(!pos.in_check(Player::White) && !pos.in_check(Player::Black));
        }
    }
}
