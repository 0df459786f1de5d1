//! The crate's error and warning types (house convention, docs/contributing.md).

doc_model::layer_error! {
    /// Why a document could not be read at all.
    ///
    /// `Unsupported` is a kind of document this crate recognises but does not read
    /// (`xlsb`, an unknown encryption algorithm); `Corrupt` a package damaged past
    /// reading (no readable main part).
    pub enum Error {
        /// Not a zip package of a known kind, nor flat OpenDocument XML.
        #[error("not an OOXML or OpenDocument document: {0}")]
        NotOffice(String),
        /// The package is encrypted (OpenDocument entries encrypted per
        /// `manifest.xml`) and no usable password was given.
        #[error("encrypted {format} document: {detail}")]
        Encrypted {
            /// `odt`, `ods`, `odp`, …
            format: &'static str,
            /// Whether a password was given (and did not open it), or none was.
            password_given: bool,
            /// The scheme, and why it could not be opened.
            detail: String,
        },
    }
    shared(Unsupported("unsupported: {0}"), Corrupt("corrupt {0}"), LimitExceeded)
}

doc_model::warning_kinds! {
    /// What kind of defect a [`Warning`] reports.
    pub enum WarningKind {
        /// A zip entry that could not be inflated, a duplicate or unsafe entry name.
        Package => "package",
        /// An XML part that is not well formed (the text before the error is kept).
        Xml => "xml",
        /// A relationship or reference to a part that is not there.
        Reference => "reference",
        /// A limit or the deadline stopped reading; the rest was left out.
        Limit => "limit",
    }
}

/// A defect that did not stop reading: its [`WarningKind`], what was wrong
/// and what was done about it, and the byte offset in the file where
/// known. Displayed as `<kind>: <message>`, then ` at offset N`.
pub type Warning = doc_model::Warning<WarningKind>;
