//! Exchanges, for search: what a move wins at once, and static exchange evaluation (SEE).
//!
//! In orthodox chess an exchange is a sequence of captures on one square. Here nothing ever
//! lands on the victim's square: the capturer stops next to it (approach) or steps away from it
//! (withdrawal), so each capture leaves the capturer on a *new* square, where it may be
//! captured in turn. The exchange after a move is therefore a chase: each side in turn
//! captures the piece that has just moved, with its least valuable piece able to, and either
//! side may stop when going on does not pay. Like orthodox SEE it ignores pins, and captures
//! of other pieces than the last mover count only when the same move makes them.

use super::board::Board;
use super::geometry::{
    is_orthogonal, KnightStyle, Step, DIRECTION, KNIGHT_STEPS, KNIGHT_THREATS, NEIGHBOURS, NONE,
    NO_SQUARE, OPPOSITE, PAWN_STEPS, PAWN_THREATS, RING2, STEP,
};
use super::moves::Move;
use super::piece::Role;
use super::position::DoubleEnded;
use crate::attacks::board8::{bishop_attacks, rook_attacks};
use crate::bitboard::{Bb64, Bitboard};
use crate::game::Player;
use crate::square::Square;

impl Board {
    /// The enemy of `by` on `sq`, as a victim square, or [`NO_SQUARE`].
    #[inline(always)]
    fn victim_of(&self, by: Player, sq: u8) -> Square {
        if sq != NONE && self.colors[by.other().index()].has(Square(sq)) {
            Square(sq)
        } else {
            NO_SQUARE
        }
    }

    /// A line move of `by` from `from` in direction `dir` to `to`, with its victims.
    #[inline(always)]
    fn line_move(&self, by: Player, role: Role, from: u8, to: u8, dir: u8) -> Move {
        Move {
            from: Square(from),
            to: Square(to),
            role,
            withdrawn: self.victim_of(by, STEP[from as usize][OPPOSITE[dir as usize] as usize]),
            approached: self.victim_of(by, STEP[to as usize][dir as usize]),
            promotion: None,
            castle: false,
        }
    }

    /// A pawn or knight step of `by` from `from`, with its victims; a pawn reaching the last
    /// rank becomes a queen (the promotion an exchange would choose).
    #[inline(always)]
    fn step_move(&self, by: Player, role: Role, from: u8, s: &Step) -> Move {
        let last_rank = if by == Player::White { 7 } else { 0 };
        let pawn = role == Role::Pawn;
        Move {
            from: Square(from),
            to: Square(s.to),
            role,
            withdrawn: self.victim_of(by, s.withdrawal),
            approached: self.victim_of(by, s.approach),
            promotion: (pawn && s.to / 8 == last_rank).then_some(Role::Queen),
            castle: false,
        }
    }

    /// A step of one of `by`'s pieces of `role` (pawns or knights, whose forward steps are
    /// `steps`) that captures `target`, read from the reversed table `threats`.
    #[inline(always)]
    fn step_capture<const N: usize>(
        &self,
        by: Player,
        threats: &super::geometry::Threats,
        steps: &[[Step; N]; 64],
        role: Role,
    ) -> Option<Move> {
        let pieces = self.pieces(by, role);
        if threats.origins & pieces.0 == 0 {
            return None;
        }
        let occ = self.occupied();
        let th = threats.list[..threats.len as usize].iter().find(|th| {
            pieces.has(Square(th.origin))
                && !occ.has(Square(th.to))
                && (th.via == NONE || !occ.has(Square(th.via)))
        })?;
        let step = steps[th.origin as usize].iter().find(|s| s.to == th.to)?;
        Some(self.step_move(by, role, th.origin, step))
    }

    /// A capture of `target` by one of `by`'s pieces of a line-moving `role` (`king` for the
    /// king, which approaches only from two squares away), moving orthogonally (`orth`) and/or
    /// diagonally (`diag`).
    fn line_capture(
        &self,
        by: Player,
        target: u8,
        role: Role,
        (orth, diag, king): (bool, bool, bool),
    ) -> Option<Move> {
        let pieces = self.pieces(by, role);
        if pieces.is_empty() {
            return None;
        }
        let occ = self.occupied();
        let tu = target as usize;
        let allowed = |dir: u8| if is_orthogonal(dir) { orth } else { diag };
        // Withdrawal: a neighbour steps on, away from the target, onto an empty square.
        for w in (pieces & Bb64(NEIGHBOURS[tu])).squares() {
            let dir = DIRECTION[tu][w.index()];
            let beyond = STEP[w.index()][dir as usize];
            if allowed(dir) && beyond != NONE && !occ.has(Square(beyond)) {
                return Some(self.line_move(by, role, w.0, beyond, dir));
            }
        }
        // Approach: the first piece along a line, at least two squares away, slides up to the
        // target's neighbour.
        let t = Square(target);
        let mut reach = Bb64::EMPTY;
        if orth {
            reach |= rook_attacks(t, occ);
        }
        if diag {
            reach |= bishop_attacks(t, occ);
        }
        reach &= !Bb64(NEIGHBOURS[tu]);
        if king {
            reach &= Bb64(RING2[tu]);
        }
        let q = (reach & pieces).lowest()?;
        let dir = DIRECTION[q.index()][tu];
        let to = STEP[tu][OPPOSITE[dir as usize] as usize];
        Some(self.line_move(by, role, q.0, to, dir))
    }

    /// A capture of the piece on `target` by the least valuable piece of `by` that has one
    /// (pawn, knights, bishop, rook, queen, king), pins ignored.
    pub(super) fn cheapest_capture<const DEEP: bool>(
        &self,
        target: u8,
        by: Player,
    ) -> Option<Move> {
        let tu = target as usize;
        self.step_capture(
            by,
            &PAWN_THREATS[by.index()][tu],
            &PAWN_STEPS[by.index()],
            Role::Pawn,
        )
        .or_else(|| {
            let (style, role) = if DEEP {
                (KnightStyle::Deep, Role::Knight)
            } else {
                (KnightStyle::Orthodox, Role::Knight)
            };
            self.step_capture(
                by,
                &KNIGHT_THREATS[style as usize][tu],
                &KNIGHT_STEPS[style as usize],
                role,
            )
        })
        .or_else(|| {
            if DEEP {
                return None;
            }
            let style = KnightStyle::Mirror as usize;
            self.step_capture(
                by,
                &KNIGHT_THREATS[style][tu],
                &KNIGHT_STEPS[style],
                Role::Mirror,
            )
        })
        .or_else(|| self.line_capture(by, target, Role::Bishop, (false, true, false)))
        .or_else(|| self.line_capture(by, target, Role::Rook, (true, false, false)))
        .or_else(|| self.line_capture(by, target, Role::Queen, (true, true, false)))
        .or_else(|| self.line_capture(by, target, Role::King, (true, true, true)))
    }

    /// Plays `mv` of `by` on the bare placement: victims removed, mover moved (and promoted).
    /// Returns the value of what it removed.
    fn apply(&mut self, by: Player, mv: &Move) -> i32 {
        let mut won = 0;
        for v in [mv.withdrawn, mv.approached] {
            if let Some(p) = (v != NO_SQUARE).then(|| self.piece_at(v.0)).flatten() {
                self.toggle(p.color, p.role, v.0);
                won += p.role.value();
            }
        }
        if let Some(p) = self.piece_at(mv.from.0) {
            self.toggle(by, p.role, mv.from.0);
            self.toggle(by, mv.promotion.unwrap_or(p.role), mv.to.0);
        }
        won
    }
}

/// The most captures one exchange can hold: each removes a piece.
const MAX_EXCHANGE: usize = 65;

impl<const DEEP: bool> DoubleEnded<DEEP> {
    /// What a promotion adds: the new piece less the pawn.
    #[inline(always)]
    pub(super) fn promotion_gain(mv: Move) -> i32 {
        mv.promotion.map_or(0, |k| k.value() - Role::Pawn.value())
    }

    /// Whether `mv` wins at least `threshold` once the chase that follows it is played out
    /// (see the module comment): the swap algorithm, in which each side in turn captures the
    /// piece that just moved with its least valuable capturer, or stops.
    pub(super) fn see(&self, mv: Move, threshold: i32) -> bool {
        if mv.castle {
            return threshold <= 0;
        }
        let mut board = self.board;
        let mut side = self.side;
        // gain[d]: what the side making capture d has won so far if the exchange stops there.
        let mut gain = [0i32; MAX_EXCHANGE];
        gain[0] = board.apply(side, &mv) + Self::promotion_gain(mv);
        if gain[0] < threshold {
            // Nothing later can raise the first mover's result above what it has taken.
            return false;
        }
        let mut target = mv.to.0;
        let mut d = 0;
        loop {
            side = side.other();
            let Some(reply) = board.cheapest_capture::<DEEP>(target, side) else {
                break;
            };
            let mut next = board;
            let won = next.apply(side, &reply) + Self::promotion_gain(reply);
            if reply.from.0 == board.king(side) && next.attacked::<DEEP>(reply.to.0, side.other()) {
                // A king may not capture into check.
                break;
            }
            d += 1;
            gain[d] = won - gain[d - 1];
            // Neither side can do better than stopping here: the rest cannot matter.
            if gain[d].max(-gain[d - 1]) < 0 || d + 1 == MAX_EXCHANGE {
                break;
            }
            board = next;
            target = reply.to.0;
        }
        while d > 0 {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        gain[0] >= threshold
    }
}

#[cfg(test)]
mod tests {
    use super::super::DoubleEndedChess;
    use crate::game::Game;

    fn see(fen: &str, mv: &str, threshold: i32) -> bool {
        let p = DoubleEndedChess::from_fen(fen).unwrap();
        let m = p.parse_move(mv).unwrap();
        p.see_ge(m, threshold)
    }

    #[test]
    fn an_untouchable_capturer_keeps_what_it_took() {
        // d4e5 withdraws from c3, and nothing black can reach e5.
        let fen = "4k3/8/8/8/3Q4/2p5/8/7K w - - 0 1";
        assert!(see(fen, "d4e5", 100));
        assert!(!see(fen, "d4e5", 101));
    }

    #[test]
    fn a_capture_into_a_recapture_loses_the_mover() {
        // After d4e5 the e7 rook steps to e6 and approaches the queen: a queen for a pawn.
        let fen = "4k3/4r3/8/8/3Q4/2p5/8/7K w - - 0 1";
        assert!(!see(fen, "d4e5", 0));
        assert!(see(fen, "d4e5", 100 - 900));
        assert!(!see(fen, "d4e5", 100 - 900 + 1));
    }

    #[test]
    fn the_chase_goes_on_from_each_capturer_s_new_square() {
        // a1a5 approaches a6. Black's h5 rook then slides to b5 and approaches a5; the b3 pawn
        // steps to b4 and approaches b5. Rooks trade: White keeps the pawn it won.
        let defended = "4k3/8/p7/7r/8/1P6/8/R3K3 w - - 0 1";
        assert!(see(defended, "a1a5", 100));
        assert!(!see(defended, "a1a5", 101));
        // Without the b3 pawn the rook is simply lost.
        let hanging = "4k3/8/p7/7r/8/8/8/R3K3 w - - 0 1";
        assert!(!see(hanging, "a1a5", 0));
        assert!(see(hanging, "a1a5", 100 - 500));
    }

    #[test]
    fn a_king_does_not_capture_into_check() {
        // h3e6 approaches d7. The king could step to e7 and approach e6, but there the a3
        // bishop would slide to d6 and approach it.
        let guarded = "4k3/3p4/8/8/8/B6Q/8/7K w - - 0 1";
        assert!(see(guarded, "h3e6", 100));
        let unguarded = "4k3/3p4/8/8/8/7Q/8/7K w - - 0 1";
        assert!(!see(unguarded, "h3e6", 0));
    }

    #[test]
    fn promotion_counts_the_new_piece() {
        // g7g8q is safe; g7h8q withdraws from f6 as well.
        let fen = "8/6P1/k4n2/8/8/8/8/K7 w - - 0 1";
        assert!(see(fen, "g7g8q", 800));
        assert!(!see(fen, "g7g8q", 801));
        assert!(see(fen, "g7h8q", 1100));
        assert!(see(fen, "a1b1", 0) && !see(fen, "a1b1", 1));
    }

    #[test]
    fn the_cheapest_capture_agrees_with_the_attack_test_and_the_legal_moves() {
        use crate::bitboard::Bitboard;
        use rand::{rngs::SmallRng, RngExt, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(11);
        let starts = [
            super::super::START_FEN,
            "r3k2r/pmppqpb1/bn2pnp1/3P4/1p2P3/2M2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ];
        let mut checked = 0;
        for game in 0..40 {
            let mut p = DoubleEndedChess::from_fen(starts[game % 2]).unwrap();
            for _ in 0..60 {
                let mut moves = Default::default();
                p.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let us = p.to_move();
                for t in p.board.colors[us.other().index()].squares() {
                    let cheapest = p.board.cheapest_capture::<false>(t.0, us);
                    assert_eq!(
                        cheapest.is_some(),
                        p.board.attacked::<false>(t.0, us),
                        "{} target {t:?}",
                        p.fen()
                    );
                    // Roles are declared cheapest first, the king last.
                    let value = |m: &super::Move| p.board.piece_at(m.from.0).unwrap().role;
                    for m in moves
                        .iter()
                        .filter(|m| m.withdrawn == t || m.approached == t)
                    {
                        let c = cheapest.expect("a legal capture exists");
                        assert!(c.withdrawn == t || c.approached == t);
                        assert!(value(&c) <= value(m), "{} {c:?} vs {m:?}", p.fen());
                        checked += 1;
                    }
                    if let Some(c) = cheapest {
                        // The capture found is a real move: if legal, it is in the list as is.
                        let same = |m: &&super::Move| m.from == c.from && m.to == c.to;
                        if let Some(m) = moves.iter().find(same) {
                            assert_eq!((m.withdrawn, m.approached), (c.withdrawn, c.approached));
                        }
                        assert!(c.to.0 < 64 && p.board.piece_at(c.to.0).is_none());
                    }
                }
                p = p.play(moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(checked > 1000, "only {checked} captures checked");
    }
}
