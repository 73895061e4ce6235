//! A turn's events (§7), in the spec's order of effect: the mover's travellers advance (step
//! 4), the order is given (step 3), arrivals crowd-capture (step 5), then the end-of-turn
//! tests and clocks (steps 6 to 8). What a turn removes, for the search (`captures_now`).

use super::rules::{ep_victim, first_step, next_step};
use super::*;
use crate::attacks::board8::{bishop_attacks, rook_attacks};
use crate::bitboard::Bb64;

/// A turn under way: the position it makes (a copy of the one before, changed in place), and
/// what its steps have done so far.
struct Turn<'a> {
    before: &'a LeneHau,
    after: &'a mut LeneHau,
    /// The squares where a piece of the mover arrived (its destination reached).
    arrivals: u64,
    /// The squares whose view could not be kept piece by piece (rebuilt at the end).
    stale: u64,
    /// Whether a pawn moved or anything was removed (the 50-move clock restarts).
    resets_clock: bool,
    /// The square a pawn double-stepped past, arriving this turn.
    new_ep: Option<Square>,
    /// A castling king arrived: its committed rook goes to its square too.
    castled: bool,
    /// The pawn en passant takes this turn.
    ep_victim: Option<Square>,
    king_taken: bool,
}

/// The mover's castling bits (king side, queen side) and first rank's a-square.
#[inline(always)]
fn castling_of(c: Player) -> (u8, u8, u8) {
    match c {
        Player::White => (WK, WQ, 0),
        Player::Black => (BK, BQ, 56),
    }
}

impl LeneHau {
    /// One turn (§7). `mv` must be legal here.
    #[inline(always)]
    pub(crate) fn make(&self, mv: Move) -> Self {
        let mut after = *self;
        let mut turn = Turn {
            before: self,
            after: &mut after,
            arrivals: 0,
            stale: 0,
            resets_clock: false,
            new_ep: None,
            castled: false,
            ep_victim: None,
            king_taken: false,
        };
        // Step 4 before the order, so that the ordered piece does not also advance (the steps
        // are simultaneous in effect).
        turn.advance();
        if turn.castled {
            turn.land_committed_rook();
        }
        if !mv.is_pass() {
            turn.order(mv);
        }
        turn.take_en_passant();
        turn.crowd_capture();
        turn.finish(mv);
        after
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

    /// The index of the mover's standing piece of `role` on `sq`.
    #[inline(always)]
    fn standing_piece(&self, color: Player, role: Role, sq: Square) -> Option<usize> {
        self.pieces.iter().position(|q| {
            q.sq == sq && q.role == role && q.color == color && q.state == State::Standing
        })
    }

    fn is_castling(mv: Move) -> bool {
        mv.role == Role::King
            && (mv.from == Square(4) || mv.from == Square(60))
            && mv.to.0.abs_diff(mv.from.0) == 2
    }

    /// Whether the mover's king may be attacked in `after`, the view its turn made of this one
    /// (false: it is not). Only the mover's pieces move in its turn and enemy pieces are only
    /// removed, so an attack on a king that stayed where it was, unattacked, needs a line that
    /// the turn opened: a square emptied between it and an enemy slider's line.
    #[inline(always)]
    fn may_be_checked_after(&self, after: &LeneHau) -> bool {
        let u = ci(self.side);
        let king = after.roles[u][Role::King.index()];
        if self.result.is_some() || self.checked || king != self.roles[u][Role::King.index()] {
            return true;
        }
        if king == 0 {
            return false;
        }
        let vacated = (self.view[0] | self.view[1]) & !(after.view[0] | after.view[1]);
        if vacated == 0 {
            return false;
        }
        let ks = lowest(king);
        let [_, queen, rook, bishop, _, _] = after.roles[1 - u];
        let files = rook_attacks(ks, Bb64(0)).0;
        let diagonals = bishop_attacks(ks, Bb64(0)).0;
        (files & vacated != 0 && files & (rook | queen) != 0)
            || (diagonals & vacated != 0 && diagonals & (bishop | queen) != 0)
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
                arrivals |= q.dst.bit();
            }
        }
        let mut gain = 0;
        if !mv.is_pass() && !Self::is_castling(mv) && first_step(mv.role, mv.from, mv.to) == mv.to {
            arrivals |= mv.to.bit();
            if mv.role == Role::Pawn && Some(mv.to) == self.ep && mv.from.file8() != mv.to.file8() {
                gain += eval::VALUE[Role::Pawn.index()];
            }
            if let Some(promo) = mv.promo {
                gain += eval::VALUE[promo.index()] - eval::VALUE[Role::Pawn.index()];
            }
        }
        if arrivals & self.view[them] != 0 {
            for q in &self.pieces {
                if ci(q.color) == them && q.state == State::Standing && arrivals & q.sq.bit() != 0 {
                    gain += eval::VALUE[q.role.index()];
                }
            }
        }
        gain
    }
}

impl Turn<'_> {
    /// Replaces piece `i` of the position made by `p`.
    #[inline(always)]
    fn set(&mut self, i: usize, p: Piece) {
        self.stale |= self.after.set_piece(i, p);
    }

    /// Removes piece `i` of the position made.
    #[inline(always)]
    fn remove(&mut self, i: usize) {
        self.stale |= self.after.remove_piece(i);
        self.resets_clock = true;
    }

    /// Step 4: each travelling piece of the mover takes one step; those that reach their
    /// destination stand there.
    #[inline(always)]
    fn advance(&mut self) {
        let mut ahead = self.before.moving[ci(self.before.side)];
        while ahead != 0 {
            let i = ahead.trailing_zeros() as usize;
            ahead &= ahead - 1;
            let q = self.after.pieces[i];
            if q.state != State::Travelling {
                continue;
            }
            let next = next_step(q.sq, q.dst);
            let mut n = q;
            n.sq = next;
            if q.role == Role::Pawn {
                self.resets_clock = true;
            }
            if next == q.dst {
                n.state = State::Standing;
                self.arrivals |= next.bit();
                match q.role {
                    Role::Pawn => self.new_ep = Some(q.sq),
                    Role::King => self.castled = true,
                    _ => {}
                }
            }
            self.set(i, n);
        }
    }

    /// Step 4 for a castling king's arrival: its committed rook stands on its square at once.
    #[inline(always)]
    fn land_committed_rook(&mut self) {
        let mut committed = self.after.moving[ci(self.before.side)];
        while committed != 0 {
            let i = committed.trailing_zeros() as usize;
            committed &= committed - 1;
            let q = self.after.pieces[i];
            if q.state == State::Committed {
                self.arrivals |= q.dst.bit();
                self.set(
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

    /// Step 3: the order, a castling or a journey's first step (an arrival where the journey
    /// is one step long), and the castling rights it ends.
    #[inline(always)]
    fn order(&mut self, mv: Move) {
        let us = self.before.side;
        let i = self
            .after
            .standing_piece(us, mv.role, mv.from)
            .expect("the ordered piece stands on the origin");
        let q = self.after.pieces[i];
        let (kbit, qbit, base) = castling_of(us);
        if LeneHau::is_castling(mv) {
            self.castle(i, mv);
            self.after.castling &= !(kbit | qbit);
            return;
        }
        let first = first_step(mv.role, mv.from, mv.to);
        if mv.role == Role::Pawn {
            self.resets_clock = true;
            if Some(mv.to) == self.before.ep && mv.from.file8() != mv.to.file8() {
                self.ep_victim = Some(ep_victim(mv.to));
            }
        }
        let n = if first == mv.to {
            self.arrivals |= first.bit();
            Piece {
                role: mv.promo.unwrap_or(q.role),
                ..Piece::standing(q.color, q.role, first)
            }
        } else {
            Piece {
                sq: first,
                dst: mv.to,
                state: State::Travelling,
                ..q
            }
        };
        self.set(i, n);
        if mv.role == Role::King {
            self.after.castling &= !(kbit | qbit);
        } else if mv.role == Role::Rook && mv.from == Square(base + 7) {
            self.after.castling &= !kbit;
        } else if mv.role == Role::Rook && mv.from == Square(base) {
            self.after.castling &= !qbit;
        }
    }

    /// Castling (§6.4): the king (piece `i`) sets out, its rook is committed.
    #[inline(always)]
    fn castle(&mut self, i: usize, mv: Move) {
        let us = self.before.side;
        let (_, _, base) = castling_of(us);
        let (corner, rook_to) = if mv.to > mv.from {
            (base + 7, base + 5)
        } else {
            (base, base + 3)
        };
        let king = self.after.pieces[i];
        self.set(
            i,
            Piece {
                sq: first_step(Role::King, mv.from, mv.to),
                dst: mv.to,
                state: State::Travelling,
                ..king
            },
        );
        let r = self
            .after
            .standing_piece(us, Role::Rook, Square(corner))
            .expect("the castling rook stands on its corner");
        let rook = self.after.pieces[r];
        self.set(
            r,
            Piece {
                dst: Square(rook_to),
                state: State::Committed,
                ..rook
            },
        );
    }

    /// Step 5 for en passant: the pawn that double-stepped is taken.
    #[inline(always)]
    fn take_en_passant(&mut self) {
        let Some(v) = self.ep_victim else {
            return;
        };
        let them = self.before.side.other();
        if let Some(i) = self.after.standing_piece(them, Role::Pawn, v) {
            self.remove(i);
        }
    }

    /// Step 5: every arrival removes the enemy's standing pieces on its square, the king
    /// included; a rook taken on its corner takes its castling right along.
    #[inline(always)]
    fn crowd_capture(&mut self) {
        let them = self.before.side.other();
        // Only the mover's pieces move in its turn: the enemy's squares are those of the view.
        if self.arrivals & self.before.view[ci(them)] == 0 {
            return;
        }
        let (kbit, qbit, base) = castling_of(them);
        let mut i = 0;
        while i < self.after.pieces.len() {
            let q = self.after.pieces[i];
            if q.color != them || q.state != State::Standing || self.arrivals & q.sq.bit() == 0 {
                i += 1;
                continue;
            }
            if q.role == Role::King {
                self.king_taken = true;
            } else if q.role == Role::Rook && q.sq == Square(base + 7) {
                self.after.castling &= !kbit;
            } else if q.role == Role::Rook && q.sq == Square(base) {
                self.after.castling &= !qbit;
            }
            self.remove(i);
        }
    }

    /// Steps 6 to 8: the view rebuilt where it went stale, the en-passant square, the turn's
    /// result (a king taken, or the mover's own king attacked), check, clocks, side.
    #[inline(always)]
    fn finish(self, mv: Move) {
        let before = self.before;
        let p = self.after;
        let us = before.side;
        let them = us.other();
        if self.stale != 0 {
            p.rederive(self.stale);
        }
        debug_assert!(p.view_is_derived(), "incremental view after {mv:?}");
        p.ep = self.new_ep;
        debug_assert!(
            self.king_taken || before.may_be_checked_after(p) || !p.side_in_check(us),
            "a check the turn cannot have made, after {mv:?}"
        );
        if self.king_taken {
            p.result = Some(Outcome::win(us, WinReason::RoyalCaptured));
        } else if before.may_be_checked_after(p) && p.side_in_check(us) {
            p.result = Some(Outcome::win(
                them,
                WinReason::VariantRule("ended its own turn in check"),
            ));
        }
        p.checked = p.result.is_none() && p.side_in_check(them);
        p.halfmove = if self.resets_clock {
            0
        } else {
            before.halfmove + 1
        };
        if us == Player::Black {
            p.fullmove += 1;
        }
        p.side = them;
    }
}
