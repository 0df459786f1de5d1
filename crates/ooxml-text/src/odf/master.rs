//! A presentation's master pages (ODF 1.3 Part 3 §16.10 `style:master-page`
//! holding drawing shapes) and its header, footer and date-time
//! declarations (§10.2.1–10.2.3 `presentation:header-decl`,
//! `footer-decl`, `date-time-decl`, used by a `draw:page` through
//! `presentation:use-header-name` and the like): the text a viewer shows on
//! every slide, as `Header`, `Footer` and `Master` parts, each text once.

use doc_model::{Part, PartKind};
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
    let push = |parts: &mut Vec<Part>, kind: PartKind, name: &str, text: String| {
        let text = text.trim().to_string();
        if !text.is_empty() && !parts.iter().any(|p| p.kind == kind && p.text == text) {
            parts.push(Part::named(kind, name, format!("{text}\n")));
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
            push(&mut parts, kind, name, decl.text());
        }
    }
    let Some(masters) = masters else {
        return parts;
    };
    walker.sheet_header = true;
    for mp in masters.elements().filter(|m| m.name == "master-page") {
        let name = mp.attr("name").unwrap_or("master");
        for shape in mp.elements() {
            if walker.stopped {
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
            let mut text = String::new();
            walker.shape(shape, Some(&mut text));
            push(&mut parts, kind, name, text);
        }
    }
    walker.sheet_header = false;
    parts
}
