//! Reading a Word document straight from its OLE compound file: the
//! streams (with the defects the container met), the summary property
//! sets, and the OLE objects of the `ObjectPool`.

use std::borrow::Cow;

use doc_model::EmbeddedFile;
use ole_cfb_read::{CompoundFile, EntryKind};

use crate::{Error, Options, Streams, Warning, WarningKind, WordDocument};

impl WordDocument {
    /// Reads the Word streams (`WordDocument`, `0Table`/`1Table`, `Data`) at
    /// the root of a compound file and parses them as
    /// [`WordDocument::parse_with`] does; adds the summary property sets as
    /// [`metadata`](Self::metadata) and the `ObjectPool` objects to
    /// [`embedded`](Self::embedded).
    pub fn from_compound_file(cf: &CompoundFile<'_>, options: &Options) -> Result<Self, Error> {
        Self::from_storage(cf, "", options)
    }

    /// The same for a document kept in a storage of the file, such as an
    /// embedded Word document at [`crate::OleObject::storage_path`]
    /// (`ObjectPool/_1234`); `""` is the root.
    ///
    /// A compound file cut short gives the streams' readable prefixes: the
    /// text of the pieces that survive comes back, with a warning naming
    /// each stream that was cut.
    pub fn from_storage(
        cf: &CompoundFile<'_>,
        storage: &str,
        options: &Options,
    ) -> Result<Self, Error> {
        let storage = storage.trim_matches('/');
        let path = |name: &str| {
            if storage.is_empty() {
                name.to_string()
            } else {
                format!("{storage}/{name}")
            }
        };
        let mut container_warnings = Vec::new();
        let mut read = |name: &str| -> Result<Option<Cow<'_, [u8]>>, Error> {
            let p = path(name);
            match cf.entry(&p) {
                Some(e) if e.kind == EntryKind::Stream => {
                    let s = cf.read_entry(e).map_err(Error::Container)?;
                    container_warnings.extend(s.warnings.iter().map(|w| {
                        Warning::new(WarningKind::Structure, format!("compound file: {w}"), None)
                    }));
                    Ok(Some(s.data))
                }
                _ => Ok(None),
            }
        };
        let word_document = read("WordDocument")?
            .ok_or_else(|| Error::Corrupt(format!("no WordDocument stream in `{storage}`")))?;
        let table0 = read("0Table")?;
        let table1 = read("1Table")?;
        let data = read("Data")?;
        let streams = Streams {
            word_document: &word_document,
            table0: table0.as_deref(),
            table1: table1.as_deref(),
            data: data.as_deref(),
        };
        let mut doc = WordDocument::parse_with(&streams, options)?;
        doc.warnings.splice(0..0, container_warnings);
        if storage.is_empty() {
            doc.metadata = cf.metadata().to_doc_model();
        } else {
            let summary = cf.property_set(&path("\u{5}SummaryInformation"));
            let doc_summary = cf.property_set(&path("\u{5}DocumentSummaryInformation"));
            doc.metadata = ole_cfb_read::Metadata::from_sets(summary, doc_summary).to_doc_model();
        }
        if options.embedded {
            let pool = path("ObjectPool");
            doc.embedded
                .extend(object_pool(cf, &pool, &mut doc.warnings));
        }
        Ok(doc)
    }
}

impl WordDocument {
    /// Salvages the text of a Word document whose compound file cannot be
    /// opened at all — typically a download cut short, which loses the
    /// directory (Word and LibreOffice write it near the end). The
    /// `WordDocument` stream is found by its FIB at a sector boundary and
    /// assumed to run contiguously from there (as those writers lay it out);
    /// the table stream is lost, so the text is read from `fcMin` to
    /// `fcMac` (see [`WordDocument::parse_with`]). Warnings say all of this;
    /// an error means no FIB with readable text was found.
    pub fn salvage(bytes: &[u8], options: &Options) -> Result<Self, Error> {
        if !bytes.starts_with(&ole_cfb_read::SIGNATURE) {
            return Err(Error::Container(ole_cfb_read::Error::NotACompoundFile));
        }
        let sector = match crate::bytes::u16_at(bytes, 0x1E) {
            Some(9) => 512,
            Some(12) => 4096,
            other => {
                return Err(Error::Unsupported(format!(
                    "compound file sector shift {other:?}"
                )));
            }
        };
        let mut tried = 0;
        let mut last = Error::Corrupt("no Word FIB at any sector of the file".into());
        for start in (sector..bytes.len()).step_by(sector) {
            if bytes.get(start..start + 2) != Some(&[0xEC, 0xA5][..]) {
                continue;
            }
            tried += 1;
            if tried > 16 {
                break;
            }
            let Some(word_document) = bytes.get(start..) else {
                break;
            };
            let streams = Streams {
                word_document,
                table0: Some(&[]),
                table1: Some(&[]),
                data: None,
            };
            match WordDocument::parse_with(&streams, options) {
                Ok(mut doc) if !doc.text().trim().is_empty() => {
                    doc.warnings.insert(
                        0,
                        Warning::new(WarningKind::Structure, format!(
                            "the compound file cannot be opened (cut short?); its WordDocument stream \
                             was found at byte {start} and read to the end of the file, its table stream is lost"
                        ), None),
                    );
                    return Ok(doc);
                }
                Ok(_) => {}
                Err(e) => last = e,
            }
        }
        Err(last)
    }
}

/// Every storage of the `ObjectPool` at `pool`, unwrapped: a packaged file
/// under its own name, a workbook as `<storage>.xls`, and so on, at
/// `/ObjectPool/<storage>/<file name>` (the path Apache Tika writes).
fn object_pool(
    cf: &CompoundFile<'_>,
    pool: &str,
    warnings: &mut Vec<Warning>,
) -> Vec<EmbeddedFile> {
    let prefix = format!("{pool}/");
    let storages: Vec<(String, String)> = cf
        .entries()
        .iter()
        .filter(|e| e.kind == EntryKind::Storage)
        .filter_map(|e| {
            let rest = e.path.strip_prefix(&prefix)?;
            (!rest.contains('/')).then(|| (e.path.clone(), e.name.clone()))
        })
        .collect();
    let mut out = Vec::new();
    for (path, name) in storages {
        match cf.embedded_object(&path) {
            Ok(mut o) => {
                warnings.extend(
                    std::mem::take(&mut o.warnings).iter().map(|w| {
                        Warning::new(WarningKind::Structure, format!("{path}: {w}"), None)
                    }),
                );
                out.push(o.into_embedded_file(&format!("/ObjectPool/{name}")));
            }
            Err(e) => warnings.push(Warning::new(
                WarningKind::Structure,
                format!("embedded object {path} unreadable: {e}"),
                None,
            )),
        }
    }
    out
}
