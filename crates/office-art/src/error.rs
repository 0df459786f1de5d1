//! The crate's error and warning types.

doc_model::layer_error! {
    /// Why a record, a BLIP or a drawing could not be read at all.
    ///
    /// `Corrupt` is also a record that is not of the type the caller asked for;
    /// `Unsupported` an unknown BLIP type or a metafile compression other than
    /// DEFLATE.
    pub enum Error {
    }
    shared(Truncated, Unsupported("unsupported: {0}"), Corrupt("corrupt OfficeArt data: {0}"), LimitExceeded)
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
