//! 007 over the protocol: options, extended FENs, comma-joined turns in `position`, `bestmove`
//! with the rest of the turn, `go perft`, and errors that name the bad token.

use chimera_engine::variants::oo7::{Options, Position, Schedule};
use chimera_engine::{Game, Outcome, Player, VariantOptions, WinReason};

mod common;

/// The output lines of a whole scripted session.
fn session(script: &str) -> Vec<String> {
    common::session(script).0
}

fn fen_lines(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("Fen: "))
        .collect()
}

#[test]
fn uci_lists_007_and_its_options() {
    let lines = session("uci\n");
    let variant = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant"))
        .unwrap();
    assert!(variant.contains("var 007"), "{variant}");
    for spec in Options::specs() {
        let line = spec.uci_line();
        assert_eq!(lines.iter().filter(|l| **l == line).count(), 1, "{line}");
    }
}

#[test]
fn position_takes_plies_turns_and_extended_fens() {
    let lines = session(
        "setoption name UCI_Variant value 007\n\
         setoption name Schedule value balanced\n\
         setoption name Detente value true\n\
         position startpos moves e2e4 d7d5\n\
         d\n\
         position startpos moves f2f3 h7h6,e2e4 e7e5,g2g4,d8h4\n\
         d\n\
         position fen rnb1kbnr/pppp1pp1/7p/4p3/4P1P1/5P1q/PPPPK2P/RNBQ1BNR w kq - 3 5 w3/3 e2 h3\n\
         go perft 1\n",
    );
    assert_eq!(
        fen_lines(&lines),
        [
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2 w2/2 - d5",
            "rnb1kbnr/pppp1pp1/7p/4p3/4P1Pq/5P2/PPPP3P/RNBQKBNR w KQkq - 1 4 w1/3 - -",
        ]
    );
    assert!(lines.iter().any(|l| l == "Nodes searched: 14"), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
}

#[test]
fn bestmove_is_the_rest_of_the_turn() {
    let script = |moves: &str| {
        format!(
            "setoption name UCI_Variant value 007\n\
             position startpos{moves}\n\
             go depth 4\n"
        )
    };
    for (moves, plies_left) in [("", 3), (" moves e2e4", 2), (" moves e2e4,e7e5", 1)] {
        let lines = session(&script(moves));
        let best = lines.last().unwrap();
        let turn = best.split_whitespace().nth(1).unwrap();
        assert_eq!(turn.split(',').count(), plies_left, "{best}");
        // The turn is legal from the position, ply after ply.
        let mut pos = Position::start(&Options::default());
        if let Some(m) = moves.strip_prefix(" moves ") {
            pos = pos.play_plies(m).unwrap();
        }
        let after = pos.play_plies(turn).unwrap();
        assert_ne!(
            after.to_move(),
            pos.to_move(),
            "{best}: the turn is complete"
        );
    }
}

#[test]
fn a_mating_ply_ends_bestmove() {
    // The White player mates with his first ply: the turn's other plies are never played.
    let lines = session(
        "setoption name UCI_Variant value 007\n\
         position fen k7/8/1K6/8/8/8/8/7R w - - 0 1 w1/3\n\
         go depth 3\n",
    );
    let best = lines.last().unwrap();
    assert!(best.starts_with("bestmove h1"), "{best}");
    assert_eq!(best.split_whitespace().nth(1).unwrap().len(), 4, "{best}");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
}

/// The White player moves Black's b2 pawn (Black's only plies are its four promotions).
const ENEMY_PROMOTION: &str = "k7/2Q5/8/8/8/8/1p6/7K b - - 0 1 w2/3";

fn bestmove_turn(lines: &[String]) -> Vec<String> {
    let best = lines.last().unwrap();
    assert!(best.starts_with("bestmove "), "{lines:?}");
    let turn = best.split_whitespace().nth(1).unwrap();
    turn.split(',').map(str::to_string).collect()
}

#[test]
fn with_owner_promotes_bestmove_names_the_letter_the_owner_picks() {
    let script = |owner: bool, go: &str| {
        format!(
            "setoption name UCI_Variant value 007
             setoption name OwnerPromotes value {owner}
             position fen {ENEMY_PROMOTION}
             {go}
"
        )
    };
    // Off, the White player picks Black's piece: a minor one. On, bestmove still names whole
    // plies, the promotion with the letter the search predicts Black picks (a heavy piece that
    // checks along the first rank), then White's last ply.
    let off = bestmove_turn(&session(&script(false, "go depth 3")));
    assert!(off[0] == "b2b1n" || off[0] == "b2b1b", "{off:?}");
    let on = bestmove_turn(&session(&script(true, "go depth 3")));
    assert!(on[0] == "b2b1q" || on[0] == "b2b1r", "{on:?}");
    assert_eq!(on.len(), 2, "{on:?}");
    // The owner asked for his letter: `searchmoves` with any letter of the pawn step names the
    // step; bestmove's first ply carries the letter (the rest is the engine's guess at the
    // controller's turn, which the GUI ignores).
    let asked = bestmove_turn(&session(&script(true, "go depth 3 searchmoves b2b1n")));
    assert_eq!(asked[0], on[0], "{asked:?}");
    let pos = Position::from_fen(ENEMY_PROMOTION, &Options::default()).unwrap();
    assert!(pos.play_plies(&on.join(",")).is_ok());
}

#[test]
fn a_long_turn_is_searched_past_the_line() {
    // Progressive turn 5: a depth-1 line covers one ply; the rest of the turn is searched from
    // where it stops (the first legal plies would miss the mate Qd3-h7 after ...h7h6).
    let fen = "7k/6pp/4nN2/8/3Q4/8/8/K7 w - - 0 1 w1/5";
    let lines = session(&format!(
        "setoption name UCI_Variant value 007\n\
         setoption name Schedule value progressive\n\
         position fen {fen}\n\
         go depth 1\n"
    ));
    let turn = bestmove_turn(&lines).join(",");
    let options = Options {
        schedule: Schedule::Progressive,
        ..Options::default()
    };
    let after = Position::from_fen(fen, &options)
        .unwrap()
        .play_plies(&turn)
        .unwrap();
    assert_eq!(
        after.outcome(),
        Some(Outcome::win(Player::White, WinReason::Checkmate)),
        "{turn}"
    );
}

#[test]
fn errors_name_the_token_and_change_nothing() {
    let lines = session(
        "setoption name UCI_Variant value 007\n\
         setoption name Detente value true\n\
         setoption name Schedule value progressive\n\
         setoption name Schedule value sideways\n\
         position startpos moves e2e4,d7d5,e4d5\n\
         position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b3/3\n\
         position startpos moves g1f3,b8c6,f3g1\n\
         d\n",
    );
    let errors: Vec<&String> = lines.iter().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 5, "{lines:?}");
    assert!(errors[0].contains("progressive") && errors[0].contains("Detente"));
    assert!(errors[1].contains("'sideways'"));
    assert!(errors[2].contains("'e4d5'") && errors[2].contains("Detente"));
    assert!(errors[3].contains("b3/3"));
    assert!(errors[4].contains("'f3g1'") && errors[4].contains("Detente"));
    // Nothing changed: still the start, under standard Detente.
    assert_eq!(
        fen_lines(&lines),
        ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 w1/3 - -"]
    );
}
