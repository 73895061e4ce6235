//! What Vanguard Chess shows beyond its rules: the evaluation's terms, bench positions, the
//! names of its 21 men, the board, and each ply's effects (rifle and Bowman shots, sweeps).

use super::piece::Role;
use super::{Move, MoveKind, Vanguard};
use crate::board_view::{BoardView, Cell, How, Man, PlyEffects};
use crate::describe::{Describe, DescribeBoard, EvalRow};
use crate::game::Game;
use crate::square::Board16;

impl DescribeBoard for Vanguard {
    fn bench_fens() -> &'static [&'static str] {
        &super::BENCH_FENS
    }

    fn bench_depth() -> u32 {
        6
    }

    fn piece_name(letter: char) -> Option<&'static str> {
        Role::from_letter(letter).map(Role::name)
    }

    fn board_view(&self) -> BoardView {
        BoardView::from_squares::<Board16>(self.to_move(), |sq| {
            self.piece_at(sq)
                .map(|p| Man::new(p.color(), p.role().letter(), p.role().name()))
        })
    }
}

impl Describe for Vanguard {
    /// The terms of the evaluation; it has no game phase, so middlegame and endgame agree.
    fn eval_rows(&self) -> Vec<EvalRow> {
        let b = self.breakdown();
        [
            ("material", b.material),
            ("placement", b.placement),
            ("royal safety", b.royal_safety),
        ]
        .into_iter()
        .map(|(term, [white, black])| EvalRow {
            term,
            white: [white, white],
            black: [black, black],
        })
        .collect()
    }

    /// A rifle shot leaves the Archer where it stands; a Bowman moves, then shoots.
    fn ply_effects(&self, mv: Move, after: &Self) -> PlyEffects {
        let (from, to, target) = (
            Cell::of::<Board16>(mv.from),
            Cell::of::<Board16>(mv.to),
            Cell::of::<Board16>(mv.shot),
        );
        let (moved, shot) = match mv.kind {
            MoveKind::Rifle => (None, Some((from, to))),
            MoveKind::Shot => (Some((from, to)), Some((to, target))),
            _ => (Some((from, to)), None),
        };
        let how = |at: Cell, _| match mv.kind {
            MoveKind::Sweep => How::Swept,
            MoveKind::Rifle => How::Shot,
            MoveKind::Shot if at == target => How::Shot,
            _ => How::Captured,
        };
        PlyEffects {
            shot,
            ..PlyEffects::between(&self.board_view(), &after.board_view(), moved, how)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameState;
    use crate::game::Player;

    #[test]
    fn a_rifle_shot_removes_its_target_and_the_archer_stays() {
        // A white Archer h8 shoots the black pawn f7 (a knight's offset away).
        let fen = "15k/16/16/16/16/16/16/16/7A8/5p10/16/16/16/16/16/K15 w - 0 1";
        let pos = <Vanguard as GameState>::from_fen(fen, &Default::default()).unwrap();
        let mv = pos.parse_move("h8xf7").unwrap();
        let e = pos.ply_effects(mv, &pos.play(mv));
        assert_eq!(e.moved, None);
        assert_eq!(e.shot, Some((Cell::new(7, 7), Cell::new(5, 6))));
        assert_eq!(e.removed.len(), 1);
        assert_eq!(
            (e.removed[0].at, e.removed[0].how),
            (Cell::new(5, 6), How::Shot)
        );
        assert_eq!(e.removed[0].man.colour, Player::Black);
        let view = pos.board_view();
        assert_eq!((view.files, view.ranks), (16, 16));
        assert_eq!(view.men_at(Cell::new(7, 7))[0].name, "Archer");
    }
}
