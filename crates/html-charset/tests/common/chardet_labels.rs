//! The encoding name a chardet corpus label stands for, shared by the
//! corpus tests of `html-charset` (sniffing) and `textract` (the facade's
//! `Document.encoding`), which must agree on it.

/// The one right name for a chardet corpus label on these bytes: the
/// Encoding Standard's name (`encoding_rs::Encoding::name`) where the Standard has the
/// encoding, else the name `html_charset::unlisted` reports. chardet's
/// `UTF-16`/`UTF-32` mean "with a byte order mark", which says the order.
pub fn expected_name(label: &str, bytes: &[u8]) -> &'static str {
    match label {
        "Big5" => "Big5",
        "CP932" | "SHIFT_JIS" => "Shift_JIS",
        "CP949" | "EUC-KR" => "EUC-KR",
        "EUC-JP" => "EUC-JP",
        "GB2312" => "GBK",
        "IBM866" => "IBM866",
        "KOI8-R" => "KOI8-R",
        "MacCyrillic" => "x-mac-cyrillic",
        "MacRoman" => "macintosh",
        "TIS-620" => "windows-874",
        "UTF-16" if bytes.starts_with(&[0xFE, 0xFF]) => "UTF-16BE",
        "UTF-16" if bytes.starts_with(&[0xFF, 0xFE]) => "UTF-16LE",
        "UTF-16BE" => "UTF-16BE",
        "UTF-16LE" => "UTF-16LE",
        "iso-2022-jp" => "ISO-2022-JP",
        "iso-8859-1" | "windows-1252" => "windows-1252",
        "iso-8859-2-hungarian" => "ISO-8859-2",
        "iso-8859-5-russian" => "ISO-8859-5",
        "iso-8859-6-arabic" => "ISO-8859-6",
        "iso-8859-7-greek" => "ISO-8859-7",
        "iso-8859-9-turkish" | "windows-1254-turkish" => "windows-1254",
        "utf-8" | "utf-8-sig" => "UTF-8",
        "windows-1250-czech" | "windows-1250-hungarian" => "windows-1250",
        "windows-1251-bulgarian" | "windows-1251-russian" => "windows-1251",
        "windows-1255-hebrew" => "windows-1255",
        "windows-1256-arabic" => "windows-1256",
        // Outside the Encoding Standard: `html_charset::unlisted`.
        "EUC-TW" => "EUC-TW",
        "IBM855" => "IBM855",
        "Johab" => "Johab",
        "UTF-32" if bytes.starts_with(&[0, 0, 0xFE, 0xFF]) => "UTF-32BE",
        "UTF-32" if bytes.starts_with(&[0xFF, 0xFE, 0, 0]) => "UTF-32LE",
        "UTF-32BE" => "UTF-32BE",
        "UTF-32LE" => "UTF-32LE",
        "iso-2022-kr" => "ISO-2022-KR",
        other => panic!("chardet label {other} has no mapping in this test"),
    }
}
