//! DrawingML text (ECMA-376 Part 1 §21.1.2 text bodies, §21.1.3 tables,
//! §20.1.2.2 shape trees) shared by slides, sheet drawings and charts, and
//! Markup Compatibility's `mc:AlternateContent` (Part 3 §10.2).

use doc_model::{Builder, OutputLimits};
use xml_tree::Element;

/// Namespace prefixes whose content this crate reads: a `mc:Choice` that
/// requires only these is taken, else its `mc:Fallback`.
const UNDERSTOOD: &[&str] = &[
    "w", "w10", "w14", "w15", "wp", "wp14", "wps", "wpg", "wpc", "wpi", "wne", "a", "a14", "pic",
    "v", "o", "m", "mc", "c", "c14", "dgm", "dsp", "p", "p14", "p15", "x", "x14", "xdr", "r", "cx",
    "cx1", "cx2", "thm15", "v3", "am3d", "aink", "a16", "pvml", "sle15",
];

/// The one branch of an `mc:AlternateContent` to read: the first
/// `mc:Choice` whose `Requires` prefixes are all understood, else the
/// `mc:Fallback`; never both.
pub(crate) fn choose(alt: &Element) -> Option<&Element> {
    alt.elements()
        .find(|c| {
            c.name == "Choice"
                && c.attr("Requires")
                    .unwrap_or("")
                    .split_whitespace()
                    .all(|p| UNDERSTOOD.contains(&p))
        })
        .or_else(|| alt.elements().find(|c| c.name == "Fallback"))
}

/// What the paragraphs of a text body are: a title placeholder's are
/// headings; a body's are list items where a bullet or an automatic
/// number applies to them (§21.1.2.4), looked up in the paragraph's own
/// properties, then the body's `a:lstStyle`, then the list styles it
/// inherits (`inherited`, nearest first: the layout's and the master's
/// placeholder, the master's `p:txStyles`, §19.3.1.51).
#[derive(Debug, Clone, Default)]
pub(crate) struct Style<'s> {
    /// Every paragraph with text is a heading of level 1.
    pub heading: bool,
    /// Bulleted and numbered paragraphs are list items.
    pub lists: bool,
    /// The list styles inherited, nearest first.
    pub inherited: Vec<&'s Element>,
}

impl Style<'_> {
    /// Paragraphs as they are.
    pub(crate) fn plain() -> Style<'static> {
        Style::default()
    }
}

/// The text of a text body (`a:txBody`, `p:txBody`, `c:rich`) as plain
/// lines: paragraphs by line, runs and fields in order, `a:br` as a line
/// break.
pub(crate) fn text_body_string(body: &Element) -> String {
    let mut b = Builder::new(OutputLimits::new(u64::MAX));
    text_body(body, &Style::plain(), &mut b);
    doc_model::plain_text(&b.take_blocks())
}

/// Writes a text body: each `a:p` a paragraph (a heading or list item as
/// `style` says), runs and fields in order, `a:br` as a line break.
pub(crate) fn text_body(body: &Element, style: &Style<'_>, b: &mut Builder) {
    let own = body.child("lstStyle");
    for p in body.elements().filter(|p| p.name == "p") {
        paragraph(p, b);
        if !b.current_text().trim().is_empty() {
            if style.heading {
                b.heading(1);
            } else if style.lists {
                // `lvl` 0..=8 (§21.1.2.2.7): nesting 1..=9.
                let level = p
                    .child("pPr")
                    .and_then(|p| p.attr("lvl"))
                    .and_then(|l| l.parse::<u8>().ok())
                    .unwrap_or(0)
                    .min(8);
                if let Some(ordered) = bullet(p, level, own, &style.inherited) {
                    b.list_item(level + 1, ordered, None);
                }
            }
        }
        b.end_paragraph();
    }
}

/// Whether paragraph `p` at `level` (0-based) shows a bullet (`false`) or
/// an automatic number (`true`), or neither (`None`).
fn bullet(p: &Element, level: u8, own: Option<&Element>, inherited: &[&Element]) -> Option<bool> {
    let name = format!("lvl{}pPr", level + 1);
    let chain = p
        .child("pPr")
        .into_iter()
        .chain(own.and_then(|l| l.child(&name)))
        .chain(inherited.iter().filter_map(|s| s.child(&name)));
    for ppr in chain {
        for c in ppr.elements() {
            match c.name.as_str() {
                "buNone" => return None,
                "buAutoNum" => return Some(true),
                "buChar" | "buBlip" => return Some(false),
                _ => {}
            }
        }
    }
    None
}

fn paragraph(p: &Element, b: &mut Builder) {
    for r in p.elements() {
        match r.name.as_str() {
            "r" | "fld" => {
                if let Some(t) = r.child("t") {
                    push_text(b, t);
                }
            }
            "br" => b.line_break(),
            "AlternateContent" => {
                if let Some(c) = choose(r) {
                    paragraph(c, b);
                }
            }
            _ => {}
        }
    }
}

/// Whether some run of a text body has text for which `f` holds.
fn any_run(body: &Element, f: &dyn Fn(&str) -> bool) -> bool {
    fn para(p: &Element, f: &dyn Fn(&str) -> bool) -> bool {
        p.elements().any(|r| match r.name.as_str() {
            "r" | "fld" => r.child("t").is_some_and(|t| f(&t.text())),
            "AlternateContent" => choose(r).is_some_and(|c| para(c, f)),
            _ => false,
        })
    }
    body.elements()
        .filter(|p| p.name == "p")
        .any(|p| para(p, f))
}

/// Text of an element with vertical tabs (PowerPoint's soft line breaks)
/// as line breaks.
fn push_text(b: &mut Builder, t: &Element) {
    let s = t.text();
    if s.contains('\u{b}') {
        b.text(&s.replace('\u{b}', "\n"));
    } else {
        b.text(&s);
    }
}

/// A DrawingML table (§21.1.3.13): rows of cells, a cell's paragraphs by
/// line; `gridSpan` and `rowSpan` as spans, merged-away cells (`hMerge`,
/// `vMerge`) as covered places; `a:tblPr firstRow` makes the first row a
/// header row.
pub(crate) fn table(tbl: &Element, b: &mut Builder) {
    let header = tbl
        .child("tblPr")
        .and_then(|p| p.attr("firstRow"))
        .is_some_and(|v| v == "1" || v == "true");
    let flag = |tc: &Element, name: &str| tc.attr(name).is_some_and(|v| v == "1" || v == "true");
    let span = |tc: &Element, name: &str| {
        tc.attr(name)
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(1)
            .clamp(1, 4096)
    };
    b.table_start();
    for (i, tr) in tbl.elements().filter(|e| e.name == "tr").enumerate() {
        b.row_start();
        if header && i == 0 {
            b.row_header();
        }
        for tc in tr.elements().filter(|e| e.name == "tc") {
            let body = tc.child("txBody");
            if flag(tc, "hMerge") || flag(tc, "vMerge") {
                if body.is_some_and(|t| any_run(t, &|s| !s.is_empty())) {
                    // Text under a merge stays in the plain text.
                    b.cell_merged_above(1);
                } else {
                    b.cell_covered();
                    continue;
                }
            } else {
                b.cell_start(span(tc, "gridSpan"), span(tc, "rowSpan"));
            }
            if let Some(body) = body {
                text_body(body, &Style::plain(), b);
            }
            b.cell_end();
        }
        b.row_end();
    }
    b.table_end();
}

/// What to do with a `graphicFrame`'s `a:graphicData` that is not a table
/// (a chart, a SmartArt diagram, an OLE object): the caller knows the
/// relationships.
pub(crate) type FrameHandler<'a> = dyn FnMut(&Element, &mut Builder) + 'a;

/// How a shape's paragraphs read (see [`Style`]).
pub(crate) type StyleOf<'a, 's> = dyn Fn(&Element) -> Style<'s> + 'a;

/// Writes every shape of a shape tree (`p:spTree`, `p:grpSp`, `xdr:wsDr`,
/// `dsp:spTree`) in document order: a shape's text body unless it is
/// blank, groups recursively, tables; `skip` leaves shapes out
/// (placeholders), `style` says how each shape's paragraphs read.
pub(crate) fn shapes(
    tree: &Element,
    skip: &dyn Fn(&Element) -> bool,
    style: &StyleOf<'_, '_>,
    frame: &mut FrameHandler<'_>,
    b: &mut Builder,
) {
    for e in tree.elements() {
        match e.name.as_str() {
            "sp" | "cxnSp" => {
                if skip(e) {
                    continue;
                }
                if let Some(body) = e.child("txBody")
                    && any_run(body, &|s| !s.trim().is_empty())
                {
                    text_body(body, &style(e), b);
                }
            }
            "grpSp" | "twoCellAnchor" | "oneCellAnchor" | "absoluteAnchor" | "relSizeAnchor"
            | "absSizeAnchor" => shapes(e, skip, style, frame, b),
            "graphicFrame" => {
                if skip(e) {
                    continue;
                }
                let Some(data) = e.child("graphic").and_then(|g| g.child("graphicData")) else {
                    continue;
                };
                match data.child("tbl") {
                    Some(tbl) => table(tbl, b),
                    None => frame(data, b),
                }
            }
            "AlternateContent" => {
                if let Some(c) = choose(e) {
                    shapes(c, skip, style, frame, b);
                }
            }
            _ => {}
        }
    }
}

/// The `r:id`-style attribute of the first descendant named `name`.
pub(crate) fn rel_id<'a>(e: &'a Element, name: &str, attr: &str) -> Option<&'a str> {
    let mut found = Vec::new();
    e.descendants(name, &mut found);
    found.into_iter().find_map(|x| x.attr(attr))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_branch_of_alternate_content() {
        let (root, _) = xml_tree::parse(
            br#"<mc:AlternateContent><mc:Choice Requires="wps"><t>new</t></mc:Choice><mc:Fallback><t>old</t></mc:Fallback></mc:AlternateContent>"#,
            16,
        );
        assert_eq!(
            choose(root.child("AlternateContent").unwrap())
                .unwrap()
                .text(),
            "new"
        );
        let (root, _) = xml_tree::parse(
            br#"<mc:AlternateContent><mc:Choice Requires="w16se"><t>sym</t></mc:Choice><mc:Fallback><t>fallback</t></mc:Fallback></mc:AlternateContent>"#,
            16,
        );
        assert_eq!(
            choose(root.child("AlternateContent").unwrap())
                .unwrap()
                .text(),
            "fallback"
        );
    }

    #[test]
    fn text_bodies_and_tables() {
        let (root, _) = xml_tree::parse(
            br#"<p:txBody><a:p><a:r><a:t>Hello</a:t></a:r><a:br/><a:fld type="slidenum"><a:t>3</a:t></a:fld></a:p><a:p><a:r><a:t>second&#11;line</a:t></a:r></a:p></p:txBody>"#,
            16,
        );
        let s = text_body_string(root.child("txBody").unwrap());
        assert_eq!(s, "Hello\n3\nsecond\nline\n");
    }
}
