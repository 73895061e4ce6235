//! The one description of every Vanguard man (spec §4): what it can reach from a square.
//!
//! Move generation turns a [`Reach`] into moves, and attack detection asks whether a square is in
//! [`Reach::attacks`], so both read the same definition and perft checks them together.

use super::piece::Role;
use super::tables::*;
use crate::attacks::board16::{
    ball, bishop_attacks, lines::rank_attacks, queen_attacks, ray_attacks, rook_attacks,
    up_to_lowest, FERZ, KING, KNIGHT, WAZIR,
};
use crate::bitboard::{Bb256, Bitboard, Direction};
use crate::game::Player;
use crate::square::Square;

/// The targets of one man on one square, by the kinds of part of spec §4.1.
#[derive(Copy, Clone, Default, Debug)]
pub struct Reach {
    /// Move there, capturing by replacement: empty, enemy and friendly squares alike (a friendly
    /// square is a blocker the caller drops; a Wizard swaps with it).
    pub normal: Bb256,
    /// Move-only targets, already limited to empty squares.
    pub quiet: Bb256,
    /// Capture-only targets: a capture where an enemy stands, nothing otherwise.
    pub capture: Bb256,
    /// Rifle targets (Archer): an enemy there is removed and the Archer stays.
    pub rifle: Bb256,
    /// Helepolis sweep destinations (sideways and backward): every enemy from the origin up to and
    /// including the destination is captured. Already limited to non-friendly squares.
    pub sweep: Bb256,
    /// Bowman shot squares: the knight squares of every landing square it can reach.
    pub shots: Bb256,
}

impl Reach {
    /// Every square where this man would capture an enemy man standing there: the capture set of
    /// spec §7.2 ("attacked").
    #[inline(always)]
    pub fn attacks(&self) -> Bb256 {
        self.normal | self.capture | self.rifle | self.sweep | self.shots
    }
}

/// The reach of a man of `role` and `color` on `from`. `own` holds the men of its colour and
/// `occ` every man; `unmoved` says whether it still has its initial-move right (§5).
#[inline(always)]
pub fn reach(
    role: Role,
    color: Player,
    from: Square,
    own: Bb256,
    occ: Bb256,
    unmoved: bool,
) -> Reach {
    let s = from.index();
    let mut r = Reach::default();
    match role {
        Role::King => r.normal = KING[s],
        Role::Prince => r.normal = PRINCE[s],
        Role::Queen => r.normal = queen_attacks(from, occ),
        Role::Princess => r.normal = bishop_attacks(from, occ) | KNIGHT[s],
        Role::Rook => r.normal = rook_attacks(from, occ),
        Role::Bishop => r.normal = bishop_attacks(from, occ),
        Role::Knight => r.normal = TEUTONIC[s],
        Role::Chancellor => r.normal = rook_attacks(from, occ) | KNIGHT[s],
        Role::Nightrider => r.normal = nightrider(from, occ),
        // Orthogonal slide of range 2 (R14) and knight leaps.
        Role::Spy => r.normal = WAZIR[s] | second_steps(&SPY_LEGS[s], occ) | KNIGHT[s],
        Role::Falconer => r.normal = FALCON[s],
        // Bishop, and the orthogonal slide that may stop only at even distances (R12).
        Role::General => {
            r.normal = bishop_attacks(from, occ) | rook_attacks(from, occ) & EVEN_ORTHOGONAL[s]
        }
        Role::Archer => {
            r.normal = bishop_attacks(from, occ) & ball(from, 3);
            r.rifle = KNIGHT[s];
        }
        Role::Bowman => {
            r.normal = bowman_landings(from, occ);
            let mut landings = r.normal & !own;
            while let Some(l) = landings.pop_lowest() {
                r.shots |= KNIGHT[l.index()];
            }
            // Knight squares of a landing include the origin, which the Bowman has just left.
            r.shots &= !Bb256::from_square(from);
        }
        Role::Lancer => {
            // A Nightrider of two leaps, and capture-only slides at distance 2 or 3 (R15).
            r.normal = lancer_leaps(from, occ);
            r.capture = queen_attacks(from, occ) & ball(from, 3) & !ball(from, 1);
        }
        Role::Berserker => {
            // Two king steps to a (1,2) square need one of its two middle squares empty, and the
            // middle squares are exactly the origin's neighbours that neighbour the target.
            let mut empty_ring = KING[s] & !occ;
            let mut second_steps = Bb256::EMPTY;
            while let Some(m) = empty_ring.pop_lowest() {
                second_steps |= KING[m.index()];
            }
            r.normal = KING[s] | BERSERKER_LEAPS[s] | KNIGHT[s] & second_steps;
        }
        Role::Wizard => r.normal = wizard_regular(from, occ),
        Role::Helepolis => {
            // Forward: a rook slide, leaping one friendly man on its first move (R5).
            let mut fwd = forward_slide(from, occ, color);
            if unmoved {
                if let Some(b) = first_on_ray(fwd & occ, color) {
                    if own.has(b) {
                        fwd |= forward_slide(b, occ, color);
                    }
                }
            }
            r.normal = fwd;
            // Sideways and backward: only friendly men stop the sweep (R6). (The rank and one
            // ray cost less than a rook's attacks less the forward ray.)
            let backward = forward_dir(color.other());
            r.sweep = (rank_attacks(from, own) | ray_attacks(from, own, backward)) & !own;
        }
        Role::Pawn | Role::Soldier | Role::Sergeant => {
            let men = Bb256::from_square(from);
            let unmoved = if unmoved { men } else { Bb256::EMPTY };
            pawn_steps::<true>(
                role,
                color,
                men,
                unmoved,
                occ,
                |part, targets, _| match part {
                    PawnPart::Normal => r.normal |= targets,
                    PawnPart::Quiet => r.quiet |= targets,
                    PawnPart::Capture => r.capture |= targets,
                },
            );
        }
    }
    r
}

/// The squares from which a man of `role`, of either colour, could capture on `sq` on some board:
/// a bound on [`reach`] whatever stands where. Attack detection tests it first and so skips,
/// without computing a reach, the roles with no man near enough: on this board, most of them.
#[inline(always)]
pub fn capture_bound(role: Role, sq: Square) -> Bb256 {
    let s = sq.index();
    match role {
        Role::King => KING[s],
        Role::Prince => PRINCE[s],
        Role::Knight => TEUTONIC[s],
        Role::Falconer => FALCON[s],
        Role::Rook | Role::Helepolis => ROOK_LINES[s],
        Role::Bishop => BISHOP_LINES[s],
        Role::Queen | Role::General => ROOK_LINES[s] | BISHOP_LINES[s],
        Role::Princess => BISHOP_LINES[s] | KNIGHT[s],
        Role::Chancellor => ROOK_LINES[s] | KNIGHT[s],
        Role::Nightrider => NIGHT_LINES[s],
        Role::Pawn | Role::Soldier => FERZ[s],
        // Two steps at most, a knight leap, or a (2,2) leap.
        Role::Spy | Role::Berserker => ball(sq, 2),
        // Slides and paths of at most three squares, knight leaps.
        Role::Archer | Role::Wizard | Role::Sergeant => ball(sq, 3),
        // Two knight leaps: the Lancer's double leap, the Bowman's landing and shot.
        Role::Lancer | Role::Bowman => ball(sq, 4),
    }
}

/// Which field of [`Reach`] a set of pawn-type targets belongs to.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PawnPart {
    Normal,
    Quiet,
    Capture,
}

/// The targets of all the pawn-type men of one `role` and `color` on `men` (those on `unmoved`
/// with their initial-move right), by whole-set shifts: `f(part, targets, step)` is called once per
/// step (direction and distance) with the squares the men reach that way, each `step` squares
/// (by index) beyond the man that gets there. A man reaches each target by one step only and a
/// shift maps men to targets one to one, so move generation lists and counts a whole role at
/// once, and [`reach`] takes the union for one man.
/// With `QUIET` false the move-only steps are left out (attack detection).
#[inline(always)]
pub fn pawn_steps<const QUIET: bool>(
    role: Role,
    color: Player,
    men: Bb256,
    unmoved: Bb256,
    occ: Bb256,
    mut f: impl FnMut(PawnPart, Bb256, i16),
) {
    let (forward, left, right, ahead_step) = match color {
        Player::White => (
            Direction::North,
            Direction::NorthWest,
            Direction::NorthEast,
            16,
        ),
        Player::Black => (
            Direction::South,
            Direction::SouthWest,
            Direction::SouthEast,
            -16,
        ),
    };
    let empty = !occ;
    let diagonal = if role == Role::Sergeant {
        PawnPart::Normal
    } else {
        PawnPart::Capture
    };
    f(diagonal, men.shift(left), ahead_step - 1);
    f(diagonal, men.shift(right), ahead_step + 1);
    if !QUIET && role != Role::Sergeant {
        return;
    }
    if QUIET && role != Role::Pawn {
        f(PawnPart::Quiet, men.shift(Direction::West) & empty, -1);
        f(PawnPart::Quiet, men.shift(Direction::East) & empty, 1);
    }
    if role == Role::Sergeant {
        // Up to three squares ahead, the first man met included (captured by replacement).
        let mut ahead = men.shift(forward);
        f(PawnPart::Normal, ahead, ahead_step);
        for distance in 2..=3 {
            ahead = (ahead & empty).shift(forward);
            f(PawnPart::Normal, ahead, ahead_step * distance);
        }
    } else {
        // One empty square ahead, or up to four with the initial-move right (§5).
        let mut ahead = men.shift(forward) & empty;
        f(PawnPart::Quiet, ahead, ahead_step);
        if unmoved.is_empty() {
            return;
        }
        ahead &= unmoved.shift(forward);
        for distance in 2..=4 {
            ahead = ahead.shift(forward) & empty;
            f(PawnPart::Quiet, ahead, ahead_step * distance);
        }
    }
}

/// Roles whose reach from A contains B exactly when the reach of the same role, with the other
/// colour, from B contains A (with the same occupancy). Attack detection looks at these from the
/// target square; the others (Helepolis, Bowman, Wizard) are asked from where they stand.
#[inline(always)]
pub const fn is_reversible(role: Role) -> bool {
    !matches!(role, Role::Helepolis | Role::Bowman | Role::Wizard)
}

#[inline(always)]
pub const fn forward_dir(color: Player) -> Direction {
    match color {
        Player::White => Direction::North,
        Player::Black => Direction::South,
    }
}

/// The squares ahead of `from` up to and including the first occupied one.
#[inline(always)]
fn forward_slide(from: Square, occ: Bb256, color: Player) -> Bb256 {
    ray_attacks(from, occ, forward_dir(color))
}

/// The first square of a forward ray's blockers: the lowest going north, the highest going south.
#[inline(always)]
fn first_on_ray(blockers: Bb256, color: Player) -> Option<Square> {
    match color {
        Player::White => blockers.lowest(),
        Player::Black => blockers.highest(),
    }
}

/// Repeated knight leaps along each of the 8 knight vectors, stopping at the first occupied
/// landing square (included). Only the directions that stay on the board are computed: from the
/// back ranks, where Nightriders mostly stand, half of them leave it at once.
#[inline(always)]
pub fn nightrider(from: Square, occ: Bb256) -> Bb256 {
    let s = from.index();
    let mut out = Bb256::EMPTY;
    let mut up = NIGHT_DIRECTIONS[s] & NIGHT_ASCENDING;
    while up != 0 {
        let d = up.trailing_zeros() as usize & 7;
        up &= up - 1;
        out |= up_to_lowest(NIGHT_RAYS[d][s], occ);
    }
    let mut down = NIGHT_DIRECTIONS[s] & !NIGHT_ASCENDING;
    while down != 0 {
        let d = down.trailing_zeros() as usize & 7;
        down &= down - 1;
        let r = NIGHT_RAYS[d][s];
        out |= match (r & occ).highest() {
            Some(b) => r & !NIGHT_RAYS[d][b.index()],
            None => r,
        };
    }
    out
}

/// The Lancer's leaps: a Nightrider of two leaps, the second over an empty first square.
#[inline(always)]
fn lancer_leaps(from: Square, occ: Bb256) -> Bb256 {
    KNIGHT[from.index()] | second_steps(&LANCER_LEGS[from.index()], occ)
}

/// The second squares of `legs` whose first square is empty in `occ`. Branch-free: which first
/// squares are empty is unpredictable.
#[inline(always)]
fn second_steps<const N: usize>(legs: &Legs<N>, occ: Bb256) -> Bb256 {
    let mut out = Bb256::EMPTY;
    for d in 0..N {
        let (first, second) = (legs.first[d] as usize, legs.second[d] as usize);
        let open = (legs.valid >> d) as u64 & !(occ.0[first >> 6] >> (first & 63)) & 1;
        out.0[second >> 6] |= open << (second & 63);
    }
    out
}

/// The squares that must be empty for a Bowman on `from` to land (R9): its legs, the orthogonal
/// neighbours that `bowman_landings` reads.
#[inline]
pub fn bowman_legs(from: Square) -> Bb256 {
    let mut out = Bb256::EMPTY;
    for (leg, _) in &BOWMAN_LEGS[from.index()] {
        if let Some(leg) = leg {
            out.set(*leg);
        }
    }
    out
}

/// The Bowman's lame knight landings: beyond each empty orthogonal neighbour (R9).
#[inline(always)]
fn bowman_landings(from: Square, occ: Bb256) -> Bb256 {
    let mut out = Bb256::EMPTY;
    for (leg, landings) in &BOWMAN_LEGS[from.index()] {
        if let Some(leg) = leg {
            if !occ.has(*leg) {
                out |= *landings;
            }
        }
    }
    out
}

/// The Wizard's regular move: a diagonal step, then outward along either orthogonal for one or
/// two more squares, every square before the destination empty (§4.11, R11).
#[inline(always)]
fn wizard_regular(from: Square, occ: Bb256) -> Bb256 {
    let mut out = FERZ[from.index()];
    for [p1, x1, x2, y1, y2] in &WIZARD_PATHS[from.index()] {
        match p1 {
            Some(p1) if !occ.has(*p1) => {}
            _ => continue,
        }
        for (near, far) in [(x1, x2), (y1, y2)] {
            if let Some(near) = near {
                out.set(*near);
                if let (false, Some(far)) = (occ.has(*near), far) {
                    out.set(*far);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{rngs::SmallRng, RngExt, SeedableRng};

    /// A random board: each square occupied with probability `density`.
    fn random_board(rng: &mut SmallRng, density: f64) -> Bb256 {
        let mut b = Bb256::EMPTY;
        for s in 0..=255u8 {
            if rng.random_bool(density) {
                b.set(Square(s));
            }
        }
        b
    }

    #[test]
    fn capture_bound_holds_every_capture_on_any_board() {
        let mut rng = SmallRng::seed_from_u64(64);
        for density in [0.0, 0.15, 0.4, 0.8] {
            for _ in 0..3 {
                let occ = random_board(&mut rng, density);
                let own = occ & random_board(&mut rng, 0.5);
                for role in Role::ALL {
                    for color in [Player::White, Player::Black] {
                        for from in (0..=255u8).map(Square) {
                            for unmoved in [false, true] {
                                let attacks = if role.is_pawn_type() {
                                    let mut hits = Bb256::EMPTY;
                                    let man = Bb256::from_square(from);
                                    let first = if unmoved { man } else { Bb256::EMPTY };
                                    pawn_steps::<false>(role, color, man, first, occ, |_, t, _| {
                                        hits |= t
                                    });
                                    hits
                                } else {
                                    reach(role, color, from, own, occ, unmoved).attacks()
                                };
                                for to in attacks.squares() {
                                    assert!(
                                        capture_bound(role, to).has(from),
                                        "{role:?} {color:?} {from:?} -> {to:?}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
