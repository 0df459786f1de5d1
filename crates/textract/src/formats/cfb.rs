//! OLE compound files: open with the caller's limits, classify by the
//! streams they hold, and the summary property sets as metadata — what every
//! compound-file format (Word, Excel, PowerPoint, HWP) shares.

use std::borrow::Cow;

use ole_cfb_read::CompoundFile;

use crate::detect::Parsed;
use crate::{Context, Document, Error, Format, Metadata, Options};

/// Classifies an opened compound file by the streams it holds (MS-DOC,
/// MS-XLS, MS-PPT, HWP 5.0, MS-OFFCRYPTO).
pub(crate) fn classify(cf: &CompoundFile<'_>) -> Format {
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

/// A compound file too damaged to open, classified by the UTF-16 names of
/// its directory entries, or when the directory is lost by what starts its
/// first data sectors (a Word FIB, an Excel BOF): a damaged Word document is
/// reported as that, not as an unknown compound file.
pub(crate) fn classify_damaged(bytes: &[u8]) -> Format {
    let utf16 =
        |name: &str| -> Vec<u8> { name.encode_utf16().flat_map(u16::to_le_bytes).collect() };
    let has = |name: &str| memchr::memmem::find(bytes, &utf16(name)).is_some();
    if has("WordDocument") {
        Format::Doc
    } else if has("Workbook") {
        Format::Xls
    } else if has("PowerPoint Document") {
        Format::Ppt
    } else if has("FileHeader") && has("BodyText") {
        Format::Hwp
    } else if has("EncryptedPackage") {
        Format::OoxmlEncrypted
    } else {
        classify_by_sectors(bytes)
    }
}

/// The format whose stream signature starts one of the first data sectors
/// (512-byte sectors; MS-DOC 2.5.2 `wIdent` 0xA5EC / 0xA5DC, MS-XLS 2.4.21
/// BOF of a BIFF8/BIFF5 workbook globals substream).
fn classify_by_sectors(bytes: &[u8]) -> Format {
    for sector in bytes.chunks(512).skip(1).take(64) {
        match sector {
            [0xEC | 0xDC, 0xA5, ..] => return Format::Doc,
            [0x09, 0x08, 0x10 | 0x08, 0x00, _, _, 0x05, 0x00, ..] => return Format::Xls,
            _ => {}
        }
    }
    Format::Cfb
}

/// The container's error as the facade's, for a document of `format`: a
/// limit stays a limit.
pub(crate) fn error(e: ole_cfb_read::Error, format: Format) -> Error {
    match e {
        ole_cfb_read::Error::LimitExceeded { what, limit } => Error::LimitExceeded {
            format: Some(format),
            what,
            limit,
        },
        other => Error::corrupt(format, other),
    }
}

/// Opens the container with the caller's limits.
pub(crate) fn open<'a>(
    bytes: &'a [u8],
    format: Format,
    options: &Options,
) -> Result<CompoundFile<'a>, Error> {
    let limits = &options.limits;
    let mut cfb_limits = ole_cfb_read::Limits::default();
    cfb_limits.max_stream_size = limits.max_stream_bytes as u64;
    cfb_limits.max_directory_entries = u32::try_from(limits.max_objects).unwrap_or(u32::MAX);
    cfb_limits.max_depth = cfb_limits
        .max_depth
        .min(u32::try_from(limits.max_depth).unwrap_or(u32::MAX));
    CompoundFile::open_with(bytes, &cfb_limits).map_err(|e| error(e, format))
}

/// The compound file detection opened, or (when the format was forced) one
/// opened now.
pub(crate) fn compound_file<'c, 'a>(
    bytes: &'a [u8],
    ctx: &'c Context<'a>,
    format: Format,
) -> Result<Cow<'c, CompoundFile<'a>>, Error> {
    match &ctx.parsed {
        Parsed::Cfb(cf) => Ok(Cow::Borrowed(cf)),
        _ => open(bytes, format, ctx.options).map(Cow::Owned),
    }
}

/// Metadata from the summary property sets, and the container's warnings.
pub(crate) fn metadata(cf: &CompoundFile<'_>, doc: &mut Document) {
    let m = cf.metadata();
    let mut meta = Metadata::default();
    meta.title = m.title;
    meta.author = m.author;
    meta.subject = m.subject;
    meta.keywords = m.keywords;
    meta.created = m.created.map(|t| t.to_rfc3339());
    meta.modified = m.modified.map(|t| t.to_rfc3339());
    meta.producer = m.application;
    meta.page_count = m.page_count.and_then(|n| u64::try_from(n).ok());
    meta.last_author = m.last_author;
    meta.company = m.company;
    doc.metadata = meta;
    doc.warn_from("ole-cfb-read", cf.warnings());
}

pub(crate) const EXTRACT: Option<crate::registry::Extract> = Some(extract);

/// Most storages under the root looked at for an embedded object.
const MAX_OBJECT_STORAGES: usize = 64;

/// A compound file that is no Office or HWP document of its own but holds
/// an embedded object — an OLE 1.0 package (`\x01Ole10Native`), an OOXML
/// `Package`, an ODF package, a `CONTENTS` stream — at its root, or in
/// storages directly under it (an embedded workbook or document): each
/// payload unwrapped by `ole-cfb-read` as `.doc`'s `ObjectPool` objects
/// are, as an embedded file, wherever the compound file comes from (a file
/// on disk, a `.ppt`/`.xls`/`.hwp` object, a docx `oleObject*.bin`). A
/// compound file holding none of them is not read.
fn extract(bytes: &[u8], ctx: &Context<'_>) -> Result<Document, Error> {
    use ole_cfb_read::{Application, EntryKind, ObjectKind};
    // A compound file too damaged to open stays "not read", as before.
    let cf = compound_file(bytes, ctx, Format::Cfb).map_err(|_| Error::unsupported(Format::Cfb))?;
    // At the root, a document of its own (Visio, Publisher: not read) is
    // the input itself, not an object it holds.
    let at_root =
        |o: &ole_cfb_read::EmbeddedObject| !matches!(o.kind, ObjectKind::CompoundDocument(_));
    let recognised = |o: &ole_cfb_read::EmbeddedObject| {
        !matches!(o.kind, ObjectKind::CompoundDocument(Application::Other))
    };
    let mut objects = Vec::new();
    match cf.embedded_object("") {
        Ok(o) if at_root(&o) => objects.push((String::new(), o)),
        _ => {
            let storages = cf
                .entries()
                .iter()
                .filter(|e| e.kind == EntryKind::Storage && !e.path.contains('/'))
                .take(MAX_OBJECT_STORAGES);
            for e in storages {
                if let Ok(o) = cf.embedded_object(&e.path)
                    && recognised(&o)
                {
                    objects.push((format!("/{}", e.path), o));
                }
            }
        }
    }
    if objects.is_empty() {
        return Err(Error::unsupported(Format::Cfb));
    }
    let mut doc = Document::new(Format::Cfb);
    metadata(&cf, &mut doc);
    if ctx.options.embedded.extract && !ctx.options.metadata_only {
        for (dir, mut o) in objects {
            doc.warn_from("ole-cfb-read", std::mem::take(&mut o.warnings));
            doc.pending.push(o.into_embedded_file(&dir));
        }
    }
    Ok(doc)
}
