//! The one document model every format is extracted into.

use std::fmt;

use serde::Serialize;

pub use doc_model::{Block, EmbeddedKind, Metadata, Part, PartKind};
pub use doc_render::Target;

use crate::{ErrorInfo, Format};

/// What `extract` returns: the text, parts, metadata and encoding of one
/// document, the files embedded in it (each extracted in turn), and the
/// warnings of the layers that read it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Document {
    /// The format the document was read as.
    pub format: Format,
    /// The extracted text in reading order: the parts joined, or for a paged
    /// format (PDF) the pages separated by `\f`. Embedded documents are not
    /// in it; [`Document::text_with_embedded`] adds them.
    pub text: String,
    /// The document's stories — body, headers, footers, notes, comments,
    /// text boxes, slides, sheets, annotations, form fields — in reading
    /// order. A paged format keeps its pages in `text`; its parts are only
    /// what is not page text. A document that is one body and nothing else
    /// (plain text, HTML, XML) has no parts: `text` is its body, held once.
    pub parts: Vec<Part>,
    /// The structure of the body where the body is not a part (HTML, and
    /// the formats whose layer states it); empty otherwise —
    /// [`Document::body_blocks`] then reads the text's lines as paragraphs.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub blocks: Vec<Block>,
    /// Document properties, each present only when the file states it.
    pub metadata: Metadata,
    /// The WHATWG name of the character encoding the text was decoded from
    /// (`Shift_JIS`, `windows-1251`, …), for formats stored in one.
    pub encoding: Option<String>,
    /// What was damaged, skipped or guessed; the text is what could be read.
    pub warnings: Vec<Warning>,
    /// The files inside the document (attachments, OLE objects, archive
    /// entries, and with [`crate::EmbeddedOptions::images`] pictures), each
    /// with its own extraction.
    pub embedded: Vec<Embedded>,
    /// Files a layer found, not yet turned into [`Embedded`] entries.
    #[serde(skip)]
    pub(crate) pending: Vec<doc_model::EmbeddedFile>,
}

impl Document {
    /// An empty document of `format`, to be filled by a layer.
    pub(crate) fn new(format: Format) -> Document {
        Document {
            format,
            text: String::new(),
            parts: Vec::new(),
            blocks: Vec::new(),
            metadata: Metadata::default(),
            encoding: None,
            warnings: Vec::new(),
            embedded: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// A document of `format` holding what a format crate read: its text,
    /// metadata, parts, and the embedded files still to extract.
    /// A format layer's result as a document of `format`: its text, parts,
    /// metadata, encoding and embedded files (extracted later), its
    /// warnings told as `layer`'s (the crate's name).
    pub(crate) fn from_layer<K: doc_model::WarningKind, D>(
        format: Format,
        layer: &'static str,
        read: doc_model::Extraction<K, D>,
    ) -> Document {
        let mut doc = Document {
            text: read.text(),
            metadata: read.metadata,
            parts: read.parts,
            pending: read.embedded,
            encoding: read.encoding.map(str::to_string),
            ..Document::new(format)
        };
        doc.warn_from(layer, &read.warnings);
        doc
    }

    /// Adds a layer's warnings, each told as that layer's.
    pub(crate) fn warn_from<W: fmt::Display>(
        &mut self,
        layer: &'static str,
        warnings: impl IntoIterator<Item = W>,
    ) {
        self.warnings.extend(
            warnings
                .into_iter()
                .map(|w| Warning::new(layer, w.to_string())),
        );
    }

    /// The MIME type of the format.
    pub fn mime_type(&self) -> &'static str {
        self.format.mime_type()
    }

    /// The text, followed by the text of every embedded document (depth
    /// first, in order), each after a `--- <embedded path> ---` line: what the
    /// command line prints, and what a search index wants as one string.
    pub fn text_with_embedded(&self) -> String {
        let mut out = self.text.clone();
        for e in &self.embedded {
            e.append_text(&mut out);
        }
        out
    }

    /// The blocks of the body where the body is not one of the parts: the
    /// stated [`Document::blocks`], else the text's lines as paragraphs for
    /// a document whose parts hold no reading flow (HTML, text, PDF pages),
    /// else none (the parts hold the body).
    pub fn body_blocks(&self) -> std::borrow::Cow<'_, [Block]> {
        use std::borrow::Cow;
        if !self.blocks.is_empty() {
            return Cow::Borrowed(&self.blocks);
        }
        if self.parts_hold_the_flow() {
            Cow::Borrowed(&[])
        } else {
            Cow::Owned(doc_model::paragraphs_of(&self.text))
        }
    }

    /// Whether the parts hold the reading flow (a body, slides, sheets).
    fn parts_hold_the_flow(&self) -> bool {
        self.parts.iter().any(|p| {
            matches!(
                p.kind,
                PartKind::Body | PartKind::Slide | PartKind::Sheet | PartKind::Notes
            )
        })
    }

    /// This document (its embedded documents not included) rendered as
    /// `target`: the text itself, Markdown or an XHTML body fragment.
    pub fn render(&self, target: Target) -> String {
        match target {
            Target::Text => self.text.clone(),
            // A body that states no structure goes from its lines.
            t if self.blocks.is_empty() && !self.parts_hold_the_flow() => {
                doc_render::render_text(&self.text, &self.parts, t)
            }
            t => doc_render::render(&self.body_blocks(), &self.parts, t),
        }
    }

    /// [`Document::render`] followed by every embedded document's (depth
    /// first): for text as [`Document::text_with_embedded`]; in Markdown
    /// each after an `<!-- embedded: PATH -->` line; in XHTML each in a
    /// `<div class="package-entry">` headed by its name, as Tika writes them.
    pub fn render_with_embedded(&self, target: Target) -> String {
        if target == Target::Text {
            return self.text_with_embedded();
        }
        let mut out = self.render(target);
        for (e, doc) in self.walk().into_iter().skip(1) {
            let Some(e) = e else { continue };
            let own = doc.render(target);
            match target {
                Target::Html => {
                    out.push_str("<div class=\"package-entry\">\n<h1>");
                    out.push_str(&xml_escape(e.name.as_deref().unwrap_or(&e.path)));
                    out.push_str("</h1>\n");
                    out.push_str(&own);
                    out.push_str("</div>\n");
                }
                _ => {
                    if !out.is_empty() && !out.ends_with("\n\n") {
                        out.push('\n');
                    }
                    out.push_str("<!-- embedded: ");
                    out.push_str(&e.path.replace("--", "- -"));
                    out.push_str(" -->\n\n");
                    out.push_str(&own);
                }
            }
        }
        out
    }

    /// Every document in the tree — this one, then each embedded document
    /// depth first — with its embedded path (`None` for this one).
    pub fn walk(&self) -> Vec<(Option<&Embedded>, &Document)> {
        let mut out = vec![(None, self)];
        fn visit<'a>(doc: &'a Document, out: &mut Vec<(Option<&'a Embedded>, &'a Document)>) {
            for e in &doc.embedded {
                if let Content::Document(child) = &e.content {
                    out.push((Some(e), child));
                    visit(child, out);
                }
            }
        }
        visit(self, &mut out);
        out
    }
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A file inside a document: where it sits, what it is, and what came of
/// extracting it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Embedded {
    /// Its position in the container from the top document, as Apache Tika
    /// writes `X-TIKA:embedded_resource_path`
    /// (`/ObjectPool/_1310388058/report.xls`, `/attach2.pdf/ja_notice.doc`).
    pub path: String,
    /// Its own file name, where the container states one.
    pub name: Option<String>,
    /// How it is embedded.
    pub kind: EmbeddedKind,
    /// Its media type: as the container states it, else as detected.
    pub media_type: Option<String>,
    /// Its size in bytes.
    pub size: u64,
    /// The SHA-256 of its bytes, lowercase hex.
    pub sha256: String,
    /// Width and height in pixels, for an image whose header states them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dimensions: Option<(u32, u32)>,
    /// The extracted document, the error for this child alone, or nothing.
    #[serde(skip)]
    pub content: Content,
    /// The bytes, kept only with [`crate::EmbeddedOptions::keep_bytes`]
    /// (`--extract-dir`).
    #[serde(skip)]
    pub data: Option<Vec<u8>>,
}

impl Embedded {
    fn append_text(&self, out: &mut String) {
        let Content::Document(doc) = &self.content else {
            return;
        };
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str("--- ");
        out.push_str(&self.path);
        out.push_str(" ---\n");
        out.push_str(&doc.text);
        for e in &doc.embedded {
            e.append_text(out);
        }
    }
}

/// What came of extracting an embedded file.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Content {
    /// The child's own document (recursively, with its parts and embedded files).
    Document(Box<Document>),
    /// The child could not be extracted; its parent is unaffected.
    Failed(ErrorInfo),
    /// Not extracted: a picture, or a limit or cycle stopped it (a warning
    /// on the parent says which).
    NotExtracted,
}

/// A defect found while reading: the layer that found it and what it says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Warning {
    /// The layer that reported it (`pdf-lex`, `ole-cfb-read`, `textract`, …).
    pub layer: &'static str,
    /// What was wrong and what was done about it.
    pub message: String,
}

impl Warning {
    /// A warning from `layer`.
    pub fn new(layer: &'static str, message: impl Into<String>) -> Warning {
        Warning {
            layer,
            message: message.into(),
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.layer, self.message)
    }
}
