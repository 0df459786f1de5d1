//! The compound file header (MS-CFB 2.2).

use crate::bytes::{u16_at, u32_at};
use crate::error::{Error, Warning, WarningKind};

/// The 8-byte signature every compound file starts with (MS-CFB 2.2, Header Signature).
pub const SIGNATURE: [u8; 8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

/// Special sector ids (MS-CFB 2.1).
pub(crate) const MAXREGSECT: u32 = 0xFFFF_FFFA;
pub(crate) const ENDOFCHAIN: u32 = 0xFFFF_FFFE;
pub(crate) const FREESECT: u32 = 0xFFFF_FFFF;
/// Special stream id: no sibling or child (MS-CFB 2.1).
pub(crate) const NOSTREAM: u32 = 0xFFFF_FFFF;

/// The fields of the header this reader uses (MS-CFB 2.2).
#[derive(Debug, Clone)]
pub(crate) struct Header {
    pub major_version: u16,
    pub sector_size: usize,
    pub mini_stream_cutoff: u64,
    pub first_directory_sector: u32,
    pub first_mini_fat_sector: u32,
    pub num_mini_fat_sectors: u32,
    pub first_difat_sector: u32,
    pub num_difat_sectors: u32,
    pub num_fat_sectors: u32,
    /// The first 109 DIFAT entries, stored in the header itself.
    pub difat: Vec<u32>,
}

impl Header {
    /// Parses the header, recording tolerated deviations from the spec as warnings.
    pub(crate) fn parse(data: &[u8], warnings: &mut Vec<Warning>) -> Result<Header, Error> {
        if data.get(..8) != Some(&SIGNATURE[..]) {
            return Err(Error::NotACompoundFile);
        }
        if data.len() < 512 {
            return Err(Error::Truncated {
                what: "header",
                offset: data.len() as u64,
            });
        }
        let u16f = |off| u16_at(data, off).unwrap_or(0);
        let u32f = |off| u32_at(data, off).unwrap_or(0);
        let major_version = u16f(0x1A);
        let byte_order = u16f(0x1C);
        let sector_shift = u16f(0x1E);
        let mini_shift = u16f(0x20);
        let mut warn = |m: String| warnings.push(crate::error::warning(WarningKind::Header, m));
        if byte_order != 0xFFFE {
            warn(format!(
                "byte order mark is {byte_order:#06x}, not 0xFFFE; reading as little-endian"
            ));
        }
        let sector_size = match sector_shift {
            9 => 512,
            12 => 4096,
            other => {
                return Err(Error::Unsupported(format!(
                    "sector shift {other} (only 9 and 12 exist)"
                )));
            }
        };
        if !matches!((major_version, sector_size), (3, 512) | (4, 4096)) {
            warn(format!(
                "major version {major_version} with {sector_size}-byte sectors"
            ));
        }
        if mini_shift != 6 {
            warn(format!(
                "mini sector shift is {mini_shift}, not 6; using 64-byte mini sectors"
            ));
        }
        let cutoff = u32f(0x38);
        if cutoff != 4096 {
            warn(format!(
                "mini stream cutoff is {cutoff}, not 4096; using 4096"
            ));
        }
        let difat = (0..109).map(|i| u32f(0x4C + 4 * i)).collect();
        Ok(Header {
            major_version,
            sector_size,
            mini_stream_cutoff: 4096,
            first_directory_sector: u32f(0x30),
            num_fat_sectors: u32f(0x2C),
            first_mini_fat_sector: u32f(0x3C),
            num_mini_fat_sectors: u32f(0x40),
            first_difat_sector: u32f(0x44),
            num_difat_sectors: u32f(0x48),
            difat,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(shift: u16) -> Vec<u8> {
        let mut h = vec![0u8; 512];
        h[..8].copy_from_slice(&SIGNATURE);
        h[0x1A] = 3;
        h[0x1C..0x1E].copy_from_slice(&0xFFFEu16.to_le_bytes());
        h[0x1E..0x20].copy_from_slice(&shift.to_le_bytes());
        h[0x20] = 6;
        h[0x38..0x3C].copy_from_slice(&4096u32.to_le_bytes());
        h
    }

    #[test]
    fn parses_a_version_3_header() {
        let mut w = Vec::new();
        let h = Header::parse(&header(9), &mut w).unwrap();
        assert_eq!(h.sector_size, 512);
        assert_eq!(h.difat.len(), 109);
        assert!(w.is_empty(), "{w:?}");
    }

    #[test]
    fn rejects_bad_signature_short_header_and_odd_sector_size() {
        let mut w = Vec::new();
        assert_eq!(
            Header::parse(b"PK\x03\x04", &mut w).unwrap_err(),
            Error::NotACompoundFile
        );
        let short = &header(9)[..100];
        assert!(matches!(
            Header::parse(short, &mut w),
            Err(Error::Truncated {
                what: "header",
                offset: 100
            })
        ));
        assert!(matches!(
            Header::parse(&header(10), &mut w),
            Err(Error::Unsupported(_))
        ));
    }
}
