//! Every `.expected.txt` string of the corpus's HTML and text files is found
//! in what `html-charset` + `html-text` return for the file.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use html_charset::{SniffOptions, decode, sniff_with};
use html_text::{Options, extract_bytes};

fn corpus() -> Option<PathBuf> {
    testkit::corpus::require_dir("html-text corpus")
}

/// Files in an encoding the Encoding Standard does not have, so no browser
/// (and not this crate) decodes them; see docs/html-charset.md.
const OUTSIDE_THE_ENCODING_STANDARD: [&str; 6] = [
    "UTF-32BE__plane1-utf-32be.html",
    "UTF-32LE__plane1-utf-32le.html",
    "iso-2022-kr___ude_iso2.txt",
    "Johab__iyagi-readme.txt",
    "Johab__hlpro-readme.txt",
    "EUC-TW___ude_euc-tw1.txt",
];

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn has_cjk(s: &str) -> bool {
    s.chars().any(|c| matches!(c, '\u{3000}'..='\u{9FFF}' | '\u{AC00}'..='\u{D7AF}' | '\u{F900}'..='\u{FFEF}'))
}

/// The corpus README's comparison: whitespace runs collapsed; for lines with
/// CJK characters a match with all whitespace removed also counts.
fn contains(text: &str, line: &str) -> bool {
    if collapse(text).contains(&collapse(line)) {
        return true;
    }
    has_cjk(line) && {
        let strip = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
        strip(text).contains(&strip(line))
    }
}

#[test]
fn expected_strings_are_in_the_extracted_text() {
    let Some(corpus) = corpus() else { return };
    let mut files = 0;
    let mut strings = 0;
    let mut failures = Vec::new();
    let mut dirs = vec![corpus.join("html")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let Some(doc_name) = name.strip_suffix(".expected.txt") else {
                continue;
            };
            if OUTSIDE_THE_ENCODING_STANDARD.contains(&doc_name) {
                println!("skipped (encoding outside the Encoding Standard): {doc_name}");
                continue;
            }
            let bytes = std::fs::read(dir.join(doc_name)).unwrap();
            let is_html = [".html", ".htm", ".xml"]
                .iter()
                .any(|e| doc_name.ends_with(e));
            // For HTML, the text and the metadata the facade reports with it
            // (the title, which a page's strings often come from).
            let text = if is_html {
                let doc = extract_bytes(&bytes, &SniffOptions::default(), &Options::default()).1;
                let meta = [&doc.title, &doc.description, &doc.keywords];
                let meta: Vec<&str> = meta.iter().filter_map(|m| m.as_deref()).collect();
                format!("{}\n{}", doc.text, meta.join("\n"))
            } else {
                let sniffed = sniff_with(&bytes, &SniffOptions::text());
                decode(&bytes, &sniffed).into_owned()
            };
            files += 1;
            for line in std::fs::read_to_string(&path)
                .unwrap()
                .lines()
                .filter(|l| !l.trim().is_empty())
            {
                strings += 1;
                if !contains(&text, line) {
                    failures.push(format!("{doc_name}: {line:?}"));
                }
            }
        }
    }
    println!(
        "{files} files, {strings} expected strings, {} missing",
        failures.len()
    );
    assert!(files >= 20, "only {files} files with .expected.txt");
    assert!(failures.is_empty(), "missing:\n{}", failures.join("\n"));
}

#[test]
fn every_corpus_html_file_extracts_without_panic() {
    let Some(corpus) = corpus() else { return };
    let mut n = 0;
    for entry in std::fs::read_dir(corpus.join("html/chardet")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.to_string_lossy();
        if name.ends_with(".html") || name.ends_with(".xml") {
            let bytes = std::fs::read(&path).unwrap();
            let (_, doc) = extract_bytes(&bytes, &SniffOptions::default(), &Options::default());
            assert!(doc.warnings.is_empty(), "{name}: {:?}", doc.warnings);
            n += 1;
        }
    }
    assert!(n > 40);
}

#[test]
fn big5_chromium_big5_with_no_encoding_specified() {
    let Some(corpus) = corpus() else { return };
    let bytes = std::fs::read(
        corpus.join("html/chardet/Big5___chromium_Big5_with_no_encoding_specified.html"),
    )
    .unwrap();
    let (sniffed, doc) = extract_bytes(&bytes, &SniffOptions::default(), &Options::default());
    assert_eq!(sniffed.encoding.name(), "Big5");
    assert!(doc.text.contains("台北看守所昨天抽查前總統"));
    assert!(
        !doc.text.contains('<'),
        "markup leaked into the text: {}",
        doc.text
    );
}
