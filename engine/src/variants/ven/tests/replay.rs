//! ven.md §10: the example game (Liddy - Smith), round by round: strict replays of rounds
//! 1-24 and 26-35 (25...Ne3 was written with a pinned knight, illegal under R1), and a
//! resolution-only replay of all 35 rounds.

use super::*;

/// `round first white black white-result black-result checks flags` (ven-replay v1).
const REPLAY: &str = "
1 w g1f3 e7e5 ok ok - -
2 b d2d3 d8f6 ok ok - -
3 w c1g5 f6f3 ok ok - -
4 b e1f2v f8b4 void:veng ok W -
5 w b1d2 f3g2 ok ok - -
6 b c2c3 g2h1 ok ok - -
7 w d2f1v h7h6 void:veng ok - -
8 b d1b3 h6g5 ok ok - -
9 w e1c1 h1f1 ok ok - fix9
10 b b3f7 f1e2 ok ok B -
11 w f7h5 e8f7 ok nx B -
12 b d2e4 e2h5 ok ok - -
13 w d1g1 b4e7 ok ok - -
14 b e4d6 g5g4 ok ok B -
15 w d6c8 c7d6 ok void:left - -
16 b c8e7 e7g5 nx ok W -
17 w f2f4 g8e7 ok ok - -
18 b c1c2 g5f4 ok ok - -
19 w g1g2 h5g4v ok void:veng - -
20 b g2d2 b8a6 ok ok - -
21 w h2h3 a6c5 ok ok - -
22 b d2f2 h5h3 ok ok - -
23 w f2f4 h3g2 ok ok WB -
24 b f4f2 e7f5 ok ok - -
25 w f2g2 f5e3 ok ok W lenient
26 b c2d2 e3g2 ok ok - -
27 w d3d4 h8h2 ok ok - -
28 b d4c5 c5e4 void:left ok W -
29 w d2d3 e4c3 ok ok - -
30 b d3c4 c3a2 ok ok - -
31 w d4e5 g4g3 ok ok - -
32 b c4d4 f7e6 ok ok - -
33 w b2b4 g2e1 ok ok - -
34 b d4e4 g3g2 ok ok - -
35 w b4b5 g2g1q ok ok - -
";

/// The Ven FEN after each round.
const FENS: &str = "
1 rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R b KQkq e6 0 2
2 rnb1kbnr/pppp1ppp/5q2/4p3/8/3P1N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3
3 rnb1kbnr/pppp1ppp/8/4p1B1/8/3P1q2/PPP1PPPP/RN1QKB1R b KQkq - 0 4
4 rnb1k1nr/pppp1ppp/8/4p1B1/1b6/3P1q2/PPP1PPPP/RN1QKB1R w KQkq - 2 5
5 rnb1k1nr/pppp1ppp/8/4p1B1/1b6/3P4/PPPNPPqP/R2QKB1R b KQkq - 0 6
6 rnb1k1nr/pppp1ppp/8/4p1B1/1b6/2PP4/PP1NPP1P/R2QKB1q w Qkq - 0 7
7 rnb1k1nr/pppp1pp1/7p/4p1B1/1b6/2PP4/PP1NPP1P/R2QKB1q b Qkq - 0 8
8 rnb1k1nr/pppp1pp1/8/4p1p1/1b6/1QPP4/PP1NPP1P/R3KB1q w Qkq - 0 9
9 rnb1k1nr/pppp1pp1/8/4p1p1/1b6/1QPP4/PP1NPP1P/2KR1q2 b kq - 0 10
10 rnb1k1nr/pppp1Qp1/8/4p1p1/1b6/2PP4/PP1NqP1P/2KR4 w kq - 0 11
11 rnb3nr/pppp1kp1/8/4p1pQ/1b6/2PP4/PP1NqP1P/2KR4 b - - 2 12
12 rnb3nr/pppp1kp1/8/4p1pq/1b2N3/2PP4/PP3P1P/2KR4 w - - 0 13
13 rnb3nr/ppppbkp1/8/4p1pq/4N3/2PP4/PP3P1P/2K3R1 b - - 2 14
14 rnb3nr/ppppbkp1/3N4/4p2q/6p1/2PP4/PP3P1P/2K3R1 w - - 0 15
15 rnN3nr/ppppbkp1/8/4p2q/6p1/2PP4/PP3P1P/2K3R1 b - - 0 16
16 rn4nr/ppppNkp1/8/4p1bq/6p1/2PP4/PP3P1P/2K3R1 w - - 2 17
17 rn5r/ppppnkp1/8/4p1bq/5Pp1/2PP4/PP5P/2K3R1 b - f3 0 18
18 rn5r/ppppnkp1/8/4p2q/5bp1/2PP4/PPK4P/6R1 w - - 0 19
19 rn5r/ppppnkp1/8/4p2q/5bp1/2PP4/PPK3RP/8 b - - 2 20
20 r6r/ppppnkp1/n7/4p2q/5bp1/2PP4/PPKR3P/8 w - - 4 21
21 r6r/ppppnkp1/8/2n1p2q/5bp1/2PP3P/PPKR4/8 b - - 0 22
22 r6r/ppppnkp1/8/2n1p3/5bp1/2PP3q/PPK2R2/8 w - - 0 23
23 r6r/ppppnkp1/8/2n1p3/5Rp1/2PP4/PPK3q1/8 b - - 0 24
24 r6r/pppp1kp1/8/2n1pn2/6p1/2PP4/PPK2Rq1/8 w - - 2 25
25 r6r/pppp1kp1/8/2n1p3/6p1/2PPn3/PPK3R1/8 b - - 0 26
26 r6r/pppp1kp1/8/2n1p3/6p1/2PP4/PP1K2n1/8 w - - 0 27
27 r7/pppp1kp1/8/2n1p3/3P2p1/2P5/PP1K2nr/8 b - - 0 28
28 r7/pppp1kp1/8/4p3/3Pn1p1/2P5/PP1K2nr/8 w - - 2 29
29 r7/pppp1kp1/8/4p3/3P2p1/2nK4/PP4nr/8 b - - 0 30
30 r7/pppp1kp1/8/4p3/2KP2p1/8/nP4nr/8 w - - 0 31
31 r7/pppp1kp1/8/4P3/2K5/6p1/nP4nr/8 b - - 0 32
32 r7/pppp2p1/4k3/4P3/3K4/6p1/nP4nr/8 w - - 2 33
33 r7/pppp2p1/4k3/4P3/1P1K4/6p1/n6r/4n3 b - b3 0 34
34 r7/pppp2p1/4k3/4P3/1P2K3/8/n5pr/4n3 w - - 0 35
35 r7/pppp2p1/4k3/1P2P3/4K3/8/n6r/4n1q1 b - - 0 36
";

struct Round<'a> {
    number: u32,
    first: &'a str,
    orders: String,
    report: String,
    lenient: bool,
    fen_after: &'a str,
}

fn rounds() -> Vec<Round<'static>> {
    let fens: Vec<&str> = FENS
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| l.split_once(' ').expect("n FEN").1)
        .collect();
    let rounds: Vec<Round> = REPLAY
        .lines()
        .filter(|l| !l.is_empty())
        .zip(&fens)
        .map(|(line, fen)| {
            let f: Vec<&str> = line.split(' ').collect();
            Round {
                number: f[0].parse().unwrap(),
                first: f[1],
                orders: format!("{},{}", f[2], f[3]),
                report: format!("{} {} {}", f[4], f[5], f[6]),
                lenient: f[7] == "lenient",
                fen_after: fen,
            }
        })
        .collect();
    assert_eq!(rounds.len(), 35);
    rounds
}

fn check_round(p: &Ven, r: &Round, strict: bool) -> Ven {
    assert_eq!(p.round(), r.number);
    assert_eq!(p.first_mover().fen_char().to_string(), r.first);
    let (after, report) = if strict {
        play(p, &r.orders)
    } else {
        play_unchecked(p, &r.orders)
    };
    assert_eq!(report.to_string(), r.report, "round {}", r.number);
    assert_eq!(after.fen(), r.fen_after, "round {}", r.number);
    assert_eq!(after.key(), after.compute_key(), "round {}", r.number);
    assert!(
        !after.is_over(),
        "the game is not over by rule after round {}",
        r.number
    );
    after
}

#[test]
fn strict_replay_of_rounds_1_to_24_and_26_to_35() {
    let rounds = rounds();
    let mut p = Ven::start();
    for r in &rounds[..24] {
        p = check_round(&p, r, true);
    }
    // 25...Ne3: the knight on f5 is pinned by Rf2 against Kf7 when the order is written.
    let err = p.parse_order_of(Player::Black, "f5e3").unwrap_err();
    assert!(err.what().contains("'f5e3'"), "{err}");
    assert!(p.parse_order_of(Player::White, "f2g2").is_ok());
    assert!(rounds[24].lenient);
    let mut p = pos(rounds[24].fen_after);
    for r in &rounds[25..] {
        p = check_round(&p, r, true);
    }
    // White resigned here: 2 orders (Kf4, b6) against 50.
    let mut white = orders_text(&p, Player::White);
    white.sort();
    assert_eq!(white, ["b5b6", "e4f4"]);
    assert_eq!(orders_text(&p, Player::Black).len(), 50);
    assert_eq!(p.outcome(), None);
}

#[test]
fn resolution_only_replay_of_all_35_rounds() {
    let mut p = Ven::start();
    for r in &rounds() {
        p = check_round(&p, r, false);
    }
    assert_eq!(p.fen(), "r7/pppp2p1/4k3/1P2P3/4K3/8/n6r/4n1q1 b - - 0 36");
}

#[test]
fn the_record_s_round_9_qxh1_is_unparsable() {
    let rounds = rounds();
    let mut p = Ven::start();
    for r in &rounds[..8] {
        p = check_round(&p, r, true);
    }
    let err = p.parse_round("e1c1,h1h1").unwrap_err();
    assert!(err.what().contains("'h1h1'"), "{err}");
    assert!(p.parse_round("e1c1,h1f1").is_ok());
}
