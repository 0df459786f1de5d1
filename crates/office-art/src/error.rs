//! The crate's error and warning types.

/// Why a record, a BLIP or a drawing could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A structure ends before its declared length.
    #[error("truncated {what} at offset {offset}")]
    Truncated {
        /// The structure that is cut short.
        what: &'static str,
        /// Byte offset (in the bytes given) where it should have continued.
        offset: u64,
    },
    /// A record is not of the type the caller asked for, or holds values
    /// that contradict each other.
    #[error("corrupt OfficeArt data: {0}")]
    Corrupt(String),
    /// A structure this crate does not decode (an unknown BLIP type, a
    /// metafile compression other than DEFLATE).
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// A count, a size or a nesting depth exceeds a [`Limits`](crate::Limits) value.
    #[error("{what} exceeds the limit of {limit}")]
    LimitExceeded {
        /// What was counted.
        what: &'static str,
        /// The limit in force.
        limit: u64,
    },
}

doc_model::warning_kinds! {
    /// The structure a [`Warning`] is about.
    pub enum WarningKind {
        /// A record header or a record cut short (MS-ODRAW 2.1.1).
        Record => "record",
        /// A BLIP: its data cut short, its compressed metafile partly decoded,
        /// its type and its bytes disagreeing (MS-ODRAW 2.2.23–2.2.31).
        Blip => "picture",
        /// The BLIP store: an entry whose picture cannot be found (MS-ODRAW 2.2.20, 2.2.32).
        BStore => "picture store",
        /// A shape or its property table (MS-ODRAW 2.2.14, 2.2.9).
        Shape => "shape",
        /// A limit of [`Limits`](crate::Limits) stopped reading early.
        Limit => "limit",
    }
}

/// A defect that did not stop reading: its [`WarningKind`], what was wrong
/// and what was done about it, and the byte offset in the bytes given where
/// known. Displayed as `<kind>: <message>`, then ` at offset N`.
pub type Warning = doc_model::Warning<WarningKind>;
