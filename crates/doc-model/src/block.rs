//! The structure of a story: headings, paragraphs, list items, tables,
//! preformatted text and page boundaries, as the format states them.
//!
//! A [`crate::Part`]'s plain text is a rendering of its blocks
//! ([`plain_text`]); the Markdown and XHTML renderings live in the
//! `doc-render` crate. Layers build blocks through [`crate::Builder`].

/// Text with the hyperlinks the format records over parts of it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Inline {
    /// The text as a reader sees it: line breaks inside the block are `\n`,
    /// tabs `\t`.
    pub text: String,
    /// Hyperlinks over byte ranges of `text`, in order, not overlapping.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub links: Vec<Link>,
}

impl Inline {
    /// Text without links.
    pub fn new(text: impl Into<String>) -> Inline {
        Inline {
            text: text.into(),
            links: Vec::new(),
        }
    }

    /// The text with a link to `target` over the byte range `start..end`
    /// (ignored unless it lies on character boundaries of the text, after
    /// the links already there).
    pub fn with_link(mut self, start: usize, end: usize, target: impl Into<String>) -> Inline {
        self.add_link(start, end, target.into());
        self
    }

    pub(crate) fn add_link(&mut self, start: usize, end: usize, target: String) {
        let after_last = self.links.last().is_none_or(|l| l.end <= start);
        if start < end
            && end <= self.text.len()
            && self.text.is_char_boundary(start)
            && self.text.is_char_boundary(end)
            && after_last
            && !target.is_empty()
        {
            self.links.push(Link { start, end, target });
        }
    }

    /// The text and link targets as `(segment, Some(target))` for linked
    /// runs and `(segment, None)` between them, in order.
    pub fn segments(&self) -> Vec<(&str, Option<&str>)> {
        let mut out = Vec::with_capacity(self.links.len() * 2 + 1);
        let mut at = 0;
        for l in &self.links {
            if let (Some(before), Some(inside)) =
                (self.text.get(at..l.start), self.text.get(l.start..l.end))
            {
                if !before.is_empty() {
                    out.push((before, None));
                }
                out.push((inside, Some(l.target.as_str())));
                at = l.end;
            }
        }
        if let Some(rest) = self.text.get(at..)
            && (!rest.is_empty() || out.is_empty())
        {
            out.push((rest, None));
        }
        out
    }
}

/// A hyperlink over `text[start..end]` of an [`Inline`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Link {
    /// Byte offset where the linked text starts.
    pub start: usize,
    /// Byte offset where it ends.
    pub end: usize,
    /// Where it leads: a URL, a `mailto:`, or `#bookmark` inside the document.
    pub target: String,
}

/// One block of a story.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        tag = "type",
        rename_all = "snake_case",
        rename_all_fields = "snake_case"
    )
)]
#[non_exhaustive]
pub enum Block {
    /// A heading of `level` 1 (top) to 6.
    Heading {
        /// 1..=6.
        level: u8,
        /// Its text.
        #[cfg_attr(feature = "serde", serde(flatten))]
        content: Inline,
    },
    /// A paragraph. An empty one is a blank line of the plain text, left
    /// out of Markdown and XHTML.
    Paragraph {
        /// Its text.
        #[cfg_attr(feature = "serde", serde(flatten))]
        content: Inline,
    },
    /// An item of a list.
    ListItem {
        /// Nesting depth, 1 for a top-level item.
        level: u8,
        /// A numbered (lettered, …) item rather than a bullet.
        ordered: bool,
        /// The label as the document displays it, with the separator it puts
        /// after it (`"3.\t"`, `"a) "`, `"①"`); `None` where the plain text
        /// shows none (a bullet).
        #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
        label: Option<String>,
        /// Its text.
        #[cfg_attr(feature = "serde", serde(flatten))]
        content: Inline,
    },
    /// A table.
    Table(Table),
    /// Text whose lines and spacing matter (`<pre>`, code).
    Preformatted {
        /// The text, lines by `\n`.
        text: String,
    },
    /// A quotation: blocks set apart from the text around them.
    Quote {
        /// What is quoted.
        blocks: Vec<Block>,
    },
    /// The boundary between two pages (`\f` in the plain text).
    PageBreak,
}

impl Block {
    /// A paragraph of `text`.
    pub fn paragraph(text: impl Into<String>) -> Block {
        Block::Paragraph {
            content: Inline::new(text),
        }
    }

    /// A heading of `level` (clamped to 1..=6).
    pub fn heading(level: u8, text: impl Into<String>) -> Block {
        Block::Heading {
            level: level.clamp(1, 6),
            content: Inline::new(text),
        }
    }

    /// A list item.
    pub fn list_item(
        level: u8,
        ordered: bool,
        label: Option<&str>,
        text: impl Into<String>,
    ) -> Block {
        Block::ListItem {
            level: level.max(1),
            ordered,
            label: label.map(str::to_owned),
            content: Inline::new(text),
        }
    }

    /// The inline content of a heading, paragraph or list item.
    pub fn inline(&self) -> Option<&Inline> {
        match self {
            Block::Heading { content, .. }
            | Block::Paragraph { content }
            | Block::ListItem { content, .. } => Some(content),
            _ => None,
        }
    }
}

/// A table: rows of cells as the format stores them, spans on the cell
/// that starts a merged region.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Table {
    /// The rows, top to bottom.
    pub rows: Vec<Row>,
    /// How many of the first rows are header rows.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "is_zero"))]
    pub header_rows: u32,
    /// The caption, where the format ties one to the table.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub caption: Option<Inline>,
}

#[cfg(feature = "serde")]
fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[cfg(feature = "serde")]
fn is_one(n: &u32) -> bool {
    *n == 1
}

#[cfg(feature = "serde")]
fn is_false(b: &bool) -> bool {
    !*b
}

/// One row of a [`Table`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Row {
    /// The cells, left to right, as stored.
    pub cells: Vec<Cell>,
}

impl Row {
    /// A row of `cells`.
    pub fn new(cells: Vec<Cell>) -> Row {
        Row { cells }
    }
}

/// One cell of a [`Row`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Cell {
    /// What the cell holds.
    pub blocks: Vec<Block>,
    /// Grid columns it covers (1 = its own).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "is_one"))]
    pub col_span: u32,
    /// Rows it covers (1 = its own).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "is_one"))]
    pub row_span: u32,
    /// A place the format stores although a cell above or to the left
    /// spans over it (Word's `vMerge` continuation, ODF's covered cell):
    /// part of the plain text's columns, not of the grid.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "is_false"))]
    pub covered: bool,
}

impl Cell {
    /// A cell of one paragraph of `text`, spanning one row and column.
    pub fn text(text: impl Into<String>) -> Cell {
        let text = text.into();
        Cell {
            blocks: if text.is_empty() {
                Vec::new()
            } else {
                vec![Block::paragraph(text)]
            },
            col_span: 1,
            row_span: 1,
            covered: false,
        }
    }

    /// A cell holding `blocks`.
    pub fn new(blocks: Vec<Block>) -> Cell {
        Cell {
            blocks,
            col_span: 1,
            row_span: 1,
            covered: false,
        }
    }

    /// The cell spanning `cols` columns and `rows` rows (at least 1 each).
    pub fn with_span(mut self, cols: u32, rows: u32) -> Cell {
        self.col_span = cols.max(1);
        self.row_span = rows.max(1);
        self
    }

    /// A covered place (see [`Cell::covered`]).
    pub fn covered() -> Cell {
        Cell {
            covered: true,
            ..Cell::new(Vec::new())
        }
    }

    /// The cell's plain text: its blocks rendered, trailing line ends off.
    pub fn plain_text(&self) -> String {
        let mut s = plain_text(&self.blocks);
        let keep = s.trim_end_matches('\n').len();
        s.truncate(keep);
        s
    }
}

impl Table {
    /// A table of `rows`, `header_rows` of them header rows, no caption.
    pub fn new(rows: Vec<Row>, header_rows: u32) -> Table {
        Table {
            rows,
            header_rows,
            caption: None,
        }
    }

    /// The table as a grid: `grid[r][c]` is the index `(row, cell)` of the
    /// cell whose region covers grid position `(r, c)`, or `None` where no
    /// cell does. Covered places are skipped; spans are clipped to the
    /// table; every row of the grid has the same length. `max_cells` bounds
    /// the grid (rows × columns); a larger table is cut to it.
    pub fn grid(&self, max_cells: usize) -> Vec<Vec<Option<(usize, usize)>>> {
        let nrows = self.rows.len();
        let mut grid: Vec<Vec<Option<(usize, usize)>>> = vec![Vec::new(); nrows];
        let mut ncols = 0usize;
        let mut cells = 0usize;
        for (r, row) in self.rows.iter().enumerate() {
            let mut c = 0usize;
            for (i, cell) in row.cells.iter().enumerate() {
                if cell.covered {
                    continue;
                }
                while grid[r].get(c).is_some_and(Option::is_some) {
                    c += 1;
                }
                let span_c = cell.col_span.max(1) as usize;
                let span_r = (cell.row_span.max(1) as usize).min(nrows - r);
                for line in grid.iter_mut().skip(r).take(span_r) {
                    for cc in c..c + span_c {
                        if cells >= max_cells {
                            break;
                        }
                        if line.len() <= cc {
                            cells += cc + 1 - line.len();
                            line.resize(cc + 1, None);
                        }
                        if line[cc].is_none() {
                            line[cc] = Some((r, i));
                        }
                    }
                }
                c += span_c;
                ncols = ncols.max(c);
            }
            ncols = ncols.max(grid[r].len());
        }
        let ncols = ncols.min(max_cells / nrows.max(1));
        for line in &mut grid {
            line.resize(ncols, None);
        }
        grid
    }
}

/// The plain text of `blocks`: what [`crate::Part::text`] holds.
///
/// A heading, paragraph or preformatted block is its text and a line end; a
/// list item its label (as displayed, separator included) and text; a table
/// one line a row, its cells' text (line ends inside kept) joined by TAB,
/// trailing empty cells left out; a caption its own line before the rows;
/// a page break `\f`; a quote its blocks.
///
/// ```
/// use doc_model::{plain_text, Block, Cell, Row, Table};
/// let table = Table::new(vec![Row::new(vec![Cell::text("a"), Cell::text("b"), Cell::text("")])], 0);
/// let blocks = vec![Block::heading(1, "Title"), Block::list_item(1, true, Some("1.\t"), "one"), Block::Table(table)];
/// assert_eq!(plain_text(&blocks), "Title\n1.\tone\na\tb\n");
/// ```
pub fn plain_text(blocks: &[Block]) -> String {
    let mut out = String::new();
    write_plain(blocks, &mut out);
    out
}

/// [`plain_text`] appended to `out`.
pub fn write_plain(blocks: &[Block], out: &mut String) {
    for b in blocks {
        match b {
            Block::Heading { content, .. } | Block::Paragraph { content } => {
                out.push_str(&content.text);
                out.push('\n');
            }
            Block::ListItem { label, content, .. } => {
                if let Some(l) = label {
                    out.push_str(l);
                }
                out.push_str(&content.text);
                out.push('\n');
            }
            Block::Preformatted { text } => {
                out.push_str(text);
                out.push('\n');
            }
            Block::Quote { blocks } => write_plain(blocks, out),
            Block::PageBreak => out.push('\u{c}'),
            Block::Table(t) => {
                if let Some(c) = &t.caption {
                    out.push_str(&c.text);
                    out.push('\n');
                }
                for row in &t.rows {
                    // Cells written in place; the row is cut back after its
                    // last cell with text (trailing empty cells dropped).
                    let mut used = out.len();
                    for (i, c) in row.cells.iter().enumerate() {
                        if i > 0 {
                            out.push('\t');
                        }
                        let start = out.len();
                        write_plain(&c.blocks, out);
                        let keep = out
                            .get(start..)
                            .map_or(0, |s| s.trim_end_matches('\n').len());
                        out.truncate(start + keep);
                        if keep > 0 {
                            used = out.len();
                        }
                    }
                    out.truncate(used);
                    out.push('\n');
                }
            }
        }
    }
}

/// Blocks for text that carries no structure: each line a paragraph (an
/// empty line an empty paragraph), a form feed a page break, so that
/// [`plain_text`] gives the text back (with a line end added where the text
/// had none).
pub fn paragraphs_of(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let body = text.strip_suffix('\n').unwrap_or(text);
    if body.is_empty() && text.is_empty() {
        return out;
    }
    for (i, page) in body.split('\u{c}').enumerate() {
        if i > 0 {
            out.push(Block::PageBreak);
        }
        let page = page.strip_suffix('\n').unwrap_or(page);
        if page.is_empty() && body.contains('\u{c}') {
            continue;
        }
        for line in page.split('\n') {
            out.push(Block::paragraph(line));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(cells: Vec<Cell>) -> Row {
        Row { cells }
    }

    #[test]
    fn plain_rows_drop_trailing_empty_cells_and_keep_covered_places() {
        let t = Table {
            rows: vec![
                row(vec![
                    Cell::text("a").with_span(1, 2),
                    Cell::text("b"),
                    Cell::text(""),
                ]),
                row(vec![Cell::covered(), Cell::text("c")]),
            ],
            header_rows: 1,
            caption: Some(Inline::new("Cap")),
        };
        assert_eq!(plain_text(&[Block::Table(t)]), "Cap\na\tb\n\tc\n");
    }

    #[test]
    fn grid_places_spans_and_skips_covered() {
        let t = Table {
            rows: vec![
                row(vec![Cell::text("a").with_span(2, 2), Cell::text("b")]),
                row(vec![Cell::covered(), Cell::text("c")]),
                row(vec![
                    Cell::text("d"),
                    Cell::text("e"),
                    Cell::text("f"),
                    Cell::text("g"),
                ]),
            ],
            ..Table::default()
        };
        let g = t.grid(1000);
        assert_eq!(g[0], vec![Some((0, 0)), Some((0, 0)), Some((0, 1)), None]);
        assert_eq!(g[1], vec![Some((0, 0)), Some((0, 0)), Some((1, 1)), None]);
        assert_eq!(g[2].len(), 4);
        // A bound cuts the grid, never the row lengths' equality.
        let small = t.grid(6);
        assert!(small.iter().all(|r| r.len() == small[0].len()));
    }

    #[test]
    fn paragraphs_of_gives_the_text_back() {
        for text in ["a\nb\n", "a\n\nb", "p1\n\u{c}p2\n", "", "\n"] {
            let blocks = paragraphs_of(text);
            let back = plain_text(&blocks);
            let want = if text.is_empty() || text.ends_with('\n') {
                text.to_string()
            } else {
                format!("{text}\n")
            };
            assert_eq!(back, want, "{text:?}");
        }
    }

    #[test]
    fn segments_split_links() {
        let i = Inline::new("see the site now").with_link(4, 12, "https://x.org");
        assert_eq!(
            i.segments(),
            vec![
                ("see ", None),
                ("the site", Some("https://x.org")),
                (" now", None)
            ]
        );
        // A range off the text or not after the previous link is ignored.
        let j = Inline::new("ab").with_link(1, 5, "u").with_link(0, 0, "v");
        assert_eq!(j.links.len(), 0);
    }
}
