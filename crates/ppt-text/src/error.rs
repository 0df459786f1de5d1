//! The crate's error and warning types (house convention, docs/contributing.md).

doc_model::layer_error! {
    /// Why a deck could not be read at all.
    ///
    /// A deck that is only partly damaged is not an error: it yields the
    /// slides that could be read plus [`Warning`]s.
    ///
    /// `Encrypted` is a deck encrypted with RC4 CryptoAPI (or an `unknown` scheme)
    /// that neither the given password nor PowerPoint's default
    /// `/01Hannes Ruescher/01` opens.
    pub enum Error {
    }
    shared(Truncated, Unsupported("unsupported: {0}"), Corrupt("corrupt deck: {0}"), LimitExceeded, Encrypted("deck"), Container(ole_cfb_read::Error))
}

doc_model::warning_kinds! {
    /// What kind of defect a [`Warning`] reports.
    pub enum WarningKind {
        /// A record is shorter than its fields, or runs past its container.
        Record => "record",
        /// The `Current User` stream, the UserEditAtom chain or a
        /// PersistDirectoryAtom is damaged (cycle, offset outside the stream).
        Persist => "persist",
        /// A slide, notes page or master could not be found or read.
        Slide => "slide",
        /// A drawing (PPDrawing, shapes) could not be read.
        Drawing => "drawing",
        /// The compound file or a property set is damaged.
        Container => "container",
        /// A picture or embedded object could not be read.
        Embedded => "embedded",
        /// A [`crate::Limits`] value cut the work short.
        Limit => "limit",
    }
}

/// A defect that did not stop reading: its [`WarningKind`], what was wrong
/// and what was done about it, and the byte offset in the `PowerPoint Document` stream where
/// known. Displayed as `<kind>: <message>`, then ` at offset N`.
pub type Warning = doc_model::Warning<WarningKind>;
