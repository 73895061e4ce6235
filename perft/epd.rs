//! The perft suites' file format, read once for every variant: one position a line,
//! `FEN ;D1 n ;D2 n ... [;key value ...]`, blank lines and `#` comments skipped. Keys other than
//! `Dk` are kept for the code that knows them: `variant` and `options` for `suites.rs`, Lene
//! Hau's `has` for its own tests.

pub struct Entry {
    pub fen: String,
    /// `(depth, count)` in file order.
    pub counts: Vec<(u32, u64)>,
    /// The other `key value` fields.
    pub fields: Vec<(String, String)>,
}

impl Entry {
    /// The value of field `key`, if the line has it.
    #[allow(dead_code)] // not every suite has extra fields
    pub fn field(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// Parses a suite; a malformed line panics with the line, since the file is part of the test.
pub fn parse(text: &str) -> Vec<Entry> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap_or_default().trim().to_string();
            let mut entry = Entry {
                fen,
                counts: Vec::new(),
                fields: Vec::new(),
            };
            for op in parts.map(str::trim) {
                let (key, value) = op
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("field '{op}' is not `key value` in: {line}"));
                let depth = key.strip_prefix('D').and_then(|d| d.parse().ok());
                match (depth, value.parse()) {
                    (Some(d), Ok(n)) => entry.counts.push((d, n)),
                    (Some(_), Err(_)) => panic!("bad count '{value}' in: {line}"),
                    (None, _) => entry.fields.push((key.to_string(), value.to_string())),
                }
            }
            entry
        })
        .collect()
}
