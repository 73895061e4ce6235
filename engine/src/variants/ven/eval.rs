//! Ven's evaluation: chess's on each side's view of the board (its own en passant square, its
//! castling rights), averaged so chess's tempo term (which means nothing when both sides write
//! at once) cancels. The weights are Ven's own file in chess's layout (`weights.txt`), so
//! `chimera tune --variant ven` fits them to Ven's games.

use super::Ven;
use crate::eval::tapered::Pair;
use crate::eval::weights::{self, Features, Tunable};
use crate::game::Player;
use crate::variants::chess::eval::{self as chess_eval, score_with};
use std::cell::Cell;

/// The weights, from `weights.txt` (chess's names and order), read at compile time.
pub static WEIGHTS: chess_eval::Weights = weights::parse(include_str!("weights.txt"));

/// Entries of each search thread's cache of evaluations (a power of two).
const CACHED: usize = 1 << 13;

thread_local! {
    /// Evaluations by the pieces' key. The sequential view evaluates a round's board once for
    /// each order the first writer tries (the second writer's nodes), and the board does not
    /// change until the round resolves: most evaluations repeat one just made.
    static CACHE: [Cell<(u64, i32)>; CACHED] = const { [const { Cell::new((0, 0)) }; CACHED] };
}

impl Ven {
    /// The evaluation from White's side, in centipawns: the mean of the two views', in one
    /// pass (the views differ only in the side to move, and in rights and en passant squares
    /// that the evaluation does not read), through the thread's cache.
    pub(super) fn evaluate(&self) -> i32 {
        // Only the pieces count: the key of the board alone (0 marks an empty entry).
        let key = self.board.key() | 1;
        CACHE.with(|cache| {
            let entry = &cache[key as usize % CACHED];
            match entry.get() {
                (k, eval) if k == key => eval,
                _ => {
                    let eval = chess_eval::mean_of_both_to_move(&self.board, &WEIGHTS);
                    entry.set((key, eval));
                    eval
                }
            }
        })
    }
}

impl Tunable for Ven {
    const WEIGHTS_FILE: &'static str = "engine/src/variants/ven/weights.txt";
    /// The mean of the two views: `features` adds both views' counts.
    const VIEWS: i32 = 2;
    fn weights() -> &'static [Pair] {
        &WEIGHTS
    }
    fn weight_names() -> Vec<String> {
        chess_eval::weight_names()
    }
    fn features(&self, features: &mut Features) -> i32 {
        let views = Player::BOTH.map(|side| self.view(side));
        for view in &views {
            score_with(view, &WEIGHTS, features);
        }
        chess_eval::phase(&views[0])
    }
    fn white_eval(&self) -> i32 {
        self.evaluate()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tapered::MAX_PHASE;
    use crate::variants::chess::eval::evaluate_with;
    use crate::variants::chess::Position;

    const BOARD: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R";

    /// Chess's evaluation of `BOARD` under `weights`, White's side, averaged over the two sides
    /// to move so its tempo cancels.
    fn chess(weights: &chess_eval::Weights) -> i32 {
        let to_move = |c| Position::from_fen(&format!("{BOARD} {c} KQkq - 2 3")).unwrap();
        (evaluate_with(&to_move("w"), weights) - evaluate_with(&to_move("b"), weights)) / 2
    }

    #[test]
    fn the_evaluation_is_chess_s_on_both_views_with_ven_s_own_weights() {
        use crate::simultaneous::SimultaneousGame;
        let ven = Ven::from_fen(&format!("{BOARD} w KQkq - 2 3")).unwrap();
        assert_eq!(ven.evaluate_for_white(), chess(&WEIGHTS));
        // Not chess's fitted weights (a distinct table, whatever it holds today).
        assert!(!std::ptr::eq(&WEIGHTS, &chess_eval::WEIGHTS));
    }

    /// The one-pass mean is the two views' evaluations averaged, to the centipawn, along games
    /// that reach threats, checks, promotions and endings; and so is what the cache gives back
    /// when the positions come again (some of them sharing an entry with others).
    #[test]
    fn the_one_pass_evaluation_is_the_mean_of_the_two_views() {
        use crate::simultaneous::SimultaneousGame;
        use crate::variants::ven::OrderList;
        let two_views = |p: &Ven| {
            let white = evaluate_with(&p.view(Player::White), &WEIGHTS);
            let black = evaluate_with(&p.view(Player::Black), &WEIGHTS);
            (white - black) / 2
        };
        let mut seen = Vec::new();
        for game in 0..20usize {
            let mut p = Ven::start();
            for round in 0..120usize {
                assert_eq!(p.evaluate(), two_views(&p), "{}", p.fen());
                seen.push(p);
                let [mut white, mut black] = [OrderList::new(), OrderList::new()];
                p.orders(Player::White, &mut white);
                p.orders(Player::Black, &mut black);
                if white.is_empty() || black.is_empty() {
                    break;
                }
                let pick =
                    |list: &OrderList, k: usize| list[(game * 31 + round * 17 + k) % list.len()];
                p = p.resolve(pick(&white, 0), pick(&black, 5));
            }
        }
        assert!(seen.len() > 1000, "{}", seen.len());
        for p in seen {
            assert_eq!(p.evaluate(), two_views(&p), "again: {}", p.fen());
        }
    }

    #[test]
    fn the_weights_file_names_chess_s_weights_in_order() {
        assert_eq!(
            weights::names(include_str!("weights.txt")),
            chess_eval::weight_names()
        );
    }

    /// The tuner's view: the two views' counts, halved, give the evaluation (to the rounding of
    /// its halving), and the tempo cancels.
    #[test]
    fn features_reproduce_the_evaluation() {
        let fens = [
            format!("{BOARD} w KQkq - 2 3"),
            "r6r/ppppnkp1/8/2n1p3/5Rp1/2PP4/PPK3q1/8 b - - 0 24".to_string(),
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 40".to_string(),
        ];
        for fen in fens {
            let pos = Ven::from_fen(&fen).unwrap();
            let mut f = Features::new(WEIGHTS.len());
            let phase = pos.features(&mut f);
            assert_eq!(f.coef[chess_eval::TEMPO], 0, "{fen}");
            let sum = (f.coef.iter().zip(WEIGHTS.iter())).fold(Pair(0, 0), |a, (&c, &w)| a + w * c);
            let (mg, eg) = (sum.0 as f64, sum.1 as f64);
            let p = phase as f64 / MAX_PHASE as f64;
            let linear = (mg * p + eg * (1.0 - p)) / Ven::VIEWS as f64;
            assert!((linear - pos.white_eval() as f64).abs() <= 1.0, "{fen}");
        }
    }
}
