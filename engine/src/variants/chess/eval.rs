//! The evaluation of orthodox chess: material and piece-square tables tapered between middlegame
//! and endgame, mobility, pawn structure, passed pawns, king safety and a few piece terms.
//!
//! Numbers are public facts, not tuned here: material as in PeSTO (Ronald Friederich), the
//! piece-square tables of Tomasz Michniewski's "Simplified Evaluation Function" (both on the
//! Chess Programming Wiki); the other weights are round numbers of the usual size.
//!
//! One function, [`score`], computes everything; it reports each term to a [`Trace`], which
//! is a no-op for search ([`evaluate`]) and a table for the `eval` command ([`breakdown`]).

use crate::attacks::board8 as attacks;
use crate::bitboard::Bitboard;
pub use crate::eval::tapered::Pair;
use crate::eval::tapered::{taper, NoTrace, Trace};
use crate::game::Player;
use crate::square::Square;
use crate::variants::chess::{Position, Role};

/// The evaluation's terms, in the order `eval` prints them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Term {
    Material,
    Placement,
    Mobility,
    PawnStructure,
    PassedPawns,
    KingSafety,
    Pieces,
    Tempo,
}

impl Term {
    pub const ALL: [Term; 8] = [
        Term::Material,
        Term::Placement,
        Term::Mobility,
        Term::PawnStructure,
        Term::PassedPawns,
        Term::KingSafety,
        Term::Pieces,
        Term::Tempo,
    ];
    pub const fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::Placement => "Placement",
            Term::Mobility => "Mobility",
            Term::PawnStructure => "Pawn structure",
            Term::PassedPawns => "Passed pawns",
            Term::KingSafety => "King safety",
            Term::Pieces => "Pieces",
            Term::Tempo => "Tempo",
        }
    }
}

impl From<Term> for usize {
    fn from(term: Term) -> usize {
        term as usize
    }
}

/// The evaluation by terms (in [`Term::ALL`] order) and players, with its phase.
pub type Breakdown = crate::eval::tapered::Breakdown<8>;

/// Material by role, middlegame and endgame (PeSTO's values).
pub const MATERIAL: [Pair; 6] = [
    Pair(82, 94),
    Pair(337, 281),
    Pair(365, 297),
    Pair(477, 512),
    Pair(1025, 936),
    Pair(0, 0),
];

/// Plain piece values for exchanges (SEE) and move ordering.
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// Game phase weight of each role: [`crate::eval::tapered::MAX_PHASE`] at the start, 0 with only kings and pawns.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

// Piece-square tables, drawn as White sees the board: the first row is rank 8.
#[rustfmt::skip]
const PAWN_MG: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    50, 50, 50, 50, 50, 50, 50, 50,
    10, 10, 20, 30, 30, 20, 10, 10,
     5,  5, 10, 25, 25, 10,  5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5, -5,-10,  0,  0,-10, -5,  5,
     5, 10, 10,-20,-20, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const PAWN_EG: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    50, 50, 50, 50, 50, 50, 50, 50,
    30, 30, 30, 30, 30, 30, 30, 30,
    20, 20, 20, 20, 20, 20, 20, 20,
    10, 10, 10, 10, 10, 10, 10, 10,
     5,  5,  5,  5,  5,  5,  5,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const KNIGHT: [i32; 64] = [
    -50,-40,-30,-30,-30,-30,-40,-50,
    -40,-20,  0,  0,  0,  0,-20,-40,
    -30,  0, 10, 15, 15, 10,  0,-30,
    -30,  5, 15, 20, 20, 15,  5,-30,
    -30,  0, 15, 20, 20, 15,  0,-30,
    -30,  5, 10, 15, 15, 10,  5,-30,
    -40,-20,  0,  5,  5,  0,-20,-40,
    -50,-40,-30,-30,-30,-30,-40,-50,
];
#[rustfmt::skip]
const BISHOP: [i32; 64] = [
    -20,-10,-10,-10,-10,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5, 10, 10,  5,  0,-10,
    -10,  5,  5, 10, 10,  5,  5,-10,
    -10,  0, 10, 10, 10, 10,  0,-10,
    -10, 10, 10, 10, 10, 10, 10,-10,
    -10,  5,  0,  0,  0,  0,  5,-10,
    -20,-10,-10,-10,-10,-10,-10,-20,
];
#[rustfmt::skip]
const ROOK: [i32; 64] = [
      0,  0,  0,  0,  0,  0,  0,  0,
      5, 10, 10, 10, 10, 10, 10,  5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
      0,  0,  0,  5,  5,  0,  0,  0,
];
#[rustfmt::skip]
const QUEEN: [i32; 64] = [
    -20,-10,-10, -5, -5,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5,  5,  5,  5,  0,-10,
     -5,  0,  5,  5,  5,  5,  0, -5,
      0,  0,  5,  5,  5,  5,  0, -5,
    -10,  5,  5,  5,  5,  5,  0,-10,
    -10,  0,  5,  0,  0,  0,  0,-10,
    -20,-10,-10, -5, -5,-10,-10,-20,
];
#[rustfmt::skip]
const KING_MG: [i32; 64] = [
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -20,-30,-30,-40,-40,-30,-30,-20,
    -10,-20,-20,-20,-20,-20,-20,-10,
     20, 20,  0,  0,  0,  0, 20, 20,
     20, 30, 10,  0,  0, 10, 30, 20,
];
#[rustfmt::skip]
const KING_EG: [i32; 64] = [
    -50,-40,-30,-20,-20,-30,-40,-50,
    -30,-20,-10,  0,  0,-10,-20,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-30,  0,  0,  0,  0,-30,-30,
    -50,-30,-30,-30,-30,-30,-30,-50,
];

/// `[role][square]` with a1 = 0, from White's side (Black mirrors the rank).
const PST: [[Pair; 64]; 6] = {
    let mut t = [[Pair(0, 0); 64]; 6];
    let mut sq = 0;
    while sq < 64 {
        let drawn = sq ^ 56; // the drawn tables start at rank 8
        t[0][sq] = Pair(PAWN_MG[drawn], PAWN_EG[drawn]);
        t[1][sq] = Pair(KNIGHT[drawn], KNIGHT[drawn]);
        t[2][sq] = Pair(BISHOP[drawn], BISHOP[drawn]);
        t[3][sq] = Pair(ROOK[drawn], ROOK[drawn] / 2);
        t[4][sq] = Pair(QUEEN[drawn], QUEEN[drawn]);
        t[5][sq] = Pair(KING_MG[drawn], KING_EG[drawn]);
        sq += 1;
    }
    t
};

/// Mobility per reachable square above (or below) a typical count, by role.
const MOBILITY: [(Pair, i32); 6] = [
    (Pair(0, 0), 0),
    (Pair(4, 4), 4),
    (Pair(5, 5), 6),
    (Pair(2, 4), 7),
    (Pair(1, 2), 13),
    (Pair(0, 0), 0),
];

const DOUBLED: Pair = Pair(-10, -25);
const ISOLATED: Pair = Pair(-10, -15);
/// Passed pawn bonus by rank as its owner sees it (index 1 = second rank).
const PASSED: [Pair; 8] = [
    Pair(0, 0),
    Pair(5, 10),
    Pair(10, 15),
    Pair(15, 25),
    Pair(30, 45),
    Pair(50, 75),
    Pair(90, 120),
    Pair(0, 0),
];
const BISHOP_PAIR: Pair = Pair(30, 50);
const ROOK_OPEN_FILE: Pair = Pair(25, 10);
const ROOK_HALF_OPEN_FILE: Pair = Pair(12, 6);
const TEMPO: Pair = Pair(10, 0);
/// King shelter: own pawn one and two ranks in front of the king, per file next to it.
const SHELTER_NEAR: i32 = 12;
const SHELTER_FAR: i32 = 6;
const SHELTER_OPEN_FILE: i32 = -15;
/// Weight of an attacker of the king's zone, by role.
const KING_ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];

const FILE_A: u64 = 0x0101_0101_0101_0101;

#[inline(always)]
fn file_bb(file: u8) -> u64 {
    FILE_A << file
}

#[inline(always)]
fn adjacent_files(file: u8) -> u64 {
    let mut m = 0;
    if file > 0 {
        m |= file_bb(file - 1);
    }
    if file < 7 {
        m |= file_bb(file + 1);
    }
    m
}

/// Squares strictly in front of `sq` from `player`'s side, on the files in `files`.
#[inline(always)]
fn ahead(player: Player, sq: Square, files: u64) -> u64 {
    let rank = sq.0 / 8;
    let mask = match player {
        Player::White => (!0u64).checked_shl(8 * (rank as u32 + 1)).unwrap_or(0),
        Player::Black => (1u64 << (8 * rank)) - 1,
    };
    mask & files
}

#[inline(always)]
fn relative_rank(player: Player, sq: Square) -> usize {
    match player {
        Player::White => (sq.0 / 8) as usize,
        Player::Black => 7 - (sq.0 / 8) as usize,
    }
}

#[inline(always)]
fn pst_index(player: Player, sq: Square) -> usize {
    match player {
        Player::White => sq.index(),
        Player::Black => sq.index() ^ 56,
    }
}

fn pawn_attacks_all(player: Player, pawns: u64) -> u64 {
    const NOT_A: u64 = !FILE_A;
    const NOT_H: u64 = !(FILE_A << 7);
    match player {
        Player::White => ((pawns & NOT_A) << 7) | ((pawns & NOT_H) << 9),
        Player::Black => ((pawns & NOT_A) >> 9) | ((pawns & NOT_H) >> 7),
    }
}

/// The attacks of a piece of `role` on `sq` with blockers `occ`.
#[inline(always)]
fn piece_attacks(role: Role, sq: Square, occ: crate::Bb64) -> u64 {
    match role {
        Role::Knight => attacks::knight_attacks(sq).0,
        Role::Bishop => attacks::bishop_attacks(sq, occ).0,
        Role::Rook => attacks::rook_attacks(sq, occ).0,
        Role::Queen => attacks::queen_attacks(sq, occ).0,
        Role::King => attacks::king_attacks(sq).0,
        Role::Pawn => 0,
    }
}

/// Everything `us` scores, reported term by term to `trace`.
#[inline(always)]
fn side<T: Trace<Term>>(pos: &Position, us: Player, trace: &mut T) -> Pair {
    let them = us.other();
    let occ = pos.occupied();
    let own = pos.player(us).0;
    let our_pawns = pos.pieces(us, Role::Pawn).0;
    let their_pawns = pos.pieces(them, Role::Pawn).0;
    let their_pawn_attacks = pawn_attacks_all(them, their_pawns);
    let their_king = pos.king(them);
    let their_king_zone = attacks::king_attacks(their_king).0 | 1u64 << their_king.0;

    let (mut material, mut placement, mut mobility, mut pieces) =
        (Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0));
    let (mut attackers, mut attack_weight) = (0, 0);
    for role in Role::ALL {
        let squares = pos.pieces(us, role);
        for sq in squares.squares() {
            material += MATERIAL[role.index()];
            placement += PST[role.index()][pst_index(us, sq)];
            if matches!(role, Role::Pawn | Role::King) {
                continue;
            }
            let reach = piece_attacks(role, sq, occ);
            let (weight, typical) = MOBILITY[role.index()];
            let count = (reach & !own & !their_pawn_attacks).count_ones() as i32;
            mobility += weight * (count - typical);
            let on_zone = (reach & their_king_zone).count_ones() as i32;
            if on_zone > 0 {
                attackers += 1;
                attack_weight += KING_ATTACK_WEIGHT[role.index()] * on_zone;
            }
            if role == Role::Rook {
                let file = file_bb(sq.0 % 8);
                if file & (our_pawns | their_pawns) == 0 {
                    pieces += ROOK_OPEN_FILE;
                } else if file & our_pawns == 0 {
                    pieces += ROOK_HALF_OPEN_FILE;
                }
            }
        }
    }
    if pos.pieces(us, Role::Bishop).0.count_ones() >= 2 {
        pieces += BISHOP_PAIR;
    }

    // Pawn structure and passed pawns.
    let (mut structure, mut passed) = (Pair(0, 0), Pair(0, 0));
    for file in 0..8u8 {
        let on_file = (our_pawns & file_bb(file)).count_ones() as i32;
        if on_file > 1 {
            structure += DOUBLED * (on_file - 1);
        }
        if on_file > 0 && our_pawns & adjacent_files(file) == 0 {
            structure += ISOLATED * on_file;
        }
    }
    for sq in pos.pieces(us, Role::Pawn).squares() {
        let file = sq.0 % 8;
        let blockers = ahead(us, sq, file_bb(file) | adjacent_files(file)) & their_pawns;
        // The front pawn of doubled pawns only: one passer per file.
        let own_in_front = ahead(us, sq, file_bb(file)) & our_pawns;
        if blockers == 0 && own_in_front == 0 {
            passed += PASSED[relative_rank(us, sq)];
        }
    }

    // King safety: our pieces bearing on their king's zone (two or more attackers make a
    // real attack), and, in the middlegame, the pawn shelter of our own king.
    let mut king_safety = Pair(0, 0);
    if attackers >= 2 {
        king_safety += Pair((attack_weight * attack_weight / 4).min(500), 0);
    }
    let king = pos.king(us);
    if relative_rank(us, king) <= 1 {
        let file = king.0 % 8;
        for f in file.saturating_sub(1)..=(file + 1).min(7) {
            let pawns_here = our_pawns & file_bb(f);
            let shelter = if pawns_here == 0 {
                SHELTER_OPEN_FILE
            } else if pawns_here & near_ranks(us, king, 1) != 0 {
                SHELTER_NEAR
            } else if pawns_here & near_ranks(us, king, 2) != 0 {
                SHELTER_FAR
            } else {
                0
            };
            king_safety += Pair(shelter, 0);
        }
    }

    let tempo = if pos.side_to_move() == us {
        TEMPO
    } else {
        Pair(0, 0)
    };
    trace.add(Term::Material, us, material);
    trace.add(Term::Placement, us, placement);
    trace.add(Term::Mobility, us, mobility);
    trace.add(Term::PawnStructure, us, structure);
    trace.add(Term::PassedPawns, us, passed);
    trace.add(Term::KingSafety, us, king_safety);
    trace.add(Term::Pieces, us, pieces);
    trace.add(Term::Tempo, us, tempo);
    material + placement + mobility + structure + passed + king_safety + pieces + tempo
}

/// The rank `n` ranks in front of `king` from `player`'s side, as a mask (empty off the board).
#[inline(always)]
fn near_ranks(player: Player, king: Square, n: u8) -> u64 {
    let rank = king.0 / 8;
    let target = match player {
        Player::White => rank + n,
        Player::Black => rank.wrapping_sub(n),
    };
    if target < 8 {
        0xffu64 << (8 * target)
    } else {
        0
    }
}

/// Whether null-move pruning is sound enough here: the side to move has a piece besides pawns
/// and king (with pawns alone, zugzwang is common) and is not in check.
pub fn null_move_safe(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let pieces = pos.player(us).0 & !pos.role(Role::Pawn).0 & !pos.role(Role::King).0;
    pieces != 0 && pos.checkers().0 == 0
}

/// The phase: 24 with all pieces, 0 with only kings and pawns.
fn phase(pos: &Position) -> i32 {
    Role::ALL
        .iter()
        .map(|r| PHASE[r.index()] * pos.role(*r).0.count_ones() as i32)
        .sum()
}

/// The evaluation from the side to move's point of view, every term reported to `trace`.
#[inline(always)]
pub fn score<T: Trace<Term>>(pos: &Position, trace: &mut T) -> i32 {
    let white = side(pos, Player::White, trace);
    let black = side(pos, Player::Black, trace);
    pos.side_to_move().sign() * taper(white - black, phase(pos))
}

/// Static evaluation from the side to move's point of view, in centipawns. Mobility and most
/// other terms count squares: compiled for POPCNT where the CPU has it.
pub fn evaluate(pos: &Position) -> i32 {
    crate::bitboard::with_popcnt(
        #[inline(always)]
        || score(pos, &mut NoTrace),
    )
}

/// The evaluation by terms, for `eval`.
pub fn breakdown(pos: &Position) -> Breakdown {
    let mut b = Breakdown {
        phase: phase(pos),
        ..Breakdown::default()
    };
    score(pos, &mut b);
    b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::START_FEN;

    fn eval(fen: &str) -> i32 {
        evaluate(&Position::from_fen(fen).unwrap())
    }

    /// The same position with colours swapped and the board mirrored.
    fn mirror(fen: &str) -> String {
        let f: Vec<&str> = fen.split(' ').collect();
        let board = crate::toys::mirror_placement(f[0]);
        let side = if f[1] == "w" { "b" } else { "w" };
        let castling: String = if f[2] == "-" {
            "-".into()
        } else {
            let mut c: Vec<char> = crate::toys::swap_case(f[2]).chars().collect();
            c.sort();
            c.into_iter().collect()
        };
        let ep = if f[3] == "-" {
            "-".to_string()
        } else {
            let b = f[3].as_bytes();
            format!("{}{}", b[0] as char, (b'1' + b'8' - b[1]) as char)
        };
        format!("{board} {side} {castling} {ep} {} {}", f[4], f[5])
    }

    const POSITIONS: [&str; 6] = [
        START_FEN,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "6k1/5ppp/8/8/8/8/1P3PPP/6K1 b - - 0 1",
        "2kr3r/ppp2ppp/2n5/8/8/2N5/PPP2PPP/2KR3R w - - 0 1",
    ];

    #[test]
    fn color_symmetric() {
        for fen in POSITIONS {
            assert_eq!(eval(fen), eval(&mirror(fen)), "{fen}");
        }
        // At the start only the tempo differs.
        assert_eq!(eval(START_FEN), taper(TEMPO, 24));
    }

    #[test]
    fn breakdown_adds_up_to_the_evaluation() {
        for fen in POSITIONS {
            let pos = Position::from_fen(fen).unwrap();
            let b = breakdown(&pos);
            let total = b.terms.iter().fold(Pair(0, 0), |acc, t| acc + t[0] - t[1]);
            assert_eq!(
                pos.side_to_move().sign() * b.taper(total),
                evaluate(&pos),
                "{fen}"
            );
        }
    }

    #[test]
    fn terms_point_the_right_way() {
        let term = |fen: &str, t: Term| {
            let b = breakdown(&Position::from_fen(fen).unwrap());
            let [w, bl] = b.terms[t as usize];
            b.taper(w) - b.taper(bl)
        };
        // Material: a white queen up.
        assert!(term("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", Term::Material) > 900);
        // Doubled and isolated pawns are a weakness.
        assert!(
            term(
                "4k3/4p3/3p1p2/8/8/2P5/2P5/4K3 w - - 0 1",
                Term::PawnStructure
            ) < 0
        );
        // A passed pawn on the seventh is worth more than one on the third.
        assert!(
            term("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", Term::PassedPawns)
                > term("4k3/8/8/8/8/P7/8/4K3 w - - 0 1", Term::PassedPawns)
        );
        // A centralised knight is more mobile than one in the corner.
        assert!(
            term("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", Term::Mobility)
                > term("4k3/8/8/8/8/8/8/N3K3 w - - 0 1", Term::Mobility)
        );
        // A castled king behind its pawns is safer than one with the files open (a middlegame
        // term: the queens keep the phase up).
        assert!(
            term("3qk3/8/8/8/8/8/5PPP/3Q2K1 w - - 0 1", Term::KingSafety)
                > term("3qk3/8/8/8/8/8/8/3Q2K1 w - - 0 1", Term::KingSafety)
        );
        // Queen and knight bearing on the black king's zone: an attack.
        assert!(
            term("6k1/5ppp/8/4N2Q/8/8/5PPP/6K1 w - - 0 1", Term::KingSafety)
                > term("6k1/5ppp/8/8/8/8/5PPP/N5KQ w - - 0 1", Term::KingSafety)
        );
        // The bishop pair.
        assert!(
            term("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", Term::Pieces)
                >= BISHOP_PAIR.0.min(BISHOP_PAIR.1)
        );
    }
}
