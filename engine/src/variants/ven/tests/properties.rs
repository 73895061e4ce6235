//! Properties over seeded random games of rounds: the orders equal those of a slow reference
//! generator written here on a plain array board (no bitboards, no shared code), each round
//! resolves as a reference written from §5's text on that board (board, codes, rights, en
//! passant squares, clock), the §5.6 invariants hold, the key equals a recomputed one, and FEN
//! out then in is the identity.

use super::*;
use crate::simultaneous::SimultaneousGame;
use crate::square::Square;
use crate::variants::chess::Role;
use crate::variants::ven::Code;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

type Board = [Option<(Player, Role)>; 64];

fn board_of(p: &Ven) -> Board {
    let mut b = [None; 64];
    for (sq, cell) in b.iter_mut().enumerate() {
        *cell = p.piece_on(Square(sq as u8)).map(|pc| (pc.color, pc.role));
    }
    b
}

fn at(file: i8, rank: i8) -> Option<usize> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

fn forward(side: Player) -> i8 {
    match side {
        Player::White => 1,
        Player::Black => -1,
    }
}

/// Squares the piece on `from` attacks (walking rays, pawns diagonally forward).
fn attacks(b: &Board, from: usize) -> Vec<usize> {
    let (side, role) = b[from].expect("a piece");
    let (f, r) = ((from % 8) as i8, (from / 8) as i8);
    let mut out = Vec::new();
    let mut leap = |steps: &[(i8, i8)]| {
        for (df, dr) in steps {
            out.extend(at(f + df, r + dr));
        }
    };
    match role {
        Role::Pawn => leap(&[(-1, forward(side)), (1, forward(side))]),
        Role::Knight => leap(&KNIGHT),
        Role::King => leap(&KING),
        _ => {
            let dirs: Vec<(i8, i8)> = match role {
                Role::Rook => ROOK.to_vec(),
                Role::Bishop => BISHOP.to_vec(),
                _ => ROOK.iter().chain(&BISHOP).copied().collect(),
            };
            for (df, dr) in dirs {
                let (mut x, mut y) = (f + df, r + dr);
                while let Some(sq) = at(x, y) {
                    out.push(sq);
                    if b[sq].is_some() {
                        break;
                    }
                    x += df;
                    y += dr;
                }
            }
        }
    }
    out
}

fn attacked(b: &Board, sq: usize, by: Player) -> bool {
    (0..64).any(|from| matches!(b[from], Some((p, _)) if p == by) && attacks(b, from).contains(&sq))
}

fn king_of(b: &Board, side: Player) -> usize {
    (0..64)
        .find(|&s| b[s] == Some((side, Role::King)))
        .expect("a king")
}

/// A chess move on the array board: (from, to, promotion, en passant victim, castling rook).
#[derive(Clone, Copy)]
struct Mv {
    from: usize,
    to: usize,
    promo: Option<Role>,
    ep_victim: Option<usize>,
    rook: Option<(usize, usize)>,
}

fn apply(b: &Board, m: Mv) -> Board {
    let mut n = *b;
    let piece = n[m.from].take();
    if let Some(v) = m.ep_victim {
        n[v] = None;
    }
    if let Some((rf, rt)) = m.rook {
        n[rt] = n[rf].take();
    }
    n[m.to] = piece.map(|(p, r)| (p, m.promo.unwrap_or(r)));
    n
}

/// Legal chess orders of `side` by brute force: pseudo-legal moves (never onto the enemy king)
/// kept when the own king is not attacked after them.
fn reference_chess(p: &Ven, side: Player) -> Vec<Mv> {
    let b = board_of(p);
    let enemy = side.other();
    let mut pseudo = Vec::new();
    let last = if side == Player::White { 7 } else { 0 };
    let free_or_enemy = |sq: usize| match b[sq] {
        None => true,
        Some((pl, role)) => pl == enemy && role != Role::King,
    };
    for from in 0..64 {
        let Some((pl, role)) = b[from] else { continue };
        if pl != side {
            continue;
        }
        let plain = |to: usize| Mv {
            from,
            to,
            promo: None,
            ep_victim: None,
            rook: None,
        };
        let push_pawn = |to: usize, pseudo: &mut Vec<Mv>| {
            if to / 8 == last {
                for r in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                    pseudo.push(Mv {
                        promo: Some(r),
                        ..plain(to)
                    });
                }
            } else {
                pseudo.push(plain(to));
            }
        };
        if role == Role::Pawn {
            let (f, r) = ((from % 8) as i8, (from / 8) as i8);
            let up = forward(side);
            if let Some(one) = at(f, r + up).filter(|s| b[*s].is_none()) {
                push_pawn(one, &mut pseudo);
                let home = if side == Player::White { 1 } else { 6 };
                if let Some(two) = at(f, r + 2 * up).filter(|s| r == home && b[*s].is_none()) {
                    pseudo.push(plain(two));
                }
            }
            for to in attacks(&b, from) {
                if matches!(b[to], Some((pl, role)) if pl == enemy && role != Role::King) {
                    push_pawn(to, &mut pseudo);
                }
                if p.en_passant(enemy) == Some(Square(to as u8)) && b[to].is_none() {
                    pseudo.push(Mv {
                        ep_victim: Some((to as i8 - 8 * up) as usize),
                        ..plain(to)
                    });
                }
            }
        } else {
            for to in attacks(&b, from) {
                if free_or_enemy(to) {
                    pseudo.push(plain(to));
                }
            }
        }
    }
    // Castling: the right, empty squares between, and no attack on the king's three squares.
    let rights = p.castling_rights();
    let base = if side == Player::White { 0 } else { 56 };
    for king_side in [true, false] {
        if !rights.has(crate::variants::chess::CastlingRights::bit(side, king_side)) {
            continue;
        }
        let (rook, between, to, crossed): (usize, Vec<usize>, usize, usize) = if king_side {
            (base + 7, vec![base + 5, base + 6], base + 6, base + 5)
        } else {
            (base, vec![base + 1, base + 2, base + 3], base + 2, base + 3)
        };
        if between.iter().all(|s| b[*s].is_none())
            && ![base + 4, crossed, to]
                .iter()
                .any(|s| attacked(&b, *s, enemy))
        {
            pseudo.push(Mv {
                from: base + 4,
                to,
                promo: None,
                ep_victim: None,
                rook: Some((rook, if king_side { base + 5 } else { base + 3 })),
            });
        }
    }
    pseudo
        .into_iter()
        .filter(|m| {
            let after = apply(&b, *m);
            !attacked(&after, king_of(&after, side), enemy)
        })
        .collect()
}

/// Every order of `side` by brute force, as text, sorted.
fn reference_orders(p: &Ven, side: Player) -> Vec<String> {
    let name = |s: usize| {
        Square(s as u8)
            .display::<crate::square::Board8>()
            .to_string()
    };
    let mine = reference_chess(p, side);
    let theirs = reference_chess(p, side.other());
    if mine.is_empty() || theirs.is_empty() {
        return Vec::new();
    }
    let letter = |r: Option<Role>| r.map_or(String::new(), |r| r.char().to_string());
    let mut out: Vec<String> = mine
        .iter()
        .map(|m| format!("{}{}{}", name(m.from), name(m.to), letter(m.promo)))
        .collect();
    let b = board_of(p);
    if !attacked(&b, king_of(&b, side), side.other()) {
        let enemy_king = king_of(&b, side.other()) as i8;
        for s in 0..64 {
            if !matches!(b[s], Some((pl, role)) if pl == side && role != Role::King) {
                continue;
            }
            if !theirs.iter().any(|m| m.to == s && m.ep_victim.is_none()) {
                continue;
            }
            for x in 0..64 {
                if x == s || !matches!(b[x], Some((pl, _)) if pl == side) {
                    continue;
                }
                if !attacks(&b, x).contains(&s) {
                    continue;
                }
                let role = b[x].map(|(_, r)| r);
                let near = ((s % 8) as i8 - enemy_king % 8).abs() <= 1
                    && ((s / 8) as i8 - enemy_king / 8).abs() <= 1;
                if role == Some(Role::King) && near {
                    continue;
                }
                let last = if side == Player::White { 7 } else { 0 };
                if role == Some(Role::Pawn) && s / 8 == last {
                    for r in ["q", "r", "b", "n"] {
                        out.push(format!("{}{}{r}v", name(x), name(s)));
                    }
                } else {
                    out.push(format!("{}{}v", name(x), name(s)));
                }
            }
        }
    }
    out.sort();
    out
}

/// The orders of `side`, checked against the reference and the counts.
fn checked_orders(p: &Ven, side: Player) -> OrderList {
    let mut list = OrderList::new();
    p.orders(side, &mut list);
    let mut ours: Vec<String> = list.iter().map(|o| o.to_string()).collect();
    ours.sort();
    assert_eq!(ours, reference_orders(p, side), "{side} in {}", p.fen());
    assert_eq!(p.count_orders(side), list.len() as u64);
    list
}

/// Picks a round: uniform, or (often) a second-mover order that meets the first mover's
/// squares, so that the interaction rules get exercised.
fn pick(p: &Ven, white: &OrderList, black: &OrderList, rng: &mut SmallRng) -> (Order, Order) {
    let w = white[rng.random_range(0..white.len())];
    let b = black[rng.random_range(0..black.len())];
    if rng.random_range(0..3) == 0 {
        return (w, b);
    }
    let (first, second) = match p.first_mover() {
        Player::White => (w, black),
        Player::Black => (b, white),
    };
    let meeting: Vec<Order> = second
        .iter()
        .copied()
        .filter(|o| {
            o.to() == first.from()
                || o.to() == first.to()
                || o.from() == first.to()
                || o.is_vengeance()
        })
        .collect();
    let Some(&m) = meeting.get(rng.random_range(0..meeting.len().max(1))) else {
        return (w, b);
    };
    match p.first_mover() {
        Player::White => (w, m),
        Player::Black => (m, b),
    }
}

/// What the reference resolution gives: the board, both codes, rights, en passant squares
/// (by the pawn's colour) and the clock.
struct Resolved {
    board: Board,
    codes: [String; 2],
    rights: u8,
    ep: [Option<usize>; 2],
    clock: u32,
}

/// §5 step by step on the array board, written from the spec's text alone.
fn reference_resolve(p: &Ven, w: Order, b: Order) -> Resolved {
    let b0 = board_of(p);
    let mut bd = b0;
    let f = p.first_mover();
    let m = f.other();
    let orders = [w, b];
    let (of, om) = (orders[f.index()], orders[m.index()]);
    let name = |s: usize| {
        Square(s as u8)
            .display::<crate::square::Board8>()
            .to_string()
    };
    let mut touched: Vec<usize> = Vec::new();
    let mut irreversible = false;
    let mut doubles: [Option<usize>; 2] = [None, None];
    let mut codes = [String::new(), String::new()];
    let file = |s: usize| (s % 8) as i8;
    let rank = |s: usize| (s / 8) as i8;

    // Moves the piece on `a` to `to`, capturing what stands there; returns the capture square.
    let go = |bd: &mut Board,
              touched: &mut Vec<usize>,
              irr: &mut bool,
              a: usize,
              to: usize,
              promo: Option<Role>| {
        let (side, role) = bd[a].expect("a piece");
        let cap = bd[to].is_some().then_some(to);
        if let Some(c) = cap {
            assert_ne!(bd[c].map(|x| x.1), Some(Role::King), "a king captured");
            assert_ne!(bd[c].map(|x| x.0), Some(side), "onto an own piece");
            *irr = true;
        }
        if role == Role::Pawn {
            *irr = true;
        }
        bd[a] = None;
        bd[to] = Some((side, promo.unwrap_or(role)));
        touched.extend([a, to]);
        cap
    };
    let castle = |bd: &mut Board, touched: &mut Vec<usize>, a: usize, to: usize| {
        let base = a - a % 8;
        let (rf, rt) = if to > a {
            (base + 7, base + 5)
        } else {
            (base, base + 3)
        };
        bd[to] = bd[a].take();
        bd[rt] = bd[rf].take();
        touched.extend([a, to, rf, rt]);
        (rf, base)
    };

    // Phase 1.
    let mut cap_f = None;
    if !of.is_vengeance() {
        let (a, t) = (of.from().index(), of.to().index());
        let (_, role) = bd[a].expect("a piece");
        if role == Role::King && (file(t) - file(a)).abs() == 2 {
            castle(&mut bd, &mut touched, a, t);
        } else if role == Role::Pawn && file(t) != file(a) && bd[t].is_none() {
            let victim = (t as i8 - 8 * forward(f)) as usize;
            bd[victim] = None;
            irreversible = true;
            go(&mut bd, &mut touched, &mut irreversible, a, t, None);
        } else {
            cap_f = go(
                &mut bd,
                &mut touched,
                &mut irreversible,
                a,
                t,
                of.promotion(),
            );
            if role == Role::Pawn && (rank(t) - rank(a)).abs() == 2 {
                doubles[f.index()] = Some(t);
            }
        }
        codes[f.index()] = "ok".into();
    }
    // Phase 2.
    let mut cap_m = None;
    if !om.is_vengeance() {
        let (a, t) = (om.from().index(), om.to().index());
        let piece = b0[a].expect("a piece");
        let role = piece.1;
        let code: String = if bd[a] != Some(piece) {
            "void:cap".into()
        } else if role == Role::King && (file(t) - file(a)).abs() == 2 {
            let base = a - a % 8;
            let rf = if t > a { base + 7 } else { base };
            let between: Vec<usize> = if t > a {
                vec![base + 5, base + 6]
            } else {
                vec![base + 1, base + 2, base + 3]
            };
            if bd[rf] != Some((m, Role::Rook)) || between.iter().any(|s| bd[*s].is_some()) {
                "void:castle".into()
            } else {
                castle(&mut bd, &mut touched, a, t);
                "ok".into()
            }
        } else if role == Role::Pawn && file(t) == file(a) {
            let up = forward(m);
            let one = (a as i8 + 8 * up) as usize;
            if (rank(t) - rank(a)).abs() == 1 {
                if bd[t].is_some() {
                    "void:blk".into()
                } else {
                    go(
                        &mut bd,
                        &mut touched,
                        &mut irreversible,
                        a,
                        t,
                        om.promotion(),
                    );
                    "ok".into()
                }
            } else if bd[one].is_some() {
                "void:blk".into()
            } else if bd[t].is_some() {
                go(&mut bd, &mut touched, &mut irreversible, a, one, None);
                "short".into()
            } else {
                go(&mut bd, &mut touched, &mut irreversible, a, t, None);
                doubles[m.index()] = Some(t);
                "ok".into()
            }
        } else if role == Role::Pawn {
            if b0[t].is_none() {
                let victim = (t as i8 - 8 * forward(m)) as usize;
                if matches!(bd[t], Some((pl, _)) if pl == f) {
                    cap_m = go(&mut bd, &mut touched, &mut irreversible, a, t, None);
                    "epx".into()
                } else if bd[victim] != Some((f, Role::Pawn)) {
                    "void:left".into()
                } else {
                    bd[victim] = None;
                    irreversible = true;
                    go(&mut bd, &mut touched, &mut irreversible, a, t, None);
                    "ok".into()
                }
            } else if bd[t].is_none() {
                "void:left".into()
            } else {
                cap_m = go(
                    &mut bd,
                    &mut touched,
                    &mut irreversible,
                    a,
                    t,
                    om.promotion(),
                );
                "ok".into()
            }
        } else {
            let mut blocker = None;
            if matches!(role, Role::Bishop | Role::Rook | Role::Queen) {
                let (df, dr) = ((file(t) - file(a)).signum(), (rank(t) - rank(a)).signum());
                let (mut x, mut y) = (file(a) + df, rank(a) + dr);
                while let Some(sq) = at(x, y).filter(|s| *s != t) {
                    if bd[sq].is_some() {
                        blocker = Some(sq);
                        break;
                    }
                    x += df;
                    y += dr;
                }
            }
            if let Some(q) = blocker {
                cap_m = go(&mut bd, &mut touched, &mut irreversible, a, q, None);
                format!("blk:{}", name(q))
            } else {
                let (now, was) = (bd[t].is_some(), b0[t].is_some());
                cap_m = go(&mut bd, &mut touched, &mut irreversible, a, t, None);
                match (now, was) {
                    (true, false) => "same".into(),
                    (false, true) => "nx".into(),
                    _ => "ok".into(),
                }
            }
        };
        codes[m.index()] = code;
    }
    // Phase 3.
    for (side, own, other, cap) in [(f, of, om, cap_m), (m, om, of, cap_f)] {
        if own.is_vengeance() {
            codes[side.index()] = if !other.is_vengeance() && cap == Some(own.to().index()) {
                let promo = own.promotion();
                go(
                    &mut bd,
                    &mut touched,
                    &mut irreversible,
                    own.from().index(),
                    own.to().index(),
                    promo,
                );
                "fired".into()
            } else {
                "void:veng".into()
            };
        }
    }
    // Phase 4.
    let king_move =
        |o: Order| !o.is_vengeance() && matches!(b0[o.from().index()], Some((_, Role::King)));
    let (wk, bk) = (king_of(&bd, Player::White), king_of(&bd, Player::Black));
    let adjacent = (file(wk) - file(bk)).abs() <= 1 && (rank(wk) - rank(bk)).abs() <= 1;
    if king_move(of) && king_move(om) && !codes[m.index()].starts_with("void") && adjacent {
        return Resolved {
            board: b0,
            codes: ["void:kings".into(), "void:kings".into()],
            rights: p.castling_rights().0,
            ep: [None, None],
            clock: p.clock() + 2,
        };
    }
    // Phase 5.
    let mut rights = p.castling_rights().0;
    for (bit, squares) in [
        (1u8, [4usize, 7]),
        (2, [4, 0]),
        (4, [60, 63]),
        (8, [60, 56]),
    ] {
        if squares.iter().any(|s| touched.contains(s)) {
            rights &= !bit;
        }
    }
    let mut ep = [None, None];
    for side in Player::BOTH {
        if let Some(t) = doubles[side.index()] {
            if bd[t] == Some((side, Role::Pawn)) {
                ep[side.index()] = Some((t as i8 - 8 * forward(side)) as usize);
            }
        }
    }
    Resolved {
        board: bd,
        codes,
        rights,
        ep,
        clock: if irreversible { 0 } else { p.clock() + 2 },
    }
}

fn check_round(p: &Ven, w: Order, b: Order) -> Ven {
    let (next, report) = p.resolve_with_report(w, b);
    let ctx = || format!("{} in {}", p.format_round(w, b), p.fen());
    let expected = reference_resolve(p, w, b);
    assert_eq!(board_of(&next), expected.board, "{}", ctx());
    let codes: Vec<String> = Player::BOTH
        .iter()
        .map(|s| report.code(*s).to_string())
        .collect();
    assert_eq!(codes, expected.codes, "{}", ctx());
    assert_eq!(next.castling_rights().0, expected.rights, "{}", ctx());
    let ep = Player::BOTH.map(|s| next.en_passant(s).map(|sq| sq.index()));
    assert_eq!(ep, expected.ep, "{}", ctx());
    assert_eq!(next.clock(), expected.clock, "{}", ctx());
    // §5.6: kings present and apart; the first mover's chess order as written; beside a
    // vengeance order the other chess order as written.
    let board = board_of(&next);
    let (wk, bk) = (
        king_of(&board, Player::White),
        king_of(&board, Player::Black),
    );
    assert!(
        (wk % 8).abs_diff(bk % 8) > 1 || (wk / 8).abs_diff(bk / 8) > 1,
        "{}",
        ctx()
    );
    let f = p.first_mover();
    let first_order = if f == Player::White { w } else { b };
    let code_f = report.code(f);
    if !first_order.is_vengeance() {
        assert!(matches!(code_f, Code::Ok | Code::VoidKings), "{}", ctx());
    }
    if w.is_vengeance() != b.is_vengeance() {
        let chess_side = if w.is_vengeance() {
            Player::Black
        } else {
            Player::White
        };
        assert_eq!(report.code(chess_side), Code::Ok, "{}", ctx());
        let veng = report.code(chess_side.other());
        assert!(matches!(veng, Code::Fired | Code::VoidVeng), "{}", ctx());
    }
    if w.is_vengeance() && b.is_vengeance() {
        assert_eq!(
            report.to_string().split(' ').take(2).collect::<Vec<_>>(),
            ["void:veng", "void:veng"]
        );
    }
    for side in Player::BOTH {
        assert_eq!(report.in_check(side), next.king_attacked(side), "{}", ctx());
    }
    assert_eq!(next.round(), p.round() + 1);
    assert_eq!(next.first_mover(), f.other());
    assert_eq!(next.key(), next.compute_key(), "{}", ctx());
    let again = Ven::from_fen(&next.fen()).unwrap_or_else(|e| panic!("{}: {e}", ctx()));
    assert_eq!(again, next, "{}", ctx());
    next
}

#[test]
fn random_rounds_agree_with_the_reference_and_keep_the_invariants() {
    let starts = [
        super::super::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "r6r/ppppnkp1/8/2n1p3/5Rp1/2PP4/PPK3q1/8 b - - 0 24",
        "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 4",
    ];
    let mut rng = SmallRng::seed_from_u64(0x7e4);
    let (mut rounds, mut codes) = (0, std::collections::BTreeSet::new());
    for game in 0..72 {
        let mut p = pos(starts[game % starts.len()]);
        for _ in 0..80 {
            let white = checked_orders(&p, Player::White);
            let black = checked_orders(&p, Player::Black);
            assert_eq!(p.count_order_pairs(), (white.len() * black.len()) as u64);
            assert_eq!(p.is_terminal(), white.is_empty());
            assert_eq!(white.is_empty(), black.is_empty());
            if white.is_empty() {
                assert!(p.outcome().is_some());
                break;
            }
            let (w, b) = pick(&p, &white, &black, &mut rng);
            let (_, report) = p.resolve_with_report(w, b);
            for side in Player::BOTH {
                let code = match report.code(side) {
                    Code::Blk(_) => "blk".to_string(),
                    c => c.to_string(),
                };
                codes.insert(code);
            }
            p = check_round(&p, w, b);
            rounds += 1;
        }
    }
    assert!(rounds > 3000, "{rounds} rounds");
    // The games reach most of the resolution rules.
    for code in [
        "ok",
        "nx",
        "same",
        "blk",
        "fired",
        "void:cap",
        "void:veng",
        "void:left",
    ] {
        assert!(codes.contains(code), "{code} never seen in {codes:?}");
    }
}
