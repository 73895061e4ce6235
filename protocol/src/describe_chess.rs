//! What the protocol shows of orthodox chess: checkers, the evaluation's terms, bench positions.

use crate::session::{squares_text, Describe, EvalRow};
use chimera_engine::variants::chess::eval::{breakdown, Term};
use chimera_engine::variants::chess::Position;

impl Describe for Position {
    fn checkers_text(&self) -> String {
        squares_text(self.checkers())
    }

    fn eval_rows(&self) -> Vec<EvalRow> {
        EvalRow::tapered(Term::ALL.iter().map(|t| t.name()), &breakdown(self).terms)
    }

    fn eval_phase(&self) -> Option<(i32, i32)> {
        Some((breakdown(self).phase.min(24), 24))
    }

    fn bench_fens() -> &'static [&'static str] {
        &BENCH
    }

    fn bench_depth() -> u32 {
        10
    }

    /// PGN's name for the Chess960 rules, as python-chess and GUIs read it.
    fn pgn_name(name: &'static str, options: &Self::Options) -> &'static str {
        if options.chess960 {
            "Chess960"
        } else {
            name
        }
    }
}

/// Well-known test positions (the start, perft and tactics suites), openings to endgames.
const BENCH: [&str; 16] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 1 8",
    "2r3k1/pp3ppp/2n1b3/3pP3/3P4/P4N2/1P3PPP/R4RK1 w - - 0 20",
    "r1b2rk1/2q1bppp/p2p1n2/np2p3/3PP3/5N1P/PPBN1PP1/R1BQR1K1 w - - 0 13",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "3r1rk1/p4ppp/1pn1p3/8/3P4/P1B2P2/1P3KPP/2R4R w - - 0 21",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 1",
    "8/5pk1/6p1/1p1R4/1P6/5PP1/r7/6K1 b - - 0 40",
    "1r3k2/4q3/2Pp3b/3Bp3/2Q2p2/1p1P2P1/1P2KP2/3N4 w - - 0 1",
];
