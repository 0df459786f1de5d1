//! Type 3 fonts of TeX bitmap (PK) fonts, as pdfTeX writes them when no
//! Type 1 version of a font is installed (common in papers set with
//! `\usepackage[T1]{fontenc}` and no cm-super): every glyph is named `a`
//! and its own code (`/Differences [27 /a27 /a28 …]`), a name that says
//! nothing of the glyph — the Adobe Glyph List even reads `a27` as a
//! ZapfDingbats symbol. The code is the character's position in the TeX
//! font encoding: T1 (Cork, the `ec` fonts) or OT1 (the `cm` fonts), whose
//! positions are those of `ec.enc` and `f7b6d320.enc` in TeX Live's
//! `fonts/enc/dvips`.

use pdf_cmap::encoding::glyph_name_to_unicode;

use crate::layout::GlyphText;

/// A TeX text font encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TexEncoding {
    /// T1 (Cork): ligatures at 0x1B–0x1F, accented letters above 0x7F.
    Cork,
    /// OT1: Greek capitals at 0x00–0x0A, ligatures at 0x0B–0x0F.
    Ot1,
}

/// The glyph names of T1 codes 0x00–0x20.
const EC_LOW: [&str; 33] = [
    "grave",
    "acute",
    "circumflex",
    "tilde",
    "dieresis",
    "hungarumlaut",
    "ring",
    "caron",
    "breve",
    "macron",
    "dotaccent",
    "cedilla",
    "ogonek",
    "quotesinglbase",
    "guilsinglleft",
    "guilsinglright",
    "quotedblleft",
    "quotedblright",
    "quotedblbase",
    "guillemotleft",
    "guillemotright",
    "endash",
    "emdash",
    "cwm",
    "perthousandzero",
    "dotlessi",
    "dotlessj",
    "ff",
    "fi",
    "fl",
    "ffi",
    "ffl",
    "visiblespace",
];

/// The glyph names of T1 codes 0x80–0xFF.
const EC_HIGH: [&str; 128] = [
    "Abreve",
    "Aogonek",
    "Cacute",
    "Ccaron",
    "Dcaron",
    "Ecaron",
    "Eogonek",
    "Gbreve",
    "Lacute",
    "Lcaron",
    "Lslash",
    "Nacute",
    "Ncaron",
    "Eng",
    "Ohungarumlaut",
    "Racute",
    "Rcaron",
    "Sacute",
    "Scaron",
    "Scedilla",
    "Tcaron",
    "Tcedilla",
    "Uhungarumlaut",
    "Uring",
    "Ydieresis",
    "Zacute",
    "Zcaron",
    "Zdotaccent",
    "IJ",
    "Idotaccent",
    "dcroat",
    "section",
    "abreve",
    "aogonek",
    "cacute",
    "ccaron",
    "dcaron",
    "ecaron",
    "eogonek",
    "gbreve",
    "lacute",
    "lcaron",
    "lslash",
    "nacute",
    "ncaron",
    "eng",
    "ohungarumlaut",
    "racute",
    "rcaron",
    "sacute",
    "scaron",
    "scedilla",
    "tcaron",
    "tcedilla",
    "uhungarumlaut",
    "uring",
    "ydieresis",
    "zacute",
    "zcaron",
    "zdotaccent",
    "ij",
    "exclamdown",
    "questiondown",
    "sterling",
    "Agrave",
    "Aacute",
    "Acircumflex",
    "Atilde",
    "Adieresis",
    "Aring",
    "AE",
    "Ccedilla",
    "Egrave",
    "Eacute",
    "Ecircumflex",
    "Edieresis",
    "Igrave",
    "Iacute",
    "Icircumflex",
    "Idieresis",
    "Eth",
    "Ntilde",
    "Ograve",
    "Oacute",
    "Ocircumflex",
    "Otilde",
    "Odieresis",
    "OE",
    "Oslash",
    "Ugrave",
    "Uacute",
    "Ucircumflex",
    "Udieresis",
    "Yacute",
    "Thorn",
    "Germandbls",
    "agrave",
    "aacute",
    "acircumflex",
    "atilde",
    "adieresis",
    "aring",
    "ae",
    "ccedilla",
    "egrave",
    "eacute",
    "ecircumflex",
    "edieresis",
    "igrave",
    "iacute",
    "icircumflex",
    "idieresis",
    "eth",
    "ntilde",
    "ograve",
    "oacute",
    "ocircumflex",
    "otilde",
    "odieresis",
    "oe",
    "oslash",
    "ugrave",
    "uacute",
    "ucircumflex",
    "udieresis",
    "yacute",
    "thorn",
    "germandbls",
];

/// The glyph names of OT1 codes 0x00–0x20.
const OT1_LOW: [&str; 33] = [
    "Gamma",
    "Delta",
    "Theta",
    "Lambda",
    "Xi",
    "Pi",
    "Sigma",
    "Upsilon",
    "Phi",
    "Psi",
    "Omega",
    "ff",
    "fi",
    "fl",
    "ffi",
    "ffl",
    "dotlessi",
    "dotlessj",
    "grave",
    "acute",
    "caron",
    "breve",
    "macron",
    "ring",
    "cedilla",
    "germandbls",
    "ae",
    "oe",
    "oslash",
    "AE",
    "OE",
    "Oslash",
    "suppress",
];

/// Whether `name` is the numbered name pdfTeX gives code `code` (`a27`).
pub(super) fn is_numbered(name: &[u8], code: i64) -> bool {
    name.strip_prefix(b"a")
        .filter(|digits| !digits.is_empty() && digits.len() <= 3)
        .filter(|digits| digits.iter().all(u8::is_ascii_digit))
        .filter(|digits| digits.len() == 1 || digits.first() != Some(&b'0'))
        .and_then(|digits| std::str::from_utf8(digits).ok()?.parse::<i64>().ok())
        == Some(code)
}

/// The TeX encoding of a Type 3 font whose `/Differences` give `codes`
/// numbered names (and `others` names that are not), when it is such a
/// font: numbered names only (a footnote font may name one glyph). T1 when a code lies
/// above 0x7F or only T1's ligature positions are used, OT1 when only
/// OT1's are; T1 otherwise (pdfTeX writes bitmap fonts mostly for T1
/// text without cm-super; the printable ASCII codes read alike in both).
pub(super) fn detect(codes: &[u8], others: usize) -> Option<TexEncoding> {
    if codes.is_empty() || others > 0 {
        return None;
    }
    let any = |r: std::ops::RangeInclusive<u8>| codes.iter().any(|c| r.contains(c));
    let t1_ligatures = any(0x1B..=0x1F);
    let ot1_ligatures = any(0x0B..=0x0F);
    Some(if any(0x80..=0xFF) || !ot1_ligatures {
        TexEncoding::Cork
    } else if t1_ligatures {
        // both ranges used: accents or Greek capitals decide nothing; the
        // ligatures of running text are the likelier
        TexEncoding::Cork
    } else {
        TexEncoding::Ot1
    })
}

/// The glyph name at `code` in `enc`.
fn glyph_name(enc: TexEncoding, code: u8) -> Option<&'static str> {
    let low = match enc {
        TexEncoding::Cork => &EC_LOW,
        TexEncoding::Ot1 => &OT1_LOW,
    };
    if let Some(name) = low.get(usize::from(code)) {
        return Some(name);
    }
    let name = match (enc, code) {
        (_, 0x27) => "quoteright",
        (_, 0x60) => "quoteleft",
        (TexEncoding::Cork, 0x7F) => "hyphen",
        (TexEncoding::Cork, 0x80..=0xFF) => EC_HIGH.get(usize::from(code - 0x80))?,
        (TexEncoding::Ot1, 0x22) => "quotedblright",
        (TexEncoding::Ot1, 0x3C) => "exclamdown",
        (TexEncoding::Ot1, 0x3E) => "questiondown",
        (TexEncoding::Ot1, 0x5C) => "quotedblleft",
        (TexEncoding::Ot1, 0x5E) => "circumflex",
        (TexEncoding::Ot1, 0x5F) => "dotaccent",
        (TexEncoding::Ot1, 0x7B) => "endash",
        (TexEncoding::Ot1, 0x7C) => "emdash",
        (TexEncoding::Ot1, 0x7D) => "hungarumlaut",
        (TexEncoding::Ot1, 0x7E) => "tilde",
        (TexEncoding::Ot1, 0x7F) => "dieresis",
        (TexEncoding::Ot1, 0x80..=0xFF) => return None,
        (_, c) => return ascii_name(c),
    };
    Some(name)
}

/// The printable ASCII character of `code`, as a one-character "name".
fn ascii_name(code: u8) -> Option<&'static str> {
    const PRINTABLE: &str = "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~";
    let at = usize::from(code.checked_sub(0x21)?);
    PRINTABLE.get(at..at + 1)
}

/// The text of `code` in `enc`: ligatures as letters, marks that print
/// nothing (`cwm`, `suppress`) as nothing.
pub(super) fn text(enc: TexEncoding, code: u8) -> Option<GlyphText> {
    let name = glyph_name(enc, code)?;
    match name {
        "cwm" | "suppress" => return Some(GlyphText::Many("".into())),
        "visiblespace" => return Some(GlyphText::One('␣')),
        "perthousandzero" => return Some(GlyphText::One('0')),
        "Germandbls" => return Some(GlyphText::Many("SS".into())),
        _ => {}
    }
    if name.len() == 1 {
        return name.chars().next().map(GlyphText::One);
    }
    let s = glyph_name_to_unicode(name)?;
    super::unicode::glyph_text(&s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_names() {
        assert!(is_numbered(b"a27", 27));
        assert!(is_numbered(b"a0", 0));
        assert!(!is_numbered(b"a27", 28));
        assert!(!is_numbered(b"a027", 27));
        assert!(!is_numbered(b"a", 0));
        assert!(!is_numbered(b"ab", 0));
        assert!(!is_numbered(b"g27", 27));
    }

    #[test]
    fn encodings_by_the_codes_used() {
        assert_eq!(detect(&[0x1C, 0x61, 0x62], 0), Some(TexEncoding::Cork));
        assert_eq!(detect(&[0x0C, 0x61, 0x62], 0), Some(TexEncoding::Ot1));
        assert_eq!(detect(&[0x0C, 0xE9, 0x62], 0), Some(TexEncoding::Cork));
        assert_eq!(detect(&[0x61, 0x62, 0x63], 0), Some(TexEncoding::Cork));
        assert_eq!(detect(&[0x31], 0), Some(TexEncoding::Cork));
        assert_eq!(detect(&[], 0), None);
        assert_eq!(detect(&[0x61, 0x62, 0x63], 1), None);
    }

    #[test]
    fn codes_read_as_tex_text() {
        let t = |enc, code| text(enc, code);
        assert_eq!(
            t(TexEncoding::Cork, 0x1C),
            Some(GlyphText::Many("fi".into()))
        );
        assert_eq!(
            t(TexEncoding::Cork, 0x1F),
            Some(GlyphText::Many("ffl".into()))
        );
        assert_eq!(
            t(TexEncoding::Ot1, 0x0D),
            Some(GlyphText::Many("fl".into()))
        );
        assert_eq!(t(TexEncoding::Ot1, 0x1C), Some(GlyphText::One('ø')));
        assert_eq!(t(TexEncoding::Cork, 0x61), Some(GlyphText::One('a')));
        assert_eq!(t(TexEncoding::Cork, 0x27), Some(GlyphText::One('’')));
        assert_eq!(t(TexEncoding::Cork, 0xA3), Some(GlyphText::One('č')));
        assert_eq!(t(TexEncoding::Cork, 0x15), Some(GlyphText::One('–')));
        assert_eq!(t(TexEncoding::Ot1, 0x7B), Some(GlyphText::One('–')));
        assert_eq!(t(TexEncoding::Ot1, 0x3C), Some(GlyphText::One('¡')));
        assert_eq!(t(TexEncoding::Cork, 0x3C), Some(GlyphText::One('<')));
        assert_eq!(t(TexEncoding::Cork, 0x17), Some(GlyphText::Many("".into())));
        assert_eq!(t(TexEncoding::Ot1, 0x90), None);
    }
}
