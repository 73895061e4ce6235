//! The seed's example game (rules/007.md §13): Balanced 007 Detente, Edward (White player)
//! against Hunter (Black player), replayed ply by ply exactly as the spec's table lays it out.

use super::*;
use crate::game::{Outcome, WinReason};
use crate::Player;

/// `(turn, k, n, controller, uci, legal plies before it)` from the §13 table.
const GAME: [(u32, u32, u32, char, &str, usize); 24] = [
    (1, 1, 1, 'B', "f2f3", 20),
    (2, 1, 2, 'W', "h7h6", 20),
    (2, 2, 2, 'W', "e2e4", 19),
    (3, 1, 3, 'B', "e7e5", 19),
    (3, 2, 3, 'B', "g2g4", 25),
    (3, 3, 3, 'B', "d8h4", 28),
    (4, 1, 3, 'W', "e1e2", 1),
    (4, 2, 3, 'W', "h4h3", 36),
    (4, 3, 3, 'W', "d1e1", 14),
    (5, 1, 3, 'B', "f8e7", 33),
    (5, 2, 3, 'B', "g4g5", 23),
    (5, 3, 3, 'B', "h3e6", 28),
    (6, 1, 3, 'W', "g5h6", 26),
    (6, 2, 3, 'W', "g7g5", 44),
    (6, 3, 3, 'W', "f1h3", 24),
    (7, 1, 3, 'B', "e6c4", 40),
    (7, 2, 3, 'B', "e2e3", 4),
    (7, 3, 3, 'B', "e7c5", 26),
    (8, 1, 3, 'W', "d2d4", 1),
    (8, 2, 3, 'W', "d7d6", 42),
    (8, 3, 3, 'W', "h3c8", 31),
    (9, 1, 3, 'B', "h8h6", 39),
    (9, 2, 3, 'B', "e1e2", 33),
    (9, 3, 3, 'B', "c4d4", 34),
];

const FINAL: &str = "rnB1k1n1/ppp2p2/3p3r/2b1p1p1/3qP3/4KP2/PPP1Q2P/RNB3NR w q - 0 13 w1/3";

fn replay(ply_21: &str) -> Position {
    let mut p = Position::start(&opts("balanced+detente"));
    for (i, &(_, k, n, controller, uci, legal)) in GAME.iter().enumerate() {
        let uci = if i == 21 { ply_21 } else { uci };
        let expected = if controller == 'W' {
            Player::White
        } else {
            Player::Black
        };
        assert_eq!(p.to_move(), expected, "controller before ply {i}");
        assert_eq!(
            (p.turn().k, p.turn().n),
            (k, n),
            "turn state before ply {i}"
        );
        // The table's counts follow the canonical h8h6.
        if i <= 21 || ply_21 == "h8h6" {
            assert_eq!(
                plies(&p).len(),
                legal,
                "legal plies before ply {i} ({})",
                p.fen()
            );
        }
        assert_eq!(p.outcome(), None, "the game goes on before ply {i}");
        let mv = p.parse_move(uci).unwrap_or_else(|e| panic!("ply {i}: {e}"));
        p = p.play(mv);
    }
    p
}

#[test]
fn seed_game_replays_ply_by_ply_and_hunter_mates_edward() {
    let end = replay("h8h6");
    assert_eq!(end.fen(), format!("{FINAL} - -"));
    assert!(plies(&end).is_empty() && end.in_check());
    assert_eq!(
        end.outcome(),
        Some(Outcome::win(Player::Black, WinReason::Checkmate)),
        "Hunter, the Black player, wins: 0-1"
    );
}

#[test]
fn seed_game_forced_plies_and_example_2_on_the_way() {
    let start = Position::start(&opts("balanced+detente"));
    let before = |n: usize| {
        let text: Vec<&str> = GAME[..n].iter().map(|g| g.4).collect();
        play(&start, &text.join(","))
    };
    assert_eq!(plies(&before(6)), vec!["e1e2"], "ply 6: the only escape");
    assert_eq!(
        plies(&before(18)),
        vec!["d2d4"],
        "ply 18: the seed's '(forced)'"
    );
    assert_eq!(
        before(8).fen(),
        "rnb1kbnr/pppp1pp1/7p/4p3/4P1P1/5P1q/PPPPK2P/RNBQ1BNR w kq - 3 5 w3/3 e2 h3",
        "before ply 8 stands Example 2"
    );
}

#[test]
fn seed_game_as_comma_joined_turns() {
    let turns = "f2f3 | h7h6,e2e4 | e7e5,g2g4,d8h4 | e1e2,h4h3,d1e1 | f8e7,g4g5,h3e6 | \
                 g5h6,g7g5,f1h3 | e6c4,e2e3,e7c5 | d2d4,d7d6,h3c8 | h8h6,e1e2,c4d4";
    let mut p = Position::start(&opts("balanced+detente"));
    for turn in turns.split('|').map(str::trim) {
        assert_eq!(
            p.turn().k,
            1,
            "each written turn starts a turn of the schedule: {turn}"
        );
        let plies = p.parse_plies(turn).unwrap();
        assert_eq!(plies.len() as u32, p.turn().n, "{turn} is one whole turn");
        assert_eq!(Position::format_plies(&plies), turn);
        p = play(&p, turn);
    }
    assert_eq!(p.fen(), format!("{FINAL} - -"));
}

/// Ruling 15: the seed's `Rxh7` is impossible (h7 is empty); `h8h6` is the canonical reading,
/// and `h8h7` is legal too and leads to the same mate.
#[test]
fn ruling_15_seed_game_defects() {
    let start = Position::start(&opts("balanced+detente"));
    let text: Vec<&str> = GAME[..21].iter().map(|g| g.4).collect();
    let before = play(&start, &text.join(","));
    assert!(
        before.board().piece_on(crate::Square(55)).is_none(),
        "h7 is empty"
    );
    assert!(plies(&before).contains(&"h8h7".to_string()));
    let end = replay("h8h7");
    assert_eq!(
        end.fen(),
        "rnB1k1n1/ppp2p1r/3p3P/2b1p1p1/3qP3/4KP2/PPP1Q2P/RNB3NR w q - 0 13 w1/3 - -"
    );
    assert_eq!(
        end.outcome(),
        Some(Outcome::win(Player::Black, WinReason::Checkmate))
    );
    // Ply 19 (the malformed bracket `d6]`) is the White player's by the schedule, and legal.
    let before_19 = play(
        &start,
        &GAME[..19].iter().map(|g| g.4).collect::<Vec<_>>().join(","),
    );
    assert_eq!(before_19.to_move(), Player::White);
    assert!(before_19.parse_move("d7d6").is_ok());
}
