//! Orders legal in the view (§6), and the paths of journeys (§5).

use super::types::at;
use super::*;
use crate::attacks::board8::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::bitboard::Bb64;

/// The squares a piece of `role` and `color` on `from` attacks over `occ` (§8.1): what a
/// knight, king or slider may order to (§6.2), and every pictorial attack.
#[inline(always)]
pub(crate) fn reach(role: Role, color: Player, from: Square, occ: u64) -> u64 {
    let s = from;
    let o = Bb64(occ);
    match role {
        Role::Pawn => pawn_attacks(color, s).0,
        Role::Knight => knight_attacks(s).0,
        Role::King => king_attacks(s).0,
        Role::Bishop => bishop_attacks(s, o).0,
        Role::Rook => rook_attacks(s, o).0,
        Role::Queen => (bishop_attacks(s, o) | rook_attacks(s, o)).0,
    }
}

/// Whether pieces `roles` (by role) of colour `by` attack `sq` from their view squares (§8.1),
/// over `occ`, counting only the attackers in `mask`: the same attacks as [`reach`], looked
/// at from the attacked square.
#[inline(always)]
pub(crate) fn attacked_by(s: Square, by: Player, roles: &[u64; 6], occ: u64, mask: u64) -> bool {
    let o = Bb64(occ);
    let role = |r: Role| roles[r.index()];
    pawn_attacks(by.other(), s).0 & role(Role::Pawn) & mask != 0
        || knight_attacks(s).0 & role(Role::Knight) & mask != 0
        || king_attacks(s).0 & role(Role::King) & mask != 0
        || bishop_attacks(s, o).0 & (role(Role::Bishop) | role(Role::Queen)) & mask != 0
        || rook_attacks(s, o).0 & (role(Role::Rook) | role(Role::Queen)) & mask != 0
}

/// The first square of a journey (§5); knights go rookwise along the long leg first.
#[inline(always)]
pub(crate) fn first_step(role: Role, from: Square, to: Square) -> Square {
    let (ff, fr) = (from.file8(), from.rank8());
    let (df, dr) = (to.file8() - ff, to.rank8() - fr);
    let (sf, sr) = if role == Role::Knight {
        if df.abs() == 2 {
            (df.signum(), 0)
        } else {
            (0, dr.signum())
        }
    } else {
        (df.signum(), dr.signum())
    };
    at(ff + sf, fr + sr)
}

/// The next square of a travelling piece: one unit step towards its destination (the
/// remaining path of every orthodox piece is a straight line, a knight's a diagonal step).
#[inline(always)]
pub(crate) fn next_step(from: Square, to: Square) -> Square {
    let (ff, fr) = (from.file8(), from.rank8());
    let (df, dr) = (to.file8() - ff, to.rank8() - fr);
    at(ff + df.signum(), fr + dr.signum())
}

/// Where the generator puts legal orders: a move list, or a count (perft's last level).
trait Sink {
    /// Whether only the number of orders matters (perft's last level): then the pawns that
    /// need no test are counted all at once, by shifting their set.
    const COUNTS: bool = false;
    /// The orders of the piece `role` on `from` to every square of `targets`.
    fn all(&mut self, role: Role, from: Square, targets: u64);
    fn push(&mut self, mv: Move);
    fn is_empty(&self) -> bool;
}

impl Sink for MoveList {
    #[inline(always)]
    fn all(&mut self, role: Role, from: Square, mut targets: u64) {
        while targets != 0 {
            let to = lowest(targets);
            targets &= targets - 1;
            arrayvec::ArrayVec::push(self, Move::new(role, from, to));
        }
    }
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        arrayvec::ArrayVec::push(self, mv)
    }
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Counts the orders instead of listing them.
struct Count(u64);

impl Sink for Count {
    const COUNTS: bool = true;
    #[inline(always)]
    fn all(&mut self, _: Role, _: Square, targets: u64) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
    fn is_empty(&self) -> bool {
        self.0 == 0
    }
}

/// A pawn's orders to the last rank, each as its four promotions (§6.6).
struct Promotions<'a, S: Sink>(&'a mut S);

impl<S: Sink> Sink for Promotions<'_, S> {
    #[inline(always)]
    fn all(&mut self, role: Role, from: Square, mut targets: u64) {
        while targets != 0 {
            let to = lowest(targets);
            targets &= targets - 1;
            for promo in Role::PROMOTIONS {
                self.0.push(Move {
                    promo: Some(promo),
                    ..Move::new(role, from, to)
                });
            }
        }
    }
    fn push(&mut self, mv: Move) {
        self.0.push(mv)
    }
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl LeneHau {
    pub(crate) fn side_in_check(&self, c: Player) -> bool {
        let them = c.other();
        match self.king_sq(c) {
            Some(k) => attacked_by(
                k,
                them,
                &self.roles[ci(them)],
                self.view[0] | self.view[1],
                !0,
            ),
            None => false,
        }
    }

    /// Whether a square is attacked by `by` in the current view.
    pub fn attacked(&self, sq: Square, by: Player) -> bool {
        attacked_by(sq, by, &self.roles[ci(by)], self.view[0] | self.view[1], !0)
    }

    /// King safety in the hypothetical normal-chess position `H` of §6.3.
    #[inline]
    fn safe_in_h(&self, role: Role, from: Square, to: Square, ep_victim: Option<Square>) -> bool {
        let us = self.side;
        let them = us.other();
        let mut occ = self.view[0] | self.view[1];
        let fb = from.bit();
        if self.multi & fb == 0 {
            occ &= !fb;
        }
        occ |= to.bit();
        let mut roles = self.roles[ci(them)];
        let mut mask = !to.bit();
        if let Some(v) = ep_victim {
            let vb = v.bit();
            // Only the double-stepped pawn leaves its square; anything stacked with it stays.
            let others = self.pieces.iter().filter(|p| p.sq == v).count();
            if others <= 1 {
                occ &= !vb;
                mask &= !vb;
            } else {
                let pawns_left = self
                    .pieces
                    .iter()
                    .filter(|p| p.sq == v && p.color == them && p.role == Role::Pawn)
                    .count();
                if pawns_left <= 1 {
                    roles[Role::Pawn.index()] &= !vb;
                }
            }
        }
        let king = if role == Role::King {
            to
        } else {
            match self.king_sq(us) {
                Some(k) => k,
                None => return true,
            }
        };
        !attacked_by(king, them, &roles, occ, mask)
    }

    /// Our standing pieces alone on their squares between our king `k` and an enemy slider
    /// (standing or travelling) with nothing else between: taking one of them off its square
    /// may expose the king. A piece on a stack never is: its square stays occupied.
    fn pinned(&self, ks: Square) -> u64 {
        let [_, queen, rook, bishop, _, _] = self.roles[ci(self.side.other())];
        let occ = self.view[0] | self.view[1];
        let mut snipers = (rook_attacks(ks, Bb64(0)).0 & (rook | queen))
            | (bishop_attacks(ks, Bb64(0)).0 & (bishop | queen));
        let single_own = self.view[ci(self.side)] & !self.multi;
        let mut pinned = 0;
        while snipers != 0 {
            let s = lowest(snipers);
            snipers &= snipers - 1;
            let blockers = between(ks, s).0 & occ;
            if blockers.count_ones() == 1 && blockers & single_own != 0 {
                pinned |= blockers;
            }
        }
        pinned
    }

    /// The legal actions (§6), the pass included when §6.7 allows it.
    pub(crate) fn generate(&self, out: &mut MoveList) {
        self.orders(out);
    }

    /// The number of legal actions, counted without listing the orders that need no test.
    pub(crate) fn count(&self) -> u64 {
        crate::bitboard::with_popcnt(
            #[inline(always)]
            || {
                let mut n = Count(0);
                self.orders(&mut n);
                n.0
            },
        )
    }

    /// Every legal action into `sink` (§6): destinations in the view, king safety in `H`
    /// (skipped where it cannot matter: not in check, not the king, not pinned, not en
    /// passant), castling, and the pass when nothing else is legal.
    #[inline(always)]
    fn orders<S: Sink>(&self, sink: &mut S) {
        if self.result.is_some() {
            return;
        }
        let us = self.side;
        let u = ci(us);
        let own = self.view[u];
        let enemy = self.view[1 - u];
        let occ = own | enemy;
        let in_check = self.checked;
        // The pieces whose orders need no king-safety test.
        let free = match self.king_sq(us) {
            Some(k) if !in_check => !self.pinned(k),
            Some(_) => 0,
            None => !0,
        };
        let mut standing = self.standing[u];
        if S::COUNTS {
            standing[Role::Pawn.index()] &= !self.count_free_pawns(free, occ, enemy & !own, sink);
        }
        // Role by role in the order of the roles, each compiled for its own attacks.
        self.role_orders::<{ Role::King as u8 }, S>(standing, free, own, enemy, sink);
        self.role_orders::<{ Role::Queen as u8 }, S>(standing, free, own, enemy, sink);
        self.role_orders::<{ Role::Rook as u8 }, S>(standing, free, own, enemy, sink);
        self.role_orders::<{ Role::Bishop as u8 }, S>(standing, free, own, enemy, sink);
        self.role_orders::<{ Role::Knight as u8 }, S>(standing, free, own, enemy, sink);
        self.role_orders::<{ Role::Pawn as u8 }, S>(standing, free, own, enemy, sink);
        self.castling_orders(in_check, sink);
        if sink.is_empty() && self.moving[u] != 0 && !in_check {
            sink.push(Move::PASS);
        }
    }

    /// The orders of our standing pieces of the role `ROLE` (its discriminant: a role is not
    /// yet a const generic), on `standing[ROLE]`.
    #[inline(always)]
    fn role_orders<const ROLE: u8, S: Sink>(
        &self,
        standing: [u64; 6],
        free: u64,
        own: u64,
        enemy: u64,
        sink: &mut S,
    ) {
        let role = Role::ALL[ROLE as usize];
        let mut froms = standing[role.index()];
        while froms != 0 {
            let from = lowest(froms);
            froms &= froms - 1;
            let fast = role != Role::King && free & from.bit() != 0;
            if role == Role::Pawn {
                self.pawn_orders(from, own, enemy, fast, sink);
            } else {
                let targets = reach(role, self.side, from, own | enemy) & !own;
                self.add(sink, role, from, targets, None, fast);
            }
        }
    }

    /// Adds the orders of the piece `role` on `from` to those of `targets` that are legal
    /// (§6.3); `fast`: all of them are.
    #[inline(always)]
    fn add<S: Sink>(
        &self,
        sink: &mut S,
        role: Role,
        from: Square,
        targets: u64,
        ep_victim: Option<Square>,
        fast: bool,
    ) {
        if fast {
            sink.all(role, from, targets);
            return;
        }
        let mut t = targets;
        while t != 0 {
            let to = lowest(t);
            t &= t - 1;
            if self.safe_in_h(role, from, to, ep_victim) {
                sink.all(role, from, to.bit());
            }
        }
    }

    /// Counts the orders of our standing pawns in `free` (none of them needs a king-safety
    /// test) set-wise, as [`Self::pawn_orders`] would list them one by one; a pawn that
    /// attacks the en-passant square is left to it. Returns the pawns counted.
    #[inline(always)]
    fn count_free_pawns<S: Sink>(&self, free: u64, occ: u64, takes: u64, sink: &mut S) -> u64 {
        const FILE_A: u64 = 0x0101_0101_0101_0101;
        const FILE_H: u64 = FILE_A << 7;
        let us = self.side;
        let mut pawns = self.standing[ci(us)][Role::Pawn.index()] & free;
        if let Some(ep) = self.ep {
            pawns &= !pawn_attacks(us.other(), ep).0;
        }
        let empty = !occ;
        let (one, two, left, right, last) = if us == Player::White {
            let one = pawns << 8 & empty;
            let two = (one & 0xff << 16) << 8 & empty;
            (
                one,
                two,
                (pawns & !FILE_A) << 7,
                (pawns & !FILE_H) << 9,
                0xffu64 << 56,
            )
        } else {
            let one = pawns >> 8 & empty;
            let two = (one & 0xff << 40) >> 8 & empty;
            (
                one,
                two,
                (pawns & !FILE_A) >> 9,
                (pawns & !FILE_H) >> 7,
                0xffu64,
            )
        };
        let (left, right) = (left & takes, right & takes);
        // Counted by their targets: with a count for a sink, the origin does not matter.
        let anywhere = Square(0);
        for targets in [one & !last, two, left & !last, right & !last] {
            sink.all(Role::Pawn, anywhere, targets);
        }
        // (Each set apart: a push and a capture may reach one square from two pawns.)
        for _promo in Role::PROMOTIONS {
            for targets in [one & last, left & last, right & last] {
                sink.all(Role::Pawn, anywhere, targets);
            }
        }
        pawns
    }

    #[inline(always)]
    fn pawn_orders<S: Sink>(&self, from: Square, own: u64, enemy: u64, fast: bool, sink: &mut S) {
        let us = self.side;
        let occ = own | enemy;
        let white = us == Player::White;
        let (one, two, start) = if white {
            (from.bit() << 8, from.bit() << 16, 1)
        } else {
            (from.bit() >> 8, from.bit() >> 16, 6)
        };
        let mut tos = 0u64;
        if occ & one == 0 {
            tos |= one;
            if from.rank8() == start && occ & two == 0 {
                tos |= two;
            }
        }
        let diag = pawn_attacks(us, from).0 & !own;
        tos |= diag & enemy;
        // En passant takes a second piece off the board: always tested. (The en-passant
        // square is never on a last rank.)
        if let Some(ep) = self.ep.filter(|ep| diag & ep.bit() != 0) {
            tos &= !ep.bit();
            self.add(sink, Role::Pawn, from, ep.bit(), Some(ep_victim(ep)), false);
        }
        // Orders to the last rank are its four promotions (§6.6).
        let last_rank: u64 = if white { 0xff << 56 } else { 0xff };
        self.add(sink, Role::Pawn, from, tos & !last_rank, None, fast);
        self.add(
            &mut Promotions(sink),
            Role::Pawn,
            from,
            tos & last_rank,
            None,
            fast,
        );
    }

    /// Castling in the view (§6.4); `in_check`: whether our king is attacked now.
    #[inline(always)]
    fn castling_orders<S: Sink>(&self, in_check: bool, out: &mut S) {
        let us = self.side;
        let u = ci(us);
        let (rights, base) = if us == Player::White {
            (self.castling & (WK | WQ), 0u8)
        } else {
            ((self.castling >> 2) & (WK | WQ), 56u8)
        };
        if rights == 0 || in_check {
            return;
        }
        let king = Square(base + 4);
        if self.standing[u][Role::King.index()] & king.bit() == 0 {
            return;
        }
        let occ = self.view[0] | self.view[1];
        let them = us.other();
        // The attack tests last: they cost the most, and pieces between usually stop it first.
        for (bit, corner, cross, land, between) in [
            (WK, base + 7, base + 5, base + 6, 0b0110_0000u64 << base),
            (WQ, base, base + 3, base + 2, 0b0000_1110u64 << base),
        ] {
            if rights & bit != 0
                && occ & between == 0
                && self.standing[u][Role::Rook.index()] & Square(corner).bit() != 0
                && !self.attacked(Square(cross), them)
                && !self.attacked(Square(land), them)
            {
                out.push(Move::new(Role::King, king, Square(land)));
            }
        }
    }
}

/// The pawn that double-stepped past `ep` and that en passant onto `ep` takes: one rank
/// beyond it (rank 4 for a square on rank 3, rank 5 for one on rank 6).
#[inline(always)]
pub(crate) fn ep_victim(ep: Square) -> Square {
    if ep.rank8() == 2 {
        Square(ep.0 + 8)
    } else {
        Square(ep.0 - 8)
    }
}
