//! Composite (Type 0) fonts (ISO 32000-1 §9.7): codes through a CMap to
//! CIDs, CIDs to Unicode through the collection, `/W` widths.

use std::cell::RefCell;
use std::collections::HashMap;

use pdf_cmap::{CMap, Code, Collection, cid_to_unicode};
use pdf_lex::{Dict, Document, Object};

use super::unicode::{glyph_text, to_unicode_entry};
use super::widths::{lookup_w, parse_w};
use super::{
    Cached, FontWarnings, Kind, LazyProgram, PdfFont, get, get_dict, num, numbers, stream_bytes,
};

/// Where the codes of a composite font's strings come from.
pub(super) enum CodeMap {
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

    pub(super) fn decode(&self, bytes: &[u8], mut f: impl FnMut(Code)) {
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

/// A composite (Type 0) font (§9.7).
pub(super) struct Composite<'c> {
    pub(super) codes: CodeMap,
    collection: Option<Collection>,
    /// `/W`: `(first cid, last cid, width)`, sorted.
    widths: Vec<(u32, u32, f64)>,
    default_width: f64,
    /// `/W2`: `(first, last, w1y)`, sorted.
    vwidths: Vec<(u32, u32, f64)>,
    default_w1: f64,
    /// `/CIDToGIDMap` stream (2 bytes per CID), `None` for Identity.
    cid_to_gid: Option<Vec<u8>>,
    program: LazyProgram<'c>,
    cache: RefCell<HashMap<u64, Cached>>,
}

impl<'c> PdfFont<'c> {
    pub(super) fn load_composite(
        doc: &'c Document<'c>,
        dict: &Dict,
        warnings: &mut FontWarnings,
    ) -> (Kind<'c>, bool) {
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
        let program = get_dict(doc, &descendant, b"FontDescriptor")
            .and_then(|d| get(doc, &d, b"FontFile2").or_else(|| get(doc, &d, b"FontFile3")));
        let program = LazyProgram::new(doc, program);
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

/// The collection of an `Adobe-<ordering>-UCS2` CMap name.
pub(super) fn ucs2_collection(name: &str) -> Option<Collection> {
    let ordering = name.strip_prefix("Adobe-")?.strip_suffix("-UCS2")?;
    Collection::from_registry_ordering("Adobe", ordering)
}

impl Composite<'_> {
    pub(super) fn glyph(
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
        let (mut text, said) = to_unicode_entry(
            to_unicode.and_then(|tu| tu.lookup_unicode(code)),
            blanks_lie,
        );
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
            && let Some(p) = self.program.get()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ucs2_collection_names() {
        assert_eq!(
            ucs2_collection("Adobe-Korea1-UCS2"),
            Some(Collection::Korea1)
        );
        assert_eq!(ucs2_collection("Adobe-Korea1-2"), None);
    }
}
