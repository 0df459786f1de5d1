//! The corpus (`../shared/corpus/rtf`, pandoc's RTF tests): no panic, every
//! expected string found, no control word left in any text.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use testkit::corpus::{self, Haystack};

#[test]
fn every_expected_string_is_found_and_no_control_word_leaks() {
    let Some(dir) = corpus::require_dir("rtf-text corpus") else {
        return;
    };
    let files = corpus::files(&dir, "rtf");
    assert!(files.len() >= 10, "{} rtf files", files.len());
    let (mut lines, mut found, mut problems) = (0, 0, Vec::new());
    for entry in &files {
        let bytes = std::fs::read(&entry.path).unwrap();
        let doc = match rtf_text::parse(&bytes) {
            Ok(d) => d,
            Err(e) => {
                if !entry.deliberately_broken() {
                    problems.push(format!("{}: {e}", entry.rel));
                }
                continue;
            }
        };
        let text = doc.text();
        let mut all = text.clone();
        for p in &doc.parts {
            all.push_str(&p.text);
        }
        if let Some(t) = &doc.metadata.title {
            all.push_str(t);
        }
        // A control word is a backslash and a letter: none survives.
        if let Some(i) = text
            .as_bytes()
            .windows(2)
            .position(|w| w[0] == b'\\' && w[1].is_ascii_alphabetic())
        {
            problems.push(format!(
                "{}: control word in the text: {:?}",
                entry.rel,
                &text[i.saturating_sub(20)..(i + 20).min(text.len())]
            ));
        }
        if let Some(expected) = entry.expected() {
            let hay = Haystack::new(&all);
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
        "rtf corpus: {} files, {found}/{lines} expected strings",
        files.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
