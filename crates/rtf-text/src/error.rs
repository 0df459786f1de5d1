//! The crate's error and warning types (house convention, docs/contributing.md).

doc_model::layer_error! {
    /// Why a document could not be read at all.
    pub enum Error {
        /// The bytes do not start with `{\rtf` (after optional whitespace or a BOM).
        #[error("not an RTF document: {0}")]
        NotRtf(String),
    }
    shared(LimitExceeded)
}

doc_model::warning_kinds! {
    /// What kind of defect a [`Warning`] reports.
    pub enum WarningKind {
        /// Unbalanced braces, a group nested too deep, input ending inside a group.
        Structure => "structure",
        /// A `\binN` or hex run past the end, a `\uN` out of range, bytes invalid
        /// in their code page.
        Text => "text",
        /// A picture or object that could not be unwrapped.
        Embedded => "embedded",
        /// A limit or the deadline stopped reading; the rest was left out.
        Limit => "limit",
    }
}

/// A defect that did not stop reading: its [`WarningKind`], what was wrong
/// and what was done about it, and the byte offset in the file where
/// known. Displayed as `<kind>: <message>`, then ` at offset N`.
pub type Warning = doc_model::Warning<WarningKind>;
