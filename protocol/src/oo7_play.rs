//! 007 played through the protocol's replies (the `Describe` of 007 is the engine's,
//! `variants/oo7/describe.rs`).

/// A smoke test of play (the real strength checks are `scripts/strength-007`): in each
/// schedule, the search at depth 3 beats the greedy baseline from the start, every ply of
/// both players is legal, and whole turns come back as the protocol writes them.
#[cfg(test)]
mod tests {
    use crate::reply::{bestmove_line, plies_text};
    use chimera_engine::baseline::{choose_turn, Play};
    use chimera_engine::history::History;
    use chimera_engine::search::{
        complete_turn, search, Control, Limits, SearchParams, TranspositionTable,
    };
    use chimera_engine::variants::oo7::{Options, Position, Schedule};
    use chimera_engine::{Game, Outcome, Player, WinReason};
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    /// The search's turn, through `bestmove` and the comma-joined plies read back.
    fn search_turn(game: &History<Position>, tt: &TranspositionTable) -> Vec<String> {
        let params = SearchParams {
            limits: Limits {
                depth: Some(3),
                ..Limits::default()
            },
            ..SearchParams::default()
        };
        let root = game.position();
        let control = Control::default();
        let mut result = search(root, game.keys(), &params, tt, &control, &mut |_| {});
        result.pv = complete_turn(root, game.keys(), &params, &result, tt, &control);
        let line = bestmove_line(root, &result, tt);
        let turn = line.split(' ').nth(1).expect("bestmove names a turn");
        turn.split(',').map(str::to_string).collect()
    }

    fn play_game(schedule: Schedule, seed: u64) -> Outcome {
        let options = Options {
            schedule,
            ..Options::default()
        };
        let mut game = History::new(Position::start(&options));
        let tt = TranspositionTable::new(4);
        let mut rng = SmallRng::seed_from_u64(seed);
        for _ in 0..200 {
            if let Some(outcome) = game.outcome() {
                return outcome;
            }
            let player = game.position().to_move();
            let plies: Vec<String> = if player == Player::White {
                search_turn(&game, &tt)
            } else {
                let (turn, _) = choose_turn(game.position(), Play::Greedy, &mut rng);
                plies_text(game.position(), &turn)
                    .split(',')
                    .map(str::to_string)
                    .collect()
            };
            assert!(!plies.is_empty());
            for ply in plies {
                assert_eq!(
                    game.position().to_move(),
                    player,
                    "{ply} after the turn ended"
                );
                let mv = game
                    .position()
                    .parse_move(&ply)
                    .unwrap_or_else(|e| panic!("{schedule}: {e}"));
                game.play(mv);
                if game.outcome().is_some() {
                    break;
                }
            }
        }
        panic!(
            "{schedule}: no result in 200 turns: {}",
            game.position().fen()
        );
    }

    #[test]
    fn search_beats_greedy_in_every_schedule() {
        for schedule in Schedule::ALL {
            let outcome = play_game(schedule, 1);
            assert!(
                matches!(
                    outcome,
                    Outcome::Win {
                        winner: Player::White,
                        reason: WinReason::Checkmate
                    }
                ),
                "{schedule}: {outcome}"
            );
        }
    }
}
