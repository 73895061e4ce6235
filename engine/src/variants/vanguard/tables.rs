//! Leaper tables and masks of the Vanguard men, built at compile time from the offsets of spec §4.

use crate::attacks::board16::{leaper_table, walk};
use crate::attacks::symmetric;
use crate::attacks::KNIGHT_LEAPS;
use crate::bitboard::Bb256;
use crate::square::{Board16, Square};

/// Teutonic Knight (§4.3): wazir, knight and camel (1,3) leaps, 20 squares.
pub static TEUTONIC: [Bb256; 256] = leaper_table(symmetric(&[(1, 0), (1, 2), (1, 3)]).as_slice());

/// Falconer (§4.5): every same-coloured square within Chebyshev distance 3, 24 squares.
pub static FALCON: [Bb256; 256] =
    leaper_table(symmetric(&[(1, 1), (2, 0), (2, 2), (3, 1), (3, 3)]).as_slice());

/// Prince (§4.2): ferz and knight, 12 squares.
pub static PRINCE: [Bb256; 256] = leaper_table(symmetric(&[(1, 1), (1, 2)]).as_slice());

/// Berserker leaps (§4.10): (2,0) and (2,2) in every direction.
pub static BERSERKER_LEAPS: [Bb256; 256] = leaper_table(symmetric(&[(2, 0), (2, 2)]).as_slice());

/// Wizard pattern (§4.11): ferz, knight and camel squares, 20 in all; its swap targets.
pub static WIZARD_PATTERN: [Bb256; 256] =
    leaper_table(symmetric(&[(1, 1), (1, 2), (1, 3)]).as_slice());

/// Second steps from one square, by vector `d`: the first and second squares along it (as
/// indices), the second reachable only over an empty first, and bit `d` of `valid` set where
/// both are on the board (elsewhere the squares are 0 and unused).
#[derive(Copy, Clone)]
pub struct Legs<const N: usize> {
    pub first: [u8; N],
    pub second: [u8; N],
    pub valid: u8,
}

/// The Lancer's second leaps (R15), by origin: over the first knight leap.
pub static LANCER_LEGS: [Legs<8>; 256] = legs(&KNIGHT_LEAPS);

/// The Spy's orthogonal slide of range 2 (R14), by origin: its second square, over the first.
pub static SPY_LEGS: [Legs<4>; 256] = legs(&ORTHOGONALS);

/// The diagonal directions, in the order of [`WIZARD_PATHS`].
pub const DIAGONALS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// For each square and diagonal direction `(sx, sy)`, the squares of the Wizard's regular path
/// (§4.11): the diagonal neighbour P1, then branch X `(2sx, sy)`, `(3sx, sy)` and branch Y
/// `(sx, 2sy)`, `(sx, 3sy)`; `None` off the board.
pub static WIZARD_PATHS: [[[Option<Square>; 5]; 4]; 256] = wizard_paths();

/// The four orthogonal directions, in the order of [`BOWMAN_LEGS`].
pub const ORTHOGONALS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// For each square and orthogonal direction: the leg square (which must be empty) and the two
/// knight squares beyond it where a Bowman lands (§4.8, R9).
pub static BOWMAN_LEGS: [[(Option<Square>, Bb256); 4]; 256] = bowman_legs();

/// Knight-direction rays for the Nightrider: `NIGHT_RAYS[d][sq]` holds sq + v, sq + 2v, ... for
/// `v = KNIGHT_LEAPS[d]`.
pub static NIGHT_RAYS: [[Bb256; 256]; 8] = night_rays();

/// Per square, the knight directions `d` (bit `d`) whose [`NIGHT_RAYS`] ray is not empty.
pub static NIGHT_DIRECTIONS: [u8; 256] = night_directions();

/// The knight directions (bits) of [`NIGHT_RAYS`] that go towards higher square indices.
pub const NIGHT_ASCENDING: u8 = night_ascending();

/// Per square, every square of its rank and file (a rook on an empty board).
pub static ROOK_LINES: [Bb256; 256] = rider_lines(&ORTHOGONALS);

/// Per square, every square of its two diagonals (a bishop on an empty board).
pub static BISHOP_LINES: [Bb256; 256] = rider_lines(&DIAGONALS);

/// Per square, every square of its eight knight lines (a Nightrider on an empty board).
pub static NIGHT_LINES: [Bb256; 256] = rider_lines(&KNIGHT_LEAPS);

/// The squares of the same rank or file at an even distance (the General's orthogonal stops).
pub static EVEN_ORTHOGONAL: [Bb256; 256] = even_orthogonal();

const fn at(sq: usize, df: i8, dr: i8) -> Option<Square> {
    Square(sq as u8).offset::<Board16>(df, dr)
}

const fn with(b: Bb256, sq: Option<Square>) -> Bb256 {
    match sq {
        Some(s) => b.union(Bb256::square(s)),
        None => b,
    }
}

const fn wizard_paths() -> [[[Option<Square>; 5]; 4]; 256] {
    let mut t = [[[None; 5]; 4]; 256];
    let mut sq = 0;
    while sq < 256 {
        let mut d = 0;
        while d < 4 {
            let (sx, sy) = DIAGONALS[d];
            t[sq][d] = [
                at(sq, sx, sy),
                at(sq, 2 * sx, sy),
                at(sq, 3 * sx, sy),
                at(sq, sx, 2 * sy),
                at(sq, sx, 3 * sy),
            ];
            d += 1;
        }
        sq += 1;
    }
    t
}

const fn bowman_legs() -> [[(Option<Square>, Bb256); 4]; 256] {
    let mut t = [[(None, Bb256([0; 4])); 4]; 256];
    let mut sq = 0;
    while sq < 256 {
        let mut d = 0;
        while d < 4 {
            let (dx, dy) = ORTHOGONALS[d];
            // Beyond the leg: two squares along, one square to either side.
            let (px, py) = (dy, dx);
            let mut landings = Bb256([0; 4]);
            landings = with(landings, at(sq, 2 * dx + px, 2 * dy + py));
            landings = with(landings, at(sq, 2 * dx - px, 2 * dy - py));
            t[sq][d] = (at(sq, dx, dy), landings);
            d += 1;
        }
        sq += 1;
    }
    t
}

const fn night_rays() -> [[Bb256; 256]; 8] {
    let mut t = [[Bb256([0; 4]); 256]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 256 {
            let (df, dr) = KNIGHT_LEAPS[d];
            t[d][sq] = walk(sq, df as i32, dr as i32);
            sq += 1;
        }
        d += 1;
    }
    t
}

/// The squares a rider along `vectors` reaches from each square on an empty board.
const fn rider_lines<const N: usize>(vectors: &[(i8, i8); N]) -> [Bb256; 256] {
    let mut t = [Bb256([0; 4]); 256];
    let mut sq = 0;
    while sq < 256 {
        let mut d = 0;
        while d < N {
            let (df, dr) = vectors[d];
            t[sq] = t[sq].union(walk(sq, df as i32, dr as i32));
            d += 1;
        }
        sq += 1;
    }
    t
}

const fn legs<const N: usize>(vectors: &[(i8, i8); N]) -> [Legs<N>; 256] {
    let none = Legs {
        first: [0; N],
        second: [0; N],
        valid: 0,
    };
    let mut t = [none; 256];
    let mut sq = 0;
    while sq < 256 {
        let mut d = 0;
        while d < N {
            let (df, dr) = vectors[d];
            if let (Some(first), Some(second)) = (at(sq, df, dr), at(sq, 2 * df, 2 * dr)) {
                t[sq].first[d] = first.0;
                t[sq].second[d] = second.0;
                t[sq].valid |= 1 << d;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

const fn night_directions() -> [u8; 256] {
    let rays = night_rays();
    let mut t = [0u8; 256];
    let mut sq = 0;
    while sq < 256 {
        let mut d = 0;
        while d < 8 {
            let w = rays[d][sq].0;
            if w[0] | w[1] | w[2] | w[3] != 0 {
                t[sq] |= 1 << d;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

const fn night_ascending() -> u8 {
    let mut bits = 0;
    let mut d = 0;
    while d < 8 {
        if night_ray_ascends(d) {
            bits |= 1 << d;
        }
        d += 1;
    }
    bits
}

const fn even_orthogonal() -> [Bb256; 256] {
    let mut t = [Bb256([0; 4]); 256];
    let mut sq = 0;
    while sq < 256 {
        let mut k = 2;
        while k < 16 {
            t[sq] = with(t[sq], at(sq, k, 0));
            t[sq] = with(t[sq], at(sq, -k, 0));
            t[sq] = with(t[sq], at(sq, 0, k));
            t[sq] = with(t[sq], at(sq, 0, -k));
            k += 2;
        }
        sq += 1;
    }
    t
}

/// Whether the knight direction `d` of [`NIGHT_RAYS`] goes towards higher square indices (true
/// for every vector with a positive rank step, since |file step| < 16).
#[inline(always)]
pub const fn night_ray_ascends(d: usize) -> bool {
    KNIGHT_LEAPS[d].1 > 0
}
