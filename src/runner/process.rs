//! An engine as a child process speaking the protocol over its stdin and stdout. A reader thread
//! stamps each line with the moment it arrived and passes it on, so the runner can wait for a
//! line with a deadline and time answers without trusting the engine.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Why an engine stopped answering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The engine could not be started.
    Start(String),
    /// Its output ended or its input closed: it exited or crashed.
    Crashed(String),
    /// No expected line before the deadline.
    Timeout(Duration),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Start(e) => write!(f, "could not start: {e}"),
            EngineError::Crashed(e) => write!(f, "crashed ({e})"),
            EngineError::Timeout(d) => write!(f, "no answer in {:.3} s", d.as_secs_f64()),
        }
    }
}

enum Message {
    Line(Instant, String),
    End,
}

/// What `uci` told about an engine.
#[derive(Clone, Debug, Default)]
pub struct EngineInfo {
    pub name: Option<String>,
    /// Option names as listed (`option name <name> type ...`).
    pub options: Vec<String>,
    /// The values `UCI_Variant` offers, if the engine has that option.
    pub variants: Option<Vec<String>>,
}

pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Message>,
}

impl EngineProcess {
    /// Starts `command` (program and arguments) with piped stdin and stdout; its stderr is
    /// discarded.
    pub fn start(command: &[String]) -> Result<Self, EngineError> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| EngineError::Start("empty command".into()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineError::Start(format!("'{program}': {e}")))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (send, lines) = mpsc::channel();
        thread::Builder::new()
            .name("engine-reader".into())
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let now = Instant::now();
                            let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                            if send.send(Message::Line(now, line)).is_err() {
                                return;
                            }
                        }
                    }
                }
                let _ = send.send(Message::End);
            })
            .map_err(|e| EngineError::Start(format!("reader thread: {e}")))?;
        Ok(EngineProcess {
            child,
            stdin,
            lines,
        })
    }

    /// The reason an engine whose output ended is gone: its exit status if it has one yet.
    fn crash(&mut self) -> EngineError {
        // The pipe closes a moment before the process is reaped: give it that moment.
        for _ in 0..50 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return EngineError::Crashed(status.to_string());
            }
            thread::sleep(Duration::from_millis(1));
        }
        EngineError::Crashed("output closed".into())
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let written = self
            .stdin
            .write_all(line.as_bytes())
            .and_then(|_| self.stdin.write_all(b"\n"))
            .and_then(|_| self.stdin.flush());
        match written {
            Ok(()) => Ok(()),
            Err(_) => Err(self.crash()),
        }
    }

    /// Reads lines until `wanted` accepts one (returned with its arrival time), or `deadline`
    /// passes. Every line read goes through `wanted`, so callers can also collect `info` lines.
    pub fn wait_for(
        &mut self,
        deadline: Instant,
        mut wanted: impl FnMut(&str) -> bool,
    ) -> Result<(Instant, String), EngineError> {
        let start = Instant::now();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Message::Line(at, line)) => {
                    if wanted(&line) {
                        return Ok((at, line));
                    }
                }
                Ok(Message::End) | Err(RecvTimeoutError::Disconnected) => return Err(self.crash()),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::Timeout(deadline.duration_since(start)))
                }
            }
        }
    }

    /// `uci` ... `uciok`: the engine's name and options.
    pub fn handshake(&mut self, timeout: Duration) -> Result<EngineInfo, EngineError> {
        self.send("uci")?;
        let mut info = EngineInfo::default();
        self.wait_for(Instant::now() + timeout, |line| {
            if let Some(name) = line.strip_prefix("id name ") {
                info.name = Some(name.trim().to_string());
            } else if let Some(rest) = line.strip_prefix("option name ") {
                let (name, spec) = rest.split_once(" type ").unwrap_or((rest, ""));
                let name = name.trim().to_string();
                if name.eq_ignore_ascii_case("UCI_Variant") {
                    let vars = spec.split(" var ").skip(1).map(|v| v.trim().to_string());
                    info.variants = Some(vars.collect());
                }
                info.options.push(name);
            }
            line.trim() == "uciok"
        })?;
        Ok(info)
    }

    /// `isready` ... `readyok`.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("isready")?;
        self.wait_for(Instant::now() + timeout, |line| line.trim() == "readyok")
            .map(|_| ())
    }
}

impl Drop for EngineProcess {
    /// Asks the engine to quit, and kills it if it has not within a moment.
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|_| self.stdin.flush());
        for _ in 0..100 {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            thread::sleep(Duration::from_millis(1));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
