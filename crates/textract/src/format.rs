//! Format detection from content, never from the file name.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

/// A document format, as [`Format::detect`] tells it from the bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Format {
    /// PDF (`%PDF-` within the first 1024 bytes).
    Pdf,
    /// Word 97–2003 or Word 6/95 (`WordDocument` stream in a compound file).
    Doc,
    /// Excel 97–2003 workbook (`Workbook`/`Book` stream) or a bare BIFF 2–4 file.
    Xls,
    /// PowerPoint 97–2003 (`PowerPoint Document` stream).
    Ppt,
    /// Hangul Word Processor 5 (`FileHeader` stream starting `HWP Document File`).
    Hwp,
    /// An OOXML package encrypted into a compound file (`EncryptionInfo` + `EncryptedPackage`).
    OoxmlEncrypted,
    /// Any other OLE compound file (`.msg`, `.msi`, …).
    Cfb,
    /// Word 2007+ (`word/` parts in a ZIP package).
    Docx,
    /// Excel 2007+ (`xl/` parts).
    Xlsx,
    /// PowerPoint 2007+ (`ppt/` parts).
    Pptx,
    /// OpenDocument (a ZIP whose first entry is `mimetype`).
    Odf,
    /// Any other ZIP archive.
    Zip,
    /// HTML, by the WHATWG MIME-sniffing patterns.
    Html,
    /// XML (`<?xml` first).
    Xml,
    /// Anything else: treated as text in some encoding.
    Text,
}

/// Every format, in declaration order (for `--format` help and parsing).
pub const ALL_FORMATS: &[Format] = &[
    Format::Pdf,
    Format::Doc,
    Format::Xls,
    Format::Ppt,
    Format::Hwp,
    Format::OoxmlEncrypted,
    Format::Cfb,
    Format::Docx,
    Format::Xlsx,
    Format::Pptx,
    Format::Odf,
    Format::Zip,
    Format::Html,
    Format::Xml,
    Format::Text,
];

/// The compound-file magic, MS-CFB 2.2.
pub(crate) const CFB_MAGIC: &[u8; 8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";

impl Format {
    /// The short lowercase name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Doc => "doc",
            Format::Xls => "xls",
            Format::Ppt => "ppt",
            Format::Hwp => "hwp",
            Format::OoxmlEncrypted => "ooxmlencrypted",
            Format::Cfb => "cfb",
            Format::Docx => "docx",
            Format::Xlsx => "xlsx",
            Format::Pptx => "pptx",
            Format::Odf => "odf",
            Format::Zip => "zip",
            Format::Html => "html",
            Format::Xml => "xml",
            Format::Text => "text",
        }
    }

    /// Detects the format from the document's bytes.
    ///
    /// ```
    /// use textract::Format;
    /// assert_eq!(Format::detect(b"%PDF-1.7\n..."), Format::Pdf);
    /// assert_eq!(Format::detect(b"  <!doctype html><p>hi"), Format::Html);
    /// assert_eq!(Format::detect(b"just words"), Format::Text);
    /// ```
    pub fn detect(bytes: &[u8]) -> Format {
        let head = bytes.get(..1024).unwrap_or(bytes);
        if memchr::memmem::find(head, b"%PDF-").is_some() {
            return Format::Pdf;
        }
        if bytes.starts_with(CFB_MAGIC) {
            return crate::container::detect_compound(bytes);
        }
        if bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06") {
            return detect_zip(bytes);
        }
        if is_bare_biff(bytes) {
            return Format::Xls;
        }
        detect_markup(head)
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

/// Classifies a ZIP by the names in its local file headers, which survive a
/// truncated or damaged central directory.
fn detect_zip(bytes: &[u8]) -> Format {
    let mut first = true;
    let (mut content_types, mut word, mut xl, mut ppt) = (false, false, false, false);
    for pos in memchr::memmem::find_iter(bytes, b"PK\x03\x04") {
        let Some(name) = local_header_name(bytes, pos) else {
            continue;
        };
        if first && name == b"mimetype" {
            return Format::Odf;
        }
        first = false;
        content_types |= name == b"[Content_Types].xml";
        word |= name.starts_with(b"word/");
        xl |= name.starts_with(b"xl/");
        ppt |= name.starts_with(b"ppt/");
    }
    match (content_types || word || xl || ppt, word, xl, ppt) {
        (true, true, _, _) => Format::Docx,
        (true, _, true, _) => Format::Xlsx,
        (true, _, _, true) => Format::Pptx,
        _ => Format::Zip,
    }
}

/// The file name of the ZIP local file header at `pos` (APPNOTE 4.3.7).
fn local_header_name(bytes: &[u8], pos: usize) -> Option<&[u8]> {
    let len_at = pos.checked_add(26)?;
    let len = u16::from_le_bytes([*bytes.get(len_at)?, *bytes.get(len_at + 1)?]) as usize;
    let start = pos.checked_add(30)?;
    bytes.get(start..start.checked_add(len)?)
}

/// A BIFF 2–4 worksheet written without a compound file: it starts with a BOF
/// record (type 0x0009, 0x0209 or 0x0409) whose substream type is a known one.
fn is_bare_biff(bytes: &[u8]) -> bool {
    let word = |at: usize| Some(u16::from_le_bytes([*bytes.get(at)?, *bytes.get(at + 1)?]));
    let (Some(kind), Some(len), Some(dt)) = (word(0), word(2), word(6)) else {
        return false;
    };
    matches!(kind, 0x0009 | 0x0209 | 0x0409)
        && (4..=16).contains(&len)
        && matches!(dt, 0x0005 | 0x0010 | 0x0020 | 0x0040 | 0x0100)
}

/// The WHATWG MIME-sniffing patterns that identify HTML ("rules for
/// identifying an unknown MIME type", the HTML rows), plus `<?xml`.
const HTML_TAGS: &[&[u8]] = &[
    b"<!DOCTYPE HTML",
    b"<HTML",
    b"<HEAD",
    b"<SCRIPT",
    b"<IFRAME",
    b"<H1",
    b"<DIV",
    b"<FONT",
    b"<TABLE",
    b"<A",
    b"<STYLE",
    b"<TITLE",
    b"<B",
    b"<BODY",
    b"<BR",
    b"<P",
    b"<!--",
];

fn detect_markup(head: &[u8]) -> Format {
    // UTF-16 and UTF-32 text (with or without a BOM) carries its ASCII markup
    // between NUL bytes: look at the ASCII projection instead.
    let projected: Vec<u8>;
    let mut view = head;
    if head.iter().filter(|&&b| b == 0).count() * 4 >= head.len() && !head.is_empty() {
        projected = head.iter().copied().filter(|&b| b != 0).collect();
        view = &projected;
    }
    for bom in [&b"\xEF\xBB\xBF"[..], b"\xFE\xFF", b"\xFF\xFE"] {
        if let Some(rest) = view.strip_prefix(bom) {
            view = rest;
            break;
        }
    }
    let start = view
        .iter()
        .position(|b| !matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' '))
        .unwrap_or(view.len());
    let view = view.get(start..).unwrap_or_default();
    for tag in HTML_TAGS {
        if let Some(prefix) = view.get(..tag.len())
            && prefix.eq_ignore_ascii_case(tag)
        {
            // `<!--` needs no terminator; the tag names need a space or `>`.
            if *tag == b"<!--" || matches!(view.get(tag.len()), Some(b' ' | b'>')) {
                return Format::Html;
            }
        }
    }
    if view.starts_with(b"<?xml") {
        return Format::Xml;
    }
    Format::Text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdf_header_may_follow_junk() {
        let mut bytes = vec![b'x'; 500];
        bytes.extend_from_slice(b"%PDF-1.4");
        assert_eq!(Format::detect(&bytes), Format::Pdf);
        let mut late = vec![b'x'; 1030];
        late.extend_from_slice(b"%PDF-1.4");
        assert_eq!(Format::detect(&late), Format::Text);
    }

    #[test]
    fn html_patterns_need_a_terminator() {
        assert_eq!(Format::detect(b"\xEF\xBB\xBF\n <HTML>"), Format::Html);
        assert_eq!(Format::detect(b"<p class=x>"), Format::Html);
        assert_eq!(Format::detect(b"<pre>"), Format::Text);
        assert_eq!(Format::detect(b"<!-- c -->"), Format::Html);
        assert_eq!(Format::detect(b"<?xml version='1.0'?><rss>"), Format::Xml);
    }

    #[test]
    fn utf16_and_utf32_html_are_seen_through_nuls() {
        let utf16: Vec<u8> = "<html><body>x</body></html>"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(
            Format::detect(&[&[0xFF, 0xFE][..], &utf16].concat()),
            Format::Html
        );
        let utf32: Vec<u8> = "<!DOCTYPE html>"
            .chars()
            .flat_map(|c| (c as u32).to_be_bytes())
            .collect();
        assert_eq!(Format::detect(&utf32), Format::Html);
    }

    fn zip_with(names: &[&str]) -> Vec<u8> {
        let mut out = Vec::new();
        for name in names {
            out.extend_from_slice(b"PK\x03\x04");
            out.extend_from_slice(&[0; 22]);
            out.extend_from_slice(&(name.len() as u16).to_le_bytes());
            out.extend_from_slice(&[0, 0]);
            out.extend_from_slice(name.as_bytes());
        }
        out
    }

    #[test]
    fn zip_packages_by_part_names() {
        assert_eq!(
            Format::detect(&zip_with(&["[Content_Types].xml", "word/document.xml"])),
            Format::Docx
        );
        assert_eq!(
            Format::detect(&zip_with(&["[Content_Types].xml", "xl/workbook.xml"])),
            Format::Xlsx
        );
        assert_eq!(
            Format::detect(&zip_with(&["[Content_Types].xml", "ppt/presentation.xml"])),
            Format::Pptx
        );
        assert_eq!(
            Format::detect(&zip_with(&["mimetype", "content.xml"])),
            Format::Odf
        );
        assert_eq!(Format::detect(&zip_with(&["a.txt"])), Format::Zip);
        // Truncated inside a header: no panic, still a zip.
        assert_eq!(Format::detect(b"PK\x03\x04\x00"), Format::Zip);
    }

    #[test]
    fn bare_biff_worksheets() {
        assert_eq!(
            Format::detect(b"\x09\x04\x06\x00\x00\x00\x10\x00rest"),
            Format::Xls
        );
        assert_eq!(
            Format::detect(b"\x09\x02\x06\x00\x00\x00\x10\x00rest"),
            Format::Xls
        );
        assert_eq!(
            Format::detect(b"\x09\x04\x06\x00\x00\x00\x99\x00rest"),
            Format::Text
        );
    }

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
