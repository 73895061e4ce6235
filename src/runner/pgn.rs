//! PGN of finished games. Moves are in the variant's own notation (coordinates: `e2e4`,
//! `e7e8q`), which PGN readers such as python-chess accept for chess; a turn of several plies
//! (007) is one comma-joined token, as in the protocol. The last comment says why the game ended.

use crate::runner::game::GameRecord;
use crate::runner::game::Ply;
use chimera_engine::Player;
use std::fmt::Write;
use std::time::{SystemTime, UNIX_EPOCH};

/// Today's date as PGN writes it (`2024.05.17`), in UTC.
pub fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The Gregorian date `days` after 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Consecutive plies of one player, comma-joined.
fn turns(plies: &[Ply]) -> Vec<(Player, String)> {
    let mut turns: Vec<(Player, String)> = Vec::new();
    for ply in plies {
        match turns.last_mut() {
            Some((player, text)) if *player == ply.player => {
                text.push(',');
                text.push_str(&ply.text);
            }
            _ => turns.push((ply.player, ply.text.clone())),
        }
    }
    turns
}

/// Tag values may not hold a raw quote or backslash.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

pub struct PgnHeader<'a> {
    pub event: &'a str,
    pub date: &'a str,
    pub variant: &'a str,
    pub white: &'a str,
    pub black: &'a str,
    pub time_control: &'a str,
}

pub fn write_game(h: &PgnHeader, g: &GameRecord) -> String {
    let result = g.result.result_str();
    let mut out = String::new();
    let tags = [
        ("Event", h.event.to_string()),
        ("Site", "?".to_string()),
        ("Date", h.date.to_string()),
        ("Round", g.number.to_string()),
        ("White", h.white.to_string()),
        ("Black", h.black.to_string()),
        ("Result", result.to_string()),
        ("Variant", h.variant.to_string()),
        ("FEN", g.start_fen.clone()),
        ("SetUp", "1".to_string()),
        ("TimeControl", h.time_control.to_string()),
        (
            "PlyCount",
            (g.plies.len() * if g.simultaneous { 2 } else { 1 }).to_string(),
        ),
        ("Termination", g.result.termination.pgn().to_string()),
    ];
    for (tag, value) in tags {
        let _ = writeln!(out, "[{tag} \"{}\"]", escape(&value));
    }
    out.push('\n');
    let mut words = Vec::new();
    let mut number = 1;
    // A simultaneous game numbers its rounds, one `WHITE,BLACK` token each.
    let turns = if g.simultaneous {
        g.plies
            .iter()
            .map(|p| (Player::White, p.text.clone()))
            .collect()
    } else {
        turns(&g.plies)
    };
    for (i, (player, text)) in turns.into_iter().enumerate() {
        if g.simultaneous {
            words.push(format!("{}.", i + 1));
            words.push(text);
            continue;
        }
        match player {
            Player::White => words.push(format!("{number}.")),
            Player::Black if i == 0 => words.push(format!("{number}...")),
            Player::Black => {}
        }
        if player == Player::Black {
            number += 1;
        }
        words.push(text);
    }
    // A comment may not hold a closing brace.
    words.push(format!("{{{}}}", g.result.reason.replace('}', ")")));
    words.push(result.to_string());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::game::{GameResult, Termination};

    fn ply(player: Player, text: &str) -> Ply {
        Ply {
            player,
            text: text.into(),
        }
    }

    #[test]
    fn dates_from_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_723 + 59), (2024, 2, 29));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn writes_tags_numbered_turns_and_the_reason() {
        let g = GameRecord {
            number: 7,
            start_fen: "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1".into(),
            plies: vec![
                ply(Player::Black, "e8d7"),
                ply(Player::White, "e2e4"),
                ply(Player::White, "e4e5"),
                ply(Player::Black, "d7e6"),
            ],
            result: GameResult {
                winner: Some(Player::White),
                termination: Termination::RulesInfraction,
                reason: "Bad \"engine\" forfeits: illegal move 'x'".into(),
            },
            ..GameRecord::default()
        };
        let h = PgnHeader {
            event: "test",
            date: "2024.01.01",
            variant: "chess",
            white: "A",
            black: "B\"q",
            time_control: "10+0.1",
        };
        let text = write_game(&h, &g);
        for tag in [
            "[Round \"7\"]",
            "[Black \"B\\\"q\"]",
            "[Result \"1-0\"]",
            "[Variant \"chess\"]",
            "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]",
            "[PlyCount \"4\"]",
            "[Termination \"rules infraction\"]",
        ] {
            assert!(text.contains(tag), "{tag} in {text}");
        }
        assert!(
            text.ends_with(
                "\n1... e8d7 2. e2e4,e4e5 d7e6 {Bad \"engine\" forfeits: illegal move 'x'} 1-0\n\n"
            ),
            "{text}"
        );
    }
}
