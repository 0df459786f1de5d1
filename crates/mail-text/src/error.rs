//! The crate's error and warning types (house convention, docs/contributing.md).

doc_model::layer_error! {
    /// Why a message could not be read at all.
    pub enum Error {
        /// The bytes are none of the four formats this crate reads.
        #[error("not an e-mail message: {0}")]
        NotMail(String),
    }
    shared(Truncated, Corrupt("corrupt message: {0}"), LimitExceeded, Encrypted("message"),
           Container(ole_cfb_read::Error))
}

doc_model::warning_kinds! {
    /// What kind of defect a [`Warning`] reports.
    pub enum WarningKind {
        /// A property stream or a property value shorter than its entries say.
        Property => "property",
        /// A body (compressed RTF, HTML, a MIME part) that could not be decoded.
        Body => "body",
        /// An attachment whose data is missing or cut short.
        Attachment => "attachment",
        /// A TNEF attribute or MIME structure that is malformed.
        Structure => "structure",
        /// A limit or the deadline stopped reading; the rest was left out.
        Limit => "limit",
    }
}

/// A defect that did not stop reading: its [`WarningKind`], what was wrong
/// and what was done about it, and the byte offset where known. Displayed
/// as `<kind>: <message>`, then ` at offset N`.
pub type Warning = doc_model::Warning<WarningKind>;
