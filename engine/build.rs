//! Generates the 8x8 attack tables at build time (`$OUT_DIR/attacks8.rs`), so the engine starts
//! with every table already in its binary: no lazy initialisation, no check on each lookup.
//!
//! * Fancy magic bitboards for rooks and bishops: one shared attack table, each square owning a
//!   slice of `1 << bits` entries addressed by `((occupied & mask) * magic) >> (64 - bits)`.
//!   Magics are searched with a fixed-seed generator, so every build produces the same tables.
//! * `between` / `line` tables.
//!
//! (The leaper tables are const tables in `board8.rs`, built from the leaps the rules name.)
//!
//! The attack definitions here are plain ray walks; `engine/src/attacks/board8.rs` tests the
//! generated tables against an independent walk at run time.

use std::fmt::Write as _;
use std::path::PathBuf;

const ROOK_DIRS: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
fn step(sq: usize, (df, dr): (i8, i8)) -> Option<usize> {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

/// Squares reached from `sq` along `dirs`, each ray stopping at (and including) a blocker.
fn slide(sq: usize, occupied: u64, dirs: &[(i8, i8)]) -> u64 {
    let mut out = 0;
    for &d in dirs {
        let mut cur = sq;
        while let Some(t) = step(cur, d) {
            out |= 1 << t;
            if occupied >> t & 1 != 0 {
                break;
            }
            cur = t;
        }
    }
    out
}

/// The relevant occupancy: the rays without their last square (a blocker on the edge changes
/// nothing) and without `sq`.
fn relevant_mask(sq: usize, dirs: &[(i8, i8)]) -> u64 {
    let mut out = 0;
    for &d in dirs {
        let mut cur = sq;
        while let Some(t) = step(cur, d) {
            if step(t, d).is_none() {
                break;
            }
            out |= 1 << t;
            cur = t;
        }
    }
    out
}

/// xorshift64*: small, fixed seed, good enough to find magics.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// Magic candidates with few set bits work best.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

struct Magic {
    mask: u64,
    magic: u64,
    offset: usize,
    shift: u32,
}

/// Finds a magic for `sq` and appends its attack slice to `table`.
fn find_magic(sq: usize, dirs: &[(i8, i8)], rng: &mut Rng, table: &mut Vec<u64>) -> Magic {
    let mask = relevant_mask(sq, dirs);
    let bits = mask.count_ones();
    let size = 1usize << bits;
    // Every subset of the mask (Carry-Rippler enumeration) with its attack set.
    let mut occs = Vec::with_capacity(size);
    let mut attacks = Vec::with_capacity(size);
    let mut sub = 0u64;
    loop {
        occs.push(sub);
        attacks.push(slide(sq, sub, dirs));
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    let shift = 64 - bits;
    let mut slot = vec![0u64; size];
    let mut stamp = vec![0u32; size];
    for attempt in 1u32.. {
        let magic = rng.sparse();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        let ok = occs.iter().zip(&attacks).all(|(&occ, &att)| {
            let i = (occ.wrapping_mul(magic) >> shift) as usize;
            if stamp[i] != attempt {
                stamp[i] = attempt;
                slot[i] = att;
                true
            } else {
                slot[i] == att
            }
        });
        if ok {
            let offset = table.len();
            // Indices never produced by a subset stay empty; they are unreachable.
            table.extend((0..size).map(|i| if stamp[i] == attempt { slot[i] } else { 0 }));
            return Magic {
                mask,
                magic,
                offset,
                shift,
            };
        }
    }
    unreachable!()
}

fn write_u64s(out: &mut String, name: &str, values: &[u64]) {
    writeln!(out, "pub(super) static {name}: [u64; {}] = [", values.len()).unwrap();
    for chunk in values.chunks(8) {
        let line: Vec<String> = chunk.iter().map(|v| format!("{v:#x}")).collect();
        writeln!(out, "    {},", line.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn write_magics(out: &mut String, name: &str, magics: &[Magic]) {
    writeln!(out, "pub(super) static {name}: [Magic; 64] = [").unwrap();
    for m in magics {
        writeln!(
            out,
            "    Magic {{ mask: {:#x}, magic: {:#x}, offset: {}, shift: {} }},",
            m.mask, m.magic, m.offset, m.shift
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut table = Vec::new();
    let rook: Vec<Magic> = (0..64)
        .map(|sq| find_magic(sq, &ROOK_DIRS, &mut rng, &mut table))
        .collect();
    let bishop: Vec<Magic> = (0..64)
        .map(|sq| find_magic(sq, &BISHOP_DIRS, &mut rng, &mut table))
        .collect();

    let all_dirs: Vec<(i8, i8)> = ROOK_DIRS.iter().chain(&BISHOP_DIRS).copied().collect();
    let mut between = vec![0u64; 64 * 64];
    let mut line = vec![0u64; 64 * 64];
    for a in 0..64 {
        for &d in &all_dirs {
            let ray = slide(a, 0, &[d]);
            let back = slide(a, 0, &[(-d.0, -d.1)]);
            for b in (0..64).filter(|b| ray >> b & 1 != 0) {
                between[a * 64 + b] = slide(a, 1 << b, &[d]) & !(1 << b);
                line[a * 64 + b] = ray | back | 1 << a;
            }
        }
    }

    let mut out = String::new();
    writeln!(out, "// Generated by engine/build.rs. Do not edit.").unwrap();
    write_magics(&mut out, "ROOK_MAGICS", &rook);
    write_magics(&mut out, "BISHOP_MAGICS", &bishop);
    write_u64s(&mut out, "SLIDER_ATTACKS", &table);
    write_u64s(&mut out, "BETWEEN", &between);
    write_u64s(&mut out, "LINE", &line);

    let path =
        PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("attacks8.rs");
    std::fs::write(path, out).expect("write attacks8.rs");
}
