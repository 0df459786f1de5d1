//! Glyphs placed against their font's writing mode (ISO 32000-1 §9.4.4,
//! §9.7.4.3): a producer may draw vertical writing with a horizontal font,
//! one glyph under the other, or horizontal lines with a vertical font
//! (`Identity-V`), one glyph beside the other, each glyph by its own
//! positioning operator. Where the glyphs land says how the text reads, not
//! the font's nominal advance; this pass turns such glyphs into glyphs of
//! the writing mode they were placed in, before the layout.

use crate::layout::{Direction, Glyph, frame, is_cjk};

/// The glyphs with those placed against their font's writing mode turned
/// into the mode they were placed in; `None` when there are none (the
/// common case: no copy).
pub(crate) fn settle(glyphs: &[Glyph]) -> Option<Vec<Glyph>> {
    let stacked = stacked_columns(glyphs);
    let source = stacked.as_deref().unwrap_or(glyphs);
    match placed_rows(source) {
        Some(rows) => Some(rows),
        None => stacked,
    }
}

/// Vertical writing set with a horizontal font: CJK glyphs drawn one under
/// the other (each placed by its own text matrix, one em apart), which would
/// otherwise be read across the columns as rows. Chains of at least
/// [`MIN_STACK`] glyphs in content order, each directly below the previous
/// one at a pitch of 0.8–1.25 of the font size and mostly CJK, are turned
/// into vertical glyphs (origin at the top centre, advancing downwards).
fn stacked_columns(glyphs: &[Glyph]) -> Option<Vec<Glyph>> {
    let below = |a: &Glyph, b: &Glyph| {
        // the usual neighbour is beside, not below: that test first
        let size = a.size.abs();
        (b.x - a.x).abs() <= 0.15 * size
            && (0.8 * size..=1.25 * size).contains(&(a.y - b.y))
            && (b.size.abs() - size).abs() <= 0.1 * size
            && a.dir == Direction::RIGHT
            && b.dir == Direction::RIGHT
            && !a.vertical
            && !b.vertical
    };
    let mut out: Option<Vec<Glyph>> = None;
    for (i, j) in chains(glyphs, below) {
        let chain = glyphs.get(i..j).unwrap_or_default();
        if chain.len() >= MIN_STACK
            && 3 * chain
                .iter()
                .filter(|g| g.text.first().is_some_and(is_cjk))
                .count()
                >= 2 * chain.len()
        {
            let out = out.get_or_insert_with(|| glyphs.to_vec());
            for g in out.get_mut(i..j).unwrap_or_default() {
                let size = g.size.abs();
                g.cross_advance = g.advance;
                g.x += size / 2.0;
                g.y += 0.88 * size;
                g.advance = size;
                g.dir = Direction::DOWN;
                g.vertical = true;
            }
        }
    }
    out
}

/// Glyphs in a column below which horizontal glyphs are read as vertical writing.
const MIN_STACK: usize = 3;

/// Horizontal lines set with a vertical font: glyphs of a vertical font
/// (`Identity-V`, a `-V` CMap) drawn one beside the other along the line
/// their font's horizontal advance points to, each placed by its own text
/// matrix, which would otherwise be read as columns of single glyphs.
/// Chains of at least [`MIN_ROW`] glyphs in content order, each on the
/// previous one's line (within 0.2 of the font size across it) and after
/// it by more than a quarter of its width and at most its width plus 0.45
/// of the font size (a word space; vertical columns stand 1.5 em apart or
/// more),
/// are turned into horizontal glyphs: origin moved from the top centre to
/// the baseline's left end (the default position vector, §9.7.4.3), their
/// horizontal width as the advance.
fn placed_rows(glyphs: &[Glyph]) -> Option<Vec<Glyph>> {
    let beside = |a: &Glyph, b: &Glyph| {
        if !a.vertical || !b.vertical || a.dir != b.dir {
            return false;
        }
        let size = a.size.abs();
        if (b.size.abs() - size).abs() > 0.1 * size || a.cross_advance <= 0.0 {
            return false;
        }
        let across = a.dir.quarter_turn_ccw().unit();
        let (ua, va) = frame(across, a.x, a.y);
        let (ub, vb) = frame(across, b.x, b.y);
        let du = ub - ua;
        (vb - va).abs() <= 0.2 * size
            && du > 0.25 * a.cross_advance
            && du <= a.cross_advance + 0.45 * size
    };
    let mut out: Option<Vec<Glyph>> = None;
    for (i, j) in chains(glyphs, beside) {
        if j - i < MIN_ROW {
            continue;
        }
        let out = out.get_or_insert_with(|| glyphs.to_vec());
        for g in out.get_mut(i..j).unwrap_or_default() {
            let size = g.size.abs();
            let across = g.dir.quarter_turn_ccw();
            let (hx, hy) = across.unit();
            let (dx, dy) = g.dir.unit();
            // from the top centre to the left end of the baseline
            g.x += -hx * g.cross_advance / 2.0 + dx * 0.88 * size;
            g.y += -hy * g.cross_advance / 2.0 + dy * 0.88 * size;
            g.advance = g.cross_advance;
            g.dir = across;
            g.vertical = false;
        }
    }
    out
}

/// Glyphs of a vertical font beside which the next ones are read as a
/// horizontal line.
const MIN_ROW: usize = 3;

/// The maximal runs `i..j` of glyphs in content order in which each glyph
/// is `linked` to the one before it (runs of one glyph included).
fn chains(
    glyphs: &[Glyph],
    linked: impl Fn(&Glyph, &Glyph) -> bool,
) -> impl Iterator<Item = (usize, usize)> {
    let mut i = 0;
    std::iter::from_fn(move || {
        if i >= glyphs.len() {
            return None;
        }
        let start = i;
        let mut j = i + 1;
        while let (Some(a), Some(b)) = (glyphs.get(j - 1), glyphs.get(j)) {
            if !linked(a, b) {
                break;
            }
            j += 1;
        }
        i = j;
        Some((start, j))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{GlyphText, LayoutOptions, layout_page};

    /// A glyph of a vertical font at `(x, y)` (its top centre), 12 pt, with
    /// a horizontal width of `w` points.
    fn vglyph(c: char, x: f64, y: f64, w: f64) -> Glyph {
        Glyph {
            text: GlyphText::One(c),
            x,
            y,
            advance: 12.0,
            size: 12.0,
            dir: Direction::DOWN,
            vertical: true,
            cross_advance: w,
        }
    }

    /// `s` placed glyph by glyph rightwards from `x` on the line at `y`,
    /// 6 pt a glyph, a space 3 pt more.
    fn placed_line(s: &str, x: f64, y: f64) -> Vec<Glyph> {
        let mut x = x;
        let mut out = Vec::new();
        for c in s.chars() {
            if c == ' ' {
                x += 3.0;
                continue;
            }
            out.push(vglyph(c, x, y, 6.0));
            x += 6.0;
        }
        out
    }

    #[test]
    fn vertical_glyphs_placed_along_lines_read_as_lines() {
        let mut glyphs = placed_line("placed by hand", 72.0, 700.0);
        glyphs.extend(placed_line("second line", 72.0, 680.0));
        let text = layout_page(&glyphs, &LayoutOptions::default());
        assert_eq!(text, "placed by hand\nsecond line\n");
        let settled = settle(&glyphs).unwrap();
        assert!(
            settled
                .iter()
                .all(|g| !g.vertical && g.dir == Direction::RIGHT)
        );
        // the origin moves from the top centre to the baseline's left end
        assert_eq!(
            settled.first().map(|g| (g.x, g.y)),
            Some((69.0, 700.0 - 0.88 * 12.0))
        );
    }

    #[test]
    fn real_vertical_writing_stays_vertical() {
        // two columns of a vertical font, each glyph one em below the last
        let mut glyphs = Vec::new();
        for (col, x) in [("縦書き", 400.0), ("二行目", 380.0)] {
            for (i, c) in col.chars().enumerate() {
                glyphs.push(vglyph(c, x, 700.0 - 12.0 * i as f64, 12.0));
            }
        }
        assert!(placed_rows(&glyphs).is_none());
        // a table drawn row by row across columns 1.5 em apart: no line
        let across: Vec<Glyph> = (0..4)
            .map(|i| vglyph('字', 300.0 + 18.0 * f64::from(i), 700.0, 12.0))
            .collect();
        assert!(placed_rows(&across).is_none());
        // two glyphs side by side are too few to tell
        assert!(placed_rows(&placed_line("ab", 72.0, 700.0)).is_none());
    }
}
