//! Windows code page numbers to `encoding_rs` encodings.
//!
//! Property-set strings use it; so do the format crates above this layer
//! (msdoc-text, xls-text, rtf-text), which add their own format-specific
//! aliases on top of these tables.

use encoding_rs::Encoding;

/// The code page of UTF-16LE strings in property sets (MS-OLEPS 2.2, CP_WINUNICODE).
pub(crate) const CP_WINUNICODE: u16 = 1200;

/// The encoding of a Windows code page, or `None` if `encoding_rs` has no equivalent.
///
/// ```
/// use ole_cfb_read::codepage::encoding;
/// assert_eq!(encoding(932), Some(encoding_rs::SHIFT_JIS));
/// assert_eq!(encoding(949), Some(encoding_rs::EUC_KR));
/// // Word stores UTF-8 as the VT_I2 value -535.
/// assert_eq!(encoding((-535i16) as u16), Some(encoding_rs::UTF_8));
/// assert_eq!(encoding(437), None);
/// ```
pub fn encoding(cp: u16) -> Option<&'static Encoding> {
    use encoding_rs::*;
    Some(match cp {
        874 => WINDOWS_874,
        932 => SHIFT_JIS,
        936 => GBK,
        949 => EUC_KR,
        950 => BIG5,
        866 => IBM866,
        1250 => WINDOWS_1250,
        1251 => WINDOWS_1251,
        1252 | 28591 | 20127 => WINDOWS_1252,
        1253 => WINDOWS_1253,
        1254 => WINDOWS_1254,
        1255 => WINDOWS_1255,
        1256 => WINDOWS_1256,
        1257 => WINDOWS_1257,
        1258 => WINDOWS_1258,
        10000 => MACINTOSH,
        10007 => X_MAC_CYRILLIC,
        20866 => KOI8_R,
        21866 => KOI8_U,
        20932 | 51932 => EUC_JP,
        50220..=50222 => ISO_2022_JP,
        54936 => GB18030,
        28592 => ISO_8859_2,
        28593 => ISO_8859_3,
        28594 => ISO_8859_4,
        28595 => ISO_8859_5,
        28596 => ISO_8859_6,
        28597 => ISO_8859_7,
        28598 => ISO_8859_8,
        28603 => ISO_8859_13,
        28605 => ISO_8859_15,
        65001 => UTF_8,
        CP_WINUNICODE => UTF_16LE,
        1201 => UTF_16BE,
        _ => return None,
    })
}

/// The code page of a Windows font charset (`LOGFONT.lfCharSet`, the
/// `*_CHARSET` values that Word's font tables and RTF's `\fcharset` store),
/// or `None` for ANSI, default, symbol, OEM and unknown charsets.
///
/// ```
/// assert_eq!(ole_cfb_read::codepage::for_charset(128), Some(932));
/// assert_eq!(ole_cfb_read::codepage::for_charset(0), None);
/// ```
pub fn for_charset(charset: u8) -> Option<u16> {
    Some(match charset {
        128 => 932,
        129 => 949,
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
        _ => return None,
    })
}
