//! Legal move generation: destinations on empty squares only, each move with the victims its
//! geometry forces, then the own-king test after those captures (rules §7).

use super::board::{bit, Board};
use super::geometry::{
    KnightStyle, Step, DIRECTION, KNIGHT_STEPS, KNIGHT_TARGETS, KNIGHT_VICTIMS, NEIGHBOURS, NONE,
    NO_DIRECTION, NO_SQUARE, OPPOSITE, PAWN_STEPS, RAYS, STEP,
};
use super::moves::Move;
use super::piece::Role;
use super::position::{DoubleEnded, BLACK_LONG, BLACK_SHORT, WHITE_LONG, WHITE_SHORT};
use crate::attacks::board8::{bishop_attacks, queen_attacks, rook_attacks};
use crate::bitboard::{Bb64, Bitboard, Direction};
use crate::game::Player;
use crate::square::Square;
use arrayvec::ArrayVec;

/// The move list's capacity. The FEN reader accepts only armies whose [`Role::most_moves`] add
/// up to at most this, and no move raises that sum (captures remove pieces; a pawn already
/// counts as the queen it may become), so no list can overflow.
pub const MAX_MOVES: usize = 512;
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// What every candidate move of one position is checked against. With `COUNT` the legal moves
/// are only counted (perft's last ply), and line moves that cannot matter to the own king are
/// counted in bulk.
struct Generator<'a, const DEEP: bool, const COUNT: bool> {
    board: &'a Board,
    out: &'a mut MoveList,
    count: u64,
    us: Player,
    enemy: Bb64,
    king: u8,
    checked: bool,
    /// The squares the own-king attack test reads (everything when in check).
    sensitive: Bb64,
}

impl<const DEEP: bool, const COUNT: bool> Generator<'_, DEEP, COUNT> {
    /// The enemy piece on `sq`, as a victim square, or [`NONE`].
    #[inline(always)]
    fn victim(&self, sq: u8) -> u8 {
        if sq != NONE && self.enemy.has(Square(sq)) {
            sq
        } else {
            NONE
        }
    }

    /// Whether the mover's king is safe after `mv` and its captures (rules §5.2). A move that
    /// touches no square the attack test reads cannot change its answer, so most moves skip it.
    #[inline(always)]
    fn is_legal(&self, mv: &Move) -> bool {
        let (from, to) = (mv.from.0, mv.to.0);
        let (withdrawn, approached) = (mv.withdrawn.0, mv.approached.0);
        let changed = bit(from) | bit(to) | bit(withdrawn) | bit(approached);
        if !self.checked && from != self.king && (changed & self.sensitive).is_empty() {
            return true;
        }
        let mut after = *self.board;
        after.colors[self.us.index()] ^= bit(from) | bit(to);
        after.colors[self.us.other().index()] &= !(bit(withdrawn) | bit(approached));
        let king = if from == self.king { to } else { self.king };
        !after.attacked::<DEEP>(king, self.us.other())
    }

    #[inline(always)]
    fn add(&mut self, role: Role, from: u8, to: u8, withdrawn: u8, approached: u8, promotes: bool) {
        let mv = Move {
            from: Square(from),
            to: Square(to),
            role,
            withdrawn: Square(withdrawn),
            approached: Square(approached),
            promotion: None,
            castle: false,
        };
        if !self.is_legal(&mv) {
            return;
        }
        // The promoted role cannot matter to the own king's safety: test once, push all.
        let roles: &[Role] = if DEEP {
            &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
        } else {
            &[
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
                Role::Mirror,
            ]
        };
        if COUNT {
            self.count += if promotes { roles.len() as u64 } else { 1 };
        } else if promotes {
            for &k in roles {
                self.out.push(Move {
                    promotion: Some(k),
                    ..mv
                });
            }
        } else {
            self.out.push(mv);
        }
    }

    /// An irregular step (pawn or knight) whose destination is known to be empty.
    #[inline(always)]
    fn step(&mut self, role: Role, from: u8, s: &Step, promotes: bool) {
        let (w, a) = (self.victim(s.withdrawal), self.victim(s.approach));
        if s.needs_victim && w == NONE && a == NONE {
            return;
        }
        self.add(role, from, s.to, w, a, promotes);
    }

    /// Counts the pawn steps (the one at `index` in [`PAWN_STEPS`]) to the safe `targets`; the
    /// `risky` ones go through [`Self::step`], their pawn found by `back_steps` from the target.
    #[inline(always)]
    fn tally_pawns(
        &mut self,
        targets: Bb64,
        risky: Bb64,
        last_rank: Bb64,
        promotions: u64,
        back_steps: &[Direction],
        index: usize,
    ) {
        let safe = targets & !risky;
        self.count += safe.count() as u64;
        let promoting = safe & last_rank;
        if promoting.any() {
            self.count += (promotions - 1) * promoting.count() as u64;
        }
        if (targets & risky).any() {
            self.risky_pawns(targets & risky, last_rank, back_steps, index);
        }
    }

    /// The per-move way for pawn steps, out of line: it is rare, and the bulk count stays small.
    #[inline(never)]
    fn risky_pawns(
        &mut self,
        targets: Bb64,
        last_rank: Bb64,
        back_steps: &[Direction],
        index: usize,
    ) {
        for t in targets.squares() {
            let from = back_steps
                .iter()
                .fold(Bb64::from_square(t), |b, d| b.shift(*d));
            let from = from.lowest().expect("a pawn behind its step").0;
            let step = &PAWN_STEPS[self.us.index()][from as usize][index];
            self.step(Role::Pawn, from, step, last_rank.has(t));
        }
    }

    /// Counts the pawn moves of `pawns` (off the sensitive squares, not in check) with shifted
    /// masks: a step's destination, withdrawal and approach squares are the pawn set shifted by
    /// the step. Moves that end on, or capture on, a sensitive square go the per-move way.
    #[inline(always)]
    fn count_pawns(&mut self, pawns: Bb64, empty: Bb64, last_rank: Bb64, promotions: u64) {
        use crate::bitboard::Direction::*;
        let (f, back, diagonals) = if self.us == Player::White {
            (
                North,
                South,
                [(NorthWest, SouthEast, 2usize), (NorthEast, SouthWest, 3)],
            )
        } else {
            (
                South,
                North,
                [(SouthWest, NorthEast, 2usize), (SouthEast, NorthWest, 3)],
            )
        };
        let start_rank = Bb64::rank_mask(if self.us == Player::White { 1 } else { 6 });
        let exposed = self.enemy & self.sensitive;
        // Single step: W = t - 2f, A = t + f.
        let single = pawns.shift(f) & empty;
        let risky = self.sensitive | exposed.shift(back) | exposed.shift(f).shift(f);
        self.tally_pawns(single, risky, last_rank, promotions, &[back], 0);
        // Double step from the start rank: W = t - 3f, A = t + f.
        let double = ((pawns & start_rank).shift(f) & empty).shift(f) & empty;
        let risky = self.sensitive | exposed.shift(back) | exposed.shift(f).shift(f).shift(f);
        self.tally_pawns(double, risky, last_rank, promotions, &[back, back], 1);
        // Diagonal step d: W = t - 2d, A = t + d; a move only with a victim.
        for (d, opposite, index) in diagonals {
            let victims = self.enemy.shift(d).shift(d) | self.enemy.shift(opposite);
            let targets = pawns.shift(d) & empty & victims;
            let risky = self.sensitive | exposed.shift(d).shift(d) | exposed.shift(opposite);
            self.tally_pawns(targets, risky, last_rank, promotions, &[opposite], index);
        }
    }

    /// The leaps of a knight of `style` on `from` to empty squares. A leap is one move whatever
    /// it captures, so when counting, with the king not in check and the origin not sensitive,
    /// the leaps are counted by popcount unless one could capture a sensitive enemy piece; only
    /// those ending on a sensitive square go the per-move way.
    #[inline(always)]
    fn knight(&mut self, role: Role, from: u8, style: KnightStyle, empty: Bb64) {
        let (st, f) = (style as usize, from as usize);
        let mut targets = Bb64(KNIGHT_TARGETS[st][f]) & empty;
        if COUNT
            && !self.checked
            && !self.sensitive.has(Square(from))
            && (self.enemy & self.sensitive).0 & KNIGHT_VICTIMS[st][f] == 0
        {
            self.count += (targets & !self.sensitive).count() as u64;
            targets &= self.sensitive;
        }
        if targets.is_empty() {
            return;
        }
        for step in &KNIGHT_STEPS[st][f] {
            if step.to != NONE && targets.has(Square(step.to)) {
                self.step(role, from, step, false);
            }
        }
    }

    /// Line moves from `from` to each of `targets`: withdrawal one step behind the origin,
    /// approach one step beyond the destination (rules §4.2).
    #[inline(always)]
    fn lines(&mut self, role: Role, from: u8, mut targets: Bb64) {
        if COUNT && !self.checked && from != self.king && !self.sensitive.has(Square(from)) {
            // Only moves that fill a sensitive square or capture on one need the full test:
            // those ending on one, those withdrawing from a sensitive enemy neighbour (a whole
            // ray), and those ending next to a sensitive enemy blocker. The rest count at once.
            let mut risky = targets & self.sensitive;
            let exposed = self.enemy & self.sensitive;
            for n in (exposed & Bb64(NEIGHBOURS[from as usize])).squares() {
                let away = DIRECTION[n.index()][from as usize] as usize;
                risky |= Bb64(RAYS[from as usize][away]);
            }
            for b in exposed.squares() {
                let dir = DIRECTION[from as usize][b.index()];
                if dir != NO_DIRECTION {
                    risky |= bit(STEP[b.index()][OPPOSITE[dir as usize] as usize]);
                }
            }
            risky &= targets;
            self.count += (targets & !risky).count() as u64;
            targets = risky;
        }
        for t in targets.squares() {
            let dir = DIRECTION[from as usize][t.index()] as usize;
            let w = self.victim(STEP[from as usize][OPPOSITE[dir] as usize]);
            let a = self.victim(STEP[t.index()][dir]);
            self.add(role, from, t.0, w, a, false);
        }
    }
}

impl<const DEEP: bool> DoubleEnded<DEEP> {
    /// Whether the king of the player to move is attacked.
    pub(super) fn king_attacked(&self) -> bool {
        let us = self.side;
        self.board.attacked::<DEEP>(self.board.king(us), us.other())
    }

    pub(super) fn generate_legal(&self, out: &mut MoveList) {
        self.generate::<false>(out);
    }

    /// The number of legal moves (perft's last ply), without listing them: population counts,
    /// compiled for POPCNT where the CPU has it.
    pub(super) fn count_legal(&self) -> u64 {
        crate::bitboard::with_popcnt(
            #[inline(always)]
            || {
                let mut unused = MoveList::new();
                self.generate::<true>(&mut unused)
            },
        )
    }

    /// Generates (or with `COUNT` only counts) the legal moves; returns the count.
    #[inline(always)]
    fn generate<const COUNT: bool>(&self, out: &mut MoveList) -> u64 {
        let board = &self.board;
        let us = self.side;
        let them = us.other();
        let occ = board.occupied();
        let empty = !occ;
        let king = board.king(us);
        let (checked, reads) = board.king_watch::<DEEP>(king, them);
        let sensitive = if checked { Bb64::FULL } else { reads };
        let mut g = Generator::<DEEP, COUNT> {
            board,
            out,
            count: 0,
            us,
            enemy: board.colors[them.index()],
            king,
            checked,
            sensitive,
        };

        let last_rank = if us == Player::White { 7 } else { 0 };
        let mut pawns = board.pieces(us, Role::Pawn);
        if COUNT && !checked {
            let promotions = if DEEP { 4 } else { 5 };
            g.count_pawns(
                pawns & !sensitive,
                empty,
                Bb64::rank_mask(last_rank),
                promotions,
            );
            pawns &= sensitive;
        }
        for s in pawns.squares() {
            for step in &PAWN_STEPS[us.index()][s.index()] {
                if step.to != NONE
                    && empty.has(Square(step.to))
                    && (step.via == NONE || empty.has(Square(step.via)))
                {
                    g.step(Role::Pawn, s.0, step, step.to / 8 == last_rank);
                }
            }
        }

        let knights: &[(Role, KnightStyle)] = if DEEP {
            &[(Role::Knight, KnightStyle::Deep)]
        } else {
            &[
                (Role::Knight, KnightStyle::Orthodox),
                (Role::Mirror, KnightStyle::Mirror),
            ]
        };
        for &(role, style) in knights {
            for s in board.pieces(us, role).squares() {
                g.knight(role, s.0, style, empty);
            }
        }

        for s in board.pieces(us, Role::Bishop).squares() {
            g.lines(Role::Bishop, s.0, bishop_attacks(s, occ) & empty);
        }
        for s in board.pieces(us, Role::Rook).squares() {
            g.lines(Role::Rook, s.0, rook_attacks(s, occ) & empty);
        }
        for s in board.pieces(us, Role::Queen).squares() {
            g.lines(Role::Queen, s.0, queen_attacks(s, occ) & empty);
        }
        g.lines(Role::King, king, Bb64(NEIGHBOURS[king as usize]) & empty);

        if !checked {
            self.castlings(&mut g);
        }
        g.count
    }

    /// Castling (rules §3.3): rights, empty squares between, the crossed square safe with the
    /// king standing on it, and the king safe after the move. It never captures.
    fn castlings<const COUNT: bool>(&self, g: &mut Generator<'_, DEEP, COUNT>) {
        let us = self.side;
        let them = us.other();
        // A right implies king and rook on their home squares (kept so by the FEN reader and by
        // `make`), so only emptiness and safety are left to test.
        let (home, short, long) = if us == Player::White {
            (4u8, WHITE_SHORT, WHITE_LONG)
        } else {
            (60u8, BLACK_SHORT, BLACK_LONG)
        };
        let occ = self.board.occupied();
        let safe_with = |moved: Bb64, king_on: u8| {
            let mut b = self.board;
            b.colors[us.index()] ^= moved;
            !b.attacked::<DEEP>(king_on, them)
        };
        // (right, crossed square, king's destination, rook's origin, squares that must be empty)
        let sides = [
            (
                short,
                home + 1,
                home + 2,
                home + 3,
                bit(home + 1) | bit(home + 2),
            ),
            (
                long,
                home - 1,
                home - 2,
                home - 4,
                bit(home - 1) | bit(home - 2) | bit(home - 3),
            ),
        ];
        for (right, cross, to, rook, between) in sides {
            if self.castling & right == 0 || (between & occ).any() {
                continue;
            }
            let king_crossed = bit(home) | bit(cross);
            let castled = bit(home) | bit(to) | bit(rook) | bit(cross);
            if safe_with(king_crossed, cross) && safe_with(castled, to) {
                if COUNT {
                    g.count += 1;
                } else {
                    g.out.push(Move {
                        from: Square(home),
                        to: Square(to),
                        role: Role::King,
                        withdrawn: NO_SQUARE,
                        approached: NO_SQUARE,
                        promotion: None,
                        castle: true,
                    });
                }
            }
        }
    }
}
