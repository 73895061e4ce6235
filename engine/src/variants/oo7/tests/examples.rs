//! The worked examples of rules/007.md §14, one test each.

use super::*;
use crate::game::{DrawReason, Outcome, WinReason};
use crate::Player;

#[test]
fn example_1_start_has_the_orthodox_20_plies_in_every_schedule() {
    for (token, modes) in [
        ("w1/3", "standard"),
        ("b1/1", "balanced"),
        ("w1/1", "progressive"),
    ] {
        let p = pos(&format!("{START} {token}"), modes);
        let list = plies(&p);
        assert_eq!(list.len(), 20, "{modes}");
        let pawn_plies = list.iter().filter(|m| m.as_bytes()[1] == b'2').count();
        assert_eq!(pawn_plies, 16, "{modes}: 16 pawn and 4 knight plies");
        assert_eq!(
            Position::start(&opts(modes)),
            p,
            "{modes}: start() is that FEN"
        );
    }
}

#[test]
fn example_2_detente_capture_and_same_piece_rules_at_once() {
    let fen = "rnb1kbnr/pppp1pp1/7p/4p3/4P1P1/5P1q/PPPPK2P/RNBQ1BNR w kq - 3 5 w3/3 e2 h3";
    let p = pos(fen, "balanced+detente");
    assert_eq!(
        plies(&p),
        sorted("a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d1e1 d2d3 d2d4 f1g2 f3f4 g4g5")
    );
    // Without Detente the sets are not read: the orthodox 20, the removed six among them.
    let orthodox = plies(&pos(&fen.replace(" e2 h3", ""), "balanced"));
    assert_eq!(orthodox.len(), 20);
    for removed in ["e2d3", "e2e1", "e2e3", "e2f2", "f1h3", "g1h3"] {
        assert!(orthodox.contains(&removed.to_string()), "{removed}");
        let e = p.parse_move(removed).unwrap_err().to_string();
        assert!(
            e.contains("forbidden by Detente") && e.contains(removed),
            "{e}"
        );
    }
}

#[test]
fn example_3_balanced_opening_turn_has_only_the_capture_rule() {
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2 w2/2 - d5";
    let detente = plies(&pos(fen, "balanced+detente"));
    assert_eq!(detente.len(), 30);
    assert!(!detente.contains(&"e4d5".to_string()));
    let plain = plies(&pos(
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2 w2/2",
        "balanced",
    ));
    assert_eq!(plain.len(), 31);
    // Reached by play from the start, the same position and FEN.
    let played = play(&Position::start(&opts("balanced+detente")), "e2e4,d7d5");
    assert_eq!(played.fen(), fen);
}

#[test]
fn example_4_the_first_piece_may_move_again_only_when_nothing_else_can() {
    let a = pos(
        "7k/8/7p/p7/P7/8/8/1K6 w - - 0 2 w3/3 b1 h6",
        "standard+detente",
    );
    assert_eq!(plies(&a), sorted("b1a1 b1a2 b1b2 b1c1 b1c2"));
    let b_fen = "7k/8/7p/p7/P7/8/2P5/1K6 w - - 0 2 w3/3 b1 h6";
    assert_eq!(plies(&pos(b_fen, "standard+detente")), sorted("c2c3 c2c4"));
    assert_eq!(
        plies(&pos(b_fen, "standard")),
        sorted("b1a1 b1a2 b1b2 b1c1 c2c3 c2c4")
    );
}

#[test]
fn example_5_detente_self_checkmate() {
    let fen = "k7/8/8/8/1B6/P7/6PP/4r2K w - - 0 2 w3/3 a3 e1";
    assert_eq!(
        plies(&pos(fen, "standard")),
        vec!["b4e1"],
        "orthodox: only b4e1"
    );
    let p = pos(fen, "standard+detente");
    assert!(plies(&p).is_empty() && p.in_check());
    // The White player (who moved the rook to e1 himself) loses.
    assert_eq!(
        p.outcome(),
        Some(Outcome::win(Player::Black, WinReason::Checkmate))
    );
}

#[test]
fn example_6_detente_stalemate() {
    let fen = "8/8/8/8/8/pp6/P1k5/K7 w - - 0 2 w3/3 a1 b3";
    assert_eq!(plies(&pos(fen, "standard")), vec!["a2b3"]);
    let p = pos(fen, "standard+detente");
    assert!(plies(&p).is_empty() && !p.in_check());
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

#[test]
fn example_7_self_mate_with_the_enemy_ply() {
    let start = Position::start(&opts("standard"));
    let p = play(&start, "e2e4,f7f6,b1c3,g7g5");
    assert_eq!(
        p.fen(),
        "rnbqkbnr/ppppp2p/5p2/6p1/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq g6 0 3 b2/3"
    );
    assert_eq!(
        p.to_move(),
        Player::Black,
        "the Black player moves a white piece"
    );
    assert_eq!(plies(&p).len(), 32);
    let mated = play(&p, "d1h5");
    assert!(plies(&mated).is_empty());
    assert_eq!(
        mated.outcome(),
        Some(Outcome::win(Player::White, WinReason::Checkmate)),
        "the Black player mated his own king: he loses"
    );
    // The turn's third ply is not played: parsing it fails.
    assert!(mated.parse_move("a7a6").is_err());
}

#[test]
fn example_8_same_position_standard_mate_and_fast_and_deadly() {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3 b2/3";
    let standard = pos(fen, "standard");
    assert_eq!(
        play(&Position::start(&opts("standard")), "f2f3,e7e5,g2g4,d8h4").fen(),
        fen
    );
    assert!(plies(&standard).is_empty());
    assert_eq!(
        standard.outcome(),
        Some(Outcome::win(Player::Black, WinReason::Checkmate))
    );

    let fast = pos(fen, "standard+fast");
    let list = plies(&fast);
    assert_eq!(
        list,
        sorted("a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e1f2 e2e3 e2e4 f1g2 f1h3 f3f4 g1h3 g4g5 h2h3")
    );
    assert_eq!(fast.outcome(), None, "no mate under fast-and-deadly");
    for ply in &list {
        let after = play(&fast, ply);
        let capture = if ply == "e1f2" { "h4f2" } else { "h4e1" };
        let taken = play(&after, capture);
        assert_eq!(taken.king_taken(), Some(Player::White));
        assert_eq!(
            taken.outcome(),
            Some(Outcome::win(Player::Black, WinReason::RoyalCaptured)),
            "after {ply},{capture}"
        );
        assert!(plies(&taken).is_empty(), "the game is over");
    }
}

#[test]
fn example_9_detente_and_en_passant() {
    let fen = "rnbqkbnr/ppp1pppp/8/3pP3/8/5N2/PPPP1PPP/RNBQKB1R w KQkq d6 0 3 w3/3 f3 d5";
    let orthodox = plies(&pos(&fen.replace(" f3 d5", ""), "standard"));
    assert_eq!(orthodox.len(), 28);
    let detente = plies(&pos(fen, "standard+detente"));
    assert_eq!(detente.len(), 23);
    let removed: Vec<&String> = orthodox.iter().filter(|m| !detente.contains(m)).collect();
    assert_eq!(
        removed,
        sorted("e5d6 f3d4 f3g1 f3g5 f3h4")
            .iter()
            .collect::<Vec<_>>()
    );
    let played = play(
        &pos(
            &format!(
                "{} w1/3 - -",
                "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
            ),
            "standard+detente",
        ),
        "g1f3,d7d5",
    );
    assert_eq!(played.fen(), fen);
}

#[test]
fn example_10_schedules_controller_of_plies_0_to_15_and_tokens() {
    let table = [
        ("standard", "WWWBBBWWWBBBWWWB"),
        ("balanced", "BWWBBBWWWBBBWWWB"),
        ("progressive", "WBBWWWBBBBWWWWWB"),
    ];
    for (modes, expected) in table {
        let mut p = Position::start(&opts(modes));
        let mut tokens = Vec::new();
        let mut got = String::new();
        for i in 0..16 {
            assert_eq!(
                p.color(),
                if i % 2 == 0 {
                    Player::White
                } else {
                    Player::Black
                }
            );
            got.push(if p.to_move() == Player::White {
                'W'
            } else {
                'B'
            });
            tokens.push(p.turn().to_string());
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            // Knight moves keep every game going.
            let knight = |m: &&crate::variants::chess::Move| {
                p.board().role_on(m.from()) == Some(crate::variants::chess::Role::Knight)
            };
            let mv = *list.iter().find(knight).unwrap();
            p = p.play(mv);
        }
        assert_eq!(got, expected, "{modes}");
        match modes {
            "standard" => assert_eq!(tokens[4], "b2/3"),
            "balanced" => {
                assert_eq!(
                    (&*tokens[0], &*tokens[2], &*tokens[3]),
                    ("b1/1", "w2/2", "b1/3")
                )
            }
            _ => assert_eq!(
                (&*tokens[5], &*tokens[6], &*tokens[10]),
                ("w3/3", "b1/4", "w1/5")
            ),
        }
    }
}

#[test]
fn example_11_example_game_end_is_mate_of_white() {
    let p = pos(
        "rnB1k1n1/ppp2p2/3p3r/2b1p1p1/3qP3/4KP2/PPP1Q2P/RNB3NR w q - 0 13 w1/3",
        "balanced+detente",
    );
    assert!(plies(&p).is_empty() && p.in_check());
    let outcome = p.outcome().unwrap();
    assert_eq!(outcome, Outcome::win(Player::Black, WinReason::Checkmate));
    assert_eq!(outcome.result_str(), "0-1");
}
