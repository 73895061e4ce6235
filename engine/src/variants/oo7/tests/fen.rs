//! The extended FEN (§10.2): writing, reading, and every way reading refuses.

use super::*;

#[test]
fn start_fens_carry_the_schedule_turn_state() {
    for (modes, fen) in [
        ("standard", format!("{START} w1/3")),
        ("balanced", format!("{START} b1/1")),
        ("progressive", format!("{START} w1/1")),
        ("standard+detente", format!("{START} w1/3 - -")),
    ] {
        assert_eq!(Position::start(&opts(modes)).fen(), fen);
        assert_eq!(pos(&fen, modes).fen(), fen);
    }
}

#[test]
fn a_missing_turn_state_reads_as_the_start_of_a_standard_turn() {
    let p = pos(START, "standard");
    assert_eq!(p.turn().to_string(), "w1/3");
    let black = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert_eq!(pos(black, "standard").fen(), format!("{black} b1/3"));
    // Four orthodox fields are read too (clocks 0 1).
    assert_eq!(
        pos("8/8/8/8/8/8/8/K6k w - -", "standard").fen(),
        "8/8/8/8/8/8/8/K6k w - - 0 1 w1/3"
    );
    // Balanced accepts w1/3 after its opening turns; Progressive has no 3-ply first turn.
    assert!(Position::from_fen(START, &opts("balanced")).is_ok());
    let e = Position::from_fen(START, &opts("progressive"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("w1/3"), "{e}");
}

#[test]
fn the_en_passant_field_shows_every_double_step() {
    let p = play(&Position::start(&opts("standard")), "e2e4");
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 w2/3"
    );
    assert_eq!(
        p.board().en_passant(),
        None,
        "no capture possible: not in the key"
    );
    assert_eq!(play(&p, "g8f6").fen().split(' ').nth(3), Some("-"));
}

#[test]
fn bad_extended_fens_are_refused_naming_the_token() {
    let cases: &[(&str, &str, &str)] = &[
        (START, "standard", "x1/3"),
        (START, "standard", "w0/3"),
        (START, "standard", "w4/3"),
        (START, "standard", "w1-3"),
        (START, "standard", "w1/"),
        (START, "standard", "w1/2"),
        (START, "standard", "w2/3"),
        (START, "standard", "b1/3"),
        (START, "balanced", "w1/1"),
        (START, "balanced", "b1/2"),
        (START, "progressive", "b1/1"),
        (START, "progressive", "w1/99999999999"),
    ];
    for (fen, modes, token) in cases {
        let text = format!("{fen} {token}");
        let e = Position::from_fen(&text, &opts(modes)).unwrap_err();
        assert_eq!(e.token(), Some(*token), "{text}: {e}");
        assert!(e.to_string().contains(token), "{text}: {e}");
    }
    let mid = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 w3/3";
    let sets: &[(&str, &str)] = &[
        ("e4", "e5 extra"), // ten fields
        ("e4", ""),         // F without E
        ("e9", "e5"),       // not a square
        ("e4,e4", "e5"),    // repeated
        ("e3", "e5"),       // empty square
        ("e5", "e4"),       // wrong colours
        ("e4,d2", "e5"),    // two pieces that are not a castling pair
        ("e4", "e5,d7"),    // likewise
    ];
    for (f, e) in sets {
        let text = format!("{mid} {f} {e}");
        let error = Position::from_fen(&text, &opts("standard+detente")).unwrap_err();
        assert!(error.token().is_some(), "{text}: '{error}' names no token");
        let err = error.to_string();
        let token = if e.is_empty() {
            "F and E"
        } else {
            f.split(',').next().unwrap()
        };
        assert!(err.contains(token) || err.contains(e), "{text}: {err}");
    }
    // Sets the turn could not have made: at k = 1 nothing, at k = 2 no E.
    let k1 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 w1/3 e4 -";
    assert!(Position::from_fen(k1, &opts("standard+detente")).is_err());
    let k2 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 w2/3 e4 e7";
    let e = Position::from_fen(k2, &opts("standard+detente"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("'e7'"), "{e}");
    // Balanced's two-ply turn starts with an enemy ply: no F.
    let b2 = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2 w2/2 e4 d5";
    assert!(Position::from_fen(b2, &opts("balanced+detente")).is_err());
    // Without Detente the sets are read and dropped (the rules' examples compare both ways).
    assert_eq!(pos(&format!("{mid} e4 e5"), "standard").fen(), mid);
    assert!(Position::from_fen(&format!("{mid} e4 e9"), &opts("standard")).is_err());
    // The orthodox part is checked by the board's reader, which names the token.
    let e = Position::from_fen(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1 w1/3",
        &opts("standard"),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("'X'"), "{e}");
}

#[test]
fn castling_pairs_are_valid_sets() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/4P3/2p2Q1p/PPPBBPPP/R4RK1 w kq - 0 2 w3/3 f1,g1 c3";
    assert_eq!(pos(fen, "standard+detente").fen(), fen);
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PPPBBPpP/2KR3R w kq - 0 2 w3/3 c1,d1 g2";
    assert_eq!(pos(fen, "standard+fast+detente").fen(), fen);
}

#[test]
fn fast_and_deadly_reads_positions_with_the_other_king_attacked() {
    let fen = "4k3/8/8/8/8/8/3q4/4K3 b - - 0 1 w2/3";
    assert!(Position::from_fen(fen, &opts("standard")).is_err());
    assert_eq!(pos(fen, "standard+fast").fen(), fen);
}

#[test]
fn plies_and_turns_parse_with_errors_naming_the_token() {
    let p = Position::start(&opts("standard"));
    for (text, needle) in [
        ("e2e5", "'e2e5'"),
        ("e2e4,,e7e5", "empty ply"),
        ("e2e4,e7e5,zz", "'zz'"),
        ("e2e4,e2e4", "'e2e4'"),
        ("e7e8x", "'x'"),
        ("", "empty ply"),
    ] {
        let e = p.parse_plies(text).unwrap_err().to_string();
        assert!(e.contains(needle), "{text}: {e}");
    }
    let plies = p.parse_plies("e2e4,e7e5,g1f3,b8c6").unwrap();
    assert_eq!(Position::format_plies(&plies), "e2e4,e7e5,g1f3,b8c6");
}

#[test]
fn turn_prefix_is_what_bestmove_answers() {
    let p = Position::start(&opts("standard"));
    let pv = p.parse_plies("g1f3,b8c6,e2e4,e7e5,b1c3").unwrap();
    assert_eq!(Position::format_plies(p.turn_prefix(&pv)), "g1f3,b8c6,e2e4");
    let k3 = play(&p, "g1f3,b8c6");
    assert_eq!(Position::format_plies(k3.turn_prefix(&pv[2..])), "e2e4");
    // A ply that ends the game ends the answer.
    let q = pos("k7/8/1K6/8/8/8/8/7R w - - 0 1 w1/3", "standard");
    let mate = q.parse_move("h1h8").unwrap();
    // The second ply is never played: the game is over after the first.
    assert_eq!(q.turn_prefix(&[mate, mate]), &[mate]);
}
