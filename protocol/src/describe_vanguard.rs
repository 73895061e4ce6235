//! What the protocol shows of Vanguard Chess: the defaults, and the start position for `bench`.

use crate::session::Describe;
use chimera_engine::variants::vanguard::Vanguard;

impl Describe for Vanguard {
    fn bench_depth() -> u32 {
        4
    }
}
