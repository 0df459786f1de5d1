//! PresentationML (ECMA-376 Part 1 §19): slides in `p:sldIdLst` order
//! (§19.2.1.34) through the presentation's relationships — never by part
//! name — each slide's shapes, tables, charts' titles and SmartArt text,
//! its notes slide (§19.3.1.26) and its comments (§19.4, and the 2018
//! threaded comments of MS-PPTX).

use std::collections::HashMap;

use doc_model::{Part, PartKind};
use xml_tree::Element;

use crate::drawing::{self, rel_id};
use crate::error::{Error, WarningKind};
use crate::package::{Package, Rel};
use crate::{Out, check_deadline, xlsx};

/// The placeholder type of a shape (`p:nvSpPr/p:nvPr/p:ph/@type`).
fn placeholder(shape: &Element) -> Option<&str> {
    let nv = shape
        .elements()
        .find(|e| e.name.starts_with("nv"))?
        .child("nvPr")?
        .child("ph")?;
    Some(nv.attr("type").unwrap_or("body"))
}

/// The text of a slide-like part's shape tree: charts' titles and
/// SmartArt through the part's relationships; `skip` leaves placeholders out.
fn part_text(
    pkg: &mut Package<'_>,
    part: &str,
    root: &Element,
    skip: &dyn Fn(&Element) -> bool,
) -> String {
    let Some(tree) = root
        .elements()
        .next()
        .and_then(|r| r.child("cSld"))
        .and_then(|c| c.child("spTree"))
    else {
        return String::new();
    };
    let mut frames: Vec<Element> = Vec::new();
    let mut text = String::new();
    // Frames are resolved after the walk (the package is borrowed by it):
    // their text goes where a marker was left.
    const MARK: char = '\u{E000}';
    drawing::shapes(
        tree,
        skip,
        &mut |data: &Element, out: &mut String| {
            frames.push(data.clone());
            out.push(MARK);
        },
        &mut text,
    );
    if frames.is_empty() {
        return text;
    }
    let rels = pkg.rels(part);
    let mut pieces = Vec::new();
    for data in &frames {
        pieces.push(frame_text(pkg, &rels, data));
    }
    let mut out = String::with_capacity(text.len());
    let mut pieces = pieces.into_iter();
    for c in text.chars() {
        if c == MARK {
            out.push_str(&pieces.next().unwrap_or_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// A graphic frame that is not a table: a chart's titles, a SmartArt
/// diagram's text.
fn frame_text(pkg: &mut Package<'_>, rels: &[Rel], data: &Element) -> String {
    let target = |id: &str| rels.iter().find(|r| r.id == id).map(|r| r.target.clone());
    if let Some(chart) = rel_id(data, "chart", "id").and_then(target) {
        return xlsx::chart_titles(pkg, &chart).unwrap_or_default();
    }
    if let Some(dm) = rel_id(data, "relIds", "dm").and_then(target) {
        return diagram_text(pkg, rels, &dm);
    }
    String::new()
}

/// SmartArt: the drawing Office saved for the diagram (its shapes, in the
/// order shown), else the text points of its data model.
fn diagram_text(pkg: &mut Package<'_>, rels: &[Rel], data_part: &str) -> String {
    let Some(root) = pkg.xml(data_part) else {
        return String::new();
    };
    if let Some(drawing) = rel_id(&root, "dataModelExt", "relId")
        .and_then(|id| rels.iter().find(|r| r.id == id))
        .map(|r| r.target.clone())
        && let Some(d) = pkg.xml(&drawing)
    {
        let mut trees = Vec::new();
        d.descendants("spTree", &mut trees);
        let mut s = String::new();
        for t in trees {
            drawing::shapes(t, &|_| false, &mut |_, _| {}, &mut s);
        }
        if !s.trim().is_empty() {
            return s;
        }
    }
    let mut points = Vec::new();
    root.descendants("pt", &mut points);
    let mut s = String::new();
    for pt in points {
        if matches!(pt.attr("type"), Some("parTrans" | "sibTrans" | "pres")) {
            continue;
        }
        if let Some(t) = pt.child("t") {
            drawing::text_body(t, &mut s);
        }
    }
    s
}

/// `e` without its `a:fld` descendants: a field (slide number, a date
/// updated on each viewing) is not fixed text.
fn without_fields(e: &Element) -> Element {
    Element {
        name: e.name.clone(),
        attrs: e.attrs.clone(),
        children: e
            .children
            .iter()
            .filter(|n| !matches!(n, xml_tree::Node::Element(c) if c.name == "fld"))
            .map(|n| match n {
                xml_tree::Node::Element(c) => xml_tree::Node::Element(without_fields(c)),
                other => other.clone(),
            })
            .collect(),
    }
}

/// The slide masters', notes master's and handout master's text
/// (§19.3.1.42, §19.3.1.27, §19.3.1.25): header, footer and date
/// placeholders that hold typed text (not a field) as `Header`/`Footer`
/// parts, shapes that are no placeholder as `Master` parts; the title and
/// body placeholders' prompts are left out. Each text once, and not again
/// when a slide already shows it (PowerPoint copies the footer onto each
/// slide that displays it).
fn master_parts(pkg: &mut Package<'_>, rels: &[Rel], out: &mut Out) {
    let mut masters: Vec<String> = Vec::new();
    for r in rels.iter().filter(|r| {
        matches!(
            r.kind.as_str(),
            "slideMaster" | "notesMaster" | "handoutMaster"
        )
    }) {
        if !masters.contains(&r.target) {
            masters.push(r.target.clone());
        }
    }
    let mut found: Vec<(PartKind, String, String)> = Vec::new();
    for master in masters {
        let Some(root) = pkg.xml(&master) else {
            continue;
        };
        let Some(tree) = root
            .elements()
            .next()
            .and_then(|r| r.child("cSld"))
            .and_then(|c| c.child("spTree"))
        else {
            continue;
        };
        let name = master.rsplit('/').next().unwrap_or(&master).to_string();
        for shape in tree.elements().filter(|e| e.name == "sp") {
            let kind = match placeholder(shape) {
                Some("hdr") => PartKind::Header,
                Some("ftr" | "dt") => PartKind::Footer,
                None => PartKind::Master,
                Some(_) => continue,
            };
            let wrapper = Element {
                name: "spTree".into(),
                attrs: Vec::new(),
                children: vec![xml_tree::Node::Element(without_fields(shape))],
            };
            let mut text = String::new();
            drawing::shapes(&wrapper, &|_| false, &mut |_, _| {}, &mut text);
            let text = text.trim().to_string();
            if text.is_empty() || found.iter().any(|(k, _, t)| *k == kind && *t == text) {
                continue;
            }
            found.push((kind, name.clone(), text));
        }
    }
    for (kind, name, text) in found {
        let shown = out
            .parts
            .iter()
            .any(|p| matches!(p.kind, PartKind::Slide | PartKind::Notes) && p.text.contains(&text));
        if !shown {
            out.part(kind, Some(name), format!("{text}\n"));
        }
    }
}

/// Comment authors by id, from the legacy and the 2018 author lists.
fn authors(pkg: &mut Package<'_>, rels: &[Rel]) -> HashMap<String, String> {
    let mut out = HashMap::new();
    for r in rels
        .iter()
        .filter(|r| r.kind == "commentAuthors" || r.kind == "authors")
    {
        let Some(root) = pkg.xml(&r.target) else {
            continue;
        };
        let mut list = Vec::new();
        root.descendants("cmAuthor", &mut list);
        root.descendants("author", &mut list);
        for a in list {
            if let (Some(id), Some(name)) = (a.attr("id"), a.attr("name")) {
                out.insert(id.to_string(), name.to_string());
            }
        }
    }
    out
}

/// Reads a PresentationML package whose main part is `main`.
pub(crate) fn read(pkg: &mut Package<'_>, main: &str, out: &mut Out) -> Result<(), Error> {
    let (rels, root) = pkg.main_part(main)?;
    let pres = root
        .child("presentation")
        .ok_or_else(|| Error::Corrupt(format!("{main} has no presentation element")))?;
    let ids: Vec<String> = pres
        .child("sldIdLst")
        .map(|l| {
            l.elements()
                .filter(|e| e.name == "sldId")
                // `p:sldId` has a numeric `id` and the relationship's `r:id`,
                // one local name for both.
                .filter_map(|e| {
                    e.attrs
                        .iter()
                        .find(|(k, v)| k == "id" && !v.bytes().all(|b| b.is_ascii_digit()))
                        .map(|(_, v)| v.clone())
                })
                .collect()
        })
        .unwrap_or_default();
    let authors = authors(pkg, &rels);
    let not_notes_text = |e: &Element| {
        matches!(
            placeholder(e),
            Some("sldImg" | "sldNum" | "dt" | "ftr" | "hdr")
        )
    };
    for (i, id) in ids.iter().enumerate() {
        let number = (i + 1).to_string();
        if check_deadline(&out.options.limits).is_err() || out.full() {
            out.warn(
                WarningKind::Limit,
                format!("reading stopped before slide {number}"),
            );
            break;
        }
        let Some(slide) = rels.iter().find(|r| &r.id == id).map(|r| r.target.clone()) else {
            out.warn(
                WarningKind::Reference,
                format!("slide {number} ({id}) has no part"),
            );
            continue;
        };
        let Some(root) = pkg.xml(&slide) else {
            out.warn(
                WarningKind::Reference,
                format!("slide {number}: {slide} is missing"),
            );
            continue;
        };
        let hidden = root
            .child("sld")
            .and_then(|s| s.attr("show"))
            .is_some_and(|v| v == "0" || v == "false");
        let text = part_text(pkg, &slide, &root, &|_| false);
        let mut part = Part::named(PartKind::Slide, number.clone(), text);
        if hidden {
            part = part.with_attribute("hidden", "true");
        }
        out.push(part);
        let slide_rels = pkg.rels(&slide);
        if let Some(notes) = slide_rels
            .iter()
            .find(|r| r.kind == "notesSlide")
            .map(|r| r.target.clone())
            && let Some(root) = pkg.xml(&notes)
        {
            let text = part_text(pkg, &notes, &root, &not_notes_text);
            out.part(PartKind::Notes, Some(number.clone()), text);
        }
        for r in slide_rels.iter().filter(|r| r.kind == "comments") {
            let Some(root) = pkg.xml(&r.target) else {
                continue;
            };
            let mut list = Vec::new();
            root.descendants("cm", &mut list);
            root.descendants("reply", &mut list);
            for cm in list {
                let mut s = String::new();
                match (cm.child("text"), cm.child("txBody")) {
                    (Some(t), _) => s.push_str(&t.text()),
                    (None, Some(b)) => drawing::text_body(b, &mut s),
                    _ => continue,
                }
                let mut p =
                    Part::named(PartKind::Comment, number.clone(), s.trim_end().to_string());
                if let Some(a) = cm.attr("authorId").and_then(|a| authors.get(a)) {
                    p = p.with_attribute("author", a.clone());
                }
                out.push(p);
            }
        }
    }
    master_parts(pkg, &rels, out);
    Ok(())
}
