//! Tables (ODF 1.3 Part 3 §9.1): `table:table` with its rows, whatever
//! groups hold them (§9.1.2–9.1.12, `table:table-header-rows` the header),
//! cells with `table:number-columns-spanned`/`number-rows-spanned`
//! (§19.675–19.680) and the `table:covered-table-cell` places they cover
//! (§9.1.5), repeated rows and cells (§19.676, §19.678), nested tables.
//! A sheet is the same element read as a spreadsheet's used range.

use doc_model::{Block, Cell, plain_text};
use xml_tree::Element;

use super::body::{MAX_NEST, Walker};
use crate::WarningKind;

/// Most empty places one gap of a row becomes (a sheet is 16,384 columns wide).
const MAX_GAP: u64 = 16_384;
/// What an empty or covered place of a row costs against the output
/// limit: its size in memory, so that gaps of repeated empty cells stay
/// bounded as their TABs were.
const PLACE_COST: u64 = std::mem::size_of::<Cell>() as u64;

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

/// A span attribute's value, at least 1 and at most [`MAX_GAP`].
fn span(cell: &Element, name: &str) -> u32 {
    cell.attr(name)
        .and_then(|v| v.trim().parse::<u32>().ok())
        .unwrap_or(1)
        .clamp(1, MAX_GAP as u32)
}

/// A sheet cell's blocks as one paragraph: its paragraphs and line breaks
/// joined by a space, as a cell's value reads.
fn one_paragraph(blocks: Vec<Block>) -> Vec<Block> {
    if let [Block::Paragraph { content }] = blocks.as_slice()
        && !content.text.contains('\n')
    {
        return blocks;
    }
    let text = plain_text(&blocks);
    let text = text.trim_end_matches('\n').replace('\n', " ");
    if text.is_empty() {
        Vec::new()
    } else {
        vec![Block::paragraph(text)]
    }
}

impl Walker<'_> {
    /// The blocks of a cell: its paragraphs, lists and tables (one
    /// paragraph in sheets).
    fn cell_blocks(&mut self, cell: &Element) -> Vec<Block> {
        let blocks = self.capture(|w| w.nested(|w| w.blocks(cell)));
        if self.sheet {
            one_paragraph(blocks)
        } else {
            blocks
        }
    }

    /// The rows of a table, whatever groups hold them, each with whether it
    /// is a header row.
    fn rows<'e>(t: &'e Element, out: &mut Vec<(&'e Element, bool)>, header: bool, depth: u32) {
        for c in t.elements() {
            match c.name.as_str() {
                "table-row" => out.push((c, header)),
                "table-header-rows" if depth < MAX_NEST => Self::rows(c, out, true, depth + 1),
                "table-rows" | "table-row-group" if depth < MAX_NEST => {
                    Self::rows(c, out, header, depth + 1)
                }
                _ => {}
            }
        }
    }

    /// `table:table` as a table: rows as rows, cells with their spans.
    /// Repeated empty rows and cells are counted, never expanded; trailing
    /// ones vanish (a sheet's used range). Repeated content is expanded up
    /// to `limits.max_repeat`. Empty rows between content are empty rows in
    /// a text table (a blank line of the plain text), left out of a sheet
    /// (as xls-text and xlsx write sheets).
    pub fn table(&mut self, t: &Element) {
        let mut rows = Vec::new();
        Self::rows(t, &mut rows, false, 0);
        let max_repeat = self.limits.max_repeat;
        let mut empty_rows = 0u64;
        let mut empty_header = true;
        let mut row_index = 0u64;
        // A sheet without structure: its rows are paragraphs, no table.
        let lines = self.sheet && !self.structure;
        if !lines {
            self.b.table_start();
        }
        for (row, header) in rows {
            if self.stopped() {
                break;
            }
            let repeat = row
                .attr("number-rows-repeated")
                .and_then(|v| v.trim().parse::<u64>().ok())
                .unwrap_or(1)
                .max(1);
            let cells = self.row_cells(row, row_index);
            row_index = row_index.saturating_add(repeat);
            if cells.is_empty() {
                empty_rows = empty_rows.saturating_add(repeat);
                empty_header &= header;
                continue;
            }
            if !self.sheet && empty_rows > 0 {
                let n = empty_rows.min(max_repeat);
                if empty_rows > max_repeat {
                    self.warn(
                        WarningKind::Limit,
                        format!("{empty_rows} repeated empty rows: {max_repeat} kept"),
                    );
                }
                for _ in 0..n {
                    if !self.emit_row(&[], empty_header) {
                        break;
                    }
                }
            }
            empty_rows = 0;
            empty_header = true;
            let n = repeat.min(max_repeat);
            if repeat > max_repeat {
                self.warn(
                    WarningKind::Limit,
                    format!("a row repeated {repeat} times: {max_repeat} kept"),
                );
            }
            for _ in 0..n {
                let written = if lines {
                    self.emit_line(&cells)
                } else {
                    self.emit_row(&cells, header)
                };
                if !written {
                    break;
                }
            }
        }
        if !lines {
            self.b.table_end();
        }
    }

    /// Writes a sheet's row as a paragraph of the line its table row
    /// renders to (its cells' text by TAB), unless that would pass the
    /// output limit (then reading stops, as for a row of a table); false
    /// once stopped. The caller wants the text alone: no cell is kept.
    fn emit_line(&mut self, cells: &[Cell]) -> bool {
        let mut line = String::new();
        for (i, c) in cells.iter().enumerate() {
            if i > 0 {
                line.push('\t');
            }
            line.push_str(&c.plain_text());
        }
        let cost = (line.len() as u64).saturating_add(1);
        if self.used().saturating_add(cost) > self.limits.max_output_bytes {
            self.stop_at_limit();
        }
        if self.stopped() {
            return false;
        }
        self.b.text(&line);
        self.b.end_paragraph();
        !self.stopped()
    }

    /// Writes one row, unless it would pass the output limit (then reading
    /// stops); false once stopped.
    fn emit_row(&mut self, cells: &[Cell], header: bool) -> bool {
        let places = cells
            .iter()
            .filter(|c| c.covered || c.blocks.is_empty())
            .count() as u64;
        let cost = (cells.len() as u64)
            .max(1)
            .saturating_add(places.saturating_mul(PLACE_COST));
        if self.used().saturating_add(cost) > self.limits.max_output_bytes {
            self.stop_at_limit();
        }
        if self.stopped() {
            return false;
        }
        self.layout = self.layout.saturating_add(cost);
        self.b.row_start();
        if header {
            self.b.row_header();
        }
        for c in cells {
            if c.covered {
                self.b.cell_covered();
            } else {
                self.b.cell_start(c.col_span, c.row_span);
                for b in &c.blocks {
                    self.b.push_block(b.clone());
                }
                self.b.cell_end();
            }
        }
        self.b.row_end();
        !self.stopped()
    }

    /// The places of a row up to its last cell with text (empty if none):
    /// cells with their blocks and spans, covered places, empty cells;
    /// content repeats expanded up to the limit, a gap of empty places
    /// before a cell kept up to [`MAX_GAP`].
    fn row_cells(&mut self, row: &Element, row_index: u64) -> Vec<Cell> {
        let max_repeat = self.limits.max_repeat;
        let mut out: Vec<Cell> = Vec::new();
        let mut content = 0u64;
        // Empty places not yet followed by a cell with text, as runs (a
        // place and how many times it repeats): the trailing gap of a row
        // (LibreOffice ends each row with a thousand repeated empty
        // cells) is counted, never expanded.
        let mut gap: Vec<(Cell, u64)> = Vec::new();
        let mut gap_len = 0u64;
        let mut col = 0u64;
        for cell in row.elements() {
            let covered = match cell.name.as_str() {
                "table-cell" => false,
                "covered-table-cell" => true,
                _ => continue,
            };
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
            let blocks = if cell.children.is_empty() {
                Vec::new()
            } else {
                self.cell_blocks(cell)
            };
            self.comment_name = saved;
            col = col.saturating_add(repeat);
            let spans = (
                span(cell, "number-columns-spanned"),
                span(cell, "number-rows-spanned"),
            );
            let value = Cell::new(blocks).with_span(spans.0, spans.1);
            if value.plain_text().is_empty() {
                // A gap: TABs of the plain text before the next cell with text.
                let room = MAX_GAP.saturating_sub(gap_len + u64::from(!out.is_empty()));
                let place = if covered {
                    Cell::covered()
                } else {
                    Cell::new(Vec::new()).with_span(spans.0, spans.1)
                };
                let n = repeat.min(room);
                if n > 0 {
                    gap.push((place, n));
                    gap_len += n;
                }
                continue;
            }
            let n = repeat.min(max_repeat);
            if repeat > max_repeat {
                self.warn(
                    WarningKind::Limit,
                    format!("a cell repeated {repeat} times: {max_repeat} kept"),
                );
            }
            for (place, n) in gap.drain(..) {
                out.extend(std::iter::repeat_n(place, n as usize));
            }
            gap_len = 0;
            for _ in 0..n {
                out.push(value.clone());
            }
            content = content.saturating_add(n);
            if content > max_repeat.saturating_mul(64) || self.stopped() {
                break;
            }
        }
        out
    }
}
