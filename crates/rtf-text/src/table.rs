//! Table row definitions (RTF 1.9.1 "Table Definitions"): `\trowd` starts
//! one, `\trleft` its left edge, `\trhdr` makes it a header row, each
//! `\cellxN` ends a cell at `N` twips with the merge flags read before it
//! (`\clmgf`/`\clmrg` horizontal, `\clvmgf`/`\clvmrg` vertical). Nested
//! tables state theirs in `\nesttableprops` before `\nestrow`.
//!
//! The grid of a table is every cell edge of every row: a cell spans the
//! grid columns between its edges (how LibreOffice writes merged columns),
//! a `\clmgf` cell also the `\clmrg` cells after it, a `\clvmgf` cell the
//! `\clvmrg` cells below it.

use doc_model::Table;

/// Most cell definitions kept for one row (Word allows 63).
const MAX_CELLS: usize = 1024;

/// A merge flag of a cell definition.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum Merge {
    #[default]
    None,
    /// `\clmgf` / `\clvmgf`: the first cell of a merged range.
    First,
    /// `\clmrg` / `\clvmrg`: merged into the cell before / above.
    Continue,
}

/// One `\cellx` with what was said about the cell before it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct CellDef {
    /// `\cellxN`: the cell's right edge, in twips.
    pub(crate) right: i32,
    pub(crate) horizontal: Merge,
    pub(crate) vertical: Merge,
}

/// A row's definition.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct RowDef {
    /// `\trleftN`: the left edge.
    pub(crate) left: i32,
    /// `\trhdr`.
    pub(crate) header: bool,
    pub(crate) cells: Vec<CellDef>,
    /// The flags read for the next `\cellx`.
    pub(crate) pending: CellDef,
}

impl RowDef {
    /// `\cellxN`: the pending cell ends at `right`.
    pub(crate) fn cellx(&mut self, right: i32) {
        let mut cell = std::mem::take(&mut self.pending);
        cell.right = right;
        if self.cells.len() < MAX_CELLS {
            self.cells.push(cell);
        }
    }
}

/// Sets the spans, covered places and header rows of `table` from the
/// definitions of its rows (`None` where a row had none). A row whose cell
/// count differs from its definition keeps one column a cell.
pub(crate) fn apply_defs(table: &mut Table, defs: &[Option<RowDef>]) {
    // The grid's column edges.
    let mut edges: Vec<i32> = defs
        .iter()
        .flatten()
        .flat_map(|d| d.cells.iter().map(|c| c.right))
        .collect();
    edges.sort_unstable();
    edges.dedup();
    // Each row's cells' first grid column, for the vertical merges.
    let mut starts: Vec<Vec<u32>> = Vec::with_capacity(table.rows.len());
    for (r, row) in table.rows.iter_mut().enumerate() {
        let def = defs
            .get(r)
            .and_then(Option::as_ref)
            .filter(|d| d.cells.len() == row.cells.len() && !d.cells.is_empty());
        let mut first = Vec::with_capacity(row.cells.len());
        let Some(def) = def else {
            let mut at = 0u32;
            for c in &row.cells {
                first.push(at);
                at = at.saturating_add(c.col_span);
            }
            starts.push(first);
            continue;
        };
        let mut left = def.left;
        let mut owner: Option<usize> = None;
        for (i, (cell, d)) in row.cells.iter_mut().zip(&def.cells).enumerate() {
            let from = edges.partition_point(|&e| e <= left) as u32;
            let to = edges.partition_point(|&e| e <= d.right) as u32;
            let span = to.saturating_sub(from).max(1);
            first.push(from);
            left = left.max(d.right);
            cell.col_span = span;
            match d.horizontal {
                Merge::Continue if owner.is_some() => cell.covered = true,
                Merge::First => owner = Some(i),
                _ => owner = None,
            }
        }
        // A `\clmgf` cell spans the `\clmrg` cells after it.
        let mut i = 0;
        while i < row.cells.len() {
            let mut j = i + 1;
            let mut span = row.cells.get(i).map_or(1, |c| c.col_span);
            while row.cells.get(j).is_some_and(|c| c.covered)
                && def
                    .cells
                    .get(j)
                    .is_some_and(|d| d.horizontal == Merge::Continue)
            {
                span = span.saturating_add(row.cells.get(j).map_or(1, |c| c.col_span));
                j += 1;
            }
            if j > i + 1
                && let Some(c) = row.cells.get_mut(i)
            {
                c.col_span = span;
            }
            i = j;
        }
        starts.push(first);
    }
    // A `\clvmrg` cell continues the cell above that starts at its column.
    for r in 1..table.rows.len() {
        let Some(def) = defs.get(r).and_then(Option::as_ref) else {
            continue;
        };
        let n = table.rows.get(r).map_or(0, |row| row.cells.len());
        if def.cells.len() != n {
            continue;
        }
        for i in 0..n {
            if def.cells.get(i).map(|d| d.vertical) != Some(Merge::Continue) {
                continue;
            }
            let Some(col) = starts.get(r).and_then(|s| s.get(i)).copied() else {
                continue;
            };
            if let Some(c) = table.rows.get_mut(r).and_then(|row| row.cells.get_mut(i)) {
                c.covered = true;
            }
            let mut above = r;
            while above > 0 {
                above -= 1;
                let Some(k) = starts
                    .get(above)
                    .and_then(|s| s.iter().position(|&x| x == col))
                else {
                    break;
                };
                let Some(cell) = table
                    .rows
                    .get_mut(above)
                    .and_then(|row| row.cells.get_mut(k))
                else {
                    break;
                };
                if cell.covered {
                    continue;
                }
                let span = u32::try_from(r - above + 1).unwrap_or(u32::MAX);
                cell.row_span = cell.row_span.max(span);
                break;
            }
        }
    }
    table.header_rows = defs
        .iter()
        .take(table.rows.len())
        .take_while(|d| d.as_ref().is_some_and(|d| d.header))
        .count() as u32;
}

#[cfg(test)]
mod tests {
    use super::*;
    use doc_model::{Cell, Row};

    fn def(edges: &[(i32, Merge, Merge)], header: bool) -> Option<RowDef> {
        let mut d = RowDef {
            header,
            ..RowDef::default()
        };
        for &(right, horizontal, vertical) in edges {
            d.pending = CellDef {
                right,
                horizontal,
                vertical,
            };
            d.cellx(right);
        }
        Some(d)
    }

    fn row(texts: &[&str]) -> Row {
        Row::new(texts.iter().map(|t| Cell::text(*t)).collect())
    }

    #[test]
    fn edges_give_column_spans_and_clvmrg_row_spans() {
        use Merge::{Continue as C, First as F, None as N};
        // LibreOffice: merged columns by wider cells; a vertical merge.
        let mut t = Table::new(
            vec![
                row(&["Day", "Both", "Evening"]),
                row(&["Monday", "Setup", "Talks", "Dinner"]),
                row(&["", "Workshop", "Panel", "Free"]),
            ],
            0,
        );
        let defs = [
            def(&[(10, N, N), (30, N, N), (40, N, N)], true),
            def(&[(10, N, F), (20, N, N), (30, N, N), (40, N, N)], false),
            def(&[(10, N, C), (20, N, N), (30, N, N), (40, N, N)], false),
        ];
        apply_defs(&mut t, &defs);
        assert_eq!(t.header_rows, 1);
        assert_eq!(t.rows[0].cells[1].col_span, 2);
        assert_eq!(t.rows[1].cells[0].row_span, 2);
        assert!(t.rows[2].cells[0].covered);
        // Word: \clmgf then \clmrg cells of their own.
        let mut w = Table::new(vec![row(&["wide", ""]), row(&["a", "b"])], 0);
        let defs = [
            def(&[(10, F, N), (20, C, N)], false),
            def(&[(10, N, N), (20, N, N)], false),
        ];
        apply_defs(&mut w, &defs);
        assert_eq!(w.rows[0].cells[0].col_span, 2);
        assert!(w.rows[0].cells[1].covered);
        assert_eq!(
            doc_model::plain_text(&[doc_model::Block::Table(w)]),
            "wide\na\tb\n"
        );
    }

    #[test]
    fn a_row_unlike_its_definition_keeps_one_column_a_cell() {
        let mut t = Table::new(vec![row(&["a", "b", "c"])], 0);
        apply_defs(&mut t, &[def(&[(10, Merge::None, Merge::None)], false)]);
        assert!(t.rows[0].cells.iter().all(|c| c.col_span == 1));
    }
}
