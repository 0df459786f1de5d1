//! What the caller can tell `extract`: a format to trust, a transport
//! content type, a password, and limits.

use crate::Format;

/// Options for [`crate::extract`]. `Options::default()` detects the format and
/// applies [`Limits::default()`].
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Options {
    /// Skip detection and read the bytes as this format.
    pub format: Option<Format>,
    /// A transport-layer `Content-Type` (e.g. `text/html; charset=Shift_JIS`)
    /// for HTML and text charset sniffing, as a browser would get it from HTTP.
    pub content_type: Option<String>,
    /// The password of an encrypted PDF (user or owner); the empty password
    /// is always tried first.
    pub password: Option<String>,
    /// PDF: keep the horizontal positions of the text on each line (like
    /// `pdftotext -layout`) instead of reading order.
    pub layout: bool,
    /// Limits that keep one bad file from taking the machine.
    pub limits: Limits,
}

impl Options {
    /// Default options with `format` forced.
    pub fn with_format(mut self, format: Format) -> Options {
        self.format = Some(format);
        self
    }

    /// Default options with a transport-layer content type.
    pub fn with_content_type(mut self, content_type: impl Into<String>) -> Options {
        self.content_type = Some(content_type.into());
        self
    }
}

/// Limits with defaults a server can live with.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Largest input accepted, in bytes (default 1 GiB).
    pub max_input_bytes: u64,
    /// Largest text returned, in bytes of UTF-8 (default 256 MiB); longer text
    /// is cut at a character boundary with a warning.
    pub max_output_bytes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_input_bytes: 1 << 30,
            max_output_bytes: 256 << 20,
        }
    }
}
