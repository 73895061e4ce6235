//! The options of 007 (rules/007.md §10.5): the schedule of turns and the three rule switches.

use crate::game::{ParseError, VariantOptions};
use crate::option::{OptionSpec, OptionValue};
use std::fmt;

/// Who controls which ply (§4).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Schedule {
    /// Turns of three plies (friendly, enemy, friendly), the White player first.
    #[default]
    Standard,
    /// The Black player moves a white piece, the White player a black then a white one; then
    /// standard turns from the Black player.
    Balanced,
    /// Turn `t` has `t` plies; odd turns are the White player's.
    Progressive,
}

impl Schedule {
    pub const ALL: [Schedule; 3] = [
        Schedule::Standard,
        Schedule::Balanced,
        Schedule::Progressive,
    ];

    /// The option value: `standard`, `balanced` or `progressive`.
    pub const fn name(self) -> &'static str {
        match self {
            Schedule::Standard => "standard",
            Schedule::Balanced => "balanced",
            Schedule::Progressive => "progressive",
        }
    }

    /// The option's choices, [`Schedule::ALL`]'s names in its order.
    pub const NAMES: [&'static str; 3] = {
        let mut names = [""; 3];
        let mut i = 0;
        while i < names.len() {
            names[i] = Schedule::ALL[i].name();
            i += 1;
        }
        names
    };
}

impl fmt::Display for Schedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// 007's options. Detente with the Progressive schedule is refused (§4.3), so every value of
/// this type that [`VariantOptions::set`] produces is playable.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Options {
    pub schedule: Schedule,
    /// §6: at the third ply the enemy piece just moved may not be captured, and the first ply's
    /// piece may not move again unless no other piece can.
    pub detente: bool,
    /// §9: no check rules; capturing a king wins.
    pub fast_and_deadly: bool,
    /// §7: the pawn's owner, not the ply's controller, chooses the promotion piece.
    pub owner_promotes: bool,
}

impl Options {
    /// The combination rule of §4.3, as an error naming the clash.
    pub fn validate(&self) -> Result<(), ParseError> {
        if self.detente && self.schedule == Schedule::Progressive {
            return Err(ParseError::new(
                "Detente cannot be combined with Schedule 'progressive' (rules §4.3)",
            ));
        }
        Ok(())
    }
}

impl VariantOptions for Options {
    fn specs() -> &'static [OptionSpec] {
        const SPECS: [OptionSpec; 4] = [
            OptionSpec::combo("Schedule", Schedule::Standard.name(), &Schedule::NAMES),
            OptionSpec::check("Detente", false),
            OptionSpec::check("FastAndDeadly", false),
            OptionSpec::check("OwnerPromotes", false),
        ];
        &SPECS
    }

    /// A value that would combine Detente with Progressive is refused and leaves the options
    /// as they were.
    fn apply(&mut self, name: &'static str, value: OptionValue) -> Result<(), ParseError> {
        let mut next = *self;
        match (name, value) {
            ("Schedule", OptionValue::Combo(i)) => next.schedule = Schedule::ALL[i],
            ("Detente", v) => next.detente = v.check(),
            ("FastAndDeadly", v) => next.fast_and_deadly = v.check(),
            ("OwnerPromotes", v) => next.owner_promotes = v.check(),
            _ => return Err(ParseError::new(format!("unknown 007 option '{name}'"))),
        }
        next.validate()?;
        *self = next;
        Ok(())
    }
}
