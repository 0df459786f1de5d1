//! The crate's error and warning types.

doc_model::layer_error! {
    /// Why a document could not be read at all.
    ///
    /// A document that is only partly damaged is not an error: it yields the
    /// text that could be read plus [`Warning`]s.
    ///
    /// `Unsupported` names a file format or version this crate does not read
    /// (Word 2 and older).
    pub enum Error {
        /// The FIB says the document is encrypted (`fEncrypted`: RC4 or XOR
        /// obfuscation); no password support yet.
        #[error("document is encrypted (fEncrypted set in the FIB)")]
        Encrypted,
        /// The table stream the FIB names (`0Table` or `1Table`) was not given.
        #[error("missing table stream {0}")]
        MissingTableStream(&'static str),
        /// A limit of [`crate::Limits`] was exceeded before anything usable was read.
        #[error("limit exceeded: {what} ({value} > {limit})")]
        LimitExceeded {
            /// Which limit.
            what: &'static str,
            /// The value the document asked for.
            value: u64,
            /// The configured limit.
            limit: u64,
        },
    }
    shared(Truncated, Unsupported("unsupported: {0}"), Corrupt("corrupt document: {0}"), Container(ole_cfb_read::Error))
}

doc_model::warning_kinds! {
    /// What kind of defect a [`Warning`] reports.
    pub enum WarningKind {
        /// The piece table (`PlcPcd` in the CLX) misses characters of the
        /// text: a piece points outside the WordDocument stream (its offset
        /// is the piece's byte offset there), or the pieces cover fewer CPs
        /// than the FIB announces (the sum of its `ccp*` counts). The
        /// missing characters are left out.
        PieceTable => "piece table",
        /// A formatting structure (bin table, FKP, grpprl) could not be read;
        /// formatting-dependent rules (tables, hidden and deleted text) are
        /// applied without it.
        Formatting => "formatting",
        /// A structure of the FIB, the CLX, a story's PLC, a picture (PICF,
        /// OfficeArt), the compound file or an embedded object is damaged; a
        /// fallback was used or the part was skipped.
        Structure => "structure",
        /// A limit of [`crate::Limits`] cut the text short.
        Limit => "limit reached",
    }
}

/// A defect in a document that still yielded text: its [`WarningKind`], what
/// was wrong and what was done about it, and the byte offset in the
/// WordDocument stream where known. Displayed as `<kind>: <message>`, then
/// ` at offset N`.
pub type Warning = doc_model::Warning<WarningKind>;
