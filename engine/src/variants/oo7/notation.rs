//! Ply and turn notation (§10.1): a ply is a UCI move string (`e2e4`, `e7e8q`, castling as the
//! king's move); a turn is its plies joined by commas (`e2e4,e7e5,g1f3`).

use super::position::Position;
use super::MoveList;
use crate::game::{Game, ParseError};
use crate::variants::chess::{parse_uci_parts, Move};

impl Position {
    /// Reads one ply and checks it is legal here; the error says why not (malformed, illegal,
    /// forbidden by Detente, or the game is over).
    pub fn parse_ply(&self, s: &str) -> Result<Move, ParseError> {
        let (from, to, promotion) = parse_uci_parts(s)?;
        let is = |m: &Move| m.from() == from && m.to() == to && m.promotion_role() == promotion;
        let mut plies = MoveList::new();
        self.legal_plies(&mut plies);
        if let Some(m) = plies.iter().copied().find(is) {
            return Ok(m);
        }
        if let Some(loser) = self.king_taken {
            return Err(ParseError::with_token(
                format!("illegal ply '{s}': the game is over ({loser}'s king was captured)"),
                s,
            ));
        }
        let mut unfiltered = MoveList::new();
        self.unfiltered_plies(&mut unfiltered);
        let why = if unfiltered.iter().any(is) {
            "forbidden by Detente"
        } else {
            "illegal"
        };
        Err(ParseError::with_token(
            format!("{why} ply '{s}' in {}", self.fen()),
            s,
        ))
    }

    /// Reads plies joined by commas (one turn, part of one, or several), each checked in the
    /// position the previous ones lead to.
    pub fn parse_plies(&self, text: &str) -> Result<Vec<Move>, ParseError> {
        let mut pos = *self;
        let mut plies = Vec::new();
        for token in text.split(',') {
            if token.is_empty() {
                return Err(ParseError::with_token(
                    format!("empty ply in '{text}': plies are joined by single commas"),
                    text,
                ));
            }
            let mv = pos.parse_ply(token)?;
            pos = pos.play(mv);
            plies.push(mv);
        }
        Ok(plies)
    }

    /// The position after the comma-joined plies of `text`.
    pub fn play_plies(&self, text: &str) -> Result<Position, ParseError> {
        let plies = self.parse_plies(text)?;
        Ok(plies.iter().fold(*self, |p, m| p.play(*m)))
    }

    /// Plies joined by commas.
    pub fn format_plies(plies: &[Move]) -> String {
        plies
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// What `bestmove` answers (§10.4): the plies of a principal variation that remain in the
    /// current turn, stopping after a ply that ends the game. `pv` must start here.
    pub fn turn_prefix<'a>(&self, pv: &'a [Move]) -> &'a [Move] {
        let mut pos = *self;
        let mut len = 0;
        for mv in pv.iter().take(self.turn.plies_left() as usize) {
            pos = pos.play(*mv);
            len += 1;
            if pos.outcome().is_some() {
                break;
            }
        }
        &pv[..len]
    }
}
