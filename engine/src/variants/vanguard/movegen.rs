//! Move generation: every man's [`reach`](super::reach) turned into moves, then, for a side with
//! a sole King only, the moves that leave it attacked are dropped (§7.2).

use super::fen::MAX_MEN_PER_SIDE;
use super::make::between;
use super::moves::{Move, MoveKind};
use super::piece::Role;
use super::position::Vanguard;
use super::reach::{bowman_legs, nightrider, pawn_steps, reach, PawnPart};
use super::squares::{MenOf, WordSpan};
use super::tables::WIZARD_PATTERN;
use crate::attacks::board16::{ball, queen_attacks, rook_attacks, KING, KNIGHT};
use crate::bitboard::{Bb256, Bitboard};
use crate::game::Player;
use crate::square::Square;
use arrayvec::ArrayVec;

/// The most moves one man can have: a Bowman's 8 landings, each alone or with one of 8 shots.
const MAX_MOVES_PER_MAN: usize = 8 * 9;
/// The largest legal move count of any position this module accepts.
pub const MAX_MOVES: usize = MAX_MEN_PER_SIDE as usize * MAX_MOVES_PER_MAN;

pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// The rank where `color`'s pawn-type men promote.
#[inline(always)]
pub const fn far_rank(color: Player) -> u8 {
    match color {
        Player::White => 15,
        Player::Black => 0,
    }
}

/// Where generated moves go: a move list, or a [`Counter`] when perft only needs how many
/// (bulk counting at its last ply), so one generator serves both.
trait MoveSink {
    /// A move of `kind` to each of `targets`, from the square `step` (by index) before it.
    fn push_steps(&mut self, targets: Bb256, step: i16, kind: MoveKind);
    fn push(&mut self, mv: Move);
    /// A move of `kind` from `from` to each of `targets`.
    fn push_all(&mut self, from: Square, targets: Bb256, kind: MoveKind);
    /// A Bowman's landing on `to` followed by a shot at each of `shots`.
    fn push_shots(&mut self, from: Square, to: Square, shots: Bb256);
    /// A pawn-type step to each of `targets`, those in the promotion `zone` as promotions.
    #[inline(always)]
    fn push_steps_promoting(&mut self, targets: Bb256, zone: Bb256, step: i16) {
        self.push_steps(targets & !zone, step, MoveKind::Normal);
        self.push_steps(targets & zone, step, MoveKind::Promotion);
    }
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn push_steps(&mut self, mut targets: Bb256, step: i16, kind: MoveKind) {
        while let Some(to) = targets.pop_lowest() {
            let from = Square((to.0 as i16 - step) as u8);
            ArrayVec::push(self, Move::new(from, to, kind));
        }
    }
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        ArrayVec::push(self, mv);
    }
    #[inline(always)]
    fn push_all(&mut self, from: Square, mut targets: Bb256, kind: MoveKind) {
        while let Some(to) = targets.pop_lowest() {
            ArrayVec::push(self, Move::new(from, to, kind));
        }
    }
    #[inline(always)]
    fn push_shots(&mut self, from: Square, to: Square, mut shots: Bb256) {
        while let Some(shot) = shots.pop_lowest() {
            ArrayVec::push(self, Move::with_shot(from, to, shot));
        }
    }
}

/// The sets every role's moves read, computed once per generation rather than once per role.
#[derive(Copy, Clone)]
struct Sets {
    own: Bb256,
    enemy: Bb256,
    occ: Bb256,
    /// What a replacing move must land on to be listed.
    wanted: Bb256,
    /// The words that hold the side's men.
    span: WordSpan,
}

impl Sets {
    #[inline(always)]
    fn of<const TACTICAL: bool>(pos: &Vanguard) -> Self {
        let own = pos.men(pos.side);
        let enemy = pos.men(pos.side.other());
        Sets {
            own,
            enemy,
            occ: own | enemy,
            wanted: if TACTICAL { enemy } else { !own },
            span: WordSpan::of(own),
        }
    }
}

/// Counts the moves instead of listing them: a population count per target set.
struct Counter(u64);

impl MoveSink for Counter {
    #[inline(always)]
    fn push_steps(&mut self, targets: Bb256, _: i16, _: MoveKind) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn push_all(&mut self, _: Square, targets: Bb256, _: MoveKind) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn push_shots(&mut self, _: Square, _: Square, shots: Bb256) {
        self.0 += shots.count() as u64;
    }
    #[inline(always)]
    fn push_steps_promoting(&mut self, targets: Bb256, _: Bb256, _: i16) {
        self.0 += targets.count() as u64;
    }
}

impl Vanguard {
    /// Every move by the rules of §4, royal safety ignored.
    pub fn pseudo_moves(&self, out: &mut MoveList) {
        self.pseudo::<false, _>(out)
    }

    /// The pseudo-legal moves that capture or promote (quiescence search plays only these).
    pub fn pseudo_tactical(&self, out: &mut MoveList) {
        self.pseudo::<true, _>(out)
    }

    /// Every pseudo-legal move, or with `TACTICAL` only those that capture or promote: the same
    /// reach, with the targets narrowed to enemy men (and the far rank).
    #[inline(always)]
    fn pseudo<const TACTICAL: bool, S: MoveSink>(&self, out: &mut S) {
        // One loop per role, each compiled for its role so that the choices on the role (in
        // `reach` and below) fold away instead of being taken again for every man.
        let sets = Sets::of::<TACTICAL>(self);
        macro_rules! each_role {
            ($($k:literal)*) => {
                const _: () = assert!([$($k),*].len() == Role::COUNT);
                $(self.role_moves::<$k, TACTICAL, S>(&sets, out);)*
            };
        }
        each_role!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20);
    }

    /// The moves of the men of role `Role::ALL[K]` (see [`Self::pseudo`]).
    #[inline(always)]
    fn role_moves<const K: usize, const TACTICAL: bool, S: MoveSink>(
        &self,
        sets: &Sets,
        out: &mut S,
    ) {
        let role = Role::ALL[K];
        let us = self.side;
        let Sets {
            own,
            enemy,
            occ,
            wanted,
            span,
        } = *sets;
        if role.is_pawn_type() {
            let men = self.pieces(us, role);
            // Each colour compiled apart, so that the whole-board shifts go one known way.
            match us {
                Player::White => self.pawn_moves::<TACTICAL, S>(role, Player::White, men, out),
                Player::Black => self.pawn_moves::<TACTICAL, S>(role, Player::Black, men, out),
            }
            return;
        }
        let role_men = &self.roles[role.index()];
        for from in MenOf::new(role_men, &self.colors[us.index()], span) {
            let unmoved = role == Role::Helepolis && self.unmoved.has(from);
            let r = reach(role, us, from, own, occ, unmoved);
            match role {
                Role::Helepolis => {
                    out.push_all(from, r.normal & wanted, MoveKind::Normal);
                    let mut sweeps = r.sweep;
                    if TACTICAL {
                        // A sweep captures once its path or destination holds an enemy man.
                        while let Some(to) = sweeps.pop_lowest() {
                            if ((between(from, to) | Bb256::from_square(to)) & enemy).any() {
                                out.push(Move::new(from, to, MoveKind::Sweep));
                            }
                        }
                    } else {
                        out.push_all(from, sweeps, MoveKind::Sweep);
                    }
                }
                Role::Bowman => {
                    let mut landings = r.normal & !own;
                    while let Some(to) = landings.pop_lowest() {
                        if wanted.has(to) {
                            out.push(Move::new(from, to, MoveKind::Normal));
                        }
                        out.push_shots(from, to, KNIGHT[to.index()] & enemy);
                    }
                }
                Role::Wizard => {
                    out.push_all(from, r.normal & wanted, MoveKind::Normal);
                    let mut swaps = WIZARD_PATTERN[from.index()] & own;
                    if from.0 >> 4 != far_rank(us) {
                        // No swap promotes: none is tactical, all are plain swaps.
                        if !TACTICAL {
                            out.push_all(from, swaps, MoveKind::Swap);
                        }
                        continue;
                    }
                    while let Some(to) = swaps.pop_lowest() {
                        let displaced = self.board[to.index()].map(|p| p.role());
                        let promotes = displaced.is_some_and(|k| k.is_pawn_type());
                        let kind = if promotes {
                            MoveKind::SwapPromotion
                        } else if TACTICAL {
                            continue;
                        } else {
                            MoveKind::Swap
                        };
                        out.push(Move::new(from, to, kind));
                    }
                }
                _ => {
                    out.push_all(
                        from,
                        (r.normal | r.capture & enemy) & wanted,
                        MoveKind::Normal,
                    );
                    out.push_all(from, r.rifle & enemy, MoveKind::Rifle);
                }
            }
        }
    }

    /// The moves of `us`'s pawn-type `men` of `role`, a whole role at once: each step's targets
    /// are one move per man that has them.
    #[inline(always)]
    fn pawn_moves<const TACTICAL: bool, S: MoveSink>(
        &self,
        role: Role,
        us: Player,
        men: Bb256,
        out: &mut S,
    ) {
        let own = self.men(us);
        let enemy = self.men(us.other());
        let promotion_zone = Bb256::rank_mask(far_rank(us));
        let unmoved = men & self.unmoved;
        pawn_steps::<true>(
            role,
            us,
            men,
            unmoved,
            own | enemy,
            |part, targets, step| {
                let targets = match part {
                    PawnPart::Normal => targets & !own,
                    PawnPart::Quiet => targets,
                    PawnPart::Capture => targets & enemy,
                };
                if TACTICAL {
                    out.push_steps(targets & enemy & !promotion_zone, step, MoveKind::Normal);
                    out.push_steps(targets & promotion_zone, step, MoveKind::Promotion);
                } else {
                    out.push_steps_promoting(targets, promotion_zone, step);
                }
            },
        );
    }

    /// The legal moves (§7): none when the side to move has no royal; otherwise every pseudo-legal
    /// move, less, for a sole King, those after which it is attacked, unless the move leaves the
    /// opponent without a royal (R21).
    pub fn generate_legal(&self, out: &mut MoveList) {
        self.legal::<false>(out)
    }

    /// The legal moves that capture or promote.
    pub fn generate_tactical(&self, out: &mut MoveList) {
        self.legal::<true>(out)
    }

    /// How many legal moves there are, without listing them where no move can be illegal: a
    /// side without a sole King has no check rule (§7.2), so every pseudo-legal move counts.
    pub fn count_legal(&self) -> u64 {
        let us = self.side;
        if !self.has_royal(us) {
            return 0;
        }
        if !self.has_sole_king(us) {
            return self.count_pseudo();
        }
        let mut moves = MoveList::new();
        self.legal::<false>(&mut moves);
        moves.len() as u64
    }

    /// The number of pseudo-legal moves: population counts, compiled for POPCNT where the CPU
    /// has it. (Compiled for x86-64-v3 instead, with AVX2 for the 256-bit masks, it ran 20%
    /// slower on Zen 3.)
    fn count_pseudo(&self) -> u64 {
        crate::bitboard::with_popcnt(
            #[inline(always)]
            || {
                let mut counter = Counter(0);
                self.pseudo::<false, _>(&mut counter);
                counter.0
            },
        )
    }

    fn legal<const TACTICAL: bool>(&self, out: &mut MoveList) {
        let us = self.side;
        if !self.has_royal(us) {
            return;
        }
        self.pseudo::<TACTICAL, _>(out);
        if !self.has_sole_king(us) {
            return;
        }
        let Some(king) = self.king(us) else {
            return;
        };
        if self.attacked(king, us.other()) {
            let (near, remote) = self.attackers_with(king, us.other(), self.occupied());
            let checkers = near | remote;
            let blocks = self.block_squares(king, checkers);
            out.retain(|m| self.may_answer(*m, king, checkers, blocks) && self.is_safe(*m));
        } else {
            let lines = self.exposure_squares(king);
            out.retain(|m| !self.may_expose(*m, king, lines) || self.is_safe(*m));
        }
    }

    /// Whether `mv` may leave the unattacked sole King on `king` attacked, so that it must be
    /// made to tell: a placed man only ever blocks an attack, so only the King moving, the
    /// squares the move empties (origin, captured men) on the King's `lines`, or a succession
    /// that turns an enemy Princess or Prince into a Queen or King can expose it.
    #[inline]
    fn may_expose(&self, mv: Move, king: Square, lines: Bb256) -> bool {
        let captured = self.captured_squares(mv);
        let vacated = match mv.kind {
            MoveKind::Rifle => captured,
            MoveKind::Swap | MoveKind::SwapPromotion => return mv.to == king,
            _ => captured | Bb256::from_square(mv.from),
        };
        let heirs = self.roles[Role::King.index()] | self.roles[Role::Queen.index()];
        mv.from == king || (vacated & lines).any() || (captured & heirs).any()
    }

    /// Whether `mv` may answer the check of `checkers` on the sole King on `king`, so that it
    /// must be made to tell: the King moving (a swap with him too), a checker, royal or heir
    /// taken, or a man placed on `blocks`. No other move can: taking other men never shuts an
    /// attack (a Helepolis that leaps its own man slides on where he stood), and a man stays
    /// where he is.
    #[inline]
    fn may_answer(&self, mv: Move, king: Square, checkers: Bb256, blocks: Bb256) -> bool {
        let placed = match mv.kind {
            MoveKind::Rifle => false,
            // Two men change places: only the King's swap changes what is attacked.
            MoveKind::Swap | MoveKind::SwapPromotion => return mv.to == king,
            _ => blocks.has(mv.to),
        };
        let royals_and_heirs = self.roles[Role::King.index()]
            | self.roles[Role::Prince.index()]
            | self.roles[Role::Queen.index()];
        let taken = self.captured_squares(mv);
        mv.from == king || placed || taken.intersects(checkers | royals_and_heirs)
    }

    /// Where a man of the side to move may shut an attack of `checkers` on `king`: between
    /// them on a queen or knight line (sliders, the Nightrider, the Lancer's leap, the Spy's
    /// leg; the lines' other crossings come along, which costs only a few needless tests), a
    /// Bowman's legs, and a Wizard's middle squares. A Berserker's middle squares are next to
    /// both, so on their queen lines; a Helepolis's sweep goes through the King's men, and a
    /// leap past everything.
    #[inline]
    fn block_squares(&self, king: Square, mut checkers: Bb256) -> Bb256 {
        let king_only = Bb256::from_square(king);
        let mut blocks = Bb256::EMPTY;
        while let Some(checker) = checkers.pop_lowest() {
            let only = Bb256::from_square(checker);
            blocks |= queen_attacks(checker, king_only) & queen_attacks(king, only);
            blocks |= nightrider(checker, king_only) & nightrider(king, only);
            blocks |= match self.piece_at(checker).map(|p| p.role()) {
                Some(Role::Bowman) => bowman_legs(checker),
                Some(Role::Wizard) => ball(king, 2) & ball(checker, 2),
                _ => Bb256::EMPTY,
            };
        }
        blocks
    }

    /// The men whose leaving can open an attack on the unattacked sole King on `king` (a move
    /// that takes none of them away, nor the King, nor an heir, keeps it unattacked):
    /// - on its queen lines, the first man of each (sliders, the General's, Lancer's and Spy's
    ///   slides, a Sergeant's advance, a Helepolis's forward slide) if he is an enemy (taken from
    ///   afar, he leaves his square empty), or ours with an enemy next behind him (who may leap
    ///   him, as an unmoved Helepolis leaps its own man, or slide once he goes);
    /// - on its ranks and files, the first enemy man: a Helepolis sweeps through the King's own
    ///   men and stops only at its own;
    /// - on its knight lines, the first man (Nightrider, the Lancer's leap over it, and an enemy
    ///   on a Bowman's landing square, from which it would shoot);
    /// - the lame legs near enemy Bowmen, Wizards and Berserkers that could reach the King.
    ///
    /// Every other attack is a leap, which no man blocks.
    #[inline]
    fn exposure_squares(&self, king: Square) -> Bb256 {
        let occ = self.occupied();
        let them = self.side.other();
        let enemy = self.men(them);
        let first = queen_attacks(king, occ) & occ;
        let shields = first & !enemy;
        let mut lines = first & enemy;
        let mut behind = queen_attacks(king, occ & !shields) & enemy & !first;
        while let Some(attacker) = behind.pop_lowest() {
            lines |= shields & queen_attacks(attacker, Bb256::from_square(king));
        }
        lines |= rook_attacks(king, enemy) & enemy;
        lines |= nightrider(king, occ) & occ;
        let mut bowmen = self.pieces(them, Role::Bowman) & ball(king, 4);
        while let Some(bowman) = bowmen.pop_lowest() {
            lines |= bowman_legs(bowman);
        }
        if self.pieces(them, Role::Wizard).intersects(ball(king, 3)) {
            lines |= ball(king, 2);
        }
        let mut berserkers = self.pieces(them, Role::Berserker) & ball(king, 2);
        while let Some(berserker) = berserkers.pop_lowest() {
            lines |= KING[berserker.index()] & KING[king.index()];
        }
        lines
    }

    /// Whether `mv` (pseudo-legal) leaves the mover's sole King unattacked or wins at once.
    pub(super) fn is_safe(&self, mv: Move) -> bool {
        let us = self.side;
        let after = self.make(mv);
        if !after.has_royal(us.other()) {
            return true;
        }
        match after.king(us) {
            Some(king) => !after.attacked(king, us.other()),
            None => false,
        }
    }
}
