//! 007 over the protocol: options, extended FENs, comma-joined turns in `position`, `bestmove`
//! with the rest of the turn, `go perft`, and errors that name the bad token.

use chimera_engine::variants::oo7::{Options, Position};
use chimera_engine::{Game, VariantOptions};
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `chimera` on a whole script (a bounded `go` finishes before the input's end is acted
/// on) and returns its output lines.
fn session(script: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start chimera");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
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
    for (name, spec) in Options::specs() {
        let line = format!("option name {name} {spec}");
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
