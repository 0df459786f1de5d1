//! Structure out of workbooks: `--to markdown` of the structure fixture
//! equals its committed golden, merged ranges come out as spans, and the
//! structure scorer's marks hold.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use doc_model::Block;
use doc_render::{Target, render};

fn markdown(bytes: &[u8]) -> String {
    let book = xls_text::parse(bytes).expect("the fixture reads");
    render(&[], &book.parts, Target::Markdown)
}

#[test]
fn markdown_of_the_structure_fixture_is_golden() {
    let got = markdown(&testkit::read_fixture("structure/sheet.xls"));
    let golden = std::fs::read_to_string(testkit::fixture("structure/sheet.xls.md"))
        .expect("the golden Markdown");
    assert_eq!(got, golden);
}

#[test]
fn merged_cells_are_spans_and_the_text_is_the_blocks_rendered() {
    let book = xls_text::parse(&testkit::read_fixture("structure/sheet.xls")).unwrap();
    let sheet = &book.parts[0];
    assert_eq!(sheet.text, doc_model::plain_text(&sheet.blocks));
    let Some(Block::Table(t)) = sheet.blocks.first() else {
        panic!("{:?}", sheet.blocks)
    };
    // "Total" spans two columns (MERGEDCELLS A5:B5), the place it covers
    // stays in the row as a covered cell.
    let total = &t.rows[4].cells;
    assert_eq!(total[0].col_span, 2);
    assert!(total[1].covered);
}

#[test]
fn structure_scores_of_the_fixture() {
    let docs = vec![(
        "sheet.xls".to_string(),
        markdown(&testkit::read_fixture("structure/sheet.xls")),
    )];
    let Some(scores) = testkit::structure::score(
        "structure_scores_of_the_fixture",
        &docs,
        &testkit::fixture("structure/truth"),
    ) else {
        return;
    };
    let xls = &scores["xls"];
    assert_eq!(xls["structure"], 1.0, "{xls:?}");
    // The sheet's name (the heading; its caption, the same name, is not
    // written again) and LibreOffice's page footer are not in the truth.
    assert!(xls["text"] >= 0.96, "{xls:?}");
}
