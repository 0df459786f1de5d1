//! Text strings (ISO 32000-1 §7.9.2: PDFDocEncoding or UTF-16BE with BOM)
//! and dates (§7.9.4), plus the document information dictionary (§14.3.3).

use crate::document::Document;
use crate::object::Object;

/// PDFDocEncoding (Annex D.2) for bytes 0x18–0x1F and 0x80–0xA0; other bytes
/// are Latin-1. `'\u{FFFD}'` marks undefined codes.
const PDFDOC_18: [char; 8] = [
    '\u{02D8}', '\u{02C7}', '\u{02C6}', '\u{02D9}', '\u{02DD}', '\u{02DB}', '\u{02DA}', '\u{02DC}',
];
const PDFDOC_80: [char; 33] = [
    '\u{2022}', '\u{2020}', '\u{2021}', '\u{2026}', '\u{2014}', '\u{2013}', '\u{0192}', '\u{2044}',
    '\u{2039}', '\u{203A}', '\u{2212}', '\u{2030}', '\u{201E}', '\u{201C}', '\u{201D}', '\u{2018}',
    '\u{2019}', '\u{201A}', '\u{2122}', '\u{FB01}', '\u{FB02}', '\u{0141}', '\u{0152}', '\u{0160}',
    '\u{0178}', '\u{017D}', '\u{0131}', '\u{0142}', '\u{0153}', '\u{0161}', '\u{017E}', '\u{FFFD}',
    '\u{20AC}',
];

/// Decodes a PDF text string: UTF-16BE or UTF-16LE with a BOM, UTF-8 with a
/// BOM (PDF 2.0), else PDFDocEncoding.
pub fn decode_text_string(bytes: &[u8]) -> String {
    if let Some(rest) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        let units = rest
            .chunks_exact(2)
            .map(|c| u16::from_be_bytes([c[0], c[1]]));
        return char::decode_utf16(units)
            .map(|r| r.unwrap_or('\u{FFFD}'))
            .collect();
    }
    if let Some(rest) = bytes.strip_prefix(&[0xFF, 0xFE]) {
        let units = rest
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]));
        return char::decode_utf16(units)
            .map(|r| r.unwrap_or('\u{FFFD}'))
            .collect();
    }
    if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        return String::from_utf8_lossy(rest).into_owned();
    }
    bytes
        .iter()
        .map(|&b| match b {
            0x18..=0x1F => PDFDOC_18[usize::from(b - 0x18)],
            0x80..=0xA0 => PDFDOC_80[usize::from(b - 0x80)],
            0xAD => '\u{FFFD}',
            _ => char::from(b),
        })
        .collect()
}

/// Converts a PDF date (`D:YYYYMMDDHHmmSSOHH'mm'`, §7.9.4) to RFC 3339.
/// Missing fields take their defaults; no time zone reads as UTC.
pub fn pdf_date_to_rfc3339(s: &str) -> Option<String> {
    let s = s.trim();
    let s = s.strip_prefix("D:").unwrap_or(s);
    let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
    if digits.len() < 4 {
        return None;
    }
    let field = |from: usize, len: usize, default: u32| -> Option<u32> {
        match digits.get(from..from + len) {
            Some(t) => t.parse().ok(),
            None => Some(default),
        }
    };
    let year = field(0, 4, 0)?;
    let month = field(4, 2, 1)?;
    let day = field(6, 2, 1)?;
    let hour = field(8, 2, 0)?;
    let min = field(10, 2, 0)?;
    let sec = field(12, 2, 0)?;
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || min > 59 || sec > 60 {
        return None;
    }
    let rest = s.get(digits.len()..).unwrap_or("");
    let tz = match rest.chars().next() {
        Some(sign @ ('+' | '-')) => {
            let t: String = rest[1..].chars().filter(char::is_ascii_digit).collect();
            let h: u32 = t.get(0..2).and_then(|x| x.parse().ok()).unwrap_or(0);
            let m: u32 = t.get(2..4).and_then(|x| x.parse().ok()).unwrap_or(0);
            if h > 23 || m > 59 {
                return None;
            }
            format!("{sign}{h:02}:{m:02}")
        }
        _ => "Z".to_string(),
    };
    Some(format!(
        "{year:04}-{month:02}-{day:02}T{hour:02}:{min:02}:{sec:02}{tz}"
    ))
}

/// A light stand-in for SASLprep (RFC 4013) of revision 5/6 passwords:
/// drops characters mapped to nothing and maps non-ASCII spaces to U+0020.
pub(crate) fn saslprep_lite(pw: &str) -> String {
    pw.chars()
        .filter(|c| !matches!(c, '\u{00AD}' | '\u{034F}' | '\u{1806}' | '\u{180B}'..='\u{180D}' | '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'))
        .map(|c| match c {
            '\u{00A0}' | '\u{1680}' | '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}' => ' ',
            '\u{00AA}' => 'a',
            '\u{00BA}' => 'o',
            other => other,
        })
        .collect()
}

/// The document information dictionary (§14.3.3) and XMP metadata (§14.3.2).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Info {
    /// `/Title`.
    pub title: Option<String>,
    /// `/Author`.
    pub author: Option<String>,
    /// `/Subject`.
    pub subject: Option<String>,
    /// `/Keywords`.
    pub keywords: Option<String>,
    /// `/Creator`: the application that made the original document.
    pub creator: Option<String>,
    /// `/Producer`: the application that wrote the PDF.
    pub producer: Option<String>,
    /// `/CreationDate` as written.
    pub created: Option<String>,
    /// `/CreationDate` as RFC 3339, when parseable.
    pub created_rfc3339: Option<String>,
    /// `/ModDate` as written.
    pub modified: Option<String>,
    /// `/ModDate` as RFC 3339, when parseable.
    pub modified_rfc3339: Option<String>,
    /// The catalog's `/Metadata` stream (XMP), decoded as UTF-8 (lossy).
    pub xmp: Option<String>,
}

impl Document<'_> {
    /// The document information and XMP metadata; unreadable parts are absent.
    pub fn info(&self) -> Info {
        let mut info = Info::default();
        let dict = self
            .trailer()
            .get(b"Info")
            .and_then(|o| self.resolve(o).ok())
            .and_then(|o| o.as_dict().cloned())
            .unwrap_or_default();
        let text = |key: &[u8]| -> Option<String> {
            let o = self.resolve(dict.get(key)?).ok()?;
            match &*o {
                Object::String(s) => Some(decode_text_string(s)),
                Object::Name(n) => Some(String::from_utf8_lossy(n).into_owned()),
                _ => None,
            }
            .map(|s| s.trim_end_matches('\0').to_string())
        };
        info.title = text(b"Title");
        info.author = text(b"Author");
        info.subject = text(b"Subject");
        info.keywords = text(b"Keywords");
        info.creator = text(b"Creator");
        info.producer = text(b"Producer");
        info.created = text(b"CreationDate");
        info.modified = text(b"ModDate");
        info.created_rfc3339 = info.created.as_deref().and_then(pdf_date_to_rfc3339);
        info.modified_rfc3339 = info.modified.as_deref().and_then(pdf_date_to_rfc3339);
        info.xmp = self.catalog().ok().and_then(|c| {
            let m = self.resolve(c.get(b"Metadata")?).ok()?;
            let data = self.stream_data(m.as_stream()?).ok()?;
            let data = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&data);
            Some(String::from_utf8_lossy(data).into_owned())
        });
        info
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_strings() {
        assert_eq!(decode_text_string(b"\xFE\xFF\x00A\x30\x42"), "Aあ");
        assert_eq!(decode_text_string(b"\x80\x93caf\xE9\xA0"), "•ﬁcafé€");
        assert_eq!(decode_text_string(b"\xEF\xBB\xBFh\xC3\xA9"), "hé");
        assert_eq!(decode_text_string(b"\xFE\xFF\xD8\x3D\xDE\x00"), "😀");
    }

    #[test]
    fn dates() {
        assert_eq!(
            pdf_date_to_rfc3339("D:20070223175637+02'00'").as_deref(),
            Some("2007-02-23T17:56:37+02:00")
        );
        assert_eq!(
            pdf_date_to_rfc3339("D:1999").as_deref(),
            Some("1999-01-01T00:00:00Z")
        );
        assert_eq!(
            pdf_date_to_rfc3339("D:20010101120000Z").as_deref(),
            Some("2001-01-01T12:00:00Z")
        );
        assert_eq!(pdf_date_to_rfc3339("D:20011301"), None);
        assert_eq!(pdf_date_to_rfc3339("yesterday"), None);
    }

    #[test]
    fn saslprep() {
        assert_eq!(saslprep_lite("S\u{00AA}SL\u{00AD}prep"), "SaSLprep");
    }
}
