//! Rule tests of orthodox chess: FEN reading and writing, special moves, keys, status.

use super::*;
use crate::bitboard::{Bb64, Bitboard};
use crate::game::{DrawReason, Game, Outcome, WinReason};
use crate::history::History;
use crate::perft::perft;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(s: &str) -> Square {
    Square::parse::<Board8>(s).unwrap()
}

fn moves(p: &Position) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn play(p: &Position, uci: &[&str]) -> Position {
    uci.iter().fold(*p, |p, m| {
        p.play(p.parse_uci(m).unwrap_or_else(|e| panic!("{e}")))
    })
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// ---- FEN ----

/// In the cases' third column, the whole FEN is the token (no one field is to blame).
const FEN: &str = "the whole FEN";

/// Each case: a FEN, a part of the error's message, and the error's token: the bad part of the
/// text, narrowest first (a letter, a rank, a field, the placement, the whole FEN).
#[test]
fn malformed_fens_are_rejected_naming_the_token() {
    let cases: &[(&str, &str, &str)] = &[
        ("", "found 0", FEN),
        ("   ", "found 0", FEN),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "found 1",
            FEN,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
            "found 2",
            FEN,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
            "found 5",
            FEN,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
            "found 7",
            FEN,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "found 7",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
            "found 9",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "'X'",
            "X",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
            "'RNBQKBN' has 7 squares",
            "RNBQKBN",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "'9'",
            "9",
        ),
        (
            "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "'0'",
            "0",
        ),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "'ppppppppp' has more than 8",
            "ppppppppp",
        ),
        (
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "'4'",
            "4",
        ),
        (
            "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "'7' has 7 squares",
            "7",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1",
            "white must have exactly one king, found 2",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR",
        ),
        (
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            "black must have exactly one king, found 0",
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        ),
        (
            "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1",
            "back rank 8",
            "rnbqkbnP",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNp w Qkq - 0 1",
            "back rank 1",
            "RNBQKBNp",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "'x'",
            "x",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
            "'W'",
            "W",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
            "'x'",
            "x",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1",
            "repeats 'K'",
            "K",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1",
            "'A'",
            "A",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "castling right 'K'",
            "K",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w q - 0 1",
            "white must have exactly one king",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBK1BNR w Q - 0 1",
            "castling right 'Q'",
            "Q",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "'e9'",
            "e9",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            "'e3'",
            "e3",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1",
            "'e6'",
            "e6",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
            "'-1'",
            "-1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x",
            "'x'",
            "x",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1",
            "too large",
            "99999999999999999999",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 +1",
            "'+1'",
            "+1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5",
            "'1.5'",
            "1.5",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq – 0 1",
            "'–'",
            "–",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 ١",
            "'١'",
            "١",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ♔ - 0 1",
            "'♔'",
            "♔",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN♖ w Qkq - 0 1",
            "'♖'",
            "♖",
        ),
        ("4k3/8/8/8/8/8/8/4K2R b - - 0 1", "", ""), // valid: control case below
        (
            "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",
            "side not to move (black) is in check",
            "4k2R/8/8/8/8/8/8/4K3",
        ),
        (
            "QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/k6K w - - 0 1",
            "more pieces than pawn promotions allow",
            "QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/k6K",
        ),
        (
            "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1",
            "more pieces than pawn promotions allow",
            "4k3/pppppppp/p7/8/8/8/8/4K3",
        ),
        (
            "rnbqkbnr//8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "'' has 0 squares",
            "",
        ),
    ];
    for &(fen, expected, token) in cases {
        let result = Position::from_fen(fen);
        if expected.is_empty() {
            assert!(result.is_ok(), "{fen}");
            continue;
        }
        let e = result.expect_err(fen);
        let token = if token == FEN { fen } else { token };
        assert_eq!(e.token(), Some(token), "FEN '{fen}': {e}");
        let err = e.to_string();
        assert!(
            err.contains(expected),
            "FEN '{fen}': error '{err}' should contain '{expected}'"
        );
        assert!(!err.contains('\n'), "one-line error: {err}");
    }
    assert!(cases.len() >= 40);
}

#[test]
fn four_field_fens_default_the_clocks() {
    let p = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    assert_eq!(p, Position::start());
    assert_eq!(p.fen(), START_FEN);
    // Fullmove 0, written by some tools, reads as 1.
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 w - - 3 0").fen(),
        "4k3/8/8/8/8/8/8/4K3 w - - 3 1"
    );
}

#[test]
fn mutated_fens_never_panic() {
    let seeds = [
        START_FEN,
        KIWIPETE,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ];
    let alphabet: Vec<char> = "pnbrqkPNBRQK12345678/ -wbKQkqa3e6h0x9é♞\t"
        .chars()
        .collect();
    let mut rng = SmallRng::seed_from_u64(0xfe11);
    let mut accepted = 0;
    for _ in 0..20_000 {
        let mut chars: Vec<char> = seeds[rng.random_range(0..seeds.len())].chars().collect();
        for _ in 0..rng.random_range(1..4) {
            let i = rng.random_range(0..chars.len());
            match rng.random_range(0..4) {
                0 => chars[i] = alphabet[rng.random_range(0..alphabet.len())],
                1 => {
                    chars.remove(i);
                }
                2 => chars.insert(i, alphabet[rng.random_range(0..alphabet.len())]),
                _ => {
                    let j = rng.random_range(0..chars.len());
                    chars.swap(i, j)
                }
            }
            if chars.is_empty() {
                break;
            }
        }
        let fen: String = chars.into_iter().collect();
        if let Ok(p) = Position::from_fen(&fen) {
            accepted += 1;
            // Whatever gets through is a position the engine can work with.
            let again = Position::from_fen(&p.fen()).unwrap();
            assert_eq!(again, p, "{fen}");
            assert_eq!(p.key(), p.compute_key());
            assert!(perft(&p, 2) < 256 * 256);
        }
    }
    assert!(
        accepted > 100,
        "the mutations should also produce valid FENs ({accepted})"
    );
}

#[test]
fn fen_round_trips() {
    for fen in [
        START_FEN,
        KIWIPETE,
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 b - - 99 200",
    ] {
        let p = pos(fen);
        assert_eq!(p.fen(), fen);
        assert_eq!(pos(&p.fen()), p);
    }
    // Along random games: every position survives FEN out and in, key included.
    let mut rng = SmallRng::seed_from_u64(7);
    for _ in 0..50 {
        let mut p = Position::start();
        for _ in 0..120 {
            assert_eq!(pos(&p.fen()), p, "{}", p.fen());
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            p = p.play(list[rng.random_range(0..list.len())]);
        }
    }
}

#[test]
fn en_passant_square_is_kept_only_when_a_capture_is_legal() {
    // After e2e4 no black pawn can take: the FEN says '-', as python-chess and Stockfish do.
    let p = play(&Position::start(), &["e2e4"]);
    assert_eq!(p.en_passant(), None);
    assert!(p.fen().contains(" b KQkq - 0 1"));
    // A written but useless square is read and dropped.
    let q = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(q, p);
    // With a capture available it stays.
    let r = play(&Position::start(), &["e2e4", "a7a6", "e4e5", "d7d5"]);
    assert_eq!(r.en_passant(), Some(sq("d6")));
    assert!(moves(&r).contains(&"e5d6".to_string()));
}

// ---- Move generation: special rules ----

#[test]
fn en_passant_with_a_horizontal_pin_is_illegal() {
    // Taking d3 would empty the 4th rank between the black king and the white queen.
    let p = pos("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
    assert_eq!(
        p.en_passant(),
        None,
        "the only capture is illegal, so no en passant right"
    );
    assert!(!moves(&p).contains(&"e4d3".to_string()));
    // The same with the queen gone: legal.
    let q = pos("8/8/8/8/k2Pp3/8/8/3K4 b - d3 0 1");
    assert!(moves(&q).contains(&"e4d3".to_string()));
}

#[test]
fn en_passant_can_capture_a_checking_pawn() {
    // d7d5 checks the king on e4; e5xd6 en passant removes the checker.
    let p = play(&pos("8/3p4/8/4P3/4K3/8/8/7k b - - 0 1"), &["d7d5"]);
    assert!(p.in_check());
    assert!(moves(&p).contains(&"e5d6".to_string()));
}

#[test]
fn en_passant_by_a_diagonally_pinned_pawn_is_illegal() {
    // The bishop on h8 pins e5 to the king on b2: taking on d6 would leave the diagonal.
    let pinned = pos("7b/8/8/3pP3/8/8/1K6/7k w - d6 0 1");
    assert!(!moves(&pinned).contains(&"e5d6".to_string()));
    assert_eq!(pinned.fen(), "7b/8/8/3pP3/8/8/1K6/7k w - - 0 1");
    let free = pos("8/8/8/3pP3/8/8/1K6/7k w - d6 0 1");
    assert!(moves(&free).contains(&"e5d6".to_string()));
    assert_eq!(free.fen(), "8/8/8/3pP3/8/8/1K6/7k w - d6 0 1");
    let after = play(&free, &["e5d6"]);
    assert_eq!(after.fen(), "8/8/3P4/8/8/8/1K6/7k b - - 0 1");
}

#[test]
fn castling_rules() {
    let base = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let m = moves(&pos(base));
    assert!(m.contains(&"e1g1".to_string()) && m.contains(&"e1c1".to_string()));
    // Not through an attacked square (f1), not onto one (c1), not out of check.
    assert!(!moves(&pos("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1")).contains(&"e1g1".to_string()));
    assert!(!moves(&pos("r3k2r/8/8/8/8/8/2r5/R3K2R w KQkq - 0 1")).contains(&"e1c1".to_string()));
    let in_check = moves(&pos("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1"));
    assert!(!in_check.iter().any(|m| m == "e1g1" || m == "e1c1"));
    // b1 may be attacked (the rook crosses it, not the king), but must be empty.
    assert!(moves(&pos("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1")).contains(&"e1c1".to_string()));
    assert!(!moves(&pos("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1")).contains(&"e1c1".to_string()));
    // Castling moves the rook too, and ends both rights of that side.
    let p = play(&pos(base), &["e1g1"]);
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    let p = play(&pos(base), &["e1g1", "e8c8"]);
    assert_eq!(p.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    // Capturing a rook on its corner ends that right; a rook move ends its own.
    let p = play(&pos(base), &["a1a8"]);
    assert_eq!(
        p.castling_rights(),
        CastlingRights(CastlingRights::WHITE_KING | CastlingRights::BLACK_KING)
    );
    let p = play(&pos(base), &["h1h2", "e8d8"]);
    assert_eq!(p.fen(), "r2k3r/8/8/8/8/8/7R/R3K3 w Q - 2 2");
}

#[test]
fn promotions_offer_four_pieces() {
    let p = pos("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let m = moves(&p);
    for piece in ["n", "b", "r", "q"] {
        assert!(m.contains(&format!("a7a8{piece}")));
        assert!(m.contains(&format!("a7b8{piece}")));
    }
    let after = play(&p, &["a7b8n"]);
    assert_eq!(after.fen(), "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert!(after.parse_uci("e8d8").is_ok());
}

#[test]
fn check_evasions_and_pins() {
    // Double check (rook and knight): only king moves.
    let double = pos("4k3/8/8/8/8/3n4/8/4K2r w - - 0 1");
    assert_eq!(double.checkers().count(), 2);
    assert!(moves(&double).iter().all(|m| m.starts_with("e1")));
    // Single check by a rook: block (f7f1), capture (h7h1) or step aside (not along the ray).
    let single = pos("4k3/5R1R/8/8/8/8/8/4K2r w - - 0 1");
    assert_eq!(moves(&single), ["e1d2", "e1e2", "e1f2", "f7f1", "h7h1"]);
    // A pinned knight never moves; a pinned rook slides along the pin.
    let pinned = pos("4r1k1/8/8/8/8/4N3/8/4K3 w - - 0 1");
    let m = moves(&pinned);
    assert!(!m.iter().any(|m| m.starts_with("e3")));
    let pinned_rook = pos("4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1");
    let rook_moves: Vec<String> = moves(&pinned_rook)
        .into_iter()
        .filter(|m| m.starts_with("e2"))
        .collect();
    assert_eq!(rook_moves, ["e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8"]);
}

#[test]
fn wiki_positions_shallow_perft() {
    let p = Position::start();
    assert_eq!(
        (1..=4).map(|d| perft(&p, d)).collect::<Vec<_>>(),
        [20, 400, 8902, 197281]
    );
    let k = pos(KIWIPETE);
    assert_eq!(
        (1..=3).map(|d| perft(&k, d)).collect::<Vec<_>>(),
        [48, 2039, 97862]
    );
}

// ---- Keys ----

#[test]
fn incremental_key_matches_recomputed_key() {
    let mut rng = SmallRng::seed_from_u64(42);
    for start in [
        START_FEN,
        KIWIPETE,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        for _ in 0..100 {
            let mut p = pos(start);
            for _ in 0..200 {
                assert_eq!(p.key(), p.compute_key(), "{}", p.fen());
                let mut list = MoveList::new();
                p.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                p = p.play(list[rng.random_range(0..list.len())]);
            }
        }
    }
}

#[test]
fn keys_identify_positions() {
    let start = Position::start();
    let back = play(&start, &["g1f3", "g8f6", "f3g1", "f6g8"]);
    assert_eq!(
        back.key(),
        start.key(),
        "transposition to the start position"
    );
    assert_ne!(play(&start, &["g1f3", "g8f6", "f3g1"]).key(), start.key());
    // Side to move, castling rights and en passant all count.
    assert_ne!(
        pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1").key(),
        pos("4k3/8/8/8/8/8/8/4K3 b - - 0 1").key()
    );
    assert_ne!(
        pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1").key(),
        pos("4k3/8/8/8/8/8/8/4K2R w - - 0 1").key()
    );
    let with_ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_ne!(with_ep.key(), pos("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1").key());
    // Same moves, same position: a useless en passant square is not part of the key.
    assert_eq!(
        pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").key(),
        pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").key()
    );
}

// ---- Move notation ----

#[test]
fn moves_round_trip_through_uci() {
    for fen in [
        START_FEN,
        KIWIPETE,
        "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ] {
        let p = pos(fen);
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        for &m in &list {
            let text = p.format_move(m);
            assert_eq!(p.parse_move(&text), Ok(m), "{text} in {fen}");
        }
    }
    let p = Position::start();
    for (bad, expected) in [
        ("", "''"),
        ("e2", "'e2'"),
        ("e2e5", "illegal move 'e2e5'"),
        ("e2e4q", "illegal move 'e2e4q'"),
        ("e7e8x", "bad promotion 'x'"),
        ("e2e4 ", "' '"),
        ("e2e4qq", "unexpected 'qq'"),
        ("z9z9", "'z9z9'"),
        ("é2e4", "'é2e4'"),
        ("e2é4", "'e2é4'"),
        ("e1g1", "illegal move 'e1g1'"),
        ("0000", "'0000'"),
    ] {
        let err = p.parse_move(bad).expect_err(bad).to_string();
        assert!(err.contains(expected), "{bad}: {err}");
    }
}

// ---- Status ----

#[test]
fn checkmate_and_stalemate() {
    let fools_mate = play(&Position::start(), &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert!(fools_mate.in_check());
    assert_eq!(
        fools_mate.outcome(),
        Some(Outcome::win(Player::Black, WinReason::Checkmate))
    );
    let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        stalemate.outcome(),
        Some(Outcome::Draw(DrawReason::Stalemate))
    );
    assert_eq!(Position::start().outcome(), None);
}

#[test]
fn fifty_move_rule() {
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(p.outcome(), None);
    let after = play(&p, &["a1a2"]);
    assert_eq!(after.halfmove_clock(), 100);
    assert_eq!(
        after.quick_outcome(),
        Some(Outcome::Draw(DrawReason::FiftyMoves))
    );
    // A capture or pawn move resets the clock.
    assert_eq!(
        play(&pos("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80"), &["a2a3"]).halfmove_clock(),
        0
    );
    // Mate on the 100th ply beats the 50-move rule.
    let mate = play(&pos("6k1/5ppp/8/8/8/8/8/R3K3 w - - 99 80"), &["a1a8"]);
    assert_eq!(mate.halfmove_clock(), 100);
    assert_eq!(mate.quick_outcome(), None);
    assert_eq!(
        mate.outcome(),
        Some(Outcome::win(Player::White, WinReason::Checkmate))
    );
    // A check that is not mate on the 100th ply is a draw.
    let check = play(&pos("6k1/8/8/8/8/8/8/R3K3 w - - 99 80"), &["a1a8"]);
    assert_eq!(check.outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));
}

#[test]
fn insufficient_material() {
    let dead = [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KN2 b - - 0 1",
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", // bishops both on dark squares (f8, c1)
        "4k3/8/8/8/8/8/8/B1B1K1B1 w - - 0 1", // many bishops, all on dark squares
    ];
    for fen in dead {
        assert_eq!(
            pos(fen).quick_outcome(),
            Some(Outcome::Draw(DrawReason::InsufficientMaterial)),
            "{fen}"
        );
    }
    let alive = [
        "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", // opposite-coloured bishops (g8 light, c1 dark)
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
        "4kn2/8/8/8/8/8/8/4KN2 w - - 0 1",
        "4kn2/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
    ];
    for fen in alive {
        assert_eq!(pos(fen).quick_outcome(), None, "{fen}");
    }
}

#[test]
fn threefold_repetition_through_history() {
    let mut h = History::new(Position::start());
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    for m in shuffle {
        h.play(h.position().parse_uci(m).unwrap());
    }
    assert_eq!(h.repetitions(), 1);
    assert_eq!(h.outcome(), None);
    for m in shuffle {
        h.play(h.position().parse_uci(m).unwrap());
    }
    assert_eq!(h.repetitions(), 2);
    assert_eq!(h.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn lost_castling_rights_make_a_different_position() {
    // The king walks out and back: same pieces, but the rights are gone, so no repetition.
    let mut h = History::new(pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
    for m in [
        "e1f1", "e8d8", "f1e1", "d8e8", "e1f1", "e8d8", "f1e1", "d8e8",
    ] {
        h.play(h.position().parse_uci(m).unwrap());
    }
    assert_eq!(
        h.repetitions(),
        1,
        "the first position had the right to castle"
    );
}

#[test]
fn public_api_queries() {
    let p = pos(KIWIPETE);
    assert_eq!(p.king(Player::White), sq("e1"));
    assert_eq!(
        p.piece_on(sq("e2")),
        Some(Piece::new(Player::White, Role::Bishop))
    );
    assert_eq!(
        p.piece_on(sq("a6")),
        Some(Piece::new(Player::Black, Role::Bishop))
    );
    assert_eq!(p.piece_on(sq("e3")), None);
    assert!(p.is_attacked(sq("f7"), Player::White)); // the e5 knight
    assert!(!p.is_attacked(sq("d6"), Player::White));
    assert_eq!(
        p.attackers(sq("c6"), Player::White, p.occupied()),
        Bb64::from_square(sq("d5")) | Bb64::from_square(sq("e5"))
    );
    assert_eq!(p.pieces(Player::Black, Role::Pawn).count(), 8);
    assert_eq!(p.occupied().count(), 32);
    assert!(p.pinned().is_empty());
    let pinned = pos("4r1k1/8/8/8/8/4N3/8/4K3 w - - 0 1");
    assert_eq!(pinned.pinned(), Bb64::from_square(sq("e3")));
}

#[test]
fn counting_agrees_with_listing() {
    let mut rng = SmallRng::seed_from_u64(99);
    for start in [
        START_FEN,
        KIWIPETE,
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ] {
        for _ in 0..50 {
            let mut p = pos(start);
            for _ in 0..150 {
                let mut list = MoveList::new();
                p.legal_moves(&mut list);
                assert_eq!(p.count_legal_moves(), list.len() as u64, "{}", p.fen());
                // Quiescence's list is exactly the tactical part of the legal one, in order.
                let mut tactical = MoveList::new();
                assert!(!p.quiescence_moves(&mut tactical));
                let expected: Vec<Move> =
                    list.iter().copied().filter(|&m| p.is_tactical(m)).collect();
                let mut got = tactical.to_vec();
                got.sort_by_key(|m| format!("{m}"));
                let mut want = expected;
                want.sort_by_key(|m| format!("{m}"));
                assert_eq!(got, want, "{}", p.fen());
                if list.is_empty() {
                    break;
                }
                p = p.play(list[rng.random_range(0..list.len())]);
            }
        }
    }
}

#[test]
fn attacked_squares_agree_with_is_attacked() {
    for fen in [
        START_FEN,
        KIWIPETE,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        let p = pos(fen);
        for player in Player::BOTH {
            let all = p.attacked_squares(player);
            for s in 0..64 {
                assert_eq!(
                    all.has(Square(s)),
                    p.is_attacked(Square(s), player),
                    "{fen} {player} {s}"
                );
            }
        }
    }
}

#[test]
fn null_move_passes_the_turn() {
    let p = play(&Position::start(), &["e2e4", "a7a6", "e4e5", "d7d5"]);
    assert!(p.en_passant().is_some());
    let n = p.null_move();
    assert_eq!(n.side_to_move(), Player::Black);
    assert_eq!(n.en_passant(), None);
    assert_eq!(n.key(), n.compute_key());
    assert_eq!(
        n.fen(),
        "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3"
    );
}

// ---- Chess960 (UCI_Chess960) ----

fn pos960(fen: &str) -> Position {
    Position::from_fen_with(fen, true).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves960(p: &Position) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

#[test]
fn the_position_stays_96_bytes() {
    // It is copied at every node; the Chess960 rook files live in two spare bytes.
    assert_eq!(std::mem::size_of::<Position>(), 96);
}

#[test]
fn chess960_castling_fields_read_x_fen_and_shredder_fen() {
    // A Chess960 start: king on f1, rooks on e1 and h1.
    let xfen = "nnqbrkbr/pppppppp/8/8/8/8/PPPPPPPP/NNQBRKBR w KQkq - 0 1";
    let shredder = "nnqbrkbr/pppppppp/8/8/8/8/PPPPPPPP/NNQBRKBR w HEhe - 0 1";
    let a = pos960(xfen);
    let b = pos960(shredder);
    assert_eq!(a, b);
    assert_eq!(a.fen(), xfen, "written as X-FEN");
    assert_eq!(a.castle.file(Player::White, true), 7);
    assert_eq!(a.castle.file(Player::White, false), 4);
    assert_eq!(a.castle.file(Player::Black, false), 4);
    // Two rooks on one side: the inner one needs its file, the outer one keeps its letter.
    let inner = pos960("rk2r3/8/8/8/8/8/8/RK2R1R1 w EAe - 0 1");
    assert_eq!(inner.castle.file(Player::White, true), 4);
    assert_eq!(inner.fen(), "rk2r3/8/8/8/8/8/8/RK2R1R1 w EQk - 0 1");
    let outer = pos960("rk2r3/8/8/8/8/8/8/RK2R1R1 w KQk - 0 1");
    assert_eq!(outer.castle.file(Player::White, true), 6);
    // Orthodox FENs mean the same under the Chess960 rules.
    assert_eq!(pos960(KIWIPETE).fen(), KIWIPETE);
}

#[test]
fn the_chess960_castling_rules_agree_with_the_orthodox_ones_on_orthodox_positions() {
    // Castling is generated twice: the orthodox path (kept for speed) and the Chess960 one. On
    // positions with the rooks in the corners both must give the same trees.
    for fen in [
        KIWIPETE,
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/6b1/R3K2R w KQkq - 0 1",
        "r3k2r/1b6/8/8/8/8/8/R3K2R b KQkq - 0 1",
    ] {
        for depth in 1..=3 {
            assert_eq!(
                perft(&pos960(fen), depth),
                perft(&pos(fen), depth),
                "{fen} D{depth}"
            );
        }
    }
}

#[test]
fn chess960_castling_fields_are_checked() {
    for (fen, token) in [
        ("rk6/8/8/8/8/8/8/RK6 w K - 0 1", "'K'"),
        ("rk6/8/8/8/8/8/R7/1K6 w Q - 0 1", "'Q'"),
        ("rk6/8/8/8/8/8/8/RK6 w C - 0 1", "'C'"),
        ("rk6/8/8/8/8/8/8/RK6 w QA - 0 1", "twice"),
        ("rk6/8/8/8/8/8/8/RK6 w X - 0 1", "'X'"),
        ("rk6/8/8/8/8/8/8/RK6 w B - 0 1", "'B'"),
    ] {
        let e = Position::from_fen_with(fen, true).unwrap_err().to_string();
        assert!(e.contains(token), "{fen}: {e}");
    }
    // Without UCI_Chess960 a Chess960 field is refused, as before.
    assert!(
        Position::from_fen("nnqbrkbr/pppppppp/8/8/8/8/PPPPPPPP/NNQBRKBR w HEhe - 0 1").is_err()
    );
}

#[test]
fn chess960_castling_is_written_king_takes_rook() {
    // King f1, rooks e1 and h1 (the start above with the way cleared).
    let p = pos960("nnqbrkbr/pppppppp/8/8/8/8/8/4RK1R w KQkq - 0 1");
    let list = moves960(&p);
    assert!(list.contains(&"f1h1".to_string()), "{list:?}");
    // Queen side: the king goes to c1 and the rook from e1 to d1.
    assert!(list.contains(&"f1e1".to_string()), "{list:?}");
    let castled = p.play(p.parse_uci("f1h1").unwrap());
    assert_eq!(
        castled.fen(),
        "nnqbrkbr/pppppppp/8/8/8/8/8/4RRK1 b kq - 1 1"
    );
    let long = p.play(p.parse_uci("f1e1").unwrap());
    assert_eq!(long.fen(), "nnqbrkbr/pppppppp/8/8/8/8/8/2KR3R b kq - 1 1");
    // The orthodox way of writing it is not a move here.
    assert!(p.parse_uci("f1g1").map(|m| m.is_castle()) != Ok(true));
    // Orthodox chess keeps e1g1.
    let o = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(moves(&o).contains(&"e1g1".to_string()));
    assert!(moves960(&pos960("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")).contains(&"e1h1".to_string()));
}

#[test]
fn chess960_castling_where_the_king_or_rook_does_not_move() {
    // King already on g1, rook on h1: castling moves only the rook, to f1.
    let p = pos960("6k1/8/8/8/8/8/8/6KR w K - 0 1");
    let after = p.play(p.parse_uci("g1h1").unwrap());
    assert_eq!(after.fen(), "6k1/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Rook already on d1, king on e1: the king alone goes to c1.
    let q = pos960("1k6/8/8/8/8/8/8/3RK3 w Q - 0 1");
    assert_eq!(
        q.play(q.parse_uci("e1d1").unwrap()).fen(),
        "1k6/8/8/8/8/8/8/2KR4 b - - 1 1"
    );
}

#[test]
fn chess960_castling_checks_squares_with_the_castling_rook_lifted() {
    // King c1, rook b1, a black rook on a1: b1 shields c1 now, but after castling queen side
    // the king stands on c1 with b1 empty, attacked from a1. Not legal.
    let p = pos960("7k/8/8/8/8/8/8/rRK5 w Q - 0 1");
    assert!(
        !moves960(&p).contains(&"c1b1".to_string()),
        "{:?}",
        moves960(&p)
    );
    // Without the black rook it is.
    let q = pos960("7k/8/8/8/8/8/8/1RK5 w Q - 0 1");
    assert!(moves960(&q).contains(&"c1b1".to_string()));
    // A square the king crosses is attacked: no castling.
    let r = pos960("1k3r2/8/8/8/8/8/8/1K5R w K - 0 1");
    assert!(!moves960(&r).contains(&"b1h1".to_string()));
    // Something between: no castling; the king's path may hold the rook itself.
    let s = pos960("1k6/8/8/8/8/8/8/1KN4R w K - 0 1");
    assert!(!moves960(&s).contains(&"b1h1".to_string()));
    let t = pos960("1k6/8/8/8/8/8/8/4KR2 w K - 0 1");
    assert!(moves960(&t).contains(&"e1f1".to_string()));
}

#[test]
fn chess960_rights_end_with_king_and_rook_moves_and_rook_captures() {
    let p = pos960("nnqbrkbr/pppppppp/8/8/8/8/8/4RK1R w KQkq - 0 1");
    assert_eq!(
        play(&p, &["h1h2"]).fen(),
        "nnqbrkbr/pppppppp/8/8/8/8/7R/4RK2 b Qkq - 1 1"
    );
    assert_eq!(
        play(&p, &["e1e2"]).fen(),
        "nnqbrkbr/pppppppp/8/8/8/8/4R3/5K1R b Kkq - 1 1"
    );
    assert_eq!(
        play(&p, &["f1g1"]).fen(),
        "nnqbrkbr/pppppppp/8/8/8/8/8/4R1KR b kq - 1 1"
    );
    // Taking a castling rook on its square ends its right.
    let q = pos960("nnqbrkbr/ppppppp1/8/8/4b3/8/8/4RK1R b KQkq - 0 1");
    let after = q.play(q.parse_uci("e4h1").unwrap_or_else(|e| panic!("{e}")));
    assert!(after.fen().contains(" Qkq "), "{}", after.fen());
    // Keys follow (the debug assertions in play compare them with recomputed keys too).
    assert_eq!(after.key(), after.compute_key());
}

#[test]
fn history_keys_name_player_piece_and_destination() {
    use crate::game::HISTORY_KEYS;
    let pos = Position::from_fen("4k3/8/8/8/8/8/3P4/RN2K3 w Q - 0 1").unwrap();
    let key = |pos: &Position, uci: &str| {
        let mv = pos.parse_uci(uci).unwrap();
        Game::history_key(pos, mv).unwrap() as usize
    };
    let keys = [
        key(&pos, "b1c3"),
        key(&pos, "b1a3"),
        key(&pos, "d2d3"),
        key(&pos, "e1d1"),
        key(&pos, "a1a2"),
    ];
    let distinct: std::collections::HashSet<_> = keys.iter().collect();
    assert_eq!(distinct.len(), keys.len(), "{keys:?}");
    assert!(keys.iter().all(|&k| k < HISTORY_KEYS));
    // The same piece to the same square is one key, wherever it comes from; Black's knight
    // to the same square has its own.
    let other = Position::from_fen("4k3/8/8/3n4/8/8/8/R3K1N1 w - - 0 1").unwrap();
    assert_eq!(key(&pos, "a1a2"), key(&other, "a1a2"));
    let knight = Position::from_fen("4k3/8/8/1N6/8/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(key(&pos, "b1a3"), key(&knight, "b5a3"));
    let black = Position::from_fen("4k3/8/8/3n4/8/8/8/R3K1N1 b - - 0 1").unwrap();
    assert_ne!(key(&black, "d5c3"), key(&pos, "b1c3"));
}

/// Plays `fen` out with a search of `nodes` nodes a move on both sides; the plies to mate, or
/// `None` where the game ended otherwise or went on past 100 plies.
fn plies_to_mate(fen: &str, nodes: u64) -> Option<usize> {
    use crate::search::{search, Control, Limits, SearchParams, TranspositionTable};
    let params = SearchParams {
        limits: Limits {
            nodes: Some(nodes),
            ..Limits::default()
        },
        ..SearchParams::default()
    };
    let tt = TranspositionTable::new(16);
    let mut p = pos(fen);
    let mut keys = vec![p.key()];
    for ply in 0..100 {
        if let Some(outcome) = p.outcome() {
            let mated = outcome == Outcome::win(p.to_move().other(), WinReason::Checkmate);
            return mated.then_some(ply);
        }
        let best = search(&p, &keys, &params, &tt, &Control::default(), &mut |_| {}).best?;
        p = p.play(best);
        keys.push(p.key());
    }
    None
}

#[test]
fn a_lone_king_is_mated_at_a_small_node_budget() {
    // Rook, two bishops, bishop and knight: positions a search of a few tens of milliseconds
    // a move drew by the fifty-move rule before the evaluation drove the lone king to the
    // edge (docs/tuning.md, "Mop-up").
    for fen in [
        "R7/8/7K/8/8/8/3k4/8 w - - 0 1",
        "2RK4/8/4k3/8/8/8/8/8 b - - 0 1",
        "8/8/8/K7/8/R7/8/4k3 w - - 0 1",
        "8/8/3k4/8/8/8/8/2B1KB2 w - - 0 1",
        "8/8/8/3k4/8/8/8/2B1K1N1 w - - 0 1",
    ] {
        assert!(plies_to_mate(fen, 30_000).is_some(), "{fen}");
    }
}
