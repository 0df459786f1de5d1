//! Where the OfficeArt bytes are in the corpus's Office files, found the
//! way the format layers find them (PowerPoint's `PPDrawingGroup` and
//! `Pictures`, Excel's `MsoDrawingGroup` with its `Continue`s), or — for
//! Word, whose FIB this crate does not read — by the container's header.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use ole_cfb_read::CompoundFile;

/// The corpus files of `folder` that are compound files, or `None` (a skip, a failure under CI).
pub fn compound_files(test: &str, folder: &str) -> Option<Vec<PathBuf>> {
    let dir = testkit::corpus::require_dir(test)?;
    Some(
        testkit::corpus::files(&dir, folder)
            .into_iter()
            .map(|e| e.path)
            .filter(|p| std::fs::read(p).is_ok_and(|d| d.starts_with(&ole_cfb_read::SIGNATURE)))
            .collect(),
    )
}

/// The path relative to the corpus, for messages.
pub fn short(p: &Path) -> String {
    let s = p.to_string_lossy();
    s.find("corpus/")
        .map_or_else(|| s.to_string(), |i| s[i + 7..].to_string())
}

/// Offsets of `needle` in `hay`.
fn find_all(hay: &[u8], needle: &[u8]) -> Vec<usize> {
    hay.windows(needle.len())
        .enumerate()
        .filter(|(_, w)| *w == needle)
        .map(|(i, _)| i)
        .collect()
}

/// PowerPoint: the `OfficeArtDggContainer` inside the `PPDrawingGroup`
/// record (0x040B) of the `PowerPoint Document` stream, and the `Pictures`
/// stream its `foDelay` offsets point into.
pub fn ppt_drawing_group(cfb: &CompoundFile<'_>) -> Option<(Vec<u8>, Vec<u8>)> {
    let doc = cfb.stream("PowerPoint Document").ok()?;
    let pictures = cfb
        .stream("Pictures")
        .map(|p| p.into_owned())
        .unwrap_or_default();
    let at = *find_all(&doc, &[0x0F, 0x00, 0x0B, 0x04]).first()?;
    Some((doc.get(at + 8..)?.to_vec(), pictures))
}

/// Excel: the `MsoDrawingGroup` records (0x00EB) of the `Workbook` stream
/// with the `Continue` records (0x003C) that follow them, concatenated.
pub fn xls_drawing_group(cfb: &CompoundFile<'_>) -> Option<Vec<u8>> {
    let wb = cfb.find_stream(&["Workbook", "Book"])?;
    let data = cfb.read_entry(wb).ok()?.data;
    let mut out = Vec::new();
    let mut pos = 0;
    let mut in_group = false;
    while let Some(h) = data.get(pos..pos + 4) {
        let ty = u16::from_le_bytes([h[0], h[1]]);
        let len = usize::from(u16::from_le_bytes([h[2], h[3]]));
        let body = data.get(pos + 4..pos + 4 + len)?;
        match ty {
            0x00EB => {
                in_group = true;
                out.extend_from_slice(body);
            }
            0x003C if in_group => out.extend_from_slice(body),
            _ => in_group = false,
        }
        pos += 4 + len;
    }
    (!out.is_empty()).then_some(out)
}

/// Word: the `OfficeArtDggContainer` of `OfficeArtContent` in the table
/// stream (found by its header), and the `WordDocument` stream its
/// `foDelay` offsets point into.
pub fn doc_drawing_group(cfb: &CompoundFile<'_>) -> Option<(Vec<u8>, Vec<u8>)> {
    let table = cfb.find_stream(&["1Table", "0Table"])?;
    let table = cfb.read_entry(table).ok()?.data;
    let wd = cfb.stream("WordDocument").ok()?.into_owned();
    // The first header whose length fits in the stream (a stray match inside other data would not).
    let at = find_all(&table, &[0x0F, 0x00, 0x00, 0xF0])
        .into_iter()
        .find(|&at| {
            table
                .get(at + 4..at + 8)
                .map(|l| u32::from_le_bytes(l.try_into().unwrap()) as usize)
                .is_some_and(|l| at + 8 + l <= table.len())
        })?;
    Some((table.get(at..)?.to_vec(), wd))
}

/// Word: every `OfficeArtDgContainer` of the table stream (found by its header).
pub fn doc_drawings(cfb: &CompoundFile<'_>) -> Vec<Vec<u8>> {
    let Some(table) = cfb.find_stream(&["1Table", "0Table"]) else {
        return Vec::new();
    };
    let Ok(table) = cfb.read_entry(table) else {
        return Vec::new();
    };
    find_all(&table.data, &[0x0F, 0x00, 0x02, 0xF0])
        .into_iter()
        .filter(|&at| {
            table
                .data
                .get(at + 4..at + 8)
                .map(|l| u32::from_le_bytes(l.try_into().unwrap()) as usize)
                .is_some_and(|l| at + 8 + l <= table.data.len())
        })
        .filter_map(|at| table.data.get(at..).map(<[u8]>::to_vec))
        .collect()
}
