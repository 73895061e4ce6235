//! Random play of both kinds of game, for the fuzz targets: a sequential game steps a move at a
//! time, a simultaneous one (Ven) a round of two orders. What the targets do with a position
//! is written once over [`Kind`]; each kind says only how it moves and what its moves are.

use chimera_engine::simultaneous::SimultaneousGame;
use chimera_engine::{Game, GameState, Outcome, Player};
use rand::rngs::SmallRng;
use rand::RngExt;
use std::marker::PhantomData;

/// The variant's options of a kind of game.
pub type Options<K> = <<K as Kind>::Pos as GameState>::Options;

/// One random step of play.
pub struct Step<P> {
    pub next: P,
    /// What was played as the `position` command writes it: a move, or a round.
    pub played: String,
    /// A token for the move parsers to be fed mutations of: the move, or White's order.
    pub token: String,
}

/// How one kind of game moves, for the fuzz targets.
pub trait Kind {
    type Pos: GameState;
    /// Both sides write an order each round (`go side ...`).
    const SIMULTANEOUS: bool;

    /// The result by the rules of the position.
    fn outcome(pos: &Self::Pos) -> Option<Outcome>;
    /// The invariants of a position met in play: its FEN reads back to it
    /// ([`fen_round_trip`]), and every move (order) is written in a way that reads back.
    fn check(pos: &Self::Pos, options: &Options<Self>) -> Result<(), String>;
    /// A random legal step from `pos`; `None` where the game is over.
    fn random_step(pos: &Self::Pos, rng: &mut SmallRng) -> Option<Step<Self::Pos>>;
    /// Plays up to `count` of the moves (pairs of orders) of `pos` and asks each result's
    /// outcome: a position that parsed must play.
    fn play_some(pos: &Self::Pos, count: usize);
    /// Parses `token` as a move here (an order of a random side): a legal one, or an error
    /// of one line.
    fn parse_token(pos: &Self::Pos, token: &str, rng: &mut SmallRng) -> Result<(), String>;
}

/// A sequential game: one move a step.
pub struct Sequential<G>(PhantomData<G>);

/// A simultaneous game: one round of two orders a step.
pub struct Simultaneous<G>(PhantomData<G>);

/// FEN out then in is the identity, and the key is the FEN's position's.
pub fn fen_round_trip<G: GameState>(pos: &G, options: &G::Options) -> Result<(), String> {
    let fen = pos.fen();
    let back = G::from_fen(&fen, options).map_err(|e| format!("own FEN rejected: {e}"))?;
    if back.fen() != fen {
        return Err(format!("FEN round trip gives {}", back.fen()));
    }
    if back.key() != pos.key() {
        return Err("key differs from the key of the FEN's position".into());
    }
    Ok(())
}

/// A parse error is one line of text (the protocol prints it as one `info string error`).
pub fn one_line(message: &str) -> Result<(), String> {
    if message.is_empty() || message.contains('\n') {
        return Err(format!("error message not one line: {message:?}"));
    }
    Ok(())
}

/// Whether a parsed move (order) is one of the legal ones.
fn legal<M: PartialEq>(parsed: M, legal: &[M]) -> Result<(), String> {
    if legal.contains(&parsed) {
        Ok(())
    } else {
        Err("parsed to a move that is not legal".to_string())
    }
}

impl<G: Game> Kind for Sequential<G> {
    type Pos = G;
    const SIMULTANEOUS: bool = false;

    fn outcome(pos: &G) -> Option<Outcome> {
        pos.outcome()
    }

    fn check(pos: &G, options: &G::Options) -> Result<(), String> {
        // A game decided by the last move may have no legal FEN (Lene Hau: the mover left
        // its own king attacked and lost; docs/variants/lene-hau.md).
        if pos.outcome().is_some() && G::from_fen(&pos.fen(), options).is_err() {
            return Ok(());
        }
        fen_round_trip(pos, options)?;
        let mut moves = G::Moves::default();
        pos.legal_moves(&mut moves);
        if moves.len() as u64 != pos.count_legal_moves() {
            return Err("counted moves differ from listed moves".into());
        }
        for &mv in moves.iter() {
            let text = pos.format_move(mv);
            if pos.parse_move(&text) != Ok(mv) {
                return Err(format!("move '{text}' does not read back"));
            }
        }
        Ok(())
    }

    fn random_step(pos: &G, rng: &mut SmallRng) -> Option<Step<G>> {
        let mut moves = G::Moves::default();
        pos.legal_moves(&mut moves);
        if pos.outcome().is_some() || moves.is_empty() {
            return None;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        let played = pos.format_move(mv);
        Some(Step {
            next: pos.play(mv),
            token: played.clone(),
            played,
        })
    }

    fn play_some(pos: &G, count: usize) {
        let mut moves = G::Moves::default();
        pos.legal_moves(&mut moves);
        for &mv in moves.iter().take(count) {
            let _ = pos.play(mv).outcome();
        }
    }

    fn parse_token(pos: &G, token: &str, _: &mut SmallRng) -> Result<(), String> {
        match pos.parse_move(token) {
            Ok(mv) => {
                let mut moves = G::Moves::default();
                pos.legal_moves(&mut moves);
                legal(mv, &moves)
            }
            Err(e) => one_line(e.what()),
        }
    }
}

/// Both sides' orders at `pos`.
fn orders<G: SimultaneousGame>(pos: &G) -> [G::Orders; 2] {
    Player::BOTH.map(|side| {
        let mut orders = G::Orders::default();
        pos.orders(side, &mut orders);
        orders
    })
}

impl<G: SimultaneousGame> Kind for Simultaneous<G> {
    type Pos = G;
    const SIMULTANEOUS: bool = true;

    fn outcome(pos: &G) -> Option<Outcome> {
        pos.outcome()
    }

    fn check(pos: &G, options: &G::Options) -> Result<(), String> {
        fen_round_trip(pos, options)?;
        let [white, black] = orders(pos);
        for (side, orders) in [(Player::White, &white), (Player::Black, &black)] {
            for &order in orders.iter() {
                let text = pos.format_order(order);
                if pos.parse_order(side, &text) != Ok(order) {
                    return Err(format!("order '{text}' does not read back"));
                }
            }
        }
        // Each order of each side, in a round with one of the other side's.
        let rounds = if white.is_empty() || black.is_empty() {
            0
        } else {
            white.len().max(black.len())
        };
        for i in 0..rounds {
            let (w, b) = (white[i % white.len()], black[i % black.len()]);
            let round = pos.format_round(w, b);
            if pos.parse_round(&round) != Ok((w, b)) {
                return Err(format!("round '{round}' does not read back"));
            }
        }
        Ok(())
    }

    fn random_step(pos: &G, rng: &mut SmallRng) -> Option<Step<G>> {
        let [white, black] = orders(pos);
        if pos.outcome().is_some() || white.is_empty() || black.is_empty() {
            return None;
        }
        let w = white[rng.random_range(0..white.len())];
        let b = black[rng.random_range(0..black.len())];
        Some(Step {
            next: pos.resolve(w, b),
            played: pos.format_round(w, b),
            token: pos.format_order(w),
        })
    }

    fn play_some(pos: &G, count: usize) {
        let [white, black] = orders(pos);
        for (&w, &b) in white.iter().zip(black.iter()).take(count) {
            let _ = pos.resolve(w, b).outcome();
        }
    }

    fn parse_token(pos: &G, token: &str, rng: &mut SmallRng) -> Result<(), String> {
        let side = if rng.random_bool(0.5) {
            Player::White
        } else {
            Player::Black
        };
        match pos.parse_order(side, token) {
            Ok(order) => {
                let mut orders = G::Orders::default();
                pos.orders(side, &mut orders);
                legal(order, &orders)
            }
            Err(e) => one_line(e.what()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_engine::variants::chess::Position;
    use chimera_engine::variants::ven::Ven;
    use rand::SeedableRng;

    #[test]
    fn a_sequential_step_is_a_legal_move_written_as_played() {
        let mut rng = SmallRng::seed_from_u64(3);
        let start = Position::start();
        let step = Sequential::random_step(&start, &mut rng).unwrap();
        assert_eq!(step.played, step.token);
        let mv = start.parse_move(&step.played).unwrap();
        assert_eq!(start.play(mv).fen(), step.next.fen());
        // Mated: the game is over, no step.
        let mated = Position::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        assert!(Sequential::random_step(&mated, &mut rng).is_none());
    }

    #[test]
    fn a_simultaneous_step_is_a_round_of_two_legal_orders() {
        let mut rng = SmallRng::seed_from_u64(3);
        let start = Ven::start();
        let step = Simultaneous::random_step(&start, &mut rng).unwrap();
        let (w, b) = start.parse_round(&step.played).unwrap();
        assert_eq!(step.token, start.format_order(w));
        assert_eq!(start.resolve(w, b).fen(), step.next.fen());
        assert_eq!(
            Simultaneous::<Ven>::check(&start, &Default::default()),
            Ok(())
        );
    }

    #[test]
    fn errors_must_be_one_line_and_parsed_moves_legal() {
        assert!(one_line("bad move 'x'").is_ok());
        assert!(one_line("").is_err());
        assert!(one_line("two\nlines").is_err());
        assert!(legal(3, &[1, 2, 3]).is_ok());
        assert!(legal(4, &[1, 2, 3]).is_err());
    }
}
