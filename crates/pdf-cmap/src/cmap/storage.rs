//! The lookup structures a CMap is built into: code → Unicode strings in
//! one pool, code → CID ranges while they are added, and direct tables for
//! 1- and 2-byte codes.

use std::collections::BTreeMap;

use super::types::{CidRange, Code, max_code};

/// Code → Unicode string, expanded per code; strings live in one pool.
#[derive(Debug, Clone, Default)]
pub(crate) struct UnicodeMap {
    /// Sorted by key (len << 32 | value); values are (offset, len) into `pool`.
    pub(super) keys: Vec<u64>,
    pub(super) spans: Vec<(u32, u32)>,
    pub(super) pool: String,
    /// When every code has one length ≤ 2: index by value; 0 = unmapped, else span index + 1.
    pub(super) dense: Vec<u32>,
    pub(super) dense_len: u8,
}

impl UnicodeMap {
    #[inline]
    pub(super) fn get(&self, code: Code) -> Option<&str> {
        let idx = if self.dense_len != 0 {
            if code.len != self.dense_len {
                return None;
            }
            let i = *self.dense.get(code.value as usize)?;
            usize::try_from(i).ok()?.checked_sub(1)?
        } else {
            self.keys.binary_search(&code.key()).ok()?
        };
        let &(off, len) = self.spans.get(idx)?;
        self.pool.get(off as usize..off as usize + len as usize)
    }

    pub(crate) fn len(&self) -> usize {
        self.keys.len()
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = (Code, &str)> + '_ {
        self.keys.iter().zip(&self.spans).map(|(&k, &(off, len))| {
            let code = Code::new(k as u32, (k >> 32) as u8);
            let s = self
                .pool
                .get(off as usize..off as usize + len as usize)
                .unwrap_or_default();
            (code, s)
        })
    }
}

/// Inserts `[low, high] → cid` into a non-overlapping range map, cutting what it covers.
/// `incrementing` is false for `notdefrange`, whose codes all map to one CID.
fn insert_range(
    map: &mut BTreeMap<(u8, u32), (u32, u32)>,
    len: u8,
    low: u32,
    high: u32,
    cid: u32,
    incrementing: bool,
) {
    let mut hit = Vec::new();
    for (&(l, lo), &(hi, c)) in map.range((len, 0)..=(len, high)).rev() {
        if hi < low {
            break;
        }
        hit.push((l, lo, hi, c));
    }
    for (l, lo, hi, c) in hit {
        map.remove(&(l, lo));
        if lo < low {
            map.insert((l, lo), (low - 1, c));
        }
        if hi > high {
            let shift = if incrementing {
                (high - lo).saturating_add(1)
            } else {
                0
            };
            map.insert((l, high + 1), (hi, c.saturating_add(shift)));
        }
    }
    map.insert((len, low), (high, cid));
}

/// Code → CID ranges as they are added: a sorted vector while entries come in
/// order without overlap (predefined data, most files), a map once they do not.
#[derive(Default)]
pub(crate) struct RangeSet {
    sorted: Vec<CidRange>,
    map: Option<BTreeMap<(u8, u32), (u32, u32)>>,
}

impl RangeSet {
    pub(super) fn from_sorted(sorted: Vec<CidRange>) -> Self {
        RangeSet { sorted, map: None }
    }

    pub(super) fn add(&mut self, len: u8, low: u32, high: u32, cid: u32, incrementing: bool) {
        if self.map.is_none() {
            let in_order = self
                .sorted
                .last()
                .is_none_or(|l| (len, low) > (l.len, l.high));
            if in_order {
                self.sorted.push(CidRange {
                    low,
                    high,
                    len,
                    cid,
                });
                return;
            }
            let map = std::mem::take(&mut self.sorted)
                .into_iter()
                .map(|r| ((r.len, r.low), (r.high, r.cid)))
                .collect();
            self.map = Some(map);
        }
        if let Some(map) = &mut self.map {
            insert_range(map, len, low, high, cid, incrementing);
        }
    }

    pub(super) fn finish(self) -> Vec<CidRange> {
        match self.map {
            Some(map) => flatten(&map),
            None => self.sorted,
        }
    }
}

/// Direct code → CID tables for 1- and 2-byte codes (the hot path of CJK text).
#[derive(Debug, Clone, Default)]
pub(crate) struct DenseCids {
    /// Indexed by code; `u32::MAX` = not in a `cidrange`.
    pub(super) one: Vec<u32>,
    pub(super) two: Vec<u32>,
}

impl DenseCids {
    const NONE: u32 = u32::MAX;

    pub(super) fn build(ranges: &[CidRange]) -> DenseCids {
        let mut d = DenseCids::default();
        // Only when the table would not be mostly empty.
        let (mut covered, mut max) = (0u64, 0u64);
        for r in ranges.iter().filter(|r| r.len == 2) {
            covered += u64::from(r.high.min(0xffff).saturating_sub(r.low)) + 1;
            max = max.max(u64::from(r.high.min(0xffff)));
        }
        let two_pays = max < 4096 || max < 16 * covered;
        for r in ranges {
            let table = match r.len {
                1 => &mut d.one,
                2 if two_pays => &mut d.two,
                _ => continue,
            };
            let high = r.high.min(max_code(r.len)) as usize;
            if table.len() <= high {
                table.resize(high + 1, Self::NONE);
            }
            if let Some(slots) = table.get_mut(r.low as usize..=high) {
                for (k, slot) in slots.iter_mut().enumerate() {
                    *slot = r.cid.saturating_add(k as u32);
                }
            }
        }
        d
    }

    /// `Some(Some(cid))` found, `Some(None)` known absent, `None` not covered (other lengths).
    #[inline]
    pub(super) fn get(&self, code: Code) -> Option<Option<u32>> {
        let table = match code.len {
            1 if !self.one.is_empty() => &self.one,
            2 if !self.two.is_empty() => &self.two,
            _ => return None,
        };
        let v = table
            .get(code.value as usize)
            .copied()
            .unwrap_or(Self::NONE);
        Some(if v == Self::NONE { None } else { Some(v) })
    }
}

fn flatten(map: &BTreeMap<(u8, u32), (u32, u32)>) -> Vec<CidRange> {
    map.iter()
        .map(|(&(len, low), &(high, cid))| CidRange {
            low,
            high,
            len,
            cid,
        })
        .collect()
}
