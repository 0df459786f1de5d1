//! Structure out of decks: `--to markdown` of the LibreOffice-made .ppt
//! structure fixtures equals their committed goldens, the plain text is
//! the blocks' text (tables aside: their cells stay one per line; a notes
//! page's number is text only), and the
//! structure scorer's marks hold.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use doc_model::{Block, PartKind};
use doc_render::{Target, render};

const DECKS: [&str; 2] = ["slides", "deck"];

fn markdown(bytes: &[u8]) -> String {
    let deck = ppt_text::parse(bytes).expect("the fixture reads");
    render(&[], &deck.parts, Target::Markdown)
}

#[test]
fn markdown_of_the_structure_fixtures_is_golden() {
    for name in DECKS {
        let got = markdown(&testkit::read_fixture(&format!("structure/{name}.ppt")));
        let golden = std::fs::read_to_string(testkit::fixture(&format!("structure/{name}.ppt.md")))
            .expect("the golden Markdown");
        assert_eq!(got, golden, "{name}");
    }
}

#[test]
fn the_text_is_the_blocks_text_outside_tables() {
    for name in DECKS {
        let deck =
            ppt_text::parse(&testkit::read_fixture(&format!("structure/{name}.ppt"))).unwrap();
        for part in &deck.parts {
            if part.blocks.iter().any(|b| matches!(b, Block::Table(_))) {
                continue;
            }
            let plain = doc_model::plain_text(&part.blocks);
            let plain = plain.trim_end_matches('\n');
            if part.kind == PartKind::Notes {
                // The notes page's number is in the text, not the blocks.
                let number = part.name.as_deref().unwrap();
                assert_eq!(format!("{plain}\n{number}"), part.text, "{name} {part:?}");
            } else {
                assert_eq!(plain, part.text, "{name} {part:?}");
            }
        }
    }
}

#[test]
fn titles_lists_and_merged_cells() {
    let deck = ppt_text::parse(&testkit::read_fixture("structure/slides.ppt")).unwrap();
    let slides: Vec<_> = deck
        .parts
        .iter()
        .filter(|p| p.kind == PartKind::Slide)
        .collect();
    assert!(
        matches!(&slides[0].blocks[0], Block::Heading { level: 1, content } if content.text == "Annual Plan 2027")
    );
    // Three bullet levels from the indent levels of the paragraph runs.
    let levels: Vec<(u8, bool)> = slides[1]
        .blocks
        .iter()
        .filter_map(|b| match b {
            Block::ListItem { level, ordered, .. } => Some((*level, *ordered)),
            _ => None,
        })
        .collect();
    assert_eq!(
        levels,
        [
            (1, false),
            (2, false),
            (3, false),
            (3, false),
            (1, false),
            (2, false)
        ]
    );
    // Numbered items (PP9 auto-numbers) under a paragraph without a bullet.
    assert!(matches!(&slides[2].blocks[1], Block::Paragraph { .. }));
    assert!(matches!(
        &slides[2].blocks[2],
        Block::ListItem {
            level: 1,
            ordered: true,
            ..
        }
    ));
    // The table: "South" over two rows, "Total" over two columns; the text
    // keeps the cells one per line as before.
    let Some(Block::Table(t)) = slides[4].blocks.get(1) else {
        panic!("{:?}", slides[4].blocks)
    };
    assert_eq!(t.rows.len(), 5);
    assert_eq!(t.rows[2].cells[0].row_span, 2);
    assert!(t.rows[3].cells[0].covered);
    assert_eq!(t.rows[4].cells[0].col_span, 2);
    assert!(t.rows[4].cells[1].covered);
    assert!(
        slides[4].text.starts_with("Budget\nRegion\nQ1\nQ2\nNorth"),
        "{:?}",
        slides[4].text
    );
}

#[test]
fn structure_scores_of_the_fixtures() {
    let docs: Vec<(String, String)> = DECKS
        .iter()
        .map(|name| {
            (
                format!("{name}.ppt"),
                markdown(&testkit::read_fixture(&format!("structure/{name}.ppt"))),
            )
        })
        .collect();
    let Some(scores) = testkit::structure::score(
        "structure_scores_of_the_fixtures",
        &docs,
        &testkit::fixture("structure/truth"),
    ) else {
        return;
    };
    let ppt = &scores["ppt"];
    assert!(ppt["structure"] >= 0.97, "{ppt:?}");
    assert!(ppt["text"] >= 0.98, "{ppt:?}");
}
