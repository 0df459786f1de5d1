//! Pictures of the `Pictures` stream (MS-PPT 2.1.4, OfficeArt BLIPs) and
//! ExOleObjStg objects (MS-PPT 2.10.34), as embedded files.

use doc_model::{EmbeddedFile, EmbeddedKind};
use office_art::RecordHeader;
use ole_cfb_read::CompoundFile;

use crate::deck::Reader;
use crate::error::WarningKind;
use crate::record::{le_u32, types};

impl Reader<'_, '_> {
    /// Pictures of the `Pictures` stream and OLE objects (ExOleObjStg).
    pub(crate) fn embedded(&mut self, cf: &CompoundFile<'_>, out: &mut Vec<EmbeddedFile>) {
        let mut total: u64 = 0;
        let cap = self.options.limits.max_embedded_bytes;
        let pictures = if self.options.images {
            cf.stream("Pictures").ok()
        } else {
            None
        };
        if let Some(pictures) = pictures {
            let mut art = office_art::Options::default();
            art.limits.max_blip_size = cap;
            art.limits.deadline = self.options.limits.deadline;
            let store = office_art::BStore::from_file_blocks(&pictures, 0, None, &art);
            for w in &store.warnings {
                self.warn(
                    WarningKind::Embedded,
                    format!("Pictures: {}", w.message),
                    w.offset,
                );
            }
            for (pib, blip) in store.blips() {
                let name = format!("image{pib}.{}", blip.extension);
                let file =
                    EmbeddedFile::new(format!("/{name}"), EmbeddedKind::Image, blip.data.clone())
                        .with_name(name)
                        .with_media_type(blip.media_type);
                if !self.keep_embedded(file, &mut total, out) {
                    return;
                }
            }
        }
        let ids: Vec<u32> = self.objects.dir.offsets.keys().copied().collect();
        for id in ids {
            if self.stop() {
                return;
            }
            let Some(obj) = self.objects.get(id) else {
                continue;
            };
            let Some(h) = RecordHeader::parse(&obj) else {
                continue;
            };
            if h.record_type != types::EX_OLE_OBJ_STG {
                continue;
            }
            let body = obj.get(8..).unwrap_or_default();
            let data = if h.instance == 1 {
                let Some(size) = le_u32(body, 0) else {
                    continue;
                };
                let limit = (cap.saturating_sub(total)).min(u64::from(size)) as usize;
                match miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(
                    body.get(4..).unwrap_or_default(),
                    limit,
                ) {
                    Ok(d) => d,
                    Err(e) => {
                        self.warn(
                            WarningKind::Embedded,
                            format!(
                                "OLE object {id}: cannot be inflated ({:?}); left out",
                                e.status
                            ),
                            None,
                        );
                        continue;
                    }
                }
            } else {
                body.to_vec()
            };
            let file = self.ole_object(id, data);
            if !self.keep_embedded(file, &mut total, out) {
                return;
            }
        }
    }

    /// An ExOleObjStg's bytes — a compound file — unwrapped by
    /// `ole-cfb-read` as `.doc`, `.xls` and docx objects are: an OLE 1.0
    /// package gives the packaged file under its own name
    /// (`/ole5/report.pdf`), an OOXML or ODF package its zip, a workbook or
    /// document the compound file as it is (`/ole5/object.xls`). Bytes that
    /// do not open as a compound file stay as they are (`/ole5.ole`).
    fn ole_object(&mut self, id: u32, data: Vec<u8>) -> EmbeddedFile {
        if data.starts_with(&ole_cfb_read::SIGNATURE) {
            match CompoundFile::open(&data).and_then(|cf| cf.embedded_object("")) {
                Ok(mut object) => {
                    for w in std::mem::take(&mut object.warnings) {
                        self.warn(WarningKind::Embedded, format!("OLE object {id}: {w}"), None);
                    }
                    return object.into_embedded_file(&format!("/ole{id}"));
                }
                Err(e) => self.warn(
                    WarningKind::Embedded,
                    format!("OLE object {id}: not unwrapped ({e}); kept as it is"),
                    None,
                ),
            }
        }
        let name = format!("ole{id}.ole");
        EmbeddedFile::new(format!("/{name}"), EmbeddedKind::OleObject, data).with_name(name)
    }

    /// Adds `file` to `out` and its size to `total`, unless that passes the
    /// limit on embedded bytes: then warns and returns `false`.
    fn keep_embedded(
        &mut self,
        file: EmbeddedFile,
        total: &mut u64,
        out: &mut Vec<EmbeddedFile>,
    ) -> bool {
        let cap = self.options.limits.max_embedded_bytes;
        *total = total.saturating_add(file.data.len() as u64);
        if *total > cap {
            self.warn(
                WarningKind::Limit,
                format!("embedded files pass {cap} bytes; the rest are left out"),
                None,
            );
            return false;
        }
        out.push(file);
        true
    }
}
