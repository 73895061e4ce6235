//! Just enough HTTP/1.1 for a loopback board: one request per connection (`Connection: close`),
//! a `Content-Length` form body, bounded sizes and one deadline for the whole request, so a bad
//! or slow client costs one thread for a few seconds and never the server.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// Time to send a whole request (head and body), however it trickles in; and to take the answer.
pub const DEADLINE: Duration = Duration::from_secs(3);
/// The one body type the API reads.
const FORM: &str = "application/x-www-form-urlencoded";

/// Longest request line plus headers.
const HEAD_MAX: usize = 16 * 1024;
/// Largest body: a FEN, a move, options; a pasted PGN would fit easily.
pub const BODY_MAX: usize = 64 * 1024;

pub struct Request {
    /// `GET`, `HEAD` or `POST` (any other is refused with 405 while reading).
    pub method: String,
    /// The path, without the query.
    pub path: String,
    pub query: Vec<(String, String)>,
    /// The body's fields (`application/x-www-form-urlencoded`).
    pub form: Vec<(String, String)>,
    /// Every header, names in lower case.
    pub headers: Vec<(String, String)>,
}

impl Request {
    /// A field of the body, else of the query.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.form
            .iter()
            .chain(&self.query)
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

impl Response {
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Self {
        Response {
            status,
            content_type,
            body: body.into(),
        }
    }

    pub fn json(status: u16, body: String) -> Self {
        Response::new(status, "application/json; charset=utf-8", body)
    }

    /// An error as `{"error": "..."}`: one line naming the problem.
    pub fn error(status: u16, message: &str) -> Self {
        Response::json(status, serde_json::json!({ "error": message }).to_string())
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        403 => "Forbidden",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        415 => "Unsupported Media Type",
        413 => "Payload Too Large",
        431 => "Request Header Fields Too Large",
        429 => "Too Many Requests",
        503 => "Service Unavailable",
        _ => "Error",
    }
}

/// Writes `r` (its head only when `head_only`: the answer to `HEAD`), within [`DEADLINE`].
pub fn write_response(
    stream: &mut TcpStream,
    r: &Response,
    head_only: bool,
) -> std::io::Result<()> {
    let _ = stream.set_write_timeout(Some(DEADLINE));
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         X-Content-Type-Options: nosniff\r\n{}Connection: close\r\n\r\n",
        r.status,
        reason(r.status),
        r.content_type,
        r.body.len(),
        if r.status == 405 {
            "Allow: GET, HEAD, POST\r\n"
        } else {
            ""
        }
    );
    stream.write_all(head.as_bytes())?;
    if !head_only {
        stream.write_all(&r.body)?;
    }
    stream.flush()
}

/// A connection read against one deadline: each read may wait only for the time left.
struct Deadline<'a> {
    stream: &'a TcpStream,
    end: Instant,
}

impl Read for Deadline<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.end.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        self.stream.set_read_timeout(Some(left))?;
        (&*self.stream).read(buf)
    }
}

fn timeout(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock
    )
}

/// `%41` and `+` decoded; bad escapes are kept as written. Lossy UTF-8.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `a=1&b=x+y` as pairs.
pub fn parse_form(text: &str) -> Vec<(String, String)> {
    text.split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (percent_decode(k), percent_decode(v))
        })
        .collect()
}

/// Reads one request, all of it before `end`. The error is the response to send instead.
pub fn read_request(stream: &TcpStream, end: Instant) -> Result<Request, Response> {
    let too_slow = || {
        Response::error(
            408,
            &format!("request not sent within {} s", DEADLINE.as_secs()),
        )
    };
    let deadline = Deadline { stream, end };
    let mut reader = BufReader::new(deadline.take((HEAD_MAX + BODY_MAX + 1) as u64));
    let mut head_len = 0;
    let mut lines = Vec::new();
    loop {
        let mut line = Vec::new();
        let n = reader
            .by_ref()
            .take((HEAD_MAX + 1 - head_len.min(HEAD_MAX)) as u64)
            .read_until(b'\n', &mut line)
            .map_err(|e| {
                if timeout(&e) {
                    too_slow()
                } else {
                    Response::error(400, "request could not be read")
                }
            })?;
        head_len += n;
        if head_len > HEAD_MAX {
            return Err(Response::error(431, "request head is over 16 KiB"));
        }
        if n == 0 {
            return Err(Response::error(400, "request ended before its headers did"));
        }
        let text = String::from_utf8_lossy(&line).trim_end().to_string();
        if text.is_empty() {
            break;
        }
        lines.push(text);
    }
    let first = lines
        .first()
        .ok_or_else(|| Response::error(400, "empty request"))?;
    let mut words = first.split(' ');
    let (Some(method), Some(target), Some(version)) = (words.next(), words.next(), words.next())
    else {
        return Err(Response::error(
            400,
            &format!("malformed request line '{first}'"),
        ));
    };
    if !version.starts_with("HTTP/1.") {
        return Err(Response::error(
            400,
            &format!("unsupported version '{version}'"),
        ));
    }
    if !matches!(method, "GET" | "HEAD" | "POST") {
        let path = target.split('?').next().unwrap_or(target);
        return Err(Response::error(
            405,
            &format!("method '{method}' is not allowed for {path}: use GET, HEAD or POST"),
        ));
    }
    let mut length = 0usize;
    let mut headers = Vec::new();
    for header in &lines[1..] {
        let Some((name, value)) = header.split_once(':') else {
            return Err(Response::error(
                400,
                &format!("malformed header '{header}'"),
            ));
        };
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
        if name.eq_ignore_ascii_case("content-length") {
            length = value.trim().parse().map_err(|_| {
                Response::error(400, &format!("bad Content-Length '{}'", value.trim()))
            })?;
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            return Err(Response::error(
                400,
                "chunked bodies are not accepted: send Content-Length",
            ));
        }
    }
    if length > BODY_MAX {
        return Err(Response::error(
            413,
            &format!("body of {length} bytes is over the 64 KiB limit"),
        ));
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).map_err(|e| {
        if timeout(&e) {
            too_slow()
        } else {
            Response::error(400, "body shorter than its Content-Length")
        }
    })?;
    // A body is a form: anything else (JSON to a form endpoint) is refused, not misread.
    let kind = headers
        .iter()
        .find(|(k, _)| k == "content-type")
        .map(|(_, v)| {
            v.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        });
    if length > 0 && kind.as_deref() != Some(FORM) {
        return Err(Response::error(
            415,
            &format!(
                "body of type '{}' is not accepted: send {FORM}",
                kind.as_deref().unwrap_or("(none)")
            ),
        ));
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    Ok(Request {
        method: method.to_string(),
        path: percent_decode(path),
        query: parse_form(query),
        form: parse_form(&String::from_utf8_lossy(&body)),
        headers,
    })
}

/// Refuses what a page on another site could send through the user's browser: a `Host` that
/// names a domain other than ours (DNS rebinding: an attacker's name resolving to loopback),
/// and a state-changing request whose `Origin` is not this server's. An IP literal or
/// `localhost` cannot be rebound; `allowed` is the name given to `--host`, if any.
pub fn check_origin(req: &Request, allowed: &str) -> Result<(), Response> {
    let host = req.header("host");
    if let Some(host) = host {
        let name = host_name(host);
        let literal = name.parse::<std::net::IpAddr>().is_ok();
        if !(literal
            || name.eq_ignore_ascii_case("localhost")
            || name.eq_ignore_ascii_case(allowed))
        {
            return Err(Response::error(
                403,
                &format!("host '{host}' is not this server's (use its address or localhost)"),
            ));
        }
    }
    if req.method == "POST" {
        if let Some(origin) = req.header("origin") {
            let same = origin
                .strip_prefix("http://")
                .is_some_and(|o| Some(o) == host);
            if !same {
                return Err(Response::error(
                    403,
                    &format!("origin '{origin}' may not change games on this server"),
                ));
            }
        }
    }
    Ok(())
}

/// `127.0.0.1:8080` -> `127.0.0.1`, `[::1]:80` -> `::1`, `localhost` -> `localhost`.
fn host_name(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or(rest);
    }
    host.rsplit_once(':').map_or(host, |(name, _)| name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_are_decoded() {
        assert_eq!(
            parse_form("fen=8%2F8+w&move=e2e4&x"),
            vec![
                ("fen".into(), "8/8 w".into()),
                ("move".into(), "e2e4".into()),
                ("x".into(), "".into())
            ]
        );
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
        assert_eq!(percent_decode("%e2%82%ac"), "\u{20ac}");
        assert_eq!(percent_decode("%"), "%");
    }

    fn request(method: &str, headers: &[(&str, &str)]) -> Request {
        Request {
            method: method.into(),
            path: "/api/games".into(),
            query: Vec::new(),
            form: Vec::new(),
            headers: headers
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    #[test]
    fn foreign_hosts_and_origins_are_refused() {
        let ok = |m, h: &[(&str, &str)]| check_origin(&request(m, h), "").is_ok();
        assert!(ok("GET", &[("host", "127.0.0.1:8080")]));
        assert!(ok("GET", &[("host", "[::1]:8080")]));
        assert!(ok("GET", &[("host", "localhost:8080")]));
        assert!(ok("GET", &[]), "no Host: not a browser");
        assert!(
            !ok("GET", &[("host", "evil.example:8080")]),
            "DNS rebinding"
        );
        let here = ("host", "127.0.0.1:8080");
        assert!(ok("POST", &[here, ("origin", "http://127.0.0.1:8080")]));
        assert!(
            ok("POST", &[here]),
            "no Origin: not a cross-site browser request"
        );
        assert!(!ok("POST", &[here, ("origin", "http://evil.example")]));
        assert!(!ok("POST", &[here, ("origin", "null")]));
        assert!(!ok("POST", &[here, ("origin", "http://127.0.0.1:9999")]));
        assert!(
            ok("GET", &[here, ("origin", "http://evil.example")]),
            "reads are harmless"
        );
        assert!(check_origin(&request("GET", &[("host", "board.lan")]), "board.lan").is_ok());
    }
}
