//! The CMap: codespace ranges, code → CID and code → Unicode mappings
//! (ISO 32000-1 9.7.5 "CMaps", 9.10.3 "ToUnicode CMaps"; Adobe #5014 and #5099).
//!
//! One file per concern: `types.rs` (limits, warnings, codes, ranges),
//! `storage.rs` (the lookup structures), `builder.rs` (collects mappings
//! and builds them), `parser.rs` (CMap syntax), `lookup.rs` (codes, CIDs,
//! Unicode).

mod builder;
mod lookup;
mod parser;
mod storage;
#[cfg(test)]
mod tests;
mod types;

pub(crate) use builder::Builder;
pub use lookup::Codes;
pub use types::{CidRange, Code, CodespaceRange, Limits, Warning, WarningKind};

use crate::Collection;
use parser::{Role, parse};
use storage::{DenseCids, UnicodeMap};

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

impl CMap {
    /// Parses a CMap (an embedded `/Encoding` stream or a `/ToUnicode` stream).
    ///
    /// Tolerant: a broken entry, a missing `endcmap` or a count that disagrees
    /// with the entries is a [`Warning`] (see [`CMap::warnings`]), not an error.
    /// `usecmap` of a predefined CMap is resolved. Fails only when the bytes
    /// hold no CMap structure at all.
    pub fn parse(bytes: &[u8]) -> Result<CMap, crate::Error> {
        parse(bytes, &Limits::default(), None, Role::Any)
    }

    /// [`CMap::parse`] with explicit [`Limits`].
    pub fn parse_with(bytes: &[u8], limits: &Limits) -> Result<CMap, crate::Error> {
        parse(bytes, limits, None, Role::Any)
    }

    /// Parses a font's `/ToUnicode` CMap (ISO 32000-1 9.10.3), which maps
    /// codes to text only: a `begincidrange`/`begincidchar` section, which
    /// no ToUnicode CMap may hold but some producers write where they meant
    /// `beginbfrange`/`beginbfchar`, is read as the `bf` section (an integer
    /// destination as a code point, a string as UTF-16BE, an array as a
    /// `bfrange` array), as poppler reads it, with one warning per
    /// section. [`CMap::parse_with`] drops such entries when their
    /// destination is not an integer and keeps them as CIDs otherwise.
    pub fn parse_to_unicode(bytes: &[u8], limits: &Limits) -> Result<CMap, crate::Error> {
        parse(bytes, limits, None, Role::ToUnicode)
    }

    /// Parses a CMap whose `/UseCMap` is another embedded CMap stream: `parent`
    /// (already parsed) supplies the mappings this one does not override.
    /// Any `usecmap` name inside `bytes` is then ignored.
    pub fn parse_with_parent(
        bytes: &[u8],
        parent: &CMap,
        limits: &Limits,
    ) -> Result<CMap, crate::Error> {
        parse(bytes, limits, Some(parent), Role::Any)
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
