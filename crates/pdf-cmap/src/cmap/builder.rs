//! The builder: collects mappings while a CMap is parsed (or a predefined
//! one is loaded), then builds the lookup structures.

use super::CMap;
use super::storage::{DenseCids, RangeSet, UnicodeMap};
use super::types::{Code, CodespaceRange, Limits, Warning, WarningKind, max_code};

/// Collects mappings while parsing, then builds the lookup structures.
#[derive(Default)]
pub(crate) struct Builder {
    cmap: CMap,
    cids: RangeSet,
    notdefs: RangeSet,
    /// (key, order, offset, len) — later orders win.
    uni: Vec<(u64, u32, u32, u32)>,
    pool: String,
    entries: usize,
    limit_warned: bool,
    /// An unresolved `usecmap` will bring the codespace: do not infer one.
    pub(crate) keep_codespace: bool,
}

impl Builder {
    pub(crate) fn new() -> Self {
        Builder::default()
    }

    /// Records a warning at byte `offset` of the CMap, where known; the
    /// message is only written out while the list is under its cap.
    pub(super) fn warn(
        &mut self,
        kind: WarningKind,
        message: std::fmt::Arguments<'_>,
        offset: Option<usize>,
    ) {
        // One copy of each limit warning; cap the list itself too.
        if self.cmap.warnings.len() < 1000 {
            let offset = offset.map(|o| o as u64);
            self.cmap
                .warnings
                .push(Warning::new(kind, message.to_string(), offset));
        }
    }

    fn limit_reached(&mut self, what: &str) {
        if !self.limit_warned {
            self.limit_warned = true;
            self.warn(
                WarningKind::Limit,
                format_args!("{what} reached; rest dropped"),
                None,
            );
        }
    }

    pub(super) fn count_entry(&mut self, limits: &Limits) -> bool {
        self.entries += 1;
        if self.entries > limits.max_entries {
            self.limit_reached("max_entries");
            return false;
        }
        true
    }

    pub(crate) fn codespace(&mut self, range: CodespaceRange) {
        self.cmap.codespace.push(range);
    }

    pub(crate) fn cid_range(&mut self, len: u8, low: u32, high: u32, cid: u32) {
        self.cids.add(len, low, high, cid, true);
    }

    pub(crate) fn notdef_range(&mut self, len: u8, low: u32, high: u32, cid: u32) {
        self.notdefs.add(len, low, high, cid, false);
    }

    pub(crate) fn unicode(&mut self, code: Code, s: &str, limits: &Limits) -> bool {
        let over = if self.uni.len() >= limits.max_unicode_codes {
            Some("max_unicode_codes")
        } else if self.pool.len().saturating_add(s.len()) > limits.max_unicode_bytes {
            Some("max_unicode_bytes")
        } else {
            None
        };
        if let Some(what) = over {
            self.limit_reached(what);
            return false;
        }
        let (Ok(off), Ok(len), Ok(order)) = (
            u32::try_from(self.pool.len()),
            u32::try_from(s.len()),
            u32::try_from(self.uni.len()),
        ) else {
            return false;
        };
        self.pool.push_str(s);
        self.uni.push((code.key(), order, off, len));
        true
    }

    /// Copies every mapping of `parent` in, before this CMap's own (which win).
    pub(crate) fn inherit(&mut self, parent: &CMap) {
        for r in &parent.codespace {
            if !self.cmap.codespace.contains(r) {
                self.cmap.codespace.push(*r);
            }
        }
        let own_cids = std::mem::replace(
            &mut self.cids,
            RangeSet::from_sorted(parent.cid_ranges.clone()),
        );
        let own_notdefs = std::mem::replace(
            &mut self.notdefs,
            RangeSet::from_sorted(parent.notdef_ranges.clone()),
        );
        for r in own_cids.finish() {
            self.cids.add(r.len, r.low, r.high, r.cid, true);
        }
        for r in own_notdefs.finish() {
            self.notdefs.add(r.len, r.low, r.high, r.cid, false);
        }
        if self.cmap.registry.is_none() {
            self.cmap.registry.clone_from(&parent.registry);
            self.cmap.ordering.clone_from(&parent.ordering);
        }
        let own_uni = std::mem::take(&mut self.uni);
        let own_pool = std::mem::take(&mut self.pool);
        let unlimited = Limits {
            max_unicode_codes: usize::MAX,
            max_unicode_bytes: usize::MAX,
            ..Limits::default()
        };
        for (code, s) in parent.unicode.iter() {
            self.unicode(code, s, &unlimited);
        }
        for (key, _, off, len) in own_uni {
            let s = own_pool
                .get(off as usize..(off + len) as usize)
                .unwrap_or_default()
                .to_owned();
            self.unicode(Code::new(key as u32, (key >> 32) as u8), &s, &unlimited);
        }
    }

    pub(crate) fn set_meta(
        &mut self,
        name: Option<String>,
        registry: Option<String>,
        ordering: Option<String>,
        wmode: u8,
        usecmap: Option<String>,
    ) {
        self.cmap.name = name;
        self.cmap.registry = registry;
        self.cmap.ordering = ordering;
        self.cmap.wmode = wmode;
        self.cmap.usecmap = usecmap;
    }

    pub(crate) fn finish(mut self) -> CMap {
        self.cmap.cid_ranges = std::mem::take(&mut self.cids).finish();
        self.cmap.notdef_ranges = std::mem::take(&mut self.notdefs).finish();
        self.cmap.dense_cids = DenseCids::build(&self.cmap.cid_ranges);
        self.cmap.uniform_len = match self.cmap.codespace.as_slice() {
            [
                CodespaceRange {
                    low: 0,
                    high: 0xff,
                    len: 1,
                },
            ] => 1,
            [
                CodespaceRange {
                    low: 0,
                    high: 0xffff,
                    len: 2,
                },
            ] => 2,
            _ => 0,
        };
        // Later entries win: sort by key then order, keep the last of each key.
        self.uni.sort_unstable_by_key(|&(k, o, _, _)| (k, o));
        let mut keys: Vec<u64> = Vec::with_capacity(self.uni.len());
        let mut spans: Vec<(u32, u32)> = Vec::with_capacity(self.uni.len());
        for &(k, _, off, len) in &self.uni {
            if keys.last() == Some(&k) {
                if let Some(last) = spans.last_mut() {
                    *last = (off, len);
                }
            } else {
                keys.push(k);
                spans.push((off, len));
            }
        }
        if self.cmap.codespace.is_empty() && !self.keep_codespace {
            let mut lens: Vec<u8> = keys.iter().map(|k| (k >> 32) as u8).collect();
            lens.extend(self.cmap.cid_ranges.iter().map(|r| r.len));
            lens.sort_unstable();
            lens.dedup();
            if !lens.is_empty() {
                self.cmap.warnings.push(Warning::new(
                    WarningKind::Codespace,
                    "no codespace ranges; inferred from the mapped code lengths",
                    None,
                ));
            }
            for len in lens.into_iter().filter(|l| (1..=4).contains(l)) {
                let high = max_code(len);
                self.cmap
                    .codespace
                    .push(CodespaceRange { low: 0, high, len });
            }
        }
        let mut map = UnicodeMap {
            keys,
            spans,
            pool: self.pool,
            dense: Vec::new(),
            dense_len: 0,
        };
        if let (Some(&first), Some(&last)) = (map.keys.first(), map.keys.last()) {
            let len = (first >> 32) as u8;
            let max = u64::from(last as u32);
            // Dense only when it is not mostly empty (a few codes near 0xFFFF
            // must not cost 256 KB per font).
            let dense_pays = max < 4096 || max < 16 * map.keys.len() as u64;
            if len == (last >> 32) as u8 && len <= 2 && dense_pays {
                let max = (last as u32) as usize;
                let mut dense = vec![0u32; max + 1];
                for (i, &k) in map.keys.iter().enumerate() {
                    if let (Some(slot), Ok(v)) =
                        (dense.get_mut((k as u32) as usize), u32::try_from(i + 1))
                    {
                        *slot = v;
                    }
                }
                map.dense = dense;
                map.dense_len = len;
            }
        }
        self.cmap.unicode = map;
        self.cmap
    }
}
