//! The facade's error: what kind of failure, in words a user can act on.

use std::fmt;

use crate::Format;

/// Why a document could not be extracted.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The format was recognised but textract has no layer for it yet.
    #[error("{0} documents are not supported yet")]
    Unsupported(Format),
    /// The document is encrypted and no password given opens it.
    #[error("the {0} document is encrypted")]
    Encrypted(Format),
    /// The document is too damaged to yield anything.
    #[error("corrupt {format} document: {message}")]
    Corrupt {
        /// The format it was read as.
        format: Format,
        /// What the layer found.
        message: String,
    },
    /// A limit in [`crate::Limits`] was reached before anything useful was read.
    #[error("{what} exceeds the limit of {limit}")]
    LimitExceeded {
        /// What was measured (`input bytes`, `decompressed bytes`, …).
        what: &'static str,
        /// The limit in force.
        limit: u64,
    },
    /// Reading the file failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

impl Error {
    /// A short stable name for the kind of error, as the CLI prints it in JSON
    /// (`unsupported`, `encrypted`, `corrupt`, `limit`, `io`).
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Unsupported(_) => ErrorKind::Unsupported,
            Error::Encrypted(_) => ErrorKind::Encrypted,
            Error::Corrupt { .. } => ErrorKind::Corrupt,
            Error::LimitExceeded { .. } => ErrorKind::LimitExceeded,
            Error::Io(_) => ErrorKind::Io,
        }
    }
}

/// The kind of an [`Error`], without its details.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// See [`Error::Unsupported`].
    Unsupported,
    /// See [`Error::Encrypted`].
    Encrypted,
    /// See [`Error::Corrupt`].
    Corrupt,
    /// See [`Error::LimitExceeded`].
    LimitExceeded,
    /// See [`Error::Io`].
    Io,
}

impl ErrorKind {
    /// The stable lowercase name.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Encrypted => "encrypted",
            ErrorKind::Corrupt => "corrupt",
            ErrorKind::LimitExceeded => "limit",
            ErrorKind::Io => "io",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
