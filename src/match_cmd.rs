//! `chimera match`: the command line of the match runner (`src/runner/`), read into a
//! [`Config`]. `docs/match.md` documents every flag.

use crate::runner::adjudicate::{DrawRule, ResignRule};
use crate::runner::clock::parse_tc;
use crate::runner::config::{Config, EngineSpec};
use crate::runner::sprt::SprtParams;
use std::time::Duration;

pub const USAGE: &str = "usage: chimera match --engine CMD [--name NAME] [--option NAME=VALUE]... \
--engine CMD ... [--variant V] (--tc BASE+INC | --movetime MS | --depth N | --nodes N) \
[--games N] [--openings FILE] [--book-plies N] [--seed N] [--concurrency N] [--margin MS] \
[--timeout S] [--resign movecount=N score=CP [twosided=true]] \
[--draw movenumber=N movecount=N score=CP] [--max-plies N] [--pgn FILE] \
[--sprt elo0=E0 elo1=E1 alpha=A beta=B] (see docs/match.md)";

fn number<T: std::str::FromStr + PartialOrd + std::fmt::Display>(
    flag: &str,
    text: &str,
    min: T,
    max: T,
) -> Result<T, String> {
    match text.parse::<T>() {
        Ok(v) if v >= min && v <= max => Ok(v),
        _ => Err(format!("{flag}: '{text}' is not a number in {min}..={max}")),
    }
}

/// Reads the arguments after `match`. Options given before the first `--engine` apply to every
/// engine; `--option` and `--name` after an `--engine` apply to that engine.
pub fn parse_args(args: &[String]) -> Result<Config, String> {
    let mut c = Config::default();
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        let value = || {
            args.get(i + 1)
                .map(String::as_str)
                .filter(|v| !v.starts_with("--"))
                .ok_or_else(|| format!("{flag} needs a value; {USAGE}"))
        };
        // `key=value` fields up to the next flag.
        let fields: Vec<&str> = args[i + 1..]
            .iter()
            .take_while(|a| !a.starts_with("--"))
            .map(String::as_str)
            .collect();
        let mut used = 2;
        match flag {
            "--engine" => {
                let command: Vec<String> = value()?.split_whitespace().map(String::from).collect();
                if command.is_empty() {
                    return Err("--engine: empty command".into());
                }
                c.engines.push(EngineSpec {
                    command,
                    ..EngineSpec::default()
                });
            }
            "--name" => {
                let engine = c
                    .engines
                    .last_mut()
                    .ok_or("--name names the engine before it: give an --engine first")?;
                engine.name = Some(value()?.to_string());
            }
            "--option" => {
                let text = value()?;
                let (name, v) = text
                    .split_once('=')
                    .filter(|(n, _)| !n.trim().is_empty())
                    .ok_or_else(|| format!("--option '{text}': expected NAME=VALUE"))?;
                let pair = (name.trim().to_string(), v.trim().to_string());
                match c.engines.last_mut() {
                    Some(engine) => engine.options.push(pair),
                    None => c.options.push(pair),
                }
            }
            "--variant" => c.variant = value()?.to_string(),
            "--tc" => c.time.clock = Some(parse_tc(value()?)?),
            "--movetime" => {
                c.time.movetime = Some(Duration::from_millis(number(flag, value()?, 1, 1 << 40)?))
            }
            "--depth" => c.time.depth = Some(number(flag, value()?, 1, 100)?),
            "--nodes" => c.time.nodes = Some(number(flag, value()?, 1, u64::MAX)?),
            "--margin" => {
                c.time.margin = Duration::from_millis(number(flag, value()?, 0, 1 << 40)?)
            }
            "--timeout" => c.timeout = Duration::from_secs_f64(number(flag, value()?, 0.001, 1e6)?),
            "--games" => c.games = number(flag, value()?, 1, 10_000_000)?,
            "--openings" => c.openings = Some(value()?.into()),
            "--book-plies" => c.book_plies = number(flag, value()?, 0, 200)?,
            "--seed" => c.seed = number(flag, value()?, 0, u64::MAX)?,
            "--concurrency" => c.concurrency = number(flag, value()?, 1, 256)?,
            "--max-plies" => c.max_plies = number(flag, value()?, 1, 1_000_000)?,
            "--pgn" => c.pgn = Some(value()?.into()),
            "--resign" => {
                c.resign = Some(ResignRule::parse(&fields)?);
                used = 1 + fields.len();
            }
            "--draw" => {
                c.draw = Some(DrawRule::parse(&fields)?);
                used = 1 + fields.len();
            }
            "--sprt" => {
                c.sprt = Some(SprtParams::parse(&fields)?);
                used = 1 + fields.len();
            }
            other => return Err(format!("unknown argument '{other}'; {USAGE}")),
        }
        i += used;
    }
    if c.engines.len() < 2 {
        return Err(format!("a match needs at least two --engine; {USAGE}"));
    }
    if !c.time.is_limited() {
        return Err("give a time control: --tc, --movetime, --depth or --nodes".into());
    }
    if c.sprt.is_some() && c.engines.len() != 2 {
        return Err("--sprt compares two engines; this match has more".into());
    }
    Ok(c)
}

/// Runs the command; the error is the one line to print.
pub fn run(args: &[String]) -> Result<(), String> {
    crate::runner::run(parse_args(args)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split(' ').map(String::from).collect()
    }

    #[test]
    fn options_before_the_first_engine_are_shared_and_after_it_are_its_own() {
        let c = parse_args(&args(
            "--option Hash=32 --engine ./a --name Alpha --option Play=random --engine ./b \
             --option Threads=2 --variant chess --tc 10+0.1 --depth 5 --games 20 --concurrency 2",
        ))
        .unwrap();
        assert_eq!(c.options, [("Hash".to_string(), "32".to_string())]);
        assert_eq!(c.engines[0].name.as_deref(), Some("Alpha"));
        assert_eq!(
            c.engines[0].options,
            [("Play".to_string(), "random".to_string())]
        );
        assert_eq!(
            c.engines[1].options,
            [("Threads".to_string(), "2".to_string())]
        );
        assert_eq!(c.engines[1].command, ["./b"]);
        assert_eq!(
            c.time.clock,
            Some((Duration::from_secs(10), Duration::from_millis(100)))
        );
        assert_eq!((c.time.depth, c.games, c.concurrency), (Some(5), 20, 2));
    }

    #[test]
    fn multi_field_flags_take_the_words_up_to_the_next_flag() {
        let c = parse_args(&args(
            "--engine a --engine b --nodes 100 --sprt elo0=0 elo1=10 --resign movecount=2 score=400 --games 4",
        ))
        .unwrap();
        assert_eq!(c.sprt.unwrap().elo1, 10.0);
        assert_eq!(c.resign.unwrap().moves, 2);
        assert_eq!(c.games, 4);
    }

    #[test]
    fn errors_name_the_bad_argument() {
        for (text, token) in [
            ("--engine a --engine b --depth x", "'x'"),
            (
                "--engine a --engine b --depth 3 --frobnicate",
                "'--frobnicate'",
            ),
            ("--engine a --engine b --tc ten", "'ten'"),
            ("--engine a --engine b --depth 3 --option Hash", "'Hash'"),
            ("--engine a --engine b --depth 3 --games 0", "'0'"),
            ("--engine a --depth 3", "two --engine"),
            ("--engine a --engine b", "time control"),
            ("--name x --engine a --engine b --depth 1", "--name"),
            (
                "--engine a --engine b --engine c --depth 1 --sprt elo1=5",
                "two engines",
            ),
        ] {
            let e = parse_args(&args(text)).unwrap_err();
            assert!(e.contains(token), "{text}: {e}");
        }
    }
}
