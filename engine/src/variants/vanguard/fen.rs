//! The five-field FEN of spec §3.2: placement (multi-digit empty runs), side, lost initial
//! rights, halfmove clock, fullmove number. Reading validates strictly (R27).

use super::piece::{Piece, Role};
use super::position::Vanguard;
use crate::bitboard::{Bb256, Bitboard};
use crate::game::{ParseError, Player};
use crate::placement::{read_placement, Fault, PlacementError, RankError};
use crate::square::{Board16, Square};
use std::fmt::Write;

pub const START_FEN: &str =
    "hjyfbwdqkicbfyjh/rnzlaavggvaalznr/ppppssseessspppp/16/16/16/16/16/16/16/16/16/16/\
                             PPPPSSSEESSSPPPP/RNZLAAVGGVAALZNR/HJYFBWDQKICBFYJH w - 0 1";

/// At most 48 men a side: no play can create more (spec §2), and the bound sizes the move list.
pub const MAX_MEN_PER_SIDE: u32 = 48;

impl Vanguard {
    pub fn from_fen(fen: &str) -> Result<Vanguard, ParseError> {
        // Every message names the whole FEN at its end, and `token`, the part to blame, in
        // quotes (the FEN itself where no one field is).
        let err_at = |token: &str, msg: String| {
            ParseError::with_token(format!("{msg} in FEN '{fen}'"), token)
        };
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 5 {
            return Err(err_at(
                fen,
                format!("expected 5 fields, found {}", fields.len()),
            ));
        }
        let side = match fields[1] {
            "w" => Player::White,
            "b" => Player::Black,
            t => return Err(err_at(t, format!("bad side to move '{t}'"))),
        };
        let mut pos = Vanguard::empty(side);

        read_placement::<Board16, _, ()>(fields[0], false, Piece::from_letter, |sq, piece| {
            pos.put(sq, piece);
            Ok(())
        })
        .map_err(|e| match e {
            PlacementError::Ranks(found) => {
                err_at(fen, format!("placement has {found} ranks, not 16"))
            }
            PlacementError::Rank(RankError { rank, text, fault }) => match fault {
                Fault::Run(run) => err_at(run, format!("bad empty run '{run}' on rank {rank}")),
                Fault::Letter(c) => err_at(c, format!("bad piece letter '{c}' on rank {rank}")),
                Fault::Short(n) => err_at(
                    text,
                    format!("rank {rank} '{text}' has {n} squares, not 16"),
                ),
                // No stacks and no refused pieces here: what is left is a rank too long.
                Fault::Long | Fault::Unclosed | Fault::Lone | Fault::Mixed | Fault::Piece(()) => {
                    err_at(
                        text,
                        format!("rank {rank} '{text}' is longer than 16 squares"),
                    )
                }
            },
        })?;

        // Lost initial rights: squares of eligible men that have moved; others are ignored.
        let mut lost = Bb256::EMPTY;
        if fields[2] != "-" {
            let mut rest = fields[2];
            while !rest.is_empty() {
                let (sq, tail) = Square::parse_prefix::<Board16>(rest)
                    .filter(|_| rest.is_ascii())
                    .ok_or_else(|| {
                        err_at(
                            fields[2],
                            format!("bad square in lost-rights field '{}'", fields[2]),
                        )
                    })?;
                lost.set(sq);
                rest = tail;
            }
        }
        let unmoved = pos.eligible() & !lost;
        pos.clear_unmoved(Bb256::FULL);
        pos.unmoved = unmoved;
        pos.key = pos.compute_key();

        pos.halfmove = fields[3]
            .parse()
            .map_err(|_| err_at(fields[3], format!("bad halfmove clock '{}'", fields[3])))?;
        pos.fullmove = fields[4]
            .parse()
            .ok()
            .filter(|n| *n >= 1)
            .ok_or_else(|| err_at(fields[4], format!("bad fullmove number '{}'", fields[4])))?;

        pos.validate().map_err(|msg| err_at(fen, msg))?;
        Ok(pos)
    }

    /// The rules of R27 (less its check clause, see below), and the men-per-side bound.
    fn validate(&self) -> Result<(), String> {
        for color in Player::BOTH {
            let kings = self.pieces(color, Role::King).count();
            if kings != 1 {
                return Err(format!("{color} has {kings} Kings, not 1"));
            }
            let princes = self.pieces(color, Role::Prince).count();
            if princes > 1 {
                return Err(format!("{color} has {princes} Princes"));
            }
            let men = self.men(color).count();
            if men > MAX_MEN_PER_SIDE {
                return Err(format!(
                    "{color} has {men} men, more than {MAX_MEN_PER_SIDE}"
                ));
            }
            let far_rank = match color {
                Player::White => 15,
                Player::Black => 0,
            };
            for role in [Role::Pawn, Role::Soldier, Role::Sergeant] {
                if let Some(sq) = (self.pieces(color, role) & Bb256::rank_mask(far_rank)).lowest() {
                    return Err(format!(
                        "{color} {role:?} on its far rank at {}",
                        sq.display::<Board16>()
                    ));
                }
            }
        }
        // R27 also rejects a position whose side not to move has an attacked sole King, but the
        // spec's own worked examples 4 and 9 are such positions, with counts that include taking
        // that King. Taking it is a well-defined win under extinction royalty, so such positions
        // are accepted (docs/variants/vanguard.md, "Decisions").
        Ok(())
    }

    pub fn fen(&self) -> String {
        let mut out = String::with_capacity(120);
        for rank in (0..16u8).rev() {
            let mut empty = 0;
            for file in 0..16u8 {
                match self.piece_at(Square::from_coords::<Board16>(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            let _ = write!(out, "{empty}");
                            empty = 0;
                        }
                        out.push(p.letter());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.side.fen_char());
        out.push(' ');
        let lost = self.eligible() & !self.unmoved;
        if lost.is_empty() {
            out.push('-');
        }
        for sq in lost.squares() {
            let _ = write!(out, "{}", sq.display::<Board16>());
        }
        let _ = write!(out, " {} {}", self.halfmove, self.fullmove);
        out
    }
}
