//! Table rows whose cells wrap onto several lines. Lines are found by
//! baseline, so a row whose middle cell wraps reads across the row line by
//! line, one cell's lines interleaved with its neighbours'
//! (`Pump A centrifugal pump Check the seals` / `that moves cooling every
//! spring` / …). A row is a line of two or more cells (runs more than
//! [`CELL_GAP`] font sizes apart) followed by lines that continue its
//! cells: each within [`ROW_PITCH`] font sizes of the line above, with
//! text only in the second or later columns, each piece starting at its
//! column's left edge under a line of that cell, and — where a column
//! follows — its first word too wide to have ended that line (the cell
//! wrapped there; a grid whose first column is empty below a label is
//! not a wrapped row). Such a row is read cell by cell, each cell's lines
//! in order. A row in which only the last cell wraps (a hanging list
//! item, a footnote beside its number) reads the same either way and is
//! left as it is.

use std::cmp::Ordering;

use super::Run;

/// Runs further apart than this many font sizes are in different cells.
const CELL_GAP: f64 = 0.8;
/// Lines of one row are at most this many font sizes apart.
const ROW_PITCH: f64 = 1.8;

/// The left edges of a line's cells (the line's runs sorted by start).
fn cell_starts(line: &[Run]) -> Vec<f64> {
    let mut starts = Vec::new();
    let mut prev: Option<&Run> = None;
    for r in line {
        if prev.is_none_or(|p| r.u0 - p.u1 > CELL_GAP * p.size.max(r.size)) {
            starts.push(r.u0);
        }
        prev = Some(r);
    }
    starts
}

/// The column (index into `starts`) a run starting at `u0` lies in.
fn column(starts: &[f64], u0: f64, size: f64) -> usize {
    // `starts` ascend, so the test is true up to a point
    starts
        .partition_point(|s| u0 >= s - 0.5 * size)
        .saturating_sub(1)
}

fn baseline(line: &[Run]) -> (f64, f64) {
    line.iter().fold(
        (0.0, 0.0),
        |(v, s), r| if r.size > s { (r.v, r.size) } else { (v, s) },
    )
}

/// The lines (each sorted by start), with the rows whose non-last cells
/// wrap rewritten cell by cell: a cell's lines one per line, a one-line
/// cell on the line of the cell after it. `Err` with the lines as they
/// were when no row was rewritten.
pub(super) fn read_wrapped_rows(lines: Vec<Vec<Run>>) -> Result<Vec<Vec<Run>>, Vec<Vec<Run>>> {
    if !lines.iter().any(|l| cell_starts(l).len() >= 2) {
        return Err(lines);
    }
    let mut rewritten = false;
    let mut out: Vec<Vec<Run>> = Vec::with_capacity(lines.len());
    let mut lines = lines.into_iter().peekable();
    while let Some(first) = lines.next() {
        let starts = cell_starts(&first);
        let Some(&left) = starts.first().filter(|_| starts.len() >= 2) else {
            out.push(first);
            continue;
        };
        // The continuation lines: close below, continuing cells.
        let mut rest: Vec<Vec<Run>> = Vec::new();
        let mut above = baseline(&first);
        // the right end of each column's last line so far
        let mut ends: Vec<Option<f64>> = vec![None; starts.len()];
        note_ends(&first, &starts, &mut ends);
        while let Some(next) = lines.peek() {
            let (v, size) = baseline(next);
            let size = size.max(above.1);
            let close = above.0 - v > 0.0 && above.0 - v <= ROW_PITCH * size;
            if !close || next.is_empty() || !continues(next, &starts, &ends, left, size) {
                break;
            }
            above = (v, size);
            note_ends(next, &starts, &mut ends);
            if let Some(line) = lines.next() {
                rest.push(line);
            }
        }
        if rest.is_empty() {
            out.push(first);
        } else {
            match rewrite_row(first, rest, &starts) {
                Ok(lines) => {
                    rewritten = true;
                    out.extend(lines);
                }
                Err(lines) => out.extend(lines),
            }
        }
    }
    if rewritten { Ok(out) } else { Err(out) }
}

/// Records the right end of each column's text on `line`.
fn note_ends(line: &[Run], starts: &[f64], ends: &mut [Option<f64>]) {
    for r in line {
        if let Some(e) = ends.get_mut(column(starts, r.u0, r.size)) {
            *e = Some(e.map_or(r.u1, |x: f64| x.max(r.u1)));
        }
    }
}

/// Whether `line` continues the cells of a row whose columns start at
/// `starts` (the first at `left`) and whose columns' lines so far end at
/// `ends`: see the module doc.
fn continues(line: &[Run], starts: &[f64], ends: &[Option<f64>], left: f64, size: f64) -> bool {
    let mut prev_col = None;
    for r in line {
        let k = column(starts, r.u0, size);
        if k == 0 || r.u0 < left + size {
            return false;
        }
        if prev_col == Some(k) {
            continue; // later runs of the same piece
        }
        prev_col = Some(k);
        let (Some(start), Some(Some(end))) = (starts.get(k), ends.get(k)) else {
            return false;
        };
        if (r.u0 - start).abs() > size {
            return false;
        }
        if let Some(next_start) = starts.get(k + 1) {
            // the first word, by its share of the run's characters
            let chars = r.text.chars().count().max(1);
            let word = r.text.split(' ').next().map_or(0, |w| w.chars().count());
            let width = (r.u1 - r.u0) * word as f64 / chars as f64;
            let room = next_start - CELL_GAP * size - end;
            if width + 0.25 * size <= room {
                return false; // it would have fitted: no wrap
            }
        }
    }
    true
}

/// One row: its first line and its continuation lines, read cell by cell
/// when a cell before the last one wraps, else as they are.
fn rewrite_row(
    first: Vec<Run>,
    rest: Vec<Vec<Run>>,
    starts: &[f64],
) -> Result<Vec<Vec<Run>>, Vec<Vec<Run>>> {
    let columns = starts.len();
    // How many lines have text in each column.
    let mut counts = vec![0usize; columns];
    for line in std::iter::once(&first).chain(&rest) {
        let mut seen = vec![false; columns];
        for r in line {
            if let Some(s) = seen.get_mut(column(starts, r.u0, r.size)) {
                *s = true;
            }
        }
        for (c, s) in counts.iter_mut().zip(seen) {
            *c += usize::from(s);
        }
    }
    let last_used = counts.iter().rposition(|c| *c > 0).unwrap_or(0);
    if !counts.iter().take(last_used).any(|c| *c > 1) {
        let mut lines = vec![first];
        lines.extend(rest);
        return Err(lines);
    }
    // cells[k]: the cell's lines, each a list of runs
    let mut cells: Vec<Vec<Vec<Run>>> = vec![Vec::new(); columns];
    for line in std::iter::once(first).chain(rest) {
        let mut parts: Vec<Vec<Run>> = vec![Vec::new(); columns];
        for r in line {
            let k = column(starts, r.u0, r.size);
            if let Some(p) = parts.get_mut(k) {
                p.push(r);
            }
        }
        for (cell, part) in cells.iter_mut().zip(parts) {
            if !part.is_empty() {
                cell.push(part);
            }
        }
    }
    let mut out: Vec<Vec<Run>> = Vec::new();
    let mut cur: Vec<Run> = Vec::new();
    let mut prev_single = false;
    for cell in cells.into_iter().filter(|c| !c.is_empty()) {
        let single = cell.len() == 1;
        for (j, part) in cell.into_iter().enumerate() {
            if j == 0 && prev_single {
                cur.extend(part);
            } else {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                cur = part;
            }
        }
        prev_single = single;
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    for line in &mut out {
        line.sort_by(|a, b| a.u0.partial_cmp(&b.u0).unwrap_or(Ordering::Equal));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, u0: f64, v: f64) -> Run {
        Run {
            text: text.into(),
            u0,
            u1: u0 + 6.0 * text.chars().count() as f64,
            v,
            size: 12.0,
            first: text.chars().next(),
            last: text.chars().next_back(),
            rtl_start: None,
        }
    }

    fn texts(lines: &[Vec<Run>]) -> Vec<String> {
        lines
            .iter()
            .map(|l| {
                l.iter()
                    .map(|r| r.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    #[test]
    fn a_wrapped_middle_cell_is_read_before_the_next_cell() {
        let lines = vec![
            vec![
                run("Pump", 50.0, 700.0),
                run("A centrifugal pump", 120.0, 700.0),
                run("Check", 260.0, 700.0),
            ],
            vec![
                run("that moves cooling", 120.0, 686.0),
                run("the seals", 260.0, 686.0),
            ],
            vec![run("water", 120.0, 672.0)],
            vec![
                run("Valve", 50.0, 658.0),
                run("Shuts", 120.0, 658.0),
                run("Yearly", 260.0, 658.0),
            ],
        ];
        let out = read_wrapped_rows(lines).unwrap_or_else(|_| panic!("rewritten"));
        assert_eq!(
            texts(&out),
            [
                "Pump A centrifugal pump",
                "that moves cooling",
                "water",
                "Check",
                "the seals",
                "Valve Shuts Yearly"
            ]
        );
    }

    #[test]
    fn rows_where_only_the_last_cell_wraps_stay() {
        // a hanging list item and a paragraph after it
        let lines = vec![
            vec![run("1.", 50.0, 700.0), run("First item", 80.0, 700.0)],
            vec![run("goes on here", 80.0, 686.0)],
            vec![run("Next paragraph", 50.0, 660.0)],
        ];
        let out = read_wrapped_rows(lines).err().map(|l| texts(&l));
        assert_eq!(
            out,
            Some(vec![
                "1. First item".to_string(),
                "goes on here".into(),
                "Next paragraph".into()
            ])
        );
        // a grid whose first column is empty below a label: the next row's
        // first word would have fitted, so it is no wrapped cell
        let lines = vec![
            vec![
                run("Sets", 50.0, 700.0),
                run("a38", 120.0, 700.0),
                run("a100", 260.0, 700.0),
            ],
            vec![run("a39", 120.0, 686.0), run("a101", 260.0, 686.0)],
        ];
        assert!(read_wrapped_rows(lines).is_err());
        // far below: not the same row
        let lines = vec![
            vec![
                run("a", 50.0, 700.0),
                run("b", 120.0, 700.0),
                run("c", 260.0, 700.0),
            ],
            vec![run("d", 120.0, 600.0)],
        ];
        assert!(read_wrapped_rows(lines).is_err());
    }
}
