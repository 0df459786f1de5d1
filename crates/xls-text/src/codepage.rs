//! Code pages of BIFF5 and older 8-bit text (MS-XLS 2.4.52 CodePage).

use encoding_rs::{EUC_KR, Encoding, MACINTOSH, WINDOWS_1252};

/// The encoding of a BIFF CODEPAGE value; `None` when unknown.
///
/// The Windows code pages are `ole_cfb_read`'s table; BIFF adds its own
/// aliases.
pub fn encoding_for_code_page(cp: u16) -> Option<&'static Encoding> {
    match cp {
        // 367 (US-ASCII) and 32769 ("ANSI Latin I", BIFF2-3) read as cp1252.
        367 | 32769 => Some(WINDOWS_1252),
        // 32768 is Apple Roman (Excel for the Macintosh).
        32768 => Some(MACINTOSH),
        // Johab, read as EUC-KR.
        1361 => Some(EUC_KR),
        _ => ole_cfb_read::codepage::encoding(cp),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn biff_code_pages() {
        assert_eq!(encoding_for_code_page(932), Some(encoding_rs::SHIFT_JIS));
        assert_eq!(encoding_for_code_page(32768), Some(encoding_rs::MACINTOSH));
        assert_eq!(encoding_for_code_page(32769), Some(WINDOWS_1252));
        assert_eq!(
            encoding_for_code_page((-535i16) as u16),
            Some(encoding_rs::UTF_8)
        );
        assert_eq!(encoding_for_code_page(437), None);
    }
}
