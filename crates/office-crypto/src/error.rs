//! Errors and warnings of the layer.

use crate::Scheme;

/// Why a document could not be decrypted at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// No password was given and the scheme's default password (if it has
    /// one) does not open the document.
    #[error("{scheme} encryption: a password is required{}", if *.default_tried { " (the default password does not open it)" } else { "" })]
    PasswordRequired {
        /// The encryption scheme found.
        scheme: Scheme,
        /// Whether the application's default password was tried.
        default_tried: bool,
    },
    /// A password was given and neither it nor the default password opens
    /// the document.
    #[error("{scheme} encryption: the password is wrong")]
    WrongPassword {
        /// The encryption scheme found.
        scheme: Scheme,
    },
    /// A structure ends before its declared length.
    #[error("truncated {what} at offset {offset}")]
    Truncated {
        /// The structure that is cut short.
        what: &'static str,
        /// Byte offset where the missing data should have been.
        offset: u64,
    },
    /// An encryption scheme, algorithm or provider this layer does not
    /// implement (a third-party CSP, IRM/DRM rights management, a
    /// certificate-only key encryptor, …).
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// A structure is inconsistent in a way that makes it unreadable.
    #[error("corrupt {0}")]
    Corrupt(String),
    /// A value from the file exceeds a configured [`Limits`](crate::Limits) value.
    #[error("{what} exceeds the limit of {limit}")]
    LimitExceeded {
        /// What was counted.
        what: &'static str,
        /// The limit in force.
        limit: u64,
    },
    /// [`Limits::deadline`](crate::Limits::deadline) passed.
    #[error("the deadline passed while {0}")]
    Deadline(&'static str),
    /// The input carries no encryption this layer recognises (no FILEPASS
    /// record, no `EncryptionInfo` stream, …).
    #[error("not encrypted: {0}")]
    NotEncrypted(String),
    /// The compound file around an encrypted OOXML package is unreadable.
    #[error("compound file: {0}")]
    Container(#[from] ole_cfb_read::Error),
}

doc_model::warning_kinds! {
    /// The area of the file a [`Warning`] is about.
    pub enum WarningKind {
        /// The declared size of the encrypted data disagrees with the stream.
        Size => "size",
        /// The Agile `dataIntegrity` HMAC does not match the package, or could
        /// not be checked.
        Integrity => "integrity",
        /// A record or block of a binary document stream could not be decrypted
        /// as a whole (it runs past the end of the stream).
        Stream => "stream",
    }
}

/// A defect that did not stop reading: its [`WarningKind`], what was wrong
/// and what was done about it, and the byte offset in the stream where
/// known. Displayed as `<kind>: <message>`, then ` at offset N`.
pub type Warning = doc_model::Warning<WarningKind>;
