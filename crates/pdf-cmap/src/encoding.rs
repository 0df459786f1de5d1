//! Simple-font encodings (ISO 32000-1 9.6.6 and Annex D), `/Differences`
//! (9.6.6.1, Table 114) and glyph names to Unicode (the Adobe Glyph List
//! Specification, "Mapping a glyph name to a Unicode character sequence").

use std::borrow::Cow;

use crate::data::encodings;
use crate::data::glyphlist::{AGL, AGLFN, DINGBATS};

/// A base encoding a simple font can name or have built in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BaseEncoding {
    /// `StandardEncoding` (Adobe standard Latin, Annex D.2).
    Standard,
    /// `WinAnsiEncoding` (Windows code page 1252, Annex D.2).
    WinAnsi,
    /// `MacRomanEncoding` (Annex D.2).
    MacRoman,
    /// `MacExpertEncoding` (expert glyph set, Annex D.3).
    MacExpert,
    /// `PDFDocEncoding` (text strings outside content streams, Annex D.2).
    PdfDoc,
    /// The built-in encoding of the Symbol font (Annex D.5).
    Symbol,
    /// The built-in encoding of the ZapfDingbats font (Annex D.6).
    ZapfDingbats,
}

impl BaseEncoding {
    /// The encoding for a `/BaseEncoding` or `/Encoding` name
    /// (`WinAnsiEncoding`, `MacRomanEncoding`, `MacExpertEncoding`, `StandardEncoding`, `PDFDocEncoding`).
    pub fn from_name(name: &str) -> Option<BaseEncoding> {
        match name {
            "StandardEncoding" => Some(BaseEncoding::Standard),
            "WinAnsiEncoding" => Some(BaseEncoding::WinAnsi),
            "MacRomanEncoding" => Some(BaseEncoding::MacRoman),
            "MacExpertEncoding" => Some(BaseEncoding::MacExpert),
            "PDFDocEncoding" => Some(BaseEncoding::PdfDoc),
            _ => None,
        }
    }
}

/// The glyph names of `encoding` by code; `None` where the code is unused.
pub fn table(encoding: BaseEncoding) -> [Option<&'static str>; 256] {
    names(encoding).map(|n| if n.is_empty() { None } else { Some(n) })
}

/// The glyph name of `code` in `encoding`.
pub fn glyph_name(encoding: BaseEncoding, code: u8) -> Option<&'static str> {
    names(encoding)
        .get(usize::from(code))
        .copied()
        .filter(|n| !n.is_empty())
}

/// The generated table of `encoding`: glyph names by code, "" = unused.
fn names(encoding: BaseEncoding) -> &'static [&'static str; 256] {
    match encoding {
        BaseEncoding::Standard => &encodings::STANDARD,
        BaseEncoding::WinAnsi => &encodings::WIN_ANSI,
        BaseEncoding::MacRoman => &encodings::MAC_ROMAN,
        BaseEncoding::MacExpert => &encodings::MAC_EXPERT,
        BaseEncoding::PdfDoc => &encodings::PDF_DOC,
        BaseEncoding::Symbol => &encodings::SYMBOL,
        BaseEncoding::ZapfDingbats => &encodings::ZAPF_DINGBATS,
    }
}

/// The Unicode text of a glyph name, per the Adobe Glyph List rules:
/// the part after the first `.` is dropped (`a.sc` → "a"); components joined
/// by `_` are mapped one by one (`f_f_i` → "ffi", `T_h` → "Th"); each is an
/// AGL name, `uniXXXX…` (groups of four hex digits), `uXXXX`–`uXXXXXX`, or an
/// ITC Zapf Dingbats name (`a1`…). Anything else (`g123`, `cid42`, `glyph7`)
/// maps to nothing, and a name mapping to nothing at all is `None`.
pub fn glyph_name_to_unicode(name: &str) -> Option<Cow<'static, str>> {
    let base = name.split('.').next().unwrap_or_default();
    if base.is_empty() {
        return None;
    }
    if !base.contains('_') {
        return component(base);
    }
    let mut out = String::new();
    for part in base.split('_') {
        if let Some(s) = component(part) {
            out.push_str(&s);
        }
    }
    if out.is_empty() {
        None
    } else {
        Some(Cow::Owned(out))
    }
}

fn component(name: &str) -> Option<Cow<'static, str>> {
    if let Ok(i) = AGL.binary_search_by(|(n, _)| (*n).cmp(name)) {
        return AGL.get(i).map(|&(_, s)| Cow::Borrowed(s));
    }
    if let Ok(i) = DINGBATS.binary_search_by(|(n, _)| (*n).cmp(name)) {
        return DINGBATS.get(i).map(|&(_, s)| Cow::Borrowed(s));
    }
    if let Some(hex) = name.strip_prefix("uni")
        && !hex.is_empty()
        && hex.len() % 4 == 0
        && hex.bytes().all(|b| b.is_ascii_hexdigit())
    {
        let mut out = String::new();
        for i in (0..hex.len()).step_by(4) {
            let v = u32::from_str_radix(hex.get(i..i + 4)?, 16).ok()?;
            out.push(char::from_u32(v)?); // surrogates fail here, as the rules ask
        }
        return Some(Cow::Owned(out));
    }
    if let Some(hex) = name.strip_prefix('u')
        && (4..=6).contains(&hex.len())
        && hex.bytes().all(|b| b.is_ascii_hexdigit())
    {
        let v = u32::from_str_radix(hex, 16).ok()?;
        return char::from_u32(v).map(|c| Cow::Owned(c.to_string()));
    }
    None
}

/// The AGLFN name of `c` (the name a new font should give it), if it has one.
pub fn aglfn_name(c: char) -> Option<&'static str> {
    let u = u32::from(c);
    AGLFN
        .binary_search_by_key(&u, |&(v, _)| v)
        .ok()
        .and_then(|i| AGLFN.get(i))
        .map(|&(_, n)| n)
}

/// One item of a `/Differences` array: a code that starts a run, or a glyph name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DifferencesItem<'a> {
    /// A number: the code of the next name.
    Code(i64),
    /// A name: the glyph of the current code, which then advances.
    Name(&'a str),
}

/// A simple font's encoding: a base encoding with `/Differences` applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimpleEncoding {
    names: Vec<Option<Cow<'static, str>>>,
}

impl SimpleEncoding {
    /// The encoding `base` unchanged.
    pub fn new(base: BaseEncoding) -> SimpleEncoding {
        SimpleEncoding {
            names: table(base).iter().map(|n| n.map(Cow::Borrowed)).collect(),
        }
    }

    /// Applies a `/Differences` array (codes outside 0–255 are skipped).
    pub fn apply_differences<'a>(&mut self, items: impl IntoIterator<Item = DifferencesItem<'a>>) {
        let mut code: Option<i64> = None;
        for item in items {
            match item {
                DifferencesItem::Code(c) => code = Some(c),
                DifferencesItem::Name(n) => {
                    if let Some(c) = code {
                        if let Some(slot) =
                            usize::try_from(c).ok().and_then(|i| self.names.get_mut(i))
                        {
                            *slot = Some(Cow::Owned(n.to_owned()));
                        }
                        code = c.checked_add(1);
                    }
                }
            }
        }
    }

    /// The glyph name of `code`.
    pub fn glyph_name(&self, code: u8) -> Option<&str> {
        self.names.get(usize::from(code))?.as_deref()
    }

    /// The Unicode text of `code` via its glyph name.
    pub fn to_unicode(&self, code: u8) -> Option<Cow<'static, str>> {
        glyph_name_to_unicode(self.glyph_name(code)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(name: &str) -> Option<String> {
        glyph_name_to_unicode(name).map(Cow::into_owned)
    }

    #[test]
    fn glyph_name_rules() {
        assert_eq!(g("A").as_deref(), Some("A"));
        assert_eq!(g("Lcommaaccent").as_deref(), Some("Ļ"));
        assert_eq!(g("f_f_i").as_deref(), Some("ffi"));
        assert_eq!(g("T_h").as_deref(), Some("Th"));
        assert_eq!(g("a.sc").as_deref(), Some("a"));
        assert_eq!(g("one.oldstyle").as_deref(), Some("1"));
        assert_eq!(g("uni0041").as_deref(), Some("A"));
        assert_eq!(g("uni00410042").as_deref(), Some("AB"));
        assert_eq!(g("uniD800"), None);
        assert_eq!(g("u1F600").as_deref(), Some("😀"));
        assert_eq!(g("u0041").as_deref(), Some("A"));
        assert_eq!(g("uni20AC.alt").as_deref(), Some("€"));
        assert_eq!(g("g123"), None);
        assert_eq!(g("cid42"), None);
        assert_eq!(g(".notdef"), None);
        assert_eq!(g("a1").as_deref(), Some("✁"));
        assert_eq!(g("ffi").as_deref(), Some("ﬃ"));
    }

    #[test]
    fn base_tables() {
        assert_eq!(glyph_name(BaseEncoding::WinAnsi, 0x80), Some("Euro"));
        assert_eq!(glyph_name(BaseEncoding::WinAnsi, 0xA0), Some("space"));
        assert_eq!(glyph_name(BaseEncoding::WinAnsi, 0xAD), Some("hyphen"));
        assert_eq!(glyph_name(BaseEncoding::PdfDoc, 0x18), Some("breve"));
        assert_eq!(glyph_name(BaseEncoding::MacExpert, 0x56), Some("ff"));
        assert_eq!(glyph_name(BaseEncoding::Standard, 0x27), Some("quoteright"));
        assert_eq!(glyph_name(BaseEncoding::MacRoman, 0x80), Some("Adieresis"));
        assert_eq!(glyph_name(BaseEncoding::PdfDoc, 0xA0), Some("Euro"));
        assert_eq!(glyph_name(BaseEncoding::Symbol, 0x61), Some("alpha"));
        assert_eq!(glyph_name(BaseEncoding::ZapfDingbats, 0x21), Some("a1"));
        assert_eq!(glyph_name(BaseEncoding::Standard, 0x80), None);
        assert_eq!(
            BaseEncoding::from_name("WinAnsiEncoding"),
            Some(BaseEncoding::WinAnsi)
        );
    }

    #[test]
    fn differences() {
        let mut e = SimpleEncoding::new(BaseEncoding::WinAnsi);
        e.apply_differences([
            DifferencesItem::Code(65),
            DifferencesItem::Name("f_i"),
            DifferencesItem::Name("germandbls"),
            DifferencesItem::Code(300),
            DifferencesItem::Name("x"),
            DifferencesItem::Code(-1),
            DifferencesItem::Name("y"),
        ]);
        assert_eq!(e.to_unicode(65).as_deref(), Some("fi"));
        assert_eq!(e.to_unicode(66).as_deref(), Some("ß"));
        assert_eq!(e.to_unicode(67).as_deref(), Some("C"));
        assert_eq!(e.glyph_name(0x80), Some("Euro"));
    }

    #[test]
    fn aglfn_reverse() {
        assert_eq!(aglfn_name('A'), Some("A"));
        assert_eq!(aglfn_name('€'), Some("Euro"));
    }
}
