//! A game as a board shows it: the web board (`chimera serve`) and the picture renderer
//! (`chimera svg`) use this, never a variant's types. A [`BoardGame`] keeps one variant's game
//! (its start, the plies played, the history for repetition) and answers in the engine's
//! board types: the position as a [`BoardView`], each ply with its [`PlyEffects`] (a Ven round
//! with its [`RoundEffects`]), as the variant itself says them; the legal plies and the FEN in
//! the variant's notation. Its searches run through the protocol's own sessions, so the board
//! plays exactly as the protocol does.

mod rounds;
mod sequential;

use chimera_engine::board_view::{BoardView, PlyEffects, Removed, RoundEffects};
use chimera_engine::{Outcome, ParseError, Player};
use chimera_protocol::command::Go;
use chimera_protocol::error::CommandError;
use chimera_protocol::registry::{self, Preset, VariantTask};
use chimera_protocol::rounds::DescribeRounds;
use chimera_protocol::session::{Describe, SearchEnv};
use std::thread::JoinHandle;

/// What one record of the move list did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effects {
    Ply(PlyEffects),
    /// A whole simultaneous round (Ven).
    Round(RoundEffects),
}

/// One ply (a Ven round) as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyRecord {
    /// The player who decided it (White for a round).
    pub player: Player,
    /// In the variant's notation, as the protocol reads it (`e2e4`; a round `e2e4,e7e5`).
    pub text: String,
    /// As the move list shows it: the spec's notation (SAN in chess).
    pub notation: String,
    pub effects: Effects,
}

impl PlyRecord {
    /// The decider moved the other colour's man (a 007 enemy ply).
    pub fn enemy(&self) -> bool {
        matches!(&self.effects, Effects::Ply(e) if e.enemy)
    }

    pub fn removed(&self) -> &[Removed] {
        match &self.effects {
            Effects::Ply(e) => &e.removed,
            Effects::Round(r) => &r.removed,
        }
    }

    /// What the rules say happened beyond the move: a round's report (`ok void:cap B`).
    pub fn note(&self) -> &str {
        match &self.effects {
            Effects::Ply(_) => "",
            Effects::Round(r) => &r.report,
        }
    }
}

/// One browser game: a variant's game, played ply by ply. Errors name the bad token; on error
/// nothing changes.
pub trait BoardGame: Send {
    /// The `UCI_Variant` name.
    fn variant(&self) -> &'static str;
    fn start_fen(&self) -> String;
    fn fen(&self) -> String;
    /// The position as the board shows it (a Ven round's written order stays hidden).
    fn view(&self) -> BoardView;
    /// The player who decides the next ply.
    fn to_move(&self) -> Player;
    /// Whether the king (sole royal) of the colour to move is attacked.
    fn in_check(&self) -> bool;
    /// The legal plies here, in the variant's notation; empty once the game is over.
    fn legal_plies(&self) -> Vec<String>;
    /// The result by the rules, repetition included.
    fn outcome(&self) -> Option<Outcome>;
    fn plies(&self) -> &[PlyRecord];
    /// Plays one ply (one order of a round).
    fn play(&mut self, ply: &str) -> Result<(), ParseError>;
    /// Plays a turn token as the protocol writes it: a 007 turn's plies, a Ven order or a whole
    /// round `WHITE,BLACK`; the variant splits it. Stops at the game's end; on error the plies
    /// of the token already played are taken back.
    fn play_turn(&mut self, token: &str) -> Result<(), ParseError>;
    /// Keeps the first `plies` plies, taking the rest back.
    fn truncate(&mut self, plies: usize);
    /// The same game, to look at an earlier position without changing this one.
    fn boxed_clone(&self) -> Box<dyn BoardGame>;
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

struct Open<'a> {
    options: &'a [(String, String)],
    fen: Option<&'a str>,
}

impl VariantTask for Open<'_> {
    type Output = Result<Box<dyn BoardGame>, ParseError>;

    fn run<G: Describe>(self, name: &'static str, preset: Preset) -> Self::Output {
        sequential::VariantGame::<G>::open(name, preset, self.options, self.fen)
            .map(|g| Box::new(g) as Box<dyn BoardGame>)
    }

    fn run_rounds<G: DescribeRounds>(self, name: &'static str, _: Preset) -> Self::Output {
        rounds::RoundGame::<G>::open(name, self.options, self.fen)
            .map(|g| Box::new(g) as Box<dyn BoardGame>)
    }
}

/// The start of a game of `G`'s rules `options` from `fen`, or its start position.
fn start_of<G>(
    fen: Option<&str>,
    start: impl FnOnce() -> G,
    from_fen: impl FnOnce(&str) -> Result<G, ParseError>,
) -> Result<G, ParseError> {
    match fen.map(str::trim).filter(|f| !f.is_empty()) {
        None => Ok(start()),
        Some(fen) => from_fen(fen),
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
    use chimera_engine::board_view::{Cell, How};

    fn removed(g: &dyn BoardGame, i: usize) -> Vec<(String, How)> {
        g.plies()[i]
            .removed()
            .iter()
            .map(|r| (r.at.to_string(), r.how))
            .collect()
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
        assert_eq!(removed(g.as_ref(), 2), [("d5".into(), How::Captured)]);
        assert_eq!(g.plies()[2].notation, "exd5");
        let earlier = {
            let mut b = g.boxed_clone();
            b.truncate(1);
            b
        };
        assert_eq!(earlier.plies().len(), 1);
        assert_eq!(g.plies().len(), 3, "the clone is another game");
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
    fn a_007_turn_is_played_as_one_token_and_marks_its_enemy_ply() {
        let mut g = open("007", &[], None).unwrap();
        // A standard turn: friendly, enemy, friendly, all White's choice.
        g.play_turn("e2e4,e7e5,g1f3").unwrap();
        assert_eq!(g.to_move(), Player::Black);
        let enemy: Vec<bool> = g.plies().iter().map(PlyRecord::enemy).collect();
        assert_eq!(enemy, [false, true, false]);
        // A bad ply in a token takes back the ones before it.
        let e = g.play_turn("d7d6,zz").unwrap_err();
        assert!(e.what().contains("zz"), "{e}");
        assert_eq!(g.plies().len(), 3);
    }

    #[test]
    fn a_ven_round_is_played_order_by_order_or_whole() {
        let mut g = open("ven", &[], None).unwrap();
        g.play_turn("e2e4,e7e5").unwrap();
        g.play_turn("g1f3").unwrap();
        assert_eq!(g.plies().len(), 1, "White's order waits for Black's");
        assert!(g.view().notes.iter().any(|n| n.contains("written")));
        g.play_turn("b8c6").unwrap();
        assert_eq!(g.plies()[1].text, "g1f3,b8c6");
        assert_eq!(g.plies()[1].note(), "ok ok -");
        let mut earlier = g.boxed_clone();
        earlier.truncate(1);
        assert_eq!(earlier.plies().len(), 1);
    }

    #[test]
    fn double_ended_captures_say_approach_or_withdrawal() {
        let mut g = open("double-ended", &[], Some("4k3/8/8/8/8/R7/n7/4K3 w - - 0 1")).unwrap();
        g.play("a3a5").unwrap();
        assert_eq!(removed(g.as_ref(), 0), [("a2".into(), How::Withdrawal)]);
    }

    #[test]
    fn lene_hau_travellers_show_on_the_board() {
        let mut g = open("lene-hau", &[], Some("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 -")).unwrap();
        g.play("a1a8").unwrap();
        let view = g.view();
        assert_eq!(view.travellers.len(), 1);
        assert_eq!(view.travellers[0].to, Cell::new(0, 7));
    }
}
