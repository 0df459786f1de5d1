//! The CMap: codespace ranges, code → CID and code → Unicode mappings
//! (ISO 32000-1 9.7.5 "CMaps", 9.10.3 "ToUnicode CMaps"; Adobe #5014 and #5099).

use std::collections::BTreeMap;

use crate::Collection;
use crate::ps::{Lexer, Token};

/// Limits on what one parsed CMap may hold (untrusted input).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most entries (ranges, chars, codespace ranges) read from one CMap.
    pub max_entries: usize,
    /// Most codes a CMap may map to Unicode once `bfrange`s are expanded
    /// (default 262,144: four times a full two-byte Identity range; a
    /// `bfrange` over 2^32 codes stops here).
    pub max_unicode_codes: usize,
    /// Most bytes of Unicode text all mappings together may hold.
    pub max_unicode_bytes: usize,
    /// Most items in one `bfrange` array.
    pub max_array_items: usize,
    /// Resolve `usecmap` against the predefined CMaps (on by default).
    pub resolve_usecmap: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_entries: 1 << 20,
            max_unicode_codes: 1 << 18,
            max_unicode_bytes: 16 << 20,
            max_array_items: 1 << 16,
            resolve_usecmap: true,
        }
    }
}

/// Something odd in a CMap that parsing tolerated.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Warning {
    /// A `begin…` section ended without its `end…` keyword (missing, or another section began).
    UnterminatedSection {
        /// The section's keyword, e.g. `begincidrange`.
        section: &'static str,
        /// Byte offset where the section was cut off.
        offset: usize,
    },
    /// An entry inside a section that is not of the expected shape; skipped.
    BadEntry {
        /// The section's keyword.
        section: &'static str,
        /// Byte offset of the offending token.
        offset: usize,
    },
    /// A `usecmap` naming a CMap that is not predefined; its mappings are missing.
    UnknownUseCMap(String),
    /// The CMap has no codespace ranges; they were inferred from the mapped codes.
    CodespaceInferred,
    /// A limit from [`Limits`] was reached; the rest was dropped.
    LimitReached(&'static str),
    /// A destination string that is not valid UTF-16BE; unpaired surrogates
    /// are dropped, and a destination left empty is not mapped.
    BadUtf16 {
        /// Byte offset of the entry.
        offset: usize,
    },
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Warning::UnterminatedSection { section, offset } => {
                write!(f, "{section} section not terminated (at byte {offset})")
            }
            Warning::BadEntry { section, offset } => {
                write!(f, "malformed entry in {section} at byte {offset}; skipped")
            }
            Warning::UnknownUseCMap(n) => write!(f, "usecmap of unknown CMap `{n}` ignored"),
            Warning::CodespaceInferred => {
                write!(
                    f,
                    "no codespace ranges; inferred from the mapped code lengths"
                )
            }
            Warning::LimitReached(what) => write!(f, "limit reached: {what}; rest dropped"),
            Warning::BadUtf16 { offset } => {
                write!(f, "invalid UTF-16BE destination at byte {offset}")
            }
        }
    }
}

/// A character code read from a string: its value and its length in bytes (1–4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code {
    /// The code's bytes as a big-endian number.
    pub value: u32,
    /// How many bytes the code took (1–4).
    pub len: u8,
}

impl Code {
    /// A code of `len` bytes with the given value.
    pub fn new(value: u32, len: u8) -> Code {
        Code { value, len }
    }

    fn key(self) -> u64 {
        (u64::from(self.len) << 32) | u64::from(self.value)
    }
}

/// A codespace range (9.7.6.2): codes of `len` bytes whose every byte lies
/// between the corresponding bytes of `low` and `high`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodespaceRange {
    /// Lowest code, big-endian.
    pub low: u32,
    /// Highest code, big-endian.
    pub high: u32,
    /// Code length in bytes (1–4).
    pub len: u8,
}

impl CodespaceRange {
    /// Whether the first `self.len` bytes of `bytes` fall in this range, byte by byte.
    fn matches(&self, bytes: &[u8]) -> Option<u32> {
        let n = usize::from(self.len);
        let code = bytes.get(..n)?;
        let mut value = 0u32;
        for (i, &b) in code.iter().enumerate() {
            let shift = 8 * (n - 1 - i);
            let lo = ((self.low >> shift) & 0xff) as u8;
            let hi = ((self.high >> shift) & 0xff) as u8;
            if b < lo || b > hi {
                return None;
            }
            value = (value << 8) | u32::from(b);
        }
        Some(value)
    }

    fn first_byte_matches(&self, b: u8) -> bool {
        let shift = 8 * (u32::from(self.len) - 1);
        let lo = ((self.low >> shift) & 0xff) as u8;
        let hi = ((self.high >> shift) & 0xff) as u8;
        (lo..=hi).contains(&b)
    }
}

/// A run of codes of one length mapped to consecutive CIDs (`cidrange`, `cidchar`, `notdefrange`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CidRange {
    /// First code.
    pub low: u32,
    /// Last code (inclusive).
    pub high: u32,
    /// Code length in bytes.
    pub len: u8,
    /// CID of `low`; `low + k` maps to `cid + k`.
    pub cid: u32,
}

/// A parsed or predefined CMap.
///
/// Lookups are by [`Code`]: split a string into codes with
/// [`CMap::decode_codes`], then ask [`CMap::lookup_cid`] (for a font's
/// `/Encoding` CMap) or [`CMap::lookup_unicode`] (for a `/ToUnicode` CMap).
#[derive(Debug, Clone, Default)]
pub struct CMap {
    pub(crate) name: Option<String>,
    pub(crate) registry: Option<String>,
    pub(crate) ordering: Option<String>,
    pub(crate) wmode: u8,
    pub(crate) usecmap: Option<String>,
    pub(crate) codespace: Vec<CodespaceRange>,
    /// Non-overlapping, sorted by (len, low).
    pub(crate) cid_ranges: Vec<CidRange>,
    /// Non-overlapping, sorted by (len, low).
    pub(crate) notdef_ranges: Vec<CidRange>,
    pub(crate) dense_cids: DenseCids,
    /// 1 or 2 when the codespace is exactly every code of that length (fast split), else 0.
    pub(crate) uniform_len: u8,
    pub(crate) unicode: UnicodeMap,
    pub(crate) warnings: Vec<Warning>,
}

/// Code → Unicode string, expanded per code; strings live in one pool.
#[derive(Debug, Clone, Default)]
pub(crate) struct UnicodeMap {
    /// Sorted by key (len << 32 | value); values are (offset, len) into `pool`.
    keys: Vec<u64>,
    spans: Vec<(u32, u32)>,
    pool: String,
    /// When every code has one length ≤ 2: index by value; 0 = unmapped, else span index + 1.
    dense: Vec<u32>,
    dense_len: u8,
}

impl UnicodeMap {
    #[inline]
    fn get(&self, code: Code) -> Option<&str> {
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
    fn from_sorted(sorted: Vec<CidRange>) -> Self {
        RangeSet { sorted, map: None }
    }

    fn add(&mut self, len: u8, low: u32, high: u32, cid: u32, incrementing: bool) {
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

    fn finish(self) -> Vec<CidRange> {
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
    one: Vec<u32>,
    two: Vec<u32>,
}

impl DenseCids {
    const NONE: u32 = u32::MAX;

    fn build(ranges: &[CidRange]) -> DenseCids {
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
    fn get(&self, code: Code) -> Option<Option<u32>> {
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

/// The largest code of `len` bytes.
fn max_code(len: u8) -> u32 {
    match len {
        1 => 0xff,
        2 => 0xffff,
        3 => 0xff_ffff,
        _ => u32::MAX,
    }
}

/// Big-endian value of up to 4 bytes; `None` for 0 or more than 4 bytes.
fn code_of(bytes: &[u8]) -> Option<(u32, u8)> {
    if bytes.is_empty() || bytes.len() > 4 {
        return None;
    }
    let v = bytes.iter().fold(0u32, |acc, &b| (acc << 8) | u32::from(b));
    Some((v, bytes.len() as u8))
}

/// Decodes a UTF-16BE destination; a lone byte is taken as a code point.
/// Unpaired surrogates are dropped (the flag turns false): a lone surrogate
/// is no text, and U+FFFD in the output would hide that from fallbacks.
fn utf16be(bytes: &[u8]) -> (String, bool) {
    if let [b] = bytes {
        return (char::from(*b).to_string(), true);
    }
    let units = bytes.chunks_exact(2).map(|p| match p {
        [hi, lo] => u16::from_be_bytes([*hi, *lo]),
        _ => 0,
    });
    let mut ok = bytes.len().is_multiple_of(2);
    let s = char::decode_utf16(units)
        .filter_map(|r| {
            ok &= r.is_ok();
            r.ok()
        })
        .collect();
    (s, ok)
}

/// Adds `k` to a big-endian byte string, carrying into earlier bytes.
fn add_be(bytes: &[u8], k: u32) -> Vec<u8> {
    let mut out = bytes.to_vec();
    let mut carry = u64::from(k);
    for b in out.iter_mut().rev() {
        if carry == 0 {
            break;
        }
        let s = u64::from(*b) + (carry & 0xff);
        *b = (s & 0xff) as u8;
        carry = (carry >> 8) + (s >> 8);
    }
    out
}

const SECTIONS: [&str; 7] = [
    "begincodespacerange",
    "begincidrange",
    "begincidchar",
    "beginnotdefrange",
    "beginnotdefchar",
    "beginbfrange",
    "beginbfchar",
];

impl Builder {
    pub(crate) fn new() -> Self {
        Builder::default()
    }

    fn warn(&mut self, w: Warning) {
        // One copy of each limit warning; cap the list itself too.
        if self.cmap.warnings.len() < 1000 {
            self.cmap.warnings.push(w);
        }
    }

    fn count_entry(&mut self, limits: &Limits) -> bool {
        self.entries += 1;
        if self.entries > limits.max_entries {
            if !self.limit_warned {
                self.limit_warned = true;
                self.warn(Warning::LimitReached("max_entries"));
            }
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
            if !self.limit_warned {
                self.limit_warned = true;
                self.warn(Warning::LimitReached(what));
            }
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
                self.cmap.warnings.push(Warning::CodespaceInferred);
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

/// What the parser is inside of.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Codespace,
    CidRange,
    CidChar,
    NotdefRange,
    NotdefChar,
    BfRange,
    BfChar,
}

impl Section {
    fn from_keyword(k: &[u8]) -> Option<(Section, &'static str)> {
        let s = match k {
            b"begincodespacerange" => Section::Codespace,
            b"begincidrange" => Section::CidRange,
            b"begincidchar" => Section::CidChar,
            b"beginnotdefrange" => Section::NotdefRange,
            b"beginnotdefchar" => Section::NotdefChar,
            b"beginbfrange" => Section::BfRange,
            b"beginbfchar" => Section::BfChar,
            _ => return None,
        };
        let name = SECTIONS.iter().copied().find(|n| n.as_bytes() == k)?;
        Some((s, name))
    }
    /// How many operands one entry has.
    fn arity(self) -> usize {
        match self {
            Section::Codespace | Section::CidChar | Section::NotdefChar | Section::BfChar => 2,
            _ => 3,
        }
    }
}

/// An operand inside a section: a hex string, an integer, a name or an array.
#[derive(Debug)]
enum Operand<'a> {
    Hex(Vec<u8>),
    Int(i64),
    Name(&'a [u8]),
    Array(Vec<Operand<'a>>),
}

/// Parses CMap bytes into a [`CMap`] (the work behind [`CMap::parse`]).
pub(crate) fn parse(
    bytes: &[u8],
    limits: &Limits,
    explicit_parent: Option<&CMap>,
) -> Result<CMap, crate::Error> {
    let mut lx = Lexer::new(bytes);
    let mut b = Builder::new();
    let (mut name, mut registry, mut ordering, mut usecmap) = (None, None, None, None);
    let mut wmode = 0u8;
    let mut prev: Option<Token<'_>> = None;
    let mut seen_structure = false;
    let mut pending: Option<Token<'_>> = None;
    while let Some(tok) = pending.take().or_else(|| lx.next_token()) {
        match &tok {
            Token::Keyword(k) => {
                if let Some((section, sname)) = Section::from_keyword(k) {
                    seen_structure = true;
                    pending = read_section(&mut lx, &mut b, section, sname, limits);
                    prev = None;
                    continue;
                }
                match *k {
                    b"usecmap" => {
                        if let Some(Token::Name(n)) = &prev {
                            usecmap = Some(String::from_utf8_lossy(n).into_owned());
                            seen_structure = true;
                        }
                    }
                    b"begincmap" | b"endcmap" => seen_structure = true,
                    _ => {}
                }
            }
            Token::Int(v) if prev == Some(Token::Name(b"WMode")) => {
                wmode = u8::from(*v == 1);
            }
            Token::Str(s) => match prev {
                Some(Token::Name(b"Registry")) => {
                    registry = Some(String::from_utf8_lossy(s).into_owned())
                }
                Some(Token::Name(b"Ordering")) => {
                    ordering = Some(String::from_utf8_lossy(s).into_owned())
                }
                _ => {}
            },
            Token::Name(n) if prev == Some(Token::Name(b"CMapName")) => {
                name = Some(String::from_utf8_lossy(n).into_owned());
            }
            _ => {}
        }
        prev = Some(tok);
    }
    if !seen_structure && explicit_parent.is_none() {
        return Err(crate::Error::NotACMap);
    }
    b.keep_codespace = usecmap.is_some() && !limits.resolve_usecmap;
    if let Some(parent) = explicit_parent {
        b.inherit(parent);
        if usecmap.is_none() {
            usecmap = parent.name.clone();
        }
    } else if limits.resolve_usecmap
        && let Some(parent_name) = &usecmap
    {
        match crate::predefined::get(parent_name) {
            Some(parent) => b.inherit(parent),
            None => b.warn(Warning::UnknownUseCMap(parent_name.clone())),
        }
    }
    b.set_meta(name, registry, ordering, wmode, usecmap);
    Ok(b.finish())
}

/// Reads one section's entries up to its `end…` keyword. Returns a token that
/// ended the section early (another `begin…`, `endcmap`) for the caller.
fn read_section<'a>(
    lx: &mut Lexer<'a>,
    b: &mut Builder,
    section: Section,
    sname: &'static str,
    limits: &Limits,
) -> Option<Token<'a>> {
    let mut ops: Vec<Operand<'a>> = Vec::with_capacity(3);
    let mut entry_offset = lx.offset();
    loop {
        let offset = lx.offset();
        let Some(tok) = lx.next_token() else {
            b.warn(Warning::UnterminatedSection {
                section: sname,
                offset,
            });
            return None;
        };
        let op = match tok {
            Token::Keyword(k)
                if k.starts_with(b"end") && !k.starts_with(b"endcmap") && k != b"end" =>
            {
                if !ops.is_empty() {
                    b.warn(Warning::BadEntry {
                        section: sname,
                        offset: entry_offset,
                    });
                }
                return None;
            }
            Token::Keyword(k)
                if k.starts_with(b"begin") || k == b"endcmap" || k == b"end" || k == b"usecmap" =>
            {
                b.warn(Warning::UnterminatedSection {
                    section: sname,
                    offset,
                });
                return Some(Token::Keyword(k));
            }
            Token::Hex(h) => Operand::Hex(h),
            Token::Int(i) => Operand::Int(i),
            Token::Name(n) => Operand::Name(n),
            Token::ArrayOpen => Operand::Array(read_array(lx, limits)),
            _ => {
                b.warn(Warning::BadEntry {
                    section: sname,
                    offset,
                });
                continue;
            }
        };
        if ops.is_empty() {
            entry_offset = offset;
        }
        ops.push(op);
        if ops.len() == section.arity() {
            if !b.count_entry(limits) {
                ops.clear();
                continue;
            }
            if !apply_entry(b, section, &ops, limits, entry_offset) {
                b.warn(Warning::BadEntry {
                    section: sname,
                    offset: entry_offset,
                });
            }
            ops.clear();
        }
    }
}

fn read_array<'a>(lx: &mut Lexer<'a>, limits: &Limits) -> Vec<Operand<'a>> {
    let mut items = Vec::new();
    while let Some(tok) = lx.next_token() {
        let op = match tok {
            Token::ArrayClose => break,
            Token::Hex(h) => Operand::Hex(h),
            Token::Name(n) => Operand::Name(n),
            Token::Int(i) => Operand::Int(i),
            Token::Keyword(k) if k.starts_with(b"end") || k.starts_with(b"begin") => break,
            _ => continue,
        };
        if items.len() < limits.max_array_items {
            items.push(op);
        }
    }
    items
}

/// The Unicode text of a `bf` destination operand.
fn destination(op: &Operand<'_>) -> Option<(Vec<u8>, bool)> {
    match op {
        Operand::Hex(h) => Some((h.clone(), true)),
        Operand::Name(n) => {
            let name = std::str::from_utf8(n).ok()?;
            let s = crate::encoding::glyph_name_to_unicode(name)?;
            let units: Vec<u8> = s.encode_utf16().flat_map(u16::to_be_bytes).collect();
            Some((units, false))
        }
        _ => None,
    }
}

/// Applies one complete entry; false when it is malformed.
fn apply_entry(
    b: &mut Builder,
    section: Section,
    ops: &[Operand<'_>],
    limits: &Limits,
    offset: usize,
) -> bool {
    let hex = |i: usize| match ops.get(i) {
        Some(Operand::Hex(h)) => code_of(h),
        _ => None,
    };
    let int = |i: usize| match ops.get(i) {
        Some(Operand::Int(v)) => u32::try_from(*v).ok(),
        _ => None,
    };
    match section {
        Section::Codespace => {
            let (Some((low, len)), Some((high, hlen))) = (hex(0), hex(1)) else {
                return false;
            };
            if len != hlen {
                return false;
            }
            b.codespace(CodespaceRange { low, high, len });
        }
        Section::CidRange | Section::NotdefRange => {
            let (Some((low, len)), Some((high, _)), Some(cid)) = (hex(0), hex(1), int(2)) else {
                return false;
            };
            let high = high.min(max_code(len));
            if high < low {
                return false;
            }
            if section == Section::CidRange {
                b.cid_range(len, low, high, cid);
            } else {
                b.notdef_range(len, low, high, cid);
            }
        }
        Section::CidChar | Section::NotdefChar => {
            let (Some((code, len)), Some(cid)) = (hex(0), int(1)) else {
                return false;
            };
            if section == Section::CidChar {
                b.cid_range(len, code, code, cid);
            } else {
                b.notdef_range(len, code, code, cid);
            }
        }
        Section::BfChar => {
            let Some((code, len)) = hex(0) else {
                return false;
            };
            let Some((dst, _)) = ops.get(1).and_then(destination) else {
                return false;
            };
            let (s, ok) = utf16be(&dst);
            if !ok {
                b.warn(Warning::BadUtf16 { offset });
            }
            if ok || !s.is_empty() {
                b.unicode(Code::new(code, len), &s, limits);
            }
        }
        Section::BfRange => {
            let (Some((low, len)), Some((high, _))) = (hex(0), hex(1)) else {
                return false;
            };
            // A high code longer than the low one is cut to the low code's length.
            let high = high.min(max_code(len));
            if high < low {
                return false;
            }
            match ops.get(2) {
                Some(Operand::Array(items)) => {
                    for (k, item) in items.iter().enumerate() {
                        let Ok(k) = u32::try_from(k) else { break };
                        let Some(code) = low.checked_add(k).filter(|&c| c <= high) else {
                            break;
                        };
                        let Some((dst, _)) = destination(item) else {
                            continue;
                        };
                        let (s, ok) = utf16be(&dst);
                        if !ok {
                            b.warn(Warning::BadUtf16 { offset });
                            if s.is_empty() {
                                continue;
                            }
                        }
                        if !b.unicode(Code::new(code, len), &s, limits) {
                            break;
                        }
                    }
                }
                Some(op) => {
                    let Some((dst, _)) = destination(op) else {
                        return false;
                    };
                    let mut warned = false;
                    for k in 0..=(high - low) {
                        let (s, ok) = utf16be(&add_be(&dst, k));
                        if !ok && !warned {
                            warned = true;
                            b.warn(Warning::BadUtf16 { offset });
                        }
                        if !ok && s.is_empty() {
                            continue;
                        }
                        if !b.unicode(Code::new(low + k, len), &s, limits) {
                            break;
                        }
                    }
                }
                None => return false,
            }
        }
    }
    true
}

/// Iterator over the codes of a string, from [`CMap::decode_codes`].
#[derive(Debug, Clone)]
pub struct Codes<'c, 'b> {
    cmap: &'c CMap,
    bytes: &'b [u8],
}

impl Iterator for Codes<'_, '_> {
    type Item = Code;

    fn next(&mut self) -> Option<Code> {
        if self.bytes.is_empty() {
            return None;
        }
        let (code, n) = self.cmap.next_code(self.bytes);
        self.bytes = self.bytes.get(n..).unwrap_or_default();
        Some(code)
    }
}

impl CMap {
    /// Parses a CMap (an embedded `/Encoding` stream or a `/ToUnicode` stream).
    ///
    /// Tolerant: a broken entry, a missing `endcmap` or a count that disagrees
    /// with the entries is a [`Warning`] (see [`CMap::warnings`]), not an error.
    /// `usecmap` of a predefined CMap is resolved. Fails only when the bytes
    /// hold no CMap structure at all.
    pub fn parse(bytes: &[u8]) -> Result<CMap, crate::Error> {
        parse(bytes, &Limits::default(), None)
    }

    /// [`CMap::parse`] with explicit [`Limits`].
    pub fn parse_with(bytes: &[u8], limits: &Limits) -> Result<CMap, crate::Error> {
        parse(bytes, limits, None)
    }

    /// Parses a CMap whose `/UseCMap` is another embedded CMap stream: `parent`
    /// (already parsed) supplies the mappings this one does not override.
    /// Any `usecmap` name inside `bytes` is then ignored.
    pub fn parse_with_parent(
        bytes: &[u8],
        parent: &CMap,
        limits: &Limits,
    ) -> Result<CMap, crate::Error> {
        parse(bytes, limits, Some(parent))
    }

    /// A predefined CMap by name (`90ms-RKSJ-H`, `UniGB-UCS2-H`, `Identity-V`, …).
    ///
    /// The name is a key into the list of shipped CMaps, never a file path.
    /// The CMap's table is decompressed on first use and kept for the process.
    pub fn predefined(name: &str) -> Option<&'static CMap> {
        crate::predefined::get(name)
    }

    /// Names of every predefined CMap, sorted.
    pub fn predefined_names() -> impl Iterator<Item = &'static str> {
        crate::predefined::names()
    }

    /// Splits `bytes` into codes using the codespace ranges (9.7.6.2): a code
    /// is the shortest byte sequence that matches a codespace range.
    pub fn decode_codes<'c, 'b>(&'c self, bytes: &'b [u8]) -> Codes<'c, 'b> {
        Codes { cmap: self, bytes }
    }

    /// The code at the start of `bytes` and how many bytes it takes (≥ 1 for non-empty input).
    #[inline]
    fn next_code(&self, bytes: &[u8]) -> (Code, usize) {
        match (self.uniform_len, bytes) {
            (1, [b, ..]) => return (Code::new(u32::from(*b), 1), 1),
            (2, [hi, lo, ..]) => return (Code::new(u32::from(*hi) << 8 | u32::from(*lo), 2), 2),
            _ => {}
        }
        for n in 1..=4u8 {
            for r in &self.codespace {
                if r.len == n
                    && let Some(v) = r.matches(bytes)
                {
                    return (Code::new(v, n), usize::from(n));
                }
            }
        }
        // No match. Some CMaps map codes outside their own codespace (e.g.
        // `<e0> 151` beside a 3-byte range starting at E0): read the shortest
        // code the CMap explicitly maps, as poppler does.
        for n in 1..=bytes.len().min(4) {
            if let Some((v, len)) = bytes.get(..n).and_then(code_of) {
                let code = Code::new(v, len);
                if self.maps_explicitly(code) {
                    return (code, n);
                }
            }
        }
        // Otherwise take as many bytes as the shortest range whose first byte
        // matches, else the shortest range at all (9.7.6.3), at least 1.
        let first = bytes.first().copied().unwrap_or(0);
        let n = self
            .codespace
            .iter()
            .filter(|r| r.first_byte_matches(first))
            .map(|r| r.len)
            .min()
            .or_else(|| self.codespace.iter().map(|r| r.len).min())
            .unwrap_or(1);
        let n = usize::from(n).clamp(1, bytes.len().max(1));
        let code = bytes.get(..n).and_then(code_of).unwrap_or((0, 1));
        (Code::new(code.0, code.1), n)
    }

    /// Whether `cidrange`/`cidchar` or `bfrange`/`bfchar` map `code` (not notdef).
    fn maps_explicitly(&self, code: Code) -> bool {
        self.mapped_cid(code).is_some() || self.unicode.get(code).is_some()
    }

    /// The CID `cidrange`/`cidchar` give `code`.
    #[inline]
    fn mapped_cid(&self, code: Code) -> Option<u32> {
        match self.dense_cids.get(code) {
            Some(found) => found,
            None => find_range(&self.cid_ranges, code, true),
        }
    }

    /// The CID of `code`: from `cidrange`/`cidchar`, else from
    /// `notdefrange`/`notdefchar`; `None` when the CMap does not map it (CID 0 applies).
    pub fn lookup_cid(&self, code: Code) -> Option<u32> {
        self.mapped_cid(code)
            .or_else(|| find_range(&self.notdef_ranges, code, false))
    }

    /// The Unicode text of `code` from `bfchar`/`bfrange` (ToUnicode CMaps).
    #[inline]
    pub fn lookup_unicode(&self, code: Code) -> Option<&str> {
        self.unicode.get(code)
    }

    /// Writing mode: 0 horizontal, 1 vertical (`/WMode`).
    pub fn wmode(&self) -> u8 {
        self.wmode
    }

    /// `/CMapName`, when the CMap states it.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The character collection from `/CIDSystemInfo` (`Adobe`, `Japan1`), when known.
    pub fn collection(&self) -> Option<Collection> {
        Collection::from_registry_ordering(self.registry.as_deref()?, self.ordering.as_deref()?)
    }

    /// The name given to `usecmap`, if any (resolved already when predefined).
    pub fn usecmap(&self) -> Option<&str> {
        self.usecmap.as_deref()
    }

    /// The codespace ranges.
    pub fn codespace_ranges(&self) -> &[CodespaceRange] {
        &self.codespace
    }

    /// The code → CID ranges, non-overlapping, sorted by (length, low).
    pub fn cid_ranges(&self) -> &[CidRange] {
        &self.cid_ranges
    }

    /// The `notdefrange`/`notdefchar` ranges (every code of one maps to its `cid`), non-overlapping, sorted.
    pub fn notdef_ranges(&self) -> &[CidRange] {
        &self.notdef_ranges
    }

    /// Every code → Unicode mapping, sorted by (length, code).
    pub fn unicode_mappings(&self) -> impl Iterator<Item = (Code, &str)> + '_ {
        self.unicode.iter()
    }

    /// How many codes map to Unicode.
    pub fn unicode_len(&self) -> usize {
        self.unicode.len()
    }

    /// What parsing tolerated.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }
}

fn find_range(ranges: &[CidRange], code: Code, incrementing: bool) -> Option<u32> {
    let i = ranges.partition_point(|r| (r.len, r.low) <= (code.len, code.value));
    let r = ranges.get(i.checked_sub(1)?)?;
    if r.len == code.len && code.value <= r.high {
        if !incrementing {
            return Some(r.cid);
        }
        r.cid.checked_add(code.value - r.low)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmap(src: &str) -> CMap {
        CMap::parse(src.as_bytes()).unwrap()
    }

    fn uni(c: &CMap, value: u32, len: u8) -> Option<&str> {
        c.lookup_unicode(Code::new(value, len))
    }

    const HEADER: &str = "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n\
        /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n\
        /CMapName /Adobe-Identity-UCS def /CMapType 2 def\n";

    #[test]
    fn one_byte_bfchar() {
        let c = cmap(&format!(
            "{HEADER}1 begincodespacerange <00> <FF> endcodespacerange\n\
             1 beginbfchar <01> <6CBB> endbfchar endcmap CMapName currentdict /CMap defineresource pop end end"
        ));
        assert_eq!(uni(&c, 1, 1), Some("治"));
        assert_eq!(
            c.decode_codes(b"\x01\x02").collect::<Vec<_>>(),
            vec![Code::new(1, 1), Code::new(2, 1)]
        );
        assert!(c.warnings().is_empty(), "{:?}", c.warnings());
        assert_eq!(c.name(), Some("Adobe-Identity-UCS"));
    }

    #[test]
    fn two_byte_identity_bfchar_and_bfrange() {
        let c = cmap(&format!(
            "{HEADER}1 begincodespacerange <0000> <FFFF> endcodespacerange\n\
             1 beginbfchar <1898> <656C> endbfchar\n\
             1 beginbfrange <07e8> <07eb> <306D> endbfrange endcmap"
        ));
        assert_eq!(uni(&c, 0x1898, 2), Some("敬"));
        assert_eq!(uni(&c, 0x07e8, 2), Some("ね"));
        assert_eq!(uni(&c, 0x07e9, 2), Some("の"));
        assert_eq!(uni(&c, 0x07eb, 2), Some("ば"));
        assert_eq!(uni(&c, 0x07ec, 2), None);
        let codes: Vec<Code> = c.decode_codes(&[0x18, 0x98, 0x07, 0xe9]).collect();
        assert_eq!(codes, vec![Code::new(0x1898, 2), Code::new(0x07e9, 2)]);
    }

    #[test]
    fn bfrange_array_form_and_ligatures() {
        let c = cmap(
            "1 begincodespacerange <00> <FF> endcodespacerange\n\
             1 beginbfrange <10> <12> [<0066 0066> <00660069> /f_f_l] endbfrange",
        );
        assert_eq!(uni(&c, 0x10, 1), Some("ff"));
        assert_eq!(uni(&c, 0x11, 1), Some("fi"));
        assert_eq!(uni(&c, 0x12, 1), Some("ffl"));
    }

    #[test]
    fn surrogate_pair_targets_and_carry() {
        let c = cmap(
            "1 begincodespacerange <0000> <FFFF> endcodespacerange\n\
             2 beginbfchar <0001> <D835DC00> <0002> <D840DC0B> endbfchar\n\
             1 beginbfrange <0010> <0012> <D835DC1A> endbfrange\n\
             1 beginbfrange <0020> <0021> <00FF> endbfrange",
        );
        assert_eq!(uni(&c, 1, 2), Some("𝐀"));
        assert_eq!(uni(&c, 2, 2), Some("𠀋"));
        assert_eq!(uni(&c, 0x11, 2), Some("𝐛"));
        // The last byte carries into the one before it.
        assert_eq!(uni(&c, 0x21, 2), Some("\u{100}"));
    }

    #[test]
    fn mixed_one_and_two_byte_codespace() {
        // Shift-JIS-like: 00-80 one byte, 8140-9FFC two bytes.
        let c = cmap(
            "2 begincodespacerange <00> <80> <8140> <9FFC> endcodespacerange\n\
             2 begincidrange <20> <7e> 1 <8140> <817e> 633 endcidrange",
        );
        let codes: Vec<Code> = c.decode_codes(b"A\x81\x40B").collect();
        assert_eq!(
            codes,
            vec![Code::new(0x41, 1), Code::new(0x8140, 2), Code::new(0x42, 1)]
        );
        assert_eq!(c.lookup_cid(Code::new(0x41, 1)), Some(34));
        assert_eq!(c.lookup_cid(Code::new(0x8141, 2)), Some(634));
        assert_eq!(c.lookup_cid(Code::new(0x41, 2)), None);
        // 0xA0 matches nothing: one byte is consumed (shortest range).
        let codes: Vec<Code> = c.decode_codes(b"\xa0A").collect();
        assert_eq!(codes, vec![Code::new(0xa0, 1), Code::new(0x41, 1)]);
        // A lone lead byte at the end is one code, not a panic.
        assert_eq!(c.decode_codes(b"\x81").count(), 1);
    }

    #[test]
    fn codes_mapped_outside_the_codespace_are_read_at_their_length() {
        // pdf.js issue 11768: a UTF-8-like codespace (E0 starts 3-byte codes)
        // and `<e0> 151`; the text shows E0 E0 E0 then "cm".
        let c = cmap(
            "2 begincodespacerange <00> <7f> <e08080> <efbfbf> endcodespacerange\n\
             1 begincidchar <e0> 151 endcidchar 1 begincidrange <20> <7e> 1 endcidrange",
        );
        let codes: Vec<Code> = c.decode_codes(b"\xe0\xe0\xe0cm").collect();
        assert_eq!(codes.len(), 5);
        assert!(codes.iter().take(3).all(|&k| k == Code::new(0xe0, 1)));
        assert_eq!(c.lookup_cid(Code::new(0xe0, 1)), Some(151));
        // An unmapped code outside the codespace still follows 9.7.6.3.
        let codes: Vec<Code> = c.decode_codes(b"\xe1\xe0\xe0").collect();
        assert_eq!(codes, vec![Code::new(0xe1e0e0, 3)]);
    }

    #[test]
    fn cidchar_overrides_range_and_notdef() {
        let c = cmap(
            "1 begincodespacerange <0000> <FFFF> endcodespacerange\n\
             1 begincidrange <0000> <00ff> 100 endcidrange\n\
             1 begincidchar <0010> 5 endcidchar\n\
             1 beginnotdefrange <0100> <01ff> 1 endnotdefrange",
        );
        assert_eq!(c.lookup_cid(Code::new(0x0f, 2)), Some(115));
        assert_eq!(c.lookup_cid(Code::new(0x10, 2)), Some(5));
        assert_eq!(c.lookup_cid(Code::new(0x11, 2)), Some(117));
        assert_eq!(c.lookup_cid(Code::new(0x150, 2)), Some(1));
        assert_eq!(c.cid_ranges().len(), 3);
    }

    #[test]
    fn wmode_and_collection() {
        let c = cmap(
            "/CIDSystemInfo 3 dict dup begin /Registry (Adobe) def /Ordering (Japan1) def /Supplement 6 def end def\n\
             /CMapName /Test-V def /WMode 1 def\n\
             1 begincodespacerange <00> <ff> endcodespacerange endcmap",
        );
        assert_eq!(c.wmode(), 1);
        assert_eq!(c.collection(), Some(Collection::Japan1));
        assert_eq!(c.name(), Some("Test-V"));
    }

    #[test]
    fn tolerates_missing_end_and_bad_counts() {
        // Count says 5, there are 2 entries; no endbfchar, no endcmap.
        let c = cmap(
            "1 begincodespacerange <00> <ff> endcodespacerange 5 beginbfchar <41> <0041> <42> <0042>",
        );
        assert_eq!(uni(&c, 0x42, 1), Some("B"));
        assert!(matches!(
            c.warnings(),
            [Warning::UnterminatedSection {
                section: "beginbfchar",
                ..
            }]
        ));
        // A section cut off by the next one still yields both.
        let c = cmap("1 beginbfchar <41> <0041> 1 beginbfrange <50> <51> <0050> endbfrange");
        assert_eq!(uni(&c, 0x41, 1), Some("A"));
        assert_eq!(uni(&c, 0x51, 1), Some("Q"));
        assert!(c.warnings().contains(&Warning::CodespaceInferred));
        // Garbage inside a section is skipped.
        let c = cmap("1 beginbfchar <41> <0041> (junk) <42> <0042> endbfchar");
        assert_eq!(uni(&c, 0x42, 1), Some("B"));
    }

    #[test]
    fn range_crossing_a_byte_boundary() {
        let c = cmap(
            "1 begincodespacerange <0000> <ffff> endcodespacerange 1 beginbfrange <00fe> <0101> <0041> endbfrange",
        );
        assert_eq!(uni(&c, 0x0100, 2), Some("C"));
        assert_eq!(uni(&c, 0x0101, 2), Some("D"));
    }

    #[test]
    fn usecmap_of_identity() {
        let c = cmap("/Identity-H usecmap 1 begincidchar <0001> 7 endcidchar");
        assert_eq!(c.usecmap(), Some("Identity-H"));
        assert_eq!(c.lookup_cid(Code::new(1, 2)), Some(7));
        assert_eq!(c.lookup_cid(Code::new(0x1234, 2)), Some(0x1234));
        let codes: Vec<Code> = c.decode_codes(&[0x12, 0x34]).collect();
        assert_eq!(codes, vec![Code::new(0x1234, 2)]);
        let c = cmap("/No-Such-CMap usecmap");
        assert_eq!(
            c.warnings(),
            &[Warning::UnknownUseCMap("No-Such-CMap".into())]
        );
    }

    #[test]
    fn embedded_parent_cmap() {
        let parent = cmap(
            "/CMapName /Parent def 1 begincodespacerange <00> <ff> endcodespacerange 2 begincidchar <41> 10 <42> 11 endcidchar",
        );
        let child = CMap::parse_with_parent(
            b"1 begincidchar <42> 20 endcidchar",
            &parent,
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(child.lookup_cid(Code::new(0x41, 1)), Some(10));
        assert_eq!(child.lookup_cid(Code::new(0x42, 1)), Some(20));
        assert_eq!(child.codespace_ranges().len(), 1);
        assert_eq!(child.usecmap(), Some("Parent"));
    }

    #[test]
    fn not_a_cmap_is_an_error() {
        assert!(matches!(
            CMap::parse(b"hello world"),
            Err(crate::Error::NotACMap)
        ));
        assert!(matches!(CMap::parse(b""), Err(crate::Error::NotACMap)));
    }

    #[test]
    fn high_code_longer_than_low_is_cut() {
        // Found by the mutation test: <20> <FFFFFFFF> once sized a 16 GB table.
        let c = cmap("1 begincidrange <20> <ffffffff> 1 endcidrange");
        assert_eq!(
            c.cid_ranges(),
            &[CidRange {
                low: 0x20,
                high: 0xff,
                len: 1,
                cid: 1
            }]
        );
        assert_eq!(c.lookup_cid(Code::new(0xff, 1)), Some(224));
    }

    #[test]
    fn limits_cap_huge_ranges() {
        let limits = Limits {
            max_unicode_codes: 1000,
            ..Limits::default()
        };
        let c = CMap::parse_with(
            b"1 beginbfrange <00000000> <ffffffff> <0041> endbfrange",
            &limits,
        )
        .unwrap();
        assert_eq!(c.unicode_len(), 1000);
        assert!(
            c.warnings()
                .contains(&Warning::LimitReached("max_unicode_codes"))
        );
    }

    #[test]
    fn sparse_maps_use_binary_search() {
        let c = cmap(
            "2 beginbfchar <FFF0> <0041> <0001> <0042> endbfchar 1 begincidrange <FF00> <FF01> 9 endcidrange",
        );
        assert!(c.unicode.dense.is_empty());
        assert!(c.dense_cids.two.is_empty());
        assert_eq!(uni(&c, 0xFFF0, 2), Some("A"));
        assert_eq!(uni(&c, 0x0001, 2), Some("B"));
        assert_eq!(c.lookup_cid(Code::new(0xFF01, 2)), Some(10));
        assert_eq!(c.lookup_cid(Code::new(0xFF02, 2)), None);
    }

    #[test]
    fn limits_cap_unicode_bytes() {
        let limits = Limits {
            max_unicode_bytes: 100,
            ..Limits::default()
        };
        let c = CMap::parse_with(
            b"1 beginbfrange <0000> <ffff> <0041004100410041> endbfrange",
            &limits,
        )
        .unwrap();
        assert_eq!(c.unicode_len(), 25);
        assert!(
            c.warnings()
                .contains(&Warning::LimitReached("max_unicode_bytes"))
        );
    }

    #[test]
    fn later_bfchar_wins_and_binary_search_path() {
        // Mixed lengths disable the dense table.
        let c = cmap(
            "2 beginbfchar <41> <0041> <41> <0061> endbfchar 1 beginbfchar <0041> <0042> endbfchar",
        );
        assert_eq!(uni(&c, 0x41, 1), Some("a"));
        assert_eq!(uni(&c, 0x41, 2), Some("B"));
        assert_eq!(uni(&c, 0x42, 1), None);
    }

    #[test]
    fn odd_and_invalid_utf16() {
        let c = cmap("3 beginbfchar <01> <41> <02> <D800> <03> <004100> endbfchar");
        assert_eq!(uni(&c, 1, 1), Some("A"));
        // A lone surrogate is no text: unmapped, so callers can fall back.
        assert_eq!(uni(&c, 2, 1), None);
        assert_eq!(uni(&c, 3, 1), Some("A"));
        assert!(
            c.warnings()
                .iter()
                .any(|w| matches!(w, Warning::BadUtf16 { .. }))
        );
    }
}
