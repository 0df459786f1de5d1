//! `rtf-text`: the text of Rich Text Format documents, as a reader sees
//! them, not their source — what Word, LibreOffice and every system that
//! exports "compatible" documents write (RTF 1.9.1).
//!
//! - **Tokens**: groups, control words with signed parameters and their
//!   delimiting space, control symbols (`\~` no-break space, `\-` optional
//!   hyphen, `\_` no-break hyphen, `\{ \} \\`), `\*` ignorable
//!   destinations, `\binN` runs skipped by length.
//! - **Text decoded as Word does**: `\ansicpgN` (and `\ansi`, `\mac`,
//!   `\pc`, `\pca`), the code page of the current font's `\fcharsetN` or
//!   `\cpgN` (Shift_JIS, GBK, Big5, EUC-KR, the Windows code pages…),
//!   `\'hh` bytes joined into multi-byte characters before decoding, `\uN`
//!   (signed 16-bit, surrogate pairs joined) with its `\ucN` fallback
//!   skipped, hidden (`\v`) and deleted-revision (`\deleted`) text left out.
//! - **Stories as parts**: the body; each `\footnote` (an `Endnote` with
//!   `\ftnalt`); `\header*`/`\footer*` (attribute `type`: `default`,
//!   `left`, `right`, `first`); `\annotation` comments with their
//!   `\atnauthor`; `\shptxt` text boxes. Fields keep their result
//!   (`\fldrslt`), never the instruction. Paragraphs, line breaks and page
//!   breaks are lines; table cells are separated by a TAB and rows are lines
//!   (nested tables too).
//! - **Structure** as `doc-model` blocks in each part (its text is their
//!   plain rendering): headings from `\outlinelevelN` and the stylesheet
//!   (`\sN` styles, their outline level, a `heading N` name, `\sbasedon`),
//!   list items from `\lsN`/`\ilvlN` and the `\listtable` (`\levelnfc23`
//!   a bullet) or Word 6/95's `\pn`, labels as `\listtext` writes them,
//!   tables with column spans from the cell edges and `\clmgf`/`\clmrg`,
//!   row spans from `\clvmgf`/`\clvmrg`, `\trhdr` header rows and nested
//!   tables (`\itapN`, `\nestcell`, `\nestrow`), `HYPERLINK` field results
//!   as links.
//! - **Metadata** from `\info`: title, subject, author, last author
//!   (`\operator`), keywords, company, created and revised times.
//! - **Embedded**: `\pict` pictures as their bytes (PNG, JPEG, EMF, WMF,
//!   PICT, BMP), and `\object`s' `\objdata` (OLE 1.0) unwrapped by
//!   `ole-cfb-read` into the file a user would save — a packaged file, a
//!   Word document or a workbook — for the caller to extract in turn.
//!
//! It does **not** render formatting, lay out pages or evaluate fields.
//! Damaged input (unbalanced braces, groups nested thousands deep, a
//! `\binN` past the end, `\uN` out of range) gives the text that could be
//! read and [`Warning`]s; only input that is not RTF at all is an
//! [`Error`].
//!
//! ```
//! let rtf = br"{\rtf1\ansi\ansicpg1251\deff0{\fonttbl{\f0\fcharset204 Arial;}{\f1\fcharset128 MS Mincho;}}
//! {\info{\title Report}{\author Ann}}
//! \f0 \'cf\'f0\'e8\'e2\'e5\'f2\par
//! \f1 \'93\'fa\'96\'7b\'8c\'ea\par
//! A\u8364?B{\footnote First note.}\par
//! \trowd\cellx1000\cellx2000 one\cell two\cell\row}";
//! let doc = rtf_text::parse(rtf)?;
//! assert_eq!(doc.text(), "Привет\n日本語\nA€B\none\ttwo\n\nFirst note.\n");
//! assert_eq!(doc.metadata.title.as_deref(), Some("Report"));
//! assert_eq!(doc.parts[1].kind, doc_model::PartKind::Footnote);
//! assert!(doc.warnings.is_empty());
//! // The table is a block of the body, its rows and cells as stored.
//! assert!(doc.parts[0].blocks.iter().any(|b| matches!(b, doc_model::Block::Table(_))));
//! # Ok::<(), rtf_text::Error>(())
//! ```
#![forbid(unsafe_code)]

mod charset;
mod error;
mod field;
mod output;
mod reader;
mod style;
mod table;
mod token;

use std::time::Instant;

pub use encoding_rs::Encoding;
pub use error::{Error, Warning, WarningKind};

/// Caps that keep hostile input from costing unbounded time or memory.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Most bytes of text produced; the rest is left out with a warning.
    /// Default 256 MiB.
    pub max_output_bytes: u64,
    /// Deepest group nesting kept; deeper braces are ignored (their text
    /// stays) with a warning. Default 1,024.
    pub max_depth: usize,
    /// Most bytes of pictures and objects in all; later ones are skipped
    /// with a warning. Default 256 MiB.
    pub max_embedded_bytes: u64,
    /// Most warnings kept. Default 1,000.
    pub max_warnings: usize,
    /// The moment after which reading stops, keeping what was read.
    pub deadline: Option<Instant>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_output_bytes: 256 << 20,
            max_depth: 1024,
            max_embedded_bytes: 256 << 20,
            max_warnings: 1000,
            deadline: None,
        }
    }
}

/// How to read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The caps.
    pub limits: Limits,
}

/// A read document ([`doc_model::Extraction`]): the body, then footnotes,
/// endnotes, headers, footers, comments and text boxes in the order they
/// appear; metadata from `\info`; pictures (`/image<n>.<ext>`) and objects
/// (`/object<n>/<file name>`); the defects that did not stop reading; and
/// the document's ANSI code page as its encoding (`\ansicpgN`, else
/// windows-1252).
pub type RtfDocument = doc_model::Extraction<WarningKind>;

/// Whether `data` is RTF: `{\rtf` after optional whitespace or a UTF-8 BOM
/// — the facade's detector.
pub fn is_rtf(data: &[u8]) -> bool {
    rtf_start(data).is_some()
}

/// Where `{\rtf` starts, after a BOM and whitespace.
fn rtf_start(data: &[u8]) -> Option<usize> {
    let mut i = if data.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    while data.get(i).is_some_and(u8::is_ascii_whitespace) && i < 1024 {
        i += 1;
    }
    data.get(i..)?.starts_with(b"{\\rtf").then_some(i)
}

/// Reads an RTF document with the default [`Options`].
pub fn parse(data: &[u8]) -> Result<RtfDocument, Error> {
    parse_with(data, &Options::default())
}

/// Reads an RTF document.
pub fn parse_with(data: &[u8], options: &Options) -> Result<RtfDocument, Error> {
    let start = rtf_start(data)
        .ok_or_else(|| Error::NotRtf("the file does not start with {\\rtf".to_string()))?;
    let body = data.get(start..).unwrap_or_default();
    Ok(reader::Reader::new(&options.limits).run(body))
}
