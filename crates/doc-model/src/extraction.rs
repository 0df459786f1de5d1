//! The one result type every format layer hands over.

use crate::{EmbeddedFile, Metadata, Part, Warning, join_parts};

/// What a format layer read from one document: its stories as [`Part`]s
/// (each with its blocks), its properties, the files inside it and the
/// defects that did not stop reading — the same shape for every layer, so
/// the facade takes any of them with one function.
///
/// `K` is the layer's warning kind; `D` holds the facts only that format
/// has (a workbook's BIFF version and date system, an HWP file's kind and
/// version), `()` where there are none.
///
/// ```
/// use doc_model::{Extraction, Part, PartKind, Warning, WarningKind, warning_kinds};
///
/// warning_kinds! {
///     /// What went wrong.
///     pub enum Kind { Damaged => "damaged" }
/// }
/// let mut read: Extraction<Kind> = Extraction::default();
/// read.parts.push(Part::new(PartKind::Body, "Hello.\n"));
/// read.warnings.push(Warning::new(Kind::Damaged, "a table was cut short", None));
/// read.encoding = Some("windows-1252");
/// assert_eq!(read.text(), "Hello.\n");
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Extraction<K, D = ()> {
    /// The stories in reading order: the body (or sheets, or slides with
    /// their notes), then notes, headers, footers, comments and text boxes.
    pub parts: Vec<Part>,
    /// The document's properties.
    pub metadata: Metadata,
    /// Pictures, objects and attachments, with bytes, in document order.
    pub embedded: Vec<EmbeddedFile>,
    /// Defects that did not stop reading.
    pub warnings: Vec<Warning<K>>,
    /// The encoding 8-bit text was decoded with (its WHATWG name,
    /// `Shift_JIS`, `windows-1252`), where the format has one.
    pub encoding: Option<&'static str>,
    /// Facts only this format has.
    pub details: D,
}

impl<K, D: Default> Default for Extraction<K, D> {
    fn default() -> Self {
        Self::new(D::default())
    }
}

impl<K, D> Extraction<K, D> {
    /// An empty result carrying `details`.
    pub fn new(details: D) -> Self {
        Self {
            parts: Vec::new(),
            metadata: Metadata::default(),
            embedded: Vec::new(),
            warnings: Vec::new(),
            encoding: None,
            details,
        }
    }

    /// The text a reader would read: every part in order
    /// ([`join_parts`]).
    pub fn text(&self) -> String {
        join_parts(&self.parts)
    }
}
