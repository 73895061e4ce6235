//! What Ven shows beyond its contract: the PGN tag, bench positions.

use super::Ven;
use crate::describe::DescribeRounds;

impl DescribeRounds for Ven {
    const PGN_NAME: &'static str = "Ven";

    fn bench_fens() -> &'static [&'static str] {
        &super::BENCH_FENS
    }
}
