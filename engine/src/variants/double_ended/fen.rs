//! FEN in and out (rules §6): orthodox six fields with the Mirror Knight `M`/`m`; the
//! en-passant field is written `-` and ignored on input (there is no en passant).

use super::movegen::MAX_MOVES;
use super::piece::{Piece, Role};
use super::position::{DoubleEnded, BLACK_LONG, BLACK_SHORT, WHITE_LONG, WHITE_SHORT};
use crate::game::{ParseError, Player};
use crate::placement::{read_placement, Fault, PlacementError, RankError};
use crate::square::{Board8, Square};

/// An error that `token`, which `msg` names in quotes, is to blame for.
fn err_at(token: &str, msg: String) -> ParseError {
    ParseError::with_token(msg, token)
}

/// Castling letters with the squares their king and rook must stand on.
const CASTLING: [(char, u8, Player, u8, u8); 4] = [
    ('K', WHITE_SHORT, Player::White, 4, 7),
    ('Q', WHITE_LONG, Player::White, 4, 0),
    ('k', BLACK_SHORT, Player::Black, 60, 63),
    ('q', BLACK_LONG, Player::Black, 60, 56),
];

impl<const DEEP: bool> DoubleEnded<DEEP> {
    /// Reads a FEN. Besides syntax it checks what the move generator relies on: one king a side,
    /// material that cannot overflow the move list ([`MAX_MOVES`]), no pawn on its first or last rank, castling rights backed by
    /// king and rook on their home squares, and the player not to move not in check.
    pub fn from_fen(fen: &str) -> Result<Self, ParseError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(err_at(
                fen,
                format!("FEN '{fen}' has {} fields, expected 4 to 6", fields.len()),
            ));
        }
        let mut pos = Self::empty();
        pos.parse_placement(fields[0])?;

        pos.side = match fields[1] {
            "w" => Player::White,
            "b" => Player::Black,
            other => {
                return Err(err_at(
                    other,
                    format!("bad side to move '{other}' (expected w or b)"),
                ))
            }
        };

        let mut rights = 0;
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let Some(&(_, bit, player, king, rook)) = CASTLING.iter().find(|e| e.0 == c) else {
                    return Err(err_at(
                        &c.to_string(),
                        format!("bad castling field '{}': unknown letter '{c}'", fields[2]),
                    ));
                };
                if rights & bit != 0 {
                    return Err(err_at(
                        &c.to_string(),
                        format!("bad castling field '{}': '{c}' twice", fields[2]),
                    ));
                }
                let has = |sq: u8, role| pos.board.piece_at(sq) == Some(Piece::new(player, role));
                if !has(king, Role::King) || !has(rook, Role::Rook) {
                    return Err(err_at(
                        &c.to_string(),
                        format!(
                            "castling right '{c}' needs the {player} king on {} and a rook on {}",
                            Square(king).display::<Board8>(),
                            Square(rook).display::<Board8>()
                        ),
                    ));
                }
                rights |= bit;
            }
        }
        pos.castling = rights;

        let ep = fields[3];
        if ep != "-" && Square::parse::<Board8>(ep).is_none() {
            return Err(err_at(ep, format!("bad en-passant field '{ep}'")));
        }

        if let Some(h) = fields.get(4) {
            pos.halfmove = h
                .parse()
                .map_err(|_| err_at(h, format!("bad halfmove clock '{h}'")))?;
        }
        if let Some(f) = fields.get(5) {
            pos.fullmove = f
                .parse()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| err_at(f, format!("bad fullmove number '{f}'")))?;
        }
        pos.key = pos.key_from_scratch();

        let waiting = pos.side.other();
        if pos
            .board
            .attacked::<DEEP>(pos.board.king(waiting), pos.side)
        {
            return Err(err_at(
                fen,
                format!("illegal position '{fen}': {waiting}, not to move, is in check"),
            ));
        }
        Ok(pos)
    }

    fn parse_placement(&mut self, placement: &str) -> Result<(), ParseError> {
        let letter = |c: char| {
            let role = Role::from_letter(c).filter(|k| !(DEEP && *k == Role::Mirror))?;
            let player = if c.is_ascii_uppercase() {
                Player::White
            } else {
                Player::Black
            };
            Some(Piece::new(player, role))
        };
        read_placement::<Board8, _, ()>(placement, false, letter, |sq, piece| {
            let rank = sq.rank::<Board8>();
            if piece.role == Role::Pawn && (rank == 0 || rank == 7) {
                return Err(());
            }
            self.put(sq, piece);
            Ok(())
        })
        .map_err(|e| Self::placement_error(placement, e))?;
        for player in Player::BOTH {
            let kings = self.board.pieces(player, Role::King).0.count_ones();
            if kings != 1 {
                return Err(err_at(
                    placement,
                    format!("placement '{placement}' has {kings} {player} kings, expected 1"),
                ));
            }
            let most: usize = Role::ALL
                .iter()
                .map(|k| self.board.pieces(player, *k).0.count_ones() as usize * k.most_moves())
                .sum();
            if most > MAX_MOVES {
                return Err(err_at(
                    placement,
                    format!(
                        "placement '{placement}' has too much {player} material (up to {most} \
                         moves, at most {MAX_MOVES})"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// A placement error in Double-Ended's words, naming the bad token.
    fn placement_error(placement: &str, e: PlacementError<'_, ()>) -> ParseError {
        let RankError { text, fault, .. } = match e {
            PlacementError::Ranks(found) => {
                return err_at(
                    placement,
                    format!("placement '{placement}' has {found} ranks, expected 8"),
                )
            }
            PlacementError::Rank(e) => e,
        };
        match fault {
            Fault::Run(run) => err_at(
                run,
                format!("bad empty-square count '{run}' (1 to 8, never two digits in a row) in rank '{text}'"),
            ),
            Fault::Letter(c) => {
                let why = if DEEP && c.eq_ignore_ascii_case("m") {
                    " (no Mirror Knight in double-ended-deep)"
                } else {
                    ""
                };
                err_at(c, format!("bad piece '{c}' in rank '{text}'{why}"))
            }
            Fault::Short(n) => err_at(text, format!("rank '{text}' has {n} squares, expected 8")),
            Fault::Piece(()) => err_at(text, format!("pawn on the first or last rank in '{text}'")),
            // Stacks are not read here, so their faults cannot arise.
            Fault::Long | Fault::Unclosed | Fault::Lone | Fault::Mixed => {
                err_at(text, format!("rank '{text}' has more than 8 squares"))
            }
        }
    }

    pub fn fen(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut gap = 0;
            for file in 0..8 {
                match self.board.piece_at(rank * 8 + file) {
                    None => gap += 1,
                    Some(p) => {
                        if gap > 0 {
                            s.push_str(&gap.to_string());
                            gap = 0;
                        }
                        s.push(p.fen_char());
                    }
                }
            }
            if gap > 0 {
                s.push_str(&gap.to_string());
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.side.fen_char());
        s.push(' ');
        let rights: String = CASTLING
            .iter()
            .filter(|e| self.castling & e.1 != 0)
            .map(|e| e.0)
            .collect();
        s.push_str(if rights.is_empty() { "-" } else { &rights });
        s.push_str(&format!(" - {} {}", self.halfmove, self.fullmove));
        s
    }
}
