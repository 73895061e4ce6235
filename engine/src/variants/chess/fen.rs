//! FEN in and out. Reading is strict: every error names the field and the token, and only a
//! position the rest of the engine can trust gets through (see docs/variants/chess.md).

use super::position::{bb, castling_rook, Position};
use super::types::{CastleFiles, CastlingRights, Piece, Role};
use crate::bitboard::{Bb64, Bitboard};
use crate::game::{ParseError, Player};
use crate::placement::{read_placement as read_placement_field, Fault, PlacementError, RankError};
use crate::square::{Board8, Square};

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// An error that `token`, which `msg` names in quotes, is to blame for.
fn err_at(token: &str, msg: String) -> ParseError {
    ParseError::with_token(format!("bad FEN: {msg}"), token)
}

impl Position {
    /// The orthodox start position.
    pub fn start() -> Position {
        Position::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// Reads a FEN with six fields, or four (clocks then default to `0 1`).
    pub fn from_fen(fen: &str) -> Result<Position, ParseError> {
        Self::read_fen::<false>(fen, false)
    }

    /// Reads a FEN as [`Position::from_fen`] does, or with `chess960` a Chess960 position:
    /// X-FEN or Shredder-FEN castling fields (`KQkq` for the outermost rook on each side of
    /// the king, or the rook's file, `HAha`), castling written king takes rook.
    pub fn from_fen_with(fen: &str, chess960: bool) -> Result<Position, ParseError> {
        Self::read_fen::<false>(fen, chess960)
    }

    /// The orthodox start position, with the Chess960 rules where `chess960` (it is one of the
    /// 960 start positions).
    pub fn start_with(chess960: bool) -> Position {
        let mut p = Position::start();
        if chess960 {
            p.castle = p.castle.chess960();
        }
        p
    }

    /// Reads a FEN as [`Position::from_fen`] does, for rules that ignore check (`PSEUDO`, see
    /// [`Position::from_fen_pseudo`]): the side not to move may be in check, and en passant is
    /// kept whenever a pawn could take.
    pub(super) fn read_fen<const PSEUDO: bool>(
        fen: &str,
        chess960: bool,
    ) -> Result<Position, ParseError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 4 && fields.len() != 6 {
            return Err(err_at(
                fen,
                format!(
                    "expected 6 fields (or 4 without the clocks), found {} in '{fen}'",
                    fields.len()
                ),
            ));
        }
        let mut p = Position {
            roles: [Bb64(0); 6],
            players: [Bb64(0); 2],
            checkers: Bb64(0),
            key: 0,
            side: Player::White,
            castling: CastlingRights::NONE,
            castle: CastleFiles::ORTHODOX,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        };
        read_placement(&mut p, fields[0])?;
        p.side = match fields[1] {
            "w" => Player::White,
            "b" => Player::Black,
            t => {
                return Err(err_at(
                    t,
                    format!("side to move (field 2) must be 'w' or 'b', not '{t}'"),
                ))
            }
        };
        if chess960 {
            (p.castling, p.castle) = read_castling_960(&p, fields[2])?;
        } else {
            p.castling = read_castling(&p, fields[2])?;
        }
        let en_passant = read_en_passant(&p, fields[3])?;
        if fields.len() == 6 {
            p.halfmove_clock = read_number(fields[4], "halfmove clock (field 5)")?;
            p.fullmove_number = read_number(fields[5], "fullmove number (field 6)")?.max(1);
        }
        if !PSEUDO && p.is_attacked(p.king(p.side.other()), p.side) {
            return Err(err_at(
                fields[0],
                format!(
                    "the side not to move ({}) is in check in '{}'",
                    p.side.other(),
                    fields[0]
                ),
            ));
        }
        p.finish_setup::<PSEUDO>(en_passant);
        Ok(p)
    }

    /// The FEN, six fields. The en passant square appears only when the capture is legal.
    pub fn fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_on(Square::from_coords::<Board8>(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        s.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.side.fen_char());
        s.push(' ');
        if self.castling == CastlingRights::NONE {
            s.push('-');
        }
        for (bit, c) in CastlingRights::LETTERS {
            if self.castling.has(bit) {
                s.push(self.castling_letter(bit, c));
            }
        }
        match self.en_passant {
            Some(ep) => s.push_str(&format!(" {}", ep.display::<Board8>())),
            None => s.push_str(" -"),
        }
        s.push_str(&format!(
            " {} {}",
            self.halfmove_clock, self.fullmove_number
        ));
        s
    }
}

fn read_placement(p: &mut Position, placement: &str) -> Result<(), ParseError> {
    read_placement_field::<Board8, _, ()>(placement, false, Piece::from_char, |sq, piece| {
        let rank = sq.rank::<Board8>();
        if piece.role == Role::Pawn && (rank == 0 || rank == 7) {
            return Err(());
        }
        let b = bb(sq);
        p.roles[piece.role.index()] |= b;
        p.players[piece.color.index()] |= b;
        Ok(())
    })
    .map_err(|e| placement_error(placement, e))?;
    for player in Player::BOTH {
        let kings = p.pieces(player, Role::King).count();
        if kings != 1 {
            return Err(err_at(
                placement,
                format!("{player} must have exactly one king, found {kings} in '{placement}'"),
            ));
        }
        // More pieces than promotions could give would also break the 256-move list bound.
        let count = |role| p.pieces(player, role).count() as i32;
        let pawns = count(Role::Pawn);
        let promoted = (count(Role::Knight) - 2).max(0)
            + (count(Role::Bishop) - 2).max(0)
            + (count(Role::Rook) - 2).max(0)
            + (count(Role::Queen) - 1).max(0);
        if pawns > 8 || pawns + promoted > 8 {
            return Err(err_at(placement, format!(
                "{player} has more pieces than pawn promotions allow ({pawns} pawns, {promoted} extra pieces) in '{placement}'"
            )));
        }
    }
    Ok(())
}

/// A placement error in chess's words, naming the bad token.
fn placement_error(placement: &str, e: PlacementError<'_, ()>) -> ParseError {
    let RankError { rank, text, fault } = match e {
        PlacementError::Ranks(found) => {
            return err_at(
                placement,
                format!("placement (field 1) needs 8 ranks, found {found} in '{placement}'"),
            )
        }
        PlacementError::Rank(e) => e,
    };
    match fault {
        Fault::Run(run) => err_at(
            run,
            format!(
                "bad empty-square count '{run}' (1 to 8, never two digits in a row) in rank \
                 {rank} '{text}'"
            ),
        ),
        Fault::Letter(c) => err_at(c, format!("bad piece letter '{c}' in rank {rank} '{text}'")),
        Fault::Short(n) => err_at(text, format!("rank {rank} '{text}' has {n} squares, not 8")),
        Fault::Piece(()) => err_at(text, format!("pawn on the back rank {rank} in '{text}'")),
        // Stacks are not read here, so their faults cannot arise.
        Fault::Long | Fault::Unclosed | Fault::Lone | Fault::Mixed => err_at(
            text,
            format!("rank {rank} '{text}' has more than 8 squares"),
        ),
    }
}

impl Position {
    /// The X-FEN letter of castling right `bit` (orthodox letter `c`): `c` itself, except in
    /// Chess960 where another rook stands beyond the castling one (then the rook's file).
    fn castling_letter(&self, bit: u8, c: char) -> char {
        if !self.castle.is_chess960() {
            return c;
        }
        let player = if c.is_ascii_uppercase() {
            Player::White
        } else {
            Player::Black
        };
        let king_side = bit == CastlingRights::bit(player, true);
        let file = self.castle.file(player, king_side);
        let beyond = self
            .pieces(player, Role::Rook)
            .squares()
            .filter(|sq| sq.rank::<Board8>() == back_rank(player))
            .any(|sq| {
                let f = sq.file::<Board8>();
                if king_side {
                    f > file
                } else {
                    f < file
                }
            });
        if !beyond {
            return c;
        }
        let letter = (b'a' + file) as char;
        match player {
            Player::White => letter.to_ascii_uppercase(),
            Player::Black => letter,
        }
    }
}

fn back_rank(player: Player) -> u8 {
    match player {
        Player::White => 0,
        Player::Black => 7,
    }
}

/// A Chess960 castling field: `-`, or for each right `K`/`Q` (`k`/`q`: the outermost rook on
/// that side of the king on the back rank) or the rook's file (`A`-`H`, `a`-`h`, X-FEN and
/// Shredder-FEN). The king must stand on its back rank with the rook on the side named.
fn read_castling_960(
    p: &Position,
    field: &str,
) -> Result<(CastlingRights, CastleFiles), ParseError> {
    let mut files = CastleFiles::ORTHODOX.chess960();
    if field == "-" {
        return Ok((CastlingRights::NONE, files));
    }
    let mut rights = CastlingRights::NONE;
    for c in field.chars() {
        let player = if c.is_ascii_uppercase() {
            Player::White
        } else {
            Player::Black
        };
        let rank = back_rank(player);
        let king = p.pieces(player, Role::King);
        let king_file = match king.squares().next() {
            Some(k) if k.rank::<Board8>() == rank => k.file::<Board8>(),
            _ => {
                return Err(err_at(
                    &c.to_string(),
                    format!(
                    "castling right '{c}' in '{field}' needs the {player} king on its back rank"
                ),
                ))
            }
        };
        let rooks: Vec<u8> = p
            .pieces(player, Role::Rook)
            .squares()
            .filter(|sq| sq.rank::<Board8>() == rank)
            .map(|sq| sq.file::<Board8>())
            .collect();
        let (king_side, rook_file) = match c.to_ascii_lowercase() {
            'k' => (true, rooks.iter().copied().filter(|f| *f > king_file).max()),
            'q' => (
                false,
                rooks.iter().copied().filter(|f| *f < king_file).min(),
            ),
            f @ 'a'..='h' => {
                let file = f as u8 - b'a';
                (file > king_file, rooks.contains(&file).then_some(file))
            }
            _ => {
                return Err(err_at(
                    &c.to_string(),
                    format!("castling (field 3) has bad letter '{c}' in '{field}'"),
                ))
            }
        };
        let Some(rook_file) = rook_file.filter(|f| *f != king_file) else {
            return Err(err_at(&c.to_string(), format!(
                "castling right '{c}' in '{field}' needs a {player} rook on that side of the king on its back rank"
            )));
        };
        let bit = CastlingRights::bit(player, king_side);
        if rights.has(bit) {
            return Err(err_at(
                field,
                format!(
                    "castling (field 3) gives the {player} {} right twice in '{field}'",
                    if king_side { "king-side" } else { "queen-side" }
                ),
            ));
        }
        rights.0 |= bit;
        files = files.with_file(player, king_side, rook_file);
    }
    Ok((rights, files))
}

fn read_castling(p: &Position, field: &str) -> Result<CastlingRights, ParseError> {
    if field == "-" {
        return Ok(CastlingRights::NONE);
    }
    let mut rights = CastlingRights::NONE;
    for c in field.chars() {
        let (bit, player, king_side) = match c {
            'K' => (CastlingRights::WHITE_KING, Player::White, true),
            'Q' => (CastlingRights::WHITE_QUEEN, Player::White, false),
            'k' => (CastlingRights::BLACK_KING, Player::Black, true),
            'q' => (CastlingRights::BLACK_QUEEN, Player::Black, false),
            _ => {
                return Err(err_at(
                    &c.to_string(),
                    format!("castling (field 3) has bad letter '{c}' in '{field}'"),
                ))
            }
        };
        if rights.has(bit) {
            return Err(err_at(
                &c.to_string(),
                format!("castling (field 3) repeats '{c}' in '{field}'"),
            ));
        }
        let king_home = Square(match player {
            Player::White => 4,
            Player::Black => 60,
        });
        let (rook_home, _) = castling_rook(player, king_side);
        if !p.pieces(player, Role::King).has(king_home)
            || !p.pieces(player, Role::Rook).has(rook_home)
        {
            return Err(err_at(
                &c.to_string(),
                format!(
                    "castling right '{c}' needs the {player} king on {} and rook on {}",
                    king_home.display::<Board8>(),
                    rook_home.display::<Board8>()
                ),
            ));
        }
        rights.0 |= bit;
    }
    Ok(rights)
}

/// The en passant field: a square the last double push crossed, or `-`. Returns the square
/// even when no capture is possible; the caller keeps it only if one is legal.
fn read_en_passant(p: &Position, field: &str) -> Result<Option<Square>, ParseError> {
    if field == "-" {
        return Ok(None);
    }
    let sq = Square::parse::<Board8>(field).ok_or_else(|| {
        err_at(
            field,
            format!("en passant (field 4) must be a square or '-', not '{field}'"),
        )
    })?;
    let (rank, pusher) = match p.side {
        Player::White => (5, Player::Black),
        Player::Black => (2, Player::White),
    };
    let bad = || {
        err_at(
            field,
            format!(
            "en passant square '{field}' does not follow a double push by {pusher} with {} to move",
            p.side
        ),
        )
    };
    if sq.rank::<Board8>() != rank {
        return Err(bad());
    }
    // The pawn stands one rank past the square, and came from one rank before it.
    let pushed = Square(sq.0 ^ 8);
    let origin = Square(pushed.0 ^ 16);
    let occ = p.occupied();
    if !p.pieces(pusher, Role::Pawn).has(pushed) || occ.has(sq) || occ.has(origin) {
        return Err(bad());
    }
    Ok(Some(sq))
}

/// Reads a clock field (Ven's too).
pub(crate) fn read_number(token: &str, what: &str) -> Result<u32, ParseError> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err_at(
            token,
            format!("{what} must be a number, not '{token}'"),
        ));
    }
    token
        .parse()
        .map_err(|_| err_at(token, format!("{what} '{token}' is too large")))
}
