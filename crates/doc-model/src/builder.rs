//! [`Builder`]: how a layer hands over structure. Its calls mirror what a
//! walker pushed into a `String` before (`text`, `tab`, `line_break`, the end
//! of a paragraph, a cell, a row), plus what the format says a paragraph is
//! (`heading`, `list_item`). It owns the output limit and the deadline: once
//! either is reached every call is ignored and [`Builder::limit_reason`]
//! says why, once.

use std::time::Instant;

use crate::block::{Block, Cell, Inline, Row, Table};
use crate::{Part, PartKind};

/// What bounds a [`Builder`]'s output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct OutputLimits {
    /// Bytes of text at most, over every part the builder makes.
    pub max_bytes: u64,
    /// When to stop, if ever.
    pub deadline: Option<Instant>,
}

impl OutputLimits {
    /// `max_bytes` of text, no deadline.
    pub fn new(max_bytes: u64) -> OutputLimits {
        OutputLimits {
            max_bytes,
            deadline: None,
        }
    }

    /// The limits with `deadline` set.
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> OutputLimits {
        self.deadline = deadline;
        self
    }
}

/// What an open paragraph will be.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Role {
    Paragraph,
    Heading(u8),
    ListItem {
        level: u8,
        ordered: bool,
        label: Option<String>,
    },
}

#[derive(Debug)]
struct OpenParagraph {
    role: Role,
    content: Inline,
    /// A link being written: where its text starts, and its target.
    link: Option<(usize, String)>,
}

#[derive(Debug, Default)]
struct OpenTable {
    table: Table,
    row: Option<Row>,
    /// The current row is a header row.
    row_header: bool,
    /// Every row so far was a header row.
    leading_headers: bool,
    /// The open cell: its span and the blocks of the container around it.
    cell: Option<(Cell, Vec<Block>)>,
    /// Vertical merge continuations: (row, grid column).
    merged_above: Vec<(usize, u32)>,
    /// The blocks of the container around the table.
    outer: Vec<Block>,
}

/// Blocks and the open paragraph set aside while another story is written
/// (a text box met inside a paragraph); see [`Builder::suspend`].
#[derive(Debug)]
pub struct Suspended {
    blocks: Vec<Block>,
    paragraph: Option<OpenParagraph>,
    tables: Vec<OpenTable>,
}

/// Builds a document's blocks, part by part, under one output limit.
///
/// ```
/// use doc_model::{Builder, OutputLimits, PartKind};
///
/// let mut b = Builder::new(OutputLimits::new(1 << 20));
/// b.heading(1);
/// b.text("Results");
/// b.end_paragraph();
/// b.list_item(1, true, Some("1.\t".into()));
/// b.text("first");
/// b.end_paragraph();
/// b.table_start();
/// b.row_start();
/// b.cell_start(1, 1);
/// b.text("a");
/// b.cell_end();
/// b.cell_start(1, 1);
/// b.text("b");
/// b.cell_end();
/// b.row_end();
/// b.table_end();
/// let body = b.finish_part(PartKind::Body);
/// assert_eq!(body.text, "Results\n1.\tfirst\na\tb\n");
/// assert_eq!(body.blocks.len(), 3);
/// assert!(b.limit_reason().is_none());
/// ```
#[derive(Debug)]
pub struct Builder {
    blocks: Vec<Block>,
    paragraph: Option<OpenParagraph>,
    tables: Vec<OpenTable>,
    limits: OutputLimits,
    written: u64,
    stopped: Option<String>,
    ticks: u32,
}

/// How many calls pass between two looks at the clock.
const CLOCK_EVERY: u32 = 256;

impl Builder {
    /// An empty builder under `limits`.
    pub fn new(limits: OutputLimits) -> Builder {
        Builder {
            blocks: Vec::new(),
            paragraph: None,
            tables: Vec::new(),
            limits,
            written: 0,
            stopped: None,
            ticks: 0,
        }
    }

    /// Whether the limit or the deadline stopped the output.
    pub fn stopped(&self) -> bool {
        self.stopped.is_some()
    }

    /// Why output stopped (`more than N bytes of text`, `the deadline`), if
    /// it did: for the layer's one limit warning.
    pub fn limit_reason(&self) -> Option<&str> {
        self.stopped.as_deref()
    }

    /// Bytes of text written so far.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Looks at the deadline now and then; true once stopped.
    fn tick(&mut self) -> bool {
        if self.stopped.is_none() {
            self.ticks = self.ticks.wrapping_add(1);
            if self.ticks.is_multiple_of(CLOCK_EVERY)
                && crate::deadline_passed(self.limits.deadline)
            {
                self.stopped = Some("the deadline".to_owned());
            }
        }
        self.stopped.is_some()
    }

    /// Counts `n` bytes against the limit: how many of them fit.
    fn admit(&mut self, n: usize) -> usize {
        if self.stopped.is_some() {
            return 0;
        }
        let room = self.limits.max_bytes.saturating_sub(self.written);
        let fit = (n as u64).min(room);
        self.written += fit;
        if fit < n as u64 {
            self.stopped = Some(format!("more than {} bytes of text", self.limits.max_bytes));
        }
        fit as usize
    }

    fn open(&mut self) -> &mut OpenParagraph {
        self.paragraph.get_or_insert_with(|| OpenParagraph {
            role: Role::Paragraph,
            content: Inline::default(),
            link: None,
        })
    }

    /// Appends text to the open paragraph (opening one).
    pub fn text(&mut self, s: &str) {
        if s.is_empty() || self.tick() {
            return;
        }
        let fit = self.admit(s.len());
        let mut end = fit;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        if let Some(part) = s.get(..end) {
            self.open().content.text.push_str(part);
        }
    }

    /// Appends one character.
    pub fn push(&mut self, c: char) {
        let mut buf = [0u8; 4];
        self.text(c.encode_utf8(&mut buf));
    }

    /// A tab inside the paragraph.
    pub fn tab(&mut self) {
        self.text("\t");
    }

    /// A line break inside the paragraph.
    pub fn line_break(&mut self) {
        self.text("\n");
    }

    /// The text written into the open paragraph so far.
    pub fn current_text(&self) -> &str {
        self.paragraph
            .as_ref()
            .map_or("", |p| p.content.text.as_str())
    }

    /// Removes the open paragraph's text after byte `len` (a walker taking
    /// back what it wrote, as it truncated its `String`).
    pub fn truncate_current(&mut self, len: usize) {
        if let Some(p) = &mut self.paragraph
            && p.content.text.is_char_boundary(len)
            && len <= p.content.text.len()
        {
            let cut = p.content.text.len() - len;
            self.written = self.written.saturating_sub(cut as u64);
            p.content.text.truncate(len);
            p.content.links.retain(|l| l.end <= len);
        }
    }

    /// The open paragraph is a heading of `level` (1..=6; deeper levels are 6).
    pub fn heading(&mut self, level: u8) {
        if self.stopped() {
            return;
        }
        self.open().role = Role::Heading(level.clamp(1, 6));
    }

    /// The open paragraph is a list item at nesting `level` (1 = top), with
    /// the label the document displays (separator included), if any.
    pub fn list_item(&mut self, level: u8, ordered: bool, label: Option<String>) {
        if self.stopped() {
            return;
        }
        let label = label.filter(|l| !l.is_empty()).and_then(|l| {
            let fit = self.admit(l.len());
            (fit == l.len()).then_some(l)
        });
        self.open().role = Role::ListItem {
            level: level.max(1),
            ordered,
            label,
        };
    }

    /// Starts a hyperlink to `target` at this point of the paragraph.
    pub fn link_start(&mut self, target: &str) {
        if self.stopped() {
            return;
        }
        let p = self.open();
        p.link = Some((p.content.text.len(), target.to_owned()));
    }

    /// Ends the hyperlink started last.
    pub fn link_end(&mut self) {
        if let Some(p) = &mut self.paragraph
            && let Some((start, target)) = p.link.take()
        {
            let end = p.content.text.len();
            p.content.add_link(start, end, target);
        }
    }

    /// Ends the open paragraph: a block of its role. With nothing open, an
    /// empty paragraph (a blank line).
    pub fn end_paragraph(&mut self) {
        let stopped = self.tick() || self.admit(1) == 0;
        match self.paragraph.take() {
            // What was written before the limit stays.
            Some(p) => self.blocks.push(close(p)),
            None if !stopped => self.blocks.push(Block::Paragraph {
                content: Inline::default(),
            }),
            None => {}
        }
    }

    /// Ends the open paragraph if there is one, without a blank line otherwise.
    pub fn end_open_paragraph(&mut self) {
        if self.paragraph.is_some() {
            self.end_paragraph();
        }
    }

    /// A block built whole (a preformatted text, a table read as a grid).
    pub fn push_block(&mut self, block: Block) {
        self.end_open_paragraph();
        if self.tick() {
            return;
        }
        let n = crate::plain_text(std::slice::from_ref(&block)).len();
        if self.admit(n) == n {
            self.blocks.push(block);
        }
    }

    /// A page boundary.
    pub fn page_break(&mut self) {
        self.end_open_paragraph();
        if self.admit(1) == 1 {
            self.blocks.push(Block::PageBreak);
        }
    }

    /// Starts a table (inside the current cell, if any).
    pub fn table_start(&mut self) {
        self.end_open_paragraph();
        let outer = std::mem::take(&mut self.blocks);
        self.tables.push(OpenTable {
            outer,
            leading_headers: true,
            ..OpenTable::default()
        });
    }

    /// Starts a row of the open table.
    pub fn row_start(&mut self) {
        self.row_end();
        if let Some(t) = self.tables.last_mut() {
            t.row = Some(Row::default());
            t.row_header = false;
        }
    }

    /// The open row is a header row (counted while every row before it is one).
    pub fn row_header(&mut self) {
        if let Some(t) = self.tables.last_mut() {
            t.row_header = true;
        }
    }

    /// Starts a cell spanning `cols` columns and `rows` rows; what follows
    /// until [`Builder::cell_end`] is its content.
    pub fn cell_start(&mut self, cols: u32, rows: u32) {
        self.cell_end();
        let Some(t) = self.tables.last_mut() else {
            return;
        };
        if t.row.is_none() {
            t.row = Some(Row::default());
            t.row_header = false;
        }
        let outer = std::mem::take(&mut self.blocks);
        t.cell = Some((Cell::new(Vec::new()).with_span(cols, rows), outer));
    }

    /// A covered place of the row (see [`Cell::covered`]): no content.
    pub fn cell_covered(&mut self) {
        self.cell_end();
        if let Some(t) = self.tables.last_mut() {
            t.row
                .get_or_insert_with(Row::default)
                .cells
                .push(Cell::covered());
        }
    }

    /// A place continuing the vertically merged cell above it over `cols`
    /// columns (Word's `vMerge` without `restart`, RTF's `\clvmrg`): the
    /// cell that starts the region above gets its row span when the table
    /// ends. Its content, if any, follows until [`Builder::cell_end`] and
    /// stays in the plain text only.
    pub fn cell_merged_above(&mut self, cols: u32) {
        self.cell_start(cols, 1);
        if let Some(t) = self.tables.last_mut() {
            let row = t.table.rows.len();
            let col: u32 = t
                .row
                .as_ref()
                .map_or(0, |r| r.cells.iter().map(|c| c.col_span).sum());
            t.merged_above.push((row, col));
            if let Some((cell, _)) = &mut t.cell {
                cell.covered = true;
            }
        }
    }

    /// Ends the open cell.
    pub fn cell_end(&mut self) {
        self.end_open_paragraph();
        let Some(t) = self.tables.last_mut() else {
            return;
        };
        if let Some((mut cell, outer)) = t.cell.take() {
            cell.blocks = std::mem::replace(&mut self.blocks, outer);
            t.row.get_or_insert_with(Row::default).cells.push(cell);
        }
    }

    /// Ends the open row.
    pub fn row_end(&mut self) {
        self.cell_end();
        let Some(t) = self.tables.last_mut() else {
            return;
        };
        if let Some(row) = t.row.take() {
            if t.row_header && t.leading_headers {
                t.table.header_rows += 1;
            } else {
                t.leading_headers = false;
            }
            t.table.rows.push(row);
        }
        self.tick();
    }

    /// Ends the open table; with `caption`, ties that text to it.
    pub fn table_end_with_caption(&mut self, caption: Option<String>) {
        self.row_end();
        let Some(mut t) = self.tables.pop() else {
            return;
        };
        resolve_merges(&mut t.table, &t.merged_above);
        t.table.caption = caption.filter(|c| !c.is_empty()).map(Inline::new);
        self.blocks = t.outer;
        // Rows were admitted as they were written; a table cut by the limit
        // keeps the rows it has.
        if !t.table.rows.is_empty() {
            self.blocks.push(Block::Table(t.table));
        }
    }

    /// Ends the open table.
    pub fn table_end(&mut self) {
        self.table_end_with_caption(None);
    }

    /// Whether a table is open.
    pub fn in_table(&self) -> bool {
        !self.tables.is_empty()
    }

    /// Closes everything open and returns the blocks written since the
    /// start or the last `take_blocks`/`finish_part`.
    pub fn take_blocks(&mut self) -> Vec<Block> {
        self.end_open_paragraph();
        while self.in_table() {
            self.table_end();
        }
        std::mem::take(&mut self.blocks)
    }

    /// Closes everything open and returns what was written as a part of `kind`.
    pub fn finish_part(&mut self, kind: PartKind) -> Part {
        Part::from_blocks(kind, self.take_blocks())
    }

    /// Sets aside what is being written, to write another story (a text
    /// box met inside a paragraph) under the same limit; [`Builder::resume`]
    /// returns that story's blocks and brings the first back.
    pub fn suspend(&mut self) -> Suspended {
        Suspended {
            blocks: std::mem::take(&mut self.blocks),
            paragraph: self.paragraph.take(),
            tables: std::mem::take(&mut self.tables),
        }
    }

    /// Ends the story written since [`Builder::suspend`] and returns its
    /// blocks; what was set aside is open again.
    pub fn resume(&mut self, s: Suspended) -> Vec<Block> {
        let inner = self.take_blocks();
        self.blocks = s.blocks;
        self.paragraph = s.paragraph;
        self.tables = s.tables;
        inner
    }
}

fn close(p: OpenParagraph) -> Block {
    let mut content = p.content;
    if let Some((start, target)) = p.link {
        let end = content.text.len();
        content.add_link(start, end, target);
    }
    match p.role {
        Role::Paragraph => Block::Paragraph { content },
        Role::Heading(level) => Block::Heading { level, content },
        Role::ListItem {
            level,
            ordered,
            label,
        } => Block::ListItem {
            level,
            ordered,
            label,
            content,
        },
    }
}

/// Gives each cell that starts a vertically merged region the row span of
/// the continuations below it (`merged`: row and grid column of each).
fn resolve_merges(table: &mut Table, merged: &[(usize, u32)]) {
    for &(row, col) in merged {
        // The nearest row above with a cell starting at that grid column
        // that is not itself a continuation.
        let mut r = row;
        while r > 0 {
            r -= 1;
            let Some(cells) = table.rows.get_mut(r).map(|x| &mut x.cells) else {
                break;
            };
            let mut at = 0u32;
            let mut found = None;
            for (i, c) in cells.iter().enumerate() {
                if at == col {
                    found = Some(i);
                    break;
                }
                at = at.saturating_add(c.col_span);
                if at > col {
                    break;
                }
            }
            if let Some(i) = found
                && let Some(c) = cells.get_mut(i)
            {
                if c.covered {
                    continue;
                }
                let span = u32::try_from(row - r + 1).unwrap_or(u32::MAX);
                c.row_span = c.row_span.max(span);
            }
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(b: &mut Builder, s: &str) {
        b.cell_start(1, 1);
        b.text(s);
        b.cell_end();
    }

    #[test]
    fn vertical_merges_become_row_spans() {
        let mut b = Builder::new(OutputLimits::new(1000));
        b.table_start();
        b.row_start();
        b.row_header();
        cell(&mut b, "a");
        cell(&mut b, "b");
        b.row_start();
        b.cell_merged_above(1);
        b.cell_end();
        cell(&mut b, "c");
        b.row_start();
        b.cell_merged_above(1);
        b.cell_end();
        cell(&mut b, "d");
        b.table_end();
        let blocks = b.take_blocks();
        let Some(Block::Table(t)) = blocks.first() else {
            panic!("{blocks:?}")
        };
        assert_eq!(t.header_rows, 1);
        assert_eq!(t.rows[0].cells[0].row_span, 3);
        assert!(t.rows[1].cells[0].covered);
        assert_eq!(crate::plain_text(&blocks), "a\tb\n\tc\n\td\n");
    }

    #[test]
    fn nested_tables_and_paragraphs_in_cells() {
        let mut b = Builder::new(OutputLimits::new(1000));
        b.text("before");
        b.table_start();
        b.cell_start(2, 1);
        b.text("p1");
        b.end_paragraph();
        b.text("p2");
        b.table_start();
        cell(&mut b, "inner");
        b.table_end();
        b.cell_end();
        b.table_end();
        b.text("after");
        let part = b.finish_part(PartKind::Body);
        assert_eq!(part.text, "before\np1\np2\ninner\nafter\n");
        assert_eq!(part.blocks.len(), 3);
    }

    #[test]
    fn the_limit_cuts_at_a_character_and_says_why_once() {
        let mut b = Builder::new(OutputLimits::new(5));
        b.text("ab");
        b.text("cdé");
        b.end_paragraph();
        b.text("more");
        assert_eq!(b.limit_reason(), Some("more than 5 bytes of text"));
        let p = b.finish_part(PartKind::Body);
        assert_eq!(p.text, "abcd\n");
    }

    #[test]
    fn suspend_writes_another_story() {
        let mut b = Builder::new(OutputLimits::new(100));
        b.text("body ");
        let s = b.suspend();
        b.text("box");
        let inner = b.resume(s);
        b.text("text");
        assert_eq!(crate::plain_text(&inner), "box\n");
        assert_eq!(b.finish_part(PartKind::Body).text, "body text\n");
    }

    #[test]
    fn links_and_roles() {
        let mut b = Builder::new(OutputLimits::new(100));
        b.list_item(2, false, None);
        b.text("see ");
        b.link_start("https://example.org");
        b.text("here");
        b.link_end();
        b.end_paragraph();
        let blocks = b.take_blocks();
        let Some(Block::ListItem { level, content, .. }) = blocks.first() else {
            panic!()
        };
        assert_eq!(*level, 2);
        assert_eq!(content.segments()[1], ("here", Some("https://example.org")));
    }
}
