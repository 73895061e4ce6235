//! Evaluation weights as data: each tuned variant keeps its numbers in one text file beside its
//! evaluation (`variants/<variant>/weights.txt`), which the build embeds and parses at compile
//! time ([`parse`], a `const fn`), so search reads a static table and parses nothing.
//!
//! The format, one weight a line: `name middlegame endgame`, integers in centipawns; blank lines
//! and lines starting with `#` are skipped. The order is the evaluation's own; each variant's
//! tests check the names against the ones its code expects, so a file written for another
//! layout fails the build's tests rather than shifting every weight. `chimera tune` rewrites the
//! file ([`format()`]); docs/tuning.md describes the pipeline.
//!
//! [`Tunable`] is what the tuner needs of a variant: its weights, their names, and for one
//! position how often each weight counts for White minus Black ([`Features`]).

use crate::eval::tapered::{Pair, Trace};
use crate::game::{GameState, Player};

/// The `N` weights of `text` (see the module's format), at compile time: a malformed line or a
/// count other than `N` stops the build with the reason.
pub const fn parse<const N: usize>(text: &str) -> [Pair; N] {
    let b = text.as_bytes();
    let mut out = [Pair(0, 0); N];
    let (mut i, mut n) = (0, 0);
    while i < b.len() {
        i = skip_blanks(b, i);
        if i < b.len() && b[i] != b'#' && b[i] != b'\n' {
            // The name, then two integers.
            while i < b.len() && !is_blank(b[i]) && b[i] != b'\n' {
                i += 1;
            }
            let (mg, j) = int(b, i);
            let (eg, j) = int(b, j);
            i = skip_blanks(b, j);
            assert!(
                i >= b.len() || b[i] == b'\n' || b[i] == b'#',
                "a weights line holds more than a name and two integers"
            );
            assert!(
                n < N,
                "the weights file holds more weights than the evaluation"
            );
            out[n] = Pair(mg, eg);
            n += 1;
        }
        while i < b.len() && b[i] != b'\n' {
            i += 1;
        }
        i += 1;
    }
    assert!(
        n == N,
        "the weights file holds fewer weights than the evaluation"
    );
    out
}

const fn is_blank(c: u8) -> bool {
    c == b' ' || c == b'\t' || c == b'\r'
}

const fn skip_blanks(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && is_blank(b[i]) {
        i += 1;
    }
    i
}

/// The integer after blanks at `i`, and the index after it.
const fn int(b: &[u8], i: usize) -> (i32, usize) {
    let mut i = skip_blanks(b, i);
    let negative = i < b.len() && b[i] == b'-';
    if negative {
        i += 1;
    }
    let start = i;
    let mut v: i32 = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        v = v * 10 + (b[i] - b'0') as i32;
        i += 1;
    }
    assert!(i > start, "a weights line lacks an integer");
    (if negative { -v } else { v }, i)
}

/// The names of the weights in `text`, in order (for the tests and the tuner).
pub fn names(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next())
        .collect()
}

/// The weights file for `names` and `values`, under the `#` lines of `header`.
pub fn format(header: &str, names: &[String], values: &[Pair]) -> String {
    let mut text = String::new();
    for line in header.lines() {
        text.push_str("# ");
        text.push_str(line);
        text.push('\n');
    }
    for (name, v) in names.iter().zip(values) {
        text.push_str(&format!("{name} {} {}\n", v.0, v.1));
    }
    text
}

/// How often each weight counts in one evaluation, White's uses minus Black's: the evaluation
/// from White's side is the taper of `Σ coef[i] · weight[i]` (plus any term that is not a
/// weight). A trace: the evaluation reports each use through [`Trace::weight`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    pub coef: Vec<i32>,
}

impl Features {
    pub fn new(weights: usize) -> Self {
        Features {
            coef: vec![0; weights],
        }
    }

    /// Weight `index` counted `count` times for `player`.
    pub fn count(&mut self, index: usize, player: Player, count: i32) {
        self.coef[index] += player.sign() * count;
    }
}

impl<T> Trace<T> for Features {
    fn add(&mut self, _: T, _: Player, _: Pair) {}
    fn weight(&mut self, index: usize, player: Player, count: i32) {
        self.count(index, player, count);
    }
}

/// A variant whose evaluation the tuner can fit: its evaluation is the phase's taper of a sum of
/// weights (each counted per [`Features`]) plus terms the tuner holds fixed.
pub trait Tunable: GameState {
    /// The embedded weights file, relative to the repository root (where `chimera tune`
    /// writes by default).
    const WEIGHTS_FILE: &'static str;
    /// Whether the evaluation blends middlegame and endgame values by a phase. Without one,
    /// [`Tunable::features`] returns [`crate::eval::tapered::MAX_PHASE`], only the first number
    /// of each weight counts, and the tuner writes it twice.
    const TAPERED: bool = true;
    /// The evaluation is the mean of this many evaluations whose counts [`Tunable::features`]
    /// adds up: Ven averages chess's evaluation on each side's view.
    const VIEWS: i32 = 1;
    /// The weights in use, in file order.
    fn weights() -> &'static [Pair];
    /// The weights file and weights that positions under `options` evaluate with: the ones
    /// above, unless the variant keeps a set for a form of its own (007's Detente).
    fn weights_under(options: &Self::Options) -> (&'static str, &'static [Pair]) {
        let _ = options;
        (Self::WEIGHTS_FILE, Self::weights())
    }
    /// The name of each weight, in file order.
    fn weight_names() -> Vec<String>;
    /// Adds this position's counts to `features` (all zero on entry) and returns the phase
    /// that blends them, 0 ([`crate::eval::tapered::MAX_PHASE`]) = all endgame (middlegame).
    fn features(&self, features: &mut Features) -> i32;
    /// The evaluation from White's side, in centipawns.
    fn white_eval(&self) -> i32;
}

/// A weight counted `count` times for `player`: its value, reported to `trace`.
#[inline(always)]
pub fn take<Term, T: Trace<Term>>(
    weights: &[Pair],
    trace: &mut T,
    index: usize,
    player: Player,
    count: i32,
) -> Pair {
    trace.weight(index, player, count);
    weights[index] * count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_values_comments_and_blank_lines() {
        const W: [Pair; 3] = parse("# a header\n\na 1 -2\n  b\t30  40 # why\r\nc -5 0");
        assert_eq!(W, [Pair(1, -2), Pair(30, 40), Pair(-5, 0)]);
        assert_eq!(
            names("# a header\n\na 1 -2\n  b\t30  40\r\nc -5 0"),
            ["a", "b", "c"]
        );
    }

    #[test]
    fn format_round_trips() {
        let names = vec!["x.y".to_string(), "z".to_string()];
        let text = format("made by a test", &names, &[Pair(7, -8), Pair(0, 12)]);
        assert_eq!(parse::<2>(&text), [Pair(7, -8), Pair(0, 12)]);
        assert_eq!(super::names(&text), ["x.y", "z"]);
    }

    #[test]
    #[should_panic(expected = "fewer weights")]
    fn too_few_weights_fail() {
        parse::<3>("a 1 2\nb 3 4\n");
    }

    #[test]
    #[should_panic(expected = "lacks an integer")]
    fn a_missing_number_fails() {
        parse::<1>("a 1\n");
    }
}
