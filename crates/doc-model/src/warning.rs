//! The warning every layer reports: a defect that did not stop reading.

use std::fmt;

/// The kind enum of a layer's [`Warning`]: each layer keeps its own
/// `#[non_exhaustive]` enum and names its variants here.
pub trait WarningKind: Copy {
    /// A short lower-case name, the first word of the warning's text
    /// (`record`, `xml`, `limit`).
    fn name(self) -> &'static str;
}

/// A defect that did not stop reading: what was wrong, what was done about
/// it, and where.
///
/// Each layer names its own kinds and exports
/// `pub type Warning = doc_model::Warning<WarningKind>;`. Displayed as
/// `<kind>: <message>`, followed by ` at offset N` when the offset is known.
///
/// ```
/// #[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// enum Kind { Record }
///
/// impl doc_model::WarningKind for Kind {
///     fn name(self) -> &'static str {
///         "record"
///     }
/// }
///
/// let w = doc_model::Warning::new(Kind::Record, "a record runs past the stream; skipped", Some(512));
/// assert_eq!(w.to_string(), "record: a record runs past the stream; skipped at offset 512");
/// assert_eq!(doc_model::Warning::new(Kind::Record, "cut short", None).to_string(), "record: cut short");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning<K> {
    /// What kind of defect, in the layer's own terms.
    pub kind: K,
    /// What was wrong and what was done about it, for a person.
    pub message: String,
    /// The byte offset in the stream or file, where known.
    pub offset: Option<u64>,
}

impl<K> Warning<K> {
    /// A warning of `kind`, at `offset` where known.
    pub fn new(kind: K, message: impl Into<String>, offset: Option<u64>) -> Self {
        Warning {
            kind,
            message: message.into(),
            offset,
        }
    }
}

impl<K: WarningKind> fmt::Display for Warning<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.message)?;
        if let Some(o) = self.offset {
            write!(f, " at offset {o}")?;
        }
        Ok(())
    }
}
