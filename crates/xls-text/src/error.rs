//! The crate's error and warning types (house convention, docs/contributing.md).

doc_model::layer_error! {
    /// Why a workbook could not be read at all.
    ///
    /// A workbook that is only partly damaged is not an error: it yields the
    /// text that could be read plus [`Warning`]s.
    ///
    /// `Unsupported` is a file that is not a workbook this crate reads (no
    /// `Workbook`/`Book` stream, no BOF); `LimitExceeded` names a limit of
    /// [`crate::Limits`].
    ///
    /// `Encrypted` is a workbook with FILEPASS that no password opens: the scheme
    /// is `XOR obfuscation`, `RC4`, `RC4 CryptoAPI` or `unknown`; Excel's default
    /// password `VelvetSweatshop` is always tried.
    pub enum Error {
    }
    shared(Truncated, Unsupported("unsupported: {0}"), Corrupt("corrupt workbook: {0}"), LimitExceeded, Encrypted("workbook"), Container(ole_cfb_read::Error))
}

doc_model::warning_kinds! {
    /// What kind of defect a [`Warning`] reports.
    pub enum WarningKind {
        /// A record is shorter than its fields, or its length runs past the stream.
        Record => "record",
        /// The shared string table is damaged (counts, lengths, CONTINUE splits).
        Sst => "sst",
        /// A cell refers to a missing string, format or XF.
        Cell => "cell",
        /// A number format code could not be rendered; General was used.
        Format => "format",
        /// A substream (BOF/EOF nesting, a sheet without a BOUNDSHEET) is damaged.
        Structure => "structure",
        /// A comment, text box or hyperlink could not be read.
        Object => "object",
        /// The compound file or a property set is damaged.
        Container => "container",
        /// An embedded object could not be read.
        Embedded => "embedded",
        /// A [`crate::Limits`] value cut the work short.
        Limit => "limit",
    }
}

/// A defect that did not stop reading: its [`WarningKind`], what was wrong
/// and what was done about it, and the byte offset in the workbook stream where
/// known. Displayed as `<kind>: <message>`, then ` at offset N`.
pub type Warning = doc_model::Warning<WarningKind>;
