//! Vanguard Chess: Bob Greenwade's 16x16 game with 48 men of 21 kinds a side
//! (`../shared/rules/vanguard.md`; decisions beyond it in docs/variants/vanguard.md).
//!
//! - [`piece`]: the roles and their letters; [`reach`]: the one description of every man, used by
//!   move generation ([`movegen`]) and attack detection (`attack`) alike.
//! - `position`: bitboards per role and colour, a mailbox, initial-move rights, the key;
//!   `place` puts and lifts men (board, key and placement score together); `fen` reads and
//!   writes it; `make` plays a move; [`moves`] holds the move type and notation.

mod attack;
mod describe;
mod eval;
mod exchange;
mod fen;
mod make;
pub mod movegen;
pub mod moves;
pub mod piece;
mod place;
mod position;
pub mod reach;
mod squares;
mod tables;
mod zobrist;

#[cfg(test)]
mod tests;

pub use eval::{Breakdown, ROYAL_VALUE, VALUES};
pub use fen::{MAX_MEN_PER_SIDE, START_FEN};
pub use movegen::{MoveList, MAX_MOVES};
pub use moves::{Move, MoveKind};
pub use piece::{Piece, Role};
pub use position::Vanguard;

use crate::game::GameState;
use crate::game::{DrawReason, Game, Outcome, ParseError, Player, WinReason};
use moves::push_square;

/// Null-move pruning needs at least this many men besides royals and pawn-types (see
/// [`Game::play_null`]).
const NULL_MOVE_OFFICERS: u32 = 3;

/// Plies of quiescence search (see [`Game::QUIESCENCE_PLIES`]). Crowded middlegames, where
/// both sides have several men en prise, reached 180,000 nodes and 31 plies at depth 1 without
/// a bound; 6 plies keep them under 2,000 (8 plies: 6,000 to 12,000) with scores within 30 cp
/// of the 8-ply ones (docs/variants/vanguard.md, "Search").
const QUIESCENCE_PLIES: usize = 6;

/// The 100-move rule (§8.1, R23): 200 plies without capture, pawn-type advance or promotion.
pub const DRAW_PLIES: u32 = 200;

impl GameState for Vanguard {
    type Options = ();

    const NAME: &'static str = "vanguard";

    fn start(_: &()) -> Self {
        Vanguard::from_fen(START_FEN).expect("the start position is valid")
    }

    fn from_fen(fen: &str, _: &()) -> Result<Self, ParseError> {
        Vanguard::from_fen(fen)
    }

    fn fen(&self) -> String {
        Vanguard::fen(self)
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
}

impl Game for Vanguard {
    type Move = Move;
    type Moves = MoveList;
    /// Chess's adopted techniques: Vanguard's own 800-game match scored them +28 ± 23
    /// (docs/search.md).
    const ADOPTED: &'static [crate::search::Technique] = crate::variants::chess::ADOPTED;
    const QUIESCENCE_PLIES: usize = QUIESCENCE_PLIES;

    fn to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, out: &mut MoveList) {
        self.generate_legal(out)
    }

    fn count_legal_moves(&self) -> u64 {
        self.count_legal()
    }

    fn play(&self, mv: Move) -> Self {
        self.make(mv)
    }

    fn quick_outcome(&self) -> Option<Outcome> {
        if !self.has_royal(self.side) {
            return Some(Outcome::win(self.side.other(), WinReason::RoyalCaptured));
        }
        if self.halfmove >= DRAW_PLIES {
            // A mate or stalemate on the 200th ply takes precedence (R30).
            let mut moves = MoveList::new();
            self.generate_legal(&mut moves);
            if !moves.is_empty() {
                return Some(Outcome::Draw(DrawReason::FiftyMoves));
            }
        }
        None
    }

    fn stuck_outcome(&self) -> Outcome {
        if !self.has_royal(self.side) {
            Outcome::win(self.side.other(), WinReason::RoyalCaptured)
        } else if self.in_check() {
            Outcome::win(self.side.other(), WinReason::Checkmate)
        } else {
            Outcome::Draw(DrawReason::Stalemate)
        }
    }

    fn in_check(&self) -> bool {
        self.has_sole_king(self.side)
            && self
                .king(self.side)
                .is_some_and(|k| self.attacked(k, self.side.other()))
    }

    fn may_give_check(&self, mv: Move) -> bool {
        Vanguard::may_give_check(self, mv)
    }

    fn is_capture(&self, mv: Move) -> bool {
        let enemy = self.men(self.side.other());
        match mv.kind {
            MoveKind::Rifle | MoveKind::Shot => true,
            MoveKind::Normal | MoveKind::Promotion => enemy.has(mv.to),
            MoveKind::Sweep => (make::between(mv.from, mv.to) & enemy).any() || enemy.has(mv.to),
            MoveKind::Swap | MoveKind::SwapPromotion => false,
        }
    }

    fn parse_move(&self, s: &str) -> Result<Move, ParseError> {
        moves::parse_notation(s)?;
        let mut legal = MoveList::new();
        self.generate_legal(&mut legal);
        if let Some(m) = legal.iter().find(|m| self.format_move(**m) == s) {
            return Ok(*m);
        }
        if let Some(m) = legal.iter().find(|m| {
            self.format_move(**m)
                .strip_prefix(s)
                .is_some_and(|l| l.len() == 1)
        }) {
            return Err(ParseError::with_token(
                format!(
                    "move '{s}' must name its promotion: '{}'",
                    self.format_move(*m)
                ),
                s,
            ));
        }
        Err(ParseError::with_token(format!("illegal move '{s}'"), s))
    }

    fn format_move(&self, mv: Move) -> String {
        let mut out = String::with_capacity(10);
        push_square(&mut out, mv.from);
        match mv.kind {
            MoveKind::Rifle => {
                out.push('x');
                push_square(&mut out, mv.to);
            }
            MoveKind::Shot => {
                push_square(&mut out, mv.to);
                out.push('x');
                push_square(&mut out, mv.shot);
            }
            MoveKind::Promotion | MoveKind::SwapPromotion => {
                push_square(&mut out, mv.to);
                let promoted = if mv.kind == MoveKind::Promotion {
                    mv.from
                } else {
                    mv.to
                };
                if let Some(p) = self.piece_at(promoted) {
                    out.push(p.role().promoted().letter());
                }
            }
            MoveKind::Normal | MoveKind::Sweep | MoveKind::Swap => push_square(&mut out, mv.to),
        }
        out
    }

    fn evaluate_for_mover(&self) -> i32 {
        self.static_eval()
    }

    // Search hooks (exchange.rs): see docs/variants/vanguard.md, "Search".

    #[inline]
    fn capture_value(&self, mv: Move) -> i32 {
        self.exchange_gain(mv)
    }

    #[inline]
    fn mover_value(&self, mv: Move) -> i32 {
        self.moving_value(mv)
    }

    #[inline]
    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        self.see_at_least(mv, threshold)
    }

    /// Only the captures and promotions: a Vanguard position has a hundred or more legal
    /// moves, of which quiescence would play a handful.
    #[inline]
    fn quiescence_moves(&self, out: &mut MoveList) -> bool {
        self.generate_tactical(out);
        false
    }

    /// Captures and promotions (a Soldier becoming a Helepolis gains more than most captures).
    #[inline]
    fn is_tactical(&self, mv: Move) -> bool {
        matches!(mv.kind, MoveKind::Promotion | MoveKind::SwapPromotion) || self.is_capture(mv)
    }

    /// Passing is sound for null-move pruning while the side to move has men to spare: with a
    /// few officers left there is always a harmless move, so zugzwang needs a bare endgame.
    fn play_null(&self) -> Option<Self> {
        let us = self.side;
        let pawns = self.pieces(us, Role::Pawn)
            | self.pieces(us, Role::Soldier)
            | self.pieces(us, Role::Sergeant);
        let royals = self.pieces(us, Role::King) | self.pieces(us, Role::Prince);
        let officers = self.men(us) & !pawns & !royals;
        (officers.count() >= NULL_MOVE_OFFICERS).then(|| self.make_null())
    }
}

use crate::bitboard::Bitboard;

/// The start, middlegames and endgames from depth-4 games against the greedy player and from
/// self-play after random openings (the last two have a sole King).
/// (`bench` searches them: the protocol reads them from here.)
pub const BENCH_FENS: [&str; 8] = [
    "hjyfbwdqkicbfyjh/rnzlaavggvaalznr/ppppssseessspppp/16/16/16/16/16/16/16/16/16/16/PPPPSSSEESSSPPPP/RNZLAAVGGVAALZNR/HJYFBWDQKICBFYJH w - 0 1",
    "hjyfbw1k1icb1yjh/rn1laavqdvaalz2/pppps1sees2pp1r/z12f2/16/5s8pp/9G1s4/14n1/16/2P7S5/16/5S10/4S3E4P2/PPKP2S1ES1SP1PP/RNWLAAV1GVAALZNR/H1YFBZDQ1ICBFY1H w j14 15 21",
    "hlyfbsdq1i1b1yjh/r1z2avkcvaalznr/1pppsa2es1sfp1p/4s1e1n7/8w3p1p1/p9s5/16/16/16/16/9S6/7N8/2P1F8P2/PP1PSSSEEGSSP1PP/1RZLAA1G1VAALZNR/H1Y1BWDKQICBFY1H w e14 8 23",
    "h1yfbwdk1icbf1jh/rnz1aav1gvaalzny/5s2essspp1p/1plp10p1/4s11/p2p2s9/7q3J4/7e8/16/16/9S6/8EF6/2P1L3E3NP2/PP1PSSS1G1SSP1PP/RNZ1AAVQ1VAALZ1R/H1Y1BW2KICBFY1H w - 4 31",
    "hlyfasdq1i1b1yjh/r2ba1vk2aa1znr/1ppps4s1s3p/z2s5e1f1p2/6v1w3p1p1/p5e2ls5/16/16/16/6S9/9S6/7F8/2P6F3P2/PP1PSS2E1SSP1PP/1RZLAA1GKVAALZNR/H1Y1BWDGQICB1Y1H w e14 2 43",
    "hly1as3i1b1y1h/4r1v1w1aaj1nr/1pppbs1v1s1s2z1/2s3fk1e3p2/z6a4p1pp/p6e2s5/16/13l2/16/6S9/9S6/16/2P6F3P2/PP1PSSK1E1SSP1PP/1RZLAA1I1VAALZNR/H1Y1BWDGQ1CB1Y1H w f14 17 63",
    "15r/5r3k2j1n1/3p1swvvs2a3/3s2f2e1s1p1z/2p4a5app/10s1p3/16/16/1R5S8/16/9S6/16/2P6F3P2/1P1PSS2E1SSP1P1/1RZ1AA1IKVAALZN1/1LY1BW1GQ1CB1Y1H w f14 0 83",
    "16/16/8k7/3s2f4s1H2/16/10s1p3/9e6/16/1R5S8/2Q13/9S6/16/2P5EF3P2/1P1PZS4SSP1P1/1R2AA3VAALZN1/1LY2W1G1KCB1Y2 w - 1 98",
];
