//! Layout: positioned glyphs → words → lines → blocks in reading order.
//!
//! The input is what the content-stream interpreter produces: one
//! [`Glyph`] per shown glyph, in content order, in the coordinates of the
//! upright page (page `/Rotate` already applied, y upwards). Glyphs are
//! grouped by writing direction (left-to-right, bottom-to-top, upside down,
//! top-to-bottom); each direction is laid out in its own frame in which `u`
//! runs along the writing direction and `v` points "up" from the baseline,
//! so vertical Japanese comes out top-to-bottom, columns right-to-left.
//!
//! Words: consecutive glyphs on one baseline form a *run*; a space goes
//! between two glyphs when the gap exceeds a fraction of the font size,
//! never inside a CJK run and never next to a space the PDF already drew.
//! Reading order: recursive XY-cut over the runs — a column gutter wider
//! than the gutter threshold splits left from right, otherwise the widest
//! horizontal gap splits top from bottom; a region with no gap left is read
//! line by line (baseline clustering keeps superscripts on their line).

mod cells;

use std::cmp::Ordering;

/// The text of one glyph: usually one character, sometimes more
/// (a ligature's letters, `/ActualText`, a ToUnicode entry mapping to a word).
#[derive(Debug, Clone, PartialEq)]
pub enum GlyphText {
    /// A single character.
    One(char),
    /// Several characters (or none).
    Many(Box<str>),
}

impl GlyphText {
    /// Builds the text of a glyph from a string.
    pub fn from_str(s: &str) -> Self {
        let mut it = s.chars();
        match (it.next(), it.next()) {
            (Some(c), None) => GlyphText::One(c),
            _ => GlyphText::Many(s.into()),
        }
    }

    pub(crate) fn first(&self) -> Option<char> {
        match self {
            GlyphText::One(c) => Some(*c),
            GlyphText::Many(s) => s.chars().next(),
        }
    }

    fn is_blank(&self) -> bool {
        match self {
            GlyphText::One(c) => c.is_whitespace(),
            GlyphText::Many(s) => s.chars().all(char::is_whitespace),
        }
    }
}

/// The writing direction of a glyph on the upright page: the angle of its
/// advance vector in tenths of a degree, counter-clockwise from the x axis
/// (`0..3600`). Advances within half a degree of an axis are snapped onto it,
/// so rounding noise in matrices does not split a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Direction(u16);

/// Tenths of a degree in a full turn.
const TURN: u16 = 3600;
/// Advances this close to an axis (tenths of a degree) are on it.
const SNAP: u16 = 5;
/// Directions this close (tenths of a degree) are laid out together.
const CLUSTER: u16 = 15;

impl Direction {
    /// Advancing to the right (ordinary horizontal text).
    pub const RIGHT: Direction = Direction(0);
    /// Advancing upwards (text rotated 90° counter-clockwise).
    pub const UP: Direction = Direction(900);
    /// Advancing to the left (text upside down).
    pub const LEFT: Direction = Direction(1800);
    /// Advancing downwards (vertical writing, or text rotated 90° clockwise).
    pub const DOWN: Direction = Direction(2700);

    /// The direction of the advance vector `(dx, dy)` (right for a zero vector).
    pub fn from_vector(dx: f64, dy: f64) -> Direction {
        // the common cases without a trigonometric call
        if dy == 0.0 {
            return if dx < 0.0 {
                Direction::LEFT
            } else {
                Direction::RIGHT
            };
        }
        if dx == 0.0 {
            return if dy > 0.0 {
                Direction::UP
            } else {
                Direction::DOWN
            };
        }
        let deg = dy.atan2(dx).to_degrees();
        if !deg.is_finite() {
            return Direction::RIGHT;
        }
        let tenths = (deg * 10.0).round().rem_euclid(f64::from(TURN)) as u16 % TURN;
        let axis = (tenths + 450) / 900 * 900 % TURN;
        if circular_distance(tenths, axis) <= SNAP {
            Direction(axis)
        } else {
            Direction(tenths)
        }
    }

    /// The direction a quarter turn counter-clockwise from this one: of a
    /// vertical font's horizontal advance (`DOWN` → `RIGHT`).
    pub(crate) fn quarter_turn_ccw(self) -> Direction {
        Direction((self.0 + 900) % TURN)
    }

    /// The unit vector along the direction.
    pub fn unit(self) -> (f64, f64) {
        match self.0 {
            0 => (1.0, 0.0),
            900 => (0.0, 1.0),
            1800 => (-1.0, 0.0),
            2700 => (0.0, -1.0),
            t => {
                let r = (f64::from(t) / 10.0).to_radians();
                (r.cos(), r.sin())
            }
        }
    }
}

/// `(u, v)`: position along the writing direction `(c, s)` (a unit vector)
/// and "up" from the baseline.
pub(crate) fn frame((c, s): (f64, f64), x: f64, y: f64) -> (f64, f64) {
    (x * c + y * s, y * c - x * s)
}

/// Distance between two angles in tenths of a degree, the short way round.
fn circular_distance(a: u16, b: u16) -> u16 {
    let d = a.abs_diff(b) % TURN;
    d.min(TURN - d)
}

/// One glyph placed on the upright page.
#[derive(Debug, Clone, PartialEq)]
pub struct Glyph {
    /// Its Unicode text.
    pub text: GlyphText,
    /// Origin x on the upright page (points).
    pub x: f64,
    /// Origin y on the upright page (points, upwards).
    pub y: f64,
    /// Advance along the writing direction (points, from `/Widths` etc.).
    pub advance: f64,
    /// Font size on the page (points): the text-space unit square's height.
    pub size: f64,
    /// Writing direction.
    pub dir: Direction,
    /// Vertical writing (origin at the glyph's top centre).
    pub vertical: bool,
    /// For a glyph of a vertical font: its horizontal advance (points,
    /// `/W` width), which counts when the glyph turns out placed along a
    /// horizontal line (see `placement.rs`); 0 otherwise.
    pub cross_advance: f64,
}

/// How the layout is done.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct LayoutOptions {
    /// Keep horizontal positions with spaces (like `pdftotext -layout`)
    /// instead of reading-order text.
    pub physical: bool,
    /// A gap wider than this fraction of the font size becomes a space.
    pub word_gap: f64,
    /// A gap wider than this fraction of the font size ends a run.
    pub run_gap: f64,
    /// A vertical gap wider than this fraction of the median font size
    /// separates columns.
    pub gutter: f64,
    /// Join a word hyphenated at the end of a line with its rest on the
    /// next line (`com-` + `pile` → `compile`), as `pdftotext` does.
    pub dehyphenate: bool,
}

impl Default for LayoutOptions {
    fn default() -> Self {
        LayoutOptions {
            physical: false,
            word_gap: 0.15,
            run_gap: 1.0,
            gutter: 0.9,
            dehyphenate: true,
        }
    }
}

/// Whether a character belongs to a script written without spaces between words.
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x2E80..=0x2FDF      // radicals
        | 0x3000..=0x303F    // CJK symbols and punctuation
        | 0x3040..=0x30FF    // Hiragana, Katakana
        | 0x3100..=0x312F    // Bopomofo
        | 0x31F0..=0x31FF    // Katakana extension
        | 0x3200..=0x33FF    // enclosed, compatibility
        | 0x3400..=0x4DBF    // Extension A
        | 0x4E00..=0x9FFF    // Unified ideographs
        | 0xF900..=0xFAFF    // compatibility ideographs
        | 0xFE10..=0xFE1F    // vertical forms
        | 0xFE30..=0xFE4F    // compatibility forms (vertical punctuation)
        | 0xFF00..=0xFFEF    // half- and fullwidth forms
        | 0x20000..=0x3FFFF) // Extensions B–H
}

/// A glyph in its direction's frame.
#[derive(Debug, Clone, Copy)]
struct Placed {
    index: usize,
    u: f64,
    v: f64,
    adv: f64,
    size: f64,
}

/// Consecutive glyphs on one baseline: a word or more, with spaces inferred.
#[derive(Debug, Clone)]
struct Run {
    text: String,
    u0: f64,
    u1: f64,
    /// Baseline of the run's largest glyph.
    v: f64,
    size: f64,
    first: Option<char>,
    last: Option<char>,
    /// Byte offset where the current right-to-left segment starts: glyphs
    /// of Arabic or Hebrew are drawn in visual order and stored reversed.
    rtl_start: Option<usize>,
}

impl Run {
    fn top(&self) -> f64 {
        self.v + 0.7 * self.size
    }

    /// Appends a glyph's text (or a space), keeping right-to-left segments
    /// in logical order.
    fn push_glyph(&mut self, text: &GlyphText) {
        match text {
            // the common case: one left-to-right character, no segment open
            GlyphText::One(c) if self.rtl_start.is_none() && !is_rtl(*c) && !is_mark(*c) => {
                self.text.push(*c);
                self.last = Some(*c);
            }
            GlyphText::One(c) => {
                let mut buf = [0u8; 4];
                self.push_piece(c.encode_utf8(&mut buf));
            }
            GlyphText::Many(s) => self.push_piece(s),
        }
    }

    fn push_piece(&mut self, piece: &str) {
        let rtl = piece
            .chars()
            .find(|c| !c.is_whitespace() && !is_mark(*c))
            .is_some_and(is_rtl)
            || (piece.chars().all(is_mark) && self.rtl_start.is_some());
        let blank = !piece.is_empty() && piece.chars().all(char::is_whitespace);
        // A runaway right-to-left segment is cut so that inserting stays cheap.
        if self
            .rtl_start
            .is_some_and(|i| self.text.len() - i > MAX_RTL_SEGMENT)
        {
            self.rtl_start = None;
        }
        match self.rtl_start {
            Some(i) if rtl || blank => {
                let at = if piece.chars().all(is_mark) {
                    // a combining mark follows its base, which is first in the segment
                    i + self
                        .text
                        .get(i..)
                        .and_then(|t| t.chars().next())
                        .map_or(0, char::len_utf8)
                } else {
                    i
                };
                if self.text.is_char_boundary(at) {
                    self.text.insert_str(at, piece);
                } else {
                    self.text.push_str(piece);
                }
            }
            Some(i) => {
                // leaving the segment: a space that was put at its start belongs before the new text
                if self.text.get(i..).is_some_and(|t| t.starts_with(' ')) {
                    self.text.remove(i);
                    self.text.push(' ');
                }
                self.rtl_start = None;
                self.text.push_str(piece);
            }
            None => {
                if rtl {
                    self.rtl_start = Some(self.text.len());
                }
                self.text.push_str(piece);
            }
        }
        self.last = self.text.chars().next_back();
    }
}

/// Bytes after which a right-to-left segment is cut (inserting at its start costs its length).
const MAX_RTL_SEGMENT: usize = 4096;

/// Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, NKo and their presentation forms).
fn is_rtl(c: char) -> bool {
    matches!(c as u32, 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF | 0x10800..=0x10FFF | 0x1E800..=0x1EFFF)
}

fn is_mark(c: char) -> bool {
    matches!(c as u32, 0x0300..=0x036F | 0x0591..=0x05C7 | 0x0610..=0x061A | 0x064B..=0x065F | 0x0670 | 0x06D6..=0x06ED)
}

/// Lays out one page's glyphs as text (no trailing form feed).
pub fn layout_page(glyphs: &[Glyph], opts: &LayoutOptions) -> String {
    let placed = crate::placement::settle(glyphs);
    let glyphs: &[Glyph] = placed.as_deref().unwrap_or(glyphs);
    let mut out = String::new();
    for (dir, members) in direction_groups(glyphs) {
        let unit = dir.unit();
        let placed: Vec<Placed> = members
            .into_iter()
            .filter_map(|index| Some((index, glyphs.get(index)?)))
            .filter(|(_, g)| {
                g.x.is_finite() && g.y.is_finite() && g.size.is_finite() && g.advance.is_finite()
            })
            .map(|(index, g)| {
                let (u, mut v) = frame(unit, g.x, g.y);
                if g.vertical {
                    // The origin is the top centre; put the "baseline" at the
                    // glyph's left edge so the box spans [v, v + size].
                    v -= g.size / 2.0;
                }
                Placed {
                    index,
                    u,
                    v,
                    adv: g.advance.abs(),
                    size: g.size.abs().max(0.01),
                }
            })
            .collect();
        let runs = build_runs(glyphs, &placed, opts);
        let text = if opts.physical {
            physical_text(runs)
        } else {
            reading_order_text(runs, opts)
        };
        if text.is_empty() {
            continue;
        }
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&text);
    }
    out
}

/// Glyphs grouped by writing direction: directions within
/// [`CLUSTER`] of the first of a group are one group, laid out in the frame
/// of its most frequent direction. Groups come with the most glyphs first
/// (ties: counter-clockwise from rightwards); indices stay in content order.
fn direction_groups(glyphs: &[Glyph]) -> Vec<(Direction, Vec<usize>)> {
    // The common page: one direction, no table needed.
    if let Some(first) = glyphs.first()
        && glyphs.iter().all(|g| g.dir == first.dir)
    {
        return vec![(first.dir, (0..glyphs.len()).collect())];
    }
    let mut counts = vec![0usize; usize::from(TURN)];
    for g in glyphs {
        if let Some(c) = counts.get_mut(usize::from(g.dir.0)) {
            *c += 1;
        }
    }
    // slot of each angle in `groups`
    let mut slot = vec![usize::MAX; usize::from(TURN)];
    let mut groups: Vec<(Direction, usize)> = Vec::new();
    let mut start: Option<(u16, usize)> = None;
    for angle in 0..TURN {
        let n = counts.get(usize::from(angle)).copied().unwrap_or(0);
        if n == 0 {
            continue;
        }
        let g = match start {
            Some((first, g)) if angle - first <= CLUSTER => g,
            _ => {
                groups.push((Direction(angle), 0));
                start = Some((angle, groups.len() - 1));
                groups.len() - 1
            }
        };
        if let Some(s) = slot.get_mut(usize::from(angle)) {
            *s = g;
        }
        if let Some(group) = groups.get_mut(g) {
            let best = counts.get(usize::from(group.0.0)).copied().unwrap_or(0);
            if n > best {
                group.0 = Direction(angle);
            }
            group.1 += n;
        }
    }
    let mut members: Vec<Vec<usize>> = groups.iter().map(|g| Vec::with_capacity(g.1)).collect();
    for (i, g) in glyphs.iter().enumerate() {
        let s = slot
            .get(usize::from(g.dir.0))
            .copied()
            .unwrap_or(usize::MAX);
        if let Some(m) = members.get_mut(s) {
            m.push(i);
        }
    }
    let mut out: Vec<(Direction, Vec<usize>)> =
        groups.into_iter().map(|g| g.0).zip(members).collect();
    out.sort_by_key(|(_, m)| std::cmp::Reverse(m.len()));
    out
}

/// Glyphs in content order → runs (words and spaces within one baseline).
fn build_runs(glyphs: &[Glyph], placed: &[Placed], opts: &LayoutOptions) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    let mut cur: Option<Run> = None;
    for p in placed {
        let Some(g) = glyphs.get(p.index) else {
            continue;
        };
        let first = g.text.first();
        let blank = g.text.is_blank();
        if let Some(run) = cur.as_mut() {
            let scale = run.size.max(p.size);
            let gap = p.u - run.u1;
            // A smaller glyph right after the run, raised or lowered by up
            // to about the run's size, is a superscript or subscript.
            let script = p.size < 0.9 * run.size
                && (p.v - run.v).abs() <= 1.05 * run.size
                && gap.abs() < 0.3 * run.size;
            let same_line = (p.v - run.v).abs() < 0.45 * scale || script;
            let forward = gap > -0.5 * scale && p.u >= run.u0 - 0.01;
            if same_line && forward && gap < opts.run_gap * scale.max(1e-6) {
                if blank {
                    // A space the PDF drew: keep one, extend the run.
                    if run.last.is_some_and(|c| !c.is_whitespace()) {
                        run.push_piece(" ");
                    }
                } else {
                    let cjk_pair = run.last.is_some_and(is_cjk) && first.is_some_and(is_cjk);
                    if gap > opts.word_gap * scale
                        && !cjk_pair
                        && run.last.is_some_and(|c| !c.is_whitespace())
                        && first.is_some_and(|c| !c.is_whitespace())
                    {
                        run.push_piece(" ");
                    }
                    run.push_glyph(&g.text);
                }
                run.u1 = run.u1.max(p.u + p.adv);
                if p.size > run.size {
                    // superscripts never move the baseline; larger glyphs do
                    if (p.v - run.v).abs() < 0.1 * p.size {
                        run.v = p.v;
                    }
                    run.size = p.size;
                }
                continue;
            }
            if let Some(done) = cur.take() {
                push_run(&mut runs, done);
            }
        }
        if blank {
            continue;
        }
        let mut run = Run {
            text: String::new(),
            u0: p.u,
            u1: p.u + p.adv,
            v: p.v,
            size: p.size,
            first,
            last: None,
            rtl_start: None,
        };
        run.push_glyph(&g.text);
        cur = Some(run);
    }
    if let Some(done) = cur.take() {
        push_run(&mut runs, done);
    }
    runs
}

fn push_run(runs: &mut Vec<Run>, mut run: Run) {
    while run.text.ends_with(' ') {
        run.text.pop();
    }
    while run.text.starts_with(' ') {
        run.text.remove(0);
    }
    run.first = run.text.chars().next();
    run.last = run.text.chars().next_back();
    if !run.text.is_empty() {
        runs.push(run);
    }
}

fn median_size(runs: &[Run]) -> f64 {
    let mut sizes: Vec<f64> = runs.iter().map(|r| r.size).collect();
    sizes.sort_by(|a, b| a.partial_cmp(b).unwrap_or(Ordering::Equal));
    sizes.get(sizes.len() / 2).copied().unwrap_or(10.0)
}

/// Reading order by recursive XY-cut; regions become paragraphs.
fn reading_order_text(runs: Vec<Run>, opts: &LayoutOptions) -> String {
    let median = median_size(&runs);
    let mut blocks: Vec<(Vec<Run>, usize)> = Vec::new();
    let mut cut = Cut {
        gutter: opts.gutter * median,
        min_col: MIN_COLUMN * median,
        flow: 0,
    };
    cut.xy_cut(runs, 0, &mut blocks);
    // Hyphenated words are joined within a flow, not from the foot of one
    // column to the head of the next (pdftotext's rule).
    let mut out = String::new();
    let mut flow_text = String::new();
    let mut flow = blocks.first().map_or(0, |b| b.1);
    // The lines of each block, blocks of one flow together: a table row
    // whose cells wrap spans several blocks (`cells.rs`).
    let mut groups: Vec<(Vec<Vec<Vec<Run>>>, usize)> = Vec::new();
    for (block, f) in blocks {
        let lines = block_lines(block);
        match groups.last_mut() {
            Some((g, gf)) if *gf == f => g.push(lines),
            _ => groups.push((vec![lines], f)),
        }
    }
    for (group, f) in groups {
        let sizes: Vec<usize> = group.iter().map(Vec::len).collect();
        let texts = match cells::read_wrapped_rows(group.into_iter().flatten().collect()) {
            Ok(rewritten) => vec![emit_lines(rewritten, opts)],
            Err(mut lines) => {
                let mut texts = Vec::with_capacity(sizes.len());
                for n in sizes {
                    let rest = lines.split_off(n.min(lines.len()));
                    texts.push(emit_lines(std::mem::replace(&mut lines, rest), opts));
                }
                texts
            }
        };
        for text in texts {
            if text.is_empty() {
                continue;
            }
            if f != flow {
                flush_flow(&mut out, &mut flow_text, opts);
                flow = f;
            }
            flow_text.push_str(&text);
            flow_text.push('\n');
        }
    }
    flush_flow(&mut out, &mut flow_text, opts);
    out
}

fn flush_flow(out: &mut String, flow_text: &mut String, opts: &LayoutOptions) {
    if opts.dehyphenate {
        out.push_str(&dehyphenate(flow_text));
    } else {
        out.push_str(flow_text);
    }
    flow_text.clear();
}

/// The XY-cut's thresholds and the flow counter: every column a vertical
/// cut makes (and what follows it) is a new flow.
struct Cut {
    gutter: f64,
    min_col: f64,
    flow: usize,
}

/// Widest gap in a set of intervals: `(width, position)` where position is
/// the start of the first interval after the gap.
fn widest_gap(mut spans: Vec<(f64, f64)>) -> Option<(f64, f64)> {
    spans.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(Ordering::Equal));
    let mut best: Option<(f64, f64)> = None;
    let mut reach = f64::NEG_INFINITY;
    for (lo, hi) in spans {
        if reach > f64::NEG_INFINITY && lo > reach {
            let w = lo - reach;
            if best.is_none_or(|(bw, _)| w > bw) {
                best = Some((w, lo));
            }
        }
        reach = reach.max(hi);
    }
    best
}

const MAX_CUT_DEPTH: usize = 200;
/// A column of text has a line at least this many median font sizes long;
/// columns without one are table cells, read row by row.
const MIN_COLUMN: f64 = 8.0;

/// The widest gap ≥ `gutter` between two sides that both hold a line of
/// text at least `min_col` long: `(width, u where the right side starts)`.
fn column_gap(runs: &[Run], gutter: f64, min_col: f64) -> Option<(f64, f64)> {
    let mut spans: Vec<(f64, f64)> = runs.iter().map(|r| (r.u0, r.u1)).collect();
    spans.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(Ordering::Equal));
    // long_after[i]: a long line starts at or after span i
    let mut long_after = vec![false; spans.len() + 1];
    for i in (0..spans.len()).rev() {
        let long = spans.get(i).is_some_and(|(a, b)| b - a >= min_col);
        let next = long_after.get(i + 1).copied().unwrap_or(false);
        if let Some(slot) = long_after.get_mut(i) {
            *slot = long || next;
        }
    }
    let mut best: Option<(f64, f64)> = None;
    let mut reach = f64::NEG_INFINITY;
    let mut long_left = false;
    for (i, &(lo, hi)) in spans.iter().enumerate() {
        if reach > f64::NEG_INFINITY && lo - reach >= gutter {
            let w = lo - reach;
            let long_right = long_after.get(i).copied().unwrap_or(false);
            if long_left && long_right && best.is_none_or(|(bw, _)| w > bw) {
                best = Some((w, lo));
            }
        }
        long_left |= hi - lo >= min_col;
        reach = reach.max(hi);
    }
    best
}

impl Cut {
    fn xy_cut(&mut self, runs: Vec<Run>, depth: usize, out: &mut Vec<(Vec<Run>, usize)>) {
        let (gutter, min_col) = (self.gutter, self.min_col);
        if runs.len() < 2 || depth > MAX_CUT_DEPTH {
            if !runs.is_empty() {
                out.push((runs, self.flow));
            }
            return;
        }
        // Vertical cut (columns): only when the region has more than one line.
        let vert = column_gap(&runs, gutter, min_col);
        let horiz = widest_gap(runs.iter().map(|r| (-r.top(), -r.v)).collect());
        let multi_line = {
            let v0 = runs.first().map(|r| r.v).unwrap_or(0.0);
            runs.iter().any(|r| (r.v - v0).abs() > 0.45 * r.size)
        };
        let vert = vert.filter(|(w, _)| *w >= gutter && multi_line);
        match (vert, horiz) {
            (Some((vw, at)), h) if h.is_none_or(|(hw, _)| vw >= hw) => {
                let (left, right): (Vec<Run>, Vec<Run>) = runs.into_iter().partition(|r| r.u0 < at);
                self.flow += 1;
                self.xy_cut(left, depth + 1, out);
                self.flow += 1;
                self.xy_cut(right, depth + 1, out);
                self.flow += 1;
            }
            (_, Some((hw, _))) => {
                // Cut at every horizontal gap nearly as wide as the widest one.
                let mut spans: Vec<(f64, f64)> = runs.iter().map(|r| (-r.top(), -r.v)).collect();
                spans.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(Ordering::Equal));
                let mut cuts: Vec<f64> = Vec::new();
                let mut reach = f64::NEG_INFINITY;
                for (lo, hi) in spans {
                    if reach > f64::NEG_INFINITY && lo > reach && lo - reach >= 0.9 * hw {
                        cuts.push(lo);
                    }
                    reach = reach.max(hi);
                }
                let mut bands: Vec<Vec<Run>> = vec![Vec::new(); cuts.len() + 1];
                for r in runs {
                    let key = -r.top();
                    let i = cuts.iter().take_while(|c| key >= **c).count();
                    if let Some(b) = bands.get_mut(i) {
                        b.push(r);
                    }
                }
                for b in bands {
                    self.xy_cut(b, depth + 1, out);
                }
            }
            _ => out.push((runs, self.flow)),
        }
    }
}

/// Runs of one region → lines by baseline clustering, top to bottom, each
/// line's runs left to right.
fn block_lines(mut runs: Vec<Run>) -> Vec<Vec<Run>> {
    runs.sort_by(|a, b| b.v.partial_cmp(&a.v).unwrap_or(Ordering::Equal));
    let mut lines: Vec<Vec<Run>> = Vec::new();
    // baseline and size of the current line's largest run
    let mut base = (0.0f64, 0.0f64);
    for r in runs {
        if let Some(line) = lines.last_mut()
            && (r.v - base.0).abs() < 0.45 * base.1.max(r.size)
        {
            if r.size > base.1 {
                base = (r.v, r.size);
            }
            line.push(r);
            continue;
        }
        base = (r.v, r.size);
        lines.push(vec![r]);
    }
    hoist_split_labels(&mut lines);
    for line in &mut lines {
        line.sort_by(|a, b| a.u0.partial_cmp(&b.u0).unwrap_or(Ordering::Equal));
    }
    lines
}

/// Lines (each sorted left to right) as text, one line each.
fn emit_lines(lines: Vec<Vec<Run>>, opts: &LayoutOptions) -> String {
    let mut out = String::new();
    for line in lines {
        if !out.is_empty() {
            finish_line(&mut out);
            out.push('\n');
        }
        let mut prev: Option<&Run> = None;
        for r in &line {
            if let Some(p) = prev {
                let gap = r.u0 - p.u1;
                let cjk_pair = p.last.is_some_and(is_cjk) && r.first.is_some_and(is_cjk);
                if gap > opts.word_gap * p.size.max(r.size) * 0.999 && !cjk_pair
                    || gap > p.size.max(r.size)
                {
                    out.push(' ');
                }
            }
            out.push_str(&r.text);
            prev = Some(r);
        }
    }
    finish_line(&mut out);
    out
}

/// A table row whose label cell wraps onto two lines has its values centred
/// between them, so baseline order reads label, values, rest of the label
/// (`Travel and` / `340 410 750` / `accommodation`). Where a line lies
/// wholly to the right of the two lines around it, those two start in the
/// same column within one font size, are at most [`LABEL_PAIR`] font sizes
/// apart and the line sits strictly between their baselines, the label's
/// second line is read before the values.
fn hoist_split_labels(lines: &mut [Vec<Run>]) {
    // (baseline of the largest run, size, leftmost start, rightmost end)
    let shape = |line: &[Run]| {
        let mut base = (0.0f64, 0.0f64);
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for r in line {
            if r.size > base.1 {
                base = (r.v, r.size);
            }
            lo = lo.min(r.u0);
            hi = hi.max(r.u1);
        }
        (base.0, base.1, lo, hi)
    };
    let mut k = 0;
    while k + 2 < lines.len() {
        let (Some(a), Some(m), Some(b)) = (lines.get(k), lines.get(k + 1), lines.get(k + 2)) else {
            break;
        };
        let (va, sa, a_lo, a_hi) = shape(a);
        let (vm, sm, m_lo, _) = shape(m);
        let (vb, sb, b_lo, b_hi) = shape(b);
        let size = sa.max(sb).max(sm);
        let split_label = (a_lo - b_lo).abs() <= size
            && m_lo > a_hi.max(b_hi) + size
            && va - vb <= LABEL_PAIR * size
            && vb < vm
            && vm < va;
        if split_label {
            lines.swap(k + 1, k + 2);
            k += 3;
        } else {
            k += 1;
        }
    }
}

/// Baselines of a label wrapped in one table cell are at most this many
/// font sizes apart.
const LABEL_PAIR: f64 = 1.6;

/// Joins `letter-⏎lowercase` across consecutive lines.
fn dehyphenate(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut lines = text.split('\n').peekable();
    while let Some(line) = lines.next() {
        out.push_str(line);
        let Some(next) = lines.peek() else { break };
        let mut tail = line.chars().rev();
        let hyphen = tail.next() == Some('-') && tail.next().is_some_and(char::is_alphabetic);
        if hyphen && next.chars().next().is_some_and(char::is_lowercase) {
            out.pop();
            continue;
        }
        out.push('\n');
    }
    out
}

/// Soft hyphens (U+00AD) are invisible inside a line and a printed hyphen at
/// its end.
fn finish_line(out: &mut String) {
    let start = out.rfind('\n').map_or(0, |i| i + 1);
    let Some(line) = out.get(start..) else { return };
    if !line.contains('\u{AD}') {
        return;
    }
    let ends_soft = line.trim_end().ends_with('\u{AD}');
    let mut fixed: String = line.trim_end().chars().filter(|c| *c != '\u{AD}').collect();
    if ends_soft {
        fixed.push('-');
    }
    out.truncate(start);
    out.push_str(&fixed);
}

/// Layout mode: lines top to bottom, runs at columns proportional to their
/// horizontal position.
fn physical_text(mut runs: Vec<Run>) -> String {
    if runs.is_empty() {
        return String::new();
    }
    // Character pitch: the median width per character of the runs.
    let mut pitches: Vec<f64> = runs
        .iter()
        .filter_map(|r| {
            let n = r.text.chars().count();
            (n > 0).then(|| (r.u1 - r.u0) / n as f64)
        })
        .filter(|p| *p > 0.0)
        .collect();
    pitches.sort_by(|a, b| a.partial_cmp(b).unwrap_or(Ordering::Equal));
    let pitch = pitches
        .get(pitches.len() / 2)
        .copied()
        .unwrap_or(5.0)
        .max(0.5);
    let left = runs.iter().map(|r| r.u0).fold(f64::INFINITY, f64::min);
    runs.sort_by(|a, b| b.v.partial_cmp(&a.v).unwrap_or(Ordering::Equal));
    let mut lines: Vec<Vec<Run>> = Vec::new();
    let mut prev_v: Option<(f64, f64)> = None;
    let mut out = String::new();
    for r in runs {
        if let (Some(line), Some((v, s))) = (lines.last_mut(), prev_v)
            && (r.v - v).abs() < 0.45 * s.max(r.size)
        {
            line.push(r);
            continue;
        }
        prev_v = Some((r.v, r.size));
        lines.push(vec![r]);
    }
    let mut last_v: Option<f64> = None;
    for mut line in lines {
        line.sort_by(|a, b| a.u0.partial_cmp(&b.u0).unwrap_or(Ordering::Equal));
        let v = line.first().map(|r| r.v).unwrap_or(0.0);
        let size = line.iter().map(|r| r.size).fold(0.0, f64::max);
        if let Some(lv) = last_v
            && lv - v > 2.2 * size
        {
            out.push('\n');
        }
        last_v = Some(v);
        let mut col = 0usize;
        for r in &line {
            let want = ((r.u0 - left) / pitch).round().clamp(0.0, 10_000.0) as usize;
            if col > 0 && want <= col {
                out.push(' ');
                col += 1;
            }
            while col < want {
                out.push(' ');
                col += 1;
            }
            out.push_str(&r.text);
            col += r.text.chars().count();
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One glyph of `text` at `(x, y)`, `advance` long along `dir`, of font
    /// size `size`; of a vertical font where `vertical`.
    fn glyph(
        text: GlyphText,
        x: f64,
        y: f64,
        advance: f64,
        size: f64,
        dir: Direction,
        vertical: bool,
    ) -> Glyph {
        Glyph {
            text,
            x,
            y,
            advance,
            size,
            dir,
            vertical,
            cross_advance: if vertical { 0.6 * size } else { 0.0 },
        }
    }

    /// Glyphs of `s` from `(x, y)` rightwards, each `w` wide, size `size`.
    fn word(s: &str, x: f64, y: f64, w: f64, size: f64) -> Vec<Glyph> {
        s.chars()
            .enumerate()
            .map(|(i, c)| {
                let x = x + i as f64 * w;
                glyph(GlyphText::One(c), x, y, w, size, Direction::RIGHT, false)
            })
            .collect()
    }

    /// Glyphs of `s` downwards from `(x, 700)`, 12 pt each: of a vertical
    /// font (`vertical`), or of a horizontal one placed glyph by glyph.
    fn column(s: &str, x: f64, vertical: bool) -> Vec<Glyph> {
        s.chars()
            .enumerate()
            .map(|(i, c)| {
                let dir = if vertical {
                    Direction::DOWN
                } else {
                    Direction::RIGHT
                };
                let y = 700.0 - 12.0 * i as f64;
                glyph(GlyphText::One(c), x, y, 12.0, 12.0, dir, vertical)
            })
            .collect()
    }

    fn lay(glyphs: &[Glyph]) -> String {
        layout_page(glyphs, &LayoutOptions::default())
    }

    #[test]
    fn gap_becomes_one_space() {
        let mut g = word("Hello", 0.0, 700.0, 6.0, 12.0);
        g.extend(word("world", 34.0, 700.0, 6.0, 12.0));
        assert_eq!(lay(&g), "Hello world\n");
    }

    #[test]
    fn kerning_is_not_a_space() {
        let mut g = word("Wo", 0.0, 700.0, 6.0, 12.0);
        g.extend(word("rd", 12.5, 700.0, 6.0, 12.0));
        assert_eq!(lay(&g), "Word\n");
    }

    #[test]
    fn drawn_space_is_not_doubled() {
        // "a" then a drawn space then a wide gap then "b"
        let mut g = word("a ", 0.0, 700.0, 6.0, 12.0);
        g.extend(word("b", 20.0, 700.0, 6.0, 12.0));
        assert_eq!(lay(&g), "a b\n");
    }

    #[test]
    fn no_space_inside_cjk_runs() {
        let mut g = word("日本", 0.0, 700.0, 12.0, 12.0);
        g.extend(word("語", 27.0, 700.0, 12.0, 12.0));
        g.extend(word("text", 40.0, 700.0, 6.0, 12.0));
        // 3 pt gap between 本 and 語 (> 0.15 × 12) gives no space; 1 pt before "text" neither.
        assert_eq!(lay(&g), "日本語text\n");
    }

    #[test]
    fn lines_top_to_bottom_even_if_drawn_bottom_up() {
        let mut g = word("second", 0.0, 686.0, 6.0, 12.0);
        g.extend(word("first", 0.0, 700.0, 6.0, 12.0));
        assert_eq!(lay(&g), "first\nsecond\n");
    }

    #[test]
    fn superscript_stays_on_its_line() {
        let mut g = word("x", 0.0, 700.0, 6.0, 12.0);
        g.extend(word("2", 6.0, 705.0, 4.0, 7.0));
        g.extend(word("+1", 10.0, 700.0, 6.0, 12.0));
        g.extend(word("next", 0.0, 686.0, 6.0, 12.0));
        assert_eq!(lay(&g), "x2+1\nnext\n");
    }

    #[test]
    fn high_superscript_of_smaller_size_stays() {
        // E = mc² with the 2 raised by a full 12 pt (text_rise_eol_bug.pdf)
        let mut g = word("mc", 0.0, 700.0, 6.0, 12.0);
        g.extend(word("2", 12.0, 712.0, 4.0, 8.0));
        g.extend(word(" is", 16.0, 700.0, 6.0, 12.0));
        assert_eq!(lay(&g), "mc2 is\n");
    }

    #[test]
    fn arabic_drawn_in_visual_order_comes_out_logical() {
        // "مرحبا بالعالم" drawn left to right: the last letter first.
        let logical = "مرحبا بالعالم";
        let visual: String = logical.chars().rev().collect();
        let g = word(&visual, 0.0, 700.0, 6.0, 12.0);
        assert_eq!(lay(&g), format!("{logical}\n"));
        let mut g = word("abc ", 0.0, 700.0, 6.0, 12.0);
        g.extend(word("ابج", 24.0, 700.0, 6.0, 12.0));
        assert_eq!(lay(&g), "abc جبا\n");
    }

    #[test]
    fn hyphenated_words_are_joined() {
        assert_eq!(
            dehyphenate("com-\npile it\nnon-\nRust\n- item\n"),
            "compile it\nnon-\nRust\n- item\n"
        );
        let mut g = word("[Lan-", 0.0, 700.0, 6.0, 12.0);
        g.extend(word("guages]", 0.0, 686.0, 6.0, 12.0));
        assert_eq!(lay(&g), "[Languages]\n");
        let keep = LayoutOptions {
            dehyphenate: false,
            ..LayoutOptions::default()
        };
        assert_eq!(layout_page(&g, &keep), "[Lan-\nguages]\n");
    }

    #[test]
    fn no_hyphen_joining_from_one_column_to_the_next() {
        let mut g = Vec::new();
        for i in 0..3 {
            let y = 700.0 - 14.0 * i as f64;
            let left = if i == 2 {
                "ends with a broken-"
            } else {
                "left column text line"
            };
            g.extend(word(left, 50.0, y, 6.0, 12.0));
            let right = if i == 0 {
                "word starts here"
            } else {
                "right column text"
            };
            g.extend(word(right, 300.0, y, 6.0, 12.0));
        }
        assert_eq!(
            lay(&g),
            "left column text line\nleft column text line\nends with a broken-\n\
             word starts here\nright column text\nright column text\n"
        );
    }

    #[test]
    fn soft_hyphens() {
        let mut g = word("Mit\u{AD}arbeit", 0.0, 700.0, 6.0, 12.0);
        g.extend(word("Ab\u{AD}", 0.0, 686.0, 6.0, 12.0));
        g.extend(word("satz", 0.0, 672.0, 6.0, 12.0));
        assert_eq!(lay(&g), "Mitarbeit\nAbsatz\n");
        let keep = LayoutOptions {
            dehyphenate: false,
            ..LayoutOptions::default()
        };
        assert_eq!(layout_page(&g, &keep), "Mitarbeit\nAb-\nsatz\n");
    }

    #[test]
    fn two_columns_read_left_then_right() {
        // Drawn line by line across both columns (same baselines).
        let mut g = Vec::new();
        g.extend(word("A title over both columns", 100.0, 760.0, 6.0, 12.0));
        for i in 1..=3 {
            let y = 700.0 - 14.0 * i as f64;
            g.extend(word(&format!("left column line {i}"), 50.0, y, 6.0, 12.0));
            g.extend(word(&format!("right column line {i}"), 300.0, y, 6.0, 12.0));
        }
        let want = "A title over both columns\nleft column line 1\nleft column line 2\nleft column line 3\n\
                    right column line 1\nright column line 2\nright column line 3\n";
        assert_eq!(lay(&g), want);
    }

    #[test]
    fn three_columns() {
        let mut g = Vec::new();
        for i in 0..3 {
            let y = 700.0 - 14.0 * i as f64;
            for (c, x) in [(0, 30.0), (1, 230.0), (2, 430.0)] {
                g.extend(word(&format!("column {c} line {i} text"), x, y, 6.0, 12.0));
            }
        }
        let want: Vec<String> = (0..3)
            .flat_map(|c| (0..3).map(move |i| format!("column {c} line {i} text\n")))
            .collect();
        assert_eq!(lay(&g), want.concat());
    }

    #[test]
    fn narrow_table_columns_read_row_by_row() {
        let mut g = Vec::new();
        for (i, row) in [
            ["851.5", "854.9", "839.3"],
            ["1,485.1", "1,582.7", "1,629.2"],
        ]
        .iter()
        .enumerate()
        {
            for (j, cell) in row.iter().enumerate() {
                g.extend(word(
                    cell,
                    100.0 + 60.0 * j as f64,
                    700.0 - 14.0 * i as f64,
                    6.0,
                    10.0,
                ));
            }
        }
        assert_eq!(lay(&g), "851.5 854.9 839.3\n1,485.1 1,582.7 1,629.2\n");
    }

    #[test]
    fn wrapped_row_label_comes_before_its_values() {
        // values drawn first, centred between the two lines of their label
        let mut g = word("340", 200.0, 666.5, 6.0, 10.0);
        g.extend(word("750", 260.0, 666.5, 6.0, 10.0));
        g.extend(word("Salaries", 72.0, 690.0, 5.0, 10.0));
        g.extend(word("1,200", 200.0, 690.0, 6.0, 10.0));
        g.extend(word("Travel and", 72.0, 672.0, 5.0, 10.0));
        g.extend(word("accommodation", 72.0, 661.0, 5.0, 10.0));
        g.extend(word("Rent", 72.0, 643.0, 5.0, 10.0));
        g.extend(word("900", 200.0, 643.0, 6.0, 10.0));
        assert_eq!(
            lay(&g),
            "Salaries 1,200\nTravel and\naccommodation\n340 750\nRent 900\n"
        );
        // lines a full line apart are not one label: baseline order stays
        let mut g = word("Left one", 72.0, 690.0, 5.0, 10.0);
        g.extend(word("aside", 200.0, 680.0, 6.0, 10.0));
        g.extend(word("Left two", 72.0, 670.0, 5.0, 10.0));
        assert_eq!(lay(&g), "Left one\naside\nLeft two\n");
    }

    #[test]
    fn single_line_with_wide_gap_stays_one_line() {
        let mut g = word("Name", 50.0, 700.0, 6.0, 12.0);
        g.extend(word("Value", 300.0, 700.0, 6.0, 12.0));
        assert_eq!(lay(&g), "Name Value\n");
    }

    #[test]
    fn vertical_writing_top_to_bottom_right_to_left() {
        // Two columns of vertical text: the right one first.
        let col = |s: &str, x: f64| column(s, x, true);
        let mut g = col("はじめ", 100.0);
        g.extend(col("つぎ", 82.0));
        assert_eq!(lay(&g), "はじめ\nつぎ\n");
    }

    #[test]
    fn cjk_stacked_with_a_horizontal_font_reads_as_columns() {
        // each glyph placed by itself, one em below the previous; columns
        // right to left; a table of one-character cells keeps its rows
        let col = |s: &str, x: f64| column(s, x, false);
        let mut g = col("縦に並ぶ", 300.0);
        g.extend(col("二列目", 282.0));
        assert_eq!(lay(&g), "縦に並ぶ\n二列目\n");
        // rows 20 pt apart (1.7 em) are a table, read by rows
        let mut g = Vec::new();
        for (i, row) in ["甲乙", "丙丁", "戊己"].iter().enumerate() {
            for (j, c) in row.chars().enumerate() {
                g.extend(word(
                    &c.to_string(),
                    100.0 + 40.0 * j as f64,
                    700.0 - 20.0 * i as f64,
                    12.0,
                    12.0,
                ));
            }
        }
        assert_eq!(lay(&g), "甲 乙\n丙 丁\n戊 己\n");
        // Latin letters stacked the same way are left alone
        assert_eq!(lay(&col("abc", 100.0)), "a\nb\nc\n");
    }

    #[test]
    fn rotated_latin_inside_a_vertical_column() {
        // 縦書きで, then "PDF" turned 90° clockwise (baseline a little left of
        // the column's centre), then を読む: one column
        let mut g = Vec::new();
        let mut y = 700.0;
        for (s, x, advance, vertical) in [
            ("縦書きで", 100.0, 12.0, true),
            ("PDF", 96.0, 7.0, false),
            ("を読む", 100.0, 12.0, true),
        ] {
            for c in s.chars() {
                let dir = Direction::DOWN;
                g.push(glyph(GlyphText::One(c), x, y, advance, 12.0, dir, vertical));
                y -= advance;
            }
        }
        assert_eq!(lay(&g), "縦書きでPDFを読む\n");
    }

    #[test]
    fn every_glyph_at_its_own_angle_stays_cheap() {
        // 20 000 glyphs on a spiral, each at a different angle: bounded work
        let g: Vec<Glyph> = (0..20_000)
            .map(|i| {
                let a = f64::from(i) * 0.0173;
                let x = 300.0 + a.cos() * f64::from(i) * 0.01;
                let y = 400.0 + a.sin() * f64::from(i) * 0.01;
                let dir = Direction::from_vector(-a.sin(), a.cos());
                glyph(GlyphText::One('x'), x, y, 6.0, 12.0, dir, false)
            })
            .collect();
        assert_eq!(lay(&g).matches('x').count(), 20_000);
    }

    #[test]
    fn rotated_text_after_main_text() {
        let mut g = word("main", 50.0, 700.0, 6.0, 12.0);
        g.extend(word("more", 50.0, 686.0, 6.0, 12.0));
        // "UP" written bottom to top at x = 20
        for (i, c) in "UP".chars().enumerate() {
            let y = 100.0 + 7.0 * i as f64;
            g.push(glyph(
                GlyphText::One(c),
                20.0,
                y,
                7.0,
                12.0,
                Direction::UP,
                false,
            ));
        }
        assert_eq!(lay(&g), "main\nmore\nUP\n");
    }

    #[test]
    fn layout_mode_keeps_columns() {
        let mut g = word("ab", 0.0, 700.0, 6.0, 12.0);
        g.extend(word("cd", 60.0, 700.0, 6.0, 12.0));
        g.extend(word("ef", 60.0, 686.0, 6.0, 12.0));
        let opts = LayoutOptions {
            physical: true,
            ..LayoutOptions::default()
        };
        assert_eq!(layout_page(&g, &opts), "ab        cd\n          ef\n");
    }

    #[test]
    fn multi_char_glyph_and_nonfinite_input() {
        let fi = GlyphText::from_str("fi");
        let mut g = vec![glyph(fi, 0.0, 700.0, 6.0, 12.0, Direction::RIGHT, false)];
        g.extend(word("ne", 6.0, 700.0, 6.0, 12.0));
        let x = GlyphText::One('x');
        g.push(glyph(
            x,
            f64::NAN,
            700.0,
            6.0,
            12.0,
            Direction::RIGHT,
            false,
        ));
        assert_eq!(lay(&g), "fine\n");
        assert_eq!(lay(&[]), "");
    }

    #[test]
    fn large_pages_stay_near_linear() {
        // One line of 100 000 glyphs, a 200 × 200 grid of cells and a
        // 20 000-glyph right-to-left run: finishes (no quadratic blow-up).
        let long: String = "abcdefghij".repeat(10_000);
        let t = lay(&word(&long, 0.0, 700.0, 6.0, 12.0));
        assert_eq!(t.len(), 100_001);
        let mut grid = Vec::new();
        for row in 0..200 {
            for col in 0..200 {
                grid.extend(word(
                    "x",
                    20.0 * col as f64,
                    4000.0 - 14.0 * row as f64,
                    6.0,
                    10.0,
                ));
            }
        }
        assert_eq!(lay(&grid).matches('x').count(), 40_000);
        let arabic: String = "ابجد".repeat(5_000);
        assert_eq!(
            lay(&word(&arabic, 0.0, 700.0, 6.0, 12.0)).chars().count(),
            20_001
        );
    }

    #[test]
    fn direction_from_vector() {
        assert_eq!(Direction::from_vector(1.0, 0.0), Direction::RIGHT);
        assert_eq!(Direction::from_vector(1.0, 0.001), Direction::RIGHT);
        assert_eq!(Direction::from_vector(1.0, -0.001), Direction::RIGHT);
        assert_eq!(Direction::from_vector(-1.0, 0.0), Direction::LEFT);
        assert_eq!(Direction::from_vector(0.0, 2.0), Direction::UP);
        assert_eq!(Direction::from_vector(0.001, -1.0), Direction::DOWN);
        assert_eq!(Direction::from_vector(1.0, 1.0).0, 450);
        assert_eq!(Direction::from_vector(1.0, 0.1).0, 57);
        assert_eq!(Direction::from_vector(1.0, -1.0).0, 3150);
        assert_eq!(Direction::from_vector(f64::NAN, 1.0), Direction::RIGHT);
        let (c, s) = Direction::from_vector(3f64.sqrt(), 1.0).unit();
        assert!((c - 3f64.sqrt() / 2.0).abs() < 1e-9 && (s - 0.5).abs() < 1e-9);
    }

    /// Glyphs of `s` from `(x, y)` along the angle `deg`, each `w` apart.
    fn slanted(s: &str, x: f64, y: f64, deg: f64, w: f64) -> Vec<Glyph> {
        let (sin, cos) = deg.to_radians().sin_cos();
        s.chars()
            .enumerate()
            .map(|(i, c)| {
                let (x, y) = (x + i as f64 * w * cos, y + i as f64 * w * sin);
                let dir = Direction::from_vector(cos, sin);
                glyph(GlyphText::One(c), x, y, w, 12.0, dir, false)
            })
            .collect()
    }

    #[test]
    fn text_at_any_angle_keeps_its_words() {
        for deg in [30.0, 45.0, 60.0, 135.0, 200.0, 330.0] {
            // two lines, the second one line height "below" the first in their own frame
            let (sin, cos) = f64::to_radians(deg).sin_cos();
            let mut g = slanted("Rotated heading", 200.0, 300.0, deg, 6.0);
            g.extend(slanted(
                "second line",
                200.0 + 14.0 * sin,
                300.0 - 14.0 * cos,
                deg,
                6.0,
            ));
            assert_eq!(lay(&g), "Rotated heading\nsecond line\n", "{deg}°");
        }
        // a slanted stamp over horizontal text is read after it, in one piece
        let mut g = word("Body text line", 50.0, 700.0, 6.0, 12.0);
        g.extend(slanted("DRAFT", 100.0, 650.0, 45.0, 8.0));
        g.extend(word("another line", 50.0, 686.0, 6.0, 12.0));
        assert_eq!(lay(&g), "Body text line\nanother line\nDRAFT\n");
        // glyphs a fraction of a degree apart are one line
        let mut g = slanted("ab", 0.0, 0.0, 30.0, 6.0);
        g.extend(slanted("cd", 12.0 * 0.866_03, 12.0 * 0.5, 30.9, 6.0));
        assert_eq!(lay(&g), "abcd\n");
    }
}
