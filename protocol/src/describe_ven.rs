//! What the protocol shows of Ven beyond its contract: the PGN tag, bench positions.

use crate::rounds::DescribeRounds;
use chimera_engine::variants::ven::Ven;

impl DescribeRounds for Ven {
    const PGN_NAME: &'static str = "Ven";

    /// The start, an open middlegame with threats both ways (vengeance orders on offer), the
    /// example game after round 23 with both kings in check, and a rook ending.
    fn bench_fens() -> &'static [&'static str] {
        &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 5",
            "r6r/ppppnkp1/8/2n1p3/5Rp1/2PP4/PPK3q1/8 b - - 0 24",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 40",
        ]
    }
}
