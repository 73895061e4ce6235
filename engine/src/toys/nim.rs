//! Subtraction Nim, with turns of one or several plies.

use crate::game::GameState;
use crate::game::{Game, Outcome, ParseError, Player, VariantOptions, WinReason};
use crate::option::{OptionSpec, OptionValue};
use arrayvec::ArrayVec;

/// The most objects one ply may take (the capacity of the move list).
const MAX_TAKE: u8 = 8;

/// Subtraction Nim: take 1 to `max_take` objects from a pile; whoever takes the last object
/// wins (the player to move at an empty pile has lost). A turn is `turn_plies` plies long, so
/// with 2 or 3 one player decides several plies in a row, as in 007.
///
/// FEN: `<pile> <max take> <turn plies> <plies played in the turn> <w|b>`; moves: the number
/// taken. The start (options `MaxTake`, `TurnPlies`) is a pile of 21.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    pile: u8,
    max_take: u8,
    turn_plies: u8,
    played: u8,
    player: Player,
}

impl Nim {
    /// A pile for White to move at the start of a turn.
    pub fn new(pile: u8, max_take: u8, turn_plies: u8) -> Self {
        assert!((1..=MAX_TAKE).contains(&max_take) && turn_plies >= 1);
        Nim {
            pile,
            max_take,
            turn_plies,
            played: 0,
            player: Player::White,
        }
    }
}

/// The options of [`Nim`]'s start position.
#[derive(Clone, Debug, Default)]
pub struct NimOptions {
    pub max_take: Option<u8>,
    pub turn_plies: Option<u8>,
}

impl VariantOptions for NimOptions {
    fn specs() -> &'static [OptionSpec] {
        const SPECS: [OptionSpec; 2] = [
            OptionSpec::spin("MaxTake", 3, 1, 5),
            OptionSpec::spin("TurnPlies", 1, 1, 3),
        ];
        &SPECS
    }
    fn apply(&mut self, name: &'static str, value: OptionValue) -> Result<(), ParseError> {
        // The declared ranges fit a u8.
        let OptionValue::Spin(n) = value else {
            return Err(ParseError::new(format!("option '{name}' is a spin")));
        };
        match name {
            "MaxTake" => self.max_take = Some(n as u8),
            "TurnPlies" => self.turn_plies = Some(n as u8),
            _ => return Err(ParseError::new(format!("unknown option '{name}'"))),
        }
        Ok(())
    }
}

impl GameState for Nim {
    type Options = NimOptions;
    const NAME: &'static str = "nim";

    fn start(o: &NimOptions) -> Self {
        Nim::new(21, o.max_take.unwrap_or(3), o.turn_plies.unwrap_or(1))
    }
    fn from_fen(fen: &str, _: &NimOptions) -> Result<Self, ParseError> {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let [pile, max_take, turn_plies, played, player] = f.as_slice() else {
            return Err(ParseError::new(format!(
                "bad FEN '{fen}': expected 5 fields"
            )));
        };
        let num = |t: &str, range: std::ops::RangeInclusive<u8>| match t.parse::<u8>() {
            Ok(n) if range.contains(&n) => Ok(n),
            _ => Err(ParseError::new(format!("bad FEN field '{t}'"))),
        };
        let turn_plies = num(turn_plies, 1..=u8::MAX)?;
        let player = match *player {
            "w" => Player::White,
            "b" => Player::Black,
            t => return Err(ParseError::new(format!("bad FEN side '{t}'"))),
        };
        Ok(Nim {
            pile: num(pile, 0..=u8::MAX)?,
            max_take: num(max_take, 1..=MAX_TAKE)?,
            turn_plies,
            played: num(played, 0..=turn_plies - 1)?,
            player,
        })
    }
    fn fen(&self) -> String {
        format!(
            "{} {} {} {} {}",
            self.pile,
            self.max_take,
            self.turn_plies,
            self.played,
            self.player.fen_char()
        )
    }
    fn key(&self) -> u64 {
        (self.pile as u64) << 16 | (self.played as u64) << 8 | self.player.index() as u64
    }
    fn halfmove_clock(&self) -> u32 {
        0
    }
}

impl Game for Nim {
    type Move = u8;
    type Moves = ArrayVec<u8, { MAX_TAKE as usize }>;
    const TURN_SEPARATOR: Option<char> = Some(',');
    fn to_move(&self) -> Player {
        self.player
    }
    fn legal_moves(&self, out: &mut Self::Moves) {
        (1..=self.max_take.min(self.pile)).for_each(|take| out.push(take));
    }
    fn play(&self, take: u8) -> Self {
        let mut next = self.clone();
        next.pile -= take;
        next.played += 1;
        if next.played == next.turn_plies {
            next.played = 0;
            next.player = next.player.other();
        }
        next
    }
    fn quick_outcome(&self) -> Option<Outcome> {
        None
    }
    fn stuck_outcome(&self) -> Outcome {
        // The empty pile: whoever played the ply before took the last object.
        let last = if self.played == 0 {
            self.player.other()
        } else {
            self.player
        };
        Outcome::win(last, WinReason::NoMoves)
    }
    super::plain_u8_moves!();
    fn evaluate_for_mover(&self) -> i32 {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_round_trips_and_bad_fields_are_named() {
        for fen in ["21 3 1 0 w", "4 3 3 2 b", "0 8 2 1 w"] {
            assert_eq!(
                Nim::from_fen(fen, &NimOptions::default()).unwrap().fen(),
                fen
            );
        }
        for (fen, token) in [
            ("21 3 1 0", "expected 5 fields"),
            ("21 9 1 0 w", "'9'"),
            ("21 0 1 0 w", "'0'"),
            ("21 3 0 0 w", "'0'"),
            ("21 3 2 2 w", "'2'"),
            ("x 3 1 0 w", "'x'"),
            ("21 3 1 0 x", "'x'"),
        ] {
            let e = Nim::from_fen(fen, &NimOptions::default()).unwrap_err();
            assert!(e.what().contains(token), "{fen}: {e}");
        }
    }

    #[test]
    fn a_turn_of_three_plies_stays_with_its_player_and_the_last_taker_wins() {
        let mut pos = Nim::new(5, 3, 3);
        for take in [1, 1] {
            pos = pos.play(take);
            assert_eq!(pos.to_move(), Player::White);
        }
        pos = pos.play(1);
        assert_eq!(pos.to_move(), Player::Black);
        // Black takes the last two objects in the first ply of his turn.
        let pos = pos.play(2);
        let mut moves = ArrayVec::new();
        pos.legal_moves(&mut moves);
        assert!(moves.is_empty());
        assert_eq!(
            pos.stuck_outcome(),
            Outcome::win(Player::Black, WinReason::NoMoves)
        );
    }
}
