//! DrawingML text (ECMA-376 Part 1 §21.1.2 text bodies, §21.1.3 tables,
//! §20.1.2.2 shape trees) shared by slides, sheet drawings and charts, and
//! Markup Compatibility's `mc:AlternateContent` (Part 3 §10.2).

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

/// The text of a text body (`a:txBody`, `p:txBody`, `c:rich`): paragraphs
/// by line, runs and fields in order, `a:br` as a line break.
pub(crate) fn text_body(body: &Element, out: &mut String) {
    for p in body.elements().filter(|p| p.name == "p") {
        paragraph(p, out);
        out.push('\n');
    }
}

fn paragraph(p: &Element, out: &mut String) {
    for r in p.elements() {
        match r.name.as_str() {
            "r" | "fld" => {
                if let Some(t) = r.child("t") {
                    push_text(out, t);
                }
            }
            "br" => out.push('\n'),
            "AlternateContent" => {
                if let Some(b) = choose(r) {
                    paragraph(b, out);
                }
            }
            _ => {}
        }
    }
}

/// Text of an element with vertical tabs (PowerPoint's soft line breaks)
/// as line breaks.
fn push_text(out: &mut String, t: &Element) {
    let s = t.text();
    if s.contains('\u{b}') {
        out.push_str(&s.replace('\u{b}', "\n"));
    } else {
        out.push_str(&s);
    }
}

/// A DrawingML table: rows as lines, cells by TAB, a cell's paragraphs by
/// line; merged-away cells (`hMerge`, `vMerge`) are left empty.
pub(crate) fn table(tbl: &Element, out: &mut String) {
    for tr in tbl.elements().filter(|e| e.name == "tr") {
        let mut cells = Vec::new();
        for tc in tr.elements().filter(|e| e.name == "tc") {
            let mut s = String::new();
            if let Some(body) = tc.child("txBody") {
                text_body(body, &mut s);
            }
            cells.push(s.trim_end_matches('\n').to_string());
        }
        while cells.last().is_some_and(String::is_empty) {
            cells.pop();
        }
        out.push_str(&cells.join("\t"));
        out.push('\n');
    }
}

/// What to do with a `graphicFrame`'s `a:graphicData` that is not a table
/// (a chart, a SmartArt diagram, an OLE object): the caller knows the
/// relationships.
pub(crate) type FrameHandler<'a> = dyn FnMut(&Element, &mut String) + 'a;

/// The text of every shape of a shape tree (`p:spTree`, `p:grpSp`,
/// `xdr:wsDr`, `dsp:spTree`) in document order: a shape's text body,
/// groups recursively, tables; `skip` leaves shapes out (placeholders).
pub(crate) fn shapes(
    tree: &Element,
    skip: &dyn Fn(&Element) -> bool,
    frame: &mut FrameHandler<'_>,
    out: &mut String,
) {
    for e in tree.elements() {
        match e.name.as_str() {
            "sp" | "cxnSp" => {
                if skip(e) {
                    continue;
                }
                if let Some(body) = e.child("txBody") {
                    let before = out.len();
                    text_body(body, out);
                    if out[before..].trim().is_empty() {
                        out.truncate(before);
                    }
                }
            }
            "grpSp" | "twoCellAnchor" | "oneCellAnchor" | "absoluteAnchor" | "relSizeAnchor"
            | "absSizeAnchor" => shapes(e, skip, frame, out),
            "graphicFrame" => {
                if skip(e) {
                    continue;
                }
                let Some(data) = e.child("graphic").and_then(|g| g.child("graphicData")) else {
                    continue;
                };
                match data.child("tbl") {
                    Some(tbl) => table(tbl, out),
                    None => frame(data, out),
                }
            }
            "AlternateContent" => {
                if let Some(b) = choose(e) {
                    shapes(b, skip, frame, out);
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
        let mut s = String::new();
        text_body(root.child("txBody").unwrap(), &mut s);
        assert_eq!(s, "Hello\n3\nsecond\nline\n");
    }
}
