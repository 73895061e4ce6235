//! 007's search hooks and what search makes of them: the controller picks the enemy's worst
//! ply, quiescence follows the plies that decide 007 games (captures, checks near the end of a
//! turn, the enemy ply that opens the enemy king, every ply at the start of a long turn).

use super::eval::BACK_RANK;
use super::*;
use crate::search::score::MATE_BOUND;
use crate::search::{search, Control, Limits, Pruning, SearchParams, TranspositionTable};
use crate::variants::chess::Role;

fn tactical(p: &Position, ply: &str) -> bool {
    p.is_tactical(p.parse_ply(ply).unwrap())
}

#[test]
fn captures_and_checks_are_tactical_on_friendly_plies_only() {
    // The White player's first ply (three plies left): captures and checks, no quiet move.
    let first = pos("6k1/5ppp/8/p7/8/8/8/R5K1 w - - 0 1 w1/3", "standard");
    assert!(tactical(&first, "a1a5"));
    assert!(!tactical(&first, "a1a2"));
    // The last ply: a check is tactical (the back-rank mate), a quiet move is not.
    let last = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 w3/3", "standard");
    assert!(tactical(&last, "a1a8"));
    assert!(!tactical(&last, "a1a7"));
    // Under fast-and-deadly a check forces nothing.
    let fast = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 w3/3", "standard+fast");
    assert!(!tactical(&fast, "a1a8"));
    // A capture on an enemy ply takes the controller's own material: not tactical.
    let enemy = pos("6k1/5ppp/8/8/N7/8/7K/r7 b - - 0 1 w2/3", "standard");
    assert!(!tactical(&enemy, "a1a4"));
    assert!(tactical(&enemy, "f7f6"), "a guard of the black king");
}

#[test]
fn the_enemy_ply_that_moves_a_guard_of_the_enemy_king_is_tactical() {
    // The Black player moves White: f2 stands next to the white king, a2 far from it.
    let p = pos(FOOLS, "standard");
    assert!(tactical(&p, "f2f3"));
    assert!(tactical(&p, "d2d4"));
    assert!(!tactical(&p, "a2a3"));
    // At the last ply of a long turn no friendly ply follows soon enough: stand pat.
    let long = pos(
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/8/PPPPPP1P/RNBQKBNR w KQkq - 0 1 b2/6",
        "progressive",
    );
    assert!(!tactical(&long, "f2f3"));
}

#[test]
fn every_ply_is_tactical_at_the_start_of_a_long_turn() {
    // Progressive turn 4 (the Black player: white, black, white, black): its first ply is an
    // enemy ply, so its first friendly ply is the second; turn 5 starts friendly.
    let turn5 = pos(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 w1/5",
        "progressive",
    );
    assert!(tactical(&turn5, "a2a3"));
    let standard = pos(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 w1/3",
        "standard",
    );
    assert!(!tactical(&standard, "a2a3"));
}

/// Fool's mate, the Black player to choose White's ply: f2f3 and then d8h4 mates.
const FOOLS: &str = "rnbqkbnr/pppp1ppp/8/4p3/6P1/8/PPPPPP1P/RNBQKBNR w KQkq - 0 2 b2/3";

#[test]
fn quiescence_opens_the_enemy_king_and_mates() {
    // Depth 1 plays the Black player's first ply; quiescence then tries the enemy ply f2f3
    // (next to the white king) and the mating check on the last ply.
    let p = pos(
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/8/PPPPPP1P/RNBQKBNR b KQkq - 0 2 b1/3",
        "standard",
    );
    let score = search_score(&p, 1);
    assert!(score >= MATE_BOUND, "{score}");
}

#[test]
fn quiescence_finds_a_mate_by_check_on_the_last_ply() {
    // Depth 1 plays the enemy ply; the mate on the last ply is a quiet move that only
    // quiescence's checks reach.
    let score = search_score(&pos(BACK_RANK, "standard"), 1);
    assert!(score >= MATE_BOUND, "{score}");
}

fn search_score(p: &Position, depth: u32) -> i32 {
    let params = SearchParams {
        limits: Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        ..SearchParams::default()
    };
    let tt = TranspositionTable::new(1);
    search(p, &[], &params, &tt, &Control::default(), &mut |_| {}).score
}

/// The principal variation of a fixed-depth search.
fn best_line(p: &Position, depth: u32) -> Vec<String> {
    let params = SearchParams {
        limits: Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        ..SearchParams::default()
    };
    let tt = TranspositionTable::new(1);
    let result = search(p, &[], &params, &tt, &Control::default(), &mut |_| {});
    let mut at = *p;
    result
        .pv
        .iter()
        .map(|m| {
            at = at.play(*m);
            m.to_string()
        })
        .collect()
}

#[test]
fn search_walks_the_enemy_queen_into_a_capture_and_takes_it() {
    let p = pos("3qk3/8/8/8/4P3/8/8/4K3 b - - 0 1 w2/3", "standard");
    let line = best_line(&p, 3);
    let after = play(&p, &line[..2].join(","));
    assert!(
        after.board().pieces(Player::Black, Role::Queen).is_empty(),
        "{line:?}"
    );
    // Under Detente the queen may not be taken after the enemy ply moved it, so the enemy ply
    // leaves it alone (it would otherwise fall to no capture at all: nothing is en prise).
    let p = pos(
        "3qk3/8/8/8/4P3/8/8/4K3 b - - 0 1 w2/3 - -",
        "standard+detente",
    );
    let line = best_line(&p, 3);
    let after = play(&p, &line[..2].join(","));
    assert!(!after.board().pieces(Player::Black, Role::Queen).is_empty());
}

#[test]
fn at_an_enemy_ply_search_picks_the_enemys_worst_move() {
    // The White player moves Black: the black rook could take the a2 pawn, but he would rather
    // put it on c3 or e3, where his third ply takes it with the knight.
    let p = pos("4k3/8/8/8/8/r7/P7/3NK3 b - - 0 1 w2/3", "standard");
    let line = best_line(&p, 2);
    let after = play(&p, &line.join(","));
    assert!(
        after.board().pieces(Player::Black, Role::Rook).is_empty(),
        "{line:?}"
    );
    assert!(!after.board().pieces(Player::White, Role::Pawn).is_empty());
}

#[test]
fn the_check_test_agrees_with_playing_the_ply() {
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};
    // Seeded random games, and two positions with en passant and castling checks.
    let mut checks = 0;
    let mut positions = vec![
        pos("8/8/8/k1pP3R/8/8/8/4K3 w - c6 0 1 w1/3", "standard"),
        pos("8/8/8/8/8/8/8/R3K2k w Q - 0 1 w1/3", "standard"),
        pos("5k2/8/8/8/8/8/8/4K2R w K - 0 1 w1/3", "standard"),
    ];
    let mut rng = SmallRng::seed_from_u64(7);
    for _ in 0..30 {
        let mut p = Position::start(&opts("standard"));
        for _ in 0..60 {
            positions.push(p);
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            p = p.play(list[rng.random_range(0..list.len())]);
        }
    }
    for p in positions {
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        for mv in list {
            let played = p.board().play(mv).checkers().any();
            assert_eq!(
                super::super::checks::gives_check(p.board(), mv),
                played,
                "{mv} in {}",
                p.fen()
            );
            checks += played as usize;
        }
    }
    assert!(checks > 100, "{checks}");
}

/// The White player moves Black (the enemy ply) in a position where Black can only promote
/// the b2 pawn (his king on a8 is boxed in by the queen on c7); White's third ply follows.
const ENEMY_PROMOTION: &str = "k7/2Q5/8/8/8/8/1p6/7K b - - 0 1 w2/3";

fn searched(p: &Position, depth: u32) -> crate::search::SearchResult<Move> {
    let params = SearchParams {
        limits: Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        ..SearchParams::default()
    };
    let tt = TranspositionTable::new(1);
    search(p, &[], &params, &tt, &Control::default(), &mut |_| {})
}

/// The search at `depth` without pruning or the table's answers: the exact minimax value of
/// its tree.
fn exact(p: &Position, depth: u32) -> crate::search::SearchResult<Move> {
    exact_after(p, &[], depth)
}

/// The same after positions with keys `history` (repetitions).
fn exact_after(p: &Position, history: &[u64], depth: u32) -> crate::search::SearchResult<Move> {
    let params = SearchParams {
        limits: Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        pruning: Pruning::NONE,
        ..SearchParams::default()
    };
    let mut tt = TranspositionTable::new(1);
    tt.probes_off = true;
    search(p, history, &params, &tt, &Control::default(), &mut |_| {})
}

#[test]
fn with_owner_promotes_the_owner_picks_the_letter_of_an_enemy_ply_promotion() {
    let letter = |r: &crate::search::SearchResult<Move>| r.pv[0].promotion_role().unwrap();
    // Without the option the White player picks Black's piece: a minor one.
    let p = pos(ENEMY_PROMOTION, "standard");
    let off = searched(&p, 3);
    assert!(
        matches!(letter(&off), Role::Knight | Role::Bishop),
        "{:?}",
        off.pv
    );
    // With it Black picks, and takes a piece that checks the white king along the first rank.
    let p = pos(ENEMY_PROMOTION, "standard+owner");
    let on = searched(&p, 3);
    assert!(
        matches!(letter(&on), Role::Queen | Role::Rook),
        "{:?}",
        on.pv
    );
    assert_eq!(
        on.best,
        Some(on.pv[0]),
        "the best move names the owner's letter"
    );
    assert!(on.score < off.score - 400, "{} {}", on.score, off.score);
    // Perft still counts the four strings.
    assert_eq!(plies(&p), sorted("b2b1q b2b1r b2b1b b2b1n"));
}

/// What the root is worth from its children, each searched exactly one ply shallower (a child
/// in check one ply deeper: the check extension): the best for the player to move, where a
/// group of promotions the pawn's owner picks from counts as its worst member.
fn from_children(p: &Position, depth: u32) -> i32 {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut groups: Vec<(Option<u32>, i32)> = Vec::new();
    for mv in list {
        let child = p.play(mv);
        let depth = depth - 1 + child.in_check() as u32;
        let mut score = exact_after(&child, &[p.key()], depth).score;
        if child.to_move() != p.to_move() {
            score = -score;
        }
        let group = (p.chooser(mv) != p.to_move()).then(|| p.choice_group(mv));
        match groups.iter_mut().find(|g| group.is_some() && g.0 == group) {
            Some(g) => g.1 = g.1.min(score),
            None => groups.push((group, score)),
        }
    }
    groups.iter().map(|g| g.1).max().unwrap()
}

#[test]
fn the_owners_choice_is_worth_his_best_letter() {
    // Without pruning the search's value is the tree's: the White player moving Black's pawn
    // gets Black's best letter (option on) or picks his own (off); promoting his own pawn he
    // picks; and Black's enemy ply in the next turn promotes White's pawn.
    // `before` is a ply before ENEMY_PROMOTION, so the choice falls inside the tree. The
    // table's probes are off (`exact_after`): with them, the table grafts deeper results onto
    // the tree (quiescence takes a stored search's bound, which has seen the Black turn in which
    // Black moves the white queen next to his king and takes it), and at depth 4 the root's
    // value was 0 against 241 from its children.
    let own = "7k/1P6/8/8/8/8/8/K7 w - - 0 1 w3/3";
    let before = "k7/2Q5/8/8/8/8/1p6/6K1 w - - 0 1 w1/3";
    for (fen, depth) in [
        (ENEMY_PROMOTION, 3),
        (ENEMY_PROMOTION, 2),
        (own, 3),
        (own, 2),
        (before, 3),
        (before, 4),
    ] {
        for modes in ["standard", "standard+owner"] {
            let p = pos(fen, modes);
            let want = from_children(&p, depth);
            assert_eq!(exact(&p, depth).score, want, "{fen} {modes} {depth}");
        }
    }
    // The enemy-ply promotion is a choice only with the option on: the values differ.
    assert!(
        exact(&pos(ENEMY_PROMOTION, "standard+owner"), 3).score
            < exact(&pos(ENEMY_PROMOTION, "standard"), 3).score - 400
    );
}

#[test]
fn a_long_turn_is_searched_to_its_end() {
    use crate::game::{Outcome, WinReason};
    use crate::search::{complete_turn, turn_of};
    // Progressive turn 5 of the White player: white, black, white, black, white plies. A
    // depth-1 line covers only the first; the plies after it were the first legal ones
    // (Ne6-d4 for Black, king moves for White), which miss the mate Black's h-pawn step then
    // allows (Qd3-h7, guarded by the f6 knight).
    let p = pos("7k/6pp/4nN2/8/3Q4/8/8/K7 w - - 0 1 w1/5", "progressive");
    let params = SearchParams {
        limits: Limits {
            depth: Some(1),
            ..Limits::default()
        },
        ..SearchParams::default()
    };
    let tt = TranspositionTable::new(1);
    let control = Control::default();
    let result = search(&p, &[], &params, &tt, &control, &mut |_| {});
    let end = |turn: &[Move]| turn.iter().fold(p, |at, mv| at.play(*mv));
    let fresh = TranspositionTable::new(1);
    let filled = turn_of(&p, &result.pv, &fresh);
    assert!(result.pv.len() < filled.len(), "the line stops mid-turn");
    assert_eq!(end(&filled).outcome(), None, "{filled:?}");
    // Searched from where the line stops, each ply is a choice: the mate.
    let line = complete_turn(&p, &[], &params, &result, &tt, &control);
    let turn = turn_of(&p, &line, &fresh);
    assert_eq!(
        end(&turn).outcome(),
        Some(Outcome::win(Player::White, WinReason::Checkmate)),
        "{turn:?}"
    );
    assert_eq!(&line[..turn.len()], &turn[..], "the line holds the turn");
}
