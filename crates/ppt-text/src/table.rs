//! Tables: PowerPoint stores a table as a group shape whose
//! `tableProperties` (MS-ODRAW property 0x039F, bit 0)
//! say so, each cell a child shape with its text and its
//! `OfficeArtChildAnchor`, the grid lines as child line shapes. The grid
//! is rebuilt from the cells' edges: the distinct left and right edges are
//! the column lines, the distinct top and bottom edges the row lines; a
//! cell covering several of them spans as many columns or rows.

use crate::text::TextBox;

/// `tableProperties`.
pub const TABLE_PROPERTIES: u16 = 0x039F;

/// msosptLine: the grid lines of a table.
pub const LINE: u16 = 20;

/// Most places (rows × columns) of a table rebuilt from anchors.
const MAX_PLACES: usize = 1 << 16;

/// A table rebuilt from its cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// Rows of places, left to right.
    pub rows: Vec<Vec<Place>>,
    /// The cells' texts in shape order, one per line (the plain text).
    pub flat: String,
}

/// One place of the grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// Where a cell starts: its spans and its text.
    Cell {
        cols: u32,
        rows: u32,
        boxes: Vec<TextBox>,
    },
    /// A place a cell from above or the left spans over.
    Covered,
}

/// One cell shape: its child anchor (left, top, right, bottom) and text.
pub type CellShape = ([i32; 4], Vec<TextBox>);

/// The table of `cells` (in shape order), or `None` when the anchors do
/// not make a grid (an empty or inverted cell, two cells over one place,
/// a grid past the limit).
pub fn rebuild(cells: Vec<CellShape>) -> Option<Table> {
    if cells.is_empty() {
        return None;
    }
    let mut xs: Vec<i32> = Vec::new();
    let mut ys: Vec<i32> = Vec::new();
    for ([l, t, r, b], _) in &cells {
        if r <= l || b <= t {
            return None;
        }
        xs.extend([*l, *r]);
        ys.extend([*t, *b]);
    }
    xs.sort_unstable();
    xs.dedup();
    ys.sort_unstable();
    ys.dedup();
    let ncols = xs.len().saturating_sub(1);
    let nrows = ys.len().saturating_sub(1);
    if ncols == 0 || nrows == 0 || ncols.saturating_mul(nrows) > MAX_PLACES {
        return None;
    }
    let texts: Vec<String> = cells
        .iter()
        .flat_map(|(_, boxes)| boxes.iter().map(TextBox::flat))
        .filter(|t| !t.is_empty())
        .collect();
    let flat = texts.join("\n");
    let index = |v: &[i32], x: i32| v.binary_search(&x).ok();
    let mut grid: Vec<Vec<Option<Place>>> = vec![vec![None; ncols]; nrows];
    for ([l, t, r, b], boxes) in cells {
        let (c0, c1, r0, r1) = (
            index(&xs, l)?,
            index(&xs, r)?,
            index(&ys, t)?,
            index(&ys, b)?,
        );
        for (ri, row) in grid.iter_mut().enumerate().take(r1).skip(r0) {
            for (ci, place) in row.iter_mut().enumerate().take(c1).skip(c0) {
                if place.is_some() {
                    return None;
                }
                *place = Some(if ri == r0 && ci == c0 {
                    Place::Cell {
                        cols: (c1 - c0) as u32,
                        rows: (r1 - r0) as u32,
                        boxes: Vec::new(),
                    }
                } else {
                    Place::Covered
                });
            }
        }
        if let Some(Some(Place::Cell { boxes: b, .. })) =
            grid.get_mut(r0).and_then(|row| row.get_mut(c0))
        {
            *b = boxes;
        }
    }
    let rows = grid
        .into_iter()
        .map(|row| {
            row.into_iter()
                .map(|p| {
                    p.unwrap_or(Place::Cell {
                        cols: 1,
                        rows: 1,
                        boxes: Vec::new(),
                    })
                })
                .collect()
        })
        .collect();
    Some(Table { rows, flat })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(a: [i32; 4], s: &str) -> CellShape {
        (a, vec![TextBox::plain(4, s)])
    }

    #[test]
    fn spans_come_from_edges() {
        // Row 0: "a" over two columns; row 1: "b", "c".
        let t = rebuild(vec![
            cell([0, 0, 20, 10], "a"),
            cell([0, 10, 10, 20], "b"),
            cell([10, 10, 20, 20], "c"),
        ])
        .unwrap();
        assert_eq!(t.flat, "a\nb\nc");
        assert_eq!(t.rows.len(), 2);
        assert!(matches!(
            t.rows[0][0],
            Place::Cell {
                cols: 2,
                rows: 1,
                ..
            }
        ));
        assert_eq!(t.rows[0][1], Place::Covered);
        // A vertical span.
        let t = rebuild(vec![
            cell([0, 0, 10, 20], "a"),
            cell([10, 0, 20, 10], "b"),
            cell([10, 10, 20, 20], "c"),
        ])
        .unwrap();
        assert!(matches!(
            t.rows[0][0],
            Place::Cell {
                cols: 1,
                rows: 2,
                ..
            }
        ));
        assert_eq!(t.rows[1][0], Place::Covered);
    }

    #[test]
    fn overlapping_or_empty_cells_are_no_grid() {
        assert!(rebuild(vec![cell([0, 0, 10, 10], "a"), cell([0, 0, 10, 10], "b")]).is_none());
        assert!(rebuild(vec![cell([0, 0, 0, 10], "a")]).is_none());
        assert!(rebuild(Vec::new()).is_none());
    }
}
