//! The engine's own options (variant options belong to each variant): their `uci` lines and
//! the checked setting of each.

use chimera_engine::baseline::Play;
use chimera_engine::option::{self, OptionSpec, OptionValue};
use chimera_engine::search::Pruning;
use chimera_engine::ParseError;

/// The engine options and their current values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    pub ponder: bool,
    pub seed: u64,
    /// Who chooses the moves: the search or a baseline player.
    pub play: Play,
    /// The search's pruning and reduction techniques (for matches that measure each one).
    pub pruning: Pruning,
    /// `UCI_LimitStrength`: play at `elo` (see [`EngineOptions::strength_nodes`]).
    pub limit_strength: bool,
    /// `UCI_Elo`.
    pub elo: u32,
    /// `UCI_AnalyseMode`: a GUI analyses; the strength limit is off.
    pub analyse_mode: bool,
    /// `UCI_ShowWDL`: `info` lines carry `wdl W D L`.
    pub show_wdl: bool,
    /// `Lean`: in a simultaneous variant, the slack in thousandths of expected score by which
    /// the round strategy may lean toward the opponent's predicted order (0: off; see
    /// `RoundParams::lean`).
    pub lean_permille: u64,
    /// `Contempt`: centipawns a draw is worth less than an even position to the engine.
    pub contempt: i32,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mb: HASH.spin_default() as usize,
            threads: THREADS.spin_default() as usize,
            multipv: MULTIPV.spin_default() as usize,
            move_overhead_ms: MOVE_OVERHEAD.spin_default(),
            ponder: PONDER.check_default(),
            seed: SEED.spin_default(),
            play: Play::Search,
            pruning: Pruning::ALL,
            limit_strength: LIMIT_STRENGTH.check_default(),
            elo: ELO.spin_default() as u32,
            analyse_mode: ANALYSE_MODE.check_default(),
            show_wdl: SHOW_WDL.check_default(),
            lean_permille: LEAN.spin_default(),
            contempt: CONTEMPT.spin_default() as i32,
        }
    }
}

/// The `UCI_Elo` range: Stockfish's lowest setting, up to what the calibration measured
/// (docs/protocol.md, "Playing weaker").
pub const ELO_MIN: u32 = 1350;
pub const ELO_MAX: u32 = 2100;

const HASH: OptionSpec = OptionSpec::spin("Hash", 16, 1, 65_536);
const THREADS: OptionSpec = OptionSpec::spin("Threads", 1, 1, 256);
const MULTIPV: OptionSpec = OptionSpec::spin("MultiPV", 1, 1, 256);
const MOVE_OVERHEAD: OptionSpec = OptionSpec::spin("Move Overhead", 10, 0, 5_000);
const PONDER: OptionSpec = OptionSpec::check("Ponder", false);
const SEED: OptionSpec = OptionSpec::spin("Seed", 0, 0, 2_147_483_647);
const PLAY: OptionSpec = OptionSpec::combo("Play", Play::Search.name(), &Play::NAMES);
/// [`Pruning::ALL`], as [`Pruning::parse`] reads it.
const PRUNING: OptionSpec = OptionSpec::text("Pruning", "all");
const CLEAR_HASH: OptionSpec = OptionSpec::button("Clear Hash");
const LIMIT_STRENGTH: OptionSpec = OptionSpec::check("UCI_LimitStrength", false);
const ELO: OptionSpec = OptionSpec::spin("UCI_Elo", ELO_MIN as u64, ELO_MIN as u64, ELO_MAX as u64);
const ANALYSE_MODE: OptionSpec = OptionSpec::check("UCI_AnalyseMode", false);
const SHOW_WDL: OptionSpec = OptionSpec::check("UCI_ShowWDL", false);
/// `Lean`: the safe lean's slack at most, in thousandths of expected score (docs/search.md).
const LEAN: OptionSpec = OptionSpec::spin("Lean", 500, 0, 500);
/// `Contempt`: what a draw costs the engine, in centipawns (docs/search.md, "Contempt").
const CONTEMPT: OptionSpec = OptionSpec::spin("Contempt", 0, 0, 1_000);

/// The engine options, in the order `uci` lists them.
pub const SPECS: [OptionSpec; 15] = [
    HASH,
    THREADS,
    MULTIPV,
    MOVE_OVERHEAD,
    PONDER,
    SEED,
    PLAY,
    PRUNING,
    CLEAR_HASH,
    LIMIT_STRENGTH,
    ELO,
    ANALYSE_MODE,
    SHOW_WDL,
    LEAN,
    CONTEMPT,
];

/// The calibration: `UCI_Elo` against the base-2 logarithm of the nodes a move that played
/// level with Stockfish 15.1 at that `UCI_Elo` (orthodox chess, 2 s + 0.02 s; the matches are
/// in docs/protocol.md). Between two points the budget grows geometrically.
const CALIBRATION: [(f64, f64); 5] = [
    (1350.0, 8.0),
    (1625.0, 10.0),
    (1900.0, 12.0),
    (1980.0, 15.0),
    // Full strength at 2 s + 0.05 s (docs/search.md: about 2100 there, some 250,000 nodes).
    (2100.0, 18.0),
];

/// `log2(nodes)` at `elo`, read from [`CALIBRATION`] (clamped to its ends).
fn log2_nodes(elo: f64) -> f64 {
    let (first, last) = (CALIBRATION[0], CALIBRATION[CALIBRATION.len() - 1]);
    if elo <= first.0 {
        return first.1;
    }
    CALIBRATION
        .windows(2)
        .find(|w| elo <= w[1].0)
        .map_or(last.1, |w| {
            let t = (elo - w[0].0) / (w[1].0 - w[0].0);
            w[0].1 + t * (w[1].1 - w[0].1)
        })
}

/// Which engine option a `setoption` changed, so the caller can act on it (resize the table).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Changed {
    Hash,
    /// The generator of the baseline players is reseeded.
    Seed,
    /// `Clear Hash` was pressed.
    ClearHash,
    Other,
}

impl EngineOptions {
    /// The `option ...` lines of `uci` (engine options only; `UCI_Variant` and the variants'
    /// options are the registry's).
    pub fn uci_lines(&self) -> Vec<String> {
        SPECS.iter().map(OptionSpec::uci_line).collect()
    }

    /// The node budget of a move when the strength is limited (and no GUI analyses): the one
    /// mechanism by which every variant plays weaker. Calibrated in orthodox chess against
    /// Stockfish's `UCI_Elo` (`CALIBRATION`); in the other variants the same number buys the
    /// same nodes, so it names the strength those nodes have in chess.
    pub fn strength_nodes(&self) -> Option<u64> {
        if !self.limit_strength || self.analyse_mode {
            return None;
        }
        Some(log2_nodes(self.elo as f64).exp2().round() as u64)
    }

    /// Sets `name` (case-insensitive, as UCI asks) to `value`, checked against its declaration
    /// in [`SPECS`]. `Ok(None)`: not an engine option. The previous value stays on error.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Option<Changed>, ParseError> {
        let Some(spec) = option::find(&SPECS, name) else {
            return Ok(None);
        };
        let value = spec.parse(value.filter(|v| !v.is_empty()))?;
        match spec.name {
            "Hash" => {
                self.hash_mb = value.spin() as usize;
                return Ok(Some(Changed::Hash));
            }
            "Threads" => self.threads = value.spin() as usize,
            "MultiPV" => self.multipv = value.spin() as usize,
            "Move Overhead" => self.move_overhead_ms = value.spin(),
            "Seed" => {
                self.seed = value.spin();
                return Ok(Some(Changed::Seed));
            }
            "Play" => {
                if let OptionValue::Combo(i) = value {
                    self.play = Play::ALL[i];
                }
            }
            "Pruning" => {
                if let OptionValue::Text(text) = value {
                    self.pruning = Pruning::parse(text)?;
                }
            }
            "Ponder" => self.ponder = value.check(),
            "Clear Hash" => return Ok(Some(Changed::ClearHash)),
            "UCI_LimitStrength" => self.limit_strength = value.check(),
            "UCI_Elo" => self.elo = value.spin() as u32,
            "UCI_AnalyseMode" => self.analyse_mode = value.check(),
            "UCI_ShowWDL" => self.show_wdl = value.check(),
            "Lean" => self.lean_permille = value.spin(),
            "Contempt" => self.contempt = value.spin() as i32,
            // Every declaration has its arm (the tests set each one).
            _ => return Ok(None),
        }
        Ok(Some(Changed::Other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_each_option_and_keeps_the_old_value_on_error() {
        let mut o = EngineOptions::default();
        assert_eq!(o.set("hash", Some("64")), Ok(Some(Changed::Hash)));
        assert_eq!(o.set("Threads", Some("4")), Ok(Some(Changed::Other)));
        o.set("MultiPV", Some("3")).unwrap();
        o.set("move overhead", Some("250")).unwrap();
        o.set("Ponder", Some("true")).unwrap();
        assert_eq!(o.set("Seed", Some("42")), Ok(Some(Changed::Seed)));
        o.set("play", Some("Greedy")).unwrap();
        o.set("Pruning", Some("all,-lmr")).unwrap();
        o.set("UCI_LimitStrength", Some("true")).unwrap();
        o.set("UCI_Elo", Some("1800")).unwrap();
        o.set("UCI_AnalyseMode", Some("true")).unwrap();
        o.set("UCI_ShowWDL", Some("true")).unwrap();
        o.set("Lean", Some("10")).unwrap();
        o.set("contempt", Some("30")).unwrap();
        assert_eq!(o.set("Clear Hash", None), Ok(Some(Changed::ClearHash)));
        let want = EngineOptions {
            hash_mb: 64,
            threads: 4,
            multipv: 3,
            move_overhead_ms: 250,
            ponder: true,
            seed: 42,
            play: Play::Greedy,
            pruning: Pruning::ALL.without(chimera_engine::search::Technique::LateMoveReductions),
            limit_strength: true,
            elo: 1800,
            analyse_mode: true,
            show_wdl: true,
            lean_permille: 10,
            contempt: 30,
        };
        assert_eq!(o, want);
        for (name, value, token) in [
            ("Hash", Some("0"), "'0'"),
            ("Hash", Some("lots"), "'lots'"),
            ("Threads", Some("-2"), "'-2'"),
            ("Ponder", Some("yes"), "'yes'"),
            ("MultiPV", None, "'MultiPV'"),
            ("Play", Some("clever"), "'clever'"),
            ("Pruning", Some("all,-nul"), "'-nul'"),
            ("UCI_Elo", Some("1349"), "'1349'"),
            ("UCI_Elo", Some("2101"), "'2101'"),
            (
                "UCI_Elo",
                Some("99999999999999999999"),
                "'99999999999999999999'",
            ),
            ("UCI_ShowWDL", Some("1"), "'1'"),
            ("Lean", Some("501"), "'501'"),
            ("Contempt", Some("-5"), "'-5'"),
            ("Contempt", Some("1001"), "'1001'"),
        ] {
            let e = o.set(name, value).unwrap_err().to_string();
            assert!(e.contains(token), "{e}");
        }
        assert_eq!(o, want);
        assert_eq!(o.set("UCI_Variant", Some("chess")), Ok(None));
    }

    #[test]
    fn the_strength_limit_is_a_node_budget_growing_with_the_elo() {
        let mut o = EngineOptions::default();
        assert_eq!(o.strength_nodes(), None);
        o.set("UCI_LimitStrength", Some("true")).unwrap();
        let mut last = 0;
        for elo in (ELO_MIN..=ELO_MAX).step_by(50) {
            o.set("UCI_Elo", Some(&elo.to_string())).unwrap();
            let nodes = o.strength_nodes().unwrap();
            assert!(nodes > last, "{elo}: {nodes}");
            last = nodes;
        }
        // The calibration's points.
        o.set("UCI_Elo", Some("1350")).unwrap();
        assert_eq!(o.strength_nodes(), Some(256));
        o.set("UCI_Elo", Some("1900")).unwrap();
        assert_eq!(o.strength_nodes(), Some(4096));
        o.set("UCI_AnalyseMode", Some("true")).unwrap();
        assert_eq!(o.strength_nodes(), None);
    }

    #[test]
    fn the_declared_defaults_are_the_defaults() {
        let d = EngineOptions::default();
        assert_eq!(PRUNING.sample_values(), [d.pruning.to_string()]);
        assert_eq!(PLAY.sample_values().last().unwrap(), d.play.name());
        assert_eq!(
            d.uci_lines()[..3],
            [
                "option name Hash type spin default 16 min 1 max 65536",
                "option name Threads type spin default 1 min 1 max 256",
                "option name MultiPV type spin default 1 min 1 max 256",
            ]
        );
        assert_eq!(
            d.uci_lines()[6],
            "option name Play type combo default search var search var random var greedy var randomgreedy var maximin var exploiter var exploiter-maximin"
        );
    }

    #[test]
    fn uci_lists_every_option() {
        let lines = EngineOptions::default().uci_lines().join("\n");
        for name in [
            "Hash",
            "Threads",
            "MultiPV",
            "Move Overhead",
            "Ponder",
            "Seed",
            "Play",
            "Pruning",
            "Clear Hash",
            "UCI_LimitStrength",
            "UCI_Elo",
            "UCI_AnalyseMode",
            "UCI_ShowWDL",
            "Lean",
        ] {
            assert!(
                lines.contains(&format!("option name {name} type")),
                "{name}"
            );
        }
    }
}
