//! What a command can fail with: bad input, or a state or system that refuses it.

use chimera_engine::ParseError;
use std::fmt;

/// Why a command did nothing. Each is one `info string error: ...` line in the protocol (and
/// one error message in the web board's API); only [`CommandError::Parse`] is the user's text.
#[derive(Debug)]
pub enum CommandError {
    /// Bad input: a command, an option, a FEN, a move, a `go` argument.
    Parse(ParseError),
    /// `go` while a search or perft runs.
    Busy,
    /// The system refused the thread a search, perft or baseline move runs on.
    Thread {
        name: &'static str,
        error: std::io::Error,
    },
}

impl CommandError {
    /// A `map_err` for [`std::thread::Builder::spawn`] of the thread `name`.
    pub fn thread(name: &'static str) -> impl FnOnce(std::io::Error) -> CommandError {
        move |error| CommandError::Thread { name, error }
    }
}

impl From<ParseError> for CommandError {
    fn from(e: ParseError) -> Self {
        CommandError::Parse(e)
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Parse(e) => e.fmt(f),
            CommandError::Busy => f.write_str("go: a search is already running; send 'stop' first"),
            CommandError::Thread { name, error } => {
                write!(f, "cannot start the {name} thread: {error}")
            }
        }
    }
}

impl std::error::Error for CommandError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_error_reads_as_the_line_it_was_before_it_had_a_type() {
        let parse = CommandError::from(ParseError::with_token("illegal move 'e2e5'", "e2e5"));
        assert_eq!(parse.to_string(), "illegal move 'e2e5'");
        let busy = CommandError::Busy.to_string();
        assert_eq!(busy, "go: a search is already running; send 'stop' first");
        let thread = CommandError::thread("search")(std::io::Error::other("out of memory"));
        assert_eq!(
            thread.to_string(),
            "cannot start the search thread: out of memory"
        );
    }
}
