//! The text of `office:body` (ODF 1.3 Part 3): paragraphs and headings
//! (§5.1, a heading's level from `text:outline-level` §19.844 or its
//! style's `style:default-outline-level`) with their white-space rules
//! (§6.1.2), spans, links (§6.1.8 `text:a`), fields as displayed (§7),
//! lists with their numbers and nesting (§5.3), notes (§6.3), annotations
//! (§14.1), and shapes and text boxes (§10). Tables are in `table.rs`, the
//! part-level readers (sheets, drawing pages, page headers) in `parts.rs`.
//!
//! Everything is written through a [`Builder`], which owns the output limit
//! and the deadline; a part's plain text is the rendering of its blocks.

use std::collections::HashMap;

use doc_model::{Block, Builder, OutputLimits, Part, PartKind};
use xml_tree::{Element, Node};

use super::styles::{ItemKind, LEVELS, Styles};
use crate::{Limits, WarningKind};

/// Most spaces one `text:s` stands for.
const MAX_SPACES: usize = 1024;
/// Deepest nesting of lists, tables, frames and notes followed.
pub(super) const MAX_NEST: u32 = 64;

/// The elements that are drawing shapes (§10.3–10.4, §10.9).
pub(super) fn is_shape(name: &str) -> bool {
    matches!(
        name,
        "frame"
            | "custom-shape"
            | "rect"
            | "ellipse"
            | "circle"
            | "line"
            | "polyline"
            | "polygon"
            | "regular-polygon"
            | "path"
            | "connector"
            | "caption"
            | "measure"
            | "g"
            | "control"
    )
}

/// `draw:a` (§10.4.12): a hyperlink around drawing shapes, told from a
/// `text:a` (the same local name) by the shapes it holds.
pub(super) fn is_draw_link(e: &Element) -> bool {
    e.name == "a" && e.elements().any(|k| is_shape(&k.name))
}

/// Fields whose value depends on the page or sheet: left out of a
/// spreadsheet's page headers, as xls-text leaves out the `&P` codes.
fn is_page_field(name: &str) -> bool {
    matches!(
        name,
        "page-number"
            | "page-count"
            | "sheet-name"
            | "title"
            | "file-name"
            | "date"
            | "time"
            | "chapter"
    )
}

/// White space within a paragraph (§6.1.2): runs collapse to one space,
/// leading and trailing runs are dropped.
struct Ws {
    pending: bool,
    start: bool,
}

impl Ws {
    fn new() -> Ws {
        Ws {
            pending: false,
            start: true,
        }
    }
}

/// The counters of a list being read (one per level) and its style.
#[derive(Debug, Clone, Default)]
struct Counters {
    values: Vec<Option<u32>>,
}

impl Counters {
    fn new() -> Counters {
        Counters {
            values: vec![None; LEVELS],
        }
    }
}

/// What a paragraph of a list item is: its nesting level (1-based), what
/// the list style shows, and its label as displayed.
struct Item {
    level: u8,
    kind: ItemKind,
    label: Option<String>,
}

/// Reads the stories of one document tree.
pub(super) struct Walker<'a> {
    pub(super) styles: &'a Styles,
    pub(super) limits: &'a Limits,
    /// Where the blocks of the story being read go.
    pub(super) b: Builder,
    /// Bytes written by the builders a captured story (a cell) is read
    /// beside: with `b.written()` and `layout`, what counts against the
    /// output limit.
    base: u64,
    /// Bytes of table layout the builder does not count: the TABs and row
    /// ends of the plain text, and each empty or covered place of a row at
    /// its size in memory (gaps of repeated empty cells cost that much).
    pub(super) layout: u64,
    /// Why reading stopped where the builder of the flow did not say so (a
    /// captured story's builder, the table layout).
    stop_reason: Option<String>,
    /// Cells in a table are joined by `\n` in text tables, by a space in sheets.
    pub(super) sheet: bool,
    /// Whether a sheet is written as a table (else each row as a paragraph
    /// of its plain-text line: the caller wants the text alone).
    pub(super) structure: bool,
    pub(super) sheet_name: String,
    /// Reading a spreadsheet's page header or footer (or a presentation's
    /// master page): page-dependent fields are left out.
    pub(super) sheet_header: bool,
    /// Paragraphs read now are headings of this level (a slide's title).
    title: Option<u8>,
    /// The target of a hyperlink whose text has not started yet: the link
    /// starts at its first character, after any space collapsed before it.
    link_wait: Option<String>,
    pub notes: Vec<Part>,
    pub comments: Vec<Part>,
    pub text_boxes: Vec<Vec<Block>>,
    pub warnings: Vec<(WarningKind, String)>,
    /// The name the next comment gets (a sheet cell, a slide number); else a count.
    pub(super) comment_name: Option<String>,
    comment_count: usize,
    /// The list being read: its counters, style per level of nesting.
    list: Option<Counters>,
    list_styles: Vec<Option<String>>,
    saved_by_id: HashMap<String, Counters>,
    saved_by_style: HashMap<String, Counters>,
    last_list: Option<Counters>,
    depth: u32,
}

impl<'a> Walker<'a> {
    pub fn new(styles: &'a Styles, limits: &'a Limits) -> Walker<'a> {
        Walker {
            styles,
            limits,
            b: Builder::new(
                OutputLimits::new(limits.max_output_bytes).with_deadline(limits.deadline),
            ),
            base: 0,
            layout: 0,
            stop_reason: None,
            sheet: false,
            sheet_name: String::new(),
            sheet_header: false,
            structure: true,
            title: None,
            link_wait: None,
            notes: Vec::new(),
            comments: Vec::new(),
            text_boxes: Vec::new(),
            warnings: Vec::new(),
            comment_name: None,
            comment_count: 0,
            list: None,
            list_styles: Vec::new(),
            saved_by_id: HashMap::new(),
            saved_by_style: HashMap::new(),
            last_list: None,
            depth: 0,
        }
    }

    pub(super) fn warn(&mut self, kind: WarningKind, message: String) {
        if self.warnings.len() < 100 && !self.warnings.iter().any(|(_, m)| *m == message) {
            self.warnings.push((kind, message));
        }
    }

    /// Whether the output limit or the deadline stopped reading.
    pub fn stopped(&self) -> bool {
        self.stop_reason.is_some() || self.b.stopped()
    }

    /// Bytes that count against the output limit so far.
    pub(super) fn used(&self) -> u64 {
        self.base
            .saturating_add(self.b.written())
            .saturating_add(self.layout)
    }

    /// Stops reading: more than the output limit would be written.
    pub(super) fn stop_at_limit(&mut self) {
        if self.stop_reason.is_none() {
            self.stop_reason = Some(format!(
                "more than {} bytes of text",
                self.limits.max_output_bytes
            ));
        }
    }

    /// The limit warning, once, if reading stopped (for the end of the walk).
    pub fn close(&mut self) {
        let why = self
            .stop_reason
            .clone()
            .or_else(|| self.b.limit_reason().map(str::to_owned));
        if let Some(why) = why {
            self.warn(WarningKind::Limit, format!("{why}: the rest is left out"));
        }
    }

    /// Runs `f` one level deeper, unless nesting is too deep.
    pub(super) fn nested(&mut self, f: impl FnOnce(&mut Self)) {
        if self.depth >= MAX_NEST {
            self.warn(
                WarningKind::Limit,
                format!("content nested deeper than {MAX_NEST} levels is left out"),
            );
            return;
        }
        self.depth += 1;
        f(self);
        self.depth -= 1;
    }

    /// Another story (a note, a comment, a text box) written by `f`: its
    /// blocks; what was being written goes on after it.
    pub(super) fn story(&mut self, f: impl FnOnce(&mut Self)) -> Vec<Block> {
        let saved = self.b.suspend();
        let title = self.title.take();
        let link = self.link_wait.take();
        f(self);
        self.title = title;
        self.link_wait = link;
        self.b.resume(saved)
    }

    /// What `f` writes, as blocks to be placed (and counted) by the caller:
    /// read beside the flow under the room left, so that a table's cell can
    /// be repeated without being read again.
    pub(super) fn capture(&mut self, f: impl FnOnce(&mut Self)) -> Vec<Block> {
        if self.stopped() {
            return Vec::new();
        }
        let room = self.limits.max_output_bytes.saturating_sub(self.used());
        let side = Builder::new(OutputLimits::new(room).with_deadline(self.limits.deadline));
        let outer = std::mem::replace(&mut self.b, side);
        let base = self.base;
        self.base = base.saturating_add(outer.written());
        f(self);
        self.base = base;
        let mut side = std::mem::replace(&mut self.b, outer);
        let blocks = side.take_blocks();
        if let Some(why) = side.limit_reason()
            && self.stop_reason.is_none()
        {
            if why == "the deadline" {
                self.stop_reason = Some(why.to_owned());
            } else {
                self.stop_at_limit();
            }
        }
        blocks
    }

    /// The block-level children of `e` (paragraphs, lists, tables, sections,
    /// indexes, shapes).
    pub fn blocks(&mut self, e: &Element) {
        for c in e.elements() {
            if self.stopped() {
                return;
            }
            self.block(c);
        }
    }

    pub(super) fn block(&mut self, c: &Element) {
        match c.name.as_str() {
            "p" | "h" => self.paragraph(c, None),
            "list" => self.nested(|w| w.list(c)),
            "numbered-paragraph" => {
                let label = c.child("number").map(|n| format!("{} ", n.text().trim()));
                let level = c
                    .attr("level")
                    .and_then(|v| v.trim().parse::<u8>().ok())
                    .unwrap_or(1);
                for p in c.elements().filter(|p| p.name == "p" || p.name == "h") {
                    let item = Item {
                        level,
                        kind: if label.is_some() {
                            ItemKind::Numbered
                        } else {
                            ItemKind::Bullet
                        },
                        label: label.clone(),
                    };
                    self.paragraph(p, Some(item));
                }
            }
            "table" => self.nested(|w| w.table(c)),
            "annotation" => self.annotation(c),
            "note" => {
                let mut ws = Ws::new();
                self.note(c, &mut ws);
            }
            // Deleted text lives in the tracked-changes block; index templates
            // are not text (an object's svg:title holds no paragraph, a
            // chart:title does).
            "tracked-changes"
            | "page-thumbnail"
            | "forms"
            | "script"
            | "index-title-template"
            | "annotation-end" => {}
            n if n.ends_with("-source") || n.ends_with("-decls") => {}
            n if is_shape(n) => self.nested(|w| w.shape(c, false)),
            _ => self.nested(|w| w.blocks(c)),
        }
    }

    /// A paragraph or heading: one block, after its list label if any.
    fn paragraph(&mut self, p: &Element, item: Option<Item>) {
        let heading = if p.name == "h" {
            Some(
                p.attr("outline-level")
                    .and_then(|v| v.trim().parse::<u8>().ok())
                    .filter(|&v| v > 0)
                    .or_else(|| {
                        p.attr("style-name")
                            .and_then(|n| self.styles.outline_level(n))
                    })
                    .unwrap_or(1),
            )
        } else {
            p.attr("style-name")
                .and_then(|n| self.styles.outline_level(n))
                .or(self.title)
        };
        // A paragraph's own number, written by the application (§6.1.4),
        // stands for the label.
        let number = p.child("number").map(|n| {
            let n = n.text().trim().to_string();
            (!n.is_empty()).then(|| format!("{n} "))
        });
        let label = match number {
            Some(n) => n,
            None => item.as_ref().and_then(|i| i.label.clone()),
        };
        match (heading, item) {
            (Some(level), _) => {
                self.b.heading(level);
                if let Some(l) = label {
                    self.b.text(&l);
                }
            }
            (None, Some(item)) if item.kind != ItemKind::Plain => {
                self.b
                    .list_item(item.level, item.kind == ItemKind::Numbered, label);
            }
            _ => {
                if let Some(l) = label {
                    self.b.text(&l);
                }
            }
        }
        let mut ws = Ws::new();
        self.inline(p, &mut ws);
        self.b.end_paragraph();
    }

    /// Text of the flow, its white space collapsed (§6.1.2).
    fn push_chars(&mut self, t: &str, ws: &mut Ws) {
        let mut s = String::with_capacity(t.len());
        for ch in t.chars() {
            if matches!(ch, ' ' | '\t' | '\n' | '\r') {
                ws.pending = true;
            } else {
                if ws.pending && !ws.start {
                    s.push(' ');
                }
                ws.pending = false;
                ws.start = false;
                if let Some(target) = self.link_wait.take() {
                    self.b.text(&s);
                    s.clear();
                    self.b.link_start(&target);
                }
                s.push(ch);
            }
        }
        self.b.text(&s);
    }

    /// Text produced by an element (`text:s`, `text:tab`, a citation): never collapsed.
    fn push_kept(&mut self, t: &str, ws: &mut Ws) {
        if t.is_empty() {
            return;
        }
        if ws.pending && !ws.start {
            self.b.push(' ');
        }
        ws.pending = false;
        ws.start = false;
        if let Some(target) = self.link_wait.take() {
            self.b.link_start(&target);
        }
        self.b.text(t);
    }

    /// The inline content of `e`.
    fn inline(&mut self, e: &Element, ws: &mut Ws) {
        for n in &e.children {
            match n {
                Node::Text(t) => self.push_chars(t, ws),
                Node::Element(c) => self.inline_element(c, ws),
            }
        }
    }

    fn inline_element(&mut self, c: &Element, ws: &mut Ws) {
        match c.name.as_str() {
            "s" => {
                let n = c
                    .attr("c")
                    .and_then(|v| v.trim().parse::<usize>().ok())
                    .unwrap_or(1)
                    .clamp(1, MAX_SPACES);
                self.push_kept(&" ".repeat(n), ws);
            }
            "tab" => self.push_kept("\t", ws),
            "line-break" => self.push_kept("\n", ws),
            "note" => self.note(c, ws),
            "annotation" => self.annotation(c),
            // Ruby annotations, hidden text, scripts and the number a
            // heading shows (written before the heading) are not in the flow.
            "ruby-text" | "hidden-text" | "script" | "number" | "tracked-changes"
            | "annotation-end" => {}
            n if self.sheet_header && is_page_field(n) => {}
            n if is_shape(n) => self.nested(|w| w.shape(c, false)),
            // A link around shapes: its name (`office:name`) is text too,
            // the shapes are text boxes.
            _ if is_draw_link(c) => {
                if let Some(name) = c.attr("name") {
                    match c.attr("href").filter(|h| !h.is_empty()) {
                        Some(href) => {
                            self.b.link_start(href);
                            self.push_chars(name, ws);
                            self.b.link_end();
                        }
                        None => self.push_chars(name, ws),
                    }
                }
                self.nested(|w| w.inline(c, ws));
            }
            // A hyperlink (§6.1.8): its text, and its target where it has one.
            "a" => match c.attr("href").filter(|h| !h.is_empty()) {
                Some(href) => {
                    self.link_wait = Some(href.to_string());
                    self.nested(|w| w.inline(c, ws));
                    // A link without text links nothing.
                    if self.link_wait.take().is_none() {
                        self.b.link_end();
                    }
                }
                None => self.nested(|w| w.inline(c, ws)),
            },
            // Spans, fields (their displayed text), metadata, bookmarks and
            // change marks: their content, if any.
            _ => self.nested(|w| w.inline(c, ws)),
        }
    }

    /// `text:note`: the citation stays in the flow, the body becomes a
    /// `Footnote` or `Endnote` part named by the citation.
    fn note(&mut self, c: &Element, ws: &mut Ws) {
        let citation = c
            .child("note-citation")
            .map(|n| {
                n.attr("label")
                    .map(str::to_string)
                    .unwrap_or_else(|| n.text().trim().to_string())
            })
            .unwrap_or_default();
        self.push_kept(&citation, ws);
        let kind = if c.attr("note-class") == Some("endnote") {
            PartKind::Endnote
        } else {
            PartKind::Footnote
        };
        let blocks = match c.child("note-body") {
            Some(b) => self.story(|w| w.nested(|w| w.blocks(b))),
            None => Vec::new(),
        };
        let part = Part::from_blocks(kind, blocks).with_name(citation);
        if !part.text.trim().is_empty() {
            self.notes.push(part);
        }
    }

    /// `office:annotation`: a `Comment` part with its author (`dc:creator`).
    pub(super) fn annotation(&mut self, c: &Element) {
        let blocks = self.story(|w| {
            w.nested(|w| {
                for p in c.elements() {
                    match p.name.as_str() {
                        "creator" | "date" | "date-string" | "sender-initials" => {}
                        _ => w.block(p),
                    }
                }
            })
        });
        self.comment_count += 1;
        let name = self
            .comment_name
            .clone()
            .unwrap_or_else(|| self.comment_count.to_string());
        let mut part = Part::from_blocks(PartKind::Comment, blocks).with_name(name);
        if let Some(a) = c
            .child("creator")
            .map(|a| a.text().trim().to_string())
            .filter(|a| !a.is_empty())
        {
            part = part.with_attribute("author", a);
        }
        if !part.text.trim().is_empty() {
            self.comments.push(part);
        }
    }

    /// A shape's text: into the flow (a slide's) when `flow`, else its own
    /// `TextBox` part. Placeholders, page thumbnails and page-number frames
    /// (a slide or notes page's number field, as pptx's `sldNum`) are
    /// skipped; a
    /// presentation's title placeholder (§19.421 `presentation:class`) in
    /// the flow is a heading.
    pub fn shape(&mut self, c: &Element, flow: bool) {
        if c.attr("placeholder") == Some("true")
            || matches!(c.attr("class"), Some("page" | "page-number"))
        {
            return;
        }
        if c.name == "g" || is_draw_link(c) {
            // A link's name comes before the shapes it holds: a paragraph
            // of the flow, else a text box of its own.
            if let Some(name) = c.attr("name").filter(|_| c.name == "a") {
                let href = c.attr("href").filter(|h| !h.is_empty());
                let write = |w: &mut Self| {
                    if let Some(href) = href {
                        w.b.link_start(href);
                    }
                    w.b.text(name);
                    if href.is_some() {
                        w.b.link_end();
                    }
                    w.b.end_paragraph();
                };
                if flow {
                    write(self);
                } else {
                    let blocks = self.story(write);
                    self.text_boxes.push(blocks);
                }
            }
            for k in c
                .elements()
                .filter(|k| is_shape(&k.name) || is_draw_link(k))
            {
                self.nested(|w| w.shape(k, flow));
            }
            return;
        }
        if flow {
            let title = self.title;
            if c.attr("class") == Some("title") {
                self.title = Some(1);
            }
            self.shape_content(c);
            self.title = title;
        } else {
            let blocks = self.story(|w| w.shape_content(c));
            if !doc_model::plain_text(&blocks).trim().is_empty() {
                self.text_boxes.push(blocks);
            }
        }
    }

    fn shape_content(&mut self, c: &Element) {
        for k in c.elements() {
            match k.name.as_str() {
                // A frame holds one of: a text box, a table (in slides), an
                // image or object (no text; its objects are embedded files).
                "text-box" => self.nested(|w| w.blocks(k)),
                "table" => self.nested(|w| w.table(k)),
                "image" | "object" | "object-ole" | "plugin" | "applet" | "floating-frame"
                | "title" | "desc" | "enhanced-geometry" | "glue-point" => {}
                "p" | "h" | "list" => self.block(k),
                _ => {}
            }
        }
    }

    /// `text:list`: each item's first paragraph after its label.
    fn list(&mut self, l: &Element) {
        let top = self.list.is_none();
        let style = l
            .attr("style-name")
            .map(str::to_string)
            .or_else(|| self.list_styles.last().cloned().flatten())
            .or_else(|| {
                // A list without a style: its first paragraph's style may name one.
                let mut ps = Vec::new();
                l.find_all("p", &mut ps);
                ps.first()
                    .and_then(|p| p.attr("style-name"))
                    .and_then(|n| self.styles.para_list.get(n))
                    .cloned()
            });
        if top {
            let continued = if let Some(id) = l.attr("continue-list") {
                self.saved_by_id.get(id).cloned()
            } else if l.attr("continue-numbering") == Some("true") {
                style
                    .as_ref()
                    .and_then(|st| self.saved_by_style.get(st).cloned())
                    .or_else(|| self.last_list.clone())
            } else {
                None
            };
            self.list = Some(continued.unwrap_or_else(Counters::new));
        }
        let level = self.list_styles.len();
        self.list_styles.push(style.clone());
        for item in l.elements() {
            if self.stopped() {
                break;
            }
            match item.name.as_str() {
                "list-item" | "list-header" => self.list_item(item, level, style.as_deref()),
                _ => self.block(item),
            }
        }
        self.list_styles.pop();
        if top && let Some(c) = self.list.take() {
            if let Some(id) = l.attr("id") {
                self.saved_by_id.insert(id.to_string(), c.clone());
            }
            if let Some(st) = &style {
                self.saved_by_style.insert(st.clone(), c.clone());
            }
            self.last_list = Some(c);
        }
    }

    /// A `text:list-item` or `text:list-header` at nesting `level` (0 = top):
    /// its first paragraph is the item, with the label the list style gives
    /// it; the paragraphs after it are paragraphs of their own.
    fn list_item(&mut self, item: &Element, level: usize, style: Option<&str>) {
        let list_style = style.and_then(|n| self.styles.lists.get(n));
        // An item whose first child is a list has no number of its own.
        let numbered = item.name == "list-item"
            && item.elements().next().is_some_and(|c| c.name != "list")
            && level < LEVELS;
        let mut label = None;
        if numbered && let Some(counters) = self.list.as_mut() {
            let start = list_style.map_or(1, |ls| ls.start(level));
            let value = item
                .attr("start-value")
                .and_then(|v| v.trim().parse::<u32>().ok())
                .or_else(|| {
                    counters
                        .values
                        .get(level)
                        .copied()
                        .flatten()
                        .map(|v| v.saturating_add(1))
                })
                .unwrap_or(start);
            if let Some(slot) = counters.values.get_mut(level) {
                *slot = Some(value);
            }
            for deeper in counters.values.iter_mut().skip(level + 1) {
                *deeper = None;
            }
            label = list_style.and_then(|ls| ls.label(level, &counters.values));
        }
        let mut role = Some(Item {
            level: u8::try_from(level + 1).unwrap_or(u8::MAX),
            kind: list_style.map_or(ItemKind::Bullet, |ls| ls.kind(level)),
            label,
        });
        for c in item.elements() {
            if self.stopped() {
                return;
            }
            match c.name.as_str() {
                "p" | "h" => self.paragraph(c, role.take()),
                _ => self.block(c),
            }
        }
    }
}
