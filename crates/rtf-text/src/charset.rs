//! Code pages: the document's (`\ansicpgN`, `\ansi`, `\mac`, `\pc`, `\pca`)
//! and each font's (`\fcharsetN`, `\cpgN`), mapped to `encoding_rs`
//! encodings as Word decodes `\'hh` bytes (RTF 1.9.1, "Font Table" and
//! "Code Page Support").

use encoding_rs::{
    BIG5, EUC_KR, Encoding, GBK, IBM866, MACINTOSH, SHIFT_JIS, UTF_8, WINDOWS_874, WINDOWS_1250,
    WINDOWS_1251, WINDOWS_1252, WINDOWS_1253, WINDOWS_1254, WINDOWS_1255, WINDOWS_1256,
    WINDOWS_1257, WINDOWS_1258, X_MAC_CYRILLIC,
};

/// The encoding of a Windows (or Mac) code page; `None` for one
/// `encoding_rs` does not have (the caller keeps the document's).
pub(crate) fn code_page(cp: i32) -> Option<&'static Encoding> {
    Some(match cp {
        874 => WINDOWS_874,
        932 | 10001 => SHIFT_JIS,
        936 | 10008 => GBK,
        949 | 10003 | 1361 => EUC_KR,
        950 | 10002 => BIG5,
        1250 => WINDOWS_1250,
        1251 => WINDOWS_1251,
        1252 | 437 | 850 | 20127 => WINDOWS_1252,
        1253 => WINDOWS_1253,
        1254 => WINDOWS_1254,
        1255 => WINDOWS_1255,
        1256 => WINDOWS_1256,
        1257 => WINDOWS_1257,
        1258 => WINDOWS_1258,
        866 => IBM866,
        10000 => MACINTOSH,
        10007 => X_MAC_CYRILLIC,
        65001 => UTF_8,
        _ => return None,
    })
}

/// The code page of a font's `\fcharsetN`; `None` for ANSI (0) and
/// DEFAULT (1), which mean the document's code page, and for charsets
/// without one.
pub(crate) fn charset_code_page(charset: i32) -> Option<i32> {
    Some(match charset {
        77 => 10000,
        78 => 10001,
        79 => 10003,
        80 => 10008,
        81 => 10002,
        128 => 932,
        129 => 949,
        130 => 1361,
        134 => 936,
        136 => 950,
        161 => 1253,
        162 => 1254,
        163 => 1258,
        177 => 1255,
        178 => 1256,
        186 => 1257,
        204 => 1251,
        222 => 874,
        238 => 1250,
        254 => 437,
        255 => 850,
        _ => return None,
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
