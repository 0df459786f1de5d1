//! Every fixture of `fixtures/rtf` (`cargo xtask fixtures rtf`): its text
//! equal to `NAME.golden.txt`, and the parts, metadata, embedded files and
//! warnings each structure must give.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use doc_model::{EmbeddedKind, PartKind};
use rtf_text::{RtfDocument, WarningKind};

fn doc(name: &str) -> RtfDocument {
    testkit::parse_fixture(&format!("rtf/{name}"), rtf_text::parse)
}

#[test]
fn every_golden_matches_exactly() {
    testkit::assert_goldens("rtf", 13, |name| {
        let d = doc(name);
        (d.text(), d.warnings)
    });
}

#[test]
fn stories_are_parts_in_order_with_their_names() {
    let d = doc("stories.rtf");
    let kinds: Vec<(PartKind, Option<&str>)> = d
        .parts
        .iter()
        .map(|p| (p.kind, p.name.as_deref()))
        .collect();
    assert_eq!(
        kinds,
        [
            (PartKind::Body, None),
            (PartKind::Header, None),
            (PartKind::Footer, None),
            (PartKind::Footnote, Some("1")),
            (PartKind::Endnote, Some("1")),
            (PartKind::Comment, Some("1")),
            (PartKind::TextBox, Some("1")),
        ]
    );
    assert_eq!(
        d.parts[1].attributes,
        [("type".to_string(), "default".to_string())]
    );
    assert_eq!(
        d.parts[2].attributes,
        [("type".to_string(), "first".to_string())]
    );
    assert_eq!(
        d.parts[5].attributes,
        [("author".to_string(), "Ann Author".to_string())]
    );
    // The field's instruction, hidden text and the deleted revision are not text.
    let text = d.text();
    for absent in [
        "HYPERLINK",
        "example.org",
        "hidden",
        "deleted",
        "shapeType",
        "202",
    ] {
        assert!(!text.contains(absent), "{absent} in {text:?}");
    }
}

#[test]
fn code_pages_of_the_document_and_of_fonts() {
    let d = doc("cyrillic-ansicpg1251.rtf");
    assert_eq!(d.encoding, Some("windows-1251"));
    let d = doc("japanese-fcharset128.rtf");
    assert_eq!(d.encoding, Some("windows-1252"));
    assert!(d.text().contains("表示"));
}

#[test]
fn info_is_metadata() {
    let d = doc("info.rtf");
    // The eight properties an RTF `\info` group can hold, `-` where absent.
    let got = d
        .metadata
        .fields()
        .iter()
        .take(8)
        .map(|(k, v)| format!("{k}\t{}\n", v.as_deref().unwrap_or("-")))
        .collect::<String>();
    let want = String::from_utf8(testkit::read_fixture("rtf/info.rtf.metadata.txt")).unwrap();
    assert_eq!(got, want);
}

#[test]
fn pictures_and_objects_are_embedded_files() {
    use std::fmt::Write as _;
    let d = doc("embedded.rtf");
    let mut got = String::new();
    for e in &d.embedded {
        let kind = match e.kind {
            EmbeddedKind::Image => "image",
            EmbeddedKind::OleObject => "ole_object",
            _ => "other",
        };
        use sha2::Digest;
        let digest: String = sha2::Sha256::digest(&e.data)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let _ = writeln!(
            got,
            "{}\t{kind}\t{}\t{}\t{digest}",
            e.path,
            e.media_type.as_deref().unwrap_or("-"),
            e.data.len()
        );
    }
    assert_eq!(
        got,
        String::from_utf8(testkit::read_fixture("rtf/embedded.rtf.embedded.txt")).unwrap()
    );
}

#[test]
fn hostile_input_gives_text_and_warnings() {
    let d = doc("hostile-deep.rtf");
    assert!(d.warnings.iter().any(|w| w.kind == WarningKind::Structure));
    let d = doc("hostile-bin.rtf");
    assert!(
        d.warnings.iter().any(|w| w.message.contains("\\bin")),
        "{:?}",
        d.warnings
    );
    let d = doc("hostile-unbalanced.rtf");
    assert!(d.warnings.iter().any(|w| w.kind == WarningKind::Structure));
    assert!(rtf_text::parse(b"not rtf").is_err());
    assert!(rtf_text::is_rtf(b"\xEF\xBB\xBF \r\n{\\rtf1}"));
    assert!(!rtf_text::is_rtf(b"{\\rt"));
}
