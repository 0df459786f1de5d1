//! Character collections and their CID → Unicode tables (Adobe #5078, #5079,
//! #5080, #5093: the Adobe-Japan1, -GB1, -CNS1 and -Korea1 specifications).
//!
//! Record layout (after inflating): varint CID count, then runs until the count
//! is reached: varint `len * 2 + step` (step 1: values rise by one per CID,
//! step 0: all equal), zigzag varint `first - previous run's last value`;
//! then a varint count of multi-character strings and the strings (varint
//! length, UTF-8). A value is 0 (no mapping), a code point, or
//! `0x110000 + k` for the k-th multi-character string.

use std::sync::OnceLock;

use crate::data::{self, collections_index::COLLECTIONS, unify::UNIFY};
use crate::predefined::{Reader, inflate};

/// A CJK character collection (the `/Ordering` of `/CIDSystemInfo`, registry `Adobe`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Collection {
    /// Adobe-Japan1 (Japanese).
    Japan1,
    /// Adobe-GB1 (simplified Chinese).
    GB1,
    /// Adobe-CNS1 (traditional Chinese).
    CNS1,
    /// Adobe-Korea1 (Korean).
    Korea1,
}

impl Collection {
    /// All collections.
    pub const ALL: [Collection; 4] = [
        Collection::Japan1,
        Collection::GB1,
        Collection::CNS1,
        Collection::Korea1,
    ];

    /// The collection named by a `/CIDSystemInfo` registry and ordering
    /// (`"Adobe"`, `"Japan1"`); `None` for others (e.g. `Identity`).
    pub fn from_registry_ordering(registry: &str, ordering: &str) -> Option<Collection> {
        if registry != "Adobe" {
            return None;
        }
        match ordering {
            "Japan1" => Some(Collection::Japan1),
            "GB1" => Some(Collection::GB1),
            "CNS1" => Some(Collection::CNS1),
            "Korea1" => Some(Collection::Korea1),
            _ => None,
        }
    }

    /// The `/Ordering` string.
    pub fn ordering(self) -> &'static str {
        match self {
            Collection::Japan1 => "Japan1",
            Collection::GB1 => "GB1",
            Collection::CNS1 => "CNS1",
            Collection::Korea1 => "Korea1",
        }
    }

    /// How many CIDs the shipped table covers (the latest supplement's count).
    pub fn cid_count(self) -> u32 {
        table(self).map_or(0, |t| u32::try_from(t.exact.len()).unwrap_or(u32::MAX))
    }

    fn index(self) -> usize {
        match self {
            Collection::Japan1 => 0,
            Collection::GB1 => 1,
            Collection::CNS1 => 2,
            Collection::Korea1 => 3,
        }
    }
}

/// A decoded collection table: per-CID spans into one string pool.
struct Table {
    exact: Vec<(u32, u32)>,
    unified: Vec<(u32, u32)>,
    pool: String,
}

impl Table {
    fn get(&self, spans: &[(u32, u32)], cid: u32) -> Option<&str> {
        let &(off, len) = spans.get(usize::try_from(cid).ok()?)?;
        if len == 0 {
            return None;
        }
        self.pool
            .get(off as usize..(off as usize).checked_add(len as usize)?)
    }
}

static TABLES: [OnceLock<Option<Table>>; 4] = [const { OnceLock::new() }; 4];

fn table(c: Collection) -> Option<&'static Table> {
    TABLES.get(c.index())?.get_or_init(|| load(c)).as_ref()
}

/// Decodes a table without touching the cache; its CID count (benches).
pub(crate) fn decode_uncached(c: Collection) -> usize {
    load(c).map_or(0, |t| t.exact.len())
}

/// Values at or above this index the record's list of multi-character strings.
const MULTI_BASE: u32 = 0x11_0000;

fn load(c: Collection) -> Option<Table> {
    let &(_, off, len) = COLLECTIONS.iter().find(|(o, _, _)| *o == c.ordering())?;
    let raw = inflate(data::COLLECTIONS_BIN, off, len)?;
    let mut r = Reader::new(&raw);
    let count = usize::try_from(r.varint()?).ok()?;
    if count > 1 << 20 {
        return None;
    }
    let mut values = Vec::with_capacity(count);
    let mut last: i64 = 0;
    while values.len() < count {
        let head = r.varint()?;
        let (run, step) = (head >> 1, head & 1);
        let first = last.checked_add(r.zigzag()?)?;
        let first_u = u32::try_from(first).ok()?;
        if run == 0 || values.len().checked_add(usize::try_from(run).ok()?)? > count {
            return None;
        }
        for k in 0..run {
            values.push(first_u.checked_add(k * step)?);
        }
        last = first + i64::from((run - 1) * step);
    }
    let multi_count = r.varint()?;
    let mut multi = Vec::new();
    for _ in 0..multi_count {
        multi.push(r.string()?);
    }
    let mut t = Table {
        exact: Vec::with_capacity(count),
        unified: Vec::with_capacity(count),
        pool: String::with_capacity(count * 3),
    };
    let mut buf = [0u8; 4];
    for v in values {
        let off = u32::try_from(t.pool.len()).ok()?;
        if v == 0 {
            t.exact.push((off, 0));
            t.unified.push((off, 0));
        } else if v < MULTI_BASE {
            // The common case: one character, no allocation.
            let c = char::from_u32(v)?;
            let u = unify(c);
            t.pool.push_str(c.encode_utf8(&mut buf));
            let len = u32::try_from(c.len_utf8()).ok()?;
            t.exact.push((off, len));
            if u == c {
                t.unified.push((off, len));
            } else {
                let uoff = u32::try_from(t.pool.len()).ok()?;
                t.pool.push_str(u.encode_utf8(&mut buf));
                t.unified.push((uoff, u32::try_from(u.len_utf8()).ok()?));
            }
        } else {
            let exact = *multi.get(usize::try_from(v - MULTI_BASE).ok()?)?;
            let unified: String = exact
                .chars()
                .filter(|&ch| !is_variation_selector(ch))
                .map(unify)
                .collect();
            t.pool.push_str(exact);
            let elen = u32::try_from(exact.len()).ok()?;
            t.exact.push((off, elen));
            if unified == exact {
                t.unified.push((off, elen));
            } else {
                let uoff = u32::try_from(t.pool.len()).ok()?;
                t.pool.push_str(&unified);
                t.unified.push((uoff, u32::try_from(unified.len()).ok()?));
            }
        }
    }
    Some(t)
}

fn is_variation_selector(c: char) -> bool {
    matches!(u32::from(c), 0xfe00..=0xfe0f | 0xe0100..=0xe01ef)
}

/// The Unicode text of `cid` in `collection`, exactly as Adobe's per-CID
/// table gives it: a Kangxi radical or compatibility ideograph stays one, an
/// ideographic variation sequence keeps its selector.
pub fn cid_to_unicode_exact(collection: Collection, cid: u32) -> Option<&'static str> {
    let t = table(collection)?;
    t.get(&t.exact, cid)
}

/// The Unicode text of `cid` in `collection` (usually one character; a few
/// CIDs stand for several, such as `[10]`), with CJK radicals (U+2E80–U+2FDF)
/// and compatibility ideographs mapped to the unified ideographs they stand
/// for and variation selectors dropped, so that text search finds them.
///
/// The collection's table is decompressed on the first call (a few ms).
pub fn cid_to_unicode(collection: Collection, cid: u32) -> Option<&'static str> {
    let t = table(collection)?;
    t.get(&t.unified, cid)
}

/// A radical or compatibility ideograph's unified ideograph; others unchanged.
pub(crate) fn unify(c: char) -> char {
    let u = u32::from(c);
    if !(0x2e80..0x2fe0).contains(&u)
        && !(0xf900..0xfb00).contains(&u)
        && !(0x2f800..0x2fa20).contains(&u)
    {
        return c;
    }
    match UNIFY.binary_search_by_key(&u, |&(from, _)| from) {
        Ok(i) => UNIFY
            .get(i)
            .and_then(|&(_, to)| char::from_u32(to))
            .unwrap_or(c),
        Err(_) => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_and_ordering() {
        assert_eq!(
            Collection::from_registry_ordering("Adobe", "Japan1"),
            Some(Collection::Japan1)
        );
        assert_eq!(
            Collection::from_registry_ordering("Adobe", "Identity"),
            None
        );
        assert_eq!(Collection::from_registry_ordering("Foo", "GB1"), None);
    }

    #[test]
    fn unify_radicals_and_compat() {
        assert_eq!(unify('\u{2F00}'), '一'); // KANGXI RADICAL ONE
        assert_eq!(unify('\u{F900}'), '\u{8C48}'); // CJK COMPATIBILITY IDEOGRAPH-F900
        assert_eq!(unify('\u{FA0E}'), '\u{FA0E}'); // a unified ideograph in the compat block
        assert_eq!(unify('あ'), 'あ');
        assert!(UNIFY.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn out_of_range_cids() {
        assert_eq!(cid_to_unicode(Collection::Korea1, u32::MAX), None);
        assert_eq!(cid_to_unicode(Collection::Japan1, 0), None);
    }
}
