//! Properties over seeded random games in every mode: the Detente filter against a reference
//! that follows piece identities (not squares), counting against listing, keys against keys
//! computed from scratch, FEN out then in, ply notation out then in.

use super::*;
use crate::variants::chess::Move;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

const MODES: [&str; 8] = [
    "standard",
    "balanced",
    "progressive",
    "standard+detente",
    "balanced+detente",
    "standard+fast",
    "standard+fast+detente",
    "progressive+fast",
];

/// Piece identities and the Detente state kept the reference's way: by id, not by square.
struct Reference {
    ids: [Option<u32>; 64],
    first: Vec<u32>,
    previous_enemy: Vec<u32>,
}

impl Reference {
    fn new(p: &Position) -> Reference {
        let mut ids = [None; 64];
        for (i, id) in ids.iter_mut().enumerate() {
            if p.board().occupied().has(crate::Square(i as u8)) {
                *id = Some(i as u32);
            }
        }
        Reference {
            ids,
            first: Vec::new(),
            previous_enemy: Vec::new(),
        }
    }

    fn movers(&self, mv: Move) -> Vec<u32> {
        let mut v = vec![self.ids[mv.from().index()].unwrap()];
        if let Some((rook, _)) = mv.castling_rook() {
            v.push(self.ids[rook.index()].unwrap());
        }
        v
    }

    fn victim(&self, mv: Move) -> Option<u32> {
        mv.captured_square().map(|sq| self.ids[sq.index()].unwrap())
    }

    /// §6.2 by identities.
    fn legal(&self, p: &Position, unfiltered: &[Move]) -> Vec<String> {
        let mut list: Vec<Move> = unfiltered.to_vec();
        if p.options().detente && p.is_friendly_ply() {
            list.retain(|m| {
                !self
                    .victim(*m)
                    .is_some_and(|v| self.previous_enemy.contains(&v))
            });
            let others: Vec<Move> = list
                .iter()
                .copied()
                .filter(|m| self.movers(*m).iter().all(|id| !self.first.contains(id)))
                .collect();
            if !others.is_empty() {
                list = others;
            }
        }
        let mut v: Vec<String> = list.iter().map(|m| m.to_string()).collect();
        v.sort();
        v
    }

    fn play(&mut self, p: &Position, mv: Move) {
        let movers = self.movers(mv);
        let victim = self.victim(mv);
        if let Some(sq) = mv.captured_square() {
            self.ids[sq.index()] = None;
        }
        if let Some((from, to)) = mv.castling_rook() {
            self.ids[to.index()] = self.ids[from.index()].take();
        }
        self.ids[mv.to().index()] = self.ids[mv.from().index()].take();
        if p.turn().is_last_ply() {
            self.first.clear();
            self.previous_enemy.clear();
        } else if p.is_friendly_ply() {
            self.first = movers;
            self.previous_enemy.clear();
        } else {
            self.first.retain(|id| Some(*id) != victim);
            self.previous_enemy = movers;
        }
    }
}

#[test]
fn random_games_keep_every_property_in_every_mode() {
    let mut rng = SmallRng::seed_from_u64(7);
    let (mut filtered_plies, mut kings_taken) = (0, 0);
    for modes in MODES {
        let options = opts(modes);
        for _ in 0..12 {
            let mut p = Position::start(&options);
            let mut reference = Reference::new(&p);
            for _ in 0..160 {
                let mut unfiltered = MoveList::new();
                p.unfiltered_plies(&mut unfiltered);
                let list = plies(&p);
                assert_eq!(
                    list,
                    reference.legal(&p, &unfiltered),
                    "{modes}: {}",
                    p.fen()
                );
                filtered_plies += unfiltered.len() - list.len();
                assert_eq!(p.key(), p.compute_key());
                if p.king_taken().is_some() {
                    // A board without a king is no FEN to read back: the game is over.
                    assert!(list.is_empty() && p.quick_outcome().is_some());
                    kings_taken += 1;
                    break;
                }
                assert_eq!(pos(&p.fen(), modes), p, "FEN round trip of {}", p.fen());
                if list.is_empty() || p.quick_outcome().is_some() {
                    break;
                }
                let mut moves = MoveList::new();
                p.legal_moves(&mut moves);
                for m in &moves {
                    assert_eq!(p.parse_move(&p.format_move(*m)), Ok(*m));
                }
                // Captures now and then, so games reach kings captured and endings.
                let captures: Vec<Move> =
                    moves.iter().copied().filter(|m| m.is_capture()).collect();
                let mv = if !captures.is_empty() && rng.random_range(0..3) == 0 {
                    captures[rng.random_range(0..captures.len())]
                } else {
                    moves[rng.random_range(0..moves.len())]
                };
                reference.play(&p, mv);
                p = p.play(mv);
            }
        }
    }
    assert!(
        filtered_plies > 100,
        "the games exercise the Detente filter"
    );
    assert!(kings_taken > 5, "fast-and-deadly games end by king capture");
}
