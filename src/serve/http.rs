//! Just enough HTTP/1.1 for a loopback board: one request per connection (`Connection: close`),
//! a `Content-Length` body, bounded sizes and a read timeout, so a bad or slow client costs one
//! thread for a few seconds and never the server.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// Longest request line plus headers.
const HEAD_MAX: usize = 16 * 1024;
/// Largest body: a FEN, a move, options; a pasted PGN would fit easily.
pub const BODY_MAX: usize = 64 * 1024;

pub struct Request {
    pub method: String,
    /// The path, without the query.
    pub path: String,
    pub query: Vec<(String, String)>,
    /// The body's fields (`application/x-www-form-urlencoded`).
    pub form: Vec<(String, String)>,
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
        Response::json(
            status,
            format!("{{\"error\":{}}}", crate::serve::json::string(message)),
        )
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        409 => "Conflict",
        413 => "Payload Too Large",
        431 => "Request Header Fields Too Large",
        429 => "Too Many Requests",
        503 => "Service Unavailable",
        _ => "Error",
    }
}

pub fn write_response(stream: &mut TcpStream, r: &Response) -> std::io::Result<()> {
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        r.status,
        reason(r.status),
        r.content_type,
        r.body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(&r.body)?;
    stream.flush()
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

/// Reads one request. The error is the response to send instead.
pub fn read_request(stream: &TcpStream) -> Result<Request, Response> {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let mut reader = BufReader::new(stream.take((HEAD_MAX + BODY_MAX + 1) as u64));
    let mut head_len = 0;
    let mut lines = Vec::new();
    loop {
        let mut line = Vec::new();
        let n = reader
            .by_ref()
            .take((HEAD_MAX + 1 - head_len.min(HEAD_MAX)) as u64)
            .read_until(b'\n', &mut line)
            .map_err(|_| Response::error(400, "request could not be read (timeout?)"))?;
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
    let mut length = 0usize;
    for header in &lines[1..] {
        let Some((name, value)) = header.split_once(':') else {
            return Err(Response::error(
                400,
                &format!("malformed header '{header}'"),
            ));
        };
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
    reader
        .read_exact(&mut body)
        .map_err(|_| Response::error(400, "body shorter than its Content-Length"))?;
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    Ok(Request {
        method: method.to_string(),
        path: percent_decode(path),
        query: parse_form(query),
        form: parse_form(&String::from_utf8_lossy(&body)),
    })
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
}
