//! The options of 007 (rules/007.md §10.5): the schedule of turns and the three rule switches.

use crate::game::{parse_check, ParseError, VariantOptions};
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

    pub fn parse(s: &str) -> Result<Schedule, ParseError> {
        Schedule::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                ParseError::new(format!(
                    "bad Schedule '{s}': expected standard, balanced or progressive"
                ))
            })
    }
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
    fn specs() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "Schedule",
                "type combo default standard var standard var balanced var progressive",
            ),
            ("Detente", "type check default false"),
            ("FastAndDeadly", "type check default false"),
            ("OwnerPromotes", "type check default false"),
        ]
    }

    /// Option names are matched without regard to case, as UCI does. A value that would combine
    /// Detente with Progressive is refused and leaves the options as they were.
    fn set(&mut self, name: &str, value: &str) -> Result<(), ParseError> {
        let mut next = *self;
        match name.to_ascii_lowercase().as_str() {
            "schedule" => next.schedule = Schedule::parse(value)?,
            "detente" => next.detente = parse_check("Detente", value)?,
            "fastanddeadly" => next.fast_and_deadly = parse_check("FastAndDeadly", value)?,
            "ownerpromotes" => next.owner_promotes = parse_check("OwnerPromotes", value)?,
            _ => return Err(ParseError::new(format!("unknown 007 option '{name}'"))),
        }
        next.validate()?;
        *self = next;
        Ok(())
    }
}
