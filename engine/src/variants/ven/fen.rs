//! Ven FEN (ven.md §2): the six chess fields, read as placement, first mover, castling rights,
//! en passant squares (`-`, `e3`, `d6`, `e3d6`: a rank-3 square first), clock in orders, round.
//! A plain chess FEN is a Ven FEN. Reading is strict: errors name the field and the token.

use super::position::Ven;
use crate::bitboard::Bitboard;
use crate::game::{ParseError, Player};
use crate::square::{Board8, Square};
use crate::variants::chess::{read_number, Position, Role};

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn err(msg: String) -> ParseError {
    ParseError::new(format!("bad Ven FEN: {msg}"))
}

/// An error of the chess reader, told as Ven's.
fn from_chess(e: ParseError) -> ParseError {
    e.map_what(|w| format!("bad Ven FEN: {}", w.trim_start_matches("bad FEN: ")))
}

impl Ven {
    /// The standard start: White carries out first in round 1.
    pub fn start() -> Ven {
        Ven::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// Reads a Ven FEN with six fields, or four (clock and round then `0 1`).
    pub fn from_fen(fen: &str) -> Result<Ven, ParseError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 4 && fields.len() != 6 {
            return Err(err(format!(
                "expected 6 fields (or 4 without clock and round), found {} in '{fen}'",
                fields.len()
            )));
        }
        let first = match fields[1] {
            "w" => Player::White,
            "b" => Player::Black,
            t => {
                return Err(err(format!(
                    "first mover (field 2) must be 'w' or 'b', not '{t}'"
                )))
            }
        };
        // The chess reader checks the placement and the castling rights against it; both kings
        // may be in check in Ven, so it reads as the rules that ignore check do.
        let chess = Position::from_fen_pseudo(&format!("{} w {} - 0 1", fields[0], fields[2]))
            .map_err(from_chess)?;
        let board = chess.bare_board();
        let (wk, bk) = (board.king(Player::White), board.king(Player::Black));
        if crate::attacks::board8::king_attacks(wk).has(bk) {
            return Err(err(format!(
                "the kings stand on adjacent squares in '{}'",
                fields[0]
            )));
        }
        let mut pos = Ven {
            board,
            first,
            castling: chess.castling_rights(),
            ep: [None, None],
            clock: 0,
            round: 1,
            exploiter_rounds: super::Options::default().exploiter_rounds,
        };
        pos.ep = read_en_passant(&pos.board, fields[3])?;
        if fields.len() == 6 {
            pos.clock = read_number(fields[4], "clock (field 5)").map_err(from_chess)?;
            pos.round = read_number(fields[5], "round (field 6)").map_err(from_chess)?;
            if pos.round == 0 {
                return Err(err("round (field 6) must be at least 1, not '0'".into()));
            }
        }
        Ok(pos)
    }

    /// The Ven FEN, six fields.
    pub fn fen(&self) -> String {
        let chess = self.board.fen();
        let placement = chess.split(' ').next().unwrap_or_default();
        let mut s = format!("{placement} {} ", self.first.fen_char());
        let rights = self.castling;
        if rights.0 == 0 {
            s.push('-');
        }
        for (bit, c) in crate::variants::chess::CastlingRights::LETTERS {
            if rights.has(bit) {
                s.push(c);
            }
        }
        s.push(' ');
        if self.ep == [None, None] {
            s.push('-');
        }
        for sq in self.ep.into_iter().flatten() {
            s.push_str(&sq.display::<Board8>().to_string());
        }
        s.push_str(&format!(" {} {}", self.clock, self.round));
        s
    }
}

/// Field 4: `-`, or one or two squares, a rank-3 square (a White pawn double-stepped past it)
/// before a rank-6 one, each with the pawn that passed it standing just beyond.
fn read_en_passant(board: &Position, field: &str) -> Result<[Option<Square>; 2], ParseError> {
    let mut ep = [None, None];
    if field == "-" {
        return Ok(ep);
    }
    let bad = |why: &str| {
        err(format!(
            "en passant (field 4) '{field}': {why} (expected '-', or squares such as e3, d6, e3d6)"
        ))
    };
    let mut rest = field;
    let mut last_rank = None;
    while !rest.is_empty() {
        let (sq, tail) = Square::parse_prefix::<Board8>(rest).ok_or_else(|| bad("not a square"))?;
        let name = &rest[..rest.len() - tail.len()];
        let pawns = match sq.rank::<Board8>() {
            2 => Player::White,
            5 => Player::Black,
            _ => return Err(bad(&format!("'{name}' is not on rank 3 or 6"))),
        };
        if last_rank.is_some_and(|r| r >= sq.rank::<Board8>()) {
            return Err(bad("at most one square a rank, the rank-3 square first"));
        }
        last_rank = Some(sq.rank::<Board8>());
        if !board.pieces(pawns, Role::Pawn).has(Square(sq.0 ^ 8)) {
            return Err(bad(&format!(
                "no {pawns} pawn stands beyond '{name}' after a double step"
            )));
        }
        ep[pawns.index()] = Some(sq);
        rest = tail;
    }
    Ok(ep)
}
