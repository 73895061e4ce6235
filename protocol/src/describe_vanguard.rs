//! What the protocol shows of Vanguard Chess: the evaluation's terms, bench positions.

use crate::session::{Describe, EvalRow};
use chimera_engine::variants::vanguard::Vanguard;

impl Describe for Vanguard {
    /// The terms of the evaluation; it has no game phase, so middlegame and endgame agree.
    fn eval_rows(&self) -> Vec<EvalRow> {
        let b = self.breakdown();
        [
            ("material", b.material),
            ("placement", b.placement),
            ("royal safety", b.royal_safety),
        ]
        .into_iter()
        .map(|(term, [white, black])| EvalRow {
            term,
            white: [white, white],
            black: [black, black],
        })
        .collect()
    }

    fn bench_fens() -> &'static [&'static str] {
        &BENCH
    }

    fn bench_depth() -> u32 {
        6
    }
}

/// The start, middlegames and endgames from depth-4 games against the greedy player and from
/// self-play after random openings (the last two have a sole King).
const BENCH: [&str; 8] = [
    "hjyfbwdqkicbfyjh/rnzlaavggvaalznr/ppppssseessspppp/16/16/16/16/16/16/16/16/16/16/PPPPSSSEESSSPPPP/RNZLAAVGGVAALZNR/HJYFBWDQKICBFYJH w - 0 1",
    "hjyfbw1k1icb1yjh/rn1laavqdvaalz2/pppps1sees2pp1r/z12f2/16/5s8pp/9G1s4/14n1/16/2P7S5/16/5S10/4S3E4P2/PPKP2S1ES1SP1PP/RNWLAAV1GVAALZNR/H1YFBZDQ1ICBFY1H w j14 15 21",
    "hlyfbsdq1i1b1yjh/r1z2avkcvaalznr/1pppsa2es1sfp1p/4s1e1n7/8w3p1p1/p9s5/16/16/16/16/9S6/7N8/2P1F8P2/PP1PSSSEEGSSP1PP/1RZLAA1G1VAALZNR/H1Y1BWDKQICBFY1H w e14 8 23",
    "h1yfbwdk1icbf1jh/rnz1aav1gvaalzny/5s2essspp1p/1plp10p1/4s11/p2p2s9/7q3J4/7e8/16/16/9S6/8EF6/2P1L3E3NP2/PP1PSSS1G1SSP1PP/RNZ1AAVQ1VAALZ1R/H1Y1BW2KICBFY1H w - 4 31",
    "hlyfasdq1i1b1yjh/r2ba1vk2aa1znr/1ppps4s1s3p/z2s5e1f1p2/6v1w3p1p1/p5e2ls5/16/16/16/6S9/9S6/7F8/2P6F3P2/PP1PSS2E1SSP1PP/1RZLAA1GKVAALZNR/H1Y1BWDGQICB1Y1H w e14 2 43",
    "hly1as3i1b1y1h/4r1v1w1aaj1nr/1pppbs1v1s1s2z1/2s3fk1e3p2/z6a4p1pp/p6e2s5/16/13l2/16/6S9/9S6/16/2P6F3P2/PP1PSSK1E1SSP1PP/1RZLAA1I1VAALZNR/H1Y1BWDGQ1CB1Y1H w f14 17 63",
    "15r/5r3k2j1n1/3p1swvvs2a3/3s2f2e1s1p1z/2p4a5app/10s1p3/16/16/1R5S8/16/9S6/16/2P6F3P2/1P1PSS2E1SSP1P1/1RZ1AA1IKVAALZN1/1LY1BW1GQ1CB1Y1H w f14 0 83",
    "16/16/8k7/3s2f4s1H2/16/10s1p3/9e6/16/1R5S8/2Q13/9S6/16/2P5EF3P2/1P1PZS4SSP1P1/1R2AA3VAALZN1/1LY2W1G1KCB1Y2 w - 1 98",
];
