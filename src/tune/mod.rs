//! `chimera tune --variant V --data FILE... [--out FILE] [--lambda L] [--epochs E] [--rate R]
//! [--l2 P]`:
//! fits a variant's evaluation weights to datagen's positions by Texel's method
//! ([`texel`]) and writes them to the weights file the build embeds (docs/tuning.md).

mod texel;

use crate::datagen::record::Record;
use chimera_engine::eval::weights::{self, Features, Tunable};
use chimera_engine::variants::{chess, double_ended};
use texel::{Fit, Sample};

/// The command line, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Args {
    pub variant: String,
    pub data: Vec<String>,
    /// Where the weights go: the variant's embedded file by default.
    pub out: Option<String>,
    /// The share of the game's result in the target (the rest is the search's score).
    pub lambda: f64,
    pub epochs: u32,
    /// Adam's step, in centipawns.
    pub rate: f64,
    /// The L2 penalty on each weight's distance from where it started.
    pub l2: f64,
}

const USAGE: &str = "usage: chimera tune --variant V --data FILE... [--out FILE] [--lambda L] \
                     [--epochs E] [--rate R] [--l2 P]";

/// The variants `tune` fits (their evaluation implements [`Tunable`]).
const TUNABLE: &[&str] = &["chess", "double-ended"];

/// Parses the flags; the error names the bad token.
pub fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut parsed = Args {
        variant: "chess".into(),
        data: Vec::new(),
        out: None,
        lambda: 0.5,
        epochs: 200,
        rate: 0.5,
        l2: 1e-6,
    };
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        if flag == "--data" {
            let files: Vec<String> = args[i + 1..]
                .iter()
                .take_while(|a| !a.starts_with("--"))
                .cloned()
                .collect();
            if files.is_empty() {
                return Err(format!("'--data' needs at least one file; {USAGE}"));
            }
            i += 1 + files.len();
            parsed.data.extend(files);
            continue;
        }
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("'{flag}' needs a value; {USAGE}"))?;
        let real = |lo: f64, hi: f64| -> Result<f64, String> {
            match value.parse::<f64>() {
                Ok(x) if (lo..=hi).contains(&x) => Ok(x),
                _ => Err(format!(
                    "{flag} needs a number from {lo} to {hi}, not '{value}'"
                )),
            }
        };
        match flag {
            "--variant" => parsed.variant = value.clone(),
            "--out" => parsed.out = Some(value.clone()),
            "--lambda" => parsed.lambda = real(0.0, 1.0)?,
            "--epochs" => parsed.epochs = real(0.0, 100_000.0)? as u32,
            "--rate" => parsed.rate = real(0.001, 1000.0)?,
            "--l2" => parsed.l2 = real(0.0, 1.0)?,
            _ => return Err(format!("unknown argument '{flag}'; {USAGE}")),
        }
        i += 2;
    }
    if parsed.data.is_empty() {
        return Err(format!("--data is required; {USAGE}"));
    }
    Ok(parsed)
}

/// Runs the command; the error is the one line to print.
pub fn run(args: &[String]) -> Result<(), String> {
    let args = parse_args(args)?;
    match args.variant.to_ascii_lowercase().as_str() {
        "chess" => tune::<chess::Position>(&args),
        "double-ended" => tune::<double_ended::DoubleEndedChess>(&args),
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
    let rounded = fitted.rounded();
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

    use crate::datagen::tests::words;

    #[test]
    fn flags_parse_and_bad_tokens_are_named() {
        let a = parse_args(&words(
            "--variant chess --data a b --out w.txt --lambda 0.3 --epochs 10",
        ))
        .unwrap();
        assert_eq!(a.data, ["a", "b"]);
        assert_eq!(
            (a.out.as_deref(), a.lambda, a.epochs),
            (Some("w.txt"), 0.3, 10)
        );
        assert!(parse_args(&words("--data a --lambda 2"))
            .unwrap_err()
            .contains("'2'"));
        assert!(parse_args(&words("--data --out x"))
            .unwrap_err()
            .contains("'--data'"));
        assert!(parse_args(&words("--out x"))
            .unwrap_err()
            .contains("--data"));
        assert!(parse_args(&words("--data a --what 1"))
            .unwrap_err()
            .contains("'--what'"));
        let e = run(&[
            "--variant".into(),
            "lene-hau".into(),
            "--data".into(),
            "x".into(),
        ]);
        assert!(e.unwrap_err().contains("'lene-hau'"));
    }
}
