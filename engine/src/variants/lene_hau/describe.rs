//! What Lene Hau Chess shows beyond its rules: bench positions, the PGN name.

use super::LeneHau;
use crate::describe::Describe;

impl Describe for LeneHau {
    fn bench_fens() -> &'static [&'static str] {
        &super::BENCH_FENS
    }

    fn pgn_name(_: &'static str, _: &Self::Options) -> &'static str {
        "Lene Hau"
    }
}
