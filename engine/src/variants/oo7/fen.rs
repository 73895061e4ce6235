//! The extended FEN of §10.2: six orthodox fields, the turn state `<c><k>/<n>`, and under
//! Detente the sets `F` and `E`.
//!
//! Reading checks the turn state against the schedule (the colour on the board must be the one
//! the `k`-th ply of such a turn moves) and the sets against the turn (they can only hold what
//! earlier plies of this turn moved).

use super::detente::Detente;
use super::options::Options;
use super::position::Position;
use super::turn::TurnState;
use crate::bitboard::{Bb64, Bitboard};
use crate::game::{ParseError, Player};
use crate::square::{Board8, Square};
use crate::variants::chess::{Position as Board, Role};

/// An error that `token`, which `msg` names in quotes, is to blame for.
fn err_at(token: &str, msg: String) -> ParseError {
    ParseError::with_token(format!("bad FEN: {msg}"), token)
}

impl Position {
    /// Reads an extended FEN: 6 orthodox fields (or 4, without clocks), then optionally the
    /// turn state, then optionally `F` and `E` (both or neither). A missing turn state reads as
    /// the start of a standard turn of the colour to move's owner (`w1/3` or `b1/3`).
    pub fn from_fen(fen: &str, options: &Options) -> Result<Position, ParseError> {
        options.validate()?;
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let orthodox = match fields.len() {
            4 | 6 => fields.len(),
            7 | 9 => 6,
            8 => {
                return Err(err_at(
                    fen,
                    format!(
                        "Detente sets F and E (fields 8 and 9) come together; only one in '{fen}'"
                    ),
                ))
            }
            n => {
                return Err(err_at(
                    fen,
                    format!(
                        "expected 6 orthodox fields, the turn state and the Detente sets (6 to 9 \
                     fields), found {n} in '{fen}'"
                    ),
                ))
            }
        };
        let board_fen = fields[..orthodox].join(" ");
        let board = if options.fast_and_deadly {
            Board::from_fen_pseudo(&board_fen)?
        } else {
            Board::from_fen(&board_fen)?
        };
        let color = board.side_to_move();
        let turn = match fields.get(6) {
            Some(token) => TurnState::parse(token)?,
            None => TurnState::new(color, 1, 3),
        };
        let expected = turn.expected_color(options.schedule).map_err(|why| {
            err_at(
                &turn.to_string(),
                format!(
                    "turn state '{turn}' does not fit the {} schedule: {why}",
                    options.schedule
                ),
            )
        })?;
        if expected != color {
            return Err(err_at(
                &turn.to_string(),
                format!(
                    "turn state '{turn}' means a {expected} ply under the {} schedule, but the \
                 colour to move (field 2) is {color}",
                    options.schedule
                ),
            ));
        }
        let detente = match (fields.get(7), fields.get(8)) {
            (Some(f), Some(e)) => read_sets(&board, turn, options, f, e)?,
            _ => Detente::EMPTY,
        };
        // The board keeps en passant only when a capture is possible; FEN shows every double
        // step, so remember the field as read (the board reader has checked it).
        let double_step = Square::parse::<Board8>(fields[3]);
        Ok(Position::new(board, *options, turn, detente, double_step))
    }

    /// The extended FEN: the turn state always, the Detente sets when Detente is on.
    pub fn fen(&self) -> String {
        let board = self.board.fen();
        let mut fields: Vec<&str> = board.split(' ').collect();
        let ep = self
            .double_step
            .map_or("-".to_string(), |sq| sq.display::<Board8>().to_string());
        fields[3] = &ep;
        let mut s = fields.join(" ");
        s.push_str(&format!(" {}", self.turn));
        if self.options.detente {
            s.push_str(&format!(
                " {} {}",
                write_set(self.detente.friendly),
                write_set(self.detente.enemy)
            ));
        }
        s
    }
}

fn write_set(set: Bb64) -> String {
    if set.is_empty() {
        return "-".to_string();
    }
    set.squares()
        .map(|sq| sq.display::<Board8>().to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Reads `F` and `E` and checks they could have come from this turn's earlier plies.
fn read_sets(
    board: &Board,
    turn: TurnState,
    options: &Options,
    f: &str,
    e: &str,
) -> Result<Detente, ParseError> {
    let friendly = read_set(board, f, "F (field 8)")?;
    let enemy = read_set(board, e, "E (field 9)")?;
    // Without Detente the sets mean nothing: read (so a Detente FEN can be looked at without
    // Detente, as the rules' examples do) and dropped.
    if !options.detente {
        return Ok(Detente::EMPTY);
    }
    let color = board.side_to_move();
    let controller = turn.controller;
    // Colours alternate, so the previous ply moved the other colour, and the turn's first ply
    // moved this colour when an even number of plies lie between.
    let previous_was_enemy = turn.k >= 2 && color == controller;
    let first = if (turn.k - 1).is_multiple_of(2) {
        color
    } else {
        color.other()
    };
    let first_was_friendly = turn.k >= 2 && first == controller;
    if friendly.any() && !first_was_friendly {
        return Err(err_at(
            f,
            format!(
                "F '{f}' must be '-' at turn state {turn}: no earlier friendly first ply in this \
                 turn"
            ),
        ));
    }
    if enemy.any() && !previous_was_enemy {
        return Err(err_at(
            e,
            format!(
                "E '{e}' must be '-' at turn state {turn}: the previous ply was not an enemy ply \
                 of this turn"
            ),
        ));
    }
    check_pieces(board, friendly, controller, f, "F")?;
    check_pieces(board, enemy, controller.other(), e, "E")?;
    Ok(Detente { friendly, enemy })
}

fn read_set(board: &Board, text: &str, what: &str) -> Result<Bb64, ParseError> {
    if text == "-" {
        return Ok(Bb64(0));
    }
    let mut set = Bb64(0);
    for token in text.split(',') {
        let sq = Square::parse::<Board8>(token).ok_or_else(|| {
            err_at(
                token,
                format!(
                    "{what} must be '-' or squares joined by commas; bad square '{token}' in \
                     '{text}'"
                ),
            )
        })?;
        if set.has(sq) {
            return Err(err_at(
                token,
                format!("{what} repeats square '{token}' in '{text}'"),
            ));
        }
        if !board.occupied().has(sq) {
            return Err(err_at(
                token,
                format!("{what} names the empty square '{token}'"),
            ));
        }
        set |= Bb64(1 << sq.0);
    }
    Ok(set)
}

/// One ply moves one piece, or a king and a rook when castling; all of `owner`'s colour.
fn check_pieces(
    board: &Board,
    set: Bb64,
    owner: Player,
    text: &str,
    name: &str,
) -> Result<(), ParseError> {
    if (set & !board.player(owner)).any() {
        return Err(err_at(
            text,
            format!(
                "{name} '{text}' must hold {owner} pieces only (pieces of the {owner} colour \
                 moved there this turn)"
            ),
        ));
    }
    let castled = set.count() == 2
        && (set & board.pieces(owner, Role::King)).count() == 1
        && (set & board.pieces(owner, Role::Rook)).count() == 1;
    if set.count() > 2 || (set.count() == 2 && !castled) {
        return Err(err_at(
            text,
            format!(
                "{name} '{text}' holds more than one ply moves: one piece, or a king and a rook"
            ),
        ));
    }
    Ok(())
}
