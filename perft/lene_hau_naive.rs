//! A deliberately simple second implementation of Lene Hau Chess (shared/rules/lene-hau.md)
//! that shares no code with the engine: a plain list of pieces, every order found by trying
//! every target square, king safety by rebuilding the hypothetical position and scanning
//! every enemy piece. Slow on purpose; the tests compare the engine with it.

#![allow(dead_code)]

#[derive(Clone, Debug, PartialEq)]
pub struct P {
    pub white: bool,
    /// Upper-case letter K Q R B N P.
    pub kind: char,
    pub f: i32,
    pub r: i32,
    /// Destination of a traveller; `None` for a standing piece.
    pub dst: Option<(i32, i32)>,
    /// A castling rook waiting on its corner.
    pub committed: bool,
}

impl P {
    fn standing(&self) -> bool {
        self.dst.is_none() && !self.committed
    }
}

#[derive(Clone, Debug)]
pub struct Board {
    pub pieces: Vec<P>,
    pub white: bool,
    /// K, Q, k, q.
    pub rights: [bool; 4],
    pub ep: Option<(i32, i32)>,
    pub half: u32,
    pub full: u32,
    /// The game was decided by the last turn.
    pub over: bool,
}

fn sq(s: &str) -> (i32, i32) {
    let b = s.as_bytes();
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

const ORDER: &str = "KQRBNP";

impl Board {
    pub fn from_fen(fen: &str) -> Board {
        let fl: Vec<&str> = fen.split_whitespace().collect();
        let mut pieces = Vec::new();
        for (i, row) in fl[0].split('/').enumerate() {
            let r = 7 - i as i32;
            let mut f = 0;
            let mut in_group = false;
            for c in row.chars() {
                match c {
                    '[' => in_group = true,
                    ']' => {
                        in_group = false;
                        f += 1
                    }
                    d if d.is_ascii_digit() => f += d as i32 - '0' as i32,
                    l => {
                        pieces.push(P {
                            white: l.is_ascii_uppercase(),
                            kind: l.to_ascii_uppercase(),
                            f,
                            r,
                            dst: None,
                            committed: false,
                        });
                        if !in_group {
                            f += 1
                        }
                    }
                }
            }
        }
        let travel = fl.get(6).copied().unwrap_or("-");
        if travel != "-" {
            for rec in travel.split(',') {
                let l = rec.chars().next().unwrap();
                let (f, r) = sq(&rec[1..3]);
                let d = sq(&rec[4..6]);
                let committed = &rec[3..4] == "=";
                pieces.push(P {
                    white: l.is_ascii_uppercase(),
                    kind: l.to_ascii_uppercase(),
                    f,
                    r,
                    dst: if committed { None } else { Some(d) },
                    committed,
                });
            }
        }
        let c = fl[2];
        Board {
            pieces,
            white: fl[1] == "w",
            rights: [
                c.contains('K'),
                c.contains('Q'),
                c.contains('k'),
                c.contains('q'),
            ],
            ep: if fl[3] == "-" { None } else { Some(sq(fl[3])) },
            half: fl[4].parse().unwrap(),
            full: fl[5].parse().unwrap(),
            over: false,
        }
    }

    /// The committed rook's target: f or d file of its rank.
    fn rook_target(p: &P) -> (i32, i32) {
        (if p.f == 7 { 5 } else { 3 }, p.r)
    }

    pub fn fen(&self) -> String {
        let mut s = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                let mut here: Vec<&P> = self
                    .pieces
                    .iter()
                    .filter(|p| p.f == f && p.r == r && p.standing())
                    .collect();
                if here.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s += &empty.to_string();
                    empty = 0;
                }
                here.sort_by_key(|p| ORDER.find(p.kind).unwrap());
                let letters: String = here
                    .iter()
                    .map(|p| {
                        if p.white {
                            p.kind
                        } else {
                            p.kind.to_ascii_lowercase()
                        }
                    })
                    .collect();
                if here.len() > 1 {
                    s += &format!("[{letters}]");
                } else {
                    s += &letters;
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if r > 0 {
                s.push('/');
            }
        }
        let rights: String = "KQkq"
            .chars()
            .zip(self.rights)
            .filter(|(_, on)| *on)
            .map(|(c, _)| c)
            .collect();
        let mut recs: Vec<(i32, i32, usize, i32, String)> = self
            .pieces
            .iter()
            .filter(|p| !p.standing())
            .map(|p| {
                let d = if p.committed {
                    Self::rook_target(p)
                } else {
                    p.dst.unwrap()
                };
                let l = if p.white {
                    p.kind
                } else {
                    p.kind.to_ascii_lowercase()
                };
                let sep = if p.committed { '=' } else { '>' };
                (
                    if p.white { 0 } else { 1 },
                    p.r * 8 + p.f,
                    ORDER.find(p.kind).unwrap(),
                    d.1 * 8 + d.0,
                    format!("{l}{}{sep}{}", name(p.f, p.r), name(d.0, d.1)),
                )
            })
            .collect();
        recs.sort();
        let travel: Vec<String> = recs.into_iter().map(|x| x.4).collect();
        format!(
            "{s} {} {} {} {} {} {}",
            if self.white { 'w' } else { 'b' },
            if rights.is_empty() {
                "-".to_string()
            } else {
                rights
            },
            self.ep.map_or("-".to_string(), |(f, r)| name(f, r)),
            self.half,
            self.full,
            if travel.is_empty() {
                "-".to_string()
            } else {
                travel.join(",")
            }
        )
    }

    fn at(pieces: &[P], f: i32, r: i32) -> impl Iterator<Item = &P> {
        pieces.iter().filter(move |p| p.f == f && p.r == r)
    }

    fn empty(pieces: &[P], f: i32, r: i32) -> bool {
        Self::at(pieces, f, r).next().is_none()
    }

    /// Whether the straight line from (f,r) to (tf,tr) (exclusive) is free of pieces.
    fn clear_line(pieces: &[P], f: i32, r: i32, tf: i32, tr: i32) -> bool {
        let (sf, sr) = ((tf - f).signum(), (tr - r).signum());
        let (mut x, mut y) = (f + sf, r + sr);
        while (x, y) != (tf, tr) {
            if !Self::empty(pieces, x, y) {
                return false;
            }
            x += sf;
            y += sr;
        }
        true
    }

    fn attacks(pieces: &[P], p: &P, tf: i32, tr: i32) -> bool {
        let (df, dr) = (tf - p.f, tr - p.r);
        if df == 0 && dr == 0 {
            return false;
        }
        let straight = df == 0 || dr == 0;
        let diagonal = df.abs() == dr.abs();
        match p.kind {
            'P' => dr == if p.white { 1 } else { -1 } && df.abs() == 1,
            'N' => (df.abs() == 1 && dr.abs() == 2) || (df.abs() == 2 && dr.abs() == 1),
            'K' => df.abs() <= 1 && dr.abs() <= 1,
            'R' => straight && Self::clear_line(pieces, p.f, p.r, tf, tr),
            'B' => diagonal && Self::clear_line(pieces, p.f, p.r, tf, tr),
            _ => (straight || diagonal) && Self::clear_line(pieces, p.f, p.r, tf, tr),
        }
    }

    fn attacked(pieces: &[P], by_white: bool, f: i32, r: i32) -> bool {
        pieces
            .iter()
            .any(|p| p.white == by_white && Self::attacks(pieces, p, f, r))
    }

    fn king_attacked(pieces: &[P], white: bool) -> bool {
        match pieces.iter().find(|p| p.white == white && p.kind == 'K') {
            Some(k) => Self::attacked(pieces, !white, k.f, k.r),
            None => false,
        }
    }

    pub fn in_check(&self) -> bool {
        Self::king_attacked(&self.pieces, self.white)
    }

    /// Whether the piece may reach (tf,tr) by normal chess movement on the view (§6.2).
    fn reaches(&self, p: &P, tf: i32, tr: i32) -> bool {
        let ps = &self.pieces;
        if Self::at(ps, tf, tr).any(|q| q.white == p.white) {
            return false;
        }
        let (df, dr) = (tf - p.f, tr - p.r);
        if p.kind != 'P' {
            return Self::attacks(ps, p, tf, tr);
        }
        let fwd = if p.white { 1 } else { -1 };
        let start = if p.white { 1 } else { 6 };
        if df == 0 && dr == fwd {
            return Self::empty(ps, tf, tr);
        }
        if df == 0 && dr == 2 * fwd && p.r == start {
            return Self::empty(ps, tf, tr) && Self::empty(ps, p.f, p.r + fwd);
        }
        if df.abs() == 1 && dr == fwd {
            return Self::at(ps, tf, tr).any(|q| q.white != p.white) || self.ep == Some((tf, tr));
        }
        false
    }

    fn is_ep(&self, p: &P, tf: i32, tr: i32) -> bool {
        p.kind == 'P' && tf != p.f && self.ep == Some((tf, tr))
    }

    /// King safety in the hypothetical position (§6.3).
    fn safe(&self, i: usize, tf: i32, tr: i32) -> bool {
        let p = &self.pieces[i];
        let ep = self.is_ep(p, tf, tr);
        let victim = (p.f + (tf - p.f), tr - if p.white { 1 } else { -1 });
        let mut h: Vec<P> = Vec::new();
        let mut victim_gone = false;
        for (j, q) in self.pieces.iter().enumerate() {
            if j == i {
                continue;
            }
            if q.white != p.white && (q.f, q.r) == (tf, tr) {
                continue;
            }
            if ep
                && !victim_gone
                && q.white != p.white
                && q.kind == 'P'
                && (q.f, q.r) == victim
                && q.standing()
            {
                victim_gone = true;
                continue;
            }
            h.push(q.clone());
        }
        h.push(P {
            f: tf,
            r: tr,
            ..p.clone()
        });
        !Self::king_attacked(&h, p.white)
    }

    fn notation(&self, p: &P, tf: i32, tr: i32) -> String {
        let stack = Self::at(&self.pieces, p.f, p.r)
            .filter(|q| q.white == p.white && q.standing())
            .count();
        let prefix = if stack >= 2 {
            p.kind.to_string()
        } else {
            String::new()
        };
        format!("{prefix}{}{}", name(p.f, p.r), name(tf, tr))
    }

    pub fn legal_moves(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        if self.over {
            return out;
        }
        for (i, p) in self.pieces.iter().enumerate() {
            if p.white != self.white || !p.standing() {
                continue;
            }
            for tr in 0..8 {
                for tf in 0..8 {
                    if !self.reaches(p, tf, tr) || !self.safe(i, tf, tr) {
                        continue;
                    }
                    let m = self.notation(p, tf, tr);
                    let last = if p.white { 7 } else { 0 };
                    let list: Vec<String> = if p.kind == 'P' && tr == last {
                        "qrbn".chars().map(|c| format!("{m}{c}")).collect()
                    } else {
                        vec![m]
                    };
                    for m in list {
                        if !out.contains(&m) {
                            out.push(m);
                        }
                    }
                }
            }
        }
        // Castling (§6.4).
        let r = if self.white { 0 } else { 7 };
        let ps = &self.pieces;
        let own_standing = |k: char, f: i32| {
            Self::at(ps, f, r).any(|q| q.white == self.white && q.kind == k && q.standing())
        };
        for (right, corner, cross, land) in [(0, 7, 5, 6), (1, 0, 3, 2)] {
            let right = right + if self.white { 0 } else { 2 };
            if !self.rights[right] || !own_standing('K', 4) || !own_standing('R', corner) {
                continue;
            }
            if !Self::clear_line(ps, 4, r, corner, r) {
                continue;
            }
            if [4, cross, land]
                .iter()
                .any(|&f| Self::attacked(ps, !self.white, f, r))
            {
                continue;
            }
            out.push(format!("{}{}", name(4, r), name(land, r)));
        }
        let moving = ps.iter().any(|p| p.white == self.white && !p.standing());
        if out.is_empty() && moving && !self.in_check() {
            out.push("0000".into());
        }
        out
    }

    /// One turn (§7).
    // The advance loop indexes the pieces because a castling king's arrival moves its rook.
    #[allow(clippy::needless_range_loop)]
    pub fn play(&self, m: &str) -> Board {
        let mut b = self.clone();
        let me = self.white;
        let travelling: Vec<bool> = b
            .pieces
            .iter()
            .map(|p| p.white == me && p.dst.is_some())
            .collect();
        let mut arrivals: Vec<(i32, i32)> = Vec::new();
        let mut reset = false;
        let mut new_ep = None;
        let mut victim = None;
        let home = if me { 0 } else { 7 };
        let ri = if me { 0 } else { 2 };
        if m != "0000" {
            let (kind, rest) = if m.as_bytes()[0].is_ascii_uppercase() {
                (Some(m.chars().next().unwrap()), &m[1..])
            } else {
                (None, m)
            };
            let (f, r) = sq(&rest[0..2]);
            let (tf, tr) = sq(&rest[2..4]);
            let promo = rest.chars().nth(4).map(|c| c.to_ascii_uppercase());
            let i = b
                .pieces
                .iter()
                .position(|p| {
                    p.white == me
                        && p.standing()
                        && (p.f, p.r) == (f, r)
                        && kind.is_none_or(|k| k == p.kind)
                })
                .unwrap();
            let kind = b.pieces[i].kind;
            if kind == 'K' && (tf - f).abs() == 2 {
                b.pieces[i].f = (f + tf) / 2;
                b.pieces[i].dst = Some((tf, tr));
                let corner = if tf == 6 { 7 } else { 0 };
                let j = b
                    .pieces
                    .iter()
                    .position(|p| {
                        p.white == me
                            && p.kind == 'R'
                            && p.standing()
                            && (p.f, p.r) == (corner, home)
                    })
                    .unwrap();
                b.pieces[j].committed = true;
                b.rights[ri] = false;
                b.rights[ri + 1] = false;
            } else {
                if kind == 'P' {
                    reset = true;
                    if self.is_ep(&b.pieces[i], tf, tr) {
                        victim = Some((tf, r));
                    }
                }
                let (df, dr) = (tf - f, tr - r);
                let first = if kind == 'N' {
                    if df.abs() == 2 {
                        (f + df.signum(), r)
                    } else {
                        (f, r + dr.signum())
                    }
                } else {
                    (f + df.signum(), r + dr.signum())
                };
                let p = &mut b.pieces[i];
                (p.f, p.r) = first;
                if first == (tf, tr) {
                    arrivals.push(first);
                    if let Some(c) = promo {
                        p.kind = c;
                    }
                } else {
                    p.dst = Some((tf, tr));
                }
                if kind == 'K' {
                    b.rights[ri] = false;
                    b.rights[ri + 1] = false;
                }
                if kind == 'R' && (f, r) == (7, home) {
                    b.rights[ri] = false;
                }
                if kind == 'R' && (f, r) == (0, home) {
                    b.rights[ri + 1] = false;
                }
            }
        }
        // Advance the pieces that were travelling at the start of the turn.
        for i in 0..b.pieces.len() {
            if !travelling[i] {
                continue;
            }
            let (tf, tr) = b.pieces[i].dst.unwrap();
            let p = &mut b.pieces[i];
            let old = (p.f, p.r);
            p.f += (tf - p.f).signum();
            p.r += (tr - p.r).signum();
            if p.kind == 'P' {
                reset = true;
            }
            if (p.f, p.r) == (tf, tr) {
                p.dst = None;
                arrivals.push((tf, tr));
                if p.kind == 'P' {
                    new_ep = Some(old);
                }
                if p.kind == 'K' {
                    for q in b.pieces.iter_mut() {
                        if q.white == me && q.committed {
                            let t = Self::rook_target(q);
                            (q.f, q.r) = t;
                            q.committed = false;
                            arrivals.push(t);
                        }
                    }
                }
            }
        }
        // Crowd captures and the en-passant victim.
        let before = b.pieces.len();
        let mut king_taken = false;
        if let Some(v) = victim {
            if let Some(j) = b
                .pieces
                .iter()
                .position(|q| q.white != me && q.kind == 'P' && q.standing() && (q.f, q.r) == v)
            {
                b.pieces.remove(j);
            }
        }
        let oi = if me { 2 } else { 0 };
        let ohome = if me { 7 } else { 0 };
        let mut kept = Vec::new();
        for q in b.pieces.drain(..) {
            if q.white != me && q.standing() && arrivals.contains(&(q.f, q.r)) {
                if q.kind == 'K' {
                    king_taken = true;
                }
                if q.kind == 'R' && (q.f, q.r) == (7, ohome) {
                    b.rights[oi] = false;
                }
                if q.kind == 'R' && (q.f, q.r) == (0, ohome) {
                    b.rights[oi + 1] = false;
                }
            } else {
                kept.push(q);
            }
        }
        b.pieces = kept;
        if b.pieces.len() != before {
            reset = true;
        }
        b.ep = new_ep;
        b.over = king_taken || Self::king_attacked(&b.pieces, me);
        b.half = if reset { 0 } else { b.half + 1 };
        if !me {
            b.full += 1;
        }
        b.white = !me;
        b
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}
