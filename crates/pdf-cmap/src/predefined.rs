//! The predefined CMaps (ISO 32000-1 9.7.5.2, Table 118; Adobe's published
//! CMap resources), decoded lazily from the generated table.
//!
//! Record layout (after inflating one record; integers are LEB128 varints,
//! strings a varint length then UTF-8 bytes):
//! `wmode, usecmap, registry, ordering, codespace_count, {len, low, high}*,
//! cid_count, {len, low_delta, span, cid_delta}*, notdef_count, {same}*,
//! bf_count, {len, low_delta, span, destination}*`.
//! In a range list `low_delta` is `low - (previous high + 1)` while the length
//! stays the same (else `low`), and `cid_delta` is the zigzag of
//! `cid - (previous cid + previous span + 1)`. A `bf` run maps code `low + k`
//! to the destination string for `k = 0` and, when `span > 0` (the destination
//! is then one character), to that character's code point plus `k`.
//! An empty registry and ordering stand for a CIDSystemInfo that names none of
//! the four collections (`90ms-RKSJ-UCS2`, `Adobe-Japan1-90ms-RKSJ`, …).

use std::sync::OnceLock;

use crate::cmap::{Builder, CMap, Code, CodespaceRange, Limits};
use crate::data::{self, cmaps_index::CMAPS};

/// Inflated size cap for one record (the largest is well under 1 MB).
const MAX_RECORD: usize = 8 << 20;
/// Deepest `usecmap` chain followed.
const MAX_DEPTH: usize = 8;

static CACHE: [OnceLock<Option<CMap>>; CMAPS.len()] = [const { OnceLock::new() }; CMAPS.len()];
static IDENTITY: [OnceLock<CMap>; 2] = [const { OnceLock::new() }; 2];

/// Reads varints and strings from an inflated record.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes }
    }

    pub(crate) fn varint(&mut self) -> Option<u32> {
        let mut v: u64 = 0;
        for shift in (0..35).step_by(7) {
            let (&b, rest) = self.bytes.split_first()?;
            self.bytes = rest;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return u32::try_from(v).ok();
            }
        }
        None
    }

    pub(crate) fn zigzag(&mut self) -> Option<i64> {
        let v = i64::from(self.varint()?);
        Some((v >> 1) ^ -(v & 1))
    }

    pub(crate) fn string(&mut self) -> Option<&'a str> {
        let n = usize::try_from(self.varint()?).ok()?;
        let s = self.bytes.get(..n)?;
        self.bytes = self.bytes.get(n..)?;
        std::str::from_utf8(s).ok()
    }
}

/// Inflates `len` bytes at `off` of a generated blob.
pub(crate) fn inflate(blob: &[u8], off: u32, len: u32) -> Option<Vec<u8>> {
    let start = usize::try_from(off).ok()?;
    let end = start.checked_add(usize::try_from(len).ok()?)?;
    miniz_oxide::inflate::decompress_to_vec_with_limit(blob.get(start..end)?, MAX_RECORD).ok()
}

/// Position of `name` in the allow-list.
fn index_of(name: &str) -> Option<usize> {
    CMAPS.binary_search_by(|(n, _, _)| (*n).cmp(name)).ok()
}

/// The predefined CMap called `name`, if shipped.
pub(crate) fn get(name: &str) -> Option<&'static CMap> {
    match name {
        "Identity-H" => return Some(IDENTITY[0].get_or_init(|| identity(0))),
        "Identity-V" => return Some(IDENTITY[1].get_or_init(|| identity(1))),
        _ => {}
    }
    let i = index_of(name)?;
    CACHE.get(i)?.get_or_init(|| build(i, 0)).as_ref()
}

/// Decodes the named CMap without touching the cache (benches measure the cold path).
pub(crate) fn decode_uncached(name: &str) -> Option<CMap> {
    build(index_of(name)?, 0)
}

/// Names of all predefined CMaps, sorted.
pub(crate) fn names() -> impl Iterator<Item = &'static str> {
    let mut v: Vec<&'static str> = CMAPS.iter().map(|(n, _, _)| *n).collect();
    v.extend(["Identity-H", "Identity-V"]);
    v.sort_unstable();
    v.into_iter()
}

fn identity(wmode: u8) -> CMap {
    let mut b = Builder::new();
    b.codespace(CodespaceRange {
        low: 0,
        high: 0xffff,
        len: 2,
    });
    b.cid_range(2, 0, 0xffff, 0);
    let name = if wmode == 0 {
        "Identity-H"
    } else {
        "Identity-V"
    };
    b.set_meta(
        Some(name.into()),
        Some("Adobe".into()),
        Some("Identity".into()),
        wmode,
        None,
    );
    b.finish()
}

/// Decodes record `i`, with its `usecmap` parent merged in (uncached, depth-capped).
fn build(i: usize, depth: usize) -> Option<CMap> {
    if depth > MAX_DEPTH {
        return None;
    }
    let &(name, off, len) = CMAPS.get(i)?;
    let raw = inflate(data::CMAPS_BIN, off, len)?;
    let mut r = Reader::new(&raw);
    let wmode = u8::try_from(r.varint()?).ok()?;
    let usecmap = r.string()?;
    let registry = r.string()?;
    let ordering = r.string()?;
    let mut b = Builder::new();
    for _ in 0..r.varint()? {
        let len = u8::try_from(r.varint()?).ok()?;
        let (low, high) = (r.varint()?, r.varint()?);
        b.codespace(CodespaceRange { low, high, len });
    }
    read_ranges(&mut r, |len, low, high, cid| {
        b.cid_range(len, low, high, cid)
    })?;
    read_ranges(&mut r, |len, low, high, cid| {
        b.notdef_range(len, low, high, cid)
    })?;
    read_unicode(&mut r, &mut b)?;
    if !usecmap.is_empty() {
        let parent = if usecmap.starts_with("Identity-") {
            get(usecmap).cloned()
        } else {
            build(index_of(usecmap)?, depth + 1)
        };
        b.inherit(&parent?);
    }
    let usecmap = (!usecmap.is_empty()).then(|| usecmap.to_owned());
    let named = |s: &str| (!s.is_empty()).then(|| s.to_owned());
    b.set_meta(
        Some(name.to_owned()),
        named(registry),
        named(ordering),
        wmode,
        usecmap,
    );
    Some(b.finish())
}

/// Reads a list of runs: their count, then for each its code length and
/// its low code (a delta from the code after the previous run when the
/// length is the same), and the rest of the run, which `rest` reads and
/// turns into the run's high code.
fn read_runs(
    r: &mut Reader<'_>,
    mut rest: impl FnMut(&mut Reader<'_>, u8, u32) -> Option<u32>,
) -> Option<()> {
    let count = r.varint()?;
    let (mut prev_len, mut next_low) = (0u8, 0u32);
    for _ in 0..count {
        let len = u8::try_from(r.varint()?).ok()?;
        let delta = r.varint()?;
        let low = if len == prev_len {
            next_low.checked_add(delta)?
        } else {
            delta
        };
        let high = rest(r, len, low)?;
        prev_len = len;
        next_low = high.checked_add(1).unwrap_or(high);
    }
    Some(())
}

/// Reads the `bf` runs of a record into `b`.
fn read_unicode(r: &mut Reader<'_>, b: &mut Builder) -> Option<()> {
    let limits = Limits::default();
    read_runs(r, |r, len, low| {
        let span = r.varint()?;
        let high = low.checked_add(span)?;
        let first = r.string()?;
        b.unicode(Code::new(low, len), first, &limits);
        if span > 0 {
            let mut chars = first.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return None;
            };
            let mut buf = [0u8; 4];
            for k in 1..=span {
                let c = char::from_u32(u32::from(c).checked_add(k)?)?;
                b.unicode(Code::new(low + k, len), c.encode_utf8(&mut buf), &limits);
            }
        }
        Some(high)
    })
}

/// Reads the `cid` runs of a record, each with its first CID (a delta from
/// the CID after the previous run), into `add(len, low, high, cid)`.
fn read_ranges(r: &mut Reader<'_>, mut add: impl FnMut(u8, u32, u32, u32)) -> Option<()> {
    let mut next_cid = 0i64;
    read_runs(r, |r, len, low| {
        let high = low.checked_add(r.varint()?)?;
        let cid = u32::try_from(next_cid.checked_add(r.zigzag()?)?).ok()?;
        add(len, low, high, cid);
        next_cid = i64::from(cid) + i64::from(high - low) + 1;
        Some(high)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_an_allow_list_not_paths() {
        assert!(get("../../etc/passwd").is_none());
        assert!(get("/usr/share/poppler/cMap/Adobe-Japan1/90ms-RKSJ-H").is_none());
        assert!(get("Adobe-Japan1/90ms-RKSJ-H").is_none());
        assert!(get("").is_none());
    }

    #[test]
    fn index_is_sorted() {
        assert!(CMAPS.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn identity_maps_code_to_cid() {
        let c = get("Identity-V").unwrap();
        assert_eq!(c.wmode(), 1);
        assert_eq!(c.lookup_cid(Code::new(0x1234, 2)), Some(0x1234));
    }

    #[test]
    fn bf_runs_expand_and_multi_char_runs_are_rejected() {
        // Two runs: <0010>..<0012> → A, B, C; then <0014> (delta 1) → "ffi".
        let rec = [2, 2, 0x10, 2, 1, b'A', 2, 1, 0, 3, b'f', b'f', b'i'];
        let mut b = Builder::new();
        assert_eq!(read_unicode(&mut Reader::new(&rec), &mut b), Some(()));
        let c = b.finish();
        let got: Vec<(u32, &str)> = c.unicode_mappings().map(|(k, s)| (k.value, s)).collect();
        assert_eq!(got, [(0x10, "A"), (0x11, "B"), (0x12, "C"), (0x14, "ffi")]);
        // A run over a two-character destination has no meaning.
        let bad = [1, 2, 0x10, 1, 2, b'f', b'f'];
        assert_eq!(
            read_unicode(&mut Reader::new(&bad), &mut Builder::new()),
            None
        );
        // A run past the last code point fails instead of wrapping.
        let past = [1, 2, 0, 2, 4, 0xf4, 0x8f, 0xbf, 0xbf];
        assert_eq!(
            read_unicode(&mut Reader::new(&past), &mut Builder::new()),
            None
        );
        // Truncated record.
        assert_eq!(
            read_unicode(&mut Reader::new(&[1, 2]), &mut Builder::new()),
            None
        );
    }

    #[test]
    fn reader_rejects_truncated_varints() {
        assert_eq!(Reader::new(&[0x80]).varint(), None);
        assert_eq!(
            Reader::new(&[0xff, 0xff, 0xff, 0xff, 0xff, 0x01]).varint(),
            None
        );
        assert_eq!(Reader::new(&[0x03]).zigzag(), Some(-2));
    }
}
