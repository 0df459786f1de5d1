//! `doc-model`: the vocabulary every format layer of textract fills — a
//! document's stories as [`Part`]s, the files inside it as
//! [`EmbeddedFile`]s, and its properties as [`Metadata`].
//!
//! A layer such as `xls-text` or `rtf-text` returns its parts, metadata and
//! embedded files in these types, and its defects as [`Warning`]s of its own
//! kinds; the `textract` facade puts them into its
//! `Document` unchanged and sends every embedded file back through format
//! detection. The crate has no dependencies (`serde` behind a feature) and
//! does no parsing.
//!
//! ```
//! use doc_model::{join_parts, EmbeddedFile, EmbeddedKind, Part, PartKind};
//!
//! let parts = vec![
//!     Part::new(PartKind::Body, "The report.\n"),
//!     Part::new(PartKind::Footnote, "1 A source."),
//!     Part::named(PartKind::Sheet, "Q1", "Revenue\t12"),
//! ];
//! assert_eq!(join_parts(&parts), "The report.\n\n1 A source.\n\nRevenue\t12\n");
//!
//! let file = EmbeddedFile::new("/ObjectPool/_1310388058/report.xls", EmbeddedKind::OleObject, b"...".to_vec())
//!     .with_name("report.xls");
//! assert_eq!(file.name.as_deref(), Some("report.xls"));
//! ```
#![forbid(unsafe_code)]

use std::fmt;

mod block;
mod builder;
mod date;
mod eq_field;
mod error;
mod extraction;
mod limit;
mod list_number;
mod property;
mod warning;

pub use block::{Block, Cell, Inline, Link, Row, Table, paragraphs_of, plain_text, write_plain};
pub use builder::{Builder, OutputLimits, Suspended};
pub use date::{civil_from_days, rfc3339_utc};
pub use eq_field::eq_field_text;
pub use extraction::Extraction;
pub use limit::{deadline_passed, limit_reached};
pub use list_number::NumberFormat;
pub use property::{Field, Key, Person, Properties, Property, Value, keys};
pub use warning::{Warning, WarningKind};

/// What a [`Part`] of a document is: which story it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum PartKind {
    /// The main text.
    Body,
    /// A page header (of a section, sheet or slide layout).
    Header,
    /// A page footer.
    Footer,
    /// A footnote.
    Footnote,
    /// An endnote.
    Endnote,
    /// A comment (annotation) attached to the text, with its author as an attribute.
    Comment,
    /// A text box or the text of a shape.
    TextBox,
    /// One slide of a presentation (`name` = its number, from 1).
    Slide,
    /// A slide's speaker notes (`name` = the slide's number).
    Notes,
    /// Real text on a master or layout slide (a footer, a logo caption).
    Master,
    /// One worksheet (`name` = the sheet's name).
    Sheet,
    /// A PDF annotation's text (`/Contents` of Text, FreeText, …).
    Annotation,
    /// A form field's value (`name` = the field's name).
    FormField,
}

impl PartKind {
    /// The snake_case name used in JSON (`text_box`, `form_field`, …).
    pub fn name(self) -> &'static str {
        match self {
            PartKind::Body => "body",
            PartKind::Header => "header",
            PartKind::Footer => "footer",
            PartKind::Footnote => "footnote",
            PartKind::Endnote => "endnote",
            PartKind::Comment => "comment",
            PartKind::TextBox => "text_box",
            PartKind::Slide => "slide",
            PartKind::Notes => "notes",
            PartKind::Master => "master",
            PartKind::Sheet => "sheet",
            PartKind::Annotation => "annotation",
            PartKind::FormField => "form_field",
        }
    }
}

impl fmt::Display for PartKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One story of a document: its kind, an optional name (sheet name, slide
/// number, field name), its blocks and their plain text.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Part {
    /// Which story this is.
    pub kind: PartKind,
    /// The sheet's name, the slide's number, the field's name; `None` where
    /// the story has no name of its own.
    pub name: Option<String>,
    /// The plain text, lines separated by `\n`; table rows as lines, cells
    /// by TAB: [`plain_text`] of [`Part::blocks`] where the layer states
    /// structure.
    pub text: String,
    /// The story's structure; empty where the layer hands over text alone
    /// ([`Part::structure`] then reads each line as a paragraph).
    pub blocks: Vec<Block>,
    /// Facts about the part as `(key, value)` pairs in a stable order:
    /// `("hidden", "true")` or `("hidden", "very")` on a hidden sheet,
    /// `("author", …)` on a comment, `("date", …)` in RFC 3339.
    pub attributes: Vec<(String, String)>,
}

impl Part {
    /// A part of `kind` with `text`, no name and no stated structure.
    pub fn new(kind: PartKind, text: impl Into<String>) -> Part {
        Part {
            kind,
            name: None,
            text: text.into(),
            blocks: Vec::new(),
            attributes: Vec::new(),
        }
    }

    /// A part of `kind` made of `blocks`; its text is their plain rendering.
    pub fn from_blocks(kind: PartKind, blocks: Vec<Block>) -> Part {
        Part {
            text: plain_text(&blocks),
            blocks,
            ..Part::new(kind, String::new())
        }
    }

    /// A part of `kind` named `name`.
    pub fn named(kind: PartKind, name: impl Into<String>, text: impl Into<String>) -> Part {
        Part {
            name: Some(name.into()),
            ..Part::new(kind, text)
        }
    }

    /// The part with its name set.
    pub fn with_name(mut self, name: impl Into<String>) -> Part {
        self.name = Some(name.into());
        self
    }

    /// The part with the attribute `key` = `value` added.
    pub fn with_attribute(mut self, key: impl Into<String>, value: impl Into<String>) -> Part {
        self.attributes.push((key.into(), value.into()));
        self
    }

    /// The value of attribute `key`, if set.
    pub fn attribute(&self, key: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The blocks of the part: those the layer stated, or else each line of
    /// the text as a paragraph.
    pub fn structure(&self) -> std::borrow::Cow<'_, [Block]> {
        if self.blocks.is_empty() {
            std::borrow::Cow::Owned(paragraphs_of(&self.text))
        } else {
            std::borrow::Cow::Borrowed(&self.blocks)
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Part {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Part", 5)?;
        st.serialize_field("kind", &self.kind)?;
        st.serialize_field("name", &self.name)?;
        st.serialize_field("text", &self.text)?;
        st.serialize_field("blocks", &*self.structure())?;
        if !self.attributes.is_empty() {
            st.serialize_field("attributes", &AsMap(&self.attributes))?;
        }
        st.end()
    }
}

#[cfg(feature = "serde")]
struct AsMap<'a>(&'a [(String, String)]);

#[cfg(feature = "serde")]
impl serde::Serialize for AsMap<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        as_map(self.0, s)
    }
}

#[cfg(feature = "serde")]
fn as_map<S: serde::Serializer>(pairs: &[(String, String)], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(pairs.len()))?;
    for (k, v) in pairs {
        map.serialize_entry(k, v)?;
    }
    map.end()
}

/// The text of `parts` in order, as a reader would read them one after the
/// other: each part's text without trailing whitespace, blank parts left
/// out, parts separated by a blank line, and a final newline when anything
/// was written.
pub fn join_parts(parts: &[Part]) -> String {
    let mut out = String::new();
    for part in parts {
        let text = part.text.trim_end();
        if text.trim().is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push_str("\n\n");
        }
        out.push_str(text);
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out
}

/// How a file came to be inside a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum EmbeddedKind {
    /// A file attached to the document (PDF `/EmbeddedFiles`, a
    /// FileAttachment annotation).
    Attachment,
    /// An embedded OLE object or package (an `ObjectPool` storage, an
    /// `embeddings/` part, `\objdata`, an `Ole10Native` package's file).
    OleObject,
    /// A picture (a BLIP, an image XObject, a `media/` part).
    Image,
    /// A member of an archive (ZIP, tar, gzip).
    ArchiveEntry,
}

impl EmbeddedKind {
    /// The snake_case name used in JSON.
    pub fn name(self) -> &'static str {
        match self {
            EmbeddedKind::Attachment => "attachment",
            EmbeddedKind::OleObject => "ole_object",
            EmbeddedKind::Image => "image",
            EmbeddedKind::ArchiveEntry => "archive_entry",
        }
    }
}

impl fmt::Display for EmbeddedKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A file a layer found inside a document, with its bytes as stored
/// (decompressed and unwrapped: an `Ole10Native` package's payload, a PDF
/// stream after its filters, a JPEG as its bytes, other images as PNG).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct EmbeddedFile {
    /// Where it sits in the container, as Apache Tika writes
    /// `X-TIKA:embedded_resource_path`: `/`-separated, starting with `/`
    /// (`/ObjectPool/_1310388058/report.xls`, `/attach2.pdf`).
    pub path: String,
    /// Its own file name, where the container states one.
    pub name: Option<String>,
    /// How it is embedded.
    pub kind: EmbeddedKind,
    /// Its media type where the container states or the layer knows it
    /// (`image/png`, `application/pdf`); the facade sniffs the rest.
    pub media_type: Option<String>,
    /// The bytes.
    pub data: Vec<u8>,
}

impl EmbeddedFile {
    /// A file at `path` of `kind` with `data`, no name or media type.
    pub fn new(path: impl Into<String>, kind: EmbeddedKind, data: Vec<u8>) -> EmbeddedFile {
        EmbeddedFile {
            path: path.into(),
            name: None,
            kind,
            media_type: None,
            data,
        }
    }

    /// The file with its own name set.
    pub fn with_name(mut self, name: impl Into<String>) -> EmbeddedFile {
        self.name = Some(name.into());
        self
    }

    /// The file with its media type set.
    pub fn with_media_type(mut self, media_type: impl Into<String>) -> EmbeddedFile {
        self.media_type = Some(media_type.into());
        self
    }
}

/// Document properties, each present only when the file states it.
/// Timestamps are RFC 3339 strings in UTC (`2024-01-02T03:04:05Z`), or as
/// close to that as the file allows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Metadata {
    /// The document title.
    pub title: Option<String>,
    /// The author (PDF `/Author`, OLE `PIDSI_AUTHOR`, `dc:creator`).
    pub author: Option<String>,
    /// The subject.
    pub subject: Option<String>,
    /// Keywords, as the file states them (one string).
    pub keywords: Option<String>,
    /// When the document was created.
    pub created: Option<String>,
    /// When the document was last modified.
    pub modified: Option<String>,
    /// The application that produced the file (PDF `/Producer`, OLE `PIDSI_APPNAME`).
    pub producer: Option<String>,
    /// The application the content was authored in (PDF `/Creator`).
    pub creator: Option<String>,
    /// The number of pages (slides for a presentation), where the format counts them.
    pub page_count: Option<u64>,
    /// The natural language (BCP 47 tag such as `ja` or `en-US`).
    pub language: Option<String>,
    /// Who saved the document last (OLE `PIDSI_LASTAUTHOR`, `cp:lastModifiedBy`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub last_author: Option<String>,
    /// The company (OLE `PIDDSI_COMPANY`, `app.xml` `Company`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub company: Option<String>,
    /// The format's own keys (a message's `from`, `to`, `message_id`, …),
    /// each named once with its JSON and Tika names; in JSON, entries of
    /// this object beside the fixed fields.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub properties: Properties,
}

impl Metadata {
    /// Every property by its serialized name, in a fixed order (title,
    /// subject, author, last_author, keywords, company, created, modified,
    /// producer, creator, page_count, language), absent ones as `None`:
    /// for listings such as the fixtures' `NAME.metadata.txt` sidecars.
    pub fn fields(&self) -> [(&'static str, Option<String>); 12] {
        [
            ("title", self.title.clone()),
            ("subject", self.subject.clone()),
            ("author", self.author.clone()),
            ("last_author", self.last_author.clone()),
            ("keywords", self.keywords.clone()),
            ("company", self.company.clone()),
            ("created", self.created.clone()),
            ("modified", self.modified.clone()),
            ("producer", self.producer.clone()),
            ("creator", self.creator.clone()),
            ("page_count", self.page_count.map(|n| n.to_string())),
            ("language", self.language.clone()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_parts_are_left_out_of_the_text() {
        let parts = [
            Part::new(PartKind::Body, "  \n"),
            Part::new(PartKind::Header, "Head\n\n"),
            Part::new(PartKind::Footer, ""),
            Part::new(PartKind::Comment, "c"),
        ];
        assert_eq!(join_parts(&parts), "Head\n\nc\n");
        assert_eq!(join_parts(&[]), "");
    }

    #[test]
    fn attributes_keep_their_order() {
        let p = Part::named(PartKind::Sheet, "Hidden", "x")
            .with_attribute("hidden", "very")
            .with_attribute("author", "Ann");
        assert_eq!(p.attribute("hidden"), Some("very"));
        assert_eq!(p.attribute("author"), Some("Ann"));
        assert_eq!(p.attribute("missing"), None);
    }

    #[test]
    fn kinds_have_snake_case_names() {
        assert_eq!(PartKind::TextBox.to_string(), "text_box");
        assert_eq!(PartKind::FormField.name(), "form_field");
        assert_eq!(EmbeddedKind::OleObject.to_string(), "ole_object");
    }
}
