//! Orthodox chess (FIDE rules), and the 8x8 machinery other variants reuse.
//!
//! * [`Position`]: pieces by role and colour, side to move, rights, clocks, Zobrist key. Built
//!   from a FEN ([`Position::from_fen`], strict) or [`Position::start`]; played by copy-make
//!   ([`Position::play`]).
//! * [`Position::legal_moves`]: fully legal generation (pins, checks, en passant, castling)
//!   into a [`MoveList`]. 007 Chess reuses it as it is: its plies are orthodox moves of the
//!   colour to move on the board ([`Position::side_to_move`]), whoever decides them.
//! * [`Move`]: 16 bits, UCI notation (`e2e4`, `e7e8q`, castling `e1g1`).
//!
//! ```
//! use chimera_engine::variants::chess::Position;
//! use chimera_engine::Game;
//! let pos = Position::start();
//! let e4 = pos.parse_move("e2e4").unwrap();
//! let after = pos.play(e4);
//! assert_eq!(after.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
//! assert_eq!(chimera_engine::perft::perft(&after, 2), 600);
//! ```

pub mod describe;
pub mod eval;
pub mod exchange;
mod fen;
mod movegen;
mod moves;
mod position;
mod pseudo;
pub mod san;
mod status;
mod types;
mod zobrist;

#[cfg(test)]
mod tests;

pub(crate) use fen::read_number;
pub use fen::START_FEN;
pub(crate) use movegen::Sink;
pub use moves::{Move, MoveKind, MoveList};
pub use position::Position;
pub use pseudo::MAX_PSEUDO_LEGAL_MOVES;
pub use types::{CastleFiles, CastlingRights, Piece, Role};

use crate::game::GameState;
use crate::game::{Game, Outcome, ParseError, Player, VariantOptions};
use crate::option::{OptionSpec, OptionValue};
use crate::square::{Board8, Square};

/// The search techniques chess's matches accepted (docs/search.md): exchange pruning and the
/// table-refined score each alone; cut-node reductions, razoring, singular extensions and
/// capture history together, each of whose own matches was a few Elo short of deciding; the
/// larger quiet history bonus alone; tighter late move pruning alone, and futility by the
/// reduced depth on top of it. 007, Double-Ended, Lene Hau and Vanguard adopt them too, each by
/// a match of its own; Ven's serialized search gained nothing from them (docs/search.md,
/// "Chess's techniques in the other variants").
pub const ADOPTED: &[crate::search::Technique] = &[
    crate::search::Technique::Exchange,
    crate::search::Technique::TtEval,
    crate::search::Technique::CutNodeReductions,
    crate::search::Technique::Razoring,
    crate::search::Technique::Singular,
    crate::search::Technique::CaptureHistory,
    crate::search::Technique::QuietHistoryBonus,
    crate::search::Technique::TightLateMovePruning,
    crate::search::Technique::ReducedFutility,
];

/// Reads the text of a UCI move (`e2e4`, `e7e8q`, `e1g1`) into from, to and promotion, without
/// asking whether any position allows it.
pub fn parse_uci_parts(s: &str) -> Result<(Square, Square, Option<Role>), ParseError> {
    let malformed = || {
        ParseError::with_token(
            format!("bad move '{s}': expected a move like e2e4 or e7e8q"),
            s,
        )
    };
    let (from, rest) = Square::parse_prefix::<Board8>(s).ok_or_else(malformed)?;
    let (to, rest) = Square::parse_prefix::<Board8>(rest).ok_or_else(malformed)?;
    let promotion = match rest {
        "" => None,
        r if r.len() == 1 => match Role::from_char(r.chars().next().unwrap_or(' ')) {
            Some(role) if Role::PROMOTIONS.contains(&role) => Some(role),
            _ => {
                return Err(ParseError::with_token(
                    format!("bad promotion '{r}' in move '{s}'"),
                    s,
                ))
            }
        },
        r => {
            return Err(ParseError::with_token(
                format!("unexpected '{r}' after move '{s}'"),
                s,
            ))
        }
    };
    Ok((from, to, promotion))
}

impl Position {
    /// Reads a UCI move (`e2e4`, `e7e8q`, `e1g1`; in Chess960 castling is king takes rook,
    /// `e1h1`) and checks that it is legal here.
    pub fn parse_uci(&self, s: &str) -> Result<Move, ParseError> {
        let (from, to, promotion) = parse_uci_parts(s)?;
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves
            .iter()
            .copied()
            .find(|m| m.from() == from && m.to() == to && m.promotion_role() == promotion)
            .ok_or_else(|| {
                ParseError::with_token(format!("illegal move '{s}' in {}", self.fen()), s)
            })
    }
}

/// Orthodox chess's one option: `UCI_Chess960`, the Chess960 rules (castling with the rooks
/// wherever they start, X-FEN and Shredder-FEN castling fields, castling written king takes
/// rook). A rule: both sides of a match play by it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub chess960: bool,
}

impl VariantOptions for Options {
    fn specs() -> &'static [OptionSpec] {
        const SPECS: [OptionSpec; 1] = [OptionSpec::check("UCI_Chess960", false)];
        &SPECS
    }

    fn apply(&mut self, name: &'static str, value: OptionValue) -> Result<(), ParseError> {
        match name {
            "UCI_Chess960" => self.chess960 = value.check(),
            _ => return Err(ParseError::new(format!("unknown chess option '{name}'"))),
        }
        Ok(())
    }
}

impl GameState for Position {
    type Options = Options;

    const NAME: &'static str = "chess";

    fn start(options: &Options) -> Self {
        Position::start_with(options.chess960)
    }

    fn from_fen(fen: &str, options: &Options) -> Result<Self, ParseError> {
        Position::from_fen_with(fen, options.chess960)
    }

    fn fen(&self) -> String {
        Position::fen(self)
    }

    #[inline(always)]
    fn key(&self) -> u64 {
        Position::key(self)
    }

    fn halfmove_clock(&self) -> u32 {
        Position::halfmove_clock(self)
    }
}

impl Game for Position {
    type Move = Move;
    type Moves = MoveList;

    const ADOPTED: &'static [crate::search::Technique] = ADOPTED;

    #[inline(always)]
    fn to_move(&self) -> Player {
        self.side_to_move()
    }

    #[inline(always)]
    fn legal_moves(&self, out: &mut MoveList) {
        Position::legal_moves(self, out)
    }

    #[inline(always)]
    fn count_legal_moves(&self) -> u64 {
        Position::count_legal_moves(self)
    }

    #[inline(always)]
    fn play(&self, mv: Move) -> Self {
        Position::play(self, mv)
    }

    fn quick_outcome(&self) -> Option<Outcome> {
        Position::quick_outcome(self)
    }

    fn stuck_outcome(&self) -> Outcome {
        Position::stuck_outcome(self)
    }

    #[inline(always)]
    fn in_check(&self) -> bool {
        self.checkers().0 != 0
    }

    #[inline(always)]
    fn is_capture(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    fn parse_move(&self, s: &str) -> Result<Move, ParseError> {
        self.parse_uci(s)
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn evaluate_for_mover(&self) -> i32 {
        eval::evaluate(self)
    }

    // Search hooks: exchanges live in exchange.rs.

    #[inline]
    fn capture_value(&self, mv: Move) -> i32 {
        exchange::capture_value(self, mv)
    }

    #[inline]
    fn mover_value(&self, mv: Move) -> i32 {
        exchange::mover_value(self, mv)
    }

    #[inline]
    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        exchange::see_ge(self, mv, threshold)
    }

    /// Captures and queen promotions.
    #[inline]
    fn is_tactical(&self, mv: Move) -> bool {
        mv.is_capture() || mv.promotion_role() == Some(Role::Queen)
    }

    /// Only the tactical moves: most of a legal list is quiet, and quiescence skips those.
    fn quiescence_moves(&self, out: &mut MoveList) -> bool {
        self.tactical_moves(out);
        false
    }

    fn play_null(&self) -> Option<Self> {
        eval::null_move_safe(self).then(|| self.null_move())
    }

    /// Player, piece and destination: 2 x 6 x 64 = 768 keys.
    #[inline]
    fn history_key(&self, mv: Move) -> Option<u16> {
        let role = self.role_on(mv.from())?;
        Some(((self.side_to_move().index() * 6 + role.index()) * 64 + mv.to().index()) as u16)
    }

    /// The pawns of both players; never 0, so pawnless endings are corrected too.
    #[inline]
    fn structure_key(&self) -> u64 {
        let white = self.pieces(Player::White, Role::Pawn).0;
        let black = self.pieces(Player::Black, Role::Pawn).0;
        let h =
            (white.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ black).wrapping_mul(0xff51_afd7_ed55_8ccd);
        (h ^ (h >> 29)) | 1
    }
}

/// Well-known test positions (the start, perft and tactics suites), openings to endgames.
/// (`bench` searches them: the protocol reads them from here.)
pub const BENCH_FENS: [&str; 16] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 1 8",
    "2r3k1/pp3ppp/2n1b3/3pP3/3P4/P4N2/1P3PPP/R4RK1 w - - 0 20",
    "r1b2rk1/2q1bppp/p2p1n2/np2p3/3PP3/5N1P/PPBN1PP1/R1BQR1K1 w - - 0 13",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "3r1rk1/p4ppp/1pn1p3/8/3P4/P1B2P2/1P3KPP/2R4R w - - 0 21",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 1",
    "8/5pk1/6p1/1p1R4/1P6/5PP1/r7/6K1 b - - 0 40",
    "1r3k2/4q3/2Pp3b/3Bp3/2Q2p2/1p1P2P1/1P2KP2/3N4 w - - 0 1",
];
