//! `chimera perft --depth N [--fen FEN] [--threads T] [--variant NAME] [--option NAME=VALUE]...`:
//! divide output exactly
//! as Stockfish prints it (`e2e4: 20` per root move, a blank line, `Nodes searched: N`) on
//! stdout; time and speed on stderr, so the stdout of both engines can be compared line by line.

use chimera_engine::perft::{divide, format_divide};
use chimera_engine::simultaneous::perft as rounds_perft;
use chimera_engine::{Game, ParseError, VariantOptions};
use chimera_protocol::registry::{self, Preset, VariantTask};
use chimera_protocol::rounds::DescribeRounds;
use chimera_protocol::session::Describe;
use std::time::Instant;

struct Args {
    depth: u32,
    fen: Option<String>,
    threads: usize,
    variant: String,
    /// `(name, value)` pairs for the variant's options, in order.
    options: Vec<(String, String)>,
}

const USAGE: &str = "usage: chimera perft --depth N [--fen FEN] [--threads T] [--variant NAME] \
                     [--option NAME=VALUE]...";

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut depth = None;
    let mut fen = None;
    let mut threads = 1;
    let mut variant = "chess".to_string();
    let mut options = Vec::new();
    let mut i = 0;
    let value = |i: usize, flag: &str| {
        args.get(i + 1)
            .cloned()
            .ok_or_else(|| format!("{flag} needs a value; {USAGE}"))
    };
    let number = |s: String, flag: &str| {
        s.parse::<u32>()
            .map_err(|_| format!("{flag} needs a number, not '{s}'"))
    };
    while i < args.len() {
        match args[i].as_str() {
            "--depth" => {
                depth = Some(number(value(i, "--depth")?, "--depth")?);
                i += 2;
            }
            "--threads" => {
                let t = number(value(i, "--threads")?, "--threads")?;
                if !(1..=1024).contains(&t) {
                    return Err(format!("--threads must be between 1 and 1024, not {t}"));
                }
                threads = t as usize;
                i += 2;
            }
            "--variant" => {
                variant = value(i, "--variant")?;
                i += 2;
            }
            "--option" => {
                let text = value(i, "--option")?;
                let (name, v) = text
                    .split_once('=')
                    .ok_or_else(|| format!("--option needs NAME=VALUE, not '{text}'"))?;
                options.push((name.to_string(), v.to_string()));
                i += 2;
            }
            // A FEN may come as one quoted argument or as its separate fields.
            "--fen" => {
                let fields: Vec<&str> = args[i + 1..]
                    .iter()
                    .take_while(|a| !a.starts_with("--"))
                    .map(String::as_str)
                    .collect();
                if fields.is_empty() {
                    return Err(format!("--fen needs a value; {USAGE}"));
                }
                i += 1 + fields.len();
                fen = Some(fields.join(" "));
            }
            other => return Err(format!("unknown argument '{other}'; {USAGE}")),
        }
    }
    let depth = depth.ok_or_else(|| format!("--depth is required; {USAGE}"))?;
    if depth > 20 {
        return Err(format!(
            "--depth {depth} is beyond any useful perft (at most 20)"
        ));
    }
    Ok(Args {
        depth,
        fen,
        threads,
        variant,
        options,
    })
}

/// Runs the command; the error is the one line to print.
pub fn run(args: &[String]) -> Result<(), String> {
    let args = parse_args(args)?;
    registry::with_variant(&args.variant, Perft(&args)).unwrap_or_else(|| {
        Err(format!(
            "unknown variant '{}' (one of: {})",
            args.variant,
            registry::NAMES.join(", ")
        ))
    })
}

/// Perft of one registry variant, with its preset options and then the command line's.
struct Perft<'a>(&'a Args);

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
    args: &Args,
    preset: Preset,
    start: impl Fn(&O) -> P,
    from_fen: impl Fn(&str, &O) -> Result<P, ParseError>,
) -> Result<P, String> {
    let mut options = O::default();
    let preset = preset.iter().map(|(n, v)| (n.to_string(), v.to_string()));
    for (name, value) in preset.chain(args.options.iter().cloned()) {
        options.set(&name, &value).map_err(|e| e.to_string())?;
    }
    match &args.fen {
        Some(fen) => from_fen(fen, &options).map_err(|e| e.to_string()),
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

fn run_game<G: Game>(args: &Args, preset: Preset) -> Result<(), String> {
    let pos = start_position(args, preset, G::start, G::from_fen)?;
    let start = Instant::now();
    let counts = divide(&pos, args.depth, args.threads);
    report(&format_divide(&pos, &counts), start);
    Ok(())
}
