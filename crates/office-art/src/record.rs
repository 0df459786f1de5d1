//! The record header and record iteration (MS-ODRAW 2.1.1 OfficeArtRecordHeader).

/// Record types of MS-ODRAW 2.1.1 / 2.2 that this crate reads or hands to the caller.
pub mod types {
    /// `OfficeArtDggContainer`: the drawing group (BLIP store, defaults).
    pub const DGG_CONTAINER: u16 = 0xF000;
    /// `OfficeArtBStoreContainer`: the BLIP store.
    pub const BSTORE_CONTAINER: u16 = 0xF001;
    /// `OfficeArtDgContainer`: one drawing (a slide's, a sheet's, a Word story's shapes).
    pub const DG_CONTAINER: u16 = 0xF002;
    /// `OfficeArtSpgrContainer`: a group of shapes.
    pub const SPGR_CONTAINER: u16 = 0xF003;
    /// `OfficeArtSpContainer`: one shape.
    pub const SP_CONTAINER: u16 = 0xF004;
    /// `OfficeArtFDGGBlock`: drawing-group id clusters.
    pub const FDGG: u16 = 0xF006;
    /// `OfficeArtFBSE`: a BLIP store entry.
    pub const FBSE: u16 = 0xF007;
    /// `OfficeArtFDG`: a drawing's shape count and last shape id.
    pub const FDG: u16 = 0xF008;
    /// `OfficeArtFSPGR`: a group's coordinate system.
    pub const FSPGR: u16 = 0xF009;
    /// `OfficeArtFSP`: a shape's type, id and flags.
    pub const FSP: u16 = 0xF00A;
    /// `OfficeArtFOPT`: a shape's property table.
    pub const FOPT: u16 = 0xF00B;
    /// `OfficeArtClientTextbox`: the host application's text of a shape.
    pub const CLIENT_TEXTBOX: u16 = 0xF00D;
    /// `OfficeArtChildAnchor`: a grouped shape's rectangle in its group.
    pub const CHILD_ANCHOR: u16 = 0xF00F;
    /// `OfficeArtClientAnchor`: the host application's anchor of a shape.
    pub const CLIENT_ANCHOR: u16 = 0xF010;
    /// `OfficeArtClientData`: the host application's data of a shape.
    pub const CLIENT_DATA: u16 = 0xF011;
    /// `OfficeArtSecondaryFOPT`: more properties.
    pub const SECONDARY_FOPT: u16 = 0xF121;
    /// `OfficeArtTertiaryFOPT`: more properties.
    pub const TERTIARY_FOPT: u16 = 0xF122;
    /// First BLIP record type (`msofbtBlipFirst`).
    pub const BLIP_FIRST: u16 = 0xF018;
    /// Last BLIP record type (`msofbtBlipLast`).
    pub const BLIP_LAST: u16 = 0xF117;
}

/// An `OfficeArtRecordHeader` (MS-ODRAW 2.1.1): 8 bytes before every record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RecordHeader {
    /// `recVer`: 0xF for a container.
    pub version: u8,
    /// `recInstance`: a count, a shape type or a BLIP signature, by record type.
    pub instance: u16,
    /// `recType`.
    pub record_type: u16,
    /// `recLen`: the body's length in bytes (after the header).
    pub length: u32,
}

impl RecordHeader {
    /// The header's size in bytes.
    pub const SIZE: usize = 8;

    /// The header at the start of `data`, or `None` when fewer than 8 bytes remain.
    pub fn parse(data: &[u8]) -> Option<RecordHeader> {
        let b: [u8; 8] = data.get(..8)?.try_into().ok()?;
        let ver_inst = u16::from_le_bytes([b[0], b[1]]);
        Some(RecordHeader {
            version: (ver_inst & 0x000F) as u8,
            instance: ver_inst >> 4,
            record_type: u16::from_le_bytes([b[2], b[3]]),
            length: u32::from_le_bytes([b[4], b[5], b[6], b[7]]),
        })
    }

    /// Whether the record holds other records (`recVer` 0xF).
    pub fn is_container(&self) -> bool {
        self.version == 0xF
    }
}

/// One record: its header, where it is and its body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record<'a> {
    /// The header.
    pub header: RecordHeader,
    /// Byte offset of the header in the bytes the iteration started on.
    pub offset: u64,
    /// The body, cut to the bytes present.
    pub body: &'a [u8],
    /// The header and the body as one slice (what a BLIP parser takes).
    pub bytes: &'a [u8],
    /// Whether the body is shorter than `recLen` (the input ended first).
    pub truncated: bool,
}

impl<'a> Record<'a> {
    /// The records inside this one's body (meaningful for containers).
    pub fn children(&self) -> Records<'a> {
        Records::with_base(self.body, self.offset + RecordHeader::SIZE as u64)
    }

    /// The record type.
    pub fn record_type(&self) -> u16 {
        self.header.record_type
    }
}

/// The records that follow each other in a byte slice. A record longer
/// than what is left is yielded cut short (`truncated`) and ends the
/// iteration; fewer than 8 bytes left end it too.
#[derive(Debug, Clone)]
pub struct Records<'a> {
    data: &'a [u8],
    pos: usize,
    base: u64,
    done: bool,
}

impl<'a> Records<'a> {
    /// The records of `data`; offsets count from its start.
    pub fn new(data: &'a [u8]) -> Records<'a> {
        Records::with_base(data, 0)
    }

    /// The records of `data`, whose first byte is at offset `base` of a larger input.
    pub fn with_base(data: &'a [u8], base: u64) -> Records<'a> {
        Records {
            data,
            pos: 0,
            base,
            done: false,
        }
    }

    /// How many bytes were not consumed (a trailing partial header), once the iteration ended.
    pub fn remaining(&self) -> usize {
        self.data.len().saturating_sub(self.pos)
    }
}

impl<'a> Iterator for Records<'a> {
    type Item = Record<'a>;

    fn next(&mut self) -> Option<Record<'a>> {
        if self.done {
            return None;
        }
        let rest = self.data.get(self.pos..).unwrap_or_default();
        let Some(header) = RecordHeader::parse(rest) else {
            self.done = true;
            return None;
        };
        let available = rest.len() - RecordHeader::SIZE;
        let len = usize::try_from(header.length).unwrap_or(usize::MAX);
        let truncated = len > available;
        let body_len = len.min(available);
        let end = RecordHeader::SIZE + body_len;
        let record = Record {
            header,
            offset: self.base + self.pos as u64,
            body: rest.get(RecordHeader::SIZE..end).unwrap_or_default(),
            bytes: rest.get(..end).unwrap_or_default(),
            truncated,
        };
        self.pos += end;
        self.done = truncated;
        Some(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn record(ver: u8, inst: u16, ty: u16, body: &[u8]) -> Vec<u8> {
        let mut v = (u16::from(ver) | (inst << 4)).to_le_bytes().to_vec();
        v.extend(ty.to_le_bytes());
        v.extend((body.len() as u32).to_le_bytes());
        v.extend(body);
        v
    }

    #[test]
    fn header_fields() {
        let h = RecordHeader::parse(&[0x0F, 0x00, 0x02, 0xF0, 0x10, 0, 0, 0]).unwrap();
        assert_eq!(
            h,
            RecordHeader {
                version: 0xF,
                instance: 0,
                record_type: types::DG_CONTAINER,
                length: 16
            }
        );
        assert!(h.is_container());
        let h = RecordHeader::parse(&[0xA2, 0x46, 0x1D, 0xF0, 0, 0, 0, 0]).unwrap();
        assert_eq!((h.version, h.instance), (2, 0x46A));
        assert!(RecordHeader::parse(&[0; 7]).is_none());
    }

    #[test]
    fn siblings_children_and_a_record_cut_short() {
        let inner = record(0, 3, types::FSP, &[1, 2, 3, 4, 5, 6, 7, 8]);
        let mut data = record(0xF, 0, types::SP_CONTAINER, &inner);
        data.extend(record(0, 0, types::CLIENT_DATA, &[9]));
        data.extend(record(0, 0, types::CLIENT_DATA, &[1, 2, 3, 4]));
        data.truncate(data.len() - 2);
        let recs: Vec<Record<'_>> = Records::new(&data).collect();
        assert_eq!(recs.len(), 3);
        assert_eq!(recs[0].header.record_type, types::SP_CONTAINER);
        let kids: Vec<Record<'_>> = recs[0].children().collect();
        assert_eq!(kids.len(), 1);
        assert_eq!(kids[0].offset, 8);
        assert_eq!(kids[0].header.instance, 3);
        assert_eq!(kids[0].bytes.len(), 16);
        assert_eq!(recs[1].offset, 24);
        assert_eq!(recs[1].body, [9]);
        assert!(recs[2].truncated);
        assert_eq!(recs[2].body, [1, 2]);
    }

    #[test]
    fn a_huge_length_is_cut_to_the_input_and_ends_iteration() {
        let mut data = vec![0x0F, 0, 0x04, 0xF0, 0xFF, 0xFF, 0xFF, 0xFF, 1, 2];
        data.extend([0; 3]);
        let mut it = Records::new(&data);
        let r = it.next().unwrap();
        assert!(r.truncated && r.body.len() == 5);
        assert!(it.next().is_none());
        let mut it = Records::new(&[1, 2, 3]);
        assert!(it.next().is_none());
        assert_eq!(it.remaining(), 3);
    }
}
