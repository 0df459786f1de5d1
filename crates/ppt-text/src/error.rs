//! The crate's error and warning types (house convention, docs/contributing.md).

/// Why a deck could not be read at all.
///
/// A deck that is only partly damaged is not an error: it yields the
/// slides that could be read plus [`Warning`]s.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The deck is encrypted (RC4 CryptoAPI) and neither the given password
    /// nor PowerPoint's default `/01Hannes Ruescher/01` opens it.
    #[error("encrypted deck ({scheme}) and {}", if *.password_tried { "the password does not open it" } else { "no password opens it" })]
    Encrypted {
        /// The scheme: `RC4 CryptoAPI` or `unknown`.
        scheme: &'static str,
        /// Whether a password was given (the default one is always tried).
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
    /// Not a deck this crate reads (no `PowerPoint Document` stream: a
    /// PowerPoint 4.0 or 95-only file).
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The `PowerPoint Document` stream is damaged beyond reading (no edit
    /// chain, no Document container).
    #[error("corrupt deck: {0}")]
    Corrupt(String),
    /// A limit of [`crate::Limits`] was exceeded before anything usable was read.
    #[error("{what} exceeds the limit of {limit}")]
    LimitExceeded {
        /// Which limit.
        what: &'static str,
        /// The configured limit.
        limit: u64,
    },
    /// The compound file holding the deck could not be read.
    #[error("compound file: {0}")]
    Container(#[from] ole_cfb_read::Error),
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
