//! The one table of formats: name, MIME type, the name a person reads, and
//! the extractor (absent where no layer reads the format, or its cargo
//! feature is off). Detection lives in `detect.rs`; everything else about a
//! format is looked up here.

use crate::{Context, Document, Error, Format, formats};

/// A format's extractor: the same signature for every format.
pub(crate) type Extract = fn(&[u8], &Context<'_>) -> Result<Document, Error>;

/// One row of the table.
pub(crate) struct Entry {
    pub format: Format,
    pub name: &'static str,
    pub mime_type: &'static str,
    pub human_name: &'static str,
    pub extract: Option<Extract>,
}

macro_rules! row {
    ($format:ident, $name:literal, $mime:literal, $human:literal, $extract:expr) => {
        Entry {
            format: Format::$format,
            name: $name,
            mime_type: $mime,
            human_name: $human,
            extract: $extract,
        }
    };
}

/// Every format, in the order of [`Format`]'s variants (a test checks it).
#[rustfmt::skip]
const TABLE: &[Entry] = &[
    row!(Pdf, "pdf", "application/pdf", "PDF document", formats::pdf::EXTRACT),
    row!(Doc, "doc", "application/msword", "Word 97–2003 document", formats::doc::EXTRACT),
    row!(Xls, "xls", "application/vnd.ms-excel", "Excel 97–2003 workbook", formats::xls::EXTRACT),
    row!(Ppt, "ppt", "application/vnd.ms-powerpoint", "PowerPoint 97–2003 presentation", formats::ppt::EXTRACT),
    row!(Hwp, "hwp", "application/x-hwp", "HWP document", formats::hwp::EXTRACT),
    row!(Hwpx, "hwpx", "application/hwp+zip", "HWPX document", formats::hwp::EXTRACT),
    row!(Hwp3, "hwp3", "application/x-hwp", "HWP 3.0 document", formats::hwp::EXTRACT),
    row!(Hwpml, "hwpml", "application/x-hwpml", "HWPML document", formats::hwp::EXTRACT),
    row!(OoxmlEncrypted, "ooxml-encrypted", "application/x-tika-ooxml-protected", "Office 2007+ document (encrypted package)", formats::crypto::EXTRACT_OOXML),
    row!(Cfb, "cfb", "application/x-tika-msoffice", "OLE compound file", formats::cfb::EXTRACT),
    row!(Docx, "docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "Word 2007+ document", formats::ooxml::EXTRACT),
    row!(Xlsx, "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "Excel 2007+ workbook", formats::ooxml::EXTRACT),
    row!(Xlsb, "xlsb", "application/vnd.ms-excel.sheet.binary.macroenabled.12", "Excel 2007+ binary workbook", None),
    row!(Pptx, "pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation", "PowerPoint 2007+ presentation", formats::ooxml::EXTRACT),
    row!(Odt, "odt", "application/vnd.oasis.opendocument.text", "OpenDocument text", formats::ooxml::EXTRACT),
    row!(Ods, "ods", "application/vnd.oasis.opendocument.spreadsheet", "OpenDocument spreadsheet", formats::ooxml::EXTRACT),
    row!(Odp, "odp", "application/vnd.oasis.opendocument.presentation", "OpenDocument presentation", formats::ooxml::EXTRACT),
    row!(Rtf, "rtf", "application/rtf", "RTF document", formats::rtf::EXTRACT),
    row!(Zip, "zip", "application/zip", "ZIP archive", formats::archive::EXTRACT_ZIP),
    row!(Gzip, "gzip", "application/gzip", "gzip file", formats::archive::EXTRACT_GZIP),
    row!(Tar, "tar", "application/x-tar", "tar archive", formats::archive::EXTRACT_TAR),
    row!(Html, "html", "text/html", "HTML document", formats::markup::EXTRACT_HTML),
    row!(Xml, "xml", "application/xml", "XML document", formats::markup::EXTRACT_HTML),
    row!(Text, "text", "text/plain", "text file", Some(formats::markup::extract_text)),
];

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
