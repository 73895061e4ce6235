//! Start positions: the variant's start, a file of FENs, and optionally random legal plies
//! played from them (seeded) so that deterministic engines still play varied games. Each start
//! position is played twice, colours reversed.

use chimera_engine::{ParseError, VariantOptions};
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// What openings are made of: a variant's position with its start, its FEN, and random plies.
/// Both kinds of game the runner referees are this (`kind.rs`); the openings need no more.
pub trait Openable: Clone + Sized {
    type Options: VariantOptions;

    fn start(options: &Self::Options) -> Self;
    fn from_fen(fen: &str, options: &Self::Options) -> Result<Self, ParseError>;
    fn fen(&self) -> String;
    /// The position after one random ply (or round); `None` if the game is over here.
    fn random_step(&self, rng: &mut SmallRng) -> Option<Self>;
    /// Whether the game is over here by the rules of the position.
    fn is_over(&self) -> bool;
}

/// A start position: its position, and whether it is the variant's own start (`startpos`).
#[derive(Clone, Debug)]
pub struct Opening<G> {
    pub position: G,
    pub is_start: bool,
}

/// Reads a file of FENs in the variant's notation: one a line; blank lines and lines starting
/// with `#` are skipped, and an EPD-style `;` and everything after it is dropped. The error
/// names the line and the variant's complaint.
pub fn parse_fens<G: Openable>(text: &str, options: &G::Options) -> Result<Vec<G>, String> {
    let mut positions = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let fen = line.split(';').next().unwrap_or("").trim();
        if fen.is_empty() || fen.starts_with('#') {
            continue;
        }
        let pos = G::from_fen(fen, options).map_err(|e| format!("line {}: {e}", i + 1))?;
        positions.push(pos);
    }
    if positions.is_empty() {
        return Err("no positions in the openings file".into());
    }
    Ok(positions)
}

/// Plays `plies` random legal plies (rounds, in a simultaneous game) from `start`; `None` if
/// every try ended the game first.
fn random_line<G: Openable>(start: &G, plies: u32, rng: &mut SmallRng) -> Option<G> {
    'tries: for _ in 0..100 {
        let mut pos = start.clone();
        for _ in 0..plies {
            match pos.random_step(rng) {
                Some(next) => pos = next,
                None => continue 'tries,
            }
        }
        if !pos.is_over() {
            return Some(pos);
        }
    }
    None
}

/// `count` openings: the given positions (or the variant's start) in turn, each followed by
/// `plies` random plies when `plies > 0`.
pub fn openings<G: Openable>(
    given: Option<&[G]>,
    options: &G::Options,
    count: usize,
    plies: u32,
    seed: u64,
) -> Result<Vec<Opening<G>>, String> {
    let start = [G::start(options)];
    let (bases, from_file) = match given {
        Some(g) => (g, true),
        None => (&start[..], false),
    };
    if plies == 0 {
        return Ok(bases
            .iter()
            .map(|p| Opening {
                position: p.clone(),
                is_start: !from_file,
            })
            .collect());
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    (0..count.max(1))
        .map(|i| {
            let base = &bases[i % bases.len()];
            random_line(base, plies, &mut rng)
                .map(|position| Opening {
                    position,
                    is_start: false,
                })
                .ok_or_else(|| {
                    format!(
                        "cannot play {plies} random plies from '{}' without ending the game",
                        base.fen()
                    )
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_engine::variants::chess::Position;
    use chimera_engine::Game;

    #[test]
    fn fen_file_skips_comments_and_names_the_bad_line() {
        let text = "# openings\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 ; e4\n4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n";
        let fens: Vec<String> = parse_fens::<Position>(text, &Default::default())
            .unwrap()
            .iter()
            .map(|p| p.fen())
            .collect();
        assert_eq!(fens.len(), 2);
        assert!(fens[0].starts_with("rnbqkbnr/pppppppp/8/8/4P3/"));
        let e = parse_fens::<Position>(
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\nnot a fen\n",
            &Default::default(),
        )
        .unwrap_err();
        assert!(e.starts_with("line 2: "), "{e}");
        assert!(parse_fens::<Position>("# nothing\n", &Default::default()).is_err());
    }

    #[test]
    fn random_openings_are_seeded_legal_and_varied() {
        let a = openings::<Position>(None, &Default::default(), 10, 6, 3).unwrap();
        let b = openings::<Position>(None, &Default::default(), 10, 6, 3).unwrap();
        let fens: Vec<String> = a.iter().map(|o| o.position.fen()).collect();
        assert_eq!(fens, b.iter().map(|o| o.position.fen()).collect::<Vec<_>>());
        assert!(fens.iter().collect::<std::collections::HashSet<_>>().len() > 5);
        // Six plies later it is White's move again, and nothing is decided.
        for o in &a {
            assert!(
                o.position.fen().contains(" w ") && !o.is_start && o.position.outcome().is_none()
            );
        }
        let plain = openings::<Position>(None, &Default::default(), 10, 0, 3).unwrap();
        assert_eq!(plain.len(), 1);
        assert!(plain[0].is_start);
    }

    #[test]
    fn random_plies_that_always_end_the_game_are_an_error() {
        // Black to move is mated at once: no ply can be played.
        let mated = [Position::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap()];
        assert!(openings(Some(&mated[..]), &Default::default(), 2, 1, 0).is_err());
    }
}
