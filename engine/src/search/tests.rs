//! Search tests on small games with known values: subtraction Nim, tic-tac-toe, random game
//! trees in which one player may decide several plies in a row (compared against a plain
//! minimax written here), and a game whose positions repeat.

use super::score::*;
use super::*;
use crate::game::GameState;
use crate::game::Player;
use crate::toys::{Nim, Pendulum, TicTacToe, Tree};
use std::time::Instant;

fn params<M>(depth: u32) -> SearchParams<M> {
    SearchParams {
        limits: Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        ..SearchParams::default()
    }
}

fn run<G: Game>(pos: &G, params: &SearchParams<G::Move>) -> SearchResult<G::Move> {
    let tt = TranspositionTable::new(1);
    search(pos, &[], params, &tt, &Control::default(), &mut |_| {})
}

/// A plain negamax over the contract, the reference: no pruning, no table, no ordering.
fn minimax<G: Game>(pos: &G, depth: u32, ply: usize) -> i32 {
    if let Some(o) = pos.quick_outcome() {
        return outcome_score(pos, o, ply);
    }
    let mut moves = G::Moves::default();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        return outcome_score(pos, pos.stuck_outcome(), ply);
    }
    if depth == 0 {
        return pos.evaluate_for_mover();
    }
    moves
        .iter()
        .map(|m| {
            let child = pos.play(*m);
            let s = minimax(&child, depth - 1, ply + 1);
            if child.to_move() == pos.to_move() {
                s
            } else {
                -s
            }
        })
        .max()
        .unwrap()
}

// ---------------------------------------------------------------------------------------------
// Subtraction Nim (`crate::toys`), with turns of one or several plies.

#[test]
fn nim_finds_the_winning_take_and_the_mate_distance() {
    for pile in 1..=14u8 {
        let pos = Nim::new(pile, 3, 1);
        let r = run(&pos, &params(20));
        if pile % 4 == 0 {
            assert!(r.score <= -MATE_BOUND, "pile {pile}: {}", r.score);
        } else {
            assert_eq!(r.best, Some(pile % 4), "pile {pile}");
            // The winner takes the last object on ply 2k+1 with k = pile / 4 exchanges.
            assert_eq!(r.score, mate_in(2 * (pile as usize / 4) + 1), "pile {pile}");
        }
        assert_eq!(r.score, minimax(&pos, 20, 0));
    }
}

#[test]
fn a_player_deciding_two_plies_in_a_row_keeps_his_sign() {
    // Turns of two plies taking 1 or 2 each: from 4, White takes 2 and 2 and wins at ply 2.
    let pos = Nim::new(4, 2, 2);
    let r = run(&pos, &params(10));
    assert_eq!(r.score, mate_in(2));
    let tt = TranspositionTable::new(1);
    assert_eq!(turn_of(&pos, &r.pv, &tt), vec![2, 2]);
    // Other piles and turn lengths: the same values as the reference minimax.
    for pile in 1..=12 {
        let pos = Nim::new(pile, 2, 2);
        assert_eq!(
            run(&pos, &params(16)).score,
            minimax(&pos, 16, 0),
            "pile {pile}"
        );
        let pos = Nim::new(pile, 3, 3);
        assert_eq!(
            run(&pos, &params(16)).score,
            minimax(&pos, 16, 0),
            "pile {pile}"
        );
    }
}

#[test]
fn multipv_reports_distinct_lines_best_first() {
    let pos = Nim::new(10, 3, 1);
    let mut p = params(12);
    p.multipv = 3;
    let tt = TranspositionTable::new(1);
    let mut last: Vec<(usize, i32, u8)> = Vec::new();
    search(&pos, &[], &p, &tt, &Control::default(), &mut |r| {
        if let Report::Info(i) = r {
            if i.multipv == 1 {
                last.clear();
            }
            last.push((i.multipv, i.score, i.pv[0]));
        }
    });
    assert_eq!(last.len(), 3);
    assert_eq!(last[0].2, 2, "taking 2 leaves a multiple of 4");
    assert!(last[0].1 >= MATE_BOUND && last[1].1 <= -MATE_BOUND && last[2].1 <= -MATE_BOUND);
    let mut firsts: Vec<u8> = last.iter().map(|l| l.2).collect();
    firsts.sort();
    assert_eq!(firsts, vec![1, 2, 3]);
    assert!(last[1].1 >= last[2].1);
}

#[test]
fn searchmoves_restricts_the_root() {
    let pos = Nim::new(10, 3, 1);
    let mut p = params(12);
    p.search_moves = vec![1, 3];
    let r = run(&pos, &p);
    assert!(matches!(r.best, Some(1 | 3)));
    assert!(r.score <= -MATE_BOUND);
}

#[test]
fn a_root_without_moves_gives_no_move() {
    let r = run(&Nim::new(0, 3, 1), &params(5));
    assert_eq!(r.best, None);
    assert!(r.score <= -MATE_BOUND);
}

// ---------------------------------------------------------------------------------------------
// Tic-tac-toe: a real game with transpositions and draws.
#[test]
fn tictactoe_is_a_draw_and_wins_are_found() {
    // Reductions shorten some lines, so solving takes more than the nine plies of a game.
    let r = run(&TicTacToe::start(&()), &params(20));
    assert_eq!(r.score, DRAW);
    // X to play completes the top row.
    let pos = TicTacToe::from_cells("XX.OO....");
    let r = run(&pos, &params(4));
    assert_eq!((r.best, r.score), (Some(2), mate_in(1)));
    // O to play must block the top row, or lose.
    let pos = TicTacToe::from_cells("XX..O....");
    let r = run(&pos, &params(20));
    assert_eq!(r.best, Some(2));
    assert_eq!(r.score, minimax(&pos, 9, 0));
    // The same answers from every thread count.
    for threads in [2, 4] {
        let mut p = params(20);
        p.threads = threads;
        assert_eq!(run(&TicTacToe::start(&()), &p).score, DRAW);
    }
}

// ---------------------------------------------------------------------------------------------
// Random game trees: every node's moves, evaluation and (rare) end are drawn from its path hash,
// and the player to move follows a schedule of turns of 1, 2 and 3 plies.
#[test]
fn the_turn_schedule_has_runs() {
    let players: String = (0..9)
        .map(|p| {
            if Tree::player_at(p) == Player::White {
                'W'
            } else {
                'B'
            }
        })
        .collect();
    assert_eq!(players, "WBBWWWBWW");
}

#[test]
fn without_pruning_search_equals_minimax_at_every_depth() {
    for seed in 0..40 {
        let pos = Tree::new(seed, 9);
        for depth in 1..=6 {
            let mut p = params(depth);
            p.pruning = Pruning::NONE;
            let r = run(&pos, &p);
            assert_eq!(
                r.score,
                minimax(&pos, depth, 0),
                "seed {seed} depth {depth}"
            );
        }
    }
}

#[test]
fn with_pruning_a_deep_search_solves_the_tree() {
    for seed in 0..40 {
        let pos = Tree::new(seed, 7);
        let exact = minimax(&pos, 7, 0);
        for threads in [1, 3] {
            let mut p = params(40);
            p.threads = threads;
            let r = run(&pos, &p);
            assert_eq!(r.score, exact, "seed {seed} threads {threads}");
            // The best move really achieves the score.
            let child = pos.play(r.best.unwrap());
            let s = minimax(&child, 7, 1);
            let s = if child.to_move() == pos.to_move() {
                s
            } else {
                -s
            };
            assert_eq!(s, exact, "seed {seed}: best move");
        }
    }
}

#[test]
fn with_every_technique_adopted_or_not_a_deep_search_solves_the_tree() {
    let every = Technique::ALL
        .into_iter()
        .fold(Pruning::NONE, |set, t| set.with(t));
    for seed in 0..40 {
        let pos = Tree::new(seed, 7);
        let mut p = params(40);
        p.pruning = every;
        let r = run(&pos, &p);
        assert_eq!(r.score, minimax(&pos, 7, 0), "seed {seed}");
    }
}

#[test]
fn with_every_technique_a_chess_search_finds_the_mate_and_learns() {
    // A back-rank mate in two: 1. Re8+ Rxe8 2. Rxe8#.
    let pos =
        crate::variants::chess::Position::from_fen("2r3k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1")
            .unwrap();
    let every = Technique::ALL
        .into_iter()
        .fold(Pruning::NONE, |set, t| set.with(t));
    let mut p = params(8);
    p.pruning = every;
    let tt = TranspositionTable::new(1);
    let r = search(&pos, &[], &p, &tt, &Control::default(), &mut |_| {});
    assert_eq!(r.score, mate_in(3), "{}", pos.format_move(r.best.unwrap()));
    // A quiet opening: searches below the root teach the correction history about its pawns,
    // only where it is named.
    let pos = crate::variants::chess::Position::from_fen(
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    )
    .unwrap();
    let key = pos.structure_key();
    assert_ne!(key, 0);
    for (pruning, learns) in [(every, true), (Pruning::ALL, false)] {
        p.pruning = pruning;
        let tt = TranspositionTable::new(1);
        assert!(search(&pos, &[], &p, &tt, &Control::default(), &mut |_| {})
            .best
            .is_some());
        let tables = tt
            .learnt()
            .take::<crate::variants::chess::Position>(0, pruning);
        let learnt = [Player::White, Player::Black]
            .iter()
            .any(|&side| tables.corrected(side, key, 0) != 0);
        assert_eq!(learnt, learns, "{pruning}");
    }
}

#[test]
fn chess_searches_with_its_own_adopted_technique_unless_named_off() {
    // Chess's own adopted techniques (`Game::ADOPTED`, shared by four more games) are not
    // every game's: `all` searches as naming them does, and without any one of them another tree.
    let pos = crate::variants::chess::Position::from_fen(
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    )
    .unwrap();
    let nodes = |pruning: &str| {
        let mut p = params(7);
        p.pruning = Pruning::parse(pruning).unwrap();
        run(&pos, &p).nodes
    };
    let own = [
        "see",
        "tteval",
        "cutnode",
        "razor",
        "singular",
        "capthist",
        "histbonus",
        "lmptight",
        "futlmr",
    ];
    assert_eq!(nodes("all"), nodes(&format!("all,{}", own.join(","))));
    for name in own {
        assert_ne!(nodes("all"), nodes(&format!("all,-{name}")), "-{name}");
    }
    // Techniques not adopted change the tree only when named.
    for named in ["all,lmrcap", "all,histlmr", "all,probcut", "all,lmrmore"] {
        assert_ne!(nodes("all"), nodes(named), "{named}");
    }
    // Tic-tac-toe adopted nothing of its own: `all` is all of chess's named off there.
    let mut p = params(6);
    let all = run(&TicTacToe::start(&()), &p);
    p.pruning = Pruning::parse(
        "all,-see,-tteval,-cutnode,-razor,-singular,-capthist,-histbonus,-lmptight,-futlmr",
    )
    .unwrap();
    assert_eq!(all, run(&TicTacToe::start(&()), &p));
}

/// Whether `pos`'s game searches with chess's adopted techniques: `all` searches as naming them
/// does, and another tree than with every one of them named off.
fn searches_with_chess_s_techniques<G: Game>(pos: &G) {
    let own: Vec<&str> = crate::variants::chess::ADOPTED
        .iter()
        .map(|t| t.name())
        .collect();
    let nodes = |pruning: &str| {
        let mut p = params(6);
        p.pruning = Pruning::parse(pruning).unwrap();
        run(pos, &p).nodes
    };
    assert_eq!(nodes("all"), nodes(&format!("all,{}", own.join(","))));
    assert_ne!(nodes("all"), nodes(&format!("all,-{}", own.join(",-"))));
}

#[test]
fn seven_double_ended_lene_hau_and_vanguard_search_with_chess_s_adopted_techniques() {
    // Each adopted them by a match of its own (docs/search.md).
    use crate::variants::{double_ended::DoubleEnded, lene_hau::LeneHau, oo7, vanguard::Vanguard};
    const ITALIAN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    searches_with_chess_s_techniques(
        &oo7::Position::from_fen(ITALIAN, &oo7::Options::default()).unwrap(),
    );
    searches_with_chess_s_techniques(&DoubleEnded::<false>::from_fen(ITALIAN).unwrap());
    searches_with_chess_s_techniques(&DoubleEnded::<true>::from_fen(ITALIAN).unwrap());
    searches_with_chess_s_techniques(&LeneHau::start(&Default::default()));
    searches_with_chess_s_techniques(&Vanguard::start(&Default::default()));
}

#[test]
fn one_thread_is_deterministic() {
    let pos = Tree::new(5, 12);
    let a = run(&pos, &params(9));
    let b = run(&pos, &params(9));
    assert_eq!(a, b);
    assert!(a.nodes > 100);
}

#[test]
fn limits_on_depth_and_nodes_hold() {
    let pos = Tree::new(11, 30);
    let mut depths = Vec::new();
    let tt = TranspositionTable::new(1);
    let r = search(
        &pos,
        &[],
        &params(5),
        &tt,
        &Control::default(),
        &mut |rep| {
            if let Report::Info(i) = rep {
                depths.push(i.depth);
            }
        },
    );
    assert_eq!(depths, vec![1, 2, 3, 4, 5]);
    assert_eq!(r.depth, 5);

    let mut p = params(MAX_DEPTH);
    p.limits.nodes = Some(5_000);
    let r = run(&pos, &p);
    assert!(r.nodes >= 5_000 && r.nodes < 5_100, "{}", r.nodes);
    assert!(r.best.is_some());
}

#[test]
fn a_search_stopped_before_it_starts_still_answers_with_a_searched_move() {
    let pos =
        crate::variants::chess::Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
    let control = Control::default();
    control.stop();
    let tt = TranspositionTable::new(1);
    let mut lines = Vec::new();
    let r = search(&pos, &[], &params(MAX_DEPTH), &tt, &control, &mut |rep| {
        if let Report::Info(i) = rep {
            lines.push((i.score, i.pv.to_vec()));
        }
    });
    let best = r.best.expect("a move");
    // The score is that move's own depth-1 score: no sentinel, and a mate only for Ra8#.
    let mate = pos.format_move(best) == "a1a8";
    assert!(
        r.score > -INFINITE && (r.score >= MATE_BOUND) == mate,
        "{}",
        r.score
    );
    assert_eq!(lines.last().map(|l| (l.0, l.1[0])), Some((r.score, best)));
}

#[test]
fn movetime_and_stop_end_the_search_at_once() {
    let pos = Tree::new(3, 60);
    let mut p = params(MAX_DEPTH);
    p.limits.move_time = Some(Duration::from_millis(60));
    p.move_overhead = Duration::from_millis(10);
    let t = Instant::now();
    let r = run(&pos, &p);
    let spent = t.elapsed();
    assert!(
        spent >= Duration::from_millis(45) && spent < Duration::from_millis(1500),
        "{spent:?}"
    );
    assert!(r.best.is_some());

    // Infinite: only `stop` ends it, and promptly.
    let mut p = params(MAX_DEPTH);
    p.limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    p.threads = 2;
    let control = Control::default();
    let tt = TranspositionTable::new(1);
    std::thread::scope(|s| {
        let h = s.spawn(|| search(&pos, &[], &p, &tt, &control, &mut |_| {}));
        std::thread::sleep(Duration::from_millis(50));
        assert!(!h.is_finished());
        let t = Instant::now();
        control.stop();
        let r = h.join().unwrap();
        assert!(
            t.elapsed() < Duration::from_millis(500),
            "{:?}",
            t.elapsed()
        );
        assert!(r.best.is_some());
    });
}

#[test]
fn pondering_waits_for_ponderhit_even_when_done() {
    let pos = Nim::new(5, 3, 1);
    let mut p = params(3);
    p.limits.ponder = true;
    let control = Control::new(true);
    let tt = TranspositionTable::new(1);
    std::thread::scope(|s| {
        let h = s.spawn(|| search(&pos, &[], &p, &tt, &control, &mut |_| {}));
        std::thread::sleep(Duration::from_millis(30));
        assert!(!h.is_finished(), "a ponder search must wait for the GUI");
        control.ponderhit();
        assert_eq!(h.join().unwrap().best, Some(1));
    });
}

#[test]
fn go_mate_stops_once_the_mate_is_found() {
    let pos = Nim::new(9, 3, 1);
    let mut p = params(MAX_DEPTH);
    p.limits.mate = Some(3);
    let r = run(&pos, &p);
    assert_eq!(r.score, mate_in(5));
    assert!(r.depth < 12, "stopped at depth {}", r.depth);
}

// ---------------------------------------------------------------------------------------------
// Repetition: a pendulum between three squares, every position reversible.
#[test]
fn repetitions_in_the_game_before_the_root_are_draws() {
    let pos = Pendulum::start(&());
    let tt = TranspositionTable::new(1);
    let r = search(&pos, &[], &params(1), &tt, &Control::default(), &mut |_| {});
    assert_eq!((r.best, r.score), (Some(2), 20));
    // (square 2, Black to move) stood before: going there again is a draw.
    let history = [
        Pendulum {
            at: 2,
            player: Player::Black,
        }
        .key(),
        77,
    ];
    let tt = TranspositionTable::new(1);
    let r = search(
        &pos,
        &history,
        &params(1),
        &tt,
        &Control::default(),
        &mut |_| {},
    );
    assert_eq!((r.best, r.score), (Some(1), 10));
}

#[test]
fn contempt_makes_a_draw_cost_the_root_player_that_much() {
    // Black to move at square 0: square 1 scores -10 for Black, square 2 repeats (a draw).
    let pos = Pendulum {
        at: 0,
        player: Player::Black,
    };
    let history = [Pendulum {
        at: 2,
        player: Player::White,
    }
    .key()];
    for (contempt, want) in [(0, (Some(2), 0)), (5, (Some(2), -5)), (15, (Some(1), -10))] {
        let params = SearchParams {
            contempt,
            ..params(1)
        };
        let tt = TranspositionTable::new(1);
        let r = search(
            &pos,
            &history,
            &params,
            &tt,
            &Control::default(),
            &mut |_| {},
        );
        assert_eq!((r.best, r.score), want, "contempt {contempt}");
    }
}

#[test]
fn turn_of_completes_a_short_line_and_stops_at_the_turn_end() {
    let tt = TranspositionTable::new(1);
    // Three-ply turns: a one-ply line is completed with legal plies.
    let pos = Nim::new(20, 3, 3);
    let turn = turn_of(&pos, &[3], &tt);
    assert_eq!(turn.len(), 3);
    assert_eq!(turn[0], 3);
    // A line that goes on past the turn is cut at the turn's end.
    assert_eq!(turn_of(&pos, &[1, 2, 3, 1, 1], &tt), vec![1, 2, 3]);
    // A move that is not legal here is not trusted.
    assert_eq!(turn_of(&Nim::new(2, 3, 1), &[3], &tt), vec![1]);
    // A turn that empties the pile ends with the game.
    assert_eq!(turn_of(&Nim::new(4, 2, 3), &[2, 2, 1], &tt), vec![2, 2]);
}

#[test]
fn complete_turn_searches_the_plies_a_short_line_leaves_open() {
    let tt = TranspositionTable::new(1);
    let control = Control::default();
    // One-ply turns: the line comes back as it was, no search.
    let pos = Nim::new(9, 3, 1);
    let r = run(&pos, &params(3));
    assert_eq!(
        complete_turn(&pos, &[], &params(3), &r, &tt, &control),
        r.pv
    );
    // Three-ply turns from 4: White can take everything in his turn. A depth-1 line covers one
    // ply and sees no win; the first legal plies after it (take 1) would not finish, a search
    // from where the line stops does.
    let pos = Nim::new(4, 3, 3);
    let r = run(&pos, &params(1));
    assert_eq!(r.pv.len(), 1);
    let filled = turn_of(&pos, &r.pv, &TranspositionTable::new(1));
    assert!(filled.iter().sum::<u8>() < 4, "{filled:?}");
    let line = complete_turn(&pos, &[], &params(1), &r, &tt, &control);
    let turn = turn_of(&pos, &line, &TranspositionTable::new(1));
    assert_eq!(turn.iter().sum::<u8>(), 4, "{line:?}");
    assert_eq!(&line[..turn.len()], &turn[..]);
}

/// A game of endless checking captures: every move captures and every position is in check, so
/// quiescence never stands pat and never ends before the deepest ply. The search of the first
/// root move is as long as one likes: the shape of 007 positions whose capture chains exploded.
/// With `turn` above 1 a player plays that many plies in a row, as in 007.
#[derive(Clone, Debug)]
struct Captures {
    path: u64,
    player: Player,
    turn: u8,
    /// Plies of the current turn played.
    played: u8,
}

impl Captures {
    fn with_turns(turn: u8) -> Self {
        Captures {
            turn,
            ..Captures::start(&())
        }
    }
}

impl GameState for Captures {
    type Options = ();
    const NAME: &'static str = "captures";

    fn start(_: &()) -> Self {
        Captures {
            path: 1,
            player: Player::White,
            turn: 1,
            played: 0,
        }
    }
    fn from_fen(_: &str, _: &()) -> Result<Self, crate::ParseError> {
        Err(crate::ParseError::new("no fen"))
    }
    fn fen(&self) -> String {
        self.path.to_string()
    }
    fn key(&self) -> u64 {
        self.path
    }
    fn halfmove_clock(&self) -> u32 {
        0
    }
}

impl Game for Captures {
    type Move = u8;
    type Moves = arrayvec::ArrayVec<u8, 6>;
    fn to_move(&self) -> Player {
        self.player
    }
    fn legal_moves(&self, out: &mut Self::Moves) {
        (0..6).for_each(|m| out.push(m));
    }
    fn play(&self, mv: u8) -> Self {
        let ends = self.played + 1 >= self.turn;
        Captures {
            path: self
                .path
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(mv as u64 + 1),
            player: if ends {
                self.player.other()
            } else {
                self.player
            },
            turn: self.turn,
            played: if ends { 0 } else { self.played + 1 },
        }
    }
    fn quick_outcome(&self) -> Option<crate::game::Outcome> {
        None
    }
    fn stuck_outcome(&self) -> crate::game::Outcome {
        crate::game::Outcome::Draw(crate::game::DrawReason::Stalemate)
    }
    fn in_check(&self) -> bool {
        true
    }
    fn is_capture(&self, _: u8) -> bool {
        true
    }
    fn parse_move(&self, s: &str) -> Result<u8, crate::ParseError> {
        crate::game::find_legal_move(self, s)
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn evaluate_for_mover(&self) -> i32 {
        (self.path >> 40) as i32 % 400 - 200
    }
}

#[test]
fn a_stop_is_obeyed_even_while_the_first_root_move_is_still_unsearched() {
    let control = std::sync::Arc::new(Control::default());
    let c = control.clone();
    // On its own thread, so that a search that ignores the stop fails the test, not hangs it.
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut p = params(MAX_DEPTH);
        p.limits.infinite = true;
        let tt = TranspositionTable::new(1);
        let r = search(&Captures::start(&()), &[], &p, &tt, &c, &mut |_| {});
        let _ = done.send(r.best);
    });
    std::thread::sleep(Duration::from_millis(30));
    let t = Instant::now();
    control.stop();
    let best = finished
        .recv_timeout(Duration::from_secs(2))
        .expect("bestmove within 2 s of the stop");
    assert!(
        t.elapsed() < Duration::from_millis(200),
        "{:?}",
        t.elapsed()
    );
    assert!(best.is_some());
}

/// Runs 007's turn completion of a one-ply line in a game of three-ply turns whose every search
/// explodes, on its own thread (so a completion that ignores its limits fails, not hangs, the
/// test); `before` runs with the control once it started. The time it took.
fn complete_exploding_turn(limits: Limits, before: impl FnOnce(&Control)) -> Duration {
    let control = std::sync::Arc::new(Control::default());
    let c = control.clone();
    let (done, finished) = std::sync::mpsc::channel();
    let t = Instant::now();
    std::thread::spawn(move || {
        let pos = Captures::with_turns(3);
        let params = SearchParams {
            limits,
            ..SearchParams::default()
        };
        let result = SearchResult {
            best: Some(0),
            pv: vec![0],
            score: 0,
            depth: 1,
            nodes: 0,
        };
        let tt = TranspositionTable::new(1);
        let line = complete_turn(&pos, &[], &params, &result, &tt, &c);
        let _ = done.send(line);
    });
    before(&control);
    let line = finished
        .recv_timeout(Duration::from_secs(5))
        .expect("the turn's completion ends within 5 s");
    assert_eq!(line[0], 0, "{line:?}");
    t.elapsed()
}

#[test]
fn turn_completion_obeys_a_halt() {
    let took = complete_exploding_turn(params::<u8>(1).limits, |control| {
        std::thread::sleep(Duration::from_millis(30));
        control.halt();
    });
    assert!(took < Duration::from_millis(300), "{took:?}");
}

#[test]
fn turn_completion_obeys_the_clock_and_the_node_limit() {
    // `movetime 100`: the turn ends by the move's hard limit, though its searches explode.
    let clock = Limits {
        move_time: Some(Duration::from_millis(100)),
        ..Limits::default()
    };
    let took = complete_exploding_turn(clock, |_| {});
    assert!(took < Duration::from_millis(400), "{took:?}");
    // `nodes 1000`: each search gets what is left, then the grace of nodes.
    let nodes = Limits {
        nodes: Some(1000),
        ..Limits::default()
    };
    let took = complete_exploding_turn(nodes, |_| {});
    assert!(took < Duration::from_millis(400), "{took:?}");
}
