//! The datagen text format, one position a line (docs/tuning.md):
//!
//! ```text
//! <FEN> | <score> | <result> | <game>/<positions>
//! ```
//!
//! `score` is the search's score in centipawns and `result` the game's (`1`, `0.5`, `0`), both
//! from White's side; `game` numbers the game within the run (seeded by it) and `positions` says
//! how many lines the game has, so a reader can tell a whole game from one an interruption cut.
//! Lines starting with `#` (the run's settings) are comments. Files of disjoint runs (shards)
//! concatenate.

use std::collections::HashSet;

/// One recorded position.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub fen: String,
    /// Centipawns, White's side.
    pub score: i32,
    /// 1 (White won), 0.5 or 0, White's side.
    pub result: f64,
    pub game: u64,
    /// Positions recorded in the game.
    pub positions: u32,
}

impl Record {
    pub fn line(&self) -> String {
        format!(
            "{} | {} | {} | {}/{}\n",
            self.fen, self.score, self.result, self.game, self.positions
        )
    }

    /// Parses one data line; the error names the bad field.
    pub fn parse(line: &str) -> Result<Record, String> {
        let fields: Vec<&str> = line.split(" | ").map(str::trim).collect();
        let [fen, score, result, game] = fields[..] else {
            return Err(format!(
                "expected 'FEN | score | result | game/positions', not '{line}'"
            ));
        };
        let score = score.parse().map_err(|_| format!("bad score '{score}'"))?;
        let result = match result {
            "1" => 1.0,
            "0.5" => 0.5,
            "0" => 0.0,
            _ => return Err(format!("bad result '{result}' (1, 0.5 or 0)")),
        };
        let (g, n) = game
            .split_once('/')
            .and_then(|(g, n)| Some((g.parse().ok()?, n.parse().ok()?)))
            .ok_or_else(|| format!("bad game field '{game}' (game/positions)"))?;
        Ok(Record {
            fen: fen.to_string(),
            score,
            result,
            game: g,
            positions: n,
        })
    }
}

/// What an existing output file holds: the games it has whole, and the byte length of its
/// longest prefix of whole lines and whole games (what a resumed run keeps).
#[derive(Debug, Default, PartialEq)]
pub struct Existing {
    pub finished: HashSet<u64>,
    pub keep: usize,
    /// The `#` lines.
    pub comments: Vec<String>,
}

/// Reads an output file's text (games are written whole, one write each, so only the end can be
/// cut: a torn last line, or the first lines of a game). A line that does not parse elsewhere is
/// an error naming it.
pub fn scan(text: &str) -> Result<Existing, String> {
    let mut existing = Existing::default();
    let (mut offset, mut current, mut seen) = (0, None, 0u32);
    for line in text.split_inclusive('\n') {
        let end = offset + line.len();
        offset = end;
        if !line.ends_with('\n') {
            break; // torn by an interruption
        }
        let body = line.trim_end();
        if body.starts_with('#') || body.is_empty() {
            if current.is_none() {
                existing.comments.push(body.to_string());
                existing.keep = end;
            }
            continue;
        }
        let record = Record::parse(body).map_err(|e| format!("line '{body}': {e}"))?;
        if current != Some(record.game) {
            current = Some(record.game);
            seen = 0;
        }
        seen += 1;
        if seen == record.positions {
            existing.finished.insert(record.game);
            existing.keep = end;
            current = None;
        }
    }
    Ok(existing)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(game: u64, positions: u32) -> Record {
        Record {
            fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into(),
            score: -12,
            result: 0.5,
            game,
            positions,
        }
    }

    #[test]
    fn lines_round_trip() {
        let r = record(7, 3);
        assert_eq!(
            r.line(),
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | -12 | 0.5 | 7/3\n"
        );
        assert_eq!(Record::parse(r.line().trim_end()).unwrap(), r);
        assert!(Record::parse("x | 1 | 2 | 3/4")
            .unwrap_err()
            .contains("'2'"));
        assert!(Record::parse("x | y | 1 | 3/4")
            .unwrap_err()
            .contains("'y'"));
        assert!(Record::parse("x | 1 | 1 | 3").unwrap_err().contains("'3'"));
    }

    #[test]
    fn scan_keeps_whole_games_and_drops_a_cut_one() {
        let whole = format!(
            "# settings\n{}{}{}",
            record(0, 2).line(),
            record(0, 2).line(),
            record(5, 1).line()
        );
        let cut = format!("{whole}{}", record(3, 2).line());
        let torn = format!("{whole}{}", &record(3, 2).line()[..10]);
        for text in [&whole, &cut, &torn] {
            let e = scan(text).unwrap();
            assert_eq!(e.keep, whole.len());
            assert_eq!(e.finished, HashSet::from([0, 5]));
            assert_eq!(e.comments, ["# settings"]);
        }
        assert!(scan("garbage\n").unwrap_err().contains("garbage"));
    }
}
