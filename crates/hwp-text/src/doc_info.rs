//! The `DocInfo` stream (HWP 5.0 spec §4.2 "문서 정보"): what the text
//! needs from it — the binary data list (BIN_DATA), numbering and bullet
//! definitions (NUMBERING, BULLET) and the paragraph shapes that refer to
//! them (PARA_SHAPE), and the tracked changes (TRACK_CHANGE,
//! TRACK_CHANGE_AUTHOR) that paragraph range tags refer to.

use crate::bytes::{hwp_string, u16_at, u32_at};
use crate::error::{Warning, WarningKind};
use crate::record::{Records, docinfo};

/// One BIN_DATA record (§4.2.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BinDataItem {
    /// 0 link, 1 embedding, 2 storage (an OLE object).
    pub kind: u16,
    /// 0 as the document, 1 compressed, 2 stored.
    pub compression: u16,
    /// The id in the stream name `BinData/BIN%04X.ext`.
    pub id: u16,
    /// The extension (`jpg`, `png`, `OLE`, …).
    pub extension: String,
    /// For a link, the absolute path of the linked file.
    pub link: Option<String>,
}

impl BinDataItem {
    /// 0: a linked file outside the document.
    pub const LINK: u16 = 0;
    /// 2: an OLE object storage.
    pub const STORAGE: u16 = 2;
}

/// One NUMBERING record (§4.2.8): per level its head, format string and start number.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Numbering {
    /// Per level (1..=10): the number shape.
    pub shapes: Vec<u32>,
    /// Per level: the format string (`^1.`, `^2)`, `(^5)`).
    pub formats: Vec<String>,
    /// Per level: the first number.
    pub starts: Vec<u32>,
}

/// One BULLET record (§4.2.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bullet {
    /// The bullet character.
    pub char: char,
}

/// What the text needs of one PARA_SHAPE record (§4.2.10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ParaShape {
    /// 0 none, 1 outline, 2 numbering, 3 bullet (property 1, bits 23..24).
    pub head: u8,
    /// The paragraph level 0..=6 (bits 25..27).
    pub level: u8,
    /// The NUMBERING or BULLET id (1-based; 0 = none).
    pub numbering_id: u16,
}

impl ParaShape {
    /// Head type: outline (개요).
    pub const OUTLINE: u8 = 1;
    /// Head type: numbering (번호).
    pub const NUMBER: u8 = 2;
    /// Head type: bullet (글머리표).
    pub const BULLET: u8 = 3;
}

/// One TRACK_CHANGE record: `u32` kind (0x10 insertion, 0x11 deletion,
/// 0x13 paragraph shape change), the time as five `u16` (year, month, day,
/// hour, minute), the `u16` author id, then kind-specific fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrackChange {
    /// 0x10 insertion, 0x11 deletion, others (formatting) as stored.
    pub kind: u32,
    /// The TRACK_CHANGE_AUTHOR it refers to.
    pub author: u16,
}

impl TrackChange {
    /// Kind of a deletion (also the range-tag kind of deleted text).
    pub const DELETE: u32 = 0x11;
}

/// The parts of DocInfo the text needs.
#[derive(Debug, Clone, Default)]
pub struct DocInfo {
    /// DOCUMENT_PROPERTIES: the section count.
    pub section_count: Option<u16>,
    /// BIN_DATA records in order (their index + 1 is how shapes refer to them).
    pub bin_data: Vec<BinDataItem>,
    /// NUMBERING records in order.
    pub numberings: Vec<Numbering>,
    /// BULLET records in order.
    pub bullets: Vec<Bullet>,
    /// PARA_SHAPE records in order.
    pub para_shapes: Vec<ParaShape>,
    /// TRACK_CHANGE records in order (a range tag's index is one-based).
    pub track_changes: Vec<TrackChange>,
    /// TRACK_CHANGE_AUTHOR names in order.
    pub track_change_authors: Vec<String>,
}

impl DocInfo {
    /// Reads the records of a decompressed DocInfo stream. `version` is the
    /// FileHeader's (`0xMMnnPPrr`): later versions append fields.
    pub fn parse(records: &Records<'_>, version: u32, warnings: &mut Vec<Warning>) -> DocInfo {
        let mut info = DocInfo::default();
        let mut short = 0u32;
        for r in &records.list {
            match r.tag {
                docinfo::DOCUMENT_PROPERTIES => info.section_count = u16_at(r.data, 0),
                docinfo::BIN_DATA => match bin_data(r.data) {
                    Some(b) => info.bin_data.push(b),
                    None => {
                        short += 1;
                        // Keep the index of later items right.
                        info.bin_data.push(BinDataItem {
                            kind: BinDataItem::LINK,
                            compression: 0,
                            id: 0,
                            extension: String::new(),
                            link: None,
                        });
                    }
                },
                docinfo::NUMBERING => info.numberings.push(numbering(r.data, version)),
                docinfo::BULLET => info.bullets.push(Bullet {
                    char: u16_at(r.data, 12)
                        .and_then(|u| char::from_u32(u32::from(u)))
                        .map_or('•', crate::chars::map_bullet),
                }),
                docinfo::PARA_SHAPE => {
                    let p = u32_at(r.data, 0).unwrap_or(0);
                    if r.data.len() < 4 {
                        short += 1;
                    }
                    info.para_shapes.push(ParaShape {
                        head: ((p >> 23) & 3) as u8,
                        level: ((p >> 25) & 7) as u8,
                        numbering_id: u16_at(r.data, 26).unwrap_or(0),
                    });
                }
                docinfo::TRACK_CHANGE => match (u32_at(r.data, 0), u16_at(r.data, 14)) {
                    (Some(kind), Some(author)) => {
                        info.track_changes.push(TrackChange { kind, author });
                    }
                    _ => {
                        short += 1;
                        // Keep the index of later changes right; an unknown
                        // kind is never taken for a deletion.
                        info.track_changes.push(TrackChange { kind: 0, author: 0 });
                    }
                },
                docinfo::TRACK_CHANGE_AUTHOR => {
                    // u32 length, UTF-16 name, u32 mark, u32 colour.
                    let name = u32_at(r.data, 0)
                        .and_then(|n| usize::try_from(n).ok())
                        .and_then(|n| r.data.get(4..4 + n.checked_mul(2)?))
                        .map(crate::bytes::utf16)
                        .unwrap_or_default();
                    info.track_change_authors.push(name);
                }
                _ => {}
            }
        }
        if short > 0 {
            warnings.push(Warning::new(
                WarningKind::DocInfo,
                format!("{short} DocInfo record(s) too short to read; defaults used"),
                None,
            ));
        }
        info
    }
}

fn bin_data(d: &[u8]) -> Option<BinDataItem> {
    let prop = u16_at(d, 0)?;
    let kind = prop & 0xF;
    let compression = (prop >> 4) & 3;
    let mut at = 2;
    if kind == BinDataItem::LINK {
        let link = hwp_string(d, &mut at)?;
        return Some(BinDataItem {
            kind,
            compression,
            id: 0,
            extension: String::new(),
            link: Some(link),
        });
    }
    let id = u16_at(d, at)?;
    at += 2;
    let extension = hwp_string(d, &mut at).unwrap_or_default();
    Some(BinDataItem {
        kind,
        compression,
        id,
        extension,
        link: None,
    })
}

/// A NUMBERING record: 7 levels of (head 12 bytes, format string), the
/// start number, then (5.0.2.5+) 7 level start numbers, then (5.1.0.0+)
/// levels 8..10 and their start numbers.
fn numbering(d: &[u8], version: u32) -> Numbering {
    let mut n = Numbering::default();
    let mut at = 0usize;
    let read_levels = |count: usize, at: &mut usize, n: &mut Numbering| -> bool {
        for _ in 0..count {
            let Some(prop) = u32_at(d, *at) else {
                return false;
            };
            *at += 12;
            let Some(format) = hwp_string(d, at) else {
                return false;
            };
            n.shapes.push((prop >> 5) & 0x1F);
            n.formats.push(format);
        }
        true
    };
    if !read_levels(7, &mut at, &mut n) {
        return n;
    }
    let start = u32::from(u16_at(d, at).unwrap_or(1));
    at += 2;
    n.starts = vec![start.max(1); 7];
    if version >= 0x0500_0205 {
        for k in 0..7 {
            if let Some(s) = u32_at(d, at + 4 * k) {
                n.starts[k] = s.max(1);
            }
        }
        at += 28;
    }
    if version >= 0x0501_0000 && read_levels(3, &mut at, &mut n) {
        for k in 0..3 {
            n.starts.push(u32_at(d, at + 4 * k).unwrap_or(1).max(1));
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{encode, parse};

    fn string(s: &str) -> Vec<u8> {
        let u: Vec<u16> = s.encode_utf16().collect();
        let mut v = (u.len() as u16).to_le_bytes().to_vec();
        for x in u {
            v.extend_from_slice(&x.to_le_bytes());
        }
        v
    }

    #[test]
    fn bin_data_numbering_bullet_para_shape() {
        let mut s = Vec::new();
        let mut bd = (1u16 | (2 << 4)).to_le_bytes().to_vec();
        bd.extend_from_slice(&3u16.to_le_bytes());
        bd.extend(string("png"));
        s.extend(encode(docinfo::BIN_DATA, 1, &bd));
        let mut num = Vec::new();
        for level in 0..7u32 {
            let shape: u32 = if level == 1 { 8 } else { 0 };
            num.extend_from_slice(&(shape << 5).to_le_bytes());
            num.extend_from_slice(&[0; 8]);
            num.extend(string(&format!("^{}.", level + 1)));
        }
        num.extend_from_slice(&5u16.to_le_bytes());
        s.extend(encode(docinfo::NUMBERING, 1, &num));
        let mut bullet = vec![0; 12];
        bullet.extend_from_slice(&0x25CFu16.to_le_bytes());
        s.extend(encode(docinfo::BULLET, 1, &bullet));
        let mut ps = ((2u32 << 23) | (1 << 25)).to_le_bytes().to_vec();
        ps.resize(26, 0);
        ps.extend_from_slice(&1u16.to_le_bytes());
        s.extend(encode(docinfo::PARA_SHAPE, 1, &ps));
        let mut w = Vec::new();
        let info = DocInfo::parse(&parse(&s, 100, &mut w), 0x0500_0101, &mut w);
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(info.bin_data[0].id, 3);
        assert_eq!(info.bin_data[0].compression, 2);
        assert_eq!(info.bin_data[0].extension, "png");
        assert_eq!(info.numberings[0].formats[1], "^2.");
        assert_eq!(info.numberings[0].shapes[1], 8);
        assert_eq!(info.numberings[0].starts, [5; 7]);
        assert_eq!(info.bullets[0].char, '●');
        assert_eq!(
            info.para_shapes[0],
            ParaShape {
                head: ParaShape::NUMBER,
                level: 1,
                numbering_id: 1
            }
        );
    }
}
