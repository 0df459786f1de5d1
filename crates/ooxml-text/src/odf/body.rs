//! The text of `office:body` (ODF 1.3 Part 3): paragraphs and headings
//! (§5.1) with their white-space rules (§6.1.2), spans, links, fields as
//! displayed (§7), lists with their numbers (§5.3), tables (§9) with
//! repeated rows and columns, notes (§6.3), annotations (§14.1), shapes
//! and text boxes (§10), sheets (§9.1), and drawing pages with their notes
//! (§10.2).

use std::collections::HashMap;

use doc_model::{Part, PartKind};
use xml_tree::{Element, Node};

use super::styles::{LEVELS, Styles};
use crate::{Limits, WarningKind, check_deadline};

/// Most spaces one `text:s` stands for.
const MAX_SPACES: usize = 1024;
/// Most TABs one gap of empty cells becomes (a sheet is 16,384 columns wide).
const MAX_GAP: u64 = 16_384;
/// Deepest nesting of lists, tables, frames and notes followed.
const MAX_NEST: u32 = 64;

/// The elements that are drawing shapes (§10.3–10.4, §10.9).
fn is_shape(name: &str) -> bool {
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
fn is_draw_link(e: &Element) -> bool {
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

fn push_chars(s: &mut String, t: &str, ws: &mut Ws) {
    for ch in t.chars() {
        if matches!(ch, ' ' | '\t' | '\n' | '\r') {
            ws.pending = true;
        } else {
            if ws.pending && !ws.start {
                s.push(' ');
            }
            ws.pending = false;
            ws.start = false;
            s.push(ch);
        }
    }
}

/// Text produced by an element (`text:s`, `text:tab`, a citation): never collapsed.
fn push_kept(s: &mut String, t: &str, ws: &mut Ws) {
    if t.is_empty() {
        return;
    }
    if ws.pending && !ws.start {
        s.push(' ');
    }
    ws.pending = false;
    ws.start = false;
    s.push_str(t);
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

/// Column letters of a 0-based column (`0` → `A`, `26` → `AA`).
fn column_name(mut col: u64) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'A' + (col % 26) as u8);
        if col < 26 {
            break;
        }
        col = col / 26 - 1;
    }
    s.reverse();
    String::from_utf8_lossy(&s).into_owned()
}

/// Reads the stories of one document tree.
pub(super) struct Walker<'a> {
    styles: &'a Styles,
    limits: &'a Limits,
    /// Cells in a table are joined by `\n` in text tables, by a space in sheets.
    sheet: bool,
    sheet_name: String,
    /// Reading a spreadsheet's page header or footer (or a presentation's
    /// master page): page-dependent fields are left out.
    pub(super) sheet_header: bool,
    pub notes: Vec<Part>,
    pub comments: Vec<Part>,
    pub text_boxes: Vec<String>,
    pub warnings: Vec<(WarningKind, String)>,
    /// The name the next comment gets (a sheet cell, a slide number); else a count.
    comment_name: Option<String>,
    comment_count: usize,
    /// The list being read: its counters, style per level of nesting.
    list: Option<Counters>,
    list_styles: Vec<Option<String>>,
    saved_by_id: HashMap<String, Counters>,
    saved_by_style: HashMap<String, Counters>,
    last_list: Option<Counters>,
    depth: u32,
    steps: u32,
    produced: u64,
    pub stopped: bool,
}

impl<'a> Walker<'a> {
    pub fn new(styles: &'a Styles, limits: &'a Limits) -> Walker<'a> {
        Walker {
            styles,
            limits,
            sheet: false,
            sheet_name: String::new(),
            sheet_header: false,
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
            steps: 0,
            produced: 0,
            stopped: false,
        }
    }

    fn warn(&mut self, kind: WarningKind, message: String) {
        if self.warnings.len() < 100 && !self.warnings.iter().any(|(_, m)| *m == message) {
            self.warnings.push((kind, message));
        }
    }

    /// Counts text produced; past the output limit or the deadline reading stops.
    fn produce(&mut self, bytes: usize) -> bool {
        self.produced = self.produced.saturating_add(bytes as u64);
        if self.produced > self.limits.max_output_bytes {
            self.stop(format!(
                "text exceeds {} bytes: the rest is left out",
                self.limits.max_output_bytes
            ));
        }
        !self.stopped
    }

    fn stop(&mut self, why: String) {
        if !self.stopped {
            self.stopped = true;
            self.warn(WarningKind::Limit, why);
        }
    }

    fn tick(&mut self) {
        self.steps = self.steps.wrapping_add(1);
        if self.steps.is_multiple_of(256) && check_deadline(self.limits).is_err() {
            self.stop("the deadline passed: the rest is left out".into());
        }
    }

    /// Runs `f` one level deeper, unless nesting is too deep.
    fn nested(&mut self, f: impl FnOnce(&mut Self)) {
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

    /// The block-level children of `e` (paragraphs, lists, tables, sections,
    /// indexes, shapes) as lines appended to `s`.
    pub fn blocks(&mut self, e: &Element, s: &mut String) {
        for c in e.elements() {
            if self.stopped {
                return;
            }
            self.block(c, s);
        }
    }

    fn block(&mut self, c: &Element, s: &mut String) {
        self.tick();
        match c.name.as_str() {
            "p" | "h" => self.paragraph(c, s, None),
            "list" => self.nested(|w| w.list(c, s)),
            "numbered-paragraph" => {
                let label = c.child("number").map(|n| format!("{} ", n.text().trim()));
                for p in c.elements().filter(|p| p.name == "p" || p.name == "h") {
                    self.paragraph(p, s, label.as_deref());
                }
            }
            "table" => self.nested(|w| w.table(c, s)),
            "annotation" => self.annotation(c),
            "note" => {
                let mut ws = Ws::new();
                self.note(c, s, &mut ws);
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
            n if is_shape(n) => self.nested(|w| w.shape(c, None)),
            _ => self.nested(|w| w.blocks(c, s)),
        }
    }

    /// A paragraph or heading as one line, after its list label if any.
    fn paragraph(&mut self, p: &Element, s: &mut String, label: Option<&str>) {
        let start = s.len();
        // A heading's own number, written by the application (§6.1.8).
        if let Some(n) = p.child("number") {
            let n = n.text();
            if !n.trim().is_empty() {
                s.push_str(n.trim());
                s.push(' ');
            }
        } else if let Some(l) = label {
            s.push_str(l);
        }
        let mut ws = Ws::new();
        self.inline(p, s, &mut ws);
        s.push('\n');
        let n = s.len().saturating_sub(start);
        self.produce(n);
    }

    /// The inline content of `e`.
    fn inline(&mut self, e: &Element, s: &mut String, ws: &mut Ws) {
        for n in &e.children {
            match n {
                Node::Text(t) => push_chars(s, t, ws),
                Node::Element(c) => self.inline_element(c, s, ws),
            }
        }
    }

    fn inline_element(&mut self, c: &Element, s: &mut String, ws: &mut Ws) {
        match c.name.as_str() {
            "s" => {
                let n = c
                    .attr("c")
                    .and_then(|v| v.trim().parse::<usize>().ok())
                    .unwrap_or(1)
                    .clamp(1, MAX_SPACES);
                push_kept(s, &" ".repeat(n), ws);
            }
            "tab" => push_kept(s, "\t", ws),
            "line-break" => push_kept(s, "\n", ws),
            "note" => self.note(c, s, ws),
            "annotation" => self.annotation(c),
            // Ruby annotations, hidden text, scripts and the number a
            // heading shows (written before the heading) are not in the flow.
            "ruby-text" | "hidden-text" | "script" | "number" | "tracked-changes"
            | "annotation-end" => {}
            n if self.sheet_header && is_page_field(n) => {}
            n if is_shape(n) => self.nested(|w| w.shape(c, None)),
            // A link around shapes: its name (`office:name`) is text too.
            _ if is_draw_link(c) => {
                if let Some(name) = c.attr("name") {
                    push_chars(s, name, ws);
                }
                self.nested(|w| w.inline(c, s, ws));
            }
            // Spans, links, fields (their displayed text), metadata,
            // bookmarks and change marks: their content, if any.
            _ => self.nested(|w| w.inline(c, s, ws)),
        }
    }

    /// `text:note`: the citation stays in the flow, the body becomes a
    /// `Footnote` or `Endnote` part named by the citation.
    fn note(&mut self, c: &Element, s: &mut String, ws: &mut Ws) {
        let citation = c
            .child("note-citation")
            .map(|n| {
                n.attr("label")
                    .map(str::to_string)
                    .unwrap_or_else(|| n.text().trim().to_string())
            })
            .unwrap_or_default();
        push_kept(s, &citation, ws);
        let kind = if c.attr("note-class") == Some("endnote") {
            PartKind::Endnote
        } else {
            PartKind::Footnote
        };
        let mut body = String::new();
        if let Some(b) = c.child("note-body") {
            self.nested(|w| w.blocks(b, &mut body));
        }
        if !body.trim().is_empty() {
            self.notes.push(Part::named(kind, citation, body));
        }
    }

    /// `office:annotation`: a `Comment` part with its author (`dc:creator`).
    fn annotation(&mut self, c: &Element) {
        let mut body = String::new();
        self.nested(|w| {
            for p in c.elements() {
                match p.name.as_str() {
                    "creator" | "date" | "date-string" | "sender-initials" => {}
                    _ => w.block(p, &mut body),
                }
            }
        });
        self.comment_count += 1;
        let name = self
            .comment_name
            .clone()
            .unwrap_or_else(|| self.comment_count.to_string());
        let mut part = Part::named(PartKind::Comment, name, body);
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

    /// A shape's text: into `flow` (a slide's) when given, else its own
    /// `TextBox` part. Placeholders and page thumbnails are skipped.
    pub fn shape(&mut self, c: &Element, flow: Option<&mut String>) {
        if c.attr("placeholder") == Some("true") || c.attr("class") == Some("page") {
            return;
        }
        if c.name == "g" || is_draw_link(c) {
            let mut flow = flow;
            // A link's name comes before the shapes it holds.
            if let Some(name) = c.attr("name").filter(|_| c.name == "a") {
                match flow.as_deref_mut() {
                    Some(f) => {
                        f.push_str(name);
                        f.push('\n');
                    }
                    None => self.text_boxes.push(format!("{name}\n")),
                }
            }
            let shapes = c
                .elements()
                .filter(|k| is_shape(&k.name) || is_draw_link(k));
            match flow {
                Some(f) => {
                    for k in shapes {
                        self.nested(|w| w.shape(k, Some(&mut *f)));
                    }
                }
                None => {
                    for k in shapes {
                        self.nested(|w| w.shape(k, None));
                    }
                }
            }
            return;
        }
        let mut own = String::new();
        let has_flow = flow.is_some();
        let dest = match flow {
            Some(f) => f,
            None => &mut own,
        };
        for k in c.elements() {
            match k.name.as_str() {
                // A frame holds one of: a text box, a table (in slides), an
                // image or object (no text; its objects are embedded files).
                "text-box" => self.nested(|w| w.blocks(k, dest)),
                "table" => self.nested(|w| w.table(k, dest)),
                "image" | "object" | "object-ole" | "plugin" | "applet" | "floating-frame"
                | "title" | "desc" | "enhanced-geometry" | "glue-point" => {}
                "p" | "h" | "list" => self.block(k, dest),
                _ => {}
            }
        }
        if !has_flow && !own.trim().is_empty() {
            self.text_boxes.push(own);
        }
    }

    /// `text:list`: each item's first paragraph after its label.
    fn list(&mut self, l: &Element, s: &mut String) {
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
            if self.stopped {
                break;
            }
            match item.name.as_str() {
                "list-item" | "list-header" => self.list_item(item, s, level, style.as_deref()),
                _ => self.block(item, s),
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

    fn list_item(&mut self, item: &Element, s: &mut String, level: usize, style: Option<&str>) {
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
        for c in item.elements() {
            if self.stopped {
                return;
            }
            match c.name.as_str() {
                "p" | "h" => self.paragraph(c, s, label.take().as_deref()),
                _ => self.block(c, s),
            }
        }
    }

    /// The text of a cell: its paragraphs joined by `\n` (a space in sheets).
    fn cell_text(&mut self, cell: &Element) -> String {
        let mut t = String::new();
        self.nested(|w| w.blocks(cell, &mut t));
        let t = t.trim_end_matches('\n');
        if self.sheet {
            t.replace('\n', " ")
        } else {
            t.to_string()
        }
    }

    /// The rows of a table, whatever groups hold them (§9.1.2–9.1.12).
    fn rows<'e>(t: &'e Element, out: &mut Vec<&'e Element>, depth: u32) {
        for c in t.elements() {
            match c.name.as_str() {
                "table-row" => out.push(c),
                "table-header-rows" | "table-rows" | "table-row-group" if depth < MAX_NEST => {
                    Self::rows(c, out, depth + 1)
                }
                _ => {}
            }
        }
    }

    /// `table:table` as lines: rows as lines, cells by TAB. Repeated empty
    /// rows and cells are counted, never expanded; trailing ones vanish.
    /// Repeated content is expanded up to `limits.max_repeat`.
    pub fn table(&mut self, t: &Element, s: &mut String) {
        let mut rows = Vec::new();
        Self::rows(t, &mut rows, 0);
        let max_repeat = self.limits.max_repeat;
        let mut empty_rows = 0u64;
        let mut row_index = 0u64;
        for row in rows {
            if self.stopped {
                return;
            }
            self.tick();
            let repeat = row
                .attr("number-rows-repeated")
                .and_then(|v| v.trim().parse::<u64>().ok())
                .unwrap_or(1)
                .max(1);
            let cells = self.row_cells(row, row_index);
            row_index = row_index.saturating_add(repeat);
            if cells.is_empty() {
                empty_rows = empty_rows.saturating_add(repeat);
                continue;
            }
            // Empty rows between content: blank lines in a text table,
            // nothing in a sheet (as xls-text and xlsx write sheets).
            if !self.sheet && empty_rows > 0 {
                let n = empty_rows.min(max_repeat);
                if empty_rows > max_repeat {
                    self.warn(
                        WarningKind::Limit,
                        format!("{empty_rows} repeated empty rows: {max_repeat} kept"),
                    );
                }
                for _ in 0..n {
                    s.push('\n');
                }
            }
            empty_rows = 0;
            let mut line = String::new();
            for (i, (gap, text)) in cells.iter().enumerate() {
                let tabs = gap.saturating_add(u64::from(i > 0)).min(MAX_GAP);
                line.extend(std::iter::repeat_n('\t', tabs as usize));
                line.push_str(text);
            }
            line.push('\n');
            let n = repeat.min(max_repeat);
            if repeat > max_repeat {
                self.warn(
                    WarningKind::Limit,
                    format!("a row repeated {repeat} times: {max_repeat} kept"),
                );
            }
            for _ in 0..n {
                s.push_str(&line);
                if !self.produce(line.len()) {
                    return;
                }
            }
        }
    }

    /// The cells with text of a row: (empty cells before it, text), content
    /// repeats expanded up to the limit.
    fn row_cells(&mut self, row: &Element, row_index: u64) -> Vec<(u64, String)> {
        let max_repeat = self.limits.max_repeat;
        let mut out = Vec::new();
        let mut gap = 0u64;
        let mut col = 0u64;
        for cell in row.elements() {
            if cell.name != "table-cell" && cell.name != "covered-table-cell" {
                continue;
            }
            let repeat = cell
                .attr("number-columns-repeated")
                .and_then(|v| v.trim().parse::<u64>().ok())
                .unwrap_or(1)
                .max(1);
            let saved = self.comment_name.take();
            if self.sheet {
                self.comment_name = Some(format!(
                    "{}!{}{}",
                    self.sheet_name,
                    column_name(col),
                    row_index.saturating_add(1)
                ));
            }
            let text = if cell.children.is_empty() {
                String::new()
            } else {
                self.cell_text(cell)
            };
            self.comment_name = saved;
            col = col.saturating_add(repeat);
            if text.is_empty() {
                gap = gap.saturating_add(repeat);
                continue;
            }
            let n = repeat.min(max_repeat);
            if repeat > max_repeat {
                self.warn(
                    WarningKind::Limit,
                    format!("a cell repeated {repeat} times: {max_repeat} kept"),
                );
            }
            for i in 0..n {
                out.push((if i == 0 { gap } else { 0 }, text.clone()));
            }
            gap = 0;
            if out.len() as u64 > max_repeat.saturating_mul(64) || self.stopped {
                break;
            }
        }
        out
    }
}

/// The part-level readers: a text document, a spreadsheet, a presentation.
impl Walker<'_> {
    /// `table:table` of a spreadsheet: a `Sheet` part (its name, then its
    /// rows), then its comments and text boxes.
    pub fn sheet_parts(&mut self, t: &Element) -> Vec<Part> {
        let name = t.attr("name").unwrap_or("").to_string();
        let mut text = format!("{name}\n");
        self.sheet = true;
        self.sheet_name = name.clone();
        self.table(t, &mut text);
        if let Some(shapes) = t.child("shapes") {
            for c in shapes.elements() {
                self.nested(|w| w.shape(c, None));
            }
        }
        self.sheet = false;
        let mut part = Part::named(PartKind::Sheet, name.clone(), text);
        if t.attr("style-name")
            .is_some_and(|s| self.styles.hidden.contains(s))
        {
            part = part.with_attribute("hidden", "true");
        }
        let mut parts = vec![part];
        parts.append(&mut self.comments);
        for tb in self.text_boxes.drain(..) {
            parts.push(Part::named(PartKind::TextBox, name.clone(), tb));
        }
        parts
    }

    /// `draw:page` number `n`: `Slide`, `Notes`, `Comment` and `TextBox`
    /// parts, all named `n`.
    pub fn page_parts(&mut self, page: &Element, n: usize) -> Vec<Part> {
        let name = n.to_string();
        let mut slide = String::new();
        let mut notes = String::new();
        self.comment_name = Some(name.clone());
        for c in page.elements() {
            if self.stopped {
                break;
            }
            match c.name.as_str() {
                "notes" => {
                    for k in c.elements().filter(|k| is_shape(&k.name)) {
                        self.nested(|w| w.shape(k, Some(&mut notes)));
                    }
                }
                "annotation" => self.annotation(c),
                n if is_shape(n) => self.nested(|w| w.shape(c, Some(&mut slide))),
                _ if is_draw_link(c) => self.nested(|w| w.shape(c, Some(&mut slide))),
                _ => {}
            }
        }
        self.comment_name = None;
        let mut part = Part::named(PartKind::Slide, name.clone(), slide);
        if page
            .attr("style-name")
            .is_some_and(|s| self.styles.hidden.contains(s))
        {
            part = part.with_attribute("hidden", "true");
        }
        let mut parts = vec![part, Part::named(PartKind::Notes, name.clone(), notes)];
        parts.append(&mut self.comments);
        for tb in self.text_boxes.drain(..) {
            parts.push(Part::named(PartKind::TextBox, name.clone(), tb));
        }
        parts
    }

    /// Page headers and footers of `office:master-styles` (§16.9–16.11):
    /// (headers, footers), each distinct text once, named `default`,
    /// `left` or `first`.
    pub fn headers_footers(
        &mut self,
        masters: &Element,
        spreadsheet: bool,
    ) -> (Vec<Part>, Vec<Part>) {
        self.sheet_header = spreadsheet;
        let (mut headers, mut footers): (Vec<Part>, Vec<Part>) = (Vec::new(), Vec::new());
        for mp in masters.elements().filter(|m| m.name == "master-page") {
            for hf in mp.elements() {
                let (kind, name) = match hf.name.as_str() {
                    "header" => (PartKind::Header, "default"),
                    "header-left" => (PartKind::Header, "left"),
                    "header-first" => (PartKind::Header, "first"),
                    "footer" => (PartKind::Footer, "default"),
                    "footer-left" => (PartKind::Footer, "left"),
                    "footer-first" => (PartKind::Footer, "first"),
                    _ => continue,
                };
                if hf.attr("display") == Some("false") {
                    continue;
                }
                let regions: Vec<&Element> = hf
                    .elements()
                    .filter(|r| r.name.starts_with("region-"))
                    .collect();
                let text = if regions.is_empty() {
                    let mut t = String::new();
                    self.blocks(hf, &mut t);
                    t
                } else {
                    // Left, centre and right regions on one line, as
                    // xls-text writes a sheet's `&L`/`&C`/`&R` sections.
                    let mut cols = Vec::new();
                    for r in ["region-left", "region-center", "region-right"] {
                        let mut t = String::new();
                        if let Some(e) = hf.child(r) {
                            self.blocks(e, &mut t);
                        }
                        cols.push(t.trim_end_matches('\n').replace('\n', " "));
                    }
                    let line = cols.join("\t");
                    format!("{}\n", line.trim_end_matches('\t'))
                };
                let list = if kind == PartKind::Header {
                    &mut headers
                } else {
                    &mut footers
                };
                if !text.trim().is_empty() && !list.iter().any(|p| p.text == text) {
                    list.push(Part::named(kind, name, text));
                }
            }
        }
        self.sheet_header = false;
        (headers, footers)
    }
}
