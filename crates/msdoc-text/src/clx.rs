//! The CLX and its piece table (MS-DOC 2.9.38 `Clx`, 2.9.177 `PlcPcd`, 2.9.171 `Pcd`).

use crate::bytes::{u16_at, u32_at};
use crate::{Error, Limits, Warning, WarningKind};

/// One piece: CPs `[cp_start, cp_end)` stored at a stream offset (MS-DOC 2.9.171 `Pcd`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    /// First CP of the piece.
    pub cp_start: u32,
    /// One past its last CP.
    pub cp_end: u32,
    /// Byte offset of its first character in the WordDocument stream.
    pub byte_offset: u32,
    /// Characters are one byte each (compressed cp1252 in Word 97, the
    /// document code page in Word 6/95); otherwise UTF-16LE.
    pub is_8bit: bool,
    /// The raw `FcCompressed` value, for diagnostics.
    pub fc: u32,
}

impl Piece {
    /// Bytes per character.
    pub fn char_size(&self) -> u32 {
        if self.is_8bit { 1 } else { 2 }
    }
}

/// How a Word 6/95 document stores its characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Legacy {
    /// One byte per character, in the document's code page.
    Bytes,
    /// UTF-16LE (`fExtChar`, seen in Far East Word 95 files).
    Utf16,
}

/// The piece table: where every CP of the document lives.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PieceTable {
    pieces: Vec<Piece>,
}

impl PieceTable {
    /// Parses a `Clx`: skips the `Prc` entries, then reads the `Pcdt`.
    ///
    /// `legacy` selects the Word 6/95 reading of `fc` (a plain byte offset,
    /// of 8-bit text or, with `fExtChar`, of UTF-16 text) instead of
    /// MS-DOC's `FcCompressed`.
    pub(crate) fn parse(
        clx: &[u8],
        legacy: Option<Legacy>,
        limits: &Limits,
        warnings: &mut Vec<Warning>,
    ) -> Result<Self, Error> {
        let mut pos = 0usize;
        loop {
            let Some(&clxt) = clx.get(pos) else {
                return Err(Error::Truncated {
                    what: "Clx (no Pcdt)",
                    offset: pos as u64,
                });
            };
            match clxt {
                // Prc: clxt, cbGrpprl (i16), GrpPrl (MS-DOC 2.9.209).
                0x01 => {
                    let cb = u16_at(clx, pos + 1).ok_or(Error::Truncated {
                        what: "Prc",
                        offset: pos as u64,
                    })?;
                    let cb = usize::from(cb).min(0x3FA2);
                    pos += 3 + cb;
                }
                // Pcdt: clxt, lcb, PlcPcd (MS-DOC 2.9.178).
                0x02 => {
                    let lcb = u32_at(clx, pos + 1).ok_or(Error::Truncated {
                        what: "Pcdt",
                        offset: pos as u64,
                    })?;
                    let start = pos + 5;
                    let avail = clx.len().saturating_sub(start);
                    let lcb = usize::try_from(lcb).unwrap_or(usize::MAX);
                    if lcb > avail {
                        warnings.push(Warning::new(
                            WarningKind::Structure,
                            format!("PlcPcd claims {lcb} bytes, {avail} present"),
                            None,
                        ));
                    }
                    let plc = clx.get(start..start + lcb.min(avail)).unwrap_or(&[]);
                    return Self::parse_plc_pcd(plc, legacy, limits, warnings);
                }
                other => {
                    return Err(Error::Corrupt(format!(
                        "Clx entry type {other:#04x} at offset {pos}"
                    )));
                }
            }
        }
    }

    /// `PlcPcd`: n+1 CPs then n 8-byte `Pcd`s.
    fn parse_plc_pcd(
        plc: &[u8],
        legacy: Option<Legacy>,
        limits: &Limits,
        warnings: &mut Vec<Warning>,
    ) -> Result<Self, Error> {
        if plc.len() < 16 {
            return Err(Error::Truncated {
                what: "PlcPcd",
                offset: 0,
            });
        }
        let n = (plc.len() - 4) / 12;
        if n > limits.max_pieces {
            return Err(Error::LimitExceeded {
                what: "pieces",
                value: n as u64,
                limit: limits.max_pieces as u64,
            });
        }
        let pcd_base = (n + 1) * 4;
        let mut pieces = Vec::with_capacity(n);
        for i in 0..n {
            let (Some(cp_start), Some(cp_end), Some(fc)) = (
                u32_at(plc, i * 4),
                u32_at(plc, i * 4 + 4),
                u32_at(plc, pcd_base + i * 8 + 2),
            ) else {
                break;
            };
            if cp_end < cp_start || pieces.last().is_some_and(|p: &Piece| p.cp_end > cp_start) {
                warnings.push(Warning::new(
                    WarningKind::Structure,
                    format!(
                        "piece {i} has CPs {cp_start}..{cp_end} out of order; piece table cut there"
                    ),
                    None,
                ));
                break;
            }
            let (byte_offset, is_8bit) = if let Some(l) = legacy {
                (fc, l == Legacy::Bytes)
            } else if fc & 0x4000_0000 != 0 {
                ((fc & 0x3FFF_FFFF) / 2, true)
            } else {
                (fc & 0x3FFF_FFFF, false)
            };
            pieces.push(Piece {
                cp_start,
                cp_end,
                byte_offset,
                is_8bit,
                fc,
            });
        }
        Ok(PieceTable { pieces })
    }

    /// A table of one piece: `count` characters at `byte_offset`
    /// (Word 6/95 files saved without fast save have no CLX).
    pub(crate) fn single(byte_offset: u32, count: u32, is_8bit: bool) -> Self {
        PieceTable {
            pieces: vec![Piece {
                cp_start: 0,
                cp_end: count,
                byte_offset,
                is_8bit,
                fc: byte_offset,
            }],
        }
    }

    /// The pieces in CP order.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Builds a CLX with one Prc and the given pieces (cp ranges and raw fc).
    pub(crate) fn clx(pieces: &[(u32, u32, u32)]) -> Vec<u8> {
        let mut b = vec![0x01, 3, 0, 0x55, 0x08, 0x01];
        let mut plc = Vec::new();
        for p in pieces {
            plc.extend_from_slice(&p.0.to_le_bytes());
        }
        if let Some(last) = pieces.last() {
            plc.extend_from_slice(&last.1.to_le_bytes());
        }
        for p in pieces {
            plc.extend_from_slice(&0u16.to_le_bytes());
            plc.extend_from_slice(&p.2.to_le_bytes());
            plc.extend_from_slice(&0u16.to_le_bytes());
        }
        b.push(0x02);
        b.extend_from_slice(&(plc.len() as u32).to_le_bytes());
        b.extend_from_slice(&plc);
        b
    }

    #[test]
    fn skips_prc_and_reads_compressed_and_unicode_pieces() {
        let bytes = clx(&[(0, 10, 0x4000_0000 | 0x800), (10, 15, 0x600)]);
        let mut w = Vec::new();
        let t = PieceTable::parse(&bytes, None, &Limits::default(), &mut w).unwrap();
        assert_eq!(t.pieces().len(), 2);
        assert_eq!(t.pieces()[0].byte_offset, 0x400);
        assert!(t.pieces()[0].is_8bit);
        assert_eq!(t.pieces()[1].byte_offset, 0x600);
        assert_eq!(t.pieces()[1].char_size(), 2);
        assert!(w.is_empty());
    }

    #[test]
    fn word6_fc_is_a_plain_byte_offset() {
        let bytes = clx(&[(0, 3, 0x4000_0300)]);
        let t = PieceTable::parse(
            &bytes,
            Some(Legacy::Bytes),
            &Limits::default(),
            &mut Vec::new(),
        )
        .unwrap();
        assert_eq!(t.pieces()[0].byte_offset, 0x4000_0300);
        assert!(t.pieces()[0].is_8bit);
        let t = PieceTable::parse(
            &bytes,
            Some(Legacy::Utf16),
            &Limits::default(),
            &mut Vec::new(),
        )
        .unwrap();
        assert!(!t.pieces()[0].is_8bit);
    }

    #[test]
    fn damaged_clx_is_a_typed_error_or_a_cut_table() {
        assert!(matches!(
            PieceTable::parse(&[0x01, 0xFF], None, &Limits::default(), &mut Vec::new()),
            Err(Error::Truncated { .. })
        ));
        assert!(matches!(
            PieceTable::parse(&[0x07], None, &Limits::default(), &mut Vec::new()),
            Err(Error::Corrupt(_))
        ));
        let bytes = clx(&[(0, 10, 0), (20, 12, 0)]);
        let mut w = Vec::new();
        let t = PieceTable::parse(&bytes, None, &Limits::default(), &mut w).unwrap();
        assert_eq!(t.pieces().len(), 1);
        assert_eq!(w.len(), 1);
    }
}
