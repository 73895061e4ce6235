//! The worked examples of shared/rules/lene-hau.md §11, the rulings of §10 that have a position,
//! FEN validation, and random games checked against a slow reference generator.

use super::*;
use crate::game::GameState;
use crate::perft::perft;
use eval::{CHECK_AHEAD, WEIGHTS};
use rand::{rngs::SmallRng, RngExt, SeedableRng};

#[path = "../../../../perft/lene_hau_naive.rs"]
mod naive;

fn pos(fen: &str) -> LeneHau {
    LeneHau::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(p: &LeneHau) -> Vec<String> {
    let mut l = MoveList::new();
    p.legal_moves(&mut l);
    let mut v: Vec<String> = l.iter().map(|m| p.format_move(*m)).collect();
    v.sort();
    v
}

fn play(p: &LeneHau, m: &str) -> LeneHau {
    let mv = p
        .parse_move(m)
        .unwrap_or_else(|e| panic!("{}: {e}", p.fen()));
    let q = p.play(mv);
    assert_eq!(q.key(), q.recomputed_key(), "key after {m}");
    q
}

fn plays(fen: &str, ms: &[&str]) -> LeneHau {
    ms.iter().fold(pos(fen), |p, m| play(&p, m))
}

fn strings(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

const WHITE_LOSES: Outcome = Outcome::Win {
    winner: Player::Black,
    reason: WinReason::VariantRule("ended its own turn in check"),
};
const BLACK_LOSES: Outcome = Outcome::Win {
    winner: Player::White,
    reason: WinReason::VariantRule("ended its own turn in check"),
};

#[test]
fn lene_hau_example_1_start() {
    let p = LeneHau::start(&Options::default());
    assert_eq!(p.fen(), START_FEN);
    assert_eq!(moves(&p).len(), 20);
    let q = play(&p, "e2e4");
    assert_eq!(
        q.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 Pe3>e4"
    );
    assert_eq!(moves(&q).len(), 20);
}

#[test]
fn lene_hau_example_2_travellers_are_immobile_and_block() {
    let p = pos("rnbqkbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 Pe3>e4,pe6>e5");
    assert_eq!(
        moves(&p),
        strings(
            "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d1e2 d1f3 d1g4 d1h5 d2d3 d2d4 e1e2 f1a6 \
             f1b5 f1c4 f1d3 f1e2 f2f3 f2f4 g1e2 g1f3 g1h3 g2g3 g2g4 h2h3 h2h4"
        )
    );
    assert_eq!(
        play(&p, "g1f3").fen(),
        "rnbqkbnr/pppp1ppp/8/8/4P3/8/PPPP1PPP/RNBQKB1R b KQkq e3 0 2 Ng2>f3,pe6>e5"
    );
    let d = pos("rnbqkbnr/pppp1ppp/8/8/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2 Pd3>d4,pe6>e5");
    let m = moves(&d);
    assert_eq!(m.len(), 26);
    let queen: Vec<&String> = m.iter().filter(|s| s.starts_with("d1")).collect();
    assert_eq!(queen, ["d1d2"]);
}

#[test]
fn lene_hau_example_3_arrivals_stack() {
    let p = plays(START_FEN, &["g1f3", "e7e6", "f2f3"]);
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppp1ppp/4p3/8/8/5[NP]2/PPPPP1PP/RNBQKB1R b KQkq - 0 2 -"
    );
    let q = play(&p, "d7d6");
    assert_eq!(
        q.fen(),
        "rnbqkbnr/ppp2ppp/3pp3/8/8/5[NP]2/PPPPP1PP/RNBQKB1R w KQkq - 0 3 -"
    );
    let m = moves(&q);
    assert_eq!(m.len(), 24);
    for s in ["Nf3d4", "Nf3e5", "Nf3g1", "Nf3g5", "Nf3h4", "Pf3f4"] {
        assert!(m.contains(&s.to_string()), "{s}");
    }
    assert!(
        q.parse_move("f3f4").is_err(),
        "a stacked origin needs its letter"
    );
}

#[test]
fn lene_hau_example_4_crowd_capture() {
    let p = pos("4k3/8/8/3[np]4/8/8/8/4K3 w - - 0 1 Rd4>d5,bd5>b3");
    assert_eq!(moves(&p).len(), 5);
    let q = play(&p, "e1e2");
    assert_eq!(q.fen(), "4k3/8/8/3R4/8/8/4K3/8 b - - 0 1 bd5>b3");
    assert_eq!(q.halfmove_clock(), 0);
}

#[test]
fn lene_hau_example_5_travelling_rook_checks_from_where_it_is() {
    let p = pos("8/8/8/8/7k/8/8/1K6 b - - 0 1 Ra4>a8");
    assert!(p.in_check());
    assert_eq!(moves(&p), strings("h4g3 h4g5 h4h3 h4h5"));
    let q = play(&p, "h4h5");
    assert_eq!(q.fen(), "8/8/8/7k/8/8/8/1K6 w - - 1 2 Ra4>a8");
    assert_eq!(q.quick_outcome(), None, "ruling 1: not lost");
    let r = play(&q, "b1c1");
    assert_eq!(r.fen(), "8/8/8/7k/8/8/8/2K5 b - - 2 2 Ra5>a8");
    assert!(r.in_check());
    assert_eq!(r.quick_outcome(), None);
    assert_eq!(moves(&r), strings("h5g4 h5g6 h5h4 h5h6"));
}

#[test]
fn lene_hau_example_6_own_traveller_unblocks_the_king() {
    let p = pos("4r3/k7/8/8/8/8/8/4K3 w - - 0 1 Be4>h7");
    assert_eq!(moves(&p), strings("e1d1 e1d2 e1e2 e1f1 e1f2"));
    assert_eq!(play(&p, "e1e2").quick_outcome(), Some(WHITE_LOSES));
    for m in ["e1d1", "e1d2", "e1f1", "e1f2"] {
        assert_eq!(play(&p, m).quick_outcome(), None, "{m}");
    }
}

#[test]
fn lene_hau_example_7_stalemate_and_forced_pass() {
    let a = pos("8/8/8/8/8/p7/P1k5/K7 w - - 0 1 -");
    assert!(moves(&a).is_empty());
    assert_eq!(a.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    let b = pos("8/8/8/8/8/p7/P1k5/K7 w - - 0 1 Rh4>h8");
    assert_eq!(moves(&b), ["0000"]);
    assert_eq!(
        play(&b, "0000").fen(),
        "8/8/8/8/8/p7/P1k5/K7 b - - 1 1 Rh5>h8"
    );
}

#[test]
fn lene_hau_example_8_castling_over_two_turns() {
    let p = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1 -");
    assert_eq!(moves(&p).len(), 15);
    let q = play(&p, "e1g1");
    assert_eq!(q.fen(), "4k3/8/8/8/8/8/8/8 b - - 1 1 Kf1>g1,Rh1=f1");
    let r = play(&q, "e8d8");
    assert_eq!(r.fen(), "3k4/8/8/8/8/8/8/8 w - - 2 2 Kf1>g1,Rh1=f1");
    assert_eq!(moves(&r), ["0000"]);
    assert_eq!(play(&r, "0000").fen(), "3k4/8/8/8/8/8/8/5RK1 b - - 3 2 -");
}

#[test]
fn lene_hau_example_9_en_passant() {
    let p = pos("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1 -");
    assert_eq!(moves(&p), strings("d4d3 d4e3 e8d7 e8d8 e8e7 e8f7 e8f8"));
    assert_eq!(play(&p, "d4e3").fen(), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2 -");
    assert_eq!(moves(&pos("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1 -")).len(), 6);
    let t = pos("4k3/8/8/8/3p4/8/8/4K3 b - - 0 1 Pe3>e4");
    assert_eq!(moves(&t).len(), 7);
    assert_eq!(
        play(&t, "d4e3").fen(),
        "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2 Pe3>e4"
    );
}

#[test]
fn lene_hau_example_10_king_lost_to_a_crowd_capture() {
    let p = pos("8/8/8/8/4k3/8/8/7K b - - 0 1 Ng2>f3");
    assert_eq!(moves(&p), strings("e4d3 e4d4 e4d5 e4e5 e4f3 e4f5"));
    let q = play(&p, "e4f3");
    assert_eq!(moves(&q), strings("h1g1 h1h2"));
    for m in ["h1g1", "h1h2"] {
        let r = play(&q, m);
        assert_eq!(
            r.quick_outcome(),
            Some(Outcome::win(Player::White, WinReason::RoyalCaptured))
        );
        assert!(moves(&r).is_empty());
    }
}

#[test]
fn lene_hau_example_11_slow_answers_to_check_lose() {
    let p = pos("4k3/8/8/8/1b6/8/8/K3R3 b - - 0 1 -");
    assert!(p.in_check());
    assert_eq!(moves(&p), strings("b4e1 b4e7 e8d7 e8d8 e8f7 e8f8"));
    assert_eq!(play(&p, "b4e7").quick_outcome(), Some(BLACK_LOSES));
    assert_eq!(play(&p, "b4e1").quick_outcome(), Some(BLACK_LOSES));
    assert_eq!(play(&p, "e8d7").quick_outcome(), None);
}

#[test]
fn lene_hau_example_12_promotion() {
    let p = pos("k2r4/4P3/8/8/8/8/8/7K w - - 0 1 -");
    assert_eq!(
        moves(&p),
        strings("e7e8q e7e8r e7e8b e7e8n e7d8q e7d8r e7d8b e7d8n h1g1 h1g2 h1h2")
    );
    let q = play(&p, "e7d8q");
    assert_eq!(q.fen(), "k2Q4/8/8/8/8/8/8/7K b - - 0 1 -");
    assert!(q.in_check());
}

#[test]
fn lene_hau_example_13_small_perft_vectors() {
    let table: &[(&str, [u64; 3])] = &[
        (
            "4k3/8/8/3[np]4/8/8/8/4K3 w - - 0 1 Rd4>d5,bd5>b3",
            [5, 15, 201],
        ),
        ("8/8/8/8/7k/8/8/1K6 b - - 0 1 Ra4>a8", [4, 20, 115]),
        ("4r3/k7/8/8/8/8/8/4K3 w - - 0 1 Be4>h7", [5, 76, 362]),
        ("4k3/8/8/8/8/8/8/4K2R w K - 0 1 -", [15, 75, 815]),
        ("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1 -", [7, 38, 276]),
        ("8/8/8/8/4k3/8/8/7K b - - 0 1 Ng2>f3", [6, 12, 64]),
        ("4k3/8/8/8/1b6/8/8/K3R3 b - - 0 1 -", [6, 64, 765]),
        ("k2r4/4P3/8/8/8/8/8/7K w - - 0 1 -", [11, 95, 968]),
        (
            "rnbqkbnr/ppp2ppp/3pp3/8/8/5[NP]2/PPPPP1PP/RNBQKB1R w KQkq - 0 3 -",
            [24, 696, 16618],
        ),
        (
            "r3k2r/pppq1ppp/2n1bn2/2bpp3/2BPP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1 -",
            [45, 2020, 86014],
        ),
        (
            "r3k2r/pppq1ppp/2n1bn2/2bpp3/2BPP3/2N1BN2/PPPQ1PPP/7R w kq - 0 1 Ra1=d1,Kd1>c1",
            [38, 1705, 66317],
        ),
        (
            "r3k2r/pppq1ppp/2n1bn2/2bpp3/2BPP3/2N1BN2/PPPQ1PPP/R7 w kq - 0 1 Kf1>g1,Rh1=f1",
            [40, 1796, 74759],
        ),
    ];
    for (fen, counts) in table {
        let p = pos(fen);
        for (d, want) in counts.iter().enumerate() {
            assert_eq!(perft(&p, d as u32 + 1), *want, "{fen} depth {}", d + 1);
        }
    }
}

/// Ruling 12 (§6.8): identical pieces on one stack make one move.
#[test]
fn lene_hau_ruling_12_stack_vectors() {
    let table: &[(&str, [u64; 4])] = &[
        ("4k3/8/8/8/8/5[NN]2/8/4K3 w - - 0 1 -", [12, 60, 770, 4964]),
        ("4k3/8/8/8/8/8/4[PP]3/4K3 w - - 0 1 -", [6, 30, 195, 1326]),
        ("4k3/8/8/8/8/8/8/[RR]3K3 w Q - 0 1 -", [16, 80, 1095, 7262]),
        ("4k3/8/8/3[QR]4/8/8/8/4K3 w - - 0 1 -", [46, 89, 2502, 8641]),
    ];
    for (fen, counts) in table {
        let p = pos(fen);
        assert_eq!(p.fen(), *fen);
        for (d, want) in counts.iter().enumerate() {
            assert_eq!(perft(&p, d as u32 + 1), *want, "{fen} depth {}", d + 1);
        }
    }
}

/// Ruling 3: a friendly traveller's square is not a destination (`d2d4` then `d1d3`).
#[test]
fn lene_hau_ruling_3_friendly_traveller_square_is_closed() {
    let p = plays(START_FEN, &["d2d4", "e7e6"]);
    assert!(p.parse_move("d1d3").is_err());
    assert!(p.parse_move("d1d2").is_ok());
}

/// Ruling 4: a pawn push arriving on enemy pieces captures them all.
#[test]
fn lene_hau_ruling_4_every_arrival_captures() {
    // The black knight stands on e4 by the time the white double step lands there.
    let p = pos("4k3/8/8/8/4n3/8/8/4K3 w - - 0 1 Pe3>e4");
    let q = play(&p, "e1d1");
    assert_eq!(q.fen(), "4k3/8/8/8/4P3/8/8/3K4 b - e3 0 1 -");
}

/// §6.4 condition 1: a rook crowd-captured on its corner takes the castling right with it.
#[test]
fn lene_hau_rook_captured_on_corner_loses_the_right() {
    let p = pos("4k2r/8/8/8/8/8/8/4K3 w k - 0 1 Rh7>h8");
    let q = play(&p, "e1d1");
    assert_eq!(q.fen(), "4k2R/8/8/8/8/8/8/3K4 b - - 0 1 -");
}

#[test]
fn lene_hau_fen_rejects_bad_input_with_the_token() {
    for (fen, token) in [
        ("4k3/8/8/3[nP]4/8/8/8/4K3 w - - 0 1 -", "3[nP]4"),
        ("4k3/8/8/3[n]4/8/8/8/4K3 w - - 0 1 -", "3[n]4"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Nb1>c3", "Nb1>c3"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Ra1>b2", "Ra1>b2"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Pe3>e5", "Pe3>e5"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Bc1>c1", "Bc1>c1"),
        ("4k3/8/8/8/8/8/8/7R w - - 0 1 Kf1>g1", "Kf1>g1"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Rh1=f1", "Rh1=f1"),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1 -", "K"),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1 -", "x"),
        ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1 -", "e3"),
        ("4k3/8/8/8/8/8/8/4K3 w - - z 1 -", "z"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 0 -", "0"),
        ("4k3/8/8/8/8/8/8/4K2K w - - 0 1 -", "4k3/8/8/8/8/8/8/4K2K"),
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1 -", "w"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Ra4>a8 extra", "extra"),
    ] {
        match LeneHau::from_fen(fen) {
            Ok(_) => panic!("accepted {fen}"),
            Err(e) => assert!(e.what().contains(token), "{fen}: {e}"),
        }
    }
}

#[test]
fn lene_hau_fen_round_trip_and_missing_field_7() {
    let p = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(p.fen(), START_FEN);
    // Canonical order inside a group and among records.
    let q = pos("4k3/8/8/3[pn]4/8/8/8/4K3 w - - 0 1 bd5>b3,Rd4>d5");
    assert_eq!(q.fen(), "4k3/8/8/3[np]4/8/8/8/4K3 w - - 0 1 Rd4>d5,bd5>b3");
    assert_eq!(q.key(), q.recomputed_key());
}

/// Random games: the engine's orders equal the reference generator's, the FEN after every
/// turn equals the reference's, the incremental key equals the recomputed one, FEN out and in
/// is the identity.
#[test]
fn lene_hau_random_games_agree_with_the_reference() {
    let mut rng = SmallRng::seed_from_u64(2026);
    let starts = [
        START_FEN,
        "r3k2r/pppq1ppp/2n1bn2/2bpp3/2BPP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1 -",
        "4k3/8/8/3[np]4/8/8/8/4K3 w - - 0 1 Rd4>d5,bd5>b3",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 -",
    ];
    let mut turns = 0;
    for game in 0..60 {
        let mut p = pos(starts[game % starts.len()]);
        let mut b = naive::Board::from_fen(&p.fen());
        for _ in 0..80 {
            let ours = moves(&p);
            let mut theirs = b.legal_moves();
            theirs.sort();
            assert_eq!(ours, theirs, "{}", p.fen());
            assert_eq!(p.count_legal_moves(), ours.len() as u64, "{}", p.fen());
            assert_eq!(p.key(), p.recomputed_key(), "{}", p.fen());
            assert_eq!(pos(&p.fen()).fen(), p.fen());
            assert_eq!(pos(&p.fen()).key(), p.key());
            if ours.is_empty() {
                break;
            }
            let m = &ours[rng.random_range(0..ours.len())];
            p = play(&p, m);
            b = b.play(m);
            turns += 1;
            assert_eq!(p.result().is_some(), b.over, "{m}");
            if p.result().is_some() {
                break;
            }
            assert_eq!(p.fen(), b.fen(), "after {m}");
        }
    }
    assert!(turns > 1000, "only {turns} turns played");
}

/// Nothing panics on mangled FENs; what is accepted round-trips.
#[test]
fn lene_hau_mangled_fens_are_errors_not_panics() {
    let mut rng = SmallRng::seed_from_u64(5);
    let base = "r3k2r/pppq1ppp/2n1bn2/2bpp3/2BPP3/2N1BN2/PPPQ1PPP/7R w kq - 0 1 Ra1=d1,Kd1>c1";
    let alphabet: Vec<char> = "KQRBNPkqrbnp12345678/[]>=,- abcdefgh".chars().collect();
    for _ in 0..3000 {
        let mut f: Vec<char> = base.chars().collect();
        for _ in 0..rng.random_range(1..4) {
            let i = rng.random_range(0..f.len());
            f[i] = alphabet[rng.random_range(0..alphabet.len())];
        }
        let s: String = f.into_iter().collect();
        if let Ok(p) = LeneHau::from_fen(&s) {
            assert_eq!(pos(&p.fen()).fen(), p.fen());
        }
    }
}

#[test]
fn lene_hau_perft_start() {
    let p = LeneHau::start(&Options::default());
    for (d, want) in [20, 400, 8440].into_iter().enumerate() {
        assert_eq!(perft(&p, d as u32 + 1), want);
    }
}

fn without_time(fen: &str) -> LeneHau {
    <LeneHau as GameState>::from_fen(fen, &Options { time_terms: false }).unwrap()
}

/// The time terms see Example 6's danger: the bishop's next step opens the e-file onto the
/// white king. Without them the picture is only the view.
#[test]
fn lene_hau_eval_sees_an_own_advance_open_a_line() {
    let fen = "4r3/k7/8/8/8/8/8/4K3 w - - 0 1 Be4>h7";
    let occ = pos(fen).view[0] | pos(fen).view[1];
    assert!(pos(fen).opened_by_own_advance(Player::White, occ));
    assert!(!pos(fen).opened_by_own_advance(Player::Black, occ));
    // The same men with the bishop standing on e4: nothing opens.
    let still = "4r3/k7/8/8/4B3/8/8/4K3 w - - 0 1 -";
    let occ = pos(still).view[0] | pos(still).view[1];
    assert!(!pos(still).opened_by_own_advance(Player::White, occ));
    assert!(pos(fen).evaluate_for_mover() < without_time(fen).evaluate_for_mover() - 20);
}

/// Example 5: the rook travelling a4 -> a8 will check the king on h5 from a5, next turn.
#[test]
fn lene_hau_eval_sees_checks_along_a_travellers_path() {
    let p = pos("8/8/8/7k/8/8/8/1K6 w - - 1 2 Ra4>a8");
    let rook = *p.pieces().iter().find(|q| q.role == Role::Rook).unwrap();
    let occ = p.view[0] | p.view[1];
    // Next turn the rook stands on a5, checking along the fifth rank: one turn ahead, scored
    // by that weight (`time.check_ahead1`).
    let (turns, weight) = p.checks_ahead(&rook, occ).unwrap();
    assert_eq!(turns, 1);
    assert_eq!(weight, WEIGHTS[CHECK_AHEAD].0);
    // A king off the rook's lines is never checked from its path.
    let p = pos("8/8/8/8/8/7k/8/1K6 w - - 1 2 Ra4>a8");
    let rook = *p.pieces().iter().find(|q| q.role == Role::Rook).unwrap();
    assert_eq!(p.checks_ahead(&rook, p.view[0] | p.view[1]), None);
}

/// Example 4: the rook's arrival on d5 will take the knight and pawn standing there (not the
/// travelling bishop); the threat counts before it happens, more when it is nearer.
#[test]
fn lene_hau_eval_counts_arrival_threats_by_how_soon() {
    let near = pos("4k3/8/8/3[np]4/8/8/8/4K3 w - - 0 1 Rd4>d5,bd5>b3");
    let rook = |p: &LeneHau| *p.pieces().iter().find(|q| q.role == Role::Rook).unwrap();
    assert_eq!(near.arrival_threat(&rook(&near)), (320 + 100) / 8);
    let far = pos("4k3/8/8/3[np]4/8/8/8/4K3 w - - 0 1 Rd2>d5,bd5>b3");
    assert_eq!(far.arrival_threat(&rook(&far)), (320 + 100) / 16);
}

#[test]
fn lene_hau_time_terms_option() {
    let mut o = Options::default();
    assert!(o.time_terms);
    o.set("timeterms", "FALSE").unwrap();
    assert!(!o.time_terms);
    let e = o.set("TimeTerms", "maybe").unwrap_err();
    assert!(e.what().contains("'maybe'"), "{e}");
    assert!(o.set("Tempo", "1").unwrap_err().what().contains("'Tempo'"));
    // Only the evaluation changes: the same FEN, key and moves.
    let fen = "4r3/k7/8/8/8/8/8/4K3 w - - 0 1 Be4>h7";
    assert_eq!(without_time(fen).key(), pos(fen).key());
    assert_eq!(without_time(fen).fen(), pos(fen).fen());
}

/// §8.6: repetition compares the en-passant field only when an en-passant order is possible.
#[test]
fn lene_hau_key_has_the_en_passant_square_only_when_it_can_be_taken() {
    let with = pos("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1 -");
    let without = pos("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1 -");
    assert_ne!(with.key(), without.key());
    let nobody = pos("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1 -");
    let plain = pos("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1 -");
    assert_eq!(nobody.key(), plain.key());
    assert_ne!(nobody.fen(), plain.fen());
}
