//! 007 Chess (rules/007.md): orthodox pieces and moves, but a player's *turn* is a block of
//! plies, some of which move the enemy's pieces (standard: friendly, enemy, friendly).
//!
//! A ply is an orthodox move of the colour on the board, whoever chooses it, so this module is a
//! thin layer over [`crate::variants::chess`]: it keeps the turn state (who chooses, which ply of
//! how long a turn), the Detente sets, and the fast-and-deadly king capture beside the board.
//!
//! | file | holds |
//! |---|---|
//! | `options.rs` | [`Options`], [`Schedule`] and the `VariantOptions` names |
//! | `turn.rs` | [`TurnState`]: schedules, the state machine of §4.4, the FEN token |
//! | `detente.rs` | [`Detente`]: the sets `F`/`E` and the filter of §6.2 |
//! | `position.rs` | [`Position`]: legal plies, play, key |
//! | `status.rs` | mate, stalemate and draws as §8 and §9 define them |
//! | `fen.rs` | the extended FEN of §10.2 |
//! | `notation.rs` | plies and comma-joined turns, `bestmove`'s turn prefix |
//! | `eval.rs` | evaluation from the controller's side |
//! | `weights.txt` | its orthodox part's weights, in chess's layout (`chimera tune --variant 007`) |
//!
//! ```
//! use chimera_engine::variants::oo7::{Options, Position};
//! use chimera_engine::{Game, Player};
//! let pos = Position::start(&Options::default());
//! let after = pos.play_plies("e2e4,e7e5").unwrap();
//! // The White player still chooses: his third ply of the turn.
//! assert_eq!(after.to_move(), Player::White);
//! assert_eq!(after.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 w3/3");
//! ```

mod checks;
mod describe;
mod detente;
mod eval;
mod fen;
mod notation;
mod options;
mod position;
mod status;
mod turn;
mod zobrist;

#[cfg(test)]
mod tests;

pub use detente::Detente;
pub use options::{Options, Schedule};
pub use position::Position;
pub use turn::TurnState;

use crate::game::GameState;
use crate::game::{Game, Outcome, ParseError, Player};
use crate::variants::chess::{Move, MAX_PSEUDO_LEGAL_MOVES};

/// Room for every ply of any position: fast-and-deadly lists pseudo-legal moves.
pub const MAX_PLIES: usize = MAX_PSEUDO_LEGAL_MOVES;

/// A caller-owned list of plies.
pub type MoveList = arrayvec::ArrayVec<Move, MAX_PLIES>;

impl GameState for Position {
    type Options = Options;

    const NAME: &'static str = "007";

    fn start(options: &Options) -> Self {
        Position::start(options)
    }

    fn from_fen(fen: &str, options: &Options) -> Result<Self, ParseError> {
        Position::from_fen(fen, options)
    }

    fn fen(&self) -> String {
        Position::fen(self)
    }

    #[inline(always)]
    fn key(&self) -> u64 {
        Position::key(self)
    }

    fn halfmove_clock(&self) -> u32 {
        self.board().halfmove_clock()
    }
}

impl Game for Position {
    type Move = Move;
    type Moves = MoveList;
    // A turn is several plies (friendly, enemy, friendly), written comma-joined (§10.1).
    const TURN_SEPARATOR: Option<char> = Some(',');
    /// Chess's adopted techniques: 007's own match accepted them together (docs/search.md).
    const ADOPTED: &'static [crate::search::Technique] = crate::variants::chess::ADOPTED;
    /// Under fast-and-deadly a king may stay attacked ply after ply, so evasions in quiescence
    /// never run out: a depth-1 search of issue #31's Detente position passed 10 M nodes
    /// unbounded (29 nodes with this bound). A Progressive
    /// turn gives one player up to ten plies in a row, every one of them in check: the fuzzer's
    /// Progressive position (tests/stop_latency.rs) took 6.0 M nodes and over 4 s at depth 1
    /// with 4 plies, 10,219 nodes with 2, 632 with 1. Two keeps a reply to a check in view.
    const QUIESCENCE_EVASION_PLIES: usize = 2;

    /// The controller: the player who chooses the next ply, not the colour it moves.
    #[inline(always)]
    fn to_move(&self) -> Player {
        self.turn().controller
    }

    #[inline(always)]
    fn legal_moves(&self, out: &mut MoveList) {
        self.legal_plies(out)
    }

    #[inline(always)]
    fn count_legal_moves(&self) -> u64 {
        self.count_legal_plies()
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

    /// Whether the king of the colour to move is attacked (whoever controls the ply).
    #[inline(always)]
    fn in_check(&self) -> bool {
        self.board().checkers().0 != 0
    }

    #[inline(always)]
    fn is_capture(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    fn parse_move(&self, s: &str) -> Result<Move, ParseError> {
        self.parse_ply(s)
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn evaluate_for_mover(&self) -> i32 {
        eval::evaluate(self)
    }

    // Search hooks. A capture on an enemy ply takes the controller's own material, so only
    // friendly plies count as tactical or gain anything; exchanges are orthodox (recapture on
    // the next ply) only after the last ply of a turn, since within a turn the controller also
    // makes the next ply.

    /// What a friendly ply wins (an enemy ply wins nothing for the controller).
    #[inline]
    fn capture_value(&self, mv: Move) -> i32 {
        if self.is_friendly_ply() {
            crate::variants::chess::exchange::capture_value(self.board(), mv)
        } else {
            0
        }
    }

    #[inline]
    fn mover_value(&self, mv: Move) -> i32 {
        crate::variants::chess::exchange::mover_value(self.board(), mv)
    }

    /// Orthodox exchange evaluation where the opponent moves next (the turn's last ply is
    /// friendly); `true` elsewhere, where the orthodox answer does not apply. Under
    /// fast-and-deadly pins and checks do not hold pieces back, which exchange evaluation
    /// ignores anyway.
    #[inline]
    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        if self.is_friendly_ply() && self.turn().is_last_ply() {
            crate::variants::chess::exchange::see_ge(self.board(), mv, threshold)
        } else {
            true
        }
    }

    /// What quiescence follows, chosen for how 007 games are decided (not under
    /// fast-and-deadly, where checks force nothing, beyond captures):
    ///
    /// * friendly plies: captures and queen promotions; checks on the last two friendly plies
    ///   of a turn (a mate ends most 007 games there, and the opponent's enemy ply after it
    ///   stands pat, which bounds the chain); every ply at the start of a turn of four plies or
    ///   more (Progressive), so that the friendly-enemy-friendly mates of a long turn reach the
    ///   evaluation's mate threat;
    /// * enemy plies, when a friendly ply follows within the turn's last four: moves of the
    ///   enemy king and of the pieces next to it (the enemy ply opens the king, the friendly
    ///   ply mates). Any other enemy ply stands pat: the controller picks a harmless one, and
    ///   the evaluation counts the capture or mate the friendly ply after it makes. A capture
    ///   on an enemy ply takes the controller's own material.
    #[inline]
    fn is_tactical(&self, mv: Move) -> bool {
        let turn = self.turn();
        let fast = self.options().fast_and_deadly;
        if !self.is_friendly_ply() {
            // The enemy ply that opens the enemy king for the friendly ply's mate.
            if fast || !(2..=4).contains(&turn.plies_left()) {
                return false;
            }
            let board = self.board();
            let king = board.king(board.side_to_move());
            let zone = crate::attacks::board8::king_attacks(king).0 | 1 << king.0;
            return zone & 1 << mv.from().0 != 0;
        }
        (turn.k == 1 && turn.n >= 4 && !fast)
            || mv.is_capture()
            || mv.promotion_role() == Some(crate::variants::chess::Role::Queen)
            || (turn.plies_left() <= 3 && !fast && checks::gives_check(self.board(), mv))
    }

    /// §7 `OwnerPromotes`: the pawn's owner (the colour it moves) picks the letter of every
    /// promotion, so at an enemy ply the four promotions of one pawn step are his choice.
    #[inline(always)]
    fn chooser(&self, mv: Move) -> Player {
        if self.options().owner_promotes && mv.promotion_role().is_some() {
            self.color()
        } else {
            self.to_move()
        }
    }

    /// A promotion's from and to squares: the letters of one pawn step are one choice.
    fn choice_group(&self, mv: Move) -> u32 {
        u32::from(mv.from().0) << 8 | u32::from(mv.to().0)
    }

    /// No null move: passing a ply would hand the next ply's choice to the other player (or
    /// skip into another colour's ply of the same turn), which tests nothing sound about 007.
    fn play_null(&self) -> Option<Self> {
        None
    }
}

/// Standard-schedule positions at every ply of a turn, openings to endgames (the FENs carry
/// their turn state, so they are read under the standard and Balanced schedules).
/// (`bench` searches them: the protocol reads them from here.)
pub const BENCH_FENS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 w1/3",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 w3/3",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 b2/3",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 w1/3",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1 w2/3",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10 b2/3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11 w1/3",
    "6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 1 b3/3",
];
