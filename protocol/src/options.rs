//! The engine's own options (variant options belong to each variant): their `uci` lines and
//! the checked setting of each.

use chimera_engine::baseline::Play;
use chimera_engine::game::parse_check;
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
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            move_overhead_ms: 10,
            ponder: false,
            seed: 0,
            play: Play::Search,
            pruning: Pruning::ALL,
            limit_strength: false,
            elo: ELO_MIN,
            analyse_mode: false,
            show_wdl: false,
            lean_permille: 0,
        }
    }
}

const HASH_MAX: usize = 65_536;
const THREADS_MAX: usize = 256;
const MULTIPV_MAX: usize = 256;
const OVERHEAD_MAX: u64 = 5_000;
const SEED_MAX: u64 = 2_147_483_647;
/// `Lean` at most: a tenth of expected score.
const LEAN_MAX: u64 = 100;
/// The `UCI_Elo` range: Stockfish's lowest setting, up to what the calibration measured
/// (docs/protocol.md, "Playing weaker").
pub const ELO_MIN: u32 = 1350;
pub const ELO_MAX: u32 = 2100;

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
        let d = EngineOptions::default();
        vec![
            format!(
                "option name Hash type spin default {} min 1 max {HASH_MAX}",
                d.hash_mb
            ),
            format!(
                "option name Threads type spin default {} min 1 max {THREADS_MAX}",
                d.threads
            ),
            format!(
                "option name MultiPV type spin default {} min 1 max {MULTIPV_MAX}",
                d.multipv
            ),
            format!(
                "option name Move Overhead type spin default {} min 0 max {OVERHEAD_MAX}",
                d.move_overhead_ms
            ),
            format!("option name Ponder type check default {}", d.ponder),
            format!(
                "option name Seed type spin default {} min 0 max {SEED_MAX}",
                d.seed
            ),
            format!(
                "option name Play type combo default {}{}",
                d.play.name(),
                Play::ALL
                    .iter()
                    .map(|p| format!(" var {}", p.name()))
                    .collect::<String>()
            ),
            format!("option name Pruning type string default {}", d.pruning),
            "option name Clear Hash type button".to_string(),
            format!(
                "option name UCI_LimitStrength type check default {}",
                d.limit_strength
            ),
            format!(
                "option name UCI_Elo type spin default {} min {ELO_MIN} max {ELO_MAX}",
                d.elo
            ),
            format!(
                "option name UCI_AnalyseMode type check default {}",
                d.analyse_mode
            ),
            format!("option name UCI_ShowWDL type check default {}", d.show_wdl),
            format!(
                "option name Lean type spin default {} min 0 max {LEAN_MAX}",
                d.lean_permille
            ),
        ]
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

    /// Sets `name` (case-insensitive, as UCI asks) to `value`. `Ok(None)`: not an engine
    /// option. The previous value stays on error.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Option<Changed>, ParseError> {
        let key = name.to_ascii_lowercase();
        let value_of = || {
            value
                .filter(|v| !v.is_empty())
                .ok_or_else(|| ParseError::new(format!("option '{name}' needs a value")))
        };
        let spin = |min: u64, max: u64| -> Result<u64, ParseError> {
            let v = value_of()?;
            match v.parse::<u64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(ParseError::new(format!(
                    "option '{name}': value '{v}' is not a number in {min}..={max}"
                ))),
            }
        };
        match key.as_str() {
            "hash" => {
                self.hash_mb = spin(1, HASH_MAX as u64)? as usize;
                return Ok(Some(Changed::Hash));
            }
            "threads" => self.threads = spin(1, THREADS_MAX as u64)? as usize,
            "multipv" => self.multipv = spin(1, MULTIPV_MAX as u64)? as usize,
            "move overhead" => self.move_overhead_ms = spin(0, OVERHEAD_MAX)?,
            "seed" => {
                self.seed = spin(0, SEED_MAX)?;
                return Ok(Some(Changed::Seed));
            }
            "play" => self.play = Play::parse(value_of()?)?,
            "pruning" => self.pruning = Pruning::parse(value_of()?)?,
            "ponder" => self.ponder = parse_check(name, value_of()?)?,
            "clear hash" => return Ok(Some(Changed::ClearHash)),
            "uci_limitstrength" => self.limit_strength = parse_check(name, value_of()?)?,
            "uci_elo" => self.elo = spin(ELO_MIN as u64, ELO_MAX as u64)? as u32,
            "uci_analysemode" => self.analyse_mode = parse_check(name, value_of()?)?,
            "uci_showwdl" => self.show_wdl = parse_check(name, value_of()?)?,
            "lean" => self.lean_permille = spin(0, LEAN_MAX)?,
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
            ("Lean", Some("101"), "'101'"),
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
