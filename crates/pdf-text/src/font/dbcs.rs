//! Simple fonts whose strings are double-byte code-page text (ISO 32000-1
//! §9.6 says a simple font's codes are single bytes; these producers did
//! not): a non-embedded Chinese, Japanese or Korean TrueType/Type 1 font
//! declared `/WinAnsiEncoding` (or no encoding) whose strings hold GBK,
//! Shift-JIS, Big5 or UHC bytes, as written by old Windows tools (S22PDF and
//! other GDI printers on CJK systems). A viewer draws them with the system
//! font of that name through the system code page, so the page shows the
//! text; read byte by byte, it comes out as Latin-1 mojibake (`È«ÊÀ½ç`).
//!
//! The rule, all of it required:
//! - `/Subtype` `/TrueType` or `/Type1`;
//! - `/Encoding` absent or the name `/WinAnsiEncoding` (no `/Differences`:
//!   glyph names per byte mean the producer meant bytes);
//! - no ToUnicode that maps any code;
//! - no embedded program (`/FontFile`, `/FontFile2`, `/FontFile3`): an
//!   embedded program draws the glyph its own cmap gives a byte, so the page
//!   shows what the encoding says;
//! - a CJK font: `/BaseFont` or the descriptor's `/FontName` (subset tag
//!   dropped) is a known Chinese, Japanese or Korean font — in Latin
//!   (`SimSun`, `MS-Mincho`, `MingLiU`, `Batang`, …) or in the code page's
//!   own bytes (`宋体` as `<CBCECCE5>`, `ＭＳ 明朝` in Shift-JIS, …) — or the
//!   descriptor's `/Lang` (PDF 1.5) names one of the languages.
//!
//! Such a font reads its strings through the predefined CMap of the code
//! page (GBK-EUC-H, 90ms-RKSJ-H, ETen-B5-H, KSCms-UHC-H) and maps each CID
//! through its Adobe collection, as a composite font would. One-byte codes
//! 0x20–0x7E are ASCII (the code pages' own reading; the collections'
//! half-width CIDs would give U+2002 for the space and `¥` for 0x5C in
//! Japan1); other one-byte codes the CMap does not map are read as the font
//! dict says (WinAnsi). Widths stay per byte, as the producer wrote them: a
//! two-byte code advances by the sum of its bytes' `/Widths` when both are
//! given, else by 1 em (a full-width glyph).
//!
//! MuPDF (`pdf_load_simple_font`, "workaround for S22PDF lying about
//! chinese font encodings") does this for five GBK-named fonts with
//! `/WinAnsiEncoding` and `/Flags 4`, embedded or not; pdf.js for ten
//! non-embedded GBK-named fonts with `/WinAnsiEncoding`; PDFium for
//! non-embedded TrueType fonts whose name starts with one of five GBK names.

use pdf_cmap::encoding::{self, BaseEncoding};
use pdf_cmap::{CMap, Code, Collection, cid_to_unicode};
use pdf_lex::{Dict, Document, Object};

use super::unicode::glyph_text;
use super::{get, get_dict, num, numbers};
use crate::interp::ShownGlyph;
use crate::layout::GlyphText;

/// A simple font read as double-byte code-page text.
pub(super) struct DbcsFont {
    cmap: &'static CMap,
    collection: Collection,
    /// `/Widths` per byte (text-space units per unit of font size), `None`
    /// where the dict gives none (or 0).
    widths: Box<[Option<f64>; 256]>,
    missing_width: Option<f64>,
}

/// A code page of a CJK Windows system: its predefined CMap and collection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CodePage {
    /// Simplified Chinese, code page 936.
    Gbk,
    /// Japanese, code page 932.
    ShiftJis,
    /// Traditional Chinese, code page 950.
    Big5,
    /// Korean, code page 949.
    Uhc,
}

impl CodePage {
    fn cmap_name(self) -> &'static str {
        match self {
            CodePage::Gbk => "GBK-EUC-H",
            CodePage::ShiftJis => "90ms-RKSJ-H",
            CodePage::Big5 => "ETen-B5-H",
            CodePage::Uhc => "KSCms-UHC-H",
        }
    }
}

/// Known CJK font names as Latin, compared after dropping spaces, `-` and
/// `_` and lower-casing (`MS-Mincho`, `MS Mincho`, `MSMincho,Bold`), as a
/// prefix (`SimSun-ExtB`, `KaiTi_GB2312`).
const LATIN_NAMES: &[(&str, CodePage)] = &[
    ("simsun", CodePage::Gbk),
    ("nsimsun", CodePage::Gbk),
    ("simhei", CodePage::Gbk),
    ("simkai", CodePage::Gbk),
    ("kaiti", CodePage::Gbk),
    ("simfang", CodePage::Gbk),
    ("fangsong", CodePage::Gbk),
    ("simli", CodePage::Gbk),
    ("lisu", CodePage::Gbk),
    ("simyou", CodePage::Gbk),
    ("youyuan", CodePage::Gbk),
    ("stsong", CodePage::Gbk),
    ("stzhongsong", CodePage::Gbk),
    ("stfangsong", CodePage::Gbk),
    ("stkaiti", CodePage::Gbk),
    ("stheiti", CodePage::Gbk),
    ("stxihei", CodePage::Gbk),
    ("xiaobiaosong", CodePage::Gbk),
    ("fzxiaobiaosong", CodePage::Gbk),
    ("microsoftyahei", CodePage::Gbk),
    ("msmincho", CodePage::ShiftJis),
    ("mspmincho", CodePage::ShiftJis),
    ("msgothic", CodePage::ShiftJis),
    ("mspgothic", CodePage::ShiftJis),
    ("msuigothic", CodePage::ShiftJis),
    ("meiryo", CodePage::ShiftJis),
    ("mingliu", CodePage::Big5),
    ("pmingliu", CodePage::Big5),
    ("dfkaisb", CodePage::Big5),
    ("microsoftjhenghei", CodePage::Big5),
    ("batang", CodePage::Uhc),
    ("gulim", CodePage::Uhc),
    ("dotum", CodePage::Uhc),
    ("gungsuh", CodePage::Uhc),
    ("malgungothic", CodePage::Uhc),
];

/// Known CJK font names in their code page's own bytes, as a prefix of the
/// name (`仿宋_GB2312`, `ＭＳ Ｐ明朝`).
const NATIVE_NAMES: &[(&[u8], CodePage)] = &[
    (b"\xCB\xCE\xCC\xE5", CodePage::Gbk),         // 宋体 SimSun
    (b"\xD0\xC2\xCB\xCE", CodePage::Gbk),         // 新宋 NSimSun
    (b"\xBA\xDA\xCC\xE5", CodePage::Gbk),         // 黑体 SimHei
    (b"\xBF\xAC\xCC\xE5", CodePage::Gbk),         // 楷体 KaiTi
    (b"\xB7\xC2\xCB\xCE", CodePage::Gbk),         // 仿宋 FangSong
    (b"\xC1\xA5\xCA\xE9", CodePage::Gbk),         // 隶书 LiSu
    (b"\xD3\xD7\xD4\xB2", CodePage::Gbk),         // 幼圆 YouYuan
    (b"\xD0\xA1\xB1\xEA\xCB\xCE", CodePage::Gbk), // 小标宋 XiaoBiaoSong
    (b"\xBB\xAA\xCE\xC4", CodePage::Gbk),         // 华文 (STSong, STKaiti, …)
    (b"\xB7\xBD\xD5\xFD", CodePage::Gbk),         // 方正 (Founder)
    (b"\xCE\xA2\xC8\xED\xD1\xC5\xBA\xDA", CodePage::Gbk), // 微软雅黑 Microsoft YaHei
    (b"\x82\x6C\x82\x72", CodePage::ShiftJis),    // ＭＳ (ＭＳ 明朝, ＭＳ ゴシック)
    (b"\x96\xBE\x92\xA9", CodePage::ShiftJis),    // 明朝 Mincho
    (b"\x83\x53\x83\x56\x83\x62\x83\x4E", CodePage::ShiftJis), // ゴシック Gothic
    (b"\xB2\xD3\xA9\xFA\xC5\xE9", CodePage::Big5), // 細明體 MingLiU
    (b"\xB7\x73\xB2\xD3\xA9\xFA\xC5\xE9", CodePage::Big5), // 新細明體 PMingLiU
    (b"\xBC\xD0\xB7\xA2\xC5\xE9", CodePage::Big5), // 標楷體 DFKai-SB
    (b"\xB9\xD9\xC5\xC1", CodePage::Uhc),         // 바탕 Batang
    (b"\xB1\xBC\xB8\xB2", CodePage::Uhc),         // 굴림 Gulim
    (b"\xB5\xB8\xBF\xF2", CodePage::Uhc),         // 돋움 Dotum
    (b"\xB1\xC3\xBC\xAD", CodePage::Uhc),         // 궁서 Gungsuh
];

/// The code page a font name says, if it is a known CJK font.
fn code_page_of_name(name: &[u8]) -> Option<CodePage> {
    let name = strip_subset_tag(name);
    if let Some((_, cp)) = NATIVE_NAMES.iter().find(|(n, _)| name.starts_with(n)) {
        return Some(*cp);
    }
    let latin: String = name
        .iter()
        .take_while(|b| **b != b',')
        .filter(|b| b.is_ascii_alphanumeric())
        .map(|b| char::from(b.to_ascii_lowercase()))
        .collect();
    LATIN_NAMES
        .iter()
        .find(|(n, _)| latin.starts_with(n))
        .map(|(_, cp)| *cp)
}

/// `ABCDEF+Name` → `Name`.
fn strip_subset_tag(name: &[u8]) -> &[u8] {
    match name.get(6) {
        Some(b'+') if name.iter().take(6).all(u8::is_ascii_uppercase) => {
            name.get(7..).unwrap_or_default()
        }
        _ => name,
    }
}

/// The code page of a `/Lang` tag (BCP 47, e.g. `zh-CN`, `ja`, `ko-KR`).
fn code_page_of_lang(lang: &[u8]) -> Option<CodePage> {
    let lang = String::from_utf8_lossy(lang).to_ascii_lowercase();
    let mut parts = lang.split(['-', '_']);
    match parts.next()? {
        "ja" => Some(CodePage::ShiftJis),
        "ko" => Some(CodePage::Uhc),
        "zh" => match parts.next() {
            Some("tw" | "hk" | "mo" | "hant") => Some(CodePage::Big5),
            _ => Some(CodePage::Gbk),
        },
        _ => None,
    }
}

/// A name or string object's bytes.
fn name_bytes(o: &Object) -> Option<&[u8]> {
    o.as_name().or_else(|| o.as_string())
}

impl DbcsFont {
    /// The font, when `dict` is a simple font the rule of this module
    /// applies to; `to_unicode` is its parsed ToUnicode CMap. Called by
    /// `PdfFont::load` (the hook). No warning is given: a CJK-named font
    /// that only ever shows ASCII reads the same either way, and a code the
    /// collection does not map is counted as unmapped like any other.
    pub(super) fn detect(
        doc: &Document<'_>,
        dict: &Dict,
        subtype: &[u8],
        to_unicode: Option<&CMap>,
    ) -> Option<DbcsFont> {
        if !matches!(subtype, b"TrueType" | b"Type1") {
            return None;
        }
        match get(doc, dict, b"Encoding") {
            None => {}
            Some(Object::Name(n)) if n == b"WinAnsiEncoding" => {}
            Some(_) => return None,
        }
        if to_unicode.is_some_and(|c| c.unicode_len() > 0) {
            return None;
        }
        let descriptor = get_dict(doc, dict, b"FontDescriptor");
        if let Some(d) = &descriptor
            && [&b"FontFile"[..], b"FontFile2", b"FontFile3"]
                .iter()
                .any(|k| get(doc, d, k).is_some())
        {
            return None;
        }
        let base_font = get(doc, dict, b"BaseFont");
        let font_name = descriptor.as_ref().and_then(|d| get(doc, d, b"FontName"));
        let lang = descriptor.as_ref().and_then(|d| get(doc, d, b"Lang"));
        let code_page = [base_font.as_ref(), font_name.as_ref()]
            .into_iter()
            .flatten()
            .filter_map(name_bytes)
            .find_map(code_page_of_name)
            .or_else(|| {
                lang.as_ref()
                    .and_then(name_bytes)
                    .and_then(code_page_of_lang)
            })?;
        let cmap = CMap::predefined(code_page.cmap_name())?;
        let collection = cmap.collection()?;

        let first_char = get(doc, dict, b"FirstChar")
            .and_then(|o| o.as_i64())
            .unwrap_or(0);
        let given = get(doc, dict, b"Widths")
            .map(|o| numbers(doc, &o))
            .unwrap_or_default();
        let mut widths = Box::new([None; 256]);
        for (i, w) in given.iter().enumerate() {
            let code = i64::try_from(i)
                .ok()
                .and_then(|i| i.checked_add(first_char));
            if let Some(slot) = code
                .and_then(|c| usize::try_from(c).ok())
                .and_then(|c| widths.get_mut(c))
                && *w != 0.0
            {
                *slot = Some(w / 1000.0);
            }
        }
        let missing_width = descriptor
            .as_ref()
            .and_then(|d| get(doc, d, b"MissingWidth"))
            .and_then(|o| num(doc, &o))
            .filter(|m| *m > 0.0)
            .map(|m| m / 1000.0);
        Some(DbcsFont {
            cmap,
            collection,
            widths,
            missing_width,
        })
    }

    fn width(&self, byte: u32) -> Option<f64> {
        usize::try_from(byte)
            .ok()
            .and_then(|b| self.widths.get(b).copied().flatten())
    }

    /// Splits `bytes` into one- and two-byte codes and describes each glyph.
    pub(super) fn decode(&self, bytes: &[u8], out: &mut Vec<ShownGlyph>) {
        for code in self.cmap.decode_codes(bytes) {
            let (text, w0) = if code.len == 1 {
                let text = self.one_byte_text(code);
                let w0 = self.width(code.value).or(self.missing_width).unwrap_or(0.5);
                (text, w0)
            } else {
                let text = self
                    .cmap
                    .lookup_cid(code)
                    .and_then(|cid| cid_to_unicode(self.collection, cid))
                    .and_then(glyph_text);
                let w0 = match (self.width(code.value >> 8), self.width(code.value & 0xff)) {
                    (Some(a), Some(b)) => a + b,
                    _ => 1.0,
                };
                (text, w0)
            };
            out.push(ShownGlyph {
                text,
                w0,
                w1: -1.0,
                word_space: code.len == 1 && code.value == 32,
            });
        }
    }

    fn one_byte_text(&self, code: Code) -> Option<GlyphText> {
        let byte = u8::try_from(code.value).ok()?;
        if (0x20..0x7F).contains(&byte) {
            return Some(GlyphText::One(char::from(byte)));
        }
        if byte < 0x20 {
            // A control code draws .notdef, which is no character.
            return Some(GlyphText::Many("".into()));
        }
        self.cmap
            .lookup_cid(code)
            .and_then(|cid| cid_to_unicode(self.collection, cid))
            .and_then(glyph_text)
            .or_else(|| {
                encoding::glyph_name(BaseEncoding::WinAnsi, byte)
                    .and_then(encoding::glyph_name_to_unicode)
                    .and_then(|s| glyph_text(&s))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(code_page_of_name(b"\xCB\xCE\xCC\xE5"), Some(CodePage::Gbk));
        assert_eq!(
            code_page_of_name(b"\xB7\xC2\xCB\xCE_GB2312"),
            Some(CodePage::Gbk)
        );
        assert_eq!(
            code_page_of_name(b"ABCDEF+SimSun,Bold"),
            Some(CodePage::Gbk)
        );
        assert_eq!(code_page_of_name(b"MS-Mincho"), Some(CodePage::ShiftJis));
        assert_eq!(code_page_of_name(b"MS PGothic"), Some(CodePage::ShiftJis));
        assert_eq!(
            code_page_of_name(b"\x82\x6C\x82\x72\x20\x96\xBE\x92\xA9"),
            Some(CodePage::ShiftJis)
        );
        assert_eq!(code_page_of_name(b"PMingLiU"), Some(CodePage::Big5));
        assert_eq!(code_page_of_name(b"Batang"), Some(CodePage::Uhc));
        for latin in [
            &b"Arial"[..],
            b"TimesNewRomanPSMT",
            b"ABCDEF+Helvetica",
            b"Mincho", // too loose a name to trust alone
            b"Song",
            b"",
        ] {
            assert_eq!(code_page_of_name(latin), None, "{latin:?}");
        }
    }

    #[test]
    fn languages() {
        assert_eq!(code_page_of_lang(b"zh-CN"), Some(CodePage::Gbk));
        assert_eq!(code_page_of_lang(b"zh-Hant-TW"), Some(CodePage::Big5));
        assert_eq!(code_page_of_lang(b"ja"), Some(CodePage::ShiftJis));
        assert_eq!(code_page_of_lang(b"ko-KR"), Some(CodePage::Uhc));
        assert_eq!(code_page_of_lang(b"en-US"), None);
    }

    fn font(cp: CodePage) -> DbcsFont {
        let cmap = CMap::predefined(cp.cmap_name()).unwrap();
        DbcsFont {
            cmap,
            collection: cmap.collection().unwrap(),
            widths: Box::new([Some(0.5); 256]),
            missing_width: None,
        }
    }

    fn text(f: &DbcsFont, bytes: &[u8]) -> (String, Vec<f64>) {
        let mut out = Vec::new();
        f.decode(bytes, &mut out);
        let s = out
            .iter()
            .map(|g| match &g.text {
                Some(GlyphText::One(c)) => c.to_string(),
                Some(GlyphText::Many(s)) => s.to_string(),
                None => "\u{FFFD}".into(),
            })
            .collect();
        (s, out.iter().map(|g| g.w0).collect())
    }

    #[test]
    fn code_pages() {
        let (s, w) = text(&font(CodePage::Gbk), b"\xC8\xAB\xCA\xC0 A\\\x80");
        assert_eq!(s, "全世 A\\€");
        assert_eq!(w, [1.0, 1.0, 0.5, 0.5, 0.5, 0.5]);
        assert_eq!(
            text(&font(CodePage::ShiftJis), b"\x93\xfa\x96\x7b\\\xb1").0,
            "日本\\ｱ"
        );
        assert_eq!(text(&font(CodePage::Big5), b"\xa4\xa4\xa4\xe5").0, "中文");
        assert_eq!(text(&font(CodePage::Uhc), b"\xc7\xd1\xb1\xdb").0, "한글");
    }

    #[test]
    fn widths_of_two_byte_codes() {
        let mut f = font(CodePage::Gbk);
        f.widths[0xC8] = None;
        // A byte without a width: the code is one em wide.
        assert_eq!(text(&f, b"\xC8\xAB").1, [1.0]);
    }
}
