//! The engine's own options (variant options belong to each variant): their `uci` lines and
//! the checked setting of each.

use crate::baseline::Play;
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
        }
    }
}

const HASH_MAX: usize = 65_536;
const THREADS_MAX: usize = 256;
const MULTIPV_MAX: usize = 256;
const OVERHEAD_MAX: u64 = 5_000;
const SEED_MAX: u64 = 2_147_483_647;

/// Which engine option a `setoption` changed, so the caller can act on it (resize the table).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Changed {
    Hash,
    /// The generator of the baseline players is reseeded.
    Seed,
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
        ]
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
        let want = EngineOptions {
            hash_mb: 64,
            threads: 4,
            multipv: 3,
            move_overhead_ms: 250,
            ponder: true,
            seed: 42,
            play: Play::Greedy,
            pruning: Pruning::ALL.without(chimera_engine::search::Technique::LateMoveReductions),
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
        ] {
            let e = o.set(name, value).unwrap_err().0;
            assert!(e.contains(token), "{e}");
        }
        assert_eq!(o, want);
        assert_eq!(o.set("UCI_Variant", Some("chess")), Ok(None));
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
        ] {
            assert!(
                lines.contains(&format!("option name {name} type")),
                "{name}"
            );
        }
    }
}
