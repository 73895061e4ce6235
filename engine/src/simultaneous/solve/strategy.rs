//! Drawing an order from a mixed strategy, and listing what a strategy plays.

use rand::{Rng, RngExt};

/// Draws an index with probability proportional to its entry (normalised by the sum of the
/// positive entries, so a strategy that sums to 1 up to rounding is drawn as it reads). Entries
/// that are zero, negative or not finite are never drawn. `None` when no entry is positive.
pub fn sample(strategy: &[f64], rng: &mut (impl Rng + ?Sized)) -> Option<usize> {
    let positive = |p: f64| p > 0.0 && p.is_finite();
    let last = strategy.iter().rposition(|&p| positive(p))?;
    // Weights relative to the largest, so huge or subnormal entries neither overflow the total
    // nor vanish in it.
    let max = strategy
        .iter()
        .copied()
        .filter(|&p| positive(p))
        .fold(0.0, f64::max);
    let total: f64 = strategy
        .iter()
        .filter(|&&p| positive(p))
        .map(|p| p / max)
        .sum();
    let target = rng.random::<f64>() * total;
    let mut acc = 0.0;
    for (k, &p) in strategy.iter().enumerate() {
        if positive(p) {
            acc += p / max;
            if target < acc {
                return Some(k);
            }
        }
    }
    // Rounding left the running sum a hair below `target`: the last positive entry owns the
    // top of the interval.
    Some(last)
}

/// The entries a strategy plays (positive and finite), as `(index, probability)`, most likely
/// first, ties by index.
pub fn support(strategy: &[f64]) -> Vec<(usize, f64)> {
    let mut out: Vec<(usize, f64)> = strategy
        .iter()
        .copied()
        .enumerate()
        .filter(|&(_, p)| p > 0.0 && p.is_finite())
        .collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    out
}
