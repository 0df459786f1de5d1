//! The one document model every format is extracted into.

use std::fmt;

use serde::Serialize;

use crate::Format;

/// What `extract` returns: the text, metadata and encoding of one document,
/// with the warnings of the layers that read it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Document {
    /// The format the document was read as.
    pub format: Format,
    /// The extracted text, in reading order; pages separated by `\f` where the
    /// format has pages.
    pub text: String,
    /// Document properties, each present only when the file states it.
    pub metadata: Metadata,
    /// The WHATWG name of the character encoding the text was decoded from
    /// (`Shift_JIS`, `windows-1251`, …), for formats stored in one.
    pub encoding: Option<String>,
    /// What was damaged, skipped or guessed; the text is what could be read.
    pub warnings: Vec<Warning>,
}

impl Document {
    /// An empty document of `format`, to be filled by a layer.
    pub(crate) fn new(format: Format) -> Document {
        Document {
            format,
            text: String::new(),
            metadata: Metadata::default(),
            encoding: None,
            warnings: Vec::new(),
        }
    }
}

/// Document properties. Timestamps are RFC 3339 strings in UTC
/// (`2024-01-02T03:04:05Z`), or as close to that as the file allows.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Metadata {
    /// The document title.
    pub title: Option<String>,
    /// The author (PDF `/Author`, OLE `PIDSI_AUTHOR`).
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
    /// The number of pages, where the format has pages.
    pub page_count: Option<u64>,
    /// The natural language (BCP 47 tag such as `ja` or `en-US`).
    pub language: Option<String>,
}

/// A defect found while reading: the layer that found it and what it says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Warning {
    /// The layer that reported it (`pdf-lex`, `ole-cfb-read`, …).
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
