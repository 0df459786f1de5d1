//! Format detection from content, never from the file name.
//!
//! Detection hands what it parsed to the extractor: a compound file opened
//! to classify it is the one the Word, Excel or PowerPoint layer reads.

mod package;

use crate::{Error, Format, Options};
use package::zip;

/// What detection found: the format and the container it already opened.
pub(crate) struct Sniffed<'a> {
    pub format: Format,
    pub parsed: Parsed<'a>,
}

/// A container detection opened, passed on to the extractor.
pub(crate) enum Parsed<'a> {
    /// Nothing worth keeping.
    Nothing,
    /// The compound file, opened with the caller's limits.
    #[cfg(feature = "ole")]
    Cfb(Box<ole_cfb_read::CompoundFile<'a>>),
    /// Keeps the lifetime when no container layer is compiled in.
    #[cfg(not(feature = "ole"))]
    #[allow(dead_code)]
    Unused(std::marker::PhantomData<&'a ()>),
}

impl Sniffed<'_> {
    fn of(format: Format) -> Sniffed<'static> {
        Sniffed {
            format,
            parsed: Parsed::Nothing,
        }
    }
}

/// The compound-file magic, MS-CFB 2.2.
pub(crate) const CFB_MAGIC: &[u8; 8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";

/// Detects with default options (for [`Format::detect`]).
pub(crate) fn sniff(bytes: &[u8]) -> Result<Sniffed<'_>, Error> {
    sniff_with(bytes, &Options::default())
}

/// Detects the format of `bytes`; not a document textract knows is
/// [`Error::Unsupported`] with the MIME type recognised, and no bytes at all
/// [`Error::Empty`].
pub(crate) fn sniff_with<'a>(bytes: &'a [u8], options: &Options) -> Result<Sniffed<'a>, Error> {
    if bytes.is_empty() {
        return Err(Error::Empty);
    }
    if bytes.starts_with(b"%PDF-") {
        return Ok(Sniffed::of(Format::Pdf));
    }
    if bytes.starts_with(CFB_MAGIC) {
        return Ok(compound(bytes, options));
    }
    if bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06") {
        return Ok(Sniffed::of(zip(bytes)));
    }
    if bytes.starts_with(b"\x1F\x8B\x08") {
        return Ok(Sniffed::of(Format::Gzip));
    }
    if bytes.get(257..262) == Some(b"ustar") {
        return Ok(Sniffed::of(Format::Tar));
    }
    if is_rtf(bytes) {
        return Ok(Sniffed::of(Format::Rtf));
    }
    if bytes.starts_with(b"HWP Document File") {
        return Ok(Sniffed::of(Format::Hwp3));
    }
    if is_bare_biff(bytes) {
        return Ok(Sniffed::of(Format::Xls));
    }
    if let Some(format) = mail(bytes) {
        return Ok(Sniffed::of(format));
    }
    let head = bytes.get(..1024).unwrap_or(bytes);
    if memchr::memmem::find(head, b"%PDF-").is_some() {
        return Ok(Sniffed::of(Format::Pdf));
    }
    if let Some(mime) = not_a_document(bytes) {
        return Err(Error::Unsupported {
            format: None,
            mime_type: Some(mime.to_string()),
            detail: None,
        });
    }
    if looks_binary(bytes) {
        return Err(Error::Unsupported {
            format: None,
            mime_type: Some("application/octet-stream".into()),
            detail: Some("binary data that is no known document format".into()),
        });
    }
    // The root element of a flat OpenDocument file names its kind in
    // `office:mimetype` after LibreOffice's 30-odd namespace declarations
    // (1–3 KB in): markup is judged on a larger window.
    Ok(Sniffed::of(markup(bytes.get(..16 * 1024).unwrap_or(bytes))))
}

/// Classifies a compound file by the streams it holds (MS-DOC, MS-XLS,
/// MS-PPT, HWP 5.0, MS-OFFCRYPTO) and keeps it open for the extractor.
#[cfg(feature = "ole")]
fn compound<'a>(bytes: &'a [u8], options: &Options) -> Sniffed<'a> {
    let Ok(cf) = crate::formats::cfb::open(bytes, Format::Cfb, options) else {
        return Sniffed::of(crate::formats::cfb::classify_damaged(bytes));
    };
    let format = crate::formats::cfb::classify(&cf);
    // A directory that opened with defects yet names no known stream: a
    // file cut short whose sectors may still hold a Word or Excel stream
    // (its layer then salvages what it can).
    if format == Format::Cfb && !cf.warnings().is_empty() {
        let damaged = crate::formats::cfb::classify_damaged(bytes);
        if damaged != Format::Cfb {
            return Sniffed::of(damaged);
        }
    }
    Sniffed {
        format,
        parsed: Parsed::Cfb(Box::new(cf)),
    }
}

#[cfg(not(feature = "ole"))]
fn compound<'a>(_bytes: &'a [u8], _options: &Options) -> Sniffed<'a> {
    Sniffed::of(Format::Cfb)
}

/// A TNEF stream, a mailbox or an RFC 5322 message, by content
/// (`mail-text`'s detectors; compound-file messages are classified with
/// the other compound files).
#[cfg(feature = "mail")]
fn mail(bytes: &[u8]) -> Option<Format> {
    if mail_text::is_tnef(bytes) {
        Some(Format::Tnef)
    } else if mail_text::is_mbox(bytes) {
        Some(Format::Mbox)
    } else if mail_text::is_eml(bytes) {
        Some(Format::Eml)
    } else {
        None
    }
}

#[cfg(not(feature = "mail"))]
fn mail(_bytes: &[u8]) -> Option<Format> {
    None
}

/// `{\rtf` at the start, after optional whitespace and a UTF-8 BOM.
fn is_rtf(bytes: &[u8]) -> bool {
    let rest = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let start = rest
        .iter()
        .take(256)
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(0);
    rest.get(start..).is_some_and(|r| r.starts_with(b"{\\rtf"))
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

/// The MIME type of common non-document content (images, audio, video,
/// fonts, executables, archives textract does not open), by its magic.
fn not_a_document(bytes: &[u8]) -> Option<&'static str> {
    use infer::MatcherType as M;
    let kind = infer::get(bytes)?;
    match kind.matcher_type() {
        M::Image | M::Video | M::Audio | M::Font | M::App | M::Archive => Some(kind.mime_type()),
        // mobi and the like; epub is a ZIP and handled before.
        M::Book => Some(kind.mime_type()),
        M::Doc | M::Text | M::Custom => None,
    }
}

/// Whether `bytes` are binary rather than text in some encoding: NUL bytes
/// that no UTF-16/UTF-32 pattern explains, or C0 control characters (other
/// than whitespace, form feed, and the shifts and ESC of ISO-2022) in more
/// than 1 byte of 10.
pub(crate) fn looks_binary(bytes: &[u8]) -> bool {
    let head = bytes.get(..8192).unwrap_or(bytes);
    if head.starts_with(b"\xFF\xFE") || head.starts_with(b"\xFE\xFF") {
        return false;
    }
    if memchr::memchr(0, head).is_some() {
        return !wide_text(head);
    }
    // C0 controls other than TAB, LF, FF, CR, SO, SI and ESC, as a bit set
    // (branch-free, so the count vectorises).
    const COUNTED: u32 = !((1 << b'\t')
        | (1 << b'\n')
        | (1 << b'\r')
        | (1 << 0x0C)
        | (1 << 0x0E)
        | (1 << 0x0F)
        | (1 << 0x1B));
    let controls: usize = head
        .iter()
        .map(|&b| usize::from(b < 0x20) & ((COUNTED >> (b & 0x1F)) & 1) as usize)
        .sum();
    controls * 10 > head.len()
}

/// UTF-16 or UTF-32 text without a byte-order mark: the NULs fall in a
/// regular column (every second byte, or three bytes in four).
fn wide_text(head: &[u8]) -> bool {
    let n = head.len() / 4 * 4;
    if n < 4 {
        return false;
    }
    let col = |k: usize, step: usize| -> usize {
        head[..n]
            .iter()
            .skip(k)
            .step_by(step)
            .filter(|&&b| b == 0)
            .count()
    };
    let halves = n / 2;
    let utf16 = (0..2).any(|k| col(k, 2) * 10 >= halves * 9 && col(1 - k, 2) * 10 < halves);
    let quarters = n / 4;
    let utf32 = (0..4).filter(|&k| col(k, 4) * 10 >= quarters * 9).count() == 3;
    utf16 || utf32
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

fn markup(head: &[u8]) -> Format {
    // UTF-16 and UTF-32 text (with or without a BOM) carries its ASCII markup
    // between NUL bytes: look at the ASCII projection instead.
    let projected: Vec<u8>;
    let mut view = head;
    if !head.is_empty()
        && memchr::memchr(0, head).is_some()
        && head.iter().filter(|&&b| b == 0).count() * 4 >= head.len()
    {
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
        return xml_root(view);
    }
    Format::Text
}

/// An XML document by its root element: Hancom's `HWPML`, a flat
/// OpenDocument file (`office:document` with its `office:mimetype`), or XML.
fn xml_root(view: &[u8]) -> Format {
    let mut rest = view;
    // Skip the declaration, comments, processing instructions and a DOCTYPE.
    while let Some(lt) = memchr::memchr(b'<', rest) {
        rest = &rest[lt..];
        if rest.starts_with(b"<?") || rest.starts_with(b"<!") {
            let end = if rest.starts_with(b"<!--") {
                memchr::memmem::find(rest, b"-->").map(|e| e + 3)
            } else {
                memchr::memchr(b'>', rest).map(|e| e + 1)
            };
            match end {
                Some(e) => rest = &rest[e..],
                None => return Format::Xml,
            }
            continue;
        }
        let tag_end = memchr::memchr(b'>', rest).unwrap_or(rest.len());
        let tag = &rest[1..tag_end];
        let name_end = tag
            .iter()
            .position(|b| b.is_ascii_whitespace() || *b == b'/')
            .unwrap_or(tag.len());
        let name = &tag[..name_end];
        let local = name.rsplit(|&b| b == b':').next().unwrap_or(name);
        if local == b"HWPML" {
            return Format::Hwpml;
        }
        if local == b"document" {
            let find = |needle: &[u8]| memchr::memmem::find(tag, needle).is_some();
            if find(b"opendocument.text") {
                return Format::Odt;
            }
            if find(b"opendocument.spreadsheet") {
                return Format::Ods;
            }
            if find(b"opendocument.presentation") {
                return Format::Odp;
            }
        }
        return Format::Xml;
    }
    Format::Xml
}

#[cfg(test)]
mod tests {
    use super::package::{attr_value, manifest_root_type};
    use super::*;

    fn detect(bytes: &[u8]) -> Option<Format> {
        sniff(bytes).ok().map(|s| s.format)
    }

    #[test]
    fn pdf_header_may_follow_junk() {
        let mut bytes = vec![b'x'; 500];
        bytes.extend_from_slice(b"%PDF-1.4");
        assert_eq!(detect(&bytes), Some(Format::Pdf));
        let mut late = vec![b'x'; 1030];
        late.extend_from_slice(b"%PDF-1.4");
        assert_eq!(detect(&late), Some(Format::Text));
    }

    #[test]
    fn html_patterns_need_a_terminator() {
        assert_eq!(detect(b"\xEF\xBB\xBF\n <HTML>"), Some(Format::Html));
        assert_eq!(detect(b"<p class=x>"), Some(Format::Html));
        assert_eq!(detect(b"<pre>"), Some(Format::Text));
        assert_eq!(detect(b"<!-- c -->"), Some(Format::Html));
        assert_eq!(detect(b"<?xml version='1.0'?><rss>"), Some(Format::Xml));
    }

    #[test]
    fn xml_roots_name_hwpml_and_flat_opendocument() {
        assert_eq!(
            detect(b"<?xml version=\"1.0\"?>\n<!-- x --><HWPML Version=\"2.8\">"),
            Some(Format::Hwpml)
        );
        assert_eq!(
            detect(b"<?xml version=\"1.0\"?><office:document xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" office:mimetype=\"application/vnd.oasis.opendocument.spreadsheet\">"),
            Some(Format::Ods)
        );
        // LibreOffice's root element carries its namespaces first: the
        // mimetype comes well past the first kilobyte.
        let mut flat = b"<?xml version=\"1.0\"?>\n<office:document".to_vec();
        for i in 0..60 {
            flat.extend_from_slice(
                format!(" xmlns:ns{i}=\"urn:example:namespace:{i}\"").as_bytes(),
            );
        }
        flat.extend_from_slice(b" office:mimetype=\"application/vnd.oasis.opendocument.text\">");
        assert!(flat.len() > 2048);
        assert_eq!(detect(&flat), Some(Format::Odt));
    }

    #[test]
    fn utf16_and_utf32_html_are_seen_through_nuls() {
        let utf16: Vec<u8> = "<html><body>x</body></html>"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(
            detect(&[&[0xFF, 0xFE][..], &utf16].concat()),
            Some(Format::Html)
        );
        assert_eq!(detect(&utf16), Some(Format::Html));
        let utf32: Vec<u8> = "<!DOCTYPE html>"
            .chars()
            .flat_map(|c| (c as u32).to_be_bytes())
            .collect();
        assert_eq!(detect(&utf32), Some(Format::Html));
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
            detect(&zip_with(&["[Content_Types].xml", "word/document.xml"])),
            Some(Format::Docx)
        );
        assert_eq!(
            detect(&zip_with(&["[Content_Types].xml", "xl/workbook.xml"])),
            Some(Format::Xlsx)
        );
        assert_eq!(
            detect(&zip_with(&["[Content_Types].xml", "xl/workbook.bin"])),
            Some(Format::Xlsb)
        );
        assert_eq!(
            detect(&zip_with(&["[Content_Types].xml", "ppt/presentation.xml"])),
            Some(Format::Pptx)
        );
        assert_eq!(detect(&zip_with(&["a.txt"])), Some(Format::Zip));
        // Truncated inside a header: no panic, still a zip.
        assert_eq!(detect(b"PK\x03\x04\x00"), Some(Format::Zip));
    }

    #[test]
    fn mimetype_entries_name_opendocument_and_hwpx() {
        let stored = |mime: &str| {
            let mut z = b"PK\x03\x04".to_vec();
            z.extend_from_slice(&[0; 4]); // version, flags
            z.extend_from_slice(&[0, 0]); // method: stored
            z.extend_from_slice(&[0; 8]); // time, date, crc
            z.extend_from_slice(&(mime.len() as u32).to_le_bytes());
            z.extend_from_slice(&(mime.len() as u32).to_le_bytes());
            z.extend_from_slice(&8u16.to_le_bytes());
            z.extend_from_slice(&0u16.to_le_bytes());
            z.extend_from_slice(b"mimetype");
            z.extend_from_slice(mime.as_bytes());
            z
        };
        assert_eq!(
            detect(&stored("application/vnd.oasis.opendocument.presentation")),
            Some(Format::Odp)
        );
        assert_eq!(detect(&stored("application/hwp+zip")), Some(Format::Hwpx));
        assert_eq!(detect(&stored("application/epub+zip")), Some(Format::Zip));
    }

    /// A local file header and its data; `descriptor`: sizes zero in the
    /// header (general purpose bit 3), a data descriptor after the data.
    fn entry(name: &str, data: &[u8], deflate: bool, descriptor: bool) -> Vec<u8> {
        let body = if deflate {
            miniz_oxide::deflate::compress_to_vec(data, 6)
        } else {
            data.to_vec()
        };
        let mut z = b"PK\x03\x04".to_vec();
        z.extend_from_slice(&20u16.to_le_bytes());
        z.extend_from_slice(&(if descriptor { 8u16 } else { 0 }).to_le_bytes());
        z.extend_from_slice(&(if deflate { 8u16 } else { 0 }).to_le_bytes());
        z.extend_from_slice(&[0; 8]); // time, date, crc
        let (c, u) = if descriptor {
            (0, 0)
        } else {
            (body.len() as u32, data.len() as u32)
        };
        z.extend_from_slice(&c.to_le_bytes());
        z.extend_from_slice(&u.to_le_bytes());
        z.extend_from_slice(&(name.len() as u16).to_le_bytes());
        z.extend_from_slice(&0u16.to_le_bytes());
        z.extend_from_slice(name.as_bytes());
        z.extend_from_slice(&body);
        if descriptor {
            z.extend_from_slice(b"PK\x07\x08");
            z.extend_from_slice(&[0; 4]);
            z.extend_from_slice(&(body.len() as u32).to_le_bytes());
            z.extend_from_slice(&(data.len() as u32).to_le_bytes());
        }
        z
    }

    const MANIFEST_ODP: &str = r#"<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:media-type="text/xml" manifest:full-path="content.xml"/><manifest:file-entry manifest:media-type='application/vnd.oasis.opendocument.presentation' manifest:full-path='/'/></manifest:manifest>"#;

    #[test]
    fn opendocument_without_a_usable_mimetype() {
        let content = |body: &str| {
            format!(
                r#"<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"><office:automatic-styles/><office:body><office:{body}><x/></office:{body}></office:body></office:document-content>"#
            )
        };
        // No mimetype: the manifest's root entry (attributes in any order,
        // either quote) names the kind.
        let z = [
            entry("content.xml", content("text").as_bytes(), true, false),
            entry("META-INF/manifest.xml", MANIFEST_ODP.as_bytes(), true, true),
        ]
        .concat();
        assert_eq!(detect(&z), Some(Format::Odp));
        // No mimetype, no manifest: content.xml's body, behind a data descriptor.
        for (body, format) in [
            ("spreadsheet", Format::Ods),
            ("text", Format::Odt),
            ("drawing", Format::Odp),
            ("chart", Format::Ods),
        ] {
            let z = [
                entry("Thumbnails/thumbnail.png", b"\x89PNG", false, false),
                entry("content.xml", content(body).as_bytes(), true, true),
            ]
            .concat();
            assert_eq!(detect(&z), Some(format), "{body}");
        }
        // A mimetype deflated behind a data descriptor, not first.
        let z = [
            entry("content.xml", content("text").as_bytes(), true, true),
            entry(
                "mimetype",
                b"application/vnd.oasis.opendocument.spreadsheet",
                true,
                true,
            ),
        ]
        .concat();
        assert_eq!(detect(&z), Some(Format::Ods));
        // A stored mimetype behind a data descriptor ends at the descriptor.
        let z = entry(
            "mimetype",
            b"application/vnd.oasis.opendocument.text",
            false,
            true,
        );
        assert_eq!(detect(&z), Some(Format::Odt));
        // A zip whose content.xml is something else stays an archive.
        let z = entry("content.xml", b"<?xml version='1.0'?><rss/>", true, false);
        assert_eq!(detect(&z), Some(Format::Zip));
    }

    #[test]
    fn ooxml_content_types_behind_a_data_descriptor() {
        let types = br#"<Types><Override PartName="/doc/main.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>"#;
        let z = [
            entry("doc/main.xml", b"<w:document/>", true, true),
            entry("_rels/.rels", b"<Relationships/>", true, true),
            entry("[Content_Types].xml", types, true, true),
        ]
        .concat();
        assert_eq!(detect(&z), Some(Format::Docx));
    }

    #[test]
    fn manifest_attributes() {
        assert_eq!(
            manifest_root_type(MANIFEST_ODP.as_bytes()),
            Some(&b"application/vnd.oasis.opendocument.presentation"[..])
        );
        assert_eq!(
            attr_value(b"e a:full-path = \"/\"", b"full-path"),
            Some(&b"/"[..])
        );
        assert_eq!(attr_value(b"e xfull-path=\"/\"", b"full-path"), None);
        assert_eq!(manifest_root_type(b"<file-entry full-path=\"/\""), None);
    }

    #[test]
    fn bare_biff_worksheets() {
        assert_eq!(
            detect(b"\x09\x04\x06\x00\x00\x00\x10\x00rest"),
            Some(Format::Xls)
        );
        assert_eq!(
            detect(b"\x09\x02\x06\x00\x00\x00\x10\x00rest"),
            Some(Format::Xls)
        );
        assert_eq!(detect(b"\x09\x04\x06\x00\x00\x00\x99\x00rest"), None);
    }

    #[test]
    fn rtf_hwp3_gzip_tar_by_their_magic() {
        assert_eq!(
            detect(b"\xEF\xBB\xBF \r\n{\\rtf1\\ansi x}"),
            Some(Format::Rtf)
        );
        assert_eq!(
            detect(b"HWP Document File V3.00 \x1a\x01\x02\x03\x04\x05"),
            Some(Format::Hwp3)
        );
        assert_eq!(
            detect(b"\x1F\x8B\x08\x00\0\0\0\0\0\x03"),
            Some(Format::Gzip)
        );
        let mut tar = vec![0u8; 512];
        tar[257..263].copy_from_slice(b"ustar\0");
        assert_eq!(detect(&tar), Some(Format::Tar));
    }

    #[test]
    fn binary_is_never_text() {
        let err = |b: &[u8]| sniff(b).err().map(|e| e.mime_type().map(str::to_string));
        assert_eq!(
            err(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x02\0\0\0"),
            Some(Some("image/png".into()))
        );
        assert_eq!(
            err(&[
                &b"\x7FELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x02\0>\0"[..],
                &[0; 64]
            ]
            .concat()),
            Some(Some("application/x-executable".into()))
        );
        let random: Vec<u8> = (0..4096u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        assert_eq!(err(&random), Some(Some("application/octet-stream".into())));
        assert!(matches!(sniff(b""), Err(Error::Empty)));
        // Legacy 8-bit text and ISO-2022 escapes stay text.
        assert_eq!(
            detect(b"\x93\xfa\x96{\x8c\xea \x1b$B$3$s$K$A$O\x1b(B"),
            Some(Format::Text)
        );
    }
}
