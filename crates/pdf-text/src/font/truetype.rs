//! Glyph → Unicode from an embedded TrueType/OpenType program (`FontFile2`,
//! `FontFile3`): its inverted `cmap` and its `post` glyph names, or the
//! glyph names of its CFF charset — also of a bare CFF program
//! (`FontFile3` of subtype `Type1C` or `CIDFontType0C`, Adobe TN #5176),
//! whose built-in encoding also gives a simple font's codes their glyphs.

use std::borrow::Cow;
use std::collections::HashMap;

use pdf_cmap::encoding;

/// Glyph → Unicode read from an embedded TrueType/OpenType program.
pub(super) struct Program {
    data: Vec<u8>,
    /// A bare CFF program rather than an sfnt (TrueType/OpenType) one.
    bare_cff: bool,
    /// Glyph id → Unicode, inverted from the Unicode `cmap` subtables on
    /// first use.
    gid_unicode: std::cell::OnceCell<HashMap<u16, char>>,
    /// `post` lookups left: each costs a walk of the names table.
    post_budget: std::cell::Cell<u32>,
}

fn be16(data: &[u8], at: usize) -> Option<u16> {
    let b = data.get(at..at.checked_add(2)?)?;
    Some(u16::from_be_bytes([b[0], b[1]]))
}

fn be32(data: &[u8], at: usize) -> Option<u32> {
    let b = data.get(at..at.checked_add(4)?)?;
    Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
}

/// The code-point ranges of the `index`th subtable of a `cmap` table when it
/// is a format 4 (its segments) or 12/13 (its groups) subtable — a code
/// point outside all of them maps to no glyph — sorted and merged; `None`
/// for the other formats. OpenType `cmap`, "Format 4", "Format 12".
fn subtable_ranges(cmap: &[u8], index: u16) -> Option<Vec<(u32, u32)>> {
    let record = 4 + usize::from(index) * 8;
    let sub = cmap.get(usize::try_from(be32(cmap, record + 4)?).ok()?..)?;
    let mut ranges = Vec::new();
    match be16(sub, 0)? {
        4 => {
            let seg_x2 = usize::from(be16(sub, 6)?);
            let ends = 14;
            let starts = ends + seg_x2 + 2;
            for i in 0..seg_x2 / 2 {
                let end = be16(sub, ends + 2 * i)?;
                let start = be16(sub, starts + 2 * i)?;
                if start <= end {
                    ranges.push((u32::from(start), u32::from(end)));
                }
            }
        }
        12 | 13 => {
            let count = usize::try_from(be32(sub, 12)?).ok()?;
            // Bounded by the bytes there are (12 per group).
            if count > sub.len() / 12 {
                return None;
            }
            for i in 0..count {
                let at = 16 + 12 * i;
                let (start, end) = (be32(sub, at)?, be32(sub, at + 4)?);
                if start <= end {
                    ranges.push((start, end));
                }
            }
        }
        _ => return None,
    }
    ranges.sort_unstable();
    let mut merged: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
    for (start, end) in ranges {
        match merged.last_mut() {
            Some(last) if start <= last.1.saturating_add(1) => last.1 = last.1.max(end),
            _ => merged.push((start, end)),
        }
    }
    Some(merged)
}

/// The parts of sorted, disjoint `ranges` that lie inside `planes`, in order.
/// Records that glyph `gid` (not `.notdef`) shows code point `cp`, keeping
/// the first character for a glyph unless that one is private-use and `cp`
/// is not.
fn add_inverse(map: &mut HashMap<u16, char>, gid: u16, cp: u32) {
    let Some(c) = char::from_u32(cp).filter(|_| gid != 0) else {
        return;
    };
    let private = |u: u32| (0xE000..=0xF8FF).contains(&u);
    match map.get(&gid) {
        Some(old) if !private(u32::from(*old)) || private(cp) => {}
        _ => {
            map.insert(gid, c);
        }
    }
}

fn intersect(ranges: &[(u32, u32)], planes: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for &(p0, p1) in planes {
        for &(a, b) in ranges {
            let (lo, hi) = (a.max(p0), b.min(p1));
            if lo <= hi {
                out.push((lo, hi));
            }
        }
    }
    out
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
        let bare_cff = ttf_parser::RawFace::parse(&data, 0).is_err();
        if bare_cff {
            ttf_parser::cff::Table::parse(&data)?;
        }
        Some(Program {
            data,
            bare_cff,
            gid_unicode: std::cell::OnceCell::new(),
            post_budget: std::cell::Cell::new(POST_LOOKUPS),
        })
    }

    fn inverted_cmap(&self) -> &HashMap<u16, char> {
        self.gid_unicode.get_or_init(|| {
            let mut map = HashMap::new();
            let Some(raw) = self.raw() else { return map };
            let Some(data) = raw.table(ttf_parser::Tag::from_bytes(b"cmap")) else {
                return map;
            };
            let Some(cmap) = ttf_parser::cmap::Table::parse(data) else {
                return map;
            };
            // As `Subtables`' iterator: in record order, ending at the first
            // subtable that does not parse.
            let subtables = (0..cmap.subtables.len())
                .map_while(|i| Some((i, cmap.subtables.get(i)?)))
                .filter(|(_, s)| s.is_unicode())
                .take(4);
            for (index, sub) in subtables {
                let wide = matches!(
                    sub.format,
                    ttf_parser::cmap::Format::SegmentedCoverage(_)
                        | ttf_parser::cmap::Format::ManyToOneRangeMappings(_)
                );
                let planes = [(0u32, 0xFFFF), (*SIP.start(), *SIP.end())];
                let planes = &planes[..if wide { 2 } else { 1 }];
                // The code points the subtable can map at all (its segments
                // or groups), so that only those are looked up; the others
                // give no glyph. Other formats: every code point.
                let ranges = subtable_ranges(data, index)
                    .map(|r| intersect(&r, planes))
                    .unwrap_or_else(|| planes.to_vec());
                for cp in ranges.iter().flat_map(|&(a, b)| a..=b) {
                    if let Some(gid) = sub.glyph_index(cp) {
                        add_inverse(&mut map, gid.0, cp);
                    }
                }
            }
            map
        })
    }

    fn raw(&self) -> Option<ttf_parser::RawFace<'_>> {
        if self.bare_cff {
            return None;
        }
        ttf_parser::RawFace::parse(&self.data, 0).ok()
    }

    /// A TrueType/OpenType program (with a `cmap`), not a bare CFF one.
    pub(super) fn is_sfnt(&self) -> bool {
        !self.bare_cff
    }

    /// The CFF program: the bare one, or an OpenType font's `CFF ` table.
    fn cff(&self) -> Option<ttf_parser::cff::Table<'_>> {
        if self.bare_cff {
            return ttf_parser::cff::Table::parse(&self.data);
        }
        let raw = self.raw()?;
        ttf_parser::cff::Table::parse(raw.table(ttf_parser::Tag::from_bytes(b"CFF "))?)
    }

    /// The text of a glyph: its Unicode from the cmap, else its `post`
    /// name, else its name in the CFF charset (none in a CID-keyed CFF).
    pub(super) fn text_of_gid(&self, gid: u16) -> Option<String> {
        if let Some(c) = self.inverted_cmap().get(&gid) {
            return Some(c.to_string());
        }
        let name = self.glyph_name(gid)?;
        encoding::glyph_name_to_unicode(name).map(Cow::into_owned)
    }

    /// A glyph's name from `post` or the CFF charset, within the budget of
    /// name lookups (each a walk of a table).
    pub(super) fn glyph_name(&self, gid: u16) -> Option<&str> {
        let left = self.post_budget.get();
        if left == 0 {
            return None;
        }
        self.post_budget.set(left - 1);
        let gid = ttf_parser::GlyphId(gid);
        let post = self.raw().and_then(|raw| {
            raw.table(ttf_parser::Tag::from_bytes(b"post"))
                .and_then(ttf_parser::post::Table::parse)?
                .glyph_name(gid)
        });
        post.or_else(|| self.cff()?.glyph_name(gid))
    }

    /// For a simple font with a bare CFF program (`Type1C`): the glyph
    /// name its built-in encoding gives a code (§9.6.6.2; the standard
    /// encoding when the CFF states none).
    pub(super) fn builtin_name(&self, code: u8) -> Option<&str> {
        let cff = self.cff().filter(|_| self.bare_cff)?;
        let gid = cff.glyph_index(code)?;
        if gid.0 == 0 {
            return None;
        }
        cff.glyph_name(gid)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// An sfnt with a single `cmap` table holding `subtables`, each
    /// `(platform, encoding, bytes)`.
    fn font_with_cmap(subtables: &[(u16, u16, Vec<u8>)]) -> Vec<u8> {
        let mut cmap = Vec::new();
        cmap.extend(0u16.to_be_bytes());
        cmap.extend((subtables.len() as u16).to_be_bytes());
        let mut offset = 4 + 8 * subtables.len();
        for (platform, encoding, bytes) in subtables {
            cmap.extend(platform.to_be_bytes());
            cmap.extend(encoding.to_be_bytes());
            cmap.extend((offset as u32).to_be_bytes());
            offset += bytes.len();
        }
        for (_, _, bytes) in subtables {
            cmap.extend(bytes);
        }
        let mut font = Vec::new();
        font.extend(0x0001_0000u32.to_be_bytes());
        font.extend(1u16.to_be_bytes()); // numTables
        font.extend([0, 16, 0, 0, 0, 0]); // searchRange, entrySelector, rangeShift
        font.extend(b"cmap");
        font.extend(0u32.to_be_bytes()); // checksum
        font.extend(28u32.to_be_bytes()); // offset
        font.extend((cmap.len() as u32).to_be_bytes());
        font.extend(cmap);
        font
    }

    /// Format 4 from `(start, end, delta)` segments, in the order given (the
    /// 0xFFFF sentinel is the caller's).
    fn format4(segments: &[(u16, u16, i16)]) -> Vec<u8> {
        let n = segments.len() as u16;
        let mut b = Vec::new();
        b.extend(4u16.to_be_bytes());
        b.extend((16 + 8 * n).to_be_bytes());
        b.extend(0u16.to_be_bytes());
        b.extend((2 * n).to_be_bytes());
        b.extend([0; 6]);
        segments.iter().for_each(|s| b.extend(s.1.to_be_bytes()));
        b.extend([0, 0]);
        segments.iter().for_each(|s| b.extend(s.0.to_be_bytes()));
        segments.iter().for_each(|s| b.extend(s.2.to_be_bytes()));
        segments.iter().for_each(|_| b.extend([0, 0]));
        b
    }

    /// Format 12 from `(start, end, first glyph)` groups.
    fn format12(groups: &[(u32, u32, u32)]) -> Vec<u8> {
        let mut b = Vec::new();
        b.extend(12u16.to_be_bytes());
        b.extend([0, 0]);
        b.extend((16 + 12 * groups.len() as u32).to_be_bytes());
        b.extend(0u32.to_be_bytes());
        b.extend((groups.len() as u32).to_be_bytes());
        for g in groups {
            b.extend(g.0.to_be_bytes());
            b.extend(g.1.to_be_bytes());
            b.extend(g.2.to_be_bytes());
        }
        b
    }

    /// The inversion by looking up every code point of the planes: what the
    /// range-driven one must equal.
    fn inverted_by_scan(program: &Program) -> HashMap<u16, char> {
        let mut map = HashMap::new();
        let raw = program.raw().unwrap();
        let cmap = raw
            .table(ttf_parser::Tag::from_bytes(b"cmap"))
            .and_then(ttf_parser::cmap::Table::parse)
            .unwrap();
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
            for cp in (0u32..=0xFFFF).chain(SIP.filter(move |_| wide)) {
                if let Some(gid) = sub.glyph_index(cp) {
                    add_inverse(&mut map, gid.0, cp);
                }
            }
        }
        map
    }

    #[test]
    fn inverted_cmap_equals_a_scan_of_every_code_point() {
        let f4 = format4(&[
            (0x20, 0x7E, -29),
            (0x50, 0x60, 5), // overlaps the first: never reached by the search
            (0xE000, 0xE010, 0x2003), // private use: glyphs 3.., as ASCII
            (0xFFF0, 0xFFF8, 10),
            (0xFFFF, 0xFFFF, 1),
        ]);
        let f12 = format12(&[
            (0x41, 0x5A, 100),
            (0x2_0000, 0x2_0010, 200),
            (0x3_0000, 0x3_0005, 300),
        ]);
        for subtables in [
            vec![(3, 1, f4.clone())],
            vec![(3, 10, f12.clone())],
            vec![(0, 3, f4.clone()), (3, 10, f12.clone())],
            vec![(3, 10, f12), (3, 1, f4)],
        ] {
            let program = Program::parse(font_with_cmap(&subtables)).unwrap();
            let want = inverted_by_scan(&program);
            assert!(!want.is_empty());
            assert_eq!(program.inverted_cmap(), &want);
        }
    }
}
