//! What Lene Hau Chess shows beyond its rules: bench positions, the PGN name, the board with its
//! stacks and travellers, and each turn's effects (arrivals, the pieces it set under way).

use super::{LeneHau, Move, Piece, State};
use crate::board_view::{BoardView, Cell, How, Man, PlyEffects, Traveller};
use crate::describe::{orthodox_piece_name, Describe, DescribeBoard};
use crate::square::{Board8, Square};

fn cell(sq: Square) -> Cell {
    Cell::of::<Board8>(sq)
}

fn man(p: &Piece) -> Man {
    let letter = p.role.letter();
    Man::new(p.color, letter, orthodox_piece_name(letter).unwrap_or("?"))
}

impl DescribeBoard for LeneHau {
    fn bench_fens() -> &'static [&'static str] {
        &super::BENCH_FENS
    }

    fn pgn_name(_: &'static str, _: &Self::Options) -> &'static str {
        "Lene Hau"
    }

    /// Standing pieces on their squares (a stack White first, then by role, as FEN orders its
    /// letters), travellers on the square they have reached.
    fn board_view(&self) -> BoardView {
        let mut view = BoardView::new(8, 8, self.side());
        let mut pieces: Vec<&Piece> = self.pieces().iter().collect();
        pieces.sort_by_key(|p| (p.sq, p.color.index(), p.role));
        for p in pieces {
            match p.state {
                State::Standing => view.put(cell(p.sq), man(p)),
                State::Travelling | State::Committed => view.travellers.push(Traveller {
                    man: man(p),
                    at: cell(p.sq),
                    to: cell(p.dst),
                    committed: p.state == State::Committed,
                }),
            }
        }
        view
    }
}

impl Describe for LeneHau {
    /// A turn's arrivals remove the enemy men where they land (also a pass's: the turn's
    /// travellers arrive): on the order's own destination the order captured; behind it, en
    /// passant; elsewhere an earlier order arrived.
    fn ply_effects(&self, mv: Move, after: &Self) -> PlyEffects {
        let before = self.board_view();
        let later = after.board_view();
        let to = (!mv.is_pass()).then(|| cell(mv.to));
        let how = |at: Cell, m: Man| match to {
            Some(t) if t == at => How::Captured,
            Some(t) if m.letter == 'P' && t.file == at.file && t.distance(at) == 1 => {
                How::EnPassant
            }
            _ => How::Arrival,
        };
        let under_way = later
            .travellers
            .iter()
            .filter(|t| {
                !before
                    .travellers
                    .iter()
                    .any(|b| b.man == t.man && b.to == t.to)
            })
            .copied()
            .collect();
        PlyEffects {
            under_way,
            ..PlyEffects::between(&before, &later, to.map(|t| (cell(mv.from), t)), how)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameState;
    use crate::game::{Game, Player};

    fn play(fen: &str, order: &str) -> (LeneHau, PlyEffects) {
        let pos = <LeneHau as GameState>::from_fen(fen, &Default::default()).unwrap();
        let mv = pos.parse_move(order).unwrap();
        let after = pos.play(mv);
        let e = pos.ply_effects(mv, &after);
        (after, e)
    }

    #[test]
    fn stacks_and_travellers_are_shown() {
        let fen = "4k3/8/8/8/8/5[NP]2/8/4K2R w K - 0 1 -";
        let view = <LeneHau as GameState>::from_fen(fen, &Default::default())
            .unwrap()
            .board_view();
        let f3: Vec<char> = view
            .men_at(Cell::new(5, 2))
            .iter()
            .map(|m| m.fen_letter())
            .collect();
        assert_eq!(f3, ['N', 'P']);
        assert!(view.travellers.is_empty());
        // A rook ordered a1-a8 travels: the board shows it under way, going to a8.
        let (after, e) = play("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 -", "a1a8");
        assert_eq!(e.moved, Some((Cell::new(0, 0), Cell::new(0, 7))));
        let view = after.board_view();
        assert_eq!(view.travellers.len(), 1);
        assert_eq!(view.travellers[0].to, Cell::new(0, 7));
        assert_eq!(view.travellers[0].man.letter, 'R');
        assert_eq!(e.under_way, view.travellers);
    }

    #[test]
    fn arrivals_say_what_they_removed() {
        // Rules §11 Example 4: the king steps and the rook arrives on d5, removing the knight
        // and the pawn standing there but not the bishop travelling through.
        let (_, e) = play("4k3/8/8/3[np]4/8/8/8/4K3 w - - 0 1 Rd4>d5,bd5>b3", "e1e2");
        let removed = crate::board_view::Removed::brief(&e.removed);
        assert_eq!(
            removed,
            [
                ("d5".into(), 'n', How::Arrival),
                ("d5".into(), 'p', How::Arrival)
            ]
        );
        // Example 9: en passant removes the pawn behind the destination.
        let (_, e) = play("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1 -", "d4e3");
        assert_eq!(e.removed.len(), 1);
        assert_eq!(
            (e.removed[0].at.to_string(), e.removed[0].how),
            ("e4".into(), How::EnPassant)
        );
        assert_eq!(e.removed[0].man.colour, Player::White);
    }
}
