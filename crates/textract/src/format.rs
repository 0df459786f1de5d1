//! Format detection from content, never from the file name.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

pub use crate::registry::{ALL_FORMATS, Format};

impl Format {
    /// The short lowercase name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        crate::registry::entry(self).name
    }

    /// The MIME type (`application/pdf`, `application/msword`, …).
    pub fn mime_type(self) -> &'static str {
        crate::registry::entry(self).mime_type
    }

    /// The name a person reads in a message (`Word 97–2003 document`).
    pub fn human_name(self) -> &'static str {
        crate::registry::entry(self).human_name
    }

    /// The MIME type this one is a kind of, as Apache Tika's media-type
    /// registry (and the server's `/mime-types`) states it: a ZIP package's
    /// `application/zip`, an OLE compound file's
    /// `application/x-tika-msoffice`, text formats' `text/plain`.
    pub fn supertype(self) -> &'static str {
        crate::registry::entry(self).supertype
    }

    /// Whether this build can extract the format (its layer is compiled in).
    pub fn is_supported(self) -> bool {
        crate::registry::entry(self).extract.is_some()
    }

    /// Detects the format from the document's bytes. Bytes that are not a
    /// document textract knows (an image, an executable, random binary) are
    /// `None`; [`crate::extract`] reports them as [`crate::Error::Unsupported`]
    /// with their MIME type.
    ///
    /// ```
    /// use textract::Format;
    /// assert_eq!(Format::detect(b"%PDF-1.7\n..."), Some(Format::Pdf));
    /// assert_eq!(Format::detect(b"  <!doctype html><p>hi"), Some(Format::Html));
    /// assert_eq!(Format::detect(b"just words"), Some(Format::Text));
    /// assert_eq!(Format::detect(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), None);
    /// ```
    pub fn detect(bytes: &[u8]) -> Option<Format> {
        crate::detect::sniff(bytes).ok().map(|s| s.format)
    }
}

impl Serialize for Format {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a format name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownFormat(pub String);

impl fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = ALL_FORMATS.iter().map(|f| f.name()).collect();
        write!(
            f,
            "unknown format `{}` (known: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownFormat {}

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.to_ascii_lowercase();
        ALL_FORMATS
            .iter()
            .copied()
            .find(|f| f.name() == lower)
            .ok_or_else(|| UnknownFormat(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for f in ALL_FORMATS {
            assert_eq!(f.name().parse::<Format>(), Ok(*f));
        }
        assert_eq!("PDF".parse::<Format>(), Ok(Format::Pdf));
        assert!(
            "exe"
                .parse::<Format>()
                .unwrap_err()
                .to_string()
                .contains("known: pdf")
        );
    }
}
