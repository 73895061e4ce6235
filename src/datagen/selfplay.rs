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
/// A score this decisive for the same side on this many plies in a row ends the game as a win.
const DECISIVE: i32 = 2_000;
const DECISIVE_PLIES: u32 = 4;
/// Plies after which an undecided game is scored a draw.
const MAX_PLIES: u32 = 400;

/// The seed of game `game`: the same game whichever worker or shard plays it.
fn game_seed(seed: u64, game: u64) -> u64 {
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

    /// The best move and its score for the player to move, or `None` with no legal move.
    fn search<G: Game>(&self, history: &History<G>) -> Option<(G::Move, i32)> {
        let params = SearchParams {
            limits: Limits {
                nodes: Some(self.nodes),
                ..Limits::default()
            },
            ..SearchParams::default()
        };
        let control = Control::new(false);
        let result = search::search(
            history.position(),
            history.keys(),
            &params,
            &self.tt,
            &control,
            &mut |_| {},
        );
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
    'tries: for _ in 0..OPENING_TRIES {
        let mut history = History::new(start.clone());
        let mut moves = G::Moves::default();
        for _ in 0..plies {
            moves.clear();
            history.position().legal_moves(&mut moves);
            if moves.is_empty() || history.outcome().is_some() {
                continue 'tries;
            }
            history.play(moves[rng.random_range(0..moves.len())]);
        }
        if history.outcome().is_some() {
            continue;
        }
        match searcher.search(&history) {
            Some((_, s)) if s.abs() <= BALANCED => return Some(history),
            _ => continue,
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
    searcher.tt.clear();
    let mut rng = SmallRng::seed_from_u64(game_seed(settings.seed, game));
    let Some(mut history) = opening(start, settings.random_plies, searcher, &mut rng) else {
        return Vec::new();
    };
    let mut records: Vec<(String, i32)> = Vec::new();
    let mut decisive = (0, Player::White);
    let result = loop {
        if let Some(outcome) = history.outcome() {
            break match outcome {
                Outcome::Win { winner, .. } => white_result(winner),
                Outcome::Draw(_) => 0.5,
            };
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
        let leader = if white > 0 {
            Player::White
        } else {
            Player::Black
        };
        decisive = if white.abs() >= DECISIVE {
            if decisive.1 == leader {
                (decisive.0 + 1, leader)
            } else {
                (1, leader)
            }
        } else {
            (0, leader)
        };
        if decisive.0 >= DECISIVE_PLIES {
            break white_result(leader);
        }
        history.play(mv);
    };
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
    use chimera_engine::GameState;

    #[test]
    fn games_are_seeded_balanced_and_scored() {
        let settings = Settings {
            nodes: 300,
            seed: 9,
            random_plies: 6,
        };
        let start = <Position as GameState>::start(&Default::default());
        let mut searcher = Searcher::new(settings.nodes);
        let a = play(&start, 3, &settings, &mut searcher);
        let b = play(&start, 3, &settings, &mut searcher);
        assert!(!a.is_empty());
        assert_eq!(a, b, "the same seed and game number give the same game");
        assert_ne!(a[0].fen, play(&start, 4, &settings, &mut searcher)[0].fen);
        for r in &a {
            assert_eq!(r.positions as usize, a.len());
            assert_eq!(r.result, a[0].result);
            <Position as GameState>::from_fen(&r.fen, &Default::default()).unwrap();
        }
    }
}
