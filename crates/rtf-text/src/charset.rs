//! Code pages: the document's (`\ansicpgN`, `\ansi`, `\mac`, `\pc`, `\pca`)
//! and each font's (`\fcharsetN`, `\cpgN`), mapped to `encoding_rs`
//! encodings as Word decodes `\'hh` bytes (RTF 1.9.1, "Font Table" and
//! "Code Page Support").

use encoding_rs::{BIG5, EUC_KR, Encoding, GBK, SHIFT_JIS, WINDOWS_1252};

/// The encoding of a Windows (or Mac) code page; `None` for one
/// `encoding_rs` does not have (the caller keeps the document's).
///
/// The Windows code pages are `ole_cfb_read`'s table; RTF adds the Mac CJK
/// code pages of `\fcharset` 78-81, Johab, and the DOS code pages Word
/// reads as cp1252.
pub(crate) fn code_page(cp: i32) -> Option<&'static Encoding> {
    match cp {
        10001 => Some(SHIFT_JIS),
        10008 => Some(GBK),
        10003 | 1361 => Some(EUC_KR),
        10002 => Some(BIG5),
        437 | 850 => Some(WINDOWS_1252),
        // `\'hh` bytes are never UTF-16.
        1200 | 1201 => None,
        _ => u16::try_from(cp)
            .ok()
            .and_then(ole_cfb_read::codepage::encoding),
    }
}

/// The code page of a font's `\fcharsetN`; `None` for ANSI (0) and
/// DEFAULT (1), which mean the document's code page, and for charsets
/// without one.
/// The Windows charsets are `ole_cfb_read`'s table; RTF adds the Mac
/// charsets, Johab, PC437 and OEM.
pub(crate) fn charset_code_page(charset: i32) -> Option<i32> {
    Some(match charset {
        77 => 10000,
        78 => 10001,
        79 => 10003,
        80 => 10008,
        81 => 10002,
        130 => 1361,
        254 => 437,
        255 => 850,
        _ => {
            let charset = u8::try_from(charset).ok()?;
            i32::from(ole_cfb_read::codepage::for_charset(charset)?)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_charsets_of_the_issue() {
        for (charset, name) in [
            (128, "Shift_JIS"),
            (129, "EUC-KR"),
            (134, "GBK"),
            (136, "Big5"),
            (161, "windows-1253"),
            (162, "windows-1254"),
            (177, "windows-1255"),
            (178, "windows-1256"),
            (204, "windows-1251"),
            (238, "windows-1250"),
        ] {
            let cp = charset_code_page(charset).unwrap();
            assert_eq!(code_page(cp).unwrap().name(), name, "{charset}");
        }
        assert_eq!(charset_code_page(0), None);
        assert_eq!(code_page(12345), None);
    }
}
