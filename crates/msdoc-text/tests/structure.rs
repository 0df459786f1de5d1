//! Structure out of `.doc` files: `--to markdown` of the structure
//! fixtures (LibreOffice-made from `fixtures/structure/*.html`) equals the
//! committed goldens, the blocks' plain text is the flat text, Word-made
//! corpus files give their lists, headings and tables, and the structure
//! scorer's marks hold.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use doc_model::{Block, plain_text};
use doc_render::{Target, render};
use msdoc_text::{Options, WordDocument};
use ole_cfb_read::CompoundFile;

const FIXTURES: [&str; 4] = ["report", "merged", "cjk", "lists-tables"];

fn word(bytes: &[u8]) -> WordDocument {
    let cf = CompoundFile::open(bytes).expect("a compound file");
    WordDocument::from_compound_file(&cf, &Options::default()).expect("a Word document")
}

fn markdown(bytes: &[u8]) -> String {
    render(&[], word(bytes).parts(), Target::Markdown)
}

#[test]
fn markdown_of_the_structure_fixtures_is_golden() {
    for name in FIXTURES {
        let got = markdown(&testkit::read_fixture(&format!("structure/{name}.doc")));
        let path = testkit::fixture(&format!("structure/{name}.doc.md"));
        let golden = std::fs::read_to_string(&path).expect("the golden Markdown");
        assert_eq!(got, golden, "{name}.doc");
    }
}

#[test]
fn the_blocks_plain_text_is_the_flat_text() {
    for name in ["report", "merged", "cjk"] {
        let doc = word(&testkit::read_fixture(&format!("structure/{name}.doc")));
        let body = &doc.parts()[0];
        assert!(!body.blocks.is_empty(), "{name}");
        assert_eq!(plain_text(&body.blocks), body.text, "{name}");
    }
    // The nested table's row ends with an empty cell, which the flat text
    // keeps as a tab and a row's plain text drops; the rest is the same.
    let doc = word(&testkit::read_fixture("structure/lists-tables.doc"));
    let body = &doc.parts()[0];
    let plain = plain_text(&body.blocks);
    assert_eq!(
        body.text.replace("inner b\n\n\t\n", "inner b\n"),
        plain,
        "{plain}"
    );
}

#[test]
fn merged_cells_are_spans() {
    let doc = word(&testkit::read_fixture("structure/merged.doc"));
    let table = doc.parts()[0]
        .blocks
        .iter()
        .find_map(|b| match b {
            Block::Table(t) => Some(t),
            _ => None,
        })
        .expect("a table");
    let spans: Vec<Vec<(u32, u32, bool)>> = table
        .rows
        .iter()
        .map(|r| {
            r.cells
                .iter()
                .map(|c| (c.col_span, c.row_span, c.covered))
                .collect()
        })
        .collect();
    assert_eq!(
        spans,
        [
            vec![(1, 1, false), (2, 1, false), (1, 1, false)],
            vec![(1, 2, false), (1, 1, false), (1, 1, false), (1, 1, false)],
            vec![(1, 1, true), (1, 1, false), (1, 1, false), (1, 1, false)],
            vec![(1, 1, false), (3, 1, false)],
        ]
    );
}

#[test]
fn without_structure_the_body_has_its_text_alone() {
    let bytes = testkit::read_fixture("structure/report.doc");
    let cf = CompoundFile::open(&bytes).unwrap();
    let mut options = Options::default();
    options.structure = false;
    let plain = WordDocument::from_compound_file(&cf, &options).unwrap();
    let full = word(&bytes);
    assert!(plain.parts()[0].blocks.is_empty());
    assert_eq!(plain.parts()[0].text, full.parts()[0].text);
    assert_eq!(plain.text(), full.text());
}

/// Word-made files of the corpus (POI's tests): their lists, headings and
/// tables, checked by eye against Word's rendering and LibreOffice's.
#[test]
fn word_made_corpus_files() {
    let Some(dir) = testkit::corpus::require_dir("word_made_corpus_files") else {
        return;
    };
    let read = |name: &str| std::fs::read(dir.join("doc/poi").join(name)).unwrap();
    let md = markdown(&read("Lists.doc"));
    assert!(md.starts_with("# Heading Level 1\n"), "{md}");
    assert!(
        md.contains("\n1. Ordered list 1\n2. OL 2\n3. OL 3\n"),
        "{md}"
    );
    assert!(
        md.contains("\n  - ML 2:3\n    - ML 3:1\n      - ML 4:1\n        - ML 5:1\n"),
        "{md}"
    );
    assert!(
        md.contains("\n      2. OL 2.2.2\n         1. OL 2.2.2.1\n      3. OL 2.2.3\n"),
        "{md}"
    );
    let md = markdown(&read("simple-table2.doc"));
    assert!(
        md.starts_with(
            "| Row 1/Cell 1 | Row 1/Cell 2 | Row 1/Cell 3 |\n| --- | --- | --- |\n| Row 2/Cell 1 |"
        ),
        "{md}"
    );
}

#[test]
fn structure_scores_of_the_fixtures() {
    let docs: Vec<(String, String)> = FIXTURES
        .iter()
        .map(|name| {
            let file = format!("{name}.doc");
            let md = markdown(&testkit::read_fixture(&format!("structure/{file}")));
            (file, md)
        })
        .collect();
    let Some(scores) = testkit::structure::score(
        "structure_scores_of_the_fixtures",
        &docs,
        &testkit::fixture("structure/truth"),
    ) else {
        return;
    };
    let doc = &scores["doc"];
    assert_eq!(doc["structure"], 1.0, "{doc:?}");
    assert_eq!(doc["text"], 1.0, "{doc:?}");
}
