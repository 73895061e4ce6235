//! Ven's options. None changes the rules: `ExploiterRounds` sets how much deeper the exploiter
//! (`Play=exploiter`, issue #32's R2) answers than the opponent it predicts, so that the R2 at
//! equal depth (0) is a setting and not a build.

use crate::game::{ParseError, VariantOptions};
use crate::option::{OptionSpec, OptionValue};

/// `ExploiterRounds`: rounds the exploiter's best response looks beyond its opponent's search.
const EXPLOITER_ROUNDS: OptionSpec = OptionSpec::spin("ExploiterRounds", 1, 0, 4);

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Options {
    pub exploiter_rounds: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            exploiter_rounds: EXPLOITER_ROUNDS.spin_default() as u8,
        }
    }
}

impl VariantOptions for Options {
    fn specs() -> &'static [OptionSpec] {
        const SPECS: [OptionSpec; 1] = [EXPLOITER_ROUNDS];
        &SPECS
    }

    fn apply(&mut self, name: &'static str, value: OptionValue) -> Result<(), ParseError> {
        match name {
            // Checked against the declaration's range (at most 4) before it gets here.
            "ExploiterRounds" => self.exploiter_rounds = value.spin() as u8,
            _ => return Err(ParseError::new(format!("unknown ven option '{name}'"))),
        }
        Ok(())
    }

    /// `ExploiterRounds` only changes how the exploiter plays: engines of a match may differ.
    fn is_rule(name: &str) -> bool {
        !name.eq_ignore_ascii_case("ExploiterRounds")
    }
}
