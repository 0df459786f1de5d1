//! The corpus (`../shared/corpus/ooxml`: python-docx, python-pptx, POI and
//! pandoc test files): no panic, every expected string found, no markup
//! left in any text.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use testkit::corpus::{self, Tally};

/// Expected strings this crate leaves out on purpose: POI's test expects
/// the text of a tracked deletion (`w:del`), which Word does not show once
/// the changes are accepted — issue 20 and Tika (its default
/// `includeDeletedContent = false`) leave it out too.
const DELIBERATELY_ABSENT: &[(&str, &str)] = &[("ooxml/poi/delins.docx", "pendant worn")];

#[test]
fn every_expected_string_is_found() {
    let Some(dir) = corpus::require_dir("ooxml-text corpus") else {
        return;
    };
    let files = corpus::files(&dir, "ooxml");
    assert!(files.len() >= 50, "{} ooxml files", files.len());
    let mut tally = Tally::default();
    for entry in &files {
        let bytes = std::fs::read(&entry.path).unwrap();
        // Encrypted packages are compound files: the facade decrypts them.
        if bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]) {
            continue;
        }
        let doc = match ooxml_text::parse(&bytes) {
            Ok(d) => d,
            Err(e) => {
                tally.failed(entry, e);
                continue;
            }
        };
        tally.read += 1;
        let text = doc.text();
        let mut all = text.clone();
        for v in [
            &doc.metadata.title,
            &doc.metadata.author,
            &doc.metadata.subject,
        ]
        .into_iter()
        .flatten()
        {
            all.push('\n');
            all.push_str(v);
        }
        if let Some(i) = text.find("<w:").or_else(|| text.find("<a:")) {
            tally
                .problems
                .push(format!("{}: markup in the text at {i}", entry.rel));
        }
        tally.expect(entry, &all, DELIBERATELY_ABSENT);
    }
    println!(
        "ooxml corpus: {}/{} files read, {}/{} expected strings",
        tally.read,
        files.len(),
        tally.found,
        tally.lines
    );
    tally.assert_no_problems();
}
