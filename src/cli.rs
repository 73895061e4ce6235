//! What the subcommands' typed arguments share: value parsers for numbers in a range and for
//! `NAME=VALUE` pairs, and the arguments of `serve` and `fuzz`, whose own modules still read
//! their flags from text (they get the same flags back from [`ServeArgs::argv`] and
//! [`FuzzArgs::argv`]). Each other subcommand's arguments are a struct in its own file.

use clap::Args;
#[cfg(test)]
use clap::FromArgMatches;
use std::fmt::Display;
use std::str::FromStr;

/// A value parser for a number in `min..=max`; the message names the bad text.
pub fn ranged<T>(min: T, max: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: FromStr + PartialOrd + Display + Copy + Send + Sync + 'static,
{
    move |text: &str| match text.parse::<T>() {
        Ok(v) if v >= min && v <= max => Ok(v),
        _ => Err(format!("'{text}' is not a number in {min}..={max}")),
    }
}

/// A value parser for `NAME=VALUE` (a non-empty name, both trimmed).
pub fn name_value(text: &str) -> Result<(String, String), String> {
    text.split_once('=')
        .filter(|(name, _)| !name.trim().is_empty())
        .map(|(name, value)| (name.trim().to_string(), value.trim().to_string()))
        .ok_or_else(|| format!("'{text}' is not NAME=VALUE"))
}

/// A subcommand's arguments `A` read from `args` as `chimera NAME ARGS...` would read them; the
/// error is clap's message. For the subcommands' parse tests.
#[cfg(test)]
pub fn parse<A: Args + FromArgMatches>(name: &'static str, args: &[&str]) -> Result<A, String> {
    let command = A::augment_args(clap::Command::new(name));
    let matches = command
        .try_get_matches_from(std::iter::once(name).chain(args.iter().copied()))
        .map_err(|e| e.to_string())?;
    A::from_arg_matches(&matches).map_err(|e| e.to_string())
}

/// `chimera serve`: the web board (docs/web.md).
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free one; the first line names it)
    #[arg(long, value_name = "P")]
    port: Option<u16>,
    /// The address to listen on (default 127.0.0.1: this machine only)
    #[arg(long, value_name = "H")]
    host: Option<String>,
    /// Searches running at once, all games together (default 32)
    #[arg(long, value_name = "N", value_parser = ranged(1usize, 1024))]
    max_searches: Option<usize>,
}

impl ServeArgs {
    /// The flags as `serve::run` reads them.
    pub fn argv(&self) -> Vec<String> {
        let mut argv = Vec::new();
        push(&mut argv, "--port", &self.port);
        push(&mut argv, "--host", &self.host);
        push(&mut argv, "--max-searches", &self.max_searches);
        argv
    }
}

/// `chimera fuzz`: the seeded fuzzer (docs/protocol.md, "Fuzzing").
#[derive(Args, Debug)]
pub struct FuzzArgs {
    /// What to fuzz
    #[arg(long, value_name = "TARGET", value_parser = ["all", "games", "fen", "moves", "protocol", "answers"])]
    target: Option<String>,
    /// Protocol lines to feed the engine (default 100000)
    #[arg(long, value_name = "N")]
    lines: Option<u64>,
    /// Random games per variant (default 20)
    #[arg(long, value_name = "N")]
    games: Option<u64>,
    /// FEN and move cases per variant (default 20000)
    #[arg(long, value_name = "N")]
    cases: Option<u64>,
    /// Middlegames per variant for the `answers` target (default 40)
    #[arg(long, value_name = "N")]
    answers: Option<u64>,
    /// The seed: the same seed replays the same run (default 1)
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Print every protocol line with what it answered
    #[arg(long)]
    verbose: bool,
    /// Print the protocol lines from this index on
    #[arg(long, value_name = "LINE")]
    verbose_from: Option<u64>,
}

impl FuzzArgs {
    /// The flags as `fuzz::run` reads them.
    pub fn argv(&self) -> Vec<String> {
        let mut argv = Vec::new();
        push(&mut argv, "--target", &self.target);
        push(&mut argv, "--lines", &self.lines);
        push(&mut argv, "--games", &self.games);
        push(&mut argv, "--cases", &self.cases);
        push(&mut argv, "--answers", &self.answers);
        push(&mut argv, "--seed", &self.seed);
        if self.verbose {
            argv.push("--verbose".into());
        }
        push(&mut argv, "--verbose-from", &self.verbose_from);
        argv
    }
}

fn push<T: Display>(argv: &mut Vec<String>, flag: &str, value: &Option<T>) {
    if let Some(v) = value {
        argv.extend([flag.to_string(), v.to_string()]);
    }
}
