//! `textract`: detect a document's format from its bytes, run the layer that
//! reads it, and return one [`Document`] — text, metadata, encoding, warnings.
//!
//! This crate is a thin facade: it holds no format logic of its own. Each
//! format lives in its own crate, usable alone: `ole-cfb-read` (OLE compound
//! files), `msdoc-text` (Word 97–2003 and 6/95), `pdf-lex` and `pdf-text`
//! (PDF), `pdf-cmap` (CMaps and encodings), `html-charset` and `html-text`
//! (HTML and plain text in any encoding).
//!
//! What it does not do: guess from file names, write documents, or return an
//! empty success for a format it cannot read — such a format gives
//! [`Error::Unsupported`] naming it.
//!
//! ```
//! use textract::{extract, Format, Options};
//!
//! let doc = extract(b"<!DOCTYPE html><title>Hi</title><p>Hello, world", &Options::default())?;
//! assert_eq!(doc.format, Format::Html);
//! assert!(doc.text.contains("Hello, world"));
//! assert_eq!(doc.metadata.title.as_deref(), Some("Hi"));
//! # Ok::<(), textract::Error>(())
//! ```
#![forbid(unsafe_code)]

mod container;
mod document;
mod error;
mod format;
mod markup;
mod options;
mod pdf;

use std::path::Path;
use std::time::Instant;

pub use document::{Document, Metadata, Warning};
pub use error::{Error, ErrorKind};
pub use format::{ALL_FORMATS, Format, UnknownFormat};
pub use options::{Limits, Options};

/// Extracts the text and metadata of the document in `bytes`.
///
/// The format is detected from the bytes unless [`Options::format`] names it.
pub fn extract(bytes: &[u8], options: &Options) -> Result<Document, Error> {
    let limit = options.limits.max_input_bytes;
    if bytes.len() as u64 > limit {
        return Err(Error::LimitExceeded {
            what: "input bytes",
            limit,
        });
    }
    let deadline = options.limits.deadline_from_now();
    let format = options.format.unwrap_or_else(|| Format::detect(bytes));
    let result = match format {
        Format::Pdf => pdf::extract(bytes, options, deadline),
        Format::Doc => container::extract_doc(bytes, options, deadline),
        Format::Html | Format::Xml => Ok(markup::extract_html(bytes, format, options)),
        Format::Text => Ok(markup::extract_text(bytes, options)),
        Format::OoxmlEncrypted => return Err(Error::Encrypted(format)),
        other => return Err(Error::Unsupported(other)),
    };
    let mut doc = match (result, deadline) {
        (Ok(doc), _) => doc,
        // A layer that ran out of time may report what it then could not
        // read (a missing catalog, an unreadable stream): say why.
        (Err(_), Some(d)) if Instant::now() >= d => {
            return Err(Error::LimitExceeded {
                what: "deadline (milliseconds)",
                limit: options
                    .limits
                    .deadline
                    .map_or(0, |t| u64::try_from(t.as_millis()).unwrap_or(u64::MAX)),
            });
        }
        (Err(e), _) => return Err(e),
    };
    truncate_output(&mut doc, options.limits.max_output_bytes);
    Ok(doc)
}

/// Reads the file at `path` and extracts it as [`extract`] does; the file's
/// size is checked against the input limit before it is read.
pub fn extract_path(path: impl AsRef<Path>, options: &Options) -> Result<Document, Error> {
    let path = path.as_ref();
    let limit = options.limits.max_input_bytes;
    if std::fs::metadata(path)?.len() > limit {
        return Err(Error::LimitExceeded {
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
        let err = extract(b"x", &Options::default().with_format(Format::Pptx)).unwrap_err();
        assert!(matches!(err, Error::Unsupported(Format::Pptx)));
        assert_eq!(err.to_string(), "pptx documents are not supported yet");
    }
}
