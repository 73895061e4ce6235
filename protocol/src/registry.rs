//! The variants Chimera plays: one line each. A line names the `UCI_Variant` value, the
//! position type (which implements `Game` and the protocol's `Describe`), and optionally a
//! preset of the variant's options (one rule set under two names, e.g. a deeper board).
//!
//! The protocol keeps one session per line and dispatches once per command through
//! [`Session`]; everything below that, the search included, is monomorphised per type. Other
//! tools (the match referee) reach the same lines through [`with_variant`].

use crate::session::{Describe, GameSession, Session};

/// A preset: option values a registry line gives its variant.
pub type Preset = &'static [(&'static str, &'static str)];

/// Work done with one variant's types, generic over them, e.g. refereeing a match of it: the
/// registry calls [`VariantTask::run`] once with the type its line names.
pub trait VariantTask {
    type Output;
    fn run<G: Describe>(self, name: &'static str, preset: Preset) -> Self::Output;
}

macro_rules! registry {
    ($($name:literal => $ty:ty $(, preset $preset:expr)?;)+) => {
        /// `UCI_Variant` values, the default first.
        pub const NAMES: &[&str] = &[$($name),+];

        /// A fresh session of every variant, in [`NAMES`] order.
        pub fn sessions() -> Vec<Box<dyn Session>> {
            vec![$(Box::new(GameSession::<$ty>::new($name, registry!(@preset $($preset)?)))),+]
        }

        /// Runs `task` with the types of variant `name` (case-insensitive, as `UCI_Variant`);
        /// `None` if no line has that name.
        pub fn with_variant<T: VariantTask>(name: &str, task: T) -> Option<T::Output> {
            $(
                if name.eq_ignore_ascii_case($name) {
                    return Some(task.run::<$ty>($name, registry!(@preset $($preset)?)));
                }
            )+
            None
        }
    };
    (@preset) => { &[] };
    (@preset $preset:expr) => { $preset };
}

registry! {
    "chess" => chimera_engine::variants::chess::Position;
    "double-ended" => chimera_engine::variants::double_ended::DoubleEndedChess;
    "double-ended-deep" => chimera_engine::variants::double_ended::DeepDoubleEndedChess;
    "007" => chimera_engine::variants::oo7::Position;
    "vanguard" => chimera_engine::variants::vanguard::Vanguard;
}
