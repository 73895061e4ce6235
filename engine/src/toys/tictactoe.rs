//! Tic-tac-toe: a real game with transpositions and draws. FEN: the nine cells, row by row,
//! `X`, `O` or `.`; moves: the cell's index.

use crate::game::GameState;
use crate::game::{DrawReason, Game, Outcome, ParseError, Player, WinReason};
use arrayvec::ArrayVec;

#[derive(Clone, Debug)]
pub struct TicTacToe {
    cells: [u8; 9],
    player: Player,
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl TicTacToe {
    /// The position of nine cells (`X`, `O`, anything else empty); X moves first.
    pub fn from_cells(s: &str) -> Self {
        let cells: Vec<u8> = s
            .bytes()
            .map(|b| match b {
                b'X' => 1,
                b'O' => 2,
                _ => 0,
            })
            .collect();
        let xs = cells.iter().filter(|c| **c == 1).count();
        let os = cells.iter().filter(|c| **c == 2).count();
        let player = if xs == os {
            Player::White
        } else {
            Player::Black
        };
        TicTacToe {
            cells: cells.try_into().unwrap(),
            player,
        }
    }
    fn winner(&self) -> Option<Player> {
        LINES.iter().find_map(|l| {
            let c = self.cells[l[0]];
            let player = if c == 1 { Player::White } else { Player::Black };
            (c != 0 && l.iter().all(|i| self.cells[*i] == c)).then_some(player)
        })
    }
}

impl GameState for TicTacToe {
    type Options = ();
    const NAME: &'static str = "tictactoe";

    fn start(_: &()) -> Self {
        TicTacToe::from_cells(".........")
    }
    fn from_fen(s: &str, _: &()) -> Result<Self, ParseError> {
        if s.len() != 9 || !s.bytes().all(|b| b"XO.".contains(&b)) {
            return Err(ParseError::new(format!("bad FEN '{s}': nine of X, O, .")));
        }
        Ok(TicTacToe::from_cells(s))
    }
    fn fen(&self) -> String {
        self.cells
            .iter()
            .map(|c| ['.', 'X', 'O'][*c as usize])
            .collect()
    }
    fn key(&self) -> u64 {
        self.cells
            .iter()
            .fold(self.player.index() as u64, |k, c| k * 3 + *c as u64)
    }
    fn halfmove_clock(&self) -> u32 {
        0
    }
}

impl Game for TicTacToe {
    type Move = u8;
    type Moves = ArrayVec<u8, 9>;
    fn to_move(&self) -> Player {
        self.player
    }
    fn legal_moves(&self, out: &mut Self::Moves) {
        if self.winner().is_none() {
            (0..9u8)
                .filter(|i| self.cells[*i as usize] == 0)
                .for_each(|i| out.push(i));
        }
    }
    fn play(&self, mv: u8) -> Self {
        let mut next = self.clone();
        next.cells[mv as usize] = 1 + self.player.index() as u8;
        next.player = self.player.other();
        next
    }
    fn quick_outcome(&self) -> Option<Outcome> {
        self.winner()
            .map(|w| Outcome::win(w, WinReason::VariantRule("three in a row")))
    }
    fn stuck_outcome(&self) -> Outcome {
        self.quick_outcome()
            .unwrap_or(Outcome::Draw(DrawReason::Stalemate))
    }
    super::plain_u8_moves!();
    fn evaluate_for_mover(&self) -> i32 {
        // Open lines for me minus open lines for the opponent: enough for ordering.
        let me = 1 + self.player.index() as u8;
        LINES
            .iter()
            .map(|l| {
                let mine = l.iter().any(|i| self.cells[*i] == me);
                let theirs = l.iter().any(|i| self.cells[*i] == 3 - me);
                (!theirs) as i32 - (!mine) as i32
            })
            .sum()
    }
}
