//! Pages (ISO 32000-1 §7.7.3.3) and their resources (§7.8.3): fonts, Form
//! XObjects (§8.10) and marked-content property lists (§14.6.2), cached per
//! document.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use pdf_lex::{Dict, Document, ObjRef, Object};

use crate::font::PdfFont;
use crate::interp::{Form, InterpLimits, Interpreter, Scope, TextFont};
use crate::layout::{LayoutOptions, layout_page};
use crate::matrix::Matrix;
use crate::{Error, Options, PdfText, Warning};

/// Per-document state shared by all pages: loaded fonts and warnings.
struct Ctx<'c> {
    doc: &'c Document<'c>,
    fonts: RefCell<HashMap<ObjRef, Rc<PdfFont<'c>>>>,
    /// Decoded Form XObject content, by object.
    forms: RefCell<HashMap<ObjRef, Rc<[u8]>>>,
    warnings: RefCell<Vec<String>>,
}

/// A resource dictionary in force: the page's or a form's.
struct ResScope<'r, 'c> {
    ctx: &'r Ctx<'c>,
    res: Dict,
    /// The fonts this scope's `Tf`s named, by name: each `Tf` otherwise
    /// copies the `/Font` dictionary and the font's own to find the object
    /// number under which the document's font is cached.
    fonts: RefCell<HashMap<Vec<u8>, Rc<PdfFont<'c>>>>,
}

impl<'r, 'c> ResScope<'r, 'c> {
    fn new(ctx: &'r Ctx<'c>, res: Dict) -> Self {
        ResScope {
            ctx,
            res,
            fonts: RefCell::new(HashMap::new()),
        }
    }
}

impl ResScope<'_, '_> {
    fn category(&self, key: &[u8]) -> Option<Dict> {
        let o = self.ctx.doc.dict_get(&self.res, key).ok().flatten()?;
        o.as_dict().cloned()
    }

    fn entry(&self, category: &[u8], name: &[u8]) -> Option<(Option<ObjRef>, Object)> {
        let cat = self.category(category)?;
        let raw = cat.get(name)?;
        let id = raw.as_ref();
        let resolved = self.ctx.doc.resolve(raw).ok()?.into_owned();
        Some((id, resolved))
    }
}

impl<'c> ResScope<'_, 'c> {
    /// The stand-in for a font whose dictionary is missing or unreadable (a
    /// file cut short, a dangling reference): the standard encoding with
    /// Helvetica's widths, so the text of most Latin fonts still reads, with a
    /// warning once per name.
    fn missing_font(&self, name: &[u8]) -> Rc<dyn TextFont + 'c> {
        let key = ObjRef::new(u32::MAX, 0);
        let label = String::from_utf8_lossy(name).into_owned();
        let mut fonts = self.ctx.fonts.borrow_mut();
        let mut warnings = self.ctx.warnings.borrow_mut();
        let warning = format!(
            "font /{label} is missing or unreadable; its text read with the standard encoding"
        );
        if !warnings.contains(&warning) {
            warnings.push(warning);
        }
        let font = fonts.entry(key).or_insert_with(|| {
            let mut dict = Dict::new();
            dict.insert(b"Subtype".to_vec(), Object::Name(b"Type1".to_vec()));
            dict.insert(b"BaseFont".to_vec(), Object::Name(b"Helvetica".to_vec()));
            Rc::new(PdfFont::load(self.ctx.doc, &dict, &mut Vec::new()))
        });
        font.clone() as Rc<dyn TextFont + 'c>
    }
}

impl<'r, 'c: 'r> Scope<'r> for ResScope<'r, 'c> {
    fn font(&self, name: &[u8]) -> Option<Rc<dyn TextFont + 'r>> {
        if let Some(f) = self.fonts.borrow().get(name) {
            return Some(f.clone() as Rc<dyn TextFont + 'r>);
        }
        let Some((id, Object::Dict(dict))) = self.entry(b"Font", name) else {
            return Some(self.missing_font(name));
        };
        let dict = &dict;
        if let Some(id) = id
            && let Some(f) = self.ctx.fonts.borrow().get(&id)
        {
            self.fonts.borrow_mut().insert(name.to_vec(), f.clone());
            return Some(f.clone() as Rc<dyn TextFont + 'r>);
        }
        let mut warnings = Vec::new();
        let font = Rc::new(PdfFont::load(self.ctx.doc, dict, &mut warnings));
        let label = String::from_utf8_lossy(name).into_owned();
        self.ctx
            .warnings
            .borrow_mut()
            .extend(warnings.into_iter().map(|w| format!("font /{label}: {w}")));
        // Only a font with an object number is remembered: one without is
        // loaded (and its warnings given) again at each `Tf`, as before.
        if let Some(id) = id {
            self.ctx.fonts.borrow_mut().insert(id, font.clone());
            self.fonts.borrow_mut().insert(name.to_vec(), font.clone());
        }
        Some(font as Rc<dyn TextFont + 'r>)
    }

    fn form(&self, name: &[u8]) -> Option<Form<'r>> {
        let (id, obj) = self.entry(b"XObject", name)?;
        let stream = obj.as_stream()?;
        if stream.dict.get_name(b"Subtype") != Some(b"Form") {
            return None;
        }
        let doc = self.ctx.doc;
        let cached = id.and_then(|r| self.ctx.forms.borrow().get(&r).cloned());
        let content = match cached.map_or_else(|| doc.stream_data(stream).map(Rc::<[u8]>::from), Ok)
        {
            Ok(c) => c,
            Err(e) => {
                self.ctx.warnings.borrow_mut().push(format!(
                    "Form XObject /{}: {e}",
                    String::from_utf8_lossy(name)
                ));
                return None;
            }
        };
        // Cached when small: at most 256 forms of 256 KiB.
        if let Some(r) = id
            && content.len() <= 256 << 10
            && self.ctx.forms.borrow().len() < 256
        {
            self.ctx.forms.borrow_mut().insert(r, content.clone());
        }
        let matrix = matrix_at(doc, &stream.dict, b"Matrix").unwrap_or(Matrix::IDENTITY);
        let res = doc
            .dict_get(&stream.dict, b"Resources")
            .ok()
            .flatten()
            .and_then(|r| r.as_dict().cloned())
            .unwrap_or_else(|| self.res.clone());
        let id = id
            .or(stream.id)
            .map(|r| (u64::from(r.num) << 16) | u64::from(r.generation))
            .unwrap_or_else(|| stream.raw.as_ptr() as usize as u64 | (1 << 63));
        Some(Form {
            id,
            matrix,
            content,
            scope: Rc::new(ResScope::new(self.ctx, res)),
        })
    }

    fn actual_text(&self, name: &[u8]) -> Option<String> {
        let (_, obj) = self.entry(b"Properties", name)?;
        let d = obj.as_dict()?;
        let t = self.ctx.doc.dict_get(d, b"ActualText").ok().flatten()?;
        t.as_string().map(pdf_lex::decode_text_string)
    }
}

/// The numbers of the array at `key` of `dict` (its non-numbers skipped).
fn numbers_at(doc: &Document<'_>, dict: &Dict, key: &[u8]) -> Option<Vec<f64>> {
    let o = doc.dict_get(dict, key).ok().flatten()?;
    let v = o
        .as_array()?
        .iter()
        .filter_map(|x| doc.resolve(x).ok()?.as_f64())
        .collect();
    Some(v)
}

/// The finite matrix at `key` of `dict`.
fn matrix_at(doc: &Document<'_>, dict: &Dict, key: &[u8]) -> Option<Matrix> {
    match numbers_at(doc, dict, key)?.as_slice() {
        [a, b, c, d, e, f] => Some(Matrix::new(*a, *b, *c, *d, *e, *f)).filter(Matrix::is_finite),
        _ => None,
    }
}

/// The finite rectangle at `key` of `dict`, normalised (lower left first).
fn rect_at(doc: &Document<'_>, dict: &Dict, key: &[u8]) -> Option<[f64; 4]> {
    match numbers_at(doc, dict, key)?.as_slice() {
        [a, b, c, d] if [a, b, c, d].iter().all(|x| x.is_finite()) => {
            Some([a.min(*c), b.min(*d), a.max(*c), b.max(*d)])
        }
        _ => None,
    }
}

/// Draws the normal appearance of each visible annotation (§12.5.5), as
/// viewers and `pdftotext` show them: form fields, free text, stamps.
fn annotations<'r>(ctx: &'r Ctx<'_>, page: &pdf_lex::Page, it: &mut Interpreter<'r>) {
    let doc = ctx.doc;
    let Some(annots) = doc.dict_get(&page.dict, b"Annots").ok().flatten() else {
        return;
    };
    let Some(list) = annots.as_array() else {
        return;
    };
    for (i, a) in list.iter().enumerate().take(10_000) {
        let Ok(a) = doc.resolve(a) else { continue };
        let Some(annot) = a.as_dict() else { continue };
        let flags = doc
            .dict_get(annot, b"F")
            .ok()
            .flatten()
            .and_then(|f| f.as_i64())
            .unwrap_or(0);
        if flags & 2 != 0 || flags & 32 != 0 || annot.get_name(b"Subtype") == Some(b"Popup") {
            continue; // Hidden, NoView
        }
        let Some(ap) = doc.dict_get(annot, b"AP").ok().flatten() else {
            continue;
        };
        let Some(ap) = ap.as_dict() else { continue };
        let Some(normal) = doc.dict_get(ap, b"N").ok().flatten() else {
            continue;
        };
        let stream = match &normal {
            Object::Stream(s) => Some((**s).clone()),
            Object::Dict(states) => annot
                .get_name(b"AS")
                .and_then(|state| states.get(state))
                .and_then(|o| doc.resolve(o).ok())
                .and_then(|o| o.as_stream().cloned()),
            _ => None,
        };
        let Some(stream) = stream else { continue };
        let Some(rect) = rect_at(doc, annot, b"Rect") else {
            continue;
        };
        let Some(bbox) = rect_at(doc, &stream.dict, b"BBox") else {
            continue;
        };
        let m = matrix_at(doc, &stream.dict, b"Matrix").unwrap_or(Matrix::IDENTITY);
        // The transformed box, mapped onto Rect (Algorithm 8.1).
        let corners = [
            (bbox[0], bbox[1]),
            (bbox[2], bbox[1]),
            (bbox[0], bbox[3]),
            (bbox[2], bbox[3]),
        ]
        .map(|(x, y)| m.apply(x, y));
        let (mut x0, mut y0, mut x1, mut y1) = (
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        );
        for (x, y) in corners {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        let (w, h) = (x1 - x0, y1 - y0);
        if !(w.is_finite() && h.is_finite()) || w <= 0.0 || h <= 0.0 {
            continue;
        }
        let fit = Matrix::translate(-x0, -y0)
            .then(&Matrix::new(
                (rect[2] - rect[0]) / w,
                0.0,
                0.0,
                (rect[3] - rect[1]) / h,
                0.0,
                0.0,
            ))
            .then(&Matrix::translate(rect[0], rect[1]));
        let Ok(content) = doc.stream_data(&stream) else {
            continue;
        };
        let res = doc
            .dict_get(&stream.dict, b"Resources")
            .ok()
            .flatten()
            .and_then(|r| r.as_dict().cloned())
            .unwrap_or_default();
        let id = (1u64 << 62) | i as u64;
        it.draw_form(Form {
            id,
            matrix: m.then(&fit),
            content: content.into(),
            scope: Rc::new(ResScope::new(ctx, res)),
        });
    }
}

/// What identifies the result of a page: its content streams, annotations,
/// resources and geometry. Pages that share all of these (a template page
/// repeated, or a hostile file pointing 200 pages at one huge stream) give
/// the same text, so it is computed once.
fn page_key(page: &pdf_lex::Page) -> String {
    format!(
        "{:?}|{:?}|{:?}|{:?}|{:?}|{}",
        page.dict.get(b"Contents"),
        page.dict.get(b"Annots"),
        page.resources,
        page.crop_box,
        page.media_box,
        page.rotate
    )
}

/// One page's result.
#[derive(Clone)]
struct PageResult {
    text: String,
    warnings: Vec<String>,
    unmapped: usize,
}

/// Extracts every page.
pub(crate) fn extract(doc: &Document<'_>, options: &Options) -> Result<PdfText, Error> {
    let pages = doc.pages()?;
    let ctx = Ctx {
        doc,
        fonts: RefCell::new(HashMap::new()),
        forms: RefCell::new(HashMap::new()),
        warnings: RefCell::new(Vec::new()),
    };
    let limits = &options.limits;
    let layout_opts = LayoutOptions {
        physical: options.layout,
        dehyphenate: !options.keep_hyphenation,
        ..LayoutOptions::default()
    };
    // Keys of the pages that share their result with a later page, with how
    // many pages are still to come; a result is kept only while it is needed.
    let keys: Vec<Option<String>> = pages
        .iter()
        .map(|p| p.dict.get(b"Contents").map(|_| page_key(p)))
        .collect();
    let mut remaining: HashMap<&str, usize> = HashMap::new();
    for k in keys.iter().flatten() {
        *remaining.entry(k.as_str()).or_default() += 1;
    }
    let mut cache: HashMap<&str, PageResult> = HashMap::new();
    let mut ops_left = limits.max_ops_per_document;
    let mut out = PdfText::default();
    for (index, page) in pages.iter().enumerate() {
        if let Some(w) = stop_before(limits, index, out.text.len(), ops_left) {
            out.warnings.push(w);
            break;
        }
        if let Some(ranges) = &options.pages
            && !ranges.iter().any(|r| r.contains(&(index + 1)))
        {
            if ranges.iter().all(|r| *r.end() < index + 1) {
                break;
            }
            continue;
        }
        let key = keys[index].as_deref();
        let shared = key.filter(|k| remaining.get(k).is_some_and(|&n| n > 1));
        let cached = key.and_then(|k| cache.get(k).cloned());
        if let Some(k) = key
            && let Some(n) = remaining.get_mut(k)
        {
            *n -= 1;
            if *n == 0 {
                cache.remove(k);
            }
        }
        let (result, stop) = match cached {
            Some(r) => (r, false),
            None => {
                let (mut r, ops, mut stop) = run_page(&ctx, page, limits, ops_left, &layout_opts);
                ops_left = ops_left.saturating_sub(ops);
                // The deadline may also pass inside an object load (a font,
                // a resource dictionary), which the page then goes without:
                // say so, and read no further.
                if !stop
                    && limits
                        .deadline
                        .is_some_and(|d| std::time::Instant::now() >= d)
                {
                    r.warnings.push(
                        "deadline reached while this page was read; what it had not loaded \
                         (fonts, resources) is missing and later pages are dropped"
                            .into(),
                    );
                    stop = true;
                }
                if let Some(k) = shared
                    && !stop
                {
                    cache.insert(k, r.clone());
                }
                (r, stop)
            }
        };
        for w in result.warnings {
            out.warnings.push(crate::page_warning(index, w));
        }
        out.unmapped_glyphs += result.unmapped;
        out.text.push_str(&result.text);
        out.text.push('\u{c}');
        out.pages.push(result.text);
        if stop {
            break;
        }
    }
    Ok(out)
}

/// Why reading stops before page `index` (0-based), when a limit says so:
/// the page count, the output so far (`text_len` bytes), the deadline, or
/// the document's content-stream operations (`ops_left` of them remain).
fn stop_before(
    limits: &crate::Limits,
    index: usize,
    text_len: usize,
    ops_left: usize,
) -> Option<Warning> {
    let message = if index >= limits.max_pages {
        format!("only the first {} pages read", limits.max_pages)
    } else if text_len > limits.max_output_bytes {
        let max = limits.max_output_bytes;
        format!(
            "page {}: output limit of {max} bytes reached; later pages dropped",
            index + 1
        )
    } else if doc_model::deadline_passed(limits.deadline) {
        format!(
            "page {}: deadline reached; this and later pages dropped",
            index + 1
        )
    } else if ops_left == 0 {
        format!(
            "page {}: {} content-stream operations run in the document; this and later pages dropped",
            index + 1,
            limits.max_ops_per_document
        )
    } else {
        return None;
    };
    Some(Warning::new(crate::WarningKind::Limit, message, None))
}

/// Runs one page: its content, then its annotations' appearances, then the
/// layout. Returns the result, the operations it ran and whether the
/// deadline stopped it.
fn run_page(
    ctx: &Ctx<'_>,
    page: &pdf_lex::Page,
    limits: &crate::Limits,
    ops_left: usize,
    layout_opts: &LayoutOptions,
) -> (PageResult, usize, bool) {
    let doc = ctx.doc;
    let mut warnings = Vec::new();
    let (content, starts) = match doc.page_content_streams(page) {
        Ok(c) => c,
        Err(e) => {
            warnings.push(format!("page content unreadable: {e}"));
            (Vec::new(), Vec::new())
        }
    };
    let [x0, y0, x1, y1] = page
        .crop_box
        .or(page.media_box)
        .unwrap_or([0.0, 0.0, 612.0, 792.0]);
    let base = Matrix::page_rotation(page.rotate, x0, y0, x1, y1);
    let base = if base.is_finite() {
        base
    } else {
        Matrix::IDENTITY
    };
    let mut it = Interpreter::new(
        base,
        InterpLimits {
            max_glyphs: limits.max_glyphs_per_page,
            max_ops: limits.max_ops_per_page.min(ops_left),
            max_form_depth: limits.max_form_depth,
            deadline: limits.deadline,
        },
    );
    let scope: Rc<dyn Scope<'_> + '_> = Rc::new(ResScope::new(
        ctx,
        page.resources.clone().unwrap_or_default(),
    ));
    it.run_streams(&content, &starts, &scope);
    if !it.past_deadline {
        annotations(ctx, page, &mut it);
    }
    let text = layout_page(&it.glyphs, layout_opts);
    warnings.append(&mut it.warnings);
    warnings.extend(ctx.warnings.borrow_mut().drain(..));
    if it.unmapped > 0 {
        warnings.push(format!(
            "{} glyphs without a Unicode mapping (shown as U+FFFD)",
            it.unmapped
        ));
    }
    let result = PageResult {
        text,
        warnings,
        unmapped: it.unmapped,
    };
    (result, it.ops, it.past_deadline)
}
