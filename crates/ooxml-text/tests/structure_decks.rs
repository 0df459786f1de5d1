//! Structure out of decks and workbooks: `--to markdown` of the structure
//! fixtures equals its committed golden, and the structure scorer's marks
//! on the fixtures and on the corpus decks with truth hold.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use doc_render::{Target, render};

/// The Markdown the facade's `--to markdown` writes for a document of
/// these parts (no body outside them, no embedded documents).
fn markdown(bytes: &[u8]) -> String {
    let doc = ooxml_text::parse(bytes).expect("the fixture reads");
    render(&[], &doc.parts, Target::Markdown)
}

#[test]
fn markdown_of_the_structure_fixtures_is_golden() {
    for name in ["deck.pptx", "sheet.xlsx"] {
        let got = markdown(&testkit::read_fixture(&format!("structure/{name}")));
        let golden = std::fs::read_to_string(testkit::fixture(&format!("structure/{name}.md")))
            .expect("the golden Markdown");
        assert_eq!(got, golden, "{name}");
    }
}

#[test]
fn plain_text_is_the_blocks_rendered() {
    for name in ["deck.pptx", "sheet.xlsx"] {
        let doc = ooxml_text::parse(&testkit::read_fixture(&format!("structure/{name}"))).unwrap();
        for p in &doc.parts {
            if !p.blocks.is_empty() {
                assert_eq!(
                    p.text,
                    doc_model::plain_text(&p.blocks),
                    "{name} {:?}",
                    p.name
                );
            }
        }
    }
}

/// The scores of the fixtures' Markdown (exact for the deck; the sheet's
/// text loses to its name, shown as the heading (its caption, the same
/// name, is not written again), and to the page footer LibreOffice adds,
/// which the truth leaves out).
#[test]
fn structure_scores_of_the_fixtures() {
    let docs: Vec<(String, String)> = ["deck.pptx", "sheet.xlsx"]
        .iter()
        .map(|n| {
            let md = markdown(&testkit::read_fixture(&format!("structure/{n}")));
            (n.to_string(), md)
        })
        .collect();
    let Some(scores) = testkit::structure::score(
        "structure_scores_of_the_fixtures",
        &docs,
        &testkit::fixture("structure/truth"),
    ) else {
        return;
    };
    let pptx = &scores["pptx"];
    assert_eq!(pptx["structure"], 1.0, "{pptx:?}");
    assert_eq!(pptx["text"], 1.0, "{pptx:?}");
    let xlsx = &scores["xlsx"];
    assert_eq!(xlsx["structure"], 1.0, "{xlsx:?}");
    assert!(xlsx["text"] >= 0.96, "{xlsx:?}");
}

/// The corpus decks with truth (pandoc's test files): every heading, list
/// item and table right but for `pptx_metadata-speaker-notes`, whose truth
/// leaves out the title slide and the notes that the deck holds.
#[test]
fn structure_scores_of_the_corpus_decks() {
    let Some(corpus) = testkit::corpus::require_dir("structure_scores_of_the_corpus_decks") else {
        return;
    };
    let truth = corpus.join("structure/pptx");
    let mut docs = Vec::new();
    for entry in std::fs::read_dir(&truth).expect("the pptx truth") {
        let path = entry.expect("an entry").path();
        let Some(stem) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".truth.json"))
        else {
            continue;
        };
        let name = format!("{stem}.pptx");
        let bytes = std::fs::read(corpus.join("ooxml/pandoc").join(&name)).expect("the deck");
        docs.push((name, markdown(&bytes)));
    }
    assert_eq!(docs.len(), 6);
    let Some(scores) =
        testkit::structure::score("structure_scores_of_the_corpus_decks", &docs, &truth)
    else {
        return;
    };
    let pptx = &scores["pptx"];
    assert!(pptx["structure"] >= 0.944, "{pptx:?}");
    assert_eq!(pptx["list"], 1.0, "{pptx:?}");
    assert_eq!(pptx["table"], 1.0, "{pptx:?}");
    assert!(pptx["text"] >= 0.92, "{pptx:?}");
}
