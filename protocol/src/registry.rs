//! The protocol's side of the variant registry (`chimera_engine::variants::registry`, re-exported
//! here for the tools above the protocol): a session per registry line.

pub use chimera_engine::variants::registry::{
    with_variant, Preset, VariantTask, NAMES, SIMULTANEOUS,
};

use crate::rounds::{DescribeRounds, RoundSession};
use crate::session::{Describe, GameSession, Session};

/// A fresh session of every variant, in [`NAMES`] order.
pub fn sessions() -> Vec<Box<dyn Session>> {
    struct NewSession;
    impl VariantTask for NewSession {
        type Output = Box<dyn Session>;
        fn run<G: Describe>(self, name: &'static str, preset: Preset) -> Box<dyn Session> {
            Box::new(GameSession::<G>::new(name, preset))
        }
        fn run_rounds<G: DescribeRounds>(
            self,
            name: &'static str,
            preset: Preset,
        ) -> Box<dyn Session> {
            Box::new(RoundSession::<G>::new(name, preset))
        }
    }
    NAMES
        .iter()
        .filter_map(|name| with_variant(name, NewSession))
        .collect()
}
