//! Pictures: inline ones, anchored by a `0x01` character whose
//! `sprmCPicLocation` points at a `PICF` in the `Data` stream (MS-DOC
//! 2.9.193 PICF, 2.9.132 MFPF, 2.9.150 OfficeArtInlineSpContainer), and
//! floating ones, whose BLIPs are in the drawing group of `OfficeArtContent`
//! (MS-DOC 2.9.172) with their bytes at `foDelay` in the `WordDocument`
//! stream.

use doc_model::{EmbeddedFile, EmbeddedKind};
use office_art::{BStore, Blip, DrawingGroup, Records, types};

use crate::bytes::{slice_at, u16_at, u32_at};
use crate::{Limits, Warning, WarningKind};

/// `PICF.cbHeader`: the fixed part of a PICF.
const PICF_HEADER: usize = 0x44;
/// `MFPF.mm`: an OfficeArt shape follows (MS-DOC 2.9.132).
const MM_SHAPE: u16 = 0x0064;
/// `MFPF.mm`: an OfficeArt shape follows, after the picture's file name.
const MM_SHAPEFILE: u16 = 0x0066;

fn office_art_options(limits: &Limits) -> office_art::Options {
    let mut o = office_art::Options::default();
    o.limits.deadline = limits.deadline;
    o
}

fn picture_file(path: String, blip: &Blip) -> EmbeddedFile {
    let name = path.trim_start_matches('/').to_owned();
    EmbeddedFile::new(path, EmbeddedKind::Image, blip.data.clone())
        .with_name(name)
        .with_media_type(blip.media_type)
}

/// The pictures of the inline picture whose `PICF` is at `at` in the `Data`
/// stream, named `<offset in hex>.<ext>` (as Apache POI and Tika name them).
pub(crate) fn inline(
    data: &[u8],
    at: u32,
    limits: &Limits,
    warnings: &mut Vec<Warning>,
) -> Vec<EmbeddedFile> {
    let start = at as usize;
    let (Some(lcb), Some(cb_header), Some(mm)) = (
        u32_at(data, start),
        u16_at(data, start + 4),
        u16_at(data, start + 6),
    ) else {
        warnings.push(Warning::new(
            WarningKind::Structure,
            format!(
                "picture at Data offset {at}: no PICF there (the Data stream has {} bytes)",
                data.len()
            ),
            None,
        ));
        return Vec::new();
    };
    if usize::from(cb_header) != PICF_HEADER || (lcb as usize) < PICF_HEADER {
        warnings.push(Warning::new(WarningKind::Structure, format!(
            "picture at Data offset {at}: PICF header of {cb_header} bytes, total {lcb}; skipped"
        ), None));
        return Vec::new();
    }
    if mm != MM_SHAPE && mm != MM_SHAPEFILE {
        warnings.push(Warning::new(WarningKind::Structure, format!(
            "picture at Data offset {at}: a PICF of mapping mode {mm:#x} holds no OfficeArt picture; skipped"
        ), None));
        return Vec::new();
    }
    let mut body_at = start + PICF_HEADER;
    if mm == MM_SHAPEFILE {
        // cchPicName, then the name.
        body_at += 1 + usize::from(data.get(body_at).copied().unwrap_or(0));
    }
    let end = start.saturating_add(lcb as usize);
    let body = match data.get(body_at..end) {
        Some(b) => b,
        None => {
            warnings.push(Warning::new(WarningKind::Structure, format!(
                "picture at Data offset {at}: PICF declares {lcb} bytes, the Data stream ends at {}",
                data.len()
            ), None));
            data.get(body_at..).unwrap_or_default()
        }
    };
    // OfficeArtInlineSpContainer: the shape, then its BLIPs (FBSEs with the BLIP inside).
    let mut records = Records::with_base(body, body_at as u64);
    let Some(shape) = records.next() else {
        return Vec::new();
    };
    if shape.record_type() != types::SP_CONTAINER {
        warnings.push(Warning::new(WarningKind::Structure, format!(
            "picture at Data offset {at}: expected an OfficeArtSpContainer, found record {:#06x}",
            shape.record_type()
        ), None));
        return Vec::new();
    }
    let consumed = 8 + shape.body.len();
    let blocks = body.get(consumed..).unwrap_or_default();
    let store = BStore::from_file_blocks(
        blocks,
        (body_at + consumed) as u64,
        None,
        &office_art_options(limits),
    );
    warnings.extend(store.warnings.iter().map(|w| {
        Warning::new(
            WarningKind::Structure,
            format!("picture at Data offset {at}: {w}"),
            None,
        )
    }));
    let mut out = Vec::new();
    for (k, (_, blip)) in store.blips().enumerate() {
        let path = if k == 0 {
            format!("/{at:x}.{}", blip.extension)
        } else {
            format!("/{at:x}-{}.{}", k + 1, blip.extension)
        };
        out.push(picture_file(path, blip));
    }
    out
}

/// The floating pictures: every BLIP of the drawing group in `OfficeArtContent`
/// (at `dgg_at` in the table stream) that a shape uses, named `image<pib>.<ext>`.
pub(crate) fn floating(
    table: &[u8],
    dgg_at: (u32, u32),
    word_document: &[u8],
    limits: &Limits,
    warnings: &mut Vec<Warning>,
) -> Vec<EmbeddedFile> {
    let (fc, lcb) = dgg_at;
    if lcb == 0 {
        return Vec::new();
    }
    let Some(bytes) = slice_at(table, fc as usize, lcb as usize) else {
        warnings.push(Warning::new(WarningKind::Structure, format!(
            "OfficeArtContent at {fc} ({lcb} bytes) lies past the table stream's {} bytes; floating pictures skipped",
            table.len()
        ), None));
        return Vec::new();
    };
    let group = match DrawingGroup::parse(bytes, Some(word_document), &office_art_options(limits)) {
        Ok(g) => g,
        Err(e) => {
            warnings.push(Warning::new(
                WarningKind::Structure,
                format!("OfficeArtContent: {e}; floating pictures skipped"),
                None,
            ));
            return Vec::new();
        }
    };
    warnings.extend(group.warnings.iter().map(|w| {
        Warning::new(
            WarningKind::Structure,
            format!("OfficeArtContent: {w}"),
            None,
        )
    }));
    group
        .bstore
        .blips()
        .map(|(pib, blip)| picture_file(format!("/image{pib}.{}", blip.extension), blip))
        .collect()
}
