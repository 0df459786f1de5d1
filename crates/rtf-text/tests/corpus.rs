//! The corpus (`../shared/corpus/rtf`, pandoc's RTF tests): no panic, every
//! expected string found, no control word left in any text.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use testkit::corpus::{self, Tally};

#[test]
fn every_expected_string_is_found_and_no_control_word_leaks() {
    let Some(dir) = corpus::require_dir("rtf-text corpus") else {
        return;
    };
    let files = corpus::files(&dir, "rtf");
    assert!(files.len() >= 10, "{} rtf files", files.len());
    let mut tally = Tally::default();
    for entry in &files {
        let bytes = std::fs::read(&entry.path).unwrap();
        let doc = match rtf_text::parse(&bytes) {
            Ok(d) => d,
            Err(e) => {
                tally.failed(entry, e);
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
            tally.problems.push(format!(
                "{}: control word in the text: {:?}",
                entry.rel,
                &text[i.saturating_sub(20)..(i + 20).min(text.len())]
            ));
        }
        tally.expect(entry, &all, &[]);
    }
    println!(
        "rtf corpus: {} files, {}/{} expected strings",
        files.len(),
        tally.found,
        tally.lines
    );
    tally.assert_no_problems();
}
