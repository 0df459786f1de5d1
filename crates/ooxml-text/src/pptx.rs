//! PresentationML (ECMA-376 Part 1 §19): slides in `p:sldIdLst` order
//! (§19.2.1.34) through the presentation's relationships — never by part
//! name — each slide's shapes, tables, charts' titles and SmartArt text,
//! its notes slide (§19.3.1.26) and its comments (§19.4, and the 2018
//! threaded comments of MS-PPTX).

use std::collections::HashMap;
use std::rc::Rc;

use doc_model::{Builder, OutputLimits, Part, PartKind};
use xml_tree::Element;

use crate::drawing::{self, Style, rel_id};
use crate::error::{Error, WarningKind};
use crate::package::{Package, Rel};
use crate::{Out, xlsx};

/// A shape's placeholder (`p:nvSpPr/p:nvPr/p:ph`, §19.3.1.36).
fn ph(shape: &Element) -> Option<&Element> {
    shape
        .elements()
        .find(|e| e.name.starts_with("nv"))?
        .child("nvPr")?
        .child("ph")
}

/// The placeholder type of a shape (`body` when `p:ph` names none).
fn placeholder(shape: &Element) -> Option<&str> {
    Some(ph(shape)?.attr("type").unwrap_or("body"))
}

/// A slide's layout and master (§19.3.1.39, §19.3.1.42), whose
/// placeholders and text styles its placeholders inherit list styles from.
#[derive(Default)]
struct Inheritance {
    layout: Option<Rc<Element>>,
    master: Option<Rc<Element>>,
}

/// Layouts and masters read so far, by part name: many slides share one.
type Parsed = HashMap<String, Option<Rc<Element>>>;

/// Part `name` as XML, read once.
fn cached(pkg: &mut Package<'_>, cache: &mut Parsed, name: &str) -> Option<Rc<Element>> {
    if let Some(e) = cache.get(name) {
        return e.clone();
    }
    let e = pkg.xml(name).map(Rc::new);
    cache.insert(name.to_owned(), e.clone());
    e
}

/// The shape tree of a slide-like part (`p:cSld/p:spTree`).
fn sp_tree(root: &Element) -> Option<&Element> {
    root.elements()
        .next()
        .and_then(|r| r.child("cSld"))
        .and_then(|c| c.child("spTree"))
}

impl Inheritance {
    /// The layout of slide `slide` (by its relationships) and that
    /// layout's master.
    fn of(pkg: &mut Package<'_>, cache: &mut Parsed, slide_rels: &[Rel]) -> Inheritance {
        let Some(layout) = slide_rels
            .iter()
            .find(|r| r.kind == "slideLayout")
            .map(|r| r.target.clone())
        else {
            return Inheritance::default();
        };
        let master = pkg
            .rels(&layout)
            .into_iter()
            .find(|r| r.kind == "slideMaster")
            .and_then(|r| cached(pkg, cache, &r.target));
        Inheritance {
            layout: cached(pkg, cache, &layout),
            master,
        }
    }

    /// How the paragraphs of `shape` on a slide read: a title
    /// placeholder's as headings, the others' as list items where a
    /// bullet applies, looked up through the layout's placeholder of the
    /// same `idx` (else type), the master's of the same type, and the
    /// master's title, body or other text style (§19.3.1.51).
    fn style(&self, shape: &Element) -> Style<'_> {
        let master_root = self.master.as_deref().and_then(|m| m.child("sldMaster"));
        let Some(ph) = ph(shape) else {
            let other = master_root
                .and_then(|m| m.child("txStyles"))
                .and_then(|t| t.child("otherStyle"));
            return Style {
                heading: false,
                lists: true,
                inherited: other.into_iter().collect(),
            };
        };
        let ty = ph.attr("type").unwrap_or("body");
        let title = matches!(ty, "title" | "ctrTitle");
        let idx = ph.attr("idx");
        let mut inherited = Vec::new();
        let layout = self
            .layout
            .as_deref()
            .and_then(sp_tree)
            .and_then(|t| find_placeholder(t, ty, idx));
        let layout_ty = layout.and_then(placeholder).unwrap_or(ty);
        inherited.extend(layout.and_then(list_style));
        // The master's placeholders go by type: a centred title is a
        // title, a subtitle or content placeholder a body.
        let master_ty = match layout_ty {
            "title" | "ctrTitle" => "title",
            "dt" | "ftr" | "sldNum" | "hdr" => layout_ty,
            _ => "body",
        };
        let master_tree = self.master.as_deref().and_then(sp_tree);
        inherited.extend(
            master_tree
                .and_then(|t| find_placeholder(t, master_ty, None))
                .and_then(list_style),
        );
        let text_style = match master_ty {
            "title" => "titleStyle",
            "body" => "bodyStyle",
            _ => "otherStyle",
        };
        inherited.extend(
            master_root
                .and_then(|m| m.child("txStyles"))
                .and_then(|t| t.child(text_style)),
        );
        Style {
            heading: title,
            lists: !title,
            inherited,
        }
    }
}

/// The placeholder of a layout or master shape tree that a placeholder of
/// type `ty` and index `idx` inherits from: the same `idx` where one is
/// given, else the same type (a centred title matching a title).
fn find_placeholder<'t>(tree: &'t Element, ty: &str, idx: Option<&str>) -> Option<&'t Element> {
    let mut all = Vec::new();
    tree.descendants("sp", &mut all);
    fn of(e: &Element) -> Option<(&str, Option<&str>)> {
        ph(e).map(|p| (p.attr("type").unwrap_or("body"), p.attr("idx")))
    }
    let same_type = |t: &str| t == ty || (is_title(t) && is_title(ty));
    if let Some(i) = idx
        && let Some(found) = all
            .iter()
            .find(|e| of(e).is_some_and(|(_, x)| x == Some(i)))
    {
        return Some(found);
    }
    all.into_iter()
        .find(|e| of(e).is_some_and(|(t, _)| same_type(t)))
}

fn is_title(ty: &str) -> bool {
    matches!(ty, "title" | "ctrTitle")
}

/// A shape's own list style (`p:txBody/a:lstStyle`).
fn list_style(shape: &Element) -> Option<&Element> {
    shape.child("txBody")?.child("lstStyle")
}

/// Writes the shape tree of a slide-like part: charts' titles and
/// SmartArt through the part's relationships; `skip` leaves placeholders
/// out, `style` says how each shape's paragraphs read.
fn part_blocks(
    pkg: &mut Package<'_>,
    part: &str,
    root: &Element,
    skip: &dyn Fn(&Element) -> bool,
    style: &drawing::StyleOf<'_, '_>,
    b: &mut Builder,
) {
    let Some(tree) = sp_tree(root) else {
        return;
    };
    let rels = pkg.rels(part);
    drawing::shapes(
        tree,
        skip,
        style,
        &mut |data: &Element, b: &mut Builder| frame(pkg, &rels, data, b),
        b,
    );
}

/// A graphic frame that is not a table: a chart's titles, a SmartArt
/// diagram's text.
fn frame(pkg: &mut Package<'_>, rels: &[Rel], data: &Element, b: &mut Builder) {
    let target = |id: &str| rels.iter().find(|r| r.id == id).map(|r| r.target.clone());
    if let Some(chart) = rel_id(data, "chart", "id").and_then(target) {
        // Each title line a paragraph.
        for line in xlsx::chart_titles(pkg, &chart)
            .unwrap_or_default()
            .split_terminator('\n')
        {
            b.text(line);
            b.end_paragraph();
        }
        return;
    }
    if let Some(dm) = rel_id(data, "relIds", "dm").and_then(target) {
        diagram(pkg, rels, &dm, b);
    }
}

/// SmartArt: the drawing Office saved for the diagram (its shapes, in the
/// order shown), else the text points of its data model.
fn diagram(pkg: &mut Package<'_>, rels: &[Rel], data_part: &str, b: &mut Builder) {
    let Some(root) = pkg.xml(data_part) else {
        return;
    };
    if let Some(drawing) = rel_id(&root, "dataModelExt", "relId")
        .and_then(|id| rels.iter().find(|r| r.id == id))
        .map(|r| r.target.clone())
        && let Some(d) = pkg.xml(&drawing)
    {
        let mut trees = Vec::new();
        d.descendants("spTree", &mut trees);
        // The drawing's paragraphs: list items where they carry bullets.
        let style = |_: &Element| Style {
            lists: true,
            ..Style::plain()
        };
        let kept = b.suspend();
        for t in trees {
            drawing::shapes(t, &|_| false, &style, &mut |_, _| {}, b);
        }
        let blocks = b.resume(kept);
        if !doc_model::plain_text(&blocks).trim().is_empty() {
            for block in blocks {
                b.push_block(block);
            }
            return;
        }
    }
    let mut points = Vec::new();
    root.descendants("pt", &mut points);
    for pt in points {
        if matches!(pt.attr("type"), Some("parTrans" | "sibTrans" | "pres")) {
            continue;
        }
        if let Some(t) = pt.child("t") {
            drawing::text_body(t, &Style::plain(), b);
        }
    }
}

/// Adds a part made by the builder unless it is blank.
fn keep(out: &mut Out, part: Part) {
    if !part.text.trim().is_empty() {
        out.parts.push(part);
    }
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
            // A master's own text, plain: its paragraphs as lines.
            let mut b = doc_model::Builder::new(doc_model::OutputLimits::new(1 << 20));
            drawing::shapes(
                &wrapper,
                &|_| false,
                &|_| drawing::Style::plain(),
                &mut |_, _| {},
                &mut b,
            );
            let text = doc_model::plain_text(&b.take_blocks()).trim().to_string();
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
    let limits = &out.options.limits;
    let mut b =
        Builder::new(OutputLimits::new(limits.max_output_bytes).with_deadline(limits.deadline));
    let deadline = limits.deadline;
    let mut parsed = Parsed::new();
    for (i, id) in ids.iter().enumerate() {
        let number = (i + 1).to_string();
        if b.stopped() || doc_model::deadline_passed(deadline) {
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
        let slide_rels = pkg.rels(&slide);
        let inheritance = Inheritance::of(pkg, &mut parsed, &slide_rels);
        part_blocks(
            pkg,
            &slide,
            &root,
            &|_| false,
            &|e| inheritance.style(e),
            &mut b,
        );
        let mut part = b.finish_part(PartKind::Slide).with_name(number.clone());
        if hidden {
            part = part.with_attribute("hidden", "true");
        }
        keep(out, part);
        if let Some(notes) = slide_rels
            .iter()
            .find(|r| r.kind == "notesSlide")
            .map(|r| r.target.clone())
            && let Some(root) = pkg.xml(&notes)
        {
            part_blocks(
                pkg,
                &notes,
                &root,
                &not_notes_text,
                &|_| Style::plain(),
                &mut b,
            );
            let part = b.finish_part(PartKind::Notes).with_name(number.clone());
            keep(out, part);
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
                    (None, Some(body)) => s.push_str(&drawing::text_body_string(body)),
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
    if let Some(reason) = b.limit_reason() {
        out.warn(
            WarningKind::Limit,
            format!("text stopped at {reason}: the rest is left out"),
        );
    }
    master_parts(pkg, &rels, out);
    Ok(())
}
