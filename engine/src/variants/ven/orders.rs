//! Which orders a player may write (ven.md §3): the legal chess moves of the writing board as if
//! it were that player's turn, never capturing the enemy king (R1, R2), then the vengeance
//! orders (§3.2, R14). Chess moves come from the chess generator through sinks that drop the
//! king capture and note the squares the moves capture on (the threats the enemy's vengeance
//! orders answer).

use super::order::Order;
use super::position::Ven;
use crate::attacks::board8 as attacks;
use crate::bitboard::{Bb64, Bitboard};
use crate::game::Player;
use crate::square::Square;
use crate::variants::chess::{Move, MoveKind, Position, Role, Sink, MAX_PSEUDO_LEGAL_MOVES};
use arrayvec::ArrayVec;

/// Room for any player's orders: at most the pseudo-legal chess moves, plus one vengeance
/// order per (avenger, other non-king piece) pair (16 x 15) and three more for each of at most
/// 16 pawn-on-the-seventh diagonals that avenge on the last rank.
pub const MAX_ORDERS: usize = MAX_PSEUDO_LEGAL_MOVES + 16 * 15 + 16 * 3;

/// A caller-owned list of one player's orders.
pub type OrderList = ArrayVec<Order, MAX_ORDERS>;

/// Lists chess orders, skipping the enemy king's square, and notes non-en-passant capture
/// squares. Without `QUIET` only the orders that capture (en passant too): quiescence's.
struct ListSink<'a, const QUIET: bool> {
    out: &'a mut OrderList,
    enemy_king: u64,
    captures: u64,
}

/// Counts chess orders, skipping the enemy king's square, and notes non-en-passant capture
/// squares. Without `QUIET` the generation gives captures (and what it gives besides without
/// quiet moves: pawn pushes, check evasions, en passant), which is enough for the threats.
struct CountSink<const QUIET: bool> {
    count: u64,
    enemy_king: u64,
    captures: u64,
}

#[inline(always)]
fn origin(to: Square, delta: i8) -> Square {
    Square(to.0.wrapping_sub(delta as u8))
}

impl<const Q: bool> Sink for ListSink<'_, Q> {
    const QUIET: bool = Q;
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bb64, theirs: Bb64) {
        let mut t = targets.0 & !self.enemy_king;
        self.captures |= t & theirs.0;
        if !Q {
            // Check evasions come without quiet moves too.
            t &= theirs.0;
        }
        for to in Bb64(t).squares() {
            self.out.push(Order::chess(from, to, None));
        }
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: u64, delta: i8, code: u16) {
        let t = targets & !self.enemy_king;
        if code == MoveKind::Capture as u16 {
            self.captures |= t;
        } else if !Q {
            return;
        }
        for to in Bb64(t).squares() {
            self.out.push(Order::chess(origin(to, delta), to, None));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, targets: u64, delta: i8, capture: bool) {
        let t = targets & !self.enemy_king;
        if capture {
            self.captures |= t;
        } else if !Q {
            return;
        }
        for to in Bb64(t).squares() {
            for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                self.out
                    .push(Order::chess(origin(to, delta), to, Some(role)));
            }
        }
    }
    #[inline(always)]
    fn one(&mut self, mv: Move) {
        // Castling and en passant: neither lands on a piece. (Castling comes only with quiet
        // moves.)
        self.out.push(Order::chess(mv.from(), mv.to(), None));
    }
}

impl<const Q: bool> Sink for CountSink<Q> {
    const QUIET: bool = Q;
    #[inline(always)]
    fn piece_moves(&mut self, _: Square, targets: Bb64, theirs: Bb64) {
        let t = targets.0 & !self.enemy_king;
        self.captures |= t & theirs.0;
        self.count += t.count_ones() as u64;
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: u64, _: i8, code: u16) {
        let t = targets & !self.enemy_king;
        if code == MoveKind::Capture as u16 {
            self.captures |= t;
        }
        self.count += t.count_ones() as u64;
    }
    #[inline(always)]
    fn promotions(&mut self, targets: u64, _: i8, capture: bool) {
        let t = targets & !self.enemy_king;
        if capture {
            self.captures |= t;
        }
        self.count += 4 * t.count_ones() as u64;
    }
    #[inline(always)]
    fn one(&mut self, _: Move) {
        self.count += 1;
    }
}

/// What one side's chess orders come to: how many, and where they capture.
#[derive(Copy, Clone, Debug)]
pub(super) struct ChessCount {
    pub(super) count: u64,
    /// Squares of enemy pieces a legal non-en-passant capture lands on (the threats).
    pub(super) captures: Bb64,
    pub(super) in_check: bool,
}

#[inline(always)]
fn king_bb(view: &Position, side: Player) -> u64 {
    view.pieces(side.other(), Role::King).0
}

impl Ven {
    /// Counts `side`'s chess orders and notes where they capture.
    #[inline]
    pub(super) fn count_chess(&self, side: Player) -> ChessCount {
        self.count_generated::<true>(side)
    }

    /// As [`Ven::count_chess`], of the orders generated with or without quiet moves.
    #[inline(always)]
    fn count_generated<const QUIET: bool>(&self, side: Player) -> ChessCount {
        let view = self.view(side);
        let mut sink = CountSink::<QUIET> {
            count: 0,
            enemy_king: king_bb(&view, side),
            captures: 0,
        };
        view.generate(&mut sink);
        ChessCount {
            count: sink.count,
            captures: Bb64(sink.captures),
            in_check: view.checkers().any(),
        }
    }

    /// Where `side`'s chess orders capture (its threats), or `None` where it has no chess
    /// order. As [`Ven::count_chess`], but generating captures first: the quiet moves are
    /// generated only where there is no capture, to tell whether `side` has any order.
    #[inline]
    fn threats_of(&self, side: Player) -> Option<Bb64> {
        let first = self.count_generated::<false>(side);
        let any = first.count > 0 || self.count_chess(side).count > 0;
        any.then_some(first.captures)
    }

    /// Appends `side`'s chess orders to `out` (without `QUIET`, those that capture); returns
    /// how many, where they capture and whether `side` is in check.
    #[inline]
    pub(super) fn list_chess<const QUIET: bool>(
        &self,
        side: Player,
        out: &mut OrderList,
    ) -> ChessCount {
        let view = self.view(side);
        let before = out.len();
        let mut sink = ListSink::<QUIET> {
            out,
            enemy_king: king_bb(&view, side),
            captures: 0,
        };
        view.generate(&mut sink);
        let captures = Bb64(sink.captures);
        ChessCount {
            count: (out.len() - before) as u64,
            captures,
            in_check: view.checkers().any(),
        }
    }

    /// Calls `f(avenger, avenged, promotes)` for each vengeance pair of `side` (§3.2), avenged
    /// squares in ascending order, then avengers: `side` is not in check (the caller's
    /// business), the avenged square holds one of its pieces other than the king that the
    /// enemy can legally capture there (`threats`, en passant excluded), the avenger attacks
    /// it on the board as it stands (pins ignored, pawns on their capture diagonals), and a
    /// king avenges no square next to the enemy king. `promotes`: a pawn arriving on the last
    /// rank, four orders.
    #[inline(always)]
    pub(super) fn for_each_vengeance(
        &self,
        side: Player,
        threats: Bb64,
        mut f: impl FnMut(Square, Square, bool),
    ) {
        let b = &self.board;
        let ours = b.player(side);
        let targets = threats & ours & !b.role(Role::King);
        if targets.is_empty() {
            return;
        }
        let occ = b.occupied();
        let enemy_king_zone = attacks::king_attacks(b.king(side.other()));
        let last_rank = match side {
            Player::White => 7,
            Player::Black => 0,
        };
        for s in targets.squares() {
            let mut avengers = b.attackers(s, side, occ);
            if enemy_king_zone.has(s) {
                avengers &= !b.role(Role::King);
            }
            let promotes_here = s.0 / 8 == last_rank;
            for x in avengers.squares() {
                f(x, s, promotes_here && b.role(Role::Pawn).has(x));
            }
        }
    }

    /// Appends `side`'s vengeance orders, given the enemy's capture squares.
    pub(super) fn list_vengeance(&self, side: Player, threats: Bb64, out: &mut OrderList) {
        self.for_each_vengeance(side, threats, |x, s, promotes| {
            if promotes {
                for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                    out.push(Order::vengeance(x, s, Some(role)));
                }
            } else {
                out.push(Order::vengeance(x, s, None));
            }
        });
    }

    /// The number of `side`'s vengeance orders, given the enemy's capture squares.
    #[inline]
    pub(super) fn count_vengeance(&self, side: Player, threats: Bb64) -> u64 {
        let mut n = 0;
        self.for_each_vengeance(side, threats, |_, _, promotes| {
            n += if promotes { 4 } else { 1 };
        });
        n
    }

    /// `side`'s orders into `out` (cleared first): empty when either player has no chess
    /// order, which is exactly when the game is over by §6 (mate, double mate, stalemate).
    pub fn orders_into(&self, side: Player, out: &mut OrderList) {
        out.clear();
        let mine = self.list_chess::<true>(side, out);
        if mine.count == 0 {
            return;
        }
        let Some(threats) = self.threats_of(side.other()) else {
            out.clear();
            return;
        };
        if !mine.in_check {
            self.list_vengeance(side, threats, out);
        }
    }

    /// `side`'s chess orders that capture, into `out` (cleared first): quiescence's orders
    /// where `side` is not in check. Where the enemy is in check, every order (it may be mated,
    /// which only the whole lists tell); returns whether `out` holds every order.
    pub fn quiescence_orders_into(&self, side: Player, out: &mut OrderList) -> bool {
        if self.king_attacked(side.other()) {
            self.orders_into(side, out);
            return true;
        }
        out.clear();
        self.list_chess::<false>(side, out);
        false
    }

    /// The number of `side`'s orders, as [`Ven::orders_into`] lists them.
    pub fn count_orders_of(&self, side: Player) -> u64 {
        let mine = self.count_chess(side);
        let theirs = self.count_chess(side.other());
        self.total(side, mine, theirs)
    }

    #[inline(always)]
    fn total(&self, side: Player, mine: ChessCount, theirs: ChessCount) -> u64 {
        if mine.count == 0 || theirs.count == 0 {
            return 0;
        }
        let vengeance = if mine.in_check {
            0
        } else {
            self.count_vengeance(side, theirs.captures)
        };
        mine.count + vengeance
    }

    /// |White's orders| x |Black's orders|: perft's last round, counted without listing.
    pub fn count_pairs(&self) -> u64 {
        let white = self.count_chess(Player::White);
        if white.count == 0 {
            return 0;
        }
        let black = self.count_chess(Player::Black);
        self.total(Player::White, white, black) * self.total(Player::Black, black, white)
    }
}
