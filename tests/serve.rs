//! The web board's HTTP API (`chimera serve`), over real loopback connections to the binary on
//! an ephemeral port: games of every variant, the engine's answers, bad requests and limits.

use chimera_protocol::registry;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CHIMERA: &str = env!("CARGO_BIN_EXE_chimera");

/// A running `chimera serve`, killed when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(CHIMERA)
            .args(["serve", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start chimera serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("chimera serve: listening on http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_string();
        Server { child, addr }
    }

    /// Sends raw bytes; the whole answer.
    fn exchange(&self, request: &[u8]) -> String {
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        // A refused body may be answered before it is all sent: ignore a broken pipe.
        let _ = stream.write_all(request);
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        String::from_utf8_lossy(&response).into_owned()
    }

    /// Sends raw bytes; the status and the body.
    fn raw(&self, request: &[u8]) -> (u16, String) {
        let text = self.exchange(request);
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {head:?}"));
        (status, body.to_string())
    }

    fn get(&self, path: &str) -> (u16, String) {
        self.raw(format!("GET {path} HTTP/1.1\r\nHost: {}\r\n\r\n", self.addr).as_bytes())
    }

    fn post(&self, path: &str, form: &[(&str, &str)]) -> (u16, String) {
        let body: Vec<String> = form
            .iter()
            .map(|(k, v)| format!("{k}={}", encode(v)))
            .collect();
        let body = body.join("&");
        self.raw(
            format!(
                "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
                 Content-Length: {}\r\n\r\n{body}",
                self.addr,
                body.len()
            )
            .as_bytes(),
        )
    }

    fn ok(&self, path: &str, form: &[(&str, &str)]) -> String {
        let (status, body) = self.post(path, form);
        assert_eq!(status, 200, "POST {path} {form:?}: {body}");
        body
    }

    fn new_game(&self, form: &[(&str, &str)]) -> (u64, String) {
        let body = self.ok("/api/games", form);
        (number(&body, "id"), body)
    }

    /// Starts the engine and waits for its answer; the state after it.
    fn engine_move(&self, id: u64, form: &[(&str, &str)]) -> String {
        self.ok(&format!("/api/games/{id}/go"), form);
        let start = Instant::now();
        loop {
            let (status, body) = self.get(&format!("/api/games/{id}"));
            assert_eq!(status, 200, "{body}");
            if body.contains("\"thinking\":false") {
                return body;
            }
            assert!(start.elapsed() < Duration::from_secs(60), "engine hung");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// `key`'s value in a state: at its top level, else in its analysis or outcome.
fn value(json: &str, key: &str) -> serde_json::Value {
    let v: serde_json::Value =
        serde_json::from_str(json).unwrap_or_else(|e| panic!("not JSON ({e}): {json}"));
    let found = [&v, &v["analysis"], &v["outcome"]]
        .into_iter()
        .find_map(|o| o.get(key).cloned());
    found.unwrap_or_else(|| panic!("no {key} in {json}"))
}

fn string(json: &str, key: &str) -> String {
    match value(json, key) {
        serde_json::Value::String(s) => s,
        other => other.to_string(),
    }
}

fn number(json: &str, key: &str) -> u64 {
    value(json, key).as_u64().unwrap()
}

/// The legal plies of a state.
fn moves(json: &str) -> Vec<String> {
    serde_json::from_value(value(json, "moves")).unwrap()
}

fn plies(json: &str) -> usize {
    value(json, "plies").as_array().unwrap().len()
}

/// The `n`th ply record of a state.
fn ply(json: &str, n: usize) -> serde_json::Value {
    value(json, "plies")[n].clone()
}

#[test]
fn the_page_and_its_files_are_served_and_nothing_else() {
    let s = Server::start(&[]);
    let (status, page) = s.get("/");
    assert_eq!(status, 200);
    assert!(page.contains("<script src=\"/app.js\">"));
    for path in ["/app.js", "/style.css", "/favicon.svg", "/index.html"] {
        assert_eq!(s.get(path).0, 200, "{path}");
    }
    for path in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/web/app.js",
        "/src/main.rs",
        "/etc/passwd",
    ] {
        let (status, body) = s.get(path);
        assert_eq!(status, 404, "{path}: {body}");
        assert!(body.contains("no file"), "{body}");
    }
}

#[test]
fn every_variant_is_listed_and_plays_a_move_and_an_engine_reply() {
    let s = Server::start(&[]);
    let (status, list) = s.get("/api/variants");
    assert_eq!(status, 200);
    for &name in registry::NAMES {
        assert!(list.contains(&format!("\"name\":\"{name}\"")), "{name}");
        let (id, state) = s.new_game(&[("variant", name)]);
        let legal = moves(&state);
        assert!(!legal.is_empty(), "{name}");
        assert!(
            state.contains("<svg"),
            "{name}: the board picture comes along"
        );
        let after = s.ok(&format!("/api/games/{id}/move"), &[("move", &legal[0])]);
        if registry::SIMULTANEOUS.contains(&name) {
            // The person's order stays hidden until the engine writes the other side's and the
            // round resolves (Ven's own test below looks closer).
            assert_eq!(plies(&after), 0, "{name}");
            let answered = s.engine_move(id, &[("depth", "1")]);
            assert_eq!(plies(&answered), 1, "{name}: {answered}");
            continue;
        }
        assert_eq!(plies(&after), 1, "{name}");
        let to_move = string(&after, "to_move");
        // In 007 the same player goes on with the turn; the engine answers whoever is to move.
        let answered = s.engine_move(id, &[("depth", "2")]);
        assert!(plies(&answered) >= 2, "{name}: {answered}");
        assert!(!string(&answered, "bestmove").is_empty(), "{name}");
        assert!(number(&answered, "depth") >= 1, "{name}: analysis was kept");
        if name == "007" {
            assert_eq!(to_move, "white", "007's first turn is White's three plies");
        }
    }
    // Vanguard is 16x16 with files a-p.
    let (_, state) = s.new_game(&[("variant", "vanguard")]);
    assert_eq!(state.matches("class='sq ").count(), 256);
    assert!(state.contains("data-sq='p16'"));
}

#[test]
fn ven_orders_stay_secret_until_the_round_resolves_with_its_report() {
    let s = Server::start(&[]);
    let (_, list) = s.get("/api/variants");
    assert!(list.contains("\"name\":\"ven\""), "{list}");
    let (id, state) = s.new_game(&[("variant", "ven")]);
    let start = string(&state, "fen");
    assert_eq!(string(&state, "to_move"), "white");
    assert_eq!(moves(&state).len(), 20);
    // The person writes White's order: nothing shows, and Black writes next.
    let written = s.ok(&format!("/api/games/{id}/move"), &[("move", "e2e4")]);
    assert_eq!(string(&written, "fen"), start, "White's order stays hidden");
    assert_eq!(string(&written, "to_move"), "black");
    assert_eq!(plies(&written), 0);
    // A bad order names itself and changes nothing.
    let (status, body) = s.post(&format!("/api/games/{id}/move"), &[("move", "e7e4")]);
    assert!(
        (400..500).contains(&status) && body.contains("'e7e4'"),
        "{status} {body}"
    );
    // The engine writes Black's order without seeing White's; the round resolves.
    let after = s.engine_move(id, &[("depth", "1")]);
    assert_eq!(plies(&after), 1, "{after}");
    assert_eq!(string(&after, "to_move"), "white");
    assert!(after.contains("\"text\":\"e2e4,"), "{after}");
    assert!(after.contains("\"note\":\"ok ok -\""), "{after}");
    assert_ne!(string(&after, "fen"), start);
    let (status, pgn) = s.get(&format!("/api/games/{id}/pgn"));
    assert_eq!(status, 200);
    assert!(
        pgn.contains("[Variant \"Ven\"]") && pgn.contains("1. e2e4,"),
        "{pgn}"
    );
    // A take-back returns to the start, a written order included.
    s.ok(&format!("/api/games/{id}/move"), &[("move", "d2d4")]);
    let back = s.ok(&format!("/api/games/{id}/undo"), &[("plies", "0")]);
    assert_eq!(string(&back, "fen"), start);
    assert_eq!(string(&back, "to_move"), "white");
}

#[test]
fn a_chess_game_is_played_taken_back_and_exported() {
    let s = Server::start(&[]);
    let (id, _) = s.new_game(&[("variant", "chess")]);
    for m in ["f2f3", "e7e5", "g2g4"] {
        s.ok(&format!("/api/games/{id}/move"), &[("move", m)]);
    }
    let (_, pgn) = s.get(&format!("/api/games/{id}/pgn?white=Ann&black=Bob"));
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    assert!(pgn.trim_end().ends_with('*'), "{pgn}");
    let mate = s.ok(&format!("/api/games/{id}/move"), &[("move", "d8h4")]);
    assert_eq!(string(&mate, "result"), "0-1");
    assert_eq!(string(&mate, "reason"), "black wins by checkmate");
    assert!(moves(&mate).is_empty());
    let (status, body) = s.post(&format!("/api/games/{id}/move"), &[("move", "a2a3")]);
    assert_eq!(status, 400);
    assert!(body.contains("'a2a3'"), "{body}");
    // The same PGN as `chimera match` writes.
    let (_, pgn) = s.get(&format!("/api/games/{id}/pgn?white=Ann&black=Bob"));
    for tag in [
        "[Event \"Chimera web board\"]",
        "[White \"Ann\"]",
        "[Black \"Bob\"]",
        "[Result \"0-1\"]",
        "[Variant \"chess\"]",
        "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]",
        "[PlyCount \"4\"]",
        "[Termination \"normal\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
    assert!(
        pgn.contains("1. f2f3 e7e5 2. g2g4 d8h4 {black wins by checkmate} 0-1"),
        "{pgn}"
    );
    // Take back to two plies: Black's mate and White's g4 are gone.
    let back = s.ok(&format!("/api/games/{id}/undo"), &[("plies", "2")]);
    assert_eq!(plies(&back), 2);
    assert!(value(&back, "outcome").is_null());
    assert_eq!(string(&back, "to_move"), "white");
}

#[test]
fn bad_requests_are_4xx_naming_the_problem_and_change_nothing() {
    let s = Server::start(&[]);
    let (id, state) = s.new_game(&[("variant", "chess")]);
    let fen = string(&state, "fen");
    let game = format!("/api/games/{id}");
    let cases: Vec<((u16, String), &str)> = vec![
        (s.post("/api/games", &[("variant", "shogi")]), "'shogi'"),
        (
            s.post("/api/games", &[("variant", "chess"), ("fen", "rnbqk/zz w")]),
            "rnbqk",
        ),
        (
            s.post(
                "/api/games",
                &[("variant", "007"), ("opt.Schedule", "weekly")],
            ),
            "weekly",
        ),
        (
            s.post(&format!("{game}/move"), &[("move", "e2e5")]),
            "'e2e5'",
        ),
        (s.post(&format!("{game}/move"), &[("move", "e2")]), "'e2'"),
        (
            s.post(&format!("{game}/move"), &[("move", "\u{1F600}")]),
            "\u{1F600}",
        ),
        (s.post(&format!("{game}/move"), &[]), "'move'"),
        (s.post(&format!("{game}/undo"), &[("plies", "x")]), "'x'"),
        (s.post(&format!("{game}/go"), &[("depth", "0")]), "'0'"),
        (s.post(&format!("{game}/go"), &[("movetime", "-5")]), "'-5'"),
        (s.post("/api/games/999/move", &[("move", "e2e4")]), "'999'"),
        (s.get("/api/games/abc"), "'abc'"),
        (s.get("/api/nothing"), "/api/nothing"),
        (s.raw(b"BREW /pot HTTP/1.1\r\n\r\n"), "/pot"),
        (s.raw(b"GARBAGE\r\n\r\n"), "'GARBAGE'"),
        (
            s.raw(b"POST /api/games HTTP/1.1\r\nContent-Length: lots\r\n\r\n"),
            "'lots'",
        ),
        (
            s.raw(b"POST /api/games HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n"),
            "99999999",
        ),
        (
            s.raw(b"POST /api/games HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"),
            "chunked",
        ),
        (
            // The rest never comes: 408 at the request's deadline.
            s.raw(b"GET / HTTP/1.1\r\nContent-Length: 10\r\n\r\nshort"),
            "not sent within",
        ),
    ];
    for ((status, body), needle) in cases {
        assert!((400..500).contains(&status), "{status} {body}");
        assert!(body.starts_with("{\"error\":"), "{body}");
        assert!(!body.trim_end().contains('\n'), "one line: {body}");
        assert!(body.contains(needle), "{needle} in {body}");
    }
    // A huge body is refused whole, and a huge head too.
    let big = format!(
        "POST {game}/move HTTP/1.1\r\nContent-Length: {}\r\n\r\n{}",
        1 << 20,
        "m".repeat(1 << 20)
    );
    assert_eq!(s.raw(big.as_bytes()).0, 413);
    let long = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(40_000));
    assert_eq!(s.raw(long.as_bytes()).0, 431);
    let (_, after) = s.get(&game);
    assert_eq!(string(&after, "fen"), fen);
    assert_eq!(plies(&after), 0);
}

#[test]
fn searches_beyond_the_limit_are_refused_and_moves_wait_for_the_engine() {
    let s = Server::start(&["--max-searches", "1"]);
    let (a, _) = s.new_game(&[("variant", "chess")]);
    let (b, _) = s.new_game(&[("variant", "chess")]);
    s.ok(&format!("/api/games/{a}/go"), &[("movetime", "3000")]);
    let (status, body) = s.post(&format!("/api/games/{b}/go"), &[("movetime", "100")]);
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("--max-searches 1"), "{body}");
    let (status, body) = s.post(&format!("/api/games/{a}/go"), &[("depth", "1")]);
    assert_eq!(status, 429, "{body}");
    let (status, body) = s.post(&format!("/api/games/{a}/move"), &[("move", "e7e5")]);
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("'e7e5'"), "{body}");
    // Stop: the engine plays what it found at once, and the slot is free again.
    s.ok(&format!("/api/games/{a}/stop"), &[]);
    let start = Instant::now();
    loop {
        let (_, state) = s.get(&format!("/api/games/{a}"));
        if state.contains("\"thinking\":false") {
            assert_eq!(plies(&state), 1);
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "stop was not quick"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let after = s.engine_move(b, &[("depth", "1")]);
    assert_eq!(plies(&after), 1);
    // A take-back during a search drops the search's answer.
    s.ok(&format!("/api/games/{a}/go"), &[("movetime", "300")]);
    let back = s.ok(&format!("/api/games/{a}/undo"), &[("plies", "0")]);
    assert!(back.contains("\"thinking\":false"));
    std::thread::sleep(Duration::from_millis(500));
    let (_, state) = s.get(&format!("/api/games/{a}"));
    assert_eq!(plies(&state), 0, "the dropped search played nothing");
}

#[test]
fn variant_marks_007_enemy_plies_and_double_ended_captures() {
    let s = Server::start(&[]);
    let (id, _) = s.new_game(&[("variant", "007")]);
    let mut state = String::new();
    for m in ["e2e4", "e7e5", "g1f3"] {
        state = s.ok(&format!("/api/games/{id}/move"), &[("move", m)]);
    }
    assert_eq!(state.matches("\"enemy\":true").count(), 1);
    let p = ply(&state, 1);
    assert_eq!(
        (&p["player"], &p["text"], &p["enemy"]),
        (&"white".into(), &"e7e5".into(), &true.into())
    );
    // 007 options reach the rules: Balanced starts with Black's single ply, an enemy ply
    // (Black moves a white piece).
    let (id, state) = s.new_game(&[("variant", "007"), ("opt.Schedule", "balanced")]);
    assert_eq!(string(&state, "to_move"), "black");
    assert_eq!(string(&state, "colour"), "white");
    let state = s.ok(&format!("/api/games/{id}/move"), &[("move", "e2e4")]);
    let p = ply(&state, 0);
    assert_eq!(
        (&p["player"], &p["text"], &p["enemy"]),
        (&"black".into(), &"e2e4".into(), &true.into())
    );
    assert_eq!(string(&state, "to_move"), "white");
    // Double-Ended: a rook approaches a knight and takes it; the picture says so.
    let (id, _) = s.new_game(&[
        ("variant", "double-ended"),
        ("fen", "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1"),
    ]);
    let state = s.ok(&format!("/api/games/{id}/move"), &[("move", "a1a3")]);
    assert_eq!(
        ply(&state, 0)["removed"],
        serde_json::json!([{"square": "a4", "piece": "n", "how": "approach"}]),
        "{state}"
    );
    assert!(state.contains("data-how='approach'"));
}

#[test]
fn lene_hau_shows_travellers_names_arrivals_and_passes() {
    let s = Server::start(&[]);
    // Rules §11 Example 4: the king steps, the rook arrives on d5 and removes the knight and
    // the pawn standing there; the bishop travelling through (Black's, still) stays, drawn
    // with its arrow.
    let fen = "4k3/8/8/3[np]4/8/8/8/4K3 w - - 0 1 Rd4>d5,bd5>b3";
    let (id, state) = s.new_game(&[("variant", "lene-hau"), ("fen", fen)]);
    assert!(state.contains("data-pieces='np'"), "{state}");
    assert!(state.contains("class='traveller' data-sq='d4' data-to='d5'"));
    let state = s.ok(&format!("/api/games/{id}/move"), &[("move", "e1e2")]);
    assert_eq!(
        ply(&state, 0)["removed"],
        serde_json::json!([
            {"square": "d5", "piece": "n", "how": "arrival"},
            {"square": "d5", "piece": "p", "how": "arrival"}
        ]),
        "{state}"
    );
    assert_eq!(
        string(&state, "fen"),
        "4k3/8/8/3R4/8/8/4K3/8 b - - 0 1 bd5>b3"
    );
    assert!(state.contains("class='traveller' data-sq='d5' data-to='b3'"));
    assert!(!state.contains("class='traveller' data-sq='d4'"));
    // Example 7 (b): nothing may be ordered and a rook travels: the pass is the one action.
    let fen = "8/8/8/8/8/p7/P1k5/K7 w - - 0 1 Rh4>h8";
    let (id, state) = s.new_game(&[("variant", "lene-hau"), ("fen", fen)]);
    assert_eq!(moves(&state), ["0000"]);
    let state = s.ok(&format!("/api/games/{id}/move"), &[("move", "0000")]);
    assert_eq!(
        string(&state, "fen"),
        "8/8/8/8/8/p7/P1k5/K7 b - - 1 1 Rh5>h8"
    );
}

#[test]
fn the_svg_endpoint_and_command_draw_the_same_picture() {
    let s = Server::start(&[]);
    let (status, svg) =
        s.get("/api/svg?variant=double-ended&fen=4k3/8/8/8/n7/8/8/R3K3+w+-+-+0+1&last=a1a3");
    assert_eq!(status, 200, "{svg}");
    assert!(svg.starts_with("<svg") && svg.contains("data-how='approach'"));
    let out = Command::new(CHIMERA)
        .args([
            "svg",
            "--variant",
            "double-ended",
            "--fen",
            "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1",
            "--last",
            "a1a3",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim_end(), svg);
    let (status, body) = s.get("/api/svg?variant=chess&last=e2e5");
    assert_eq!(status, 400);
    assert!(body.contains("'e2e5'"), "{body}");
    let bad = Command::new(CHIMERA)
        .args(["svg", "--variant", "chess", "--fen", "8/8 w"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).starts_with("error: "));
}

/// 20 games at once, each playing and asking the engine, as 20 browsers would: no request
/// fails. Also times the answer to a move (no search), the server's share of a click.
#[test]
fn twenty_concurrent_games_are_served_without_an_error() {
    let s = Server::start(&[]);
    let variants = ["chess", "double-ended", "007", "vanguard"];
    let timings: Vec<Duration> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..20)
            .map(|i| {
                let s = &s;
                scope.spawn(move || {
                    let variant = variants[i % variants.len()];
                    let (id, mut state) = s.new_game(&[("variant", variant)]);
                    let mut times = Vec::new();
                    for _ in 0..3 {
                        if !value(&state, "outcome").is_null() {
                            break;
                        }
                        let legal = moves(&state);
                        let m = &legal[i % legal.len()];
                        let start = Instant::now();
                        state = s.ok(&format!("/api/games/{id}/move"), &[("move", m)]);
                        times.push(start.elapsed());
                        if value(&state, "outcome").is_null() {
                            state = s.engine_move(id, &[("movetime", "100")]);
                        }
                    }
                    times
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let mut ms: Vec<f64> = timings.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    println!(
        "move answers under load: {} moves, median {:.1} ms, max {:.1} ms",
        ms.len(),
        ms[ms.len() / 2],
        ms[ms.len() - 1]
    );
}

/// Random bytes, and random mutations of good requests, never take the server down: each gets
/// a 4xx (or a closed connection), and good requests are served after them.
#[test]
fn random_requests_never_break_the_server() {
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};
    let s = Server::start(&[]);
    let (id, _) = s.new_game(&[("variant", "vanguard")]);
    let good = format!("POST /api/games/{id}/move HTTP/1.1\r\nContent-Length: 9\r\n\r\nmove=a1a2");
    let mut rng = SmallRng::seed_from_u64(15);
    for i in 0..300 {
        let request: Vec<u8> = if i % 2 == 0 {
            (0..rng.random_range(0..300))
                .map(|_| rng.random())
                .collect()
        } else {
            let mut bytes = good.clone().into_bytes();
            for _ in 0..rng.random_range(1..6) {
                let at = rng.random_range(0..bytes.len());
                bytes[at] = rng.random();
            }
            bytes
        };
        let mut stream = TcpStream::connect(&s.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let _ = stream.write_all(&request);
        let _ = stream.shutdown(std::net::Shutdown::Write);
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        let text = String::from_utf8_lossy(&response);
        if let Some(status) = text.split_whitespace().nth(1) {
            let status: u16 = status.parse().unwrap();
            assert!(
                status == 200 || (400..500).contains(&status),
                "{status} for {request:?}"
            );
        }
    }
    let (status, after) = s.get(&format!("/api/games/{id}"));
    assert_eq!(status, 200);
    assert!(after.contains("\"variant\":\"vanguard\""));
    assert_eq!(s.get("/").0, 200);
}

/// A request body must be a form: JSON is refused with 415 and creates nothing.
#[test]
fn bodies_of_another_type_are_refused() {
    let s = Server::start(&[]);
    let json = "{\"variant\":\"ven\"}";
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{json}",
        s.addr,
        json.len()
    );
    let (status, body) = s.raw(request.as_bytes());
    assert_eq!(status, 415, "{body}");
    assert!(body.contains("'application/json'"), "{body}");
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\nContent-Length: 11\r\n\r\nvariant=ven",
        s.addr
    );
    assert_eq!(s.raw(request.as_bytes()).0, 415, "a body without a type");
    // Nothing was created: the next game is the first.
    let (id, _) = s.new_game(&[("variant", "chess")]);
    assert_eq!(id, 1);
}

/// HEAD is answered as GET without the body; other methods get 405 with `Allow`.
#[test]
fn head_gets_the_headers_and_other_methods_405() {
    let s = Server::start(&[]);
    let (_, page) = s.get("/");
    let head = s.exchange(format!("HEAD / HTTP/1.1\r\nHost: {}\r\n\r\n", s.addr).as_bytes());
    assert!(head.starts_with("HTTP/1.1 200 "), "{head}");
    assert!(
        head.ends_with("\r\n\r\n"),
        "no body after the head: {head:?}"
    );
    assert!(
        head.contains(&format!("Content-Length: {}\r\n", page.len())),
        "{head}"
    );
    for method in ["PUT", "DELETE", "OPTIONS", "PATCH"] {
        let text =
            s.exchange(format!("{method} / HTTP/1.1\r\nHost: {}\r\n\r\n", s.addr).as_bytes());
        assert!(text.starts_with("HTTP/1.1 405 "), "{method}: {text}");
        assert!(text.contains("Allow: GET, HEAD, POST\r\n"), "{text}");
    }
}

/// Another site's page cannot change a game through the user's browser (Origin), nor reach
/// the board under its own name (Host: DNS rebinding).
#[test]
fn foreign_origins_and_hosts_are_refused() {
    let s = Server::start(&[]);
    let (id, _) = s.new_game(&[("variant", "chess")]);
    let post = |origin: &str| {
        let body = "move=e2e4";
        s.raw(
            format!(
                "POST /api/games/{id}/move HTTP/1.1\r\nHost: {}\r\nOrigin: {origin}\r\n\
                 Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
                s.addr,
                body.len()
            )
            .as_bytes(),
        )
    };
    let (status, body) = post("http://evil.example");
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("'http://evil.example'"), "{body}");
    assert_eq!(plies(&s.get(&format!("/api/games/{id}")).1), 0);
    let (status, body) = post(&format!("http://{}", s.addr));
    assert_eq!(status, 200, "the page's own origin: {body}");
    let port = s.addr.rsplit(':').next().unwrap();
    let (status, body) = s.raw(
        format!("GET /api/games/{id} HTTP/1.1\r\nHost: rebound.example:{port}\r\n\r\n").as_bytes(),
    );
    assert_eq!(status, 403, "{body}");
    let (status, _) = s.raw(format!("GET / HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n").as_bytes());
    assert_eq!(status, 200);
}

/// A player's name with a newline and quotes stays inside its tag, escaped as PGN says.
#[test]
fn pgn_tag_values_are_escaped() {
    let s = Server::start(&[]);
    let (id, _) = s.new_game(&[("variant", "chess")]);
    let (status, pgn) = s.get(&format!(
        "/api/games/{id}/pgn?white=Ann%0A%5BEvent+%22x%22%5D&black=B%5Cq"
    ));
    assert_eq!(status, 200, "{pgn}");
    assert!(pgn.contains("[White \"Ann [Event \\\"x\\\"]\"]\n"), "{pgn}");
    assert!(pgn.contains("[Black \"B\\\\q\"]\n"), "{pgn}");
    let tags: Vec<&str> = pgn.split("\n\n").next().unwrap().lines().collect();
    assert!(
        tags.iter().all(|t| t.starts_with('[') && t.ends_with(']')),
        "{tags:?}"
    );
}

/// A request that trickles in gets 408 once the whole-request deadline passes, however often
/// it sends a byte.
#[test]
fn a_trickling_request_gets_408_at_the_deadline() {
    let s = Server::start(&[]);
    let mut stream = TcpStream::connect(&s.addr).unwrap();
    let start = Instant::now();
    stream.write_all(b"GET / HTTP/1.1\r\nX: ").unwrap();
    stream.set_nonblocking(true).unwrap();
    let mut response = Vec::new();
    // A byte each 200 ms, for at most 10 s.
    for _ in 0..50 {
        let _ = stream.write_all(b"a");
        std::thread::sleep(Duration::from_millis(200));
        let mut buf = [0u8; 4096];
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => response.extend_from_slice(&buf[..n]),
            Err(_) => {}
        }
        if response.windows(4).any(|w| w == b"\r\n\r\n") {
            break;
        }
    }
    let took = start.elapsed();
    let text = String::from_utf8_lossy(&response);
    assert!(text.starts_with("HTTP/1.1 408 "), "{text}");
    assert!(took < Duration::from_secs(5), "answered after {took:?}");
}

/// 300 clients each sending a byte every 100 ms hold no more than a few dozen connections: a
/// normal client is served on every try meanwhile, promptly.
#[test]
fn slow_clients_cannot_starve_a_normal_one() {
    let s = Server::start(&[]);
    let (id, _) = s.new_game(&[("variant", "chess")]);
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let addr = s.addr.clone();
    let flag = stop.clone();
    let slow = std::thread::spawn(move || {
        let mut streams: Vec<TcpStream> = Vec::new();
        // Bounded: 300 connections, then at most 100 rounds of one byte each.
        for _ in 0..300 {
            if let Ok(stream) = TcpStream::connect(&addr) {
                let _ = stream.set_nonblocking(true);
                let _ = (&stream).write_all(b"GET / HTTP/1.1\r\nX: ");
                streams.push(stream);
            }
        }
        let mut rounds = 0;
        while rounds < 100 && !flag.load(std::sync::atomic::Ordering::Relaxed) {
            for stream in &mut streams {
                let _ = stream.write_all(b"a");
            }
            std::thread::sleep(Duration::from_millis(100));
            rounds += 1;
        }
        streams.len()
    });
    std::thread::sleep(Duration::from_millis(500));
    let threads = || {
        let status =
            std::fs::read_to_string(format!("/proc/{}/status", s.child.id())).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("Threads:"))
            .and_then(|n| n.trim().parse::<usize>().ok())
    };
    let mut ms = Vec::new();
    let mut most_threads = 0;
    for _ in 0..32 {
        let start = Instant::now();
        let (status, body) = s.get(&format!("/api/games/{id}"));
        ms.push(start.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(status, 200, "{body}");
        most_threads = most_threads.max(threads().unwrap_or(0));
        std::thread::sleep(Duration::from_millis(50));
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let connected = slow.join().unwrap();
    ms.sort_by(f64::total_cmp);
    println!(
        "normal client beside {connected} slow ones: 32/32 served, median {:.1} ms, max {:.1} ms; \
         server threads at most {most_threads}",
        ms[16], ms[31]
    );
    assert!(ms[31] < 2000.0, "a normal request waited {:.0} ms", ms[31]);
    // /proc is Linux's; elsewhere the count is not read.
    assert!(
        most_threads < 120,
        "{most_threads} threads for slow clients"
    );
}

/// `halt` drops a running search and plays nothing (the page leaving a game).
#[test]
fn halt_drops_the_search_without_a_move() {
    let s = Server::start(&[]);
    let (id, _) = s.new_game(&[("variant", "chess")]);
    s.ok(&format!("/api/games/{id}/go"), &[("movetime", "20000")]);
    let body = s.ok(&format!("/api/games/{id}/halt"), &[]);
    assert!(body.contains("\"thinking\":false"), "{body}");
    std::thread::sleep(Duration::from_millis(300));
    let (_, after) = s.get(&format!("/api/games/{id}"));
    assert_eq!(plies(&after), 0, "{after}");
    // The game goes on: the engine can be asked again.
    let after = s.engine_move(id, &[("depth", "1")]);
    assert_eq!(plies(&after), 1);
}

/// `view?at=N` shows the position after N plies (Ven: rounds) without changing the game.
#[test]
fn earlier_positions_are_viewed_without_changing_the_game() {
    let s = Server::start(&[]);
    let (id, start) = s.new_game(&[("variant", "chess")]);
    s.ok(&format!("/api/games/{id}/move"), &[("move", "e2e4")]);
    let after_one = string(
        &s.ok(&format!("/api/games/{id}/move"), &[("move", "e7e5")]),
        "fen",
    );
    let (status, view) = s.get(&format!("/api/games/{id}/view?at=0"));
    assert_eq!(status, 200, "{view}");
    assert_eq!(string(&view, "fen"), string(&start, "fen"));
    let (_, view) = s.get(&format!("/api/games/{id}/view?at=1"));
    assert!(
        string(&view, "fen").starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/"),
        "{view}"
    );
    assert!(string(&view, "svg").contains("class='arrow'"));
    let (status, body) = s.get(&format!("/api/games/{id}/view?at=3"));
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("'3'"), "{body}");
    assert_eq!(
        string(&s.get(&format!("/api/games/{id}")).1, "fen"),
        after_one
    );
    // Ven: one record is a round of two orders.
    let (id, _) = s.new_game(&[("variant", "ven")]);
    s.ok(&format!("/api/games/{id}/move"), &[("move", "e2e4")]);
    s.ok(&format!("/api/games/{id}/move"), &[("move", "e7e5")]);
    let (_, view) = s.get(&format!("/api/games/{id}/view?at=1"));
    assert!(string(&view, "svg").contains("data-order='e7e5'"), "{view}");
}

/// `analyse` searches with several lines and their WDL, the game's position or an earlier
/// one, and plays nothing.
#[test]
fn analysis_gives_multipv_lines_and_plays_nothing() {
    let s = Server::start(&[]);
    let (id, start) = s.new_game(&[("variant", "chess")]);
    s.ok(&format!("/api/games/{id}/move"), &[("move", "e2e4")]);
    let wait = || loop {
        let (_, body) = s.get(&format!("/api/games/{id}"));
        if body.contains("\"thinking\":false") {
            return body;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    s.ok(
        &format!("/api/games/{id}/analyse"),
        &[("multipv", "3"), ("depth", "5")],
    );
    let done = wait();
    assert_eq!(plies(&done), 1, "an analysis plays nothing: {done}");
    let lines = value(&done, "lines");
    let lines = lines.as_array().unwrap();
    assert_eq!(lines.len(), 3, "{done}");
    let firsts: std::collections::BTreeSet<&str> = lines
        .iter()
        .map(|l| l["pv"].as_str().unwrap().split(' ').next().unwrap())
        .collect();
    assert_eq!(firsts.len(), 3, "three different moves: {lines:?}");
    assert!(lines
        .iter()
        .all(|l| l["wdl"].as_array().is_some_and(|w| w.len() == 3)));
    assert_eq!(value(&done, "analysing"), true);
    assert!(!string(&done, "bestmove").is_empty());
    // An earlier position: the start.
    s.ok(
        &format!("/api/games/{id}/analyse"),
        &[("multipv", "2"), ("depth", "3"), ("at", "0")],
    );
    let done = wait();
    let analysis = value(&done, "analysis");
    assert_eq!(analysis["fen"], value(&start, "fen"));
    assert_eq!(analysis["plies"], 0);
    assert_eq!(plies(&done), 1);
    let (status, body) = s.post(&format!("/api/games/{id}/analyse"), &[("multipv", "9")]);
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("'9'"), "{body}");
}

/// The engine plays on a clock (`wtime`, `btime`, increments), and a bad clock is refused.
#[test]
fn the_engine_plays_on_a_clock() {
    let s = Server::start(&[]);
    let (id, _) = s.new_game(&[("variant", "chess")]);
    let start = Instant::now();
    let after = s.engine_move(
        id,
        &[
            ("wtime", "2000"),
            ("btime", "2000"),
            ("winc", "0"),
            ("binc", "0"),
        ],
    );
    assert_eq!(plies(&after), 1, "{after}");
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?} of a 2 s clock",
        start.elapsed()
    );
    let (status, body) = s.post(&format!("/api/games/{id}/go"), &[("btime", "soon")]);
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("btime 'soon'"), "{body}");
}

/// A game's clock kept by the server (`clock=BASE+INC`, seconds): a ply is charged to its
/// side and its turn's end gains the increment, the engine plays on the server's figures
/// whatever `go` asks, and a clock at zero ends the game on time (moves and `go` refused,
/// PGN with the result and the time control).
#[test]
fn the_server_keeps_the_clocks_and_a_flag_ends_the_game() {
    let s = Server::start(&[]);
    let clock = |json: &str, side: &str| value(json, "clock")[side].as_u64().unwrap();
    let (id, start) = s.new_game(&[("variant", "chess"), ("clock", "3+1")]);
    assert!((2900..=3000).contains(&clock(&start, "white")), "{start}");
    assert_eq!(value(&start, "clock")["running"], "white");
    std::thread::sleep(Duration::from_millis(300));
    let after = s.ok(&format!("/api/games/{id}/move"), &[("move", "e2e4")]);
    let white = clock(&after, "white");
    assert!(
        (3000 - 400 + 1000..=3000 - 300 + 1000).contains(&white),
        "White's 300 ms charged, the increment given: {white}"
    );
    assert_eq!(value(&after, "clock")["running"], "black");
    // `go` asks for 20 s; the engine plays on its 3 s clock instead, and is charged.
    let begun = Instant::now();
    let replied = s.engine_move(id, &[("movetime", "20000")]);
    let took = begun.elapsed();
    assert_eq!(plies(&replied), 2, "{replied}");
    assert!(took < Duration::from_secs(3), "{took:?} on a 3 s clock");
    let black = clock(&replied, "black");
    assert!(
        black <= 4000 && black + (took.as_millis() as u64) >= 3900,
        "Black's {black} ms after a {took:?} search and the increment"
    );
    assert_eq!(value(&replied, "clock")["running"], "white");
    assert!(replied.contains("\"outcome\":null"), "{replied}");

    // A short clock runs out: the flag ends the game for every request.
    let (id, _) = s.new_game(&[("variant", "chess"), ("clock", "0.3")]);
    std::thread::sleep(Duration::from_millis(400));
    let (_, state) = s.get(&format!("/api/games/{id}"));
    assert_eq!(string(&state, "result"), "0-1", "{state}");
    assert_eq!(string(&state, "reason"), "white ran out of time");
    assert_eq!(value(&state, "clock")["flag"], "white");
    assert_eq!(clock(&state, "white"), 0);
    let (status, body) = s.post(&format!("/api/games/{id}/move"), &[("move", "e2e4")]);
    assert_eq!(status, 400, "{body}");
    assert!(
        body.contains("'e2e4'") && body.contains("ran out of time"),
        "{body}"
    );
    let (status, body) = s.post(&format!("/api/games/{id}/go"), &[]);
    assert_eq!(status, 400, "{body}");
    let (_, pgn) = s.get(&format!("/api/games/{id}/pgn"));
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.contains("[TimeControl \"0.3\"]"), "{pgn}");
    assert_eq!(plies(&s.get(&format!("/api/games/{id}")).1), 0);

    // A halt (the page leaving the game) stops every clock: a left game loses no time.
    let (id, _) = s.new_game(&[("variant", "chess"), ("clock", "0.5")]);
    s.ok(&format!("/api/games/{id}/halt"), &[]);
    std::thread::sleep(Duration::from_millis(600));
    let (_, state) = s.get(&format!("/api/games/{id}"));
    assert!(state.contains("\"outcome\":null"), "{state}");
    let after = s.ok(&format!("/api/games/{id}/move"), &[("move", "e2e4")]);
    assert_eq!(plies(&after), 1, "{after}");

    // A bad clock is refused, naming it.
    let (status, body) = s.post("/api/games", &[("variant", "chess"), ("clock", "soon")]);
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("clock 'soon'"), "{body}");
}
