//! The stylesheet, reduced to what makes a paragraph a heading or a list
//! item (MS-DOC 2.9.271 `STSH`, 2.9.272 `STSHI`, 2.9.141 `LPStd`, 2.9.260
//! `STD`, 2.9.261 `StdfBase`, 2.9.291 `StkParaGRLPUPX` / `UpxPapx`).
//!
//! A style is a heading when it sets `sprmPOutLvl` 0–8, or sets none and
//! its `sti` is one of the built-in `Heading 1`–`Heading 9` (1–9) or
//! `Title` (62), whatever its localised name; outline level 9 is body
//! text. Styles inherit through `istdBase` (the nearest style that says
//! decides), followed at most [`MAX_CHAIN`] steps (a cycle stops there).

use crate::bytes::{slice_at, u16_at};
use crate::pap::Pap;

/// Most styles read (`cstd` is a 16-bit count; Word stops near 4080).
const MAX_STYLES: usize = 4096;
/// Most `istdBase` steps followed.
const MAX_CHAIN: usize = 32;
/// `istdBase` of a style based on nothing.
const ISTD_NIL: u16 = 0x0FFF;
/// `sti` of the built-in `Title` style.
const STI_TITLE: u16 = 62;

/// One paragraph style.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Style {
    sti: u16,
    base: u16,
    /// Its own `sprmPOutLvl`.
    outline: Option<u8>,
    /// Its own `sprmPIlfo` and `sprmPIlvl`.
    ilfo: Option<u16>,
    ilvl: Option<u8>,
}

/// The paragraph styles of a document, by `istd`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Stylesheet {
    styles: Vec<Option<Style>>,
}

impl Stylesheet {
    /// Reads a Word 97 `STSH`; an unreadable one gives what was read before the damage.
    pub fn parse(stsh: &[u8]) -> Stylesheet {
        let mut styles = Vec::new();
        let Some(cb_stshi) = u16_at(stsh, 0).map(usize::from) else {
            return Stylesheet { styles };
        };
        let cstd = u16_at(stsh, 2).map_or(0, usize::from).min(MAX_STYLES);
        let cb_base = u16_at(stsh, 4).map_or(10, usize::from);
        let mut pos = 2 + cb_stshi;
        for _ in 0..cstd {
            let Some(cb_std) = u16_at(stsh, pos).map(usize::from) else {
                break;
            };
            pos += 2;
            if cb_std == 0 {
                styles.push(None);
                continue;
            }
            let Some(std) = slice_at(stsh, pos, cb_std) else {
                break;
            };
            styles.push(style(std, cb_base));
            pos += cb_std;
        }
        Stylesheet { styles }
    }

    fn get(&self, istd: u16) -> Option<&Style> {
        self.styles.get(usize::from(istd))?.as_ref()
    }

    /// The heading level (1-based) of a paragraph: its own outline level
    /// (9: none), else that of the first style of its `istdBase` chain
    /// with an outline level or a built-in heading `sti`.
    pub fn heading_level(&self, pap: &Pap) -> Option<u8> {
        if let Some(level) = pap.outline {
            return (level < 9).then_some(level + 1);
        }
        let mut istd = pap.istd;
        for _ in 0..MAX_CHAIN {
            let style = self.get(istd)?;
            // The nearest outline level of the chain is the paragraph's: 9
            // (body text) keeps a style out of the outline even when it is
            // based on a heading (as Word's navigation pane and
            // LibreOffice read it).
            if let Some(level) = style.outline {
                return (level < 9).then_some(level + 1);
            }
            match style.sti {
                1..=9 => return u8::try_from(style.sti).ok(),
                STI_TITLE => return Some(1),
                _ => {}
            }
            if style.base == ISTD_NIL {
                return None;
            }
            istd = style.base;
        }
        None
    }

    /// The list (`ilfo`, `ilvl`) a paragraph's style chain gives it, when
    /// the paragraph sets no `sprmPIlfo` of its own (0 is none).
    pub fn list(&self, pap: &Pap) -> Option<(u16, u8)> {
        if pap.ilfo.is_some() {
            return None;
        }
        let (mut ilfo, mut ilvl) = (None, pap.ilvl);
        let mut istd = pap.istd;
        for _ in 0..MAX_CHAIN {
            let Some(style) = self.get(istd) else { break };
            ilfo = ilfo.or(style.ilfo);
            ilvl = ilvl.or(style.ilvl);
            if (ilfo.is_some() && ilvl.is_some()) || style.base == ISTD_NIL {
                break;
            }
            istd = style.base;
        }
        let ilfo = ilfo?;
        (ilfo != 0 && ilfo < 0x07FF).then_some((ilfo, ilvl.unwrap_or(0).min(8)))
    }
}

/// One `STD`: `StdfBase` (`sti`, `stk`, `istdBase`, `cupx`), the name
/// (`Xstz`), then for a paragraph style (`stk` 1) the `UpxPapx` first.
fn style(std: &[u8], cb_base: usize) -> Option<Style> {
    let sti = u16_at(std, 0)? & 0x0FFF;
    let w = u16_at(std, 2)?;
    let (stk, base) = (w & 0x000F, w >> 4);
    let cupx = u16_at(std, 4)? & 0x000F;
    let mut s = Style {
        sti,
        base,
        ..Style::default()
    };
    if stk == 1
        && cupx > 0
        && let Some(pap) = upx_papx(std, cb_base)
    {
        s.outline = pap.outline;
        s.ilfo = pap.ilfo;
        s.ilvl = pap.ilvl;
    }
    Some(s)
}

/// The paragraph properties of a style's `UpxPapx`, after its name.
fn upx_papx(std: &[u8], cb_base: usize) -> Option<Pap> {
    let cch = usize::from(u16_at(std, cb_base)?);
    let mut at = cb_base + 2 + (cch + 1) * 2;
    at += at % 2;
    let cb_upx = usize::from(u16_at(std, at)?);
    // UpxPapx: istd (2 bytes), then the grpprl.
    let grpprl = slice_at(std, at + 2, cb_upx)?.get(2..)?;
    let mut pap = Pap::default();
    pap.apply(grpprl, None);
    Some(pap)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// An `STD` of a paragraph style named `name` with a `UpxPapx` of `grpprl`.
    pub(crate) fn std(sti: u16, base: u16, name: &str, grpprl: &[u8]) -> Vec<u8> {
        let mut s = Vec::new();
        s.extend_from_slice(&sti.to_le_bytes());
        s.extend_from_slice(&(1 | (base << 4)).to_le_bytes());
        s.extend_from_slice(&2u16.to_le_bytes());
        s.extend_from_slice(&[0; 4]);
        let name: Vec<u16> = name.encode_utf16().collect();
        s.extend_from_slice(&(name.len() as u16).to_le_bytes());
        for u in name {
            s.extend_from_slice(&u.to_le_bytes());
        }
        s.extend_from_slice(&[0, 0]);
        s.extend_from_slice(&(grpprl.len() as u16 + 2).to_le_bytes());
        s.extend_from_slice(&[0, 0]);
        s.extend_from_slice(grpprl);
        if s.len() % 2 == 1 {
            s.push(0);
        }
        // An empty UpxChpx.
        s.extend_from_slice(&[0, 0]);
        s
    }

    /// An `STSH` of the given styles (`None`: an empty slot).
    pub(crate) fn stsh(styles: &[Option<Vec<u8>>]) -> Vec<u8> {
        let mut t = Vec::new();
        t.extend_from_slice(&18u16.to_le_bytes());
        let mut stshi = vec![0u8; 18];
        stshi[0..2].copy_from_slice(&(styles.len() as u16).to_le_bytes());
        stshi[2..4].copy_from_slice(&10u16.to_le_bytes());
        t.extend_from_slice(&stshi);
        for s in styles {
            match s {
                Some(s) => {
                    t.extend_from_slice(&(s.len() as u16).to_le_bytes());
                    t.extend_from_slice(s);
                }
                None => t.extend_from_slice(&[0, 0]),
            }
        }
        t
    }

    fn pap(istd: u16) -> Pap {
        Pap {
            istd,
            ..Pap::default()
        }
    }

    #[test]
    fn headings_by_sti_outline_level_and_chain() {
        let sheet = Stylesheet::parse(&stsh(&[
            Some(std(0, ISTD_NIL, "Normal", &[])),
            // Heading 2 with a localised name.
            Some(std(2, 0, "Überschrift 2", &[])),
            None,
            // A user style based on Heading 2.
            Some(std(0x0FFE, 1, "Chapter", &[])),
            // A user style with outline level 3 (0-based 2).
            Some(std(0x0FFE, 0, "Mine", &[0x40, 0x26, 2])),
            Some(std(STI_TITLE, 0, "Title", &[])),
            // A cycle: 6 → 7 → 6.
            Some(std(0x0FFE, 7, "A", &[])),
            Some(std(0x0FFE, 6, "B", &[])),
            // A list style: ilfo 4, level 1.
            Some(std(
                0x0FFE,
                0,
                "Bullets",
                &[0x0B, 0x46, 4, 0, 0x0A, 0x26, 1],
            )),
        ]));
        let level = |istd| sheet.heading_level(&pap(istd));
        assert_eq!(
            [0, 1, 2, 3, 4, 5, 6, 9, 99].map(level),
            [
                None,
                Some(2),
                None,
                Some(2),
                Some(3),
                Some(1),
                None,
                None,
                None
            ]
        );
        // Direct outline levels win: 9 is body text.
        let mut p = pap(1);
        p.outline = Some(9);
        assert_eq!(sheet.heading_level(&p), None);
        p.outline = Some(0);
        assert_eq!(sheet.heading_level(&p), Some(1));
        assert_eq!(sheet.list(&pap(8)), Some((4, 1)));
        assert_eq!(sheet.list(&pap(1)), None);
        let mut p = pap(8);
        p.ilfo = Some(0);
        assert_eq!(sheet.list(&p), None);
    }

    #[test]
    fn damaged_stylesheets_keep_what_was_read() {
        let whole = stsh(&[Some(std(3, ISTD_NIL, "Heading 3", &[]))]);
        assert_eq!(Stylesheet::parse(&whole).heading_level(&pap(0)), Some(3));
        for cut in 0..whole.len() {
            let sheet = Stylesheet::parse(&whole[..cut]);
            assert_eq!(sheet.heading_level(&pap(0)), None);
        }
    }
}
