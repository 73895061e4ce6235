//! `chimera tune --variant V --data FILE... [--held-out FILE...] [--out FILE] [--lambda L]
//! [--epochs E] [--rate R] [--l2 P] [--scale K] [--freeze PREFIX...]`:
//! fits a variant's evaluation weights to datagen's positions by Texel's method
//! ([`texel`]) and writes them to the weights file the build embeds (docs/tuning.md).

mod texel;

use crate::cli::ranged;
use crate::datagen::header_options;
use crate::datagen::record::Record;
use chimera_engine::eval::tapered::Pair;
use chimera_engine::eval::weights::{self, Features, Tunable};
use chimera_engine::variants::{chess, double_ended, lene_hau, oo7, vanguard, ven};
use chimera_engine::VariantOptions;
use std::io::BufRead;
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
    /// Data files to judge the fit by, instead of every tenth game of --data (disjoint games,
    /// such as another seed's datagen)
    #[arg(long = "held-out", value_name = "FILE", num_args = 1..)]
    pub held_out: Vec<String>,
    /// The logistic's scale K (400 centipawns times 1/K give odds of ten to one), instead of
    /// fitting it to the results: for data whose results say little, such as 007's mostly
    /// drawn games, where the fitted K shrinks toward 0
    #[arg(long, value_name = "K", value_parser = ranged(0.01f64, 10.0))]
    pub scale: Option<f64>,
    /// Hold fixed the weights whose names start with any PREFIX (such as `material.`)
    #[arg(long, value_name = "PREFIX", num_args = 1..)]
    pub freeze: Vec<String>,
}

/// The variants `tune` fits (their evaluation implements [`Tunable`]).
const TUNABLE: &[&str] = &[
    "chess",
    "double-ended",
    "lene-hau",
    "vanguard",
    "007",
    "ven",
];

/// Runs the command; the error is the one line to print.
pub fn run(args: &Args) -> Result<(), String> {
    match args.variant.to_ascii_lowercase().as_str() {
        "chess" => tune::<chess::Position>(args),
        "double-ended" => tune::<double_ended::DoubleEndedChess>(args),
        "lene-hau" => tune::<lene_hau::LeneHau>(args),
        "vanguard" => tune::<vanguard::Vanguard>(args),
        "007" => tune::<oo7::Position>(args),
        "ven" => tune::<ven::Ven>(args),
        other => Err(format!(
            "variant '{other}' has no tunable evaluation (tunable: {})",
            TUNABLE.join(", ")
        )),
    }
}

/// The samples of the data files: each position's weight counts, the rest of its evaluation,
/// and its target's parts. The held-out ones are those of `--held-out`'s files when it is given,
/// else every tenth game (by number) of `--data`.
fn load<G: Tunable>(args: &Args, form: &Form<G>) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    let separate = !args.held_out.is_empty();
    let files =
        (args.data.iter().map(|p| (p, false))).chain(args.held_out.iter().map(|p| (p, true)));
    for ((path, held), options) in files.zip(&form.options) {
        for sample in read::<G>(path, options, form.weights)? {
            let (sample, game) = sample;
            if held || (!separate && game % 10 == 0) {
                held_out.push(sample);
            } else {
                train.push(sample);
            }
        }
    }
    if train.is_empty() || held_out.is_empty() {
        return Err(
            "too little data: need games for both the training and the held-out split \
                    (every tenth game is held out unless --held-out names files)"
                .into(),
        );
    }
    Ok((train, held_out))
}

/// What the data files were played under: each file's options (its header's, datagen's
/// `--option`), and the one weights file and weights they all evaluate with.
struct Form<G: Tunable> {
    options: Vec<G::Options>,
    file: &'static str,
    weights: &'static [Pair],
}

/// The files' [`Form`]; files whose options evaluate with different weights (007 with and
/// without Detente) are refused.
fn form<G: Tunable>(args: &Args) -> Result<Form<G>, String> {
    let mut options = Vec::new();
    let mut chosen: Option<(&str, &'static str, &'static [Pair])> = None;
    for path in args.data.iter().chain(&args.held_out) {
        let file = std::fs::File::open(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
        let mut header = String::new();
        std::io::BufReader::new(file)
            .read_line(&mut header)
            .map_err(|e| format!("cannot read '{path}': {e}"))?;
        let mut o = G::Options::default();
        for (n, v) in header_options(&header) {
            (o.set(&n, &v)).map_err(|e| format!("{path}: the header's option {n}={v}: {e}"))?;
        }
        let (file, weights) = G::weights_under(&o);
        match chosen {
            Some((first, other, _)) if other != file => {
                return Err(format!(
                    "'{path}' was played under options whose weights are {file}, \
                     '{first}' under options whose weights are {other}: tune them apart"
                ))
            }
            Some(_) => {}
            None => chosen = Some((path, file, weights)),
        }
        options.push(o);
    }
    let (_, file, weights) = chosen.expect("--data names at least one file");
    Ok(Form {
        options,
        file,
        weights,
    })
}

/// The samples of one data file, each with its game's number.
fn read<G: Tunable>(
    path: &str,
    options: &G::Options,
    current: &[Pair],
) -> Result<Vec<(Sample, u64)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
    let mut samples = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let at = |e: String| format!("{path} line {}: {e}", n + 1);
        let record = Record::parse(line).map_err(at)?;
        let pos = G::from_fen(&record.fen, options).map_err(|e| at(e.to_string()))?;
        let mut features = Features::new(current.len());
        let phase = pos.features(&mut features);
        let sample = Sample::new(
            &features,
            G::VIEWS,
            phase,
            current,
            pos.white_eval(),
            &record,
        );
        samples.push((sample, record.game));
    }
    Ok(samples)
}

/// Which weights `--freeze` holds fixed; a prefix that names no weight is an error.
fn frozen(names: &[String], prefixes: &[String]) -> Result<Vec<bool>, String> {
    if let Some(p) = (prefixes.iter()).find(|p| !names.iter().any(|n| n.starts_with(p.as_str()))) {
        return Err(format!("--freeze: no weight's name starts with '{p}'"));
    }
    Ok((names.iter())
        .map(|n| prefixes.iter().any(|p| n.starts_with(p.as_str())))
        .collect())
}

fn tune<G: Tunable>(args: &Args) -> Result<(), String> {
    let names = G::weight_names();
    let frozen = frozen(&names, &args.freeze)?;
    let form = form::<G>(args)?;
    let (train, held_out) = load::<G>(args, &form)?;
    eprintln!(
        "tune {}: {} training positions, {} held out, {} weights",
        G::NAME,
        train.len(),
        held_out.len(),
        names.len()
    );
    let fit = Fit::new(form.weights, &train, args.lambda, args.scale);
    let before = (fit.loss(&train), fit.loss(&held_out));
    eprintln!(
        "scale K = {:.3} ({}); loss before: training {:.6}, held out {:.6}",
        fit.k,
        if args.scale.is_some() {
            "given"
        } else {
            "fitted to the results"
        },
        before.0,
        before.1
    );
    let k = fit.k;
    let fitted = fit.descend(&train, args.epochs, args.rate, args.l2, &frozen);
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
    let out = args.out.clone().unwrap_or_else(|| form.file.to_string());
    let mut extra = String::new();
    for (flag, values) in [("--held-out", &args.held_out), ("--freeze", &args.freeze)] {
        if !values.is_empty() {
            extra += &format!(" {flag} {}", values.join(" "));
        }
    }
    if let Some(k) = args.scale {
        extra += &format!(" --scale {k}");
    }
    let header = format!(
        "{} evaluation weights: `name middlegame endgame` in centipawns, in the order the\n\
         evaluation reads them. Written by `chimera tune --variant {} --data {} --lambda {} \
         --epochs {} --rate {} --l2 {}{}`\n\
         from {} positions ({} held out): scale K {:.3}; held-out loss {:.6} before, {:.6} after.\n\
         docs/tuning.md says where the data came from.",
        G::NAME,
        args.variant,
        args.data.join(" "),
        args.lambda,
        args.epochs,
        args.rate,
        args.l2,
        extra,
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
        let a = parse_args("--data a --held-out b c --freeze material. centre.").unwrap();
        assert_eq!(
            (a.held_out, a.freeze),
            (
                vec!["b".into(), "c".into()],
                vec!["material.".into(), "centre.".into()]
            )
        );
        assert_eq!(parse_args("--data a --scale 1.5").unwrap().scale, Some(1.5));
        assert_eq!(parse_args("--data a").unwrap().scale, None);
        assert!(parse_args("--data a --scale 0")
            .unwrap_err()
            .contains("'0'"));
        let e = run(&parse_args("--variant lene-hau-x --data x").unwrap());
        assert!(e.unwrap_err().contains("'lene-hau-x'"));
    }

    /// Lene Hau positions of `games` games (numbered from `first`) whose results follow the
    /// game's number, as datagen's lines.
    fn lene_hau_data(first: u64, games: u64) -> String {
        use chimera_engine::variants::lene_hau::BENCH_FENS;
        (first..first + games)
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
            .collect()
    }

    /// Runs `tune` on Lene Hau data in a fresh folder with `flags` (`{dir}` in them names the
    /// folder, which holds `data.txt` and `more.txt`), and returns the weights it wrote.
    fn tune_lene_hau(tag: &str, flags: &str) -> (String, Vec<(i32, i32)>) {
        let dir = std::env::temp_dir().join(format!("chimera-tune-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("data.txt"), lene_hau_data(0, 40)).unwrap();
        std::fs::write(dir.join("more.txt"), lene_hau_data(40, 9)).unwrap();
        let flags = flags.replace("{dir}", &dir.display().to_string());
        let out = dir.join("weights.txt");
        let line = format!("--variant lene-hau --out {} {flags}", out.display());
        run(&parse_args(&line).unwrap()).unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let fitted = (text.lines())
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let f: Vec<i32> = l.split(' ').skip(1).map(|n| n.parse().unwrap()).collect();
                (f[0], f[1])
            })
            .collect();
        (text, fitted)
    }

    /// An evaluation without phases (Lene Hau) gets each fitted weight written twice, and the
    /// fit moves something.
    #[test]
    fn untapered_weights_are_written_as_equal_pairs() {
        use chimera_engine::variants::lene_hau::LeneHau;
        let (text, fitted) = tune_lene_hau("pairs", "--data {dir}/data.txt --epochs 20");
        assert_eq!(weights::names(&text), LeneHau::weight_names());
        assert!(fitted.iter().all(|(mg, eg)| mg == eg), "{text}");
        let moved = (fitted.iter().zip(LeneHau::weights())).any(|(f, w)| f.0 != w.0);
        assert!(moved, "{text}");
    }

    /// `--freeze material.` keeps the material weights where they were while the others move;
    /// `--held-out` judges the fit by its files (here 9 positions) and trains on all of `--data`.
    #[test]
    fn frozen_weights_stay_and_held_out_files_are_the_held_out_split() {
        use chimera_engine::variants::lene_hau::LeneHau;
        let flags = "--data {dir}/data.txt --held-out {dir}/more.txt --freeze material. \
                     --epochs 20";
        let (text, fitted) = tune_lene_hau("freeze", flags);
        let names = LeneHau::weight_names();
        let pairs = names.iter().zip(fitted.iter().zip(LeneHau::weights()));
        let (material, rest): (Vec<_>, Vec<_>) =
            pairs.partition(|(n, _)| n.starts_with("material."));
        assert!(!material.is_empty() && !rest.is_empty());
        assert!(material.iter().all(|(_, (f, w))| f.0 == w.0), "{text}");
        assert!(rest.iter().any(|(_, (f, w))| f.0 != w.0), "{text}");
        assert!(text.contains("from 49 positions (9 held out)"), "{text}");
        assert!(text.contains("--freeze material."), "{text}");
    }

    /// A file's header says which options its games were played with (datagen's `--option`):
    /// its positions are read under them, with the weights those options evaluate with (007's
    /// Detente file under Detente). Files of two such forms, or an option the variant refuses,
    /// are one error.
    #[test]
    fn a_data_file_is_read_under_the_options_its_header_records() {
        let dir = std::env::temp_dir().join(format!("chimera-tune-opt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let line = Record {
            fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 w3/3".into(),
            score: 20,
            result: 0.5,
            game: 0,
            positions: 1,
        }
        .line();
        let header =
            "# chimera datagen variant=007 nodes=9 seed=1 random-plies=8 shard=0/1 games=1";
        let write = |name: &str, options: &str| {
            let path = dir.join(name).display().to_string();
            std::fs::write(&path, format!("{header}{options}\n{line}")).unwrap();
            path
        };
        let detente = write("detente.txt", " options=Detente=true");
        let standard = write("standard.txt", "");
        let bad = write("bad.txt", " options=Detente=maybe");
        let form_of = |flags: String| form::<oo7::Position>(&parse_args(&flags).unwrap());

        let f = form_of(format!("--variant 007 --data {detente}")).unwrap();
        assert_eq!(f.file, "engine/src/variants/oo7/detente_weights.txt");
        assert!(f.options[0].detente);
        let samples = read::<oo7::Position>(&detente, &f.options[0], f.weights).unwrap();
        assert_eq!(samples.len(), 1);
        let f = form_of(format!("--variant 007 --data {standard}")).unwrap();
        assert_eq!(
            (f.file, f.options[0].detente),
            (oo7::Position::WEIGHTS_FILE, false)
        );

        let e = form_of(format!(
            "--variant 007 --data {detente} --held-out {standard}"
        ));
        assert_eq!(
            e.err().unwrap(),
            format!(
                "'{standard}' was played under options whose weights are {}, '{detente}' \
                 under options whose weights are {}: tune them apart",
                oo7::Position::WEIGHTS_FILE,
                "engine/src/variants/oo7/detente_weights.txt"
            )
        );
        let e = form_of(format!("--variant 007 --data {bad}"));
        assert!(e.err().unwrap().contains("Detente=maybe"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_freeze_prefix_that_names_no_weight_is_refused() {
        let names = vec!["material.queen".to_string(), "centre.queen".to_string()];
        let prefixes = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            frozen(&names, &prefixes(&["centre."])),
            Ok(vec![false, true])
        );
        let e = frozen(&names, &prefixes(&["material.", "centre", "mobility"])).unwrap_err();
        assert!(e.contains("'mobility'"), "{e}");
    }
}
