//! The 7-field extended FEN (§4): standing pieces with bracket stacks, then travellers.

use super::*;
use crate::placement::{read_placement, Fault, PlacementError, RankError};
use crate::square::Board8;

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

fn err(field: &str, token: &str, why: &str) -> ParseError {
    ParseError::with_token(format!("FEN {field} '{token}': {why}"), token)
}

fn role_of(c: char) -> Option<(Player, u8)> {
    let k = LETTERS
        .iter()
        .position(|&l| l as char == c.to_ascii_uppercase())? as u8;
    let p = if c.is_ascii_uppercase() {
        Player::White
    } else {
        Player::Black
    };
    Some((p, k))
}

fn letter(c: Player, k: u8) -> char {
    let l = LETTERS[k as usize] as char;
    if c == Player::White {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

fn parse_square(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 8 + (b[0] - b'a'))
}

impl LeneHau {
    /// Reads a FEN with the default options ([`Game::from_fen`] sets them).
    pub fn from_fen(fen: &str) -> Result<Self, ParseError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 6 && fields.len() != 7 {
            return Err(err(
                "",
                fen,
                "needs 6 or 7 fields (placement side castling ep halfmove fullmove travellers)",
            ));
        }
        let mut pieces = Pieces::new();
        fn add(pieces: &mut Pieces, p: Piece, token: &str) -> Result<(), ParseError> {
            if pieces.try_push(p) {
                Ok(())
            } else {
                Err(err("placement", token, "more than 32 pieces"))
            }
        }

        // Field 1.
        read_placement::<Board8, _, ()>(fields[0], true, role_of, |sq, (color, role)| {
            pieces
                .try_push(standing(color, role, sq.0))
                .then_some(())
                .ok_or(())
        })
        .map_err(|e| match e {
            PlacementError::Ranks(_) => err("placement", fields[0], "needs 8 ranks"),
            PlacementError::Rank(RankError { text, fault, .. }) => {
                let why = match fault {
                    Fault::Run(_) => "bad empty-square count",
                    Fault::Letter(_) => "bad piece letter",
                    Fault::Long => "rank longer than 8 squares",
                    Fault::Short(_) => "rank does not have 8 squares",
                    Fault::Unclosed => "unclosed '['",
                    Fault::Lone => "a group needs two or more pieces",
                    Fault::Mixed => "a group mixes colours",
                    Fault::Piece(()) => "more than 32 pieces",
                };
                err("placement", text, why)
            }
        })?;

        // Field 2.
        let side = match fields[1] {
            "w" => Player::White,
            "b" => Player::Black,
            t => return Err(err("side", t, "must be 'w' or 'b'")),
        };

        // Field 3.
        let mut castling = 0u8;
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let bit = match c {
                    'K' => WK,
                    'Q' => WQ,
                    'k' => BK,
                    'q' => BQ,
                    _ => return Err(err("castling", fields[2], "bad letter")),
                };
                if castling & bit != 0 {
                    return Err(err("castling", fields[2], "repeated letter"));
                }
                castling |= bit;
            }
        }

        // Field 4.
        let ep = if fields[3] == "-" {
            NO_EP
        } else {
            let sq = parse_square(fields[3])
                .ok_or_else(|| err("en passant", fields[3], "not a square"))?;
            let (rank, pawn_sq, owner) = if side == Player::White {
                (5, sq - 8, Player::Black)
            } else {
                (2, sq + 8, Player::White)
            };
            if sq >> 3 != rank {
                return Err(err(
                    "en passant",
                    fields[3],
                    "wrong rank for the side to move",
                ));
            }
            if !pieces
                .iter()
                .any(|p| p.color == owner && p.role == PAWN && p.sq == pawn_sq)
            {
                return Err(err(
                    "en passant",
                    fields[3],
                    "no double-stepped pawn beyond it",
                ));
            }
            sq
        };

        // Fields 5, 6.
        let halfmove: u32 = fields[4]
            .parse()
            .map_err(|_| err("halfmove clock", fields[4], "not a number"))?;
        let fullmove: u32 = fields[5]
            .parse()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| err("fullmove number", fields[5], "not a positive number"))?;

        // Field 7.
        let travel = fields.get(6).copied().unwrap_or("-");
        if travel != "-" {
            for rec in travel.split(',') {
                let p = parse_record(rec)?;
                add(&mut pieces, p, rec)?;
            }
        }
        // Kings and castling records come in pairs (`Kf1>g1` with `Rh1=f1`, `Kd1>c1` with
        // `Ra1=d1`).
        let castling_pair = |king_dst: u8, rook_dst: u8| (king_dst & 7 == 6) == (rook_dst & 7 == 5);
        for p in &pieces {
            let ok = match (p.role, p.state) {
                (KING, State::Travelling) => pieces.iter().any(|r| {
                    r.color == p.color && r.state == State::Committed && castling_pair(p.dst, r.dst)
                }),
                (ROOK, State::Committed) => pieces.iter().any(|k| {
                    k.color == p.color
                        && k.role == KING
                        && k.state == State::Travelling
                        && castling_pair(k.dst, p.dst)
                }),
                _ => true,
            };
            if !ok {
                return Err(err(
                    "travellers",
                    travel,
                    "a castling king needs its committed rook record and vice versa",
                ));
            }
        }
        for c in Player::BOTH {
            let kings = pieces
                .iter()
                .filter(|p| p.color == c && p.role == KING)
                .count();
            if kings != 1 {
                return Err(err(
                    "placement",
                    fields[0],
                    &format!("{c} needs exactly one king"),
                ));
            }
        }
        if pieces
            .iter()
            .any(|p| p.role == PAWN && (p.sq >> 3 == 0 || p.sq >> 3 == 7))
        {
            return Err(err(
                "placement",
                fields[0],
                "a pawn on the first or last rank",
            ));
        }
        // Castling rights need their king and rook standing at home.
        for (bit, king, rook, c) in [
            (WK, 4, 7, Player::White),
            (WQ, 4, 0, Player::White),
            (BK, 60, 63, Player::Black),
            (BQ, 60, 56, Player::Black),
        ] {
            let has = |k: u8, s: u8| {
                pieces
                    .iter()
                    .any(|p| p.color == c && p.role == k && p.sq == s && p.state == State::Standing)
            };
            if castling & bit != 0 && !(has(KING, king) && has(ROOK, rook)) {
                return Err(err("castling", fields[2], "king or rook not at home"));
            }
        }

        let mut pos = LeneHau {
            pieces,
            side,
            castling,
            ep,
            halfmove,
            fullmove,
            piece_keys: 0,
            result: None,
            view: [0; 2],
            roles: [[0; 6]; 2],
            standing: [[0; 6]; 2],
            multi: 0,
            checked: false,
            moving: [0; 2],
            time_terms: true,
        };
        pos.piece_keys = pos
            .pieces
            .iter()
            .fold(0u64, |a, p| a.wrapping_add(zobrist::piece(p)));
        pos.derive();
        pos.checked = pos.side_in_check(side);
        if pos.side_in_check(side.other()) {
            return Err(err("side", fields[1], "the side not to move is in check"));
        }
        Ok(pos)
    }

    pub fn fen(&self) -> String {
        let mut out = String::with_capacity(96);
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                let sq = rank * 8 + file;
                let mut here: Vec<(u8, Player)> = self
                    .pieces
                    .iter()
                    .filter(|p| p.sq == sq && p.state == State::Standing)
                    .map(|p| (p.role, p.color))
                    .collect();
                if here.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push((b'0' + empty) as char);
                    empty = 0;
                }
                here.sort_by_key(|x| x.0);
                if here.len() > 1 {
                    out.push('[');
                }
                for (k, c) in &here {
                    out.push(letter(*c, *k));
                }
                if here.len() > 1 {
                    out.push(']');
                }
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.side.fen_char());
        out.push(' ');
        if self.castling == 0 {
            out.push('-');
        }
        for (bit, c) in [(WK, 'K'), (WQ, 'Q'), (BK, 'k'), (BQ, 'q')] {
            if self.castling & bit != 0 {
                out.push(c);
            }
        }
        out.push(' ');
        if self.ep == NO_EP {
            out.push('-');
        } else {
            out.push_str(&square_name(self.ep));
        }
        out.push_str(&format!(" {} {} ", self.halfmove, self.fullmove));
        let mut recs: Vec<&Piece> = self
            .pieces
            .iter()
            .filter(|p| p.state != State::Standing)
            .collect();
        recs.sort_by_key(|p| (p.color.index(), p.sq, p.role, p.dst));
        if recs.is_empty() {
            out.push('-');
        }
        for (i, p) in recs.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push(letter(p.color, p.role));
            out.push_str(&square_name(p.sq));
            out.push(if p.state == State::Committed {
                '='
            } else {
                '>'
            });
            out.push_str(&square_name(p.dst));
        }
        out
    }
}

fn standing(color: Player, role: u8, sq: u8) -> Piece {
    Piece {
        color,
        role,
        sq,
        dst: sq,
        state: State::Standing,
    }
}

/// One record of field 7 with the validity rules of §4.
fn parse_record(rec: &str) -> Result<Piece, ParseError> {
    let bad = |why: &str| err("travellers", rec, why);
    let mut chars = rec.chars();
    let (color, role) = chars
        .next()
        .and_then(role_of)
        .ok_or_else(|| bad("bad piece letter"))?;
    let rest = chars.as_str();
    if rest.len() != 5 || !rest.is_ascii() {
        return Err(bad("expected <letter><square>'>'<square> or '='"));
    }
    let sq = parse_square(&rest[0..2]).ok_or_else(|| bad("bad current square"))?;
    let sep = &rest[2..3];
    let dst = parse_square(&rest[3..5]).ok_or_else(|| bad("bad destination"))?;
    let (f, r) = ((sq & 7) as i8, (sq >> 3) as i8);
    let (df, dr) = ((dst & 7) as i8 - f, (dst >> 3) as i8 - r);
    let white = color == Player::White;
    let home = if white { 0 } else { 7 };
    if sep == "=" {
        let ok = role == ROOK
            && r == home
            && dr == 0
            && ((f == 7 && dst & 7 == 5) || (f == 0 && dst & 7 == 3));
        if !ok {
            return Err(bad("a committed rook goes h1=f1, a1=d1, h8=f8 or a8=d8"));
        }
        return Ok(Piece {
            color,
            role,
            sq,
            dst,
            state: State::Committed,
        });
    }
    if sep != ">" {
        return Err(bad("separator must be '>' or '='"));
    }
    let ok = match role {
        QUEEN => dst != sq && (df == 0 || dr == 0 || df.abs() == dr.abs()),
        ROOK => dst != sq && (df == 0 || dr == 0),
        BISHOP => dst != sq && df.abs() == dr.abs(),
        KNIGHT => df.abs() == 1 && dr.abs() == 1,
        PAWN => {
            df == 0 && dr == if white { 1 } else { -1 } && (dst >> 3) == if white { 3 } else { 4 }
        }
        _ => r == home && dr == 0 && ((f == 5 && df == 1) || (f == 3 && df == -1)),
    };
    if !ok {
        return Err(bad("impossible journey for this piece"));
    }
    Ok(Piece {
        color,
        role,
        sq,
        dst,
        state: State::Travelling,
    })
}
