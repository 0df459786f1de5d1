//! Simple fonts (ISO 32000-1 §9.6: Type 1, TrueType, Type 3, MMType1):
//! one byte per code, an encoding with `/Differences`, `/Widths`.

use std::cell::OnceCell;

use pdf_cmap::encoding::{self, BaseEncoding, DifferencesItem, SimpleEncoding};
use pdf_cmap::{CMap, Code};
use pdf_lex::{Dict, Document, Object};

use super::tex::{self, TexEncoding};
use super::truetype::Program;
use super::type1::type1_builtin_encoding;
use super::unicode::{glyph_text, to_unicode_entry};
use super::{Cached, LazyProgram, PdfFont, get, get_dict, num, numbers, stream_bytes};
use crate::data::afm::Std14;
use crate::layout::GlyphText;
use crate::std14;

/// A simple font (Type 1, TrueType, Type 3, MMType1): one byte per code.
/// A code's glyph is worked out when first shown: most fonts show a few
/// dozen of their 256 codes, and the codes no name maps would otherwise
/// make every embedded TrueType program be inflated and its `cmap` inverted.
pub(super) struct Simple<'c> {
    glyphs: [OnceCell<Cached>; 256],
    source: Source<'c>,
}

/// What a code's glyph is worked out from.
struct Source<'c> {
    enc: SimpleEncoding,
    std: Option<&'static Std14>,
    has_explicit_base: bool,
    /// The codes `/Differences` names (bit per code).
    differences: [u128; 2],
    /// A Type 3 font of a TeX bitmap font: every glyph named by its code.
    tex: Option<TexEncoding>,
    to_unicode: Option<CMap>,
    blanks_lie: bool,
    symbolic: bool,
    is_truetype: bool,
    is_type3: bool,
    tt_program: LazyProgram<'c>,
    first_char: i64,
    widths: Vec<f64>,
    missing: Option<f64>,
    type3_scale: f64,
}

impl Simple<'_> {
    /// The glyph of a one-byte code.
    pub(super) fn glyph(&self, code: u8) -> &Cached {
        // 256 cells, one per value of a byte.
        let cell = &self.glyphs[usize::from(code)];
        cell.get_or_init(|| self.source.glyph(code))
    }
}

impl<'c> PdfFont<'c> {
    pub(super) fn load_simple(
        doc: &'c Document<'c>,
        dict: &Dict,
        to_unicode: Option<CMap>,
        blanks_lie: bool,
        subtype: &[u8],
    ) -> Simple<'c> {
        let base_font = get(doc, dict, b"BaseFont")
            .and_then(|o| o.as_name().map(<[u8]>::to_vec))
            .unwrap_or_default();
        let std = std14::lookup(&base_font);
        let descriptor = get_dict(doc, dict, b"FontDescriptor");
        let flags = descriptor
            .as_ref()
            .and_then(|d| get(doc, d, b"Flags"))
            .and_then(|o| o.as_i64())
            .unwrap_or(0);
        let symbolic = flags & 4 != 0 && flags & 32 == 0;
        let is_type3 = subtype == b"Type3";
        let is_truetype = subtype == b"TrueType";

        // Embedded programs.
        let (type1_program, tt_program) = match &descriptor {
            Some(d) => {
                let t1 = get(doc, d, b"FontFile").and_then(|o| stream_bytes(doc, &o));
                let tt = get(doc, d, b"FontFile2").or_else(|| get(doc, d, b"FontFile3"));
                (t1, tt)
            }
            None => (None, None),
        };
        let tt_program = LazyProgram::new(doc, tt_program);

        // Encoding: base, then Differences.
        let enc_obj = get(doc, dict, b"Encoding");
        let mut base: Option<BaseEncoding> = None;
        let mut differences: Vec<(i64, Vec<u8>)> = Vec::new();
        match enc_obj.as_ref() {
            Some(Object::Name(n)) => base = BaseEncoding::from_name(&String::from_utf8_lossy(n)),
            Some(o) => {
                if let Some(d) = o.as_dict() {
                    if let Some(n) =
                        get(doc, d, b"BaseEncoding").and_then(|o| o.as_name().map(<[u8]>::to_vec))
                    {
                        base = BaseEncoding::from_name(&String::from_utf8_lossy(&n));
                    }
                    if let Some(arr) = get(doc, d, b"Differences") {
                        let mut code = 0i64;
                        for item in arr.as_array().unwrap_or_default() {
                            match doc.resolve(item).ok().as_deref() {
                                Some(Object::Int(i)) => code = *i,
                                Some(Object::Real(r)) => code = *r as i64,
                                Some(Object::Name(n)) => {
                                    if (0..256).contains(&code) {
                                        differences.push((code, n.clone()));
                                    }
                                    code += 1;
                                }
                                _ => {}
                            }
                        }
                    }
                }
            }
            None => {}
        }
        let has_explicit_base = base.is_some();
        let base = base.unwrap_or_else(|| match std {
            Some(s) if s.name == "Symbol" => BaseEncoding::Symbol,
            Some(s) if s.name == "ZapfDingbats" => BaseEncoding::ZapfDingbats,
            _ if is_truetype && !symbolic => BaseEncoding::WinAnsi,
            _ => BaseEncoding::Standard,
        });
        let mut enc = SimpleEncoding::new(base);
        // The built-in encoding of an embedded Type 1 program (no explicit base).
        let builtin: Vec<(u8, String)> = if !has_explicit_base && !is_type3 {
            type1_program
                .as_deref()
                .map(type1_builtin_encoding)
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        if !builtin.is_empty() {
            enc.apply_differences(builtin.iter().flat_map(|(c, n)| {
                [
                    DifferencesItem::Code(i64::from(*c)),
                    DifferencesItem::Name(n),
                ]
            }));
        }
        let tex = if is_type3 {
            let numbered: Vec<u8> = differences
                .iter()
                .filter(|(c, n)| tex::is_numbered(n, *c))
                .filter_map(|(c, _)| u8::try_from(*c).ok())
                .collect();
            let others = differences
                .iter()
                .filter(|(c, n)| !tex::is_numbered(n, *c) && n != b".notdef")
                .count();
            tex::detect(&numbered, others)
        } else {
            None
        };
        let mut diff_codes = [0u128; 2];
        for (c, _) in &differences {
            if let Ok(c) = u8::try_from(*c)
                && let Some(bits) = diff_codes.get_mut(usize::from(c >> 7))
            {
                *bits |= 1 << (c & 127);
            }
        }
        let diff_names: Vec<(i64, String)> = differences
            .iter()
            .map(|(c, n)| (*c, String::from_utf8_lossy(n).into_owned()))
            .collect();
        enc.apply_differences(
            diff_names
                .iter()
                .flat_map(|(c, n)| [DifferencesItem::Code(*c), DifferencesItem::Name(n)]),
        );

        // Widths.
        let first_char = get(doc, dict, b"FirstChar")
            .and_then(|o| o.as_i64())
            .unwrap_or(0);
        let widths = get(doc, dict, b"Widths")
            .map(|o| numbers(doc, &o))
            .unwrap_or_default();
        let missing = descriptor
            .as_ref()
            .and_then(|d| get(doc, d, b"MissingWidth"))
            .and_then(|o| num(doc, &o));
        let type3_scale = if is_type3 {
            get(doc, dict, b"FontMatrix")
                .map(|o| numbers(doc, &o))
                .and_then(|m| m.first().copied())
                .unwrap_or(0.001)
        } else {
            0.001
        };

        Simple {
            glyphs: [const { OnceCell::new() }; 256],
            source: Source {
                enc,
                std,
                has_explicit_base,
                differences: diff_codes,
                tex,
                to_unicode,
                blanks_lie,
                symbolic,
                is_truetype,
                is_type3,
                tt_program,
                first_char,
                widths,
                missing,
                type3_scale,
            },
        }
    }
}

impl Source<'_> {
    /// The glyph name of `c8` in the built-in encoding of a bare CFF
    /// program, when that encoding applies to it and `wanted`.
    fn builtin_name(&self, c8: u8, wanted: bool) -> Option<String> {
        let named = self
            .differences
            .get(usize::from(c8 >> 7))
            .is_some_and(|bits| bits & (1 << (c8 & 127)) != 0);
        if !wanted || named || self.has_explicit_base || self.is_type3 || self.is_truetype {
            return None;
        }
        self.tt_program.get()?.builtin_name(c8).map(str::to_string)
    }

    /// Works out the glyph of `c8`: its text (ToUnicode, glyph name,
    /// embedded program, guesses) and its width.
    fn glyph(&self, c8: u8) -> Cached {
        let code = u16::from(c8);
        let name = self.enc.glyph_name(c8).map(str::to_string).or_else(|| {
            self.std
                .filter(|s| s.is_symbolic() || !self.has_explicit_base)
                .and_then(|s| s.builtin_name(c8))
                .map(str::to_string)
        });
        // What an unbelievable ToUnicode entry said: kept only if no
        // other map knows the glyph; guesses from the code are then off.
        let (mut text, said) = to_unicode_entry(
            self.to_unicode
                .as_ref()
                .and_then(|tu| tu.lookup_unicode(Code::new(u32::from(code), 1))),
            self.blanks_lie,
        );
        let guess = said.is_none();
        // A bare CFF program's built-in encoding, where neither a base
        // encoding nor `/Differences` says otherwise (§9.6.6.2; an embedded
        // Type 1 program's is merged into the encoding when loaded). Read
        // only when the ToUnicode map does not know the code, so a font it
        // covers never has its program inflated.
        let name = match self.builtin_name(c8, text.is_none()) {
            Some(n) => Some(n),
            None => name,
        };
        // A TeX bitmap font's numbered name (`a27`) is no glyph name: the
        // code in the TeX encoding says what the glyph is.
        let numbered = self.tex.filter(|_| {
            name.as_deref()
                .is_some_and(|n| tex::is_numbered(n.as_bytes(), i64::from(code)))
        });
        if text.is_none()
            && let Some(enc) = numbered
        {
            text = tex::text(enc, c8);
        }
        if text.is_none()
            && numbered.is_none()
            && let Some(n) = &name
        {
            text = encoding::glyph_name_to_unicode(n).and_then(|s| glyph_text(&s));
            if text.is_none() {
                text = glyph_name_fallback(n, c8, guess);
            }
        }
        if text.is_none()
            && let Some(p) = self.tt_program.get()
            && let Some(gid) = p.gid_of_code(c8)
        {
            text = p.text_of_gid(gid).and_then(|s| glyph_text(&s));
        }
        if text.is_none()
            && let Some(t) = said
        {
            text = t;
        }
        if text.is_none()
            && self.symbolic
            && self.is_truetype
            && (0x20..0x7F).contains(&code)
            && self.tt_program.get().is_none()
        {
            // Non-embedded symbolic TrueType: assume the codes are ASCII.
            text = Some(GlyphText::One(char::from(c8)));
        }
        if text.is_none() && name.is_none() && !self.tt_program.get().is_some_and(Program::is_sfnt)
        {
            // No glyph name, no map: the code draws .notdef, which is no character.
            text = Some(GlyphText::Many("".into()));
        }
        let idx = i64::from(code) - self.first_char;
        let w = usize::try_from(idx)
            .ok()
            .and_then(|i| self.widths.get(i).copied())
            .filter(|w| *w != 0.0 || self.is_type3)
            .map(|w| w * self.type3_scale)
            .or_else(|| {
                self.std
                    .and_then(|s| name.as_deref().and_then(|n| s.width(n)))
                    .map(|w| w / 1000.0)
            })
            .or_else(|| self.missing.filter(|m| *m > 0.0).map(|m| m / 1000.0))
            .unwrap_or(if self.std.is_some_and(|s| s.name.starts_with("Courier")) {
                0.6
            } else {
                0.5
            });
        Cached {
            text,
            w0: w,
            w1: -1.0,
        }
    }
}

/// Glyph names that are not in the glyph list but carry their character:
/// `g123`/`cid123` (unmappable), `a12` (ZapfDingbats) are left out;
/// single characters and `Gxx`/`cXX` hex forms are common in Type 3 fonts.
fn glyph_name_fallback(name: &str, code: u8, guess: bool) -> Option<GlyphText> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return Some(GlyphText::One(c));
    }
    if name == ".notdef" {
        return Some(GlyphText::Many("".into()));
    }
    // Names of TeX fonts (CMSY, CMMI) that the Adobe Glyph List lacks.
    let tex = match name {
        "circlecopyrt" => Some('©'),
        "dotlessj" => Some('ȷ'),
        "visiblespace" => Some('␣'),
        "angbracketleft" => Some('⟨'),
        "angbracketright" => Some('⟩'),
        "negationslash" => Some('\u{338}'),
        _ => None,
    };
    if let Some(c) = tex {
        return Some(GlyphText::One(c));
    }
    // An unknown name (Type 3 fonts' `square`, `g12`): like poppler, take the
    // code itself when it is printable ASCII.
    (guess && (0x21..0x7F).contains(&code)).then(|| GlyphText::One(char::from(code)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_outside_the_glyph_list() {
        assert_eq!(
            glyph_name_fallback("circlecopyrt", 13, true),
            Some(GlyphText::One('©'))
        );
        assert_eq!(
            glyph_name_fallback("square", b'a', true),
            Some(GlyphText::One('a'))
        );
        assert_eq!(glyph_name_fallback("square", 3, true), None);
        assert_eq!(glyph_name_fallback("square", b'a', false), None);
        assert_eq!(
            glyph_name_fallback("Q", 3, false),
            Some(GlyphText::One('Q'))
        );
        assert_eq!(
            glyph_name_fallback(".notdef", 3, true),
            Some(GlyphText::Many("".into()))
        );
    }
}
