//! The contracts every rule set implements.
//!
//! A [`Game`] is a *sequential* game: one player decides each ply. The player who decides
//! ([`Game::to_move`]) is not always the owner of the piece that moves (007 has enemy plies), and
//! one player may decide several plies in a row (007 turns), so search flips the score only when
//! `to_move()` changes. Ven, where both players write orders at once, has its own contract in
//! `simultaneous` and reuses the chess machinery underneath.
//!
//! Positions are values: [`Game::play`] returns the next position (copy-make). Variants keep
//! whatever extra state their rules need (travelling pieces, turn state, Detente sets) inside
//! their position type and hash it into [`GameState::key`].

pub use crate::parse_error::ParseError;

use crate::option::{self, OptionSpec, OptionValue};
use std::fmt;
use std::hash::Hash;
use std::ops::{Deref, DerefMut};

/// One of the two players. In most variants also the colour of the pieces a player owns.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Player {
    White,
    Black,
}

impl Player {
    pub const BOTH: [Player; 2] = [Player::White, Player::Black];

    #[inline(always)]
    pub const fn other(self) -> Player {
        match self {
            Player::White => Player::Black,
            Player::Black => Player::White,
        }
    }
    /// 0 for White, 1 for Black: an index into per-player arrays.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// +1 for White, -1 for Black.
    #[inline(always)]
    pub const fn sign(self) -> i32 {
        match self {
            Player::White => 1,
            Player::Black => -1,
        }
    }
    /// The FEN letter, `w` or `b`.
    pub const fn fen_char(self) -> char {
        match self {
            Player::White => 'w',
            Player::Black => 'b',
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::White => "white",
            Player::Black => "black",
        })
    }
}

/// How a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Outcome {
    Win { winner: Player, reason: WinReason },
    Draw(DrawReason),
}

impl Outcome {
    pub const fn win(winner: Player, reason: WinReason) -> Outcome {
        Outcome::Win { winner, reason }
    }
    /// PGN result string: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result_str(self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Player::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Player::Black,
                ..
            } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum WinReason {
    Checkmate,
    /// The loser's last royal piece was captured (Vanguard, 007 fast-and-deadly, Lene Hau).
    RoyalCaptured,
    /// The loser has no legal move and the variant scores that as a loss.
    NoMoves,
    /// Ven: the loser ended a round in check (or both were mated: see the variant).
    VariantRule(&'static str),
}

#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum DrawReason {
    Stalemate,
    FiftyMoves,
    Repetition,
    InsufficientMaterial,
    VariantRule(&'static str),
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{winner} wins by {reason:?}"),
            Outcome::Draw(reason) => write!(f, "draw by {reason:?}"),
        }
    }
}

/// A fixed-capacity list of moves owned by the caller: no allocation per node.
pub trait MoveList<M>: Default + Deref<Target = [M]> + DerefMut + Send + Sync {
    fn push(&mut self, m: M);
    fn clear(&mut self);
}

impl<M: Send + Sync, const N: usize> MoveList<M> for arrayvec::ArrayVec<M, N> {
    #[inline(always)]
    fn push(&mut self, m: M) {
        arrayvec::ArrayVec::push(self, m)
    }
    #[inline(always)]
    fn clear(&mut self) {
        arrayvec::ArrayVec::clear(self)
    }
}

/// A variant's options (007's `Schedule`, `Detente`, ...), set by name from the protocol. Each
/// is declared once in [`VariantOptions::specs`]; [`VariantOptions::set`] checks a value
/// against its declaration and hands it, typed, to [`VariantOptions::apply`].
pub trait VariantOptions: Clone + Default + Send + Sync + fmt::Debug + 'static {
    /// The options' declarations, in the order `uci` lists them.
    fn specs() -> &'static [OptionSpec] {
        &[]
    }
    /// Takes a value of option `name` (the declared name), already checked against its
    /// declaration; an error (a combination the rules refuse) leaves the options as they were.
    fn apply(&mut self, name: &'static str, value: OptionValue) -> Result<(), ParseError> {
        let _ = value;
        Err(ParseError::new(format!("unknown option '{name}'")))
    }
    /// Sets one option, its name in any case; the error names the bad name or value.
    fn set(&mut self, name: &str, value: &str) -> Result<(), ParseError> {
        let spec = option::find(Self::specs(), name)
            .ok_or_else(|| ParseError::with_token(format!("unknown option '{name}'"), name))?;
        let value = spec.parse(Some(value))?;
        self.apply(spec.name, value)
    }
    /// Whether option `name` changes the rules, so that both sides of a game must play by the
    /// same value (a match referee refuses it for one engine alone), rather than only how the
    /// engine plays (Lene Hau's `TimeTerms`).
    fn is_rule(name: &str) -> bool {
        let _ = name;
        true
    }
}

impl VariantOptions for () {}

/// How many distinct [`Game::history_key`]s the search's tables hold.
pub const HISTORY_KEYS: usize = 1024;

/// What every position has, whichever kind of game it belongs to: its variant's name and
/// options, its FEN, its key and its clock. [`Game`] (one player decides each ply) and
/// [`crate::simultaneous::SimultaneousGame`] (both write an order each round) extend it with how
/// the game goes on, so the code above the engine that needs only this is written once.
pub trait GameState: Clone + Send + Sync + 'static {
    type Options: VariantOptions;

    /// The `UCI_Variant` name.
    const NAME: &'static str;

    /// The start position.
    fn start(options: &Self::Options) -> Self;
    /// Parses the variant's FEN. Errors name the field and the token.
    fn from_fen(fen: &str, options: &Self::Options) -> Result<Self, ParseError>;
    fn fen(&self) -> String;

    /// Zobrist key of everything that decides the future of the game (pieces, player to move,
    /// rights, variant state), kept incrementally.
    fn key(&self) -> u64;

    /// Plies (Ven: orders, not rounds) since the last irreversible one; no repetition reaches
    /// further back.
    fn halfmove_clock(&self) -> u32;
}

/// A sequential game: the position type of one variant.
pub trait Game: GameState {
    type Move: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;
    /// The caller-owned move list, sized for the variant's largest legal move count.
    type Moves: MoveList<Self::Move>;

    /// What joins the plies of one turn in the variant's notation, where one player decides
    /// several plies in a row (007: `e2e4,e7e5,g1f3`); `None` where a turn is one move, so that
    /// a token such as `g1f3,e7e5` is one (malformed) move, never two plies.
    const TURN_SEPARATOR: Option<char> = None;

    /// Search techniques adopted for this game alone, each by a match of its own
    /// (docs/search.md): a search whose `Pruning` stands for the defaults (`all`) uses them too.
    const ADOPTED: &'static [crate::search::Technique] = &[];

    /// Plies quiescence search may play beyond the nominal depth before it settles for the
    /// static evaluation. Unbounded by default; a variant whose capture sequences branch widely
    /// (many ranged capturers on a large board) bounds them here.
    const QUIESCENCE_PLIES: usize = usize::MAX;

    /// Quiescence plies within which a player in check tries every legal move (no standing
    /// pat). Unbounded by default: where every move must end the check (chess), a run of checks
    /// ends with the captures that give them. A variant where a king may stay attacked (007's
    /// fast-and-deadly) bounds it, or a run of checks grows the tree without end; beyond the
    /// bound a player in check stands pat and tries only tactical moves.
    const QUIESCENCE_EVASION_PLIES: usize = usize::MAX;

    /// The player who decides the next ply.
    fn to_move(&self) -> Player;

    /// Appends the legal moves to `out` (which the caller has cleared).
    ///
    /// Empty exactly when the player to move is stuck (mate, stalemate) or the game was decided
    /// by a win/loss rule (a royal captured). Draw rules (50-move, repetition, material) never
    /// empty it: perft ignores them.
    fn legal_moves(&self, out: &mut Self::Moves);

    /// The number of legal moves: what perft counts at its last ply. A variant may count
    /// without listing the moves (bulk counting); it must equal `legal_moves`' length.
    fn count_legal_moves(&self) -> u64 {
        let mut moves = Self::Moves::default();
        self.legal_moves(&mut moves);
        moves.len() as u64
    }

    /// The position after `mv`, which must be legal here.
    fn play(&self, mv: Self::Move) -> Self;

    /// An outcome decided by the position alone, before any move is generated: a captured royal,
    /// the 50-move rule, insufficient material. Cheap enough to call at every search node.
    fn quick_outcome(&self) -> Option<Outcome>;

    /// The outcome when the player to move has no legal move (checkmate, stalemate, ...).
    fn stuck_outcome(&self) -> Outcome;

    /// The status by the rules of the position alone (repetition needs history: see
    /// [`crate::history::History`]).
    fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.quick_outcome() {
            return Some(o);
        }
        let mut moves = Self::Moves::default();
        self.legal_moves(&mut moves);
        moves.is_empty().then(|| self.stuck_outcome())
    }

    /// Whether the royal piece of the player to move is attacked (check extension, mate scoring).
    fn in_check(&self) -> bool;

    /// Whether `mv` (legal) may leave the player to move after it in check: `false` only where
    /// it surely does not, so that the search may judge a quiet move for pruning without making
    /// it. Always `true` by default (the move is made and its child asked).
    fn may_give_check(&self, mv: Self::Move) -> bool {
        let _ = mv;
        true
    }

    /// Whether `mv` captures anything (ordering, quiescence).
    fn is_capture(&self, mv: Self::Move) -> bool;

    /// Parses a move in the variant's notation and checks it is legal here.
    fn parse_move(&self, s: &str) -> Result<Self::Move, ParseError>;

    /// Formats a move in the variant's notation (output only: it allocates).
    fn format_move(&self, mv: Self::Move) -> String;

    /// The ply texts of a turn token (see [`Game::TURN_SEPARATOR`]), in order.
    fn turn_plies(token: &str) -> Vec<&str> {
        match Self::TURN_SEPARATOR {
            Some(sep) => token.split(sep).collect(),
            None => vec![token],
        }
    }

    /// Plies played in a row from here, as one turn token (output only: it allocates).
    fn format_turn(&self, plies: &[Self::Move]) -> String {
        let mut pos = self.clone();
        let mut text = String::new();
        for (i, &mv) in plies.iter().enumerate() {
            if i > 0 {
                text.push(Self::TURN_SEPARATOR.unwrap_or(' '));
            }
            text.push_str(&pos.format_move(mv));
            pos = pos.play(mv);
        }
        text
    }

    /// Static evaluation in centipawns from the point of view of [`Game::to_move`] (negamax
    /// wants it so). A simultaneous game has no side to move: its
    /// [`crate::simultaneous::SimultaneousGame::evaluate_for_white`] is White's view.
    fn evaluate_for_mover(&self) -> i32;

    // Hooks for search. Every default is sound for any game; a variant overrides them to let
    // search order and prune better.

    /// Material won at once by `mv`, in centipawns (what it captures, plus a promotion's gain):
    /// orders captures most valuable victim first and bounds quiescence (delta pruning).
    /// 0 = unknown.
    fn capture_value(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }

    /// Value of the piece `mv` moves, in centipawns: among captures of equal victims the least
    /// valuable attacker goes first (MVV-LVA). 0 = unknown.
    fn mover_value(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }

    /// Static exchange evaluation: whether `mv` wins at least `threshold` centipawns once the
    /// exchanges on its target are played out. `true` (prune nothing) where the game cannot tell.
    fn see_ge(&self, mv: Self::Move, threshold: i32) -> bool {
        let _ = (mv, threshold);
        true
    }

    /// Whether quiescence search plays `mv`: captures by default (chess adds promotions).
    fn is_tactical(&self, mv: Self::Move) -> bool {
        self.is_capture(mv)
    }

    /// Whether search may prune or reduce `mv` as a quiet move (futility, late move pruning and
    /// reductions): any move that is not tactical, by default. A game where a quiet move can
    /// still decide what another move does says `false` for it (Ven's serialized view: the
    /// reply that dodges or avenges a capture already written).
    fn is_quiet(&self, mv: Self::Move) -> bool {
        !self.is_tactical(mv)
    }

    /// The moves quiescence search tries when the player to move is not in check: appends to
    /// `out` (cleared by the caller) at least every legal move for which [`Game::is_tactical`]
    /// holds, since search skips the others, and returns whether `out` holds *every* legal
    /// move, so that an empty list means the player is stuck. The default lists every legal
    /// move; a variant with long move lists may generate only its tactical moves and return
    /// `false` (quiescence then stands pat where it finds none, stalemate or not).
    fn quiescence_moves(&self, out: &mut Self::Moves) -> bool {
        self.legal_moves(out);
        true
    }

    /// The position after the player to move passes (null-move pruning), or `None` where a pass
    /// would mislead search (zugzwang-prone material, a turn half played): the default, which
    /// turns null-move pruning off.
    fn play_null(&self) -> Option<Self> {
        None
    }

    /// What `mv` does, as a number below [`HISTORY_KEYS`], for the search's continuation
    /// history: moves with the same key share what it learns, so the piece moved (and its
    /// player) and the destination make a good key. `None` (the default): the search keys the
    /// move by a hash of it and the player to move.
    #[inline(always)]
    fn history_key(&self, mv: Self::Move) -> Option<u16> {
        let _ = mv;
        None
    }

    /// A hash of the position's slow-changing structure (chess: its pawns), for the search's
    /// correction history: positions sharing it share what searches found their static
    /// evaluation missed. 0 (the default): no structure, no correction.
    #[inline(always)]
    fn structure_key(&self) -> u64 {
        0
    }

    /// The player who picks `mv` among the moves of its [`Game::choice_group`]:
    /// [`Game::to_move`] by default. Where the rules let the other player finish a move (007's
    /// `OwnerPromotes`: the pawn's owner picks the letter of a promotion the controller makes),
    /// the moves of one group are *one* move for search, worth the chooser's best of them (the
    /// worst for `to_move()`). Perft and notation still count and name each move.
    #[inline(always)]
    fn chooser(&self, mv: Self::Move) -> Player {
        let _ = mv;
        self.to_move()
    }

    /// Moves with the same group and a chooser other than [`Game::to_move`] are one choice of
    /// that chooser (007: a promotion's from and to squares). Asked only of such moves.
    fn choice_group(&self, mv: Self::Move) -> u32 {
        let _ = mv;
        0
    }
}

/// Finds the legal move whose notation is `s`: the simple, always-correct way to parse moves,
/// shared by variants whose notation has one string per legal move.
pub fn find_legal_move<G: Game>(pos: &G, s: &str) -> Result<G::Move, ParseError> {
    let mut moves = G::Moves::default();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .copied()
        .find(|m| pos.format_move(*m) == s)
        .ok_or_else(|| ParseError::with_token(format!("illegal or malformed move '{s}'"), s))
}
