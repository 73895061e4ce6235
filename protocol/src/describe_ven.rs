//! What the protocol shows of Ven beyond its contract: the PGN tag, bench positions.

use crate::rounds::DescribeRounds;
use chimera_engine::variants::ven::Ven;

impl DescribeRounds for Ven {
    const PGN_NAME: &'static str = "Ven";

    fn bench_fens() -> &'static [&'static str] {
        &chimera_engine::variants::ven::BENCH_FENS
    }
}
