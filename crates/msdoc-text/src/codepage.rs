//! Code pages of Word 6/95 8-bit text: from an explicit Windows code page,
//! the document's language id (MS-LCID), or a font's charset (the `chs`
//! byte of the Word 6 `FFN`).

use crate::bytes::u16_at;

/// The ANSI code page a language id implies, or `None` for languages written in cp1252.
pub fn code_page_for_lid(lid: u16) -> Option<u16> {
    let cp = match lid {
        0x0411 => 932,
        0x0412 => 949,
        0x0804 | 0x1004 => 936,
        0x0404 | 0x0C04 | 0x1404 => 950,
        0x0C1A | 0x1C1A => 1251,
        0x081A | 0x041A | 0x101A | 0x141A => 1250,
        _ => match lid & 0x03FF {
            0x19 | 0x22 | 0x23 | 0x02 | 0x2F | 0x44 | 0x3F | 0x40 | 0x50 => 1251,
            0x05 | 0x15 | 0x0E | 0x1B | 0x24 | 0x18 | 0x1C => 1250,
            0x08 => 1253,
            0x1F | 0x2C => 1254,
            0x0D => 1255,
            0x01 | 0x29 | 0x20 => 1256,
            0x25..=0x27 => 1257,
            0x2A => 1258,
            0x1E => 874,
            _ => return None,
        },
    };
    Some(cp)
}

/// The first non-Western charset of a Word 6 font table (`STTBF` of `FFN`s:
/// cbSttbf, then per font cbFfnM1, ffid, wWeight, chs, …) as a code page.
pub(crate) fn code_page_from_font_table(sttbf: &[u8]) -> Option<u16> {
    let end = usize::from(u16_at(sttbf, 0)?).min(sttbf.len());
    let mut pos = 2usize;
    let mut fonts = 0;
    while pos < end && fonts < 1024 {
        let cb = usize::from(*sttbf.get(pos)?) + 1;
        let chs = *sttbf.get(pos + 4)?;
        if let Some(cp) = ole_cfb_read::codepage::for_charset(chs) {
            return Some(cp);
        }
        pos += cb;
        fonts += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lids_map_to_their_code_pages() {
        assert_eq!(code_page_for_lid(0x0411), Some(932));
        assert_eq!(code_page_for_lid(0x0419), Some(1251));
        assert_eq!(code_page_for_lid(0x0405), Some(1250));
        assert_eq!(code_page_for_lid(0x0404), Some(950));
        assert_eq!(code_page_for_lid(0x0804), Some(936));
        assert_eq!(code_page_for_lid(0x0409), None);
        assert_eq!(code_page_for_lid(0x040C), None);
    }

    #[test]
    fn font_table_gives_first_non_western_charset() {
        // Two fonts: "Times" ANSI (chs 0), "MingLiU" Big5 (chs 136).
        let mut t = vec![0, 0];
        for (chs, name) in [(0u8, &b"Times\0"[..]), (136, b"MingLiU\0")] {
            let body_len = 5 + name.len();
            t.push((body_len - 1) as u8);
            t.extend_from_slice(&[0x16, 0x90, 0x01, chs]);
            t.extend_from_slice(name);
        }
        let n = t.len() as u16;
        t[0..2].copy_from_slice(&n.to_le_bytes());
        assert_eq!(code_page_from_font_table(&t), Some(950));
        assert_eq!(code_page_from_font_table(&t[..12]), None);
    }
}
