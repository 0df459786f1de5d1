//! Pictures (`\pict`: `\pngblip`, `\jpegblip`, `\emfblip`, `\wmetafile`,
//! `\macpict`, `\dibitmap`/`\wbitmap`, hex or `\binN` data) and objects
//! (`\objdata`, OLE 1.0) as embedded files (RTF 1.9.1 "Pictures", "Objects").

use doc_model::{EmbeddedFile, EmbeddedKind};

use super::{Dest, Picture, Reader};
use crate::error::WarningKind;
use crate::token::hex_value;

impl Reader<'_> {
    pub(super) fn room_for(&mut self, n: usize, what: &str) -> bool {
        if self.embedded_bytes.saturating_add(n as u64) > self.limits.max_embedded_bytes {
            self.warn(
                WarningKind::Limit,
                format!(
                    "{what} past {} bytes of embedded data (Limits::max_embedded_bytes) skipped",
                    self.limits.max_embedded_bytes
                ),
                None,
            );
            return false;
        }
        self.embedded_bytes += n as u64;
        true
    }

    pub(super) fn picture_done(&mut self) {
        let Some(p) = self.picture.take() else {
            return;
        };
        if p.hex.is_empty() || !self.room_for(p.hex.len(), "a picture") {
            return;
        }
        self.pictures += 1;
        let (ext, media) = if p.ext.is_empty() {
            ("bin", "application/octet-stream")
        } else {
            (p.ext, p.media)
        };
        let name = format!("image{}.{ext}", self.pictures);
        self.embedded.push(
            EmbeddedFile::new(format!("/{name}"), EmbeddedKind::Image, p.hex)
                .with_name(name)
                .with_media_type(media),
        );
    }

    pub(super) fn object_done(&mut self) {
        let Some(p) = self.objdata.take() else {
            return;
        };
        if p.hex.is_empty() || !self.room_for(p.hex.len(), "an object") {
            return;
        }
        self.objects += 1;
        let n = self.objects;
        let object = ole_cfb_read::Ole1Object::parse(&p.hex)
            .map_err(|e| e.to_string())
            .and_then(|o| o.embedded_object().map_err(|e| e.to_string()));
        match object {
            Ok(Some(mut o)) => {
                for w in std::mem::take(&mut o.warnings) {
                    self.warn(WarningKind::Embedded, format!("object {n}: {w}"), None);
                }
                self.embedded
                    .push(o.into_embedded_file(&format!("/object{n}")));
            }
            Ok(None) => {}
            Err(e) => self.warn(
                WarningKind::Embedded,
                format!("object {n}: \\objdata unreadable ({e}); skipped"),
                None,
            ),
        }
    }

    pub(super) fn pict_type(&mut self, ext: &'static str, media: &'static str) {
        if let Some(p) = self.picture.as_mut()
            && self.state.dest == Dest::Pict
        {
            p.ext = ext;
            p.media = media;
        }
    }
}

/// Appends hex digits (whitespace and anything else ignored) as bytes.
pub(super) fn push_hex(p: &mut Picture, run: &[u8]) {
    for &c in run {
        if let Some(v) = hex_value(c) {
            match p.odd.take() {
                Some(hi) => p.hex.push(hi << 4 | v),
                None => p.odd = Some(v),
            }
        }
    }
}
