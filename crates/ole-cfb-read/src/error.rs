//! Errors and warnings of the layer.

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

doc_model::warning_kinds! {
    /// The area of the file a [`Warning`] is about.
    pub enum WarningKind {
        /// The 512-byte header (MS-CFB 2.2).
        Header => "header",
        /// The FAT and the DIFAT that locates it (MS-CFB 2.3, 2.5).
        Fat => "FAT",
        /// The mini FAT and mini stream (MS-CFB 2.4).
        MiniStream => "mini stream",
        /// The directory sectors and its red-black trees (MS-CFB 2.6).
        Directory => "directory",
        /// The data of one stream.
        Stream => "stream",
        /// A property set stream (MS-OLEPS).
        PropertySet => "property set",
        /// An embedded object's structures (MS-OLEDS: `\x01Ole10Native`,
        /// `\x01CompObj`, OLE 1.0 objects) and the Packager format.
        Embedding => "embedded object",
    }
}

/// A defect that did not stop reading: its [`WarningKind`], what was found
/// and what was done about it (this layer's messages name the sector, entry
/// or byte they are about). Displayed as `<kind>: <message>`.
pub type Warning = doc_model::Warning<WarningKind>;

/// A warning whose message names where it is.
pub(crate) fn warning(kind: WarningKind, message: impl Into<String>) -> Warning {
    Warning::new(kind, message, None)
}
