//! A deliberately naive Vanguard move generator, written from the spec text alone and sharing no
//! code with the engine: a mailbox of letters, plain loops over offsets, moves as strings, and
//! legality by making the move and generating every reply of the opponent (§7.2: "attacked"
//! means some pseudo-legal opponent move would capture the King). Slow on purpose.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Man {
    /// The lowercase letter of §2.
    pub kind: char,
    pub white: bool,
}

#[derive(Clone)]
pub struct Board {
    pub squares: [Option<Man>; 256],
    pub unmoved: [bool; 256],
    pub white_to_move: bool,
}

/// A pseudo-legal move: its string, what it captures, and the board after it.
pub struct NaiveMove {
    pub text: String,
    pub captures: Vec<usize>,
    pub after: Board,
}

fn idx(f: i32, r: i32) -> Option<usize> {
    ((0..16).contains(&f) && (0..16).contains(&r)).then(|| (r * 16 + f) as usize)
}

fn name(s: usize) -> String {
    format!("{}{}", (b'a' + (s % 16) as u8) as char, s / 16 + 1)
}

impl Board {
    /// Reads fields 1 to 3 of a FEN (assumed valid: the engine validates).
    pub fn from_fen(fen: &str) -> Board {
        let fields: Vec<&str> = fen.split(' ').collect();
        let mut squares = [None; 256];
        for (i, rank_text) in fields[0].split('/').enumerate() {
            let r = 15 - i;
            let mut f = 0;
            let mut digits = String::new();
            for c in rank_text.chars().chain(std::iter::once('/')) {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                if !digits.is_empty() {
                    f += digits.parse::<usize>().unwrap();
                    digits.clear();
                }
                if c != '/' {
                    squares[r * 16 + f] = Some(Man {
                        kind: c.to_ascii_lowercase(),
                        white: c.is_ascii_uppercase(),
                    });
                    f += 1;
                }
            }
        }
        let mut lost = Vec::new();
        let rights = fields[2].as_bytes();
        let mut i = 0;
        while fields[2] != "-" && i < rights.len() {
            let f = (rights[i] - b'a') as usize;
            let mut j = i + 1;
            while j < rights.len() && rights[j].is_ascii_digit() {
                j += 1;
            }
            let r: usize = fields[2][i + 1..j].parse().unwrap();
            lost.push((r - 1) * 16 + f);
            i = j;
        }
        let mut unmoved = [false; 256];
        for s in 0..256 {
            if let Some(m) = squares[s] {
                let (f, r) = (s % 16, s / 16);
                let eligible = match m.kind {
                    'p' | 's' => r == if m.white { 2 } else { 13 },
                    'h' => r == if m.white { 0 } else { 15 } && (f == 0 || f == 15),
                    _ => false,
                };
                unmoved[s] = eligible && !lost.contains(&s);
            }
        }
        Board {
            squares,
            unmoved,
            white_to_move: fields[1] == "w",
        }
    }

    fn has_royal(&self, white: bool) -> bool {
        self.squares
            .iter()
            .flatten()
            .any(|m| m.white == white && (m.kind == 'k' || m.kind == 'i'))
    }

    fn count(&self, white: bool, kind: char) -> usize {
        self.squares
            .iter()
            .flatten()
            .filter(|m| m.white == white && m.kind == kind)
            .count()
    }

    /// The legal moves as strings (§7, §10).
    pub fn legal_moves(&self) -> Vec<NaiveMove> {
        let us = self.white_to_move;
        if !self.has_royal(us) {
            return Vec::new();
        }
        let moves = self.pseudo_moves();
        if !(self.count(us, 'k') == 1 && self.count(us, 'i') == 0) {
            return moves;
        }
        moves
            .into_iter()
            .filter(|m| {
                if !m.after.has_royal(!us) {
                    return true;
                }
                let king = (0..256)
                    .find(|s| {
                        m.after.squares[*s]
                            == Some(Man {
                                kind: 'k',
                                white: us,
                            })
                    })
                    .unwrap();
                !m.after
                    .pseudo_moves()
                    .iter()
                    .any(|reply| reply.captures.contains(&king))
            })
            .collect()
    }

    /// Every move by the piece rules of §4, royal safety ignored.
    pub fn pseudo_moves(&self) -> Vec<NaiveMove> {
        let mut out = Vec::new();
        for from in 0..256 {
            if let Some(m) = self.squares[from] {
                if m.white == self.white_to_move {
                    self.moves_of(from, m, &mut out);
                }
            }
        }
        out
    }

    fn at(&self, f: i32, r: i32) -> Option<Option<Man>> {
        idx(f, r).map(|s| self.squares[s])
    }

    fn moves_of(&self, from: usize, man: Man, out: &mut Vec<NaiveMove>) {
        let (f0, r0) = ((from % 16) as i32, (from / 16) as i32);
        let us = man.white;
        let fwd = if us { 1 } else { -1 };
        let knight = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let diag = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
        let all8 = [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (-1, 1),
            (1, -1),
            (-1, -1),
        ];
        // Destinations that move or capture by replacement, in plain words.
        let mut dests: Vec<usize> = Vec::new();
        let mut quiet: Vec<usize> = Vec::new(); // move-only
        let mut takes: Vec<usize> = Vec::new(); // capture-only by replacement
        let friendly = |s: usize| self.squares[s].is_some_and(|o| o.white == us);
        let enemy = |s: usize| self.squares[s].is_some_and(|o| o.white != us);
        let leap = |list: &[(i32, i32)], dests: &mut Vec<usize>| {
            for (df, dr) in list {
                if let Some(t) = idx(f0 + df, r0 + dr) {
                    if !friendly(t) {
                        dests.push(t);
                    }
                }
            }
        };
        let slide = |list: &[(i32, i32)], range: i32, dests: &mut Vec<usize>| {
            for (df, dr) in list {
                for k in 1..=range {
                    match idx(f0 + df * k, r0 + dr * k) {
                        None => break,
                        Some(t) if self.squares[t].is_none() => dests.push(t),
                        Some(t) => {
                            if enemy(t) {
                                dests.push(t);
                            }
                            break;
                        }
                    }
                }
            }
        };
        match man.kind {
            'k' => leap(&all8, &mut dests),
            'q' => slide(&all8, 15, &mut dests),
            'r' => slide(&orth, 15, &mut dests),
            'b' => slide(&diag, 15, &mut dests),
            'c' => {
                slide(&orth, 15, &mut dests);
                leap(&knight, &mut dests);
            }
            'd' => {
                slide(&diag, 15, &mut dests);
                leap(&knight, &mut dests);
            }
            'i' => {
                leap(&diag, &mut dests);
                leap(&knight, &mut dests);
            }
            'j' => {
                for (df, dr) in knight {
                    for k in 1..16 {
                        match idx(f0 + df * k, r0 + dr * k) {
                            None => break,
                            Some(t) if self.squares[t].is_none() => dests.push(t),
                            Some(t) => {
                                if enemy(t) {
                                    dests.push(t);
                                }
                                break;
                            }
                        }
                    }
                }
            }
            'n' => {
                let camel = [
                    (1, 3),
                    (3, 1),
                    (3, -1),
                    (1, -3),
                    (-1, -3),
                    (-3, -1),
                    (-3, 1),
                    (-1, 3),
                ];
                leap(&orth, &mut dests);
                leap(&knight, &mut dests);
                leap(&camel, &mut dests);
            }
            'y' => {
                slide(&orth, 2, &mut dests);
                leap(&knight, &mut dests);
            }
            'f' => {
                let mut list = Vec::new();
                for df in -3..=3i32 {
                    for dr in -3..=3i32 {
                        if (df, dr) != (0, 0) && (df + dr) % 2 == 0 {
                            list.push((df, dr));
                        }
                    }
                }
                leap(&list, &mut dests);
            }
            'g' => {
                slide(&diag, 15, &mut dests);
                for (df, dr) in orth {
                    for k in 1..16 {
                        match idx(f0 + df * k, r0 + dr * k) {
                            None => break,
                            Some(t) if self.squares[t].is_none() => {
                                if k % 2 == 0 {
                                    dests.push(t);
                                }
                            }
                            Some(t) => {
                                if k % 2 == 0 && enemy(t) {
                                    dests.push(t);
                                }
                                break;
                            }
                        }
                    }
                }
            }
            'a' => {
                slide(&diag, 3, &mut dests);
                for (df, dr) in knight {
                    if let Some(t) = idx(f0 + df, r0 + dr) {
                        if enemy(t) {
                            let mut after = self.clone();
                            after.squares[t] = None;
                            self.finish(
                                from,
                                format!("{}x{}", name(from), name(t)),
                                vec![from, t],
                                vec![t],
                                after,
                                out,
                            );
                        }
                    }
                }
            }
            'v' => {
                for (df, dr) in knight {
                    let leg = if df.abs() == 2 {
                        (df.signum(), 0)
                    } else {
                        (0, dr.signum())
                    };
                    if self.at(f0 + leg.0, r0 + leg.1) != Some(None) {
                        continue;
                    }
                    let Some(land) = idx(f0 + df, r0 + dr) else {
                        continue;
                    };
                    if friendly(land) {
                        continue;
                    }
                    let mut after = self.clone();
                    let mut caps = Vec::new();
                    if enemy(land) {
                        caps.push(land);
                    }
                    after.squares[land] = Some(man);
                    after.squares[from] = None;
                    let (lf, lr) = ((land % 16) as i32, (land / 16) as i32);
                    for (sf, sr) in knight {
                        if let Some(shot) = idx(lf + sf, lr + sr) {
                            if after.squares[shot].is_some_and(|o| o.white != us) {
                                let mut shot_after = after.clone();
                                shot_after.squares[shot] = None;
                                let mut c = caps.clone();
                                c.push(shot);
                                let text = format!("{}{}x{}", name(from), name(land), name(shot));
                                self.finish(from, text, vec![from, land, shot], c, shot_after, out);
                            }
                        }
                    }
                    self.finish(
                        from,
                        format!("{}{}", name(from), name(land)),
                        vec![from, land],
                        caps,
                        after,
                        out,
                    );
                }
            }
            'l' => {
                for (df, dr) in knight {
                    let Some(t1) = idx(f0 + df, r0 + dr) else {
                        continue;
                    };
                    if !friendly(t1) {
                        dests.push(t1);
                    }
                    if self.squares[t1].is_none() {
                        if let Some(t2) = idx(f0 + 2 * df, r0 + 2 * dr) {
                            if !friendly(t2) {
                                dests.push(t2);
                            }
                        }
                    }
                }
                for (df, dr) in all8 {
                    for k in 1..=3 {
                        match idx(f0 + df * k, r0 + dr * k) {
                            None => break,
                            Some(t) if self.squares[t].is_none() => {}
                            Some(t) => {
                                if k >= 2 && enemy(t) {
                                    takes.push(t);
                                }
                                break;
                            }
                        }
                    }
                }
            }
            'z' => {
                for df in -2..=2i32 {
                    for dr in -2..=2i32 {
                        let Some(t) = idx(f0 + df, r0 + dr) else {
                            continue;
                        };
                        if (df, dr) == (0, 0) || friendly(t) {
                            continue;
                        }
                        let reachable =
                            if df.abs() <= 1 && dr.abs() <= 1 || df.abs() != 1 && dr.abs() != 1 {
                                true // a king step, or a (2,0)/(2,2) leap
                            } else {
                                // Two king steps through an empty neighbour of the origin.
                                all8.iter().any(|(mf, mr)| {
                                    let m = (f0 + mf, r0 + mr);
                                    self.at(m.0, m.1) == Some(None)
                                        && (m.0 - (f0 + df)).abs() <= 1
                                        && (m.1 - (r0 + dr)).abs() <= 1
                                })
                            };
                        if reachable {
                            dests.push(t);
                        }
                    }
                }
            }
            'w' => {
                for (sx, sy) in diag {
                    let Some(p1) = idx(f0 + sx, r0 + sy) else {
                        continue;
                    };
                    if !friendly(p1) {
                        dests.push(p1);
                    }
                    if self.squares[p1].is_some() {
                        continue;
                    }
                    for (bx, by) in [(sx, 0), (0, sy)] {
                        for k in 1..=2 {
                            match idx(f0 + sx + bx * k, r0 + sy + by * k) {
                                None => break,
                                Some(t) if self.squares[t].is_none() => dests.push(t),
                                Some(t) => {
                                    if enemy(t) {
                                        dests.push(t);
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
                let camel = [
                    (1, 3),
                    (3, 1),
                    (3, -1),
                    (1, -3),
                    (-1, -3),
                    (-3, -1),
                    (-3, 1),
                    (-1, 3),
                ];
                for (df, dr) in diag.iter().chain(knight.iter()).chain(camel.iter()) {
                    let Some(t) = idx(f0 + df, r0 + dr) else {
                        continue;
                    };
                    let Some(other) = self.squares[t] else {
                        continue;
                    };
                    if other.white != us {
                        continue;
                    }
                    let mut after = self.clone();
                    after.squares[t] = Some(man);
                    let far = if us { 15 } else { 0 };
                    let mut text = format!("{}{}", name(from), name(t));
                    let mut displaced = other;
                    if r0 == far && matches!(other.kind, 'p' | 's' | 'e') {
                        displaced.kind = promoted(other.kind);
                        text.push(displaced.kind);
                    }
                    after.squares[from] = Some(displaced);
                    self.finish(from, text, vec![from, t], vec![], after, out);
                }
            }
            'h' => {
                // Forward, leaping one friendly man if unmoved; nothing captured on the way.
                let mut passed = false;
                for k in 1..16 {
                    let Some(t) = idx(f0, r0 + fwd * k) else {
                        break;
                    };
                    match self.squares[t] {
                        None => dests.push(t),
                        Some(o) if o.white != us => {
                            dests.push(t);
                            break;
                        }
                        Some(_) => {
                            if self.unmoved[from] && !passed {
                                passed = true;
                            } else {
                                break;
                            }
                        }
                    }
                }
                // Sideways and backward sweeps.
                for (df, dr) in [(1, 0), (-1, 0), (0, -fwd)] {
                    let mut caps = Vec::new();
                    for k in 1..16 {
                        let Some(t) = idx(f0 + df * k, r0 + dr * k) else {
                            break;
                        };
                        if friendly(t) {
                            break;
                        }
                        if enemy(t) {
                            caps.push(t);
                        }
                        let mut after = self.clone();
                        for c in &caps {
                            after.squares[*c] = None;
                        }
                        after.squares[t] = Some(man);
                        after.squares[from] = None;
                        let mut touched = vec![from, t];
                        touched.extend(&caps);
                        self.finish(
                            from,
                            format!("{}{}", name(from), name(t)),
                            touched,
                            caps.clone(),
                            after,
                            out,
                        );
                    }
                }
            }
            'p' | 's' | 'e' => {
                let steps = if man.kind == 'e' {
                    3
                } else if self.unmoved[from] {
                    4
                } else {
                    1
                };
                for k in 1..=steps {
                    let Some(t) = idx(f0, r0 + fwd * k) else {
                        break;
                    };
                    if self.squares[t].is_none() {
                        quiet.push(t);
                        continue;
                    }
                    if man.kind == 'e' && enemy(t) {
                        takes.push(t);
                    }
                    break;
                }
                for df in [-1, 1] {
                    if let Some(t) = idx(f0 + df, r0 + fwd) {
                        if man.kind == 'e' {
                            if !friendly(t) {
                                dests.push(t);
                            }
                        } else if enemy(t) {
                            takes.push(t);
                        }
                    }
                    if man.kind != 'p' {
                        if let Some(t) = idx(f0 + df, r0) {
                            if self.squares[t].is_none() {
                                quiet.push(t);
                            }
                        }
                    }
                }
            }
            other => panic!("unknown man {other}"),
        }
        let mut all: Vec<usize> = dests;
        all.extend(quiet);
        all.extend(takes);
        all.sort();
        all.dedup();
        for t in all {
            let mut after = self.clone();
            let caps = if enemy(t) { vec![t] } else { vec![] };
            let mut moved = man;
            let far = if us { 15 } else { 0 };
            let mut text = format!("{}{}", name(from), name(t));
            if matches!(man.kind, 'p' | 's' | 'e') && t / 16 == far {
                moved.kind = promoted(man.kind);
                text.push(moved.kind);
            }
            after.squares[t] = Some(moved);
            after.squares[from] = None;
            self.finish(from, text, vec![from, t], caps, after, out);
        }
    }

    /// Completes a move: initial rights, succession (§7.4), the side to move.
    fn finish(
        &self,
        _from: usize,
        text: String,
        touched: Vec<usize>,
        captures: Vec<usize>,
        mut after: Board,
        out: &mut Vec<NaiveMove>,
    ) {
        for s in &touched {
            after.unmoved[*s] = false;
        }
        let them = !self.white_to_move;
        let lost = |kind: char| {
            captures
                .iter()
                .any(|c| self.squares[*c] == Some(Man { kind, white: them }))
        };
        for (ruler, heir) in [('k', 'i'), ('q', 'd')] {
            if lost(ruler) && after.count(them, ruler) == 0 {
                if let Some(s) = (0..256).find(|s| {
                    after.squares[*s]
                        == Some(Man {
                            kind: heir,
                            white: them,
                        })
                }) {
                    after.squares[s] = Some(Man {
                        kind: ruler,
                        white: them,
                    });
                }
            }
        }
        after.white_to_move = them;
        out.push(NaiveMove {
            text,
            captures,
            after,
        });
    }

    /// Counts the leaves of the legal-move tree.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| m.after.perft(depth - 1)).sum()
    }
}

fn promoted(kind: char) -> char {
    match kind {
        'p' => 'n',
        's' => 'h',
        'e' => 'l',
        k => k,
    }
}
