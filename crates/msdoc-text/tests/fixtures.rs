//! The generated `fixtures/doc` files (`cargo xtask fixtures doc`): the
//! text of each must equal its golden exactly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use msdoc_text::{Story, Version, WordDocument};

fn fixture(name: &str) -> (WordDocument, String) {
    let dir = testkit::workspace_root().join("fixtures/doc");
    let bytes = std::fs::read(dir.join(name)).unwrap();
    let golden = std::fs::read_to_string(dir.join(format!("{name}.golden.txt"))).unwrap();
    let streams = common::load_streams(&bytes).unwrap();
    let doc = WordDocument::parse(&streams.borrow()).unwrap();
    (doc, golden)
}

fn check(name: &str) -> WordDocument {
    let (doc, golden) = fixture(name);
    assert_eq!(doc.text(), golden, "{name}");
    assert!(doc.warnings().is_empty(), "{name}: {:?}", doc.warnings());
    doc
}

#[test]
fn every_fixture_has_a_golden_and_is_tested() {
    let dir = testkit::workspace_root().join("fixtures/doc");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".doc"))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "compressed.doc",
            "eq-fields.doc",
            "lying-fcomplex.doc",
            "mixed-pieces.doc",
            "nested-fields.doc",
            "revisions-and-stories.doc",
            "stories.doc",
            "surrogates.doc",
            "table.doc",
            "word95-shiftjis.doc"
        ]
    );
}

#[test]
fn compressed_pieces_use_the_spec_cp1252_mapping() {
    let doc = check("compressed.doc");
    assert!(doc.piece_table_ref().pieces().iter().all(|p| p.is_8bit));
}

#[test]
fn mixed_pieces_in_reverse_file_order() {
    let doc = check("mixed-pieces.doc");
    let kinds: Vec<bool> = doc
        .piece_table_ref()
        .pieces()
        .iter()
        .map(|p| p.is_8bit)
        .collect();
    assert_eq!(kinds, [true, false, true, false]);
}

#[test]
fn lying_fcomplex_piece_table_still_used() {
    let doc = check("lying-fcomplex.doc");
    assert!(!doc.fib().is_complex());
    assert_eq!(doc.piece_table_ref().pieces().len(), 3);
}

#[test]
fn nested_fields_three_deep() {
    check("nested-fields.doc");
}

#[test]
fn eq_fields_show_their_text_without_a_result() {
    // Ruby gives its base text only (as docx's w:ruby does), not the reading.
    let doc = check("eq-fields.doc");
    assert!(!doc.text().contains('\u{3068}'), "the reading is not text");
}

#[test]
fn table_rows_from_papx_fttp() {
    check("table.doc");
}

#[test]
fn surrogate_pairs_intact_across_pieces() {
    check("surrogates.doc");
}

#[test]
fn word95_shift_jis_from_the_language_id() {
    let doc = check("word95-shiftjis.doc");
    assert_eq!(doc.fib().version(), Version::Word6);
    assert_eq!(doc.encoding().map(|e| e.name()), Some("Shift_JIS"));
}

#[test]
fn revisions_hidden_caps_and_stories() {
    let doc = check("revisions-and-stories.doc");
    assert_eq!(doc.story(Story::Main), "Kept text CAPS HERE.\n");
    assert_eq!(doc.story(Story::Footnote), " The footnote.\n");
    assert_eq!(doc.story(Story::Header), "\n\n\n\n\n\nRunning header\n\n");
}

/// `stories.doc` (LibreOffice's export of `stories.fodt`): each story its own
/// part, the pictures byte for byte, read through `ole-cfb-read`.
#[test]
fn stories_doc_parts_and_pictures() {
    check("stories.doc");
    let dir = testkit::workspace_root().join("fixtures/doc");
    let bytes = std::fs::read(dir.join("stories.doc")).unwrap();
    let cf = ole_cfb_read::CompoundFile::open(&bytes).unwrap();
    let doc = WordDocument::from_compound_file(&cf, &msdoc_text::Options::default()).unwrap();
    assert!(doc.warnings().is_empty(), "{:?}", doc.warnings());
    let mut got = String::new();
    for p in doc.parts() {
        let attrs: Vec<String> = p
            .attributes
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        got.push_str(&format!(
            "{}\t{}\t{}\t{}\n",
            p.kind,
            p.name.as_deref().unwrap_or("-"),
            if attrs.is_empty() {
                "-".to_owned()
            } else {
                attrs.join(" ")
            },
            p.text.replace('\n', "\\n")
        ));
    }
    let want = std::fs::read_to_string(dir.join("stories.doc.parts.txt")).unwrap();
    assert_eq!(got, want);
    let mut got = String::new();
    for e in doc.embedded() {
        got.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\n",
            e.path,
            e.kind,
            e.media_type.as_deref().unwrap_or("-"),
            e.data.len(),
            common::sha256(&e.data)
        ));
    }
    let want = std::fs::read_to_string(dir.join("stories.doc.embedded.txt")).unwrap();
    assert_eq!(got, want);
    assert_eq!(doc.metadata().title.as_deref(), Some("Stories"));
    // The parts hold the text a reader reads.
    let squeeze = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(
        squeeze(&doc_model::join_parts(doc.parts())),
        squeeze(&doc.text())
    );
}
