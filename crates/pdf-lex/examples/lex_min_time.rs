//! Lexing speed that survives a loaded machine: the *minimum* time of N
//! iterations (default 300) of the two `lex` benches of `benches/inflate.rs`
//! (open `tracemonkey.pdf` and parse every object; tokenize its page
//! contents). Criterion's mean swings ±30 % under load; the minimum is what
//! an undisturbed run costs. Build it for two revisions and run them in turn:
//! `cargo run --release -p pdf-lex --example lex_min_time -- 400`.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

#[path = "../benches/common/mod.rs"]
mod common;

use std::time::Instant;

use pdf_lex::{Document, content::Operations};

fn main() {
    let data = common::sample()
        .expect("pdf/pdfjs/tracemonkey.pdf in ../shared/corpus or $TEXTRACT_CORPUS");
    let doc = Document::open(&data).unwrap();
    let contents = common::page_contents(&doc);
    let n: usize = std::env::args().nth(1).map_or(300, |s| s.parse().unwrap());
    let (mut open, mut tokens) = (u128::MAX, u128::MAX);
    let mut sink = 0usize;
    for _ in 0..n {
        let t = Instant::now();
        let doc = Document::open(&data).unwrap();
        for r in doc.object_refs() {
            sink += usize::from(doc.get(r).is_ok());
        }
        open = open.min(t.elapsed().as_nanos());
        let t = Instant::now();
        for c in &contents {
            sink += Operations::new(c).count();
        }
        tokens = tokens.min(t.elapsed().as_nanos());
    }
    println!(
        "open + every object: min {:.3} ms   content tokens: min {:.3} ms   (check {sink})",
        open as f64 / 1e6,
        tokens as f64 / 1e6
    );
}
