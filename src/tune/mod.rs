//! `chimera tune --variant V --data FILE... [--out FILE] [--lambda L] [--epochs E] [--rate R]
//! [--l2 P]`:
//! fits a variant's evaluation weights to datagen's positions by Texel's method
//! ([`texel`]) and writes them to the weights file the build embeds (docs/tuning.md).

mod texel;

use crate::cli::ranged;
use crate::datagen::record::Record;
use chimera_engine::eval::weights::{self, Features, Tunable};
use chimera_engine::variants::{chess, double_ended, lene_hau, vanguard};
use texel::{Fit, Sample};

/// `chimera tune`'s arguments (docs/tuning.md).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The variant, by its UCI_Variant name
    #[arg(long, value_name = "V", default_value = "chess")]
    pub variant: String,
    /// Datagen's files (one or more)
    #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
    pub data: Vec<String>,
    /// Where the weights go: the variant's embedded file by default
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// The share of the game's result in the target (the rest is the search's score)
    #[arg(long, value_name = "L", default_value_t = 0.5, value_parser = ranged(0.0f64, 1.0))]
    pub lambda: f64,
    /// Passes of gradient descent over the data
    #[arg(long, value_name = "E", default_value_t = 200, value_parser = ranged(0u32, 100_000))]
    pub epochs: u32,
    /// Adam's step, in centipawns
    #[arg(long, value_name = "R", default_value_t = 0.5, value_parser = ranged(0.001f64, 1000.0))]
    pub rate: f64,
    /// The L2 penalty on each weight's distance from where it started
    #[arg(long, value_name = "P", default_value_t = 1e-6, value_parser = ranged(0.0f64, 1.0))]
    pub l2: f64,
}

/// The variants `tune` fits (their evaluation implements [`Tunable`]).
const TUNABLE: &[&str] = &["chess", "double-ended", "lene-hau", "vanguard"];

/// Runs the command; the error is the one line to print.
pub fn run(args: &Args) -> Result<(), String> {
    match args.variant.to_ascii_lowercase().as_str() {
        "chess" => tune::<chess::Position>(args),
        "double-ended" => tune::<double_ended::DoubleEndedChess>(args),
        "lene-hau" => tune::<lene_hau::LeneHau>(args),
        "vanguard" => tune::<vanguard::Vanguard>(args),
        other => Err(format!(
            "variant '{other}' has no tunable evaluation (tunable: {})",
            TUNABLE.join(", ")
        )),
    }
}

/// The samples of the data files: each position's weight counts, the rest of its evaluation,
/// and its target's parts; every tenth game (by number) held out.
fn load<G: Tunable>(args: &Args) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    let current = G::weights();
    let options = G::Options::default();
    for path in &args.data {
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
        for (n, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let at = |e: String| format!("{path} line {}: {e}", n + 1);
            let record = Record::parse(line).map_err(at)?;
            let pos = G::from_fen(&record.fen, &options).map_err(|e| at(e.to_string()))?;
            let mut features = Features::new(current.len());
            let phase = pos.features(&mut features);
            let sample = Sample::new(&features, phase, current, pos.white_eval(), &record);
            if record.game % 10 == 0 {
                held_out.push(sample);
            } else {
                train.push(sample);
            }
        }
    }
    if train.is_empty() || held_out.is_empty() {
        return Err(
            "too little data: need games for both the training and the held-out split \
                    (every tenth game is held out)"
                .into(),
        );
    }
    Ok((train, held_out))
}

fn tune<G: Tunable>(args: &Args) -> Result<(), String> {
    let names = G::weight_names();
    let (train, held_out) = load::<G>(args)?;
    eprintln!(
        "tune {}: {} training positions, {} held out, {} weights",
        G::NAME,
        train.len(),
        held_out.len(),
        names.len()
    );
    let fit = Fit::new(G::weights(), &train, args.lambda);
    let before = (fit.loss(&train), fit.loss(&held_out));
    eprintln!(
        "scale K = {:.3}; loss before: training {:.6}, held out {:.6}",
        fit.k, before.0, before.1
    );
    let k = fit.k;
    let fitted = fit.descend(&train, args.epochs, args.rate, args.l2);
    let after = (fitted.loss(&train), fitted.loss(&held_out));
    eprintln!(
        "loss after {} epochs: training {:.6}, held out {:.6}",
        args.epochs, after.0, after.1
    );
    let mut rounded = fitted.rounded();
    if !G::TAPERED {
        // Only the first number counts (the phase is always full): keep the lines' two equal.
        for w in &mut rounded {
            w.1 = w.0;
        }
    }
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| G::WEIGHTS_FILE.to_string());
    let header = format!(
        "{} evaluation weights: `name middlegame endgame` in centipawns, in the order the\n\
         evaluation reads them. Written by `chimera tune --variant {} --data {} --lambda {} \
         --epochs {} --rate {} --l2 {}`\n\
         from {} positions ({} held out): scale K {:.3}; held-out loss {:.6} before, {:.6} after.\n\
         docs/tuning.md says where the data came from.",
        G::NAME,
        args.variant,
        args.data.join(" "),
        args.lambda,
        args.epochs,
        args.rate,
        args.l2,
        train.len() + held_out.len(),
        held_out.len(),
        k,
        before.1,
        after.1
    );
    std::fs::write(&out, weights::format(&header, &names, &rounded))
        .map_err(|e| format!("cannot write '{out}': {e}"))?;
    eprintln!("wrote {out}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_args(line: &str) -> Result<Args, String> {
        crate::cli::parse("tune", &line.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn flags_parse_and_bad_tokens_are_named() {
        let a =
            parse_args("--variant chess --data a b --out w.txt --lambda 0.3 --epochs 10").unwrap();
        assert_eq!(a.data, ["a", "b"]);
        assert_eq!(
            (a.out.as_deref(), a.lambda, a.epochs),
            (Some("w.txt"), 0.3, 10)
        );
        assert!(parse_args("--data a --lambda 2")
            .unwrap_err()
            .contains("'2'"));
        assert!(parse_args("--data --out x")
            .unwrap_err()
            .contains("'--data"));
        assert!(parse_args("--out x").unwrap_err().contains("--data"));
        assert!(parse_args("--data a --what 1")
            .unwrap_err()
            .contains("'--what'"));
        let e = run(&parse_args("--variant ven --data x").unwrap());
        assert!(e.unwrap_err().contains("'ven'"));
    }

    /// An evaluation without phases (Lene Hau) gets each fitted weight written twice, and the
    /// fit moves something.
    #[test]
    fn untapered_weights_are_written_as_equal_pairs() {
        use chimera_engine::variants::lene_hau::{LeneHau, BENCH_FENS};
        let dir = std::env::temp_dir().join(format!("chimera-tune-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (data, out) = (dir.join("data.txt"), dir.join("weights.txt"));
        let lines: Vec<String> = (0..40u64)
            .map(|g| {
                let record = Record {
                    fen: BENCH_FENS[g as usize % BENCH_FENS.len()].to_string(),
                    score: 60 * (g % 3) as i32 - 60,
                    result: (g % 3) as f64 / 2.0,
                    game: g,
                    positions: 1,
                };
                record.line()
            })
            .collect();
        std::fs::write(&data, lines.concat()).unwrap();
        let line = format!(
            "--variant lene-hau --data {} --out {} --epochs 20",
            data.display(),
            out.display()
        );
        run(&parse_args(&line).unwrap()).unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(weights::names(&text), LeneHau::weight_names());
        let fitted: Vec<(i32, i32)> = (text.lines())
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let f: Vec<i32> = l.split(' ').skip(1).map(|n| n.parse().unwrap()).collect();
                (f[0], f[1])
            })
            .collect();
        assert!(fitted.iter().all(|(mg, eg)| mg == eg), "{text}");
        let moved = (fitted.iter().zip(LeneHau::weights())).any(|(f, w)| f.0 != w.0);
        assert!(moved, "{text}");
    }
}
