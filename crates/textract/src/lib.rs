//! `textract`: detect a document's format from its bytes, run the layer that
//! reads it, and return one [`Document`] — text, parts, metadata, encoding,
//! warnings, and the files embedded in it, each extracted in turn.
//!
//! This crate is a thin facade: it holds no format logic of its own. Each
//! format lives in its own crate, usable alone and re-exported here:
//! [`ole_cfb_read`] (OLE compound files), [`msdoc_text`] (Word 97–2003 and
//! 6/95), [`xls_text`] (Excel 97–2003, 5.0/95, 2.x–4.0), [`ppt_text`]
//! (PowerPoint 97–2003), [`rtf_text`] (RTF), [`ooxml_text`] (docx, xlsx,
//! pptx, odt, ods, odp), [`hwp_text`] (HWP
//! 5.0, HWPX, HWPML, HWP 3.0), [`mail_text`] (Outlook .msg, .eml, mbox,
//! TNEF), [`office_crypto`] (encrypted Office files),
//! [`pdf_lex`] and [`pdf_text`] (PDF), [`html_charset`] and [`html_text`]
//! (HTML and plain text in any encoding). One table lists every format
//! (name, MIME type, extractor); a cargo feature per format (`pdf`, `doc`,
//! `xls`, `ppt`, `hwp`, `rtf`, `ooxml`, `html`, `archive`, `crypto`, `mail`; all on by default) leaves out
//! the layers a build does not need.
//!
//! What it does not do: guess from file names, write documents, or return an
//! empty success for something it cannot read — such input gives
//! [`Error::Unsupported`] naming the format or MIME type.
//!
//! ```
//! use textract::{extract, Format, Options};
//!
//! let doc = extract(b"<!DOCTYPE html><title>Hi</title><p>Hello, world", &Options::default())?;
//! assert_eq!(doc.format, Format::Html);
//! assert!(doc.text.contains("Hello, world"));
//! // One body and nothing else: the text is the body, and there are no parts.
//! assert!(doc.parts.is_empty());
//! assert_eq!(doc.metadata.title.as_deref(), Some("Hi"));
//!
//! let err = extract(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", &Options::default()).unwrap_err();
//! assert_eq!(err.to_string(), "not a document: image/png");
//! # Ok::<(), textract::Error>(())
//! ```
#![forbid(unsafe_code)]
// A build without every format leaves some shared helpers unused.
#![cfg_attr(
    not(all(
        feature = "pdf",
        feature = "doc",
        feature = "html",
        feature = "archive"
    )),
    allow(dead_code, unused_imports)
)]

mod detect;
mod document;
mod embedded;
mod error;
mod format;
mod formats;
mod options;
mod registry;

use std::path::Path;
use std::time::Instant;

pub use document::{
    Block, Content, Document, Embedded, EmbeddedKind, Metadata, Part, PartKind, Target, Warning,
};
pub use error::{Error, ErrorInfo, ErrorKind, LayerError};
pub use format::{ALL_FORMATS, Format, UnknownFormat};
pub use options::{EmbeddedOptions, Limits, Options, parse_pages};

pub use doc_model;
pub use doc_render;
#[cfg(feature = "html")]
pub use html_charset;
#[cfg(feature = "html")]
pub use html_text;
#[cfg(feature = "hwp")]
pub use hwp_text;
#[cfg(feature = "mail")]
pub use mail_text;
#[cfg(feature = "doc")]
pub use msdoc_text;
#[cfg(feature = "crypto")]
pub use office_crypto;
#[cfg(feature = "ole")]
pub use ole_cfb_read;
#[cfg(feature = "ooxml")]
pub use ooxml_text;
#[cfg(feature = "pdf")]
pub use pdf_lex;
#[cfg(feature = "pdf")]
pub use pdf_text;
#[cfg(feature = "ppt")]
pub use ppt_text;
#[cfg(feature = "rtf")]
pub use rtf_text;
#[cfg(feature = "xls")]
pub use xls_text;

use detect::Parsed;
use embedded::Budget;

/// What every format's extractor gets: the caller's options, the deadline,
/// and the container detection already opened.
pub(crate) struct Context<'a> {
    /// The format being read (detected or forced).
    pub format: Format,
    pub options: &'a Options,
    pub deadline: Option<Instant>,
    pub parsed: Parsed<'a>,
    pub budget: &'a Budget,
}

impl Context<'_> {
    /// A format crate's output limit: its own `default`, lowered to the
    /// caller's [`Limits::max_output_bytes`].
    pub(crate) fn max_output_bytes(&self, default: u64) -> u64 {
        default.min(self.options.limits.max_output_bytes as u64)
    }

    /// A format crate's embedded-files limit: its own `default`, lowered to
    /// the caller's [`EmbeddedOptions::max_total_bytes`].
    pub(crate) fn max_embedded_bytes(&self, default: u64) -> u64 {
        default.min(self.options.embedded.max_total_bytes)
    }
}

/// Extracts the text, parts, metadata and embedded documents of the
/// document in `bytes`.
///
/// The format is detected from the bytes unless [`Options::format`] names it.
pub fn extract(bytes: &[u8], options: &Options) -> Result<Document, Error> {
    let limit = options.limits.max_input_bytes;
    if bytes.len() as u64 > limit {
        return Err(Error::LimitExceeded {
            format: None,
            what: "input bytes",
            limit,
        });
    }
    let deadline = options.limits.deadline_from_now();
    let budget = Budget::default();
    embedded::extract_tree(bytes, options, deadline, &budget, &mut Vec::new())
}

/// Detects, extracts and post-processes one document (children are
/// extracted by the caller, [`embedded::extract_tree`]).
pub(crate) fn extract_one(
    bytes: &[u8],
    options: &Options,
    deadline: Option<Instant>,
    budget: &Budget,
) -> Result<Document, Error> {
    let sniffed = match options.format {
        Some(format) => detect::Sniffed {
            format,
            parsed: Parsed::Nothing,
        },
        None => detect::sniff_with(bytes, options)?,
    };
    let format = sniffed.format;
    let Some(extract) = registry::entry(format).extract else {
        return Err(Error::unsupported(format));
    };
    let ctx = Context {
        format,
        options,
        deadline,
        parsed: sniffed.parsed,
        budget,
    };
    let mut doc = match (extract(bytes, &ctx), deadline) {
        (Ok(doc), _) => doc,
        // A layer that ran out of time may report what it then could not
        // read (a missing catalog, an unreadable stream): say why.
        (Err(_), Some(d)) if Instant::now() >= d => {
            return Err(Error::LimitExceeded {
                format: Some(format),
                what: "deadline (milliseconds)",
                limit: options
                    .limits
                    .deadline
                    .map_or(0, |t| u64::try_from(t.as_millis()).unwrap_or(u64::MAX)),
            });
        }
        (Err(e), _) => return Err(e.with_format(format)),
    };
    if options.metadata_only {
        doc.text.clear();
        doc.parts.clear();
        doc.blocks.clear();
    }
    truncate_output(&mut doc, options.limits.max_output_bytes);
    Ok(doc)
}

/// What [`detect`] finds: the document format, or for content that is not a
/// document textract knows, its MIME type alone.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Detected {
    /// The format, when the bytes are a document textract recognises.
    pub format: Option<Format>,
    /// The MIME type: the format's, or what was recognised (`image/png`,
    /// `application/octet-stream`); `None` for empty input.
    pub mime_type: Option<String>,
}

/// Detects the format and MIME type of `bytes` without extracting anything
/// (the CLI's `--detect`).
///
/// ```
/// let d = textract::detect(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;");
/// assert_eq!(d.format, None);
/// assert_eq!(d.mime_type.as_deref(), Some("image/gif"));
/// let d = textract::detect(b"%PDF-1.7");
/// assert_eq!(d.format, Some(textract::Format::Pdf));
/// assert_eq!(d.mime_type.as_deref(), Some("application/pdf"));
/// ```
pub fn detect(bytes: &[u8]) -> Detected {
    match detect::sniff(bytes) {
        Ok(s) => Detected {
            format: Some(s.format),
            mime_type: Some(s.format.mime_type().to_string()),
        },
        Err(e) => Detected {
            format: e.format(),
            mime_type: e.mime_type().map(str::to_string),
        },
    }
}

/// Reads the file at `path` and extracts it as [`extract`] does; the file's
/// size is checked against the input limit before it is read.
pub fn extract_path(path: impl AsRef<Path>, options: &Options) -> Result<Document, Error> {
    let path = path.as_ref();
    let limit = options.limits.max_input_bytes;
    if std::fs::metadata(path)?.len() > limit {
        return Err(Error::LimitExceeded {
            format: None,
            what: "input bytes",
            limit,
        });
    }
    extract(&std::fs::read(path)?, options)
}

/// Cuts `doc.text` to at most `max` bytes at a character boundary.
fn truncate_output(doc: &mut Document, max: usize) {
    if doc.text.len() <= max {
        return;
    }
    let mut cut = max;
    while !doc.text.is_char_boundary(cut) {
        cut -= 1;
    }
    doc.text.truncate(cut);
    doc.warnings.push(Warning::new(
        "textract",
        format!("text cut at {max} bytes (Limits::max_output_bytes)"),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_limit_is_checked_before_detection() {
        let mut options = Options::default();
        options.limits.max_input_bytes = 4;
        let err = extract(b"%PDF-1.4", &options).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::LimitExceeded);
        assert_eq!(err.to_string(), "input bytes exceeds the limit of 4");
    }

    #[test]
    fn output_is_cut_at_a_char_boundary() {
        let mut doc = Document::new(Format::Text);
        doc.text = "aé€".into(); // 1 + 2 + 3 bytes
        truncate_output(&mut doc, 4);
        assert_eq!(doc.text, "aé");
        assert_eq!(doc.warnings.len(), 1);
    }

    #[test]
    fn formats_without_a_layer_are_unsupported_not_empty() {
        let err = extract(b"x", &Options::default().with_format(Format::Xlsb)).unwrap_err();
        assert!(matches!(
            err,
            Error::Unsupported {
                format: Some(Format::Xlsb),
                ..
            }
        ));
        assert_eq!(err.format(), Some(Format::Xlsb));
        assert_eq!(
            err.to_string(),
            "unsupported: Excel 2007+ binary workbook is not read"
        );
    }

    #[test]
    fn empty_input_is_its_own_error() {
        let err = extract(b"", &Options::default()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Empty);
        assert_eq!(err.kind().name(), "empty");
    }
}
