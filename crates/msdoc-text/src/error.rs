//! The crate's error and warning types.

use thiserror::Error;

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

/// Something that went wrong in a document that still yielded text.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Warning {
    /// A piece of the piece table points outside the WordDocument stream;
    /// its characters are missing from the text.
    #[error("piece {index} (fc {fc:#x}) lies outside the WordDocument stream")]
    PieceOutOfRange {
        /// Index of the piece in the PlcPcd.
        index: usize,
        /// Its file character position.
        fc: u32,
    },
    /// The piece table ends before the CP count the FIB announces.
    #[error("piece table covers {covered} of {expected} characters")]
    ShortPieceTable {
        /// CPs the piece table covers.
        covered: u32,
        /// CPs the FIB announces (sum of the `ccp*` counts).
        expected: u32,
    },
    /// A formatting structure (bin table, FKP, grpprl) could not be read;
    /// formatting-dependent rules (tables, hidden and deleted text) are
    /// applied without it.
    #[error("formatting: {0}")]
    Formatting(String),
    /// A structure of the FIB or CLX is damaged; a fallback was used.
    #[error("structure: {0}")]
    Structure(String),
    /// A limit of [`crate::Limits`] cut the text short.
    #[error("limit reached: {what} (limit {limit})")]
    LimitReached {
        /// Which limit.
        what: &'static str,
        /// The configured limit.
        limit: u64,
    },
}
