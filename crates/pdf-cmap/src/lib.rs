//! `pdf-cmap`: the character-code layer of PDF text extraction.
//!
//! What it does:
//! - parses the CMap language ([`CMap::parse`]): codespace ranges of 1–4 bytes
//!   and mixed lengths, `cidrange`/`cidchar`, `notdefrange`/`notdefchar`,
//!   `bfrange` (incrementing and array forms), `bfchar` to UTF-16BE strings of
//!   any length, `usecmap`, `/WMode`; tolerant of the faults real `/ToUnicode`
//!   streams have (they become [`Warning`]s);
//! - ships every predefined CMap of Adobe-Japan1, -GB1, -CNS1, -Korea1, -KR and
//!   -Japan2 plus `Identity-H`/`-V` ([`CMap::predefined`]), and CID → Unicode for the four
//!   collections ([`cid_to_unicode`]), built from per-CID tables and with CJK
//!   radicals and compatibility ideographs unified; tables load lazily on first use;
//! - the simple-font encodings, `/Differences` and glyph names ([`encoding`]).
//!
//! What it does not: read PDF objects or streams (it takes bytes and names;
//! `pdf-lex` decodes the stream, `pdf-text` decides which map applies to a font),
//! or look at embedded font programs.
//!
//! ```
//! use pdf_cmap::{CMap, Collection, cid_to_unicode};
//!
//! // A ToUnicode CMap as found in a PDF.
//! let to_unicode = CMap::parse(b"1 begincodespacerange <0000> <FFFF> endcodespacerange
//!     1 beginbfrange <07e8> <07eb> <306D> endbfrange").unwrap();
//! let text: String = to_unicode
//!     .decode_codes(&[0x07, 0xe9])
//!     .filter_map(|code| to_unicode.lookup_unicode(code))
//!     .collect();
//! assert_eq!(text, "の");
//!
//! // A font with /Encoding /90ms-RKSJ-H and no ToUnicode.
//! let cmap = CMap::predefined("90ms-RKSJ-H").unwrap();
//! let code = cmap.decode_codes(b"\x82\xa0").next().unwrap();
//! let cid = cmap.lookup_cid(code).unwrap();
//! assert_eq!(cid, 843);
//! assert_eq!(cid_to_unicode(Collection::Japan1, cid), Some("あ"));
//! ```
#![forbid(unsafe_code)]

mod cmap;
mod collection;
mod data;
pub mod encoding;
mod predefined;
mod ps;

pub use cmap::{CMap, CidRange, Code, Codes, CodespaceRange, Limits, Warning, WarningKind};
pub use collection::{Collection, cid_to_unicode, cid_to_unicode_exact};

/// Cold-path entry points for the benches (not part of the API).
#[doc(hidden)]
pub mod __bench {
    /// Decodes a predefined CMap afresh, bypassing the cache.
    pub fn decode_predefined(name: &str) -> Option<crate::CMap> {
        crate::predefined::decode_uncached(name)
    }
    /// Decodes a collection's CID → Unicode table afresh; returns its CID count.
    pub fn decode_collection(c: crate::Collection) -> usize {
        crate::collection::decode_uncached(c)
    }
}

/// Why a CMap or table could not be read at all.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The bytes hold no CMap structure (no codespace, mapping or `usecmap`).
    #[error("not a CMap: no codespace, mapping or usecmap found")]
    NotACMap,
}
