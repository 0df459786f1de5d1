//! `fixtures/ooxml` (written by `cargo xtask fixtures ooxml`): every
//! `NAME.golden.txt` equals the text, metadata and embedded files equal
//! their sidecars, hostile packages give text and warnings or a typed error.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::fmt::Write as _;

use common::{outline, properties};
use ooxml_text::{Error, Kind, OfficeDocument, WarningKind};

fn sha256_hex(data: &[u8]) -> String {
    use sha2::Digest as _;
    sha2::Sha256::digest(data)
        .iter()
        .fold(String::new(), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

fn doc(name: &str) -> OfficeDocument {
    testkit::parse_fixture(&format!("ooxml/{name}"), ooxml_text::parse)
}

#[test]
fn every_golden_matches() {
    testkit::assert_goldens("ooxml", 8, |name| {
        let d = doc(name);
        (d.text(), d.warnings)
    });
}

#[test]
fn kinds_and_parts() {
    assert_eq!(doc("body.docx").details, Kind::Docx);
    assert_eq!(doc("strict.docx").details, Kind::Docx);
    assert_eq!(doc("cells.xlsx").details, Kind::Xlsx);
    let deck = doc("deck.pptx");
    assert_eq!(deck.details, Kind::Pptx);
    let kinds = outline(&deck);
    assert_eq!(
        kinds,
        ["slide:1", "notes:1", "comment:1", "slide:2", "slide:3"]
    );
    assert_eq!(deck.parts[2].attribute("author"), Some("Carol"));
    assert_eq!(deck.parts[3].attribute("hidden"), Some("true"));

    let cells = doc("cells.xlsx");
    let kinds = outline(&cells);
    assert_eq!(
        kinds,
        [
            "sheet:Cells",
            "header:Cells",
            "footer:Cells",
            "comment:Cells!B2",
            "comment:Cells!A2",
            "text_box:Cells",
            "text_box:Cells",
            "sheet:Hidden"
        ]
    );
    assert_eq!(cells.parts[4].attribute("author"), Some("Ann"));
    assert_eq!(cells.parts[7].attribute("hidden"), Some("true"));

    let stories = doc("stories.docx");
    let kinds = outline(&stories);
    assert_eq!(
        kinds,
        [
            "body:",
            "footnote:1",
            "endnote:1",
            "header:default",
            "header:first",
            "header:even",
            "footer:default",
            "footer:first",
            "comment:0"
        ]
    );
    assert_eq!(stories.parts[8].attribute("author"), Some("Reviewer One"));
    let body = doc("body.docx");
    assert_eq!(body.parts.last().unwrap().kind.to_string(), "text_box");
}

#[test]
fn pptx_master_placeholders_once() {
    use doc_model::PartKind;
    let d = doc("masters.pptx");
    let parts: Vec<(PartKind, &str, &str)> = d
        .parts
        .iter()
        .map(|p| (p.kind, p.name.as_deref().unwrap_or(""), p.text.trim_end()))
        .collect();
    // The slide master's footer is on the slide already; its date is a
    // field and its title a prompt; the header both masters carry comes once.
    assert_eq!(
        parts,
        [
            (PartKind::Slide, "1", "Quarterly review\nAcme confidential"),
            (PartKind::Master, "slideMaster1.xml", "Draft for review"),
            (PartKind::Header, "notesMaster1.xml", "Board meeting"),
            (PartKind::Footer, "notesMaster1.xml", "Notes footer"),
            (PartKind::Footer, "handoutMaster1.xml", "Handout footer"),
        ]
    );
}

#[test]
fn core_and_app_properties() {
    assert_eq!(
        properties(&doc("stories.docx")),
        String::from_utf8(testkit::read_fixture("ooxml/stories.docx.metadata.txt")).unwrap()
    );
}

#[test]
fn pictures_and_chunks_are_embedded_files() {
    let d = doc("strict.docx");
    let mut got = String::new();
    for e in &d.embedded {
        writeln!(
            got,
            "{}\t{}\t{}\t{}\t{}",
            e.path,
            e.kind,
            e.media_type.as_deref().unwrap_or("-"),
            e.data.len(),
            sha256_hex(&e.data)
        )
        .unwrap();
    }
    assert_eq!(
        got,
        String::from_utf8(testkit::read_fixture("ooxml/strict.docx.embedded.txt")).unwrap()
    );
    let mut options = ooxml_text::Options::default();
    options.images = false;
    options.embedded = false;
    let bare =
        ooxml_text::parse_with(&testkit::read_fixture("ooxml/strict.docx"), &options).unwrap();
    assert!(bare.embedded.is_empty());
}

#[test]
fn hostile_packages() {
    let d = doc("hostile-names.docx");
    let messages: Vec<String> = d.warnings.iter().map(ToString::to_string).collect();
    assert!(
        d.warnings
            .iter()
            .any(|w| w.kind == WarningKind::Package && w.message.contains("duplicate")),
        "{messages:?}"
    );
    assert!(
        d.warnings
            .iter()
            .any(|w| w.message.contains("relative path")),
        "{messages:?}"
    );
    assert!(
        d.warnings
            .iter()
            .any(|w| w.kind == WarningKind::Reference && w.message.contains("header9.xml")),
        "{messages:?}"
    );
    match ooxml_text::parse(&testkit::read_fixture("ooxml/hostile-no-main.docx")) {
        Err(Error::Corrupt(m)) => assert!(m.contains("main"), "{m}"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        ooxml_text::parse(b"PK\x03\x04 not a zip"),
        Err(Error::NotOffice(_))
    ));
}

#[test]
fn a_zip_cut_short_gives_the_parts_before_the_cut() {
    let bytes = testkit::read_fixture("ooxml/body.docx");
    // The central directory and the last parts are gone.
    let cut = &bytes[..bytes.len() * 3 / 4];
    let d = ooxml_text::parse(cut).unwrap();
    assert!(d.text().starts_with("Runs:\tafter tab\n"), "{}", d.text());
    assert!(
        d.warnings
            .iter()
            .any(|w| w.message.contains("recovered from their local headers")),
        "{:?}",
        d.warnings
    );
}

#[test]
fn limits_bound_what_a_package_costs() {
    // A part that inflates a thousandfold: cut at the ratio limit.
    let body = "<w:p><w:r><w:t>x</w:t></w:r></w:p>".repeat(200_000);
    let document = format!(
        "<w:document xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"><w:body>{body}</w:body></w:document>"
    );
    let bomb = testkit::archive::zip(&[("word/document.xml", document.as_bytes())]);
    let mut options = ooxml_text::Options::default();
    options.limits.max_ratio = 20;
    options.limits.ratio_floor = 64 << 10;
    let d = ooxml_text::parse_with(&bomb, &options).unwrap();
    assert!(d.text().len() < 64 << 10, "{}", d.text().len());
    assert!(
        d.warnings
            .iter()
            .any(|w| w.kind == WarningKind::Limit && w.message.contains("times")),
        "{:?}",
        d.warnings
    );
    // The node budget of the XML reader.
    let mut options = ooxml_text::Options::default();
    options.limits.max_xml_nodes = 1000;
    let d = ooxml_text::parse_with(&bomb, &options).unwrap();
    assert!(d.text().lines().count() < 1000);
    assert!(
        d.warnings.iter().any(|w| w.kind == WarningKind::Xml),
        "{:?}",
        d.warnings
    );
    // The output limit.
    let mut options = ooxml_text::Options::default();
    options.limits.max_output_bytes = 1000;
    let d = ooxml_text::parse_with(&bomb, &options).unwrap();
    assert!(d.text().len() <= 1001, "{}", d.text().len());
    assert!(
        d.warnings.iter().any(|w| w.kind == WarningKind::Limit),
        "{:?}",
        d.warnings
    );
    // Too many entries.
    let names: Vec<String> = (0..50).map(|i| format!("f{i}.xml")).collect();
    let list: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &b"<x/>"[..])).collect();
    let mut options = ooxml_text::Options::default();
    options.limits.max_entries = 10;
    assert!(matches!(
        ooxml_text::parse_with(&testkit::archive::zip(&list), &options),
        Err(Error::LimitExceeded {
            what: "zip entries",
            ..
        })
    ));
}

#[test]
fn entity_expansion_is_never_done() {
    // Billion laughs: the DTD is not read, the entity stays unexpanded text.
    let document = "<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">]><w:document xmlns:w=\"w\"><w:body><w:p><w:r><w:t>&c;</w:t></w:r></w:p></w:body></w:document>";
    let zip = testkit::archive::zip(&[("word/document.xml", document.as_bytes())]);
    let d = ooxml_text::parse(&zip).unwrap();
    assert!(d.text().len() < 16, "{:?}", d.text());
}
