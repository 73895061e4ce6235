//! `chimera svg [--variant V] [--fen F] [--option NAME=VALUE]... [--last MOVE] [--flip]`:
//! the board as SVG on stdout, drawn by the web board's renderer. `--last MOVE` plays MOVE from
//! the position and draws the position after it with the move marked (and, in Double-Ended,
//! what it captured by approach or withdrawal).

use crate::cli::name_value;
use crate::picture::{self, Marks, OrderMark};
use chimera_protocol::board_api::{self, BoardGame, Grid};
use clap::Args;
use std::io::Write;

/// The picture of a game as it stands: its last turn (every ply of a 007 turn; a Ven round's
/// two orders with what the report says became of them), what that removed, kings in check.
pub fn game_svg(game: &dyn BoardGame, flipped: bool) -> String {
    let fen = game.fen();
    let plies = game.plies();
    let mut marks = Marks {
        flipped,
        ..Marks::default()
    };
    if game.simultaneous() {
        // One record is one whole round: only the latest is drawn.
        if let Some(round) = plies.last() {
            marks.orders = round_marks(&round.text, &round.note);
        }
    } else {
        // The last turn: the latest plies one player decided in a row.
        let decider = plies.last().map(|p| p.player);
        let start = plies
            .iter()
            .rposition(|p| Some(p.player) != decider)
            .map_or(0, |i| i + 1);
        let turn = &plies[start..];
        marks.turn = turn.iter().map(|p| (p.text.clone(), p.enemy)).collect();
        marks.removed = turn.iter().flat_map(|p| p.removed.clone()).collect();
    }
    match Grid::from_fen(&fen) {
        Ok(grid) => {
            let white = fen.split_whitespace().nth(1) != Some("b");
            // A round's report names every king in check; elsewhere the side to move's.
            let checked: Vec<bool> = match plies.last().filter(|_| game.simultaneous()) {
                Some(round) => {
                    let checks = round.note.split_whitespace().nth(2).unwrap_or("-");
                    [(checks.contains('W'), true), (checks.contains('B'), false)]
                        .into_iter()
                        .filter(|(c, _)| *c)
                        .map(|(_, w)| w)
                        .collect()
                }
                None if game.in_check() => vec![white],
                None => Vec::new(),
            };
            marks.checks = checked
                .into_iter()
                .filter_map(|w| picture::king_square(&grid, w))
                .collect();
            picture::board_svg(game.variant(), &grid, &marks)
        }
        // A placement the grid cannot read (a later variant's marks): an empty picture.
        Err(e) => format!(
            "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 400 40'><text x='4' y='24'>{}</text></svg>",
            e.what().replace('&', "&amp;").replace('<', "&lt;")
        ),
    }
}

/// `chimera svg`'s arguments.
#[derive(Args, Debug)]
pub struct SvgArgs {
    /// The variant, by its UCI_Variant name
    #[arg(long, value_name = "V", default_value = "chess")]
    variant: String,
    /// The position (default: the start)
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// One of the variant's options (repeatable)
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = name_value)]
    options: Vec<(String, String)>,
    /// A move (a whole turn where a turn has several plies) to play and mark
    #[arg(long, value_name = "MOVE")]
    last: Option<String>,
    /// Black at the bottom
    #[arg(long = "flip")]
    flipped: bool,
}

/// A round `WHITE,BLACK` and its report `WHITE_CODE BLACK_CODE CHECKS` as two order marks.
fn round_marks(text: &str, report: &str) -> Vec<OrderMark> {
    let mut codes = report.split_whitespace();
    text.split(',')
        .zip([true, false])
        .map(|(order, white)| OrderMark {
            text: order.to_string(),
            white,
            code: codes.next().unwrap_or("ok").to_string(),
        })
        .collect()
}

pub fn run(args: &SvgArgs) -> Result<(), String> {
    let SvgArgs {
        variant,
        fen,
        options,
        last,
        flipped,
    } = args;
    let mut game = board_api::open(variant, options, fen.as_deref()).map_err(|e| e.to_string())?;
    if let Some(ply) = &last {
        for ply in ply.split(',') {
            game.play(ply).map_err(|e| e.to_string())?;
        }
    }
    let svg = game_svg(game.as_ref(), *flipped);
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{svg}").map_err(|e| format!("cannot write the picture: {e}"))
}
