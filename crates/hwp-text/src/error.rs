//! The crate's error and warning types (the house convention of
//! `docs/contributing.md`).

doc_model::layer_error! {
    /// Why a document could not be read at all.
    ///
    /// A document that is only partly damaged is not an error: it yields the
    /// text that could be read plus [`Warning`]s.
    ///
    /// `Unsupported` names an HWP version or variant this crate does not read
    /// (HWP 2.x and older).
    pub enum Error {
        /// The bytes are not an HWP document of any version this crate knows.
        #[error("not an HWP document ({0})")]
        NotHwp(String),
        /// The document is encrypted with a scheme this crate cannot undo: an
        /// HWP 5.0 password (FileHeader bit 1; Hancom never published the
        /// algorithm), DRM or certificate encryption, or an HWP 3.0 password.
        /// The summary information, which is stored in the clear, comes along.
        #[error("encrypted HWP document ({scheme}); no text can be read without Hancom's key")]
        Encrypted {
            /// What protects the text (`password`, `DRM`, `certificate encryption`).
            scheme: &'static str,
            /// The document properties that could be read anyway.
            metadata: Box<doc_model::Metadata>,
        },
    }
    shared(Truncated, Unsupported("unsupported: {0}"), Corrupt("corrupt HWP document: {0}"), LimitExceeded, Container(ole_cfb_read::Error))
}

doc_model::warning_kinds! {
    /// The area of the document a [`Warning`] is about.
    pub enum WarningKind {
        /// The compound file or zip package around the document.
        Container => "container",
        /// A stream could not be inflated completely.
        Inflate => "inflate",
        /// A record header or payload (sizes past the stream, levels that jump).
        Record => "record",
        /// A control character without its CTRL_HEADER, or a control whose data is short.
        Control => "control",
        /// DocInfo (numbering, bullets, paragraph shapes, binary data list).
        DocInfo => "docinfo",
        /// A distribution document's encrypted ViewText stream.
        Distribution => "distribution",
        /// The preview text (`PrvText`) was used because the body could not be read.
        Preview => "preview",
        /// An embedded picture or OLE object could not be read.
        Embedded => "embedded",
        /// Document properties could not be read.
        Metadata => "metadata",
        /// An HWPX XML part is malformed.
        Xml => "xml",
        /// A limit of [`crate::Limits`] cut the text short.
        Limit => "limit",
        /// An HWP 3.0 structure.
        Hwp3 => "hwp3",
        /// Character codes with no Unicode equivalent.
        Character => "character",
        /// Tracked-change marks (range tags, insert/delete marks) that could not
        /// be applied; the text they cover was kept.
        TrackChange => "track-change",
    }
}

/// A defect that did not stop reading: its [`WarningKind`], what was wrong
/// and what was done about it, and the byte offset in the stream or file where
/// known. Displayed as `<kind>: <message>`, then ` at offset N`.
pub type Warning = doc_model::Warning<WarningKind>;

/// More embedded files than [`crate::Limits::max_embedded`].
pub(crate) fn embedded_limit(max: usize) -> Warning {
    Warning::new(
        WarningKind::Limit,
        format!("more than {max} embedded files; the rest are left out"),
        None,
    )
}
