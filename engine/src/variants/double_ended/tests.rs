//! The worked examples (rules §10) and the rulings (§9), one test each, plus FEN, notation,
//! key and evaluation checks. The perft suite runs in perft/suites.rs, and the comparison with a
//! naive generator lives in perft/double_ended.rs.

use super::geometry::NO_SQUARE;
use super::*;
use crate::bitboard::Bitboard;
use crate::history::History;
use crate::perft::perft;

fn pos(fen: &str) -> DoubleEndedChess {
    DoubleEndedChess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn deep(fen: &str) -> DeepDoubleEndedChess {
    DeepDoubleEndedChess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal<G: Game>(p: &G) -> Vec<G::Move> {
    let mut moves = G::Moves::default();
    p.legal_moves(&mut moves);
    moves.to_vec()
}

/// The legal moves in UCI notation, sorted.
fn names<G: Game>(p: &G) -> Vec<String> {
    let mut v: Vec<String> = legal(p).iter().map(|m| p.format_move(*m)).collect();
    v.sort();
    v
}

fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

fn sq(name: &str) -> Square {
    Square::parse::<Board8>(name).unwrap()
}

/// Every capturing legal move with the squares it empties, e.g. `("d4f6", ["c3", "g7"])`.
fn captures<const D: bool>(p: &DoubleEnded<D>) -> Vec<(String, Vec<String>)> {
    let mut v: Vec<(String, Vec<String>)> = legal(p)
        .into_iter()
        .filter(|m| p.is_capture(*m))
        .map(|m| {
            let victims = [m.withdrawal_victim(), m.approach_victim()]
                .into_iter()
                .flatten()
                .map(|s| s.display::<Board8>().to_string())
                .collect();
            (m.to_string(), victims)
        })
        .collect();
    v.sort();
    v
}

fn cap(mv: &str, victims: &[&str]) -> (String, Vec<String>) {
    (
        mv.to_string(),
        victims.iter().map(|s| s.to_string()).collect(),
    )
}

fn play<G: Game>(p: &G, mv: &str) -> G {
    p.play(p.parse_move(mv).unwrap_or_else(|e| panic!("{e}")))
}

// ---- Worked examples (rules §10) ----

#[test]
fn example_1_start() {
    let p = DoubleEndedChess::start(&());
    assert_eq!(p.fen(), START_FEN);
    let pawns = "a2a3 a2a4 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g2g3 g2g4 h2h3 h2h4";
    assert_eq!(names(&p), sorted(&format!("{pawns} g1f3 g1h3 b1a3 b1c3")));
    assert!(captures(&p).is_empty());
}

#[test]
fn example_2_a_pawn_push_captures_by_approach() {
    let p = play(&DoubleEndedChess::start(&()), "e2e4");
    assert_eq!(
        p.fen(),
        "rmbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RMBQKBNR b KQkq - 0 1"
    );
    assert_eq!(legal(&p).len(), 20);
    assert_eq!(captures(&p), [cap("e7e5", &["e4"])]);
    let after = play(&p, "e7e5");
    assert_eq!(after.piece_at(sq("e4")), None);
    assert_eq!(
        after.fen(),
        "rmbqkbnr/pppp1ppp/8/4p3/8/8/PPPP1PPP/RMBQKBNR w KQkq - 0 2"
    );
}

#[test]
fn example_3_queen_withdraws_and_approaches_in_one_move() {
    let p = pos("4k3/6p1/8/8/3Q4/2p5/8/7K w - - 0 1");
    let moves = legal(&p);
    assert_eq!(moves.len(), 25);
    assert_eq!(moves.iter().filter(|m| m.from() == sq("d4")).count(), 22);
    assert_eq!(
        captures(&p),
        [cap("d4e5", &["c3"]), cap("d4f6", &["c3", "g7"])]
    );
    assert!(
        !names(&p).iter().any(|m| m == "d4c3" || m == "d4g7"),
        "occupied squares"
    );
    let f6 = p.parse_move("d4f6").unwrap();
    assert_eq!(p.capture_value(f6), 200);
    assert_eq!(p.play(f6).fen(), "4k3/8/5Q2/8/8/8/8/7K b - - 0 1");
}

#[test]
fn example_4_pawn_moves() {
    let p = pos("7k/8/4r1p1/8/4P3/3p4/8/7K w - - 0 1");
    assert_eq!(names(&p), sorted("e4e5 e4f5 h1g1 h1g2 h1h2"));
    assert_eq!(
        captures(&p),
        [cap("e4e5", &["e6"]), cap("e4f5", &["d3", "g6"])]
    );
}

#[test]
fn example_5_the_three_knights() {
    let fen = "5r1k/4pp2/8/8/3N4/2pp4/2p5/7K w - - 0 1";
    let knight = pos(fen);
    assert_eq!(legal(&knight).len(), 10);
    assert!(!names(&knight).contains(&"d4c2".to_string()));
    assert_eq!(
        captures(&knight),
        [cap("d4c6", &["d3"]), cap("d4e6", &["d3", "f7"])]
    );

    let mirror = pos(&fen.replace("3N4", "3M4"));
    assert_eq!(legal(&mirror).len(), 10);
    assert_eq!(
        captures(&mirror),
        [cap("d4e6", &["c3", "e7"]), cap("d4f5", &["c3"])]
    );

    let deep_knight = deep(fen);
    assert_eq!(legal(&deep_knight).len(), 10);
    assert_eq!(captures(&deep_knight), [cap("d4e6", &["c2", "f8"])]);
}

#[test]
fn example_6_castling_does_not_capture() {
    let p = pos("4k3/8/8/8/8/8/1P3P2/3nK2R w K - 0 1");
    let rook = "h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8";
    assert_eq!(
        names(&p),
        sorted(&format!("e1d2 e1e2 e1f1 e1g1 f2f3 f2f4 {rook}"))
    );
    let castled = play(&p, "e1g1");
    assert_eq!(castled.fen(), "4k3/8/8/8/8/8/1P3P2/3n1RK1 b - - 1 1");
    assert_eq!(captures(&p), [cap("e1f1", &["d1"])]);
}

#[test]
fn example_7_check_by_withdrawal() {
    let p = pos("k7/8/8/7B/8/8/4r3/4K3 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(names(&p), sorted("e1d1 e1f1 h5f3"));
    assert_eq!(captures(&p), [cap("h5f3", &["e2"])]);
}

#[test]
fn example_8_indirect_pin() {
    let p = pos("4r2k/8/8/8/4p3/8/2B5/4K3 w - - 0 1");
    assert_eq!(names(&p), sorted("c2a4 c2b1 c2b3 c2d1 e1d1 e1d2 e1f1 e1f2"));
    // c2d3 exists as a pseudo-legal move: it would capture e4 and open the e-file.
    let c2d3 = p.play(Move {
        from: sq("c2"),
        to: sq("d3"),
        role: Role::Bishop,
        withdrawn: NO_SQUARE,
        approached: sq("e4"),
        promotion: None,
        castle: false,
    });
    assert!(c2d3.board.attacked::<false>(sq("e1").0, Player::Black));
}

#[test]
fn example_9_king_against_king_checkmate() {
    let p = pos("8/8/8/8/8/8/1K6/k7 b - - 0 1");
    assert!(p.in_check());
    assert!(legal(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::win(Player::White, WinReason::Checkmate))
    );
}

#[test]
fn example_10_stalemate() {
    let p = pos("8/8/8/8/8/8/2K5/k7 b - - 0 1");
    assert!(!p.in_check());
    assert!(legal(&p).is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

#[test]
fn example_11_promotion_by_withdrawal() {
    let p = pos("8/6P1/k4n2/8/8/8/8/K7 w - - 0 1");
    let promos = "g7g8q g7g8r g7g8b g7g8n g7g8m g7h8q g7h8r g7h8b g7h8n g7h8m";
    assert_eq!(names(&p), sorted(&format!("{promos} a1a2 a1b1 a1b2")));
    let caps = captures(&p);
    assert_eq!(caps.len(), 5);
    assert!(caps
        .iter()
        .all(|(m, v)| m.starts_with("g7h8") && v == &["f6"]));
    assert_eq!(play(&p, "g7h8m").fen(), "7M/8/k7/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn example_12_knight_and_mirror_knight_checks() {
    let n = pos("4k3/4N3/8/8/8/8/8/4K3 b - - 0 1");
    assert!(n.in_check());
    assert_eq!(names(&n), sorted("e8d8 e8f8"));
    let m = pos("4k3/4M3/8/8/8/8/8/4K3 b - - 0 1");
    assert!(!m.in_check());
    assert_eq!(names(&m), sorted("e8d7 e8f7"));
}

#[test]
fn example_13_small_perft_vectors() {
    let vectors: [(&str, [u64; 3]); 4] = [
        ("4k3/6p1/8/8/3Q4/2p5/8/7K w - - 0 1", [25, 136, 3247]),
        ("4r2k/8/8/8/4p3/8/2B5/4K3 w - - 0 1", [8, 107, 949]),
        ("4k3/8/8/8/8/8/1P3P2/3nK2R w K - 0 1", [15, 98, 1595]),
        (
            "r3k2r/pmppqpb1/bn2pnp1/3P4/1p2P3/2M2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            [39, 1548, 59505],
        ),
    ];
    for (fen, counts) in vectors {
        let p = pos(fen);
        assert_eq!([perft(&p, 1), perft(&p, 2), perft(&p, 3)], counts, "{fen}");
    }
}

#[test]
fn start_perft_both_variants() {
    let p = DoubleEndedChess::start(&());
    assert_eq!(
        (1..=4).map(|d| perft(&p, d)).collect::<Vec<_>>(),
        [20, 400, 8901, 197345]
    );
    let d = DeepDoubleEndedChess::start(&());
    assert_eq!(d.fen(), DEEP_START_FEN);
    assert_eq!(
        (1..=4).map(|n| perft(&d, n)).collect::<Vec<_>>(),
        [20, 400, 8896, 197289]
    );
}

// ---- Rulings (rules §9) ----

#[test]
fn ruling_1_no_move_ends_on_an_occupied_square() {
    // Promotion square occupied (by either side), castling path occupied, any piece.
    let p = pos("4k1n1/6P1/8/8/8/8/8/R3KB1R w KQ - 0 1");
    let moves = names(&p);
    assert!(!moves.iter().any(|m| m.starts_with("g7g8")));
    assert!(!moves.contains(&"e1g1".to_string()), "f1 is occupied");
    assert!(moves.contains(&"e1c1".to_string()));
    let p = pos("r3k2r/pmppqpb1/bn2pnp1/3P4/1p2P3/2M2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    for m in legal(&p) {
        assert_eq!(p.piece_at(m.to()), None, "{m}");
    }
}

#[test]
fn ruling_2_pawn_straight_moves_capture_both_ways() {
    // Approach: 1.e4 e5 (example 2). Withdrawal on a double step: e2-e4 leaves e1 behind.
    let p = pos("4k3/8/8/8/8/8/4P3/4n2K w - - 0 1");
    assert_eq!(captures(&p), [cap("e2e3", &["e1"]), cap("e2e4", &["e1"])]);
    // Approach on a double step: the square beyond the destination.
    let p = pos("4k3/8/8/4q3/8/8/4P3/7K w - - 0 1");
    assert_eq!(captures(&p), [cap("e2e4", &["e5"])]);
    // The count that tells this ruling from "pawns capture only diagonally".
    assert_eq!(perft(&DoubleEndedChess::start(&()), 3), 8901);
}

#[test]
fn ruling_3_pawn_diagonal_steps_only_when_capturing() {
    // Approach two squares ahead, withdrawal from diagonally behind, both at once (example 4);
    // no diagonal step without a victim and none backwards.
    let p = pos("4k3/8/8/8/2n4K/8/4P3/3q4 w - - 0 1");
    assert_eq!(captures(&p), [cap("e2d3", &["c4"]), cap("e2f3", &["d1"])]);
    // b2 and f2 would be approached by backward diagonal steps d4-c3 and d4-e3: no such move.
    let p = pos("4k3/8/8/8/3P4/8/1n3n2/7K w - - 0 1");
    assert_eq!(
        names(&p)
            .iter()
            .filter(|m| m.starts_with("d4"))
            .collect::<Vec<_>>(),
        ["d4d5"]
    );
}

#[test]
fn ruling_4_no_en_passant() {
    // The ep field is read and ignored; it is always written `-`.
    let p = pos("k7/8/4P3/3p4/8/8/8/4K3 w - d6 0 2");
    assert_eq!(p.fen(), "k7/8/4P3/3p4/8/8/8/4K3 w - - 0 2");
    // A pawn that just double-stepped is taken by ordinary withdrawal: e6-f7 leaves d5 behind.
    assert_eq!(captures(&p), [cap("e6f7", &["d5"])]);
    // The orthodox en-passant capture e5xd6 does not exist.
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert!(!names(&p).contains(&"e5d6".to_string()));
}

#[test]
fn ruling_5_knights_leap_over_anything() {
    // A knight boxed in by pieces of both colours still leaps; nothing it jumps is captured.
    let p = pos("4k3/8/8/2PpP3/2pNp3/2PpP3/8/4K3 w - - 0 1");
    let leaps: Vec<_> = legal(&p)
        .into_iter()
        .filter(|m| m.from() == sq("d4"))
        .collect();
    assert_eq!(leaps.len(), 8);
    // Only the withdrawal squares (orthogonal neighbours: d5, e4, d3, c4) can be captured.
    for m in leaps {
        let victims: Vec<Square> = [m.withdrawal_victim(), m.approach_victim()]
            .into_iter()
            .flatten()
            .collect();
        assert_eq!(victims.len(), 1, "{m:?}");
        assert!([sq("d5"), sq("e4"), sq("d3"), sq("c4")].contains(&victims[0]));
    }
}

#[test]
fn ruling_6_castling_captures_nothing_and_tests_the_crossed_square() {
    // Example 6 covers the withdrawal; here the crossed square f1 is attacked only with the
    // king standing on it: the Mirror Knight on c2 reaches e1 (empty then) and approaches f1.
    let p = pos("4k3/8/8/8/8/8/2m5/4K2R w K - 0 1");
    assert!(!p.in_check());
    let moves = names(&p);
    assert!(!moves.contains(&"e1g1".to_string()));
    assert!(!moves.contains(&"e1f1".to_string()));
    // Without the knight, castling is legal and moves the rook to f1.
    let p = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(play(&p, "e1g1").fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    let p = pos("r3k3/8/8/8/8/8/8/4K3 b q - 0 1");
    assert_eq!(play(&p, "e8c8").fen(), "2kr4/8/8/8/8/8/8/4K3 w - - 1 2");
}

#[test]
fn ruling_7_check_is_any_capturing_enemy_move() {
    // A pawn's diagonal step, possible only because it captures the king, gives check.
    assert!(pos("8/8/5k2/8/3P4/8/8/4K3 b - - 0 1").in_check());
    // A pinned piece still gives check: the e3 rook cannot leave the third rank without
    // exposing its king to the a3 rook, yet it attacks e1.
    assert!(pos("8/8/8/8/8/R3r2k/8/4K3 w - - 0 1").in_check());
    // Kings two apart in line with the middle empty attack each other, so no such position
    // is legal; adjacent kings attack only with room behind the attacker to withdraw into.
    let err = DoubleEndedChess::from_fen("8/8/8/8/3k4/8/3K4/8 w - - 0 1").unwrap_err();
    assert!(err.what().contains("is in check"), "{err}");
    assert!(
        pos("8/8/8/8/8/8/8/Kk6 w - - 0 1").in_check(),
        "b1 withdraws to c1"
    );
    assert!(
        !pos("8/8/8/8/8/P7/K7/k7 w - - 0 1").in_check(),
        "a1 has no room"
    );
}

#[test]
fn ruling_8_legality_counts_the_forced_captures() {
    // Example 8: a capture that opens a line to the own king is illegal (indirect pin);
    // example 7: a capture that removes the checker makes a move legal.
    let p = pos("4r2k/8/8/8/4p3/8/2B5/4K3 w - - 0 1");
    assert!(p.parse_move("c2d3").is_err());
    let p = pos("k7/8/8/7B/8/8/4r3/4K3 w - - 0 1");
    assert!(p.parse_move("h5f3").is_ok());
    // No legal move ever removes a king.
    let p = pos("r3k2r/pmppqpb1/bn2pnp1/3P4/1p2P3/2M2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    for m in legal(&p) {
        let after = p.play(m);
        for r in legal(&after) {
            let board = after.play(r).board;
            assert_eq!(board.roles[Role::King.index()].count(), 2, "{m:?} {r:?}");
        }
    }
}

#[test]
fn ruling_9_promotion_choices() {
    let p = pos("8/6P1/k7/8/8/8/8/K7 w - - 0 1");
    let promos: Vec<_> = names(&p)
        .into_iter()
        .filter(|m| m.starts_with("g7g8"))
        .collect();
    assert_eq!(promos, sorted("g7g8b g7g8m g7g8n g7g8q g7g8r"));
    let d = deep("8/6P1/k7/8/8/8/8/K7 w - - 0 1");
    let promos: Vec<_> = names(&d)
        .into_iter()
        .filter(|m| m.starts_with("g7g8"))
        .collect();
    assert_eq!(promos, sorted("g7g8b g7g8n g7g8q g7g8r"));
    assert!(d.parse_move("g7g8m").unwrap_err().what().contains("g7g8m"));
}

#[test]
fn ruling_10_draw_rules() {
    // 50-move rule at 100 plies; a mate on that ply still wins; K v K is not a dead draw.
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
    assert_eq!(
        p.quick_outcome(),
        Some(Outcome::Draw(DrawReason::FiftyMoves))
    );
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").quick_outcome(),
        None
    );
    let mated = pos("8/8/8/8/8/8/1K6/k7 b - - 100 80");
    assert_eq!(
        mated.outcome(),
        Some(Outcome::win(Player::White, WinReason::Checkmate))
    );
    assert_eq!(pos("8/8/8/3k4/8/8/3K4/8 w - - 0 1").quick_outcome(), None);
    // The clock: reset by pawn moves and captures only.
    let p = pos("4k3/8/8/8/8/8/4P3/R3K3 w - - 7 1");
    assert_eq!(play(&p, "a1a2").halfmove_clock(), 8);
    assert_eq!(play(&p, "e2e3").halfmove_clock(), 0);
    // Threefold repetition through History and the key.
    let mut h = History::new(pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    for mv in [
        "a1a2", "e8d8", "a2a1", "d8e8", "a1a2", "e8d8", "a2a1", "d8e8",
    ] {
        assert_eq!(h.outcome(), None);
        let m = h.position().parse_move(mv).unwrap();
        h.play(m);
    }
    assert_eq!(h.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn ruling_11_start_position_and_letters() {
    let p = DoubleEndedChess::start(&());
    assert_eq!(
        p.piece_at(sq("b1")),
        Some(Piece::new(Player::White, Role::Mirror))
    );
    assert_eq!(
        p.piece_at(sq("b8")),
        Some(Piece::new(Player::Black, Role::Mirror))
    );
    assert_eq!(
        p.piece_at(sq("g1")),
        Some(Piece::new(Player::White, Role::Knight))
    );
    let err = DeepDoubleEndedChess::from_fen(START_FEN).unwrap_err();
    assert!(err.what().contains("'m'"), "{err}");
    assert_eq!(DoubleEndedChess::NAME, "double-ended");
    assert_eq!(DeepDoubleEndedChess::NAME, "double-ended-deep");
}

// ---- FEN, notation, keys, evaluation ----

/// In the cases' third column, the whole FEN is the token (no one field is to blame).
const FEN: &str = "the whole FEN";

/// Each case: a FEN, a part of the error's message, and the error's token: the bad part of the
/// text (a letter, a rank, a field, the placement, the whole FEN).
#[test]
fn fen_errors_name_the_bad_token() {
    let cases = [
        (
            "rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "7 ranks",
            "rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP",
        ),
        (
            "rmbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RMBQKBNR w KQkq - 0 1",
            "'x'",
            "x",
        ),
        (
            "rmbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR w KQkq - 0 1",
            "'ppppppppp'",
            "ppppppppp",
        ),
        (
            "rmbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR w KQkq - 0 1",
            "'ppppppp'",
            "ppppppp",
        ),
        (
            "rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR x KQkq - 0 1",
            "'x'",
            "x",
        ),
        (
            "rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR w KQkX - 0 1",
            "'X'",
            "X",
        ),
        (
            "rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR w KK - 0 1",
            "'K' twice",
            "K",
        ),
        (
            "rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBN1 w K - 0 1",
            "'K'",
            "K",
        ),
        (
            "rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR w KQkq e9 0 1",
            "'e9'",
            "e9",
        ),
        (
            "rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR w KQkq - x 1",
            "'x'",
            "x",
        ),
        (
            "rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR w KQkq - 0 0",
            "'0'",
            "0",
        ),
        (
            "rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR w",
            "2 fields",
            FEN,
        ),
        (
            "rmbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR w KQ - 0 1",
            "0 black kings",
            "rmbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR",
        ),
        (
            "Pmbqkbnr/8/8/8/8/8/8/RMBQKBNR w - - 0 1",
            "'Pmbqkbnr'",
            "Pmbqkbnr",
        ),
        (
            "k7/8/8/8/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQ3K w - - 0 1",
            "too much white material",
            "k7/8/8/8/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQ3K",
        ),
        // Black, not to move, is attacked: the e1 rook steps to e7 next to the king.
        (
            "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
            "black, not to move, is in check",
            FEN,
        ),
    ];
    for (fen, needle, token) in cases {
        let err = DoubleEndedChess::from_fen(fen).expect_err(fen);
        assert!(err.what().contains(needle), "{fen}: '{err}' lacks {needle}");
        let token = if token == FEN { fen } else { token };
        assert_eq!(err.token(), Some(token), "{fen}: {err}");
    }
}

#[test]
fn fen_round_trips_and_short_fens_default_the_clocks() {
    for fen in [
        START_FEN,
        "r3k2r/pmppqpb1/bn2pnp1/3P4/1p2P3/2M2Q1p/PPPBBPPP/R3K2R b Kq - 12 40",
    ] {
        assert_eq!(pos(fen).fen(), fen);
    }
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 b - -").fen(),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
}

#[test]
fn move_notation_errors_name_the_move() {
    let p = DoubleEndedChess::start(&());
    for bad in ["", "e2", "e2e9", "e2e4q", "e2e4x", "z1a1", "e2e4 "] {
        let err = p.parse_move(bad).expect_err(bad);
        assert!(err.what().contains(&format!("'{bad}'")), "{err}");
    }
    let err = p.parse_move("e2e5").unwrap_err();
    assert!(err.what().contains("'e2e5'"));
    assert_eq!(p.format_move(p.parse_move("b1c3").unwrap()), "b1c3");
}

#[test]
fn keys_follow_everything_that_matters() {
    let p = DoubleEndedChess::start(&());
    assert_eq!(p.key(), p.key_from_scratch());
    let a = play(&play(&play(&play(&p, "g1f3"), "g8f6"), "f3g1"), "f6g8");
    assert_eq!(a.key(), p.key(), "same placement, side and rights");
    let b = pos("rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR b KQkq - 0 1");
    assert_ne!(b.key(), p.key(), "side to move");
    let c = pos("rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR w Qkq - 0 1");
    assert_ne!(c.key(), p.key(), "castling rights");
    let d = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_ne!(d.key(), p.key(), "Mirror Knight vs Knight");
}

#[test]
fn castling_rights_are_lost_by_moving_or_losing_the_pieces() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(
        play(&p, "h1h5").castling_rights(),
        WHITE_LONG | BLACK_SHORT | BLACK_LONG
    );
    assert_eq!(play(&p, "e1d1").castling_rights(), BLACK_SHORT | BLACK_LONG);
    // a1-a7 approaches a8: the rook captured on its corner takes Black's long right with it.
    let after = play(&p, "a1a7");
    assert_eq!(after.piece_at(sq("a8")), None);
    assert_eq!(after.castling_rights(), WHITE_SHORT | BLACK_SHORT);
}

/// The same position with colours swapped and the board turned round (ranks mirrored).
fn mirrored(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    let placement: Vec<String> = f[0]
        .split('/')
        .rev()
        .map(|r| r.chars().map(swap).collect())
        .collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let mut castling: Vec<char> = f[2].chars().map(swap).collect();
    castling.sort_by_key(|c| "KQkq-".find(*c));
    let castling: String = castling.into_iter().collect();
    format!(
        "{} {side} {castling} - {} {}",
        placement.join("/"),
        f[4],
        f[5]
    )
}

/// The weight named `name` in the weights file.
fn weight(name: &str) -> Pair {
    let names = super::eval::weight_names();
    super::eval::WEIGHTS[names.iter().position(|n| n == name).unwrap()]
}

/// The breakdown's terms for (White, Black), blended by its phase.
fn term(p: &DoubleEndedChess, t: Term) -> (i32, i32) {
    let b = p.eval_breakdown();
    let taper = |x: Pair| (x.0 * b.phase + x.1 * (MAX_PHASE - b.phase)) / MAX_PHASE;
    let [w, bl] = b.terms[t as usize];
    (taper(w), taper(bl))
}

#[test]
fn evaluation_is_symmetric_and_its_terms_add_up() {
    assert_eq!(DoubleEndedChess::start(&()).evaluate_for_mover(), 0);
    let fens = [
        "4k3/6p1/8/8/3Q4/2p5/8/7K w - - 0 1",
        "r3k2r/pmppqpb1/bn2pnp1/3P4/1p2P3/2M2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/pmppqpb1/bn2pnp1/3P4/1p2P3/2M2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "rmbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RMBQKBNR w KQkq - 0 2",
        "8/6P1/k4n2/8/8/8/8/K7 w - - 0 1",
    ];
    for fen in fens {
        let p = pos(fen);
        let m = pos(&mirrored(fen));
        assert_eq!(
            p.evaluate_for_mover(),
            m.evaluate_for_mover(),
            "{fen} vs {}",
            m.fen()
        );
        // The printed terms are the evaluation: their blended sum, White's less Black's, is
        // the score from White's side (up to rounding per term).
        let b = p.eval_breakdown();
        let total = b
            .terms
            .iter()
            .fold(Pair(0, 0), |acc, [w, bl]| acc + *w - *bl);
        let white_view = (total.0 * b.phase + total.1 * (MAX_PHASE - b.phase)) / MAX_PHASE;
        assert_eq!(
            white_view,
            p.evaluate_for_mover() * p.to_move().sign(),
            "{fen}"
        );
    }
}

#[test]
fn targets_are_pieces_an_enemy_move_would_capture_now() {
    // White can capture both black pawns (200, the best 100); the c3 pawn's step to b2 would
    // withdraw from the queen (900). Pressure is 1/8 of the targets, the initiative of the
    // player to move 1/4 of its best target.
    let p = pos("4k3/6p1/8/8/3Q4/2p5/8/7K w - - 0 1");
    assert_eq!(term(&p, Term::Targets), (-112, -25));
    assert_eq!(term(&p, Term::Initiative), (25, 0));
    let b = p.eval_breakdown();
    let taper = |x: Pair| (x.0 * b.phase + x.1 * (MAX_PHASE - b.phase)) / MAX_PHASE;
    assert_eq!(
        term(&p, Term::Material),
        (
            taper(weight("material.queen")),
            taper(weight("material.pawn") * 2)
        )
    );
    // Rooks on a1 and a3 threaten each other (a1-a2 approaches a3, a3-a2 approaches a1).
    for side in ["w", "b"] {
        let p = pos(&format!("4k3/8/8/8/8/r7/8/R3K3 {side} - - 0 1"));
        assert_eq!(term(&p, Term::Targets), (-62, -62));
        let initiative = if side == "w" { (125, 0) } else { (0, 125) };
        assert_eq!(term(&p, Term::Initiative), initiative);
    }
    // A piece walled in by friends is no target, whatever lines point at it: the d4 knight
    // stands on the queen's file and the bishop's diagonal, but neither can stop next to it.
    // The d5 pawn, with d6 empty, is one.
    let walled = pos("3qk3/8/8/2PPP3/2PNP3/2PPP3/8/b3K3 w - - 0 1");
    assert!(!walled.board.attacked::<false>(sq("d4").0, Player::Black));
    assert!(walled.board.attacked::<false>(sq("d5").0, Player::Black));
}

#[test]
fn king_shelter_counts_the_empty_squares_around_the_king() {
    // The white king in the corner behind its queen and pawns has no empty neighbour; the
    // black king on e8 has five. The term is a middlegame one (the endgame half is 0).
    let p = pos("q3k3/8/8/8/8/8/6PP/6QK w - - 0 1");
    let b = p.eval_breakdown();
    assert_eq!(b.terms[Term::KingShelter as usize][0], Pair(0, 0));
    assert_eq!(
        b.terms[Term::KingShelter as usize][1],
        weight("king_shelter.open_square") * 5
    );
}

#[test]
fn mobility_counts_empty_destinations() {
    // A lone rook on a1 reaches 14 squares less the king's: 13; the black king counts none.
    let p = pos("4k3/8/8/8/8/8/8/R6K w - - 0 1");
    let b = p.eval_breakdown();
    assert_eq!(
        b.terms[Term::Mobility as usize][0],
        weight("mobility.rook") * 13
    );
    assert_eq!(b.terms[Term::Mobility as usize][1], Pair(0, 0));
}

#[test]
fn capture_value_and_is_capture() {
    let p = pos("4k3/6p1/8/8/3Q4/2p5/8/7K w - - 0 1");
    for m in legal(&p) {
        assert_eq!(p.is_capture(m), p.capture_value(m) > 0, "{m:?}");
    }
    let e5 = p.parse_move("d4e5").unwrap();
    assert_eq!(p.capture_value(e5), 100);
}

#[test]
fn mangled_fens_and_moves_never_panic() {
    use rand::{rngs::SmallRng, RngExt, SeedableRng};
    let mut rng = SmallRng::seed_from_u64(5);
    let alphabet: Vec<char> = "pnmbrqkPNMBRQK012345678/ -wbKQkqe3x9é".chars().collect();
    let seeds = [
        START_FEN,
        "r3k2r/pmppqpb1/bn2pnp1/3P4/1p2P3/2M2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ];
    let mut accepted = 0;
    for i in 0..4000 {
        let mut chars: Vec<char> = seeds[i % 2].chars().collect();
        for _ in 0..rng.random_range(1..4) {
            let at = rng.random_range(0..chars.len());
            match rng.random_range(0..3) {
                0 => chars[at] = alphabet[rng.random_range(0..alphabet.len())],
                1 => {
                    chars.remove(at);
                }
                _ => chars.insert(at, alphabet[rng.random_range(0..alphabet.len())]),
            }
        }
        let fen: String = chars.into_iter().collect();
        let _ = DeepDoubleEndedChess::from_fen(&fen);
        let Ok(p) = DoubleEndedChess::from_fen(&fen) else {
            continue;
        };
        accepted += 1;
        // An accepted position round-trips and plays on without trouble.
        assert_eq!(pos(&p.fen()).fen(), p.fen());
        let mut moves = legal(&p);
        let mut cur = p;
        for _ in 0..20 {
            if moves.is_empty() {
                break;
            }
            cur = cur.play(moves[rng.random_range(0..moves.len())]);
            assert_eq!(cur.key(), cur.key_from_scratch());
            moves = legal(&cur);
            assert_eq!(cur.count_legal_moves(), moves.len() as u64, "{}", cur.fen());
        }
        let _ = cur.evaluate_for_mover();
        for s in ["e2e4", "e7e8m", "a1a1", "h8h9", "e2e4qq", "0000", "é2e4"] {
            let _ = cur.parse_move(s);
        }
    }
    assert!(
        accepted > 100,
        "the mutations should leave many valid positions ({accepted})"
    );
    let huge = pos("4k3/8/8/8/8/8/8/R3K3 b - - 4294967295 4294967295");
    let m = huge.parse_move("e8d8").unwrap();
    assert_eq!(huge.play(m).halfmove_clock(), u32::MAX);
}

// ---- search hooks ----

#[test]
fn promotions_are_tactical_and_count_their_gain() {
    let p = pos("8/6P1/k4n2/8/8/8/8/K7 w - - 0 1");
    let m = |s: &str| p.parse_move(s).unwrap();
    assert!(p.is_tactical(m("g7g8q")) && !p.is_capture(m("g7g8q")));
    assert_eq!(p.capture_value(m("g7g8q")), 800);
    assert_eq!(p.capture_value(m("g7h8q")), 300 + 800);
    assert!(!p.is_tactical(m("g7g8r")), "under-promotions are quiet");
    assert_eq!(p.capture_value(m("g7g8m")), 200);
    assert!(!p.is_tactical(m("a1b1")));
}

#[test]
fn null_move_passes_only_with_pieces_and_out_of_check() {
    let p = DoubleEndedChess::start(&());
    let passed = p.play_null().expect("pieces on the board");
    assert_eq!(passed.to_move(), Player::Black);
    assert_eq!(passed.key(), passed.key_from_scratch());
    assert_eq!(passed.halfmove_clock(), 1);
    // Only king and pawns: zugzwang is likely, no pass.
    assert!(pos("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1")
        .play_null()
        .is_none());
    // In check (example 7): no pass.
    assert!(pos("k7/8/8/7B/8/8/4r3/4K3 w - - 0 1").play_null().is_none());
}
