//! What the protocol shows of Double-Ended Chess: the defaults (check as yes/-, the total
//! evaluation) and bench positions from the rule spec's examples.

use crate::session::Describe;
use chimera_engine::variants::double_ended::DoubleEnded;

impl<const DEEP: bool> Describe for DoubleEnded<DEEP> {
    fn bench_fens() -> &'static [&'static str] {
        if DEEP {
            &BENCH_DEEP
        } else {
            &BENCH
        }
    }
}

const BENCH: [&str; 4] = [
    "rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR w KQkq - 0 1",
    "rmbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RMBQKBNR w KQkq - 0 2",
    "r1bqkb1r/pppppppp/2m2n2/8/3PP3/2M2N2/PPP2PPP/R1BQKB1R w KQkq - 2 3",
    "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
];

const BENCH_DEEP: [&str; 2] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppppppp/2n2n2/8/3PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 2 3",
];
