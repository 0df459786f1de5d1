//! The sample the lexing benches and the `lex_min_time` example read.
#![allow(clippy::unwrap_used, missing_docs)]

use pdf_lex::Document;

/// The corpus file the benches read, when present: a 14-page pdfTeX paper.
pub fn sample() -> Option<Vec<u8>> {
    let p = testkit::corpus::dir()?.join("pdf/pdfjs/tracemonkey.pdf");
    std::fs::read(p).ok()
}

/// The decoded content streams of the pages of `doc`, page by page.
pub fn page_contents(doc: &Document<'_>) -> Vec<Vec<u8>> {
    doc.pages()
        .unwrap()
        .iter()
        .map(|p| doc.page_contents(p).unwrap())
        .collect()
}
