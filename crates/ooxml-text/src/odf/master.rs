//! A presentation's master pages (ODF 1.3 Part 3 §16.10 `style:master-page`
//! holding drawing shapes) and its header, footer and date-time
//! declarations (§10.2.1–10.2.3 `presentation:header-decl`,
//! `footer-decl`, `date-time-decl`, used by a `draw:page` through
//! `presentation:use-header-name` and the like): the text a viewer shows on
//! every slide, as `Header`, `Footer` and `Master` parts, each text once.
//!
//! A master shape's text is read through the walker's [`doc_model::Builder`]
//! like a slide's (headings, lists, tables), then trimmed of the blank
//! lines and spaces around it.

use doc_model::{Block, Inline, Part, PartKind, paragraphs_of, plain_text};
use xml_tree::Element;

use super::body::Walker;

/// The header, footer and fixed date-time texts the pages use, then the
/// master pages' own text: shapes that are not placeholders (a logo's
/// words, a fixed footer typed on the master). Page numbers, current
/// dates and the placeholders' prompts are not text; each text comes once.
pub(super) fn presentation_parts(
    presentation: &Element,
    masters: Option<&Element>,
    walker: &mut Walker<'_>,
) -> Vec<Part> {
    let mut parts: Vec<Part> = Vec::new();
    let push = |parts: &mut Vec<Part>, kind: PartKind, name: &str, blocks: Vec<Block>| {
        let part = Part::from_blocks(kind, trimmed(blocks)).with_name(name);
        if !part.text.is_empty() && !parts.iter().any(|p| p.kind == kind && p.text == part.text) {
            parts.push(part);
        }
    };
    let pages: Vec<&Element> = presentation
        .elements()
        .filter(|p| p.name == "page")
        .collect();
    for decl in presentation.elements() {
        let (kind, used_by, name) = match decl.name.as_str() {
            "header-decl" => (PartKind::Header, "use-header-name", "header"),
            "footer-decl" => (PartKind::Footer, "use-footer-name", "footer"),
            // A date-time declaration shows its text only when fixed; a
            // current date changes with each viewing.
            "date-time-decl" if decl.attr("source") == Some("fixed") => {
                (PartKind::Footer, "use-date-time-name", "date-time")
            }
            _ => continue,
        };
        let Some(id) = decl.attr("name") else {
            continue;
        };
        if pages.iter().any(|p| p.attr(used_by) == Some(id)) {
            push(&mut parts, kind, name, vec![Block::paragraph(decl.text())]);
        }
    }
    let Some(masters) = masters else {
        return parts;
    };
    walker.sheet_header = true;
    for mp in masters.elements().filter(|m| m.name == "master-page") {
        let name = mp.attr("name").unwrap_or("master");
        for shape in mp.elements() {
            if walker.stopped() {
                break;
            }
            // The master's notes page and its thumbnail are not slide text.
            if matches!(shape.name.as_str(), "notes" | "page-thumbnail") {
                continue;
            }
            // Title, outline and other classed frames are the layout's
            // placeholders (their text is a prompt); a shape with no class
            // is the master's own.
            let kind = match shape.attr("class") {
                Some("header") => PartKind::Header,
                Some("footer" | "date-time") => PartKind::Footer,
                None => PartKind::Master,
                Some(_) => continue,
            };
            let blocks = walker.story(|w| w.shape(shape, true));
            push(&mut parts, kind, name, blocks);
        }
    }
    walker.sheet_header = false;
    parts
}

/// `blocks` without the white space around their text: blank blocks at
/// either end dropped, the first block's leading and the last block's
/// trailing spaces cut, so that their plain text is the trimmed text and
/// one line end (nothing if blank). Where the trim would cut into a table
/// or a list label, the trimmed text's lines as paragraphs.
fn trimmed(mut blocks: Vec<Block>) -> Vec<Block> {
    let text = plain_text(&blocks);
    let want = text.trim();
    if want.is_empty() {
        return Vec::new();
    }
    let blank = |b: &Block| plain_text(std::slice::from_ref(b)).trim().is_empty();
    let end = blocks.iter().rposition(|b| !blank(b)).map_or(0, |i| i + 1);
    blocks.truncate(end);
    let start = blocks.iter().position(|b| !blank(b)).unwrap_or(0);
    blocks.drain(..start);
    if let Some(first) = blocks.first_mut() {
        trim_block(first, true);
    }
    if let Some(last) = blocks.last_mut() {
        trim_block(last, false);
    }
    if plain_text(&blocks).strip_suffix('\n') == Some(want) {
        blocks
    } else {
        paragraphs_of(&format!("{want}\n"))
    }
}

/// Cuts the spaces at the start (`front`) or end of a heading's or
/// paragraph's text, its links moved with it.
fn trim_block(b: &mut Block, front: bool) {
    let (Block::Heading { content, .. } | Block::Paragraph { content }) = b else {
        return;
    };
    let text = if front {
        content.text.trim_start()
    } else {
        content.text.trim_end()
    };
    let cut = if front {
        content.text.len() - text.len()
    } else {
        0
    };
    let mut trimmed = Inline::new(text);
    for l in &content.links {
        let s = l.start.saturating_sub(cut).min(text.len());
        let e = l.end.saturating_sub(cut).min(text.len());
        trimmed = trimmed.with_link(s, e, l.target.clone());
    }
    *content = trimmed;
}

#[cfg(test)]
mod tests {
    use doc_model::{Cell, Row, Table};

    use super::*;

    #[test]
    fn blocks_are_trimmed_as_the_text_was() {
        let blank = || Block::paragraph(" ");
        // Blank blocks around, spaces at the ends: cut, a link moved along.
        let linked = Block::Paragraph {
            content: Inline::new("  see site ").with_link(6, 10, "https://example.org/"),
        };
        let got = trimmed(vec![blank(), linked, Block::heading(2, "Plan  "), blank()]);
        // (Only the text's ends: a space inside it, at a line's end, stays.)
        assert_eq!(plain_text(&got), "see site \nPlan\n");
        let Some(Block::Paragraph { content }) = got.first() else {
            panic!("{got:?}")
        };
        assert_eq!(
            content.segments()[1],
            ("site", Some("https://example.org/"))
        );
        assert!(matches!(got.get(1), Some(Block::Heading { level: 2, .. })));
        // A trim that would cut into a table: the text's lines as paragraphs.
        let table = Block::Table(Table::new(vec![Row::new(vec![Cell::text("  x")])], 0));
        let got = trimmed(vec![table]);
        assert_eq!(got, vec![Block::paragraph("x")]);
        // Nothing but white space: nothing.
        assert!(trimmed(vec![blank(), Block::paragraph("\t")]).is_empty());
    }
}
