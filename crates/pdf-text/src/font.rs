//! Fonts (ISO 32000-1 §9.6 simple fonts, §9.7 composite fonts, §9.10
//! extraction of text content): codes → Unicode and widths.
//!
//! Unicode, in this order of trust: the font's `/ToUnicode`; for CID fonts
//! the Adobe collection's CID → Unicode (named by `CIDSystemInfo` or by a
//! predefined CMap); for simple fonts the encoding with `/Differences` and
//! glyph names (or the built-in encoding of an embedded Type 1 program or
//! a standard-14 font); then the embedded TrueType/OpenType program's own
//! `cmap`/`post` tables; otherwise the glyph is unmapped.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;

use pdf_cmap::encoding::{self, BaseEncoding, DifferencesItem, SimpleEncoding};
use pdf_cmap::{CMap, Code, Collection, cid_to_unicode};
use pdf_lex::{Dict, Document, Object};

use crate::interp::{ShownGlyph, TextFont};
use crate::layout::GlyphText;
use crate::std14;

/// Where the codes of a composite font's strings come from.
enum CodeMap {
    Predefined(&'static CMap),
    Embedded(Box<CMap>),
    /// Two-byte codes equal to CIDs (`Identity-H`/`-V` when the table is unavailable).
    Identity,
}

impl CodeMap {
    fn cmap(&self) -> Option<&CMap> {
        match self {
            CodeMap::Predefined(c) => Some(c),
            CodeMap::Embedded(c) => Some(c),
            CodeMap::Identity => None,
        }
    }

    fn decode(&self, bytes: &[u8], mut f: impl FnMut(Code)) {
        match self.cmap() {
            Some(c) => c.decode_codes(bytes).for_each(f),
            None => {
                for pair in bytes.chunks(2) {
                    let v = pair.iter().fold(0u32, |acc, b| acc << 8 | u32::from(*b));
                    f(Code::new(v, 2));
                }
            }
        }
    }

    fn cid(&self, code: Code) -> u32 {
        match self.cmap() {
            Some(c) => c.lookup_cid(code).unwrap_or(0),
            None => code.value,
        }
    }
}

fn identity(vertical: bool) -> CodeMap {
    let name = if vertical { "Identity-V" } else { "Identity-H" };
    CMap::predefined(name).map_or(CodeMap::Identity, CodeMap::Predefined)
}

/// Glyph → Unicode read from an embedded TrueType/OpenType program.
struct Program {
    data: Vec<u8>,
    /// Glyph id → Unicode, inverted from the Unicode `cmap` subtables on
    /// first use.
    gid_unicode: std::cell::OnceCell<HashMap<u16, char>>,
    /// `post` lookups left: each costs a walk of the names table.
    post_budget: std::cell::Cell<u32>,
}

/// Glyphs per font whose name is looked up in `post` (a linear walk each).
const POST_LOOKUPS: u32 = 4096;

/// Code points tried when inverting a `cmap`: the BMP, and the
/// supplementary ideographic plane for format 12/13 subtables. Looking
/// each up (instead of enumerating the subtable's ranges, which a hostile
/// font can make billions long) bounds the work per font.
const SIP: std::ops::RangeInclusive<u32> = 0x20000..=0x2FFFF;

impl Program {
    fn parse(data: Vec<u8>) -> Option<Program> {
        ttf_parser::RawFace::parse(&data, 0).ok()?;
        Some(Program {
            data,
            gid_unicode: std::cell::OnceCell::new(),
            post_budget: std::cell::Cell::new(POST_LOOKUPS),
        })
    }

    fn inverted_cmap(&self) -> &HashMap<u16, char> {
        self.gid_unicode.get_or_init(|| {
            let mut map = HashMap::new();
            let Some(raw) = self.raw() else { return map };
            let Some(cmap) = raw
                .table(ttf_parser::Tag::from_bytes(b"cmap"))
                .and_then(ttf_parser::cmap::Table::parse)
            else {
                return map;
            };
            for sub in cmap
                .subtables
                .into_iter()
                .filter(|s| s.is_unicode())
                .take(4)
            {
                let wide = matches!(
                    sub.format,
                    ttf_parser::cmap::Format::SegmentedCoverage(_)
                        | ttf_parser::cmap::Format::ManyToOneRangeMappings(_)
                );
                let planes = (0u32..=0xFFFF).chain(SIP.filter(move |_| wide));
                for cp in planes {
                    let Some(gid) = sub.glyph_index(cp).filter(|g| g.0 != 0) else {
                        continue;
                    };
                    let Some(c) = char::from_u32(cp) else {
                        continue;
                    };
                    let private = (0xE000..=0xF8FF).contains(&cp);
                    match map.get(&gid.0) {
                        // keep the first non-private-use character
                        Some(old) if !(0xE000..=0xF8FF).contains(&u32::from(*old)) || private => {}
                        _ => {
                            map.insert(gid.0, c);
                        }
                    }
                }
            }
            map
        })
    }

    fn raw(&self) -> Option<ttf_parser::RawFace<'_>> {
        ttf_parser::RawFace::parse(&self.data, 0).ok()
    }

    /// The text of a glyph: its Unicode from the cmap, else its `post` name.
    fn text_of_gid(&self, gid: u16) -> Option<String> {
        if let Some(c) = self.inverted_cmap().get(&gid) {
            return Some(c.to_string());
        }
        let left = self.post_budget.get();
        if left == 0 {
            return None;
        }
        self.post_budget.set(left - 1);
        let raw = self.raw()?;
        let post = raw
            .table(ttf_parser::Tag::from_bytes(b"post"))
            .and_then(ttf_parser::post::Table::parse)?;
        let name = post.glyph_name(ttf_parser::GlyphId(gid))?;
        encoding::glyph_name_to_unicode(name).map(Cow::into_owned)
    }

    /// For a symbolic simple TrueType font: the glyph of a one-byte code
    /// through the (3,0) or (1,0) subtable (§9.6.6.4).
    fn gid_of_code(&self, code: u8) -> Option<u16> {
        let raw = self.raw()?;
        let cmap = raw
            .table(ttf_parser::Tag::from_bytes(b"cmap"))
            .and_then(ttf_parser::cmap::Table::parse)?;
        for sub in cmap.subtables {
            let found = match (sub.platform_id, sub.encoding_id) {
                (ttf_parser::PlatformId::Windows, 0) => sub
                    .glyph_index(0xF000 + u32::from(code))
                    .or_else(|| sub.glyph_index(0xF100 + u32::from(code)))
                    .or_else(|| sub.glyph_index(0xF200 + u32::from(code)))
                    .or_else(|| sub.glyph_index(u32::from(code))),
                (ttf_parser::PlatformId::Macintosh, 0) => sub.glyph_index(u32::from(code)),
                _ => None,
            };
            if let Some(g) = found.filter(|g| g.0 != 0) {
                return Some(g.0);
            }
        }
        None
    }
}

/// Per-code result cached by composite fonts.
#[derive(Clone)]
struct Cached {
    text: Option<GlyphText>,
    w0: f64,
    w1: f64,
}

/// A composite (Type 0) font (§9.7).
struct Composite {
    codes: CodeMap,
    collection: Option<Collection>,
    /// `/W`: `(first cid, last cid, width)`, sorted.
    widths: Vec<(u32, u32, f64)>,
    default_width: f64,
    /// `/W2`: `(first, last, w1y)`, sorted.
    vwidths: Vec<(u32, u32, f64)>,
    default_w1: f64,
    /// `/CIDToGIDMap` stream (2 bytes per CID), `None` for Identity.
    cid_to_gid: Option<Vec<u8>>,
    program: Option<Program>,
    cache: RefCell<HashMap<u64, Cached>>,
}

/// A simple font (Type 1, TrueType, Type 3, MMType1): one byte per code.
struct Simple {
    glyphs: Vec<Cached>,
}

enum Kind {
    Simple(Simple),
    Composite(Box<Composite>),
}

/// A font ready for the interpreter.
pub(crate) struct PdfFont {
    kind: Kind,
    to_unicode: Option<CMap>,
    /// A ToUnicode CMap that `usecmap`s `Adobe-<ordering>-UCS2` maps the
    /// codes it does not list through that collection.
    ucs2_collection: Option<Collection>,
    /// The ToUnicode CMap maps most of its codes to blanks: its blanks are
    /// not believed while another map knows better.
    blanks_lie: bool,
    vertical: bool,
}

/// Whether a ToUnicode CMap maps most of its codes (three at least) to
/// whitespace or U+0000: a map written to hide the text or by a broken
/// producer, whose blanks say nothing about the glyphs. (Empty entries are
/// not counted: cairo maps the later glyphs of a cluster to nothing.)
fn blanks_lie(cmap: &CMap) -> bool {
    let (mut total, mut blank) = (0usize, 0usize);
    for (_, s) in cmap.unicode_mappings().take(1 << 16) {
        total += 1;
        if !s.is_empty() && s.chars().all(|c| c.is_whitespace() || c == '\0') {
            blank += 1;
        }
    }
    blank >= 3 && blank * 2 >= total
}

/// What a ToUnicode entry is worth: `Ok` with its text when it can be
/// believed; `Err` with what it said (if anything) when it says nothing
/// useful — U+0000 or other controls only, U+FFFD, or a blank from a
/// map whose blanks lie — so that the font's other maps are
/// asked first and it is kept only when they know nothing.
fn believed(s: &str, blanks_lie: bool) -> Result<GlyphText, Option<GlyphText>> {
    if s.is_empty() {
        // `<>`: the glyph's text is given by another glyph of its cluster
        // (cairo writes a whole word on its first glyph), not a lie.
        return Ok(GlyphText::Many("".into()));
    }
    match glyph_text(s) {
        None => Err(None),
        Some(GlyphText::Many(m)) if m.is_empty() => Err(Some(GlyphText::Many(m))),
        Some(t) if blanks_lie && is_blank(&t) => Err(Some(t)),
        Some(t) => Ok(t),
    }
}

fn is_blank(t: &GlyphText) -> bool {
    match t {
        GlyphText::One(c) => c.is_whitespace(),
        GlyphText::Many(s) => s.chars().all(char::is_whitespace),
    }
}

/// The collection of an `Adobe-<ordering>-UCS2` CMap name.
fn ucs2_collection(name: &str) -> Option<Collection> {
    let ordering = name.strip_prefix("Adobe-")?.strip_suffix("-UCS2")?;
    Collection::from_registry_ordering("Adobe", ordering)
}

/// The ordinary character of a vertical presentation form (U+FE10–FE19,
/// U+FE30–FE48): what vertical writing means by it, full-width as in the
/// horizontal text around it.
fn horizontal_form(c: char) -> Option<char> {
    Some(match c {
        '\u{FE10}' => '，',
        '\u{FE11}' => '、',
        '\u{FE12}' => '。',
        '\u{FE13}' => '：',
        '\u{FE14}' => '；',
        '\u{FE15}' => '！',
        '\u{FE16}' => '？',
        '\u{FE17}' => '〖',
        '\u{FE18}' => '〗',
        '\u{FE19}' => '…',
        '\u{FE30}' => '‥',
        '\u{FE31}' => '—',
        '\u{FE32}' => '–',
        '\u{FE33}' | '\u{FE34}' => '＿',
        '\u{FE35}' => '（',
        '\u{FE36}' => '）',
        '\u{FE37}' => '｛',
        '\u{FE38}' => '｝',
        '\u{FE39}' => '〔',
        '\u{FE3A}' => '〕',
        '\u{FE3B}' => '【',
        '\u{FE3C}' => '】',
        '\u{FE3D}' => '《',
        '\u{FE3E}' => '》',
        '\u{FE3F}' => '〈',
        '\u{FE40}' => '〉',
        '\u{FE41}' => '「',
        '\u{FE42}' => '」',
        '\u{FE43}' => '『',
        '\u{FE44}' => '』',
        '\u{FE47}' => '［',
        '\u{FE48}' => '］',
        _ => return None,
    })
}

/// Expands ligature code points to their letters (U+FB00–U+FB06) and
/// turns vertical presentation forms into their ordinary characters.
fn expand_ligatures(s: &str) -> Cow<'_, str> {
    if !s
        .chars()
        .any(|c| ('\u{FB00}'..='\u{FB06}').contains(&c) || ('\u{FE10}'..='\u{FE48}').contains(&c))
    {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 2);
    for c in s.chars() {
        if let Some(h) = horizontal_form(c) {
            out.push(h);
            continue;
        }
        match c {
            '\u{FB00}' => out.push_str("ff"),
            '\u{FB01}' => out.push_str("fi"),
            '\u{FB02}' => out.push_str("fl"),
            '\u{FB03}' => out.push_str("ffi"),
            '\u{FB04}' => out.push_str("ffl"),
            '\u{FB05}' | '\u{FB06}' => out.push_str("st"),
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Text for a glyph from a Unicode string: ligatures expanded, controls dropped.
fn glyph_text(s: &str) -> Option<GlyphText> {
    if s.chars()
        .any(|c| matches!(c, '\u{FFFE}' | '\u{FFFF}' | '\u{FFFD}'))
    {
        return None;
    }
    let s = expand_ligatures(s);
    if s.chars().all(|c| !c.is_control() || c == '\t') {
        return Some(GlyphText::from_str(&s));
    }
    let cleaned: String = s.chars().filter(|c| !c.is_control()).collect();
    if cleaned.is_empty() && s.chars().any(|c| c == '\n' || c == '\r') {
        return Some(GlyphText::One(' '));
    }
    Some(GlyphText::from_str(&cleaned))
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

/// Caps on what a font may make us build.
const MAX_W_ENTRIES: usize = 1 << 16;

impl PdfFont {
    /// Loads a font dictionary.
    pub(crate) fn load(doc: &Document<'_>, dict: &Dict, warnings: &mut FontWarnings) -> PdfFont {
        let to_unicode = get(doc, dict, b"ToUnicode").and_then(|o| {
            let bytes = stream_bytes(doc, &o)?;
            match CMap::parse(&bytes) {
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
        } else {
            let simple = Self::load_simple(doc, dict, to_unicode.as_ref(), lie, subtype);
            PdfFont {
                kind: Kind::Simple(simple),
                to_unicode: None,
                ucs2_collection: None,
                blanks_lie: lie,
                vertical: false,
            }
        }
    }

    fn load_simple(
        doc: &Document<'_>,
        dict: &Dict,
        to_unicode: Option<&CMap>,
        blanks_lie: bool,
        subtype: &[u8],
    ) -> Simple {
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
                let tt = get(doc, d, b"FontFile2")
                    .or_else(|| get(doc, d, b"FontFile3"))
                    .and_then(|o| stream_bytes(doc, &o))
                    .and_then(Program::parse);
                (t1, tt)
            }
            None => (None, None),
        };

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

        let mut glyphs = Vec::with_capacity(256);
        for code in 0u16..256 {
            let c8 = code as u8;
            let name = enc.glyph_name(c8).map(str::to_string).or_else(|| {
                std.filter(|s| s.is_symbolic() || !has_explicit_base)
                    .and_then(|s| s.builtin_name(c8))
                    .map(str::to_string)
            });
            // What an unbelievable ToUnicode entry said: kept only if no
            // other map knows the glyph; guesses from the code are then off.
            let mut said: Option<Option<GlyphText>> = None;
            let mut text: Option<GlyphText> = match to_unicode
                .and_then(|tu| tu.lookup_unicode(Code::new(u32::from(code), 1)))
                .map(|s| believed(s, blanks_lie))
            {
                Some(Ok(t)) => Some(t),
                Some(Err(t)) => {
                    said = Some(t);
                    None
                }
                None => None,
            };
            let guess = said.is_none();
            if text.is_none()
                && let Some(n) = &name
            {
                text = encoding::glyph_name_to_unicode(n).and_then(|s| glyph_text(&s));
                if text.is_none() {
                    text = glyph_name_fallback(n, c8, guess);
                }
            }
            if text.is_none()
                && let Some(p) = &tt_program
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
                && symbolic
                && is_truetype
                && (0x20..0x7F).contains(&code)
                && tt_program.is_none()
            {
                // Non-embedded symbolic TrueType: assume the codes are ASCII.
                text = Some(GlyphText::One(char::from(c8)));
            }
            if text.is_none() && name.is_none() && tt_program.is_none() {
                // No glyph name, no map: the code draws .notdef, which is no character.
                text = Some(GlyphText::Many("".into()));
            }
            let idx = i64::from(code) - first_char;
            let w = usize::try_from(idx)
                .ok()
                .and_then(|i| widths.get(i).copied())
                .filter(|w| *w != 0.0 || is_type3)
                .map(|w| w * type3_scale)
                .or_else(|| {
                    std.and_then(|s| name.as_deref().and_then(|n| s.width(n)))
                        .map(|w| w / 1000.0)
                })
                .or_else(|| missing.filter(|m| *m > 0.0).map(|m| m / 1000.0))
                .unwrap_or(if std.is_some_and(|s| s.name.starts_with("Courier")) {
                    0.6
                } else {
                    0.5
                });
            glyphs.push(Cached {
                text,
                w0: w,
                w1: -1.0,
            });
        }
        Simple { glyphs }
    }

    fn load_composite(
        doc: &Document<'_>,
        dict: &Dict,
        warnings: &mut FontWarnings,
    ) -> (Kind, bool) {
        let codes = match get(doc, dict, b"Encoding") {
            Some(Object::Name(n)) => {
                let name = String::from_utf8_lossy(&n).into_owned();
                match CMap::predefined(&name) {
                    Some(c) => CodeMap::Predefined(c),
                    None => {
                        warnings.push(format!(
                            "unknown predefined CMap {name}; read as Identity-H"
                        ));
                        identity(name.ends_with("-V"))
                    }
                }
            }
            Some(o @ Object::Stream(_)) => {
                match stream_bytes(doc, &o).map(|b| parse_embedded_cmap(doc, &o, &b)) {
                    Some(Ok(c)) => CodeMap::Embedded(Box::new(c)),
                    _ => {
                        warnings.push("unreadable embedded CMap; read as Identity-H".into());
                        identity(false)
                    }
                }
            }
            _ => identity(false),
        };
        let vertical = match &codes {
            CodeMap::Identity => false,
            other => other.cmap().is_some_and(|c| c.wmode() == 1),
        };
        let descendant = get(doc, dict, b"DescendantFonts")
            .and_then(|o| o.as_array().and_then(|a| a.first().cloned()))
            .and_then(|o| doc.resolve(&o).ok().and_then(|d| d.as_dict().cloned()))
            .unwrap_or_default();
        let collection = get_dict(doc, &descendant, b"CIDSystemInfo")
            .and_then(|info| {
                let reg =
                    get(doc, &info, b"Registry").and_then(|o| o.as_string().map(<[u8]>::to_vec))?;
                let ord =
                    get(doc, &info, b"Ordering").and_then(|o| o.as_string().map(<[u8]>::to_vec))?;
                Collection::from_registry_ordering(
                    &String::from_utf8_lossy(&reg),
                    &String::from_utf8_lossy(&ord),
                )
            })
            .or_else(|| codes.cmap().and_then(CMap::collection));
        let default_width = get(doc, &descendant, b"DW")
            .and_then(|o| num(doc, &o))
            .unwrap_or(1000.0)
            / 1000.0;
        let mut widths = Vec::new();
        let mut vwidths = Vec::new();
        if let Some(w) = get(doc, &descendant, b"W") {
            parse_w(doc, &w, 1, &mut widths);
        }
        let dw2 = get(doc, &descendant, b"DW2")
            .map(|o| numbers(doc, &o))
            .unwrap_or_default();
        let default_w1 = dw2.get(1).copied().unwrap_or(-1000.0) / 1000.0;
        if let Some(w2) = get(doc, &descendant, b"W2") {
            parse_w(doc, &w2, 3, &mut vwidths);
        }
        let cid_to_gid = match get(doc, &descendant, b"CIDToGIDMap") {
            Some(o @ Object::Stream(_)) => stream_bytes(doc, &o),
            _ => None,
        };
        let program = get_dict(doc, &descendant, b"FontDescriptor").and_then(|d| {
            get(doc, &d, b"FontFile2")
                .or_else(|| get(doc, &d, b"FontFile3"))
                .and_then(|o| stream_bytes(doc, &o))
                .and_then(Program::parse)
        });
        let comp = Composite {
            codes,
            collection,
            widths,
            default_width,
            vwidths,
            default_w1,
            cid_to_gid,
            program,
            cache: RefCell::new(HashMap::new()),
        };
        (Kind::Composite(Box::new(comp)), vertical)
    }
}

/// An embedded CMap stream, with the parent its `/UseCMap` names: a
/// predefined CMap or another embedded stream (one level).
fn parse_embedded_cmap(
    doc: &Document<'_>,
    stream: &Object,
    bytes: &[u8],
) -> Result<CMap, pdf_cmap::Error> {
    let parent = stream.as_dict().and_then(|d| get(doc, d, b"UseCMap"));
    let limits = pdf_cmap::Limits::default();
    match parent {
        Some(Object::Name(n)) => match CMap::predefined(&String::from_utf8_lossy(&n)) {
            Some(p) => CMap::parse_with_parent(bytes, p, &limits),
            None => CMap::parse(bytes),
        },
        Some(p @ Object::Stream(_)) => match stream_bytes(doc, &p).map(|b| CMap::parse(&b)) {
            Some(Ok(p)) => CMap::parse_with_parent(bytes, &p, &limits),
            _ => CMap::parse(bytes),
        },
        _ => CMap::parse(bytes),
    }
}

/// `/W` (`per = 1`) or `/W2` (`per = 3`, keeping w1y): `c [w …]` and `c1 c2 w`.
fn parse_w(doc: &Document<'_>, o: &Object, per: usize, out: &mut Vec<(u32, u32, f64)>) {
    let Ok(o) = doc.resolve(o) else { return };
    let Some(items) = o.as_array() else { return };
    let mut i = 0;
    while let Some(first) = items.get(i) {
        if out.len() >= MAX_W_ENTRIES {
            break;
        }
        let Some(c) = num(doc, first)
            .filter(|c| *c >= 0.0 && *c <= f64::from(u32::MAX))
            .map(|c| c as u32)
        else {
            i += 1;
            continue;
        };
        match items.get(i + 1).map(|o| doc.resolve(o)) {
            Some(Ok(next)) if next.as_array().is_some() => {
                let ws: Vec<f64> = next
                    .as_array()
                    .unwrap_or_default()
                    .iter()
                    .map(|v| num(doc, v).unwrap_or(0.0))
                    .collect();
                for (k, chunk) in ws.chunks(per).enumerate() {
                    let Some(w) = chunk.first() else { break };
                    let Some(cid) = c.checked_add(k as u32) else {
                        break;
                    };
                    out.push((cid, cid, w / 1000.0));
                    if out.len() >= MAX_W_ENTRIES {
                        break;
                    }
                }
                i += 2;
            }
            Some(Ok(next)) => {
                let last = next
                    .as_f64()
                    .filter(|v| *v >= 0.0 && *v <= f64::from(u32::MAX))
                    .map(|v| v as u32);
                let w = items.get(i + 2).and_then(|v| num(doc, v));
                if let (Some(last), Some(w)) = (last, w)
                    && last >= c
                {
                    out.push((c, last, w / 1000.0));
                }
                i += 2 + per;
            }
            _ => break,
        }
    }
    out.sort_by_key(|a| a.0);
}

fn lookup_w(table: &[(u32, u32, f64)], cid: u32) -> Option<f64> {
    let idx = table.partition_point(|(first, _, _)| *first <= cid);
    // search backwards over ranges that start at or before cid (ranges may overlap)
    table
        .get(..idx)?
        .iter()
        .rev()
        .take(8)
        .find(|(f, l, _)| *f <= cid && cid <= *l)
        .map(|(_, _, w)| *w)
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

/// `dup <code> /<name> put` entries of a Type 1 program's built-in encoding.
fn type1_builtin_encoding(program: &[u8]) -> Vec<(u8, String)> {
    let mut out = Vec::new();
    // The encoding lives in the cleartext part, before `eexec`.
    let end = memchr_find(program, b"eexec")
        .unwrap_or(program.len())
        .min(program.len());
    let clear = program.get(..end).unwrap_or_default();
    if memchr_find(clear, b"StandardEncoding def").is_some() {
        return out;
    }
    let mut pos = 0;
    while let Some(rel) = memchr_find(clear.get(pos..).unwrap_or_default(), b"dup ") {
        pos += rel + 4;
        let rest = clear.get(pos..).unwrap_or_default();
        let mut parts = rest.splitn(3, |b| *b == b' ');
        let (Some(code), Some(name)) = (parts.next(), parts.next()) else {
            continue;
        };
        let Some(code) = std::str::from_utf8(code)
            .ok()
            .and_then(|s| s.parse::<u8>().ok())
        else {
            continue;
        };
        let Some(name) = name.strip_prefix(b"/") else {
            continue;
        };
        out.push((code, String::from_utf8_lossy(name).into_owned()));
        if out.len() > 256 {
            break;
        }
    }
    out
}

fn memchr_find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

impl Composite {
    fn glyph(
        &self,
        code: Code,
        to_unicode: Option<&CMap>,
        ucs2: Option<Collection>,
        blanks_lie: bool,
    ) -> Cached {
        let key = (u64::from(code.len) << 32) | u64::from(code.value);
        if let Some(c) = self.cache.borrow().get(&key) {
            return c.clone();
        }
        let cid = self.codes.cid(code);
        let mut said: Option<Option<GlyphText>> = None;
        let mut text = match to_unicode
            .and_then(|tu| tu.lookup_unicode(code))
            .map(|s| believed(s, blanks_lie))
        {
            Some(Ok(t)) => Some(t),
            Some(Err(t)) => {
                said = Some(t);
                None
            }
            None => None,
        };
        if text.is_none()
            && let Some(coll) = ucs2
        {
            text = cid_to_unicode(coll, code.value).and_then(glyph_text);
        }
        if text.is_none()
            && let Some(coll) = self.collection
        {
            text = cid_to_unicode(coll, cid).and_then(glyph_text);
        }
        if text.is_none()
            && let Some(p) = &self.program
        {
            let gid = match &self.cid_to_gid {
                Some(map) => {
                    let i = usize::try_from(cid).unwrap_or(usize::MAX).saturating_mul(2);
                    map.get(i..i.saturating_add(2))
                        .and_then(|b| <[u8; 2]>::try_from(b).ok())
                        .map(u16::from_be_bytes)
                }
                None => u16::try_from(cid).ok(),
            };
            if let Some(gid) = gid.filter(|g| *g != 0) {
                text = p.text_of_gid(gid).and_then(|s| glyph_text(&s));
            }
        }
        if text.is_none()
            && let Some(t) = said
        {
            text = t;
        }
        let w0 = lookup_w(&self.widths, cid).unwrap_or(self.default_width);
        let w1 = lookup_w(&self.vwidths, cid).unwrap_or(self.default_w1);
        let c = Cached { text, w0, w1 };
        let mut cache = self.cache.borrow_mut();
        if cache.len() < 1 << 16 {
            cache.insert(key, c.clone());
        }
        c
    }
}

impl TextFont for PdfFont {
    fn decode(&self, bytes: &[u8], out: &mut Vec<ShownGlyph>) {
        match &self.kind {
            Kind::Simple(s) => {
                for &b in bytes {
                    let Some(g) = s.glyphs.get(usize::from(b)) else {
                        continue;
                    };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ligatures_become_letters() {
        assert_eq!(expand_ligatures("e\u{FB03}cient"), "efficient");
        assert_eq!(glyph_text("\u{FB01}"), Some(GlyphText::Many("fi".into())));
        assert_eq!(glyph_text("a"), Some(GlyphText::One('a')));
        assert_eq!(glyph_text("\u{0}x"), Some(GlyphText::One('x')));
        // vertical presentation forms read as the punctuation they stand for
        assert_eq!(glyph_text("\u{FE11}"), Some(GlyphText::One('、')));
        assert_eq!(expand_ligatures("\u{FE41}縦\u{FE42}\u{FE12}"), "「縦」。");
        assert_eq!(expand_ligatures("\u{FE45}"), "\u{FE45}");
    }

    #[test]
    fn type1_encoding_from_cleartext() {
        let prog = b"%!PS-AdobeFont-1.0\n/Encoding 256 array\n0 1 255 {1 index exch /.notdef put} for\ndup 65 /Alpha put\ndup 97 /a put\nreadonly def\ncurrentfile eexec\x00\x01dup 66 /B put";
        assert_eq!(
            type1_builtin_encoding(prog),
            vec![(65, "Alpha".to_string()), (97, "a".to_string())]
        );
        assert!(type1_builtin_encoding(b"/Encoding StandardEncoding def dup 1 /x put").is_empty());
    }

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
        assert_eq!(
            ucs2_collection("Adobe-Korea1-UCS2"),
            Some(Collection::Korea1)
        );
        assert_eq!(ucs2_collection("Adobe-Korea1-2"), None);
    }

    #[test]
    fn tounicode_entries_that_say_nothing() {
        assert_eq!(believed("a", false), Ok(GlyphText::One('a')));
        // cairo's clusters: the empty entry is believed
        assert_eq!(believed("", true), Ok(GlyphText::Many("".into())));
        assert_eq!(believed("\0", false), Err(Some(GlyphText::Many("".into()))));
        assert_eq!(believed("\u{FFFD}", false), Err(None));
        assert_eq!(believed(" ", false), Ok(GlyphText::One(' ')));
        assert_eq!(believed(" ", true), Err(Some(GlyphText::One(' '))));
        let cmap = |entries: &str| {
            CMap::parse(
                format!("1 begincodespacerange <00> <FF> endcodespacerange {entries}").as_bytes(),
            )
            .unwrap_or_else(|e| panic!("{e}"))
        };
        let spaces =
            cmap("4 beginbfchar <41> <0020> <42> <0020> <43> <0000> <44> <0045> endbfchar");
        assert!(blanks_lie(&spaces));
        let honest = cmap("3 beginbfchar <20> <0020> <41> <0041> <42> <0042> endbfchar");
        assert!(!blanks_lie(&honest));
        let clusters = cmap("4 beginbfchar <01> <0628064A> <02> <> <03> <> <04> <> endbfchar");
        assert!(!blanks_lie(&clusters));
    }

    #[test]
    fn w_ranges() {
        let t = vec![(1, 1, 0.5), (10, 20, 1.0), (15, 15, 0.25)];
        assert_eq!(lookup_w(&t, 1), Some(0.5));
        assert_eq!(lookup_w(&t, 12), Some(1.0));
        assert_eq!(lookup_w(&t, 15), Some(0.25));
        assert_eq!(lookup_w(&t, 5), None);
        assert_eq!(lookup_w(&t, 21), None);
    }
}
