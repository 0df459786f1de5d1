//! The public value types of a CMap: limits, warnings, codes, codespace
//! and CID ranges (ISO 32000-1 9.7.6.2), and code arithmetic.

/// Limits on what one parsed CMap may hold (untrusted input).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
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

doc_model::warning_kinds! {
    /// What kind of defect a [`Warning`] reports, by the part of the CMap
    /// (ISO 32000-1 9.7.5) it was found in.
    pub enum WarningKind {
        /// A `begin…` section ended without its `end…` keyword (missing, or
        /// another section began); the entries read so far are kept.
        Section => "section",
        /// An entry inside a section that is not of the expected shape; skipped.
        Entry => "entry",
        /// A `bfchar`/`bfrange` destination string that is not valid UTF-16BE;
        /// unpaired surrogates and an odd last byte are dropped, and a
        /// destination left empty is not mapped.
        Destination => "destination",
        /// The CMap has no codespace ranges; they were inferred from the mapped codes.
        Codespace => "codespace",
        /// A `usecmap` naming a CMap that is not predefined; its mappings are missing.
        UseCMap => "usecmap",
        /// A limit from [`Limits`] was reached; the rest was dropped.
        Limit => "limit",
    }
}

/// Something odd in a CMap that parsing tolerated: its [`WarningKind`], what
/// was wrong and what was done about it, and the byte offset in the CMap's
/// bytes where known. Displayed as `<kind>: <message>`, then ` at offset N`.
pub type Warning = doc_model::Warning<WarningKind>;

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

    pub(super) fn key(self) -> u64 {
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
    pub(super) fn matches(&self, bytes: &[u8]) -> Option<u32> {
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

    pub(super) fn first_byte_matches(&self, b: u8) -> bool {
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

/// The largest code of `len` bytes.
pub(super) fn max_code(len: u8) -> u32 {
    match len {
        1 => 0xff,
        2 => 0xffff,
        3 => 0xff_ffff,
        _ => u32::MAX,
    }
}

/// Big-endian value of up to 4 bytes; `None` for 0 or more than 4 bytes.
pub(super) fn code_of(bytes: &[u8]) -> Option<(u32, u8)> {
    if bytes.is_empty() || bytes.len() > 4 {
        return None;
    }
    let v = bytes.iter().fold(0u32, |acc, &b| (acc << 8) | u32::from(b));
    Some((v, bytes.len() as u8))
}
