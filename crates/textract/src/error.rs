//! The facade's error: what kind of failure, in words a user can act on.

use std::fmt;

use crate::Format;

/// The layer error kept as the [`std::error::Error::source`] of
/// [`Error::Corrupt`].
pub type LayerError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// Why a document could not be extracted.
///
/// `Display` is the message for a person (`damaged Word document: the piece
/// table ends at byte 4096 of 3000`); [`Error::kind`] is the stable name a
/// program matches on.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The input holds no bytes at all.
    #[error("empty file (0 bytes)")]
    Empty,
    /// Not something textract reads: a format without a layer, or not a
    /// document at all (an image, an executable, an archive kind it does not
    /// open), named by its MIME type where it was recognised.
    #[error("{}", unsupported_message(*.format, .mime_type.as_deref(), .detail.as_deref()))]
    Unsupported {
        /// The document format, when it is one textract recognises.
        format: Option<Format>,
        /// The MIME type of what was recognised (`image/png`), when known.
        mime_type: Option<String>,
        /// More about why (`HWP 2.x`), when there is more to say.
        detail: Option<String>,
    },
    /// The document is encrypted and no password given opens it.
    #[error("{}", encrypted_message(*.format, *.password_given))]
    Encrypted {
        /// The format of the encrypted document.
        format: Format,
        /// Whether a password was given (and was wrong), as opposed to none.
        password_given: bool,
    },
    /// The document is too damaged to yield anything; `source` is the
    /// layer's own error.
    #[error("damaged {}: {source}", .format.human_name())]
    Corrupt {
        /// The format it was read as.
        format: Format,
        /// What the layer found.
        #[source]
        source: LayerError,
    },
    /// A limit in [`crate::Limits`] was reached before anything useful was read.
    #[error("{what} exceeds the limit of {limit}")]
    LimitExceeded {
        /// The format being read, when detection got that far.
        format: Option<Format>,
        /// What was measured (`input bytes`, `decompressed bytes`, …).
        what: &'static str,
        /// The limit in force.
        limit: u64,
    },
    /// Reading the file failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

fn unsupported_message(format: Option<Format>, mime: Option<&str>, detail: Option<&str>) -> String {
    let mut s = match (format, mime) {
        (Some(f), _) => format!("unsupported: {} is not read", f.human_name()),
        (None, Some(m)) => format!("not a document: {m}"),
        (None, None) => "not a document".to_string(),
    };
    if let Some(d) = detail {
        s.push_str(" (");
        s.push_str(d);
        s.push(')');
    }
    s
}

fn encrypted_message(format: Format, password_given: bool) -> String {
    if password_given {
        format!(
            "encrypted {}: the password given does not open it",
            format.human_name()
        )
    } else {
        format!("encrypted {}: a password is needed", format.human_name())
    }
}

impl Error {
    /// The kind of error, a stable name for programs ([`ErrorKind::name`]).
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Empty => ErrorKind::Empty,
            Error::Unsupported { .. } => ErrorKind::Unsupported,
            Error::Encrypted { .. } => ErrorKind::Encrypted,
            Error::Corrupt { .. } => ErrorKind::Corrupt,
            Error::LimitExceeded { .. } => ErrorKind::LimitExceeded,
            Error::Io(_) => ErrorKind::Io,
        }
    }

    /// The format detected before the failure, where detection got that far.
    pub fn format(&self) -> Option<Format> {
        match self {
            Error::Unsupported { format, .. } | Error::LimitExceeded { format, .. } => *format,
            Error::Encrypted { format, .. } | Error::Corrupt { format, .. } => Some(*format),
            Error::Empty | Error::Io(_) => None,
        }
    }

    /// The MIME type of the input, where it was recognised.
    pub fn mime_type(&self) -> Option<&str> {
        match self {
            Error::Unsupported {
                mime_type: Some(m), ..
            } => Some(m),
            _ => self.format().map(Format::mime_type),
        }
    }

    /// A format without a layer (or a layer compiled out).
    pub(crate) fn unsupported(format: Format) -> Error {
        Error::Unsupported {
            format: Some(format),
            mime_type: Some(format.mime_type().to_string()),
            detail: None,
        }
    }

    /// The document is damaged: `source` is the layer's error.
    pub(crate) fn corrupt(
        format: Format,
        source: impl std::error::Error + Send + Sync + 'static,
    ) -> Error {
        Error::Corrupt {
            format,
            source: Box::new(source),
        }
    }

    /// The document is encrypted; `options` tells whether a password was given.
    pub(crate) fn encrypted(format: Format, options: &crate::Options) -> Error {
        Error::Encrypted {
            format,
            password_given: options.password.is_some(),
        }
    }

    /// `self` with the format set where the error has a place for it and it is unset.
    pub(crate) fn with_format(mut self, f: Format) -> Error {
        match &mut self {
            Error::Unsupported { format, .. } | Error::LimitExceeded { format, .. } => {
                format.get_or_insert(f);
            }
            _ => {}
        }
        self
    }
}

/// The kind of an [`Error`], without its details.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// See [`Error::Empty`].
    Empty,
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
    /// The stable lowercase name (`empty`, `unsupported`, `encrypted`,
    /// `corrupt`, `limit`, `io`), as the CLI prints it in JSON.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Empty => "empty",
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

/// An error as a value: what an embedded child that failed keeps, and what
/// the CLI and the bindings print. Unlike [`Error`] it is `Clone` and `Eq`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct ErrorInfo {
    /// The stable kind name.
    #[serde(serialize_with = "kind_name")]
    pub kind: ErrorKind,
    /// The message for a person.
    pub message: String,
    /// The format detected before the failure.
    #[serde(skip)]
    pub format: Option<Format>,
    /// The MIME type recognised, where known.
    #[serde(skip)]
    pub mime_type: Option<String>,
}

fn kind_name<S: serde::Serializer>(kind: &ErrorKind, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(kind.name())
}

impl From<&Error> for ErrorInfo {
    fn from(e: &Error) -> ErrorInfo {
        ErrorInfo {
            kind: e.kind(),
            message: e.to_string(),
            format: e.format(),
            mime_type: e.mime_type().map(str::to_string),
        }
    }
}

impl fmt::Display for ErrorInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}
