//! Where each piece goes and which squares it captures on: the one description of every piece.
//!
//! Line movers (queen, rook, bishop, king) travel in a unit direction `d`; their capture squares
//! are `from - d` (withdrawal) and `to + d` (approach), read from [`STEP`]. Knights and pawns
//! have irregular geometry, so each of their moves is a precomputed [`Step`]. Attack detection
//! reads the same steps backwards ([`Threats`]), built here from the forward tables, so
//! generation and check detection cannot disagree about a piece.
//!
//! Squares are `u8` indices (a1 = 0, h8 = 63) with [`NONE`] for "off the board": the tables are
//! built at compile time, where `Option<Square>` would only add branches.

use crate::attacks::KNIGHT_LEAPS;
use crate::square::{Board8, Square};

/// "No square": off the board, or no victim.
pub const NONE: u8 = 64;
/// [`NONE`] as a [`Square`]: a move's victim fields hold it when nothing is captured there (an
/// `Option<Square>` would make the move two bytes longer).
pub const NO_SQUARE: Square = Square(NONE);

/// The eight unit directions as (file, rank) steps, in [`crate::bitboard::Direction::ALL`] order:
/// N, S, E, W (orthogonal, indices 0-3), NE, NW, SE, SW (diagonal, 4-7).
pub const DELTAS: [(i8, i8); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
/// The index of the opposite direction.
pub const OPPOSITE: [u8; 8] = [1, 0, 3, 2, 7, 6, 5, 4];
/// "Not on a line" in [`DIRECTION`].
pub const NO_DIRECTION: u8 = 8;

#[inline(always)]
pub const fn is_orthogonal(dir: u8) -> bool {
    dir < 4
}

const fn offset(sq: u8, df: i8, dr: i8) -> u8 {
    if sq >= 64 {
        return NONE;
    }
    match Square(sq).offset::<Board8>(df, dr) {
        Some(t) => t.0,
        None => NONE,
    }
}

const fn sign(x: i8) -> i8 {
    if x > 0 {
        1
    } else if x < 0 {
        -1
    } else {
        0
    }
}

/// `STEP[sq][dir]`: the neighbour of `sq` in direction `dir`, or [`NONE`].
pub static STEP: [[u8; 8]; 64] = STEP_CONST;

/// `DIRECTION[from][to]`: the unit direction from `from` to `to` when they share a rank, file
/// or diagonal, else [`NO_DIRECTION`].
pub static DIRECTION: [[u8; 64]; 64] = {
    let mut t = [[NO_DIRECTION; 64]; 64];
    let mut from = 0;
    while from < 64 {
        let mut d = 0;
        while d < 8 {
            let mut beyond = ray(from, d);
            while beyond != 0 {
                t[from][beyond.trailing_zeros() as usize] = d as u8;
                beyond &= beyond - 1;
            }
            d += 1;
        }
        from += 1;
    }
    t
};

// `static`s cannot be read by other statics' initialisers; this const copy can.
const STEP_CONST: [[u8; 8]; 64] = {
    let mut t = [[NONE; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            t[sq][d] = offset(sq as u8, DELTAS[d].0, DELTAS[d].1);
            d += 1;
        }
        sq += 1;
    }
    t
};

/// For each square, the squares exactly `k` steps away along each of the eight lines.
const fn ring(k: i8) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let n = offset(sq as u8, k * DELTAS[d].0, k * DELTAS[d].1);
            if n != NONE {
                t[sq] |= 1 << n;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// `NEIGHBOURS[sq]`: the (up to) eight adjacent squares, as a bitboard.
pub static NEIGHBOURS: [u64; 64] = ring(1);

/// `RING2[sq]`: squares exactly two steps away along a line (where a withdrawing neighbour
/// lands, and where an approaching king starts).
pub static RING2: [u64; 64] = ring(2);

/// The squares from `sq` (excluded) to the edge in direction `d`.
const fn ray(sq: usize, d: usize) -> u64 {
    let mut r = 0u64;
    let mut cur = STEP_CONST[sq][d];
    while cur != NONE {
        r |= 1 << cur;
        cur = STEP_CONST[cur as usize][d];
    }
    r
}

/// The squares on `sq`'s ranks and files ([`LINES_ORTHOGONAL`]) or diagonals
/// ([`LINES_DIAGONAL`]), edge to edge.
const fn lines(first_dir: usize) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = first_dir;
        while d < first_dir + 4 {
            t[sq] |= ray(sq, d);
            d += 1;
        }
        sq += 1;
    }
    t
}

/// `RAYS[sq][dir]`: the squares from `sq` (excluded) to the edge in direction `dir`.
pub static RAYS: [[u64; 8]; 64] = {
    let mut t = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            t[sq][d] = ray(sq, d);
            d += 1;
        }
        sq += 1;
    }
    t
};

pub static LINES_ORTHOGONAL: [u64; 64] = lines(0);
pub static LINES_DIAGONAL: [u64; 64] = lines(4);

/// One irregular move (knight leap or pawn step) from a fixed origin: the destination, a square
/// that must also be empty on the way (a pawn's double step), and the capture squares. Absent
/// squares are [`NONE`]; a step with `to == NONE` does not exist.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Step {
    pub to: u8,
    pub via: u8,
    pub withdrawal: u8,
    pub approach: u8,
    /// A pawn's diagonal step, a move only when it captures.
    pub needs_victim: bool,
}

const NO_STEP: Step = Step {
    to: NONE,
    via: NONE,
    withdrawal: NONE,
    approach: NONE,
    needs_victim: false,
};

/// How a knight's leap captures (rules §4.3).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum KnightStyle {
    /// `N`: orthogonal step along the long leg, then diagonal outward.
    Orthodox = 0,
    /// `M`: diagonal step, then orthogonal outward.
    Mirror = 1,
    /// `N` in `double-ended-deep`: the whole leap is one step.
    Deep = 2,
}

/// The knight leap `from + v` with its capture squares in `style`.
const fn knight_step(style: usize, from: u8, v: (i8, i8)) -> Step {
    let to = offset(from, v.0, v.1);
    if to == NONE {
        return NO_STEP;
    }
    // o(v): unit step along the long leg; g(v): the diagonal unit step (rules §3.2).
    let o = if v.0 == 2 || v.0 == -2 {
        (sign(v.0), 0)
    } else {
        (0, sign(v.1))
    };
    let g = (sign(v.0), sign(v.1));
    let (w, a) = match style {
        0 => (offset(from, -o.0, -o.1), offset(to, g.0, g.1)),
        1 => (offset(from, -g.0, -g.1), offset(to, o.0, o.1)),
        _ => (offset(from, -v.0, -v.1), offset(to, v.0, v.1)),
    };
    Step {
        to,
        via: NONE,
        withdrawal: w,
        approach: a,
        needs_victim: false,
    }
}

const KNIGHT_STEPS_CONST: [[[Step; 8]; 64]; 3] = {
    let mut t = [[[NO_STEP; 8]; 64]; 3];
    let mut style = 0;
    while style < 3 {
        let mut sq = 0;
        while sq < 64 {
            let mut i = 0;
            while i < 8 {
                t[style][sq][i] = knight_step(style, sq as u8, KNIGHT_LEAPS[i]);
                i += 1;
            }
            sq += 1;
        }
        style += 1;
    }
    t
};

/// `KNIGHT_STEPS[style][from]`: the eight leaps (absent ones have `to == NONE`).
pub static KNIGHT_STEPS: [[[Step; 8]; 64]; 3] = KNIGHT_STEPS_CONST;

/// The union of one square field over each knight's leaps, per style and origin.
const fn knight_union(field: usize) -> [[u64; 64]; 3] {
    let mut t = [[0u64; 64]; 3];
    let mut style = 0;
    while style < 3 {
        let mut sq = 0;
        while sq < 64 {
            let mut i = 0;
            while i < 8 {
                let s = KNIGHT_STEPS_CONST[style][sq][i];
                if s.to != NONE {
                    let squares = [s.to, s.withdrawal, s.approach];
                    if squares[field] != NONE {
                        t[style][sq] |= 1 << squares[field];
                    }
                }
                i += 1;
            }
            sq += 1;
        }
        style += 1;
    }
    t
}

/// `KNIGHT_TARGETS[style][from]`: the destinations of the leaps from `from`.
pub static KNIGHT_TARGETS: [[u64; 64]; 3] = knight_union(0);

/// `KNIGHT_VICTIMS[style][from]`: every square a leap from `from` can capture on (its
/// withdrawal and approach squares).
pub static KNIGHT_VICTIMS: [[u64; 64]; 3] = {
    let w = knight_union(1);
    let a = knight_union(2);
    let mut t = [[0u64; 64]; 3];
    let mut style = 0;
    while style < 3 {
        let mut sq = 0;
        while sq < 64 {
            t[style][sq] = w[style][sq] | a[style][sq];
            sq += 1;
        }
        style += 1;
    }
    t
};

/// A pawn's moves from `from` (rules §4.4): single step, double step from the start rank, and
/// the two forward diagonal steps (moves only when they capture).
const fn pawn_steps(player: usize, from: u8) -> [Step; 4] {
    let f: i8 = if player == 0 { 1 } else { -1 };
    let rank = (from / 8) as i8;
    let mut out = [NO_STEP; 4];
    // A pawn never stands on its first or last rank.
    if rank == 0 || rank == 7 {
        return out;
    }
    let one = offset(from, 0, f);
    out[0] = Step {
        to: one,
        via: NONE,
        withdrawal: offset(from, 0, -f),
        approach: offset(from, 0, 2 * f),
        needs_victim: false,
    };
    let start_rank = if player == 0 { 1 } else { 6 };
    if rank == start_rank {
        out[1] = Step {
            to: offset(from, 0, 2 * f),
            via: one,
            withdrawal: offset(from, 0, -f),
            approach: offset(from, 0, 3 * f),
            needs_victim: false,
        };
    }
    let mut i = 0;
    while i < 2 {
        let df: i8 = if i == 0 { -1 } else { 1 };
        let to = offset(from, df, f);
        if to != NONE {
            out[2 + i] = Step {
                to,
                via: NONE,
                withdrawal: offset(from, -df, -f),
                approach: offset(from, 2 * df, 2 * f),
                needs_victim: true,
            };
        }
        i += 1;
    }
    out
}

const PAWN_STEPS_CONST: [[[Step; 4]; 64]; 2] = {
    let mut t = [[[NO_STEP; 4]; 64]; 2];
    let mut p = 0;
    while p < 2 {
        let mut sq = 0;
        while sq < 64 {
            t[p][sq] = pawn_steps(p, sq as u8);
            sq += 1;
        }
        p += 1;
    }
    t
};

/// `PAWN_STEPS[player][from]`: single, double, and the two diagonal steps (absent: `to == NONE`).
pub static PAWN_STEPS: [[[Step; 4]; 64]; 2] = PAWN_STEPS_CONST;

/// A move that would capture a given square: a piece of the right role on `origin` captures it
/// by moving to `to` (which, with `via`, must be empty).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Threat {
    pub origin: u8,
    pub to: u8,
    pub via: u8,
}

/// Every irregular move that captures one target square, found by reading the forward steps
/// backwards.
#[derive(Copy, Clone, Debug)]
pub struct Threats {
    pub list: [Threat; 16],
    pub len: u8,
    /// The origins, as a bitboard: a quick "can any such piece be there at all".
    pub origins: u64,
}

const NO_THREATS: Threats = Threats {
    list: [Threat {
        origin: NONE,
        to: NONE,
        via: NONE,
    }; 16],
    len: 0,
    origins: 0,
};

const fn add_threat(t: &mut Threats, origin: u8, s: Step) {
    t.list[t.len as usize] = Threat {
        origin,
        to: s.to,
        via: s.via,
    };
    t.len += 1;
    t.origins |= 1 << origin;
}

/// Reverses a step table: for each target square, the steps whose withdrawal or approach
/// square it is.
const fn reverse<const N: usize>(steps: &[[Step; N]; 64]) -> [Threats; 64] {
    let mut out = [NO_THREATS; 64];
    let mut from = 0;
    while from < 64 {
        let mut i = 0;
        while i < N {
            let s = steps[from][i];
            if s.to != NONE {
                if s.withdrawal != NONE {
                    add_threat(&mut out[s.withdrawal as usize], from as u8, s);
                }
                if s.approach != NONE {
                    add_threat(&mut out[s.approach as usize], from as u8, s);
                }
            }
            i += 1;
        }
        from += 1;
    }
    out
}

/// `KNIGHT_THREATS[style][target]`: knight leaps of `style` that capture `target`.
pub static KNIGHT_THREATS: [[Threats; 64]; 3] = [
    reverse(&KNIGHT_STEPS_CONST[0]),
    reverse(&KNIGHT_STEPS_CONST[1]),
    reverse(&KNIGHT_STEPS_CONST[2]),
];

/// `PAWN_THREATS[player][target]`: steps of `player`'s pawns that capture `target`.
pub static PAWN_THREATS: [[Threats; 64]; 2] =
    [reverse(&PAWN_STEPS_CONST[0]), reverse(&PAWN_STEPS_CONST[1])];

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> u8 {
        crate::square::Square::parse::<crate::square::Board8>(name)
            .unwrap()
            .0
    }

    fn leap(style: KnightStyle, from: &str, to: &str) -> Step {
        *KNIGHT_STEPS[style as usize][sq(from) as usize]
            .iter()
            .find(|s| s.to == sq(to))
            .unwrap()
    }

    #[test]
    fn the_three_knights_capture_where_the_spec_says() {
        // rules §4.3: d4-e6.
        let n = leap(KnightStyle::Orthodox, "d4", "e6");
        assert_eq!((n.withdrawal, n.approach), (sq("d3"), sq("f7")));
        let m = leap(KnightStyle::Mirror, "d4", "e6");
        assert_eq!((m.withdrawal, m.approach), (sq("c3"), sq("e7")));
        let d = leap(KnightStyle::Deep, "d4", "e6");
        assert_eq!((d.withdrawal, d.approach), (sq("c2"), sq("f8")));
        // A long horizontal leg: d4-f5 withdraws west (Knight) or south-west (Mirror).
        let n = leap(KnightStyle::Orthodox, "d4", "f5");
        assert_eq!((n.withdrawal, n.approach), (sq("c4"), sq("g6")));
        let m = leap(KnightStyle::Mirror, "d4", "f5");
        assert_eq!((m.withdrawal, m.approach), (sq("c3"), sq("g5")));
    }

    #[test]
    fn o_plus_g_is_the_leap() {
        for v in KNIGHT_LEAPS {
            let s = knight_step(0, sq("d4"), v);
            let m = knight_step(1, sq("d4"), v);
            // Knight W is one orthogonal step back, Mirror A one orthogonal step on; both add
            // up to the leap with the diagonal step.
            let d4 = sq("d4") as i8;
            let o = d4 - s.withdrawal as i8;
            let g = d4 - m.withdrawal as i8;
            assert_eq!(o + g, (s.to as i8) - d4, "vector {v:?}");
        }
    }

    #[test]
    fn pawn_steps_follow_rules_4_4() {
        let e2 = PAWN_STEPS[0][sq("e2") as usize];
        assert_eq!(
            (e2[0].to, e2[0].withdrawal, e2[0].approach),
            (sq("e3"), sq("e1"), sq("e4"))
        );
        assert_eq!(
            (e2[1].to, e2[1].via, e2[1].approach),
            (sq("e4"), sq("e3"), sq("e5"))
        );
        assert_eq!(
            (e2[3].to, e2[3].withdrawal, e2[3].approach),
            (sq("f3"), sq("d1"), sq("g4"))
        );
        assert!(e2[3].needs_victim);
        let e3 = PAWN_STEPS[0][sq("e3") as usize];
        assert_eq!(e3[1].to, NONE, "no double step off the start rank");
        let d7 = PAWN_STEPS[1][sq("d7") as usize];
        assert_eq!((d7[1].to, d7[1].approach), (sq("d5"), sq("d4")));
        assert_eq!(
            (d7[2].to, d7[2].withdrawal, d7[2].approach),
            (sq("c6"), sq("e8"), sq("b5"))
        );
        let a2 = PAWN_STEPS[0][sq("a2") as usize];
        assert_eq!(a2[2].to, NONE, "no diagonal off the board");
    }

    #[test]
    fn reversed_tables_list_every_capturing_step() {
        // A target is threatened by a knight step exactly when that step's W or A is the target.
        for style in 0..3 {
            for target in 0..64u8 {
                let t = &KNIGHT_THREATS[style][target as usize];
                let mut expected = 0;
                for (from, steps) in KNIGHT_STEPS[style].iter().enumerate() {
                    for s in steps {
                        if s.to != NONE && (s.withdrawal == target || s.approach == target) {
                            expected += 1;
                            let found = t.list[..t.len as usize]
                                .iter()
                                .any(|th| th.origin == from as u8 && th.to == s.to);
                            assert!(found);
                        }
                    }
                }
                assert_eq!(t.len, expected);
            }
        }
    }

    #[test]
    fn direction_table() {
        assert_eq!(DIRECTION[sq("a1") as usize][sq("h8") as usize], 4);
        assert_eq!(DIRECTION[sq("e4") as usize][sq("e1") as usize], 1);
        assert_eq!(
            DIRECTION[sq("e4") as usize][sq("f6") as usize],
            NO_DIRECTION
        );
        assert_eq!(STEP[sq("h4") as usize][2], NONE);
        assert_eq!(RING2[sq("a1") as usize].count_ones(), 3);
    }
}
