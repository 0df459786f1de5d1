//! The content-stream interpreter for text (ISO 32000-1 §8.4 graphics
//! state, §9.3 text state, §9.4 text objects, §14.6 marked content,
//! §8.10 Form XObjects): turns operations into placed [`Glyph`]s.

use std::rc::Rc;

use pdf_lex::content::{Operand, Operation, Operations};

use crate::layout::{Direction, Glyph, GlyphText};
use crate::matrix::Matrix;

/// One glyph a font decoded from a string operand.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ShownGlyph {
    /// Its Unicode text, or `None` when no map knows the code.
    pub text: Option<GlyphText>,
    /// Horizontal advance in text-space units per unit of font size (`w0`).
    pub w0: f64,
    /// Vertical advance in text-space units per unit of font size (`w1`, negative downwards).
    pub w1: f64,
    /// The code is the single byte 32 (word spacing applies, §9.3.3).
    pub word_space: bool,
}

/// What the interpreter needs of a font.
pub(crate) trait TextFont {
    /// Splits `bytes` into codes and describes each glyph, appending to `out`.
    fn decode(&self, bytes: &[u8], out: &mut Vec<ShownGlyph>);
    /// Whether the font writes vertically (`WMode` 1).
    fn vertical(&self) -> bool {
        false
    }
}

/// A Form XObject ready to run.
pub(crate) struct Form<'s> {
    /// Identifies the form for the cycle guard.
    pub id: u64,
    /// `/Matrix`.
    pub matrix: Matrix,
    /// Decoded content.
    pub content: Rc<[u8]>,
    /// The form's resources (or its parent's when it has none).
    pub scope: Rc<dyn Scope<'s> + 's>,
}

/// The resources a content stream can name.
pub(crate) trait Scope<'s> {
    /// The font of `/Font` entry `name`.
    fn font(&self, name: &[u8]) -> Option<Rc<dyn TextFont + 's>>;
    /// The Form XObject of `/XObject` entry `name` (`None` for images).
    fn form(&self, name: &[u8]) -> Option<Form<'s>>;
    /// The `/ActualText` of `/Properties` entry `name`.
    fn actual_text(&self, name: &[u8]) -> Option<String>;
}

/// Limits of one page's interpretation.
#[derive(Debug, Clone, Copy)]
pub(crate) struct InterpLimits {
    pub max_glyphs: usize,
    pub max_ops: usize,
    pub max_form_depth: usize,
    pub deadline: Option<std::time::Instant>,
}

/// The text parts of the graphics state (§8.4.1, §9.3.1).
#[derive(Clone)]
struct GState<'s> {
    ctm: Matrix,
    font: Option<Rc<dyn TextFont + 's>>,
    size: f64,
    char_spacing: f64,
    word_spacing: f64,
    hscale: f64,
    leading: f64,
    rise: f64,
}

/// A marked-content sequence that carries `/ActualText`.
struct Marked {
    text: Option<String>,
    first_glyph: usize,
}

/// Interprets one page (and the forms it draws).
pub(crate) struct Interpreter<'s> {
    pub glyphs: Vec<Glyph>,
    pub unmapped: usize,
    pub warnings: Vec<String>,
    limits: InterpLimits,
    /// Operations run so far (forms included).
    pub ops: usize,
    /// Set when the deadline stopped the page.
    pub past_deadline: bool,
    gs: GState<'s>,
    stack: Vec<GState<'s>>,
    tm: Matrix,
    tlm: Matrix,
    marked: Vec<Marked>,
    forms: Vec<u64>,
    scratch: Vec<ShownGlyph>,
    limit_hit: bool,
}

const MAX_GSTATE_STACK: usize = 256;
const MAX_MARKED_STACK: usize = 256;
/// Most bytes of operands left at the end of a content stream that are
/// carried into the next one (an operation split between two streams is
/// short; a stream of operands without an operator is not re-read for
/// every stream after it).
const MAX_CARRY: usize = 4096;
/// Operations between two looks at the clock.
const DEADLINE_EVERY: usize = 4096;

impl<'s> Interpreter<'s> {
    /// An interpreter whose initial CTM maps user space to the upright page.
    pub(crate) fn new(base: Matrix, limits: InterpLimits) -> Self {
        Interpreter {
            glyphs: Vec::new(),
            unmapped: 0,
            warnings: Vec::new(),
            limits,
            ops: 0,
            past_deadline: false,
            gs: GState {
                ctm: base,
                font: None,
                size: 0.0,
                char_spacing: 0.0,
                word_spacing: 0.0,
                hscale: 1.0,
                leading: 0.0,
                rise: 0.0,
            },
            stack: Vec::new(),
            tm: Matrix::IDENTITY,
            tlm: Matrix::IDENTITY,
            marked: Vec::new(),
            forms: Vec::new(),
            scratch: Vec::new(),
            limit_hit: false,
        }
    }

    fn hit_limit(&mut self, what: &str) {
        if !self.limit_hit {
            self.limit_hit = true;
            self.warnings
                .push(format!("page truncated: more than {what}"));
        }
    }

    /// Runs a content stream with its resources.
    pub(crate) fn run(&mut self, content: &[u8], scope: &Rc<dyn Scope<'s> + 's>) {
        self.run_ops(&mut Operations::new(content), scope);
    }

    /// Runs a page's content streams, joined in `content`, each beginning at
    /// its offset in `starts` (§7.8.2): as one stream of tokens, except
    /// that a stream that ends inside an unterminated string, array,
    /// dictionary or inline image loses only the rest of itself; the next
    /// one is read afresh, so one damaged stream does not take the text of
    /// the streams after it. Operands left before the end of a stream
    /// (an operation split between two streams) carry over to the next.
    pub(crate) fn run_streams(
        &mut self,
        content: &[u8],
        starts: &[usize],
        scope: &Rc<dyn Scope<'s> + 's>,
    ) {
        let ends = starts
            .iter()
            .skip(1)
            .copied()
            .chain(std::iter::once(content.len()));
        let mut from = 0;
        for end in ends {
            let Some(chunk) = content.get(from..end) else {
                continue;
            };
            let mut ops = Operations::new(chunk);
            let Some(done) = self.run_ops(&mut ops, scope) else {
                return;
            };
            let tail = chunk.get(done..).unwrap_or_default();
            from = if ops.ran_off_end() {
                if end < content.len() {
                    self.warnings.push(
                    "a content stream ends inside an unterminated string, array or inline image; \
                     the next stream is read afresh"
                        .into(),
                    );
                }
                end
            } else if only_blank(tail) || tail.len() > MAX_CARRY {
                end
            } else {
                from + done
            };
        }
    }

    /// Runs the operations of `ops`. Returns the offset after the last
    /// complete operation, or `None` when a limit stopped the page.
    fn run_ops(
        &mut self,
        ops: &mut Operations<'_>,
        scope: &Rc<dyn Scope<'s> + 's>,
    ) -> Option<usize> {
        let mut done = 0;
        while let Some(op) = ops.next() {
            if self.limit_hit {
                return None;
            }
            self.ops += 1;
            if self.ops > self.limits.max_ops {
                self.hit_limit(&format!("{} operations", self.limits.max_ops));
                return None;
            }
            if self.ops.is_multiple_of(DEADLINE_EVERY)
                && let Some(deadline) = self.limits.deadline
                && std::time::Instant::now() >= deadline
            {
                self.past_deadline = true;
                self.hit_limit("the time the deadline allows");
                return None;
            }
            self.apply(&op, scope);
            done = ops.offset();
        }
        Some(done)
    }

    /// Applies one operation.
    fn apply(&mut self, op: &Operation<'_>, scope: &Rc<dyn Scope<'s> + 's>) {
        {
            let a = &op.operands;
            let num = |i: usize| a.get(i).and_then(Operand::as_f64).filter(|v| v.is_finite());
            match op.operator {
                b"q" if self.stack.len() < MAX_GSTATE_STACK => self.stack.push(self.gs.clone()),
                b"Q" => {
                    if let Some(g) = self.stack.pop() {
                        self.gs = g;
                    }
                }
                b"cm" => {
                    if let (Some(a0), Some(b), Some(c), Some(d), Some(e), Some(f)) =
                        (num(0), num(1), num(2), num(3), num(4), num(5))
                    {
                        let m = Matrix::new(a0, b, c, d, e, f).then(&self.gs.ctm);
                        if m.is_finite() {
                            self.gs.ctm = m;
                        }
                    }
                }
                b"BT" => {
                    self.tm = Matrix::IDENTITY;
                    self.tlm = Matrix::IDENTITY;
                }
                b"ET" => {}
                b"Tf" => {
                    if let Some(name) = a.first().and_then(Operand::as_name) {
                        self.gs.font = scope.font(name);
                    }
                    if let Some(s) = num(1) {
                        self.gs.size = s;
                    }
                }
                b"Tc" => self.gs.char_spacing = num(0).unwrap_or(0.0),
                b"Tw" => self.gs.word_spacing = num(0).unwrap_or(0.0),
                b"Tz" => self.gs.hscale = num(0).unwrap_or(100.0) / 100.0,
                b"TL" => self.gs.leading = num(0).unwrap_or(0.0),
                b"Ts" => self.gs.rise = num(0).unwrap_or(0.0),
                b"Td" => {
                    if let (Some(x), Some(y)) = (num(0), num(1)) {
                        self.move_line(x, y);
                    }
                }
                b"TD" => {
                    if let (Some(x), Some(y)) = (num(0), num(1)) {
                        self.gs.leading = -y;
                        self.move_line(x, y);
                    }
                }
                b"Tm" => {
                    if let (Some(a0), Some(b), Some(c), Some(d), Some(e), Some(f)) =
                        (num(0), num(1), num(2), num(3), num(4), num(5))
                    {
                        self.tlm = Matrix::new(a0, b, c, d, e, f);
                        self.tm = self.tlm;
                    }
                }
                b"T*" => self.move_line(0.0, -self.gs.leading),
                b"Tj" => {
                    if let Some(s) = a.first().and_then(Operand::as_string) {
                        self.show(s);
                    }
                }
                b"'" => {
                    self.move_line(0.0, -self.gs.leading);
                    if let Some(s) = a.first().and_then(Operand::as_string) {
                        self.show(s);
                    }
                }
                b"\"" => {
                    if let (Some(aw), Some(ac)) = (num(0), num(1)) {
                        self.gs.word_spacing = aw;
                        self.gs.char_spacing = ac;
                    }
                    self.move_line(0.0, -self.gs.leading);
                    if let Some(s) = a.get(2).and_then(Operand::as_string) {
                        self.show(s);
                    }
                }
                b"TJ" => {
                    if let Some(Operand::Array(items)) = a.first() {
                        for item in items {
                            match item {
                                Operand::String(s) => self.show(s),
                                _ => {
                                    if let Some(n) = item.as_f64().filter(|n| n.is_finite()) {
                                        self.adjust(n);
                                    }
                                }
                            }
                        }
                    }
                }
                b"BMC" => self.begin_marked(None),
                b"BDC" => {
                    let text = match a.get(1) {
                        Some(d @ Operand::Dict(_)) => d
                            .dict_get(b"ActualText")
                            .and_then(Operand::as_string)
                            .map(pdf_lex::decode_text_string),
                        Some(Operand::Name(n)) => scope.actual_text(n),
                        _ => None,
                    };
                    self.begin_marked(text);
                }
                b"EMC" => self.end_marked(),
                b"Do" => {
                    if let Some(name) = a.first().and_then(Operand::as_name) {
                        self.run_form(name, scope);
                    }
                }
                _ => {}
            }
        }
    }

    fn move_line(&mut self, x: f64, y: f64) {
        self.tlm = Matrix::translate(x, y).then(&self.tlm);
        self.tm = self.tlm;
    }

    fn adjust(&mut self, n: f64) {
        let shift = -n / 1000.0 * self.gs.size;
        let vertical = self.gs.font.as_ref().is_some_and(|f| f.vertical());
        self.tm = if vertical {
            Matrix::translate(0.0, shift).then(&self.tm)
        } else {
            Matrix::translate(shift * self.gs.hscale, 0.0).then(&self.tm)
        };
    }

    fn begin_marked(&mut self, text: Option<String>) {
        if self.marked.len() < MAX_MARKED_STACK {
            self.marked.push(Marked {
                text,
                first_glyph: self.glyphs.len(),
            });
        }
    }

    fn end_marked(&mut self) {
        let Some(m) = self.marked.pop() else { return };
        let Some(text) = m.text else { return };
        // An enclosing ActualText replaces this one too.
        if self.marked.iter().any(|o| o.text.is_some()) {
            return;
        }
        let Some(first) = self.glyphs.get(m.first_glyph).cloned() else {
            return;
        };
        let shown = self.glyphs.get(m.first_glyph..).unwrap_or_default();
        // the replacement spans from the first glyph's origin to the farthest end
        let (ux, uy) = first.dir.unit();
        let span = shown
            .iter()
            .map(|g| (g.x - first.x) * ux + (g.y - first.y) * uy + g.advance)
            .fold(first.advance, f64::max);
        let unmapped_inside = shown
            .iter()
            .filter(|g| g.text == GlyphText::One('\u{FFFD}'))
            .count();
        self.unmapped = self.unmapped.saturating_sub(unmapped_inside);
        self.glyphs.truncate(m.first_glyph);
        self.glyphs.push(Glyph {
            text: GlyphText::from_str(&text),
            advance: span.max(0.0),
            ..first
        });
    }

    fn run_form(&mut self, name: &[u8], scope: &Rc<dyn Scope<'s> + 's>) {
        let Some(form) = scope.form(name) else { return };
        self.draw_form(form);
    }

    /// Draws a form with the current graphics state (also an annotation's
    /// appearance stream, whose matrix already maps it onto its rectangle).
    pub(crate) fn draw_form(&mut self, form: Form<'s>) {
        if self.limit_hit {
            return;
        }
        if self.forms.contains(&form.id) {
            self.warnings
                .push("Form XObject draws itself; cycle cut".into());
            return;
        }
        if self.forms.len() >= self.limits.max_form_depth {
            self.warnings.push(format!(
                "Form XObjects nested deeper than {}",
                self.limits.max_form_depth
            ));
            return;
        }
        let saved = (self.gs.clone(), self.tm, self.tlm, self.stack.len());
        let m = form.matrix.then(&self.gs.ctm);
        if m.is_finite() {
            self.gs.ctm = m;
        }
        self.forms.push(form.id);
        self.run(&form.content, &form.scope);
        self.forms.pop();
        self.stack.truncate(saved.3);
        self.gs = saved.0;
        self.tm = saved.1;
        self.tlm = saved.2;
    }

    fn show(&mut self, bytes: &[u8]) {
        let Some(font) = self.gs.font.clone() else {
            return;
        };
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        font.decode(bytes, &mut scratch);
        let vertical = font.vertical();
        let fs = self.gs.size;
        let th = self.gs.hscale;
        let size_m = Matrix::new(fs * th, 0.0, 0.0, fs, 0.0, self.gs.rise);
        // Showing glyphs only translates the text matrix, so direction and
        // size are the same for the whole string.
        let (dir, size) = {
            let tm_ctm = self.tm.then(&self.gs.ctm);
            let trm = size_m.then(&tm_ctm);
            let dir_v = if vertical {
                trm.apply_vector(0.0, -1.0)
            } else {
                trm.apply_vector(1.0, 0.0)
            };
            let (dx, dy) = if dir_v.0 == 0.0 && dir_v.1 == 0.0 {
                tm_ctm.apply_vector(1.0, 0.0)
            } else {
                dir_v
            };
            let (sx, sy) = if vertical {
                trm.apply_vector(1.0, 0.0)
            } else {
                trm.apply_vector(0.0, 1.0)
            };
            (Direction::from_vector(dx, dy), len(sx, sy))
        };
        for g in &scratch {
            if self.glyphs.len() >= self.limits.max_glyphs {
                self.hit_limit(&format!("{} glyphs", self.limits.max_glyphs));
                break;
            }
            let tm_ctm = self.tm.then(&self.gs.ctm);
            let trm = size_m.then(&tm_ctm);
            let (x, y) = trm.apply(0.0, 0.0);
            let spacing = self.gs.char_spacing
                + if g.word_space {
                    self.gs.word_spacing
                } else {
                    0.0
                };
            let text = match &g.text {
                Some(GlyphText::Many(m)) if m.is_empty() => {
                    // draws nothing readable (.notdef): advance only
                    self.advance(g, vertical, spacing);
                    continue;
                }
                Some(t) => t.clone(),
                None => {
                    self.unmapped += 1;
                    GlyphText::One('\u{FFFD}')
                }
            };
            let adv_v = if vertical {
                tm_ctm.apply_vector(0.0, g.w1 * fs)
            } else {
                tm_ctm.apply_vector(g.w0 * fs * th, 0.0)
            };
            let cross_advance = if vertical {
                let (dx, dy) = tm_ctm.apply_vector(g.w0 * fs * th, 0.0);
                len(dx, dy)
            } else {
                0.0
            };
            self.glyphs.push(Glyph {
                text,
                x,
                y,
                advance: len(adv_v.0, adv_v.1),
                size,
                dir,
                vertical,
                cross_advance,
            });
            self.advance(g, vertical, spacing);
        }
        self.scratch = scratch;
    }

    fn advance(&mut self, g: &ShownGlyph, vertical: bool, spacing: f64) {
        let fs = self.gs.size;
        self.tm = if vertical {
            Matrix::translate(0.0, g.w1 * fs + spacing).then(&self.tm)
        } else {
            Matrix::translate((g.w0 * fs + spacing) * self.gs.hscale, 0.0).then(&self.tm)
        };
    }
}

/// Whether `bytes` hold only white space and comments (§7.2.3, §7.2.4).
fn only_blank(bytes: &[u8]) -> bool {
    let mut in_comment = false;
    bytes.iter().all(|&b| {
        if b == b'\r' || b == b'\n' {
            in_comment = false;
            true
        } else if in_comment {
            true
        } else if b == b'%' {
            in_comment = true;
            true
        } else {
            matches!(b, b' ' | b'\t' | b'\x0c' | b'\0')
        }
    })
}

/// Vector length (`f64::hypot` is exact but several times slower; the
/// values here are small, finite page coordinates).
fn len(x: f64, y: f64) -> f64 {
    (x * x + y * y).sqrt()
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::layout::{LayoutOptions, layout_page};

    /// One byte per glyph, its own Latin-1 character, 500 units wide; code
    /// 0x01 unmapped.
    struct ToyFont {
        vertical: bool,
    }

    impl TextFont for ToyFont {
        fn decode(&self, bytes: &[u8], out: &mut Vec<ShownGlyph>) {
            for &b in bytes {
                out.push(ShownGlyph {
                    text: (b != 1).then(|| GlyphText::One(char::from(b))),
                    w0: 0.5,
                    w1: -1.0,
                    word_space: b == b' ',
                });
            }
        }
        fn vertical(&self) -> bool {
            self.vertical
        }
    }

    #[derive(Default)]
    struct ToyScope {
        forms: HashMap<Vec<u8>, (u64, Vec<u8>)>,
        props: HashMap<Vec<u8>, String>,
    }

    impl Scope<'static> for ToyScope {
        fn font(&self, name: &[u8]) -> Option<Rc<dyn TextFont + 'static>> {
            match name {
                b"F1" => Some(Rc::new(ToyFont { vertical: false })),
                b"V1" => Some(Rc::new(ToyFont { vertical: true })),
                _ => None,
            }
        }
        fn form(&self, name: &[u8]) -> Option<Form<'static>> {
            let (id, content) = self.forms.get(name)?;
            Some(Form {
                id: *id,
                matrix: Matrix::translate(0.0, -100.0),
                content: content.as_slice().into(),
                scope: Rc::new(ToyScope {
                    forms: self.forms.clone(),
                    props: HashMap::new(),
                }),
            })
        }
        fn actual_text(&self, name: &[u8]) -> Option<String> {
            self.props.get(name).cloned()
        }
    }

    const LIMITS: InterpLimits = InterpLimits {
        max_glyphs: 100_000,
        max_ops: 1_000_000,
        deadline: None,
        max_form_depth: 8,
    };

    fn run_with(content: &[u8], scope: ToyScope) -> Interpreter<'static> {
        let mut it = Interpreter::new(Matrix::IDENTITY, LIMITS);
        let scope: Rc<dyn Scope<'static>> = Rc::new(scope);
        it.run(content, &scope);
        it
    }

    fn text(content: &[u8]) -> String {
        let it = run_with(content, ToyScope::default());
        layout_page(&it.glyphs, &LayoutOptions::default())
    }

    /// The text of content streams `parts`, joined as a page's are.
    fn streams_text(parts: &[&[u8]]) -> (String, Vec<String>) {
        let mut content = Vec::new();
        let mut starts = Vec::new();
        for p in parts {
            if !content.is_empty() {
                content.push(b'\n');
            }
            starts.push(content.len());
            content.extend_from_slice(p);
        }
        let mut it = Interpreter::new(Matrix::IDENTITY, LIMITS);
        let scope: Rc<dyn Scope<'static>> = Rc::new(ToyScope::default());
        it.run_streams(&content, &starts, &scope);
        let text = layout_page(&it.glyphs, &LayoutOptions::default());
        (text, it.warnings)
    }

    #[test]
    fn a_broken_content_stream_does_not_swallow_the_next() {
        let before: &[u8] = b"BT /F1 10 Tf 0 100 Td (before) Tj ET";
        let after: &[u8] = b"BT /F1 10 Tf 0 60 Td (after) Tj ET";
        for broken in [
            &b"BT /F1 10 Tf 0 80 Td (never closed Tj ET"[..],
            b"BT /F1 10 Tf 0 80 Td <41 Tj",
            b"BT /F1 10 Tf 0 80 Td [(a) (b) TJ",
            b"q BI /W 1 /H 1 /BPC 8 /CS /G ID \x00\x01 and no end",
        ] {
            let (text, warnings) = streams_text(&[before, broken, after]);
            assert_eq!(
                text,
                "before\nafter\n",
                "{}",
                String::from_utf8_lossy(broken)
            );
            assert_eq!(warnings.len(), 1, "{warnings:?}");
        }
        // an operation split between two streams still runs
        let (text, warnings) = streams_text(&[b"BT /F1 10", b"Tf 0 100 Td (split) Tj ET"]);
        assert_eq!(text, "split\n");
        assert!(warnings.is_empty());
        // a broken last stream warns of nothing after it
        let (text, warnings) = streams_text(&[before, b"BT (open"]);
        assert_eq!(text, "before\n");
        assert!(warnings.is_empty());
    }

    #[test]
    fn tj_positions_glyphs_with_widths() {
        let it = run_with(b"BT /F1 10 Tf 100 700 Td (ab) Tj ET", ToyScope::default());
        assert_eq!(it.glyphs.len(), 2);
        assert_eq!((it.glyphs[0].x, it.glyphs[0].y), (100.0, 700.0));
        assert_eq!(it.glyphs[1].x, 105.0);
        assert_eq!(it.glyphs[0].advance, 5.0);
        assert_eq!(it.glyphs[0].size, 10.0);
    }

    #[test]
    fn tj_adjustment_makes_word_gap() {
        assert_eq!(
            text(b"BT /F1 10 Tf 0 700 Td [(ab) -400 (cd) -20 (ef)] TJ ET"),
            "ab cdef\n"
        );
    }

    #[test]
    fn spacing_operators() {
        // Tc 1 → glyph step 6; Tw 3 on the space; Tz 50 halves everything.
        let it = run_with(b"BT /F1 10 Tf 1 Tc 3 Tw (a b) Tj ET", ToyScope::default());
        let xs: Vec<f64> = it.glyphs.iter().map(|g| g.x).collect();
        assert_eq!(xs, vec![0.0, 6.0, 15.0]);
        let it = run_with(b"BT /F1 10 Tf 50 Tz (ab) Tj ET", ToyScope::default());
        assert_eq!(it.glyphs[1].x, 2.5);
        let it = run_with(b"BT /F1 10 Tf 3 Ts (a) Tj ET", ToyScope::default());
        assert_eq!(it.glyphs[0].y, 3.0);
    }

    #[test]
    fn line_operators() {
        assert_eq!(
            text(b"BT /F1 10 Tf 12 TL 0 700 Td (one) Tj T* (two) Tj (three) ' ET"),
            "one\ntwo\nthree\n"
        );
        assert_eq!(
            text(b"BT /F1 10 Tf 0 700 Td (a) Tj 0 -14 TD (b) Tj T* (c) Tj 1 2 (d) \" ET"),
            "a\nb\nc\nd\n"
        );
        let it = run_with(
            b"BT /F1 10 Tf 2 0 0 2 50 60 Tm (a) Tj ET",
            ToyScope::default(),
        );
        assert_eq!(
            (it.glyphs[0].x, it.glyphs[0].y, it.glyphs[0].size),
            (50.0, 60.0, 20.0)
        );
    }

    #[test]
    fn cm_and_q_restore() {
        let it = run_with(
            b"q 1 0 0 1 100 100 cm BT /F1 10 Tf (a) Tj ET Q BT /F1 10 Tf (b) Tj ET",
            ToyScope::default(),
        );
        assert_eq!((it.glyphs[0].x, it.glyphs[0].y), (100.0, 100.0));
        assert_eq!((it.glyphs[1].x, it.glyphs[1].y), (0.0, 0.0));
        // rotation by cm: text runs upwards
        let it = run_with(
            b"0 1 -1 0 300 0 cm BT /F1 10 Tf (a) Tj ET",
            ToyScope::default(),
        );
        assert_eq!(it.glyphs[0].dir, Direction::UP);
    }

    #[test]
    fn vertical_font_advances_downwards() {
        let it = run_with(b"BT /V1 10 Tf 100 700 Td (ab) Tj ET", ToyScope::default());
        assert_eq!(it.glyphs[0].dir, Direction::DOWN);
        assert_eq!(it.glyphs[1].y, 690.0);
        assert!(it.glyphs[1].vertical);
    }

    #[test]
    fn actual_text_replaces_glyphs() {
        let t =
            text(b"BT /F1 10 Tf 0 700 Td /Span <</ActualText (fi)>> BDC (\x01) Tj EMC (ne) Tj ET");
        assert_eq!(t, "fine\n");
        let it = run_with(
            b"BT /F1 10 Tf /Span <</ActualText <FEFF00E9>>> BDC (\x01\x01) Tj EMC ET",
            ToyScope::default(),
        );
        assert_eq!(it.unmapped, 0);
        assert_eq!(it.glyphs.len(), 1);
        assert_eq!(it.glyphs[0].text, GlyphText::One('é'));
        let mut scope = ToyScope::default();
        scope.props.insert(b"P0".to_vec(), "X".into());
        let it = run_with(b"BT /F1 10 Tf /Span /P0 BDC (ab) Tj EMC ET", scope);
        assert_eq!(it.glyphs[0].text, GlyphText::One('X'));
    }

    #[test]
    fn invisible_text_is_kept() {
        // render mode 3: the OCR layer of a scanned page
        assert_eq!(
            text(b"BT /F1 10 Tf 3 Tr 0 700 Td (ocr) Tj 0 Tr ET"),
            "ocr\n"
        );
    }

    #[test]
    fn unmapped_glyphs_are_counted() {
        let it = run_with(b"BT /F1 10 Tf (a\x01\x01) Tj ET", ToyScope::default());
        assert_eq!(it.unmapped, 2);
        assert_eq!(it.glyphs[1].text, GlyphText::One('\u{FFFD}'));
    }

    #[test]
    fn forms_run_with_matrix_and_cycle_guard() {
        let mut scope = ToyScope::default();
        scope.forms.insert(
            b"Fm1".to_vec(),
            (1, b"BT /F1 10 Tf 0 800 Td (in) Tj ET /Fm1 Do".to_vec()),
        );
        let it = run_with(b"/Fm1 Do BT /F1 10 Tf 0 600 Td (out) Tj ET", scope);
        let t = layout_page(&it.glyphs, &LayoutOptions::default());
        assert_eq!(t, "in\nout\n");
        assert_eq!(it.glyphs[0].y, 700.0);
        assert_eq!(it.warnings.len(), 1);
    }

    #[test]
    fn limits_stop_runaway_pages() {
        let mut it = Interpreter::new(
            Matrix::IDENTITY,
            InterpLimits {
                max_glyphs: 3,
                ..LIMITS
            },
        );
        let scope: Rc<dyn Scope<'static>> = Rc::new(ToyScope::default());
        it.run(b"BT /F1 10 Tf (abcdef) Tj (gh) Tj ET", &scope);
        assert_eq!(it.glyphs.len(), 3);
        assert_eq!(it.warnings.len(), 1);
    }

    #[test]
    fn a_spent_deadline_stops_the_page() {
        let mut it = Interpreter::new(
            Matrix::IDENTITY,
            InterpLimits {
                deadline: Some(std::time::Instant::now()),
                ..LIMITS
            },
        );
        let scope: Rc<dyn Scope<'static>> = Rc::new(ToyScope::default());
        let content = b"q Q ".repeat(100_000);
        it.run(&content, &scope);
        assert!(it.past_deadline);
        assert_eq!(it.ops, DEADLINE_EVERY);
        assert_eq!(it.warnings.len(), 1, "{:?}", it.warnings);
        assert!(it.warnings[0].contains("deadline"));
    }

    #[test]
    fn no_font_and_bad_operands_are_ignored() {
        assert_eq!(
            text(b"BT (a) Tj /F9 10 Tf (b) Tj /F1 Tf 1 Tm [1 2] cm (c) TJ Q Q EMC ET"),
            ""
        );
    }
}
