//! The sequential view of a simultaneous game: each round is serialized as two plies. One side
//! (the *first writer*) writes its order; the other writes knowing it; then the round resolves.
//! [`Serial`] implements [`Game`], so the generic alpha-beta, its transposition table and Lazy
//! SMP search a simultaneous game without a fork.
//!
//! The second writer sees the first writer's order, which is an advantage the real game does
//! not give: searched with White writing first, the value is White's *maximin* (a lower bound of
//! the round's value for White); with Black writing first, White's *minimax* (an upper bound).
//! Where the two meet, the round has a pure saddle point; elsewhere the root builds a matrix
//! game ([`super::root`]).

use super::SimultaneousGame;
use crate::game::GameState;
use crate::game::{DrawReason, Game, Outcome, ParseError, Player};
use std::hash::{Hash, Hasher};

/// A simultaneous position seen as a sequence of plies, with `first` writing first in every
/// round, and the first writer's order once it is written.
#[derive(Clone, Debug)]
pub struct Serial<G: SimultaneousGame> {
    pos: G,
    first: Player,
    /// The first writer of the rounds after this one: `first` but at the root of the saddle
    /// test ([`Serial::opening`]), whose later rounds are the main search's.
    later: Player,
    pending: Option<G::Order>,
}

impl<G: SimultaneousGame> Serial<G> {
    /// `pos` at the start of a round, with `first` writing first.
    pub fn new(pos: G, first: Player) -> Self {
        Serial {
            pos,
            first,
            later: first,
            pending: None,
        }
    }

    /// `pos` at the start of a round in which `first` writes first, with `later` writing
    /// first in every round after it: the root's saddle test, whose later rounds (their keys
    /// and table entries) are those of the main search in which `later` writes first.
    pub fn opening(pos: G, first: Player, later: Player) -> Self {
        Serial {
            later,
            ..Serial::new(pos, first)
        }
    }

    /// The position at the start of the current round.
    pub fn position(&self) -> &G {
        &self.pos
    }

    /// The side that writes first in every round of this view.
    pub fn first_writer(&self) -> Player {
        self.first
    }

    /// The key this view gives a position at the start of a round whose own key is `key`, with
    /// `first` writing first: how a game's history of round keys reads in this view.
    pub fn round_key(key: u64, first: Player) -> u64 {
        match first {
            Player::White => key,
            Player::Black => key ^ BLACK_FIRST_KEY,
        }
    }

    /// The first writer's order, once written (the second writer is to move).
    pub fn pending(&self) -> Option<G::Order> {
        self.pending
    }
}

/// Folds an order into 64 bits for the key (a multiply-xorshift mix of whatever `Hash` writes).
struct OrderHasher(u64);

impl Hasher for OrderHasher {
    fn finish(&self) -> u64 {
        let mut x = self.0 ^ (self.0 >> 31);
        x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^ (x >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ *b as u64).wrapping_mul(0x100_0000_01B3);
        }
    }
}

/// Keys that tell the views apart: the second writer to move, and which side writes first.
const PENDING_KEY: u64 = 0x6A09_E667_F3BC_C909;
const BLACK_FIRST_KEY: u64 = 0xBB67_AE85_84CA_A73B;
/// A round whose later rounds have the other first writer ([`Serial::opening`]).
const OPENING_KEY: u64 = 0x3C6E_F372_FE94_F82B;

impl<G: SimultaneousGame> GameState for Serial<G> {
    type Options = G::Options;
    const NAME: &'static str = G::NAME;

    fn start(options: &G::Options) -> Self {
        Serial::new(G::start(options), Player::White)
    }

    fn from_fen(fen: &str, options: &G::Options) -> Result<Self, ParseError> {
        Ok(Serial::new(G::from_fen(fen, options)?, Player::White))
    }

    fn fen(&self) -> String {
        self.pos.fen()
    }

    #[inline]
    fn key(&self) -> u64 {
        let mut key = Self::round_key(self.pos.key(), self.first);
        if self.later != self.first {
            key ^= OPENING_KEY;
        }
        if let Some(order) = self.pending {
            let mut h = OrderHasher(PENDING_KEY);
            order.hash(&mut h);
            key ^= h.finish();
        }
        key
    }

    fn halfmove_clock(&self) -> u32 {
        self.pos.halfmove_clock() + self.pending.is_some() as u32
    }
}

impl<G: SimultaneousGame> Game for Serial<G> {
    type Move = G::Order;
    type Moves = G::Orders;
    /// A side in check searches every order in quiescence, and in Ven both kings may stay in
    /// check round after round (two kings' moves voided, R13, R20): the same position again,
    /// which quiescence does not detect. Without a bound one such line ran for minutes.
    const QUIESCENCE_PLIES: usize = 8;

    #[inline]
    fn to_move(&self) -> Player {
        match self.pending {
            None => self.first,
            Some(_) => self.first.other(),
        }
    }

    #[inline]
    fn legal_moves(&self, out: &mut G::Orders) {
        self.pos.orders(self.to_move(), out)
    }

    #[inline]
    fn quiescence_moves(&self, out: &mut G::Orders) -> bool {
        self.pos.quiescence_orders(self.to_move(), out)
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        self.pos.count_orders(self.to_move())
    }

    #[inline]
    fn play(&self, order: G::Order) -> Self {
        match self.pending {
            None => Serial {
                pending: Some(order),
                ..self.clone()
            },
            Some(first) => {
                let (white, black) = match self.first {
                    Player::White => (first, order),
                    Player::Black => (order, first),
                };
                Serial::new(self.pos.resolve(white, black), self.later)
            }
        }
    }

    /// Draws by the clock and material, at the start of a round only (the mates and
    /// stalemates come from an empty order list, through `stuck_outcome`).
    fn quick_outcome(&self) -> Option<Outcome> {
        if self.pending.is_some() {
            return None;
        }
        self.pos.rule_draw()
    }

    fn stuck_outcome(&self) -> Outcome {
        self.pos
            .outcome()
            .unwrap_or(Outcome::Draw(DrawReason::Stalemate))
    }

    fn in_check(&self) -> bool {
        self.pos.in_check(self.to_move())
    }

    fn is_capture(&self, order: G::Order) -> bool {
        self.pos.is_capture(self.to_move(), order)
    }

    /// The second writer's answers to the first writer's capture (dodging or avenging it) are
    /// quiet on the board, but they decide whether the capture happens at all: never pruned
    /// or reduced. (Quiescence still plays captures only: it stands pat on them instead.)
    #[inline]
    fn is_quiet(&self, order: G::Order) -> bool {
        !self.is_tactical(order)
            && self
                .pending
                .is_none_or(|written| !self.pos.answers(self.to_move(), order, written))
    }

    fn capture_value(&self, order: G::Order) -> i32 {
        self.pos.capture_value(self.to_move(), order)
    }

    fn parse_move(&self, s: &str) -> Result<G::Order, ParseError> {
        self.pos.parse_order(self.to_move(), s)
    }

    fn format_move(&self, order: G::Order) -> String {
        self.pos.format_order(order)
    }

    /// The position's evaluation; once the first writer has written, counting what its order
    /// captures as written: standing pat there must not forget a capture about to happen.
    fn evaluate_for_mover(&self) -> i32 {
        let mut white = self.pos.evaluate_for_white();
        if let Some(order) = self.pending {
            white += self.first.sign() * self.pos.capture_value(self.first, order);
        }
        white * self.to_move().sign()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{self, Control, Limits, Pruning, SearchParams, TranspositionTable};
    use crate::toys::Pennies;

    fn value(pos: Pennies, first: Player, depth: u32) -> i32 {
        let params = SearchParams {
            limits: Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            pruning: Pruning::NONE,
            ..SearchParams::default()
        };
        let tt = TranspositionTable::new(1);
        let root = Serial::new(pos, first);
        search::search(&root, &[], &params, &tt, &Control::default(), &mut |_| {}).score
    }

    #[test]
    fn the_second_writer_wins_every_round_of_pennies() {
        // One round left at a tie: whoever writes second matches (White) or differs (Black).
        let pos = Pennies { left: 1, lead: 0 };
        assert!(
            value(pos, Player::White, 2) < 0,
            "Black writes second and wins"
        );
        assert!(
            value(pos, Player::Black, 2) < 0,
            "White writes second: Black, to move, loses"
        );
        // Three rounds: the second writer takes all of them.
        let pos = Pennies::start(&());
        assert!(value(pos, Player::White, 6) < -1000);
    }

    #[test]
    fn a_round_is_two_plies_and_the_key_tells_them_apart() {
        let root = Serial::new(Pennies::start(&()), Player::White);
        assert_eq!(root.to_move(), Player::White);
        let half = root.play(1);
        assert_eq!(half.to_move(), Player::Black);
        assert_ne!(half.key(), root.key());
        assert_ne!(half.key(), root.play(0).key());
        let next = half.play(1);
        assert_eq!(next.position(), &Pennies { left: 2, lead: 1 });
        assert_eq!(next.to_move(), Player::White);
        let black_first = Serial::new(Pennies::start(&()), Player::Black);
        assert_eq!(black_first.to_move(), Player::Black);
        assert_ne!(black_first.key(), root.key());
        // Black wrote 0 first, White answers 1: the coins differ, Black takes the round.
        assert_eq!(black_first.play(0).play(1).position().lead, -1);
    }

    #[test]
    fn an_opening_round_hands_over_to_the_later_first_writer() {
        // Black writes first at the root only; the next round is White-first, as the main
        // search's, with the same key; the root's key differs from both views'.
        let start = Pennies::start(&());
        let opening = Serial::opening(start, Player::Black, Player::White);
        assert_eq!(opening.to_move(), Player::Black);
        assert_ne!(opening.key(), Serial::new(start, Player::Black).key());
        assert_ne!(opening.key(), Serial::new(start, Player::White).key());
        let next = opening.play(0).play(1);
        assert_eq!(next.to_move(), Player::White);
        let main = Serial::new(start, Player::White).play(1).play(0);
        assert_eq!(next.position(), main.position());
        assert_eq!(next.key(), main.key());
        assert_eq!(next.play(1).to_move(), Player::Black);
    }
}
