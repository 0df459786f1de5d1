//! `doc-render`: the renderings of a document's structure — plain text,
//! Markdown (CommonMark with GFM pipe tables, HTML tables where cells merge)
//! and XHTML as Apache Tika's parsers write it — over `doc-model` alone, so
//! that anyone holding blocks or parts (from the `textract` facade or from a
//! single layer such as `ooxml-text`) renders them the same way. Producers
//! never format; this crate never parses.
//!
//! ```
//! use doc_model::{Block, Part, PartKind};
//! use doc_render::{render, Target};
//!
//! let body = Part::from_blocks(PartKind::Body, vec![
//!     Block::heading(1, "Minutes"),
//!     Block::list_item(1, false, None, "Budget approved"),
//! ]);
//! let note = Part::new(PartKind::Footnote, "Unanimous.");
//! let parts = [body, note];
//! assert_eq!(render(&[], &parts, Target::Text), "Minutes\nBudget approved\n\nUnanimous.\n");
//! assert_eq!(render(&[], &parts, Target::Markdown), "# Minutes\n\n- Budget approved\n\n[^1]: Unanimous.\n");
//! assert!(render(&[], &parts, Target::Html).starts_with("<h1>Minutes</h1>\n<ul>"));
//! ```
#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;

use doc_model::{Block, Part, PartKind};

mod escape;
mod markdown;
mod xhtml;

pub use doc_model::{plain_text, write_plain};
pub use escape::escape_xml;
pub use markdown::markdown;
pub use xhtml::{write_xhtml, xhtml};

/// The most grid places a table is laid out over (rows × columns); a
/// larger table is cut to it.
pub const MAX_GRID_CELLS: usize = 1 << 20;

/// What to render.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Target {
    /// Plain text: the parts' text as the layers hand it over.
    #[default]
    Text,
    /// Markdown (CommonMark + GFM tables).
    Markdown,
    /// An XHTML body fragment as Tika writes it.
    Html,
}

impl Target {
    /// Every target, for help texts.
    pub const ALL: [Target; 3] = [Target::Text, Target::Markdown, Target::Html];

    /// Its name (`text`, `markdown`, `html`).
    pub fn name(self) -> &'static str {
        match self {
            Target::Text => "text",
            Target::Markdown => "markdown",
            Target::Html => "html",
        }
    }

    /// The file extension a rendering is saved under (`txt`, `md`, `html`).
    pub fn extension(self) -> &'static str {
        match self {
            Target::Text => "txt",
            Target::Markdown => "md",
            Target::Html => "html",
        }
    }

    /// The MIME type of a rendering.
    pub fn mime_type(self) -> &'static str {
        match self {
            Target::Text => "text/plain",
            Target::Markdown => "text/markdown",
            Target::Html => "application/xhtml+xml",
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`Target`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownTarget(pub String);

impl fmt::Display for UnknownTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown output `{}` (text, markdown, html)", self.0)
    }
}

impl std::error::Error for UnknownTarget {}

impl FromStr for Target {
    type Err = UnknownTarget;
    fn from_str(s: &str) -> Result<Target, UnknownTarget> {
        match s.to_ascii_lowercase().as_str() {
            "text" | "plain" | "txt" => Ok(Target::Text),
            "markdown" | "md" => Ok(Target::Markdown),
            "html" | "xhtml" => Ok(Target::Html),
            _ => Err(UnknownTarget(s.to_owned())),
        }
    }
}

/// Where a part goes in a rendering: the reading flow first (body, slides
/// with their notes, sheets, in the document's order), then the rest in
/// this order.
fn rank(kind: PartKind) -> u8 {
    match kind {
        PartKind::Body | PartKind::Slide | PartKind::Sheet | PartKind::Notes => 0,
        PartKind::TextBox => 1,
        PartKind::Footnote => 2,
        PartKind::Endnote => 3,
        PartKind::Comment => 4,
        PartKind::Header => 5,
        PartKind::Footer => 6,
        PartKind::Master => 7,
        PartKind::Annotation => 8,
        PartKind::FormField => 9,
        _ => 10,
    }
}

/// The parts in rendering order: flow parts in order (each slide's notes
/// right after it), then the others by [`rank`]; headers and footers of the
/// same text once.
fn ordered(parts: &[Part]) -> Vec<&Part> {
    let mut flow: Vec<&Part> = Vec::new();
    let mut notes: Vec<&Part> = parts.iter().filter(|p| p.kind == PartKind::Notes).collect();
    for p in parts
        .iter()
        .filter(|p| rank(p.kind) == 0 && p.kind != PartKind::Notes)
    {
        flow.push(p);
        if p.kind == PartKind::Slide {
            notes.retain(|n| {
                let mine = n.name.is_some() && n.name == p.name;
                if mine {
                    flow.push(n);
                }
                !mine
            });
        }
    }
    flow.extend(notes);
    let mut rest: Vec<&Part> = parts.iter().filter(|p| rank(p.kind) > 0).collect();
    rest.sort_by_key(|p| rank(p.kind));
    let mut seen: Vec<(PartKind, &str)> = Vec::new();
    rest.retain(|p| {
        if !matches!(
            p.kind,
            PartKind::Header | PartKind::Footer | PartKind::Master
        ) {
            return true;
        }
        let key = (p.kind, p.text.trim());
        if seen.contains(&key) {
            return false;
        }
        seen.push(key);
        true
    });
    flow.extend(rest);
    flow
}

/// A document rendered: `body` (the blocks of a document whose body is not
/// a part — HTML, text, PDF pages) then its `parts`.
///
/// - Text: the body's plain text, then the parts' text as
///   `doc_model::join_parts` joins them.
/// - Markdown: the body, then each part in reading order — a sheet under a
///   heading of its name, a slide's notes after the slide (quoted), text
///   boxes, footnotes and endnotes as `[^n]:` definitions, comments quoted,
///   headers, footers and master text once, each section marked by an HTML
///   comment.
/// - Html: the same order, each part in a `<div class="…">` as Tika writes
///   them (`slide-content`, `slide-notes`, `page` with an `<h1>` for a sheet,
///   `header`, `footer`, `footnote`, `endnote`, `comment`, …).
pub fn render(body: &[Block], parts: &[Part], target: Target) -> String {
    match target {
        Target::Text => {
            let mut out = plain_text(body);
            let rest = doc_model::join_parts(parts);
            if !rest.is_empty() && !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&rest);
            out
        }
        Target::Markdown => markdown_document(body, parts),
        Target::Html => html_document(body, parts),
    }
}

/// [`render`] of a document whose body states no structure: `text`'s
/// lines as paragraphs and its form feeds as page breaks, as
/// [`doc_model::paragraphs_of`] reads them — in Markdown written straight
/// from the lines, without building their blocks.
pub fn render_text(text: &str, parts: &[Part], target: Target) -> String {
    match target {
        Target::Markdown => markdown_parts(parts, |w| w.text_lines(text)),
        t => render(&doc_model::paragraphs_of(text), parts, t),
    }
}

fn markdown_document(body: &[Block], parts: &[Part]) -> String {
    markdown_parts(parts, |w| w.blocks(body))
}

/// The body `write_body` writes, then the parts.
fn markdown_parts(parts: &[Part], write_body: impl FnOnce(&mut markdown::Writer)) -> String {
    let mut w = markdown::Writer::default();
    write_body(&mut w);
    let mut note = 0u32;
    for p in ordered(parts) {
        if p.kind == PartKind::Body && p.blocks.is_empty() {
            // A body part of a layer that states no structure: its lines
            // (none at all when it is blank, as a part of blank blocks).
            if !p.text.trim().is_empty() {
                w.text_lines(&p.text);
            }
            continue;
        }
        let blocks = p.structure();
        if blocks.iter().all(is_blank) {
            continue;
        }
        match p.kind {
            PartKind::Body => w.blocks(&blocks),
            PartKind::Slide => {
                w.comment(&format!("slide {}", p.name.as_deref().unwrap_or("")));
                w.blocks(&blocks);
            }
            PartKind::Sheet => {
                let name = p.name.as_deref().unwrap_or("Sheet");
                if let Some(h) = p.attribute("hidden") {
                    w.comment(&format!("hidden sheet ({h})"));
                }
                w.blocks(&[Block::heading(1, name)]);
                let (rest, captioned) = sheet_body(name, &blocks);
                w.blocks_first_uncaptioned(rest, !captioned);
            }
            PartKind::Notes => {
                w.blocks(&[Block::Quote {
                    blocks: blocks.into_owned(),
                }]);
            }
            PartKind::Footnote | PartKind::Endnote => {
                note += 1;
                let md = markdown(&blocks);
                let mut text = format!("[^{note}]: ");
                for (i, line) in md.lines().enumerate() {
                    if i > 0 {
                        text.push('\n');
                        if !line.is_empty() {
                            text.push_str("    ");
                        }
                    }
                    text.push_str(line);
                }
                w.raw_block(&text);
            }
            PartKind::Comment => {
                let who = p
                    .attribute("author")
                    .map(|a| format!(" by {a}"))
                    .unwrap_or_default();
                w.comment(&format!("comment{who}"));
                w.blocks(&[Block::Quote {
                    blocks: blocks.into_owned(),
                }]);
            }
            kind => {
                w.comment(kind.name());
                w.blocks(&blocks);
            }
        }
    }
    w.finish()
}

/// What a sheet writes under the heading that names it: its blocks
/// without a first paragraph or heading of that name (the name line the
/// workbook layers write in the plain text), and whether its first block,
/// a table, keeps its caption — not where the caption is the name too
/// (the layers' sheet tables carry it). The heading stands for both.
fn sheet_body<'a>(name: &str, blocks: &'a [Block]) -> (&'a [Block], bool) {
    let rest = match blocks.split_first() {
        Some((Block::Paragraph { content } | Block::Heading { content, .. }, rest))
            if content.text.trim() == name.trim() =>
        {
            rest
        }
        _ => blocks,
    };
    let captioned = match rest.first() {
        Some(Block::Table(t)) => t
            .caption
            .as_ref()
            .is_none_or(|c| c.text.trim() != name.trim()),
        _ => true,
    };
    (rest, captioned)
}

fn is_blank(b: &Block) -> bool {
    match b {
        Block::PageBreak => true,
        b => b.inline().is_some_and(|i| i.text.trim().is_empty()),
    }
}

fn html_document(body: &[Block], parts: &[Part]) -> String {
    let mut out = String::new();
    write_xhtml(body, &mut out);
    for p in ordered(parts) {
        let blocks = p.structure();
        if blocks.iter().all(is_blank) {
            continue;
        }
        let class = match p.kind {
            PartKind::Body => {
                write_xhtml(&blocks, &mut out);
                continue;
            }
            PartKind::Slide => "slide-content",
            PartKind::Notes => "slide-notes",
            PartKind::Sheet => "page",
            PartKind::TextBox => "textbox",
            kind => kind.name(),
        };
        out.push_str("<div class=\"");
        out.push_str(class);
        out.push_str("\">\n");
        if p.kind == PartKind::Sheet {
            let name = p.name.as_deref().unwrap_or("Sheet");
            out.push_str("<h1>");
            escape::escape_xml(name, &mut out);
            out.push_str("</h1>\n");
            let (rest, captioned) = sheet_body(name, &blocks);
            xhtml::write_first_uncaptioned(rest, !captioned, &mut out);
        } else {
            write_xhtml(&blocks, &mut out);
        }
        out.push_str("</div>\n");
    }
    out
}

/// A whole XHTML document as Tika's `ToXMLContentHandler` writes it:
/// `meta` as `<meta name content>` elements, the title, then `body`.
///
/// ```
/// let html = doc_render::xhtml_document(&[("dc:title", "Q&A")], Some("Q&A"), "<p>x</p>");
/// assert!(html.contains("<meta name=\"dc:title\" content=\"Q&amp;A\" />"));
/// assert!(html.ends_with("<title>Q&amp;A</title>\n</head>\n<body><p>x</p></body></html>"));
/// ```
pub fn xhtml_document(meta: &[(&str, &str)], title: Option<&str>, body: &str) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><html xmlns=\"http://www.w3.org/1999/xhtml\">\n<head>\n",
    );
    for (k, v) in meta {
        out.push_str("<meta name=\"");
        escape::escape_xml(k, &mut out);
        out.push_str("\" content=\"");
        escape::escape_xml(v, &mut out);
        out.push_str("\" />\n");
    }
    out.push_str("<title>");
    if let Some(t) = title {
        escape::escape_xml(t, &mut out);
    }
    out.push_str("</title>\n</head>\n<body>");
    out.push_str(body);
    out.push_str("</body></html>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use doc_model::{Cell, Inline, Row, Table};

    #[test]
    fn parts_in_reading_order_with_notes_after_their_slide() {
        let parts = vec![
            Part::named(PartKind::Notes, "1", "say hi"),
            Part::named(PartKind::Slide, "1", "Hello"),
            Part::named(PartKind::Footer, "a", "page"),
            Part::named(PartKind::Slide, "2", "Bye"),
            Part::named(PartKind::Footer, "b", "page"),
        ];
        let md = render(&[], &parts, Target::Markdown);
        assert_eq!(
            md,
            "<!-- slide 1 -->\n\nHello\n\n> say hi\n\n<!-- slide 2 -->\n\nBye\n\n<!-- footer -->\n\npage\n"
        );
        let html = render(&[], &parts, Target::Html);
        assert_eq!(
            html,
            "<div class=\"slide-content\">\n<p>Hello</p>\n</div>\n<div class=\"slide-notes\">\n<p>say hi</p>\n</div>\n<div class=\"slide-content\">\n<p>Bye</p>\n</div>\n<div class=\"footer\">\n<p>page</p>\n</div>\n"
        );
    }

    #[test]
    fn sheets_are_headed_by_their_names() {
        let parts =
            vec![Part::named(PartKind::Sheet, "Q1", "a\tb\n").with_attribute("hidden", "true")];
        let md = render(&[], &parts, Target::Markdown);
        assert_eq!(md, "<!-- hidden sheet (true) -->\n\n# Q1\n\na\tb\n");
        // The name as the text's first line (as the workbook layers write
        // it) is not repeated under the heading.
        let parts = [Part::named(PartKind::Sheet, "Q1", "Q1\na\tb\n")];
        assert_eq!(render(&[], &parts, Target::Markdown), "# Q1\n\na\tb\n");
        assert_eq!(
            render(&[], &parts, Target::Html),
            "<div class=\"page\">\n<h1>Q1</h1>\n<p>a\tb</p>\n</div>\n"
        );
        assert!(
            render(&[], &parts, Target::Html).starts_with("<div class=\"page\">\n<h1>Q1</h1>\n")
        );
        // Nor is it the caption of the sheet's table; another caption stays.
        let table = |caption: &str| {
            let mut t = Table::new(vec![Row::new(vec![Cell::text("a"), Cell::text("b")])], 0);
            t.caption = Some(Inline::new(caption));
            Block::Table(t)
        };
        let parts = [Part::from_blocks(PartKind::Sheet, vec![table("Q1")]).with_name("Q1")];
        assert_eq!(parts[0].text, "Q1\na\tb\n");
        assert_eq!(
            render(&[], &parts, Target::Markdown),
            "# Q1\n\n| a | b |\n| --- | --- |\n"
        );
        assert_eq!(
            render(&[], &parts, Target::Html),
            "<div class=\"page\">\n<h1>Q1</h1>\n<table>\n<tbody>\n<tr><td>a</td><td>b</td></tr>\n</tbody>\n</table>\n</div>\n"
        );
        let parts = [Part::from_blocks(PartKind::Sheet, vec![table("Stock")]).with_name("Q1")];
        assert!(render(&[], &parts, Target::Markdown).starts_with("# Q1\n\nStock\n\n| a | b |"));
        assert!(render(&[], &parts, Target::Html).contains("<caption>Stock</caption>"));
    }

    #[test]
    fn targets_parse() {
        assert_eq!("md".parse::<Target>(), Ok(Target::Markdown));
        assert!("pdf".parse::<Target>().is_err());
        assert_eq!(Target::Html.extension(), "html");
    }
}
