//! The crate's error and warning types (house convention, docs/contributing.md).

/// Why a workbook could not be read at all.
///
/// A workbook that is only partly damaged is not an error: it yields the
/// text that could be read plus [`Warning`]s.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The workbook is encrypted (FILEPASS) and could not be decrypted.
    #[error("encrypted workbook ({scheme}) and {}", if *.password_tried { "the password does not open it" } else { "no password opens it" })]
    Encrypted {
        /// The scheme: `XOR obfuscation`, `RC4`, `RC4 CryptoAPI` or `unknown`.
        scheme: &'static str,
        /// Whether a password (given, or Excel's default `VelvetSweatshop`) was tried.
        password_tried: bool,
    },
    /// A structure ends before its declared size.
    #[error("truncated {what} at offset {offset}")]
    Truncated {
        /// The structure being read.
        what: &'static str,
        /// Byte offset in the stream.
        offset: u64,
    },
    /// Not a workbook this crate reads (no `Workbook`/`Book` stream, no BOF).
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The workbook stream is damaged beyond reading.
    #[error("corrupt workbook: {0}")]
    Corrupt(String),
    /// A limit of [`crate::Limits`] was exceeded before anything usable was read.
    #[error("{what} exceeds the limit of {limit}")]
    LimitExceeded {
        /// Which limit.
        what: &'static str,
        /// The configured limit.
        limit: u64,
    },
    /// The compound file holding the workbook could not be read.
    #[error("compound file: {0}")]
    Container(#[from] ole_cfb_read::Error),
}

doc_model::warning_kinds! {
    /// What kind of defect a [`Warning`] reports.
    pub enum WarningKind {
        /// A record is shorter than its fields, or its length runs past the stream.
        Record => "record",
        /// The shared string table is damaged (counts, lengths, CONTINUE splits).
        Sst => "sst",
        /// A cell refers to a missing string, format or XF.
        Cell => "cell",
        /// A number format code could not be rendered; General was used.
        Format => "format",
        /// A substream (BOF/EOF nesting, a sheet without a BOUNDSHEET) is damaged.
        Structure => "structure",
        /// A comment, text box or hyperlink could not be read.
        Object => "object",
        /// The compound file or a property set is damaged.
        Container => "container",
        /// An embedded object could not be read.
        Embedded => "embedded",
        /// A [`crate::Limits`] value cut the work short.
        Limit => "limit",
    }
}

/// A defect that did not stop reading: its [`WarningKind`], what was wrong
/// and what was done about it, and the byte offset in the workbook stream where
/// known. Displayed as `<kind>: <message>`, then ` at offset N`.
pub type Warning = doc_model::Warning<WarningKind>;
