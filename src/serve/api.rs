//! The HTTP API: routes to the games, their state as JSON, PGN and SVG out. Every error is a
//! 4xx with `{"error": "..."}` naming the bad token, and leaves the game as it was.

use crate::board::{self, BoardGame};
use crate::picture::pieces;
use crate::runner::game::{draw_reason, win_reason, GameRecord, GameResult, Termination};
use crate::runner::pgn::{self, PgnHeader};
use crate::runner::referee::Ply;
use crate::serve::assets;
use crate::serve::clock::Clock;
use crate::serve::games::{self, lock, GoError, Table, WebGame};
use crate::serve::http::{Request, Response};
use crate::svg_cmd::game_svg;
use chimera_engine::option::{OptionKind, OptionSpec};
use chimera_engine::{Outcome, Player};
use serde_json::{json, Value};

/// The result and its reason in words, as `chimera match` writes them.
pub fn outcome_words(outcome: Outcome) -> (Option<Player>, String) {
    match outcome {
        Outcome::Win { winner, reason } => (
            Some(winner),
            format!("{winner} wins by {}", win_reason(reason)),
        ),
        Outcome::Draw(reason) => (None, format!("draw by {}", draw_reason(reason))),
    }
}

fn flipped(req: &Request) -> bool {
    matches!(req.field("flip"), Some("1" | "true"))
}

/// The whole state of a game, the board picture included.
pub fn state_json(g: &WebGame, flip: bool) -> String {
    let b = g.board.as_ref();
    let fen = b.fen();
    let plies: Vec<Value> = b
        .plies()
        .iter()
        .map(|p| {
            let removed: Vec<Value> = p
                .removed()
                .iter()
                .map(|r| {
                    json!({
                        "square": r.at.to_string(),
                        "piece": r.man.fen_letter().to_string(),
                        "how": r.how.word(),
                    })
                })
                .collect();
            json!({
                "player": p.player.to_string(),
                "text": p.text,
                "notation": p.notation,
                "enemy": p.enemy(),
                "removed": removed,
                "note": p.note(),
            })
        })
        .collect();
    // What the board shows beyond its men, from the variant's view: the men under way
    // (`Pe3>e4`, a castling rook `Rh1=f1`) and notes such as 007's turn phase.
    let view = b.view();
    let travellers: Vec<String> = view
        .travellers
        .iter()
        .map(|t| {
            let sep = if t.committed { '=' } else { '>' };
            format!("{}{}{sep}{}", t.man.fen_letter(), t.at, t.to)
        })
        .collect();
    let outcome = match time_loss(g) {
        Some((result, reason)) => Some(json!({"result": result, "reason": reason})),
        None => b.outcome().map(|o| {
            let (_, reason) = outcome_words(o);
            json!({"result": o.result_str(), "reason": reason})
        }),
    };
    let a = &g.analysis;
    let strategy: Vec<Value> = a
        .strategy
        .iter()
        .map(|(order, p)| json!({"order": order, "p": p}))
        .collect();
    json!({
        "id": g.id,
        "variant": b.variant(),
        "start_fen": b.start_fen(),
        "fen": fen,
        "to_move": b.to_move().to_string(),
        "colour": view.colour.to_string(),
        "check": b.in_check(),
        "moves": b.legal_plies(),
        "plies": plies,
        "travellers": travellers,
        "notes": view.notes,
        "outcome": outcome,
        "thinking": g.thinking(),
        "generation": g.generation,
        "analysis": {
            "depth": a.depth,
            "seldepth": a.seldepth,
            "score": a.score,
            "side": a.side.map(|p| p.to_string()),
            "nodes": a.nodes,
            "nps": a.nps,
            "time": a.time_ms,
            "pv": a.pv,
            "bestmove": a.bestmove,
            "error": a.error,
            "note": a.note,
            "strategy": strategy,
            "fen": a.fen,
            "plies": a.plies,
            "analysing": a.analysing,
            "lines": a.lines.iter().map(|l| json!({
                "multipv": l.multipv, "depth": l.depth, "score": l.score, "wdl": l.wdl, "pv": l.pv,
            })).collect::<Vec<Value>>(),
        },
        "simultaneous": b.simultaneous(),
        "clock": g.clock.as_ref().map(|c| c.json(std::time::Instant::now())),
        "svg": game_svg(b, flip),
    })
    .to_string()
}

/// A flag's result and reason (`0-1`, `white ran out of time`).
fn time_loss(g: &WebGame) -> Option<(&'static str, String)> {
    let loser = g.clock.as_ref()?.flag?;
    let result = if loser == Player::White { "0-1" } else { "1-0" };
    Some((result, format!("{loser} ran out of time")))
}

/// A player's name as a PGN tag value: the standard allows only printing characters in a
/// string, so a newline or tab becomes a space (the writer escapes `"` and `\\`).
fn tag_value(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The game as PGN, as `chimera match` writes it (`*` while it goes on).
pub fn game_pgn(g: &WebGame, white: &str, black: &str) -> String {
    let (white, black) = (&tag_value(white), &tag_value(black));
    let b = g.board.as_ref();
    let outcome = b.outcome();
    let flag = g.clock.as_ref().and_then(|c| c.flag);
    let result = match outcome {
        _ if flag.is_some() => GameResult {
            winner: flag.map(Player::other),
            termination: Termination::TimeForfeit,
            reason: time_loss(g).map(|(_, r)| r).unwrap_or_default(),
        },
        Some(o) => {
            let (winner, reason) = outcome_words(o);
            GameResult {
                winner,
                termination: Termination::Normal,
                reason,
            }
        }
        None => GameResult {
            winner: None,
            termination: Termination::Normal,
            reason: "game in progress".into(),
        },
    };
    let record = GameRecord {
        number: 1,
        start_fen: b.start_fen(),
        plies: b
            .plies()
            .iter()
            .map(|p| Ply {
                player: p.player,
                text: p.text.clone(),
            })
            .collect(),
        simultaneous: b.simultaneous(),
        result,
        ..GameRecord::default()
    };
    let header = PgnHeader {
        event: "Chimera web board",
        date: &pgn::today(),
        variant: b.pgn_variant(),
        white,
        black,
        time_control: &g.clock.as_ref().map_or("-".into(), |c| c.tag()),
    };
    let text = pgn::write_game(&header, &record);
    if outcome.is_some() || flag.is_some() {
        text
    } else {
        // PGN's unfinished game: `*` in the tag and at the end.
        text.replacen("[Result \"1/2-1/2\"]", "[Result \"*\"]", 1)
            .trim_end()
            .strip_suffix("1/2-1/2")
            .map_or(text.clone(), |t| format!("{t}*\n\n"))
    }
}

fn variants_json() -> String {
    let items: Vec<Value> = board::variants()
        .into_iter()
        .map(|(name, specs)| {
            let options: Vec<Value> = specs.iter().map(option_json).collect();
            let game = board::open(name, &[], None).ok();
            let start = game.as_ref().map(|g| g.fen()).unwrap_or_default();
            // The White men of the start position, by letter.
            let men: std::collections::BTreeMap<char, &str> = game
                .map(|g| g.view())
                .iter()
                .flat_map(|v| v.men().collect::<Vec<_>>())
                .filter(|m| m.colour == chimera_engine::Player::White)
                .map(|m| (m.letter, m.name))
                .collect();
            let legend: Vec<Value> = men
                .into_iter()
                .map(|(c, piece)| {
                    let picture = format!(
                        "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'>{}</svg>",
                        pieces::drawing(c)
                    );
                    json!({"letter": c.to_string(), "name": piece, "svg": picture})
                })
                .collect();
            json!({"name": name, "start_fen": start, "options": options, "pieces": legend})
        })
        .collect();
    Value::Array(items).to_string()
}

/// An option of the page's list, from its declaration: the `uci` type text (`spec`) and the
/// same typed, so the page reads no text back.
fn option_json(spec: &OptionSpec) -> Value {
    let typed = match spec.kind {
        OptionKind::Check { default } => json!({"kind": "check", "default": default}),
        OptionKind::Spin { default, min, max } => {
            json!({"kind": "spin", "default": default, "min": min, "max": max})
        }
        OptionKind::Combo { default, choices } => {
            json!({"kind": "combo", "default": default, "choices": choices})
        }
        OptionKind::Text { default } => json!({"kind": "string", "default": default}),
        OptionKind::Button => json!({"kind": "button"}),
    };
    let mut option = json!({"name": spec.name, "spec": spec.type_text()});
    if let (Value::Object(o), Value::Object(t)) = (&mut option, typed) {
        o.extend(t);
    }
    option
}

/// Answers one request.
pub fn handle(table: &Table, req: &Request) -> Response {
    let path = req.path.as_str();
    if req.method == "GET" {
        if let Some(asset) = assets::find(path) {
            return Response::new(200, asset.content_type, asset.body);
        }
    }
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    match (req.method.as_str(), parts.as_slice()) {
        ("GET", ["api", "variants"]) => Response::json(200, variants_json()),
        ("GET", ["api", "svg"]) => stateless_svg(req),
        ("POST", ["api", "games"]) => new_game(table, req),
        (method, ["api", "games", id, rest @ ..]) => {
            let Some(game) = id.parse().ok().and_then(|id| table.get(id)) else {
                return Response::error(404, &format!("no game '{id}'"));
            };
            let mut g = lock(&game);
            g.used = std::time::Instant::now();
            g.flag();
            let flip = flipped(req);
            match (method, rest) {
                ("GET", []) => Response::json(200, state_json(&g, flip)),
                ("GET", ["view"]) => view(&g, req.field("at").unwrap_or(""), flip),
                ("GET", ["pgn"]) => Response::new(
                    200,
                    "application/x-chess-pgn; charset=utf-8",
                    game_pgn(
                        &g,
                        req.field("white").unwrap_or("?"),
                        req.field("black").unwrap_or("?"),
                    ),
                ),
                ("POST", ["move"]) => {
                    let Some(ply) = req.field("move") else {
                        return Response::error(400, "missing field 'move'");
                    };
                    if g.thinking() {
                        return Response::error(
                            409,
                            &format!("move '{ply}' while the engine is thinking: stop it first"),
                        );
                    }
                    match g.play(ply) {
                        Ok(()) => Response::json(200, state_json(&g, flip)),
                        Err(e) => Response::error(400, &e),
                    }
                }
                ("POST", ["undo"]) => {
                    let plies = req.field("plies").unwrap_or("");
                    let Some(n) = plies.parse::<usize>().ok() else {
                        return Response::error(
                            400,
                            &format!("plies '{plies}' is not a number of plies to keep"),
                        );
                    };
                    g.take_back(n);
                    Response::json(200, state_json(&g, flip))
                }
                ("POST", ["go"]) => {
                    let go = match games::limits(|name| req.field(name)) {
                        Ok(go) => go,
                        Err(e) => return Response::error(400, &e),
                    };
                    match table.go(&game, &mut g, go, None) {
                        Ok(()) => Response::json(200, state_json(&g, flip)),
                        Err(GoError::Busy(e)) => Response::error(429, &e),
                        Err(GoError::Bad(e)) => Response::error(400, &e),
                    }
                }
                ("POST", ["halt"]) => {
                    // The page left the game (a new game, a reload, a pause): the search is
                    // dropped, nothing is played, and the clocks stop.
                    g.halt();
                    Response::json(200, state_json(&g, flip))
                }
                ("POST", ["analyse"]) => {
                    let go = match games::limits(|name| req.field(name)) {
                        Ok(go) => go,
                        Err(e) => return Response::error(400, &e),
                    };
                    let lines = req.field("multipv").unwrap_or("3");
                    let Some(lines) = lines
                        .parse()
                        .ok()
                        .filter(|n| (1..=games::MULTIPV_MAX).contains(n))
                    else {
                        return Response::error(
                            400,
                            &format!(
                                "multipv '{lines}' is not a number from 1 to {}",
                                games::MULTIPV_MAX
                            ),
                        );
                    };
                    // An earlier position of the game (`at` plies), or the game's own.
                    let board = match req.field("at").filter(|a| !a.is_empty()) {
                        Some(at) => match replay(&g, at) {
                            Ok(b) => Some(b),
                            Err(e) => return e,
                        },
                        None => None,
                    };
                    match table.go(&game, &mut g, go, Some((lines, board))) {
                        Ok(()) => Response::json(200, state_json(&g, flip)),
                        Err(GoError::Busy(e)) => Response::error(429, &e),
                        Err(GoError::Bad(e)) => Response::error(400, &e),
                    }
                }
                ("POST", ["stop"]) => {
                    // The search stops and its bestmove is still played.
                    if let Some(control) = &g.search {
                        control.stop();
                    }
                    Response::json(200, state_json(&g, flip))
                }
                _ => Response::error(404, &format!("no such request '{} {path}'", req.method)),
            }
        }
        (_, ["api", ..]) => {
            Response::error(404, &format!("no such request '{} {path}'", req.method))
        }
        _ => Response::error(404, &format!("no file '{path}'")),
    }
}

/// Game options from the request: fields `opt.NAME=VALUE`, in order.
fn options_of(req: &Request) -> Vec<(String, String)> {
    req.form
        .iter()
        .chain(&req.query)
        .filter_map(|(k, v)| k.strip_prefix("opt.").map(|n| (n.to_string(), v.clone())))
        .collect()
}

fn new_game(table: &Table, req: &Request) -> Response {
    let variant = req.field("variant").unwrap_or("chess");
    match board::open(variant, &options_of(req), req.field("fen")) {
        Ok(board) => {
            // A time control the server keeps (`180+2`: seconds and increment).
            let clock = match req.field("clock").filter(|c| !c.is_empty()) {
                Some(text) => match Clock::parse(text) {
                    Ok(c) => Some(c),
                    Err(e) => return Response::error(400, &e),
                },
                None => None,
            };
            let game = table.insert(board);
            let mut g = lock(&game);
            if let Some(clock) = clock {
                g.set_clock(clock);
            }
            Response::json(200, state_json(&g, flipped(req)))
        }
        Err(e) => Response::error(400, e.what()),
    }
}

/// The game after its first `at` plies (rounds).
fn replay(g: &WebGame, at: &str) -> Result<Box<dyn BoardGame>, Response> {
    let played = g.board.plies().len();
    let Some(n) = at.parse::<usize>().ok().filter(|&n| n <= played) else {
        return Err(Response::error(
            400,
            &format!("at '{at}' is not a number of plies from 0 to {played}"),
        ));
    };
    let mut board = g.board.boxed_clone();
    board.truncate(n);
    Ok(board)
}

/// The position after the first `at` plies (rounds) of a game, for the move list's
/// navigation: `{"at", "fen", "svg"}`, drawn as the live board draws its last turn.
fn view(g: &WebGame, at: &str, flip: bool) -> Response {
    match replay(g, at) {
        Ok(board) => {
            let body = json!({"at": board.plies().len(), "fen": board.fen(), "svg": game_svg(board.as_ref(), flip)});
            Response::json(200, body.to_string())
        }
        Err(e) => e,
    }
}

fn stateless_svg(req: &Request) -> Response {
    let variant = req.field("variant").unwrap_or("chess");
    let mut game = match board::open(variant, &options_of(req), req.field("fen")) {
        Ok(g) => g,
        Err(e) => return Response::error(400, e.what()),
    };
    if let Some(last) = req.field("last").filter(|l| !l.is_empty()) {
        if let Err(e) = game.play_turn(last) {
            return Response::error(400, e.what());
        }
    }
    Response::new(200, "image/svg+xml", game_svg(game.as_ref(), flipped(req)))
}
