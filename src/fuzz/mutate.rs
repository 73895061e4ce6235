//! Mutations of valid text: what a careless GUI, a corrupted pipe or a hostile user might send.
//! Token-level for command lines (drop, repeat, swap, splice, odd numbers), character-level
//! for FENs and moves.

use rand::rngs::SmallRng;
use rand::RngExt;

/// Tokens that have broken parsers elsewhere: signs, overflows, empty and huge words, bytes
/// outside ASCII.
pub const ODD_TOKENS: &[&str] = &[
    "-1",
    "-5",
    "0",
    "1",
    "65536",
    "100000",
    "4294967296",
    "9223372036854775808",
    "18446744073709551616",
    "99999999999999999999",
    "1e9",
    "NaN",
    "+3",
    "0x10",
    "",
    "-",
    "0000",
    "(none)",
    "é",
    "♞",
    "\u{0}",
    "\t",
    "name",
    "value",
    "moves",
    "fen",
    "startpos",
    "white",
    "black",
    "side",
    "infinite",
    "ponder",
    "perft",
    "searchmoves",
    ",",
    "e2e4,",
    ",e7e5",
    "e2e4,e7e5",
    "a1a1",
    "e7e8k",
    "h9h10",
    "p16p17",
];

/// One to three token-level mutations of `line`; `pool` gives other valid lines to splice from.
pub fn mutate_line(line: &str, pool: &[String], rng: &mut SmallRng) -> String {
    let mut tokens: Vec<String> = line.split(' ').map(str::to_string).collect();
    for _ in 0..rng.random_range(1..=3) {
        let n = tokens.len();
        let at = rng.random_range(0..n.max(1));
        match rng.random_range(0..11) {
            0 if n > 1 => {
                tokens.remove(at);
            }
            1 => tokens.insert(at, odd(rng).to_string()),
            2 => tokens[at.min(n - 1)] = odd(rng).to_string(),
            3 if n > 1 => {
                let other = rng.random_range(0..n);
                tokens.swap(at, other);
            }
            4 => {
                let t = tokens[at.min(n - 1)].clone();
                tokens.insert(at, t);
            }
            5 => tokens.truncate(at.max(1)),
            6 => {
                let t = &mut tokens[at.min(n - 1)];
                *t = mutate_text(t, rng);
            }
            7 if !pool.is_empty() => {
                // Another line's tail after this line's head.
                let other = &pool[rng.random_range(0..pool.len())];
                let tail: Vec<String> = other.split(' ').map(str::to_string).collect();
                let from = rng.random_range(0..tail.len());
                tokens.truncate(at.max(1));
                tokens.extend(tail[from..].iter().cloned());
            }
            8 => {
                // A number nudged: off by one, negated, or huge.
                if let Some(t) = tokens.iter_mut().find(|t| t.parse::<i64>().is_ok()) {
                    let v: i64 = t.parse().unwrap_or(0);
                    *t = match rng.random_range(0..4) {
                        0 => (v.wrapping_add(1)).to_string(),
                        1 => (v.wrapping_sub(1)).to_string(),
                        2 => (-v).to_string(),
                        _ => format!("{v}999999999999"),
                    };
                }
            }
            9 => {
                // A very long line: one token repeated thousands of times.
                let t = tokens[at.min(n - 1)].clone();
                let times = rng.random_range(100..5_000);
                tokens.extend(std::iter::repeat_n(t, times));
            }
            _ => {
                // Whitespace and case: extra spaces, tabs, shouting.
                let t = &mut tokens[at.min(n - 1)];
                *t = match rng.random_range(0..3) {
                    0 => format!(" {t} "),
                    1 => format!("{t}\t"),
                    _ => t.to_uppercase(),
                };
            }
        }
        if tokens.is_empty() {
            tokens.push(String::new());
        }
    }
    tokens.join(" ")
}

fn odd(rng: &mut SmallRng) -> &'static str {
    ODD_TOKENS[rng.random_range(0..ODD_TOKENS.len())]
}

/// One to three character-level mutations of `text` (a FEN, a move).
pub fn mutate_text(text: &str, rng: &mut SmallRng) -> String {
    const ALPHABET: &[u8] = b"0123456789abcdefghkmnopqrsvwxyzABCDEFGHKMNOPQRSVWXYZ/-~,[]() +=";
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..rng.random_range(1..=3) {
        let n = chars.len();
        let at = rng.random_range(0..=n);
        let letter = ALPHABET[rng.random_range(0..ALPHABET.len())] as char;
        match rng.random_range(0..7) {
            0 if at < n => chars[at] = letter,
            1 => chars.insert(at, letter),
            2 if at < n => {
                chars.remove(at);
            }
            3 => chars.truncate(at),
            4 if n > 0 => {
                // A chunk repeated.
                let from = rng.random_range(0..n);
                let to = (from + rng.random_range(1..8)).min(n);
                let chunk: Vec<char> = chars[from..to].to_vec();
                let at = at.min(n);
                chars.splice(at..at, chunk);
            }
            5 if n > 1 => {
                let other = rng.random_range(0..n);
                chars.swap(at.min(n - 1), other);
            }
            _ => {
                // A digit made big: board counts and clocks past every limit.
                if let Some(i) = chars.iter().position(|c| c.is_ascii_digit()) {
                    chars.splice(i..i, "99999".chars());
                }
            }
        }
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn mutations_change_lines_and_are_repeatable() {
        let line = "position startpos moves e2e4 e7e5 g1f3";
        let pool = vec!["go depth 3".to_string()];
        let run = |seed| {
            let mut rng = SmallRng::seed_from_u64(seed);
            (0..200)
                .map(|_| mutate_line(line, &pool, &mut rng))
                .collect::<Vec<_>>()
        };
        let a = run(7);
        assert_eq!(a, run(7), "seeded");
        let changed = a.iter().filter(|l| l.as_str() != line).count();
        assert!(changed > 150, "{changed} of 200 changed");
        let mut rng = SmallRng::seed_from_u64(1);
        let texts: Vec<String> = (0..100).map(|_| mutate_text("e2e4", &mut rng)).collect();
        assert!(texts.iter().filter(|t| t.as_str() != "e2e4").count() > 70);
    }
}
