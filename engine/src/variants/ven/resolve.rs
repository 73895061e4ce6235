//! Resolution of a round (ven.md §5): the first mover's order is carried out as written, the
//! second mover's by the first matching rule of §5.2, then vengeance (§5.3), the two-kings rule
//! (R13) and the bookkeeping (§5.4). The report holds the two result codes (§5.5) and the
//! kings in check at the end.

use super::order::Order;
use super::position::Ven;
use crate::attacks::board8 as attacks;
use crate::bitboard::Bitboard;
use crate::game::Player;
use crate::square::{Board8, Square};
use crate::variants::chess::{CastlingRights, Position, Role};
use std::fmt;

/// What became of one order (§5.5).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Code {
    /// Carried out as written (its capture, castling, en passant, promotion included).
    Ok,
    /// A non-pawn's capture whose target had left: moved, capturing nothing.
    Nx,
    /// Arrived second on a square an enemy piece had just moved to, and took it.
    Same,
    /// A slider stopped on this square and took the piece that had moved into its path.
    Blk(Square),
    /// A double step reduced to one square.
    Short,
    /// An en passant order that took the piece that had moved onto the target square.
    Epx,
    /// Vengeance carried out.
    Fired,
    /// The ordered piece had been captured by the first mover.
    VoidCap,
    /// A pawn push blocked.
    VoidBlk,
    /// A pawn capture (or en passant) whose target had moved away.
    VoidLeft,
    /// Castling with the rook captured or a square between king and rook occupied.
    VoidCastle,
    /// Vengeance without a capture on its square.
    VoidVeng,
    /// Both kings moved next to each other: both orders void, the position restored.
    VoidKings,
}

impl Code {
    /// Whether the order did nothing.
    pub const fn is_void(self) -> bool {
        matches!(
            self,
            Code::VoidCap
                | Code::VoidBlk
                | Code::VoidLeft
                | Code::VoidCastle
                | Code::VoidVeng
                | Code::VoidKings
        )
    }
}

/// `ok`, `nx`, `same`, `blk:e5`, `short`, `epx`, `fired`, `void:cap`, ...
impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Code::Ok => "ok",
            Code::Nx => "nx",
            Code::Same => "same",
            Code::Blk(sq) => return write!(f, "blk:{}", sq.display::<Board8>()),
            Code::Short => "short",
            Code::Epx => "epx",
            Code::Fired => "fired",
            Code::VoidCap => "void:cap",
            Code::VoidBlk => "void:blk",
            Code::VoidLeft => "void:left",
            Code::VoidCastle => "void:castle",
            Code::VoidVeng => "void:veng",
            Code::VoidKings => "void:kings",
        };
        f.write_str(s)
    }
}

/// What happened in a round: each side's result code and which kings are in check at the end.
/// Displays as `WHITE_CODE BLACK_CODE CHECKS`, e.g. `blk:e5 ok B`, `ok ok WB`, `ok ok -`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Report {
    codes: [Code; 2],
    checks: [bool; 2],
}

impl Report {
    /// The result code of `side`'s order.
    pub fn code(&self, side: Player) -> Code {
        self.codes[side.index()]
    }

    /// Whether `side`'s king is in check after the round.
    pub fn in_check(&self, side: Player) -> bool {
        self.checks[side.index()]
    }

    /// `-`, `W`, `B` or `WB`.
    pub fn checks(&self) -> &'static str {
        match self.checks {
            [false, false] => "-",
            [true, false] => "W",
            [false, true] => "B",
            [true, true] => "WB",
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.codes[0], self.codes[1], self.checks())
    }
}

/// Rights lost when a square is the origin or destination of a displacement or capture.
#[inline(always)]
fn rights_kept(touched: u64) -> u8 {
    let mut keep = 0b1111u8;
    let hit = |sq: u8| touched >> sq & 1 != 0;
    if hit(4) || hit(0) {
        keep &= !CastlingRights::WHITE_QUEEN;
    }
    if hit(4) || hit(7) {
        keep &= !CastlingRights::WHITE_KING;
    }
    if hit(60) || hit(56) {
        keep &= !CastlingRights::BLACK_QUEEN;
    }
    if hit(60) || hit(63) {
        keep &= !CastlingRights::BLACK_KING;
    }
    keep
}

const CASTLING_SQUARES: u64 = 1 | 1 << 4 | 1 << 7 | 1 << 56 | 1 << 60 | 1 << 63;

/// The board B while a round is carried out, and what the bookkeeping needs to know.
struct Round {
    board: Position,
    /// Origins and destinations of executed displacements and captures (castling rights).
    touched: u64,
    /// A capture or an executed pawn move (the clock).
    irreversible: bool,
    /// Arrival squares of double steps executed in full, by colour.
    double: [Option<Square>; 2],
}

/// What kind of chess order `order` is on the writing board.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Kind {
    Castle { rook_from: Square, rook_to: Square },
    EnPassant,
    PawnPush,
    DoubleStep,
    PawnCapture,
    Piece { slider: bool },
}

fn kind(b0: &Position, role: Role, order: Order) -> Kind {
    let (a, b) = (order.from(), order.to());
    let df = (b.0 & 7) as i8 - (a.0 & 7) as i8;
    match role {
        Role::King if df.abs() == 2 => {
            let base = a.0 & 56;
            let (rook_from, rook_to) = if df > 0 {
                (Square(base + 7), Square(base + 5))
            } else {
                (Square(base), Square(base + 3))
            };
            Kind::Castle { rook_from, rook_to }
        }
        Role::Pawn if df != 0 && !b0.occupied().has(b) => Kind::EnPassant,
        Role::Pawn if df != 0 => Kind::PawnCapture,
        Role::Pawn if a.0.abs_diff(b.0) == 16 => Kind::DoubleStep,
        Role::Pawn => Kind::PawnPush,
        Role::Bishop | Role::Rook | Role::Queen => Kind::Piece { slider: true },
        _ => Kind::Piece { slider: false },
    }
}

impl Round {
    /// Takes the piece on `sq` (an enemy of `by`, never a king: R2).
    #[inline(always)]
    fn capture(&mut self, by: Player, sq: Square) {
        let victim = self.board.piece_on(sq).expect("a capture lands on a piece");
        debug_assert!(
            victim.color != by,
            "never onto an own piece (§5.6.5): {sq:?}"
        );
        debug_assert!(victim.role != Role::King, "a king captured on {sq:?} (R2)");
        self.board.toggle(victim.color, victim.role, sq);
        self.touched |= 1 << sq.0;
        self.irreversible = true;
    }

    /// Moves `side`'s `role` from `a` to the empty square `b`, promoting if asked.
    #[inline(always)]
    fn displace(&mut self, side: Player, role: Role, a: Square, b: Square, promo: Option<Role>) {
        debug_assert!(!self.board.occupied().has(b), "{b:?} is not empty");
        self.board.toggle(side, role, a);
        self.board.toggle(side, promo.unwrap_or(role), b);
        self.touched |= 1 << a.0 | 1 << b.0;
        if role == Role::Pawn {
            self.irreversible = true;
        }
    }

    /// Moves to `b`, taking whatever stands there; returns the capture square.
    #[inline(always)]
    fn go(
        &mut self,
        side: Player,
        role: Role,
        a: Square,
        b: Square,
        promo: Option<Role>,
    ) -> Option<Square> {
        let cap = self.board.occupied().has(b).then(|| {
            self.capture(side, b);
            b
        });
        self.displace(side, role, a, b, promo);
        cap
    }

    fn castle(&mut self, side: Player, a: Square, b: Square, rook_from: Square, rook_to: Square) {
        self.displace(side, Role::King, a, b, None);
        self.displace(side, Role::Rook, rook_from, rook_to, None);
    }

    /// Phase 1: the first mover's chess order, exactly as in chess. Returns the square of the
    /// piece it took there (none for en passant, R17).
    fn play_plain(&mut self, side: Player, order: Order) -> Option<Square> {
        let (a, b) = (order.from(), order.to());
        let role = self.board.role_on(a).expect("an order starts on a piece");
        match kind(&self.board, role, order) {
            Kind::Castle { rook_from, rook_to } => {
                self.castle(side, a, b, rook_from, rook_to);
                None
            }
            Kind::EnPassant => {
                self.capture(side, Square(b.0 ^ 8));
                self.displace(side, role, a, b, None);
                None
            }
            Kind::DoubleStep => {
                self.displace(side, role, a, b, None);
                self.double[side.index()] = Some(b);
                None
            }
            _ => self.go(side, role, a, b, order.promotion()),
        }
    }

    /// Phase 2: the second mover's chess order, by the first rule of §5.2 that matches, on the
    /// board after phase 1; `b0` is the writing board. Returns the code and the capture square.
    fn play_second(&mut self, b0: &Position, side: Player, order: Order) -> (Code, Option<Square>) {
        let (a, b) = (order.from(), order.to());
        let piece = b0.piece_on(a).expect("an order starts on a piece");
        let role = piece.role;
        // V1: the piece was taken first.
        if self.board.piece_on(a) != Some(piece) {
            return (Code::VoidCap, None);
        }
        let occ = self.board.occupied();
        let enemy = self.board.player(side.other());
        match kind(b0, role, order) {
            Kind::Castle { rook_from, rook_to } => {
                // C1, C2, C3: the rook must still stand, the squares between be empty; check and
                // attacked squares do not matter.
                let rook_there = self.board.pieces(side, Role::Rook).has(rook_from);
                if !rook_there || (attacks::between(a, rook_from) & occ).any() {
                    return (Code::VoidCastle, None);
                }
                self.castle(side, a, b, rook_from, rook_to);
                (Code::Ok, None)
            }
            Kind::PawnPush => {
                if occ.has(b) {
                    return (Code::VoidBlk, None); // P1
                }
                self.displace(side, role, a, b, order.promotion()); // P5
                (Code::Ok, None)
            }
            Kind::DoubleStep => {
                let mid = Square((a.0 + b.0) / 2);
                if occ.has(mid) {
                    return (Code::VoidBlk, None); // P2
                }
                if occ.has(b) {
                    self.displace(side, role, a, mid, None); // P3
                    return (Code::Short, None);
                }
                self.displace(side, role, a, b, None); // P4
                self.double[side.index()] = Some(b);
                (Code::Ok, None)
            }
            Kind::EnPassant => {
                let victim = Square(b.0 ^ 8);
                if enemy.has(b) {
                    // E1: take the piece that stepped onto the target; the passed pawn stays.
                    self.capture(side, b);
                    self.displace(side, role, a, b, None);
                    return (Code::Epx, Some(b));
                }
                if !self.board.pieces(side.other(), Role::Pawn).has(victim) {
                    return (Code::VoidLeft, None); // E2
                }
                self.capture(side, victim); // E3
                self.displace(side, role, a, b, None);
                (Code::Ok, None)
            }
            Kind::PawnCapture => {
                if !occ.has(b) {
                    return (Code::VoidLeft, None); // P6
                }
                let cap = self.go(side, role, a, b, order.promotion()); // P7
                (Code::Ok, cap)
            }
            Kind::Piece { slider } => {
                if slider {
                    // G1: the first occupied square walking from a towards b.
                    let path = attacks::between(a, b) & occ;
                    if path.any() {
                        let q = if b.0 > a.0 {
                            path.lowest()
                        } else {
                            path.highest()
                        }
                        .expect("a non-empty path");
                        debug_assert!(enemy.has(q), "only an enemy piece blocks (R6)");
                        let cap = self.go(side, role, a, q, None);
                        return (Code::Blk(q), cap);
                    }
                }
                let was = b0.occupied().has(b);
                let cap = self.go(side, role, a, b, None);
                let code = match (cap.is_some(), was) {
                    (true, false) => Code::Same, // G2
                    (true, true) => Code::Ok,    // G3
                    (false, true) => Code::Nx,   // G4
                    (false, false) => Code::Ok,  // G5
                };
                (code, cap)
            }
        }
    }

    /// Phase 3: the piece on `x` takes the capturer on `s` (no legality test, R15).
    fn avenge(&mut self, side: Player, order: Order) -> Code {
        let (x, s) = (order.from(), order.to());
        let Some(avenger) = self.board.piece_on(x).filter(|p| p.color == side) else {
            return Code::VoidVeng; // cannot happen (§5.3), guarded all the same
        };
        let promo = order.promotion().filter(|_| avenger.role == Role::Pawn);
        self.go(side, avenger.role, x, s, promo);
        Code::Fired
    }
}

impl Ven {
    /// Carries out one round: `white`'s and `black`'s orders, each legal here for its side (or,
    /// for resolution-only replays, at least a piece of that side on its origin). Returns the
    /// next position and the report.
    pub fn resolve_round(&self, white: Order, black: Order) -> (Ven, Report) {
        let f = self.first;
        let m = f.other();
        let orders = [white, black];
        let (of, om) = (orders[f.index()], orders[m.index()]);
        let b0 = &self.board;
        let mut r = Round {
            board: *b0,
            touched: 0,
            irreversible: false,
            double: [None, None],
        };
        let mut codes = [Code::Ok; 2];

        // Phase 1: the first mover.
        let cap_f = if of.is_vengeance() {
            None
        } else {
            r.play_plain(f, of)
        };
        // Phase 2: the second mover.
        let cap_m = if om.is_vengeance() {
            None
        } else {
            let (code, cap) = r.play_second(b0, m, om);
            codes[m.index()] = code;
            cap
        };
        // Phase 3: vengeance fires on a capture on its square by the other's chess order.
        if of.is_vengeance() {
            codes[f.index()] = if !om.is_vengeance() && cap_m == Some(of.to()) {
                r.avenge(f, of)
            } else {
                Code::VoidVeng
            };
        }
        if om.is_vengeance() {
            codes[m.index()] = if !of.is_vengeance() && cap_f == Some(om.to()) {
                r.avenge(m, om)
            } else {
                Code::VoidVeng
            };
        }
        // Phase 4: two kings that both moved may not end side by side (R13).
        let king_move = |o: Order| !o.is_vengeance() && b0.role(Role::King).has(o.from());
        let kings_adjacent =
            |p: &Position| attacks::king_attacks(p.king(Player::White)).has(p.king(Player::Black));
        let restored = king_move(of)
            && king_move(om)
            && !codes[m.index()].is_void()
            && kings_adjacent(&r.board);

        // Phase 5: bookkeeping.
        let mut next = *self;
        if restored {
            codes = [Code::VoidKings; 2];
            next.ep = [None, None];
            next.clock = self.clock.saturating_add(2);
        } else {
            next.board = r.board;
            if r.touched & CASTLING_SQUARES != 0 {
                next.castling = CastlingRights(self.castling.0 & rights_kept(r.touched));
            }
            for side in Player::BOTH {
                next.ep[side.index()] = r.double[side.index()]
                    .filter(|sq| r.board.pieces(side, Role::Pawn).has(*sq))
                    .map(|sq| Square(sq.0 ^ 8));
            }
            next.clock = if r.irreversible {
                0
            } else {
                self.clock.saturating_add(2)
            };
        }
        next.round = self.round.saturating_add(1);
        next.first = m;
        let report = Report {
            codes,
            checks: [
                next.king_attacked(Player::White),
                next.king_attacked(Player::Black),
            ],
        };

        // The invariants of §5.6.
        debug_assert!(
            next.board.pieces(Player::White, Role::King).count() == 1
                && next.board.pieces(Player::Black, Role::King).count() == 1,
            "a king was captured (§5.6.1)"
        );
        debug_assert!(
            !kings_adjacent(&next.board),
            "kings adjacent after {white},{black} in {} (§5.6.2)",
            self.fen()
        );
        debug_assert!(
            of.is_vengeance() || restored || codes[f.index()] == Code::Ok,
            "the first mover's order is carried out as written (§5.6.3)"
        );
        debug_assert!(
            !(of.is_vengeance() || om.is_vengeance())
                || orders
                    .iter()
                    .zip(codes)
                    .all(|(o, c)| o.is_vengeance() || c == Code::Ok),
            "beside a vengeance order, a chess order is carried out as written (§5.6.4)"
        );
        debug_assert_eq!(next.key(), next.compute_key());
        (next, report)
    }
}
