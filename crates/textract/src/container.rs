//! OLE compound files: which format a container holds, and the Word path.

use std::time::Instant;

use ole_cfb_read::CompoundFile;

use crate::{Document, Error, Format, Metadata, Options, Warning};

/// Classifies a compound file by the streams it holds (MS-DOC, MS-XLS,
/// MS-PPT, HWP 5.0, MS-OFFCRYPTO).
pub(crate) fn detect_compound(bytes: &[u8]) -> Format {
    let Ok(cf) = CompoundFile::open(bytes) else {
        return Format::Cfb;
    };
    let has = |path: &str| cf.entry(path).is_some();
    if has("WordDocument") {
        Format::Doc
    } else if has("Workbook") || has("Book") {
        Format::Xls
    } else if has("PowerPoint Document") || has("PP40") {
        Format::Ppt
    } else if cf
        .stream("FileHeader")
        .is_ok_and(|h| h.starts_with(b"HWP Document File"))
    {
        Format::Hwp
    } else if has("EncryptionInfo") && has("EncryptedPackage") {
        Format::OoxmlEncrypted
    } else {
        Format::Cfb
    }
}

/// The container's error as the facade's: a limit stays a limit.
fn cfb_error(e: ole_cfb_read::Error, format: Format) -> Error {
    match e {
        ole_cfb_read::Error::LimitExceeded { what, limit } => Error::LimitExceeded { what, limit },
        other => Error::Corrupt {
            format,
            message: other.to_string(),
        },
    }
}

/// Opens the container with the caller's limits, turning its errors into the facade's.
fn open<'a>(bytes: &'a [u8], format: Format, options: &Options) -> Result<CompoundFile<'a>, Error> {
    let limits = &options.limits;
    let mut cfb_limits = ole_cfb_read::Limits::default();
    cfb_limits.max_stream_size = limits.max_stream_bytes as u64;
    cfb_limits.max_directory_entries = u32::try_from(limits.max_objects).unwrap_or(u32::MAX);
    cfb_limits.max_depth = cfb_limits
        .max_depth
        .min(u32::try_from(limits.max_depth).unwrap_or(u32::MAX));
    CompoundFile::open_with(bytes, &cfb_limits).map_err(|e| cfb_error(e, format))
}

/// msdoc-text's options from the caller's limits and deadline.
fn word_options(options: &Options, deadline: Option<Instant>) -> msdoc_text::Options {
    let mut word = msdoc_text::Options::default();
    word.limits.max_chars = word
        .limits
        .max_chars
        .min(options.limits.max_output_bytes as u64);
    word.limits.deadline = deadline;
    word
}

/// msdoc-text's error as the facade's.
fn word_error(e: msdoc_text::Error) -> Error {
    match e {
        msdoc_text::Error::Encrypted => Error::Encrypted(Format::Doc),
        msdoc_text::Error::LimitExceeded { what, limit, .. } => {
            Error::LimitExceeded { what, limit }
        }
        msdoc_text::Error::Container(e) => cfb_error(e, Format::Doc),
        other => Error::Corrupt {
            format: Format::Doc,
            message: other.to_string(),
        },
    }
}

/// Metadata from the summary property sets, as every compound-file format has.
fn metadata(cf: &CompoundFile<'_>, doc: &mut Document) {
    let m = cf.metadata();
    doc.metadata = Metadata {
        title: m.title,
        author: m.author,
        subject: m.subject,
        keywords: m.keywords,
        created: m.created.map(|t| t.to_rfc3339()),
        modified: m.modified.map(|t| t.to_rfc3339()),
        producer: m.application,
        page_count: m.page_count.and_then(|n| u64::try_from(n).ok()),
        ..Metadata::default()
    };
    doc.warnings.extend(
        cf.warnings()
            .iter()
            .map(|w| Warning::new("ole-cfb-read", w.to_string())),
    );
}

/// Word 97–2003 and 6/95: the stories as `msdoc-text` assembles them, and the
/// summary property sets as metadata.
pub(crate) fn extract_doc(
    bytes: &[u8],
    options: &Options,
    deadline: Option<Instant>,
) -> Result<Document, Error> {
    let cf = open(bytes, Format::Doc, options)?;
    let word_options = word_options(options, deadline);
    let word =
        msdoc_text::WordDocument::from_compound_file(&cf, &word_options).map_err(word_error)?;
    let mut doc = Document::new(Format::Doc);
    metadata(&cf, &mut doc);
    doc.text = word.text();
    // Embedded Word documents are part of what a reader sees (POI's
    // WordExtractor includes them too): append each one's text.
    for object in word.ole_objects() {
        let storage = object.storage_path();
        if cf.entry(&format!("{storage}/WordDocument")).is_none() {
            continue;
        }
        match msdoc_text::WordDocument::from_storage(&cf, &storage, &word_options) {
            Ok(embedded) => {
                let text = embedded.text();
                if !text.trim().is_empty() {
                    if !doc.text.is_empty() {
                        doc.text.push('\n');
                    }
                    doc.text.push_str(&text);
                }
            }
            Err(e) => doc.warnings.push(Warning::new(
                "msdoc-text",
                format!("embedded document {storage}: {e}"),
            )),
        }
    }
    doc.encoding = word.encoding().map(|e| e.name().to_string());
    doc.warnings.extend(
        word.warnings()
            .iter()
            .map(|w| Warning::new("msdoc-text", w.to_string())),
    );
    Ok(doc)
}
