//! Vanguard over the protocol: searches finish (the quiescence explosion that once made depth 1
//! run for minutes), `bench` is deterministic over its positions, `eval` shows its terms.

use std::time::Duration;

mod common;
use common::session;

const VANGUARD: &str = "setoption name UCI_Variant value vanguard\n";

#[test]
fn searches_finish() {
    // The position in which depth 1 once ran without end (docs/match.md), and the start at
    // depth 4, which took minutes.
    let stalled = "position fen hjyfbwdqkicbfyjh/rnzlaavggvaalznr/pp1pssseesssp1pp/2p10p2/16/16/16/16/16/16/5L10/8E7/16/PPPPSSSE1SSSPPPP/RNZ1AAVGGVAALZNR/HJYFBWDQKICBFYJH w - 0 3 moves h2i3 b16i2 i1i2 b15a12 i2i1 a15b15 i1i2 b15b16 i2i1 a12b9 i1i2 b16b15 i2i1 b15a15 i1i2 b9a6 i2i1 a15b15 i1i2 b15b16 i2i1 a6a5 b2a5 a16a5 c3c4 a5j5 b1i15 i16i15 i1i2 i15i16 i2i1 j16i15 i1i2 i16j16 i2i1 i15h13 i1i2 j16i15 i2i1 i15i16 i1i2 i16j16 i2i1 j16i15 i1i2 i15i16 i2i1 h13g11 i1i2 i16i15 i2i1 i15j16 i1i2 j16i16 i2i1 i16i15 i1i2 i15j16 i2i1 g11h9 i1i2 j16i15 i2i1 i15i16 i1i2 i16j16 i2i1 j16i15 i1i2 i15i16 i2i1 h9g7 i1i2 i16i15 i2i1 i15j16 i1i2 j16i16 i2i1 i16i15 i1i2 i15j16 i2i1 g7f5 i1i2 j16i15 i2i1\n";
    for (script, depth) in [
        (format!("{VANGUARD}{stalled}go depth 3\n"), 3),
        (format!("{VANGUARD}position startpos\ngo depth 4\n"), 4),
    ] {
        let (lines, took) = session(&script);
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("info depth {depth} "))),
            "{lines:?}"
        );
        assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
        assert!(took < Duration::from_secs(30), "{took:?}");
    }
}

#[test]
fn bench_is_deterministic_and_eval_has_terms() {
    let (lines, _) = session(&format!("{VANGUARD}bench 3\nbench 3\neval\n"));
    assert!(lines.iter().all(|l| !l.contains("error")), "{lines:?}");
    let positions = lines
        .iter()
        .filter(|l| l.starts_with("info string bench "))
        .count();
    assert_eq!(positions, 2 * 8, "{lines:?}");
    let nodes: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("Nodes searched"))
        .collect();
    assert_eq!(nodes.len(), 2);
    assert_eq!(nodes[0], nodes[1], "bench is deterministic");
    for term in ["material", "placement", "royal safety"] {
        assert!(
            lines.iter().any(|l| l.trim_start().starts_with(term)),
            "{term}: {lines:?}"
        );
    }
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Final evaluation: +0 cp (white to move)")),
        "{lines:?}"
    );
}
