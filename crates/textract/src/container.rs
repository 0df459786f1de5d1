//! OLE compound files: which format a container holds, and the Word path.

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

/// Opens the container, turning its errors into the facade's.
fn open<'a>(bytes: &'a [u8], format: Format) -> Result<CompoundFile<'a>, Error> {
    CompoundFile::open(bytes).map_err(|e| Error::Corrupt {
        format,
        message: e.to_string(),
    })
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
pub(crate) fn extract_doc(bytes: &[u8], _options: &Options) -> Result<Document, Error> {
    let cf = open(bytes, Format::Doc)?;
    let word = msdoc_text::WordDocument::from_compound_file(&cf, &msdoc_text::Options::default())
        .map_err(|e| match e {
        msdoc_text::Error::Encrypted => Error::Encrypted(Format::Doc),
        msdoc_text::Error::LimitExceeded { what, limit, .. } => {
            Error::LimitExceeded { what, limit }
        }
        other => Error::Corrupt {
            format: Format::Doc,
            message: other.to_string(),
        },
    })?;
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
        match msdoc_text::WordDocument::from_storage(&cf, &storage, &msdoc_text::Options::default())
        {
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
