//! HWP 5.0 documents (HWP 5.0 spec §3 "파일 구조"): the compound file's
//! `FileHeader`, `DocInfo`, `BodyText/SectionN` (or, in a distribution
//! document, `ViewText/SectionN`), `BinData/*`, `PrvText` and
//! `\005HwpSummaryInformation` streams.

use std::borrow::Cow;

use doc_model::{EmbeddedFile, EmbeddedKind, Metadata};
use ole_cfb_read::{CompoundFile, EntryKind};

use crate::bytes::{inflate, utf16};
use crate::distribute::{DistributeError, decrypt_stream};
use crate::doc_info::{BinDataItem, DocInfo};
use crate::error::{Error, Warning, WarningKind};
use crate::file_header::FileHeader;
use crate::section::Renderer;
use crate::{HwpDetails, HwpDocument, HwpKind, Options, record};

/// Reads an HWP 5.0 document from its opened compound file.
pub fn read(cfb: &CompoundFile<'_>, options: &Options) -> Result<HwpDocument, Error> {
    let limits = &options.limits;
    let mut warnings: Vec<Warning> = cfb
        .warnings()
        .iter()
        .map(|w| Warning::new(WarningKind::Container, w.to_string(), None))
        .collect();
    let header_stream = cfb.stream("FileHeader")?;
    let header = FileHeader::parse(&header_stream).ok_or_else(|| {
        Error::NotHwp("the FileHeader stream lacks the signature `HWP Document File`".into())
    })?;
    let metadata = metadata(cfb, &mut warnings);
    if header.has(FileHeader::PASSWORD) {
        return Err(Error::Encrypted {
            scheme: "password (FileHeader bit 1; the algorithm is unpublished)",
            metadata: Box::new(metadata),
        });
    }
    if header.has(FileHeader::DRM) || header.has(FileHeader::CERTIFICATE_DRM) {
        return Err(Error::Encrypted {
            scheme: "DRM",
            metadata: Box::new(metadata),
        });
    }
    if header.has(FileHeader::CERTIFICATE_ENCRYPTION) {
        return Err(Error::Encrypted {
            scheme: "certificate encryption",
            metadata: Box::new(metadata),
        });
    }
    let compressed = header.has(FileHeader::COMPRESSED);
    let distribution = header.has(FileHeader::DISTRIBUTION);

    // DocInfo: numbering, bullets, paragraph shapes, binary data.
    let info = match cfb.read_stream("DocInfo") {
        Ok(s) => {
            let data = unpack(
                &s.data,
                compressed,
                "DocInfo",
                limits.max_stream_bytes,
                &mut warnings,
            );
            let recs = record::parse(&data, limits.max_records, &mut warnings);
            DocInfo::parse(&recs, header.version, &mut warnings)
        }
        Err(e) => {
            warnings.push(Warning::new(
                WarningKind::DocInfo,
                format!("DocInfo unreadable ({e}); numbering and pictures are left out"),
                None,
            ));
            DocInfo::default()
        }
    };

    // A document whose FileHeader lost the distribution bit (a converter
    // that rewrote the header) still keeps its text in ViewText, the
    // BodyText holding only Hangul's "newer version" notice.
    let distribution = distribution || view_text_is_distributed(cfb);
    let storage = if distribution { "ViewText" } else { "BodyText" };
    let sections = section_streams(cfb, storage, limits.max_sections, &mut warnings);
    let mut renderer = Renderer::new(&info, limits);
    let mut body = String::new();
    let mut read_any = false;
    let mut paragraphs = 0usize;
    let mut total = 0usize;
    for path in &sections {
        if renderer.budget.truncated {
            break;
        }
        let raw = match cfb.read_stream(path) {
            Ok(s) => {
                warnings.extend(
                    s.warnings
                        .iter()
                        .map(|w| Warning::new(WarningKind::Container, w.to_string(), None)),
                );
                s.data
            }
            Err(e) => {
                warnings.push(Warning::new(
                    WarningKind::Container,
                    format!("{path} unreadable: {e}"),
                    None,
                ));
                continue;
            }
        };
        let raw: Cow<'_, [u8]> = if distribution {
            match decrypt_stream(&raw) {
                Ok(d) => Cow::Owned(d),
                Err(DistributeError::NoDocData) => {
                    warnings.push(Warning::new(
                        WarningKind::Distribution,
                        format!("{path} does not start with DISTRIBUTE_DOC_DATA; it is skipped"),
                        None,
                    ));
                    continue;
                }
            }
        } else {
            raw
        };
        let budget = limits
            .max_stream_bytes
            .min(limits.max_total_bytes.saturating_sub(total));
        let data = section_records(&raw, compressed, path, budget, &mut warnings);
        total = total.saturating_add(data.len());
        let recs = record::parse(&data, limits.max_records, &mut warnings);
        paragraphs += recs
            .list
            .iter()
            .filter(|r| r.tag == record::body::PARA_HEADER)
            .count();
        if !recs.list.is_empty() {
            read_any = true;
        }
        let before = body.len();
        renderer.section(&recs, &mut body);
        if body.len() > before && !body.ends_with('\n') {
            body.push('\n');
        }
    }
    renderer.finish();
    warnings.append(&mut renderer.warnings);
    let stories = renderer.stories;

    if distribution && !read_any {
        warnings.push(Warning::new(
            WarningKind::Distribution,
            "no ViewText section could be decrypted; the BodyText placeholder is not the document's text", None,
        ));
    }
    if !read_any
        && let Some(preview) = preview(cfb, &mut warnings)
        && !preview.trim().is_empty()
    {
        warnings.push(Warning::new(
            WarningKind::Preview,
            "the body could not be read; the preview text (PrvText, the first page or so) is given instead", None,
        ));
        body = preview;
    }
    let parts = stories.into_parts(body);
    if read_any && parts.iter().all(|p| p.text.trim().is_empty()) {
        warnings.push(Warning::new(
            WarningKind::Record,
            format!(
                "no text: the {} {storage} section(s) hold {paragraphs} paragraph(s) without characters (empty paragraphs, pictures, shapes or tables without text)",
                sections.len()
            ),
            None,
        ));
    }
    let embedded = bin_data(cfb, &info, compressed, options, &mut warnings);
    Ok(crate::document(
        HwpDetails {
            kind: HwpKind::Hwp5,
            version: header.version_string(),
            flags: header
                .flag_names()
                .into_iter()
                .map(str::to_string)
                .collect(),
        },
        parts,
        metadata,
        embedded,
        warnings,
    ))
}

/// Reads the record layer of an HWP 5.0 document alone: a `DocInfo` stream
/// and `BodyText/SectionN` (or decrypted `ViewText/SectionN`) streams that
/// are already inflated, for a document version `0xMMnnPPrr` (later
/// versions append fields to some records). No metadata or embedded files.
///
/// ```
/// // A PARA_HEADER (tag 0x42) and its PARA_TEXT (0x43, level 1): "Hi", end of paragraph.
/// let mut section = vec![0x42, 0x00, 0x80, 0x01];
/// section.extend_from_slice(&[3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
/// section.extend_from_slice(&[0x43, 0x04, 0x60, 0x00, b'H', 0, b'i', 0, 13, 0]);
/// let doc = hwp_text::from_records(&[], &[&section], 0x0500_0302, &Default::default());
/// assert_eq!(doc.text(), "Hi\n");
/// ```
pub fn from_records(
    doc_info: &[u8],
    sections: &[&[u8]],
    version: u32,
    options: &Options,
) -> HwpDocument {
    let limits = &options.limits;
    let mut warnings = Vec::new();
    let recs = record::parse(doc_info, limits.max_records, &mut warnings);
    let info = DocInfo::parse(&recs, version, &mut warnings);
    let mut renderer = Renderer::new(&info, limits);
    let mut body = String::new();
    for s in sections.iter().take(limits.max_sections) {
        let recs = record::parse(s, limits.max_records, &mut warnings);
        renderer.section(&recs, &mut body);
    }
    renderer.finish();
    warnings.append(&mut renderer.warnings);
    let v = version.to_be_bytes();
    crate::document(
        HwpDetails {
            kind: HwpKind::Hwp5,
            version: format!("{}.{}.{}.{}", v[0], v[1], v[2], v[3]),
            flags: Vec::new(),
        },
        renderer.stories.into_parts(body),
        Metadata::default(),
        Vec::new(),
        warnings,
    )
}

/// A stream inflated when the document is compressed; damage keeps what was inflated.
pub(crate) fn unpack<'a>(
    data: &'a [u8],
    compressed: bool,
    what: &str,
    limit: usize,
    warnings: &mut Vec<Warning>,
) -> Cow<'a, [u8]> {
    if !compressed {
        return Cow::Borrowed(data);
    }
    match inflate(data, limit) {
        Ok(v) => Cow::Owned(v),
        Err(p) => {
            warnings.push(Warning::new(
                if p.limited {
                    WarningKind::Limit
                } else {
                    WarningKind::Inflate
                },
                format!("{what}: {}; {} bytes kept", p.message, p.data.len()),
                None,
            ));
            Cow::Owned(p.data)
        }
    }
}

/// Whether `ViewText/Section0` opens with DISTRIBUTE_DOC_DATA: the
/// document is a distribution document whatever its FileHeader says.
fn view_text_is_distributed(cfb: &CompoundFile<'_>) -> bool {
    cfb.read_stream("ViewText/Section0")
        .is_ok_and(|s| crate::distribute::doc_data_at(&s.data).is_some())
}

/// Whether `data` starts with a paragraph header record at level 0, as
/// every section does.
fn starts_with_paragraph(data: &[u8]) -> bool {
    crate::bytes::u32_at(data, 0)
        .is_some_and(|h| (h & 0x3FF) as u16 == record::body::PARA_HEADER && (h >> 10) & 0x3FF == 0)
}

/// A section stream's records: inflated when the FileHeader says the
/// document is compressed. A stream that does not then start with a
/// paragraph, but does the other way (a distribution document whose
/// ViewText was written uncompressed under a compressed FileHeader, or
/// the reverse), is read the other way, with a warning.
fn section_records<'a>(
    raw: &'a [u8],
    compressed: bool,
    what: &str,
    limit: usize,
    warnings: &mut Vec<Warning>,
) -> Cow<'a, [u8]> {
    let mut own = Vec::new();
    let data = unpack(raw, compressed, what, limit, &mut own);
    if starts_with_paragraph(&data) {
        warnings.append(&mut own);
        return data;
    }
    let mut other_warnings = Vec::new();
    let other = unpack(raw, !compressed, what, limit, &mut other_warnings);
    if starts_with_paragraph(&other) {
        warnings.push(Warning::new(
            WarningKind::Inflate,
            format!(
                "{what} is {} although the FileHeader says the document is {}; read as it is",
                if compressed {
                    "not compressed"
                } else {
                    "compressed"
                },
                if compressed {
                    "compressed"
                } else {
                    "not compressed"
                },
            ),
            None,
        ));
        warnings.append(&mut other_warnings);
        return other;
    }
    warnings.append(&mut own);
    data
}

/// The `SectionN` streams of `storage` in numeric order, at most `max`.
fn section_streams(
    cfb: &CompoundFile<'_>,
    storage: &str,
    max: usize,
    warnings: &mut Vec<Warning>,
) -> Vec<String> {
    let prefix = format!("{storage}/");
    let mut found: Vec<(u64, String)> = cfb
        .entries()
        .iter()
        .filter(|e| e.kind == EntryKind::Stream)
        .filter_map(|e| {
            let name = e.path.strip_prefix(&prefix)?;
            let n = name.strip_prefix("Section")?.parse::<u64>().ok()?;
            Some((n, e.path.clone()))
        })
        .collect();
    found.sort();
    if found.is_empty() {
        warnings.push(Warning::new(
            WarningKind::Container,
            format!("no {storage}/SectionN stream"),
            None,
        ));
    }
    if found.len() > max {
        warnings.push(Warning::new(
            WarningKind::Limit,
            format!("{} sections, only the first {max} are read", found.len()),
            None,
        ));
        found.truncate(max);
    }
    for (k, (n, _)) in found.iter().enumerate() {
        if *n != k as u64 {
            warnings.push(Warning::new(
                WarningKind::Container,
                format!("{storage}: Section{k} is missing; the sections are read in the order of their numbers"), None,
            ));
            break;
        }
    }
    found.into_iter().map(|(_, p)| p).collect()
}

/// `PrvText`: the preview, UTF-16LE.
fn preview(cfb: &CompoundFile<'_>, warnings: &mut Vec<Warning>) -> Option<String> {
    let s = cfb.stream("PrvText").ok()?;
    let text = utf16(&s);
    let text = text
        .trim_end_matches('\0')
        .replace("\r\n", "\n")
        .replace('\r', "\n");
    if text.contains('\u{FFFD}') {
        warnings.push(Warning::new(
            WarningKind::Preview,
            "PrvText holds invalid UTF-16",
            None,
        ));
    }
    Some(text)
}

/// `\005HwpSummaryInformation` as [`Metadata`].
pub fn metadata(cfb: &CompoundFile<'_>, warnings: &mut Vec<Warning>) -> Metadata {
    let m = cfb.metadata();
    for w in &m.warnings {
        warnings.push(Warning::new(WarningKind::Metadata, w.to_string(), None));
    }
    let clean = |s: &Option<String>| {
        s.as_ref()
            .map(|v| v.trim_end_matches('\0').trim().to_string())
            .filter(|v| !v.is_empty())
    };
    let mut out = Metadata::default();
    out.title = clean(&m.title);
    out.author = clean(&m.author);
    out.subject = clean(&m.subject);
    out.keywords = clean(&m.keywords);
    out.created = m.created.map(|t| t.to_rfc3339());
    out.modified = m.modified.map(|t| t.to_rfc3339());
    out.producer = clean(&m.application);
    out.last_author = clean(&m.last_author);
    out.company = clean(&m.company);
    out.page_count = m
        .page_count
        .and_then(|n| u64::try_from(n).ok())
        .filter(|&n| n > 0);
    out
}

/// The media type of a BinData extension.
fn media_type(ext: &str) -> Option<&'static str> {
    Some(match ext.to_ascii_lowercase().as_str() {
        "jpg" | "jpeg" => "image/jpeg",
        "png" => "image/png",
        "gif" => "image/gif",
        "bmp" => "image/bmp",
        "tif" | "tiff" => "image/tiff",
        "wmf" => "image/wmf",
        "emf" => "image/emf",
        "svg" => "image/svg+xml",
        _ => return None,
    })
}

/// Pictures and OLE objects of `BinData/BIN%04X.ext`, decompressed as
/// their BIN_DATA record says; an OLE object's `u32` size prefix is removed.
fn bin_data(
    cfb: &CompoundFile<'_>,
    info: &DocInfo,
    compressed: bool,
    options: &Options,
    warnings: &mut Vec<Warning>,
) -> Vec<EmbeddedFile> {
    let limits = &options.limits;
    let mut out = Vec::new();
    let mut total = 0usize;
    for item in &info.bin_data {
        if item.kind == BinDataItem::LINK {
            continue;
        }
        if out.len() >= limits.max_embedded {
            warnings.push(crate::error::embedded_limit(limits.max_embedded));
            break;
        }
        let name = format!("BIN{:04X}.{}", item.id, item.extension);
        let path = format!("BinData/{name}");
        let Ok(stream) = cfb.read_stream(&path) else {
            warnings.push(Warning::new(
                WarningKind::Embedded,
                format!("{path} is listed in DocInfo but missing"),
                None,
            ));
            continue;
        };
        let deflated = match item.compression {
            1 => true,
            2 => false,
            _ => compressed,
        };
        let budget = limits
            .max_stream_bytes
            .min(limits.max_total_bytes.saturating_sub(total));
        let data = if deflated {
            match inflate(&stream.data, budget) {
                Ok(v) => v,
                Err(p) => {
                    warnings.push(Warning::new(
                        WarningKind::Embedded,
                        format!("{path}: {}; {} bytes kept", p.message, p.data.len()),
                        None,
                    ));
                    p.data
                }
            }
        } else {
            stream.data.into_owned()
        };
        total = total.saturating_add(data.len());
        let ole = item.kind == BinDataItem::STORAGE || item.extension.eq_ignore_ascii_case("ole");
        let file = if ole {
            // [u32 size][compound file]
            let body = match data.get(4..) {
                Some(b) if b.starts_with(&ole_cfb_read::SIGNATURE) => b.to_vec(),
                _ => data,
            };
            EmbeddedFile::new(format!("/{path}"), EmbeddedKind::OleObject, body).with_name(name)
        } else {
            let mut f =
                EmbeddedFile::new(format!("/{path}"), EmbeddedKind::Image, data).with_name(name);
            if let Some(t) = media_type(&item.extension) {
                f = f.with_media_type(t);
            }
            f
        };
        out.push(file);
    }
    unlisted_bin_data(cfb, compressed, options, &mut out, warnings);
    out
}

/// `BinData/*` streams DocInfo does not list (a writer that dropped the
/// BIN_DATA record, a converter that added the stream): pictures and OLE
/// objects all the same, by their extension, inflated when the document's
/// streams are compressed and the bytes do inflate.
fn unlisted_bin_data(
    cfb: &CompoundFile<'_>,
    compressed: bool,
    options: &Options,
    out: &mut Vec<EmbeddedFile>,
    warnings: &mut Vec<Warning>,
) {
    let limits = &options.limits;
    let mut total: usize = out.iter().map(|f| f.data.len()).sum();
    let paths: Vec<String> = cfb
        .entries()
        .iter()
        .filter(|e| e.kind == EntryKind::Stream)
        .filter(|e| e.path.starts_with("BinData/"))
        .map(|e| e.path.clone())
        .filter(|p| {
            !out.iter()
                .any(|f| f.path.eq_ignore_ascii_case(&format!("/{p}")))
        })
        .collect();
    for path in paths {
        if out.len() >= limits.max_embedded {
            warnings.push(crate::error::embedded_limit(limits.max_embedded));
            break;
        }
        let Ok(stream) = cfb.read_stream(&path) else {
            continue;
        };
        let name = path.rsplit('/').next().unwrap_or(&path).to_string();
        let extension = name
            .rsplit_once('.')
            .map(|(_, e)| e.to_string())
            .unwrap_or_default();
        let budget = limits
            .max_stream_bytes
            .min(limits.max_total_bytes.saturating_sub(total));
        let data = match compressed.then(|| inflate(&stream.data, budget)) {
            Some(Ok(v)) => v,
            Some(Err(p)) if p.limited => {
                warnings.push(Warning::new(
                    WarningKind::Embedded,
                    format!("{path}: {}; {} bytes kept", p.message, p.data.len()),
                    None,
                ));
                p.data
            }
            // Stored as it is (a BIN_DATA record would have said so).
            _ => stream.data.into_owned(),
        };
        total = total.saturating_add(data.len());
        let file = if extension.eq_ignore_ascii_case("ole") {
            let body = match data.get(4..) {
                Some(b) if b.starts_with(&ole_cfb_read::SIGNATURE) => b.to_vec(),
                _ => data,
            };
            EmbeddedFile::new(format!("/{path}"), EmbeddedKind::OleObject, body).with_name(name)
        } else {
            let mut f =
                EmbeddedFile::new(format!("/{path}"), EmbeddedKind::Image, data).with_name(name);
            if let Some(t) = media_type(&extension) {
                f = f.with_media_type(t);
            }
            f
        };
        out.push(file);
    }
}
