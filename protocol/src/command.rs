//! Parsing one input line into a [`Command`]. Nothing here knows a variant: moves and FENs stay
//! text until the session hands them to the variant's own parsers.

use chimera_engine::search::Limits;
use chimera_engine::{ParseError, Player};
use std::time::Duration;

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    StartPos,
    Fen(String),
}

/// What `go` asks for, before the variant reads its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub limits: Limits,
    /// `searchmoves`, as written.
    pub search_moves: Vec<String>,
    /// `go perft N`: count instead of search.
    pub perft: Option<u32>,
    /// `go side white|black`: the side the engine writes an order for, in a simultaneous
    /// variant (Ven), where both sides decide at once.
    pub side: Option<Player>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    IsReady,
    UciNewGame,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Position {
        start: Start,
        moves: Vec<String>,
    },
    Go(Go),
    PonderHit,
    Stop,
    Quit,
    /// `d`: the board, FEN, key and checkers.
    Display,
    /// `eval`: the static evaluation by terms.
    Eval,
    /// `bench [depth]`: the fixed search that signs the engine.
    Bench {
        depth: Option<u32>,
    },
}

fn err<T>(msg: String) -> Result<T, ParseError> {
    Err(ParseError::new(msg))
}

impl Command {
    /// Parses a line. `Ok(None)` for a blank line.
    pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
        let mut tokens = line.split_whitespace();
        let Some(word) = tokens.next() else {
            return Ok(None);
        };
        let rest: Vec<&str> = tokens.collect();
        let bare = |command: Command| {
            if let Some(extra) = rest.first() {
                err(format!("unexpected '{extra}' after '{word}'"))
            } else {
                Ok(Some(command))
            }
        };
        match word {
            "uci" => bare(Command::Uci),
            "isready" => bare(Command::IsReady),
            "ucinewgame" => bare(Command::UciNewGame),
            "ponderhit" => bare(Command::PonderHit),
            "stop" => bare(Command::Stop),
            "quit" => bare(Command::Quit),
            "d" => bare(Command::Display),
            "eval" => bare(Command::Eval),
            "bench" => match rest.as_slice() {
                [] => Ok(Some(Command::Bench { depth: None })),
                [d] => Ok(Some(Command::Bench {
                    depth: Some(number(d, "bench depth", 1, 64)?),
                })),
                [_, extra, ..] => err(format!("unexpected '{extra}' after the bench depth")),
            },
            "setoption" => parse_setoption(&rest).map(Some),
            "position" => parse_position(&rest).map(Some),
            "go" => parse_go(&rest).map(|g| Some(Command::Go(g))),
            _ => err(format!("unknown command '{word}'")),
        }
    }
}

/// An integer within `min..=max`; the error names the token and what it was for.
fn number<T>(token: &str, what: &str, min: T, max: T) -> Result<T, ParseError>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    match token.parse::<T>() {
        Ok(v) if v >= min && v <= max => Ok(v),
        Ok(_) => err(format!("{what} '{token}' out of range {min}..={max}")),
        Err(_) => err(format!("{what} '{token}' is not a number")),
    }
}

/// `setoption name <words> [value <words>]`: names and values may hold spaces.
fn parse_setoption(rest: &[&str]) -> Result<Command, ParseError> {
    match rest.first() {
        Some(&"name") => {}
        Some(other) => return err(format!("setoption: expected 'name', got '{other}'")),
        None => return err("setoption: missing 'name'".into()),
    }
    let rest = &rest[1..];
    let split = rest.iter().position(|t| *t == "value");
    let (name, value) = match split {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return err("setoption: missing option name".into());
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `position startpos|fen <fields> [moves <m>...]`.
fn parse_position(rest: &[&str]) -> Result<Command, ParseError> {
    let moves_at = rest.iter().position(|t| *t == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (
            &rest[..i],
            rest[i + 1..].iter().map(|m| m.to_string()).collect(),
        ),
        None => (rest, Vec::new()),
    };
    let start = match setup {
        ["startpos"] => Start::StartPos,
        ["startpos", extra, ..] => {
            return err(format!("position: unexpected '{extra}' after 'startpos'"))
        }
        ["fen"] => return err("position: missing FEN after 'fen'".into()),
        ["fen", fields @ ..] => Start::Fen(fields.join(" ")),
        [] => return err("position: expected 'startpos' or 'fen'".into()),
        [other, ..] => {
            return err(format!(
                "position: expected 'startpos' or 'fen', got '{other}'"
            ))
        }
    };
    Ok(Command::Position { start, moves })
}

const GO_WORDS: [&str; 14] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
    "side",
];

fn parse_go(rest: &[&str]) -> Result<Go, ParseError> {
    let mut go = Go::default();
    let mut i = 0;
    // Clock times may come negative from a GUI whose clock ran out: read them as zero.
    let ms = |t: &str, what: &str| -> Result<Duration, ParseError> {
        number::<i64>(t, what, i64::MIN, i64::MAX).map(|v| Duration::from_millis(v.max(0) as u64))
    };
    while i < rest.len() {
        let word = rest[i];
        let value = || {
            rest.get(i + 1)
                .copied()
                .ok_or_else(|| ParseError::new(format!("go: '{word}' needs a value")))
        };
        let mut takes_value = true;
        match word {
            "wtime" => go.limits.time[0] = Some(ms(value()?, "wtime")?),
            "btime" => go.limits.time[1] = Some(ms(value()?, "btime")?),
            "winc" => go.limits.inc[0] = ms(value()?, "winc")?,
            "binc" => go.limits.inc[1] = ms(value()?, "binc")?,
            "movetime" => go.limits.move_time = Some(ms(value()?, "movetime")?),
            "movestogo" => go.limits.moves_to_go = Some(number(value()?, "movestogo", 1, 10_000)?),
            "depth" => go.limits.depth = Some(number(value()?, "depth", 1, 100)?),
            "nodes" => go.limits.nodes = Some(number(value()?, "nodes", 1, u64::MAX)?),
            "mate" => go.limits.mate = Some(number(value()?, "mate", 1, 60)?),
            "perft" => go.perft = Some(number(value()?, "perft depth", 0, 64)?),
            "side" => {
                go.side = Some(match value()? {
                    "white" | "w" => Player::White,
                    "black" | "b" => Player::Black,
                    other => return err(format!("go: side '{other}' is not white or black")),
                })
            }
            "infinite" => {
                go.limits.infinite = true;
                takes_value = false;
            }
            "ponder" => {
                go.limits.ponder = true;
                takes_value = false;
            }
            "searchmoves" => {
                let moves: Vec<String> = rest[i + 1..]
                    .iter()
                    .take_while(|t| !GO_WORDS.contains(t))
                    .map(|t| t.to_string())
                    .collect();
                if moves.is_empty() {
                    return err("go: 'searchmoves' needs at least one move".into());
                }
                i += moves.len();
                go.search_moves = moves;
                takes_value = false;
            }
            other => return err(format!("go: unknown parameter '{other}'")),
        }
        i += 1 + takes_value as usize;
    }
    Ok(go)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Command {
        Command::parse(s).unwrap().unwrap()
    }

    fn error(s: &str) -> String {
        Command::parse(s).unwrap_err().to_string()
    }

    #[test]
    fn simple_commands() {
        assert_eq!(Command::parse("   ").unwrap(), None);
        assert_eq!(parse("uci"), Command::Uci);
        assert_eq!(parse("  isready  "), Command::IsReady);
        assert_eq!(parse("bench 7"), Command::Bench { depth: Some(7) });
        assert_eq!(parse("d"), Command::Display);
    }

    #[test]
    fn setoption_names_and_values_keep_their_spaces() {
        assert_eq!(
            parse("setoption name Move Overhead value 100"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("100".into())
            }
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
    }

    #[test]
    fn position_forms() {
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            Command::Position {
                start: Start::StartPos,
                moves: vec!["e2e4".into(), "e7e5".into()]
            }
        );
        let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
        assert_eq!(
            parse(&format!("position fen {fen}")),
            Command::Position {
                start: Start::Fen(fen.into()),
                moves: vec![]
            }
        );
    }

    #[test]
    fn go_reads_every_parameter() {
        let Command::Go(go) = parse(
            "go wtime 1000 btime -5 winc 10 binc 20 movestogo 7 depth 9 nodes 1234 mate 3 \
             movetime 500 infinite ponder searchmoves e2e4 d2d4",
        ) else {
            panic!()
        };
        let l = &go.limits;
        assert_eq!(
            l.time,
            [Some(Duration::from_millis(1000)), Some(Duration::ZERO)]
        );
        assert_eq!(
            l.inc,
            [Duration::from_millis(10), Duration::from_millis(20)]
        );
        assert_eq!(
            (l.moves_to_go, l.depth, l.nodes, l.mate),
            (Some(7), Some(9), Some(1234), Some(3))
        );
        assert_eq!(l.move_time, Some(Duration::from_millis(500)));
        assert!(l.infinite && l.ponder);
        assert_eq!(go.search_moves, vec!["e2e4", "d2d4"]);
        // searchmoves stops at the next keyword.
        let Command::Go(go) = parse("go searchmoves a2a3 depth 3") else {
            panic!()
        };
        assert_eq!((go.search_moves.len(), go.limits.depth), (1, Some(3)));
        let Command::Go(go) = parse("go side black movetime 100") else {
            panic!()
        };
        assert_eq!(go.side, Some(Player::Black));
        assert_eq!(go.limits.move_time, Some(Duration::from_millis(100)));
        assert_eq!(
            parse("go perft 3"),
            Command::Go(Go {
                perft: Some(3),
                ..Go::default()
            })
        );
    }

    #[test]
    fn errors_name_the_token() {
        for (line, token) in [
            ("xyzzy", "'xyzzy'"),
            ("isready now", "'now'"),
            ("go depth x", "'x'"),
            ("go depth 0", "'0'"),
            ("go wtime", "'wtime'"),
            ("go fast", "'fast'"),
            ("go searchmoves", "'searchmoves'"),
            ("position", "'startpos'"),
            ("position start", "'start'"),
            ("position startpos e2e4", "'e2e4'"),
            ("position fen", "'fen'"),
            ("setoption Hash 5", "'Hash'"),
            ("setoption name", "name"),
            ("bench deep", "'deep'"),
            ("bench 3 4", "'4'"),
            ("go nodes -1", "'-1'"),
            ("go mate 99", "'99'"),
            ("go side red", "'red'"),
            ("go side", "'side'"),
        ] {
            let e = error(line);
            assert!(e.contains(token), "{line}: {e}");
        }
    }
}
