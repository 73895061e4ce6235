//! A game as a board shows it: the web board (`chimera serve`) and the picture renderer
//! (`chimera svg`) use this, never a variant's types. A [`BoardGame`] keeps one variant's game
//! (its start, the plies played, the history for repetition) and answers in text: the legal
//! plies in the variant's notation, the FEN, what each ply removed and why. Its searches run
//! through the protocol's own [`GameSession`], so the board plays exactly as the protocol does.

use crate::board_rounds::RoundGame;
use crate::command::{Go, Start};
use crate::error::CommandError;
use crate::registry::{self, Preset, VariantTask};
use crate::rounds::DescribeRounds;
use crate::session::{Describe, GameSession, SearchEnv, Session};
use chimera_engine::history::History;
use chimera_engine::{Outcome, ParseError, Player, VariantOptions};
use std::thread::JoinHandle;

/// A piece a ply took off the board, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Removed {
    pub square: String,
    pub piece: char,
    /// `captured` (the mover took its square), `approach`, `withdrawal`, `shot`, `swept`,
    /// `en passant`, `arrival` (Lene Hau: a piece ordered earlier arrived there).
    pub how: &'static str,
}

/// One ply as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyRecord {
    /// The player who decided it.
    pub player: Player,
    pub text: String,
    /// The decider moved the other colour's piece (a 007 enemy ply).
    pub enemy: bool,
    pub removed: Vec<Removed>,
    /// What the rules say happened, where a variant says more than the move (Ven's round
    /// report: `ok void:cap B`); empty otherwise.
    pub note: String,
}

/// The placement of a FEN as a grid: `rows[0]` is the top rank, `None` an empty square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The piece standing on each square; on a stack, the first of its letters.
    pub rows: Vec<Vec<Option<char>>>,
    /// Squares holding two or more standing pieces (Lene Hau's `[NP]`): `(file, rank)` and
    /// every letter, in the FEN's order.
    pub stacks: Vec<((usize, usize), String)>,
    /// Pieces under way (Lene Hau's seventh FEN field).
    pub travellers: Vec<Traveller>,
}

/// A piece travelling to its destination, seen on its current square (Lene Hau).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Traveller {
    pub piece: char,
    pub at: (usize, usize),
    pub to: (usize, usize),
    /// A castling rook committed on its corner, moved to `to` when its king arrives.
    pub committed: bool,
}

impl Grid {
    /// The grid of `fen`'s first field (ranks from the top, digit runs count empty squares,
    /// a bracket group is one square holding several pieces), with the travellers of a
    /// seventh field made of records such as `Ra4>a8` or `Rh1=f1`.
    pub fn from_fen(fen: &str) -> Result<Grid, ParseError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or_else(|| ParseError::new("empty FEN"))?;
        let mut rows = Vec::new();
        // (file, row from the top, letters) until the height is known.
        let mut groups = Vec::new();
        for rank in placement.split('/') {
            let mut row = Vec::new();
            let mut empty = 0usize;
            let mut chars = rank.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    empty = empty * 10 + d as usize;
                    if empty > 26 {
                        return Err(ParseError::new(format!("board rank '{rank}' is too long")));
                    }
                    if !chars.peek().is_some_and(|n| n.is_ascii_digit()) {
                        row.extend(std::iter::repeat_n(None, empty));
                        empty = 0;
                    }
                } else if c.is_ascii_alphabetic() {
                    row.push(Some(c));
                } else if c == '[' {
                    let letters: String = chars.by_ref().take_while(|&c| c != ']').collect();
                    if letters.is_empty() || !letters.chars().all(|c| c.is_ascii_alphabetic()) {
                        return Err(ParseError::new(format!(
                            "board rank '{rank}': cannot draw the group '[{letters}'"
                        )));
                    }
                    groups.push((row.len(), rows.len(), letters.clone()));
                    row.push(letters.chars().next());
                } else {
                    return Err(ParseError::new(format!(
                        "board rank '{rank}': cannot draw '{c}'"
                    )));
                }
            }
            rows.push(row);
        }
        let width = rows.first().map_or(0, Vec::len);
        if width == 0 || width > 26 || rows.len() > 26 || rows.iter().any(|r| r.len() != width) {
            return Err(ParseError::new(format!(
                "board '{placement}' is not a rectangle of at most 26x26 squares"
            )));
        }
        let height = rows.len();
        let stacks = groups
            .into_iter()
            .filter(|(_, _, letters)| letters.len() > 1)
            .map(|(file, row, letters)| ((file, height - 1 - row), letters))
            .collect();
        let travellers = fields.nth(5).map(travellers_of).unwrap_or_default();
        Ok(Grid {
            rows,
            stacks,
            travellers,
        })
    }

    /// Every piece standing on `(file, rank)`: a stack's letters, or the one piece.
    pub fn pieces_at(&self, file: usize, rank: usize) -> Vec<char> {
        match self.stacks.iter().find(|(sq, _)| *sq == (file, rank)) {
            Some((_, letters)) => letters.chars().collect(),
            None => self.at(file, rank).into_iter().collect(),
        }
    }

    pub fn width(&self) -> usize {
        self.rows.first().map_or(0, Vec::len)
    }

    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// The piece on `(file, rank)`, both from 0 at a1.
    pub fn at(&self, file: usize, rank: usize) -> Option<char> {
        let row = self.height().checked_sub(rank + 1)?;
        *self.rows.get(row)?.get(file)?
    }
}

/// A square's name (`a1`, `p16`) as `(file, rank)` from 0.
pub fn parse_square(name: &str) -> Option<(usize, usize)> {
    let mut chars = name.chars();
    let file = chars.next()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || digits.starts_with('0') {
        return None;
    }
    let rank: usize = digits.parse().ok()?;
    Some(((file as u8 - b'a') as usize, rank - 1))
}

pub fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// The squares a ply's text names, in order (`e4g5xh7`: e4, g5, h7). Every variant's notation
/// is coordinates, so this reads them all: from, to, then a shot target.
pub fn squares_of(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_lowercase() && bytes[i] != b'x' {
            let mut j = i + 1;
            while j < bytes.len() && j < i + 3 && bytes[j].is_ascii_digit() {
                j += 1;
            }
            if let Some(sq) = text.get(i..j).and_then(parse_square) {
                out.push(sq);
                i = j;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// The travellers of a FEN field such as `Pe3>e4,Kf1>g1,Rh1=f1`; none if any record is not
/// one (another variant's seventh field, such as 007's turn state).
fn travellers_of(field: &str) -> Vec<Traveller> {
    let record = |r: &str| {
        let piece = r.chars().next().filter(char::is_ascii_alphabetic)?;
        let rest = &r[1..];
        let (split, committed) = match (rest.find('>'), rest.find('=')) {
            (Some(i), None) => (i, false),
            (None, Some(i)) => (i, true),
            _ => return None,
        };
        Some(Traveller {
            piece,
            at: parse_square(&rest[..split])?,
            to: parse_square(&rest[split + 1..])?,
            committed,
        })
    };
    if field == "-" {
        return Vec::new();
    }
    field
        .split(',')
        .map(record)
        .collect::<Option<Vec<_>>>()
        .unwrap_or_default()
}

fn chebyshev(a: (usize, usize), b: (usize, usize)) -> usize {
    a.0.abs_diff(b.0).max(a.1.abs_diff(b.1))
}

/// What a ply of `text` took off the board, from the boards before and after it. `mover` is
/// the player who decided it (in 007 an enemy ply moves the other colour's piece, which the
/// board before it tells).
pub fn removed_by(
    variant: &str,
    text: &str,
    mover: Player,
    before: &Grid,
    after: &Grid,
) -> Vec<Removed> {
    if variant == "lene-hau" {
        return crowd_removed(text, mover, before, after);
    }
    let squares = squares_of(text);
    let Some(&from) = squares.first() else {
        return Vec::new();
    };
    let to = squares.get(1).copied().unwrap_or(from);
    let Some(mover) = before.at(from.0, from.1) else {
        return Vec::new();
    };
    let shot = text
        .contains('x')
        .then(|| squares.last().copied())
        .flatten();
    let mut out = Vec::new();
    for rank in 0..before.height() {
        for file in 0..before.width() {
            let Some(piece) = before.at(file, rank) else {
                continue;
            };
            // A victim is the other colour's, and the square no longer holds it.
            if piece.is_ascii_uppercase() == mover.is_ascii_uppercase()
                || after.at(file, rank) == Some(piece)
            {
                continue;
            }
            let sq = (file, rank);
            let how = if Some(sq) == shot {
                "shot"
            } else if variant.starts_with("double-ended") {
                // The approached piece stands beyond the destination, the withdrawn-from one
                // behind the origin (a step away, or a whole leap for the Deep Knight).
                match chebyshev(sq, to).cmp(&chebyshev(sq, from)) {
                    std::cmp::Ordering::Less => "approach",
                    std::cmp::Ordering::Greater => "withdrawal",
                    std::cmp::Ordering::Equal => "approach or withdrawal",
                }
            } else if sq == to {
                "captured"
            } else if piece.eq_ignore_ascii_case(&'p') && chebyshev(sq, to) == 1 {
                "en passant"
            } else {
                "swept"
            };
            out.push(Removed {
                square: square_name(file, rank),
                piece,
                how,
            });
        }
    }
    out
}

/// Lene Hau: the enemy pieces standing before and not after a turn, square by square (stacks
/// counted letter by letter). Arrivals remove them, also a pass's (the turn's travellers
/// arrive): on the order's own destination the order captured; behind it, en passant;
/// elsewhere an earlier order arrived.
fn crowd_removed(text: &str, mover: Player, before: &Grid, after: &Grid) -> Vec<Removed> {
    let to = squares_of(text).get(1).copied();
    let enemy = |c: char| c.is_ascii_uppercase() == (mover == Player::Black);
    let mut out = Vec::new();
    for rank in 0..before.height() {
        for file in 0..before.width() {
            let mut left = after.pieces_at(file, rank);
            for piece in before.pieces_at(file, rank) {
                if let Some(i) = left.iter().position(|&c| c == piece) {
                    left.swap_remove(i);
                    continue;
                }
                if !enemy(piece) {
                    continue;
                }
                let how = match to {
                    Some(t) if t == (file, rank) => "captured",
                    Some(t)
                        if piece.eq_ignore_ascii_case(&'p')
                            && t.0 == file
                            && t.1.abs_diff(rank) == 1 =>
                    {
                        "en passant"
                    }
                    _ => "arrival",
                };
                out.push(Removed {
                    square: square_name(file, rank),
                    piece,
                    how,
                });
            }
        }
    }
    out
}

/// The colour a FEN gives to move (its second field), `None` if it has none.
fn fen_color(fen: &str) -> Option<Player> {
    match fen.split_whitespace().nth(1)? {
        "w" => Some(Player::White),
        "b" => Some(Player::Black),
        _ => None,
    }
}

/// One browser game: a variant's game, played ply by ply. Errors name the bad token; on error
/// nothing changes.
pub trait BoardGame: Send {
    /// The `UCI_Variant` name.
    fn variant(&self) -> &'static str;
    fn start_fen(&self) -> String;
    fn fen(&self) -> String;
    /// The player who decides the next ply.
    fn to_move(&self) -> Player;
    /// Whether the king (sole royal) of the colour to move is attacked.
    fn in_check(&self) -> bool;
    /// The legal plies here, in the variant's notation; empty once the game is over.
    fn legal_plies(&self) -> Vec<String>;
    /// The result by the rules, repetition included.
    fn outcome(&self) -> Option<Outcome>;
    fn plies(&self) -> &[PlyRecord];
    /// Plays one ply.
    fn play(&mut self, ply: &str) -> Result<(), ParseError>;
    /// Keeps the first `plies` plies, taking the rest back.
    fn truncate(&mut self, plies: usize);
    /// Starts the protocol's search (or baseline player) of the current position; it prints
    /// `info` lines and `bestmove` on `env.out`.
    fn go(&self, go: &Go, env: SearchEnv) -> Result<JoinHandle<()>, CommandError>;
    /// The PGN `Variant` tag.
    fn pgn_variant(&self) -> &'static str;
    /// Whether each record of [`BoardGame::plies`] is a whole simultaneous round (Ven).
    fn simultaneous(&self) -> bool {
        false
    }
}

struct VariantGame<G: Describe> {
    name: &'static str,
    preset: Preset,
    /// User options after the preset, as given (to rebuild the session).
    options: Vec<(String, String)>,
    rules: G::Options,
    start: G,
    history: History<G>,
    plies: Vec<PlyRecord>,
    legal: Vec<String>,
}

impl<G: Describe> VariantGame<G> {
    fn refresh_legal(&mut self) {
        let pos = self.history.position();
        self.legal = if self.history.outcome().is_some() {
            Vec::new()
        } else {
            let mut moves = G::Moves::default();
            pos.legal_moves(&mut moves);
            moves.iter().map(|m| pos.format_move(*m)).collect()
        };
    }
}

impl<G: Describe> BoardGame for VariantGame<G> {
    fn variant(&self) -> &'static str {
        self.name
    }
    fn start_fen(&self) -> String {
        self.start.fen()
    }
    fn fen(&self) -> String {
        self.history.position().fen()
    }
    fn to_move(&self) -> Player {
        self.history.position().to_move()
    }
    fn in_check(&self) -> bool {
        self.history.position().in_check()
    }
    fn legal_plies(&self) -> Vec<String> {
        self.legal.clone()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.history.outcome()
    }
    fn plies(&self) -> &[PlyRecord] {
        &self.plies
    }

    fn play(&mut self, ply: &str) -> Result<(), ParseError> {
        if let Some(outcome) = self.history.outcome() {
            return Err(ParseError::with_token(
                format!("move '{ply}' after the game ended ({outcome})"),
                ply,
            ));
        }
        let pos = self.history.position().clone();
        let mv = pos.parse_move(ply).map_err(|e| {
            if e.token() == Some(ply) {
                e
            } else {
                ParseError::with_token(format!("move '{ply}': {e}"), ply)
            }
        })?;
        let before_fen = pos.fen();
        self.history.play(mv);
        let after_fen = self.history.position().fen();
        let text = pos.format_move(mv);
        let removed = match (Grid::from_fen(&before_fen), Grid::from_fen(&after_fen)) {
            (Ok(b), Ok(a)) => removed_by(self.name, &text, pos.to_move(), &b, &a),
            _ => Vec::new(),
        };
        // The colour on the board differs from the decider at a 007 enemy ply.
        let enemy = fen_color(&before_fen).is_some_and(|c| c != pos.to_move());
        self.plies.push(PlyRecord {
            player: pos.to_move(),
            text,
            enemy,
            removed,
            note: String::new(),
        });
        self.refresh_legal();
        Ok(())
    }

    fn truncate(&mut self, plies: usize) {
        if plies >= self.plies.len() {
            return;
        }
        let mut history = History::new(self.start.clone());
        for record in &self.plies[..plies] {
            // Each was legal when played from the same start: parsing again cannot fail.
            if let Ok(mv) = history.position().parse_move(&record.text) {
                history.play(mv);
            }
        }
        self.history = history;
        self.plies.truncate(plies);
        self.refresh_legal();
    }

    fn pgn_variant(&self) -> &'static str {
        // The variant's options as the game was opened with them (they were checked then).
        let mut options = G::Options::default();
        for (name, value) in self
            .preset
            .iter()
            .map(|(n, v)| (*n, *v))
            .chain(self.options.iter().map(|(n, v)| (n.as_str(), v.as_str())))
        {
            let _ = options.set(name, value);
        }
        G::pgn_name(self.name, &options)
    }

    fn go(&self, go: &Go, env: SearchEnv) -> Result<JoinHandle<()>, CommandError> {
        let mut session = GameSession::<G>::new(self.name, self.preset);
        for (name, value) in &self.options {
            session.set_option(name, value)?;
        }
        let moves: Vec<String> = self.plies.iter().map(|p| p.text.clone()).collect();
        session.set_position(&Start::Fen(self.start.fen()), &moves)?;
        session.go(go, env)
    }
}

struct Open<'a> {
    options: &'a [(String, String)],
    fen: Option<&'a str>,
}

impl VariantTask for Open<'_> {
    type Output = Result<Box<dyn BoardGame>, ParseError>;

    fn run<G: Describe>(self, name: &'static str, preset: Preset) -> Self::Output {
        let mut rules = G::Options::default();
        for (option, value) in preset {
            rules.set(option, value)?;
        }
        for (option, value) in self.options {
            rules.set(option, value)?;
        }
        let start = match self.fen.map(str::trim).filter(|f| !f.is_empty()) {
            None => G::start(&rules),
            Some(fen) => G::from_fen(fen, &rules)?,
        };
        let mut game = VariantGame::<G> {
            name,
            preset,
            options: self.options.to_vec(),
            rules,
            history: History::new(start.clone()),
            start,
            plies: Vec::new(),
            legal: Vec::new(),
        };
        let _ = &game.rules;
        game.refresh_legal();
        Ok(Box::new(game))
    }

    fn run_rounds<G: DescribeRounds>(self, name: &'static str, _: Preset) -> Self::Output {
        let mut rules = G::Options::default();
        for (option, value) in self.options {
            rules.set(option, value)?;
        }
        let start = match self.fen.map(str::trim).filter(|f| !f.is_empty()) {
            None => G::start(&rules),
            Some(fen) => G::from_fen(fen, &rules)?,
        };
        Ok(Box::new(RoundGame::new(name, start)))
    }
}

/// A new game of `variant` (a `UCI_Variant` name, any case) with its `options` set in order,
/// from `fen` or the start position.
pub fn open(
    variant: &str,
    options: &[(String, String)],
    fen: Option<&str>,
) -> Result<Box<dyn BoardGame>, ParseError> {
    registry::with_variant(variant, Open { options, fen })
        .unwrap_or_else(|| Err(ParseError::new(format!("unknown variant '{variant}'"))))
}

/// Each variant's options as `uci` lists them: `(variant, [(name, spec)])`.
pub fn variants() -> Vec<(&'static str, &'static [chimera_engine::option::OptionSpec])> {
    registry::sessions()
        .iter()
        .map(|s| (s.name(), s.option_specs()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_read_from_every_notation() {
        assert_eq!(squares_of("e2e4"), vec![(4, 1), (4, 3)]);
        assert_eq!(squares_of("e7e8q"), vec![(4, 6), (4, 7)]);
        assert_eq!(squares_of("h8xf7"), vec![(7, 7), (5, 6)]);
        assert_eq!(squares_of("e4g5xh7"), vec![(4, 3), (6, 4), (7, 6)]);
        assert_eq!(squares_of("a10a12"), vec![(0, 9), (0, 11)]);
        assert_eq!(squares_of("k14k16l"), vec![(10, 13), (10, 15)]);
        assert!(squares_of("0000").is_empty());
    }

    #[test]
    fn a_chess_game_is_played_taken_back_and_refused_bad_plies() {
        let mut g = open("chess", &[], None).unwrap();
        assert_eq!(g.legal_plies().len(), 20);
        for bad in ["e2e5", "zz", "e7e5", ""] {
            let e = g.play(bad).unwrap_err();
            assert!(e.what().contains(&format!("'{bad}'")), "{e}");
        }
        assert!(g.plies().is_empty());
        for ply in ["e2e4", "d7d5", "e4d5"] {
            g.play(ply).unwrap();
        }
        let last = g.plies().last().unwrap();
        assert_eq!(last.removed.len(), 1);
        assert_eq!(last.removed[0].square, "d5");
        assert_eq!(last.removed[0].how, "captured");
        g.truncate(1);
        assert_eq!(g.plies().len(), 1);
        assert_eq!(g.to_move(), Player::Black);
        assert!(g.legal_plies().contains(&"d7d5".to_string()));
    }

    #[test]
    fn unknown_variants_options_and_fens_are_named() {
        let e = open("shogi", &[], None).err().unwrap();
        assert!(e.what().contains("'shogi'"), "{e}");
        let e = open("chess", &[], Some("rnbqk/8 w")).err().unwrap();
        assert!(!e.what().is_empty());
        let opts = vec![("Schedule".to_string(), "weekly".to_string())];
        let e = open("007", &opts, None).err().unwrap();
        assert!(e.what().contains("weekly"), "{e}");
    }

    #[test]
    fn a_007_turn_marks_its_enemy_ply() {
        let mut g = open("007", &[], None).unwrap();
        // A standard turn: friendly, enemy, friendly, all White's choice.
        for ply in ["e2e4", "e7e5", "g1f3"] {
            assert_eq!(g.to_move(), Player::White);
            g.play(ply).unwrap();
        }
        assert_eq!(g.to_move(), Player::Black);
        let enemy: Vec<bool> = g.plies().iter().map(|p| p.enemy).collect();
        assert_eq!(enemy, [false, true, false]);
    }

    #[test]
    fn lene_hau_stacks_and_travellers_are_read_from_the_fen() {
        let grid = Grid::from_fen("4k3/8/8/8/8/5[NP]2/8/4K2R w K - 0 1 Kf1>g1,Rh1=f1").unwrap();
        assert_eq!(grid.at(5, 2), Some('N'));
        assert_eq!(grid.pieces_at(5, 2), ['N', 'P']);
        assert_eq!(grid.pieces_at(4, 7), ['k']);
        assert_eq!(grid.stacks, [((5, 2), "NP".to_string())]);
        let expected = [
            Traveller {
                piece: 'K',
                at: (5, 0),
                to: (6, 0),
                committed: false,
            },
            Traveller {
                piece: 'R',
                at: (7, 0),
                to: (5, 0),
                committed: true,
            },
        ];
        assert_eq!(grid.travellers, expected);
        // 007's seventh field is its turn state, not travellers.
        let grid = Grid::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1 w1/3").unwrap();
        assert!(grid.travellers.is_empty());
        assert!(Grid::from_fen("8/8/8/8/8/5[N2/8/8 w - - 0 1").is_err());
    }

    #[test]
    fn lene_hau_arrivals_say_what_they_removed() {
        // Rules §11 Example 4: the king steps and the rook arrives on d5, removing the knight
        // and the pawn standing there but not the bishop travelling through.
        let fen = "4k3/8/8/3[np]4/8/8/8/4K3 w - - 0 1 Rd4>d5,bd5>b3";
        let mut g = open("lene-hau", &[], Some(fen)).unwrap();
        g.play("e1e2").unwrap();
        let removed: Vec<(&str, char, &str)> = g.plies()[0]
            .removed
            .iter()
            .map(|r| (r.square.as_str(), r.piece, r.how))
            .collect();
        assert_eq!(removed, [("d5", 'n', "arrival"), ("d5", 'p', "arrival")]);
        // Example 9: en passant removes the pawn behind the destination.
        let mut g = open("lene-hau", &[], Some("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1 -")).unwrap();
        g.play("d4e3").unwrap();
        let r = &g.plies()[0].removed;
        assert_eq!(
            (r.len(), r[0].square.as_str(), r[0].how),
            (1, "e4", "en passant")
        );
    }

    #[test]
    fn double_ended_captures_say_approach_or_withdrawal() {
        // The white rook a3 withdraws from the black knight a2; then one approaches a4.
        let mut g = open("double-ended", &[], Some("4k3/8/8/8/8/R7/n7/4K3 w - - 0 1")).unwrap();
        g.play("a3a5").unwrap();
        let removed = &g.plies()[0].removed;
        assert_eq!(removed.len(), 1);
        assert_eq!(
            (removed[0].square.as_str(), removed[0].how),
            ("a2", "withdrawal")
        );
        let mut g = open("double-ended", &[], Some("4k3/8/8/8/n7/8/8/R3K3 w - - 0 1")).unwrap();
        g.play("a1a3").unwrap();
        let removed = &g.plies()[0].removed;
        assert_eq!(removed.len(), 1);
        assert_eq!(removed[0].square, "a4");
        assert_eq!(removed[0].how, "approach");
        // A Deep Knight d4-e6 takes c2 by withdrawal and f8 by approach (rules §4.3's example).
        let fen = "5r2/8/8/8/3N4/8/2n5/K6k w - - 0 1";
        let mut g = open("double-ended-deep", &[], Some(fen)).unwrap();
        g.play("d4e6").unwrap();
        let hows: Vec<(&str, &str)> = g.plies()[0]
            .removed
            .iter()
            .map(|r| (r.square.as_str(), r.how))
            .collect();
        assert_eq!(hows, [("c2", "withdrawal"), ("f8", "approach")]);
    }
}
