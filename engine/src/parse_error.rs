//! The error of text from outside (a FEN, a move, an option value), which every reader returns.

use std::fmt;

/// An error in text from outside: a FEN, a move, an option value. The message says what was
/// wrong and names the bad token in quotes (`illegal move 'e2e5'`), so the protocol prints it as
/// one `info string error: ...` line. Where one token of the caller's text is to blame, the error
/// also carries it: a caller that passed a move or an order asks [`ParseError::token`] whether the
/// message names it already, rather than searching the message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    what: String,
    token: Option<String>,
}

impl ParseError {
    /// An error with no one token to blame (a field count, a missing king, an unknown option's
    /// value checked elsewhere).
    pub fn new(what: impl Into<String>) -> Self {
        ParseError {
            what: what.into(),
            token: None,
        }
    }

    /// An error caused by `token`, which the message `what` names in quotes.
    pub fn with_token(what: impl Into<String>, token: impl Into<String>) -> Self {
        let (what, token) = (what.into(), token.into());
        debug_assert!(
            what.contains(&format!("'{token}'")),
            "the message {what:?} does not name '{token}'"
        );
        ParseError {
            what,
            token: Some(token),
        }
    }

    /// The one-line message, as [`fmt::Display`] writes it.
    pub fn what(&self) -> &str {
        &self.what
    }

    /// The bad token, where the error has one.
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// The same error (the same token) with its message rewritten, e.g. given more context.
    pub fn map_what(self, f: impl FnOnce(&str) -> String) -> Self {
        ParseError {
            what: f(&self.what),
            token: self.token,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.what)
    }
}

impl std::error::Error for ParseError {}
