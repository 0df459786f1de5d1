//! Glyph → Unicode from an embedded TrueType/OpenType program (`FontFile2`,
//! `FontFile3`): its inverted `cmap` and its `post` glyph names.

use std::borrow::Cow;
use std::collections::HashMap;

use pdf_cmap::encoding;

/// Glyph → Unicode read from an embedded TrueType/OpenType program.
pub(super) struct Program {
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
    pub(super) fn parse(data: Vec<u8>) -> Option<Program> {
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
    pub(super) fn text_of_gid(&self, gid: u16) -> Option<String> {
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
    pub(super) fn gid_of_code(&self, code: u8) -> Option<u16> {
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
