//! MS-PPT 2.9.20 StyleTextPropAtom (paragraph runs, then character runs
//! with 2.9.13 TextCFException) and 2.9.4 FontEntityAtom: enough to know
//! which characters are in the Symbol font, whose private-use code points
//! (U+F020–U+F0FF) PowerPoint stores as they are.

use pdf_cmap::encoding::{BaseEncoding, SimpleEncoding};

use crate::record::{le_u16, le_u32};

/// The size of a TextPFException's fields after its masks.
fn pf_size(body: &[u8], at: usize, masks: u32) -> Option<usize> {
    let mut n = 0usize;
    if masks & 0x000F != 0 {
        n += 2; // bulletFlags
    }
    for (bit, size) in [
        (7, 2),  // bulletChar
        (4, 2),  // bulletFontRef
        (6, 2),  // bulletSize
        (5, 4),  // bulletColor
        (11, 2), // textAlignment
        (12, 2), // lineSpacing
        (13, 2), // spaceBefore
        (14, 2), // spaceAfter
        (8, 2),  // leftMargin
        (10, 2), // indent
        (15, 2), // defaultTabSize
    ] {
        if masks & (1 << bit) != 0 {
            n += size;
        }
    }
    if masks & (1 << 20) != 0 {
        let count = usize::from(le_u16(body, at.checked_add(n)?)?);
        n += 2 + count * 4; // tabStops
    }
    if masks & (1 << 16) != 0 {
        n += 2; // fontAlign
    }
    if masks & 0x000E_0000 != 0 {
        n += 2; // wrapFlags
    }
    if masks & (1 << 21) != 0 {
        n += 2; // textDirection
    }
    Some(n)
}

/// The size of a TextCFException's fields after its masks (MS-PPT 2.9.13),
/// and the fontStyle and font (symbolFontRef, else fontRef) it names.
fn cf_fields(body: &[u8], at: usize, masks: u32) -> (usize, Option<u16>, Option<u16>) {
    let mut n = 0usize;
    let mut style = None;
    if masks & 0x3EB7 != 0 {
        style = le_u16(body, at);
        n += 2; // fontStyle
    }
    // fontRef, then oldEAFontRef, ansiFontRef, symbolFontRef: a
    // private-use character is drawn from symbolFontRef when the run
    // has one, else from fontRef.
    let mut font = None;
    for (bit, size) in [
        (16, 2),
        (21, 2),
        (22, 2),
        (23, 2),
        (17, 2),
        (18, 4),
        (19, 2),
        (20, 4),
        (24, 2),
        (25, 2),
        (26, 4),
    ] {
        if masks & (1 << bit) != 0 {
            if (bit == 16 || bit == 23)
                && let Some(f) = at.checked_add(n).and_then(|i| le_u16(body, i))
            {
                font = Some(f);
            }
            n += size;
        }
    }
    (n, style, font)
}

/// One paragraph run of a StyleTextPropAtom (MS-PPT 2.9.18 TextPFRun).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParaRun {
    /// Characters covered (UTF-16 units, the paragraph mark included).
    pub count: u32,
    /// `indentLevel`: 0 (top) to 4.
    pub level: u16,
    /// `bulletFlags.fHasBullet` where `masks.hasBullet` states it.
    pub bullet: Option<bool>,
}

/// Whether a TextPFException at `at` states the bullet (MS-PPT 2.9.19:
/// `masks.hasBullet` → `bulletFlags.fHasBullet`), and its size.
fn pf_bullet(body: &[u8], at: usize) -> Option<(Option<bool>, usize)> {
    let masks = le_u32(body, at)?;
    let size = pf_size(body, at.checked_add(4)?, masks)?;
    let bullet = if masks & 1 != 0 {
        Some(le_u16(body, at + 4)? & 1 != 0)
    } else {
        None
    };
    Some((bullet, 4 + size))
}

/// The paragraph runs of a StyleTextPropAtom body covering `text_len`
/// UTF-16 units (and the final paragraph mark), and the offset of the
/// character runs after them (`None` when the runs are cut short).
pub fn para_runs(body: &[u8], text_len: usize) -> (Vec<ParaRun>, Option<usize>) {
    let mut out = Vec::new();
    let mut at = 0usize;
    let mut covered = 0usize;
    while covered <= text_len {
        let (Some(count), Some(level)) = (le_u32(body, at), le_u16(body, at + 4)) else {
            return (out, None);
        };
        let Some((bullet, size)) = pf_bullet(body, at + 6) else {
            return (out, None);
        };
        at += 6 + size;
        out.push(ParaRun {
            count,
            level,
            bullet,
        });
        covered = covered.saturating_add(count as usize);
        if count == 0 {
            return (out, None);
        }
    }
    (out, Some(at))
}

/// One character run: `(first, end)` in UTF-16 units, its font (symbolFontRef,
/// else fontRef) and `fontStyle.pp9rt` (the StyleTextProp9 entry of its text).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CharRun {
    pub first: usize,
    pub end: usize,
    pub font: Option<u16>,
    pub pp9rt: Option<u16>,
}

/// The character runs of a StyleTextPropAtom body (MS-PPT 2.9.20).
pub fn char_runs(body: &[u8], text_len: usize) -> Vec<CharRun> {
    let mut out = Vec::new();
    let (_, Some(mut at)) = para_runs(body, text_len) else {
        return out;
    };
    let mut pos = 0usize;
    while pos <= text_len {
        let (Some(count), Some(masks)) = (le_u32(body, at), le_u32(body, at + 4)) else {
            return out;
        };
        at += 8;
        let (size, style, font) = cf_fields(body, at, masks);
        at += size;
        let end = pos.saturating_add(count as usize);
        out.push(CharRun {
            first: pos,
            end,
            font,
            pp9rt: style
                .filter(|_| masks & 0x3C00 != 0)
                .map(|s| (s >> 10) & 0xF),
        });
        if count == 0 {
            return out;
        }
        pos = end;
    }
    out
}

/// `(first, end, font)` of each character run that names a font (its
/// symbolFontRef, else its fontRef), in
/// UTF-16 units; `text_len` is the text's length in UTF-16 units.
pub fn font_runs(body: &[u8], text_len: usize) -> Vec<(usize, usize, u16)> {
    char_runs(body, text_len)
        .into_iter()
        .filter_map(|r| r.font.map(|f| (r.first, r.end, f)))
        .collect()
}

/// Whether each indent level of a TextMasterStyleAtom (MS-PPT 2.9.35) of
/// text type `instance` shows a bullet, where its TextPFException says.
pub fn master_bullets(body: &[u8], instance: u16) -> Vec<Option<bool>> {
    let mut out = Vec::new();
    let Some(levels) = le_u16(body, 0) else {
        return out;
    };
    let mut at = 2usize;
    for _ in 0..levels.min(5) {
        if instance >= 5 {
            at += 2; // lstLvl
        }
        let Some((bullet, size)) = pf_bullet(body, at) else {
            return out;
        };
        out.push(bullet);
        at += size;
        let Some(masks) = le_u32(body, at) else {
            return out;
        };
        at += 4 + cf_fields(body, at + 4, masks).0;
    }
    out
}

/// The automatic numbering of each entry of a StyleTextProp9Atom body
/// (MS-PPT 2.9.67/2.9.68: TextPFException9 `fBulletHasAutoNumber` and
/// `bulletAutoNumberScheme` (scheme, startNum), then TextCFException9 and
/// TextSIException); `None` for an entry without one.
pub fn auto_numbers(body: &[u8]) -> Vec<Option<(u16, u16)>> {
    let mut out = Vec::new();
    let mut at = 0usize;
    while at < body.len() && out.len() < 1 << 12 {
        let Some(masks) = le_u32(body, at) else {
            return out;
        };
        at += 4;
        if masks & (1 << 23) != 0 {
            at += 2; // bulletBlipRef
        }
        let mut has = false;
        if masks & (1 << 24) != 0 {
            has = le_u16(body, at).is_some_and(|v| v != 0);
            at += 2;
        }
        let mut scheme = (3, 1); // ANM_ArabicPeriod from 1
        if masks & (1 << 25) != 0 {
            let (Some(s), Some(n)) = (le_u16(body, at), le_u16(body, at + 2)) else {
                return out;
            };
            scheme = (s, n);
            at += 4;
        }
        out.push(has.then_some(scheme));
        // TextCFException9: its masks (no field of it is written).
        at += 4;
        // TextSIException (2.9.32).
        let Some(si) = le_u32(body, at) else {
            return out;
        };
        at += 4;
        for (bit, size) in [(0, 2), (1, 2), (2, 2), (6, 2), (5, 4)] {
            if si & (1 << bit) != 0 {
                at += size;
            }
        }
        if si & (1 << 9) != 0 {
            let Some(n) = le_u32(body, at) else {
                return out;
            };
            at = at
                .saturating_add(4)
                .saturating_add((n as usize).saturating_mul(4));
        }
    }
    out
}

/// `text` with the Symbol-font private-use characters of the runs whose
/// font is named `Symbol` turned into Unicode.
pub fn map_symbol(text: &str, runs: &[(usize, usize, u16)], fonts: &[String]) -> String {
    let symbol: Vec<&(usize, usize, u16)> = runs
        .iter()
        .filter(|r| fonts.get(usize::from(r.2)).is_some_and(|f| f == "Symbol"))
        .collect();
    if symbol.is_empty() {
        return text.to_string();
    }
    let enc = SimpleEncoding::new(BaseEncoding::Symbol);
    let mut out = String::with_capacity(text.len());
    let mut unit = 0usize;
    for ch in text.chars() {
        let code = u32::from(ch);
        let in_symbol = symbol.iter().any(|r| unit >= r.0 && unit < r.1);
        match (in_symbol, (0xF020..=0xF0FF).contains(&code)) {
            (true, true) => match enc.to_unicode((code & 0xFF) as u8) {
                Some(s) => out.push_str(&s),
                None => out.push(ch),
            },
            _ => out.push(ch),
        }
        unit += ch.len_utf16();
    }
    out
}

/// The face names of a FontCollection's FontEntityAtoms, in order.
pub fn font_name(entity: &[u8]) -> String {
    let units: Vec<u16> = entity
        .get(..64)
        .unwrap_or(entity)
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .take_while(|&u| u != 0)
        .collect();
    String::from_utf16_lossy(&units)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbol_runs_map_to_unicode() {
        // One paragraph run (no fields), one character run with fontRef 1.
        let mut b = Vec::new();
        b.extend(4u32.to_le_bytes());
        b.extend(0u16.to_le_bytes());
        b.extend(0u32.to_le_bytes());
        b.extend(1u32.to_le_bytes());
        b.extend((1u32 << 16).to_le_bytes());
        b.extend(1u16.to_le_bytes());
        b.extend(3u32.to_le_bytes());
        b.extend(0u32.to_le_bytes());
        let runs = font_runs(&b, 3);
        assert_eq!(runs, [(0, 1, 1)]);
        let fonts = vec!["Arial".to_string(), "Symbol".to_string()];
        assert_eq!(map_symbol("\u{F0B3}75", &runs, &fonts), "\u{2265}75");
        // symbolFontRef (bit 23) names the font of private-use characters.
        let mut b2 = b[..10].to_vec();
        b2.extend(1u32.to_le_bytes());
        b2.extend(((1u32 << 23) | (1 << 17)).to_le_bytes());
        b2.extend(1u16.to_le_bytes());
        b2.extend(18u16.to_le_bytes());
        assert_eq!(font_runs(&b2, 3), [(0, 1, 1)]);
        // Outside the Symbol run the character stays as stored.
        assert_eq!(map_symbol("7\u{F0B3}5", &runs, &fonts), "7\u{F0B3}5");
    }
}
