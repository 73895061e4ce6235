//! 8x8 attacks.
//!
//! PLACEHOLDER IMPLEMENTATION (foundation scaffold): plain ray walks, correct but slow. The chess
//! helper replaces the internals with magic bitboards; the signatures stay.

use crate::bitboard::{Bb64, Bitboard, Direction};
use crate::game::Player;
use crate::square::{Board8, Square};

fn leaper(sq: Square, deltas: &[(i8, i8)]) -> Bb64 {
    let mut b = Bb64::EMPTY;
    for (df, dr) in deltas {
        if let Some(t) = sq.offset::<Board8>(*df, *dr) {
            b.set(t);
        }
    }
    b
}

fn ray_attacks(sq: Square, occupied: Bb64, dirs: &[Direction]) -> Bb64 {
    let mut b = Bb64::EMPTY;
    for dir in dirs {
        let (df, dr) = dir.delta();
        let mut cur = sq;
        while let Some(t) = cur.offset::<Board8>(df, dr) {
            b.set(t);
            if occupied.has(t) {
                break;
            }
            cur = t;
        }
    }
    b
}

const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

pub fn knight_attacks(sq: Square) -> Bb64 {
    leaper(sq, &KNIGHT)
}

pub fn king_attacks(sq: Square) -> Bb64 {
    leaper(sq, &KING)
}

/// Squares a pawn of `player` on `sq` attacks (diagonally forward).
pub fn pawn_attacks(player: Player, sq: Square) -> Bb64 {
    match player {
        Player::White => leaper(sq, &[(-1, 1), (1, 1)]),
        Player::Black => leaper(sq, &[(-1, -1), (1, -1)]),
    }
}

pub fn rook_attacks(sq: Square, occupied: Bb64) -> Bb64 {
    ray_attacks(sq, occupied, &Direction::ORTHOGONAL)
}

pub fn bishop_attacks(sq: Square, occupied: Bb64) -> Bb64 {
    ray_attacks(sq, occupied, &Direction::DIAGONAL)
}

pub fn queen_attacks(sq: Square, occupied: Bb64) -> Bb64 {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares strictly between `a` and `b` on a shared line, or empty if they share none.
pub fn between(a: Square, b: Square) -> Bb64 {
    for dir in Direction::ALL {
        let ray = ray_attacks(a, Bb64::from_square(b), &[dir]);
        if ray.has(b) {
            return ray & !Bb64::from_square(b);
        }
    }
    Bb64::EMPTY
}

/// The whole line (edge to edge) through `a` and `b`, or empty if they share none.
pub fn line(a: Square, b: Square) -> Bb64 {
    for dir in Direction::ALL {
        if ray_attacks(a, Bb64::EMPTY, &[dir]).has(b) {
            return ray_attacks(a, Bb64::EMPTY, &[dir, dir.opposite()]) | Bb64::from_square(a);
        }
    }
    Bb64::EMPTY
}
