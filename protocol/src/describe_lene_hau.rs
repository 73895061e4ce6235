//! What the protocol shows of Lene Hau Chess: bench positions, the PGN name.

use crate::session::Describe;
use chimera_engine::variants::lene_hau::LeneHau;

impl Describe for LeneHau {
    fn bench_fens() -> &'static [&'static str] {
        &BENCH
    }

    fn pgn_name(_: &'static str, _: &Self::Options) -> &'static str {
        "Lene Hau"
    }
}

/// The start and positions with travellers, stacks and castling under way (from
/// perft/lene-hau.epd).
const BENCH: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
    "rnbqkbnr/ppp2ppp/3pp3/8/8/5[NP]2/PPPPP1PP/RNBQKB1R w KQkq - 0 3 -",
    "r3k2r/pppq1ppp/2n1bn2/2bpp3/2BPP3/2N1BN2/PPPQ1PPP/R7 w kq - 0 1 Kf1>g1,Rh1=f1",
    "2n1k1r1/pbpq1pb1/3ppnp1/3P4/P3P3/2p3Qp/1PP2PPP/R1BK3R b - - 2 11 Bc4>a6,Nc5>d4,rb8>d8",
    "r1b1kbr1/p2p4/1ppq1np1/2PP3p/P3P[BP]2/1P4pP/B1Q3P1/R3KR2 b Q - 2 17 Nc1>d2,nc4>b3",
    "r3k2r/2p2ppp/1p1q1n2/p1bpp1N1/1nBPPBbP/2N5/PPP2PP1/R3K2R w KQkq a6 0 6 Qf3>g4",
];
