//! Orders legal in the view (§6) and the turn's events (§7).

use super::*;
use crate::attacks::board8::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::bitboard::Bb64;
use crate::square::Square;

#[inline(always)]
fn sqr(s: u8) -> Square {
    Square::new(s)
}

/// The squares a piece of `role` and `color` on `from` attacks over `occ` (§8.1): what a
/// knight, king or slider may order to (§6.2), and every pictorial attack.
#[inline(always)]
pub(crate) fn reach(role: u8, color: Player, from: u8, occ: u64) -> u64 {
    let s = sqr(from);
    let o = Bb64(occ);
    match role {
        PAWN => pawn_attacks(color, s).0,
        KNIGHT => knight_attacks(s).0,
        KING => king_attacks(s).0,
        BISHOP => bishop_attacks(s, o).0,
        ROOK => rook_attacks(s, o).0,
        _ => (bishop_attacks(s, o) | rook_attacks(s, o)).0,
    }
}

/// Whether pieces `roles` (by role) of colour `by` attack `sq` from their view squares (§8.1),
/// over `occ`, counting only the attackers in `mask`: the same attacks as [`reach`], looked
/// at from the attacked square.
#[inline(always)]
pub(crate) fn attacked_by(sq: u8, by: Player, roles: &[u64; 6], occ: u64, mask: u64) -> bool {
    let s = sqr(sq);
    let o = Bb64(occ);
    pawn_attacks(by.other(), s).0 & roles[PAWN as usize] & mask != 0
        || knight_attacks(s).0 & roles[KNIGHT as usize] & mask != 0
        || king_attacks(s).0 & roles[KING as usize] & mask != 0
        || bishop_attacks(s, o).0 & (roles[BISHOP as usize] | roles[QUEEN as usize]) & mask != 0
        || rook_attacks(s, o).0 & (roles[ROOK as usize] | roles[QUEEN as usize]) & mask != 0
}

/// The first square of a journey (§5); knights go rookwise along the long leg first.
#[inline(always)]
pub(crate) fn first_step(role: u8, from: u8, to: u8) -> u8 {
    let (ff, fr) = ((from & 7) as i8, (from >> 3) as i8);
    let (df, dr) = ((to & 7) as i8 - ff, (to >> 3) as i8 - fr);
    let (sf, sr) = if role == KNIGHT {
        if df.abs() == 2 {
            (df.signum(), 0)
        } else {
            (0, dr.signum())
        }
    } else {
        (df.signum(), dr.signum())
    };
    ((fr + sr) * 8 + ff + sf) as u8
}

/// The next square of a travelling piece: one unit step towards its destination (the
/// remaining path of every orthodox piece is a straight line, a knight's a diagonal step).
#[inline(always)]
pub(crate) fn next_step(from: u8, to: u8) -> u8 {
    let (ff, fr) = ((from & 7) as i8, (from >> 3) as i8);
    let (df, dr) = ((to & 7) as i8 - ff, (to >> 3) as i8 - fr);
    ((fr + dr.signum()) * 8 + ff + df.signum()) as u8
}

/// Where the generator puts legal orders: a move list, or a count (perft's last level).
trait Sink {
    /// Whether only the number of orders matters (perft's last level): then the pawns that
    /// need no test are counted all at once, by shifting their set.
    const COUNTS: bool = false;
    /// The orders of the piece `role` on `from` to every square of `targets`.
    fn all(&mut self, role: u8, from: u8, targets: u64);
    fn push(&mut self, mv: Move);
    fn is_empty(&self) -> bool;
}

impl Sink for MoveList {
    #[inline(always)]
    fn all(&mut self, role: u8, from: u8, mut targets: u64) {
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            arrayvec::ArrayVec::push(
                self,
                Move {
                    role,
                    from,
                    to,
                    promo: 0,
                },
            );
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
    fn all(&mut self, _: u8, _: u8, targets: u64) {
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
    fn all(&mut self, role: u8, from: u8, mut targets: u64) {
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            for promo in [QUEEN, ROOK, BISHOP, KNIGHT] {
                self.0.push(Move {
                    role,
                    from,
                    to,
                    promo,
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
    pub fn attacked(&self, sq: u8, by: Player) -> bool {
        attacked_by(sq, by, &self.roles[ci(by)], self.view[0] | self.view[1], !0)
    }

    /// King safety in the hypothetical normal-chess position `H` of §6.3.
    #[inline]
    fn safe_in_h(&self, role: u8, from: u8, to: u8, ep_victim: Option<u8>) -> bool {
        let us = self.side;
        let them = us.other();
        let mut occ = self.view[0] | self.view[1];
        let fb = 1u64 << from;
        if self.multi & fb == 0 {
            occ &= !fb;
        }
        occ |= 1u64 << to;
        let mut roles = self.roles[ci(them)];
        let mut mask = !(1u64 << to);
        if let Some(v) = ep_victim {
            let vb = 1u64 << v;
            // Only the double-stepped pawn leaves its square; anything stacked with it stays.
            let others = self.pieces.iter().filter(|p| p.sq == v).count();
            if others <= 1 {
                occ &= !vb;
                mask &= !vb;
            } else {
                let pawns_left = self
                    .pieces
                    .iter()
                    .filter(|p| p.sq == v && p.color == them && p.role == PAWN)
                    .count();
                if pawns_left <= 1 {
                    roles[PAWN as usize] &= !vb;
                }
            }
        }
        let king = if role == KING {
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
    fn pinned(&self, k: u8) -> u64 {
        let them = &self.roles[ci(self.side.other())];
        let ks = sqr(k);
        let occ = self.view[0] | self.view[1];
        let mut snipers = (rook_attacks(ks, Bb64(0)).0
            & (them[ROOK as usize] | them[QUEEN as usize]))
            | (bishop_attacks(ks, Bb64(0)).0 & (them[BISHOP as usize] | them[QUEEN as usize]));
        let single_own = self.view[ci(self.side)] & !self.multi;
        let mut pinned = 0;
        while snipers != 0 {
            let s = snipers.trailing_zeros() as u8;
            snipers &= snipers - 1;
            let blockers = between(ks, sqr(s)).0 & occ;
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
            standing[PAWN as usize] &= !self.count_free_pawns(free, occ, enemy & !own, sink);
        }
        // Role by role in the order of the roles, each compiled for its own attacks.
        self.role_orders::<KING, S>(standing, free, own, enemy, sink);
        self.role_orders::<QUEEN, S>(standing, free, own, enemy, sink);
        self.role_orders::<ROOK, S>(standing, free, own, enemy, sink);
        self.role_orders::<BISHOP, S>(standing, free, own, enemy, sink);
        self.role_orders::<KNIGHT, S>(standing, free, own, enemy, sink);
        self.role_orders::<PAWN, S>(standing, free, own, enemy, sink);
        self.castling_orders(in_check, sink);
        if sink.is_empty() && self.moving[u] != 0 && !in_check {
            sink.push(Move::PASS);
        }
    }

    /// The orders of our standing pieces of `ROLE` (on `standing[ROLE]`).
    #[inline(always)]
    fn role_orders<const ROLE: u8, S: Sink>(
        &self,
        standing: [u64; 6],
        free: u64,
        own: u64,
        enemy: u64,
        sink: &mut S,
    ) {
        let mut froms = standing[ROLE as usize];
        while froms != 0 {
            let from = froms.trailing_zeros() as u8;
            froms &= froms - 1;
            let fast = ROLE != KING && free >> from & 1 != 0;
            if ROLE == PAWN {
                self.pawn_orders(from, own, enemy, fast, sink);
            } else {
                let targets = reach(ROLE, self.side, from, own | enemy) & !own;
                self.add(sink, ROLE, from, targets, None, fast);
            }
        }
    }

    /// Adds the orders of the piece `role` on `from` to those of `targets` that are legal
    /// (§6.3); `fast`: all of them are.
    #[inline(always)]
    fn add<S: Sink>(
        &self,
        sink: &mut S,
        role: u8,
        from: u8,
        targets: u64,
        ep_victim: Option<u8>,
        fast: bool,
    ) {
        if fast {
            sink.all(role, from, targets);
            return;
        }
        let mut t = targets;
        while t != 0 {
            let to = t.trailing_zeros() as u8;
            t &= t - 1;
            if self.safe_in_h(role, from, to, ep_victim) {
                sink.all(role, from, 1u64 << to);
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
        let mut pawns = self.standing[ci(us)][PAWN as usize] & free;
        if self.ep != NO_EP {
            pawns &= !pawn_attacks(us.other(), sqr(self.ep)).0;
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
        for targets in [one & !last, two, left & !last, right & !last] {
            sink.all(PAWN, 0, targets);
        }
        // (Each set apart: a push and a capture may reach one square from two pawns.)
        for _promo in [QUEEN, ROOK, BISHOP, KNIGHT] {
            for targets in [one & last, left & last, right & last] {
                sink.all(PAWN, 0, targets);
            }
        }
        pawns
    }

    #[inline(always)]
    fn pawn_orders<S: Sink>(&self, from: u8, own: u64, enemy: u64, fast: bool, sink: &mut S) {
        let us = self.side;
        let occ = own | enemy;
        let white = us == Player::White;
        let rank = from >> 3;
        let one = if white { from + 8 } else { from - 8 };
        let mut tos = 0u64;
        if occ >> one & 1 == 0 {
            tos |= 1 << one;
            let start = if white { 1 } else { 6 };
            let two = if white {
                from + 16
            } else {
                from.wrapping_sub(16)
            };
            if rank == start && occ >> two & 1 == 0 {
                tos |= 1 << two;
            }
        }
        let diag = pawn_attacks(us, sqr(from)).0 & !own;
        tos |= diag & enemy;
        // En passant takes a second piece off the board: always tested. (The en-passant
        // square is never on a last rank.)
        if self.ep != NO_EP && diag >> self.ep & 1 != 0 {
            let victim = if white { self.ep - 8 } else { self.ep + 8 };
            tos &= !(1u64 << self.ep);
            self.add(sink, PAWN, from, 1u64 << self.ep, Some(victim), false);
        }
        // Orders to the last rank are its four promotions (§6.6).
        let last_rank: u64 = if white { 0xff << 56 } else { 0xff };
        self.add(sink, PAWN, from, tos & !last_rank, None, fast);
        self.add(
            &mut Promotions(sink),
            PAWN,
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
        let king = base + 4;
        if self.standing[u][KING as usize] >> king & 1 == 0 {
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
                && self.standing[u][ROOK as usize] >> corner & 1 != 0
                && !self.attacked(cross, them)
                && !self.attacked(land, them)
            {
                out.push(Move {
                    role: KING,
                    from: king,
                    to: land,
                    promo: 0,
                });
            }
        }
    }

    fn is_castling(mv: Move) -> bool {
        mv.role == KING && (mv.from == 4 || mv.from == 60) && mv.to.abs_diff(mv.from) == 2
    }

    /// Replaces piece `i` by `p`, keeping the key, the moving sets and the view but for the
    /// square returned (see [`Self::lift`]).
    #[inline(always)]
    fn set_piece(&mut self, i: usize, p: Piece) -> u64 {
        let old = self.pieces[i];
        self.piece_keys = self
            .piece_keys
            .wrapping_sub(zobrist::piece(&old))
            .wrapping_add(zobrist::piece(&p));
        self.pieces[i] = p;
        let bit = 1u32 << i;
        self.moving[ci(old.color)] &= !bit;
        if p.state != State::Standing {
            self.moving[ci(p.color)] |= bit;
        }
        let stale = self.lift(&old);
        self.show(&p);
        stale
    }

    /// Removes piece `i` (the last piece taking its index), keeping the key, the moving sets
    /// and the view but for the square returned.
    #[inline(always)]
    fn remove_piece(&mut self, i: usize) -> u64 {
        let old = self.pieces[i];
        self.piece_keys = self.piece_keys.wrapping_sub(zobrist::piece(&old));
        let last = self.pieces.len() - 1;
        for m in &mut self.moving {
            *m &= !(1u32 << i);
            let moved = (*m >> last & 1) << i;
            *m = *m & !(1u32 << last) | moved;
        }
        self.pieces.swap_remove(i);
        self.lift(&old)
    }

    /// One turn (§7). `mv` must be legal here.
    #[inline(always)]
    pub(crate) fn make(&self, mv: Move) -> Self {
        let mut p = *self;
        let us = self.side;
        let them = us.other();
        let mut arrivals = 0u64;
        let mut pawn_moved = false;
        let mut removed = false;
        let mut new_ep = NO_EP;
        // The squares whose view could not be kept piece by piece (rebuilt at the end).
        let mut stale = 0u64;

        // Step 4 (before the order so that the ordered piece does not also advance; the
        // steps are simultaneous in effect).
        let mut castled_king = false;
        let mut ahead = self.moving[ci(us)];
        while ahead != 0 {
            let i = ahead.trailing_zeros() as usize;
            ahead &= ahead - 1;
            let q = p.pieces[i];
            if q.state != State::Travelling {
                continue;
            }
            let next = next_step(q.sq, q.dst);
            let mut n = q;
            n.sq = next;
            if q.role == PAWN {
                pawn_moved = true;
            }
            if next == q.dst {
                n.state = State::Standing;
                arrivals |= 1 << next;
                if q.role == PAWN {
                    new_ep = q.sq;
                }
                if q.role == KING {
                    castled_king = true;
                }
            }
            stale |= p.set_piece(i, n);
        }
        if castled_king {
            let mut committed = p.moving[ci(us)];
            while committed != 0 {
                let i = committed.trailing_zeros() as usize;
                committed &= committed - 1;
                let q = p.pieces[i];
                if q.state == State::Committed {
                    arrivals |= 1 << q.dst;
                    stale |= p.set_piece(
                        i,
                        Piece {
                            sq: q.dst,
                            state: State::Standing,
                            ..q
                        },
                    );
                }
            }
        }

        // Step 3: the order.
        let mut ep_victim = None;
        if !mv.is_pass() {
            let i = p
                .pieces
                .iter()
                .position(|q| {
                    q.sq == mv.from
                        && q.role == mv.role
                        && q.color == us
                        && q.state == State::Standing
                })
                .expect("the ordered piece stands on the origin");
            let q = p.pieces[i];
            let (kbit, qbit) = if us == Player::White {
                (WK, WQ)
            } else {
                (BK, BQ)
            };
            let base = if us == Player::White { 0 } else { 56 };
            if Self::is_castling(mv) {
                let kingside = mv.to > mv.from;
                let (corner, rook_to) = if kingside {
                    (base + 7, base + 5)
                } else {
                    (base, base + 3)
                };
                stale |= p.set_piece(
                    i,
                    Piece {
                        sq: first_step(KING, mv.from, mv.to),
                        dst: mv.to,
                        state: State::Travelling,
                        ..q
                    },
                );
                let r = p
                    .pieces
                    .iter()
                    .position(|r| {
                        r.color == us
                            && r.role == ROOK
                            && r.sq == corner
                            && r.state == State::Standing
                    })
                    .expect("the castling rook stands on its corner");
                let rook = p.pieces[r];
                stale |= p.set_piece(
                    r,
                    Piece {
                        dst: rook_to,
                        state: State::Committed,
                        ..rook
                    },
                );
                p.castling &= !(kbit | qbit);
            } else {
                let first = first_step(mv.role, mv.from, mv.to);
                if mv.role == PAWN {
                    pawn_moved = true;
                    if mv.to == self.ep && (mv.from & 7) != (mv.to & 7) {
                        ep_victim = Some(if us == Player::White {
                            mv.to - 8
                        } else {
                            mv.to + 8
                        });
                    }
                }
                let n = if first == mv.to {
                    arrivals |= 1 << first;
                    Piece {
                        sq: first,
                        dst: first,
                        role: if mv.promo != 0 { mv.promo } else { q.role },
                        state: State::Standing,
                        ..q
                    }
                } else {
                    Piece {
                        sq: first,
                        dst: mv.to,
                        state: State::Travelling,
                        ..q
                    }
                };
                stale |= p.set_piece(i, n);
                if mv.role == KING {
                    p.castling &= !(kbit | qbit);
                } else if mv.role == ROOK && mv.from == base + 7 {
                    p.castling &= !kbit;
                } else if mv.role == ROOK && mv.from == base {
                    p.castling &= !qbit;
                }
            }
        }

        // Step 5: crowd captures, and the en-passant victim.
        let mut king_taken = false;
        if let Some(v) = ep_victim {
            if let Some(i) = p.pieces.iter().position(|q| {
                q.color == them && q.role == PAWN && q.sq == v && q.state == State::Standing
            }) {
                stale |= p.remove_piece(i);
                removed = true;
            }
        }
        // Only the mover's pieces move in its turn: the enemy's squares are those of the view.
        if arrivals & self.view[ci(them)] != 0 {
            let (kbit, qbit, base) = if them == Player::White {
                (WK, WQ, 0)
            } else {
                (BK, BQ, 56)
            };
            let mut i = 0;
            while i < p.pieces.len() {
                let q = p.pieces[i];
                if q.color == them && q.state == State::Standing && arrivals >> q.sq & 1 != 0 {
                    if q.role == KING {
                        king_taken = true;
                    } else if q.role == ROOK && q.sq == base + 7 {
                        p.castling &= !kbit;
                    } else if q.role == ROOK && q.sq == base {
                        p.castling &= !qbit;
                    }
                    stale |= p.remove_piece(i);
                    removed = true;
                } else {
                    i += 1;
                }
            }
        }
        if stale != 0 {
            p.rederive(stale);
        }
        debug_assert!(p.view_is_derived(), "incremental view after {mv:?}");

        // Step 6, 7, 8.
        p.ep = new_ep;
        debug_assert!(
            king_taken || self.may_be_checked_after(&p) || !p.side_in_check(us),
            "a check the turn cannot have made, after {mv:?}"
        );
        if king_taken {
            p.result = Some(Outcome::win(us, WinReason::RoyalCaptured));
        } else if self.may_be_checked_after(&p) && p.side_in_check(us) {
            p.result = Some(Outcome::win(
                them,
                WinReason::VariantRule("ended its own turn in check"),
            ));
        }
        p.checked = p.result.is_none() && p.side_in_check(them);
        p.halfmove = if removed || pawn_moved {
            0
        } else {
            self.halfmove + 1
        };
        if us == Player::Black {
            p.fullmove += 1;
        }
        p.side = them;
        p
    }

    /// Whether the mover's king may be attacked in `after`, the view its turn made of this one
    /// (false: it is not). Only the mover's pieces move in its turn and enemy pieces are only
    /// removed, so an attack on a king that stayed where it was, unattacked, needs a line that
    /// the turn opened: a square emptied between it and an enemy slider's line.
    #[inline(always)]
    fn may_be_checked_after(&self, after: &LeneHau) -> bool {
        let u = ci(self.side);
        let king = after.roles[u][KING as usize];
        if self.result.is_some() || self.checked || king != self.roles[u][KING as usize] {
            return true;
        }
        if king == 0 {
            return false;
        }
        let vacated = (self.view[0] | self.view[1]) & !(after.view[0] | after.view[1]);
        if vacated == 0 {
            return false;
        }
        let ks = sqr(king.trailing_zeros() as u8);
        let them = &after.roles[1 - u];
        let files = rook_attacks(ks, Bb64(0)).0;
        let diagonals = bishop_attacks(ks, Bb64(0)).0;
        (files & vacated != 0 && files & (them[ROOK as usize] | them[QUEEN as usize]) != 0)
            || (diagonals & vacated != 0
                && diagonals & (them[BISHOP as usize] | them[QUEEN as usize]) != 0)
    }

    /// Whether the turn of `mv` removes an enemy piece: the order's own arrival (or en
    /// passant), or an arrival of a travelling piece of the mover.
    pub(crate) fn captures_now(&self, mv: Move) -> bool {
        self.gain_now(mv) > 0
    }

    /// What the turn of `mv` removes (centipawns), promotion gain included.
    pub(crate) fn gain_now(&self, mv: Move) -> i32 {
        let us = self.side;
        let them = ci(us.other());
        let mut arrivals = 0u64;
        for q in &self.pieces {
            if q.color == us && q.state == State::Travelling && next_step(q.sq, q.dst) == q.dst {
                arrivals |= 1 << q.dst;
            }
        }
        let mut gain = 0;
        if !mv.is_pass() && !Self::is_castling(mv) && first_step(mv.role, mv.from, mv.to) == mv.to {
            arrivals |= 1 << mv.to;
            if mv.role == PAWN && mv.to == self.ep && (mv.from & 7) != (mv.to & 7) {
                gain += eval::VALUE[PAWN as usize];
            }
            if mv.promo != 0 {
                gain += eval::VALUE[mv.promo as usize] - eval::VALUE[PAWN as usize];
            }
        }
        if arrivals & self.view[them] != 0 {
            for q in &self.pieces {
                if ci(q.color) == them && q.state == State::Standing && arrivals >> q.sq & 1 != 0 {
                    gain += eval::VALUE[q.role as usize];
                }
            }
        }
        gain
    }
}
