//! Fonts (ISO 32000-1 §9.6 simple fonts, §9.7 composite fonts, §9.10
//! extraction of text content): codes → Unicode and widths.
//!
//! Unicode, in this order of trust: the font's `/ToUnicode`; for CID fonts
//! the Adobe collection's CID → Unicode (named by `CIDSystemInfo` or by a
//! predefined CMap); for simple fonts the encoding with `/Differences` and
//! glyph names (or the built-in encoding of an embedded Type 1 program or
//! a standard-14 font); then the embedded TrueType/OpenType program's own
//! `cmap`/`post` tables; otherwise the glyph is unmapped.
//!
//! `simple.rs` and `composite.rs` load the two kinds of font, `dbcs.rs`
//! simple fonts whose strings are double-byte CJK code-page text, `widths.rs`
//! reads `/W`, `truetype.rs` and `type1.rs` read embedded programs,
//! `unicode.rs` weighs and cleans what the maps say.

mod composite;
mod dbcs;
mod simple;
mod tex;
mod truetype;
mod type1;
mod unicode;
mod widths;

use pdf_cmap::{CMap, Collection};
use pdf_lex::{Dict, Document, Object};

use composite::{Composite, ucs2_collection};
use simple::Simple;
use truetype::Program;
use unicode::blanks_lie;

use crate::interp::{ShownGlyph, TextFont};
use crate::layout::GlyphText;

/// Per-code result cached by composite fonts.
#[derive(Clone)]
struct Cached {
    text: Option<GlyphText>,
    w0: f64,
    w1: f64,
}

enum Kind<'c> {
    Simple(Box<Simple<'c>>),
    Composite(Box<Composite<'c>>),
    /// A simple font whose strings are double-byte code-page text (`dbcs.rs`).
    Dbcs(Box<dbcs::DbcsFont>),
}

/// A font ready for the interpreter; `'c` is the document's, from which an
/// embedded program is read when a glyph first needs it.
pub(crate) struct PdfFont<'c> {
    kind: Kind<'c>,
    to_unicode: Option<CMap>,
    /// A ToUnicode CMap that `usecmap`s `Adobe-<ordering>-UCS2` maps the
    /// codes it does not list through that collection.
    ucs2_collection: Option<Collection>,
    /// The ToUnicode CMap maps most of its codes to blanks: its blanks are
    /// not believed while another map knows better.
    blanks_lie: bool,
    vertical: bool,
}

fn num(doc: &Document<'_>, o: &Object) -> Option<f64> {
    doc.resolve(o)
        .ok()
        .and_then(|o| o.as_f64())
        .filter(|v| v.is_finite())
}

fn get(doc: &Document<'_>, d: &Dict, key: &[u8]) -> Option<Object> {
    doc.dict_get(d, key).ok().flatten()
}

fn get_dict(doc: &Document<'_>, d: &Dict, key: &[u8]) -> Option<Dict> {
    get(doc, d, key).and_then(|o| o.as_dict().cloned())
}

fn stream_bytes(doc: &Document<'_>, o: &Object) -> Option<Vec<u8>> {
    let o = doc.resolve(o).ok()?;
    let s = o.as_stream()?;
    doc.stream_data(s).ok()
}

/// An embedded font program (§9.9), decoded and parsed when a glyph first
/// needs it: a font whose ToUnicode or collection maps every code it shows
/// never inflates its program (most of the cost of loading a subset
/// TrueType font).
struct LazyProgram<'c> {
    doc: &'c Document<'c>,
    /// The `FontFile2`/`FontFile3` entry, already resolved.
    stream: Option<Object>,
    program: std::cell::OnceCell<Option<Program>>,
}

impl<'c> LazyProgram<'c> {
    fn new(doc: &'c Document<'c>, stream: Option<Object>) -> Self {
        LazyProgram {
            doc,
            stream,
            program: std::cell::OnceCell::new(),
        }
    }

    /// The program, when there is one that parses.
    fn get(&self) -> Option<&Program> {
        self.program
            .get_or_init(|| {
                let stream = self.stream.as_ref()?;
                stream_bytes(self.doc, stream).and_then(Program::parse)
            })
            .as_ref()
    }
}

/// The numbers of an array object, resolved.
fn numbers(doc: &Document<'_>, o: &Object) -> Vec<f64> {
    let Ok(o) = doc.resolve(o) else {
        return Vec::new();
    };
    o.as_array()
        .map(|a| a.iter().map(|v| num(doc, v).unwrap_or(0.0)).collect())
        .unwrap_or_default()
}

/// Warnings found while loading a font.
pub(crate) type FontWarnings = Vec<String>;

impl<'c> PdfFont<'c> {
    /// Loads a font dictionary.
    pub(crate) fn load(
        doc: &'c Document<'c>,
        dict: &Dict,
        warnings: &mut FontWarnings,
    ) -> PdfFont<'c> {
        let to_unicode = get(doc, dict, b"ToUnicode").and_then(|o| {
            let bytes = stream_bytes(doc, &o)?;
            match CMap::parse_to_unicode(&bytes, &pdf_cmap::Limits::default()) {
                Ok(c) => Some(c),
                Err(e) => {
                    warnings.push(format!("unreadable ToUnicode CMap: {e}"));
                    None
                }
            }
        });
        let subtype = dict.get_name(b"Subtype").unwrap_or_default();
        let ucs2 = to_unicode
            .as_ref()
            .and_then(|c| c.usecmap())
            .and_then(ucs2_collection);
        let lie = to_unicode.as_ref().is_some_and(blanks_lie);
        if subtype == b"Type0" {
            let (kind, vertical) = Self::load_composite(doc, dict, warnings);
            PdfFont {
                kind,
                to_unicode,
                ucs2_collection: ucs2,
                blanks_lie: lie,
                vertical,
            }
        } else if let Some(dbcs) = dbcs::DbcsFont::detect(doc, dict, subtype, to_unicode.as_ref()) {
            PdfFont {
                kind: Kind::Dbcs(Box::new(dbcs)),
                to_unicode: None,
                ucs2_collection: None,
                blanks_lie: false,
                vertical: false,
            }
        } else {
            let simple = Self::load_simple(doc, dict, to_unicode, lie, subtype);
            PdfFont {
                kind: Kind::Simple(Box::new(simple)),
                to_unicode: None,
                ucs2_collection: None,
                blanks_lie: lie,
                vertical: false,
            }
        }
    }
}

impl TextFont for PdfFont<'_> {
    fn decode(&self, bytes: &[u8], out: &mut Vec<ShownGlyph>) {
        match &self.kind {
            Kind::Dbcs(d) => d.decode(bytes, out),
            Kind::Simple(s) => {
                for &b in bytes {
                    let g = s.glyph(b);
                    out.push(ShownGlyph {
                        text: g.text.clone(),
                        w0: g.w0,
                        w1: g.w1,
                        word_space: b == b' ',
                    });
                }
            }
            Kind::Composite(c) => {
                c.codes.decode(bytes, |code| {
                    let g = c.glyph(
                        code,
                        self.to_unicode.as_ref(),
                        self.ucs2_collection,
                        self.blanks_lie,
                    );
                    out.push(ShownGlyph {
                        text: g.text,
                        w0: g.w0,
                        w1: g.w1,
                        word_space: code.len == 1 && code.value == 32,
                    });
                });
            }
        }
    }

    fn vertical(&self) -> bool {
        self.vertical
    }
}
