//! What the caller can tell `extract`: a format to trust, a transport
//! content type, a password, and limits.

use std::ops::RangeInclusive;
use std::time::{Duration, Instant};

use crate::Format;

/// Options for [`crate::extract`]. `Options::default()` detects the format and
/// applies [`Limits::default()`].
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Options {
    /// Skip detection and read the bytes as this format.
    pub format: Option<Format>,
    /// A transport-layer `Content-Type` (e.g. `text/html; charset=Shift_JIS`)
    /// for HTML and text charset sniffing, as a browser would get it from HTTP.
    pub content_type: Option<String>,
    /// The password of an encrypted document (PDF user or owner password,
    /// Office, ODF); the empty or the format's default password is always
    /// tried first.
    pub password: Option<String>,
    /// PDF: keep the horizontal positions of the text on each line (like
    /// `pdftotext -layout`) instead of reading order.
    pub layout: bool,
    /// PDF: keep a word hyphenated at a line end as printed (`com-⏎pile`)
    /// instead of joining it (`compile`, the default, as pdftotext does).
    pub keep_hyphenation: bool,
    /// Paged formats (PDF): only these pages, 1-based inclusive ranges
    /// ([`parse_pages`] reads `3-5,8`); `None` for all.
    pub pages: Option<Vec<RangeInclusive<usize>>>,
    /// Read the metadata only: `text` and `parts` stay empty, and layers
    /// that can skip the text (PDF) do.
    pub metadata_only: bool,
    /// The caller wants the plain text alone: layers that build their
    /// structure beside the text (HTML) may skip it, leaving
    /// [`crate::Document::blocks`] empty. Off by default.
    pub text_only: bool,
    /// Limits that keep one bad file from taking the machine.
    pub limits: Limits,
    /// Whether and how far to extract the files inside a document.
    pub embedded: EmbeddedOptions,
}

impl Options {
    /// Default options with `format` forced.
    pub fn with_format(mut self, format: Format) -> Options {
        self.format = Some(format);
        self
    }

    /// Default options with a password for encrypted documents.
    pub fn with_password(mut self, password: impl Into<String>) -> Options {
        self.password = Some(password.into());
        self
    }

    /// Default options with a transport-layer content type.
    pub fn with_content_type(mut self, content_type: impl Into<String>) -> Options {
        self.content_type = Some(content_type.into());
        self
    }
}

/// Limits with defaults a server can live with: together they keep one
/// hostile file under about a second and 64 MiB plus twice its size
/// (`crates/textract/tests/hostile.rs` checks that on `fixtures/hostile/`).
///
/// Exceeding a limit gives [`crate::Error::LimitExceeded`] when nothing
/// useful was read yet, or a [`crate::Warning`] and the text read so far.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Largest input accepted, in bytes (default 1 GiB).
    pub max_input_bytes: u64,
    /// Largest text returned, in bytes of UTF-8 (default 256 MiB); longer text
    /// is cut at a character boundary with a warning.
    pub max_output_bytes: usize,
    /// Largest decompressed stream, in bytes (default 16 MiB): a PDF stream
    /// after its filters, an OLE stream's declared size. Decoding holds up
    /// to twice this while its buffer grows, so it is what bounds memory.
    pub max_stream_bytes: usize,
    /// Most decompressed bytes over the whole document (default 256 MiB),
    /// counting a stream again each time it is decoded (a content stream
    /// shared by many pages).
    pub max_decompressed_bytes: u64,
    /// Most objects (PDF objects cached or in one object stream, OLE
    /// directory entries) (default 1,000,000).
    pub max_objects: usize,
    /// Deepest nesting of PDF arrays and dictionaries and of the page tree
    /// (default 256); OLE storages and PDF Form XObjects keep their layers'
    /// tighter defaults (64 and 24) when this is larger.
    pub max_depth: usize,
    /// Most pages read (default 100,000); later pages are dropped with a warning.
    pub max_pages: usize,
    /// Most content-stream operations run on one PDF page, Form XObjects
    /// included (default 2,000,000; a dense real page has well under a
    /// million); the rest of the page is dropped with a warning.
    pub max_operations_per_page: usize,
    /// Most content-stream operations run in one PDF (default 100,000,000,
    /// a few tenths of a second); the pages after the one that reaches it
    /// are dropped with a warning. Pages that share their content stream
    /// and resources are interpreted once.
    pub max_operations_per_document: usize,
    /// Wall-clock time allowed per document (default 30 s; `None` for no
    /// deadline). Checked inside the long loops the layers expose: PDF
    /// object loads, stream decoding, xref recovery and content-stream
    /// interpretation, Word piece assembly. Past it, a document gives what was read with a warning,
    /// or [`crate::Error::LimitExceeded`] `{ what: "deadline", .. }`.
    pub deadline: Option<Duration>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_input_bytes: 1 << 30,
            max_output_bytes: 256 << 20,
            max_stream_bytes: 16 << 20,
            max_decompressed_bytes: 256 << 20,
            max_objects: 1_000_000,
            max_depth: 256,
            max_pages: 100_000,
            max_operations_per_page: 2_000_000,
            max_operations_per_document: 100_000_000,
            deadline: Some(Duration::from_secs(30)),
        }
    }
}

impl Limits {
    /// The instant the deadline falls on, counted from now.
    pub(crate) fn deadline_from_now(&self) -> Option<Instant> {
        self.deadline.and_then(|d| Instant::now().checked_add(d))
    }
}

/// Extraction of the files inside a document (attachments, OLE objects,
/// archive entries, pictures), bounded like Apache Tika's embedded-document
/// limits. Each limit that trips is a warning on the document naming it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct EmbeddedOptions {
    /// Extract embedded documents at all (default true; `--no-embedded`).
    pub extract: bool,
    /// List pictures too (default false: decoding every image of a PDF to
    /// PNG costs more than its text; `--images`, implied by `--extract-dir`).
    pub images: bool,
    /// Keep each embedded file's bytes in [`crate::Embedded::data`]
    /// (default false; `--extract-dir` sets it).
    pub keep_bytes: bool,
    /// Deepest nesting entered (default 10): a child at depth 11 is listed, not extracted.
    pub max_depth: usize,
    /// Most embedded files per top document (default 10,000).
    pub max_count: usize,
    /// Most bytes of embedded files per top document, after decompression
    /// (default 256 MiB).
    pub max_total_bytes: u64,
    /// Largest ratio of an archive entry's size to its compressed size
    /// (default 100): a zip bomb's entries are skipped, not inflated.
    pub max_ratio: u64,
}

impl Default for EmbeddedOptions {
    fn default() -> EmbeddedOptions {
        EmbeddedOptions {
            extract: true,
            images: false,
            keep_bytes: false,
            max_depth: 10,
            max_count: 10_000,
            max_total_bytes: 256 << 20,
            max_ratio: 100,
        }
    }
}

/// Parses a page selection like `3`, `3-5`, `7-` (to the end) or `1-3,8`
/// into 1-based inclusive ranges.
///
/// ```
/// assert_eq!(textract::parse_pages("1-3,8").unwrap(), vec![1..=3, 8..=8]);
/// assert_eq!(textract::parse_pages("7-").unwrap(), vec![7..=usize::MAX]);
/// assert!(textract::parse_pages("0").is_err());
/// assert!(textract::parse_pages("5-3").is_err());
/// ```
pub fn parse_pages(spec: &str) -> Result<Vec<RangeInclusive<usize>>, String> {
    let number = |s: &str| -> Result<usize, String> {
        match s.trim().parse::<usize>() {
            Ok(n) if n >= 1 => Ok(n),
            _ => Err(format!("`{s}` is not a page number (pages count from 1)")),
        }
    };
    let mut out = Vec::new();
    for item in spec.split(',') {
        let range = match item.split_once('-') {
            None => {
                let n = number(item)?;
                n..=n
            }
            Some((a, b)) => {
                let first = if a.trim().is_empty() { 1 } else { number(a)? };
                let last = if b.trim().is_empty() {
                    usize::MAX
                } else {
                    number(b)?
                };
                if last < first {
                    return Err(format!("`{item}`: the range ends before it starts"));
                }
                first..=last
            }
        };
        out.push(range);
    }
    Ok(out)
}
