//! `hwp-text`: the text of Hangul Word Processor (한글, Hancom) documents —
//! HWP 5.0 compound files (distribution documents included), HWPX (OWPML)
//! packages and HWP 3.0 files — as `doc-model` parts, with their metadata
//! and embedded pictures and OLE objects.
//!
//! * **HWP 5.0**: `FileHeader` flags; `DocInfo` numbering, bullets and
//!   paragraph shapes (numbers and bullets rendered as displayed: `1.`,
//!   `가.`, `①`); `BodyText/SectionN` records inflated from raw deflate;
//!   paragraph text with its control characters; tables (a row per line,
//!   cells by TAB, nested tables, captions), text boxes and shape text,
//!   headers, footers, footnotes and endnotes with their numbers, hidden
//!   comments, hyperlink and click-here fields (their display text, never
//!   the click-here guide), equations (the script), ruby text (덧말).
//! * **Distribution documents** (배포용 문서): `ViewText/SectionN` decrypted
//!   (MSVC `rand()` mask, AES-128-ECB) — never the BodyText placeholder.
//! * **Password, DRM and certificate-encrypted** documents:
//!   [`Error::Encrypted`] with the metadata that is stored in the clear.
//! * **HWPX**: `Contents/content.hpf` spine order and metadata, section XML
//!   of both the 2011 Hancom and the 2024 owpml.org namespaces (local names
//!   are matched), tables, header/footer/note controls, text boxes.
//! * **HWP 3.0**: the paragraph list in Hancom's 16-bit hchar code (Johab
//!   Hangul, KS X 1001 symbols and Hanja), tables and text boxes.
//! * Characters: Hanyang-PUA old Hangul becomes conjoining jamo; symbol-font
//!   bullets their Unicode equivalents.
//!
//! It does **not** lay out pages (page numbers are left out), keep
//! formatting, run scripts, or recurse into embedded files (the facade
//! does); HWPML (the XML form written by Hangul 2002–2010) is recognised by
//! [`sniff`] and read by [`parse`] as its text elements.
//!
//! ```
//! let data = include_bytes!("../../../fixtures/hwp/paragraphs.hwp");
//! assert_eq!(hwp_text::sniff(data), Some(hwp_text::HwpKind::Hwp5));
//! let doc = hwp_text::parse(data)?;
//! assert_eq!(doc.text(), "첫 문단입니다.\nSecond paragraph, 둘째.\n");
//! assert_eq!(doc.metadata.title.as_deref(), Some("문단 견본"));
//! assert!(doc.warnings.is_empty());
//! # Ok::<(), hwp_text::Error>(())
//! ```
#![forbid(unsafe_code)]

mod bytes;
mod chars;
mod data;
mod distribute;
mod doc_info;
mod error;
mod file_header;
mod hwp3;
mod hwp5;
mod hwpx;
mod numbering;
mod record;
mod section;

use doc_model::{EmbeddedFile, Metadata, Part};
use ole_cfb_read::CompoundFile;

pub use error::{Error, Warning, WarningKind};
pub use file_header::FileHeader;
pub use hwp5::from_records;

/// Which kind of HWP document bytes hold (see [`sniff`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HwpKind {
    /// HWP 5.x: a compound file whose `FileHeader` starts `HWP Document File`.
    Hwp5,
    /// HWPX (OWPML): a zip whose `mimetype` is `application/hwp+zip`.
    Hwpx,
    /// HWP 3.0: `HWP Document File V3.00` and a 30-byte signature.
    Hwp3,
    /// HWPML: the XML form (`<HWPML`).
    Hwpml,
    /// HWP 2.x and older (`HWP Document File V2.00`, …): recognised, not read.
    Older {
        /// The version as the signature writes it (`2.00`, `1.20`).
        version: String,
    },
}

impl HwpKind {
    /// A short name (`hwp5`, `hwpx`, `hwp3`, `hwpml`, `hwp-older`).
    pub fn name(&self) -> &'static str {
        match self {
            HwpKind::Hwp5 => "hwp5",
            HwpKind::Hwpx => "hwpx",
            HwpKind::Hwp3 => "hwp3",
            HwpKind::Hwpml => "hwpml",
            HwpKind::Older { .. } => "hwp-older",
        }
    }
}

/// Which HWP document `data` is, from its first bytes (and, for a compound
/// file or a zip, the `FileHeader` stream or the `mimetype` entry); `None`
/// for anything else. Cheap: a compound file is opened only far enough to
/// read `FileHeader`.
pub fn sniff(data: &[u8]) -> Option<HwpKind> {
    if data.starts_with(&ole_cfb_read::SIGNATURE) {
        let cfb = CompoundFile::open(data).ok()?;
        let header = cfb.stream("FileHeader").ok()?;
        return header
            .starts_with(file_header::SIGNATURE)
            .then_some(HwpKind::Hwp5);
    }
    if data.starts_with(b"PK\x03\x04") {
        return hwpx::is_hwpx(data).then_some(HwpKind::Hwpx);
    }
    if let Some(rest) = data.strip_prefix(b"HWP Document File V") {
        let version: String = rest
            .iter()
            .take_while(|b| b.is_ascii_digit() || **b == b'.')
            .map(|&b| char::from(b))
            .collect();
        return match version.as_str() {
            "3.00" | "3.0" => Some(HwpKind::Hwp3),
            v if v.starts_with('3') => Some(HwpKind::Hwp3),
            _ => Some(HwpKind::Older { version }),
        };
    }
    let head = data.get(..data.len().min(512)).unwrap_or_default();
    let text = String::from_utf8_lossy(head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head));
    let trimmed = text.trim_start();
    let xml_body = if trimmed.starts_with("<?xml") {
        trimmed
            .find("?>")
            .map_or("", |e| trimmed[e + 2..].trim_start())
    } else {
        trimmed
    };
    if xml_body.starts_with("<HWPML") {
        return Some(HwpKind::Hwpml);
    }
    None
}

/// Caps on what a document may make the reader do.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Most bytes one stream or zip entry may inflate to (inflate bombs
    /// stop here, keeping what was inflated). Default 256 MiB.
    pub max_stream_bytes: usize,
    /// Most bytes all streams of a document may inflate to. Default 1 GiB.
    pub max_total_bytes: usize,
    /// Most records read from one stream. Default 10,000,000.
    pub max_records: usize,
    /// Most sections read. Default 10,000.
    pub max_sections: usize,
    /// Deepest nesting of lists (tables in tables, shapes in groups) and of
    /// XML elements followed. Default 64.
    pub max_depth: u32,
    /// Most bytes of text produced; the rest is left out with a warning.
    /// Default 256 MiB.
    pub max_output_bytes: usize,
    /// Most embedded files returned. Default 10,000.
    pub max_embedded: usize,
    /// Most entries of an HWPX zip looked at. Default 100,000.
    pub max_zip_entries: usize,
    /// The moment after which reading stops, keeping the text read so far,
    /// with a [`WarningKind::Limit`] warning (default none).
    pub deadline: Option<std::time::Instant>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_stream_bytes: 256 << 20,
            max_total_bytes: 1 << 30,
            max_records: 10_000_000,
            max_sections: 10_000,
            max_depth: 64,
            max_output_bytes: 256 << 20,
            max_embedded: 10_000,
            max_zip_entries: 100_000,
            deadline: None,
        }
    }
}

/// How to read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Caps on the work done.
    pub limits: Limits,
}

/// What only an HWP document states, beside its parts: which kind it was,
/// its version and its header flags.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct HwpDetails {
    /// Which kind of HWP document it was.
    pub kind: HwpKind,
    /// The format version as the file states it (`5.0.3.2`, `3.00`; HWPX: the
    /// `version.xml` application version or empty).
    pub version: String,
    /// The HWP 5.0 FileHeader flags that were set (`compressed`,
    /// `distribution`, `track-changes`, …).
    pub flags: Vec<String>,
}

/// A read document ([`doc_model::Extraction`]): the stories in reading
/// order (`Body`, then `Header`, `Footer`, `Footnote`, `Endnote`, `Comment`
/// (hidden comments) and `TextBox` where the document has them), title,
/// author, dates and the rest where the document states them, pictures and
/// OLE objects (`/BinData/BIN0001.jpg`, bytes decompressed), the defects
/// met while reading, and the [`HwpDetails`].
pub type HwpDocument = doc_model::Extraction<WarningKind, HwpDetails>;

/// A document from what a reader found.
pub(crate) fn document(
    details: HwpDetails,
    parts: Vec<Part>,
    metadata: Metadata,
    embedded: Vec<EmbeddedFile>,
    warnings: Vec<Warning>,
) -> HwpDocument {
    let mut doc = HwpDocument::new(details);
    doc.parts = parts;
    doc.metadata = metadata;
    doc.embedded = embedded;
    doc.warnings = warnings;
    doc
}

/// `text` with every Hanyang-PUA old-Hangul syllable (U+E0BC..U+F8F7, the
/// Private Use Area code points Hangul stores old Hangul in) replaced by its
/// conjoining jamo, as this crate writes them: for text that other tools
/// extracted from HWP files.
///
/// ```
/// assert_eq!(hwp_text::pua_to_jamo("\u{F53A}글"), "\u{1112}\u{119E}\u{11AB}글");
/// ```
pub fn pua_to_jamo(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        chars::push_char(&mut out, c);
    }
    out
}

/// Reads an HWP document of any kind [`sniff`] recognises, with default [`Options`].
pub fn parse(data: &[u8]) -> Result<HwpDocument, Error> {
    parse_with(data, &Options::default())
}

/// Reads an HWP document of any kind [`sniff`] recognises.
pub fn parse_with(data: &[u8], options: &Options) -> Result<HwpDocument, Error> {
    if data.starts_with(&ole_cfb_read::SIGNATURE) {
        let cfb = CompoundFile::open(data)?;
        return from_compound_file(&cfb, options);
    }
    if data.starts_with(b"PK\x03\x04") {
        return hwpx::read(data, options).map(say_why_no_text);
    }
    match sniff(data) {
        Some(HwpKind::Hwp3) => hwp3::read(data, options).map(say_why_no_text),
        Some(HwpKind::Hwpml) => hwpx::read_hwpml(data, options).map(say_why_no_text),
        Some(HwpKind::Older { version }) => Err(Error::Unsupported(format!(
            "HWP {version} (HWP 2.x and older are not read)"
        ))),
        _ => Err(Error::NotHwp(
            "no compound file, HWPX zip, HWP 3.0 or HWPML signature".into(),
        )),
    }
}

/// A document that yields no text at all and no warning that explains it
/// gets one saying so (HWP 5.0 says which sections it read in `hwp5`).
fn say_why_no_text(mut doc: HwpDocument) -> HwpDocument {
    if doc.warnings.is_empty() && doc.parts.iter().all(|p| p.text.trim().is_empty()) {
        doc.warnings.push(Warning::new(
            WarningKind::Record,
            format!(
                "no text: the {} document's body holds no characters (empty paragraphs, pictures, shapes or tables without text)",
                doc.details.kind.name()
            ),
            None,
        ));
    }
    doc
}

/// Reads an HWP 5.0 document from a compound file the caller already
/// opened (the facade opens each compound file once).
pub fn from_compound_file(cfb: &CompoundFile<'_>, options: &Options) -> Result<HwpDocument, Error> {
    hwp5::read(cfb, options)
}
