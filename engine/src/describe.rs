//! What a variant shows beyond the rules' contracts, each in its own folder
//! (`variants/<name>/describe.rs`): checkers for `d`, the terms of `eval`, the positions and
//! depth of `bench`, the PGN name, the names of its pieces, and the position and each ply as a
//! board shows them ([`crate::board_view`]). Every method has a default (a game without a board,
//! such as the toys, shows an empty one), so a variant's impl says only what it has.

use crate::board_view::{BoardView, PlyEffects, RoundEffects};
use crate::eval::tapered::Pair;
use crate::simultaneous::SimultaneousGame;
use crate::{Bitboard, Game, GameState};

/// One row of `eval`: a term's middlegame and endgame values for each player, in centipawns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalRow {
    pub term: &'static str,
    pub white: [i32; 2],
    pub black: [i32; 2],
}

impl EvalRow {
    /// The rows of a tapered evaluation: for each term (named by `names`), its middlegame and
    /// endgame pair for White and Black.
    pub fn tapered(names: impl Iterator<Item = &'static str>, terms: &[[Pair; 2]]) -> Vec<EvalRow> {
        names
            .zip(terms)
            .map(|(term, [white, black])| EvalRow {
                term,
                white: [white.0, white.1],
                black: [black.0, black.1],
            })
            .collect()
    }
}

/// Squares as `d` lists them (`e1 h4`), or `-` for none.
pub fn squares_text<B: Bitboard>(squares: B) -> String {
    let names: Vec<String> = squares
        .squares()
        .map(|s| s.display::<B::Geometry>().to_string())
        .collect();
    if names.is_empty() {
        "-".into()
    } else {
        names.join(" ")
    }
}

/// What every variant shows, whichever kind of game it is: the positions and depth of `bench`,
/// its PGN name, the names of its pieces and its board. All optional.
pub trait DescribeBoard: GameState {
    /// FENs that `bench` searches (empty: the start position).
    fn bench_fens() -> &'static [&'static str] {
        &[]
    }
    /// Depth of `bench` when none is given: plies for a sequential game, payoff rounds for a
    /// simultaneous one.
    fn bench_depth() -> u32 {
        6
    }
    /// The PGN `Variant` tag of registry line `name` under `options` (the name itself by
    /// default).
    fn pgn_name(name: &'static str, options: &Self::Options) -> &'static str {
        let _ = options;
        name
    }
    /// The name of the piece a FEN writes as `letter` (either case), for pictures; the
    /// orthodox names by default.
    fn piece_name(letter: char) -> Option<&'static str> {
        orthodox_piece_name(letter)
    }
    /// The position as a board shows it (empty by default: a game without a board).
    fn board_view(&self) -> BoardView {
        BoardView::new(0, 0, crate::game::Player::White)
    }
}

/// What a sequential variant shows beyond the [`Game`] contract and its board (for `d`, `eval`
/// and the move list), all optional.
pub trait Describe: Game + DescribeBoard {
    /// The squares of the pieces giving check, for `d`.
    fn checkers_text(&self) -> String {
        if self.in_check() {
            "yes".into()
        } else {
            "-".into()
        }
    }
    /// The evaluation by terms, for `eval`; empty = only the total.
    fn eval_rows(&self) -> Vec<EvalRow> {
        Vec::new()
    }
    /// The game phase blending middlegame and endgame values, as (phase, full phase).
    fn eval_phase(&self) -> Option<(i32, i32)> {
        None
    }
    /// What `mv`, played here, did; `after` is the position it led to.
    fn ply_effects(&self, mv: Self::Move, after: &Self) -> PlyEffects {
        let _ = (mv, after);
        PlyEffects::default()
    }
    /// `mv` as the move list shows it, in the spec's notation: the move's own text by default,
    /// SAN in chess.
    fn ply_notation(&self, mv: Self::Move) -> String {
        self.format_move(mv)
    }
}

/// What a simultaneous variant shows beyond its contract and its board.
pub trait DescribeRounds: SimultaneousGame + DescribeBoard {
    /// What the round of `white` and `black`, played here, did: `after` and `report` are what
    /// it led to. By default only the report, in words.
    fn round_effects(
        &self,
        white: Self::Order,
        black: Self::Order,
        after: &Self,
        report: &Self::Report,
    ) -> RoundEffects {
        let _ = (white, black, after);
        RoundEffects {
            orders: Vec::new(),
            removed: Vec::new(),
            checks: Vec::new(),
            report: report.to_string(),
        }
    }
}

/// The orthodox pieces' names, by FEN letter (either case).
pub fn orthodox_piece_name(letter: char) -> Option<&'static str> {
    Some(match letter.to_ascii_uppercase() {
        'K' => "King",
        'Q' => "Queen",
        'R' => "Rook",
        'B' => "Bishop",
        'N' => "Knight",
        'P' => "Pawn",
        _ => return None,
    })
}
