//! What the subcommands' typed arguments share: value parsers for numbers in a range and for
//! `NAME=VALUE` pairs, and the one way a subcommand finds its variant. Each subcommand's
//! arguments are a struct beside its code.

use chimera_protocol::registry::{self, VariantTask};
#[cfg(test)]
use clap::{Args, FromArgMatches};
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

/// Runs a subcommand's `task` on the registry variant `name` (any case); an unknown name is the
/// error, naming it and the variants there are.
pub fn on_variant<T>(name: &str, task: T) -> Result<(), String>
where
    T: VariantTask<Output = Result<(), String>>,
{
    registry::with_variant(name, task).unwrap_or_else(|| {
        Err(format!(
            "unknown variant '{name}' (one of: {})",
            registry::NAMES.join(", ")
        ))
    })
}
