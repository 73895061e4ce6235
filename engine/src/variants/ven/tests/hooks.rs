//! The search hooks of the contract: evaluation, captures, checks, clock.

use super::*;
use crate::game::GameState;

#[test]
fn evaluation_is_white_s_view_and_symmetric() {
    assert_eq!(Ven::start().evaluate_for_white(), 0);
    let up = pos("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    let down = pos("3qk3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(up.evaluate_for_white() > 500, "{}", up.evaluate_for_white());
    assert_eq!(down.evaluate_for_white(), -up.evaluate_for_white());
    // The first mover does not change it (no tempo in Ven).
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R";
    assert_eq!(
        pos(&format!("{fen} w KQkq - 0 1")).evaluate_for_white(),
        pos(&format!("{fen} b KQkq - 0 2")).evaluate_for_white()
    );
}

#[test]
fn captures_checks_and_clock() {
    let p = pos("rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 7 3");
    let order = |side, s| p.parse_order(side, s).unwrap();
    assert!(p.is_capture(Player::White, order(Player::White, "f3e5")));
    assert_eq!(
        p.capture_value(Player::White, order(Player::White, "f3e5")),
        100
    );
    assert!(!p.is_capture(Player::White, order(Player::White, "f3g5")));
    assert!(!p.is_capture(Player::Black, order(Player::Black, "d6e5v")));
    assert_eq!(
        p.capture_value(Player::Black, order(Player::Black, "d6e5v")),
        0
    );
    let ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 3");
    let e5d6 = ep.parse_order(Player::White, "e5d6").unwrap();
    assert!(ep.is_capture(Player::White, e5d6));
    assert_eq!(ep.capture_value(Player::White, e5d6), 100);
    let promo = pos("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let a7b8q = promo.parse_order(Player::White, "a7b8q").unwrap();
    assert_eq!(promo.capture_value(Player::White, a7b8q), 500 + 800);
    assert_eq!(p.halfmove_clock(), 7);
    let both = pos("r6r/ppppnkp1/8/2n1p3/5Rp1/2PP4/PPK3q1/8 b - - 0 24");
    assert!(both.in_check(Player::White) && both.in_check(Player::Black));
    assert!(!p.in_check(Player::White) && !p.in_check(Player::Black));
}

#[test]
fn a_reply_answers_a_capture_by_dodging_or_avenging_it() {
    // White's knight takes e5; Black's pawn on e5 may run, or the d6 pawn avenge it.
    let p = pos("rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 7 3");
    let white = |s| p.parse_order(Player::White, s).unwrap();
    let black = |s| p.parse_order(Player::Black, s).unwrap();
    let f3e5 = white("f3e5");
    assert!(p.answers(Player::Black, black("d6e5v"), f3e5), "vengeance");
    assert!(!p.answers(Player::Black, black("g8f6"), f3e5), "elsewhere");
    // A move that only walks away from nothing answers nothing: f3g5 captures nothing.
    assert!(!p.answers(Player::Black, black("d6e5v"), white("f3g5")));
    // In the serialized view the answer is never pruned as quiet; other quiet replies are.
    use crate::game::Game;
    let view = crate::simultaneous::serial::Serial::new(p, Player::White).play(f3e5);
    assert!(!view.is_quiet(black("d6e5v")));
    assert!(view.is_quiet(black("g8f6")));
    // A pawn attacked by a bishop may step out of the way.
    let q = pos("4k3/8/8/3p4/8/8/6B1/4K3 w - - 0 1");
    let g2d5 = q.parse_order(Player::White, "g2d5").unwrap();
    let d5d4 = q.parse_order(Player::Black, "d5d4").unwrap();
    assert!(q.answers(Player::Black, d5d4, g2d5), "dodging");
}

/// Quiescence's orders are the captures among the orders (en passant and promotions taking
/// included), or every order where the enemy is in check (a mate shows only in whole lists).
/// Once the game is over they may still be captures (quiescence stands pat there, as chess's
/// does at a stalemate): the positions checked are those of games going on.
#[test]
fn quiescence_orders_are_the_captures_unless_the_enemy_is_in_check() {
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};
    let mut rng = SmallRng::seed_from_u64(11);
    let (mut partial, mut whole) = (0, 0);
    for _ in 0..40 {
        let mut p = Ven::start();
        for _ in 0..100 {
            if p.is_over() {
                break;
            }
            for side in Player::BOTH {
                let mut all = OrderList::new();
                p.orders(side, &mut all);
                let mut quiet_less = OrderList::new();
                let complete = p.quiescence_orders(side, &mut quiet_less);
                let mut got: Vec<Order> = quiet_less.to_vec();
                got.sort();
                let mut want: Vec<Order> = if complete {
                    whole += 1;
                    all.to_vec()
                } else {
                    partial += 1;
                    all.iter()
                        .copied()
                        .filter(|o| p.is_capture(side, *o))
                        .collect()
                };
                want.sort();
                assert_eq!(got, want, "{side} in {}", p.fen());
                assert_eq!(complete, p.in_check(side.other()), "{}", p.fen());
            }
            let [mut white, mut black] = [OrderList::new(), OrderList::new()];
            p.orders(Player::White, &mut white);
            p.orders(Player::Black, &mut black);
            if white.is_empty() || black.is_empty() {
                break;
            }
            let w = white[rng.random_range(0..white.len())];
            let b = black[rng.random_range(0..black.len())];
            p = p.resolve(w, b);
        }
    }
    assert!(partial > 1000 && whole > 20, "{partial} {whole}");
}
