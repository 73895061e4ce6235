//! The page's files, embedded in the binary from `web/`. Only these names are served: a path is
//! looked up in this list, never on disk, so nothing outside it can be read.

pub struct Asset {
    pub content_type: &'static str,
    pub body: &'static [u8],
}

const ASSETS: &[(&str, &str, &[u8])] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_bytes!("../../web/index.html"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/app.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_bytes!("../../web/style.css"),
    ),
    (
        "/favicon.svg",
        "image/svg+xml",
        include_bytes!("../../web/favicon.svg"),
    ),
];

pub fn find(path: &str) -> Option<Asset> {
    let path = if path == "/index.html" { "/" } else { path };
    ASSETS
        .iter()
        .find(|(name, _, _)| *name == path)
        .map(|&(_, content_type, body)| Asset { content_type, body })
}
