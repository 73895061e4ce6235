//! ven.md §7: every worked example, and the order-generation checks.

use super::*;

/// `FEN | white,black | report | FEN after`, as §7 lists them.
const EXAMPLES: &str = "
# crossing (S1 Fig. 6-8): Black first e7-e5, White Qxe7 ends as Qxe5
4k3/4p3/8/8/8/8/4Q3/4K3 b - - 0 2 | e2e7,e7e5 | blk:e5 ok B | 4k3/8/8/4Q3/8/8/8/4K3 w - - 0 3
# same orders, White first: Qxe7 executes, the pawn's order is void
4k3/4p3/8/8/8/8/4Q3/4K3 w - - 0 1 | e2e7,e7e5 | ok void:cap B | 4k3/4Q3/8/8/8/8/8/4K3 b - - 0 2
# blocking (Fig. 9-11): Black first Ne5 into the queen's path
4k3/4p3/2n5/8/8/8/4Q3/4K3 b - - 0 2 | e2e7,c6e5 | blk:e5 ok - | 4k3/4p3/8/4Q3/8/8/8/4K3 w - - 0 3
# the same orders with White first (Fig. 12-14): both execute
4k3/4p3/2n5/8/8/8/4Q3/4K3 w - - 0 1 | e2e7,c6e5 | ok ok B | 4k3/4Q3/8/4n3/8/8/8/4K3 b - - 0 2
# same square, either order: the piece arriving second takes
3qk3/8/8/8/8/2N5/8/4K3 w - - 0 1 | c3d5,d8d5 | ok same - | 4k3/8/8/3q4/8/8/8/4K3 b - - 0 2
3qk3/8/8/8/8/2N5/8/4K3 b - - 0 2 | c3d5,d8d5 | same ok - | 4k3/8/8/3N4/8/8/8/4K3 w - - 0 3
# second mover's piece captured first
4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1 | d2d5,d5a2 | ok void:cap - | 4k3/8/8/3R4/8/8/8/4K3 b - - 0 2
# pawn pushes: blocked / double step blocked / double step shortened
4k3/8/8/8/3p4/8/8/2N1K3 w - - 0 1 | c1d3,d4d3 | ok void:blk - | 4k3/8/8/8/3p4/3N4/8/4K3 b - - 2 2
4k3/3p4/8/1N6/8/8/8/4K3 w - - 0 1 | b5d6,d7d5 | ok void:blk B | 4k3/3p4/3N4/8/8/8/8/4K3 b - - 2 2
4k3/3p4/8/8/8/2N5/8/4K3 w - - 0 1 | c3d5,d7d5 | ok short - | 4k3/8/3p4/3N4/8/8/8/4K3 b - - 0 2
# target left: pawn capture void, piece capture moves anyway
4k3/8/2p5/3N4/8/8/8/4K3 w - - 0 1 | d5f6,c6d5 | ok void:left B | 4k3/8/2p2N2/8/8/8/8/4K3 b - - 2 2
4k3/8/8/3N4/8/8/7K/3r4 w - - 0 1 | d5f6,d1d5 | ok nx B | 4k3/8/5N2/3r4/8/8/7K/8 b - - 2 2
# castling as second mover
4k2r/8/8/8/8/8/8/4K2R w Kk - 0 1 | h1h8,e8g8 | ok void:castle B | 4k2R/8/8/8/8/8/8/4K3 b - - 0 2
r3k3/8/8/8/8/8/1R6/4K3 w q - 0 1 | b2b8,e8c8 | ok void:castle B | rR2k3/8/8/8/8/8/8/4K3 b q - 2 2
r3k3/8/8/8/8/8/8/5R1K w q - 0 1 | f1e1,e8c8 | ok ok - | 2kr4/8/8/8/8/8/8/4R2K b - - 2 2
r3k3/8/8/8/8/8/8/5R1K w q - 0 1 | f1d1,e8c8 | ok ok - | 2kr4/8/8/8/8/8/8/3R3K b - - 2 2
# two kings (Fig. 15-16): Kb2 and Kb3 -> both void, position restored, round consumed
8/p7/8/8/2k5/8/7P/K7 w - - 0 1 | a1b2,c4b3 | void:kings void:kings - | 8/p7/8/8/2k5/8/7P/K7 b - - 2 2
# vengeance (Fig. 2-3), both move orders, and void (Fig. 4-5)
rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3 | f3e5,d6e5v | ok fired - | rnbqkbnr/ppp2ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKB1R b KQkq - 0 4
rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 4 | f3e5,d6e5v | ok fired - | rnbqkbnr/ppp2ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKB1R w KQkq - 0 5
rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3 | c2c3,d6e5v | ok void:veng - | rnbqkbnr/ppp2ppp/3p4/4p3/4P3/2P2N2/PP1P1PPP/RNBQKB1R b KQkq - 0 4
# vengeance by a king, and by a pawn with under-promotion
4r3/8/8/8/6k1/8/4N3/3K4 w - - 0 1 | d1e2v,e8e2 | fired ok - | 8/8/8/8/6k1/8/4K3/8 b - - 0 2
r2N3k/2P5/8/8/8/8/8/4K3 b - - 0 2 | c7d8nv,a8d8 | fired ok - | 3N3k/8/8/8/8/8/8/4K3 w - - 0 3
# en passant: normal / victim moved first / interloper taken / ep first, victim's order void
4k3/8/8/3pP3/8/8/8/4K3 b - d6 0 4 | e5d6,e8e7 | ok ok B | 8/4k3/3P4/8/8/8/8/4K3 w - - 0 5
4k3/8/8/3pP3/8/8/8/4K3 b - d6 0 4 | e5d6,d5d4 | void:left ok - | 4k3/8/8/4P3/3p4/8/8/4K3 w - - 0 5
1b2k3/8/8/3pP3/8/8/8/4K3 b - d6 0 4 | e5d6,b8d6 | epx ok - | 4k3/8/3P4/3p4/8/8/8/4K3 w - - 0 5
4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 3 | e5d6,d5d4 | ok void:cap - | 4k3/8/3P4/8/8/8/8/4K3 b - - 0 4
";

#[test]
fn worked_examples_resolve_as_listed() {
    let mut n = 0;
    for line in EXAMPLES.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split(" | ").collect();
        let p = pos(f[0]);
        assert_eq!(p.fen(), f[0], "FEN round trip");
        let (after, report) = play(&p, f[1]);
        assert_eq!(report.to_string(), f[2], "{line}");
        assert_eq!(after.fen(), f[3], "{line}");
        assert_eq!(after.key(), after.compute_key(), "{line}");
        assert_eq!(after.key(), pos(f[3]).key(), "{line}");
        n += 1;
    }
    assert_eq!(n, 26);
}

#[test]
fn report_accessors_name_each_side() {
    let p = pos("4k3/4p3/8/8/8/8/4Q3/4K3 b - - 0 2");
    let (_, report) = play(&p, "e2e7,e7e5");
    use crate::variants::ven::Code;
    assert_eq!(
        report.code(Player::White),
        Code::Blk(crate::square::Square(36))
    );
    assert_eq!(report.code(Player::Black), Code::Ok);
    assert!(report.in_check(Player::Black) && !report.in_check(Player::White));
    assert_eq!(report.checks(), "B");
}

#[test]
fn king_may_not_avenge_next_to_the_enemy_king() {
    let p = pos("4r3/8/8/8/8/5k2/4N3/3K4 w - - 0 1");
    assert!(vengeance_text(&p, Player::White).is_empty());
    let p = pos("4r3/8/8/8/6k1/8/4N3/3K4 w - - 0 1");
    assert_eq!(vengeance_text(&p, Player::White), ["d1e2v"]);
}

#[test]
fn pawn_avenging_on_the_last_rank_names_its_promotion() {
    let p = pos("r2N3k/2P5/8/8/8/8/8/4K3 b - - 0 2");
    let mut got = vengeance_text(&p, Player::White);
    got.sort();
    assert_eq!(got, ["c7d8bv", "c7d8nv", "c7d8qv", "c7d8rv"]);
}

#[test]
fn kiwipete_orders() {
    let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let white = orders_text(&p, Player::White);
    let black = orders_text(&p, Player::Black);
    assert_eq!(white.len(), 48 + 11);
    assert_eq!(black.len(), 43 + 13);
    assert_eq!(
        vengeance_text(&p, Player::White).join(" "),
        "e1e2v c3e2v f3e2v f3g2v b2c3v d2c3v f3c3v c3e4v f3e4v c3d5v e4d5v"
    );
    assert_eq!(
        vengeance_text(&p, Player::Black).join(" "),
        "h8h3v d7e6v e7e6v f7e6v e7f6v g7f6v f7g6v b6d7v f6d7v e7d7v e8d7v e7f7v e8f7v"
    );
    // The chess orders are the chess moves, whose first mover does not matter.
    let chess = crate::variants::chess::Position::from_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    let mut moves = crate::variants::chess::MoveList::new();
    chess.legal_moves(&mut moves);
    let mut expected: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let mut got: Vec<String> = white.into_iter().filter(|o| !o.ends_with('v')).collect();
    expected.sort();
    got.sort();
    assert_eq!(got, expected);
    assert_eq!(
        crate::simultaneous::SimultaneousGame::count_order_pairs(&p),
        59 * 56
    );
}
