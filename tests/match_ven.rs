//! `chimera match --variant ven`: both engines asked at once each round, the PGN's round tokens
//! replayed by Ven's rules, and forfeits of an engine that writes illegal orders.

mod common;

use chimera_engine::simultaneous::SimultaneousGame;
use chimera_engine::variants::ven::Ven;
use common::{run_match, CHIMERA};

/// The round tokens of each game in a PGN, with its FEN tag.
fn games(pgn: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for game in pgn.split("[Event ").skip(1) {
        let fen = game
            .lines()
            .find_map(|l| l.strip_prefix("[FEN \""))
            .and_then(|l| l.strip_suffix("\"]"))
            .expect("a FEN tag")
            .to_string();
        let body: String = game
            .lines()
            .filter(|l| !l.starts_with('['))
            .collect::<Vec<_>>()
            .join(" ");
        let body = body.split('{').next().unwrap_or("");
        let rounds = body
            .split_whitespace()
            .filter(|w| w.contains(','))
            .map(str::to_string)
            .collect();
        out.push((fen, rounds));
    }
    out
}

#[test]
fn random_players_finish_games_whose_rounds_replay_by_the_rules() {
    let (stdout, pgn) = run_match(
        "ven-random",
        &[
            "--variant",
            "ven",
            "--engine",
            CHIMERA,
            "--option",
            "Play=random",
            "--option",
            "Seed=3",
            "--engine",
            CHIMERA,
            "--option",
            "Play=randomgreedy",
            "--depth",
            "1",
            "--games",
            "6",
            "--book-plies",
            "2",
            "--concurrency",
            "2",
        ],
    );
    assert!(stdout.contains("Finished 6 games"), "{stdout}");
    assert!(stdout.contains("Terminations: normal 6"), "{stdout}");
    assert_eq!(pgn.matches("[Variant \"Ven\"]").count(), 6);
    let games = games(&pgn);
    assert_eq!(games.len(), 6);
    for (fen, rounds) in games {
        let mut pos = Ven::from_fen(&fen).unwrap();
        assert!(!rounds.is_empty());
        for token in &rounds {
            let (w, b) = pos
                .parse_round(token)
                .unwrap_or_else(|e| panic!("{token} in {}: {e}", pos.fen()));
            pos = pos.resolve(w, b);
        }
        // Every game ended by the rules (no adjudication was asked for).
        assert!(
            pos.outcome().is_some() || pos.is_terminal() || pgn.contains("repetition"),
            "{}",
            pos.fen()
        );
    }
}

#[test]
fn an_engine_writing_illegal_orders_forfeits_every_game() {
    let illegal = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engines/illegal_ven.sh");
    let (stdout, pgn) = run_match(
        "ven-illegal",
        &[
            "--variant",
            "ven",
            "--engine",
            CHIMERA,
            "--option",
            "Play=random",
            "--engine",
            illegal,
            "--depth",
            "1",
            "--games",
            "2",
        ],
    );
    let games: Vec<&str> = stdout.lines().filter(|l| l.starts_with("Game ")).collect();
    assert_eq!(games.len(), 2, "{stdout}");
    for line in games {
        assert!(line.contains("Illegal_ven forfeits"), "{line}");
        assert!(line.contains("'e2e5'"), "{line}");
    }
    assert_eq!(
        pgn.matches("[Termination \"rules infraction\"]").count(),
        2,
        "{pgn}"
    );
    assert!(stdout.contains("+2 -0 =0"), "{stdout}");
}
