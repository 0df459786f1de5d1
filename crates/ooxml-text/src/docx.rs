//! WordprocessingML (ECMA-376 Part 1 §17): the main document's body, its
//! headers and footers per section (§17.10), footnotes and endnotes
//! (§17.11), comments (§17.13.4), text boxes (`w:txbxContent`, §17.17.1)
//! and `w:altChunk` imports (§17.17.2.1).

use std::collections::HashMap;

use doc_model::{Block, Builder, EmbeddedKind, OutputLimits, Part, PartKind};
use xml_tree::Element;

use crate::Out;
use crate::drawing::choose;
use crate::error::{Error, WarningKind};
use crate::numbering::{Item, Numbering};
use crate::package::{Package, rel};
use crate::styles::Styles;

/// The running state of one document's stories.
struct Writer {
    /// Where every story's blocks go; it owns the output limit and the
    /// deadline.
    b: Builder,
    numbering: Numbering,
    styles: Styles,
    /// Hyperlink relationship id → target, of the part being read.
    links: HashMap<String, String>,
    /// Complex fields open at this point: `true` once past `separate`
    /// (showing the result), `false` in the instructions.
    fields: Vec<bool>,
    /// Text boxes met in any story, in order.
    text_boxes: Vec<Vec<Block>>,
    /// `w:altChunk` relationship ids met in the body.
    alt_chunks: Vec<String>,
}

impl Writer {
    fn in_instructions(&self) -> bool {
        self.fields.iter().any(|f| !f)
    }

    /// A story (body, note, header, cell, text box): its block-level content.
    fn blocks(&mut self, e: &Element) {
        for c in e.elements() {
            if self.b.stopped() {
                return;
            }
            match c.name.as_str() {
                "p" => self.paragraph(c),
                "tbl" => self.table(c),
                "sdt" => {
                    if let Some(content) = c.child("sdtContent") {
                        self.blocks(content);
                    }
                }
                "customXml" | "smartTag" | "ins" | "moveTo" | "txbxContent" | "body" => {
                    self.blocks(c)
                }
                "AlternateContent" => {
                    if let Some(b) = choose(c) {
                        self.blocks(b);
                    }
                }
                "altChunk" => {
                    if let Some(id) = c.attr("id") {
                        self.alt_chunks.push(id.to_string());
                    }
                }
                _ => {}
            }
        }
    }

    /// A paragraph: a heading where its outline level or style says so
    /// (a numbered heading keeps its number in its text), a list item
    /// where it is numbered or bulleted, else a paragraph.
    fn paragraph(&mut self, p: &Element) {
        let ppr = p.child("pPr");
        // A paragraph inside a field's instructions (a multi-paragraph
        // field code) shows nothing, not even its number.
        let item = if self.in_instructions() {
            None
        } else {
            self.numbering.item(ppr)
        };
        let heading = self.styles.heading_level(ppr);
        let mut fields = self.fields.clone();
        field_walk(p, &mut fields);
        if fields.iter().any(|f| !f) {
            // It ends inside a field's instructions: left out if it shows
            // nothing, so it is written aside first.
            let aside = self.b.suspend();
            let shown = self.write_paragraph(p, heading, item);
            let blocks = self.b.resume(aside);
            if shown {
                for block in blocks {
                    self.b.push_block(block);
                }
            }
            return;
        }
        self.write_paragraph(p, heading, item);
        self.b.end_paragraph();
    }

    /// Writes a paragraph's role and content into the open paragraph:
    /// whether it shows anything.
    fn write_paragraph(&mut self, p: &Element, heading: Option<u8>, item: Option<Item>) -> bool {
        let mut labelled = false;
        match (heading, item) {
            (Some(level), item) => {
                self.b.heading(level);
                if let Some(label) = item.and_then(|i| i.label) {
                    labelled = true;
                    self.b.text(&label);
                }
            }
            (None, Some(item)) => {
                labelled = item.label.is_some();
                let level = item.level;
                self.b.list_item(level, item.ordered, item.label);
            }
            (None, None) => {}
        }
        let start = self.b.current_text().len();
        self.inline(p);
        labelled
            || self
                .b
                .current_text()
                .get(start..)
                .is_some_and(|t| !t.trim().is_empty())
    }

    /// Paragraph-level content: runs and their containers.
    fn inline(&mut self, e: &Element) {
        for c in e.elements() {
            match c.name.as_str() {
                "r" => self.run(c),
                "hyperlink" => {
                    let target = self.link_target(c);
                    if let Some(t) = &target {
                        self.b.link_start(t);
                    }
                    self.inline(c);
                    if target.is_some() {
                        self.b.link_end();
                    }
                }
                "smartTag" | "customXml" | "ins" | "moveTo" | "dir" | "bdo" | "fldSimple"
                | "sdtContent" | "rubyBase" => self.inline(c),
                "sdt" => {
                    if let Some(content) = c.child("sdtContent") {
                        self.inline(content);
                    }
                }
                "AlternateContent" => {
                    if let Some(b) = choose(c) {
                        self.inline(b);
                    }
                }
                "oMathPara" | "oMath" if !self.in_instructions() => {
                    let mut ts = Vec::new();
                    c.descendants("t", &mut ts);
                    for t in ts {
                        self.b.text(&t.text());
                    }
                }
                _ => {}
            }
        }
    }

    /// Where a `w:hyperlink` leads (§17.16.22): its relationship's target,
    /// with `w:anchor` as the fragment, or `#anchor` inside the document.
    fn link_target(&self, h: &Element) -> Option<String> {
        let base = h.attr("id").and_then(|id| self.links.get(id));
        let anchor = h.attr("anchor").filter(|a| !a.is_empty());
        match (base, anchor) {
            (Some(b), Some(a)) if !b.contains('#') => Some(format!("{b}#{a}")),
            (Some(b), _) => Some(b.clone()),
            (None, Some(a)) => Some(format!("#{a}")),
            (None, None) => None,
        }
    }

    fn run(&mut self, r: &Element) {
        // `w:caps` shows lower-case letters as capitals.
        let caps = r
            .child("rPr")
            .and_then(|p| p.child("caps"))
            .is_some_and(|c| !matches!(c.attr("val"), Some("0" | "false" | "off")));
        for c in r.elements() {
            match c.name.as_str() {
                "fldChar" => field_char(c, &mut self.fields),
                _ if self.in_instructions() => {}
                "t" if caps => self.b.text(&c.text().to_uppercase()),
                "t" => self.b.text(&c.text()),
                "tab" | "ptab" => self.b.tab(),
                "br" | "cr" => self.b.line_break(),
                "noBreakHyphen" => self.b.push('-'),
                "sym" => {
                    if let Some(ch) = symbol(c) {
                        self.b.push(ch);
                    }
                }
                "ruby" => {
                    // The base text; the phonetic guide (w:rt) is not text.
                    if let Some(base) = c.child("rubyBase") {
                        self.inline(base);
                    }
                }
                "drawing" | "pict" | "object" => self.find_text_boxes(c),
                "AlternateContent" => {
                    if let Some(b) = choose(c) {
                        self.run(b);
                    }
                }
                _ => {}
            }
        }
    }

    /// Text boxes inside a drawing, VML picture or object: each a story of
    /// its own, read once (one branch of any alternate content).
    fn find_text_boxes(&mut self, e: &Element) {
        for c in e.elements() {
            match c.name.as_str() {
                "txbxContent" => {
                    // A text box's fields are its own.
                    let fields = std::mem::take(&mut self.fields);
                    let aside = self.b.suspend();
                    self.blocks(c);
                    let blocks = self.b.resume(aside);
                    self.fields = fields;
                    self.text_boxes.push(blocks);
                }
                "AlternateContent" => {
                    if let Some(b) = choose(c) {
                        self.find_text_boxes(b);
                    }
                }
                _ => self.find_text_boxes(c),
            }
        }
    }

    /// A table (§17.4): header rows (`w:tblHeader`), cells spanning grid
    /// columns (`w:gridSpan`) and vertically merged cells (`w:vMerge`:
    /// `restart` starts a region, a continuation is merged into the cell
    /// above); cells hold any block content, nested tables included.
    fn table(&mut self, tbl: &Element) {
        self.b.table_start();
        for row in rows(tbl) {
            if self.b.stopped() {
                break;
            }
            self.b.row_start();
            if row
                .child("trPr")
                .and_then(|p| p.child("tblHeader"))
                .is_some_and(on)
            {
                self.b.row_header();
            }
            for tc in cells_of(row) {
                let tcpr = tc.child("tcPr");
                let span = tcpr
                    .and_then(|p| p.child("gridSpan"))
                    .and_then(|g| g.attr("val"))
                    .and_then(|v| v.trim().parse::<u32>().ok())
                    .unwrap_or(1)
                    .clamp(1, MAX_GRID_SPAN);
                let continued = tcpr
                    .and_then(|p| p.child("vMerge"))
                    .is_some_and(|m| m.attr("val").is_none_or(|v| v == "continue"));
                if continued {
                    self.b.cell_merged_above(span);
                } else {
                    self.b.cell_start(span, 1);
                }
                self.blocks(tc);
                self.b.cell_end();
            }
            self.b.row_end();
        }
        self.b.table_end();
    }

    /// One story read on its own, with the hyperlinks of its part: fields
    /// do not leak between stories.
    fn story(&mut self, e: &Element, links: HashMap<String, String>) -> Vec<Block> {
        self.links = links;
        self.fields.clear();
        self.blocks(e);
        self.fields.clear();
        self.b.take_blocks()
    }
}

/// Most grid columns a cell is taken to span (Word allows 63 columns).
const MAX_GRID_SPAN: u32 = 1000;

/// An on/off property (§17.17.4 `ST_OnOff`): on unless `val` says off.
fn on(e: &Element) -> bool {
    !matches!(e.attr("val"), Some("0" | "false" | "off"))
}

/// A `w:fldChar` (§17.16.18) moves the field stack.
fn field_char(c: &Element, fields: &mut Vec<bool>) {
    match c.attr("fldCharType") {
        Some("begin") => fields.push(false),
        Some("separate") => {
            if let Some(f) = fields.last_mut() {
                *f = true;
            }
        }
        Some("end") => {
            fields.pop();
        }
        _ => {}
    }
}

/// The field stack after paragraph-level content `e`, moved as
/// [`Writer::inline`] and [`Writer::run`] move it, without writing.
fn field_walk(e: &Element, fields: &mut Vec<bool>) {
    for c in e.elements() {
        match c.name.as_str() {
            "r" => field_walk_run(c, fields),
            "hyperlink" | "smartTag" | "customXml" | "ins" | "moveTo" | "dir" | "bdo"
            | "fldSimple" | "sdtContent" | "rubyBase" => field_walk(c, fields),
            "sdt" => {
                if let Some(content) = c.child("sdtContent") {
                    field_walk(content, fields);
                }
            }
            "AlternateContent" => {
                if let Some(b) = choose(c) {
                    field_walk(b, fields);
                }
            }
            _ => {}
        }
    }
}

fn field_walk_run(r: &Element, fields: &mut Vec<bool>) {
    for c in r.elements() {
        match c.name.as_str() {
            "fldChar" => field_char(c, fields),
            _ if fields.iter().any(|f| !f) => {}
            "ruby" => {
                if let Some(base) = c.child("rubyBase") {
                    field_walk(base, fields);
                }
            }
            "AlternateContent" => {
                if let Some(b) = choose(c) {
                    field_walk_run(b, fields);
                }
            }
            _ => {}
        }
    }
}

/// The hyperlink relationships of `part` (ECMA-376 Part 2 §9.3; external
/// targets included, as they are), id → target.
fn hyperlinks(pkg: &mut Package<'_>, part: &str) -> HashMap<String, String> {
    let mut out = HashMap::new();
    let part = part.trim_start_matches('/');
    let name = match part.rsplit_once('/') {
        Some((dir, file)) => format!("{dir}/_rels/{file}.rels"),
        None => format!("_rels/{part}.rels"),
    };
    if !pkg.has(&name) {
        return out;
    }
    let Some(root) = pkg.xml(&name) else {
        return out;
    };
    let Some(list) = root.child("Relationships") else {
        return out;
    };
    for r in list.elements().filter(|e| e.name == "Relationship") {
        if let (Some(id), Some(ty), Some(target)) = (r.attr("Id"), r.attr("Type"), r.attr("Target"))
            && ty.ends_with("/hyperlink")
            && !target.is_empty()
        {
            out.insert(id.to_string(), target.to_string());
        }
    }
    out
}

/// The rows of a table, through content controls and custom XML; rows
/// deleted as a tracked change (`w:trPr/w:del`) are left out.
fn rows(tbl: &Element) -> Vec<&Element> {
    let mut out = Vec::new();
    collect(tbl, "tr", &mut out);
    out.retain(|tr| tr.child("trPr").and_then(|p| p.child("del")).is_none());
    out
}

fn cells_of(tr: &Element) -> Vec<&Element> {
    let mut out = Vec::new();
    collect(tr, "tc", &mut out);
    out
}

/// Children named `name`, looking through `w:sdt`/`w:sdtContent`/`w:customXml` wrappers.
fn collect<'a>(e: &'a Element, name: &str, out: &mut Vec<&'a Element>) {
    for c in e.elements() {
        if c.name == name {
            out.push(c);
        } else if matches!(
            c.name.as_str(),
            "sdt" | "sdtContent" | "customXml" | "ins" | "moveTo"
        ) {
            collect(c, name, out);
        }
    }
}

/// A `w:sym` character: Unicode as given, or a Symbol-font private-use
/// code (`F0xx`) taken as its Latin-1 position when that is a letter or
/// sign the font draws alike; other private-use glyphs are left out.
fn symbol(sym: &Element) -> Option<char> {
    let code = u32::from_str_radix(sym.attr("char")?, 16).ok()?;
    let font = sym.attr("font").unwrap_or("");
    if (0xF000..=0xF0FF).contains(&code) {
        let low = code - 0xF000;
        if font.eq_ignore_ascii_case("Symbol") {
            return symbol_font(low as u8);
        }
        return None;
    }
    char::from_u32(code).filter(|c| !c.is_control())
}

/// The Symbol font's Greek letters and common signs (Adobe Symbol encoding).
fn symbol_font(b: u8) -> Option<char> {
    const GREEK_UPPER: &str = "ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ";
    const GREEK_LOWER: &str = "αβχδεφγηιϕκλμνοπθρστυϖωξψζ";
    match b {
        0x41..=0x5A => GREEK_UPPER.chars().nth(usize::from(b - 0x41)),
        0x61..=0x7A => GREEK_LOWER.chars().nth(usize::from(b - 0x61)),
        0xB7 => Some('•'),
        0xB4 => Some('×'),
        0xB8 => Some('÷'),
        0xB1 => Some('±'),
        0xA3 => Some('≤'),
        0xB3 => Some('≥'),
        0xB9 => Some('≠'),
        0xAE => Some('→'),
        0xAC => Some('←'),
        0xA5 => Some('∞'),
        0xB0 => Some('°'),
        0xD6 => Some('√'),
        0xE5 => Some('∑'),
        0x20..=0x40 => char::from_u32(u32::from(b)),
        _ => None,
    }
}

/// Reads a WordprocessingML package whose main part is `main`.
pub(crate) fn read(pkg: &mut Package<'_>, main: &str, out: &mut Out) -> Result<(), Error> {
    let (rels, root) = pkg.main_part(main)?;
    let body = root
        .child("document")
        .and_then(|d| d.child("body"))
        .ok_or_else(|| Error::Corrupt(format!("{main} has no w:document/w:body")))?;
    let numbering = rel(&rels, "numbering").and_then(|r| pkg.xml(&r.target.clone()));
    let styles = rel(&rels, "styles").and_then(|r| pkg.xml(&r.target.clone()));
    let limits = &out.options.limits;
    let mut w = Writer {
        b: Builder::new(OutputLimits::new(limits.max_output_bytes).with_deadline(limits.deadline)),
        numbering: Numbering::new(numbering.as_ref(), styles.as_ref()),
        styles: Styles::new(styles.as_ref()),
        links: HashMap::new(),
        fields: Vec::new(),
        text_boxes: Vec::new(),
        alt_chunks: Vec::new(),
    };
    let links = hyperlinks(pkg, main);
    let blocks = w.story(body, links);
    out.push(Part::from_blocks(PartKind::Body, blocks));

    for (kind, rel_kind, element) in [
        (PartKind::Footnote, "footnotes", "footnote"),
        (PartKind::Endnote, "endnotes", "endnote"),
    ] {
        let Some(target) = rel(&rels, rel_kind).map(|r| r.target.clone()) else {
            continue;
        };
        let Some(root) = pkg.xml(&target) else {
            out.warn(WarningKind::Reference, format!("{target} is missing"));
            continue;
        };
        let Some(list) = root.elements().next() else {
            continue;
        };
        let links = hyperlinks(pkg, &target);
        for note in list.elements().filter(|n| n.name == element) {
            // Separator and continuation notes are the lines Word draws.
            if note.attr("type").is_some_and(|t| t != "normal") {
                continue;
            }
            let mut part = Part::from_blocks(kind, w.story(note, links.clone()));
            part.name = note.attr("id").map(str::to_string);
            out.push(part);
        }
    }

    // Headers and footers of every section, each part once, in section order.
    let mut sect = Vec::new();
    body.descendants("sectPr", &mut sect);
    let mut seen: Vec<String> = Vec::new();
    for kind in [PartKind::Header, PartKind::Footer] {
        let reference = if kind == PartKind::Header {
            "headerReference"
        } else {
            "footerReference"
        };
        for s in &sect {
            for r in s.elements().filter(|r| r.name == reference) {
                let Some(target) = r
                    .attr("id")
                    .and_then(|id| rels.iter().find(|x| x.id == id))
                    .map(|x| x.target.clone())
                else {
                    continue;
                };
                if seen.contains(&target) {
                    continue;
                }
                seen.push(target.clone());
                let Some(root) = pkg.xml(&target) else {
                    out.warn(WarningKind::Reference, format!("{target} is missing"));
                    continue;
                };
                let Some(story) = root.elements().next() else {
                    continue;
                };
                let links = hyperlinks(pkg, &target);
                let mut part = Part::from_blocks(kind, w.story(story, links));
                part.name = Some(r.attr("type").unwrap_or("default").to_string());
                out.push(part);
            }
        }
    }

    if let Some(target) = rel(&rels, "comments").map(|r| r.target.clone())
        && let Some(root) = pkg.xml(&target)
        && let Some(list) = root.child("comments")
    {
        let links = hyperlinks(pkg, &target);
        for c in list.elements().filter(|c| c.name == "comment") {
            let mut part = Part::from_blocks(PartKind::Comment, w.story(c, links.clone()));
            if let Some(id) = c.attr("id") {
                part.name = Some(id.to_string());
            }
            if let Some(a) = c.attr("author") {
                part = part.with_attribute("author", a);
            }
            out.push(part);
        }
    }

    for blocks in std::mem::take(&mut w.text_boxes) {
        out.push(Part::from_blocks(PartKind::TextBox, blocks));
    }
    if let Some(why) = w.b.limit_reason() {
        out.warn(WarningKind::Limit, format!("{why}: the rest is left out"));
    }

    // Imported chunks (HTML, RTF, another docx) are documents of their own.
    if out.options.embedded {
        for id in std::mem::take(&mut w.alt_chunks) {
            let Some(target) = rels.iter().find(|r| r.id == id).map(|r| r.target.clone()) else {
                out.warn(
                    WarningKind::Reference,
                    format!("altChunk {id} has no relationship"),
                );
                continue;
            };
            out.embed_part(pkg, &target, EmbeddedKind::OleObject);
        }
    }
    Ok(())
}
