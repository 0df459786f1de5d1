//! Code pages of BIFF5 and older 8-bit text (MS-XLS 2.4.52 CodePage).

use encoding_rs::Encoding;

/// The encoding of a BIFF CODEPAGE value; `None` when unknown.
pub fn encoding_for_code_page(cp: u16) -> Option<&'static Encoding> {
    use encoding_rs::*;
    Some(match cp {
        // 367 (US-ASCII) and 32769 ("ANSI Latin I", BIFF2-3) read as cp1252.
        367 | 1252 | 32769 => WINDOWS_1252,
        874 => WINDOWS_874,
        932 => SHIFT_JIS,
        936 => GBK,
        949 | 1361 => EUC_KR,
        950 => BIG5,
        866 => IBM866,
        1200 => UTF_16LE,
        1250 => WINDOWS_1250,
        1251 => WINDOWS_1251,
        1253 => WINDOWS_1253,
        1254 => WINDOWS_1254,
        1255 => WINDOWS_1255,
        1256 => WINDOWS_1256,
        1257 => WINDOWS_1257,
        1258 => WINDOWS_1258,
        // 10000 and 32768 are Apple Roman (Excel for the Macintosh).
        10000 | 32768 => MACINTOSH,
        10007 => X_MAC_CYRILLIC,
        20866 => KOI8_R,
        21866 => KOI8_U,
        // -535 as a signed 16-bit value: UTF-8.
        65001 => UTF_8,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn biff_code_pages() {
        assert_eq!(encoding_for_code_page(932), Some(encoding_rs::SHIFT_JIS));
        assert_eq!(encoding_for_code_page(32768), Some(encoding_rs::MACINTOSH));
        assert_eq!(
            encoding_for_code_page((-535i16) as u16),
            Some(encoding_rs::UTF_8)
        );
        assert_eq!(encoding_for_code_page(437), None);
    }
}
