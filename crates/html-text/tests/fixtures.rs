//! `fixtures/html`: every page is sniffed to its `.encoding.txt` and its text
//! is exactly its `.golden.txt` (regenerate with `cargo xtask fixtures html`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use html_charset::{SniffOptions, Source};
use html_text::{Options, extract_bytes};

#[test]
fn every_fixture_matches_its_encoding_and_golden_text() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/html");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".golden.txt") && !n.ends_with(".encoding.txt"))
        .collect();
    names.sort();
    assert!(names.len() >= 9, "fixtures/html has {} pages", names.len());
    let mut failures = Vec::new();
    for name in &names {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let golden = std::fs::read_to_string(dir.join(format!("{name}.golden.txt"))).unwrap();
        let encoding = std::fs::read_to_string(dir.join(format!("{name}.encoding.txt"))).unwrap();
        let (sniffed, doc) = extract_bytes(&bytes, &SniffOptions::default(), &Options::default());
        if sniffed.encoding.name() != encoding.trim() {
            failures.push(format!(
                "{name}: encoding {} ({:?}), want {}",
                sniffed.encoding.name(),
                sniffed.source,
                encoding.trim()
            ));
        }
        if doc.text != golden {
            failures.push(format!("{name}: text {:?}\n  want {golden:?}", doc.text));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Each labelling method is exercised by the fixture named after it.
#[test]
fn each_fixture_is_found_by_the_step_it_is_named_for() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/html");
    let cases = [
        ("utf8-bom.html", Source::Bom),
        ("utf16le-bom.html", Source::Bom),
        ("shift_jis-meta-charset.html", Source::MetaPrescan),
        ("windows-1251-http-equiv.html", Source::MetaPrescan),
        ("iso-8859-2-late-meta.html", Source::MetaPrescan),
        ("euc-kr-xml-declaration.html", Source::XmlDeclaration),
        ("gbk-unlabeled.html", Source::Statistical),
        ("utf16be-bomless.html", Source::Statistical),
        ("windows-1252-default-ascii.html", Source::Default),
    ];
    for (name, source) in cases {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        assert_eq!(html_charset::sniff(&bytes, None).source, source, "{name}");
    }
    // The late meta is past the first KiB: the plain prescan alone does not see it.
    let late = std::fs::read(dir.join("iso-8859-2-late-meta.html")).unwrap();
    let prescan_only = SniffOptions::default().with_continued_scan_limit(0);
    assert_eq!(
        html_charset::sniff_with(&late, &prescan_only).source,
        Source::Statistical
    );
}

#[test]
fn metadata_of_the_fixtures() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/html");
    let bytes = std::fs::read(dir.join("utf8-bom.html")).unwrap();
    let (_, doc) = extract_bytes(&bytes, &SniffOptions::default(), &Options::default());
    assert_eq!(doc.title.as_deref(), Some("吾輩は猫である"));
    assert_eq!(doc.description.as_deref(), Some("夏目漱石"));
    assert_eq!(doc.lang.as_deref(), Some("ja"));
    let bytes = std::fs::read(dir.join("iso-8859-2-late-meta.html")).unwrap();
    let (_, doc) = extract_bytes(&bytes, &SniffOptions::default(), &Options::default());
    assert_eq!(doc.title.as_deref(), Some("Łódź"));
}
