//! Lookups: splitting a string into codes by the codespace ranges
//! (ISO 32000-1 9.7.6.2–9.7.6.3) and code → CID / code → Unicode.

use super::CMap;
use super::types::{CidRange, Code, code_of};

/// Iterator over the codes of a string, from [`CMap::decode_codes`].
#[derive(Debug, Clone)]
pub struct Codes<'c, 'b> {
    pub(super) cmap: &'c CMap,
    pub(super) bytes: &'b [u8],
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
