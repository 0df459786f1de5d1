//! Paragraph and table-row properties that carry structure (MS-DOC 2.6.2
//! paragraph sprms, 2.6.3 table sprms): the style (`istd`), the outline
//! level (`sprmPOutLvl`), the list (`sprmPIlfo`/`sprmPIlvl`), the table
//! marks (`sprmPFInTable`, `sprmPItap`, `sprmPFTtp`, `sprmPFInnerTtp`,
//! `sprmPFInnerTableCell`) and, on a row's end mark, the row's cells
//! (`sprmTDefTable`: 2.9.316 `TDefTableOperand`, 2.9.313 `TC80`, 2.9.328
//! `TCGRF`) and header flag (`sprmTTableHeader`).

use crate::bytes::{u16_at, u32_at};
use crate::fkp::{Sprms, huge_papx};

pub(crate) const SPRM_P_F_IN_TABLE: u16 = 0x2416;
pub(crate) const SPRM_P_F_TTP: u16 = 0x2417;
pub(crate) const SPRM_P_F_INNER_TABLE_CELL: u16 = 0x244B;
pub(crate) const SPRM_P_F_INNER_TTP: u16 = 0x244C;
pub(crate) const SPRM_P_ITAP: u16 = 0x6649;
pub(crate) const SPRM_P_DTAP: u16 = 0x664A;
pub(crate) const SPRM_P_HUGE_PAPX: u16 = 0x6646;
pub(crate) const SPRM_P_ILFO: u16 = 0x460B;
pub(crate) const SPRM_P_ILVL: u16 = 0x260A;
pub(crate) const SPRM_P_OUT_LVL: u16 = 0x2640;
pub(crate) const SPRM_T_DEF_TABLE: u16 = 0xD608;
pub(crate) const SPRM_T_TABLE_HEADER: u16 = 0x3404;

/// Most cells a row definition is read with (Word allows 63).
const MAX_CELLS: usize = 64;

/// One cell of a row definition (`TC80`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct CellDef {
    /// Left and right edges (`rgdxaCenter[i]`, `rgdxaCenter[i + 1]`), twips.
    pub left: i16,
    pub right: i16,
    /// `horzMerge` 2 or 3: merged into the cell on its left.
    pub merged: bool,
    /// `vertMerge` 1: continues the cell above (`fVertMerge` without `fVertRestart`).
    pub merged_above: bool,
}

/// A table row's definition, from the properties of its end mark.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct RowDef {
    pub cells: Vec<CellDef>,
    /// `sprmTTableHeader`: repeated as a header row on each page.
    pub header: bool,
}

/// The structure-bearing properties of one paragraph.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Pap {
    /// The paragraph style (`istd` of `GrpPrlAndIstd`).
    pub istd: u16,
    /// `sprmPOutLvl` set directly (0–8 a level, 9 body text).
    pub outline: Option<u8>,
    /// `sprmPIlfo` set directly (0: no list, overriding the style's).
    pub ilfo: Option<u16>,
    /// `sprmPIlvl` set directly.
    pub ilvl: Option<u8>,
    /// `sprmPFInTable`.
    pub in_table: bool,
    /// `sprmPItap` (table depth), or the sum of `sprmPDtap` changes.
    pub itap: Option<i32>,
    /// `sprmPFTtp`: the mark ends a row of an outermost table.
    pub ttp: bool,
    /// `sprmPFInnerTtp`: the mark ends a row of a nested table.
    pub inner_ttp: bool,
    /// `sprmPFInnerTableCell`: the mark ends a cell of a nested table.
    pub inner_cell: bool,
    /// The row definition, on a row end mark.
    pub row: Option<RowDef>,
}

impl Pap {
    /// Whether this says nothing beyond the default paragraph.
    pub fn is_plain(&self) -> bool {
        *self == Pap::default()
    }

    /// The table depth: 0 outside tables, 1 in an outermost table.
    pub fn depth(&self) -> u32 {
        match self.itap {
            Some(d) if d > 0 => u32::try_from(d).unwrap_or(1),
            _ => u32::from(self.in_table),
        }
    }

    /// Applies a grpprl, following `sprmPHugePapx` into the Data stream.
    pub fn apply(&mut self, grpprl: &[u8], data: Option<&[u8]>) {
        for (sprm, operand) in Sprms::new(grpprl) {
            if sprm == SPRM_P_HUGE_PAPX {
                let huge = huge_papx(operand, data);
                if let Some(huge) = huge {
                    for (s, op) in Sprms::new(huge) {
                        if s != SPRM_P_HUGE_PAPX {
                            self.sprm(s, op);
                        }
                    }
                }
            } else {
                self.sprm(sprm, operand);
            }
        }
    }

    /// Applies one sprm.
    pub fn sprm(&mut self, sprm: u16, operand: &[u8]) {
        let byte = operand.first().copied();
        match sprm {
            SPRM_P_ILFO => self.ilfo = u16_at(operand, 0),
            SPRM_P_ILVL => self.ilvl = byte,
            SPRM_P_OUT_LVL => self.outline = byte,
            SPRM_P_F_IN_TABLE => self.in_table = byte == Some(1),
            SPRM_P_F_TTP => self.ttp = byte == Some(1),
            SPRM_P_F_INNER_TTP => self.inner_ttp = byte == Some(1),
            SPRM_P_F_INNER_TABLE_CELL => self.inner_cell = byte == Some(1),
            SPRM_P_ITAP => self.itap = u32_at(operand, 0).map(|v| v as i32),
            SPRM_P_DTAP => {
                let d = u32_at(operand, 0).map_or(0, |v| v as i32);
                self.itap = Some(self.itap.unwrap_or(0).saturating_add(d));
            }
            SPRM_T_DEF_TABLE => {
                let header = self.row.as_ref().is_some_and(|r| r.header);
                self.row = Some(RowDef {
                    cells: def_table(operand),
                    header,
                });
            }
            SPRM_T_TABLE_HEADER => {
                self.row.get_or_insert_with(RowDef::default).header = byte == Some(1);
            }
            _ => {}
        }
    }

    /// The list a paragraph sets directly: `sprmPIlfo` naming a list (0 is
    /// none; 0xF801 marks a list removed by a revision) and its level.
    pub fn list(&self) -> Option<(u16, u8)> {
        let ilfo = self.ilfo?;
        (ilfo != 0 && ilfo < 0x07FF).then_some((ilfo, self.ilvl.unwrap_or(0).min(8)))
    }
}

/// `TDefTableOperand` (after its `cb`): `itcMac`, `rgdxaCenter[itcMac + 1]`,
/// then up to `itcMac` `TC80`s of 20 bytes (`TCGRF` first).
fn def_table(operand: &[u8]) -> Vec<CellDef> {
    let Some(&n) = operand.first() else {
        return Vec::new();
    };
    let n = usize::from(n).min(MAX_CELLS);
    let center = |i: usize| u16_at(operand, 1 + i * 2).map(|v| v as i16);
    let tcs = 1 + (n + 1) * 2;
    let mut cells = Vec::with_capacity(n);
    for i in 0..n {
        let (Some(left), Some(right)) = (center(i), center(i + 1)) else {
            break;
        };
        let grf = u16_at(operand, tcs + i * 20).unwrap_or(0);
        cells.push(CellDef {
            left,
            right,
            merged: (grf & 0x0003) >= 2,
            merged_above: grf & 0x0060 == 0x0020,
        });
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sprms_and_row_definitions() {
        // sprmPFInTable 1, sprmPFTtp 1, sprmTTableHeader 1, then
        // sprmTDefTable with two cells: 0..1000 (first merged), 1000..2000
        // (merged into it, and continuing the cell above).
        let mut g = vec![0x16, 0x24, 1, 0x17, 0x24, 1, 0x04, 0x34, 1, 0x08, 0xD6];
        let mut op = vec![2u8];
        for c in [0i16, 1000, 2000] {
            op.extend_from_slice(&c.to_le_bytes());
        }
        let mut tc = [0u8; 20];
        tc[0] = 0x01;
        op.extend_from_slice(&tc);
        tc[0] = 0x22;
        op.extend_from_slice(&tc);
        g.extend_from_slice(&(op.len() as u16 + 1).to_le_bytes());
        g.extend_from_slice(&op);
        let mut p = Pap::default();
        p.apply(&g, None);
        assert!(p.in_table && p.ttp);
        assert_eq!(p.depth(), 1);
        let row = p.row.unwrap();
        assert!(row.header);
        assert_eq!(
            row.cells,
            [
                CellDef {
                    left: 0,
                    right: 1000,
                    merged: false,
                    merged_above: false
                },
                CellDef {
                    left: 1000,
                    right: 2000,
                    merged: true,
                    merged_above: true
                }
            ]
        );
    }

    #[test]
    fn outline_list_depth_and_huge_papx() {
        let mut p = Pap::default();
        p.apply(&[0x40, 0x26, 2, 0x0B, 0x46, 3, 0, 0x0A, 0x26, 1], None);
        assert_eq!((p.outline, p.ilfo, p.ilvl), (Some(2), Some(3), Some(1)));
        let mut data = vec![0u8; 4];
        data.extend_from_slice(&7u16.to_le_bytes());
        data.extend_from_slice(&[0x49, 0x66, 2, 0, 0, 0, 0]);
        let mut p = Pap::default();
        p.apply(&[0x46, 0x66, 4, 0, 0, 0], Some(&data));
        assert_eq!(p.depth(), 2);
        // A list removed by a revision, a truncated row definition.
        let mut p = Pap::default();
        p.apply(&[0x0B, 0x46, 0x01, 0xF8, 0x08, 0xD6, 2, 0, 5], None);
        assert_eq!(p.ilfo, Some(0xF801));
        assert_eq!(p.row.unwrap().cells, []);
    }
}
