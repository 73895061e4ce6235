//! The fuzz targets below the protocol, for one variant at a time (the registry hands each task
//! the variant's types): random legal games with their invariants checked at every position,
//! the FEN parser and the move parser fed mutations of what those games produced. What the
//! games met is kept as valid protocol lines for the protocol target.

use super::mutate::mutate_text;
use super::{guarded, Tally};
use chimera_engine::game::VariantOptions;
use chimera_engine::simultaneous::SimultaneousGame;
use chimera_engine::{Game, Player};
use chimera_protocol::registry::{Preset, VariantTask};
use chimera_protocol::rounds::DescribeRounds;
use chimera_protocol::session::Describe;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// How much of each target to run for one variant.
#[derive(Clone, Copy)]
pub struct Budget {
    pub seed: u64,
    /// Random games played to the end (or `max_plies`).
    pub games: usize,
    pub max_plies: usize,
    /// Mutated FENs parsed.
    pub fens: usize,
    /// Mutated move tokens parsed.
    pub moves: usize,
}

/// What one variant's targets did, and the valid text they met.
#[derive(Default)]
pub struct VariantReport {
    pub name: &'static str,
    pub tally: Tally,
    /// Valid protocol lines of this variant (`position`, `go`, its options).
    pub lines: Vec<String>,
}

pub struct VariantFuzz(pub Budget);

/// One variant's run: what the games met, the generator, the report being written.
struct Run {
    name: &'static str,
    rng: SmallRng,
    report: VariantReport,
    fens: Vec<String>,
    /// Move (order) tokens played.
    tokens: Vec<String>,
}

impl Run {
    fn new(name: &'static str, seed: u64) -> Run {
        Run {
            name,
            rng: SmallRng::seed_from_u64(seed),
            report: VariantReport {
                name,
                ..VariantReport::default()
            },
            fens: Vec::new(),
            tokens: Vec::new(),
        }
    }

    /// A position met in play, and what its invariants said.
    fn met(&mut self, fen: String, checked: Result<(), String>) {
        self.report.tally.positions += 1;
        if let Err(e) = checked {
            self.report
                .tally
                .fail(format!("{}: {e} (fen {fen})", self.name));
        }
        self.fens.push(fen);
    }

    /// A game played: `position` lines along it.
    fn played(&mut self, tokens: &[String]) {
        let lines = position_lines(tokens, &self.fens, &mut self.rng);
        self.report.lines.extend(lines);
    }

    /// The FEN parser on `cases` mutations of the FENs met; `check` parses one and checks what
    /// parsed. Never a panic; what parses is a real position.
    fn mutated_fens(&mut self, cases: usize, check: impl Fn(&str) -> Result<(), String>) {
        for _ in 0..cases {
            let text = mutate_text(
                &self.fens[self.rng.random_range(0..self.fens.len())],
                &mut self.rng,
            );
            self.report.tally.fens += 1;
            if let Err(e) = guarded(|| check(&text)) {
                self.report
                    .tally
                    .fail(format!("{}: FEN '{text}': {e}", self.name));
            }
        }
    }

    /// The move parser on `cases` mutations of the tokens played, each at a FEN met; `check`
    /// parses one (`None`: the FEN does not stand alone, skipped). What parses is legal.
    fn mutated_moves(
        &mut self,
        cases: usize,
        check: impl Fn(&str, &str, &mut SmallRng) -> Option<Result<(), String>>,
    ) {
        for _ in 0..cases {
            let fen = self.fens[self.rng.random_range(0..self.fens.len())].clone();
            let token = mutate_text(
                &self.tokens[self.rng.random_range(0..self.tokens.len())],
                &mut self.rng,
            );
            let rng = &mut self.rng;
            let Some(checked) = guarded(|| Ok(check(&fen, &token, rng))).transpose() else {
                continue;
            };
            self.report.tally.moves += 1;
            if let Err(e) = checked.and_then(|r| r) {
                self.report
                    .tally
                    .fail(format!("{}: move '{token}' at {fen}: {e}", self.name));
            }
        }
    }

    fn finish<O: VariantOptions>(mut self, simultaneous: bool) -> VariantReport {
        let go = go_lines(&self.tokens, simultaneous, &mut self.rng);
        self.report.lines.extend(go);
        self.report.lines.extend(option_lines::<O>());
        self.report
    }
}

/// Whether a parsed move (order) is one of the legal ones.
fn legal<M: PartialEq>(parsed: M, legal: &[M]) -> Result<(), String> {
    if legal.contains(&parsed) {
        Ok(())
    } else {
        Err("parsed to a move that is not legal".to_string())
    }
}

impl VariantTask for VariantFuzz {
    type Output = VariantReport;

    fn run<G: Describe>(self, name: &'static str, preset: Preset) -> VariantReport {
        let b = self.0;
        let options = options_of::<G::Options>(preset);
        let mut run = Run::new(name, b.seed);
        for _ in 0..b.games {
            let mut pos = G::start(&options);
            let mut played: Vec<String> = Vec::new();
            for _ in 0..b.max_plies {
                run.met(pos.fen(), check_position(&pos, &options));
                let mut moves = G::Moves::default();
                pos.legal_moves(&mut moves);
                if pos.outcome().is_some() || moves.is_empty() {
                    break;
                }
                let mv = moves[run.rng.random_range(0..moves.len())];
                played.push(pos.format_move(mv));
                pos = pos.play(mv);
            }
            run.played(&played);
            run.tokens.extend(played);
        }
        run.mutated_fens(b.fens, |text| match G::from_fen(text, &options) {
            Ok(pos) => check_position(&pos, &options).map(|_| {
                let mut moves = G::Moves::default();
                pos.legal_moves(&mut moves);
                for &mv in moves.iter().take(8) {
                    let _ = pos.play(mv).outcome();
                }
            }),
            Err(e) => one_line(e.what()),
        });
        run.mutated_moves(b.moves, |fen, token, _| {
            let pos = G::from_fen(fen, &options).ok()?;
            Some(match pos.parse_move(token) {
                Ok(mv) => {
                    let mut moves = G::Moves::default();
                    pos.legal_moves(&mut moves);
                    legal(mv, &moves)
                }
                Err(e) => one_line(e.what()),
            })
        });
        run.finish::<G::Options>(false)
    }

    fn run_rounds<G: DescribeRounds>(self, name: &'static str, preset: Preset) -> VariantReport {
        let b = self.0;
        let options = options_of::<G::Options>(preset);
        let mut run = Run::new(name, b.seed);
        for _ in 0..b.games {
            let mut pos = G::start(&options);
            let mut played: Vec<String> = Vec::new();
            for _ in 0..b.max_plies {
                run.met(pos.fen(), check_round_position(&pos, &options));
                let (mut white, mut black) = (G::Orders::default(), G::Orders::default());
                pos.orders(Player::White, &mut white);
                pos.orders(Player::Black, &mut black);
                if pos.outcome().is_some() || white.is_empty() || black.is_empty() {
                    break;
                }
                let w = white[run.rng.random_range(0..white.len())];
                let b = black[run.rng.random_range(0..black.len())];
                let round = pos.format_round(w, b);
                if pos.parse_round(&round) != Ok((w, b)) {
                    run.report
                        .tally
                        .fail(format!("{name}: round '{round}' does not read back"));
                }
                run.tokens.push(pos.format_order(w));
                played.push(round);
                pos = pos.resolve(w, b);
            }
            run.played(&played);
        }
        run.mutated_fens(b.fens, |text| match G::from_fen(text, &options) {
            Ok(pos) => check_round_position(&pos, &options).map(|_| {
                let (mut white, mut black) = (G::Orders::default(), G::Orders::default());
                pos.orders(Player::White, &mut white);
                pos.orders(Player::Black, &mut black);
                for (&w, &b) in white.iter().zip(black.iter()).take(8) {
                    let _ = pos.resolve(w, b).outcome();
                }
            }),
            Err(e) => one_line(e.what()),
        });
        run.mutated_moves(b.moves, |fen, token, rng| {
            let pos = G::from_fen(fen, &options).ok()?;
            let side = if rng.random_bool(0.5) {
                Player::White
            } else {
                Player::Black
            };
            Some(match pos.parse_order(side, token) {
                Ok(order) => {
                    let mut orders = G::Orders::default();
                    pos.orders(side, &mut orders);
                    legal(order, &orders)
                }
                Err(e) => one_line(e.what()),
            })
        });
        run.finish::<G::Options>(true)
    }
}

fn options_of<O: VariantOptions>(preset: Preset) -> O {
    let mut options = O::default();
    for (name, value) in preset {
        // The registry's own text: checked by the registry's tests.
        let _ = options.set(name, value);
    }
    options
}

/// A parse error is one line of text (the protocol prints it as one `info string error`).
fn one_line(message: &str) -> Result<(), String> {
    if message.is_empty() || message.contains('\n') {
        return Err(format!("error message not one line: {message:?}"));
    }
    Ok(())
}

/// The invariants of a position met in play: its FEN reads back to the same FEN and key, and
/// every legal move is written in a way that reads back to itself.
fn check_position<G: Game>(pos: &G, options: &G::Options) -> Result<(), String> {
    let fen = pos.fen();
    let back = match G::from_fen(&fen, options) {
        Ok(back) => back,
        // A game decided by the last move may have no legal FEN (Lene Hau: the mover left
        // its own king attacked and lost; docs/variants/lene-hau.md).
        Err(_) if pos.outcome().is_some() => return Ok(()),
        Err(e) => return Err(format!("own FEN rejected: {e}")),
    };
    if back.fen() != fen {
        return Err(format!("FEN round trip gives {}", back.fen()));
    }
    if back.key() != pos.key() {
        return Err("key differs from the key of the FEN's position".into());
    }
    let mut moves = G::Moves::default();
    pos.legal_moves(&mut moves);
    if moves.len() as u64 != pos.count_legal_moves() {
        return Err("counted moves differ from listed moves".into());
    }
    for &mv in moves.iter() {
        let text = pos.format_move(mv);
        if pos.parse_move(&text) != Ok(mv) {
            return Err(format!("move '{text}' does not read back"));
        }
    }
    Ok(())
}

fn check_round_position<G: SimultaneousGame>(pos: &G, options: &G::Options) -> Result<(), String> {
    let fen = pos.fen();
    let back = G::from_fen(&fen, options).map_err(|e| format!("own FEN rejected: {e}"))?;
    if back.fen() != fen {
        return Err(format!("FEN round trip gives {}", back.fen()));
    }
    if back.key() != pos.key() {
        return Err("key differs from the key of the FEN's position".into());
    }
    for side in Player::BOTH {
        let mut orders = G::Orders::default();
        pos.orders(side, &mut orders);
        for &order in orders.iter() {
            let text = pos.format_order(order);
            if pos.parse_order(side, &text) != Ok(order) {
                return Err(format!("order '{text}' does not read back"));
            }
        }
    }
    Ok(())
}

/// `position` lines along a played game: from the start with a prefix of the moves, and from
/// a FEN met on the way.
fn position_lines(played: &[String], fens: &[String], rng: &mut SmallRng) -> Vec<String> {
    let cut = rng.random_range(0..=played.len());
    let mut lines = vec![format!(
        "position startpos moves {}",
        played[..cut].join(" ")
    )];
    if let Some(fen) = fens.last() {
        lines.push(format!("position fen {fen}"));
    }
    lines
}

/// `go` lines of every kind, short enough to end soon by themselves.
fn go_lines(tokens: &[String], simultaneous: bool, rng: &mut SmallRng) -> Vec<String> {
    let side = if simultaneous { "side white " } else { "" };
    let some_move = tokens
        .get(rng.random_range(0..tokens.len().max(1)))
        .cloned()
        .unwrap_or_default();
    [
        "depth 1".to_string(),
        "depth 2".to_string(),
        "nodes 500".to_string(),
        "nodes 1000".to_string(),
        "movetime 2".to_string(),
        "wtime 200 btime 200 winc 0 binc 0".to_string(),
        "wtime 100 btime 100 movestogo 1".to_string(),
        "infinite".to_string(),
        "ponder wtime 100 btime 100".to_string(),
        "mate 1".to_string(),
        format!("searchmoves {some_move} depth 1"),
        "perft 1".to_string(),
        "perft 2".to_string(),
        "depth -1".to_string(),
        "nodes 99999999999999999999".to_string(),
        "wtime -5".to_string(),
    ]
    .iter()
    .map(|rest| {
        if rest.starts_with("perft") {
            format!("go {rest}")
        } else {
            format!("go {side}{rest}")
        }
    })
    .chain(simultaneous.then(|| "go side black depth 1".to_string()))
    .chain(simultaneous.then(|| "go depth 1".to_string()))
    .collect()
}

/// A `setoption` line for every value of every option of the variant (spins: the ends), then
/// its default.
fn option_lines<O: VariantOptions>() -> Vec<String> {
    O::specs()
        .iter()
        .flat_map(|spec| {
            spec.sample_values()
                .into_iter()
                .map(|value| format!("setoption name {} value {value}", spec.name))
        })
        .collect()
}
