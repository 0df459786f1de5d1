//! OpenDocument: `fixtures/odf` (written by `cargo xtask fixtures odf`:
//! every `NAME.golden.txt` equals the text), encrypted packages with, without
//! and with a wrong password, hostile repeats and entities, and the corpus
//! (`../shared/corpus/odf`: every expected string found).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fmt::Write as _;
use std::path::PathBuf;

use ooxml_text::{Error, Kind, OfficeDocument, Options, WarningKind};
use testkit::corpus::{self, Haystack};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/odf")
}

fn read(name: &str) -> Vec<u8> {
    std::fs::read(dir().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The password `passwords.tsv` gives a fixture, if any.
fn password(name: &str) -> Option<String> {
    String::from_utf8(read("passwords.tsv"))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{name}\t")).map(str::to_string))
}

fn doc(name: &str) -> OfficeDocument {
    let mut options = Options::default();
    options.password = password(name);
    ooxml_text::parse_with(&read(name), &options).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// `kind:name` of each part, in order.
fn outline(d: &OfficeDocument) -> Vec<String> {
    d.parts
        .iter()
        .map(|p| format!("{}:{}", p.kind, p.name.as_deref().unwrap_or("")))
        .collect()
}

#[test]
fn every_golden_matches() {
    let mut checked = 0;
    for entry in std::fs::read_dir(dir()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let Some(file) = name.strip_suffix(".golden.txt") else {
            continue;
        };
        let want = String::from_utf8(read(&name)).unwrap();
        assert_eq!(doc(file).text(), want, "{file}");
        checked += 1;
    }
    assert!(checked >= 9, "{checked} goldens");
}

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
