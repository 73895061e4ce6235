//! Lene Hau Chess (Ralph Betza, 2001): pieces make normal chess moves but travel one square per
//! turn. Rules: `shared/rules/lene-hau.md`; as implemented: docs/variants/lene-hau.md.
//!
//! The position is a fixed list of at most 32 pieces (stacks and travellers need per-piece
//! state) plus bitboards of the view derived from it after every turn.

mod describe;
mod eval;
mod fen;
mod rules;
#[cfg(test)]
mod tests;
mod turn;
mod types;

use crate::game::GameState;
use crate::game::{DrawReason, Game, Outcome, ParseError, Player, VariantOptions, WinReason};
use crate::option::{OptionSpec, OptionValue};
use crate::square::{Board8, Square};
use std::ops::{Deref, DerefMut};

pub use fen::START_FEN;
use types::{lowest, On8};
pub use types::{Move, Piece, Role, State};

/// At most 32 pieces in a plain array: copying a position (every turn makes a new one) is one
/// block copy, where an `ArrayVec` clones element by element.
#[derive(Copy, Clone)]
pub(crate) struct Pieces {
    list: [Piece; 32],
    len: u8,
}

impl Pieces {
    const EMPTY: Piece = Piece {
        color: Player::White,
        role: Role::King,
        sq: Square(0),
        dst: Square(0),
        state: State::Standing,
    };

    pub(crate) fn new() -> Self {
        Pieces {
            list: [Self::EMPTY; 32],
            len: 0,
        }
    }

    /// Adds a piece; false (and nothing added) when 32 are there already.
    pub(crate) fn try_push(&mut self, p: Piece) -> bool {
        let Some(slot) = self.list.get_mut(self.len as usize) else {
            return false;
        };
        *slot = p;
        self.len += 1;
        true
    }

    /// Removes piece `i`, the last taking its place.
    pub(crate) fn swap_remove(&mut self, i: usize) {
        let last = self.len as usize - 1;
        self.list[i] = self.list[last];
        self.len -= 1;
    }
}

impl Deref for Pieces {
    type Target = [Piece];
    fn deref(&self) -> &[Piece] {
        &self.list[..self.len as usize]
    }
}

impl DerefMut for Pieces {
    fn deref_mut(&mut self) -> &mut [Piece] {
        &mut self.list[..self.len as usize]
    }
}

impl<'a> IntoIterator for &'a Pieces {
    type Item = &'a Piece;
    type IntoIter = std::slice::Iter<'a, Piece>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl std::fmt::Debug for Pieces {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Room for the widest position 32 pieces allow (31 queens would have under 900 orders).
pub type MoveList = arrayvec::ArrayVec<Move, 1024>;

/// Lene Hau's options. None changes the rules: `TimeTerms` switches the evaluation's terms
/// that look ahead in time (see `eval.rs`), so that their worth can be measured in matches.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Options {
    pub time_terms: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { time_terms: true }
    }
}

impl VariantOptions for Options {
    fn specs() -> &'static [OptionSpec] {
        const SPECS: [OptionSpec; 1] = [OptionSpec::check("TimeTerms", true)];
        &SPECS
    }

    fn apply(&mut self, name: &'static str, value: OptionValue) -> Result<(), ParseError> {
        match name {
            "TimeTerms" => self.time_terms = value.check(),
            _ => return Err(ParseError::new(format!("unknown lene-hau option '{name}'"))),
        }
        Ok(())
    }

    /// `TimeTerms` only changes the evaluation: engines of a match may differ in it.
    fn is_rule(name: &str) -> bool {
        !name.eq_ignore_ascii_case("TimeTerms")
    }
}

/// Castling right bits.
pub const WK: u8 = 1;
pub const WQ: u8 = 2;
pub const BK: u8 = 4;
pub const BQ: u8 = 8;

#[derive(Copy, Clone, Debug)]
pub struct LeneHau {
    pieces: Pieces,
    side: Player,
    castling: u8,
    /// The square a pawn double-stepped past in the last turn.
    ep: Option<Square>,
    halfmove: u32,
    fullmove: u32,
    /// Sum (wrapping) of the pieces' keys: kept incrementally by `play`.
    piece_keys: u64,
    /// Decided by the last turn (§7 step 7).
    result: Option<Outcome>,
    // The view, derived from `pieces` (see `derive`).
    /// Squares holding any piece of a colour, standing or travelling.
    view: [u64; 2],
    /// View squares by colour and role.
    roles: [[u64; 6]; 2],
    /// Squares of standing pieces by colour and role (what may be ordered).
    standing: [[u64; 6]; 2],
    /// Squares holding two or more pieces of any colour and status.
    multi: u64,
    /// Whether the king of the side to move is attacked in the view (while `result` is none).
    checked: bool,
    /// The indices in `pieces` of the colour's travelling and committed pieces, as bits.
    moving: [u32; 2],
    /// The evaluation's time terms (an engine option, not a rule: not in the key or FEN).
    time_terms: bool,
}

/// 50-move rule: 100 turns.
pub const DRAW_PLIES: u32 = 100;

#[inline(always)]
pub(crate) fn ci(c: Player) -> usize {
    c.index()
}

impl LeneHau {
    /// The pieces, standing and travelling.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }
    pub fn side(&self) -> Player {
        self.side
    }
    pub fn castling(&self) -> u8 {
        self.castling
    }
    pub fn ep(&self) -> Option<Square> {
        self.ep
    }
    pub fn result(&self) -> Option<Outcome> {
        self.result
    }

    /// Rebuilds the view bitboards and the sets of moving pieces from the piece list.
    pub(crate) fn derive(&mut self) {
        self.moving = [0; 2];
        for (i, p) in self.pieces.iter().enumerate() {
            if p.state != State::Standing {
                self.moving[ci(p.color)] |= 1 << i;
            }
        }
        self.rederive(!0);
    }

    /// Whether the view is what `derive` makes of the piece list (checked after every turn).
    pub(crate) fn view_is_derived(&self) -> bool {
        let mut d = *self;
        d.derive();
        (d.view, d.roles, d.standing, d.multi, d.moving)
            == (
                self.view,
                self.roles,
                self.standing,
                self.multi,
                self.moving,
            )
    }

    /// Whether the colour has a travelling or committed piece.
    pub(crate) fn moving(&self, c: Player) -> bool {
        self.moving[ci(c)] != 0
    }

    /// Adds `q`'s bits to the view.
    #[inline(always)]
    fn show(&mut self, q: &Piece) {
        let c = ci(q.color);
        let b = q.sq.bit();
        self.multi |= (self.view[0] | self.view[1]) & b;
        self.view[c] |= b;
        self.roles[c][q.role.index()] |= b;
        if q.state == State::Standing {
            self.standing[c][q.role.index()] |= b;
        }
    }

    /// Takes `q` out of the view. A square that holds other pieces too cannot tell which of
    /// its bits were `q`'s: then its view is left as it was and this returns the square, for
    /// [`Self::rederive`] once the turn's pieces have moved (else 0).
    #[inline(always)]
    fn lift(&mut self, q: &Piece) -> u64 {
        let c = ci(q.color);
        let b = q.sq.bit();
        if self.multi & b != 0 {
            return b;
        }
        self.view[c] &= !b;
        self.roles[c][q.role.index()] &= !b;
        self.standing[c][q.role.index()] &= !b;
        0
    }

    /// Rebuilds the view of `squares` alone from the pieces on them.
    fn rederive(&mut self, squares: u64) {
        let keep = !squares;
        self.multi &= keep;
        for c in 0..2 {
            self.view[c] &= keep;
            for k in 0..6 {
                self.roles[c][k] &= keep;
                self.standing[c][k] &= keep;
            }
        }
        for i in 0..self.pieces.len() {
            let q = self.pieces[i];
            if squares & q.sq.bit() != 0 {
                self.show(&q);
            }
        }
    }

    /// The king's square in the view.
    pub(crate) fn king_sq(&self, c: Player) -> Option<Square> {
        let k = self.roles[ci(c)][Role::King.index()];
        (k != 0).then(|| lowest(k))
    }

    /// The key recomputed from scratch (the tests compare it with the incremental one).
    pub fn recomputed_key(&self) -> u64 {
        let sum = self
            .pieces
            .iter()
            .fold(0u64, |a, p| a.wrapping_add(zobrist::piece(p)));
        zobrist::combine(sum, self.side, self.castling, self.key_ep())
    }

    /// The en-passant square as the key sees it: only where a standing pawn of the side to
    /// move could take there, so that repetition compares what §8.6 compares (field 4 only
    /// when an en-passant order is possible; a pin is not looked at).
    fn key_ep(&self) -> Option<Square> {
        let us = self.side;
        self.ep.filter(|&ep| {
            let takers = crate::attacks::board8::pawn_attacks(us.other(), ep).0;
            takers & self.standing[ci(us)][Role::Pawn.index()] != 0
        })
    }
}

mod zobrist {
    //! Pieces are summed, not xored: two identical pieces on one square must not cancel.
    use super::{Piece, State};
    use crate::game::Player;
    use crate::square::Square;
    use crate::zobrist::keys;

    static STANDING: [u64; 12 * 64] = keys(0x1e4e_4a0a_0001);
    static TRAVEL: [u64; 12 * 64] = keys(0x1e4e_4a0a_0002);
    static DEST: [u64; 64] = keys(0x1e4e_4a0a_0003);
    static COMMITTED: [u64; 128] = keys(0x1e4e_4a0a_0004);
    static MISC: [u64; 16 + 65 + 1] = keys(0x1e4e_4a0a_0005);

    #[inline]
    pub fn piece(p: &Piece) -> u64 {
        let i = (p.color.index() * 6 + p.role.index()) * 64 + p.sq.index();
        match p.state {
            State::Standing => STANDING[i],
            State::Travelling => TRAVEL[i]
                .wrapping_add(DEST[p.dst.index()].rotate_left(p.role as u32 * 5 + 1))
                .wrapping_mul(0x9e37_79b9_7f4a_7c15 | 1),
            State::Committed => COMMITTED[p.color.index() * 64 + p.sq.index()],
        }
    }

    /// `ep`: the en-passant square as the key sees it (none is index 64).
    pub fn combine(sum: u64, side: Player, castling: u8, ep: Option<Square>) -> u64 {
        let side_key = if side == Player::Black { MISC[81] } else { 0 };
        let ep = ep.map_or(64, Square::index);
        sum ^ MISC[castling as usize] ^ MISC[16 + ep] ^ side_key
    }
}

impl GameState for LeneHau {
    type Options = Options;

    const NAME: &'static str = "lene-hau";

    fn start(options: &Options) -> Self {
        <Self as GameState>::from_fen(START_FEN, options).expect("the start position is valid")
    }

    fn from_fen(fen: &str, options: &Options) -> Result<Self, ParseError> {
        let mut pos = LeneHau::from_fen(fen)?;
        pos.time_terms = options.time_terms;
        Ok(pos)
    }

    fn fen(&self) -> String {
        LeneHau::fen(self)
    }

    fn key(&self) -> u64 {
        zobrist::combine(self.piece_keys, self.side, self.castling, self.key_ep())
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
}

impl Game for LeneHau {
    type Move = Move;
    type Moves = MoveList;
    /// Chess's adopted techniques: Lene Hau's own match accepted them together (docs/search.md).
    const ADOPTED: &'static [crate::search::Technique] = crate::variants::chess::ADOPTED;

    fn to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, out: &mut MoveList) {
        self.generate(out)
    }

    fn count_legal_moves(&self) -> u64 {
        self.count()
    }

    #[inline(always)]
    fn play(&self, mv: Move) -> Self {
        self.make(mv)
    }

    fn quick_outcome(&self) -> Option<Outcome> {
        if let Some(r) = self.result {
            return Some(r);
        }
        if self.pieces.len() == 2 && self.moving == [0; 2] {
            return Some(Outcome::Draw(DrawReason::InsufficientMaterial));
        }
        if self.halfmove >= DRAW_PLIES {
            // Checkmate takes precedence over the 50-move rule (§8.6).
            let mut moves = MoveList::new();
            self.generate(&mut moves);
            if !moves.is_empty() || !self.in_check() {
                return Some(Outcome::Draw(DrawReason::FiftyMoves));
            }
        }
        None
    }

    fn stuck_outcome(&self) -> Outcome {
        if let Some(r) = self.result {
            r
        } else if self.in_check() {
            Outcome::win(self.side.other(), WinReason::Checkmate)
        } else {
            Outcome::Draw(DrawReason::Stalemate)
        }
    }

    fn in_check(&self) -> bool {
        self.result.is_none() && self.checked
    }

    fn is_capture(&self, mv: Move) -> bool {
        self.captures_now(mv)
    }

    fn parse_move(&self, s: &str) -> Result<Move, ParseError> {
        let mut legal = MoveList::new();
        self.generate(&mut legal);
        legal
            .iter()
            .copied()
            .find(|m| self.format_move(*m) == s)
            .ok_or_else(|| {
                let why = if s.len() < 4 || s.len() > 6 {
                    "malformed"
                } else {
                    "illegal"
                };
                ParseError::with_token(format!("{why} move '{s}'"), s)
            })
    }

    fn format_move(&self, mv: Move) -> String {
        if mv.is_pass() {
            return "0000".into();
        }
        let mut s = String::with_capacity(6);
        let stacked = self
            .pieces
            .iter()
            .filter(|p| p.color == self.side && p.state == State::Standing && p.sq == mv.from)
            .count()
            >= 2;
        if stacked {
            s.push(mv.role.letter());
        }
        s.push_str(&square_name(mv.from));
        s.push_str(&square_name(mv.to));
        if let Some(promo) = mv.promo {
            s.push(promo.letter_of(Player::Black));
        }
        s
    }

    fn evaluate_for_mover(&self) -> i32 {
        self.static_eval()
    }

    fn capture_value(&self, mv: Move) -> i32 {
        self.gain_now(mv)
    }

    fn is_tactical(&self, mv: Move) -> bool {
        mv.promo.is_some() || self.captures_now(mv)
    }
}

pub(crate) fn square_name(sq: Square) -> String {
    sq.display::<Board8>().to_string()
}

/// The start and positions with travellers, stacks and castling under way (from
/// perft/lene-hau.epd).
/// (`bench` searches them: the protocol reads them from here.)
pub const BENCH_FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
    "rnbqkbnr/ppp2ppp/3pp3/8/8/5[NP]2/PPPPP1PP/RNBQKB1R w KQkq - 0 3 -",
    "r3k2r/pppq1ppp/2n1bn2/2bpp3/2BPP3/2N1BN2/PPPQ1PPP/R7 w kq - 0 1 Kf1>g1,Rh1=f1",
    "2n1k1r1/pbpq1pb1/3ppnp1/3P4/P3P3/2p3Qp/1PP2PPP/R1BK3R b - - 2 11 Bc4>a6,Nc5>d4,rb8>d8",
    "r1b1kbr1/p2p4/1ppq1np1/2PP3p/P3P[BP]2/1P4pP/B1Q3P1/R3KR2 b Q - 2 17 Nc1>d2,nc4>b3",
    "r3k2r/2p2ppp/1p1q1n2/p1bpp1N1/1nBPPBbP/2N5/PPP2PP1/R3K2R w KQkq a6 0 6 Qf3>g4",
];
