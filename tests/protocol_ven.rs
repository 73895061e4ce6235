//! Ven over the protocol, with the real binary: round tokens in `position`, `go side` and the
//! strategy line, perft over pairs of orders, `d` with the last round's report, and errors that
//! name the bad token.

use chimera_engine::simultaneous::SimultaneousGame;
use chimera_engine::variants::ven::Ven;
use chimera_engine::Player;

mod common;

fn session(script: &str) -> Vec<String> {
    common::session(&format!("setoption name UCI_Variant value ven\n{script}")).0
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .collect()
}

#[test]
fn position_plays_rounds_and_d_shows_the_report() {
    // The example game (ven.md §10), rounds 1-4: round 4's vengeance order is void and
    // Black's bishop checks.
    let lines = session("position startpos moves g1f3,e7e5 d2d3,d8f6 c1g5,f6f3 e1f2v,f8b4\nd\n");
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert!(lines.contains(
        &"Fen: rnb1k1nr/pppp1ppp/8/4p1B1/1b6/3P1q2/PPP1PPPP/RN1QKB1R w KQkq - 2 5".to_string()
    ));
    assert!(
        lines.contains(&"Last round: void:veng ok W".to_string()),
        "{lines:?}"
    );
    assert!(lines.contains(&"In check: white".to_string()), "{lines:?}");
}

#[test]
fn bad_rounds_name_their_token_and_keep_the_position() {
    for (round, token) in [
        ("e2e4", "'e2e4'"),
        ("e2e4,e7e5,g1f3", "'e2e4,e7e5,g1f3'"),
        ("e2e5,e7e5", "'e2e5'"),
        ("e2e4,h1h1", "'h1h1'"),
        ("e2e4,e7e5v", "'e7e5v'"),
    ] {
        let lines = session(&format!(
            "position startpos moves g1f3,e7e5\nposition startpos moves {round}\nd\n"
        ));
        let errs = errors(&lines);
        assert_eq!(errs.len(), 1, "{round}: {lines:?}");
        assert!(errs[0].contains(token), "{round}: {}", errs[0]);
        assert!(
            lines.contains(&"Last round: ok ok -".to_string())
                && lines
                    .iter()
                    .any(|l| l.starts_with("Fen: rnbqkbnr/pppp1ppp/8/4p3")),
            "{round}: the position after g1f3,e7e5 stays: {lines:?}"
        );
    }
}

#[test]
fn go_needs_a_side_and_answers_a_legal_order_from_its_strategy() {
    let lines = session(
        "position startpos moves e2e4,e7e5\ngo depth 1\ngo side black depth 1\n\
         go side white depth 1\n",
    );
    let errs = errors(&lines);
    assert_eq!(errs.len(), 1, "{lines:?}");
    assert!(errs[0].contains("side"), "{}", errs[0]);
    let pos =
        Ven::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e6 0 2").unwrap();
    let strategies: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string strategy"))
        .collect();
    let bestmoves: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect();
    assert_eq!((strategies.len(), bestmoves.len()), (2, 2), "{lines:?}");
    for ((side, strategy), order) in Player::BOTH
        .into_iter()
        .rev()
        .zip(strategies)
        .zip(bestmoves)
    {
        // "info string strategy O P O P ... value V": legal orders, probabilities summing to
        // one, most likely first, and the drawn order among them.
        let words: Vec<&str> = strategy.split_whitespace().skip(3).collect();
        let (pairs, value) = words.split_at(words.len() - 2);
        assert_eq!(value[0], "value");
        let v: f64 = value[1].parse().unwrap();
        assert!((0.0..=1.0).contains(&v), "{strategy}");
        let mut total = 0.0;
        let mut last = 1.0;
        for pair in pairs.chunks(2) {
            assert!(pos.parse_order(side, pair[0]).is_ok(), "{side}: {strategy}");
            let p: f64 = pair[1].parse().unwrap();
            assert!(p > 0.0 && p <= last + 1e-9, "{strategy}");
            last = p;
            total += p;
        }
        assert!((total - 1.0).abs() < 1e-3, "{strategy}");
        assert!(
            pairs.chunks(2).any(|p| p[0] == order),
            "{order}: {strategy}"
        );
    }
}

/// `Lean` (thousandths of expected score, 500 by default): the root reports the order it
/// predicts for the opponent and, with `Lean` above 0, the record of its predictions. With
/// no prediction yet scored the slack is 0, so the strategy is the one `Lean 0` plays.
#[test]
fn lean_reports_its_prediction_and_leaves_an_untested_opponent_alone() {
    let fen = "1rbqkbnr/1ppp2pp/B1n2p2/4p3/4P3/2N2N1P/PPPP1PP1/R1BQK2R b KQk e6 0 6";
    let answer = |options: &str| {
        let lines = session(&format!(
            "{options}position fen {fen}\ngo side white depth 1\n"
        ));
        let find = |prefix: &str| lines.iter().find(|l| l.starts_with(prefix)).cloned();
        let strategy = find("info string strategy").unwrap_or_else(|| panic!("{lines:?}"));
        let root = find("info string root").unwrap_or_else(|| panic!("{lines:?}"));
        assert!(
            root.contains(" predicted ") && root.contains(" answer "),
            "{root}"
        );
        (strategy, find("info string trust"))
    };
    let (leaning, trust) = answer("");
    assert_eq!(
        trust.as_deref(),
        Some("info string trust held 0 of 0 slack 0.0000")
    );
    let (plain, trust) = answer("setoption name Lean value 0\n");
    assert_eq!(trust, None, "Lean 0 scores nothing");
    assert_eq!(leaning, plain);
    let errs = session("setoption name Lean value 501\n");
    assert!(errors(&errs)[0].contains("'501'"), "{errs:?}");
}

#[test]
fn perft_counts_pairs_of_orders_as_rounds() {
    let lines = session("go perft 2\n");
    assert!(
        lines.contains(&"Nodes searched: 199443".to_string()),
        "{lines:?}"
    );
    assert!(lines.contains(&"e2e4,e7e5: 841".to_string()), "{lines:?}");
    assert_eq!(lines.iter().filter(|l| l.contains(',')).count(), 400);
}

#[test]
fn baselines_write_legal_orders() {
    for play in ["random", "greedy", "randomgreedy", "maximin"] {
        let lines = session(&format!(
            "setoption name Play value {play}\nposition startpos moves e2e4,d7d5\n\
             go side white depth 2\n"
        ));
        let order = lines
            .iter()
            .find_map(|l| l.strip_prefix("bestmove "))
            .unwrap_or_else(|| panic!("{play}: {lines:?}"));
        let pos = Ven::from_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3d6 0 2")
            .unwrap();
        assert!(
            pos.parse_order(Player::White, order).is_ok(),
            "{play}: {order}"
        );
    }
}

#[test]
fn greedy_takes_a_hanging_queen_whatever_the_opponent_writes() {
    // The black queen on d5 hangs to e4xd5; no black order saves it from every white order.
    let lines = session(
        "setoption name Play value greedy\nposition fen 4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1\n\
         go side white\n",
    );
    assert!(lines.contains(&"bestmove e4d5".to_string()), "{lines:?}");
}

/// `chimera exploit` on one position with `args`: each side's line (`1 white: ...`,
/// `1 black: ...`) and the whole output.
fn exploit_one(name: &str, fen: &str, args: &[&str]) -> ([String; 2], String) {
    let fens = std::env::temp_dir().join(format!("chimera-{name}-{}.fen", std::process::id()));
    std::fs::write(&fens, format!("# one position\n{fen}\n")).unwrap();
    let out = std::process::Command::new(common::CHIMERA)
        .args(["exploit", "--positions"])
        .arg(&fens)
        .args(args)
        .output()
        .expect("run chimera exploit");
    let _ = std::fs::remove_file(&fens);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = |side: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("1 {side}: exploitability ")))
            .unwrap_or_else(|| panic!("no line for {side}: {text}"))
            .to_string()
    };
    ([line("white"), line("black")], text)
}

/// The exploitability a line of `chimera exploit` gives.
fn gap(line: &str) -> f64 {
    line.split_whitespace().nth(3).unwrap().parse().unwrap()
}

/// `chimera exploit` to a fixed depth, which is deterministic on one thread: the strategy and
/// the full matrix are judged by the same payoff oracle, the solver's regression figure. Each
/// side gets a line, and the summary names what it measures.
#[test]
fn exploit_measures_the_round_strategies_against_the_full_matrix() {
    let (lines, text) = exploit_one(
        "exploit",
        "r1bqkb1r/p1p2ppp/1pn2n2/3Np3/8/4PNP1/PPPP1P1P/R1BQKB1R b KQkq e6 0 6",
        &["--depth", "1", "--oracle-plies", "1", "--threads", "1"],
    );
    for line in &lines {
        assert!((0.0..=1.0).contains(&gap(line)), "{text}");
    }
    assert!(
        text.contains("strategies 2: exploitability median "),
        "{text}"
    );
}

/// `--judge-plies J --baseline maximin` (issue #32's R1): the strategy against the maximin
/// order from the same depth, both judged J plies deep against the opponent's whole list.
/// Where the root plays the maximin order, the shortfall is exactly 0.
#[test]
fn exploit_judges_the_shortfall_against_the_maximin_order_deeper() {
    let fens = std::env::temp_dir().join(format!("chimera-r1-{}.fen", std::process::id()));
    let fen = "r1bqkbn1/1ppppppr/p6p/n7/3P4/2N4P/PPPNPPP1/R1BQKB1R b KQq - 0 6";
    std::fs::write(&fens, format!("{fen}\n")).unwrap();
    let out = std::process::Command::new(common::CHIMERA)
        .args(["exploit", "--positions"])
        .arg(&fens)
        .args(["--depth", "1", "--threads", "1", "--judge-plies", "2"])
        .args(["--baseline", "maximin"])
        .output()
        .expect("run chimera exploit");
    let _ = std::fs::remove_file(&fens);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{text}");
    for side in ["white", "black"] {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("1 {side}: shortfall ")))
            .unwrap_or_else(|| panic!("no line for {side}: {text}"));
        // A quiet round: the orders cannot interact, the root plays the maximin order.
        assert!(line.contains("maximin's order first"), "{line}");
        assert!(line.contains(" judged 2"), "{line}");
        let shortfall: f64 = line.split_whitespace().nth(3).unwrap().parse().unwrap();
        assert_eq!(shortfall, 0.0, "{line}");
    }
    assert!(
        text.contains("strategies 2: shortfall against maximin's order median 0.0000"),
        "{text}"
    );
    let bad = std::process::Command::new(common::CHIMERA)
        .args(["exploit", "--positions", "f", "--baseline", "greedy"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("'greedy'"));
}

/// A round where neither side can capture or avenge (`may_interact` false): the main search
/// takes all the time and its order is played, with no saddle test, at any time control.
#[test]
fn a_quiet_round_is_played_as_the_serialized_order() {
    let fen = "r1bqkbn1/1ppppppr/p6p/n7/3P4/2N4P/PPPNPPP1/R1BQKB1R b KQq - 0 6";
    for go in ["movetime 200", "depth 2"] {
        let lines = session(&format!("position fen {fen}\ngo side white {go}\n"));
        assert!(
            lines.iter().any(|l| l.starts_with("bestmove ")),
            "{lines:?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.contains("string orders independent")),
            "{go}: {lines:?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string root main depth") && l.contains("test none")),
            "{go}: {lines:?}"
        );
    }
}
