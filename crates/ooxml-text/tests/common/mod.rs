//! Helpers shared by the OOXML and ODF fixture tests.
#![allow(dead_code)]

use std::fmt::Write as _;

use ooxml_text::OfficeDocument;

/// `kind:name` of each part, in order.
pub fn outline(d: &OfficeDocument) -> Vec<String> {
    d.parts
        .iter()
        .map(|p| format!("{}:{}", p.kind, p.name.as_deref().unwrap_or("")))
        .collect()
}

/// The document properties as the `NAME.metadata.txt` sidecars list
/// them: `key<TAB>value`, a line each, for the ones present.
pub fn properties(d: &OfficeDocument) -> String {
    let mut out = String::new();
    for (k, v) in d.metadata.fields() {
        if let Some(v) = v {
            writeln!(out, "{k}\t{v}").unwrap();
        }
    }
    out
}

/// The corpus folder `folder` (`../shared/corpus/<folder>`, at least
/// `min_files` files) read with no panic: every expected string found in
/// the text, title, author or subject (but those in `absent`, left out on
/// purpose), and no element starting with one of `markup` left in any
/// text. Compound files are skipped: an encrypted package is the facade's
/// to decrypt.
pub fn corpus_strings(folder: &str, min_files: usize, markup: &[&str], absent: &[(&str, &str)]) {
    use testkit::corpus::{self, Tally};
    let Some(dir) = corpus::require_dir(&format!("ooxml-text {folder} corpus")) else {
        return;
    };
    let files = corpus::files(&dir, folder);
    assert!(files.len() >= min_files, "{} {folder} files", files.len());
    let mut tally = Tally::default();
    for entry in &files {
        let bytes = std::fs::read(&entry.path).unwrap();
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
        if let Some(i) = markup.iter().find_map(|m| text.find(m)) {
            tally
                .problems
                .push(format!("{}: markup in the text at {i}", entry.rel));
        }
        let mut all = text;
        let m = &doc.metadata;
        for v in [&m.title, &m.author, &m.subject].into_iter().flatten() {
            all.push('\n');
            all.push_str(v);
        }
        tally.expect(entry, &all, absent);
    }
    println!(
        "{folder} corpus: {}/{} files read, {}/{} expected strings",
        tally.read,
        files.len(),
        tally.found,
        tally.lines
    );
    tally.assert_no_problems();
}
