//! The main story's structure: the segments [`crate::text::render_units`]
//! recorded (paragraphs, cells, rows) handed to a [`Builder`] as headings,
//! list items, paragraphs and tables.
//!
//! * Headings: the paragraph's `sprmPOutLvl`, else its style chain
//!   ([`Stylesheet::heading_level`]: built-in `sti` 1–9 and `Title`, or a
//!   style's outline level). Never from the text.
//! * List items: a paragraph numbered in the flat text (a direct
//!   `sprmPIlfo`) keeps its label as rendered there; a paragraph whose
//!   style gives it a list, or a cell's last paragraph in a list (the
//!   flat text numbers paragraph marks only, and that paragraph ends with
//!   the cell mark), is a list item without a label (the flat text shows
//!   none).
//! * Tables (MS-DOC 2.4.3): paragraphs with `sprmPFInTable` belong to the
//!   cell that the next cell mark (0x07) ends; a mark with `sprmPFTtp` ends
//!   the row, and its `sprmTDefTable` gives the cells' edges — the table's
//!   grid is every edge of its rows, a cell spans the grid columns between
//!   its edges — and their merges (`horzMerge`: an empty merged cell is
//!   covered by the one on its left; `vertMerge` 1: the cell continues the
//!   one above); `sprmTTableHeader` marks header rows. Nested tables
//!   (`sprmPItap` > 1, their cells and rows ended by paragraph marks with
//!   `sprmPFInnerTableCell` / `sprmPFInnerTtp`) stay paragraphs of the
//!   outer cell, as the flat text has them.

use doc_model::Builder;
use encoding_rs::Encoding;

use crate::fkp::Runs;
use crate::lst::Numbering;
use crate::pap::{Pap, RowDef};
use crate::stsh::Stylesheet;
use crate::text::{Mark, Segment, decode};

/// What the segments' properties are looked up in.
pub(crate) struct Context<'a> {
    /// (CP, index into `papx`) of the marks with paragraph properties, sorted by CP.
    pub marks: &'a [(u32, u32)],
    pub papx: &'a Runs,
    /// The CP of the story's first unit.
    pub story_start: u32,
    pub styles: &'a Stylesheet,
    pub numbering: Option<&'a Numbering>,
    pub encoding: Option<&'static Encoding>,
}

impl Context<'_> {
    fn pap(&self, seg: &Segment) -> Option<&Pap> {
        if seg.mark == Mark::End {
            return None;
        }
        let cp = self.story_start.saturating_add(seg.unit as u32);
        let k = self.marks.binary_search_by_key(&cp, |m| m.0).ok()?;
        let &(_, index) = self.marks.get(k)?;
        self.papx.pap(index)
    }

    /// Whether the segment is part of an outermost table.
    fn in_table(&self, seg: &Segment) -> bool {
        match seg.mark {
            Mark::Cell | Mark::Row => true,
            Mark::Paragraph => self.pap(seg).is_some_and(|p| p.depth() >= 1),
            Mark::End => false,
        }
    }

    fn text(&self, out: &[u16], from: usize, to: usize) -> String {
        decode(out.get(from..to).unwrap_or_default(), self.encoding)
    }
}

/// An open table: its grid and where the writer is in it.
struct Open<'s> {
    /// Every cell edge of the table's rows, sorted, each once.
    grid: Vec<i16>,
    row: Option<&'s RowDef>,
    row_open: bool,
    /// The index of the next cell of the row.
    cell: usize,
    cell_open: bool,
}

/// Writes the segments of `out` to `b`.
pub(crate) fn write(out: &[u16], segs: &[Segment], cx: &Context<'_>, b: &mut Builder) {
    let mut table: Option<Open<'_>> = None;
    for (k, seg) in segs.iter().enumerate() {
        if b.stopped() {
            break;
        }
        let in_table = cx.in_table(seg);
        if !in_table && table.take().is_some() {
            b.table_end();
        }
        let pap = cx.pap(seg);
        if !in_table {
            paragraph(out, seg, pap, cx, b);
            continue;
        }
        let rest = segs.get(k..).unwrap_or_default();
        let t = table.get_or_insert_with(|| {
            b.table_start();
            Open {
                grid: grid(rest, cx),
                row: None,
                row_open: false,
                cell: 0,
                cell_open: false,
            }
        });
        if !t.row_open {
            b.row_start();
            t.row_open = true;
            t.cell = 0;
            t.row = rest
                .iter()
                .take_while(|s| cx.in_table(s))
                .find(|s| s.mark == Mark::Row)
                .and_then(|s| cx.pap(s))
                .and_then(|p| p.row.as_ref());
            if t.row.is_some_and(|r| r.header) {
                b.row_header();
            }
        }
        match seg.mark {
            Mark::Paragraph => {
                open_cell(t, seg, b);
                paragraph(out, seg, pap, cx, b);
            }
            Mark::Cell => {
                let covered = open_cell(t, seg, b);
                if seg.start < seg.end {
                    paragraph(out, seg, pap, cx, b);
                }
                if !covered {
                    b.cell_end();
                }
                t.cell_open = false;
                t.cell += 1;
            }
            Mark::Row | Mark::End => {
                // Text between the last cell mark and the row mark: one more
                // cell, as the flat text shows it.
                if t.cell_open || seg.start < seg.end {
                    if !t.cell_open {
                        b.cell_start(1, 1);
                    }
                    if seg.start < seg.end {
                        paragraph(out, seg, pap, cx, b);
                    }
                    b.cell_end();
                }
                b.row_end();
                t.row_open = false;
                t.cell_open = false;
            }
        }
    }
    if table.is_some() {
        b.table_end();
    }
}

/// Starts the table's next cell if none is open: covered where the row
/// definition merges it into the cell on its left and it is empty (`seg`
/// is its only segment, a cell mark with no text). True when covered.
fn open_cell(t: &mut Open<'_>, seg: &Segment, b: &mut Builder) -> bool {
    if t.cell_open {
        return false;
    }
    let defs = t.row.map_or(&[][..], |r| r.cells.as_slice());
    let def = defs.get(t.cell);
    let empty = seg.mark == Mark::Cell && seg.start == seg.end;
    if def.is_some_and(|d| d.merged) && empty {
        b.cell_covered();
        return true;
    }
    t.cell_open = true;
    // The cell's edges, with the empty merged cells after it.
    let mut span = 0u32;
    if let Some(d) = def {
        let right = defs
            .iter()
            .skip(t.cell + 1)
            .take_while(|n| n.merged)
            .last()
            .map_or(d.right, |n| n.right);
        // The grid edges in (left, right]: the grid is sorted.
        let after = |x: i16| t.grid.partition_point(|&g| g <= x);
        span = after(right).saturating_sub(after(d.left)) as u32;
    }
    let span = span.max(1);
    if def.is_some_and(|d| d.merged_above) {
        b.cell_merged_above(span);
    } else {
        b.cell_start(span, 1);
    }
    false
}

/// The grid of the table whose first segment starts `segs`: the edges of
/// every row definition up to the first segment outside the table.
fn grid(segs: &[Segment], cx: &Context<'_>) -> Vec<i16> {
    let mut edges: Vec<i16> = Vec::new();
    for s in segs.iter().take_while(|s| cx.in_table(s)) {
        if s.mark != Mark::Row {
            continue;
        }
        if let Some(row) = cx.pap(s).and_then(|p| p.row.as_ref()) {
            for c in &row.cells {
                edges.push(c.left);
                edges.push(c.right);
            }
        }
        if edges.len() > 1 << 16 {
            break;
        }
    }
    edges.sort_unstable();
    edges.dedup();
    edges
}

/// One paragraph: a heading, a list item or a plain paragraph.
fn paragraph(out: &[u16], seg: &Segment, pap: Option<&Pap>, cx: &Context<'_>, b: &mut Builder) {
    let heading = pap.and_then(|p| cx.styles.heading_level(p));
    match seg.label {
        Some((label_end, ilvl, ordered)) if heading.is_none() => {
            let label = cx.text(out, seg.start, label_end);
            b.list_item(ilvl.saturating_add(1), ordered, Some(label));
            b.text(&cx.text(out, label_end, seg.end));
        }
        _ => {
            let text = cx.text(out, seg.start, seg.end);
            // A list the flat text shows no label for: a direct one on a
            // cell's last paragraph (its mark is the cell mark), or the style's.
            let style_list = pap.and_then(|p| p.list().or_else(|| cx.styles.list(p)));
            if let Some(level) = heading.filter(|_| !text.trim().is_empty()) {
                b.heading(level);
            } else if let Some((ilfo, ilvl)) = style_list.filter(|_| seg.label.is_none()) {
                let nfc = cx.numbering.and_then(|n| n.nfc(ilfo, ilvl)).unwrap_or(23);
                b.list_item(ilvl.saturating_add(1), !matches!(nfc, 23 | 255), None);
            }
            b.text(&text);
        }
    }
    b.end_paragraph();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;
    use crate::fkp::PAP_TTP;
    use crate::text::{Unit, render_units};
    use doc_model::{Block, OutputLimits, plain_text};

    /// The blocks of `s` (`|` a cell mark, `#` a row end mark), without
    /// paragraph properties, and the flat text.
    fn blocks(s: &str) -> (Vec<Block>, String) {
        let units: Vec<Unit> = s
            .encode_utf16()
            .map(|c| match c {
                0x7C => Unit { ch: 7, flags: 0 },
                0x23 => Unit {
                    ch: 7,
                    flags: PAP_TTP,
                },
                ch => Unit { ch, flags: 0 },
            })
            .collect();
        let mut segs = Vec::new();
        let out = render_units(&units, None, &Limits::default(), None, Some(&mut segs));
        let (papx, styles) = (Runs::default(), Stylesheet::default());
        let cx = Context {
            marks: &[],
            papx: &papx,
            story_start: 0,
            styles: &styles,
            numbering: None,
            encoding: None,
        };
        let mut b = Builder::new(OutputLimits::new(1 << 20));
        write(&out, &segs, &cx, &mut b);
        (b.take_blocks(), decode(&out, None))
    }

    #[test]
    fn cells_rows_and_what_the_plain_text_cannot_say() {
        // Without paragraph properties only cell marks make cells.
        let (b, flat) = blocks("top\rb|c|#d||#after\rtail");
        assert_eq!(flat, "top\nb\tc\nd\t\nafter\ntail");
        let Some(Block::Table(t)) = b.get(1) else {
            panic!("{b:?}")
        };
        assert_eq!(t.rows.len(), 2);
        assert_eq!(t.rows[0].cells[1].plain_text(), "c");
        assert_eq!(t.rows[1].cells.len(), 2);
        // The row's trailing empty cell keeps its tab in the flat text
        // only; a story without a final mark gains a line end.
        assert_eq!(plain_text(&b), "top\nb\tc\nd\nafter\ntail\n");
        // Text between the last cell mark and the row mark is one more cell.
        let (b, flat) = blocks("a|x#");
        assert_eq!(flat, "a\tx\n");
        assert_eq!(plain_text(&b), flat);
    }
}
