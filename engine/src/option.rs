//! One typed declaration per option (the engine's and each variant's): its name, kind, default
//! and range or choices. The `uci` line, the check of a value, the fuzzer's values and the web
//! page's option list are all read from it, never from text written elsewhere.

use crate::parse_error::ParseError;

/// What values an option takes, and its default.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `true` or `false`, in any case.
    Check { default: bool },
    /// A whole number in `min..=max`.
    Spin { default: u64, min: u64, max: u64 },
    /// One of `choices`, in any case.
    Combo {
        default: &'static str,
        choices: &'static [&'static str],
    },
    /// Free text, which the option's owner reads further (`Pruning`).
    Text { default: &'static str },
    /// No value: pressing it acts (`Clear Hash`).
    Button,
}

/// One option as declared.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The name as `uci` lists it; `setoption` matches it in any case.
    pub name: &'static str,
    pub kind: OptionKind,
}

/// A value that passed its option's check.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionValue<'a> {
    Check(bool),
    Spin(u64),
    /// The index of the choice in the declaration's `choices`.
    Combo(usize),
    Text(&'a str),
    Button,
}

impl OptionSpec {
    pub const fn check(name: &'static str, default: bool) -> Self {
        OptionSpec {
            name,
            kind: OptionKind::Check { default },
        }
    }

    pub const fn spin(name: &'static str, default: u64, min: u64, max: u64) -> Self {
        OptionSpec {
            name,
            kind: OptionKind::Spin { default, min, max },
        }
    }

    pub const fn combo(
        name: &'static str,
        default: &'static str,
        choices: &'static [&'static str],
    ) -> Self {
        OptionSpec {
            name,
            kind: OptionKind::Combo { default, choices },
        }
    }

    pub const fn text(name: &'static str, default: &'static str) -> Self {
        OptionSpec {
            name,
            kind: OptionKind::Text { default },
        }
    }

    pub const fn button(name: &'static str) -> Self {
        OptionSpec {
            name,
            kind: OptionKind::Button,
        }
    }

    /// A spin's default (0 for another kind), for the owner's `Default`.
    pub const fn spin_default(&self) -> u64 {
        match self.kind {
            OptionKind::Spin { default, .. } => default,
            _ => 0,
        }
    }

    /// A check's default (`false` for another kind).
    pub const fn check_default(&self) -> bool {
        matches!(self.kind, OptionKind::Check { default: true })
    }

    /// Whether `name` names this option (UCI matches names in any case).
    pub fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }

    /// What follows the name in the `uci` line: `type spin default 16 min 1 max 65536`.
    pub fn type_text(&self) -> String {
        match self.kind {
            OptionKind::Check { default } => format!("type check default {default}"),
            OptionKind::Spin { default, min, max } => {
                format!("type spin default {default} min {min} max {max}")
            }
            OptionKind::Combo { default, choices } => {
                let vars: String = choices.iter().map(|c| format!(" var {c}")).collect();
                format!("type combo default {default}{vars}")
            }
            OptionKind::Text { default } => format!("type string default {default}"),
            OptionKind::Button => "type button".to_string(),
        }
    }

    /// The `uci` line: `option name Hash type spin default 16 min 1 max 65536`.
    pub fn uci_line(&self) -> String {
        format!("option name {} {}", self.name, self.type_text())
    }

    /// Checks `value` (a button takes none; any other kind needs one); the error names the
    /// option and the bad token.
    pub fn parse<'a>(&self, value: Option<&'a str>) -> Result<OptionValue<'a>, ParseError> {
        let name = self.name;
        if self.kind == OptionKind::Button {
            return Ok(OptionValue::Button);
        }
        let Some(v) = value else {
            return Err(ParseError::new(format!("option '{name}' needs a value")));
        };
        let bad = |what: String| {
            ParseError::with_token(format!("option '{name}': value '{v}' is not {what}"), v)
        };
        match self.kind {
            OptionKind::Check { .. } => match v.to_ascii_lowercase().as_str() {
                "true" => Ok(OptionValue::Check(true)),
                "false" => Ok(OptionValue::Check(false)),
                _ => Err(bad("true or false".to_string())),
            },
            OptionKind::Spin { min, max, .. } => match v.parse::<u64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(OptionValue::Spin(n)),
                _ => Err(bad(format!("a number in {min}..={max}"))),
            },
            OptionKind::Combo { choices, .. } => choices
                .iter()
                .position(|c| c.eq_ignore_ascii_case(v))
                .map(OptionValue::Combo)
                .ok_or_else(|| bad(one_of(choices))),
            OptionKind::Text { .. } => Ok(OptionValue::Text(v)),
            OptionKind::Button => unreachable!("answered above"),
        }
    }

    /// Values worth trying (the fuzzer's): both of a check, every choice, a spin's ends, then
    /// the default; none for a button.
    pub fn sample_values(&self) -> Vec<String> {
        match self.kind {
            OptionKind::Check { default } => {
                vec!["true".into(), "false".into(), default.to_string()]
            }
            OptionKind::Spin { default, min, max } => {
                vec![min.to_string(), max.to_string(), default.to_string()]
            }
            OptionKind::Combo { choices, default } => choices
                .iter()
                .chain([&default])
                .map(|c| c.to_string())
                .collect(),
            OptionKind::Text { default } => vec![default.to_string()],
            OptionKind::Button => Vec::new(),
        }
    }

    /// The values that change the rules' shape: a check's two and a combo's choices (what a
    /// fuzzer combines); none for spins, strings and buttons.
    pub fn choices(&self) -> Vec<String> {
        match self.kind {
            OptionKind::Check { .. } => vec!["false".into(), "true".into()],
            OptionKind::Combo { choices, .. } => choices.iter().map(|c| c.to_string()).collect(),
            _ => Vec::new(),
        }
    }
}

/// `a, b or c`.
fn one_of(choices: &[&str]) -> String {
    match choices {
        [] => "a choice".to_string(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The declaration in `specs` that `name` names, in any case.
pub fn find<'s>(specs: &'s [OptionSpec], name: &str) -> Option<&'s OptionSpec> {
    specs.iter().find(|s| s.is(name))
}

impl OptionValue<'_> {
    /// A check's value; `false` for any other kind (a declaration and its reader disagreeing
    /// is a bug the tests of each reader find).
    pub fn check(self) -> bool {
        matches!(self, OptionValue::Check(true))
    }

    /// A spin's value; 0 for any other kind.
    pub fn spin(self) -> u64 {
        match self {
            OptionValue::Spin(n) => n,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: [OptionSpec; 5] = [
        OptionSpec::check("Ponder", false),
        OptionSpec::spin("Hash", 16, 1, 65_536),
        OptionSpec::combo(
            "Schedule",
            "standard",
            &["standard", "balanced", "progressive"],
        ),
        OptionSpec::text("Pruning", "all"),
        OptionSpec::button("Clear Hash"),
    ];

    #[test]
    fn uci_lines_are_written_from_the_declaration() {
        let lines: Vec<String> = SPECS.iter().map(OptionSpec::uci_line).collect();
        assert_eq!(
            lines,
            [
                "option name Ponder type check default false",
                "option name Hash type spin default 16 min 1 max 65536",
                "option name Schedule type combo default standard var standard var balanced var progressive",
                "option name Pruning type string default all",
                "option name Clear Hash type button",
            ]
        );
    }

    #[test]
    fn values_are_checked_and_errors_name_the_token() {
        assert_eq!(SPECS[0].parse(Some("TRUE")), Ok(OptionValue::Check(true)));
        assert_eq!(SPECS[1].parse(Some("65536")), Ok(OptionValue::Spin(65_536)));
        assert_eq!(SPECS[2].parse(Some("Balanced")), Ok(OptionValue::Combo(1)));
        assert_eq!(SPECS[3].parse(Some("none")), Ok(OptionValue::Text("none")));
        assert_eq!(SPECS[4].parse(None), Ok(OptionValue::Button));
        for (spec, value, message) in [
            (
                0,
                "yes",
                "option 'Ponder': value 'yes' is not true or false",
            ),
            (
                1,
                "0",
                "option 'Hash': value '0' is not a number in 1..=65536",
            ),
            (
                1,
                "-3",
                "option 'Hash': value '-3' is not a number in 1..=65536",
            ),
            (
                2,
                "fast",
                "option 'Schedule': value 'fast' is not standard, balanced or progressive",
            ),
        ] {
            let e = SPECS[spec].parse(Some(value)).unwrap_err();
            assert_eq!(e.what(), message);
            assert_eq!(e.token(), Some(value));
        }
        assert_eq!(
            SPECS[1].parse(None).unwrap_err().what(),
            "option 'Hash' needs a value"
        );
        assert_eq!(SPECS[0].parse(Some("")).unwrap_err().token(), Some(""));
    }

    #[test]
    fn names_match_in_any_case_and_samples_cover_each_kind() {
        assert_eq!(
            find(&SPECS, "clear hash").map(|s| s.name),
            Some("Clear Hash")
        );
        assert_eq!(find(&SPECS, "Threads"), None);
        assert_eq!(SPECS[0].sample_values(), ["true", "false", "false"]);
        assert_eq!(SPECS[1].sample_values(), ["1", "65536", "16"]);
        assert_eq!(SPECS[2].choices(), ["standard", "balanced", "progressive"]);
        assert!(SPECS[4].sample_values().is_empty());
    }
}
