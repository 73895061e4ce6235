//! Double-Ended Chess (rules/double-ended.md): orthodox chess in which no piece ever moves onto
//! an occupied square; instead every move automatically captures the enemy piece it withdraws
//! from (the square behind its first step) and the one it approaches (the square beyond its
//! last step), both at once where both stand. The b-file knights are Mirror Knights.
//!
//! One position type, [`DoubleEnded`], serves both variants; its `DEEP` flag selects the
//! Deep-Capturing Knights subvariant (`double-ended-deep`): [`DoubleEndedChess`] and
//! [`DeepDoubleEndedChess`]. The flag is a const generic so the knight geometry is fixed at
//! compile time and the protocol picks the type by `UCI_Variant` name.
//!
//! Files: `piece` (roles and values), `geometry` (where each piece goes and what it captures:
//! the one description, read forwards by the generator and backwards by the attack test),
//! `board` (bitboards and the attack test), `position` (state and making moves), `movegen`,
//! `fen`, `zobrist`, `eval`.

mod board;
mod describe;
mod eval;
mod exchange;
mod fen;
mod geometry;
mod movegen;
mod moves;
mod piece;
mod position;
#[cfg(test)]
mod tests;
mod zobrist;

pub use eval::{Breakdown, Pair, Term, MAX_PHASE};
pub use movegen::{MoveList, MAX_MOVES};
pub use moves::Move;
pub use piece::{Piece, Role};
pub use position::{DoubleEnded, BLACK_LONG, BLACK_SHORT, WHITE_LONG, WHITE_SHORT};

use crate::bitboard::Bitboard;
use crate::game::GameState;
use crate::game::{find_legal_move, DrawReason, Game, Outcome, ParseError, Player, WinReason};
use crate::square::{Board8, Square};
use std::fmt;

/// `double-ended`: Knights and Mirror Knights.
pub type DoubleEndedChess = DoubleEnded<false>;
/// `double-ended-deep`: Deep-Capturing Knights, no Mirror Knight.
pub type DeepDoubleEndedChess = DoubleEnded<true>;

pub const START_FEN: &str = "rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR w KQkq - 0 1";
pub const DEEP_START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl<const DEEP: bool> GameState for DoubleEnded<DEEP> {
    type Options = ();

    const NAME: &'static str = if DEEP {
        "double-ended-deep"
    } else {
        "double-ended"
    };

    fn start(_: &()) -> Self {
        Self::from_fen(if DEEP { DEEP_START_FEN } else { START_FEN })
            .expect("the start FEN is valid")
    }

    fn from_fen(fen: &str, _: &()) -> Result<Self, ParseError> {
        Self::from_fen(fen)
    }

    fn fen(&self) -> String {
        Self::fen(self)
    }

    #[inline(always)]
    fn key(&self) -> u64 {
        self.key
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
}

impl<const DEEP: bool> Game for DoubleEnded<DEEP> {
    type Move = Move;
    type Moves = MoveList;
    /// Chess's adopted techniques: Double-Ended's own match accepted them together
    /// (docs/search.md); `double-ended-deep`, the same game with longer moves, shares them.
    const ADOPTED: &'static [crate::search::Technique] = crate::variants::chess::ADOPTED;

    /// The sum of the values of every piece `mv` captures, by approach and by withdrawal,
    /// plus a promotion's gain.
    #[inline]
    fn capture_value(&self, mv: Move) -> i32 {
        [mv.withdrawal_victim(), mv.approach_victim()]
            .into_iter()
            .flatten()
            .filter_map(|sq| self.board.piece_at(sq.0))
            .map(|p| p.role.value())
            .sum::<i32>()
            + Self::promotion_gain(mv)
    }

    fn mover_value(&self, mv: Move) -> i32 {
        self.board
            .piece_at(mv.from().0)
            .map_or(0, |p| p.role.value())
    }

    /// The exchange after `mv` is a chase of the piece that just moved (see `exchange.rs`).
    #[inline]
    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        self.see(mv, threshold)
    }

    /// Captures and queen promotions.
    #[inline]
    fn is_tactical(&self, mv: Move) -> bool {
        mv.is_capture() || mv.promotion == Some(Role::Queen)
    }

    /// A pass, while the player to move has a piece besides king and pawns and is not in
    /// check: with only king and pawns zugzwang is common, as in orthodox chess.
    fn play_null(&self) -> Option<Self> {
        let us = self.side;
        let pieces = self.board.colors[us.index()]
            & !self.board.roles[Role::Pawn.index()]
            & !self.board.roles[Role::King.index()];
        (pieces.any() && !self.king_attacked()).then(|| self.pass())
    }

    #[inline(always)]
    fn to_move(&self) -> Player {
        self.side
    }

    #[inline]
    fn legal_moves(&self, out: &mut MoveList) {
        self.generate_legal(out);
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        self.count_legal()
    }

    #[inline]
    fn play(&self, mv: Move) -> Self {
        self.make(mv)
    }

    /// The 50-move rule (rules §5.3); a checkmate on the 100th ply takes precedence. There is
    /// no insufficient-material rule: even king against king can mate.
    fn quick_outcome(&self) -> Option<Outcome> {
        if self.halfmove < 100 {
            return None;
        }
        let mut moves = MoveList::new();
        self.generate_legal(&mut moves);
        if moves.is_empty() && self.king_attacked() {
            return None;
        }
        Some(Outcome::Draw(DrawReason::FiftyMoves))
    }

    fn stuck_outcome(&self) -> Outcome {
        if self.king_attacked() {
            Outcome::win(self.side.other(), WinReason::Checkmate)
        } else {
            Outcome::Draw(DrawReason::Stalemate)
        }
    }

    fn in_check(&self) -> bool {
        self.king_attacked()
    }

    #[inline(always)]
    fn is_capture(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    fn parse_move(&self, s: &str) -> Result<Move, ParseError> {
        let bad =
            || ParseError::with_token(format!("bad move '{s}' (expected like e2e4 or g7h8m)"), s);
        let (_, rest) = Square::parse_prefix::<Board8>(s).ok_or_else(bad)?;
        let (_, rest) = Square::parse_prefix::<Board8>(rest).ok_or_else(bad)?;
        let promotion_letters = if DEEP { "qrbn" } else { "qrbnm" };
        if !(rest.is_empty() || rest.len() == 1 && promotion_letters.contains(rest)) {
            return Err(bad());
        }
        find_legal_move(self, s)
            .map_err(|_| ParseError::with_token(format!("illegal move '{s}' in {}", self.fen()), s))
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn evaluate_for_mover(&self) -> i32 {
        self.static_eval()
    }
}

impl<const DEEP: bool> fmt::Debug for DoubleEnded<DEEP> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({})", Self::NAME, self.fen())
    }
}

/// The start, then positions from engine games (6 random plies, then depth-5 play), openings to
/// endgames, roughly level.
/// (`bench` searches them: the protocol reads them from here.)
pub const BENCH_FENS: [&str; 9] = [
    "rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR w KQkq - 0 1",
    "rm2kb1r/pbp1qpp1/5p2/1p6/3P4/2P2P2/P5PP/RMBQKB1R w KQkq - 1 9",
    "r3kbnr/1pqmp1pp/p1ppbp2/8/8/1P2P1PP/PBPPQPBR/RM2K1N1 w Qkq - 6 9",
    "rm1k2r1/5p1p/8/p1bn2N1/8/2M5/3R1PPP/2B1K1R1 w - - 5 19",
    "2b1k3/2pmb2p/4p3/r4n2/1p2P3/7N/1BP3PP/1M2KB1R w K - 0 19",
    "1m1q1rk1/1p2b3/8/2p2b2/2PP3P/2MQ2P1/1P3KpR/5BN1 w - - 0 19",
    "4r3/5k1p/2m2p2/p2n4/6P1/8/5P1P/2R2KR1 w - - 8 29",
    "5r2/4k1p1/8/3Bp3/6b1/1M6/1KP5/3R4 w - - 1 29",
    "8/8/8/p2k3p/3r4/6P1/6K1/3R4 w - - 8 39",
];

/// The same for `double-ended-deep`.
/// (`bench` searches them: the protocol reads them from here.)
pub const BENCH_FENS_DEEP: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqk1nr/p2pp3/1pp3p1/8/7p/4P3/P1PP3P/RN1QKBNR w KQkq - 0 9",
    "2b1kr2/1p6/4p1pp/2p1bn2/5P2/5P2/1P4P1/2B1KBR1 w - - 0 19",
    "1n4k1/5R2/1pBp3r/5b2/8/1P6/2P5/K7 w - - 0 29",
];
