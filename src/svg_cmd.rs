//! `chimera svg [--variant V] [--fen F] [--option NAME=VALUE]... [--last MOVE] [--flip]`:
//! the board as SVG on stdout, drawn by the web board's renderer. `--last MOVE` plays MOVE from
//! the position and draws the position after it with the move marked (and, in Double-Ended,
//! what it captured by approach or withdrawal).

use crate::cli::name_value;
use crate::picture::{self, Marks};
use chimera_protocol::board_api::{self, BoardGame, Grid};
use clap::Args;
use std::io::Write;

/// The picture of a game as it stands: its last turn (every ply of a 007 turn), what that
/// removed, a king in check.
pub fn game_svg(game: &dyn BoardGame, flipped: bool) -> String {
    let fen = game.fen();
    let plies = game.plies();
    // The last turn: the latest plies one player decided in a row.
    let decider = plies.last().map(|p| p.player);
    let start = plies
        .iter()
        .rposition(|p| Some(p.player) != decider)
        .map_or(0, |i| i + 1);
    let turn = &plies[start..];
    let marks = Marks {
        turn: turn.iter().map(|p| (p.text.clone(), p.enemy)).collect(),
        removed: turn.iter().flat_map(|p| p.removed.clone()).collect(),
        check: None,
        flipped,
    };
    match Grid::from_fen(&fen) {
        Ok(grid) => {
            let white = fen.split_whitespace().nth(1) != Some("b");
            let check = if game.in_check() {
                picture::king_square(&grid, white)
            } else {
                None
            };
            picture::board_svg(game.variant(), &grid, &Marks { check, ..marks })
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
