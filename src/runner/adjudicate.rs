//! Optional adjudication by the engines' own scores (the `score` of the last `info` line before
//! each `bestmove`, from the answering engine's side): resign a lost game, agree a dead draw.
//! The rules' own results need no option: the referee applies them always.

use chimera_engine::Player;

/// `--resign movecount=N score=CP [twosided=true]`: a player whose engine reported at most
/// `-score` in each of its last `moves` answers loses; with `two_sided`, only if the
/// opponent's engine reported at least `score` in each of its answers in between.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub moves: u32,
    pub score: i32,
    pub two_sided: bool,
}

/// `--draw movenumber=N movecount=M score=CP`: from turn `from_turn` on, a game in which both
/// engines reported a score within `±score` in each of their last `moves` answers is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub from_turn: u32,
    pub moves: u32,
    pub score: i32,
}

/// Reads `key=value` fields of an adjudication option; the error names the bad field.
pub fn parse_fields<'a>(
    option: &str,
    fields: &[&'a str],
    known: &[&str],
) -> Result<Vec<(&'a str, &'a str)>, String> {
    fields
        .iter()
        .map(|f| match f.split_once('=') {
            Some((k, v)) if known.contains(&k) => Ok((k, v)),
            _ => Err(format!(
                "{option}: bad field '{f}' (expected {})",
                known
                    .iter()
                    .map(|k| format!("{k}="))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        })
        .collect()
}

fn number<T: std::str::FromStr>(option: &str, key: &str, v: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("{option}: {key}='{v}' is not a valid number"))
}

impl ResignRule {
    pub fn parse(fields: &[&str]) -> Result<Self, String> {
        let mut rule = ResignRule {
            moves: 3,
            score: 1000,
            two_sided: false,
        };
        for (k, v) in parse_fields("--resign", fields, &["movecount", "score", "twosided"])? {
            match k {
                "movecount" => rule.moves = number("--resign", k, v)?,
                "score" => rule.score = number("--resign", k, v)?,
                _ => {
                    rule.two_sided = match v {
                        "true" => true,
                        "false" => false,
                        _ => return Err(format!("--resign: twosided='{v}' is not true or false")),
                    }
                }
            }
        }
        if rule.moves == 0 || rule.score <= 0 {
            return Err("--resign: movecount and score must be above 0".into());
        }
        Ok(rule)
    }
}

impl DrawRule {
    pub fn parse(fields: &[&str]) -> Result<Self, String> {
        let mut rule = DrawRule {
            from_turn: 40,
            moves: 8,
            score: 10,
        };
        for (k, v) in parse_fields("--draw", fields, &["movenumber", "movecount", "score"])? {
            match k {
                "movenumber" => rule.from_turn = number("--draw", k, v)?,
                "movecount" => rule.moves = number("--draw", k, v)?,
                _ => rule.score = number("--draw", k, v)?,
            }
        }
        if rule.moves == 0 || rule.score < 0 {
            return Err("--draw: movecount must be above 0 and score at least 0".into());
        }
        Ok(rule)
    }
}

/// What adjudication decided.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Resign(Player),
    Draw,
}

/// The running counts of one game.
#[derive(Clone, Debug, Default)]
pub struct Adjudicator {
    resign: Option<ResignRule>,
    draw: Option<DrawRule>,
    /// Each player's answers in a row with a losing score.
    losing: [u32; 2],
    /// Each player's answers in a row with a winning score (two-sided resign).
    winning: [u32; 2],
    /// Each player's answers in a row within the draw band.
    level: [u32; 2],
}

impl Adjudicator {
    pub fn new(resign: Option<ResignRule>, draw: Option<DrawRule>) -> Self {
        Adjudicator {
            resign,
            draw,
            ..Adjudicator::default()
        }
    }

    /// Takes `player`'s answer, whose score (if the engine gave one) is `score`, in turn number
    /// `turn` (1 for the first turn of each player).
    pub fn answer(&mut self, player: Player, score: Option<i32>, turn: u32) -> Option<Verdict> {
        let me = player.index();
        let count = |c: &mut u32, hit: bool| *c = if hit { *c + 1 } else { 0 };
        if let Some(rule) = self.resign {
            count(
                &mut self.losing[me],
                score.is_some_and(|s| s <= -rule.score),
            );
            count(
                &mut self.winning[me],
                score.is_some_and(|s| s >= rule.score),
            );
            let backed = !rule.two_sided || self.winning[1 - me] >= rule.moves;
            if self.losing[me] >= rule.moves && backed {
                return Some(Verdict::Resign(player));
            }
            // The opponent's engine agreed earlier; this answer confirms it.
            if rule.two_sided && self.winning[me] >= rule.moves && self.losing[1 - me] >= rule.moves
            {
                return Some(Verdict::Resign(player.other()));
            }
        }
        if let Some(rule) = self.draw {
            count(
                &mut self.level[me],
                score.is_some_and(|s| s.abs() <= rule.score),
            );
            if turn >= rule.from_turn && self.level.iter().all(|&n| n >= rule.moves) {
                return Some(Verdict::Draw);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Player::{Black, White};

    #[test]
    fn parses_fields_with_defaults_and_names_bad_ones() {
        assert_eq!(
            ResignRule::parse(&["movecount=2", "score=500", "twosided=true"]),
            Ok(ResignRule {
                moves: 2,
                score: 500,
                two_sided: true
            })
        );
        assert_eq!(
            DrawRule::parse(&["score=5"]),
            Ok(DrawRule {
                from_turn: 40,
                moves: 8,
                score: 5
            })
        );
        assert!(ResignRule::parse(&["moves=2"])
            .unwrap_err()
            .contains("'moves=2'"));
        assert!(DrawRule::parse(&["score=low"])
            .unwrap_err()
            .contains("'low'"));
        assert!(ResignRule::parse(&["twosided=yes"])
            .unwrap_err()
            .contains("'yes'"));
    }

    #[test]
    fn resigns_after_enough_losing_answers_in_a_row() {
        let rule = ResignRule {
            moves: 3,
            score: 500,
            two_sided: false,
        };
        let mut a = Adjudicator::new(Some(rule), None);
        assert_eq!(a.answer(Black, Some(-600), 1), None);
        assert_eq!(a.answer(Black, Some(-600), 2), None);
        // A better score (or none) breaks the run.
        assert_eq!(a.answer(Black, None, 3), None);
        assert_eq!(a.answer(Black, Some(-500), 4), None);
        assert_eq!(a.answer(White, Some(0), 4), None);
        assert_eq!(a.answer(Black, Some(-700), 5), None);
        assert_eq!(
            a.answer(Black, Some(-20_000), 6),
            Some(Verdict::Resign(Black))
        );
    }

    #[test]
    fn two_sided_resign_needs_the_winner_to_agree() {
        let rule = ResignRule {
            moves: 2,
            score: 300,
            two_sided: true,
        };
        let mut a = Adjudicator::new(Some(rule), None);
        a.answer(White, Some(100), 1);
        a.answer(Black, Some(-400), 1);
        a.answer(White, Some(100), 2);
        assert_eq!(a.answer(Black, Some(-400), 2), None, "White does not agree");
        assert_eq!(a.answer(White, Some(350), 3), None);
        assert_eq!(
            a.answer(Black, Some(-400), 3),
            None,
            "White agreed once only"
        );
        // White's second agreeing answer decides.
        assert_eq!(a.answer(White, Some(350), 4), Some(Verdict::Resign(Black)));
    }

    #[test]
    fn draws_when_both_sides_stay_level_from_the_given_turn() {
        let rule = DrawRule {
            from_turn: 3,
            moves: 2,
            score: 10,
        };
        let mut a = Adjudicator::new(None, Some(rule));
        for turn in 1..=2 {
            assert_eq!(a.answer(White, Some(0), turn), None);
            assert_eq!(a.answer(Black, Some(-5), turn), None);
        }
        assert_eq!(a.answer(White, Some(11), 3), None);
        assert_eq!(a.answer(Black, Some(0), 3), None);
        assert_eq!(a.answer(White, Some(10), 4), None);
        assert_eq!(a.answer(Black, Some(0), 4), None);
        assert_eq!(a.answer(White, Some(-3), 5), Some(Verdict::Draw));
    }
}
