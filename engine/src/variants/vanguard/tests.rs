//! Unit tests: every worked example of spec §12, the empty-board counts of §13, FEN, keys.

use super::*;
use crate::bitboard::{Bb256, Bitboard};
use crate::game::{Game, Outcome};
use crate::perft::perft;
use crate::square::{Board16, Square};
use rand::{rngs::SmallRng, RngExt, SeedableRng};

fn pos(fen: &str) -> Vanguard {
    Vanguard::from_fen(fen).unwrap_or_else(|e| panic!("{e}"))
}

fn sq(s: &str) -> Square {
    Square::parse::<Board16>(s).unwrap()
}

fn legal_list(p: &Vanguard) -> MoveList {
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    moves
}

/// The legal moves, formatted and sorted.
fn legal(p: &Vanguard) -> Vec<String> {
    let mut v: Vec<String> = legal_list(p).iter().map(|m| p.format_move(*m)).collect();
    v.sort();
    v
}

/// The legal moves of the man on `from`, formatted and sorted.
fn legal_from(p: &Vanguard, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut v: Vec<String> = legal_list(p)
        .iter()
        .filter(|m| m.from == from)
        .map(|m| p.format_move(*m))
        .collect();
    v.sort();
    v
}

fn sorted(moves: &str) -> Vec<String> {
    let mut v: Vec<String> = moves.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

fn play(p: &Vanguard, mv: &str) -> Vanguard {
    p.play(p.parse_move(mv).unwrap_or_else(|e| panic!("{e}")))
}

// ---- Example 1: the start position ----

#[test]
fn example_01_start_position_moves() {
    let p = Vanguard::start(&());
    assert_eq!(p.fen(), START_FEN);
    assert_eq!(legal(&p).len(), 104);
    assert_eq!(legal_from(&p, "a3"), sorted("a3a4 a3a5 a3a6 a3a7"));
    assert_eq!(legal_from(&p, "e3"), sorted("e3e4 e3e5 e3e6 e3e7"));
    assert_eq!(legal_from(&p, "h3"), sorted("h3h4 h3h5 h3h6 h3g4 h3i4"));
    assert_eq!(legal_from(&p, "i3"), sorted("i3i4 i3i5 i3i6 i3h4 i3j4"));
    assert_eq!(
        legal_from(&p, "f1"),
        sorted("f1c2 f1d2 f1e2 f1g2 f1h2 f1i2 f1e3 f1g3")
    );
    assert_eq!(legal_from(&p, "d1"), sorted("d1a4 d1c4 d1e4 d1g4"));
    assert_eq!(legal_from(&p, "m1"), sorted("m1j4 m1l4 m1n4 m1p4"));
    assert_eq!(legal_from(&p, "b2"), sorted("b2a4 b2c4 b2a5 b2c5"));
    assert_eq!(legal_from(&p, "o2"), sorted("o2n4 o2p4 o2n5 o2p5"));
    assert_eq!(legal_from(&p, "d2"), sorted("d2c4 d2e4 d2b6 d2f6"));
    assert_eq!(legal_from(&p, "m2"), sorted("m2l4 m2n4 m2k6 m2o6"));
    assert_eq!(legal_from(&p, "c2"), sorted("c2a4 c2c4 c2e4"));
    assert_eq!(legal_from(&p, "n2"), sorted("n2l4 n2n4 n2p4"));
    for idle in [
        "a1", "b1", "c1", "e1", "g1", "h1", "i1", "j1", "k1", "a2", "e2", "g2", "h2",
    ] {
        assert!(legal_from(&p, idle).is_empty(), "{idle}");
    }
    // Black's position is the mirror image: 104 moves as well.
    let black = pos(&START_FEN.replace(" w ", " b "));
    assert_eq!(legal(&black).len(), 104);
}

#[test]
fn example_01_start_position_perft() {
    let p = Vanguard::start(&());
    assert_eq!(perft(&p, 1), 104);
    assert_eq!(perft(&p, 2), 10_816);
    assert_eq!(perft(&p, 3), 1_189_396);
}

#[test]
fn example_01_captures_at_depth_3() {
    // 1,240 of the perft(3) leaves capture: 832 by Nightriders, 404 by Generals, 4 by Lancers.
    let root = Vanguard::start(&());
    let mut by_role = [0u32; Role::COUNT];
    for m1 in legal_list(&root) {
        let p1 = root.play(m1);
        for m2 in legal_list(&p1) {
            let p2 = p1.play(m2);
            for m3 in legal_list(&p2) {
                if p2.is_capture(m3) {
                    by_role[p2.piece_at(m3.from).unwrap().role().index()] += 1;
                }
            }
        }
    }
    assert_eq!(by_role.iter().sum::<u32>(), 1240);
    assert_eq!(by_role[Role::Nightrider.index()], 832);
    assert_eq!(by_role[Role::General.index()], 404);
    assert_eq!(by_role[Role::Lancer.index()], 4);
}

// ---- Examples 2 and 3: the Helepolis ----

#[test]
fn example_02_helepolis_sweep() {
    let p = pos("k15/16/16/16/16/16/16/16/16/3q12/16/16/1n1H1rbP8/3p12/3p12/15K w - 0 1");
    assert_eq!(
        legal_from(&p, "d4"),
        sorted("d4d5 d4d6 d4d7 d4c4 d4b4 d4a4 d4e4 d4f4 d4g4 d4d3 d4d2 d4d1")
    );
    assert_eq!(legal(&p).len(), 16);
    let after = play(&p, "d4g4");
    assert_eq!(
        (
            after.piece_at(sq("f4")),
            after.piece_at(sq("g4")).map(|p| p.role())
        ),
        (None, Some(Role::Helepolis))
    );
    let after = play(&p, "d4d1");
    assert_eq!(
        (after.piece_at(sq("d3")), after.piece_at(sq("d2"))),
        (None, None)
    );
    let after = play(&p, "d4a4");
    assert_eq!(after.piece_at(sq("b4")), None);
    // A forward move captures nothing on its path, and only the enemy at its end.
    let after = play(&p, "d4d7");
    assert_eq!(after.pieces(Player::Black, Role::Queen), Bb256::EMPTY);
    assert!(p.is_capture(p.parse_move("d4b4").unwrap()));
    assert!(!p.is_capture(p.parse_move("d4c4").unwrap()));
}

#[test]
fn example_03_helepolis_initial_leap() {
    let fen = "7k8/16/16/16/16/16/16/p15/16/16/16/16/16/16/R15/H1B4K8 w - 0 1";
    let p = pos(fen);
    assert_eq!(
        legal_from(&p, "a1"),
        sorted("a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1a9 a1b1")
    );
    assert_eq!(legal(&p).len(), 50);
    let moved = pos(&fen.replace(" w - ", " w a1 "));
    assert_eq!(legal_from(&moved, "a1"), sorted("a1b1"));
    assert_eq!(legal(&moved).len(), 43);
    assert_eq!(moved.fen(), fen.replace(" w - ", " w a1 "));
    let second = pos("7k8/16/16/16/16/16/16/p15/16/16/16/N15/16/16/R15/H1B4K8 w - 0 1");
    assert_eq!(legal_from(&second, "a1"), sorted("a1a3 a1a4 a1b1"));
    // The first move consumes the right, whatever its direction.
    let sideways = play(&play(&p, "a1b1"), "h16h15");
    let back = play(&play(&sideways, "b1a1"), "h15h16");
    assert_eq!(legal_from(&back, "a1"), sorted("a1b1"));
    assert!(back.fen().contains(" a1 "));
}

// ---- Examples 4 and 5: the Wizard ----

#[test]
fn example_04_wizard() {
    let p = pos("15k/16/16/16/16/16/16/16/16/6Q9/16/2N1p1Pb8/5W10/3R4r7/16/K3n11 w - 0 1");
    assert_eq!(
        legal_from(&p, "f4"),
        sorted("f4g5 f4c5 f4d3 f4g7 f4e5 f4e3 f4e2 f4e1 f4g3 f4h3 f4i3 f4g2 f4g1")
    );
    assert_eq!(legal(&p).len(), 103);
    let swapped = play(&p, "f4g7");
    assert_eq!(
        swapped.piece_at(sq("g7")).map(|p| p.role()),
        Some(Role::Wizard)
    );
    assert_eq!(
        swapped.piece_at(sq("f4")).map(|p| p.role()),
        Some(Role::Queen)
    );
    assert!(!p.is_capture(p.parse_move("f4g7").unwrap()));
}

#[test]
fn example_05_swap_promotion() {
    let p = pos("k3W11/3S1P10/16/6E9/16/16/16/16/16/16/16/16/16/16/16/7K8 w - 0 1");
    assert_eq!(legal_from(&p, "e16"), sorted("e16f15n e16d15h"));
    assert_eq!(legal_from(&p, "f15"), sorted("f15f16n"));
    assert_eq!(legal(&p).len(), 18);
    let after = play(&p, "e16f15n");
    assert_eq!(
        after.piece_at(sq("e16")).map(|p| p.role()),
        Some(Role::Knight)
    );
    assert_eq!(
        after.piece_at(sq("f15")).map(|p| p.role()),
        Some(Role::Wizard)
    );
    assert_eq!(after.halfmove_clock(), 0);
    let after = play(&p, "e16d15h");
    assert_eq!(
        after.piece_at(sq("e16")).map(|p| p.role()),
        Some(Role::Helepolis)
    );
    // The suffix is mandatory.
    assert!(p
        .parse_move("f15f16")
        .unwrap_err()
        .to_string()
        .contains("f15f16n"));
    assert!(p.parse_move("e16f15").is_err());
}

// ---- Examples 6 to 10: Bowman, Archer, Berserker, General, Lancer ----

#[test]
fn example_06_bowman() {
    let p = pos("15k/16/16/16/16/16/16/16/4b11/7n8/16/6r9/3PV11/4p11/8p7/K15 w - 0 1");
    assert_eq!(
        legal_from(&p, "e4"),
        sorted("e4d6 e4d6xe8 e4f6 e4f6xe8 e4f6xh7 e4g3 e4g3xi2 e4g5 e4g5xh7")
    );
    let after = play(&p, "e4g5xh7");
    assert_eq!(
        (
            after.piece_at(sq("h7")),
            after.piece_at(sq("g5")).map(|p| p.role())
        ),
        (None, Some(Role::Bowman))
    );
    assert_eq!(
        after.men(Player::Black).count(),
        p.men(Player::Black).count() - 2
    );
}

#[test]
fn example_07_archer() {
    let p = pos("15k/16/16/16/16/16/5n2pP6/16/7A8/5p10/6P9/4p11/16/16/16/K15 w - 0 1");
    assert_eq!(
        legal_from(&p, "h8"),
        sorted("h8i9 h8g9 h8f10 h8i7 h8j6 h8k5 h8g7 h8f6 h8e5 h8xi10 h8xf7")
    );
    let after = play(&p, "h8xf7");
    assert_eq!(
        (
            after.piece_at(sq("f7")),
            after.piece_at(sq("h8")).map(|p| p.role())
        ),
        (None, Some(Role::Archer))
    );
}

#[test]
fn example_08_berserker() {
    let p = pos("15k/16/16/16/16/16/9n6/7PP7/7Z8/8p7/16/16/16/16/16/K15 w - 0 1");
    let moves = legal_from(&p, "h8");
    assert_eq!(moves.len(), 21);
    for m in ["h8h10", "h8j10", "h8g10", "h8j9", "h8i7"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    for m in ["h8h9", "h8i9", "h8i10"] {
        assert!(!moves.contains(&m.to_string()), "{m}");
    }
}

#[test]
fn example_09_general() {
    let p = pos("15k/16/16/16/16/7p8/16/16/6PG8/16/16/16/7p8/16/16/K15 w - 0 1");
    let moves = legal_from(&p, "h8");
    assert_eq!(moves.len(), 35);
    // Along the rank and file through h8; the other 28 are diagonal.
    let orthogonal: Vec<String> = moves
        .iter()
        .filter(|m| {
            let to = sq(&m[2..]);
            to.file::<Board16>() == 7 || to.rank::<Board16>() == 7
        })
        .cloned()
        .collect();
    assert_eq!(orthogonal, sorted("h8h10 h8h6 h8h4 h8j8 h8l8 h8n8 h8p8"));
}

#[test]
fn example_10_lancer() {
    let p = pos("15k/16/16/16/16/10p5/6npP2p4/8p7/7L2p5/16/16/4p11/16/16/16/K15 w - 0 1");
    assert_eq!(
        legal_from(&p, "h8"),
        sorted(
            "h8g10 h8j9 h8l10 h8f9 h8d10 h8i6 h8j4 h8j7 h8l6 h8g6 h8f4 h8f7 h8d6 h8h10 h8k8 h8e5"
        )
    );
}

// ---- Example 11: pawn-type men and FEN field 3 ----

#[test]
fn example_11_pawn_types_and_lost_rights() {
    let p = pos("k15/16/10E5/16/16/16/16/16/16/8p7/2p6p6/8E7/1p14/2P1S1S9/16/15K w e3 0 1");
    assert_eq!(legal(&p).len(), 27);
    assert_eq!(legal_from(&p, "c3"), sorted("c3c4 c3c5 c3b4"));
    assert_eq!(legal_from(&p, "e3"), sorted("e3e4 e3d3 e3f3"));
    assert_eq!(
        legal_from(&p, "g3"),
        sorted("g3g4 g3g5 g3g6 g3g7 g3f3 g3h3")
    );
    assert_eq!(
        legal_from(&p, "i5"),
        sorted("i5i6 i5i7 i5h6 i5j6 i5h5 i5j5")
    );
    assert_eq!(
        legal_from(&p, "k14"),
        sorted("k14k15 k14k16l k14j15 k14l15 k14j14 k14l14")
    );
    assert_eq!(legal_from(&p, "p1").len(), 3);
    assert_eq!(
        play(&p, "k14k16l").piece_at(sq("k16")).map(|p| p.role()),
        Some(Role::Lancer)
    );
    // A sideways step on rank 3 loses the right and is reversible: the clock runs on.
    let after = play(&p, "g3h3");
    assert_eq!(after.halfmove_clock(), 1);
    assert!(after.fen().contains(" e3h3 "), "{}", after.fen());
}

// ---- Examples 12 to 20: check, succession, game end ----

#[test]
fn example_12_check_through_the_defenders_own_man() {
    let p = pos("15k/16/16/16/16/16/16/16/16/16/16/16/16/P15/16/4K4R2h3 w - 0 1");
    assert!(p.in_check());
    assert_eq!(legal(&p), sorted("e1d2 e1e2 e1f2 j1m1"));
}

#[test]
fn example_13_no_check_rules_with_a_prince() {
    let p = pos("15k/16/16/16/16/16/16/16/I15/16/16/16/16/P15/16/4K4R2h3 w - 0 1");
    assert!(!p.in_check());
    let moves = legal(&p);
    assert_eq!(moves.len(), 37);
    assert!(moves.contains(&"e1d1".to_string()));
    assert_eq!(legal_from(&p, "e1").len(), 5);
    assert_eq!(legal_from(&p, "j1").len(), 22);
    assert_eq!(legal_from(&p, "a3").len(), 4);
    assert_eq!(legal_from(&p, "a8").len(), 6);
}

#[test]
fn example_14_succession_makes_a_capture_illegal() {
    let p = pos("15k/16/16/16/16/16/16/16/4d11/16/16/16/q3R11/16/16/4K11 w - 0 1");
    let rook = legal_from(&p, "e4");
    assert!(!rook.contains(&"e4a4".to_string()));
    assert_eq!(rook.len(), 20);
    assert_eq!(legal(&p).len(), 24);
    let no_princess = pos("15k/16/16/16/16/16/16/16/16/16/16/16/q3R11/16/16/4K11 w - 0 1");
    let rook = legal_from(&no_princess, "e4");
    assert!(rook.contains(&"e4a4".to_string()));
    assert_eq!(rook.len(), 29);
}

#[test]
fn example_15_bowman_shot_gives_check() {
    let p = pos("15k/16/16/16/16/16/16/16/16/16/16/4v11/R15/16/16/4K11 w - 0 1");
    assert!(p.in_check());
    assert_eq!(legal(&p), sorted("a4e4 e1d1 e1e2 e1f1"));
}

#[test]
fn example_16_wizard_swap_escapes_check() {
    let p = pos("k15/16/16/16/16/16/7r8/16/16/16/16/16/16/16/6PK8/5W10 w - 0 1");
    assert!(p.in_check());
    assert_eq!(legal(&p), sorted("f1h2 h2g1 h2g3 h2i1 h2i2 h2i3"));
    let after = play(&p, "f1h2");
    assert_eq!(after.king(Player::White), Some(sq("f1")));
}

#[test]
fn example_17_extinction_despite_self_check() {
    let p = pos("H3k2i8/16/16/16/16/16/16/16/r15/16/16/16/16/16/16/K1B13 w - 0 1");
    assert!(p.in_check());
    let mut expect: Vec<String> = "hijklmnop".chars().map(|f| format!("a16{f}16")).collect();
    expect.extend((2..=8).map(|r| format!("a16a{r}")));
    expect.extend(["a1b1", "a1b2", "c1a3"].map(String::from));
    expect.sort();
    assert_eq!(legal(&p), expect);
    let won = play(&p, "a16h16");
    assert!(!won.has_royal(Player::Black));
    assert_eq!(
        won.quick_outcome(),
        Some(Outcome::win(Player::White, WinReason::RoyalCaptured))
    );
    assert!(legal(&won).is_empty());
    assert!(p.parse_move("a16e16").is_err());
}

#[test]
fn example_18_succession_then_mate() {
    let p = pos("3Rk2i8/6p1p7/16/16/16/16/16/16/16/16/16/16/16/16/16/K6Q8 w - 0 1");
    let after = play(&p, "d16e16");
    assert_eq!(
        after.fen(),
        "4R2k8/6p1p7/16/16/16/16/16/16/16/16/16/16/16/16/16/K6Q8 b - 0 1"
    );
    assert!(after.in_check());
    assert!(legal(&after).is_empty());
    assert_eq!(
        after.outcome(),
        Some(Outcome::win(Player::White, WinReason::Checkmate))
    );
}

#[test]
fn example_19_mate_stalemate_and_the_two_royal_exemption() {
    let mate = pos("k15/1Q14/2K13/16/16/16/16/16/16/16/16/16/16/16/16/16 b - 0 1");
    assert!(legal(&mate).is_empty());
    assert_eq!(
        mate.outcome(),
        Some(Outcome::win(Player::White, WinReason::Checkmate))
    );
    let stalemate = pos("k15/16/1Q14/16/16/16/16/16/16/16/16/16/16/16/16/15K b - 0 1");
    assert!(legal(&stalemate).is_empty());
    assert_eq!(
        stalemate.outcome(),
        Some(Outcome::Draw(DrawReason::Stalemate))
    );
    let prince = pos("k15/1Q14/2K13/16/16/16/16/16/15i/16/16/16/16/16/16/16 b - 0 1");
    assert!(!prince.in_check());
    let moves = legal(&prince);
    assert_eq!(moves.len(), 9);
    for m in ["a16a15", "a16b15", "a16b16"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    assert_eq!(legal_from(&prince, "p8").len(), 6);
}

#[test]
fn example_20_archer_attack_on_a_sole_king() {
    let p = pos("15k/16/16/16/16/16/16/16/16/16/16/16/16/6a9/16/4K11 w - 0 1");
    assert!(p.in_check());
    assert_eq!(legal(&p), sorted("e1d1 e1d2"));
}

#[test]
fn example_21_opening_helepolis_leap_and_fen() {
    let p = play(&play(&Vanguard::start(&()), "a3a7"), "p14p10");
    assert_eq!(
        p.fen(),
        "hjyfbwdqkicbfyjh/rnzlaavggvaalznr/ppppssseesssppp1/16/16/16/15p/16/16/P15/16/16/16/\
         1PPPSSSEESSSPPPP/RNZLAAVGGVAALZNR/HJYFBWDQKICBFYJH w - 0 2"
    );
    assert_eq!(legal(&p).len(), 110);
    assert_eq!(legal_from(&p, "a1"), sorted("a1a3 a1a4 a1a5 a1a6"));
}

// ---- §13: empty-board counts ----

/// A position with one White man of `role` on `at` and nothing else (no Kings: the reach of a
/// man does not need them), built below the FEN validation.
fn lone(role: Role, at: &str, unmoved: bool) -> Vanguard {
    let mut p = Vanguard::empty(Player::White);
    p.put(sq(at), Piece::new(Player::White, role));
    if unmoved {
        p.unmoved = Bb256::from_square(sq(at));
    }
    p
}

#[test]
fn empty_board_counts_of_section_13() {
    let table = [
        (Role::King, 8),
        (Role::Queen, 59),
        (Role::Rook, 30),
        (Role::Bishop, 29),
        (Role::Knight, 20),
        (Role::Chancellor, 38),
        (Role::Princess, 37),
        (Role::Prince, 12),
        (Role::Nightrider, 28),
        (Role::Spy, 16),
        (Role::Falconer, 24),
        (Role::General, 43),
        (Role::Archer, 12),
        (Role::Bowman, 8),
        (Role::Lancer, 16),
        (Role::Berserker, 24),
        (Role::Wizard, 20),
        (Role::Helepolis, 30),
        (Role::Pawn, 1),
        (Role::Soldier, 3),
        (Role::Sergeant, 7),
    ];
    for (role, count) in table {
        let p = lone(role, "h8", false);
        let mut moves = MoveList::new();
        p.pseudo_moves(&mut moves);
        assert_eq!(moves.len(), count, "{role:?}");
    }
    for (role, count) in [(Role::Pawn, 4), (Role::Soldier, 6), (Role::Sergeant, 7)] {
        let p = lone(role, "h3", true);
        let mut moves = MoveList::new();
        p.pseudo_moves(&mut moves);
        assert_eq!(moves.len(), count, "{role:?} on its third rank");
    }
    // Capture potential: the squares where a lone enemy man could be taken.
    for (role, count) in [
        (Role::Archer, 20),
        (Role::Bowman, 40),
        (Role::Lancer, 32),
        (Role::Pawn, 2),
        (Role::Soldier, 2),
    ] {
        let h8 = sq("h8");
        let r = reach::reach(
            role,
            Player::White,
            h8,
            Bb256::from_square(h8),
            Bb256::from_square(h8),
            false,
        );
        assert_eq!(r.attacks().count(), count, "{role:?}");
    }
}

// ---- FEN, keys, notation ----

/// In the cases' third column, the whole FEN is the token (no one field is to blame).
const FEN: &str = "the whole FEN";

/// Each case: a FEN, a part of the error's message, and the error's token, the bad part of the
/// text. Every message also names the whole FEN.
#[test]
fn fen_errors_name_the_bad_token() {
    let start = START_FEN;
    let cases: Vec<(String, &str, &str)> = vec![
        (start.replacen(" w ", " x ", 1), "'x'", "x"),
        (start.replace(" 0 1", " 0"), "5 fields", FEN),
        (start.replace(" 0 1", " z 1"), "'z'", "z"),
        (start.replace(" 0 1", " 0 0"), "fullmove number '0'", "0"),
        (start.replacen("hjyf", "hjxf", 1), "'x'", "x"),
        (start.replacen("/16/", "/17/", 1), "'17'", "17"),
        (start.replacen("/16/", "/016/", 1), "'016'", "016"),
        (start.replacen("/16/", "/8/", 1), "8 squares", "8"),
        (start.replacen("/16/", "/88/", 1), "'88'", "88"),
        (start.replacen("/16/", "/15pp/", 1), "longer than 16", "15pp"),
        (start.replacen("/16/", "/", 1), "15 ranks", FEN),
        (start.replace(" w - ", " w a1q9 "), "lost-rights", "a1q9"),
        (start.replace("DQKIC", "DQRIC"), "0 Kings", FEN),
        (start.replace("DQKIC", "DKKIC"), "2 Kings", FEN),
        (start.replace("dqkic", "dikic"), "2 Princes", FEN),
        ("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/s14K w - 0 1".into(), "black Soldier on its far rank at a1", FEN),
        ("k14P/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15K w - 0 1".into(), "far rank at p16", FEN),
        ("k15/QQQQQQQQQQQQQQQQ/QQQQQQQQQQQQQQQQ/QQQQQQQQQQQQQQQQ/QQQQQQQQQQQQQQQQ/16/16/16/16/16/16/16/16/16/16/15K w - 0 1".into(), "65 men", FEN),
    ];
    for (fen, needle, token) in cases {
        let err = match Vanguard::from_fen(&fen) {
            Ok(_) => panic!("{fen} was accepted"),
            Err(e) => e,
        };
        let token = if token == FEN { fen.as_str() } else { token };
        assert_eq!(err.token(), Some(token), "{fen}: {err}");
        let err = err.to_string();
        assert!(err.contains(needle), "{fen}: {err} (expected {needle})");
    }
}

#[test]
fn lost_rights_field_is_read_leniently_and_written_canonically() {
    // p3 lost its right, k2 (an Archer) and a9 (empty) are not eligible and are ignored.
    let fen = START_FEN.replace(" w - ", " w p3a9k2a1 ");
    let p = pos(&fen);
    assert_eq!(p.fen(), START_FEN.replace(" w - ", " w a1p3 "));
    assert_eq!(legal_from(&p, "p3"), sorted("p3p4"));
    // A right that is lost is part of the position's identity.
    assert_ne!(p.key(), Vanguard::start(&()).key());
    assert_eq!(p.key(), p.compute_key());
}

#[test]
fn clocks_and_the_100_move_rule() {
    let p = pos("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/R14K w - 198 150");
    let p1 = play(&p, "a1a2");
    assert_eq!((p1.halfmove_clock(), p1.quick_outcome()), (199, None));
    let p2 = play(&p1, "a16b16");
    assert_eq!(p2.halfmove_clock(), 200);
    assert_eq!(
        p2.fen(),
        "1k14/16/16/16/16/16/16/16/16/16/16/16/16/16/R15/15K w - 200 151"
    );
    assert_eq!(
        p2.quick_outcome(),
        Some(Outcome::Draw(DrawReason::FiftyMoves))
    );
    // A mate delivered on the 200th ply is a mate (R30).
    let q = pos("k15/2Q13/1K14/16/16/16/16/16/16/16/16/16/16/16/16/16 w - 199 150");
    let mated = play(&q, "c15b15");
    assert_eq!(mated.halfmove_clock(), 200);
    assert_eq!(mated.quick_outcome(), None);
    assert_eq!(
        mated.outcome(),
        Some(Outcome::win(Player::White, WinReason::Checkmate))
    );
}

#[test]
fn illegal_and_malformed_moves_are_errors() {
    let p = Vanguard::start(&());
    assert!(p
        .parse_move("a3a8")
        .unwrap_err()
        .to_string()
        .contains("illegal move 'a3a8'"));
    assert!(p
        .parse_move("a3a17")
        .unwrap_err()
        .to_string()
        .contains("'a3a17'"));
    assert!(p.parse_move("0000").is_err());
    assert!(p.parse_move("").is_err());
}

/// Random games from the start: the incremental key always equals a recomputed one, FEN out
/// then in is the identity, the bulk count equals the list's length, every legal move's string parses back to it, `is_capture` agrees
/// with the men that vanish, the tactical generator lists exactly the legal captures and
/// promotions, and the halfmove clock follows §8.1.
#[test]
fn random_games_keep_keys_fen_and_notation_consistent() {
    let mut rng = SmallRng::seed_from_u64(2024);
    let mut positions = 0;
    for game in 0..12 {
        let mut p = Vanguard::start(&());
        for ply in 0..160 {
            assert_eq!(
                p.key(),
                p.compute_key(),
                "game {game} ply {ply}: {}",
                p.fen()
            );
            let back = pos(&p.fen());
            assert_eq!(back, p, "FEN round trip of {}", p.fen());
            let moves = legal_list(&p);
            // Perft's bulk count agrees with the list.
            assert_eq!(p.count_legal_moves(), moves.len() as u64, "{}", p.fen());
            if moves.is_empty() {
                break;
            }
            positions += 1;
            if ply % 8 == 0 {
                for m in moves.iter() {
                    assert_eq!(p.parse_move(&p.format_move(*m)), Ok(*m), "{}", p.fen());
                }
            }
            // Quiescence's generator lists exactly the legal tactical moves, in the same order.
            let mut tactical = MoveList::new();
            assert!(!p.quiescence_moves(&mut tactical));
            let expected: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| p.is_tactical(*m))
                .collect();
            assert_eq!(tactical.as_slice(), expected.as_slice(), "{}", p.fen());
            for m in moves.iter() {
                let after = p.play(*m);
                let lost = p.men(p.side.other()).count() - after.men(p.side.other()).count();
                assert_eq!(
                    p.is_capture(*m),
                    lost > 0,
                    "{} in {}",
                    p.format_move(*m),
                    p.fen()
                );
            }
            // Prefer captures now and then, so games reach thinned-out middlegames.
            let captures: Vec<Move> = moves.iter().copied().filter(|m| p.is_capture(*m)).collect();
            let mv = if !captures.is_empty() && rng.random_bool(0.5) {
                captures[rng.random_range(0..captures.len())]
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            p = p.play(mv);
        }
    }
    assert!(positions > 1000, "{positions}");
}

#[test]
fn transpositions_share_a_key() {
    let s = Vanguard::start(&());
    let a = play(&play(&play(&play(&s, "b2a4"), "b15a13"), "o2p4"), "o15p13");
    let b = play(&play(&play(&play(&s, "o2p4"), "o15p13"), "b2a4"), "b15a13");
    assert_eq!(a.key(), b.key());
    assert_ne!(a.halfmove_clock(), 0);
    // Knights out and back: the start position again, with the same key.
    let back = play(&play(&play(&play(&s, "o2p4"), "o15p13"), "p4o2"), "p13o15");
    assert_eq!(back.key(), s.key());
    // The same placement, but the Helepolis has used its first move: another position.
    let fen = "7k8/16/16/16/16/16/16/p15/16/16/16/16/16/16/R15/H1B4K8 w - 0 1";
    let h = pos(fen);
    let round = play(&play(&play(&play(&h, "a1b1"), "h16h15"), "b1a1"), "h15h16");
    assert_eq!(
        round.fen(),
        "7k8/16/16/16/16/16/16/p15/16/16/16/16/16/16/R15/H1B4K8 w a1 4 3"
    );
    assert_ne!(round.key(), h.key());
}

/// The material values are the documented formula applied to the men's empty-board mobility:
/// `100 + 25 * m` rounded to 5, where `m` is the mean over the 256 squares of the average of the
/// squares it can move to and the squares it can capture on (docs/variants/vanguard.md).
#[test]
fn material_values_follow_from_empty_board_mobility() {
    for role in Role::ALL {
        let (mut moves, mut influence) = (0u32, 0u32);
        for s in 0..=255u8 {
            let me = Bb256::from_square(Square(s));
            let r = reach::reach(role, Player::White, Square(s), me, me, false);
            moves += ((r.normal | r.quiet | r.sweep) & !me).count();
            influence +=
                ((r.normal | r.quiet | r.capture | r.rifle | r.sweep | r.shots) & !me).count();
        }
        let m = (moves + influence) as f64 / 2.0 / 256.0;
        let expected = match role {
            Role::King | Role::Prince => ROYAL_VALUE,
            Role::Pawn => 100,
            Role::Soldier => 125,
            Role::Sergeant => 175,
            _ => ((100.0 + 25.0 * m) / 5.0).round() as i32 * 5,
        };
        assert_eq!(VALUES[role.index()], expected, "{role:?} (m = {m:.2})");
    }
    // Material is seen from the side to move, and the start is balanced.
    let start = Vanguard::start(&());
    assert_eq!(start.material(), 0);
    // The spec's Nightrider capture: c3c4, then b1i15 takes the i15 General.
    let up = play(&play(&play(&start, "c3c4"), "p14p10"), "b1i15");
    assert_eq!(
        up.material(),
        -VALUES[Role::General.index()],
        "Black to move, a General down"
    );
}

/// Bad input never panics: mangled FENs and move strings are errors (or, by chance, valid).
#[test]
fn mangled_input_is_an_error_not_a_panic() {
    let mut rng = SmallRng::seed_from_u64(99);
    let alphabet: Vec<char> = "0123456789/ -abcdhijkpqxyzKQRPNHWé16".chars().collect();
    let p = Vanguard::start(&());
    for _ in 0..3000 {
        let mut fen: Vec<char> = START_FEN.chars().collect();
        for _ in 0..rng.random_range(1..4) {
            let i = rng.random_range(0..fen.len());
            match rng.random_range(0..3) {
                0 => fen[i] = alphabet[rng.random_range(0..alphabet.len())],
                1 => {
                    fen.remove(i);
                }
                _ => fen.insert(i, alphabet[rng.random_range(0..alphabet.len())]),
            }
        }
        let fen: String = fen.into_iter().collect();
        if let Ok(q) = Vanguard::from_fen(&fen) {
            assert_eq!(q.key(), q.compute_key());
            assert_eq!(pos(&q.fen()), q);
        }
        let mv: String = (0..rng.random_range(0..9))
            .map(|_| alphabet[rng.random_range(0..alphabet.len())])
            .collect();
        let _ = p.parse_move(&mv);
    }
}

/// Rook f5 takes the Knight f1, beyond the King's own Rook c1: the Helepolis k1 then sweeps
/// through both Rooks to a1.
const SWEEP: &str = "15k/16/16/16/16/16/16/16/16/16/16/5R10/16/16/16/K1R2n4h5 w - 0 1";
/// The Rook h7 is the leg of the Bowman i7's leap to g6, a Knight's leap from the King.
const LEG: &str = "15k/16/16/16/16/16/16/16/16/7Rv7/16/4K11/16/16/16/16 w - 0 1";
/// In check: the Rook h1 may shut the Bowman i7's shot from g6 on its leg h7.
const SHOT: &str = "15k/16/16/16/16/16/16/16/16/8v7/16/4K11/16/16/16/7R8 w - 0 1";

/// Positions with sole Kings (and Princesses, Helepolises, Bowmen and Nightriders about) from
/// which random games test the shortcuts about a sole King's safety.
const SOLE_KING_FENS: [&str; 11] = [
    "16/16/8k7/3s2f4s1H2/16/10s1p3/9e6/16/1R5S8/2Q13/9S6/16/2P5EF3P2/1P1PZS4SSP1P1/1R2AA3VAALZN1/1LY2W1G1KCB1Y2 w - 1 98",
    "15k/16/16/16/16/16/16/16/16/16/16/16/16/P15/16/4K4R2h3 w - 0 1",
    "15k/16/16/16/16/16/16/16/4d11/16/16/16/q3R11/16/16/4K11 w - 0 1",
    "k3d3h7/1j2v2a8/2z5l7/16/3w4b7/16/16/16/16/16/16/16/16/3VBJN9/4Z3A7/K1H3D2Q6 w - 0 1",
    SWEEP,
    LEG,
    // The Archer e4 shoots the Knight c3, the Bishop f6's only screen.
    "15k/16/16/16/16/16/16/16/16/16/5b10/16/4A11/2n13/16/K15 w - 0 1",
    // The Rook f5 stands where the Wizard h6 passes to e5.
    "15k/16/16/16/16/16/16/16/16/16/7w8/4KR10/16/16/16/16 w - 0 1",
    // The Rooks e6 and f6 stand where the Berserker f7 steps on its way to e5.
    "15k/16/16/16/16/16/16/16/16/5z10/4RR10/4K11/16/16/16/16 w - 0 1",
    SHOT,
    // In check: the Rook f1 may shut the Wizard h6's path on f5.
    "15k/16/16/16/16/16/16/16/16/16/7w8/4K11/16/16/16/5R10 w - 0 1",
];

/// The sole-King legality filter makes only the moves that may expose the King; along random
/// games from positions with sole Kings (and Princesses, Helepolises, Bowmen and Nightriders
/// about) it keeps exactly the moves that making every move keeps.
#[test]
fn the_sole_king_shortcut_keeps_exactly_the_safe_moves() {
    let sweep = pos(SWEEP);
    assert!(!sweep.attacked(sq("a1"), Player::Black));
    assert!(
        !legal(&sweep).contains(&"f5f1".to_string()),
        "{:?}",
        legal(&sweep)
    );
    assert!(legal(&sweep).contains(&"f5f2".to_string()));
    // The Rook may only take the Bowman.
    let leg = pos(LEG);
    assert!(!leg.attacked(sq("e5"), Player::Black));
    assert_eq!(legal_from(&leg, "h7"), ["h7i7"]);
    let shot = pos(SHOT);
    assert!(shot.attacked(sq("e5"), Player::Black));
    assert_eq!(legal_from(&shot, "h1"), ["h1h7"]);
    let mut rng = SmallRng::seed_from_u64(31);
    let mut checked = 0;
    for fen in SOLE_KING_FENS {
        for _ in 0..6 {
            let mut p = pos(fen);
            for _ in 0..40 {
                let mut pseudo = MoveList::new();
                p.pseudo_moves(&mut pseudo);
                if p.has_royal(p.side) && p.has_sole_king(p.side) {
                    pseudo.retain(|m| p.is_safe(*m));
                    assert_eq!(legal_list(&p).as_slice(), pseudo.as_slice(), "{}", p.fen());
                    checked += 1;
                }
                let moves = legal_list(&p);
                assert_eq!(p.count_legal_moves(), moves.len() as u64, "{}", p.fen());
                if moves.is_empty() {
                    break;
                }
                p = p.play(moves[rng.random_range(0..moves.len())]);
            }
        }
    }
    assert!(checked > 300, "{checked}");
}

/// The search judges a quiet move for pruning unmade where `may_give_check` says it cannot
/// check: along random games, every move that leaves a sole King attacked is one it says may.
/// A Knight leaving the file of a Rook behind it, a Rook leaving a Bowman's leg, and a Rook
/// leaving a Nightrider's line check by discovery.
#[test]
fn a_move_said_not_to_check_never_checks() {
    let discoveries = [
        // The Knight e8 shields the King e16 from the Rook e1.
        (
            "4k11/16/16/16/16/16/16/16/4N11/16/16/16/16/16/16/K3R11 w - 0 1",
            "e8c9",
        ),
        // The Rook h7 is the leg of the Bowman i7's leap to g6, a Knight's leap from e5.
        (
            "16/16/16/16/16/16/16/16/16/7RV7/16/4k11/16/16/16/K15 w - 0 1",
            "h7h3",
        ),
        // The Rook d7 stands on the Nightrider a1's line to the King h15.
        (
            "16/7k8/16/16/16/16/16/16/16/3R12/16/16/16/16/16/J14K w - 0 1",
            "d7d2",
        ),
    ];
    for (fen, mv) in discoveries {
        let p = pos(fen);
        let mv = p.parse_move(mv).unwrap();
        assert!(p.play(mv).in_check(), "{fen}");
        assert!(p.may_give_check(mv), "{fen}");
    }
    let mut rng = SmallRng::seed_from_u64(37);
    let (mut checks, mut unmade) = (0, 0);
    for fen in SOLE_KING_FENS {
        for _ in 0..6 {
            let mut p = pos(fen);
            for _ in 0..40 {
                let moves = legal_list(&p);
                for &mv in moves.iter() {
                    let may = p.may_give_check(mv);
                    if p.play(mv).in_check() {
                        assert!(may, "{} {}", p.fen(), p.format_move(mv));
                        checks += 1;
                    }
                    unmade += !may as u32;
                }
                if moves.is_empty() {
                    break;
                }
                p = p.play(moves[rng.random_range(0..moves.len())]);
            }
        }
    }
    assert!(checks > 100 && unmade > 10_000, "{checks} {unmade}");
}

/// What `may_give_check` rests on for lame men: a Bowman, Wizard or Berserker whose attack on
/// a King a man of ours blocks stands with that man within four squares of the King (the 9x9
/// square it tests). Every placement of one of them and one blocker around a King h8 that
/// uncovers an attack when the blocker leaves has the blocker there.
#[test]
fn lame_men_are_blocked_only_within_four_squares_of_the_king() {
    use crate::attacks::board16::ball;
    let king = sq("h8");
    let mut uncovered = 0;
    for role in [Role::Bowman, Role::Wizard, Role::Berserker] {
        for man in (0..=255u8).map(Square).filter(|&s| s != king) {
            for blocker in (0..=255u8).map(Square).filter(|&s| s != king && s != man) {
                let mut p = Vanguard::empty(Player::White);
                p.put(king, Piece::new(Player::Black, Role::King));
                p.put(man, Piece::new(Player::White, role));
                let open = p.attacked(king, Player::White);
                p.put(blocker, Piece::new(Player::White, Role::Rook));
                if open && !p.attacked(king, Player::White) {
                    assert!(ball(king, 4).has(blocker), "{role:?} {man:?} {blocker:?}");
                    uncovered += 1;
                }
            }
        }
    }
    assert!(uncovered > 10, "{uncovered}");
}
