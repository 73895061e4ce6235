//! The 7-field extended FEN (§4): standing pieces with bracket stacks, then travellers.

use super::*;
use crate::placement::{read_placement, Fault, PlacementError, RankError};

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

fn err(field: &str, token: &str, why: &str) -> ParseError {
    ParseError::with_token(format!("FEN {field} '{token}': {why}"), token)
}

/// The corners of the castling rights: (right, king's home, rook's corner, colour).
const HOMES: [(u8, u8, u8, Player); 4] = [
    (WK, 4, 7, Player::White),
    (WQ, 4, 0, Player::White),
    (BK, 60, 63, Player::Black),
    (BQ, 60, 56, Player::Black),
];

impl LeneHau {
    /// Reads a FEN with the default options ([`crate::GameState::from_fen`] sets them): the fields one by
    /// one, then what must hold between them.
    pub fn from_fen(fen: &str) -> Result<Self, ParseError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 6 && fields.len() != 7 {
            return Err(err(
                "",
                fen,
                "needs 6 or 7 fields (placement side castling ep halfmove fullmove travellers)",
            ));
        }
        let mut pieces = read_standing(fields[0])?;
        let side = read_side(fields[1])?;
        let castling = read_castling(fields[2])?;
        let ep = read_en_passant(fields[3], side, &pieces)?;
        let halfmove: u32 = fields[4]
            .parse()
            .map_err(|_| err("halfmove clock", fields[4], "not a number"))?;
        let fullmove: u32 = fields[5]
            .parse()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| err("fullmove number", fields[5], "not a positive number"))?;
        let travel = fields.get(6).copied().unwrap_or("-");
        read_travellers(travel, &mut pieces)?;
        check_kings_and_pawns(&pieces, fields[0])?;
        check_castling(&pieces, castling, fields[2])?;

        let pos = LeneHau::new(pieces, side, castling, ep, halfmove, fullmove);
        if pos.side_in_check(side.other()) {
            return Err(err("side", fields[1], "the side not to move is in check"));
        }
        Ok(pos)
    }

    /// The position of these pieces and fields, its key and view derived from them.
    fn new(
        pieces: Pieces,
        side: Player,
        castling: u8,
        ep: Option<Square>,
        halfmove: u32,
        fullmove: u32,
    ) -> Self {
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
        pos
    }

    /// The FEN, always 7 fields.
    pub fn fen(&self) -> String {
        let mut out = String::with_capacity(96);
        self.write_standing(&mut out);
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
        match self.ep {
            Some(ep) => out.push_str(&square_name(ep)),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {} ", self.halfmove, self.fullmove));
        self.write_travellers(&mut out);
        out
    }

    /// Field 1: the standing pieces, a stack as its letters in FEN order between brackets.
    fn write_standing(&self, out: &mut String) {
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                let sq = Square::from_coords::<Board8>(file, rank);
                let mut here: Vec<(Role, Player)> = self
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
                let letters = here.iter().map(|(k, c)| k.letter_of(*c));
                if here.len() > 1 {
                    out.push('[');
                    out.extend(letters);
                    out.push(']');
                } else {
                    out.extend(letters);
                }
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
            }
            if rank > 0 {
                out.push('/');
            }
        }
    }

    /// Field 7: the travelling and committed pieces by colour and square, or `-`.
    fn write_travellers(&self, out: &mut String) {
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
            out.push(p.role.letter_of(p.color));
            out.push_str(&square_name(p.sq));
            out.push(if p.state == State::Committed {
                '='
            } else {
                '>'
            });
            out.push_str(&square_name(p.dst));
        }
    }
}

/// Field 1: the standing pieces, stacks included.
fn read_standing(field: &str) -> Result<Pieces, ParseError> {
    let mut pieces = Pieces::new();
    read_placement::<Board8, _, ()>(field, true, Role::from_letter, |sq, (color, role)| {
        pieces
            .try_push(Piece::standing(color, role, sq))
            .then_some(())
            .ok_or(())
    })
    .map_err(|e| match e {
        PlacementError::Ranks(_) => err("placement", field, "needs 8 ranks"),
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
    Ok(pieces)
}

/// Field 2.
fn read_side(field: &str) -> Result<Player, ParseError> {
    match field {
        "w" => Ok(Player::White),
        "b" => Ok(Player::Black),
        t => Err(err("side", t, "must be 'w' or 'b'")),
    }
}

/// Field 3: the castling rights, each letter once.
fn read_castling(field: &str) -> Result<u8, ParseError> {
    let mut castling = 0u8;
    if field == "-" {
        return Ok(castling);
    }
    for c in field.chars() {
        let bit = match c {
            'K' => WK,
            'Q' => WQ,
            'k' => BK,
            'q' => BQ,
            _ => return Err(err("castling", field, "bad letter")),
        };
        if castling & bit != 0 {
            return Err(err("castling", field, "repeated letter"));
        }
        castling |= bit;
    }
    Ok(castling)
}

/// Field 4: a square the enemy's pawn standing beyond it has just double-stepped past.
fn read_en_passant(
    field: &str,
    side: Player,
    pieces: &Pieces,
) -> Result<Option<Square>, ParseError> {
    if field == "-" {
        return Ok(None);
    }
    let sq =
        Square::parse::<Board8>(field).ok_or_else(|| err("en passant", field, "not a square"))?;
    let (rank, owner) = match side {
        Player::White => (5, Player::Black),
        Player::Black => (2, Player::White),
    };
    if sq.rank8() != rank {
        return Err(err("en passant", field, "wrong rank for the side to move"));
    }
    let pawn_sq = rules::ep_victim(sq);
    if !pieces
        .iter()
        .any(|p| p.color == owner && p.role == Role::Pawn && p.sq == pawn_sq)
    {
        return Err(err("en passant", field, "no double-stepped pawn beyond it"));
    }
    Ok(Some(sq))
}

/// Field 7: the travelling and committed pieces, a castling king with its committed rook.
fn read_travellers(field: &str, pieces: &mut Pieces) -> Result<(), ParseError> {
    if field != "-" {
        for rec in field.split(',') {
            if !pieces.try_push(parse_record(rec)?) {
                return Err(err("placement", rec, "more than 32 pieces"));
            }
        }
    }
    // Kings and castling records come in pairs (`Kf1>g1` with `Rh1=f1`, `Kd1>c1` with
    // `Ra1=d1`).
    let castling_pair =
        |king_dst: Square, rook_dst: Square| (king_dst.file8() == 6) == (rook_dst.file8() == 5);
    let paired = |p: &Piece| match (p.role, p.state) {
        (Role::King, State::Travelling) => pieces.iter().any(|r| {
            r.color == p.color && r.state == State::Committed && castling_pair(p.dst, r.dst)
        }),
        (Role::Rook, State::Committed) => pieces.iter().any(|k| {
            k.color == p.color
                && k.role == Role::King
                && k.state == State::Travelling
                && castling_pair(k.dst, p.dst)
        }),
        _ => true,
    };
    if !pieces.iter().all(paired) {
        return Err(err(
            "travellers",
            field,
            "a castling king needs its committed rook record and vice versa",
        ));
    }
    Ok(())
}

/// One king a side, no pawn on a first or last rank.
fn check_kings_and_pawns(pieces: &Pieces, placement: &str) -> Result<(), ParseError> {
    for c in Player::BOTH {
        let kings = pieces
            .iter()
            .filter(|p| p.color == c && p.role == Role::King)
            .count();
        if kings != 1 {
            return Err(err(
                "placement",
                placement,
                &format!("{c} needs exactly one king"),
            ));
        }
    }
    if pieces
        .iter()
        .any(|p| p.role == Role::Pawn && (p.sq.rank8() == 0 || p.sq.rank8() == 7))
    {
        return Err(err(
            "placement",
            placement,
            "a pawn on the first or last rank",
        ));
    }
    Ok(())
}

/// Castling rights need their king and rook standing at home.
fn check_castling(pieces: &Pieces, castling: u8, field: &str) -> Result<(), ParseError> {
    for (bit, king, rook, c) in HOMES {
        let has = |role: Role, s: u8| {
            pieces
                .iter()
                .any(|p| *p == Piece::standing(c, role, Square(s)))
        };
        if castling & bit != 0 && !(has(Role::King, king) && has(Role::Rook, rook)) {
            return Err(err("castling", field, "king or rook not at home"));
        }
    }
    Ok(())
}

/// One record of field 7 with the validity rules of §4.
fn parse_record(rec: &str) -> Result<Piece, ParseError> {
    let bad = |why: &str| err("travellers", rec, why);
    let mut chars = rec.chars();
    let (color, role) = chars
        .next()
        .and_then(Role::from_letter)
        .ok_or_else(|| bad("bad piece letter"))?;
    let rest = chars.as_str();
    if rest.len() != 5 || !rest.is_ascii() {
        return Err(bad("expected <letter><square>'>'<square> or '='"));
    }
    let sq = Square::parse::<Board8>(&rest[0..2]).ok_or_else(|| bad("bad current square"))?;
    let sep = &rest[2..3];
    let dst = Square::parse::<Board8>(&rest[3..5]).ok_or_else(|| bad("bad destination"))?;
    let (f, r) = (sq.file8(), sq.rank8());
    let (df, dr) = (dst.file8() - f, dst.rank8() - r);
    let white = color == Player::White;
    let home = if white { 0 } else { 7 };
    let state = match sep {
        "=" => State::Committed,
        ">" => State::Travelling,
        _ => return Err(bad("separator must be '>' or '='")),
    };
    if state == State::Committed {
        let ok = role == Role::Rook
            && r == home
            && dr == 0
            && ((f == 7 && dst.file8() == 5) || (f == 0 && dst.file8() == 3));
        if !ok {
            return Err(bad("a committed rook goes h1=f1, a1=d1, h8=f8 or a8=d8"));
        }
    } else {
        let ok = match role {
            Role::Queen => dst != sq && (df == 0 || dr == 0 || df.abs() == dr.abs()),
            Role::Rook => dst != sq && (df == 0 || dr == 0),
            Role::Bishop => dst != sq && df.abs() == dr.abs(),
            Role::Knight => df.abs() == 1 && dr.abs() == 1,
            Role::Pawn => {
                df == 0
                    && dr == if white { 1 } else { -1 }
                    && dst.rank8() == if white { 3 } else { 4 }
            }
            Role::King => r == home && dr == 0 && ((f == 5 && df == 1) || (f == 3 && df == -1)),
        };
        if !ok {
            return Err(bad("impossible journey for this piece"));
        }
    }
    Ok(Piece {
        color,
        role,
        sq,
        dst,
        state,
    })
}
