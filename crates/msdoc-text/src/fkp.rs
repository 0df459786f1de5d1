//! Formatted disk pages and their bin tables (MS-DOC 2.9.23 `PlcBteChpx`,
//! 2.9.24 `PlcBtePapx`, 2.9.35 `ChpxFkp`, 2.9.176 `PapxFkp`), reduced to the
//! few properties that change which text is emitted.

use crate::bytes::{slice_at, u16_at, u32_at};
use crate::pap::Pap;
use crate::{Limits, Warning, WarningKind};

/// Size of a formatted disk page.
const PAGE: usize = 512;

/// Character-property flags a text extractor needs.
pub(crate) mod chp {
    /// `fRMarkDel`: deleted under tracked changes.
    pub const DELETED: u8 = 0x01;
    /// `fVanish`: hidden text.
    pub const VANISH: u8 = 0x02;
    /// `fCaps`: displayed in capitals.
    pub const CAPS: u8 = 0x04;
    /// `fSpec`: a special character (anchor, reference, field mark).
    pub const SPEC: u8 = 0x08;
    /// `fOle2`: the character anchors an OLE object in the ObjectPool.
    pub const OLE2: u8 = 0x20;
    /// `sprmCSymbol`: a symbol-font character (shown as `(` with fSpec).
    pub const SYMBOL: u8 = 0x40;
    /// `sprmCPicLocation` is present (its value, in `Run::obj`, may be 0:
    /// the first picture of the `Data` stream).
    pub const PIC_LOCATION: u8 = 0x80;
}

/// Paragraph-property flag: `fTtp` or `fInnerTtp` (the paragraph is a table row end).
pub(crate) const PAP_TTP: u8 = 0x10;

// Sprm opcodes (MS-DOC 2.6.1, 2.6.2).
const SPRM_C_F_RMARK_DEL: u16 = 0x0800;
const SPRM_C_F_VANISH: u16 = 0x083C;
const SPRM_C_F_CAPS: u16 = 0x083B;
const SPRM_C_F_SPEC: u16 = 0x0855;
const SPRM_C_F_OLE2: u16 = 0x080A;
const SPRM_C_PIC_LOCATION: u16 = 0x6A03;
const SPRM_C_F_DATA: u16 = 0x0806;
const SPRM_C_F_OBJ: u16 = 0x085A;
const SPRM_C_SYMBOL: u16 = 0x6A09;
const SPRM_P_F_TTP: u16 = 0x2417;
const SPRM_P_F_INNER_TTP: u16 = 0x244C;
use crate::pap::SPRM_P_HUGE_PAPX;
const SPRM_P_ILFO: u16 = 0x460B;
const SPRM_P_ILVL: u16 = 0x260A;
const SPRM_T_DEF_TABLE: u16 = crate::pap::SPRM_T_DEF_TABLE;
const SPRM_T_DEF_TABLE10: u16 = 0xD606;
const SPRM_P_CHG_TABS: u16 = 0xC615;

/// A run of file positions `[start, end)` sharing property flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Run {
    pub start: u32,
    pub end: u32,
    pub flags: u8,
    /// `sprmCPicLocation`: for an OLE object, its ObjectPool storage number.
    pub obj: u32,
    /// PAPX only: `sprmPIlfo` (1-based list format override) and `sprmPIlvl`.
    pub list: Option<(u16, u8)>,
    /// PAPX only: the index of the paragraph's [`Pap`] in [`Runs::pap`]
    /// ([`NO_PAP`] for none).
    pub pap: u32,
}

/// [`Run::pap`] of a run without paragraph properties.
pub(crate) const NO_PAP: u32 = u32::MAX;

/// Runs sorted by start, with a one-entry cache for sequential lookups.
#[derive(Debug, Default)]
pub(crate) struct Runs {
    runs: Vec<Run>,
    last: usize,
    /// The paragraph properties the PAPX runs name.
    paps: Vec<Pap>,
}

impl Runs {
    /// Flags of the run containing `fc`, 0 when none does.
    pub fn lookup(&mut self, fc: u32) -> u8 {
        self.find(fc).map_or(0, |r| r.flags)
    }

    /// The run containing `fc`.
    pub fn find(&mut self, fc: u32) -> Option<Run> {
        if let Some(r) = self.runs.get(self.last)
            && r.start <= fc
            && fc < r.end
        {
            return Some(*r);
        }
        let idx = self.runs.partition_point(|r| r.start <= fc);
        let r = *self.runs.get(idx.checked_sub(1)?)?;
        if fc < r.end {
            self.last = idx - 1;
            Some(r)
        } else {
            None
        }
    }

    /// The start of the first run after `fc`, when `fc` is in none.
    pub fn next_start(&self, fc: u32) -> Option<u32> {
        let idx = self.runs.partition_point(|r| r.start <= fc);
        self.runs.get(idx).map(|r| r.start)
    }

    /// The paragraph properties of index `i` ([`Run::pap`]).
    pub fn pap(&self, i: u32) -> Option<&Pap> {
        self.paps.get(i as usize)
    }

    /// Number of runs.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.runs.len()
    }
}

/// Which kind of FKP a bin table points to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Chpx,
    Papx,
}

/// Reads a bin table and all the FKPs it names, returning the runs whose
/// flags are non-zero. Damage becomes warnings.
pub(crate) fn read_runs(
    kind: Kind,
    plc: &[u8],
    word_document: &[u8],
    data: Option<&[u8]>,
    limits: &Limits,
    warnings: &mut Vec<Warning>,
) -> Runs {
    let name = match kind {
        Kind::Chpx => "PlcBteChpx",
        Kind::Papx => "PlcBtePapx",
    };
    if plc.len() < 12 {
        return Runs::default();
    }
    let n = (plc.len() - 4) / 8;
    let max_pages = word_document.len() / PAGE + 1;
    if n > max_pages.min(limits.max_fkp_pages) {
        warnings.push(Warning::new(
            WarningKind::Formatting,
            format!("{name} names {n} pages, the stream holds {max_pages}; formatting ignored"),
            None,
        ));
        return Runs::default();
    }
    let mut runs = Vec::new();
    let mut paps = Vec::new();
    let mut bad_pages = 0usize;
    let mut doubled_pages = 0usize;
    for i in 0..n {
        let Some(pn) = u32_at(plc, (n + 1) * 4 + i * 4) else {
            break;
        };
        let pn = (pn & 0x003F_FFFF) as usize;
        let Some(page) = pn
            .checked_mul(PAGE)
            .and_then(|off| slice_at(word_document, off, PAGE))
        else {
            bad_pages += 1;
            continue;
        };
        let first = runs.len();
        let ok = match kind {
            Kind::Chpx => chpx_fkp(page, &mut runs),
            Kind::Papx => papx_fkp(page, data, &mut runs, &mut paps),
        };
        if !ok {
            bad_pages += 1;
        }
        // Some writers store an FKP's FCs doubled (the compressed-piece
        // convention applied to UTF-16 text): the page then starts at twice
        // the FC its bin-table entry names. Halve them back.
        let bte_fc = u32_at(plc, i * 4);
        let page_fc = u32_at(page, 0);
        if let (Some(b), Some(p)) = (bte_fc, page_fc)
            && b != 0
            && p != b
            && b.checked_mul(2) == Some(p)
        {
            doubled_pages += 1;
            for r in runs.get_mut(first..).unwrap_or_default() {
                r.start /= 2;
                r.end /= 2;
            }
        }
    }
    if bad_pages > 0 {
        warnings.push(Warning::new(
            WarningKind::Formatting,
            format!("{bad_pages} unreadable {name} pages"),
            None,
        ));
    }
    if doubled_pages > 0 {
        warnings.push(Warning::new(
            WarningKind::Formatting,
            format!(
                "{doubled_pages} {name} pages store doubled FCs; halved to match the bin table"
            ),
            None,
        ));
    }
    runs.sort_by_key(|r| r.start);
    Runs {
        runs,
        last: 0,
        paps,
    }
}

/// `ChpxFkp`: crun, rgfc[crun+1], rgb[crun] word offsets to `Chpx` (cb, grpprl).
fn chpx_fkp(page: &[u8], runs: &mut Vec<Run>) -> bool {
    let Some(&crun) = page.get(PAGE - 1) else {
        return false;
    };
    let crun = usize::from(crun);
    if crun == 0 || (crun + 1) * 4 + crun > PAGE - 1 {
        return false;
    }
    for i in 0..crun {
        let (Some(start), Some(end), Some(&rgb)) = (
            u32_at(page, i * 4),
            u32_at(page, i * 4 + 4),
            page.get((crun + 1) * 4 + i),
        ) else {
            return false;
        };
        if rgb == 0 {
            continue;
        }
        let off = usize::from(rgb) * 2;
        let Some(&cb) = page.get(off) else { continue };
        let Some(grpprl) = slice_at(page, off + 1, usize::from(cb)) else {
            continue;
        };
        let (flags, obj) = chp_flags(grpprl);
        if flags != 0 && start < end {
            runs.push(Run {
                start,
                end,
                flags,
                obj,
                list: None,
                pap: NO_PAP,
            });
        }
    }
    true
}

/// `PapxFkp`: cpara, rgfc[cpara+1], rgbx[cpara] (13-byte `BxPap`), `PapxInFkp`s.
fn papx_fkp(page: &[u8], data: Option<&[u8]>, runs: &mut Vec<Run>, paps: &mut Vec<Pap>) -> bool {
    let Some(&cpara) = page.get(PAGE - 1) else {
        return false;
    };
    let cpara = usize::from(cpara);
    if cpara == 0 || (cpara + 1) * 4 + cpara * 13 > PAGE - 1 {
        return false;
    }
    for i in 0..cpara {
        let (Some(start), Some(end), Some(&b_offset)) = (
            u32_at(page, i * 4),
            u32_at(page, i * 4 + 4),
            page.get((cpara + 1) * 4 + i * 13),
        ) else {
            return false;
        };
        if b_offset == 0 {
            continue;
        }
        let off = usize::from(b_offset) * 2;
        let Some(&cb) = page.get(off) else { continue };
        // PapxInFkp: cb != 0 → 2*cb-1 bytes follow; cb == 0 → cb' then 2*cb' bytes.
        let grpprl_in_papx = if cb == 0 {
            page.get(off + 1)
                .and_then(|&cb2| slice_at(page, off + 2, usize::from(cb2) * 2))
        } else {
            slice_at(page, off + 1, usize::from(cb) * 2 - 1)
        };
        // GrpPrlAndIstd: istd (2 bytes) then the grpprl.
        let Some(grpprl) = grpprl_in_papx.and_then(|g| g.get(2..)) else {
            continue;
        };
        let (flags, list) = pap_flags(grpprl, data);
        let mut pap = Pap {
            istd: grpprl_in_papx.and_then(|g| u16_at(g, 0)).unwrap_or(0),
            ..Pap::default()
        };
        pap.apply(grpprl, data);
        let plain = pap.is_plain();
        if (flags != 0 || list.is_some() || !plain) && start < end {
            let index = if plain || paps.len() >= u32::MAX as usize {
                NO_PAP
            } else {
                paps.push(pap);
                (paps.len() - 1) as u32
            };
            runs.push(Run {
                start,
                end,
                flags,
                obj: 0,
                list,
                pap: index,
            });
        }
    }
    true
}

/// Whether a toggle operand switches the property on (1, or 0x81 "opposite of
/// the style", which for the usual off-by-default style means on).
fn toggle_on(operand: &[u8]) -> bool {
    matches!(operand.first(), Some(1 | 0x81))
}

/// Character flags set by a grpprl, and the object location if any.
fn chp_flags(grpprl: &[u8]) -> (u8, u32) {
    let mut flags = 0;
    let mut obj = 0;
    // fData (form field data) and fObj (an object's presentation) make the
    // location point at something that is no picture of the text.
    let mut not_a_picture = false;
    for (sprm, operand) in Sprms::new(grpprl) {
        let bit = match sprm {
            SPRM_C_F_DATA | SPRM_C_F_OBJ => {
                not_a_picture = toggle_on(operand);
                continue;
            }
            SPRM_C_PIC_LOCATION => {
                obj = u32_at(operand, 0).unwrap_or(0);
                flags |= chp::PIC_LOCATION;
                continue;
            }
            SPRM_C_F_OLE2 => chp::OLE2,
            SPRM_C_SYMBOL => {
                flags |= chp::SYMBOL;
                continue;
            }
            SPRM_C_F_RMARK_DEL => chp::DELETED,
            SPRM_C_F_VANISH => chp::VANISH,
            SPRM_C_F_CAPS => chp::CAPS,
            SPRM_C_F_SPEC => chp::SPEC,
            _ => continue,
        };
        // 0x81 means "the opposite of the style"; styles are not resolved, so
        // for hidden and deleted text it is taken as off (never lose text on
        // a guess), for capitals as on.
        let on = match bit {
            chp::VANISH | chp::DELETED => operand.first() == Some(&1),
            _ => toggle_on(operand),
        };
        if on {
            flags |= bit;
        } else {
            flags &= !bit;
        }
    }
    if not_a_picture {
        flags &= !chp::PIC_LOCATION;
    }
    (flags, obj)
}

/// Paragraph flags set by a grpprl, following `sprmPHugePapx` into the Data stream.
fn pap_flags(grpprl: &[u8], data: Option<&[u8]>) -> (u8, Option<(u16, u8)>) {
    let mut flags = 0;
    let (mut ilfo, mut ilvl) = (0u16, 0u8);
    for (sprm, operand) in Sprms::new(grpprl) {
        match sprm {
            SPRM_P_ILFO => ilfo = u16_at(operand, 0).unwrap_or(0),
            SPRM_P_ILVL => ilvl = operand.first().copied().unwrap_or(0),
            SPRM_P_F_TTP | SPRM_P_F_INNER_TTP if operand.first() == Some(&1) => flags |= PAP_TTP,
            SPRM_P_HUGE_PAPX => {
                let huge = huge_papx(operand, data);
                if let Some(huge) = huge {
                    for (s, op) in Sprms::new(huge) {
                        if matches!(s, SPRM_P_F_TTP | SPRM_P_F_INNER_TTP) && op.first() == Some(&1)
                        {
                            flags |= PAP_TTP;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    // ilfo 0 is "no list"; 0xF801 (-2047) marks a list removed by a revision.
    let list = (ilfo != 0 && ilfo < 0x07FF).then_some((ilfo, ilvl.min(8)));
    (flags, list)
}

/// Iterates the `Prl`s of a Word 97 grpprl (MS-DOC 2.6.1 `Sprm`: spra gives the operand size).
pub(crate) struct Sprms<'a> {
    b: &'a [u8],
    pos: usize,
}

impl<'a> Sprms<'a> {
    pub fn new(b: &'a [u8]) -> Self {
        Sprms { b, pos: 0 }
    }
}

impl<'a> Iterator for Sprms<'a> {
    type Item = (u16, &'a [u8]);

    fn next(&mut self) -> Option<Self::Item> {
        let sprm = u16_at(self.b, self.pos)?;
        let at = self.pos + 2;
        let (skip, len) = match sprm >> 13 {
            0 | 1 => (0, 1),
            2 | 4 | 5 => (0, 2),
            3 => (0, 4),
            7 => (0, 3),
            _ => match sprm {
                SPRM_T_DEF_TABLE | SPRM_T_DEF_TABLE10 => {
                    let cb = usize::from(u16_at(self.b, at)?);
                    (2, cb.saturating_sub(1))
                }
                SPRM_P_CHG_TABS if self.b.get(at) == Some(&255) => {
                    // PChgTabsDelClose (cTabs, 4 bytes each) then PChgTabsAdd (cTabs, 3 bytes each).
                    let del = usize::from(*self.b.get(at + 1)?);
                    let add_at = at + 2 + del * 4;
                    let add = usize::from(*self.b.get(add_at)?);
                    (1, 1 + del * 4 + 1 + add * 3)
                }
                _ => (1, usize::from(*self.b.get(at)?)),
            },
        };
        let operand = slice_at(self.b, at + skip, len)?;
        self.pos = at + skip + len;
        Some((sprm, operand))
    }
}

/// `sprmPHugePapx`'s grpprl: its operand is an offset into the Data
/// stream of a cb (u16) and the grpprl.
pub(crate) fn huge_papx<'d>(operand: &[u8], data: Option<&'d [u8]>) -> Option<&'d [u8]> {
    let fc = u32_at(operand, 0)? as usize;
    let data = data?;
    let cb = u16_at(data, fc)?;
    slice_at(data, fc + 2, usize::from(cb))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A CHPX FKP page with one run per (start, end, grpprl).
    pub(crate) fn chpx_page(runs: &[(u32, u32, &[u8])]) -> Vec<u8> {
        let mut page = vec![0u8; PAGE];
        let crun = runs.len();
        page[PAGE - 1] = crun as u8;
        let mut free = PAGE - 1;
        for (i, (start, end, grpprl)) in runs.iter().enumerate() {
            page[i * 4..i * 4 + 4].copy_from_slice(&start.to_le_bytes());
            page[i * 4 + 4..i * 4 + 8].copy_from_slice(&end.to_le_bytes());
            if grpprl.is_empty() {
                continue;
            }
            free = (free - grpprl.len() - 1) & !1;
            page[free] = grpprl.len() as u8;
            page[free + 1..free + 1 + grpprl.len()].copy_from_slice(grpprl);
            page[(crun + 1) * 4 + i] = (free / 2) as u8;
        }
        page
    }

    #[test]
    fn sprm_sizes_follow_spra() {
        let g = [
            0x00, 0x08, 0x01, // sprmCFRMarkDel 1
            0x4F, 0x4A, 0x16, 0x00, // sprmCHps (spra 2)
            0x08, 0xD6, 0x03, 0x00, 0xAA, 0xBB, // sprmTDefTable cb=3 → 2 bytes
            0x3C, 0x08, 0x81, // sprmCFVanish 0x81
        ];
        let got: Vec<(u16, usize)> = Sprms::new(&g).map(|(s, o)| (s, o.len())).collect();
        assert_eq!(
            got,
            vec![(0x0800, 1), (0x4A4F, 2), (0xD608, 2), (0x083C, 1)]
        );
        assert_eq!(chp_flags(&g), (chp::DELETED, 0));
        assert_eq!(
            chp_flags(&[0x3C, 0x08, 0x01, 0x3B, 0x08, 0x81]),
            (chp::VANISH | chp::CAPS, 0)
        );
        assert_eq!(
            chp_flags(&[0x0A, 0x08, 0x01, 0x03, 0x6A, 0x2A, 0, 0, 0]),
            (chp::OLE2 | chp::PIC_LOCATION, 42)
        );
        // A truncated operand ends the iteration instead of reading past the end.
        assert_eq!(Sprms::new(&[0x08, 0xD6, 0xFF, 0xFF, 0]).count(), 0);
    }

    #[test]
    fn chpx_pages_become_sorted_runs() {
        let page = chpx_page(&[(0x400, 0x410, &[0x3C, 0x08, 0x01]), (0x410, 0x420, &[])]);
        let mut wd = vec![0u8; PAGE];
        wd.extend_from_slice(&page);
        let mut plc = Vec::new();
        for v in [0x400u32, 0x420, 1] {
            plc.extend_from_slice(&v.to_le_bytes());
        }
        let mut w = Vec::new();
        let mut runs = read_runs(Kind::Chpx, &plc, &wd, None, &Limits::default(), &mut w);
        assert!(w.is_empty());
        assert_eq!(runs.len(), 1);
        assert_eq!(runs.lookup(0x400), chp::VANISH);
        assert_eq!(runs.lookup(0x40F), chp::VANISH);
        assert_eq!(runs.lookup(0x410), 0);
        assert_eq!(runs.lookup(0x3FF), 0);
    }

    #[test]
    fn papx_ttp_found_directly_and_through_huge_papx() {
        assert_eq!(pap_flags(&[0x17, 0x24, 0x01], None), (PAP_TTP, None));
        assert_eq!(
            pap_flags(&[0x0B, 0x46, 2, 0, 0x0A, 0x26, 1], None),
            (0, Some((2, 1)))
        );
        let mut data = vec![0u8; 8];
        data.extend_from_slice(&3u16.to_le_bytes());
        data.extend_from_slice(&[0x17, 0x24, 0x01]);
        assert_eq!(
            pap_flags(&[0x46, 0x66, 8, 0, 0, 0], Some(&data)),
            (PAP_TTP, None)
        );
        assert_eq!(
            pap_flags(&[0x46, 0x66, 200, 0, 0, 0], Some(&data)),
            (0, None)
        );
    }

    #[test]
    fn doubled_fkp_fcs_are_halved_to_match_the_bin_table() {
        let page = chpx_page(&[(0x800, 0x820, &[0x3C, 0x08, 0x01])]);
        let mut wd = vec![0u8; PAGE];
        wd.extend_from_slice(&page);
        let mut plc = Vec::new();
        for v in [0x400u32, 0x410, 1] {
            plc.extend_from_slice(&v.to_le_bytes());
        }
        let mut w = Vec::new();
        let mut runs = read_runs(Kind::Chpx, &plc, &wd, None, &Limits::default(), &mut w);
        assert_eq!(runs.lookup(0x400), chp::VANISH);
        assert_eq!(runs.lookup(0x800), 0);
        assert_eq!(w.len(), 1);
    }

    #[test]
    fn bad_pages_are_warnings() {
        let mut plc = Vec::new();
        for v in [0u32, 10, 7] {
            plc.extend_from_slice(&v.to_le_bytes());
        }
        let mut w = Vec::new();
        let runs = read_runs(
            Kind::Papx,
            &plc,
            &[0u8; 100],
            None,
            &Limits::default(),
            &mut w,
        );
        assert_eq!(runs.len(), 0);
        assert_eq!(w.len(), 1);
    }
}
