//! `chimera match`: the command line of the match runner (`src/runner/`), read into a
//! [`Config`]. `docs/match.md` documents every flag.

use crate::cli::{name_value, ranged};
use crate::runner::adjudicate::{DrawRule, ResignRule};
use crate::runner::clock::parse_tc;
use crate::runner::config::{Config, EngineSpec};
use crate::runner::sprt::SprtParams;
use clap::ArgMatches;
use std::path::PathBuf;
use std::time::Duration;

/// `chimera match`'s arguments. `--option` before the first `--engine` applies to every engine;
/// `--option` and `--name` after an `--engine` apply to that engine (read from where each stands
/// on the command line, [`MatchArgs::config`]).
#[derive(clap::Args, Debug)]
#[command(after_help = "See docs/match.md for every flag.")]
pub struct MatchArgs {
    /// An engine's command line (at least two)
    #[arg(long = "engine", value_name = "CMD", required = true)]
    engines: Vec<String>,
    /// The name of the engine before it, for the PGN and the table
    #[arg(long = "name", value_name = "NAME")]
    names: Vec<String>,
    /// An option for every engine (before the first --engine) or for the engine before it
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = name_value)]
    options: Vec<(String, String)>,
    /// The variant, by its UCI_Variant name
    #[arg(long, value_name = "V")]
    variant: Option<String>,
    /// Clock: base seconds plus increment seconds per move
    #[arg(long = "tc", value_name = "BASE+INC", value_parser = parse_tc)]
    clock: Option<(Duration, Duration)>,
    /// Fixed time per move, in ms
    #[arg(long, value_name = "MS", value_parser = ranged(1u64, 1 << 40))]
    movetime: Option<u64>,
    /// Fixed depth per move
    #[arg(long, value_name = "N", value_parser = ranged(1u32, 100))]
    depth: Option<u32>,
    /// Fixed nodes per move
    #[arg(long, value_name = "N", value_parser = ranged(1u64, u64::MAX))]
    nodes: Option<u64>,
    /// Games to play (default 2)
    #[arg(long, value_name = "N", value_parser = ranged(1usize, 10_000_000))]
    games: Option<usize>,
    /// A file of opening positions (FEN or EPD lines)
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Random plies from each opening
    #[arg(long, value_name = "N", value_parser = ranged(0u32, 200))]
    book_plies: Option<u32>,
    /// The seed of the openings' order and book plies (default 1)
    #[arg(long, value_name = "N", value_parser = ranged(0u64, u64::MAX))]
    seed: Option<u64>,
    /// Play only part I of N of the match (game pairs I, I+N, ...), for N workers
    #[arg(long, value_name = "I/N", value_parser = crate::datagen::shard)]
    shard: Option<(u64, u64)>,
    /// Games played at once (default 1)
    #[arg(long, value_name = "N", value_parser = ranged(1usize, 256))]
    concurrency: Option<usize>,
    /// Grace past the clock before a loss on time, in ms (default 100)
    #[arg(long, value_name = "MS", value_parser = ranged(0u64, 1 << 40))]
    margin: Option<u64>,
    /// Seconds a handshake or an untimed search may take (default 60)
    #[arg(long, value_name = "S", value_parser = ranged(0.001f64, 1e6))]
    timeout: Option<f64>,
    /// Resign adjudication: movecount=N score=CP [twosided=true]
    #[arg(long, value_name = "FIELD=VALUE", num_args = 1..)]
    resign: Option<Vec<String>>,
    /// Draw adjudication: movenumber=N movecount=N score=CP
    #[arg(long, value_name = "FIELD=VALUE", num_args = 1..)]
    draw: Option<Vec<String>>,
    /// Plies before a game is called a draw (default 1000)
    #[arg(long, value_name = "N", value_parser = ranged(1usize, 1_000_000))]
    max_plies: Option<usize>,
    /// Write the games to this PGN file
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Stop when a sequential probability ratio test decides: elo0=E0 elo1=E1 alpha=A beta=B
    #[arg(long, value_name = "FIELD=VALUE", num_args = 1..)]
    sprt: Option<Vec<String>>,
}

impl MatchArgs {
    /// The match to run. `matches` are the ones these arguments were read from: they say where
    /// each `--engine`, `--name` and `--option` stood.
    pub fn config(&self, matches: &ArgMatches) -> Result<Config, String> {
        let at = |id: &str| -> Vec<usize> {
            matches
                .indices_of(id)
                .map(|i| i.collect())
                .unwrap_or_default()
        };
        let engine_at = at("engines");
        // The engine a flag at `index` belongs to: the last `--engine` before it.
        let owner = |index: usize| engine_at.iter().rposition(|&e| e < index);
        let mut c = Config::default();
        for command in &self.engines {
            let command: Vec<String> = command.split_whitespace().map(String::from).collect();
            if command.is_empty() {
                return Err("--engine: empty command".into());
            }
            c.engines.push(EngineSpec {
                command,
                ..EngineSpec::default()
            });
        }
        for (name, index) in self.names.iter().zip(at("names")) {
            let e =
                owner(index).ok_or("--name names the engine before it: give an --engine first")?;
            c.engines[e].name = Some(name.clone());
        }
        for (pair, index) in self.options.iter().zip(at("options")) {
            match owner(index) {
                Some(e) => c.engines[e].options.push(pair.clone()),
                None => c.options.push(pair.clone()),
            }
        }
        if let Some(v) = &self.variant {
            c.variant = v.clone();
        }
        c.time.clock = self.clock;
        c.time.movetime = self.movetime.map(Duration::from_millis);
        c.time.depth = self.depth;
        c.time.nodes = self.nodes;
        if let Some(ms) = self.margin {
            c.time.margin = Duration::from_millis(ms);
        }
        if let Some(s) = self.timeout {
            c.timeout = Duration::from_secs_f64(s);
        }
        c.games = self.games.unwrap_or(c.games);
        c.openings = self.openings.clone();
        c.book_plies = self.book_plies.unwrap_or(c.book_plies);
        c.seed = self.seed.unwrap_or(c.seed);
        c.concurrency = self.concurrency.unwrap_or(c.concurrency);
        c.shard = self.shard.unwrap_or(c.shard);
        c.max_plies = self.max_plies.unwrap_or(c.max_plies);
        c.pgn = self.pgn.clone();
        c.resign = self
            .resign
            .as_ref()
            .map(|f| ResignRule::parse(&fields(f)))
            .transpose()?;
        c.draw = self
            .draw
            .as_ref()
            .map(|f| DrawRule::parse(&fields(f)))
            .transpose()?;
        c.sprt = self
            .sprt
            .as_ref()
            .map(|f| SprtParams::parse(&fields(f)))
            .transpose()?;
        if c.engines.len() < 2 {
            return Err("a match needs at least two --engine".into());
        }
        if !c.time.is_limited() {
            return Err("give a time control: --tc, --movetime, --depth or --nodes".into());
        }
        if c.sprt.is_some() && c.engines.len() != 2 {
            return Err("--sprt compares two engines; this match has more".into());
        }
        Ok(c)
    }
}

/// A multi-field flag's words as the rules' parsers read them.
fn fields(words: &[String]) -> Vec<&str> {
    words.iter().map(String::as_str).collect()
}

/// Runs the command; the error is the one line to print.
pub fn run(args: &MatchArgs, matches: &ArgMatches) -> Result<(), String> {
    crate::runner::run(args.config(matches)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Args, FromArgMatches};

    /// The match `text` (flags split at spaces) describes, or clap's or the config's error.
    fn parse_args(text: &str) -> Result<Config, String> {
        let args: Vec<&str> = text.split(' ').collect();
        let command = MatchArgs::augment_args(clap::Command::new("match"));
        let matches = command
            .try_get_matches_from(std::iter::once("match").chain(args))
            .map_err(|e| e.to_string())?;
        MatchArgs::from_arg_matches(&matches)
            .map_err(|e| e.to_string())?
            .config(&matches)
    }

    #[test]
    fn options_before_the_first_engine_are_shared_and_after_it_are_its_own() {
        let c = parse_args(
            "--option Hash=32 --engine ./a --name Alpha --option Play=random --engine ./b \
             --option Threads=2 --variant chess --tc 10+0.1 --depth 5 --games 20 --concurrency 2",
        )
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
        assert_eq!(c.shard, (0, 1));
        let c = parse_args("--engine a --engine b --depth 1 --shard 2/3").unwrap();
        assert_eq!(c.shard, (2, 3));
    }

    #[test]
    fn multi_field_flags_take_the_words_up_to_the_next_flag() {
        let c = parse_args(
            "--engine a --engine b --nodes 100 --sprt elo0=0 elo1=10 --resign movecount=2 score=400 --games 4",
        )
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
            ("--engine a --engine b --depth 1 --shard 2/2", "'2/2'"),
            ("--engine a --engine b --depth 1 --shard x", "'x'"),
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
            let e = parse_args(text).unwrap_err();
            assert!(e.contains(token), "{text}: {e}");
        }
    }
}
