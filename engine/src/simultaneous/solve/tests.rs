//! Known games worked by hand, the exact solver against its own dual on random games, RM+
//! against the exact solver, and the edges (degenerate, tiny, non-finite, malformed input).

use super::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

const TOL: f64 = 1e-9;

fn m(rows: &[&[f64]]) -> Matrix {
    Matrix::from_rows(rows).unwrap()
}

fn assert_close(a: &[f64], b: &[f64], tol: f64) {
    assert_eq!(a.len(), b.len(), "{a:?} vs {b:?}");
    for (x, y) in a.iter().zip(b) {
        assert!((x - y).abs() <= tol, "{a:?} vs {b:?}");
    }
}

/// A probability vector of the right length, a Nash gap under `tol`, and a value equal to both
/// best-response values.
fn assert_equilibrium(g: &Matrix, s: &Solution, tol: f64) {
    for (strategy, len) in [(&s.row, g.rows()), (&s.col, g.cols())] {
        assert_eq!(strategy.len(), len);
        assert!(
            strategy.iter().all(|&p| (0.0..=1.0).contains(&p)),
            "{strategy:?}"
        );
        assert!(
            (strategy.iter().sum::<f64>() - 1.0).abs() < 1e-12,
            "{strategy:?}"
        );
    }
    let gap = s.exploitability(g);
    assert!(gap.abs() <= tol, "gap {gap} in {g:?}: {s:?}");
    assert!((best_row_response(g, &s.col).1 - s.value).abs() <= tol);
    assert!((best_col_response(g, &s.row).1 - s.value).abs() <= tol);
}

pub(super) fn random_matrix(rng: &mut SmallRng, rows: usize, cols: usize, levels: u32) -> Matrix {
    // `levels` > 0 draws from {0, 1/levels, ..., 1}: ties and degenerate vertices galore.
    Matrix::from_fn(rows, cols, |_, _| {
        if levels == 0 {
            rng.random::<f64>()
        } else {
            f64::from(rng.random_range(0..=levels)) / f64::from(levels)
        }
    })
    .unwrap()
}

#[test]
fn matching_pennies() {
    let g = m(&[&[1.0, 0.0], &[0.0, 1.0]]);
    let s = solve_exact(&g);
    assert_equilibrium(&g, &s, TOL);
    assert_close(&s.row, &[0.5, 0.5], TOL);
    assert_close(&s.col, &[0.5, 0.5], TOL);
    assert!((s.value - 0.5).abs() < TOL);
    assert_eq!(pure_saddle_point(&g), None);
}

#[test]
fn rock_paper_scissors() {
    // Rows and columns: rock, paper, scissors; a win scores 1, a draw 0.5.
    let g = m(&[&[0.5, 0.0, 1.0], &[1.0, 0.5, 0.0], &[0.0, 1.0, 0.5]]);
    let s = solve_exact(&g);
    assert_equilibrium(&g, &s, TOL);
    let third = 1.0 / 3.0;
    assert_close(&s.row, &[third; 3], TOL);
    assert_close(&s.col, &[third; 3], TOL);
    assert!((s.value - 0.5).abs() < TOL);
}

#[test]
fn saddle_point_2x2() {
    // Row minima 0.6, 0.3 (maximin 0.6, row 0); column maxima 0.6, 0.9 (minimax 0.6, column 0).
    let g = m(&[&[0.6, 0.7], &[0.3, 0.9]]);
    assert_eq!(pure_saddle_point(&g), Some((0, 0)));
    let s = solve_exact(&g);
    assert_eq!(
        (s.row.as_slice(), s.col.as_slice(), s.value),
        (&[1.0, 0.0][..], &[1.0, 0.0][..], 0.6)
    );
    assert_eq!(s.exploitability(&g), 0.0);
}

#[test]
fn mixed_2x3_by_hand() {
    // Rows (1, 0, 0.6) and (0.2, 0.8, 0.7). The row player plays (p, 1 - p) and scores
    // 0.2 + 0.8p against column 0, 0.8 - 0.8p against column 1 and 0.7 - 0.1p against column 2.
    // The lower envelope peaks where the first two cross: p = 3/8, value 0.5, column 2 then
    // giving 0.6625 (so the column player never plays it). Against (q, 1 - q, 0) the rows score
    // q and 0.8 - 0.6q, equal at q = 1/2.
    let g = m(&[&[1.0, 0.0, 0.6], &[0.2, 0.8, 0.7]]);
    let s = solve_exact(&g);
    assert_equilibrium(&g, &s, TOL);
    assert_close(&s.row, &[0.375, 0.625], TOL);
    assert_close(&s.col, &[0.5, 0.5, 0.0], TOL);
    assert!((s.value - 0.5).abs() < TOL);
}

#[test]
fn mixed_3x2_by_hand() {
    // Columns (0.9, 0.4, 0.5) and (0.3, 0.6, 0.35). Against (q, 1 - q) the rows score
    // 0.3 + 0.6q, 0.6 - 0.2q and 0.35 + 0.15q; the upper envelope is lowest where the first two
    // cross, q = 3/8, value 0.525 (row 2 then scores 0.40625 and is never played). Against
    // (p, 1 - p, 0) the columns give 0.4 + 0.5p and 0.6 - 0.3p, equal at p = 1/4.
    let g = m(&[&[0.9, 0.3], &[0.4, 0.6], &[0.5, 0.35]]);
    let s = solve_exact(&g);
    assert_equilibrium(&g, &s, TOL);
    assert_close(&s.row, &[0.25, 0.75, 0.0], TOL);
    assert_close(&s.col, &[0.375, 0.625], TOL);
    assert!((s.value - 0.525).abs() < TOL);
}

#[test]
fn dominated_strategies_get_nothing() {
    // Matching pennies in the corner; row 2 is dominated by row 0 and column 2 by column 0,
    // and each scores strictly worse against the other side's unique optimum (0.5, 0.5, 0).
    let g = m(&[&[1.0, 0.0, 1.0], &[0.0, 1.0, 1.0], &[0.0, 0.0, 0.5]]);
    let s = solve_exact(&g);
    assert_equilibrium(&g, &s, TOL);
    assert_close(&s.row, &[0.5, 0.5, 0.0], TOL);
    assert_close(&s.col, &[0.5, 0.5, 0.0], TOL);
}

#[test]
fn constant_matrix() {
    let g = Matrix::new(4, 3, 0.25).unwrap();
    let s = solve_exact(&g);
    assert_equilibrium(&g, &s, 0.0);
    assert_eq!(s.value, 0.25);
    let r = solve_rm_plus(&g, RmPlusLimit::gap(1e-6, 1000));
    assert_eq!(
        (r.row, r.col, r.value),
        (vec![0.25; 4], vec![1.0 / 3.0; 3], 0.25)
    );
}

#[test]
fn one_by_one_one_by_n_n_by_one() {
    let g = m(&[&[0.7]]);
    assert_eq!(
        solve_exact(&g),
        Solution {
            row: vec![1.0],
            col: vec![1.0],
            value: 0.7
        }
    );

    // One row: the column player takes the smallest entry (the first of the tied minima).
    let g = m(&[&[0.4, 0.2, 0.9, 0.2]]);
    let s = solve_exact(&g);
    assert_eq!(
        (s.col.as_slice(), s.value),
        (&[0.0, 1.0, 0.0, 0.0][..], 0.2)
    );
    assert_equilibrium(&g, &s, 0.0);

    // One column: the row player takes the largest.
    let g = m(&[&[0.4], &[0.8], &[0.1]]);
    let s = solve_exact(&g);
    assert_eq!((s.row.as_slice(), s.value), (&[0.0, 1.0, 0.0][..], 0.8));
    assert_equilibrium(&g, &s, 0.0);
}

#[test]
fn exact_against_its_dual_on_random_games() {
    let mut rng = SmallRng::seed_from_u64(0x5eed);
    for case in 0..400 {
        let (rows, cols) = (rng.random_range(1..=30), rng.random_range(1..=30));
        let levels = [0, 0, 2, 4][case % 4];
        let g = random_matrix(&mut rng, rows, cols, levels);
        let s = solve_exact(&g);
        assert_equilibrium(&g, &s, TOL);
        // The column player's game, in which it maximises its own score 1 - a.
        let h = Matrix::from_fn(cols, rows, |j, i| 1.0 - g.get(i, j).unwrap()).unwrap();
        let t = solve_exact(&h);
        assert_equilibrium(&h, &t, TOL);
        assert!(
            (t.value - (1.0 - s.value)).abs() < TOL,
            "{} vs {}",
            t.value,
            s.value
        );
    }
}

#[test]
fn near_constant_games_are_solved_on_their_own_scale() {
    // Payoffs 0.5 +- 1e-12: the gap is judged relative to the spread, so the simplex answers
    // (rather than a long regret-matching fallback) and is exact there.
    let mut rng = SmallRng::seed_from_u64(8);
    for _ in 0..20 {
        let base = random_matrix(&mut rng, 15, 11, 0);
        let g = Matrix::from_fn(15, 11, |i, j| 0.5 + 1e-12 * base.get(i, j).unwrap()).unwrap();
        let s = solve_exact(&g);
        let unit = g.to_unit(g.scale());
        assert!(exploitability(&unit, &s.row, &s.col) < TOL);
        assert!((s.value - 0.5).abs() <= 1e-12);
    }
}

#[test]
fn exact_on_the_largest_root_games() {
    // 60x60 is the largest matrix the root builds; rectangular and coarse (degenerate) too.
    let mut rng = SmallRng::seed_from_u64(60);
    for (rows, cols, levels) in [
        (60, 60, 0),
        (60, 60, 2),
        (60, 60, 8),
        (60, 7, 0),
        (5, 60, 3),
    ] {
        for _ in 0..4 {
            let g = random_matrix(&mut rng, rows, cols, levels);
            assert_equilibrium(&g, &solve_exact(&g), TOL);
        }
    }
}

#[test]
fn blands_rule_alone_solves_games() {
    // Dantzig's rule hands over to Bland's only after a long degenerate run, which random games
    // rarely reach: run Bland's from the first pivot, on coarse (degenerate) games too.
    let mut rng = SmallRng::seed_from_u64(11);
    for case in 0..100 {
        let (rows, cols) = (rng.random_range(2..=30), rng.random_range(2..=30));
        let g = random_matrix(&mut rng, rows, cols, [0, 2, 5][case % 3]);
        let (row, col) = simplex::simplex(&g, true).unwrap();
        assert!(exploitability(&g, &row, &col) < TOL);
    }
}

#[test]
fn exact_is_scale_free() {
    // The same game on a centipawn scale and on a huge one: the same strategies, mapped value.
    let mut rng = SmallRng::seed_from_u64(7);
    for _ in 0..20 {
        let g = random_matrix(&mut rng, 12, 9, 0);
        let s = solve_exact(&g);
        for (lo, span) in [(-300.0, 600.0), (-1e300, 1e300)] {
            let h = Matrix::from_fn(12, 9, |i, j| lo + span * g.get(i, j).unwrap()).unwrap();
            let t = solve_exact(&h);
            assert!(t.exploitability(&h) < TOL * span);
            assert!((t.value - (lo + span * s.value)).abs() < TOL * span);
        }
    }
}

/// RM+ iterations after which random 20x20 games are within 1e-3 of equilibrium. Measured on
/// 300 games with uniform [0, 1] entries: the gap first falls under 1e-3 after 128 iterations
/// (median), 192 (90th percentile), 288 (worst); the worst gap after 500 iterations was 8.3e-4,
/// after 1000 3.7e-4 (the margin taken here).
const RM_PLUS_ITERATIONS_20: u32 = 1000;

#[test]
fn rm_plus_against_exact() {
    let mut rng = SmallRng::seed_from_u64(20);
    for _ in 0..30 {
        let g = random_matrix(&mut rng, 20, 20, 0);
        let exact = solve_exact(&g);
        let s = solve_rm_plus(&g, RmPlusLimit::iterations(RM_PLUS_ITERATIONS_20));
        let gap = s.exploitability(&g);
        assert!(gap < 1e-3, "gap {gap}");
        assert_equilibrium(&g, &s, 1e-3);
        assert!((s.value - exact.value).abs() < 0.5e-3);
    }
}

#[test]
fn rm_plus_on_known_games() {
    // The hand-worked games above, approached by regret matching. Measured gaps after 10,000
    // iterations: 0 (the symmetric game is exact at once), 1.4e-4 (2x3) and 4.5e-5 (3x2);
    // they fall about as 1/iterations.
    let games: [(Matrix, [&[f64]; 2], f64); 3] = [
        (
            m(&[&[0.5, 0.0, 1.0], &[1.0, 0.5, 0.0], &[0.0, 1.0, 0.5]]),
            [&[1.0 / 3.0; 3]; 2],
            0.5,
        ),
        (
            m(&[&[1.0, 0.0, 0.6], &[0.2, 0.8, 0.7]]),
            [&[0.375, 0.625], &[0.5, 0.5, 0.0]],
            0.5,
        ),
        (
            m(&[&[0.9, 0.3], &[0.4, 0.6], &[0.5, 0.35]]),
            [&[0.25, 0.75, 0.0], &[0.375, 0.625]],
            0.525,
        ),
    ];
    for (g, [row, col], value) in games {
        let s = solve_rm_plus(&g, RmPlusLimit::iterations(10_000));
        assert_close(&s.row, row, 1e-3);
        assert_close(&s.col, col, 1e-3);
        assert!((s.value - value).abs() < 1e-4);
        assert_equilibrium(&g, &s, 3e-4);
    }
}

#[test]
fn rm_plus_stops_at_its_target_gap() {
    let mut rng = SmallRng::seed_from_u64(21);
    let g = random_matrix(&mut rng, 15, 25, 0);
    let loose = solve_rm_plus(&g, RmPlusLimit::gap(1e-2, 100_000));
    let tight = solve_rm_plus(&g, RmPlusLimit::gap(1e-5, 100_000));
    assert!(loose.exploitability(&g) <= 1e-2);
    assert!(tight.exploitability(&g) <= 1e-5);
    // The loose target stopped much earlier, so its answer is worse than the tight one's.
    assert!(loose.exploitability(&g) > tight.exploitability(&g));
}

#[test]
fn solve_picks_by_size() {
    let mut rng = SmallRng::seed_from_u64(3);
    let g = random_matrix(&mut rng, 10, 10, 0);
    assert_eq!(solve(&g), solve_exact(&g));
    let big = random_matrix(&mut rng, EXACT_LIMIT + 1, 3, 0);
    assert_eq!(solve(&big), solve_rm_plus(&big, SOLVE_RM_PLUS));
    assert!(solve(&big).exploitability(&big) <= SOLVE_RM_PLUS.target_gap);
    // Large but with a saddle point: found exactly, without regret matching.
    let saddle = Matrix::from_fn(EXACT_LIMIT + 1, 4, |i, j| (i + 2 * j) as f64 / 1000.0).unwrap();
    let s = solve(&saddle);
    assert_eq!((s.value, s.row[EXACT_LIMIT], s.col[0]), (0.2, 1.0, 1.0));
}

#[test]
fn non_finite_entries_are_replaced() {
    let g = m(&[&[f64::NAN, f64::INFINITY], &[f64::NEG_INFINITY, 0.5]]);
    assert_eq!(g.as_slice(), &[0.5, 1.0, 0.0, 0.5]);
    assert_eq!(g.replaced(), 3);
    let s = solve(&g);
    assert_equilibrium(&g, &s, TOL);
    let mut h = Matrix::new(2, 2, 0.0).unwrap();
    h.set(1, 1, f64::NAN).unwrap();
    h.push_row_with(|_| f64::INFINITY).unwrap();
    assert_eq!(h.as_slice(), &[0.0, 0.0, 0.0, 0.5, 1.0, 1.0]);
    assert_eq!(h.replaced(), 3);
}

#[test]
fn malformed_matrices_are_errors() {
    assert_eq!(Matrix::new(0, 3, 0.0), Err(MatrixError::Empty));
    assert_eq!(Matrix::from_rows::<[f64; 0]>(&[]), Err(MatrixError::Empty));
    assert_eq!(Matrix::from_rows(&[[0.0; 0]]), Err(MatrixError::Empty));
    assert_eq!(
        Matrix::from_rows(&[&[0.0, 1.0][..], &[0.0]]),
        Err(MatrixError::Ragged {
            row: 1,
            len: 1,
            expected: 2
        })
    );
    assert!(matches!(
        Matrix::new(usize::MAX, 2, 0.0),
        Err(MatrixError::TooLarge { .. })
    ));
    assert!(matches!(
        Matrix::new(1 << 13, 1 << 12, 0.0),
        Err(MatrixError::TooLarge { .. })
    ));
    let mut g = Matrix::new(2, 2, 0.0).unwrap();
    assert_eq!(
        g.push_row(&[1.0]),
        Err(MatrixError::WrongLength {
            len: 1,
            expected: 2
        })
    );
    assert_eq!(
        g.push_col(&[1.0; 3]),
        Err(MatrixError::WrongLength {
            len: 3,
            expected: 2
        })
    );
    assert_eq!(
        g.set(2, 0, 1.0),
        Err(MatrixError::OutOfRange {
            row: 2,
            col: 0,
            rows: 2,
            cols: 2
        })
    );
    assert_eq!((g.get(0, 2), g.row(2)), (None, None));
    assert_eq!(g, Matrix::new(2, 2, 0.0).unwrap());
}

#[test]
fn grown_matrix_equals_built_one() {
    // The double-oracle loop adds one order at a time, to either side.
    let f = |i: usize, j: usize| (i * 7 + j * 3) as f64 / 100.0;
    let mut g = Matrix::new(1, 1, f(0, 0)).unwrap();
    for k in 1..6 {
        let i = g.rows();
        g.push_row_with(|j| f(i, j)).unwrap();
        g.push_col(&(0..=k).map(|i| f(i, k)).collect::<Vec<_>>())
            .unwrap();
    }
    g.push_row(&(0..6).map(|j| f(6, j)).collect::<Vec<_>>())
        .unwrap();
    assert_eq!(g, Matrix::from_fn(7, 6, f).unwrap());
    assert_eq!(
        g.row(6).unwrap(),
        &[f(6, 0), f(6, 1), f(6, 2), f(6, 3), f(6, 4), f(6, 5)]
    );
    let t = g.transpose();
    assert_eq!((t.rows(), t.cols()), (6, 7));
    assert!((0..7).all(|i| (0..6).all(|j| t.get(j, i) == g.get(i, j))));
}

#[test]
fn best_responses_and_exploitability() {
    let g = m(&[&[1.0, 0.0, 0.6], &[0.2, 0.8, 0.7]]);
    // Against (0.5, 0.5, 0) the rows score 0.5 and 0.5 (first wins the tie).
    assert_eq!(best_row_response(&g, &[0.5, 0.5, 0.0]), (0, 0.5));
    assert_eq!(best_row_response(&g, &[0.0, 0.0, 1.0]), (1, 0.7));
    // Row 0 pure: columns give 1, 0, 0.6.
    assert_eq!(best_col_response(&g, &[1.0, 0.0]), (1, 0.0));
    assert_eq!(exploitability(&g, &[1.0, 0.0], &[0.0, 0.0, 1.0]), 0.7);
    assert_eq!(row_exploitability(&g, &[1.0, 0.0], 0.5), 0.5);
    assert!((col_exploitability(&g, &[0.0, 0.0, 1.0], 0.5) - 0.2).abs() < 1e-15);
    // Lenient reading: NaN and negative count as 0, missing entries too, extras are ignored.
    assert_eq!(best_row_response(&g, &[f64::NAN, -1.0]), (0, 0.0));
    assert_eq!(col_payoffs(&g, &[1.0, 0.0, 5.0]), vec![1.0, 0.0, 0.6]);
    assert_eq!(row_payoffs(&g, &[]), vec![0.0, 0.0]);
}

#[test]
fn sample_follows_the_strategy() {
    let mut rng = SmallRng::seed_from_u64(99);
    let strategy = [0.2, 0.0, 0.5, 0.3, 0.0];
    let mut counts = [0u32; 5];
    let draws = 100_000;
    for _ in 0..draws {
        counts[sample(&strategy, &mut rng).unwrap()] += 1;
    }
    assert_eq!((counts[1], counts[4]), (0, 0));
    for (c, p) in counts.iter().zip(strategy) {
        // Four standard deviations of a binomial count.
        let sd = (draws as f64 * p * (1.0 - p)).sqrt();
        assert!(
            (f64::from(*c) - draws as f64 * p).abs() <= 4.0 * sd + 1e-9,
            "{counts:?}"
        );
    }
    assert_eq!(sample(&[0.0, 1.0], &mut rng), Some(1));
    assert_eq!(sample(&[], &mut rng), None);
    assert_eq!(sample(&[0.0, -1.0, f64::NAN], &mut rng), None);
    assert!((0..100).all(|_| sample(&[f64::NAN, 0.5, f64::INFINITY], &mut rng) == Some(1)));
    // Weights whose sum overflows, and subnormal ones, are still drawn in proportion.
    for weights in [[f64::MAX; 2], [f64::MIN_POSITIVE / 1e10; 2]] {
        let firsts = (0..10_000)
            .filter(|_| sample(&weights, &mut rng) == Some(0))
            .count();
        assert!(
            (4_600..=5_400).contains(&firsts),
            "{firsts} for {weights:?}"
        );
    }
}

#[test]
fn support_lists_most_likely_first() {
    assert_eq!(
        support(&[0.1, 0.0, 0.4, 0.1, 0.4, f64::NAN]),
        vec![(2, 0.4), (4, 0.4), (0, 0.1), (3, 0.1)]
    );
    assert!(support(&[]).is_empty());
}
