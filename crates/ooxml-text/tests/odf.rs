//! OpenDocument: `fixtures/odf` (written by `cargo xtask fixtures odf`:
//! every `NAME.golden.txt` equals the text), encrypted packages with, without
//! and with a wrong password, hostile repeats and entities, and the corpus
//! (`../shared/corpus/odf`: every expected string found).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use testkit::corpus::{self, Haystack};

#[test]
fn corpus_expected_strings_are_found() {
    let Some(dir) = corpus::require_dir("ooxml-text odf corpus") else {
        return;
    };
    let files = corpus::files(&dir, "odf");
    assert!(files.len() >= 29, "{} odf files", files.len());
    let (mut lines, mut found, mut read, mut problems) = (0, 0, 0, Vec::new());
    for entry in &files {
        let bytes = std::fs::read(&entry.path).unwrap();
        let doc = match ooxml_text::parse(&bytes) {
            Ok(d) => d,
            Err(e) => {
                if !entry.deliberately_broken() {
                    problems.push(format!("{}: {e}", entry.rel));
                }
                continue;
            }
        };
        read += 1;
        let text = doc.text();
        if let Some(i) = text.find("<text:").or_else(|| text.find("<office:")) {
            problems.push(format!("{}: markup in the text at {i}", entry.rel));
        }
        if let Some(expected) = entry.expected() {
            let hay = Haystack::new(&text);
            for line in &expected {
                lines += 1;
                if hay.contains(line) {
                    found += 1;
                } else {
                    problems.push(format!("{}: {line:?} not found", entry.rel));
                }
            }
        }
    }
    println!(
        "odf corpus: {read}/{} files read, {found}/{lines} expected strings",
        files.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
