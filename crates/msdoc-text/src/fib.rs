//! The File Information Block (MS-DOC 2.5.1 `Fib`; Word 6/95 FIB for `nFib` 101–105).

use crate::bytes::{u16_at, u32_at};
use crate::{Error, Story, Warning, WarningKind};

/// Which generation of the binary Word format a document uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Version {
    /// Word 6.0 or Word 95 (`nFib` 101–105): 8-bit text in a code page,
    /// everything in the WordDocument stream.
    Word6,
    /// Word 97 to 2003 and later binary writers (`nFib` ≥ 106): a table
    /// stream, compressed and UTF-16 pieces.
    Word97,
}

/// An (fc, lcb) pair: where a structure lives in the table stream and its size.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct FcLcb {
    pub fc: u32,
    pub lcb: u32,
}

/// The parts of the FIB this crate uses.
#[derive(Debug, Clone)]
pub struct Fib {
    n_fib: u16,
    lid: u16,
    flags: u16,
    version: Version,
    /// `ccpText, ccpFtn, ccpHdd, ccpMcr, ccpAtn, ccpEdn, ccpTxbx, ccpHdrTxbx`.
    ccp: [u32; 8],
    pub(crate) fc_min: u32,
    pub(crate) clx: FcLcb,
    pub(crate) bte_chpx: FcLcb,
    pub(crate) bte_papx: FcLcb,
    pub(crate) sttbf_ffn: FcLcb,
    pub(crate) plf_lst: FcLcb,
    pub(crate) plf_lfo: FcLcb,
    /// The stylesheet (`fcStshf`/`lcbStshf`, Word 97 only).
    pub(crate) stshf: FcLcb,
    /// The PLCs that split stories and anchor pictures (Word 97 only).
    pub(crate) plcs: StoryPlcs,
    /// `fcMac` (FibBase): where the text ends, used only to salvage a
    /// document whose CLX is lost.
    pub(crate) fc_mac: u32,
}

/// Where the structures that split the stories into parts live in the table
/// stream (`FibRgFcLcb97`, MS-DOC 2.5.6).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct StoryPlcs {
    pub plcffnd_ref: FcLcb,
    pub plcffnd_txt: FcLcb,
    pub plcfand_ref: FcLcb,
    pub plcfand_txt: FcLcb,
    pub plcf_hdd: FcLcb,
    pub grp_xst_atn_owners: FcLcb,
    pub plcfend_ref: FcLcb,
    pub plcfend_txt: FcLcb,
    pub dgg_info: FcLcb,
    pub plcftxbx_txt: FcLcb,
    pub plcf_hdrtxbx_txt: FcLcb,
}

// FibBase flag bits (MS-DOC 2.5.2).
const F_COMPLEX: u16 = 0x0004;
const F_ENCRYPTED: u16 = 0x0100;
const F_WHICH_TBL_STM: u16 = 0x0200;
const F_EXT_CHAR: u16 = 0x1000;
const F_OBFUSCATED: u16 = 0x8000;

/// Index of the pairs we read in `FibRgFcLcb97` (MS-DOC 2.5.6).
const IDX_STSHF: usize = 1;
const IDX_STTBF_FFN: usize = 15;
const IDX_BTE_CHPX: usize = 12;
const IDX_BTE_PAPX: usize = 13;
const IDX_CLX: usize = 33;
const IDX_PLF_LST: usize = 73;
const IDX_PLF_LFO: usize = 74;
const IDX_PLCFFND_REF: usize = 2;
const IDX_PLCFFND_TXT: usize = 3;
const IDX_PLCFAND_REF: usize = 4;
const IDX_PLCFAND_TXT: usize = 5;
const IDX_PLCF_HDD: usize = 11;
const IDX_GRP_XST_ATN_OWNERS: usize = 36;
const IDX_PLCFEND_REF: usize = 46;
const IDX_PLCFEND_TXT: usize = 47;
const IDX_DGG_INFO: usize = 50;
const IDX_PLCFTXBX_TXT: usize = 56;
const IDX_PLCF_HDRTXBX_TXT: usize = 58;

impl Fib {
    /// Reads the FIB at the start of the WordDocument stream.
    ///
    /// Fails with [`Error::Encrypted`] when `fEncrypted` is set, before any
    /// other structure is trusted.
    pub(crate) fn parse(wd: &[u8], warnings: &mut Vec<Warning>) -> Result<Self, Error> {
        let truncated = |offset: usize| Error::Truncated {
            what: "FIB",
            offset: offset as u64,
        };
        let n_fib = u16_at(wd, 2).ok_or_else(|| truncated(wd.len()))?;
        let lid = u16_at(wd, 6).ok_or_else(|| truncated(wd.len()))?;
        let flags = u16_at(wd, 0x0A).ok_or_else(|| truncated(wd.len()))?;
        if flags & F_ENCRYPTED != 0 {
            return Err(Error::Encrypted);
        }
        let ident = u16_at(wd, 0).unwrap_or(0);
        if n_fib < 101 {
            return Err(Error::Unsupported(format!(
                "nFib {n_fib} (wIdent {ident:#06x}): Word 2 or older, or not a Word document"
            )));
        }
        if n_fib <= 105 {
            return Self::parse_word6(wd, n_fib, lid, flags);
        }
        // FibBase is 32 bytes; then csw + FibRgW97, cslw + FibRgLw97,
        // cbRgFcLcb + FibRgFcLcbBlob, cswNew + FibRgCswNew (MS-DOC 2.5.1).
        let csw = usize::from(u16_at(wd, 0x20).ok_or_else(|| truncated(0x20))?);
        let cslw_at = 0x22 + csw * 2;
        let cslw = usize::from(u16_at(wd, cslw_at).ok_or_else(|| truncated(cslw_at))?);
        let rglw = cslw_at + 2;
        let mut ccp = [0u32; 8];
        for (i, slot) in ccp.iter_mut().enumerate() {
            // ccpText is FibRgLw97 index 3; the eight counts are contiguous.
            let idx = 3 + i;
            if idx < cslw {
                *slot = u32_at(wd, rglw + idx * 4).ok_or_else(|| truncated(rglw + idx * 4))?;
            }
        }
        if cslw < 11 {
            warnings.push(Warning::new(
                WarningKind::Structure,
                format!("FibRgLw has {cslw} fields, expected 22"),
                None,
            ));
        }
        let cb_at = rglw + cslw * 4;
        let cb_rg = usize::from(u16_at(wd, cb_at).ok_or_else(|| truncated(cb_at))?);
        let blob = cb_at + 2;
        let pair = |i: usize| -> FcLcb {
            if i >= cb_rg {
                return FcLcb::default();
            }
            let at = blob + i * 8;
            match (u32_at(wd, at), u32_at(wd, at + 4)) {
                (Some(fc), Some(lcb)) => FcLcb { fc, lcb },
                _ => FcLcb::default(),
            }
        };
        // nFibNew in FibRgCswNew supersedes nFib when cswNew > 0.
        let csw_new_at = blob + cb_rg * 8;
        let n_fib = match u16_at(wd, csw_new_at) {
            Some(csw_new) if csw_new > 0 => u16_at(wd, csw_new_at + 2).unwrap_or(n_fib),
            _ => n_fib,
        };
        Ok(Fib {
            n_fib,
            lid,
            flags,
            version: Version::Word97,
            ccp,
            clx: pair(IDX_CLX),
            bte_chpx: pair(IDX_BTE_CHPX),
            bte_papx: pair(IDX_BTE_PAPX),
            sttbf_ffn: pair(IDX_STTBF_FFN),
            plf_lst: pair(IDX_PLF_LST),
            plf_lfo: pair(IDX_PLF_LFO),
            stshf: pair(IDX_STSHF),
            plcs: StoryPlcs {
                plcffnd_ref: pair(IDX_PLCFFND_REF),
                plcffnd_txt: pair(IDX_PLCFFND_TXT),
                plcfand_ref: pair(IDX_PLCFAND_REF),
                plcfand_txt: pair(IDX_PLCFAND_TXT),
                plcf_hdd: pair(IDX_PLCF_HDD),
                grp_xst_atn_owners: pair(IDX_GRP_XST_ATN_OWNERS),
                plcfend_ref: pair(IDX_PLCFEND_REF),
                plcfend_txt: pair(IDX_PLCFEND_TXT),
                dgg_info: pair(IDX_DGG_INFO),
                plcftxbx_txt: pair(IDX_PLCFTXBX_TXT),
                plcf_hdrtxbx_txt: pair(IDX_PLCF_HDRTXBX_TXT),
            },
            fc_min: u32_at(wd, 0x18).unwrap_or(0),
            fc_mac: u32_at(wd, 0x1C).unwrap_or(0),
        })
    }

    /// The fixed-layout Word 6/95 FIB (everything in the WordDocument stream).
    fn parse_word6(wd: &[u8], n_fib: u16, lid: u16, flags: u16) -> Result<Self, Error> {
        let truncated = |offset: usize| Error::Truncated {
            what: "Word 6 FIB",
            offset: offset as u64,
        };
        let fc_min = u32_at(wd, 0x18).ok_or_else(|| truncated(0x18))?;
        let mut ccp = [0u32; 8];
        for (i, slot) in ccp.iter_mut().enumerate() {
            let at = 0x34 + i * 4;
            *slot = u32_at(wd, at).ok_or_else(|| truncated(at))?;
        }
        let pair = |at: usize| FcLcb {
            fc: u32_at(wd, at).unwrap_or(0),
            lcb: u32_at(wd, at + 4).unwrap_or(0),
        };
        Ok(Fib {
            n_fib,
            lid,
            flags,
            version: Version::Word6,
            ccp,
            fc_min,
            clx: pair(0x160),
            bte_chpx: pair(0xB8),
            bte_papx: pair(0xC0),
            sttbf_ffn: pair(0xD0),
            plf_lst: FcLcb::default(),
            plf_lfo: FcLcb::default(),
            stshf: FcLcb::default(),
            plcs: StoryPlcs::default(),
            fc_mac: u32_at(wd, 0x1C).unwrap_or(0),
        })
    }

    /// `nFib`, or `nFibNew` when the FIB carries one.
    pub fn n_fib(&self) -> u16 {
        self.n_fib
    }

    /// The language id of the document (`lid`).
    pub fn lid(&self) -> u16 {
        self.lid
    }

    /// The format generation.
    pub fn version(&self) -> Version {
        self.version
    }

    /// `fComplex`: the last save was a fast save. Informational only — the
    /// piece table is used whatever this says.
    pub fn is_complex(&self) -> bool {
        self.flags & F_COMPLEX != 0
    }

    /// `fExtChar`: in a Word 6/95 file, the text is UTF-16 rather than
    /// 8-bit (always set in Word 97 files, where it means nothing more).
    pub fn is_ext_char(&self) -> bool {
        self.flags & F_EXT_CHAR != 0
    }

    /// `fObfuscated`: XOR obfuscation rather than RC4 (only meaningful
    /// when encrypted, which [`crate::WordDocument::parse`] refuses).
    pub fn is_obfuscated(&self) -> bool {
        self.flags & F_OBFUSCATED != 0
    }

    /// The name of the table stream (`fWhichTblStm`); Word 6/95 has none.
    pub fn table_stream(&self) -> Option<&'static str> {
        match self.version {
            Version::Word6 => None,
            Version::Word97 if self.flags & F_WHICH_TBL_STM != 0 => Some("1Table"),
            Version::Word97 => Some("0Table"),
        }
    }

    /// The character count of a story (`ccpText`, `ccpFtn`, …).
    pub fn ccp(&self, story: Story) -> u32 {
        self.ccp.get(story as usize).copied().unwrap_or(0)
    }

    /// All CPs of all stories: the sum of the counts, plus the final
    /// paragraph mark present when any story besides the main one exists.
    pub(crate) fn total_cp(&self) -> u64 {
        let sum: u64 = self.ccp.iter().map(|&c| u64::from(c)).sum();
        if sum > u64::from(self.ccp[0]) {
            sum + 1
        } else {
            sum
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal Word 97 FIB with the given flags and ccpText.
    pub(crate) fn fib97(flags: u16, ccp_text: u32) -> Vec<u8> {
        let mut b = vec![0u8; 0x20];
        b[0..2].copy_from_slice(&0xA5ECu16.to_le_bytes());
        b[2..4].copy_from_slice(&0x00C1u16.to_le_bytes());
        b[0x0A..0x0C].copy_from_slice(&flags.to_le_bytes());
        b.extend_from_slice(&14u16.to_le_bytes());
        b.extend_from_slice(&[0u8; 28]);
        b.extend_from_slice(&22u16.to_le_bytes());
        let mut lw = [0u32; 22];
        lw[3] = ccp_text;
        lw[4] = 5; // ccpFtn
        for v in lw {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(&0x5Du16.to_le_bytes());
        let mut pairs = vec![0u32; 0x5D * 2];
        pairs[IDX_CLX * 2] = 0x1234;
        pairs[IDX_CLX * 2 + 1] = 21;
        for v in pairs {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(&2u16.to_le_bytes());
        b.extend_from_slice(&0x0112u16.to_le_bytes());
        b.extend_from_slice(&0u16.to_le_bytes());
        b
    }

    #[test]
    fn reads_word97_fib_with_nfibnew_and_table_choice() {
        let mut w = Vec::new();
        let fib = Fib::parse(&fib97(F_WHICH_TBL_STM | F_COMPLEX, 42), &mut w).unwrap();
        assert_eq!(fib.version(), Version::Word97);
        assert_eq!(fib.n_fib(), 0x0112);
        assert_eq!(fib.ccp(Story::Main), 42);
        assert_eq!(fib.ccp(Story::Footnote), 5);
        assert_eq!(fib.total_cp(), 48);
        assert_eq!(
            fib.clx,
            FcLcb {
                fc: 0x1234,
                lcb: 21
            }
        );
        assert_eq!(fib.table_stream(), Some("1Table"));
        assert!(fib.is_complex());
        assert!(w.is_empty());
    }

    #[test]
    fn encrypted_flag_is_an_error_before_anything_else() {
        let mut bytes = fib97(F_ENCRYPTED, 1);
        bytes.truncate(0x0C);
        assert_eq!(
            Fib::parse(&bytes, &mut Vec::new()).unwrap_err(),
            Error::Encrypted
        );
    }

    #[test]
    fn truncated_and_old_fibs_are_typed_errors() {
        let bytes = fib97(0, 1);
        assert!(matches!(
            Fib::parse(&bytes[..0x30], &mut Vec::new()),
            Err(Error::Truncated { what: "FIB", .. })
        ));
        let mut old = bytes.clone();
        old[2..4].copy_from_slice(&45u16.to_le_bytes());
        assert!(matches!(
            Fib::parse(&old, &mut Vec::new()),
            Err(Error::Unsupported(_))
        ));
    }

    #[test]
    fn reads_word6_fib_fixed_offsets() {
        let mut b = vec![0u8; 0x200];
        b[2..4].copy_from_slice(&0x65u16.to_le_bytes());
        b[6..8].copy_from_slice(&0x0411u16.to_le_bytes());
        b[0x18..0x1C].copy_from_slice(&0x300u32.to_le_bytes());
        b[0x34..0x38].copy_from_slice(&7u32.to_le_bytes());
        b[0x160..0x164].copy_from_slice(&0x400u32.to_le_bytes());
        b[0x164..0x168].copy_from_slice(&17u32.to_le_bytes());
        let fib = Fib::parse(&b, &mut Vec::new()).unwrap();
        assert_eq!(fib.version(), Version::Word6);
        assert_eq!(fib.table_stream(), None);
        assert_eq!(fib.lid(), 0x0411);
        assert_eq!(fib.fc_min, 0x300);
        assert_eq!(fib.ccp(Story::Main), 7);
        assert_eq!(fib.clx, FcLcb { fc: 0x400, lcb: 17 });
    }
}
