//! A deliberately naive Double-Ended Chess move generator, written straight from
//! rules/double-ended.md and sharing nothing with the engine: a 2-D array of squares, plain
//! square-by-square loops, `Vec`s everywhere, and check found by listing every enemy move and
//! looking for one that captures the king. Slow and obvious, so the fast generator can be
//! compared with it move by move.

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Color {
    White,
    Black,
}

impl Color {
    fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

/// A piece: colour and lower-case letter (`p n m b r q k`).
pub type Cell = Option<(Color, char)>;

#[derive(Clone, Debug)]
pub struct Naive {
    /// `board[file][rank]`.
    board: [[Cell; 8]; 8],
    side: Color,
    /// K, Q, k, q.
    castle: [bool; 4],
    halfmove: u32,
    fullmove: u32,
    deep: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct NaiveMove {
    from: (i8, i8),
    to: (i8, i8),
    promotion: Option<char>,
    captures: Vec<(i8, i8)>,
    castle: bool,
}

fn on_board(sq: (i8, i8)) -> bool {
    (0..8).contains(&sq.0) && (0..8).contains(&sq.1)
}

fn add(a: (i8, i8), b: (i8, i8)) -> (i8, i8) {
    (a.0 + b.0, a.1 + b.1)
}

fn sub(a: (i8, i8), b: (i8, i8)) -> (i8, i8) {
    (a.0 - b.0, a.1 - b.1)
}

fn name(sq: (i8, i8)) -> String {
    format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1 + 1)
}

impl NaiveMove {
    pub fn uci(&self) -> String {
        let mut s = name(self.from) + &name(self.to);
        if let Some(p) = self.promotion {
            s.push(p);
        }
        s
    }
}

const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

impl Naive {
    pub fn from_fen(fen: &str, deep: bool) -> Naive {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut board = [[None; 8]; 8];
        for (i, row) in f[0].split('/').enumerate() {
            let rank = 7 - i as i8;
            let mut file = 0i8;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as i8;
                } else {
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    board[file as usize][rank as usize] = Some((color, c.to_ascii_lowercase()));
                    file += 1;
                }
            }
        }
        let side = if f[1] == "w" {
            Color::White
        } else {
            Color::Black
        };
        let castle = [
            f[2].contains('K'),
            f[2].contains('Q'),
            f[2].contains('k'),
            f[2].contains('q'),
        ];
        let halfmove = f.get(4).map_or(0, |s| s.parse().unwrap());
        let fullmove = f.get(5).map_or(1, |s| s.parse().unwrap());
        Naive {
            board,
            side,
            castle,
            halfmove,
            fullmove,
            deep,
        }
    }

    pub fn fen(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.board[file][rank] {
                    None => empty += 1,
                    Some((color, c)) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        s.push(if color == Color::White {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        });
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s += if self.side == Color::White {
            " w "
        } else {
            " b "
        };
        let mut rights = String::new();
        for (i, c) in "KQkq".chars().enumerate() {
            if self.castle[i] {
                rights.push(c);
            }
        }
        s += if rights.is_empty() { "-" } else { &rights };
        s + &format!(" - {} {}", self.halfmove, self.fullmove)
    }

    fn at(&self, sq: (i8, i8)) -> Cell {
        if on_board(sq) {
            self.board[sq.0 as usize][sq.1 as usize]
        } else {
            None
        }
    }

    fn empty(&self, sq: (i8, i8)) -> bool {
        on_board(sq) && self.at(sq).is_none()
    }

    /// Every move of `color` by §3-§4 (no castling), each with its captures.
    fn pseudo_moves(&self, color: Color) -> Vec<NaiveMove> {
        let mut out = Vec::new();
        for file in 0..8i8 {
            for rank in 0..8i8 {
                let s = (file, rank);
                let Some((c, kind)) = self.at(s) else {
                    continue;
                };
                if c != color {
                    continue;
                }
                match kind {
                    'q' | 'k' | 'r' | 'b' => {
                        let mut dirs = Vec::new();
                        if kind != 'b' {
                            dirs.extend(ORTHOGONAL);
                        }
                        if kind != 'r' {
                            dirs.extend(DIAGONAL);
                        }
                        let max = if kind == 'k' { 1 } else { 7 };
                        for d in dirs {
                            let mut t = s;
                            for _ in 0..max {
                                t = add(t, d);
                                if !self.empty(t) {
                                    break;
                                }
                                self.push(&mut out, color, s, t, sub(s, d), add(t, d), false);
                            }
                        }
                    }
                    'n' | 'm' => {
                        for v in [
                            (1, 2),
                            (2, 1),
                            (2, -1),
                            (1, -2),
                            (-1, -2),
                            (-2, -1),
                            (-2, 1),
                            (-1, 2),
                        ] {
                            let t = add(s, v);
                            if !self.empty(t) {
                                continue;
                            }
                            let o = if v.0.abs() == 2 {
                                (v.0.signum(), 0)
                            } else {
                                (0, v.1.signum())
                            };
                            let g = (v.0.signum(), v.1.signum());
                            let (w, a) = if self.deep {
                                (sub(s, v), add(t, v))
                            } else if kind == 'n' {
                                (sub(s, o), add(t, g))
                            } else {
                                (sub(s, g), add(t, o))
                            };
                            self.push(&mut out, color, s, t, w, a, false);
                        }
                    }
                    'p' => {
                        let f = (0, color.forward());
                        let one = add(s, f);
                        if self.empty(one) {
                            self.push(&mut out, color, s, one, sub(s, f), add(one, f), false);
                            let start = if color == Color::White { 1 } else { 6 };
                            let two = add(one, f);
                            if rank == start && self.empty(two) {
                                self.push(&mut out, color, s, two, sub(s, f), add(two, f), false);
                            }
                        }
                        for dx in [-1, 1] {
                            let d = (dx, color.forward());
                            let t = add(s, d);
                            if self.empty(t) {
                                self.push(&mut out, color, s, t, sub(s, d), add(t, d), true);
                            }
                        }
                    }
                    _ => unreachable!(),
                }
            }
        }
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &self,
        out: &mut Vec<NaiveMove>,
        color: Color,
        from: (i8, i8),
        to: (i8, i8),
        w: (i8, i8),
        a: (i8, i8),
        must_capture: bool,
    ) {
        let mut captures = Vec::new();
        for sq in [w, a] {
            if matches!(self.at(sq), Some((c, _)) if c != color) {
                captures.push(sq);
            }
        }
        if must_capture && captures.is_empty() {
            return;
        }
        let is_pawn = matches!(self.at(from), Some((_, 'p')));
        let last = if color == Color::White { 7 } else { 0 };
        if is_pawn && to.1 == last {
            let kinds: &[char] = if self.deep {
                &['q', 'r', 'b', 'n']
            } else {
                &['q', 'r', 'b', 'n', 'm']
            };
            for &k in kinds {
                out.push(NaiveMove {
                    from,
                    to,
                    promotion: Some(k),
                    captures: captures.clone(),
                    castle: false,
                });
            }
        } else {
            out.push(NaiveMove {
                from,
                to,
                promotion: None,
                captures,
                castle: false,
            });
        }
    }

    fn king_square(&self, color: Color) -> (i8, i8) {
        for file in 0..8 {
            for rank in 0..8 {
                if self.at((file, rank)) == Some((color, 'k')) {
                    return (file, rank);
                }
            }
        }
        panic!("no {color:?} king in {}", self.fen())
    }

    /// Whether some move of the enemy of `color` would capture `color`'s king.
    fn in_check(&self, color: Color) -> bool {
        let k = self.king_square(color);
        self.pseudo_moves(color.other())
            .iter()
            .any(|m| m.captures.contains(&k))
    }

    pub fn play(&self, m: &NaiveMove) -> Naive {
        let mut n = self.clone();
        let piece = n.board[m.from.0 as usize][m.from.1 as usize]
            .take()
            .unwrap();
        let is_pawn = piece.1 == 'p';
        for c in &m.captures {
            n.board[c.0 as usize][c.1 as usize] = None;
        }
        let placed = match m.promotion {
            Some(p) => (piece.0, p),
            None => piece,
        };
        n.board[m.to.0 as usize][m.to.1 as usize] = Some(placed);
        if m.castle {
            let rank = m.from.1 as usize;
            let (rf, rt) = if m.to.0 == 6 { (7, 5) } else { (0, 3) };
            n.board[rt][rank] = n.board[rf][rank].take();
        }
        // A move from or a capture on a king's or rook's home square ends those rights.
        let touched: Vec<(i8, i8)> = std::iter::once(m.from)
            .chain(m.captures.iter().copied())
            .collect();
        for sq in touched {
            match sq {
                (4, 0) => n.castle[0..2].fill(false),
                (7, 0) => n.castle[0] = false,
                (0, 0) => n.castle[1] = false,
                (4, 7) => n.castle[2..4].fill(false),
                (7, 7) => n.castle[2] = false,
                (0, 7) => n.castle[3] = false,
                _ => {}
            }
        }
        n.halfmove = if is_pawn || !m.captures.is_empty() {
            0
        } else {
            self.halfmove + 1
        };
        if self.side == Color::Black {
            n.fullmove += 1;
        }
        n.side = self.side.other();
        n
    }

    pub fn legal_moves(&self) -> Vec<NaiveMove> {
        let us = self.side;
        let mut moves: Vec<NaiveMove> = self
            .pseudo_moves(us)
            .into_iter()
            .filter(|m| !self.play(m).in_check(us))
            .collect();
        if !self.in_check(us) {
            let rank = if us == Color::White { 0 } else { 7 };
            let rights = if us == Color::White {
                [self.castle[0], self.castle[1]]
            } else {
                [self.castle[2], self.castle[3]]
            };
            // (right, rook file, files that must be empty, crossed file, king's destination file)
            let sides = [
                (rights[0], 7, vec![5, 6], 5, 6),
                (rights[1], 0, vec![1, 2, 3], 3, 2),
            ];
            for (right, rook_file, between, cross, dest) in sides {
                if !right
                    || self.at((4, rank)) != Some((us, 'k'))
                    || self.at((rook_file, rank)) != Some((us, 'r'))
                {
                    continue;
                }
                if between.iter().any(|f| !self.empty((*f, rank))) {
                    continue;
                }
                // The king standing on the crossed square, everything else unchanged.
                let mut crossed = self.clone();
                crossed.board[cross as usize][rank as usize] =
                    crossed.board[4][rank as usize].take();
                if crossed.in_check(us) {
                    continue;
                }
                let m = NaiveMove {
                    from: (4, rank),
                    to: (dest, rank),
                    promotion: None,
                    captures: vec![],
                    castle: true,
                };
                if !self.play(&m).in_check(us) {
                    moves.push(m);
                }
            }
        }
        moves
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

impl NaiveMove {
    pub fn captures_something(&self) -> bool {
        !self.captures.is_empty()
    }
}
