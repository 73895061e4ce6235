//! The rulings of ven.md §9 that have a position, and game end (§6).

use super::*;
use crate::game::{DrawReason, Outcome, WinReason};

/// One round from `fen`, strictly: the report and the FEN after.
fn round(fen: &str, orders: &str) -> (String, String) {
    let (after, report) = play(&pos(fen), orders);
    assert_eq!(after.key(), after.compute_key());
    (report.to_string(), after.fen())
}

#[test]
fn r1_pinned_pieces_stay_and_kings_avoid_attacked_squares() {
    // After round 24 of the example: the knight on f5 is pinned against Kf7 by Rf2, and the
    // knight on c5 covers b3 from White's king.
    let p = pos("r6r/pppp1kp1/8/2n1pn2/6p1/2PP4/PPK2Rq1/8 w - - 2 25");
    let black = orders_text(&p, Player::Black);
    assert!(!black.iter().any(|o| o.starts_with("f5")), "{black:?}");
    assert!(black.contains(&"f7e7".to_string()));
    let white = orders_text(&p, Player::White);
    assert!(white.contains(&"c2b1".to_string()) && !white.contains(&"c2b3".to_string()));
}

#[test]
fn r2_no_order_captures_a_king_when_both_start_in_check() {
    // After round 23 of the example: Rf4 checks Kf7, Qg2 checks Kc2.
    let p = pos("r6r/ppppnkp1/8/2n1p3/5Rp1/2PP4/PPK3q1/8 b - - 0 24");
    assert!(p.king_attacked(Player::White) && p.king_attacked(Player::Black));
    let white = orders_text(&p, Player::White);
    let black = orders_text(&p, Player::Black);
    assert!(!white.contains(&"f4f7".to_string()), "{white:?}");
    assert!(!black.contains(&"g2c2".to_string()), "{black:?}");
    assert!(white.iter().chain(&black).all(|o| !o.ends_with('v')), "R3");
    assert_eq!((white.len(), black.len()), (4, 6), "{white:?} {black:?}");
    // The evasions only: the rook blocks on f2, or the king steps aside; the knight blocks.
    assert!(white.contains(&"f4f2".to_string()) && black.contains(&"e7f5".to_string()));
    assert_eq!(p.outcome(), None);
}

#[test]
fn r3_no_vengeance_in_check() {
    // Nf3 is threatened by the queen and defended by g2; the bishop on b6 checks Kg1.
    let quiet = pos("6k1/8/5q2/8/8/5N2/6P1/6K1 w - - 0 1");
    assert_eq!(vengeance_text(&quiet, Player::White), ["g2f3v"]);
    let checked = pos("6k1/8/1b3q2/8/8/5N2/6P1/6K1 w - - 0 1");
    assert!(checked.king_attacked(Player::White));
    assert!(vengeance_text(&checked, Player::White).is_empty());
}

#[test]
fn r14_the_threat_is_a_legal_capture_and_the_avenger_ignores_pins() {
    // Bd5 eyes Nf3 but is pinned on the d-file against Kd8: no threat, no vengeance.
    let pinned = pos("3k4/8/8/3b4/8/5N2/6P1/3R2K1 w - - 0 1");
    assert!(vengeance_text(&pinned, Player::White).is_empty());
    let free = pos("3k4/8/8/3b4/8/5N2/6P1/6K1 w - - 0 1");
    assert_eq!(vengeance_text(&free, Player::White), ["g2f3v"]);
    // A king's attack on a defended piece is no threat: the king may not take it.
    let king = pos("8/8/8/8/8/4k3/3N4/2K5 w - - 0 1");
    assert!(vengeance_text(&king, Player::White).is_empty());
    // The knight on d2, pinned by Bb4 against Ke1, still avenges f3 (pins ignored, R14.3)
    // and fires although the recapture exposes its king (R15, R20).
    let fen = "4k3/8/8/6n1/1b6/5B2/3N4/4K3 w - - 0 1";
    assert!(vengeance_text(&pos(fen), Player::White).contains(&"d2f3v".to_string()));
    assert_eq!(
        round(fen, "d2f3v,g5f3"),
        (
            "fired ok W".to_string(),
            "4k3/8/8/8/1b6/5N2/8/4K3 b - - 0 2".to_string()
        )
    );
}

#[test]
fn r13_a_king_capture_is_undone_by_the_two_kings_rule() {
    // White is in check from b2 and takes it; Black's king steps to b3: both void, the pawn
    // back on b2, White still in check, the round consumed.
    assert_eq!(
        round("8/8/8/8/2k5/8/1p5P/K7 w - - 0 1", "a1b2,c4b3"),
        (
            "void:kings void:kings W".to_string(),
            "8/8/8/8/2k5/8/1p5P/K7 b - - 2 2".to_string()
        )
    );
}

#[test]
fn r17_en_passant_creates_no_threat() {
    // Black's d4 pawn can take e4 only en passant: no vengeance for e4. A knight on d6 can
    // take it outright: f3 avenges.
    let ep_only = pos("4k3/8/8/8/3pP3/5P2/8/4K3 b - e3 0 2");
    assert!(orders_text(&ep_only, Player::Black).contains(&"d4e3".to_string()));
    assert!(vengeance_text(&ep_only, Player::White).is_empty());
    let knight = pos("4k3/8/3n4/8/3pP3/5P2/8/4K3 b - e3 0 2");
    assert_eq!(vengeance_text(&knight, Player::White), ["f3e4v"]);
}

#[test]
fn r18_en_passant_squares() {
    // The d-pawn arrives beside e4 in the same round as the double step: it may take.
    let (report, fen) = round("4k3/8/8/3p4/8/8/4P3/4K3 w - - 0 1", "e2e4,d5d4");
    assert_eq!(report, "ok ok -");
    assert_eq!(fen, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 2");
    assert!(orders_text(&pos(&fen), Player::Black).contains(&"d4e3".to_string()));
    // Both players double-step: two squares, and both take en passant next round.
    let (_, fen) = round("4k3/5p2/8/4P3/3p4/8/2P5/4K3 w - - 0 1", "c2c4,f7f5");
    assert_eq!(fen, "4k3/8/8/4Pp2/2Pp4/8/8/4K3 b - c3f6 0 2");
    assert_eq!(
        round(&fen, "e5f6,d4c3"),
        (
            "ok ok -".to_string(),
            "4k3/8/5P2/8/8/2p5/8/4K3 w - - 0 3".to_string()
        )
    );
    // A double-stepped pawn taken in the same round leaves no square.
    assert_eq!(
        round("4k3/3p4/8/8/8/2N5/8/4K3 b - - 0 2", "c3d5,d7d5"),
        (
            "same ok -".to_string(),
            "4k3/8/8/3N4/8/8/8/4K3 w - - 0 3".to_string()
        )
    );
}

#[test]
fn r25_a_fired_rook_vengeance_ends_castling_rights() {
    // Black's rook takes a4; White's rook takes back: both rooks left their corners.
    assert_eq!(
        round("r3k3/8/8/8/N7/8/8/R3K3 w Qq - 0 1", "a1a4v,a8a4"),
        (
            "fired ok -".to_string(),
            "4k3/8/8/8/R7/8/8/4K3 b - - 0 2".to_string()
        )
    );
}

#[test]
fn r11_castling_second_into_an_attacked_path() {
    // White first puts a rook on the d-file the king crosses, then on e8's file.
    for (orders, fen_after) in [
        ("f1d1,e8c8", "2kr4/8/8/8/8/8/8/3R3K b - - 2 2"),
        ("f1e1,e8c8", "2kr4/8/8/8/8/8/8/4R2K b - - 2 2"),
    ] {
        let (report, fen) = round("r3k3/8/8/8/8/8/8/5R1K w q - 0 1", orders);
        assert_eq!((report.as_str(), fen.as_str()), ("ok ok -", fen_after));
    }
    // Black first: castling is ordinary, and White's rook order still lands.
    assert_eq!(
        round("r3k3/8/8/8/8/8/8/5R1K b q - 0 2", "f1d1,e8c8"),
        (
            "ok ok -".to_string(),
            "2kr4/8/8/8/8/8/8/3R3K w - - 2 3".to_string()
        )
    );
}

#[test]
fn r21_mate_double_mate_and_stalemate() {
    let outcome = |fen| pos(fen).outcome();
    // Back-rank mates on both sides at once: a draw.
    let double = "R5k1/5ppp/8/8/8/8/2P2PPP/2r3K1 w - - 0 1";
    assert_eq!(
        outcome(double),
        Some(Outcome::Draw(DrawReason::VariantRule("double mate")))
    );
    // White is mated, Black (not in check) has no move: the mate decides.
    let mate_stalemate = "7k/5Q2/8/8/8/2p5/PpP5/KN6 w - - 0 1";
    assert_eq!(
        outcome(mate_stalemate),
        Some(Outcome::win(Player::Black, WinReason::Checkmate))
    );
    let mate = "6k1/8/8/8/8/8/5PPP/r5K1 b - - 0 1";
    assert_eq!(
        outcome(mate),
        Some(Outcome::win(Player::Black, WinReason::Checkmate))
    );
    let stalemate = "k7/8/1Q6/8/8/8/8/K7 w - - 0 1";
    assert_eq!(
        outcome(stalemate),
        Some(Outcome::Draw(DrawReason::Stalemate))
    );
    // White's only orders would be a vengeance (Kg8 avenges g7): still stalemate.
    let vengeance_only = "6K1/6P1/6r1/7q/5q2/8/7k/8 w - - 0 1";
    let p = pos(vengeance_only);
    assert_eq!(p.count_chess(Player::White).count, 0);
    let threats = p.count_chess(Player::Black).captures;
    assert_eq!(p.count_vengeance(Player::White, threats), 1);
    assert_eq!(
        outcome(vengeance_only),
        Some(Outcome::Draw(DrawReason::Stalemate))
    );
    for fen in [double, mate_stalemate, mate, stalemate, vengeance_only] {
        let p = pos(fen);
        assert!(p.is_over(), "{fen}");
        assert!(orders_text(&p, Player::White).is_empty(), "{fen}");
        assert!(orders_text(&p, Player::Black).is_empty(), "{fen}");
        assert_eq!(p.count_pairs(), 0);
        assert_eq!(crate::simultaneous::perft::perft(&p, 2), 0);
    }
    assert!(!Ven::start().is_over());
}

#[test]
fn r22_draws_by_material_and_the_clock() {
    for fen in [
        "8/8/4k3/8/8/2K5/8/8 w - - 0 1",
        "8/8/4k3/8/8/2KB4/8/8 w - - 0 1",
        "8/8/4kn2/8/8/2K5/8/8 w - - 0 1",
    ] {
        assert_eq!(
            pos(fen).outcome(),
            Some(Outcome::Draw(DrawReason::InsufficientMaterial)),
            "{fen}"
        );
    }
    // Two bishops of one colour can still be mated in Ven's rules as written: not a draw.
    assert_eq!(pos("8/8/4kb2/8/8/2KB4/8/8 w - - 0 1").outcome(), None);
    let clock = |n: u32| pos(&format!("4k3/8/8/8/8/8/3R4/4K3 w - - {n} 60")).outcome();
    assert_eq!(clock(98), None);
    assert_eq!(clock(100), Some(Outcome::Draw(DrawReason::FiftyMoves)));
    // A void pawn push does not reset the clock; an executed one does.
    let (_, fen) = round("4k3/8/8/8/3p4/8/8/2N1K3 w - - 7 1", "c1d3,d4d3");
    assert!(fen.ends_with(" 9 2"), "{fen}");
    let (_, fen) = round("4k3/8/8/8/3p4/8/8/2N1K3 w - - 7 1", "c1b3,d4d3");
    assert!(fen.ends_with(" 0 2"), "{fen}");
}

/// What search asks at the start of each round: the draws by material and the clock, but not
/// where the game is over by §6 (a mate by the 100th order stands): the outcome once the
/// position is not terminal, by the cheaper road.
#[test]
fn a_rule_draw_is_the_outcome_of_a_position_not_over() {
    let mate_at_100 = "6k1/8/8/8/8/8/5PPP/r5K1 b - - 100 80";
    assert_eq!(
        pos(mate_at_100).outcome(),
        Some(Outcome::win(Player::Black, WinReason::Checkmate))
    );
    let stalemate_bare = "k7/8/1Q6/8/8/8/8/K7 w - - 100 1";
    for fen in [
        mate_at_100,
        stalemate_bare,
        "8/8/4k3/8/8/2KB4/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/3R4/4K3 w - - 100 60",
        "4k3/8/8/8/8/8/3R4/4K3 w - - 99 60",
        "R5k1/5ppp/8/8/8/8/2P2PPP/2r3K1 w - - 0 1",
        super::super::START_FEN,
    ] {
        let p = pos(fen);
        let expected = if p.is_over() { None } else { p.outcome() };
        assert_eq!(p.rule_draw(), expected, "{fen}");
    }
    assert_eq!(pos(mate_at_100).rule_draw(), None);
    assert_eq!(
        pos("4k3/8/8/8/8/8/3R4/4K3 w - - 100 60").rule_draw(),
        Some(Outcome::Draw(DrawReason::FiftyMoves))
    );
}

#[test]
fn r19_a_voided_push_does_not_promote() {
    // White first: the rook takes a1's square before the pawn can promote there.
    assert_eq!(
        round("7k/8/8/8/8/8/p7/1R2K3 w - - 0 1", "b1a1,a2a1q"),
        (
            "ok void:blk -".to_string(),
            "7k/8/8/8/8/8/p7/R3K3 b - - 2 2".to_string()
        )
    );
    // Black first: the pawn promotes, and the rook arriving second takes the new queen.
    assert_eq!(
        round("7k/8/8/8/8/8/p7/1R2K3 b - - 0 2", "b1a1,a2a1q"),
        (
            "same ok -".to_string(),
            "7k/8/8/8/8/8/8/R3K3 w - - 0 3".to_string()
        )
    );
}
