//! The `chimera` binary. No argument: the protocol loop on stdin/stdout.
//! Subcommands: `perft`, `bench [depth]`, `match`, `exploit` (Ven's exploitability), `serve` (the
//! web board), `svg` (a picture of a position), `fuzz` (the seeded fuzzer), `datagen` and `tune`
//! (fit the evaluation's weights, docs/tuning.md): each a thin file over the crates (the match
//! runner's machinery lives in `runner/`, the web server's in `serve/`, the board renderer both
//! `serve` and `svg` use in `picture/`). The command line is one clap declaration: [`Cli`] here,
//! each subcommand's arguments a struct beside its code.

mod board;
mod cli;
mod datagen;
mod exploit_cmd;
mod fuzz;
mod match_cmd;
mod perft_cmd;
mod picture;
mod runner;
mod serve;
mod svg_cmd;
mod tune;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::io::Cursor;
use std::process::ExitCode;

/// Chimera: a game engine for orthodox chess and five variants. With no subcommand it speaks
/// its UCI-like protocol on stdin and stdout (docs/protocol.md).
#[derive(Parser, Debug)]
#[command(name = "chimera", version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

// Built once per run: the size of the largest variant costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand, Debug)]
enum Command {
    /// Count the positions to a depth, divided by root move as Stockfish prints them
    Perft(perft_cmd::PerftArgs),
    /// Search fixed positions to a fixed depth: the node signature and speed
    Bench {
        /// The depth (default: the variant's own)
        depth: Option<String>,
    },
    /// Play engine-against-engine matches (docs/match.md)
    Match(match_cmd::MatchArgs),
    /// How exploitable the engine's round strategies are (Ven)
    Exploit(exploit_cmd::ExploitArgs),
    /// Serve the web board (docs/web.md)
    Serve(serve::Config),
    /// Draw a position as SVG on stdout
    Svg(svg_cmd::SvgArgs),
    /// Seeded fuzzing of the protocol and every variant's parsers
    Fuzz(fuzz::Args),
    /// Self-play positions for tuning (docs/tuning.md)
    Datagen(datagen::Args),
    /// Fit a variant's evaluation weights to datagen's positions (docs/tuning.md)
    Tune(tune::Args),
}

fn main() -> ExitCode {
    // Help and version end here (exit 0), and so do malformed flags (one line, exit 2).
    let matches = Cli::command()
        .try_get_matches()
        .unwrap_or_else(|e| exit_with(e));
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| exit_with(e));
    let result = match cli.command {
        None => {
            chimera_protocol::run(std::io::BufReader::new(std::io::stdin()), std::io::stdout());
            Ok(())
        }
        Some(Command::Perft(args)) => perft_cmd::run(&args),
        Some(Command::Datagen(args)) => datagen::run(&args),
        Some(Command::Tune(args)) => tune::run(&args),
        Some(Command::Match(args)) => match matches.subcommand_matches("match") {
            Some(found) => match_cmd::run(&args, found),
            None => Err("the match arguments went missing".into()),
        },
        Some(Command::Exploit(args)) => exploit_cmd::run(&args),
        Some(Command::Fuzz(args)) => fuzz::run(&args),
        Some(Command::Serve(args)) => serve::run(&args),
        Some(Command::Svg(args)) => svg_cmd::run(&args),
        // The protocol's own `bench`, from the command line. No `quit` after it: that would
        // stop the bench at once; the end of input waits for it to answer.
        Some(Command::Bench { depth }) => {
            let command = format!("bench {}\n", depth.unwrap_or_default());
            chimera_protocol::run(Cursor::new(command), std::io::stdout());
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Ends the process on what clap found: help and version as clap prints them, an error as one
/// line naming the bad flag or value (with clap's tip, if any), exit status 2.
fn exit_with(e: clap::Error) -> ! {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit()
    }
    eprintln!("{}", one_line(&e.render().to_string()));
    std::process::exit(2)
}

/// Clap's message (its first paragraph and any tip) on one line, without the usage.
fn one_line(message: &str) -> String {
    message
        .split("\n\n")
        .enumerate()
        .filter(|(i, part)| *i == 0 || part.trim_start().starts_with("tip:"))
        .map(|(_, part)| part.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("; ")
}
