//! Exchanges in orthodox chess, for search: what a move captures, what it risks, and static
//! exchange evaluation (SEE) of the whole sequence of captures on its target square.

use super::eval::SEE_VALUES;
use crate::game::Player;
use crate::variants::chess::{Move, Position, Role};
use crate::Bb64;

/// Material `mv` wins at once: the captured piece, plus the promotion's gain.
#[inline]
pub fn capture_value(pos: &Position, mv: Move) -> i32 {
    let victim = if mv.is_en_passant() {
        SEE_VALUES[Role::Pawn.index()]
    } else if mv.is_capture() {
        pos.role_on(mv.to()).map_or(0, |r| SEE_VALUES[r.index()])
    } else {
        0
    };
    let promotion = mv
        .promotion_role()
        .map_or(0, |r| SEE_VALUES[r.index()] - SEE_VALUES[0]);
    victim + promotion
}

/// Value of the piece `mv` moves.
#[inline]
pub fn mover_value(pos: &Position, mv: Move) -> i32 {
    pos.role_on(mv.from()).map_or(0, |r| SEE_VALUES[r.index()])
}

/// Whether `mv` wins at least `threshold` once both sides have made every capture on its
/// target that pays (the swap algorithm: least valuable attacker first, x-rays uncovered by
/// recomputing attackers on the thinned board). Pins are ignored.
pub fn see_ge(pos: &Position, mv: Move, threshold: i32) -> bool {
    if mv.is_castle() || mv.promotion_role().is_some() {
        return threshold <= 0;
    }
    let (from, to) = (mv.from(), mv.to());
    let mut swap = capture_value(pos, mv) - threshold;
    if swap < 0 {
        return false;
    }
    swap = mover_value(pos, mv) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = pos.occupied().0 & !(1u64 << from.0);
    if mv.is_en_passant() {
        // The captured pawn stands beside the target, on the mover's rank.
        let captured = (from.0 & !7) | (to.0 & 7);
        occupied &= !(1u64 << captured);
    }
    let mut side = pos.side_to_move();
    let attackers_to = |occ: u64| {
        let o = Bb64(occ);
        (pos.attackers(to, Player::White, o).0 | pos.attackers(to, Player::Black, o).0) & occ
    };
    let mut attackers = attackers_to(occupied);
    // 1 while the side that moved first is ahead in the exchange.
    let mut result = true;
    loop {
        side = side.other();
        attackers &= occupied;
        let ours = attackers & pos.player(side).0;
        if ours == 0 {
            break;
        }
        result = !result;
        let Some(role) = Role::ALL.into_iter().find(|r| ours & pos.role(*r).0 != 0) else {
            break;
        };
        if role == Role::King {
            // The king may take last only: if the other side still attacks, it cannot.
            if attackers & pos.player(side.other()).0 != 0 {
                result = !result;
            }
            break;
        }
        swap = SEE_VALUES[role.index()] - swap;
        if swap < result as i32 {
            break;
        }
        let piece = ours & pos.role(role).0;
        occupied &= !(piece & piece.wrapping_neg());
        // Sliders behind the piece that just took now see the square.
        if matches!(role, Role::Pawn | Role::Bishop | Role::Rook | Role::Queen) {
            attackers = attackers_to(occupied);
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    fn see(fen: &str, mv: &str, threshold: i32) -> bool {
        let pos = Position::from_fen(fen).unwrap();
        let m = pos.parse_move(mv).unwrap();
        see_ge(&pos, m, threshold)
    }

    #[test]
    fn simple_exchanges() {
        // Pawn takes an undefended knight: +320.
        let fen = "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1";
        assert!(see(fen, "e4d5", 320) && !see(fen, "e4d5", 321));
        // Queen takes a pawn defended by a pawn: loses the queen.
        let fen = "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1";
        assert!(!see(fen, "d1d5", 0));
        // Rook takes a rook defended by a rook, our second rook behind: even trade plus.
        let fen = "3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1";
        assert!(see(fen, "d2d7", 0));
        // Knight takes a pawn defended by a bishop: loses two pawns' worth.
        let fen = "4k3/8/5b2/4p3/8/3N4/8/4K3 w - - 0 1";
        assert!(!see(fen, "d3e5", 0) && see(fen, "d3e5", -230));
        // A quiet move to a square a pawn attacks loses the piece.
        assert!(!see("4k3/8/8/8/4p3/8/8/3BK3 w - - 0 1", "d1f3", 0));
        assert!(see("4k3/8/8/8/8/8/8/3BK3 w - - 0 1", "d1f3", 0));
        // The king takes back only what is not defended.
        assert!(!see("8/8/3k4/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 0));
        assert!(see("8/8/3k4/3p4/8/5B2/8/3RK3 w - - 0 1", "d1d5", 100));
    }

    #[test]
    fn values_of_captures_and_promotions() {
        let pos = Position::from_fen("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let m = pos.parse_move("b7a8q").unwrap();
        assert_eq!(capture_value(&pos, m), 500 + 950 - 100);
        assert_eq!(mover_value(&pos, m), 100);
        // En passant captures a pawn.
        let pos = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
        let m = pos.parse_move("e5d6").unwrap();
        assert_eq!(capture_value(&pos, m), 100);
        assert!(see_ge(&pos, m, 100));
    }
}
