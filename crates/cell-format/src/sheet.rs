//! A sheet's used range as one table: the cells with text in row order,
//! merged ranges (SpreadsheetML `mergeCells`, ECMA-376 Part 1 §18.3.1.55;
//! BIFF `MergeCells`, MS-XLS 2.4.168) as spans — the one layout every
//! spreadsheet layer hands over.
//!
//! The plain text of the table is the layout `xls-text` and `ooxml-text`
//! always wrote: the sheet's name on its own line (the table's caption),
//! then one line per row that has text, its cells by TAB with a TAB for
//! each empty cell before a cell with text; rows without text are left out.

use doc_model::Builder;

/// Empty places between two cells with text written one cell each; a
/// wider gap (a sheet with text in column A and in column XFD) is written
/// as one cell holding the TABs the plain text has there, so that a
/// sparse row costs what its text costs.
pub const MAX_GAP: u32 = 1024;

/// Empty places one sheet writes as cells of their own; past them every
/// gap is one cell holding its TABs, so that a table costs at most a few
/// times its plain text (an empty place is a TAB there, a cell here).
pub const MAX_EMPTY_PLACES: u32 = 1 << 21;

/// A merged range of a sheet, 0-based, first and last row and column
/// included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MergedRange {
    /// Its top row.
    pub first_row: u32,
    /// Its bottom row.
    pub last_row: u32,
    /// Its left column.
    pub first_col: u32,
    /// Its right column.
    pub last_col: u32,
}

impl MergedRange {
    /// The range from (`first_row`, `first_col`) to (`last_row`,
    /// `last_col`), in either order.
    pub fn new(first_row: u32, first_col: u32, last_row: u32, last_col: u32) -> MergedRange {
        MergedRange {
            first_row: first_row.min(last_row),
            last_row: first_row.max(last_row),
            first_col: first_col.min(last_col),
            last_col: first_col.max(last_col),
        }
    }

    fn single(&self) -> bool {
        self.first_row == self.last_row && self.first_col == self.last_col
    }
}

/// How a sheet is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct SheetLayout {
    /// The most TABs one gap writes (`None`: as many as the columns
    /// skipped). `ooxml-text` caps a gap at 16,384, the columns of a sheet.
    pub max_tabs: Option<u32>,
    /// Empty places written as cells of their own (default
    /// [`MAX_EMPTY_PLACES`]).
    pub max_empty_places: u32,
    /// Write the table (default); `false` writes each row as a paragraph
    /// of its plain line, for a caller that wants the text alone and its
    /// speed: the same plain text at a fraction of the memory.
    pub structure: bool,
}

impl SheetLayout {
    /// Every gap at its width.
    pub fn new() -> SheetLayout {
        SheetLayout {
            max_tabs: None,
            max_empty_places: MAX_EMPTY_PLACES,
            structure: true,
        }
    }

    /// Gaps of at most `max_tabs` TABs.
    pub fn with_max_tabs(mut self, max_tabs: u32) -> SheetLayout {
        self.max_tabs = Some(max_tabs);
        self
    }

    /// With `structure` false, rows as paragraphs of their plain lines.
    pub fn with_structure(mut self, structure: bool) -> SheetLayout {
        self.structure = structure;
        self
    }

    /// At most `n` empty places as cells of their own.
    pub fn with_max_empty_places(mut self, n: u32) -> SheetLayout {
        self.max_empty_places = n;
        self
    }
}

impl Default for SheetLayout {
    fn default() -> Self {
        SheetLayout::new()
    }
}

/// What a place of a row is.
enum Place<'m> {
    /// Outside every merged range.
    Free,
    /// The top left place of a merged range.
    Anchor(&'m MergedRange),
    /// Another place of a merged range.
    Covered,
}

/// Writes a sheet through `b`: `name` (the table's caption; `None` for no
/// name line), then its `cells` — `(row, column, text)`, sorted by row and
/// column, text without line ends, empty texts left out — as one table
/// with `merges` as spans. A sheet without cells writes its name alone.
/// Two cells at one place write their texts one after the other, as the
/// plain layout always did.
///
/// ```
/// use cell_format::{write_sheet, MergedRange, SheetLayout};
/// use doc_model::{Builder, OutputLimits, PartKind};
///
/// let mut b = Builder::new(OutputLimits::new(1 << 20));
/// let cells = [(0, 0, "Item"), (0, 1, "Count"), (2, 0, "Total"), (2, 2, "7")];
/// let merges = [MergedRange::new(2, 0, 2, 1)];
/// write_sheet(&mut b, Some("Stock"), &cells, &merges, SheetLayout::new());
/// let part = b.finish_part(PartKind::Sheet);
/// assert_eq!(part.text, "Stock\nItem\tCount\nTotal\t\t7\n");
/// ```
pub fn write_sheet<T: AsRef<str>>(
    b: &mut Builder,
    name: Option<&str>,
    cells: &[(u32, u32, T)],
    merges: &[MergedRange],
    layout: SheetLayout,
) {
    if cells.is_empty() || !layout.structure {
        if let Some(n) = name {
            b.text(n);
            b.end_paragraph();
        }
        lines(b, cells, layout.max_tabs);
        return;
    }
    if cells.is_empty() {
        if let Some(n) = name {
            b.text(n);
            b.end_paragraph();
        }
        return;
    }
    // The used range: rows with text, and the right-most column with text.
    let mut rows: Vec<u32> = Vec::new();
    let mut max_col = 0u32;
    for (r, c, _) in cells {
        if rows.last() != Some(r) {
            rows.push(*r);
        }
        max_col = max_col.max(*c);
    }
    let max_row = rows.last().copied().unwrap_or(0);
    // Merged ranges clipped to the used range, by top row.
    let mut merges: Vec<MergedRange> = merges
        .iter()
        .filter(|m| m.first_row <= max_row && m.first_col <= max_col)
        .map(|m| MergedRange {
            last_row: m.last_row.min(max_row),
            last_col: m.last_col.min(max_col),
            ..*m
        })
        .filter(|m| !m.single())
        .collect();
    merges.sort_by_key(|m| (m.first_row, m.first_col));
    // How many rows with text a range covers: its row span in the table.
    let span_rows = |m: &MergedRange| {
        let top = rows.partition_point(|&r| r < m.first_row);
        let below = rows.partition_point(|&r| r <= m.last_row);
        u32::try_from(below.saturating_sub(top)).unwrap_or(u32::MAX)
    };
    if name == Some("") {
        // An empty name is an empty line.
        b.end_paragraph();
    }
    b.table_start();
    let mut empty_places = layout.max_empty_places;
    let mut next_merge = 0usize;
    let mut active: Vec<&MergedRange> = Vec::new();
    let mut i = 0usize;
    while let Some((row, _, _)) = cells.get(i) {
        let row = *row;
        // The ranges over this row, left to right; one that overlaps a
        // range to its left is left out.
        active.retain(|m| m.last_row >= row);
        while let Some(m) = merges.get(next_merge).filter(|m| m.first_row <= row) {
            if m.last_row >= row {
                active.push(m);
            }
            next_merge += 1;
        }
        active.sort_by_key(|m| m.first_col);
        let mut end = 0u32;
        active.retain(|m| {
            let keep = m.first_col >= end;
            if keep {
                end = m.last_col.saturating_add(1);
            }
            keep
        });
        let place = |col: u32| -> Place<'_> {
            match active
                .iter()
                .find(|m| m.first_col <= col && col <= m.last_col)
            {
                None => Place::Free,
                Some(m) if m.first_row == row && m.first_col == col => Place::Anchor(m),
                Some(_) => Place::Covered,
            }
        };
        b.row_start();
        // The next place of the row to write, and whether a cell with
        // text was written.
        let mut col = 0u32;
        let mut first = true;
        // An empty text after the last cell written: the plain layout
        // wrote the TABs up to it.
        let mut tail: Option<u32> = None;
        while let Some((r, c, text)) = cells.get(i) {
            if *r != row {
                break;
            }
            i += 1;
            let (c, text) = (*c, text.as_ref());
            if !first && c < col {
                // A second cell at the place just written: its text
                // follows the first's.
                b.text(text);
                continue;
            }
            if text.is_empty() {
                tail = Some(c);
                continue;
            }
            tail = None;
            // TABs before the text in the plain layout.
            let tabs = if first { c - col } else { c - col + 1 };
            let capped = layout.max_tabs.is_some_and(|m| tabs > m);
            let merged = active.iter().any(|m| m.first_col < c && m.last_col >= col);
            let gap = c - col;
            if capped || gap > empty_places || (gap > MAX_GAP && !merged) {
                let tabs = layout.max_tabs.map_or(tabs, |m| tabs.min(m));
                tab_cell(b, tabs, first);
            } else {
                empty_places -= gap;
                for at in col..c {
                    match place(at) {
                        Place::Free => b.cell_start(1, 1),
                        Place::Anchor(m) => b.cell_start(cols(m), span_rows(m)),
                        Place::Covered => b.cell_covered(),
                    }
                    b.cell_end();
                }
            }
            match place(c) {
                Place::Free => b.cell_start(1, 1),
                Place::Anchor(m) => b.cell_start(cols(m), span_rows(m)),
                // What Excel hides under a merge stays in the plain text.
                Place::Covered => b.cell_merged_above(1),
            }
            // The cell stays open for a second text at its place.
            b.text(text);
            col = c + 1;
            first = false;
        }
        if let Some(c) = tail.filter(|&c| c >= col) {
            let tabs = if first { c - col } else { c - col + 1 };
            let tabs = layout.max_tabs.map_or(tabs, |m| tabs.min(m));
            // The TABs as the text of one last cell.
            if tabs > 0 {
                b.cell_start(1, 1);
                b.text(&"\t".repeat(tabs as usize - usize::from(!first)));
                b.cell_end();
            }
        }
        b.row_end();
        if b.stopped() {
            break;
        }
    }
    match name {
        Some(n) if !n.is_empty() => b.table_end_with_caption(Some(n.to_owned())),
        _ => b.table_end(),
    }
}

/// The rows of `cells` as paragraphs: each cell's text after a TAB for
/// every place since the cell before (at most `max_tabs`).
fn lines<T: AsRef<str>>(b: &mut Builder, cells: &[(u32, u32, T)], max_tabs: Option<u32>) {
    let mut i = 0usize;
    while let Some((row, _, _)) = cells.get(i) {
        let row = *row;
        let (mut col, mut first) = (0u32, true);
        while let Some((r, c, text)) = cells.get(i) {
            if *r != row {
                break;
            }
            let tabs = if first { *c } else { c.saturating_sub(col) };
            let tabs = max_tabs.map_or(tabs, |m| tabs.min(m));
            match tabs {
                0 => {}
                1 => b.tab(),
                n => b.text(&"\t".repeat(n as usize)),
            }
            b.text(text.as_ref());
            (col, first) = (*c, false);
            i += 1;
        }
        b.end_paragraph();
        if b.stopped() {
            break;
        }
    }
}

/// The columns a range spans.
fn cols(m: &MergedRange) -> u32 {
    m.last_col - m.first_col + 1
}

/// One cell standing for a gap of the row that the plain layout fills
/// with `tabs` TABs before the next text (`first`: no cell before it).
fn tab_cell(b: &mut Builder, tabs: u32, first: bool) {
    // The separators around the cell bring one TAB after it, and one
    // before it unless it is first.
    let inside = tabs.saturating_sub(1 + u32::from(!first));
    if tabs > u32::from(!first) {
        b.cell_start(1, 1);
        b.text(&"\t".repeat(inside as usize));
        b.cell_end();
    }
}

#[cfg(test)]
mod tests {
    use doc_model::{Block, OutputLimits, PartKind};

    use super::*;

    fn sheet(
        name: Option<&str>,
        cells: &[(u32, u32, &str)],
        merges: &[MergedRange],
        layout: SheetLayout,
    ) -> doc_model::Part {
        let mut b = Builder::new(OutputLimits::new(1 << 20));
        write_sheet(&mut b, name, cells, merges, layout);
        b.finish_part(PartKind::Sheet)
    }

    /// The plain layout the layers wrote before: TABs up to each cell.
    fn old_layout(name: &str, cells: &[(u32, u32, &str)], cap: u32) -> String {
        let mut s = format!("{name}\n");
        let mut i = 0;
        while i < cells.len() {
            let row = cells[i].0;
            let mut col = 0;
            let mut first = true;
            while i < cells.len() && cells[i].0 == row {
                let c = cells[i].1;
                let tabs = if first { c } else { c - col };
                s.push_str(&"\t".repeat(tabs.min(cap) as usize));
                s.push_str(cells[i].2);
                col = c;
                first = false;
                i += 1;
            }
            s.push('\n');
        }
        s
    }

    fn table(p: &doc_model::Part) -> &doc_model::Table {
        match p.blocks.iter().find(|b| matches!(b, Block::Table(_))) {
            Some(Block::Table(t)) => t,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn merges_become_spans_and_the_plain_layout_stays() {
        let cells = [
            (0, 0, "Item"),
            (0, 1, "Where"),
            (0, 3, "Price"),
            (2, 0, "Total"),
            (2, 2, "5160"),
            (3, 2, "under"),
        ];
        let merges = [
            MergedRange::new(2, 0, 2, 1),
            // Rows 2..=4: row 4 has no text, so it spans the two rows kept.
            MergedRange::new(2, 2, 4, 2),
            // Outside the used range: dropped.
            MergedRange::new(9, 9, 12, 12),
        ];
        let p = sheet(Some("S"), &cells, &merges, SheetLayout::new());
        assert_eq!(p.text, old_layout("S", &cells, u32::MAX));
        let t = table(&p);
        assert_eq!(t.caption.as_ref().map(|c| c.text.as_str()), Some("S"));
        assert_eq!(t.rows.len(), 3);
        let total = &t.rows[1].cells;
        assert_eq!((total[0].col_span, total[0].row_span), (2, 1));
        assert!(total[1].covered);
        assert_eq!((total[2].col_span, total[2].row_span), (1, 2));
        // Text under a merge is in the plain text, on a covered place.
        let under = &t.rows[2].cells;
        assert!(under[2].covered && under[2].plain_text() == "under");
        let grid = t.grid(100);
        assert_eq!(grid[1][0], grid[1][1]);
        assert_eq!(grid[1][2], grid[2][2]);
    }

    #[test]
    fn gaps_empty_texts_and_duplicates_as_before() {
        let cells = [
            (0, 2, "a"),
            (0, 2, "b"),
            (0, 5, ""),
            (1, 0, ""),
            (1, 3, ""),
            (2, 0, "x"),
            (2, 3000, "far"),
            (3, 20_000, "capped"),
        ];
        for cap in [u32::MAX, 16_384] {
            let layout = if cap == u32::MAX {
                SheetLayout::new()
            } else {
                SheetLayout::new().with_max_tabs(cap)
            };
            let p = sheet(Some("N"), &cells, &[], layout);
            assert_eq!(p.text, old_layout("N", &cells, cap), "cap {cap}");
            // A wide gap costs one cell.
            assert!(table(&p).rows[2].cells.len() < 4);
        }
    }

    #[test]
    fn past_the_budget_of_empty_places_gaps_are_one_cell() {
        let cells: Vec<(u32, u32, &str)> = (0..50).map(|r| (r, 9, "v")).collect();
        let layout = SheetLayout::new().with_max_empty_places(20);
        let p = sheet(Some("B"), &cells, &[], layout);
        assert_eq!(p.text, old_layout("B", &cells, u32::MAX));
        let t = table(&p);
        assert_eq!(t.rows[0].cells.len(), 10);
        assert_eq!(t.rows[2].cells.len(), 2);
    }

    #[test]
    fn without_structure_rows_are_paragraphs_of_the_same_text() {
        let cells = [
            (0, 2, "a"),
            (0, 2, "b"),
            (0, 5, ""),
            (1, 3, ""),
            (2, 0, "x"),
            (2, 30_000, "far"),
        ];
        for cap in [u32::MAX, 16_384] {
            let layout = SheetLayout::new().with_max_tabs(cap).with_structure(false);
            let p = sheet(Some("N"), &cells, &[], layout);
            assert_eq!(p.text, old_layout("N", &cells, cap));
            assert!(
                p.blocks
                    .iter()
                    .all(|b| matches!(b, Block::Paragraph { .. }))
            );
        }
    }

    #[test]
    fn names_and_empty_sheets() {
        assert_eq!(
            sheet(
                Some("E"),
                &[] as &[(u32, u32, &str)],
                &[],
                SheetLayout::new()
            )
            .text,
            "E\n"
        );
        assert_eq!(
            sheet(None, &[(0, 1, "v")], &[], SheetLayout::new()).text,
            "\tv\n"
        );
        assert_eq!(
            sheet(Some(""), &[(1, 0, "v")], &[], SheetLayout::new()).text,
            "\nv\n"
        );
    }

    #[test]
    fn the_limit_keeps_the_rows_written() {
        let mut b = Builder::new(OutputLimits::new(6));
        write_sheet(
            &mut b,
            Some("S"),
            &[(0, 0, "abc"), (1, 0, "defgh"), (2, 0, "ij")],
            &[],
            SheetLayout::new(),
        );
        assert!(b.limit_reason().is_some());
        let p = b.finish_part(PartKind::Sheet);
        assert!(p.text.starts_with("S\nabc\n"), "{:?}", p.text);
    }
}
