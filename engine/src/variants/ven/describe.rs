//! What Ven shows beyond its contract: the PGN tag, bench positions, the board at the start of a
//! round, and what a round did: each order with its result code and where its man stopped, and
//! the men it removed, vengeance included (followed order by order, as §5 resolves them, since
//! a capturer avenged on its square was never there before the round).

use super::{Code, Order, Report, Ven};
use crate::board_view::{BoardView, Cell, How, Man, OrderEffect, RoundEffects};
use crate::describe::{DescribeBoard, DescribeRounds};
use crate::game::Player;
use crate::simultaneous::SimultaneousGame;
use crate::square::Board8;
use crate::variants::chess::describe::{chess_view, man};

/// Where the man of an order with `code` stopped.
fn stop(from: Cell, to: Cell, code: Code) -> Cell {
    match code {
        Code::Blk(sq) => Cell::of::<Board8>(sq),
        Code::Short => Cell::new(from.file, (from.rank + to.rank) / 2),
        _ => to,
    }
}

impl DescribeBoard for Ven {
    fn pgn_name(_: &'static str, _: &Self::Options) -> &'static str {
        "Ven"
    }

    /// Payoff rounds: each is a whole serialized search below.
    fn bench_depth() -> u32 {
        2
    }

    fn bench_fens() -> &'static [&'static str] {
        &super::BENCH_FENS
    }

    fn board_view(&self) -> BoardView {
        let mut view = chess_view(self.board(), self.first_mover());
        view.notes.push(format!(
            "round {}: {} carries out first",
            self.round(),
            self.first_mover()
        ));
        view
    }
}

impl DescribeRounds for Ven {
    fn round_effects(
        &self,
        white: Order,
        black: Order,
        after: &Ven,
        report: &Report,
    ) -> RoundEffects {
        let orders: Vec<OrderEffect> = [(Player::White, white), (Player::Black, black)]
            .into_iter()
            .map(|(side, o)| {
                let (from, to) = (Cell::of::<Board8>(o.from()), Cell::of::<Board8>(o.to()));
                let code = report.code(side);
                OrderEffect {
                    side,
                    text: self.format_order(o),
                    from,
                    to,
                    stop: stop(from, to, code),
                    code: code.to_string(),
                    void: code.is_void(),
                    vengeance: o.is_vengeance(),
                    fired: code == Code::Fired,
                }
            })
            .collect();
        // The board, followed through the round: the first mover's chess order, the second's,
        // then vengeance (§5).
        let mut board: Vec<Option<Man>> = vec![None; 64];
        let at = |c: Cell| usize::from(c.rank) * 8 + usize::from(c.file);
        for sq in (0..64).map(crate::square::Square::new) {
            board[sq.index()] = self.piece_on(sq).map(man);
        }
        let first = self.first_mover();
        let mut removed = Vec::new();
        let sequence = [first, first.other()]
            .map(|side| (&orders[side.index()], false))
            .into_iter()
            .chain([first, first.other()].map(|side| (&orders[side.index()], true)));
        for (o, vengeance_phase) in sequence {
            if o.void || o.vengeance != vengeance_phase || (o.vengeance && !o.fired) {
                continue;
            }
            let Some(mover) = board[at(o.from)].take() else {
                continue;
            };
            let how = if o.vengeance {
                How::Vengeance
            } else {
                How::Captured
            };
            match board[at(o.stop)] {
                Some(victim) if victim.colour != o.side => {
                    removed.push(crate::board_view::Removed {
                        at: o.stop,
                        man: victim,
                        how,
                    })
                }
                // A pawn's diagonal step to an empty square: en passant, the pawn beside.
                None if mover.letter == 'P' && o.from.file != o.stop.file => {
                    let beside = Cell::new(o.stop.file, o.from.rank);
                    if let Some(victim) = board[at(beside)].take() {
                        removed.push(crate::board_view::Removed {
                            at: beside,
                            man: victim,
                            how: How::EnPassant,
                        });
                    }
                }
                _ => {}
            }
            // Castling: the rook goes beside the king.
            if mover.letter == 'K' && o.from.file.abs_diff(o.stop.file) == 2 {
                let (corner, beside) = if o.stop.file > o.from.file {
                    (7, 5)
                } else {
                    (0, 3)
                };
                let rook = board[at(Cell::new(corner, o.from.rank))].take();
                board[at(Cell::new(beside, o.from.rank))] = rook;
            }
            // A promotion: the man the round left there.
            let landed = after
                .piece_on(crate::square::Square::new(at(o.stop) as u8))
                .map(man)
                .filter(|m| m.colour == mover.colour)
                .unwrap_or(mover);
            board[at(o.stop)] = Some(landed);
        }
        RoundEffects {
            orders,
            removed,
            checks: Player::BOTH
                .into_iter()
                .filter(|&p| report.in_check(p))
                .collect(),
            report: report.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameState;

    fn round(fen: &str, white: &str, black: &str) -> RoundEffects {
        let pos = <Ven as GameState>::from_fen(fen, &Default::default()).unwrap();
        let (w, b) = (
            pos.parse_order(Player::White, white).unwrap(),
            pos.parse_order(Player::Black, black).unwrap(),
        );
        let (after, report) = pos.resolve_with_report(w, b);
        pos.round_effects(w, b, &after, &report)
    }

    #[test]
    fn vengeance_takes_the_capturer_on_its_square() {
        // White's knight f3 takes the pawn e5; Black's pawn d6 avenges e5.
        let e = round("7k/8/3p4/4p3/8/5N2/8/K7 w - - 0 1", "f3e5", "d6e5v");
        assert_eq!(e.report, "ok fired -");
        assert!(e.orders[1].vengeance && e.orders[1].fired);
        let removed = crate::board_view::Removed::brief(&e.removed);
        assert_eq!(
            removed,
            [
                ("e5".into(), 'p', How::Captured),
                ("e5".into(), 'N', How::Vengeance)
            ]
        );
    }

    #[test]
    fn a_void_order_removes_nothing_of_its_own() {
        // White takes the knight a8 that Black ordered to b6: Black's order is void.
        let e = round("n6k/8/8/8/8/8/8/R6K w - - 0 1", "a1a8", "a8b6");
        assert_eq!(e.report, "ok void:cap B");
        assert!(e.orders[1].void && !e.orders[0].void);
        assert_eq!(e.orders[0].stop, Cell::new(0, 7));
        assert_eq!(e.removed.len(), 1);
        assert_eq!(
            (e.removed[0].at, e.removed[0].how),
            (Cell::new(0, 7), How::Captured)
        );
        assert_eq!(e.checks, [Player::Black]);
        let view =
            <Ven as GameState>::from_fen("n6k/8/8/8/8/8/8/R6K w - - 0 1", &Default::default())
                .unwrap()
                .board_view();
        assert_eq!(view.men().count(), 4);
        assert_eq!(view.notes, ["round 1: white carries out first"]);
    }
}
