//! The output end of the interpreter: what it reads, written through
//! `doc_model::Builder` as blocks — paragraphs (`\par`), line breaks
//! (`\line`), headings and list items (their role decided by the reader
//! from the paragraph's properties when the paragraph ends), tables
//! (`\cell`, `\row`, `\nestcell`, `\nestrow` at the paragraph's nesting
//! level, RTF 1.9.1 "Table Definitions") and links (a `HYPERLINK` field's
//! result).
//!
//! The plain text of the blocks is what the reader wrote before it had
//! blocks: a story's leading white space is dropped, every line loses its
//! trailing spaces and TABs, and trailing blank lines go. Where a table's
//! text cannot be told by the plain rules (a cell ending in `\par`, a row
//! ending mid-line), the table is kept as the lines it wrote
//! (`Frame::shadow`), so the text never changes with the structure.

use doc_model::{Block, Builder, Cell, OutputLimits, Row, Suspended, Table};

use crate::table::{RowDef, apply_defs};

/// What the paragraph being ended is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    Paragraph,
    Heading(u8),
    ListItem { level: u8, ordered: bool },
}

/// Deepest table nesting kept as structure; deeper levels are written into
/// the deepest table's cells.
const MAX_NESTING: usize = 64;

/// A table being read: its finished rows, the row being filled, the cell
/// being filled.
#[derive(Default)]
struct TableBuild {
    rows: Vec<Row>,
    defs: Vec<Option<RowDef>>,
    cells: Vec<Cell>,
    cell_open: bool,
    /// Blocks of the open cell taken from the builder before a nested table.
    cell_blocks: Vec<Block>,
}

/// One story being written: the body, or a note, header, comment… met
/// inside it (the builder's state for the outer story is set aside).
struct Frame {
    story: usize,
    /// `stack.len()` of the reader when the story started: it ends when
    /// its group closes.
    depth: usize,
    suspended: Option<Suspended>,
    /// Blocks taken from the builder before a table started.
    blocks: Vec<Block>,
    tables: Vec<TableBuild>,
    /// Something other than white space was written.
    started: bool,
    /// The builder holds an open paragraph.
    para_open: bool,
    /// The text written last ended a line (or nothing was written).
    line_start: bool,
    /// A list label at the start of the open paragraph ends at this byte.
    label_end: Option<usize>,
    /// Where the label being read started: paragraph text and shadow
    /// bytes, and whether that was a line start.
    label_start: Option<(usize, usize, bool)>,
    /// Closed links of the open paragraph: byte range and target.
    links: Vec<(usize, usize, String)>,
    /// The target of the link being written, and where it started in the
    /// open paragraph (once text was written).
    link: Option<(String, Option<usize>)>,
    /// The text written since the outermost open table started, as lines.
    shadow: String,
    /// Characters other than white space written into this story (a
    /// field's result is shown when this grows while it is read).
    visible: u64,
    /// The length of `shadow` just after a `\par` in a table: a `\cell`
    /// that follows at once ends the paragraph that mark ended, and
    /// writes no line end of its own (RTF 1.9.1, "Table Definitions": a
    /// cell's last paragraph is ended by `\cell`).
    par_end: Option<usize>,
}

impl Frame {
    fn new(story: usize, depth: usize, suspended: Option<Suspended>) -> Frame {
        Frame {
            story,
            depth,
            suspended,
            blocks: Vec::new(),
            tables: Vec::new(),
            started: false,
            para_open: false,
            line_start: true,
            label_end: None,
            label_start: None,
            links: Vec::new(),
            link: None,
            shadow: String::new(),
            visible: 0,
            par_end: None,
        }
    }
}

pub(crate) struct Output {
    b: Builder,
    frames: Vec<Frame>,
}

impl Output {
    pub(crate) fn new(limits: OutputLimits) -> Output {
        Output {
            b: Builder::new(limits),
            frames: vec![Frame::new(0, 0, None)],
        }
    }

    /// Why the output stopped (the byte limit or the deadline), if it did.
    pub(crate) fn limit_reason(&self) -> Option<&str> {
        self.b.limit_reason()
    }

    pub(crate) fn stopped(&self) -> bool {
        self.b.stopped()
    }

    /// Characters other than white space written so far into the story
    /// being written (not into the notes or comments met inside it).
    pub(crate) fn visible(&self) -> u64 {
        self.frames.last().map_or(0, |f| f.visible)
    }

    fn frame(&mut self) -> &mut Frame {
        if self.frames.is_empty() {
            self.frames.push(Frame::new(0, 0, None));
        }
        let last = self.frames.len() - 1;
        &mut self.frames[last]
    }

    /// Whether the next text starts a line (list labels drop their leading
    /// spaces there).
    pub(crate) fn at_line_start(&self) -> bool {
        self.frames.last().is_none_or(|f| f.line_start)
    }

    // ---------------------------------------------------------------- stories

    /// A story of index `story` starts inside the group at reader depth
    /// `depth`; what was being written is set aside.
    pub(crate) fn story_start(&mut self, story: usize, depth: usize) {
        let s = self.b.suspend();
        self.frames.push(Frame::new(story, depth, Some(s)));
    }

    /// The reader depth at which the innermost story ends (none for the body).
    pub(crate) fn story_depth(&self) -> Option<usize> {
        self.frames
            .last()
            .filter(|f| f.suspended.is_some())
            .map(|f| f.depth)
    }

    /// Ends the innermost story (its paragraph a `role`): its index and blocks.
    pub(crate) fn story_end(&mut self, role: Role) -> Option<(usize, Vec<Block>)> {
        if self.frames.len() < 2 {
            return None;
        }
        let blocks = self.finish_frame(role);
        let f = self.frames.pop()?;
        if let Some(s) = f.suspended {
            let rest = self.b.resume(s);
            debug_assert!(rest.is_empty());
        }
        Some((f.story, blocks))
    }

    /// Ends the body (every story still open first): the stories' blocks.
    pub(crate) fn finish(&mut self, role: Role) -> Vec<(usize, Vec<Block>)> {
        let mut out = Vec::new();
        while let Some(done) = self.story_end(role) {
            out.push(done);
        }
        let blocks = self.finish_frame(role);
        out.push((0, blocks));
        out
    }

    fn finish_frame(&mut self, role: Role) -> Vec<Block> {
        if self.frame().para_open {
            self.close_paragraph(role, true);
        }
        while !self.frame().tables.is_empty() {
            self.close_table();
        }
        if self.frame().para_open {
            self.close_paragraph(Role::Paragraph, true);
        }
        let tail = self.b.take_blocks();
        let f = self.frame();
        let mut blocks = std::mem::take(&mut f.blocks);
        blocks.extend(tail);
        trim_story_end(&mut blocks);
        blocks
    }

    // ------------------------------------------------------------- text

    /// Text of the current story's paragraph at table nesting `level`.
    pub(crate) fn text(&mut self, s: &str, level: usize) {
        let f = self.frame();
        let s = if f.started {
            s
        } else {
            s.trim_start_matches([' ', '\t'])
        };
        if s.is_empty() {
            return;
        }
        f.started = true;
        if !f.para_open {
            self.sync(level);
        }
        let at = self.b.current_text().len();
        let f = self.frame();
        if let Some((target, start @ None)) = &mut f.link {
            *start = Some(at);
            let target = target.clone();
            self.b.link_start(&target);
        }
        self.b.text(s);
        let f = self.frame();
        f.para_open = true;
        f.line_start = false;
        if !f.tables.is_empty() {
            f.shadow.push_str(s);
        }
        f.visible += s.chars().filter(|c| !c.is_whitespace()).count() as u64;
    }

    /// The end of a paragraph (`\par`, `\sect`, `\page`) that is a `role`.
    pub(crate) fn paragraph_end(&mut self, role: Role, level: usize) {
        if !self.frame().started {
            return;
        }
        if !self.frame().para_open {
            self.sync(level);
        }
        if self.frame().para_open {
            self.close_paragraph(role, true);
        } else {
            self.b.end_paragraph();
        }
        self.line_end_shadow();
        let f = self.frame();
        if !f.tables.is_empty() {
            f.par_end = Some(f.shadow.len());
        }
    }

    /// A line break inside the paragraph (`\line`).
    pub(crate) fn line_break(&mut self, role: Role, level: usize) {
        if !self.frame().para_open {
            // A break on an empty line is an empty line.
            self.paragraph_end(role, level);
            return;
        }
        self.trim_line_end();
        self.b.line_break();
        self.line_end_shadow();
    }

    fn line_end_shadow(&mut self) {
        let f = self.frame();
        f.line_start = true;
        if !f.tables.is_empty() {
            let keep = f.shadow.trim_end_matches([' ', '\t']).len();
            f.shadow.truncate(keep);
            f.shadow.push('\n');
        }
    }

    /// Removes the spaces and TABs that end the open paragraph's line.
    fn trim_line_end(&mut self) {
        let t = self.b.current_text();
        let keep = t.trim_end_matches([' ', '\t']).len();
        if keep < t.len() {
            self.b.truncate_current(keep);
            let f = self.frame();
            f.links.retain(|l| l.1 <= keep);
            if let Some((_, Some(start))) = &f.link
                && *start > keep
            {
                f.link = f.link.take().map(|(t, _)| (t, None));
            }
        }
    }

    /// Ends the open paragraph as a `role`; `trim` where it ends a line.
    fn close_paragraph(&mut self, role: Role, trim: bool) {
        if trim {
            self.trim_line_end();
        }
        if let Some((target, Some(_))) = self.frame().link.clone() {
            self.close_link();
            // The field goes on in the next paragraph.
            self.frame().link = Some((target, None));
        }
        match role {
            Role::Paragraph => {}
            Role::Heading(level) => self.b.heading(level),
            Role::ListItem { level, ordered } => self.list_item(level, ordered),
        }
        self.b.end_paragraph();
        let f = self.frame();
        f.para_open = false;
        f.label_end = None;
        f.label_start = None;
        f.links.clear();
    }

    /// Makes the open paragraph a list item, its label (at its start) out
    /// of the text.
    fn list_item(&mut self, level: u8, ordered: bool) {
        let Some(end) = self.frame().label_end else {
            self.b.list_item(level, ordered, None);
            return;
        };
        let text = self.b.current_text().to_owned();
        let mut end = end.min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let links = std::mem::take(&mut self.frame().links);
        self.b.truncate_current(0);
        self.b
            .list_item(level, ordered, text.get(..end).map(str::to_owned));
        let mut at = end;
        for (start, stop, target) in links {
            if start < at {
                continue;
            }
            if let (Some(before), Some(inside)) = (text.get(at..start), text.get(start..stop)) {
                self.b.text(before);
                self.b.link_start(&target);
                self.b.text(inside);
                self.b.link_end();
                at = stop;
            }
        }
        if let Some(tail) = text.get(at..) {
            self.b.text(tail);
        }
    }

    // ------------------------------------------------------------- labels

    /// A list label (`\listtext`, `\pntext`) starts.
    pub(crate) fn label_start(&mut self) {
        let at = self.b.current_text().len();
        let f = self.frame();
        let at = if f.para_open { at } else { 0 };
        f.label_start = Some((at, f.shadow.len(), f.line_start));
    }

    /// The label ends: one of white space only is dropped (a heading's empty
    /// outline number); one at the start of its paragraph is its label.
    pub(crate) fn label_end(&mut self) {
        let Some((start, shadow, line_start)) = self.frame().label_start.take() else {
            return;
        };
        let para_open = self.frame().para_open;
        let t = if para_open { self.b.current_text() } else { "" };
        let Some(label) = t.get(start..) else {
            return;
        };
        if label.trim().is_empty() {
            if para_open && start < t.len() {
                self.b.truncate_current(start);
                let f = self.frame();
                f.shadow.truncate(shadow);
                f.line_start = line_start;
            }
        } else if start == 0 {
            let end = t.len();
            self.frame().label_end = Some(end);
        }
    }

    /// The list label the open paragraph starts with, if any.
    pub(crate) fn label(&self) -> Option<&str> {
        let end = self.frames.last()?.label_end?;
        self.b.current_text().get(..end)
    }

    // ------------------------------------------------------------- links

    /// A hyperlink's text starts (a `HYPERLINK` field's result).
    pub(crate) fn link_start(&mut self, target: String) {
        self.frame().link = Some((target, None));
    }

    /// The hyperlink's text ends.
    pub(crate) fn link_end(&mut self) {
        self.close_link();
        self.frame().link = None;
    }

    fn close_link(&mut self) {
        let end = self.b.current_text().len();
        let f = self.frame();
        if let Some((target, Some(start))) = f.link.take() {
            if f.para_open && start < end {
                f.links.push((start, end, target));
            }
            self.b.link_end();
        }
    }

    // ------------------------------------------------------------- tables

    /// Opens and closes tables so that text at nesting `level` goes into a
    /// cell of a table that deep (0: outside tables).
    fn sync(&mut self, level: usize) {
        let level = level.min(MAX_NESTING);
        while self.frame().tables.len() > level {
            self.close_table();
        }
        loop {
            let f = self.frame();
            if let Some(t) = f.tables.last_mut()
                && !t.cell_open
            {
                t.cell_open = true;
                t.cell_blocks.clear();
            }
            if f.tables.len() >= level {
                break;
            }
            self.open_table();
        }
    }

    fn open_table(&mut self) {
        if self.frame().para_open {
            self.close_paragraph(Role::Paragraph, false);
        }
        let done = self.b.take_blocks();
        let f = self.frame();
        match f.tables.last_mut() {
            Some(t) => t.cell_blocks.extend(done),
            None => {
                f.blocks.extend(done);
                f.shadow.clear();
                f.par_end = None;
            }
        }
        f.tables.push(TableBuild::default());
    }

    /// `\cell` (`nested` false: the cell of level 1) or `\nestcell` at
    /// paragraph level `level`, the open paragraph a `role`.
    pub(crate) fn cell(&mut self, nested: bool, level: usize, role: Role) {
        let target = if nested { level.max(2) } else { 1 }.min(MAX_NESTING);
        if self.frame().tables.len() < target {
            if self.frame().para_open {
                // A cell end with no table open, after text: only a TAB.
                self.text("\t", level);
                return;
            }
            self.sync(target);
        }
        while self.frame().tables.len() > target {
            if self.frame().para_open {
                self.close_paragraph(role, false);
            }
            self.close_table();
        }
        self.sync(target);
        if self.frame().para_open {
            self.close_paragraph(role, false);
        }
        let cell = self.take_cell().unwrap_or_else(|| Cell::new(Vec::new()));
        let f = self.frame();
        if let Some(t) = f.tables.last_mut() {
            t.cells.push(cell);
        }
        // `\par\cell`: the paragraph mark and the cell end end the same
        // paragraph, once.
        if f.par_end.take() == Some(f.shadow.len()) && f.shadow.ends_with('\n') {
            f.shadow.pop();
        }
        if f.started {
            f.shadow.push('\t');
            f.line_start = false;
        }
    }

    /// `\row` or `\nestrow` at paragraph level `level` with the row's
    /// definition, the open paragraph a `role`.
    pub(crate) fn row(&mut self, nested: bool, level: usize, def: Option<RowDef>, role: Role) {
        let target = if nested { level.max(2) } else { 1 }.min(MAX_NESTING);
        if self.frame().tables.len() < target {
            if self.frame().para_open || self.frame().tables.is_empty() {
                // A row end with no table: the end of a line, less a TAB.
                if self.frame().para_open && self.b.current_text().ends_with('\t') {
                    let keep = self.b.current_text().len() - 1;
                    self.b.truncate_current(keep);
                }
                self.paragraph_end(Role::Paragraph, level);
                return;
            }
            self.sync(target);
        }
        while self.frame().tables.len() > target {
            if self.frame().para_open {
                self.close_paragraph(role, false);
            }
            self.close_table();
        }
        if self.frame().para_open {
            // Text after the last \cell: a cell of its own.
            self.cell(nested, level, role);
        } else if let Some(cell) = self.take_cell().filter(|c| !c.blocks.is_empty())
            && let Some(t) = self.frame().tables.last_mut()
        {
            t.cells.push(cell);
        }
        let f = self.frame();
        if let Some(t) = f.tables.last_mut() {
            let mut cells = std::mem::take(&mut t.cells);
            trim_row_end(&mut cells);
            t.rows.push(Row::new(cells));
            t.defs.push(def);
        }
        f.par_end = None;
        if f.started {
            if f.shadow.ends_with('\t') {
                f.shadow.pop();
            }
            let keep = f.shadow.trim_end_matches([' ', '\t']).len();
            f.shadow.truncate(keep);
            f.shadow.push('\n');
            f.line_start = true;
        }
    }

    /// The open cell's blocks, the cell closed (none when no cell is open).
    fn take_cell(&mut self) -> Option<Cell> {
        let open = self.frame().tables.last().is_some_and(|t| t.cell_open);
        if !open {
            return None;
        }
        let tail = self.b.take_blocks();
        let t = self.frame().tables.last_mut()?;
        let mut blocks = std::mem::take(&mut t.cell_blocks);
        blocks.extend(tail);
        t.cell_open = false;
        Some(Cell::new(blocks))
    }

    /// Closes the innermost table into the container around it. The
    /// outermost table is checked against the lines it wrote; where they
    /// differ, those lines are kept instead.
    fn close_table(&mut self) {
        if self.frame().para_open {
            self.close_paragraph(Role::Paragraph, false);
        }
        let last = self.take_cell().filter(|c| !c.blocks.is_empty());
        let f = self.frame();
        let Some(mut t) = f.tables.pop() else {
            return;
        };
        let mut cells = std::mem::take(&mut t.cells);
        cells.extend(last);
        if !cells.is_empty() {
            t.rows.push(Row::new(cells));
            t.defs.push(None);
        }
        let mut table = Table::new(t.rows, 0);
        apply_defs(&mut table, &t.defs);
        let block = Block::Table(table);
        if let Some(outer) = f.tables.last_mut() {
            outer.cell_blocks.push(block);
            return;
        }
        let shadow = std::mem::take(&mut f.shadow);
        let plain = doc_model::plain_text(std::slice::from_ref(&block));
        if plain == shadow {
            if !matches!(&block, Block::Table(t) if t.rows.is_empty()) {
                f.blocks.push(block);
            }
            return;
        }
        // The lines as written; an unfinished last line goes on in the
        // paragraph that follows.
        let (lines, rest) = match shadow.rfind('\n') {
            Some(i) => (
                shadow.get(..i).unwrap_or(""),
                shadow.get(i + 1..).unwrap_or(""),
            ),
            None => ("", shadow.as_str()),
        };
        if shadow.contains('\n') {
            f.blocks.extend(lines.split('\n').map(Block::paragraph));
        }
        if !rest.is_empty() {
            self.b.text(rest);
            let f = self.frame();
            f.para_open = true;
            f.line_start = false;
        }
    }
}

/// Drops the white space a line's end loses from a finished row: the
/// trailing spaces and TABs of its last non-empty cell, and the empty
/// cells after it.
fn trim_row_end(cells: &mut [Cell]) {
    for cell in cells.iter_mut().rev() {
        let Some(last) = cell.blocks.last_mut() else {
            continue;
        };
        let done = match last {
            Block::Paragraph { content } | Block::Heading { content, .. } => {
                trim_inline(content, &[' ', '\t']);
                !content.text.is_empty()
            }
            Block::ListItem { label, content, .. } => {
                trim_inline(content, &[' ', '\t']);
                if content.text.is_empty()
                    && let Some(l) = label
                {
                    let keep = l.trim_end_matches([' ', '\t']).len();
                    l.truncate(keep);
                }
                !content.text.is_empty() || label.as_ref().is_some_and(|l| !l.is_empty())
            }
            _ => true,
        };
        if done || cell.blocks.len() > 1 {
            return;
        }
    }
}

fn trim_inline(content: &mut doc_model::Inline, chars: &[char]) {
    let keep = content.text.trim_end_matches(chars).len();
    content.text.truncate(keep);
    content.links.retain(|l| l.end <= keep);
}

/// A story's end loses its trailing white space and blank lines.
fn trim_story_end(blocks: &mut Vec<Block>) {
    const WS: &[char] = &[' ', '\t', '\n'];
    while let Some(last) = blocks.last_mut() {
        let empty = match last {
            Block::Paragraph { content } | Block::Heading { content, .. } => {
                trim_inline(content, WS);
                content.text.is_empty()
            }
            Block::ListItem { label, content, .. } => {
                trim_inline(content, WS);
                if content.text.is_empty()
                    && let Some(l) = label
                {
                    let keep = l.trim_end_matches(WS).len();
                    l.truncate(keep);
                }
                content.text.is_empty() && label.as_ref().is_none_or(|l| l.is_empty())
            }
            Block::Table(t) => {
                while t
                    .rows
                    .last()
                    .is_some_and(|r| r.cells.iter().all(|c| c.plain_text().is_empty()))
                {
                    t.rows.pop();
                }
                t.rows.is_empty()
            }
            _ => false,
        };
        if !empty {
            return;
        }
        blocks.pop();
    }
}

#[cfg(test)]
mod tests {
    use doc_model::Block;

    fn body(rtf: &str) -> (String, Vec<Block>) {
        let doc = crate::parse(rtf.as_bytes()).unwrap();
        let p = doc.parts.into_iter().next().unwrap();
        assert_eq!(doc_model::plain_text(&p.blocks), p.text);
        (p.text, p.blocks)
    }

    #[test]
    fn white_space_goes_as_the_plain_text_always_dropped_it() {
        let (text, blocks) =
            body("{\\rtf1 \\par\\tab  lead \\par\\par mid\\line  \\par end \\par\\par}");
        assert_eq!(text, "lead\n\nmid\n\nend\n");
        assert_eq!(blocks.len(), 4);
    }

    #[test]
    fn a_par_before_cell_ends_the_cells_last_paragraph() {
        // pandoc's RTF writer ends every cell with \par: the paragraph mark
        // and \cell end the cell's one paragraph (RTF 1.9.1 "Table
        // Definitions"), so the cells are a row of a table.
        let rtf = "{\\rtf1 \\trowd\\cellx1000\\cellx2000 {\\pard\\intbl a\\par}\\cell {\\pard\\intbl b\\par}\\cell\\row\\pard after\\par}";
        let (text, blocks) = body(rtf);
        assert_eq!(text, "a\tb\nafter\n");
        assert!(matches!(&blocks[0], Block::Table(t) if t.rows[0].cells.len() == 2));
    }

    #[test]
    fn a_cell_ending_in_an_empty_paragraph_keeps_the_lines_it_wrote() {
        // Two marks before \cell: an empty paragraph the table's plain
        // rendering cannot show, so the lines stay as written.
        let rtf = "{\\rtf1 \\trowd\\cellx1000\\cellx2000 \\pard\\intbl a\\par\\par\\cell b\\cell\\row\\pard after\\par}";
        let (text, blocks) = body(rtf);
        assert_eq!(text, "a\n\tb\nafter\n");
        assert!(blocks.iter().all(|b| !matches!(b, Block::Table(_))));
    }

    #[test]
    fn a_backslash_before_a_line_end_is_a_par() {
        let (text, blocks) = body("{\\rtf1 one\\\ntwo\\\r\nthree}");
        assert_eq!(text, "one\ntwo\nthree\n");
        assert_eq!(blocks.len(), 3);
    }

    #[test]
    fn a_row_without_intbl_after_trowd_is_a_table() {
        let (text, blocks) =
            body("{\\rtf1 \\trowd\\cellx1000\\cellx2000 one\\cell two \\cell\\row after\\par}");
        assert_eq!(text, "one\ttwo\nafter\n");
        assert!(matches!(&blocks[0], Block::Table(t) if t.rows[0].cells.len() == 2));
    }

    #[test]
    fn cells_without_a_table_are_tabs() {
        let (text, blocks) = body("{\\rtf1 a\\cell b\\row c\\par}");
        assert_eq!(text, "a\tb\nc\n");
        assert!(blocks.iter().all(|b| !matches!(b, Block::Table(_))));
    }

    #[test]
    fn labels_become_list_items_and_stay_in_headings() {
        let rtf = "{\\rtf1{\\stylesheet{\\s1 heading 1;}}\\pard\\s1{\\listtext 1.\\tab}Intro\\par\\pard\\ls1{\\listtext 2.\\tab}Item \\par\\pard\\ls1{\\listtext 3.\\tab}\\par}";
        let (text, blocks) = body(rtf);
        assert_eq!(text, "1.\tIntro\n2.\tItem\n3.\n");
        assert!(
            matches!(&blocks[0], Block::Heading { level: 1, content } if content.text == "1.\tIntro")
        );
        assert!(
            matches!(&blocks[1], Block::ListItem { label: Some(l), content, .. } if l == "2.\t" && content.text == "Item")
        );
    }

    #[test]
    fn a_link_inside_a_list_item_survives_the_label() {
        let rtf = "{\\rtf1\\pard\\ls1{\\listtext -\\tab}see {\\field{\\*\\fldinst HYPERLINK \"http://a.example\"}{\\fldrslt here}} now\\par}";
        let (_, blocks) = body(rtf);
        let Some(Block::ListItem { content, .. }) = blocks.first() else {
            panic!("{blocks:?}")
        };
        assert_eq!(content.segments()[1], ("here", Some("http://a.example")));
    }

    #[test]
    fn stories_inside_a_paragraph_do_not_split_it() {
        let doc = crate::parse(b"{\\rtf1 body {\\footnote note\\par} text\\par}").unwrap();
        assert_eq!(doc.parts[0].text, "body  text\n");
        assert_eq!(doc.parts[1].text, "note\n");
    }

    #[test]
    fn a_pn_not_marked_ignorable_is_text_and_a_fallback_unit() {
        // `\pn` outside `{\*…}` is read as the text it holds; after `\uN`
        // it is the one fallback unit, as every other control word.
        let (text, blocks) = body("{\\rtf1 {\\pn x}y \\u8212\\pn z\\par}");
        assert_eq!(text, "xy \u{2014}z\n");
        assert!(matches!(&blocks[0], Block::Paragraph { .. }), "{blocks:?}");
    }

    #[test]
    fn the_builder_owns_the_output_limit() {
        let mut o = crate::Options::default();
        o.limits.max_output_bytes = 8;
        let doc = crate::parse_with(b"{\\rtf1 0123456789\\par more\\par}", &o).unwrap();
        assert_eq!(doc.text(), "01234567\n");
        let limits = doc
            .warnings
            .iter()
            .filter(|w| w.kind == crate::WarningKind::Limit);
        assert_eq!(limits.count(), 1, "{:?}", doc.warnings);
    }
}
