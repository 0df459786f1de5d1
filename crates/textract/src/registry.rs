//! The one table of formats: each format's variant, name, MIME type, the
//! name a person reads, and its extractor (absent where no layer reads the
//! format, or its cargo feature is off), written once in [`formats!`]'s
//! invocation, which declares the [`Format`] enum, [`ALL_FORMATS`] and the
//! table from it. Detection lives in `detect.rs`; everything else about a
//! format is looked up here.

use crate::{Context, Document, Error, formats};

/// A format's extractor: the same signature for every format.
pub(crate) type Extract = fn(&[u8], &Context<'_>) -> Result<Document, Error>;

/// One row of the table.
pub(crate) struct Entry {
    pub format: Format,
    pub name: &'static str,
    pub mime_type: &'static str,
    pub human_name: &'static str,
    pub supertype: &'static str,
    pub extract: Option<Extract>,
}

/// A layer's extractor when its cargo feature is on, else `None`: no
/// stand-in module per feature.
macro_rules! layer {
    ($feature:literal, $extract:path) => {{
        #[cfg(feature = $feature)]
        let extract: Option<Extract> = Some($extract);
        #[cfg(not(feature = $feature))]
        let extract: Option<Extract> = None;
        extract
    }};
}

/// Declares [`Format`] (one variant per row, with its documentation),
/// [`ALL_FORMATS`] in the same order, and the table.
macro_rules! formats {
    ($($(#[$doc:meta])* $variant:ident: $name:literal, $mime:literal, $human:literal, $super:literal, $extract:expr;)+) => {
        /// A document format, as [`Format::detect`] tells it from the bytes.
        ///
        /// The order is the order of [`ALL_FORMATS`] and of the format table.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Format {
            $($(#[$doc])* $variant,)+
        }

        /// Every format, in declaration order (for `--format` help and parsing).
        pub const ALL_FORMATS: &[Format] = &[$(Format::$variant,)+];

        /// Every format's row, in the order of [`Format`]'s variants.
        const TABLE: &[Entry] = &[$(Entry {
            format: Format::$variant,
            name: $name,
            mime_type: $mime,
            human_name: $human,
            supertype: $super,
            extract: $extract,
        },)+];
    };
}

formats! {
    /// PDF (`%PDF-` within the first 1024 bytes).
    Pdf: "pdf", "application/pdf", "PDF document", "application/octet-stream", formats::pdf::EXTRACT;
    /// Word 97–2003 or Word 6/95 (`WordDocument` stream in a compound file).
    Doc: "doc", "application/msword", "Word 97–2003 document", "application/x-tika-msoffice", formats::doc::EXTRACT;
    /// Excel 97–2003 or 5.0/95 workbook (`Workbook`/`Book` stream) or a bare BIFF 2–4 file.
    Xls: "xls", "application/vnd.ms-excel", "Excel 97–2003 workbook", "application/x-tika-msoffice", formats::xls::EXTRACT;
    /// PowerPoint 97–2003 (`PowerPoint Document` stream).
    Ppt: "ppt", "application/vnd.ms-powerpoint", "PowerPoint 97–2003 presentation", "application/x-tika-msoffice", formats::ppt::EXTRACT;
    /// Hangul Word Processor 5 (`FileHeader` stream starting `HWP Document File`).
    Hwp: "hwp", "application/x-hwp", "HWP document", "application/x-tika-msoffice", formats::hwp::EXTRACT;
    /// HWPX / OWPML (a ZIP whose `mimetype` is `application/hwp+zip`).
    Hwpx: "hwpx", "application/hwp+zip", "HWPX document", "application/zip", formats::hwp::EXTRACT;
    /// Hangul Word Processor 3 and older (`HWP Document File V3.00` first).
    Hwp3: "hwp3", "application/x-hwp", "HWP 3.0 document", "application/x-tika-msoffice", formats::hwp::EXTRACT;
    /// HWPML, Hancom's XML form (`<HWPML` root element).
    Hwpml: "hwpml", "application/x-hwpml", "HWPML document", "application/xml", formats::hwp::EXTRACT;
    /// An Office 2007+ document encrypted into a compound file
    /// (`EncryptionInfo` + `EncryptedPackage`).
    OoxmlEncrypted: "ooxml-encrypted", "application/x-tika-ooxml-protected", "Office 2007+ document (encrypted package)", "application/x-tika-msoffice", formats::crypto::EXTRACT_OOXML;
    /// Any other OLE compound file (`.msi`, a Visio drawing, …).
    Cfb: "cfb", "application/x-tika-msoffice", "OLE compound file", "application/octet-stream", formats::cfb::EXTRACT;
    /// Word 2007+ (`word/` parts in a ZIP package).
    Docx: "docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "Word 2007+ document", "application/zip", formats::ooxml::EXTRACT;
    /// Excel 2007+ (`xl/` parts with XML worksheets).
    Xlsx: "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "Excel 2007+ workbook", "application/zip", formats::ooxml::EXTRACT;
    /// Excel 2007+ binary workbook (`xl/workbook.bin`).
    Xlsb: "xlsb", "application/vnd.ms-excel.sheet.binary.macroenabled.12", "Excel 2007+ binary workbook", "application/zip", None;
    /// PowerPoint 2007+ (`ppt/` parts).
    Pptx: "pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation", "PowerPoint 2007+ presentation", "application/zip", formats::ooxml::EXTRACT;
    /// OpenDocument text (`.odt`, and flat `.fodt`).
    Odt: "odt", "application/vnd.oasis.opendocument.text", "OpenDocument text", "application/zip", formats::ooxml::EXTRACT;
    /// OpenDocument spreadsheet (`.ods`, `.fods`).
    Ods: "ods", "application/vnd.oasis.opendocument.spreadsheet", "OpenDocument spreadsheet", "application/zip", formats::ooxml::EXTRACT;
    /// OpenDocument presentation (`.odp`, `.fodp`).
    Odp: "odp", "application/vnd.oasis.opendocument.presentation", "OpenDocument presentation", "application/zip", formats::ooxml::EXTRACT;
    /// Rich Text Format (`{\rtf` first).
    Rtf: "rtf", "application/rtf", "RTF document", "text/plain", formats::rtf::EXTRACT;
    /// An Outlook message (a compound file with `__properties_version1.0`
    /// and `__substg1.0_` property streams).
    Msg: "msg", "application/vnd.ms-outlook", "Outlook message", "application/x-tika-msoffice", layer!("mail", formats::mail::extract);
    /// An RFC 5322 / MIME message (header fields from the first line).
    Eml: "eml", "message/rfc822", "e-mail message", "text/plain", layer!("mail", formats::mail::extract);
    /// A mailbox: `From ` separator lines before RFC 5322 messages.
    Mbox: "mbox", "application/mbox", "mbox mailbox", "text/plain", layer!("mail", formats::mail::extract);
    /// A TNEF stream (`winmail.dat`, signature 0x223E9F78).
    Tnef: "tnef", "application/vnd.ms-tnef", "TNEF message (winmail.dat)", "application/octet-stream", layer!("mail", formats::mail::extract);
    /// Any other ZIP archive: each entry is an embedded document.
    Zip: "zip", "application/zip", "ZIP archive", "application/octet-stream", formats::archive::EXTRACT_ZIP;
    /// A gzip stream: the decompressed file is an embedded document.
    Gzip: "gzip", "application/gzip", "gzip file", "application/octet-stream", formats::archive::EXTRACT_GZIP;
    /// A tar archive: each entry is an embedded document.
    Tar: "tar", "application/x-tar", "tar archive", "application/octet-stream", formats::archive::EXTRACT_TAR;
    /// HTML, by the WHATWG MIME-sniffing patterns.
    Html: "html", "text/html", "HTML document", "text/plain", formats::markup::EXTRACT_HTML;
    /// XML (`<?xml` first).
    Xml: "xml", "application/xml", "XML document", "text/plain", formats::markup::EXTRACT_HTML;
    /// Text in some encoding.
    Text: "text", "text/plain", "text file", "application/octet-stream", Some(formats::markup::extract_text);
}

/// The row of `format`.
pub(crate) fn entry(format: Format) -> &'static Entry {
    // The table follows the enum's order; the fallback keeps a mismatch
    // (caught by the test below) from panicking.
    TABLE
        .get(format as usize)
        .filter(|e| e.format == format)
        .or_else(|| TABLE.iter().find(|e| e.format == format))
        .unwrap_or(&TABLE[TABLE.len() - 1])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ALL_FORMATS;

    #[test]
    fn supertypes_as_tika_states_them() {
        assert_eq!(Format::Docx.supertype(), "application/zip");
        assert_eq!(Format::Hwp.supertype(), "application/x-tika-msoffice");
        assert_eq!(Format::Eml.supertype(), "text/plain");
        for f in ALL_FORMATS {
            assert_ne!(
                f.supertype(),
                f.mime_type(),
                "{f:?} is not its own supertype"
            );
        }
    }

    #[test]
    fn the_table_follows_the_enum() {
        assert_eq!(TABLE.len(), ALL_FORMATS.len());
        for (i, f) in ALL_FORMATS.iter().enumerate() {
            assert_eq!(TABLE[i].format, *f, "row {i}");
            assert_eq!(*f as usize, i);
        }
        let mut names: Vec<&str> = TABLE.iter().map(|e| e.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), TABLE.len(), "names are unique");
    }
}
