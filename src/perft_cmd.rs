//! `chimera perft --depth N [--fen FEN] [--threads T] [--variant NAME] [--option NAME=VALUE]...`:
//! divide output exactly
//! as Stockfish prints it (`e2e4: 20` per root move, a blank line, `Nodes searched: N`) on
//! stdout; time and speed on stderr, so the stdout of both engines can be compared line by line.

use crate::cli::{name_value, ranged};
use chimera_engine::perft::{divide, format_divide};
use chimera_engine::simultaneous::perft as rounds_perft;
use chimera_engine::{Game, ParseError, VariantOptions};
use chimera_protocol::registry::{Preset, VariantTask};
use chimera_protocol::rounds::DescribeRounds;
use chimera_protocol::session::Describe;
use clap::Args;
use std::time::Instant;

/// `chimera perft`'s arguments.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The depth to count to
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = ranged(0u32, 20))]
    depth: u32,
    /// The position (default: the start); one quoted argument or its separate fields
    #[arg(long, value_name = "FEN", num_args = 1..)]
    fen: Option<Vec<String>>,
    /// Threads to split the root moves over
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = ranged(1usize, 1024))]
    threads: usize,
    /// The variant, by its UCI_Variant name
    #[arg(long, value_name = "NAME", default_value = "chess")]
    variant: String,
    /// One of the variant's options, after its preset ones (repeatable)
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = name_value)]
    options: Vec<(String, String)>,
}

impl PerftArgs {
    fn fen(&self) -> Option<String> {
        self.fen.as_ref().map(|fields| fields.join(" "))
    }
}

/// Runs the command; the error is the one line to print.
pub fn run(args: &PerftArgs) -> Result<(), String> {
    crate::cli::on_variant(&args.variant, Perft(args))
}

/// Perft of one registry variant, with its preset options and then the command line's.
struct Perft<'a>(&'a PerftArgs);

impl VariantTask for Perft<'_> {
    type Output = Result<(), String>;
    fn run<G: Describe>(self, _name: &'static str, preset: Preset) -> Self::Output {
        run_game::<G>(self.0, preset)
    }
    fn run_rounds<G: DescribeRounds>(self, _name: &'static str, preset: Preset) -> Self::Output {
        let args = self.0;
        let pos = start_position(args, preset, G::start, G::from_fen)?;
        let start = Instant::now();
        let counts = rounds_perft::divide(&pos, args.depth, args.threads);
        report(&rounds_perft::format_divide(&pos, &counts), start);
        Ok(())
    }
}

/// The position to count from: the FEN or the start, under the preset and the given options.
fn start_position<P, O: VariantOptions>(
    args: &PerftArgs,
    preset: Preset,
    start: impl Fn(&O) -> P,
    from_fen: impl Fn(&str, &O) -> Result<P, ParseError>,
) -> Result<P, String> {
    let mut options = O::default();
    let preset = preset.iter().map(|(n, v)| (n.to_string(), v.to_string()));
    for (name, value) in preset.chain(args.options.iter().cloned()) {
        options.set(&name, &value).map_err(|e| e.to_string())?;
    }
    match args.fen() {
        Some(fen) => from_fen(&fen, &options).map_err(|e| e.to_string()),
        None => Ok(start(&options)),
    }
}

/// Prints the divide on stdout and the time and speed (from the total line) on stderr.
fn report(divide: &str, start: Instant) {
    let elapsed = start.elapsed().as_secs_f64();
    print!("{divide}");
    let nodes: u64 = divide
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    eprintln!(
        "time {elapsed:.3} s, {:.0} nodes/s",
        nodes as f64 / elapsed.max(1e-9)
    );
}

fn run_game<G: Game>(args: &PerftArgs, preset: Preset) -> Result<(), String> {
    let pos = start_position(args, preset, G::start, G::from_fen)?;
    let start = Instant::now();
    let counts = divide(&pos, args.depth, args.threads);
    report(&format_divide(&pos, &counts), start);
    Ok(())
}
