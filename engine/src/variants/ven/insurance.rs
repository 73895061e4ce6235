//! Insurance orders: the orders of a side that the root's first matrix game must hold whatever
//! the serialized search thinks of them, because they answer what the opponent may write at
//! the same moment. A serialized search in which the side writes first never sees the value of
//! a vengeance order (the opponent, knowing it, just does not capture) nor of running from a
//! threat that the opponent might not carry out; in the matrix game both can be worth mixing.

use super::orders::OrderList;
use super::position::Ven;
use crate::bitboard::Bitboard;
use crate::game::Player;
use crate::variants::chess::Role;

/// Insurance orders at most, per side.
const MAX_INSURANCE: usize = 6;

const fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

impl Ven {
    /// Appends `side`'s insurance orders: its vengeance orders on its most valuable threatened
    /// pieces, then moves of its most valuable attacked pieces (one per piece, the first the
    /// generator lists), most valuable first; at most [`MAX_INSURANCE`].
    pub(super) fn insurance_into(&self, side: Player, out: &mut OrderList) {
        let mut all = OrderList::new();
        self.orders_into(side, &mut all);
        let worth = |sq| self.board.role_on(sq).map_or(0, value);
        let mut picks: Vec<(i32, bool, super::Order)> = Vec::new();
        for &o in all.iter() {
            if o.is_vengeance() {
                picks.push((worth(o.to()), true, o));
            }
        }
        let occupied = self.board.occupied();
        let attacked = |sq| self.board.attackers(sq, side.other(), occupied).any();
        let mut moved = crate::bitboard::Bb64(0);
        for &o in all.iter() {
            let from = o.from();
            if o.is_vengeance() || moved.has(from) || !attacked(from) {
                continue;
            }
            if self.board.role_on(from) == Some(Role::King) {
                continue;
            }
            moved |= crate::bitboard::Bb64(1 << from.0);
            picks.push((worth(from), false, o));
        }
        // Vengeance before running, at equal value: it keeps the piece where it works.
        picks.sort_by_key(|(v, veng, _)| (-v, !veng));
        for (_, _, o) in picks.into_iter().take(MAX_INSURANCE) {
            out.push(o);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simultaneous::SimultaneousGame;

    fn insurance(fen: &str, side: Player) -> Vec<String> {
        let pos = Ven::from_fen(fen).unwrap();
        let mut out = OrderList::new();
        pos.insurance_orders(side, &mut out);
        out.iter().map(|o| o.to_string()).collect()
    }

    #[test]
    fn vengeance_on_threatened_pieces_and_runs_of_attacked_ones() {
        // ven.md §7, Figs. 2-3: e5 is threatened by Nxe5 and avenged from d6; the e5 pawn is
        // attacked but blocked. White has nothing attacked.
        let fen = "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3";
        assert_eq!(insurance(fen, Player::Black), ["d6e5v"]);
        assert!(insurance(fen, Player::White).is_empty());
        // The queen attacked by a pawn runs first (its most valuable piece), then the knight
        // attacked by the other pawn; both have vengeance too where defended.
        let fen = "4k3/8/8/8/2p1p3/3Q1N2/8/4K3 w - - 0 1";
        let w = insurance(fen, Player::White);
        assert!(w[0].starts_with("d3"), "{w:?}");
        assert!(
            w.iter().any(|o| o.starts_with("f3") && !o.ends_with('v')),
            "{w:?}"
        );
        assert!(w.len() <= MAX_INSURANCE);
    }

    #[test]
    fn rounds_interact_where_a_side_can_capture_or_avenge() {
        let quiet = Ven::start();
        assert!(!quiet.may_interact());
        let threats =
            Ven::from_fen("rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3")
                .unwrap();
        assert!(threats.may_interact());
    }
}
