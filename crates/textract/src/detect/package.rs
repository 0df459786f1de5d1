//! ZIP packages: OOXML, OpenDocument and HWPX told apart by their entry
//! names, `mimetype`, `[Content_Types].xml`, the ODF manifest or
//! `content.xml`'s root element.

use crate::Format;

/// Classifies a ZIP by the names in its local file headers, which survive a
/// truncated or damaged central directory, and by the `mimetype` entry
/// OpenDocument and HWPX packages store first. An OpenDocument package
/// without a usable `mimetype` (missing, deflated behind a data
/// descriptor, or not first: OpenOffice.org 2.x and repacking tools write
/// such files) is told by `META-INF/manifest.xml`'s root entry or by
/// `content.xml`'s root element, never read as a plain archive.
pub(crate) fn zip(bytes: &[u8]) -> Format {
    let (mut content_types, mut word, mut xl, mut xl_bin, mut ppt) =
        (false, false, false, false, false);
    let mut mimetype = None;
    let mut main_type = None;
    let mut manifest: Option<LocalHeader<'_>> = None;
    let mut content: Option<LocalHeader<'_>> = None;
    for pos in memchr::memmem::find_iter(bytes, b"PK\x03\x04") {
        let Some(header) = LocalHeader::at(bytes, pos) else {
            continue;
        };
        let name = header.name;
        // Packages should store `mimetype` first, uncompressed; repacked
        // ones have it anywhere, even deflated.
        if name == b"mimetype" && mimetype.is_none() {
            mimetype = header.data();
        }
        if name == b"[Content_Types].xml" && !content_types {
            content_types = true;
            main_type = header
                .data_up_to(64 << 10)
                .and_then(|t| ooxml_main_type(&t));
        }
        if name == b"META-INF/manifest.xml" && manifest.is_none() {
            manifest = Some(header);
        } else if name == b"content.xml" && content.is_none() {
            content = Some(header);
        }
        word |= name.starts_with(b"word/");
        xl |= name.starts_with(b"xl/");
        xl_bin |= name == b"xl/workbook.bin";
        ppt |= name.starts_with(b"ppt/");
    }
    if let Some(format) = mimetype.and_then(|m| package_media_type(m.trim_ascii())) {
        return format;
    }
    // The main part's content type names the kind whatever the part is
    // called (`content/main.xml` is as good as `word/document.xml`).
    if let Some(format) = main_type {
        return format;
    }
    match (content_types || word || xl || ppt, word, xl, ppt) {
        (true, true, _, _) => return Format::Docx,
        (true, _, true, _) if xl_bin => return Format::Xlsb,
        (true, _, true, _) => return Format::Xlsx,
        (true, _, _, true) => return Format::Pptx,
        _ => {}
    }
    // No usable `mimetype`: the manifest's root entry (ODF 1.3 Part 2
    // §3.2, `full-path="/"`), then `content.xml`'s root element.
    if let Some(format) = manifest
        .and_then(|m| m.data_up_to(256 << 10))
        .and_then(|m| manifest_root_type(&m).and_then(package_media_type))
    {
        return format;
    }
    if let Some(format) = content
        .and_then(|c| c.data_up_to(256 << 10))
        .and_then(|c| content_kind(&c))
    {
        return format;
    }
    Format::Zip
}

/// The format a package media type (a `mimetype` entry, a manifest's root
/// entry) names: OpenDocument text, spreadsheet, presentation (and their
/// templates and masters), or HWPX.
fn package_media_type(mime: &[u8]) -> Option<Format> {
    Some(match mime {
        b"application/vnd.oasis.opendocument.text"
        | b"application/vnd.oasis.opendocument.text-template"
        | b"application/vnd.oasis.opendocument.text-master"
        | b"application/vnd.oasis.opendocument.text-web" => Format::Odt,
        b"application/vnd.oasis.opendocument.spreadsheet"
        | b"application/vnd.oasis.opendocument.spreadsheet-template" => Format::Ods,
        b"application/vnd.oasis.opendocument.presentation"
        | b"application/vnd.oasis.opendocument.presentation-template"
        | b"application/vnd.oasis.opendocument.graphics"
        | b"application/vnd.oasis.opendocument.graphics-template" => Format::Odp,
        // A chart is an embedded object's (`Object 1/` of a document):
        // its title and data table, read as a spreadsheet's.
        b"application/vnd.oasis.opendocument.chart"
        | b"application/vnd.oasis.opendocument.chart-template" => Format::Ods,
        b"application/hwp+zip" => Format::Hwpx,
        _ => return None,
    })
}

/// The `media-type` of the manifest's `file-entry` whose `full-path` is
/// `/` (the package itself), with either quote and in any attribute order.
pub(super) fn manifest_root_type(manifest: &[u8]) -> Option<&[u8]> {
    let mut rest = manifest;
    while let Some(at) = memchr::memmem::find(rest, b"file-entry") {
        let tag = rest.get(at..)?;
        let end = memchr::memchr(b'>', tag).unwrap_or(tag.len());
        let tag = tag.get(..end)?;
        if attr_value(tag, b"full-path") == Some(b"/") {
            return attr_value(tag, b"media-type").map(<[u8]>::trim_ascii);
        }
        rest = rest.get(at + end..)?;
    }
    None
}

/// The value of the attribute whose local name is `name` in a start tag.
pub(super) fn attr_value<'t>(tag: &'t [u8], name: &[u8]) -> Option<&'t [u8]> {
    let mut from = 0;
    while let Some(at) = memchr::memmem::find(tag.get(from..)?, name) {
        let start = from + at;
        let before = start.checked_sub(1).and_then(|b| tag.get(b)).copied();
        let after = tag.get(start + name.len()..)?;
        let eq = after.iter().position(|b| !b.is_ascii_whitespace());
        if matches!(before, Some(b':' | b' ' | b'\t' | b'\n' | b'\r'))
            && eq.and_then(|e| after.get(e)) == Some(&b'=')
        {
            let value = after.get(eq? + 1..)?;
            let value = value.get(value.iter().position(|b| !b.is_ascii_whitespace())?..)?;
            let quote = *value.first()?;
            if quote == b'"' || quote == b'\'' {
                let body = value.get(1..)?;
                let close = memchr::memchr(quote, body)?;
                return body.get(..close);
            }
        }
        from = start + name.len();
    }
    None
}

/// The kind `content.xml` holds: an `office:document-content` root whose
/// `office:body` child is text, spreadsheet, presentation or drawing (a
/// document-content root whose body lies past the bytes read is text; the
/// layer reads the body and reports what it is).
fn content_kind(content: &[u8]) -> Option<Format> {
    memchr::memmem::find(content, b"document-content")?;
    let body = memchr::memmem::find(content, b":body>")
        .map(|b| b + 6)
        .or_else(|| memchr::memmem::find(content, b"<body>").map(|b| b + 6));
    let Some(body) = body else {
        return Some(Format::Odt);
    };
    let after = content.get(body..).unwrap_or_default();
    let lt = memchr::memchr(b'<', after)?;
    let tag = after.get(lt + 1..)?;
    let end = tag
        .iter()
        .position(|b| b.is_ascii_whitespace() || matches!(b, b'/' | b'>'))
        .unwrap_or(tag.len());
    let name = tag.get(..end)?;
    let local = name.rsplit(|&b| b == b':').next().unwrap_or(name);
    Some(match local {
        b"spreadsheet" | b"chart" => Format::Ods,
        b"presentation" | b"drawing" => Format::Odp,
        _ => Format::Odt,
    })
}

/// The kind an OOXML package's `[Content_Types].xml` declares for its main
/// part (ECMA-376 Part 1 §11–13 content types, and their macro-enabled and
/// template variants).
fn ooxml_main_type(types: &[u8]) -> Option<Format> {
    let has = |needle: &[u8]| memchr::memmem::find(types, needle).is_some();
    if has(b"sheet.binary.macroEnabled.main") {
        Some(Format::Xlsb)
    } else if has(b"wordprocessingml.document.main+xml")
        || has(b"wordprocessingml.template.main+xml")
        || has(b"ms-word.document.macroEnabled.main+xml")
        || has(b"ms-word.template.macroEnabledTemplate.main+xml")
    {
        Some(Format::Docx)
    } else if has(b"spreadsheetml.sheet.main+xml")
        || has(b"spreadsheetml.template.main+xml")
        || has(b"ms-excel.sheet.macroEnabled.main+xml")
        || has(b"ms-excel.template.macroEnabled.main+xml")
    {
        Some(Format::Xlsx)
    } else if has(b"presentationml.presentation.main+xml")
        || has(b"presentationml.slideshow.main+xml")
        || has(b"presentationml.template.main+xml")
        || has(b"ms-powerpoint.presentation.macroEnabled.main+xml")
        || has(b"ms-powerpoint.slideshow.macroEnabled.main+xml")
        || has(b"ms-powerpoint.template.macroEnabled.main+xml")
    {
        Some(Format::Pptx)
    } else {
        None
    }
}

/// A ZIP local file header (APPNOTE 4.3.7).
#[derive(Clone, Copy)]
struct LocalHeader<'a> {
    name: &'a [u8],
    method: u16,
    compressed: usize,
    /// General purpose bit 3: the sizes follow the data (a data
    /// descriptor), the header's are zero.
    descriptor: bool,
    data_at: usize,
    bytes: &'a [u8],
}

impl<'a> LocalHeader<'a> {
    fn at(bytes: &'a [u8], pos: usize) -> Option<LocalHeader<'a>> {
        let u16_at = |at: usize| -> Option<u16> {
            Some(u16::from_le_bytes([
                *bytes.get(pos.checked_add(at)?)?,
                *bytes.get(pos.checked_add(at + 1)?)?,
            ]))
        };
        let u32_at = |at: usize| -> Option<u32> {
            Some(u32::from(u16_at(at)?) | (u32::from(u16_at(at + 2)?) << 16))
        };
        let flags = u16_at(6)?;
        let method = u16_at(8)?;
        let compressed = u32_at(18)? as usize;
        let name_len = usize::from(u16_at(26)?);
        let extra_len = usize::from(u16_at(28)?);
        let start = pos.checked_add(30)?;
        let name = bytes.get(start..start.checked_add(name_len)?)?;
        Some(LocalHeader {
            name,
            method,
            compressed,
            descriptor: flags & 0x0008 != 0,
            data_at: start + name_len + extra_len,
            bytes,
        })
    }

    /// The first 256 bytes of the entry's data, stored or deflated.
    fn data(&self) -> Option<Vec<u8>> {
        self.data_up_to(256)
    }

    /// The first `max` bytes of the entry's data (from at most `max` or
    /// 64 KiB of compressed bytes, whichever is more), stored or deflated.
    fn data_up_to(&self, max: usize) -> Option<Vec<u8>> {
        // Behind a data descriptor the size is unknown here: a deflate
        // stream ends by itself, a stored entry at the next signature.
        let window = if self.descriptor && self.compressed == 0 {
            let rest = self.bytes.get(self.data_at..)?;
            let mut len = rest.len().min(max.max(64 << 10));
            if self.method == 0 {
                let head = rest.get(..len)?;
                len = [&b"PK\x07\x08"[..], b"PK\x03\x04", b"PK\x01\x02"]
                    .iter()
                    .filter_map(|sig| memchr::memmem::find(head, sig))
                    .min()
                    .unwrap_or(len);
            }
            len
        } else {
            self.compressed.min(max.max(64 << 10))
        };
        let raw = self
            .bytes
            .get(self.data_at..self.data_at.checked_add(window)?)?;
        match self.method {
            0 => Some(raw.get(..max).unwrap_or(raw).to_vec()),
            8 => miniz_oxide::inflate::decompress_to_vec_with_limit(raw, max)
                .or_else(|e| {
                    if e.output.is_empty() {
                        Err(())
                    } else {
                        Ok(e.output)
                    }
                })
                .ok(),
            _ => None,
        }
    }
}
