//! One test (at least) per ruling of rules/007.md §12. Rulings 7 and 15 are also the worked
//! examples 4 and the seed-game tests.

use super::*;
use crate::game::VariantOptions;
use crate::game::{DrawReason, Outcome, WinReason};
use crate::history::History;
use crate::perft::perft;
use crate::variants::chess::Position as Board;
use crate::Player;

/// The orthodox legal moves of a board, sorted.
fn orthodox(p: &Position) -> Vec<String> {
    let mut list = crate::variants::chess::MoveList::new();
    Board::legal_moves(p.board(), &mut list);
    let mut v: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

#[test]
fn ruling_1_no_look_ahead_a_ply_that_ends_the_turn_early_is_legal() {
    // The White player's first ply stalemates Black: plies 2 and 3 become impossible, and the
    // ply is legal all the same (the game ends in a draw, ruling 3).
    let p = pos("k7/8/8/8/3Q4/8/8/7K w - - 0 1 w1/3", "standard");
    assert_eq!(plies(&p), orthodox(&p));
    let after = play(&p, "d4b6");
    assert!(plies(&after).is_empty() && !after.in_check());
    assert_eq!(after.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

#[test]
fn ruling_2_the_owner_of_the_mated_king_loses_whoever_mated_it() {
    // Progressive: W | B: e7e5 (friendly), g2g4 (enemy) | W: d8h4 is the White player's enemy
    // ply, and it mates his own king.
    let start = Position::start(&opts("progressive"));
    let p = play(&start, "f2f3,e7e5,g2g4");
    assert_eq!((p.to_move(), p.color()), (Player::White, Player::Black));
    let mated = play(&p, "d8h4");
    assert_eq!(
        mated.outcome(),
        Some(Outcome::win(Player::Black, WinReason::Checkmate))
    );
    // Standard: the same mate on the Black player's own (friendly, first) ply wins for him.
    let std = play(&Position::start(&opts("standard")), "f2f3,e7e5,g2g4,d8h4");
    assert_eq!(std.to_move(), Player::Black);
    assert_eq!(
        std.outcome(),
        Some(Outcome::win(Player::Black, WinReason::Checkmate))
    );
}

#[test]
fn ruling_3_stalemate_at_any_ply_is_a_draw_even_self_stalemate() {
    // The White player, moving Black on his enemy ply, stalemates his own white king.
    let p = pos("7k/8/8/8/8/8/5q2/7K b - - 0 1 w2/3", "standard");
    let after = play(&p, "h8g8");
    assert!(plies(&after).is_empty() && !after.in_check());
    assert_eq!(after.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

#[test]
fn ruling_4_balanced_turn_lengths_are_1_2_then_3() {
    let mut p = Position::start(&opts("balanced"));
    let mut seen = Vec::new();
    for ply in [
        "b1c3", "b8c6", "g1f3", "g8f6", "c3b1", "c6b8", "f3g1", "f6g8",
    ] {
        seen.push(p.turn().to_string());
        p = play(&p, ply);
    }
    assert_eq!(
        seen,
        ["b1/1", "w1/2", "w2/2", "b1/3", "b2/3", "b3/3", "w1/3", "w2/3"]
    );
}

#[test]
fn ruling_5_progressive_turns_grow_and_refuse_detente() {
    let mut p = Position::start(&opts("progressive"));
    let mut lengths = Vec::new();
    for _ in 0..15 {
        if p.turn().k == 1 {
            lengths.push(p.turn().n);
        }
        let ply = if p.color() == Player::White {
            ["g1f3", "f3g1"]
        } else {
            ["g8f6", "f6g8"]
        };
        let mv = p
            .parse_move(ply[0])
            .or_else(|_| p.parse_move(ply[1]))
            .unwrap();
        p = p.play(mv);
    }
    assert_eq!(lengths, [1, 2, 3, 4, 5]);
    let mut o = opts("progressive");
    assert!(o.set("Detente", "true").is_err());
    let bad = Options {
        detente: true,
        ..opts("progressive")
    };
    let e = Position::from_fen(START, &bad).unwrap_err().to_string();
    assert!(e.contains("progressive") && e.contains("Detente"), "{e}");
}

#[test]
fn ruling_6_capture_rule_covers_promoted_pieces_and_has_no_exception() {
    // The White player promotes Black's pawn on his enemy ply, checking his own king: the new
    // queen is protected, so Rxb1 is out and only the king's escapes remain.
    let p = pos(
        "4k3/8/8/8/8/8/1p6/R3K3 b Q - 0 1 w2/3 - -",
        "standard+detente",
    );
    let after = play(&p, "b2b1q");
    assert_eq!(after.fen(), "4k3/8/8/8/8/8/8/Rq2K3 w Q - 0 2 w3/3 - b1");
    assert!(orthodox(&after).contains(&"a1b1".to_string()));
    assert_eq!(plies(&after), sorted("e1d2 e1e2 e1f2"));
    // Examples 5 and 6: no exception even when nothing else is legal (mate, stalemate).
    for fen in [
        "k7/8/8/8/1B6/P7/6PP/4r2K w - - 0 2 w3/3 a3 e1",
        "8/8/8/8/8/pp6/P1k5/K7 w - - 0 2 w3/3 a1 b3",
    ] {
        let p = pos(fen, "standard+detente");
        assert_eq!(orthodox(&p).len(), 1);
        assert!(plies(&p).is_empty(), "{fen}");
    }
}

#[test]
fn ruling_7_same_piece_exception_is_local_to_the_third_ply() {
    // Example 4: the same set-up, with and without another piece able to move.
    let alone = pos(
        "7k/8/7p/p7/P7/8/8/1K6 w - - 0 2 w3/3 b1 h6",
        "standard+detente",
    );
    assert_eq!(plies(&alone).len(), 5);
    let other = pos(
        "7k/8/7p/p7/P7/8/2P5/1K6 w - - 0 2 w3/3 b1 h6",
        "standard+detente",
    );
    assert_eq!(plies(&other), sorted("c2c3 c2c4"));
}

#[test]
fn ruling_8_castling_moves_two_pieces_and_identity_follows_them() {
    // The White player castled on ply 1 and moved Black's pawn to c3 on ply 2: neither the
    // king nor the rook may move at ply 3, and the pawn on c3 may not be taken.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 w1/3 - -";
    let p = play(&pos(kiwipete, "standard+detente"), "e1g1,b4c3");
    assert_eq!(
        p.fen(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/4P3/2p2Q1p/PPPBBPPP/R4RK1 w kq - 0 2 w3/3 f1,g1 c3"
    );
    let list = plies(&p);
    assert!(list
        .iter()
        .all(|m| !m.starts_with("f1") && !m.starts_with("g1")));
    assert!(
        list.iter().all(|m| !m.ends_with("c3")),
        "b2c3 and d2c3 are out"
    );
    assert!(orthodox(&p)
        .iter()
        .any(|m| m.starts_with("f1") || m.starts_with("g1")));
    assert_eq!(list.len(), 40);

    // An enemy ply's castling protects both pieces (fast-and-deadly lets Black castle across
    // the attacked f8, so the rook can be attacked there).
    let fast = play(
        &pos(
            "r3k2r/8/8/8/8/8/8/4KR2 b kq - 0 1 w2/3 - -",
            "standard+fast+detente",
        ),
        "e8g8",
    );
    assert_eq!(fast.detente().enemy.count(), 2);
    assert!(!plies(&fast).contains(&"f1f8".to_string()));

    // A first-ply piece the enemy ply captured restricts nothing any more.
    let p = play(
        &pos(
            "4kr2/8/8/8/8/8/8/4K1N1 w - - 0 1 w1/3 - -",
            "standard+detente",
        ),
        "g1f3",
    );
    assert_eq!(p.detente().friendly.count(), 1);
    let p = play(&p, "f8f3");
    assert!(p.detente().friendly.is_empty());
    assert_eq!(p.fen(), "4k3/8/8/8/8/5r2/8/4K3 w - - 0 2 w3/3 - f3");

    // A promoted pawn stays the same piece: its new square is the first ply's.
    let p = play(
        &pos("8/1P5k/8/8/8/8/8/K7 w - - 0 1 w1/3 - -", "standard+detente"),
        "b7b8n",
    );
    assert_eq!(p.fen(), "1N6/7k/8/8/8/8/8/K7 b - - 0 1 w2/3 b8 -");
    let p = play(&p, "h7h8");
    assert!(plies(&p).iter().all(|m| !m.starts_with("b8")));
}

#[test]
fn ruling_9_balanced_opening_turns_under_detente() {
    // Black's single-ply opening turn has no restriction.
    assert_eq!(plies(&Position::start(&opts("balanced+detente"))).len(), 20);
    // White's two-ply turn: the capture rule only (example 3), no same-piece rule (F is empty).
    let p = play(&Position::start(&opts("balanced+detente")), "e2e4,d7d5");
    assert!(p.detente().friendly.is_empty());
    assert!(!plies(&p).contains(&"e4d5".to_string()));
    assert_eq!(plies(&p).len(), 30);
}

#[test]
fn ruling_10_promotion_letters_are_plies_and_owner_promotes_keeps_perft() {
    let fen = "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1 b1/3";
    let mover = pos(fen, "standard");
    let owner = pos(fen, "standard+owner");
    let list = plies(&mover);
    for letter in ["q", "r", "b", "n"] {
        assert!(list.contains(&format!("g2g1{letter}")), "g2g1{letter}");
    }
    assert_eq!(list, plies(&owner));
    assert_eq!(perft(&mover, 3), perft(&owner, 3));
}

#[test]
fn ruling_11_fast_and_deadly() {
    // Castling across an attacked square is allowed; orthodox castling is not.
    let fen = "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1 w1/3";
    assert!(!plies(&pos(fen, "standard")).contains(&"e1g1".to_string()));
    assert!(plies(&pos(fen, "standard+fast")).contains(&"e1g1".to_string()));
    // A player who captures his own king with an enemy piece loses.
    let p = pos("4k3/8/8/8/8/8/3q4/4K3 b - - 0 1 w2/3", "standard+fast");
    assert!(Position::from_fen("4k3/8/8/8/8/8/3q4/4K3 b - - 0 1 w2/3", &opts("standard")).is_err());
    let taken = play(&p, "d2e1");
    assert_eq!(
        taken.outcome(),
        Some(Outcome::win(Player::Black, WinReason::RoyalCaptured))
    );
    assert_eq!(taken.stuck_outcome(), taken.outcome().unwrap());
    assert!(plies(&taken).is_empty() && !taken.in_check());
    assert!(taken
        .parse_move("e8e7")
        .unwrap_err()
        .to_string()
        .contains("over"));
    // The mover may leave his king attacked, and nothing is a dead position.
    let bare = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 w1/3", "standard+fast");
    assert!(plies(&bare).contains(&"e1e2".to_string()));
    assert_eq!(bare.outcome(), None);
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 w1/3", "standard").outcome(),
        Some(Outcome::Draw(DrawReason::InsufficientMaterial))
    );
}

/// §9: with no pseudo-legal ply the game is a stalemate, even with the king attacked: there is
/// no checkmate under fast-and-deadly. The same ply is an orthodox checkmate.
#[test]
fn ruling_11_fast_and_deadly_without_a_ply_is_stalemate_even_in_check() {
    // Every white piece is walled in by its own men or by blocked pawns, so White has no
    // pseudo-legal move at all; the knight's ply to c2 attacks the white king.
    let fen = "7k/8/8/8/n7/Pp1pn3/RP1P4/KRB5 b - - 0 1 b1/3";
    let fast = play(&pos(fen, "standard+fast"), "e3c2");
    assert_eq!(
        (fast.color(), fast.to_move()),
        (Player::White, Player::Black)
    );
    assert!(fast.in_check());
    assert!(plies(&fast).is_empty());
    assert_eq!(fast.stuck_outcome(), Outcome::Draw(DrawReason::Stalemate));
    assert_eq!(fast.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    let orthodox = play(&pos(fen, "standard"), "e3c2");
    assert_eq!(
        orthodox.outcome(),
        Some(Outcome::win(Player::Black, WinReason::Checkmate))
    );
    // Not attacked, under fast-and-deadly with Detente too: the same draw, and perft stops.
    let quiet = pos(
        "7k/8/8/8/n7/Pp1p4/RP1P4/KRB5 w - - 0 1 b2/3 - -",
        "standard+fast+detente",
    );
    assert!(!quiet.in_check() && plies(&quiet).is_empty());
    assert_eq!(quiet.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    assert_eq!(perft(&quiet, 2), 0);
}

#[test]
fn ruling_12_fifty_moves_yield_to_mate_and_repetition_needs_the_same_turn_state() {
    let p = pos("k7/8/8/8/8/8/8/K6R w - - 99 60 w1/3", "standard");
    assert_eq!(
        play(&p, "h1h2").outcome(),
        Some(Outcome::Draw(DrawReason::FiftyMoves))
    );
    let p = pos("k7/1R6/2K5/8/8/8/8/7R w - - 99 60 w1/3", "standard");
    assert_eq!(
        play(&p, "h1h8").outcome(),
        Some(Outcome::win(Player::White, WinReason::Checkmate))
    );

    // The board repeats every 4 plies, the turn state every 6: the position every 12.
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut history = History::new(Position::start(&opts("standard")));
    for i in 0..24 {
        let p = *history.position();
        history.play(p.parse_move(shuffle[i % 4]).unwrap());
        let repeats = history.repetitions();
        assert_eq!(repeats, (i + 1) / 12, "after {} plies", i + 1);
    }
    assert_eq!(
        history.outcome(),
        Some(Outcome::Draw(DrawReason::Repetition))
    );
    let four = play(&Position::start(&opts("standard")), "g1f3,g8f6,f3g1,f6g8");
    assert_eq!(four.board().key(), Board::start().key());
    assert_ne!(four.key(), Position::start(&opts("standard")).key());

    // Under Detente the sets are part of the position.
    let a = pos(
        "7k/8/7p/p7/P7/8/2P5/1K6 w - - 0 2 w3/3 b1 h6",
        "standard+detente",
    );
    let b = pos(
        "7k/8/7p/p7/P7/8/2P5/1K6 w - - 0 2 w3/3 c2 h6",
        "standard+detente",
    );
    let c = pos(
        "7k/8/7p/p7/P7/8/2P5/1K6 w - - 0 2 w3/3 - h6",
        "standard+detente",
    );
    assert!(a.key() != b.key() && b.key() != c.key() && a.key() != c.key());
}

#[test]
fn ruling_13_nothing_carries_over_to_the_next_turn() {
    let p = play(
        &Position::start(&opts("standard+detente")),
        "g1f3,b8c6,b1c3",
    );
    assert_eq!(
        p.fen(),
        "r1bqkbnr/pppppppp/2n5/8/8/2N2N2/PPPPPPPP/R1BQKB1R b KQkq - 3 2 b1/3 - -"
    );
    // The Black player may take back the ply his opponent made with his knight, and undo the
    // opponent's own plies with his enemy ply.
    let p = play(&p, "c6b8,c3b1,g8f6");
    assert_eq!(
        p.fen(),
        "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 6 4 w1/3 - -"
    );
}

#[test]
fn ruling_14_a_check_on_ply_1_is_answered_by_orthodox_legality_of_ply_2() {
    let p = play(
        &pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 w1/3", "standard"),
        "a1a8",
    );
    assert!(p.in_check());
    assert_eq!(plies(&p), sorted("e8d7 e8e7 e8f7"));
    assert_eq!(plies(&p), orthodox(&p));
}
