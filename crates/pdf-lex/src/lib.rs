//! `pdf-lex`: PDF syntax and file structure — bytes to objects, pages and
//! content-stream tokens.
//!
//! What it does: the lexer (ISO 32000-1 §7.2–7.3; the token grammar is
//! written with `nom` over `&[u8]`, borrowing from the input until an
//! [`Object`] is built), cross-reference tables and streams, object
//! streams, incremental updates (`/Prev`), hybrid files, recovery by
//! scanning when the xref is missing or wrong, lazy object resolution with a
//! cache and cycle detection, stream filters (Flate with PNG/TIFF
//! predictors, LZW, ASCII85, ASCIIHex, RunLength; image filters passed
//! through), the standard security handler (RC4 40/128, AES-128, AES-256;
//! revisions 2–6), the page tree with inherited attributes, the `Info`
//! dictionary and XMP, and a content-stream tokenizer. Besides the page
//! text, [`Document::extras`] gathers what a PDF holds in `doc-model`
//! terms: attachments (the `/EmbeddedFiles` name tree and `FileAttachment`
//! annotations), images (DCT as the JPEG itself, JPX and JBIG2 as they are,
//! everything else decoded to PNG), the text of annotations and the values
//! of AcroForm fields.
//!
//! What it does not: interpret content (text, fonts, layout: that is
//! `pdf-text`), render, apply ICC profiles, decode JPEG 2000 or JBIG2,
//! write PDF.
//!
//! ```
//! use pdf_lex::{content::Operations, Document};
//!
//! let pdf = b"%PDF-1.4
//! 1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj
//! 2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1/MediaBox[0 0 612 792]>> endobj
//! 3 0 obj <</Type/Page/Parent 2 0 R/Contents 4 0 R>> endobj
//! 4 0 obj <</Length 23>> stream
//! BT (Hello) Tj ET q Q
//! endstream endobj
//! trailer <</Root 1 0 R>>
//! %%EOF";
//! let doc = Document::open(pdf)?;        // no xref: rebuilt by scanning
//! let pages = doc.pages()?;
//! assert_eq!(pages.len(), 1);
//! assert_eq!(pages[0].media_box, Some([0.0, 0.0, 612.0, 792.0]));
//! let content = doc.page_contents(&pages[0])?;
//! let ops: Vec<_> = Operations::new(&content).map(|op| op.operator).collect();
//! assert_eq!(ops, [&b"BT"[..], b"Tj", b"ET", b"q", b"Q"]);
//! # Ok::<(), pdf_lex::Error>(())
//! ```
//!
//! Attachments, images and notes:
//!
//! ```
//! use doc_model::{EmbeddedKind, PartKind};
//! use pdf_lex::{Document, ExtrasOptions};
//!
//! let pdf = b"%PDF-1.7
//! 1 0 obj <</Type/Catalog/Pages 2 0 R
//!   /Names <</EmbeddedFiles <</Names [(notes.txt) 6 0 R]>>>>>> endobj
//! 2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj
//! 3 0 obj <</Type/Page/Parent 2 0 R/Annots [5 0 R]
//!   /Resources <</XObject <</Im1 4 0 R>>>>>> endobj
//! 4 0 obj <</Type/XObject/Subtype/Image/Width 2/Height 1/BitsPerComponent 8
//!   /ColorSpace/DeviceGray/Length 2>> stream
//! \x00\xff
//! endstream endobj
//! 5 0 obj <</Type/Annot/Subtype/Text/Contents(Check this)/T(Ann)>> endobj
//! 6 0 obj <</Type/Filespec/UF(notes.txt)/EF <</F 7 0 R>>>> endobj
//! 7 0 obj <</Type/EmbeddedFile/Subtype/text#2Fplain/Length 5>> stream
//! hello
//! endstream endobj
//! trailer <</Root 1 0 R>>";
//! let doc = Document::open(pdf)?;
//! let extras = doc.extras(&ExtrasOptions::default());
//! assert_eq!(extras.parts[0].kind, PartKind::Comment);
//! assert_eq!(extras.parts[0].attribute("author"), Some("Ann"));
//! assert_eq!(extras.text(), "Check this\n");
//! let [notes, image] = &extras.embedded[..] else { panic!() };
//! assert_eq!((notes.path.as_str(), notes.data.as_slice()), ("/notes.txt", &b"hello"[..]));
//! assert_eq!(notes.media_type.as_deref(), Some("text/plain"));
//! assert_eq!((image.kind, image.path.as_str()), (EmbeddedKind::Image, "/image4.png"));
//! assert!(image.data.starts_with(b"\x89PNG"));
//! # Ok::<(), pdf_lex::Error>(())
//! ```
#![forbid(unsafe_code)]

mod annotation;
mod color_space;
pub mod content;
mod crypt;
mod document;
mod extras;
mod file_spec;
pub mod filters;
mod function;
mod image;
mod interactive_form;
mod lexer;
mod name_tree;
mod object;
mod page;
mod rich_text;
mod text;
mod token;
mod xref;

pub use annotation::Annotation;
pub use document::Document;
pub use extras::{Extras, ExtrasOptions};
pub use file_spec::Attachment;
pub use image::{Image, ImageEncoding, ImageRole};
pub use interactive_form::{FieldKind, FormField};
pub use object::{Dict, ObjRef, Object, Stream};
pub use page::Page;
pub use text::{Info, decode_text_string, pdf_date_to_rfc3339};

/// What can go wrong reading a PDF.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Not a PDF: no `%PDF-` header and no objects.
    #[error("not a PDF file")]
    NotPdf,
    /// Encrypted, and the password (empty by default) is wrong or missing.
    #[error("the document is encrypted and the password is missing or wrong")]
    Encrypted,
    /// The data ends inside a structure.
    #[error("truncated {what} at offset {offset}")]
    Truncated {
        /// What was being read.
        what: &'static str,
        /// Where it started.
        offset: usize,
    },
    /// A syntax error.
    #[error("syntax error at offset {offset}: {what}")]
    Syntax {
        /// What was expected or found.
        what: &'static str,
        /// Where.
        offset: usize,
    },
    /// A structure is damaged beyond repair.
    #[error("corrupt PDF: {0}")]
    Corrupt(String),
    /// A reference cycle.
    #[error("reference cycle at object {0}")]
    Cycle(ObjRef),
    /// A limit in [`Limits`] was reached.
    #[error("limit exceeded: {what} (limit {limit})")]
    LimitExceeded {
        /// Which limit.
        what: &'static str,
        /// Its value.
        limit: u64,
    },
    /// A feature this crate does not implement (a filter, a security handler).
    #[error("unsupported: {0}")]
    Unsupported(String),
}

doc_model::warning_kinds! {
    /// The part of the file a [`Warning`] is about.
    pub enum WarningKind {
        /// The cross-reference table or stream, the trailer, objects found
        /// by scanning instead (ISO 32000-1 7.5).
        Xref => "xref",
        /// The `/Encrypt` dictionary (7.6).
        Encryption => "encryption",
        /// A stream's data or its filters; a page's content streams (7.3.8, 7.4).
        Stream => "stream",
        /// The page tree and its inherited attributes (7.7.3).
        Pages => "page tree",
        /// An image XObject or inline image (8.9).
        Image => "image",
        /// An embedded file or its file specification (7.11).
        Attachment => "attachment",
        /// An annotation (12.5).
        Annotation => "annotation",
        /// An interactive form field (12.7).
        Form => "form",
        /// A limit or the deadline stopped reading; the rest was left out.
        Limit => "limit",
    }
}

/// A repaired or skipped problem; the document was still read: its
/// [`WarningKind`], what was done, and the byte offset where known.
/// Displayed as `<kind>: <message>`, then ` at offset N`.
pub type Warning = doc_model::Warning<WarningKind>;

/// Caps on work and memory for untrusted input.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Largest decoded stream, in bytes (default 256 MiB).
    pub max_stream_bytes: usize,
    /// Deepest nesting of arrays/dictionaries and of the page tree (default 256).
    pub max_depth: usize,
    /// Most pages (default 1,000,000); later pages are dropped with a warning.
    pub max_pages: usize,
    /// Most xref sections followed through `/Prev` (default 1,024).
    pub max_xref_sections: usize,
    /// Most objects cached or read from one object stream (default 4,000,000).
    pub max_objects: usize,
    /// Most decoded stream bytes over the whole document (default 4 GiB);
    /// once spent, [`Document::stream_data`] returns [`Error::LimitExceeded`].
    pub max_document_stream_bytes: u64,
    /// Most attachments returned (default 1,000); the rest are skipped
    /// with a warning.
    pub max_attachments: usize,
    /// Most images returned (default 10,000); the rest are skipped with a
    /// warning.
    pub max_images: usize,
    /// Most pixels of one image decoded (default 2^26, 67 million); a
    /// larger image is skipped with a warning before anything is allocated.
    pub max_image_pixels: u64,
    /// Most bytes of attachments and images returned together (default
    /// 1 GiB); a file that would pass it is skipped with a warning.
    pub max_embedded_bytes: u64,
    /// Most annotations read, and most annotation and form-field parts
    /// returned (default 100,000).
    pub max_parts: usize,
    /// The moment after which object loads, stream decoding and xref
    /// recovery give up with [`Error::LimitExceeded`] `{ what: "deadline" }`
    /// (default none).
    pub deadline: Option<std::time::Instant>,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_stream_bytes: 256 << 20,
            max_depth: 256,
            max_pages: 1_000_000,
            max_xref_sections: 1024,
            max_objects: 4_000_000,
            max_document_stream_bytes: 4 << 30,
            max_attachments: 1000,
            max_images: 10_000,
            max_image_pixels: 1 << 26,
            max_embedded_bytes: 1 << 30,
            max_parts: 100_000,
            deadline: None,
        }
    }
}

/// How to open a document.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The user or owner password; the empty password is always tried too.
    pub password: Option<String>,
    /// Limits.
    pub limits: Limits,
}

impl Options {
    /// Default options with `password`.
    pub fn with_password(password: impl Into<String>) -> Options {
        Options {
            password: Some(password.into()),
            ..Options::default()
        }
    }
}
