//! `chimera svg [--variant V] [--fen F] [--option NAME=VALUE]... [--last MOVE] [--flip]`:
//! the board as SVG on stdout, drawn by the web board's renderer. `--last MOVE` plays MOVE from
//! the position and draws the position after it with the move marked (and, in Double-Ended,
//! what it captured by approach or withdrawal).

use crate::board::{self, BoardGame, Effects};
use crate::cli::name_value;
use crate::picture::{self, Marks};
use clap::Args;
use std::io::Write;

/// The picture of a game as it stands: its last turn (every ply of a 007 turn; a Ven round's
/// two orders with what became of them), what that removed, kings in check.
pub fn game_svg(game: &dyn BoardGame, flipped: bool) -> String {
    let view = game.view();
    let plies = game.plies();
    let mut marks = Marks {
        flipped,
        ..Marks::default()
    };
    if let Some(Effects::Round(round)) = plies.last().map(|p| &p.effects) {
        // One record is one whole round: only the latest is drawn, with the kings it checked.
        marks.orders = round.orders.clone();
        marks.removed = round.removed.clone();
        marks.checks = round.checks.iter().filter_map(|&p| view.king(p)).collect();
    } else {
        // The last turn: the latest plies one player decided in a row.
        let decider = plies.last().map(|p| p.player);
        let start = plies
            .iter()
            .rposition(|p| Some(p.player) != decider)
            .map_or(0, |i| i + 1);
        for p in &plies[start..] {
            if let Effects::Ply(e) = &p.effects {
                marks.turn.push(e.clone());
                marks.removed.extend_from_slice(&e.removed);
            }
        }
        if game.in_check() {
            marks.checks.extend(view.king(view.colour));
        }
    }
    picture::board_svg(game.variant(), &view, &marks)
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
    let mut game = board::open(variant, options, fen.as_deref()).map_err(|e| e.to_string())?;
    if let Some(turn) = &last {
        game.play_turn(turn).map_err(|e| e.to_string())?;
    }
    let svg = game_svg(game.as_ref(), *flipped);
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{svg}").map_err(|e| format!("cannot write the picture: {e}"))
}
