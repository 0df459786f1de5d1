//! The HTML files the benches run on: the corpus's HTML and XML pages
//! (`../shared/corpus/html/chardet`), or, without the corpus, a built-in page.

#![allow(clippy::unwrap_used, missing_docs)]

use std::path::PathBuf;

/// One page: its path (for peers) and its bytes.
pub struct Page {
    /// Where it was read from.
    pub path: PathBuf,
    /// Its bytes, undecoded.
    pub bytes: Vec<u8>,
}

/// The corpus pages, sorted by path; a generated page when the corpus is absent.
pub fn pages() -> Vec<Page> {
    let dir = testkit::corpus::dir()
        .unwrap_or_default()
        .join("html/chardet");
    let mut pages: Vec<Page> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "html" || e == "xml"))
            .map(|path| Page {
                bytes: std::fs::read(&path).unwrap(),
                path,
            })
            .collect(),
        Err(_) => Vec::new(),
    };
    if pages.is_empty() {
        println!(
            "corpus benches skipped: {} not found; using a generated page",
            dir.display()
        );
        let mut html = String::from(
            "<!DOCTYPE html><html lang=en><head><title>Generated</title></head><body>",
        );
        for i in 0..2000 {
            html.push_str(&format!(
                "<div class=row><p>Row {i} &amp; caf&eacute; &#x4E2D;&#25991;</p><table><tr><td>{i}<td>x</table></div>\n"
            ));
        }
        html.push_str("</body></html>");
        pages.push(Page {
            path: PathBuf::from("generated.html"),
            bytes: html.into_bytes(),
        });
    }
    pages.sort_by(|a, b| a.path.cmp(&b.path));
    pages
}
