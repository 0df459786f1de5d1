//! BLIPs, the pictures of OfficeArt (MS-ODRAW 2.2.23 OfficeArtBlip and the
//! records of each type: 2.2.24 EMF, 2.2.25 WMF, 2.2.26 PICT, 2.2.27 JPEG,
//! 2.2.28 PNG, 2.2.29 DIB, 2.2.30 TIFF; 2.2.31 OfficeArtMetafileHeader).

use crate::error::{Error, Warning, WarningKind};
use crate::record::{RecordHeader, types};
use crate::{Limits, Options};

/// The picture formats a BLIP stores (MS-ODRAW 2.4.1 MSOBLIPTYPE, by record type).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BlipType {
    /// Enhanced metafile (`OfficeArtBlipEMF`, record 0xF01A).
    Emf,
    /// Windows metafile (`OfficeArtBlipWMF`, 0xF01B).
    Wmf,
    /// Macintosh PICT (`OfficeArtBlipPICT`, 0xF01C).
    Pict,
    /// JPEG in RGB or CMYK (`OfficeArtBlipJPEG`, 0xF01D and 0xF02A).
    Jpeg,
    /// PNG (`OfficeArtBlipPNG`, 0xF01E).
    Png,
    /// Device-independent bitmap (`OfficeArtBlipDIB`, 0xF01F), written out as BMP.
    Dib,
    /// TIFF (`OfficeArtBlipTIFF`, 0xF029).
    Tiff,
}

impl BlipType {
    /// The type of a BLIP record type, if it is one of the known ones.
    pub fn from_record_type(record_type: u16) -> Option<BlipType> {
        Some(match record_type {
            0xF01A => BlipType::Emf,
            0xF01B => BlipType::Wmf,
            0xF01C => BlipType::Pict,
            0xF01D | 0xF02A => BlipType::Jpeg,
            0xF01E => BlipType::Png,
            0xF01F => BlipType::Dib,
            0xF029 => BlipType::Tiff,
            _ => return None,
        })
    }

    /// The type `OfficeArtFBSE.btWin32` names (MS-ODRAW 2.4.1).
    pub fn from_msoblip(bt: u8) -> Option<BlipType> {
        Some(match bt {
            2 => BlipType::Emf,
            3 => BlipType::Wmf,
            4 => BlipType::Pict,
            5 | 0x12 => BlipType::Jpeg,
            6 => BlipType::Png,
            7 => BlipType::Dib,
            0x11 => BlipType::Tiff,
            _ => return None,
        })
    }

    /// The media type of the bytes [`Blip::data`] holds.
    pub fn media_type(self) -> &'static str {
        match self {
            BlipType::Emf => "image/emf",
            BlipType::Wmf => "image/wmf",
            BlipType::Pict => "image/x-pict",
            BlipType::Jpeg => "image/jpeg",
            BlipType::Png => "image/png",
            BlipType::Dib => "image/bmp",
            BlipType::Tiff => "image/tiff",
        }
    }

    /// The file extension for those bytes.
    pub fn extension(self) -> &'static str {
        match self {
            BlipType::Emf => "emf",
            BlipType::Wmf => "wmf",
            BlipType::Pict => "pict",
            BlipType::Jpeg => "jpg",
            BlipType::Png => "png",
            BlipType::Dib => "bmp",
            BlipType::Tiff => "tif",
        }
    }

    /// `recInstance` values with one UID (the value + 1 means two), MS-ODRAW 2.2.24–2.2.30.
    fn instances(self) -> &'static [u16] {
        match self {
            BlipType::Emf => &[0x3D4],
            BlipType::Wmf => &[0x216],
            BlipType::Pict => &[0x542],
            BlipType::Jpeg => &[0x46A, 0x6E2],
            BlipType::Png => &[0x6E0],
            BlipType::Dib => &[0x7A8],
            BlipType::Tiff => &[0x6E4],
        }
    }

    fn is_metafile(self) -> bool {
        matches!(self, BlipType::Emf | BlipType::Wmf | BlipType::Pict)
    }
}

/// `OfficeArtMetafileHeader` (MS-ODRAW 2.2.31): how a metafile BLIP is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MetafileHeader {
    /// `cbSize`: the metafile's size once decompressed.
    pub uncompressed_size: u32,
    /// `rcBounds`: left, top, right, bottom of the metafile's clipping region.
    pub bounds: [i32; 4],
    /// `ptSize`: width and height in EMUs.
    pub size_emu: [i32; 2],
    /// `cbSave`: the stored (compressed) size.
    pub saved_size: u32,
    /// `compression`: 0 DEFLATE, 0xFE none.
    pub compression: u8,
}

/// A picture out of a BLIP, as a file a user can open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blip {
    /// The format, by record type (or by the bytes when the two disagree).
    pub blip_type: BlipType,
    /// The media type of `data` (`image/png`, `image/emf`, …).
    pub media_type: &'static str,
    /// The file extension of `data` (`png`, `emf`, `bmp`, …).
    pub extension: &'static str,
    /// The picture: JPEG, PNG and TIFF as stored; EMF decompressed; WMF
    /// decompressed behind a placeable header (built from `rcBounds`, as
    /// Apache POI does) unless it has one; PICT decompressed behind the
    /// 512-byte header of a PICT file; DIB behind a `BITMAPFILEHEADER`.
    pub data: Vec<u8>,
    /// `rgbUid1`: the MD4 digest Office keys the picture by.
    pub uid: [u8; 16],
    /// The metafile header of an EMF, WMF or PICT BLIP.
    pub metafile: Option<MetafileHeader>,
    /// Defects met decoding it.
    pub warnings: Vec<Warning>,
}

/// The `Aldus placeable metafile` key a `.wmf` file starts with.
const PLACEABLE_KEY: [u8; 4] = [0xD7, 0xCD, 0xC6, 0x9A];

/// A format by the first bytes of a picture, for bitmaps stored under another type's record.
fn sniff(data: &[u8]) -> Option<BlipType> {
    if data.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(BlipType::Jpeg)
    } else if data.starts_with(b"\x89PNG\r\n\x1A\n") {
        Some(BlipType::Png)
    } else if data.starts_with(b"II*\0") || data.starts_with(b"MM\0*") {
        Some(BlipType::Tiff)
    } else {
        None
    }
}

/// Inflates a zlib stream (or a raw DEFLATE one, which some writers store)
/// up to `limit` bytes. `Err` carries the bytes decoded before the stream
/// broke off, or `None` when the limit was hit.
fn inflate(data: &[u8], limit: usize) -> Result<Vec<u8>, Option<Vec<u8>>> {
    use miniz_oxide::inflate::{
        TINFLStatus, decompress_to_vec_with_limit, decompress_to_vec_zlib_with_limit,
    };
    let zlib = matches!(data, [a, b, ..] if a & 0x0F == 8 && (u16::from(*a) << 8 | u16::from(*b)) % 31 == 0);
    let result = if zlib {
        decompress_to_vec_zlib_with_limit(data, limit)
    } else {
        decompress_to_vec_with_limit(data, limit)
    };
    result.map_err(|e| match e.status {
        TINFLStatus::HasMoreOutput => None,
        _ => Some(e.output),
    })
}

/// A `BITMAPFILEHEADER` (14 bytes) for a DIB: `BM`, the file size and where
/// the pixels start — after the info header, the colour masks and the palette.
fn bmp_file_header(dib: &[u8]) -> [u8; 14] {
    let u32_at = |o: usize| {
        dib.get(o..o + 4)
            .and_then(|b| b.try_into().ok())
            .map_or(0, u32::from_le_bytes)
    };
    let u16_at = |o: usize| {
        dib.get(o..o + 2)
            .and_then(|b| b.try_into().ok())
            .map_or(0, u16::from_le_bytes)
    };
    let header_size = u32_at(0);
    let pixels_at = if header_size == 12 {
        // BITMAPCOREHEADER: RGBTRIPLE palette for up to 8 bits per pixel.
        let bits = u16_at(10);
        let colors = if bits <= 8 { 1u32 << bits } else { 0 };
        12 + 3 * colors
    } else {
        let bits = u16_at(14);
        let compression = u32_at(16);
        let used = u32_at(32);
        let colors = if used != 0 {
            used.min(256)
        } else if bits <= 8 {
            1u32 << bits
        } else {
            0
        };
        // BI_BITFIELDS (3) and BI_ALPHABITFIELDS (6) masks follow a 40-byte header.
        let masks = match (header_size, compression) {
            (40, 3) => 12,
            (40, 6) => 16,
            _ => 0,
        };
        header_size.saturating_add(masks).saturating_add(4 * colors)
    };
    let size = u32::try_from(dib.len().saturating_add(14)).unwrap_or(u32::MAX);
    let mut h = [0u8; 14];
    h[0] = b'B';
    h[1] = b'M';
    h[2..6].copy_from_slice(&size.to_le_bytes());
    h[10..14].copy_from_slice(&14u32.saturating_add(pixels_at).to_le_bytes());
    h
}

/// An Aldus placeable metafile header (22 bytes) for a WMF stored without
/// one: the bounding box from `rcBounds`, 72 units per inch (Apache POI's choice).
fn placeable_header(bounds: [i32; 4]) -> [u8; 22] {
    let clamp = |v: i32| v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
    let mut h = [0u8; 22];
    h[..4].copy_from_slice(&PLACEABLE_KEY);
    for (k, v) in bounds.iter().enumerate() {
        h[6 + 2 * k..8 + 2 * k].copy_from_slice(&clamp(*v).to_le_bytes());
    }
    h[14..16].copy_from_slice(&72u16.to_le_bytes());
    let mut checksum = 0u16;
    for w in h[..20].chunks_exact(2) {
        checksum ^= u16::from_le_bytes([w[0], w[1]]);
    }
    h[20..22].copy_from_slice(&checksum.to_le_bytes());
    h
}

fn i32_at(b: &[u8], o: usize) -> i32 {
    b.get(o..o + 4)
        .and_then(|b| b.try_into().ok())
        .map_or(0, i32::from_le_bytes)
}

impl Blip {
    /// Parses a BLIP record (header included) with the default [`Options`].
    pub fn parse(record: &[u8]) -> Result<Blip, Error> {
        Blip::parse_with(record, &Options::default())
    }

    /// Parses a BLIP record (header included). A body cut short, or a
    /// compressed metafile that breaks off, gives the bytes present and a
    /// warning; a record of another type, or a metafile that would inflate
    /// past [`Limits::max_blip_size`], is an error.
    pub fn parse_with(record: &[u8], options: &Options) -> Result<Blip, Error> {
        let limits: &Limits = &options.limits;
        let header = RecordHeader::parse(record).ok_or(Error::Truncated {
            what: "BLIP record header",
            offset: 0,
        })?;
        let record_type = header.record_type;
        if !(types::BLIP_FIRST..=types::BLIP_LAST).contains(&record_type) {
            return Err(Error::Corrupt(format!(
                "record type {record_type:#06x} is not a BLIP"
            )));
        }
        let blip_type = BlipType::from_record_type(record_type)
            .ok_or_else(|| Error::Unsupported(format!("BLIP record type {record_type:#06x}")))?;
        let mut warnings = Vec::new();
        let declared = usize::try_from(header.length).unwrap_or(usize::MAX);
        let available = record.len() - RecordHeader::SIZE;
        if declared > available {
            warnings.push(Warning::new(
                WarningKind::Blip,
                format!("BLIP declares {declared} bytes, {available} present"),
                Some(0),
            ));
        }
        let body = record
            .get(RecordHeader::SIZE..RecordHeader::SIZE + declared.min(available))
            .unwrap_or_default();
        // The one/two UID rule: recInstance is the type's value, or that value + 1 with a second UID.
        let instance = header.instance;
        let uids = if blip_type.instances().contains(&instance) {
            1
        } else if blip_type.instances().contains(&(instance ^ 1)) {
            2
        } else {
            warnings.push(Warning::new(
                WarningKind::Blip,
                format!(
                    "BLIP recInstance {instance:#x} is not one of its type's; UIDs counted by its low bit"
                ),
                Some(0),
            ));
            1 + usize::from(instance & 1)
        };
        let uid: [u8; 16] =
            body.get(..16)
                .and_then(|b| b.try_into().ok())
                .ok_or(Error::Truncated {
                    what: "BLIP UID",
                    offset: RecordHeader::SIZE as u64,
                })?;
        let at = 16 * uids;
        if !blip_type.is_metafile() {
            // Bitmaps: one tag byte, then the file.
            let mut data = body.get(at + 1..).ok_or(Error::Truncated {
                what: "bitmap BLIP",
                offset: (RecordHeader::SIZE + at) as u64,
            })?;
            // Writers on the Mac store a second UID without setting recInstance's
            // low bit: the file then starts 16 bytes later (Apache POI skips them too).
            if blip_type != BlipType::Dib
                && sniff(data).is_none()
                && let Some(shifted) = data.get(16..).filter(|d| sniff(d).is_some())
            {
                warnings.push(Warning::new(
                    WarningKind::Blip,
                    "a second UID the record header does not announce; skipped",
                    Some((RecordHeader::SIZE + at) as u64),
                ));
                data = shifted;
            }
            let actual = match sniff(data) {
                Some(t) if t != blip_type && blip_type != BlipType::Dib => {
                    warnings.push(Warning::new(
                        WarningKind::Blip,
                        format!("a {blip_type:?} BLIP holds {t:?} bytes; named by its bytes"),
                        Some(0),
                    ));
                    t
                }
                _ => blip_type,
            };
            let data = if actual == BlipType::Dib {
                let mut v = bmp_file_header(data).to_vec();
                v.extend_from_slice(data);
                v
            } else {
                data.to_vec()
            };
            return Ok(Blip {
                blip_type: actual,
                media_type: actual.media_type(),
                extension: actual.extension(),
                data,
                uid,
                metafile: None,
                warnings,
            });
        }
        // Metafiles: OfficeArtMetafileHeader (34 bytes), then the (compressed) file.
        let h = body.get(at..at + 34).ok_or(Error::Truncated {
            what: "OfficeArtMetafileHeader",
            offset: (RecordHeader::SIZE + at) as u64,
        })?;
        let meta = MetafileHeader {
            uncompressed_size: i32_at(h, 0) as u32,
            bounds: [i32_at(h, 4), i32_at(h, 8), i32_at(h, 12), i32_at(h, 16)],
            size_emu: [i32_at(h, 20), i32_at(h, 24)],
            saved_size: i32_at(h, 28) as u32,
            compression: h.get(32).copied().unwrap_or(0xFE),
        };
        let stored = body.get(at + 34..).unwrap_or_default();
        let saved = usize::try_from(meta.saved_size).unwrap_or(usize::MAX);
        if saved > stored.len() {
            warnings.push(Warning::new(
                WarningKind::Blip,
                format!(
                    "metafile declares {saved} stored bytes, {} present",
                    stored.len()
                ),
                Some((RecordHeader::SIZE + at + 34) as u64),
            ));
        }
        let stored = stored.get(..saved.min(stored.len())).unwrap_or_default();
        let max = usize::try_from(limits.max_blip_size).unwrap_or(usize::MAX);
        let mut file = match meta.compression {
            0xFE => stored.to_vec(),
            0 => match inflate(stored, max) {
                Ok(v) => v,
                Err(Some(partial)) => {
                    warnings.push(Warning::new(
                        WarningKind::Blip,
                        format!(
                            "compressed metafile breaks off after {} of {} bytes; the part decoded is kept",
                            partial.len(),
                            meta.uncompressed_size
                        ),
                        Some((RecordHeader::SIZE + at + 34) as u64),
                    ));
                    partial
                }
                Err(None) => {
                    return Err(Error::LimitExceeded {
                        what: "decompressed metafile size",
                        limit: limits.max_blip_size,
                    });
                }
            },
            other => {
                return Err(Error::Unsupported(format!(
                    "metafile compression {other:#04x} (only DEFLATE and none exist)"
                )));
            }
        };
        if meta.compression == 0
            && file.len() != meta.uncompressed_size as usize
            && !file.is_empty()
        {
            warnings.push(Warning::new(
                WarningKind::Blip,
                format!(
                    "metafile inflates to {} bytes, its header says {}",
                    file.len(),
                    meta.uncompressed_size
                ),
                None,
            ));
        }
        match blip_type {
            BlipType::Wmf if !file.starts_with(&PLACEABLE_KEY) => {
                file.splice(0..0, placeable_header(meta.bounds));
            }
            BlipType::Pict => {
                file.splice(0..0, [0u8; 512]);
            }
            _ => {}
        }
        Ok(Blip {
            blip_type,
            media_type: blip_type.media_type(),
            extension: blip_type.extension(),
            data: file,
            uid,
            metafile: Some(meta),
            warnings,
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn blip_record(ty: u16, inst: u16, body: &[u8]) -> Vec<u8> {
        let mut v = (inst << 4).to_le_bytes().to_vec();
        v.extend(ty.to_le_bytes());
        v.extend((body.len() as u32).to_le_bytes());
        v.extend(body);
        v
    }

    pub(crate) const PNG: &[u8] = b"\x89PNG\r\n\x1A\n\0\0\0\rIHDR";

    pub(crate) fn png_blip(uids: usize) -> Vec<u8> {
        let mut body = vec![0xAB; 16 * uids];
        body.push(0xFF);
        body.extend(PNG);
        blip_record(0xF01E, 0x6E0 + (uids as u16 - 1), &body)
    }

    fn metafile_body(uids: usize, data: &[u8], compressed: bool, raw_len: usize) -> Vec<u8> {
        let mut body = vec![0x11; 16 * uids];
        body.extend((raw_len as u32).to_le_bytes());
        for v in [0i32, 0, 200, 100, 12700, 6350] {
            body.extend(v.to_le_bytes());
        }
        body.extend((data.len() as u32).to_le_bytes());
        body.push(if compressed { 0 } else { 0xFE });
        body.push(0xFE);
        body.extend(data);
        body
    }

    #[test]
    fn one_and_two_uids_by_instance() {
        for uids in [1, 2] {
            let b = Blip::parse(&png_blip(uids)).unwrap();
            assert_eq!(b.blip_type, BlipType::Png);
            assert_eq!(b.data, PNG);
            assert_eq!(b.uid, [0xAB; 16]);
            assert!(b.warnings.is_empty());
        }
    }

    #[test]
    fn jpeg_cmyk_and_tiff_and_a_mislabelled_bitmap() {
        let mut body = vec![0; 16];
        body.push(0xFF);
        body.extend([0xFF, 0xD8, 0xFF, 0xE0]);
        let b = Blip::parse(&blip_record(0xF02A, 0x6E2, &body)).unwrap();
        assert_eq!((b.media_type, b.extension), ("image/jpeg", "jpg"));
        let b = Blip::parse(&blip_record(0xF01E, 0x6E0, &body)).unwrap();
        assert_eq!(b.blip_type, BlipType::Jpeg);
        assert_eq!(b.warnings.len(), 1);
        let mut body = vec![0; 16];
        body.push(0xFF);
        body.extend(b"II*\0rest");
        let b = Blip::parse(&blip_record(0xF029, 0x6E4, &body)).unwrap();
        assert_eq!(b.extension, "tif");
    }

    #[test]
    fn an_unannounced_second_uid_is_skipped() {
        let mut body = vec![0xAB; 16];
        body.push(0xFF);
        body.extend([0xCD; 16]);
        body.extend(PNG);
        let b = Blip::parse(&blip_record(0xF01E, 0x6E0, &body)).unwrap();
        assert_eq!(b.data, PNG);
        assert_eq!(b.warnings.len(), 1);
    }

    #[test]
    fn dib_gets_a_bitmap_file_header() {
        // 2x1, 8 bits, 3 palette entries used.
        let dib = testkit::cfb::dib(2, 1, 8, &[[0; 4]; 3], &[0, 1, 0, 0]);
        let mut body = vec![0; 16];
        body.push(0xFF);
        body.extend(&dib);
        let b = Blip::parse(&blip_record(0xF01F, 0x7A8, &body)).unwrap();
        assert_eq!(&b.data[..2], b"BM");
        assert_eq!(
            u32::from_le_bytes(b.data[2..6].try_into().unwrap()),
            14 + dib.len() as u32
        );
        assert_eq!(
            u32::from_le_bytes(b.data[10..14].try_into().unwrap()),
            14 + 40 + 12
        );
        assert_eq!(&b.data[14..], dib.as_slice());
        // Core header, 4 bits: 16 RGB triples.
        let mut core = 12u32.to_le_bytes().to_vec();
        core.extend([2, 0, 1, 0, 1, 0, 4, 0]);
        assert_eq!(
            u32::from_le_bytes(bmp_file_header(&core)[10..14].try_into().unwrap()),
            14 + 12 + 48
        );
        // BI_BITFIELDS, 32 bits: three masks, no palette.
        let mut bf = dib.clone();
        bf[14..16].copy_from_slice(&32u16.to_le_bytes());
        bf[16..20].copy_from_slice(&3u32.to_le_bytes());
        bf[32..36].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(
            u32::from_le_bytes(bmp_file_header(&bf)[10..14].try_into().unwrap()),
            14 + 52
        );
    }

    #[test]
    fn compressed_emf_and_wmf_with_and_without_placeable_header() {
        let emf = b" EMF file bytes, repeated repeated repeated repeated".to_vec();
        let z = miniz_oxide::deflate::compress_to_vec_zlib(&emf, 6);
        let b = Blip::parse(&blip_record(
            0xF01A,
            0x3D5,
            &metafile_body(2, &z, true, emf.len()),
        ))
        .unwrap();
        assert_eq!(b.data, emf);
        assert!(b.warnings.is_empty(), "{:?}", b.warnings);
        let m = b.metafile.unwrap();
        assert_eq!(m.bounds, [0, 0, 200, 100]);
        assert_eq!(m.size_emu, [12700, 6350]);

        let wmf = [1u8, 0, 9, 0, 0, 3];
        let b = Blip::parse(&blip_record(
            0xF01B,
            0x216,
            &metafile_body(1, &wmf, false, 6),
        ))
        .unwrap();
        assert_eq!(&b.data[..4], &PLACEABLE_KEY);
        assert_eq!(&b.data[22..], &wmf);
        assert_eq!(i16::from_le_bytes([b.data[10], b.data[11]]), 200);
        let mut placed = PLACEABLE_KEY.to_vec();
        placed.extend([0; 18]);
        placed.extend(wmf);
        let b = Blip::parse(&blip_record(
            0xF01B,
            0x216,
            &metafile_body(1, &placed, false, placed.len()),
        ))
        .unwrap();
        assert_eq!(b.data, placed);

        let pict = b"\x00\x0A pict".to_vec();
        let b = Blip::parse(&blip_record(
            0xF01C,
            0x542,
            &metafile_body(1, &pict, false, pict.len()),
        ))
        .unwrap();
        assert_eq!(b.data.len(), 512 + pict.len());
        assert_eq!(b.extension, "pict");
    }

    #[test]
    fn broken_metafiles() {
        let emf: Vec<u8> = (0..5000u32).map(|i| (i * i % 251) as u8).collect();
        let z = miniz_oxide::deflate::compress_to_vec_zlib(&emf, 6);
        // Cut inside the compressed data: the decoded prefix and warnings.
        let rec = blip_record(0xF01A, 0x3D4, &metafile_body(1, &z, true, emf.len()));
        let b = Blip::parse(&rec[..rec.len() - z.len() / 2]).unwrap();
        assert!(b.data.len() < emf.len());
        assert!(b.warnings.len() >= 2, "{:?}", b.warnings);
        // Over the limit: an error.
        let mut o = Options::default();
        o.limits.max_blip_size = 100;
        assert!(matches!(
            Blip::parse_with(&rec, &o),
            Err(Error::LimitExceeded { .. })
        ));
        // Unknown compression.
        let mut body = metafile_body(1, &z, true, emf.len());
        body[16 + 32] = 7;
        assert!(matches!(
            Blip::parse(&blip_record(0xF01A, 0x3D4, &body)),
            Err(Error::Unsupported(_))
        ));
        // Header cut short.
        assert!(matches!(
            Blip::parse(&blip_record(0xF01A, 0x3D4, &[0; 20])),
            Err(Error::Truncated { .. })
        ));
    }

    #[test]
    fn not_a_blip() {
        assert!(matches!(
            Blip::parse(&blip_record(0xF00A, 0, &[0; 8])),
            Err(Error::Corrupt(_))
        ));
        assert!(matches!(
            Blip::parse(&blip_record(0xF020, 0, &[0; 8])),
            Err(Error::Unsupported(_))
        ));
        assert!(Blip::parse(&[1, 2]).is_err());
        let b = Blip::parse(&blip_record(0xF01E, 0x123, &png_blip(1)[8..])).unwrap();
        assert_eq!(b.warnings.len(), 1);
    }
}
