//! The evaluation of orthodox chess: material and piece-square tables tapered between middlegame
//! and endgame, mobility, pawn structure, passed pawns, king safety and a few piece terms.
//!
//! The numbers are named weights in `weights.txt`, embedded at compile time; `chimera tune` fits
//! them to self-play games (docs/tuning.md says which data the shipped ones came from). Their
//! first values were public facts: material as in PeSTO (Ronald Friederich), the piece-square
//! tables of Tomasz Michniewski's "Simplified Evaluation Function" (both on the Chess
//! Programming Wiki), round numbers of the usual size for the rest.
//!
//! One function, [`score`], computes everything; it reports each term to a [`Trace`], which
//! is a no-op for search ([`evaluate`]) and a table for the `eval` command ([`breakdown`]).

use crate::attacks::board8 as attacks;
use crate::bitboard::Bitboard;
use crate::board_view::Cell;
pub use crate::eval::tapered::Pair;
use crate::eval::tapered::{taper, NoTrace, Trace};
use crate::eval::weights;
use crate::game::Player;
use crate::square::{Board8, Square};
use crate::variants::chess::status::LIGHT_SQUARES;
use crate::variants::chess::{Position, Role};

/// The evaluation's terms, in the order `eval` prints them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Term {
    Material,
    Placement,
    Mobility,
    PawnStructure,
    PassedPawns,
    KingSafety,
    Pieces,
    Threats,
    MopUp,
    Tempo,
}

impl Term {
    pub const ALL: [Term; 10] = [
        Term::Material,
        Term::Placement,
        Term::Mobility,
        Term::PawnStructure,
        Term::PassedPawns,
        Term::KingSafety,
        Term::Pieces,
        Term::Threats,
        Term::MopUp,
        Term::Tempo,
    ];
    pub const fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::Placement => "Placement",
            Term::Mobility => "Mobility",
            Term::PawnStructure => "Pawn structure",
            Term::PassedPawns => "Passed pawns",
            Term::KingSafety => "King safety",
            Term::Pieces => "Pieces",
            Term::Threats => "Threats",
            Term::MopUp => "Mop-up",
            Term::Tempo => "Tempo",
        }
    }
}

impl From<Term> for usize {
    fn from(term: Term) -> usize {
        term as usize
    }
}

/// The evaluation by terms (in [`Term::ALL`] order) and players, with its phase.
pub type Breakdown = crate::eval::tapered::Breakdown<10>;

/// Plain piece values for exchanges (SEE) and move ordering.
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// Game phase weight of each role: [`crate::eval::tapered::MAX_PHASE`] at the start, 0 with only kings and pawns.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// A full set of the evaluation's weights, in file order.
pub type Weights = [Pair; COUNT];

/// The weights, from `weights.txt` (see [`crate::eval::weights`]), read at compile time.
pub static WEIGHTS: Weights = weights::parse(include_str!("weights.txt"));

// Where each group of weights starts in [`WEIGHTS`], in file order.
/// Material by role (pawn to king).
const MATERIAL: usize = 0;
/// Piece-square tables: `[role][square]` with a1 = 0, from White's side (Black mirrors the rank).
const PST: usize = MATERIAL + 6;
/// Mobility per reachable square above (or below) [`MOBILITY_TYPICAL`], knight to queen.
const MOBILITY: usize = PST + 6 * 64;
const DOUBLED: usize = MOBILITY + 4;
const ISOLATED: usize = DOUBLED + 1;
/// Passed pawn bonus by rank as its owner sees it (index 1 = second rank).
const PASSED: usize = ISOLATED + 1;
const BISHOP_PAIR: usize = PASSED + 8;
const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
const ROOK_HALF_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
pub(crate) const TEMPO: usize = ROOK_HALF_OPEN_FILE + 1;
/// King shelter: own pawn one and two ranks in front of the king, no pawn, per file next to it.
const SHELTER_NEAR: usize = TEMPO + 1;
const SHELTER_FAR: usize = SHELTER_NEAR + 1;
const SHELTER_OPEN_FILE: usize = SHELTER_FAR + 1;
/// The attack on a king's zone by two or more pieces, by the attackers' summed weight
/// ([`KING_ATTACK_WEIGHT`] per attacked square), capped at the table's last entry.
const KING_DANGER: usize = SHELTER_OPEN_FILE + 1;
const KING_DANGER_LEN: usize = 48;
/// Threats, per enemy piece attacked: minors and majors by a pawn, majors by a minor, a queen
/// by a rook, and any piece attacked and not defended.
const THREAT_PAWN_ON_MINOR: usize = KING_DANGER + KING_DANGER_LEN;
const THREAT_PAWN_ON_MAJOR: usize = THREAT_PAWN_ON_MINOR + 1;
const THREAT_MINOR_ON_MAJOR: usize = THREAT_PAWN_ON_MAJOR + 1;
const THREAT_ROOK_ON_QUEEN: usize = THREAT_MINOR_ON_MAJOR + 1;
const THREAT_HANGING: usize = THREAT_ROOK_ON_QUEEN + 1;
/// A passed pawn's escort, per rank it stands beyond its third times the king's distance to
/// the square in front of it (at most 5): the enemy king's, then our own.
const PASSED_THEIR_KING: usize = THREAT_HANGING + 1;
const PASSED_OUR_KING: usize = PASSED_THEIR_KING + 1;
/// A passed pawn whose next square is occupied, per rank beyond its third.
const PASSED_BLOCKED: usize = PASSED_OUR_KING + 1;
/// Pawns defended by a pawn, and pawns beside one of ours on their rank.
const PAWN_SUPPORTED: usize = PASSED_BLOCKED + 1;
const PAWN_PHALANX: usize = PAWN_SUPPORTED + 1;
/// Against a lone king: per step its king stands from the centre (or, against a bishop and a
/// knight, nearer the corner the bishop can reach), and per step our king is nearer it.
const MOPUP_EDGE: usize = PAWN_PHALANX + 1;
const MOPUP_NEAR: usize = MOPUP_EDGE + 1;
/// A knight, then a bishop, on an outpost: on the fourth to sixth rank, defended by a pawn, and
/// out of reach of every enemy pawn.
const OUTPOST: usize = MOPUP_NEAR + 1;
/// A pawn left behind: no pawn of ours beside or behind it on the next files can defend its
/// advance, and an enemy pawn guards the square in front of it.
const PAWN_BACKWARD: usize = OUTPOST + 2;
/// A safe check at hand, by a knight, bishop, rook and queen: a square from which a piece of
/// that kind would check the enemy king, which one of ours reaches and no enemy man guards.
const SAFE_CHECK: usize = PAWN_BACKWARD + 1;
/// The threats again, in the same order, where their maker is to move and may cash one at once.
const THREAT_ON_MOVE: usize = SAFE_CHECK + 4;
/// Enemy pieces (not pawns) pinned to their king by one of our sliders.
const PIN: usize = THREAT_ON_MOVE + 5;
/// How many weights there are.
pub const COUNT: usize = PIN + 1;
/// The king distance a passed pawn's escort terms count at most.
const ESCORT_DISTANCE: i32 = 5;

/// The reachable-square count each role's mobility is measured from (knight to queen): fixed, so
/// that the weight alone moves.
const MOBILITY_TYPICAL: [i32; 4] = [4, 6, 7, 13];
/// Weight of an attacker of the king's zone, by role: what indexes [`KING_DANGER`].
const KING_ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];

const ROLE_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];
/// The threats' names, in [`THREAT_PAWN_ON_MINOR`]'s order (and [`THREAT_ON_MOVE`]'s).
const THREAT_NAMES: [&str; 5] = [
    "pawn_on_minor",
    "pawn_on_major",
    "minor_on_major",
    "rook_on_queen",
    "hanging",
];

/// The name of each weight, in file order.
pub fn weight_names() -> Vec<String> {
    let mut names: Vec<String> = ROLE_NAMES.iter().map(|r| format!("material.{r}")).collect();
    for r in ROLE_NAMES {
        for sq in 0..64u8 {
            names.push(format!("pst.{r}.{}{}", (b'a' + sq % 8) as char, sq / 8 + 1));
        }
    }
    names.extend(ROLE_NAMES[1..5].iter().map(|r| format!("mobility.{r}")));
    names.push("pawns.doubled".into());
    names.push("pawns.isolated".into());
    names.extend((1..=8).map(|r| format!("passed.rank{r}")));
    for n in [
        "pieces.bishop_pair",
        "pieces.rook_open_file",
        "pieces.rook_half_open_file",
        "tempo",
        "shelter.near",
        "shelter.far",
        "shelter.open_file",
    ] {
        names.push(n.into());
    }
    names.extend((0..KING_DANGER_LEN).map(|i| format!("king_danger.{i}")));
    names.extend(THREAT_NAMES.map(|n| format!("threat.{n}")));
    names.extend(
        [
            "passed.their_king",
            "passed.our_king",
            "passed.blocked",
            "pawns.supported",
            "pawns.phalanx",
            "mopup.edge",
            "mopup.near",
            "pieces.knight_outpost",
            "pieces.bishop_outpost",
            "pawns.backward",
        ]
        .map(String::from),
    );
    names.extend(ROLE_NAMES[1..5].iter().map(|r| format!("safe_check.{r}")));
    names.extend(THREAT_NAMES.map(|n| format!("threat_on_move.{n}")));
    names.push("pin".into());
    names
}

/// Weight `index` of `weights` counted `count` times for `player`.
#[inline(always)]
fn w<T: Trace<Term>>(
    weights: &Weights,
    trace: &mut T,
    index: usize,
    player: Player,
    count: i32,
) -> Pair {
    weights::take(weights, trace, index, player, count)
}

const FILE_A: u64 = 0x0101_0101_0101_0101;

#[inline(always)]
fn file_bb(file: u8) -> u64 {
    FILE_A << file
}

#[inline(always)]
fn adjacent_files(file: u8) -> u64 {
    let mut m = 0;
    if file > 0 {
        m |= file_bb(file - 1);
    }
    if file < 7 {
        m |= file_bb(file + 1);
    }
    m
}

/// Squares strictly in front of `sq` from `player`'s side, on the files in `files`.
#[inline(always)]
fn ahead(player: Player, sq: Square, files: u64) -> u64 {
    let rank = sq.0 / 8;
    let mask = match player {
        Player::White => (!0u64).checked_shl(8 * (rank as u32 + 1)).unwrap_or(0),
        Player::Black => (1u64 << (8 * rank)) - 1,
    };
    mask & files
}

#[inline(always)]
fn relative_rank(player: Player, sq: Square) -> usize {
    match player {
        Player::White => (sq.0 / 8) as usize,
        Player::Black => 7 - (sq.0 / 8) as usize,
    }
}

#[inline(always)]
fn pst_index(player: Player, sq: Square) -> usize {
    match player {
        Player::White => sq.index(),
        Player::Black => sq.index() ^ 56,
    }
}

fn pawn_attacks_all(player: Player, pawns: u64) -> u64 {
    const NOT_A: u64 = !FILE_A;
    const NOT_H: u64 = !(FILE_A << 7);
    match player {
        Player::White => ((pawns & NOT_A) << 7) | ((pawns & NOT_H) << 9),
        Player::Black => ((pawns & NOT_A) >> 9) | ((pawns & NOT_H) >> 7),
    }
}

/// The attacks of a piece of `role` on `sq` with blockers `occ`.
#[inline(always)]
fn piece_attacks(role: Role, sq: Square, occ: crate::Bb64) -> u64 {
    match role {
        Role::Knight => attacks::knight_attacks(sq).0,
        Role::Bishop => attacks::bishop_attacks(sq, occ).0,
        Role::Rook => attacks::rook_attacks(sq, occ).0,
        Role::Queen => attacks::queen_attacks(sq, occ).0,
        Role::King => attacks::king_attacks(sq).0,
        Role::Pawn => 0,
    }
}

/// The squares one player's men attack, by kind of attacker, for the threat terms.
#[derive(Copy, Clone, Default)]
struct Attacks {
    pawns: u64,
    /// By knights, bishops, rooks and queens.
    pieces: [u64; 4],
    all: u64,
}

/// Everything `us` scores but threats, reported term by term to `trace`, and what `us` attacks.
#[inline(always)]
fn side<T: Trace<Term>>(
    pos: &Position,
    us: Player,
    weights: &Weights,
    trace: &mut T,
) -> (Pair, Attacks) {
    let them = us.other();
    let occ = pos.occupied();
    let own = pos.player(us).0;
    let our_pawns = pos.pieces(us, Role::Pawn).0;
    let their_pawns = pos.pieces(them, Role::Pawn).0;
    let their_pawn_attacks = pawn_attacks_all(them, their_pawns);
    let their_king = pos.king(them);
    let their_king_zone = attacks::king_attacks(their_king).0 | 1u64 << their_king.0;
    let our_pawn_attacks = pawn_attacks_all(us, our_pawns);
    let mut attacked = Attacks {
        pawns: our_pawn_attacks,
        all: our_pawn_attacks | attacks::king_attacks(pos.king(us)).0,
        ..Attacks::default()
    };

    let (mut material, mut placement, mut mobility, mut pieces) =
        (Pair(0, 0), Pair(0, 0), Pair(0, 0), Pair(0, 0));
    let (mut attackers, mut attack_weight) = (0, 0);
    for role in Role::ALL {
        let squares = pos.pieces(us, role);
        for sq in squares.squares() {
            material += w(weights, trace, MATERIAL + role.index(), us, 1);
            placement += w(
                weights,
                trace,
                PST + 64 * role.index() + pst_index(us, sq),
                us,
                1,
            );
            if matches!(role, Role::Pawn | Role::King) {
                continue;
            }
            let reach = piece_attacks(role, sq, occ);
            let m = role.index() - 1;
            attacked.all |= reach;
            attacked.pieces[m] |= reach;
            let count = (reach & !own & !their_pawn_attacks).count_ones() as i32;
            mobility += w(
                weights,
                trace,
                MOBILITY + m,
                us,
                count - MOBILITY_TYPICAL[m],
            );
            let on_zone = (reach & their_king_zone).count_ones() as i32;
            if on_zone > 0 {
                attackers += 1;
                attack_weight += KING_ATTACK_WEIGHT[role.index()] * on_zone;
            }
            if matches!(role, Role::Knight | Role::Bishop)
                && (3..=5).contains(&relative_rank(us, sq))
                && our_pawn_attacks & 1u64 << sq.0 != 0
                && ahead(us, sq, adjacent_files(sq.0 % 8)) & their_pawns == 0
            {
                pieces += w(weights, trace, OUTPOST + m, us, 1);
            }
            if role == Role::Rook {
                let file = file_bb(sq.0 % 8);
                if file & (our_pawns | their_pawns) == 0 {
                    pieces += w(weights, trace, ROOK_OPEN_FILE, us, 1);
                } else if file & our_pawns == 0 {
                    pieces += w(weights, trace, ROOK_HALF_OPEN_FILE, us, 1);
                }
            }
        }
    }
    if pos.pieces(us, Role::Bishop).0.count_ones() >= 2 {
        pieces += w(weights, trace, BISHOP_PAIR, us, 1);
    }

    // Pawn structure and passed pawns.
    let (mut structure, mut passed) = (Pair(0, 0), Pair(0, 0));
    for file in 0..8u8 {
        let on_file = (our_pawns & file_bb(file)).count_ones() as i32;
        if on_file > 1 {
            structure += w(weights, trace, DOUBLED, us, on_file - 1);
        }
        if on_file > 0 && our_pawns & adjacent_files(file) == 0 {
            structure += w(weights, trace, ISOLATED, us, on_file);
        }
    }
    let supported = (our_pawns & our_pawn_attacks).count_ones() as i32;
    if supported > 0 {
        structure += w(weights, trace, PAWN_SUPPORTED, us, supported);
    }
    let beside = ((our_pawns & !file_bb(7)) << 1) | ((our_pawns & !FILE_A) >> 1);
    let phalanx = (our_pawns & beside).count_ones() as i32;
    if phalanx > 0 {
        structure += w(weights, trace, PAWN_PHALANX, us, phalanx);
    }
    let king = pos.king(us);
    for sq in pos.pieces(us, Role::Pawn).squares() {
        let file = sq.0 % 8;
        let stop = match us {
            Player::White => Square(sq.0 + 8),
            Player::Black => Square(sq.0 - 8),
        };
        // No pawn beside it or behind it on the next files (the squares in front of the one
        // beside it from the other side), and its stop square guarded by an enemy pawn.
        let helpers = adjacent_files(file) & !ahead(us, sq, adjacent_files(file)) & our_pawns;
        if helpers == 0
            && our_pawns & adjacent_files(file) != 0
            && their_pawn_attacks & 1u64 << stop.0 != 0
        {
            structure += w(weights, trace, PAWN_BACKWARD, us, 1);
        }
        let blockers = ahead(us, sq, file_bb(file) | adjacent_files(file)) & their_pawns;
        // The front pawn of doubled pawns only: one passer per file.
        let own_in_front = ahead(us, sq, file_bb(file)) & our_pawns;
        if blockers == 0 && own_in_front == 0 {
            passed += w(weights, trace, PASSED + relative_rank(us, sq), us, 1);
            // Beyond the third rank the kings' race to the pawn's path and its blockade count.
            let beyond = relative_rank(us, sq) as i32 - 2;
            if beyond > 0 {
                let theirs = king_distance(their_king, stop).min(ESCORT_DISTANCE);
                let ours = king_distance(king, stop).min(ESCORT_DISTANCE);
                passed += w(weights, trace, PASSED_THEIR_KING, us, beyond * theirs);
                passed += w(weights, trace, PASSED_OUR_KING, us, beyond * ours);
                if occ.0 & (1u64 << stop.0) != 0 {
                    passed += w(weights, trace, PASSED_BLOCKED, us, beyond);
                }
            }
        }
    }

    // King safety: our pieces bearing on their king's zone (two or more attackers make a
    // real attack), and, in the middlegame, the pawn shelter of our own king.
    let mut king_safety = Pair(0, 0);
    if attackers >= 2 {
        let danger = (attack_weight as usize).min(KING_DANGER_LEN - 1);
        king_safety += w(weights, trace, KING_DANGER + danger, us, 1);
    }
    if relative_rank(us, king) <= 1 {
        let file = king.0 % 8;
        for f in file.saturating_sub(1)..=(file + 1).min(7) {
            let pawns_here = our_pawns & file_bb(f);
            let shelter = if pawns_here == 0 {
                Some(SHELTER_OPEN_FILE)
            } else if pawns_here & near_ranks(us, king, 1) != 0 {
                Some(SHELTER_NEAR)
            } else if pawns_here & near_ranks(us, king, 2) != 0 {
                Some(SHELTER_FAR)
            } else {
                None
            };
            if let Some(index) = shelter {
                king_safety += w(weights, trace, index, us, 1);
            }
        }
    }

    trace.add(Term::Material, us, material);
    trace.add(Term::Placement, us, placement);
    trace.add(Term::Mobility, us, mobility);
    trace.add(Term::PawnStructure, us, structure);
    trace.add(Term::PassedPawns, us, passed);
    trace.add(Term::KingSafety, us, king_safety);
    trace.add(Term::Pieces, us, pieces);
    let total = material + placement + mobility + structure + passed + king_safety + pieces;
    (total, attacked)
}

/// What `us` threatens: enemy pieces attacked by lesser men (`ours`), or attacked and not
/// defended (`theirs`: what the enemy attacks), and enemy pieces pinned to their king. The side
/// to move may cash a threat at once, the other must parry it, which costs a move: so each
/// threat counts again, under weights of its own, where `us` is to move (`on_move`). Returns
/// the threats and, apart, what being on move adds to them.
#[inline(always)]
fn threats<T: Trace<Term>>(
    pos: &Position,
    us: Player,
    (ours, theirs): (&Attacks, &Attacks),
    on_move: bool,
    weights: &Weights,
    trace: &mut T,
) -> (Pair, Pair) {
    let them = pos.player(us.other()).0;
    let minors = them & (pos.role(Role::Knight).0 | pos.role(Role::Bishop).0);
    let queens = them & pos.role(Role::Queen).0;
    let majors = them & pos.role(Role::Rook).0 | queens;
    let count = |bb: u64| bb.count_ones() as i32;
    let (mut total, mut extra) = (Pair(0, 0), Pair(0, 0));
    for (offset, (index, targets)) in [
        (THREAT_PAWN_ON_MINOR, minors & ours.pawns),
        (THREAT_PAWN_ON_MAJOR, majors & ours.pawns),
        (
            THREAT_MINOR_ON_MAJOR,
            majors & (ours.pieces[0] | ours.pieces[1]),
        ),
        (THREAT_ROOK_ON_QUEEN, queens & ours.pieces[2]),
        (THREAT_HANGING, (minors | majors) & ours.all & !theirs.all),
    ]
    .into_iter()
    .enumerate()
    {
        if targets != 0 {
            total += w(weights, trace, index, us, count(targets));
            if on_move {
                extra += w(weights, trace, THREAT_ON_MOVE + offset, us, count(targets));
            }
        }
    }
    // Their pieces pinned to their king, which cannot leave the line.
    let pinned = (pos.pinned_of(us.other()).0 & !pos.role(Role::Pawn).0).count_ones() as i32;
    if pinned > 0 {
        total += w(weights, trace, PIN, us, pinned);
    }
    trace.add(Term::Threats, us, total + extra);
    (total, extra)
}

/// The kinds of piece `us` could check the enemy king with next move on a square no enemy man
/// guards: the attack that king danger's count of attackers misses.
#[inline(always)]
fn safe_checks<T: Trace<Term>>(
    pos: &Position,
    us: Player,
    (ours, theirs): (&Attacks, &Attacks),
    weights: &Weights,
    trace: &mut T,
) -> Pair {
    let king = pos.king(us.other());
    let occ = pos.occupied();
    let safe = !pos.player(us).0 & !theirs.all;
    let diagonal = attacks::bishop_attacks(king, occ).0;
    let straight = attacks::rook_attacks(king, occ).0;
    let mut total = Pair(0, 0);
    for (m, from) in [
        attacks::knight_attacks(king).0,
        diagonal,
        straight,
        diagonal | straight,
    ]
    .into_iter()
    .enumerate()
    {
        if from & ours.pieces[m] & safe != 0 {
            total += w(weights, trace, SAFE_CHECK + m, us, 1);
        }
    }
    trace.add(Term::KingSafety, us, total);
    total
}

/// Driving a lone enemy king to the edge and our king to it: without it the evaluation is flat
/// in such endings, and a search of 30 ms a move drew king and rook against king by the
/// fifty-move rule in 9 of 30 tries (docs/tuning.md, "Mop-up"). Only where `us` can force mate: a
/// queen or a rook, bishops on both colours, or a bishop and a knight.
#[inline(always)]
fn mop_up<T: Trace<Term>>(pos: &Position, us: Player, weights: &Weights, trace: &mut T) -> Pair {
    let them = us.other();
    let their_king = pos.king(them);
    if pos.player(them).0 != 1u64 << their_king.0 {
        return Pair(0, 0);
    }
    let count = |role| pos.pieces(us, role).0.count_ones();
    let majors = count(Role::Queen) + count(Role::Rook);
    let bishops = pos.pieces(us, Role::Bishop).0;
    let both_colours = bishops & LIGHT_SQUARES != 0 && bishops & !LIGHT_SQUARES != 0;
    let knights = count(Role::Knight);
    if majors == 0 && !both_colours && (bishops == 0 || knights == 0) {
        return Pair(0, 0);
    }
    let (file, rank) = ((their_king.0 % 8) as i32, (their_king.0 / 8) as i32);
    let from_centre = (3 - file).max(file - 4) + (3 - rank).max(rank - 4);
    let bishop_and_knight = majors == 0 && !both_colours && knights > 0 && count(Role::Pawn) == 0;
    let edge = if bishop_and_knight {
        // Mate comes only in a corner of the bishop's colour (a1 and h8 dark, a8 and h1 light).
        let light = bishops & LIGHT_SQUARES != 0;
        let corners = if light { [56, 7] } else { [0, 63] };
        let to_corner = corners
            .map(|c: u8| (file - (c % 8) as i32).abs() + (rank - (c / 8) as i32).abs())
            .into_iter()
            .min()
            .unwrap_or(0);
        7 - to_corner.min(7)
    } else {
        from_centre
    };
    let king = pos.king(us);
    let apart = (file - (king.0 % 8) as i32).abs() + (rank - (king.0 / 8) as i32).abs();
    let total =
        w(weights, trace, MOPUP_EDGE, us, edge) + w(weights, trace, MOPUP_NEAR, us, 14 - apart);
    trace.add(Term::MopUp, us, total);
    total
}

/// Moves a king needs from `a` to `b` on an empty board.
#[inline(always)]
fn king_distance(a: Square, b: Square) -> i32 {
    Cell::of::<Board8>(a).distance(Cell::of::<Board8>(b)) as i32
}

/// The rank `n` ranks in front of `king` from `player`'s side, as a mask (empty off the board).
#[inline(always)]
fn near_ranks(player: Player, king: Square, n: u8) -> u64 {
    let rank = king.0 / 8;
    let target = match player {
        Player::White => rank + n,
        Player::Black => rank.wrapping_sub(n),
    };
    if target < 8 {
        0xffu64 << (8 * target)
    } else {
        0
    }
}

/// Whether null-move pruning is sound enough here: the side to move has a piece besides pawns
/// and king (with pawns alone, zugzwang is common) and is not in check.
pub fn null_move_safe(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let pieces = pos.player(us).0 & !pos.role(Role::Pawn).0 & !pos.role(Role::King).0;
    pieces != 0 && pos.checkers().0 == 0
}

/// The phase: 24 with all pieces, 0 with only kings and pawns.
pub(crate) fn phase(pos: &Position) -> i32 {
    Role::ALL
        .iter()
        .map(|r| PHASE[r.index()] * pos.role(*r).0.count_ones() as i32)
        .sum()
}

/// The evaluation from the side to move's point of view, every term reported to `trace`.
#[inline(always)]
pub fn score<T: Trace<Term>>(pos: &Position, trace: &mut T) -> i32 {
    score_with(pos, &WEIGHTS, trace)
}

/// As [`score`], with another set of weights (007's own, Ven's).
#[inline(always)]
pub(crate) fn score_with<T: Trace<Term>>(pos: &Position, weights: &Weights, trace: &mut T) -> i32 {
    let stm = pos.side_to_move();
    let to_move = [stm == Player::White, stm == Player::Black];
    let (white, black, on_move) = sides(pos, to_move, weights, trace);
    let tempo = w(weights, trace, TEMPO, stm, 1);
    trace.add(Term::Tempo, stm, tempo);
    let lead = white - black + (on_move[0] - on_move[1]) + tempo * stm.sign();
    stm.sign() * taper(lead, phase(pos))
}

/// Both sides' scores but the tempo, and apart what being on move adds to each one's threats
/// (counted only for a side `on_move` names).
#[inline(always)]
fn sides<T: Trace<Term>>(
    pos: &Position,
    on_move: [bool; 2],
    weights: &Weights,
    trace: &mut T,
) -> (Pair, Pair, [Pair; 2]) {
    let (white, white_attacks) = side(pos, Player::White, weights, trace);
    let (black, black_attacks) = side(pos, Player::Black, weights, trace);
    let pair = (&white_attacks, &black_attacks);
    let (white_threats, white_on_move) =
        threats(pos, Player::White, pair, on_move[0], weights, trace);
    let (black_threats, black_on_move) = threats(
        pos,
        Player::Black,
        (pair.1, pair.0),
        on_move[1],
        weights,
        trace,
    );
    let white = white
        + white_threats
        + safe_checks(pos, Player::White, pair, weights, trace)
        + mop_up(pos, Player::White, weights, trace);
    let black = black
        + black_threats
        + safe_checks(pos, Player::Black, (pair.1, pair.0), weights, trace)
        + mop_up(pos, Player::Black, weights, trace);
    (white, black, [white_on_move, black_on_move])
}

/// The mean of the evaluations of `pos` with White to move and with Black to move, from
/// White's side, in one pass over the board: Ven's evaluation, where both sides write at once
/// (the tempo cancels; each side's threats on move count half). Equal to evaluating the two
/// positions and averaging (`(white - black) / 2` of the two sides' scores), at half the cost.
/// The board's side to move, castling rights and en passant square are not read.
pub(crate) fn mean_of_both_to_move(pos: &Position, weights: &Weights) -> i32 {
    crate::bitboard::with_popcnt(
        #[inline(always)]
        || {
            let (white, black, on_move) = sides(pos, [true, true], weights, &mut NoTrace);
            let (phase, tempo) = (phase(pos), weights[TEMPO]);
            let white_to_move = taper(white + tempo + on_move[0] - black, phase);
            let black_to_move = taper(white - black - tempo - on_move[1], phase);
            (white_to_move + black_to_move) / 2
        },
    )
}

/// Static evaluation from the side to move's point of view, in centipawns. Mobility and most
/// other terms count squares: compiled for POPCNT where the CPU has it.
pub fn evaluate(pos: &Position) -> i32 {
    crate::bitboard::with_popcnt(
        #[inline(always)]
        || score(pos, &mut NoTrace),
    )
}

/// As [`evaluate`], with another set of weights.
pub fn evaluate_with(pos: &Position, weights: &Weights) -> i32 {
    crate::bitboard::with_popcnt(
        #[inline(always)]
        || score_with(pos, weights, &mut NoTrace),
    )
}

/// The evaluation by terms, for `eval`.
pub fn breakdown(pos: &Position) -> Breakdown {
    breakdown_with(pos, &WEIGHTS)
}

/// As [`breakdown`], with another set of weights.
pub fn breakdown_with(pos: &Position, weights: &Weights) -> Breakdown {
    let mut b = Breakdown {
        phase: phase(pos),
        ..Breakdown::default()
    };
    score_with(pos, weights, &mut b);
    b
}

impl weights::Tunable for Position {
    const WEIGHTS_FILE: &'static str = "engine/src/variants/chess/weights.txt";
    fn weights() -> &'static [Pair] {
        &WEIGHTS
    }
    fn weight_names() -> Vec<String> {
        weight_names()
    }
    fn features(&self, features: &mut weights::Features) -> i32 {
        score(self, features);
        phase(self)
    }
    fn white_eval(&self) -> i32 {
        self.side_to_move().sign() * evaluate(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::START_FEN;

    fn eval(fen: &str) -> i32 {
        evaluate(&Position::from_fen(fen).unwrap())
    }

    /// The same position with colours swapped and the board mirrored.
    fn mirror(fen: &str) -> String {
        let f: Vec<&str> = fen.split(' ').collect();
        let board = crate::toys::mirror_placement(f[0]);
        let side = if f[1] == "w" { "b" } else { "w" };
        let castling: String = if f[2] == "-" {
            "-".into()
        } else {
            let mut c: Vec<char> = crate::toys::swap_case(f[2]).chars().collect();
            c.sort();
            c.into_iter().collect()
        };
        let ep = if f[3] == "-" {
            "-".to_string()
        } else {
            let b = f[3].as_bytes();
            format!("{}{}", b[0] as char, (b'1' + b'8' - b[1]) as char)
        };
        format!("{board} {side} {castling} {ep} {} {}", f[4], f[5])
    }

    const POSITIONS: [&str; 6] = [
        START_FEN,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "6k1/5ppp/8/8/8/8/1P3PPP/6K1 b - - 0 1",
        "2kr3r/ppp2ppp/2n5/8/8/2N5/PPP2PPP/2KR3R w - - 0 1",
    ];

    #[test]
    fn the_weights_file_names_every_weight_in_order() {
        assert_eq!(weights::names(include_str!("weights.txt")), weight_names());
    }

    #[test]
    fn features_reproduce_the_evaluation() {
        use crate::eval::weights::{Features, Tunable};
        for fen in POSITIONS {
            let pos = Position::from_fen(fen).unwrap();
            let mut f = Features::new(COUNT);
            let phase = pos.features(&mut f);
            let sum = f
                .coef
                .iter()
                .zip(WEIGHTS.iter())
                .fold(Pair(0, 0), |acc, (&c, &w)| acc + w * c);
            assert_eq!(taper(sum, phase), pos.white_eval(), "{fen}");
        }
    }

    #[test]
    fn color_symmetric() {
        for fen in POSITIONS {
            assert_eq!(eval(fen), eval(&mirror(fen)), "{fen}");
        }
        // At the start only the tempo differs.
        assert_eq!(eval(START_FEN), taper(WEIGHTS[TEMPO], 24));
    }

    #[test]
    fn breakdown_adds_up_to_the_evaluation() {
        for fen in POSITIONS {
            let pos = Position::from_fen(fen).unwrap();
            let b = breakdown(&pos);
            let total = b.terms.iter().fold(Pair(0, 0), |acc, t| acc + t[0] - t[1]);
            assert_eq!(
                pos.side_to_move().sign() * b.taper(total),
                evaluate(&pos),
                "{fen}"
            );
        }
    }

    #[test]
    fn terms_point_the_right_way() {
        let term = |fen: &str, t: Term| {
            let b = breakdown(&Position::from_fen(fen).unwrap());
            let [w, bl] = b.terms[t as usize];
            b.taper(w) - b.taper(bl)
        };
        // Material: a white queen up.
        assert!(term("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", Term::Material) > 900);
        // Doubled and isolated pawns are a weakness.
        assert!(
            term(
                "4k3/4p3/3p1p2/8/8/2P5/2P5/4K3 w - - 0 1",
                Term::PawnStructure
            ) < 0
        );
        // A passed pawn on the seventh is worth more than one on the third.
        assert!(
            term("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", Term::PassedPawns)
                > term("4k3/8/8/8/8/P7/8/4K3 w - - 0 1", Term::PassedPawns)
        );
        // A centralised knight is more mobile than one in the corner.
        assert!(
            term("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", Term::Mobility)
                > term("4k3/8/8/8/8/8/8/N3K3 w - - 0 1", Term::Mobility)
        );
        // A castled king behind its pawns is safer than one with the files open in the
        // middlegame (phase 22 of 24 here; the fitted weights prefer open files near the king
        // in the endgame, where the king is a piece).
        assert!(
            term(
                "rnbqkbnr/8/8/8/8/8/5PPP/RNBQ1RK1 w - - 0 1",
                Term::KingSafety
            ) > term("rnbqkbnr/8/8/8/8/8/8/RNBQ1RK1 w - - 0 1", Term::KingSafety)
        );
        // Queen and knight bearing on the black king's zone: an attack, with the rooks and
        // bishops on (phase 15 of 24; as with the shelter, an attack on the king's zone is a
        // middlegame term, and the fitted endgame values lean the other way).
        assert!(
            term(
                "r1b2rk1/5ppp/8/4N2Q/8/8/5PPP/R1B2RK1 w - - 0 1",
                Term::KingSafety
            ) > term(
                "r1b2rk1/5ppp/8/8/8/8/5PPP/RNBQ1RK1 w - - 0 1",
                Term::KingSafety
            )
        );
        // The bishop pair.
        assert!(
            term("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", Term::Pieces)
                >= WEIGHTS[BISHOP_PAIR].0.min(WEIGHTS[BISHOP_PAIR].1)
        );
    }

    /// How often the weights in `range` count in `fen`'s evaluation, White's minus Black's:
    /// counts, so that a test holds whatever the weights are.
    fn feature_counts(fen: &str, range: std::ops::RangeInclusive<usize>) -> Vec<i32> {
        use crate::eval::weights::{Features, Tunable};
        let mut f = Features::new(COUNT);
        Position::from_fen(fen).unwrap().features(&mut f);
        f.coef[range].to_vec()
    }

    #[test]
    fn threats_count_attacked_enemy_pieces_by_kind() {
        // White's threats minus Black's, in the order pawn on minor, pawn on major, minor on
        // major, rook on queen, hanging: counts, so the test holds whatever the weights are.
        let counts = |fen: &str| feature_counts(fen, THREAT_PAWN_ON_MINOR..=THREAT_HANGING);
        // The c4 pawn attacks a knight the white rook also attacks, and nothing defends it.
        assert_eq!(
            counts("4k3/8/8/3n4/2P5/8/8/3RK3 w - - 0 1"),
            [1, 0, 0, 0, 1]
        );
        // Defended by its king, the knight is still attacked by the pawn, but not hanging.
        assert_eq!(
            counts("8/8/4k3/3n4/2P5/8/8/3RK3 w - - 0 1"),
            [1, 0, 0, 0, 0]
        );
        // A bishop on a rook and a rook on the queen, both defended; Black's pawn on the
        // bishop, which nothing defends.
        assert_eq!(
            counts("r3r1k1/1p6/2B5/8/8/8/6K1/q6R w - - 0 1"),
            [-1, 0, 1, 1, -1]
        );
        // A pawn attacking a rook and a queen at once.
        assert_eq!(
            counts("4k3/8/8/2r1q3/3P4/8/8/4K3 w - - 0 1"),
            [0, 2, 0, 0, 0]
        );
        // `eval` reports them as their own term, for the player who makes them, who is to
        // move here, so they count again under the weights for that.
        let b = breakdown(&Position::from_fen("4k3/8/8/3n4/2P5/8/8/3RK3 w - - 0 1").unwrap());
        let [white, black] = b.terms[Term::Threats as usize];
        assert_eq!(
            white,
            WEIGHTS[THREAT_PAWN_ON_MINOR]
                + WEIGHTS[THREAT_HANGING]
                + WEIGHTS[THREAT_ON_MOVE]
                + WEIGHTS[THREAT_ON_MOVE + 4]
        );
        assert_eq!(black, Pair(0, 0));
    }

    #[test]
    fn outposts_count_defended_minors_no_enemy_pawn_can_reach() {
        // White's knight outposts minus Black's, then the bishops'.
        let counts = |fen: &str| feature_counts(fen, OUTPOST..=OUTPOST + 1);
        // The d5 knight, defended by the e4 pawn, with no black pawn on the c or e file.
        assert_eq!(counts("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1"), [1, 0]);
        assert_eq!(counts("4k3/8/8/3B4/4P3/8/8/4K3 w - - 0 1"), [0, 1]);
        // The c7 pawn can drive it off; undefended, or on the third rank, it is no outpost.
        assert_eq!(counts("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1"), [0, 0]);
        assert_eq!(counts("4k3/8/8/3N4/8/8/8/4K3 w - - 0 1"), [0, 0]);
        assert_eq!(counts("4k3/8/8/8/8/3N4/4P3/4K3 w - - 0 1"), [0, 0]);
        // Black's knight on e4, defended by the d5 pawn, counts against White.
        assert_eq!(counts("4k3/8/8/3p4/4n3/8/8/4K3 w - - 0 1"), [-1, 0]);
    }

    #[test]
    fn a_backward_pawn_has_no_helper_beside_or_behind_and_a_guarded_stop_square() {
        let counts = |fen: &str| feature_counts(fen, PAWN_BACKWARD..=PAWN_BACKWARD);
        // d3 behind e4, its stop square d4 guarded by the e5 pawn (which is isolated, not
        // backward).
        assert_eq!(counts("4k3/8/8/4p3/4P3/3P4/8/4K3 w - - 0 1"), [1]);
        // Without the guard, or with a c3 pawn beside it, it is not.
        assert_eq!(counts("4k3/8/8/8/4P3/3P4/8/4K3 w - - 0 1"), [0]);
        assert_eq!(counts("4k3/8/8/4p3/4P3/2PP4/8/4K3 w - - 0 1"), [0]);
        // Black's d6 behind e5, with d5 guarded by the e4 pawn.
        assert_eq!(counts("4k3/8/3p4/4p3/4P3/8/8/4K3 w - - 0 1"), [-1]);
    }

    #[test]
    fn safe_checks_count_each_kind_that_can_check_on_an_unguarded_square() {
        // White's minus Black's, knight, bishop, rook, queen: whether any such check exists.
        let counts = |fen: &str| feature_counts(fen, SAFE_CHECK..=SAFE_CHECK + 3);
        // The rook checks on a8; with a black knight on c7 guarding a8 it cannot.
        assert_eq!(counts("6k1/8/8/8/8/8/8/R3K3 w - - 0 1"), [0, 0, 1, 0]);
        assert_eq!(counts("6k1/2n5/8/8/8/8/8/R3K3 w - - 0 1"), [0, 0, 0, 0]);
        // The knight checks on e7 or f6, the bishop on b3, the queen on d8 or b3.
        assert_eq!(counts("6k1/8/8/3N4/8/8/8/4K3 w - - 0 1"), [1, 0, 0, 0]);
        assert_eq!(counts("6k1/8/8/8/B7/8/8/4K3 w - - 0 1"), [0, 1, 0, 0]);
        assert_eq!(counts("6k1/8/8/8/8/8/8/3QK3 w - - 0 1"), [0, 0, 0, 1]);
        // Behind the f7 pawn the bishop's checks are on f7 and h7, which the king guards.
        assert_eq!(counts("6k1/5p2/8/8/8/8/8/1B2K3 w - - 0 1"), [0, 0, 0, 0]);
        // Black's rook checks on a1.
        assert_eq!(counts("r3k3/8/8/8/8/8/8/6K1 w - - 0 1"), [0, 0, -1, 0]);
    }

    #[test]
    fn threats_count_again_for_the_side_to_move_and_pins_to_the_king() {
        let on_move = |fen: &str| feature_counts(fen, THREAT_ON_MOVE..=THREAT_ON_MOVE + 4);
        // The c4 pawn's threat on the knight, which nothing defends, counts again with White
        // to move, not with Black to move.
        for (to_move, counts) in [("w", [1, 0, 0, 0, 1]), ("b", [0; 5])] {
            let fen = format!("4k3/8/8/3n4/2P5/8/8/3RK3 {to_move} - - 0 1");
            assert_eq!(on_move(&fen), counts, "{fen}");
        }
        let pins = |fen: &str| feature_counts(fen, PIN..=PIN);
        // The e7 knight pinned by the e1 rook, the c6 queen by the a4 bishop; a pawn, or two
        // men on the line, are not counted; Black's h1 rook pins the g1 knight.
        assert_eq!(pins("4k3/4n3/8/8/8/8/8/4RK2 w - - 0 1"), [1]);
        assert_eq!(pins("4k3/8/2q5/8/B7/8/8/5K2 w - - 0 1"), [1]);
        assert_eq!(pins("4k3/4p3/8/8/8/8/8/4RK2 w - - 0 1"), [0]);
        assert_eq!(pins("4k3/4n3/4n3/8/8/8/8/4RK2 w - - 0 1"), [0]);
        assert_eq!(pins("4k3/8/8/8/8/8/8/4K1Nr w - - 0 1"), [-1]);
    }

    #[test]
    fn mop_up_counts_the_lone_kings_distance_from_the_centre_and_ours() {
        // White's counts minus Black's: the edge, then the kings' nearness (14 less their
        // distance in king steps along files plus ranks).
        let counts = |fen: &str| feature_counts(fen, MOPUP_EDGE..=MOPUP_NEAR);
        // The black king on d4 (centre: 0), White's on e1 (1 + 3 apart: 10).
        assert_eq!(counts("8/8/8/8/3k4/8/8/R3K3 w - - 0 1"), [0, 10]);
        // On a8 it is 6 steps from the centre; the kings stand a1 and a8, 7 apart.
        assert_eq!(counts("k7/8/8/8/8/8/8/K6R b - - 0 1"), [6, 7]);
        // A queen, and two bishops, can mate as well; Black mops up with a rook too.
        assert_eq!(counts("k7/8/8/8/8/8/8/K6Q b - - 0 1"), [6, 7]);
        assert_eq!(counts("k7/8/8/8/8/8/8/KB4B1 b - - 0 1"), [6, 7]);
        assert_eq!(counts("K7/8/8/8/8/8/8/k6r w - - 0 1"), [-6, -7]);
        // Bishop and knight: nearness to a corner of the bishop's colour instead. The dark
        // bishop on c1 mates on a1 or h8: from h7 one step (7 - 1); the light one on f1 on a8
        // or h1: from h7 six steps. The kings, a1 and h7, are 13 apart.
        assert_eq!(counts("8/7k/8/8/8/8/8/K1B3N1 w - - 0 1"), [6, 1]);
        assert_eq!(counts("8/7k/8/8/8/8/8/K4BN1 w - - 0 1"), [1, 1]);
        // Not against a king with a pawn, nor with a lone minor piece, two knights or two
        // bishops of one colour.
        assert_eq!(counts("k7/p7/8/8/8/8/8/K6R w - - 0 1"), [0, 0]);
        assert_eq!(counts("k7/8/8/8/8/8/8/K5B1 w - - 0 1"), [0, 0]);
        assert_eq!(counts("k7/8/8/8/8/8/8/K5NN w - - 0 1"), [0, 0]);
        assert_eq!(counts("k7/8/8/8/8/8/8/KB3B2 w - - 0 1"), [0, 0]);
        // The evaluation rises as the lone king nears the edge and our king nears it.
        let centre = eval("8/8/8/3k4/8/8/8/R3K3 w - - 0 1");
        let edge = eval("3k4/8/8/8/8/8/8/R3K3 w - - 0 1");
        let near = eval("3k4/8/3K4/8/8/8/8/R7 w - - 0 1");
        assert!(centre < edge && edge < near, "{centre} {edge} {near}");
    }

    #[test]
    fn passers_count_their_escort_and_blockade_and_pawns_their_chains() {
        // White's counts minus Black's, in the order their king, our king, blocked,
        // supported, phalanx.
        let counts = |fen: &str| feature_counts(fen, PASSED_THEIR_KING..=PAWN_PHALANX);
        // A passer on the sixth (three ranks beyond the third), its next square c7: the black
        // king on h8 is 5 moves from it, the white one on c1 6, counted as 5.
        assert_eq!(counts("7k/8/2P5/8/8/8/8/2K5 w - - 0 1"), [15, 15, 0, 0, 0]);
        // Kings beside the path: 1 move each; a black knight on c7 blocks it.
        assert_eq!(counts("3k4/2n5/1KP5/8/8/8/8/8 w - - 0 1"), [3, 3, 3, 0, 0]);
        // Up to the third rank a passer has no escort terms.
        assert_eq!(counts("7k/8/8/8/8/2P5/8/2K5 w - - 0 1"), [0, 0, 0, 0, 0]);
        // Black's passer on its fifth (two beyond its third), next square d3: the white king
        // on d1 2 moves away, the black one on h8 5.
        assert_eq!(counts("7k/8/8/8/3p4/8/8/3K4 w - - 0 1"), [-4, -10, 0, 0, 0]);
        // A chain: b3 defends c4, and c4 and d4 stand side by side (each pawn with a neighbour
        // counts once: 2 for White, 4 for Black's b7 to e7); no passer on either side.
        assert_eq!(
            counts("4k3/1pppp3/8/8/2PP4/1P6/8/4K3 w - - 0 1"),
            [0, 0, 0, 1, 2 - 4]
        );
    }
}
