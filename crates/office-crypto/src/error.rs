//! Errors and warnings of the layer.

use crate::Scheme;

doc_model::layer_error! {
    /// Why a document could not be decrypted at all.
    ///
    /// `Unsupported` names an encryption scheme, algorithm or provider this layer
    /// does not implement (a third-party CSP, IRM/DRM rights management, a
    /// certificate-only key encryptor, …).
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
        /// [`Limits::deadline`](crate::Limits::deadline) passed.
        #[error("the deadline passed while {0}")]
        Deadline(&'static str),
        /// The input carries no encryption this layer recognises (no FILEPASS
        /// record, no `EncryptionInfo` stream, …).
        #[error("not encrypted: {0}")]
        NotEncrypted(String),
    }
    shared(Truncated, Unsupported("unsupported: {0}"), Corrupt("corrupt {0}"), LimitExceeded, Container(ole_cfb_read::Error))
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
