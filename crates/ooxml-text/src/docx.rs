//! WordprocessingML (ECMA-376 Part 1 §17): the main document's body, its
//! headers and footers per section (§17.10), footnotes and endnotes
//! (§17.11), comments (§17.13.4), text boxes (`w:txbxContent`, §17.17.1)
//! and `w:altChunk` imports (§17.17.2.1).

use doc_model::{EmbeddedKind, Part, PartKind};
use xml_tree::Element;

use crate::drawing::choose;
use crate::error::{Error, WarningKind};
use crate::numbering::Numbering;
use crate::package::{Package, rel};
use crate::{Out, check_deadline};

/// The running state of one document's stories.
struct Writer {
    numbering: Numbering,
    /// Complex fields open at this point: `true` once past `separate`
    /// (showing the result), `false` in the instructions.
    fields: Vec<bool>,
    /// Text boxes met in any story, in order.
    text_boxes: Vec<String>,
    /// `w:altChunk` relationship ids met in the body.
    alt_chunks: Vec<String>,
    /// Bytes written so far, against the output limit.
    written: usize,
    max: usize,
    stopped: bool,
    deadline: Option<std::time::Instant>,
}

impl Writer {
    fn in_instructions(&self) -> bool {
        self.fields.iter().any(|f| !f)
    }

    /// Whether to stop: the output limit or the deadline.
    fn stop(&mut self, out: &str) -> bool {
        if !self.stopped {
            let over = self.written.saturating_add(out.len()) > self.max;
            let late = doc_model::deadline_passed(self.deadline);
            self.stopped = over || late;
        }
        self.stopped
    }

    /// A story (body, note, header, cell, text box): its block-level content.
    fn blocks(&mut self, e: &Element, out: &mut String) {
        for c in e.elements() {
            if self.stop(out) {
                return;
            }
            match c.name.as_str() {
                "p" => self.paragraph(c, out),
                "tbl" => self.table(c, out),
                "sdt" => {
                    if let Some(content) = c.child("sdtContent") {
                        self.blocks(content, out);
                    }
                }
                "customXml" | "smartTag" | "ins" | "moveTo" | "txbxContent" | "body" => {
                    self.blocks(c, out)
                }
                "AlternateContent" => {
                    if let Some(b) = choose(c) {
                        self.blocks(b, out);
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

    fn paragraph(&mut self, p: &Element, out: &mut String) {
        let start = out.len();
        // A paragraph inside a field's instructions (a multi-paragraph
        // field code) shows nothing, not even its number.
        if !self.in_instructions()
            && let Some(label) = self.numbering.label(p.child("pPr"))
        {
            out.push_str(&label);
        }
        self.inline(p, out);
        if self.in_instructions() && out[start..].trim().is_empty() {
            out.truncate(start);
            return;
        }
        out.push('\n');
        self.written = self.written.saturating_add(out.len() - start);
    }

    /// Paragraph-level content: runs and their containers.
    fn inline(&mut self, e: &Element, out: &mut String) {
        for c in e.elements() {
            match c.name.as_str() {
                "r" => self.run(c, out),
                "hyperlink" | "smartTag" | "customXml" | "ins" | "moveTo" | "dir" | "bdo"
                | "fldSimple" | "sdtContent" | "rubyBase" => self.inline(c, out),
                "sdt" => {
                    if let Some(content) = c.child("sdtContent") {
                        self.inline(content, out);
                    }
                }
                "AlternateContent" => {
                    if let Some(b) = choose(c) {
                        self.inline(b, out);
                    }
                }
                "oMathPara" | "oMath" if !self.in_instructions() => {
                    let mut ts = Vec::new();
                    c.descendants("t", &mut ts);
                    for t in ts {
                        out.push_str(&t.text());
                    }
                }
                _ => {}
            }
        }
    }

    fn run(&mut self, r: &Element, out: &mut String) {
        // `w:caps` shows lower-case letters as capitals.
        let caps = r
            .child("rPr")
            .and_then(|p| p.child("caps"))
            .is_some_and(|c| !matches!(c.attr("val"), Some("0" | "false" | "off")));
        for c in r.elements() {
            match c.name.as_str() {
                "fldChar" => match c.attr("fldCharType") {
                    Some("begin") => self.fields.push(false),
                    Some("separate") => {
                        if let Some(f) = self.fields.last_mut() {
                            *f = true;
                        }
                    }
                    Some("end") => {
                        self.fields.pop();
                    }
                    _ => {}
                },
                _ if self.in_instructions() => {}
                "t" if caps => out.push_str(&c.text().to_uppercase()),
                "t" => out.push_str(&c.text()),
                "tab" | "ptab" => out.push('\t'),
                "br" | "cr" => out.push('\n'),
                "noBreakHyphen" => out.push('-'),
                "sym" => {
                    if let Some(ch) = symbol(c) {
                        out.push(ch);
                    }
                }
                "ruby" => {
                    // The base text; the phonetic guide (w:rt) is not text.
                    if let Some(base) = c.child("rubyBase") {
                        self.inline(base, out);
                    }
                }
                "drawing" | "pict" | "object" => self.find_text_boxes(c),
                "AlternateContent" => {
                    if let Some(b) = choose(c) {
                        self.run(b, out);
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
                    let mut s = String::new();
                    self.blocks(c, &mut s);
                    self.fields = fields;
                    self.text_boxes.push(s);
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

    fn table(&mut self, tbl: &Element, out: &mut String) {
        for row in rows(tbl) {
            if self.stop(out) {
                return;
            }
            let mut cells = Vec::new();
            for tc in cells_of(row) {
                let mut s = String::new();
                self.blocks(tc, &mut s);
                let t = s.trim_end_matches('\n');
                cells.push(t.to_string());
            }
            while cells.last().is_some_and(String::is_empty) {
                cells.pop();
            }
            out.push_str(&cells.join("\t"));
            out.push('\n');
        }
    }

    /// One story read on its own: fields do not leak between stories.
    fn story(&mut self, e: &Element) -> String {
        self.fields.clear();
        let mut s = String::new();
        self.blocks(e, &mut s);
        self.fields.clear();
        s
    }
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
    let mut w = Writer {
        numbering: Numbering::new(numbering.as_ref(), styles.as_ref()),
        fields: Vec::new(),
        text_boxes: Vec::new(),
        alt_chunks: Vec::new(),
        written: 0,
        max: usize::try_from(out.options.limits.max_output_bytes).unwrap_or(usize::MAX),
        stopped: false,
        deadline: out.options.limits.deadline,
    };
    let text = w.story(body);
    out.part(PartKind::Body, None, text);

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
        for note in list.elements().filter(|n| n.name == element) {
            // Separator and continuation notes are the lines Word draws.
            if note.attr("type").is_some_and(|t| t != "normal") {
                continue;
            }
            let text = w.story(note);
            out.part(kind, note.attr("id").map(str::to_string), text);
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
                let text = w.story(story);
                out.part(
                    kind,
                    Some(r.attr("type").unwrap_or("default").to_string()),
                    text,
                );
            }
        }
    }

    if let Some(target) = rel(&rels, "comments").map(|r| r.target.clone())
        && let Some(root) = pkg.xml(&target)
        && let Some(list) = root.child("comments")
    {
        for c in list.elements().filter(|c| c.name == "comment") {
            let text = w.story(c);
            let mut part = Part::new(PartKind::Comment, text);
            if let Some(id) = c.attr("id") {
                part.name = Some(id.to_string());
            }
            if let Some(a) = c.attr("author") {
                part = part.with_attribute("author", a);
            }
            out.push(part);
        }
    }

    for t in std::mem::take(&mut w.text_boxes) {
        out.part(PartKind::TextBox, None, t);
    }
    if w.stopped {
        let why = if check_deadline(&out.options.limits).is_err() {
            "the deadline passed".to_string()
        } else {
            format!("text exceeds {} bytes", out.options.limits.max_output_bytes)
        };
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
