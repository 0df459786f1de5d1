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

/// `(first, end, font)` of each character run that names a font (its
/// symbolFontRef, else its fontRef), in
/// UTF-16 units; `text_len` is the text's length in UTF-16 units.
pub fn font_runs(body: &[u8], text_len: usize) -> Vec<(usize, usize, u16)> {
    let mut out = Vec::new();
    let mut at = 0usize;
    // Paragraph runs cover the text and its final paragraph mark.
    let mut covered = 0usize;
    while covered <= text_len {
        let (Some(count), Some(masks)) = (le_u32(body, at), le_u32(body, at + 6)) else {
            return out;
        };
        let Some(size) = pf_size(body, at + 10, masks) else {
            return out;
        };
        at += 10 + size;
        covered = covered.saturating_add(count as usize);
        if count == 0 {
            return out;
        }
    }
    let mut pos = 0usize;
    while pos <= text_len {
        let (Some(count), Some(masks)) = (le_u32(body, at), le_u32(body, at + 4)) else {
            return out;
        };
        at += 8;
        if masks & 0x3EB7 != 0 {
            at += 2; // fontStyle
        }
        let end = pos.saturating_add(count as usize);
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
                    && let Some(f) = le_u16(body, at)
                {
                    font = Some(f);
                }
                at += size;
            }
        }
        if let Some(f) = font {
            out.push((pos, end, f));
        }
        if count == 0 {
            return out;
        }
        pos = end;
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
