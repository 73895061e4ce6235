//! A simple evaluation of orthodox chess: material plus piece-square bonuses, tapered between
//! middlegame and endgame by the material left. A starting point for the search; the tables
//! are formulas (centralisation, advancement, king shelter), not tuned values.

use crate::bitboard::Bitboard;
use crate::game::Player;
use crate::square::Square;
use crate::variants::chess::{Position, Role};

/// Material in centipawns, by role (the king's is never counted).
pub const PIECE_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Game phase weight of each role: 24 at the start, 0 with only kings and pawns.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const MAX_PHASE: i32 = 24;

/// Distance from the centre: 0 on d4/e4/d5/e5, 3 in the corners.
const fn centre_distance(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    if df > dr {
        df
    } else {
        dr
    }
}

/// Bonus of a White `role` on `sq` (Black mirrors the rank), middlegame and endgame.
const fn square_bonus(role: usize, sq: usize) -> (i32, i32) {
    let c = centre_distance(sq);
    let rank = (sq / 8) as i32;
    let file = (sq % 8) as i32;
    match role {
        0 => {
            let central = if file == 3 || file == 4 { 10 } else { 0 };
            let adv = if rank >= 1 { rank - 1 } else { 0 };
            (adv * 5 + central * (rank >= 3) as i32, adv * 12)
        }
        1 => (-10 * c + 10, -8 * c + 8),
        2 => (-5 * c + 5, -5 * c + 5),
        3 => (
            if rank == 6 { 20 } else { 0 } + if file == 3 || file == 4 { 5 } else { 0 },
            0,
        ),
        4 => (-2 * c, -5 * c + 5),
        _ => {
            let shelter = if rank == 0 && (file <= 2 || file >= 6) {
                20
            } else {
                0
            };
            (shelter - 15 * rank, -10 * c + 10)
        }
    }
}

struct Tables {
    mg: [[i32; 64]; 6],
    eg: [[i32; 64]; 6],
}

const TABLES: Tables = {
    let mut t = Tables {
        mg: [[0; 64]; 6],
        eg: [[0; 64]; 6],
    };
    let mut role = 0;
    while role < 6 {
        let mut sq = 0;
        while sq < 64 {
            let (mg, eg) = square_bonus(role, sq);
            t.mg[role][sq] = mg + PIECE_VALUES[role];
            t.eg[role][sq] = eg + PIECE_VALUES[role];
            sq += 1;
        }
        role += 1;
    }
    t
};

/// Static evaluation from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let (mut mg, mut eg, mut phase) = (0, 0, 0);
    for player in Player::BOTH {
        for role in Role::ALL {
            for sq in pos.pieces(player, role).squares() {
                let s = match player {
                    Player::White => sq.index(),
                    Player::Black => Square(sq.0 ^ 56).index(),
                };
                mg += player.sign() * TABLES.mg[role.index()][s];
                eg += player.sign() * TABLES.eg[role.index()][s];
                phase += PHASE[role.index()];
            }
        }
    }
    let phase = phase.min(MAX_PHASE);
    let score = (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
    pos.side_to_move().sign() * score
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        evaluate(&Position::from_fen(fen).unwrap())
    }

    #[test]
    fn start_position_is_balanced_and_symmetric() {
        assert_eq!(eval(crate::variants::chess::START_FEN), 0);
        // Mirrored positions score the same for the side to move.
        let a = eval("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let b = eval("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(a, b);
    }

    #[test]
    fn material_counts_for_the_side_to_move() {
        let white_up_a_queen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
        assert!(eval(white_up_a_queen) > 800);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -800);
        // A knight in the corner is worth less than a centralised one.
        assert!(eval("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1") > eval("4k3/8/8/8/8/8/8/N3K3 w - - 0 1"));
    }
}
