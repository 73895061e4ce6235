//! What the protocol shows of Lene Hau Chess: bench positions, the PGN name.

use crate::session::Describe;
use chimera_engine::variants::lene_hau::LeneHau;

impl Describe for LeneHau {
    fn bench_fens() -> &'static [&'static str] {
        &chimera_engine::variants::lene_hau::BENCH_FENS
    }

    fn pgn_name(_: &'static str, _: &Self::Options) -> &'static str {
        "Lene Hau"
    }
}
