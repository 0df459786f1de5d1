//! List numbering: `PlfLst` with its `LVL`s and `PlfLfo` (MS-DOC 2.9.183
//! `PlfLst`, 2.9.150 `LVL`, 2.9.151 `LVLF`, 2.9.182 `PlfLfo`, 2.9.131 `LFO`),
//! reduced to what renders a paragraph's number or bullet.
//! LFO level overrides (`LFOLVL`) are not applied.

use std::collections::HashMap;

use crate::bytes::{slice_at, u16_at, u32_at};

/// One level of a list: start value, number format, level text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Level {
    start: i32,
    nfc: u8,
    /// `xst`: literal UTF-16 with placeholders 0–8 for the levels' numbers.
    text: Vec<u16>,
    /// `ixchFollow`: 0 tab, 1 space, 2 nothing.
    follow: u8,
}

/// The lists of a document and the running counters.
#[derive(Debug, Clone, Default)]
pub(crate) struct Numbering {
    /// lsid → levels.
    lists: HashMap<i32, Vec<Level>>,
    /// ilfo − 1 → lsid.
    lfo: Vec<i32>,
    /// lsid → current counter of each level (`None` before first use).
    counters: HashMap<i32, [Option<i32>; 9]>,
}

impl Numbering {
    /// Reads `PlfLst` (and the LVLs right after it) and `PlfLfo` from the table stream.
    pub fn parse(table: &[u8], plf_lst: (u32, u32), plf_lfo: (u32, u32)) -> Option<Self> {
        let mut n = Numbering::default();
        let base = plf_lst.0 as usize;
        if plf_lst.1 < 2 {
            return None;
        }
        let c_lst = usize::from(u16_at(table, base)?).min(4096);
        let mut lvl_at = base.checked_add(2 + c_lst * 28)?;
        for i in 0..c_lst {
            let lstf = slice_at(table, base + 2 + i * 28, 28)?;
            let lsid = u32_at(lstf, 0)? as i32;
            let simple = lstf.get(26).copied()? & 1 != 0;
            let count = if simple { 1 } else { 9 };
            let mut levels = Vec::with_capacity(count);
            for _ in 0..count {
                let lvlf = slice_at(table, lvl_at, 28)?;
                let start = u32_at(lvlf, 0)? as i32;
                let nfc = *lvlf.get(4)?;
                let follow = *lvlf.get(15)?;
                let cb_chpx = usize::from(*lvlf.get(24)?);
                let cb_papx = usize::from(*lvlf.get(25)?);
                let xst_at = lvl_at + 28 + cb_papx + cb_chpx;
                let cch = usize::from(u16_at(table, xst_at)?).min(255);
                let text: Vec<u16> = (0..cch)
                    .filter_map(|k| u16_at(table, xst_at + 2 + k * 2))
                    .collect();
                lvl_at = xst_at + 2 + cch * 2;
                levels.push(Level {
                    start,
                    nfc,
                    text,
                    follow,
                });
            }
            n.lists.insert(lsid, levels);
        }
        let lfo_base = plf_lfo.0 as usize;
        if plf_lfo.1 >= 4 {
            let lfo_mac = (u32_at(table, lfo_base).unwrap_or(0) as usize).min(4096);
            for i in 0..lfo_mac {
                match u32_at(table, lfo_base + 4 + i * 16) {
                    Some(lsid) => n.lfo.push(lsid as i32),
                    None => break,
                }
            }
        }
        Some(n)
    }

    /// The number format (`nfc`) of level `ilvl` of list `ilfo`.
    pub fn nfc(&self, ilfo: u16, ilvl: u8) -> Option<u8> {
        let lsid = *self.lfo.get(usize::from(ilfo).checked_sub(1)?)?;
        let levels = self.lists.get(&lsid)?;
        let ilvl = usize::from(ilvl).min(levels.len().saturating_sub(1));
        levels.get(ilvl).map(|l| l.nfc)
    }

    /// The label of the next paragraph in list `ilfo` at level `ilvl`,
    /// advancing the counters; `None` when the list is unknown.
    pub fn label(&mut self, ilfo: u16, ilvl: u8) -> Option<Vec<u16>> {
        let lsid = *self.lfo.get(usize::from(ilfo).checked_sub(1)?)?;
        let levels = self.lists.get(&lsid)?;
        let ilvl = usize::from(ilvl).min(levels.len().saturating_sub(1));
        let level = levels.get(ilvl)?;
        let counters = self.counters.entry(lsid).or_insert([None; 9]);
        let next = match counters.get(ilvl).copied().flatten() {
            Some(v) => v.saturating_add(1),
            None => level.start,
        };
        if let Some(c) = counters.get_mut(ilvl) {
            *c = Some(next);
        }
        for deeper in counters.iter_mut().skip(ilvl + 1) {
            *deeper = None;
        }
        let mut out = Vec::new();
        for &u in &level.text {
            if u < 9 {
                let l = usize::from(u);
                let value = counters
                    .get(l)
                    .copied()
                    .flatten()
                    .unwrap_or_else(|| levels.get(l).map_or(1, |x| x.start));
                let nfc = levels.get(l).map_or(0, |x| x.nfc);
                out.extend(format_number(value, nfc).encode_utf16());
            } else {
                out.push(u);
            }
        }
        match level.follow {
            0 => out.push(u16::from(b'\t')),
            1 => out.push(u16::from(b' ')),
            _ => {}
        }
        Some(out)
    }
}

/// A number in a list number format (`nfc`, MS-DOC 2.9.156 `MSONFC`).
fn format_number(v: i32, nfc: u8) -> String {
    doc_model::NumberFormat::from_nfc(nfc).format(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table stream with one 9-level list (decimal "%1." then lower letter "%2)")
    /// and one LFO pointing at it.
    fn table() -> (Vec<u8>, (u32, u32), (u32, u32)) {
        let mut t = Vec::new();
        t.extend_from_slice(&1u16.to_le_bytes());
        let mut lstf = vec![0u8; 28];
        lstf[0..4].copy_from_slice(&77u32.to_le_bytes());
        t.extend_from_slice(&lstf);
        let lst_len = t.len() as u32;
        for lvl in 0..9u16 {
            let mut lvlf = vec![0u8; 28];
            lvlf[0..4].copy_from_slice(&1u32.to_le_bytes());
            lvlf[4] = if lvl == 1 { 4 } else { 0 };
            lvlf[15] = 0;
            t.extend_from_slice(&lvlf);
            let text: Vec<u16> = if lvl == 1 {
                vec![1, u16::from(b')')]
            } else {
                vec![lvl, u16::from(b'.')]
            };
            t.extend_from_slice(&(text.len() as u16).to_le_bytes());
            for u in text {
                t.extend_from_slice(&u.to_le_bytes());
            }
        }
        let lfo_at = t.len() as u32;
        t.extend_from_slice(&1u32.to_le_bytes());
        let mut lfo = vec![0u8; 16];
        lfo[0..4].copy_from_slice(&77u32.to_le_bytes());
        t.extend_from_slice(&lfo);
        (t, (0, lst_len), (lfo_at, 20))
    }

    #[test]
    fn numbers_count_per_level_and_restart_deeper_levels() {
        let (t, lst, lfo) = table();
        let mut n = Numbering::parse(&t, lst, lfo).unwrap();
        let label = |n: &mut Numbering, lvl| String::from_utf16(&n.label(1, lvl).unwrap()).unwrap();
        assert_eq!(label(&mut n, 0), "1.\t");
        assert_eq!(label(&mut n, 1), "a)\t");
        assert_eq!(label(&mut n, 1), "b)\t");
        assert_eq!(label(&mut n, 0), "2.\t");
        assert_eq!(label(&mut n, 1), "a)\t");
        assert_eq!(n.label(2, 0), None);
        assert!(Numbering::parse(&t[..40], lst, lfo).is_none());
    }

    #[test]
    fn number_formats() {
        assert_eq!(format_number(14, 1), "XIV");
        assert_eq!(format_number(4, 2), "iv");
        assert_eq!(format_number(28, 3), "BB");
        assert_eq!(format_number(3, 22), "03");
        assert_eq!(format_number(3, 23), "");
        assert_eq!(format_number(-1, 1), "-1");
    }
}
