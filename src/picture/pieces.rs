//! The piece pictures: one drawing per letter in a 100x100 box, for White (light body, dark
//! lines) or Black (dark body, light details). Orthodox pieces are the usual silhouettes; each
//! fairy kind (Vanguard's, the Mirror Knight) has its own emblem on a plinth and its letter in
//! a corner badge, so the picture and the notation can be matched at a glance. A letter without
//! a drawing gets a disc with the letter, so a new variant is drawn before it has art.

struct Ink {
    body: &'static str,
    line: &'static str,
    detail: &'static str,
}

const WHITE: Ink = Ink {
    body: "#fbfbf6",
    line: "#1d1d1d",
    detail: "#1d1d1d",
};
const BLACK: Ink = Ink {
    body: "#2b2b2b",
    line: "#000",
    detail: "#f2f2ea",
};

const PAWN: &str =
    "<circle cx='50' cy='30' r='13'/><path d='M36 80 Q38 56 44 44 L56 44 Q62 56 64 80 Z'/>";
const ROOK: &str = "<path d='M28 22 h9 v8 h8 v-8 h10 v8 h8 v-8 h9 v16 l-7 6 v24 l7 6 v6 h-44 v-6 l7 -6 v-24 l-7 -6 z'/>";
const KNIGHT: &str = "<path d='M30 84 L72 84 L70 62 Q68 36 56 24 L53 13 L46 22 Q30 28 24 46 L21 58 Q25 66 33 61 L43 53 Q45 64 32 74 Z'/>";
const PLINTH: &str = "<path d='M24 90 h52 v-7 q0 -6 -6 -6 h-40 q-6 0 -6 6 z'/>";
const BASE: &str = "<rect x='24' y='80' width='52' height='10' rx='3'/>";

fn knight_eye(ink: &Ink) -> String {
    format!(
        "<circle cx='42' cy='34' r='3.5' fill='{}' stroke='none'/>",
        ink.detail
    )
}

/// A line drawn twice (wide outline, narrow body colour): visible on either square colour.
fn stroke(ink: &Ink, d: &str, width: f32) -> String {
    format!(
        "<path d='{d}' fill='none' stroke='{}' stroke-width='{}' stroke-linecap='round'/>\
         <path d='{d}' fill='none' stroke='{}' stroke-width='{}' stroke-linecap='round'/>",
        ink.line,
        width + 4.0,
        ink.body,
        width
    )
}

fn detail(ink: &Ink, d: &str, width: f32) -> String {
    format!(
        "<path d='{d}' fill='none' stroke='{}' stroke-width='{width}' stroke-linecap='round'/>",
        ink.detail
    )
}

fn badge(ink: &Ink, letter: char) -> String {
    format!(
        "<circle cx='83' cy='17' r='13' fill='{}' stroke='{}' stroke-width='2.5'/>\
         <text x='83' y='23.5' font-family='sans-serif' font-weight='bold' font-size='19' \
         text-anchor='middle' fill='{}' stroke='none'>{}</text>",
        ink.body,
        ink.line,
        ink.detail,
        letter.to_ascii_uppercase()
    )
}

/// The drawing's inner SVG, in the piece's colours, for `letter` (uppercase = White).
pub fn drawing(letter: char) -> String {
    let ink = if letter.is_ascii_uppercase() {
        &WHITE
    } else {
        &BLACK
    };
    let kind = letter.to_ascii_uppercase();
    let body = match kind {
        'P' => format!("{PAWN}{BASE}"),
        'R' => format!("{ROOK}{BASE}"),
        'N' => format!("{KNIGHT}{}", knight_eye(ink)),
        'B' => format!(
            "<circle cx='50' cy='14' r='6'/><path d='M50 20 C66 34 67 52 60 64 L40 64 \
             C33 52 34 34 50 20 Z'/><rect x='36' y='64' width='28' height='8' rx='2'/>\
             <path d='M26 88 Q50 70 74 88 Z'/>{}",
            detail(ink, "M54 32 L45 47", 3.5)
        ),
        'Q' => format!(
            "<path d='M20 34 L32 70 L68 70 L80 34 L63 54 L58 24 L50 52 L42 24 L37 54 Z'/>\
             <circle cx='20' cy='30' r='5'/><circle cx='42' cy='21' r='5'/>\
             <circle cx='58' cy='21' r='5'/><circle cx='80' cy='30' r='5'/>{BASE}\
             <rect x='30' y='70' width='40' height='8'/>"
        ),
        'K' => format!(
            "<path d='M46 8 h8 v8 h8 v8 h-8 v10 h-8 v-10 h-8 v-8 h8 z'/>\
             <path d='M24 46 Q50 30 76 46 L66 76 L34 76 Z'/>{BASE}{}",
            detail(ink, "M34 62 H66", 3.0)
        ),
        // Archer: a bow with an arrow nocked.
        'A' => format!(
            "{PLINTH}{}{}{}<path d='M72 44 l-12 -7 v14 z'/>",
            stroke(ink, "M36 12 Q76 44 36 74", 5.0),
            detail(ink, "M36 13 L36 73", 2.0),
            stroke(ink, "M26 44 L64 44", 3.0)
        ),
        // Chancellor: rook and knight in one.
        'C' => format!(
            "<g transform='translate(-8 8) scale(0.78)'>{ROOK}</g>\
             <g transform='translate(28 4) scale(0.72)'>{KNIGHT}{}</g>{PLINTH}",
            knight_eye(ink)
        ),
        // Princess: a tiara over a gown.
        'D' => format!(
            "<path d='M32 76 L42 40 L58 40 L68 76 Z'/><circle cx='50' cy='30' r='10'/>\
             <path d='M37 22 L41 8 L46 17 L50 5 L54 17 L59 8 L63 22 Z'/>{PLINTH}{}",
            detail(ink, "M40 56 H60", 3.0)
        ),
        // Sergeant: a pawn with two chevrons.
        'E' => format!(
            "{PAWN}{BASE}{}{}",
            detail(ink, "M42 56 L50 62 L58 56", 3.0),
            detail(ink, "M41 66 L50 72 L59 66", 3.0)
        ),
        // Falconer: a falcon with spread wings.
        'F' => format!(
            "<path d='M50 46 L12 22 Q24 52 42 58 L50 76 L58 58 Q76 52 88 22 Z'/>\
             <circle cx='50' cy='38' r='9'/><path d='M46 38 L50 46 L54 38 Z' fill='{}' stroke='none'/>{PLINTH}",
            ink.detail
        ),
        // General: a five-pointed star.
        'G' => format!(
            "<path d='M50 8 L60 36 L90 36 L66 54 L75 82 L50 65 L25 82 L34 54 L10 36 L40 36 Z'/>{PLINTH}"
        ),
        // Helepolis: a siege tower on wheels.
        'H' => format!(
            "<path d='M34 12 H66 L72 72 H28 Z'/><circle cx='36' cy='78' r='7'/>\
             <circle cx='64' cy='78' r='7'/><rect x='44' y='22' width='12' height='10' \
             fill='{0}' stroke='none'/><rect x='42' y='44' width='16' height='12' fill='{0}' \
             stroke='none'/>",
            ink.detail
        ),
        // Prince: a head with a small crown.
        'I' => format!(
            "<path d='M28 80 Q50 46 72 80 Z'/><circle cx='50' cy='42' r='13'/>\
             <path d='M37 30 L37 14 L44 22 L50 12 L56 22 L63 14 L63 30 Z'/>{PLINTH}"
        ),
        // Nightrider: a knight under a crescent moon.
        'J' => format!(
            "{KNIGHT}{}<path d='M74 6 A14 14 0 1 0 88 26 A10 10 0 1 1 74 6 Z' fill='{}' \
             stroke='{}' stroke-width='2'/>",
            knight_eye(ink),
            ink.detail,
            ink.line
        ),
        // Lancer: a lance with a pennant.
        'L' => format!(
            "{PLINTH}{}<path d='M66 22 L84 26 L72 36 Z'/><path d='M76 8 L84 18 L72 20 Z'/>",
            stroke(ink, "M22 76 L78 14", 5.0)
        ),
        // Soldier: a pawn in a helmet.
        'S' => format!(
            "{PAWN}{BASE}<path d='M34 30 Q34 12 50 12 Q66 12 66 30 Z'/>{}",
            detail(ink, "M32 30 H68", 3.0)
        ),
        // Bowman: a crossbow.
        'V' => format!(
            "{PLINTH}{}{}{}",
            stroke(ink, "M16 40 Q50 16 84 40", 5.0),
            stroke(ink, "M50 22 L50 74", 7.0),
            detail(ink, "M18 40 L50 52 L82 40", 1.8)
        ),
        // Wizard: a pointed hat with a star.
        'W' => format!(
            "<path d='M50 6 L72 72 L28 72 Z'/><ellipse cx='50' cy='74' rx='30' ry='7'/>\
             <path d='M50 34 L53 43 L62 43 L55 49 L58 58 L50 52 L42 58 L45 49 L38 43 L47 43 Z' \
             fill='{}' stroke='none'/>{PLINTH}",
            ink.detail
        ),
        // Spy: a mask with eye holes.
        'Y' => format!(
            "<path d='M14 38 Q50 24 86 38 Q84 64 64 62 Q50 52 36 62 Q16 64 14 38 Z'/>\
             <ellipse cx='35' cy='45' rx='8' ry='5' fill='{0}' stroke='none'/>\
             <ellipse cx='65' cy='45' rx='8' ry='5' fill='{0}' stroke='none'/>{PLINTH}",
            ink.detail
        ),
        // Berserker: an axe.
        'Z' => format!(
            "{PLINTH}{}<path d='M52 14 Q78 14 84 38 Q70 34 60 44 Z'/>\
             <path d='M52 14 Q40 22 44 34 L56 30 Z'/>",
            stroke(ink, "M30 76 L60 24", 6.0)
        ),
        // Mirror Knight (Double-Ended): a knight facing its mirror.
        'M' => format!(
            "<g transform='translate(100 0) scale(-1 1)'>{KNIGHT}{}</g>{}",
            knight_eye(ink),
            detail(ink, "M14 10 V88", 3.0).replace("stroke-linecap", "stroke-dasharray='6 5' stroke-linecap")
        ),
        _ => format!(
            "<circle cx='50' cy='50' r='36'/><text x='50' y='63' font-family='sans-serif' \
             font-weight='bold' font-size='38' text-anchor='middle' fill='{}' stroke='none'>{}</text>",
            ink.detail, kind
        ),
    };
    let badge = if "KQRBNP".contains(kind) || !"ACDEFGHIJLMSVWYZ".contains(kind) {
        String::new()
    } else {
        badge(ink, kind)
    };
    format!(
        "<g fill='{}' stroke='{}' stroke-width='3' stroke-linejoin='round'>{body}{badge}</g>",
        ink.body, ink.line
    )
}
