//! Errors and warnings of the layer.

use std::fmt;

doc_model::layer_error! {
    /// Why a compound file, a stream or a property set could not be read.
    ///
    /// `Unsupported` is a header declaring a format this reader does not handle
    /// (a sector size other than 512 or 4096).
    pub enum Error {
        /// The bytes do not start with the compound file signature `D0 CF 11 E0 A1 B1 1A E1`.
        #[error("not an OLE compound file (signature missing)")]
        NotACompoundFile,
        /// A sector chain or the directory tree visits the same element twice.
        #[error("cycle in {what}")]
        Cycle {
            /// The chain or tree that loops.
            what: &'static str,
        },
        /// A sector id points past the end of the file or of its allocation table.
        #[error("{what}: sector {sector} out of range (the table has {count} sectors)")]
        SectorOutOfRange {
            /// The structure whose chain holds the bad id.
            what: &'static str,
            /// The offending sector id.
            sector: u32,
            /// How many sectors the relevant table describes.
            count: u64,
        },
        /// No stream or storage has this path.
        #[error("no entry named {0:?}")]
        NotFound(String),
        /// The path names a storage where a stream was asked for.
        #[error("{0:?} is a storage, not a stream")]
        NotAStream(String),
        /// The path names a stream where a storage was asked for.
        #[error("{0:?} is a stream, not a storage")]
        NotAStorage(String),
    }
    shared(Truncated, Unsupported("unsupported compound file: {0}"), Corrupt("corrupt compound file: {0}"), LimitExceeded)
}

/// The area of the file a [`Warning`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WarningKind {
    /// The 512-byte header (MS-CFB 2.2).
    Header,
    /// The FAT and the DIFAT that locates it (MS-CFB 2.3, 2.5).
    Fat,
    /// The mini FAT and mini stream (MS-CFB 2.4).
    MiniStream,
    /// The directory sectors and its red-black trees (MS-CFB 2.6).
    Directory,
    /// The data of one stream.
    Stream,
    /// A property set stream (MS-OLEPS).
    PropertySet,
    /// An embedded object's structures (MS-OLEDS: `\x01Ole10Native`,
    /// `\x01CompObj`, OLE 1.0 objects) and the Packager format.
    Embedding,
}

/// A defect that did not stop reading: what was found, and what was done about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// Which structure the defect is in.
    pub kind: WarningKind,
    /// A human-readable description, including offsets or names where known.
    pub message: String,
}

impl Warning {
    pub(crate) fn new(kind: WarningKind, message: impl Into<String>) -> Self {
        Warning {
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            WarningKind::Header => "header",
            WarningKind::Fat => "FAT",
            WarningKind::MiniStream => "mini stream",
            WarningKind::Directory => "directory",
            WarningKind::Stream => "stream",
            WarningKind::PropertySet => "property set",
            WarningKind::Embedding => "embedded object",
        };
        write!(f, "{kind}: {}", self.message)
    }
}
