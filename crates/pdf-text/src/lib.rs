//! `pdf-text`: readable text from PDF pages.
//!
//! What it does: interprets each page's content streams (graphics and text
//! state, `Tj TJ ' "`, Form XObjects, marked content with `/ActualText`),
//! finds the Unicode of every glyph (ToUnicode, predefined CJK CMaps and
//! Adobe collections, simple-font encodings and glyph names, embedded
//! TrueType `cmap`/`post` tables), places glyphs with their widths, and lays
//! them out as words, lines and blocks in reading order — two and three
//! columns, vertical Japanese, rotated pages — with pages separated by a form
//! feed as `pdftotext` does. A layout mode keeps horizontal positions.
//!
//! What it does not: parse PDF syntax or decrypt (that is `pdf-lex`), parse
//! CMaps (that is `pdf-cmap`), read metadata (the facade takes it from
//! `pdf-lex`), OCR images, or draw anything.
//!
//! ```
//! let pdf = b"%PDF-1.4
//! 1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj
//! 2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1/MediaBox[0 0 612 792]>> endobj
//! 3 0 obj <</Type/Page/Parent 2 0 R/Contents 4 0 R
//!   /Resources <</Font <</F1 5 0 R>>>>>> endobj
//! 4 0 obj <</Length 44>> stream
//! BT /F1 12 Tf 72 700 Td (Hello, world) Tj ET
//! endstream endobj
//! 5 0 obj <</Type/Font/Subtype/Type1/BaseFont/Helvetica>> endobj
//! trailer <</Root 1 0 R>>
//! %%EOF";
//! let out = pdf_text::extract_bytes(pdf, &pdf_text::Options::default())?;
//! assert_eq!(out.text, "Hello, world\n\u{c}");
//! assert_eq!(out.pages.len(), 1);
//! assert_eq!(out.unmapped_glyphs, 0);
//! # Ok::<(), pdf_text::Error>(())
//! ```
#![forbid(unsafe_code)]

mod data;
mod font;
mod interp;
mod layout;
mod matrix;
mod page;
mod placement;
mod std14;

pub use layout::is_cjk;

/// How text is extracted.
#[derive(Debug, Clone, PartialEq, Default)]
#[non_exhaustive]
pub struct Options {
    /// Keep horizontal positions (like `pdftotext -layout`) instead of
    /// reading order.
    pub layout: bool,
    /// Keep a word hyphenated at a line end as printed (`com-⏎pile`)
    /// instead of joining it (`compile`, the default, as `pdftotext` does).
    pub keep_hyphenation: bool,
    /// Password for encrypted documents (`extract_bytes` only; the empty
    /// password is always tried).
    pub password: Option<String>,
    /// Caps on work and output.
    pub limits: Limits,
    /// Only these pages (1-based, inclusive ranges), in document order;
    /// `None` for every page. The other pages are not interpreted and do not
    /// appear in the text.
    pub pages: Option<Vec<std::ops::RangeInclusive<usize>>>,
    /// `pdf-lex`'s caps (stream and document decompressed bytes, objects,
    /// depth) for the document [`extract_bytes`] opens; the facade lowers
    /// the stream cap to 16 MiB.
    pub pdf_limits: pdf_lex::Limits,
}

/// Caps that keep hostile files from using unbounded time or memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Pages read at most.
    pub max_pages: usize,
    /// Glyphs kept per page.
    pub max_glyphs_per_page: usize,
    /// Content-stream operations run per page (forms included).
    pub max_ops_per_page: usize,
    /// Content-stream operations run in the whole document; the pages after
    /// the one that reaches it are dropped with a warning.
    pub max_ops_per_document: usize,
    /// The instant extraction gives up: checked every few thousand
    /// operations and before each page; the text read so far is kept and a
    /// warning says where it stopped.
    pub deadline: Option<std::time::Instant>,
    /// Form XObjects nested at most this deep.
    pub max_form_depth: usize,
    /// Bytes of text produced at most; later pages are dropped with a warning.
    pub max_output_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_pages: 100_000,
            max_glyphs_per_page: 2_000_000,
            max_ops_per_page: 20_000_000,
            max_ops_per_document: 200_000_000,
            deadline: None,
            max_form_depth: 24,
            max_output_bytes: 256 << 20,
        }
    }
}

doc_model::warning_kinds! {
    /// What a [`Warning`] is about.
    pub enum WarningKind {
        /// A page's content streams, fonts, images or annotations; the
        /// message starts with the 1-based page number (`content: page 3: …`).
        Content => "content",
        /// A limit of [`Limits`] or the deadline stopped reading.
        Limit => "limit",
        /// The document as `pdf-lex` read it (by [`extract_bytes`]: its
        /// warning's own text follows).
        Document => "document",
    }
}

/// Something that went wrong but left the rest of the text readable: its
/// [`WarningKind`] and what was done. Displayed as `<kind>: <message>`.
pub type Warning = doc_model::Warning<WarningKind>;

/// A warning about the content of page `index` (0-based), shown as
/// `content: page N: message`.
pub(crate) fn page_warning(index: usize, message: impl std::fmt::Display) -> Warning {
    Warning::new(
        WarningKind::Content,
        format!("page {}: {message}", index + 1),
        None,
    )
}

/// The text of a document.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PdfText {
    /// All pages, each followed by a form feed (`\f`), as `pdftotext` prints them.
    pub text: String,
    /// Each page's text, without the form feed.
    pub pages: Vec<String>,
    /// What could not be read.
    pub warnings: Vec<Warning>,
    /// Glyphs no map could give a Unicode value; each came out as U+FFFD.
    pub unmapped_glyphs: usize,
}

/// Why no text at all could be extracted.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The document is encrypted and the password is missing or wrong.
    #[error("the document is encrypted and the password is missing or wrong")]
    Encrypted,
    /// The file could not be read as a PDF.
    #[error("cannot read the PDF: {0}")]
    Pdf(#[source] pdf_lex::Error),
}

impl From<pdf_lex::Error> for Error {
    fn from(e: pdf_lex::Error) -> Self {
        match e {
            pdf_lex::Error::Encrypted => Error::Encrypted,
            other => Error::Pdf(other),
        }
    }
}

/// Extracts the text of every page of an opened document.
///
/// A page that cannot be read yields an empty page and a warning; only a
/// document without a readable page tree is an error.
pub fn extract(doc: &pdf_lex::Document<'_>, options: &Options) -> Result<PdfText, Error> {
    page::extract(doc, options)
}

/// Opens `data` with `pdf-lex` (the empty password, or `options.password`)
/// and extracts its text. `pdf-lex`'s own warnings (a rebuilt xref, a
/// damaged stream) come first in `warnings`.
pub fn extract_bytes(data: &[u8], options: &Options) -> Result<PdfText, Error> {
    let mut lex_options = pdf_lex::Options::default();
    lex_options.password.clone_from(&options.password);
    lex_options.limits = options.pdf_limits.clone();
    let doc = pdf_lex::Document::open_with(data, &lex_options)?;
    let mut out = extract(&doc, options)?;
    let lex: Vec<Warning> = doc
        .warnings()
        .into_iter()
        .map(|w| Warning::new(WarningKind::Document, w.to_string(), None))
        .collect();
    out.warnings.splice(0..0, lex);
    Ok(out)
}
