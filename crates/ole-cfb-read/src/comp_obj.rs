//! The `\x01CompObj` stream (MS-OLEDS 2.3.7 CompObjHeader, 2.3.8
//! CompObjStream): the display name, clipboard format and program id of
//! the object a storage holds.

use crate::bytes::{Reader, ansi, utf16_until_nul};
use crate::error::Error;

/// The name of the stream.
pub const COMP_OBJ: &str = "\u{1}CompObj";

/// `UnicodeMarker` (MS-OLEDS 2.3.8): the Unicode copies of the strings follow.
const UNICODE_MARKER: u32 = 0x71B2_39F4;

/// A clipboard format as `\x01CompObj` states it (MS-OLEDS 2.3.1 ClipboardFormatOrAnsiString).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClipboardFormat {
    /// No format stated.
    None,
    /// A standard format number (`CF_TEXT` = 1, `CF_METAFILEPICT` = 3, `CF_DIB` = 8, …).
    Standard(u32),
    /// A registered format, by name (`Biff8`, `MSWordDoc`, `Embedded Object`).
    Registered(String),
}

/// What `\x01CompObj` says about an embedded object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompObj {
    /// The display name of the object's type (`Microsoft Excel Worksheet`).
    pub user_type: String,
    /// The clipboard format of the object's native data.
    pub clipboard_format: ClipboardFormat,
    /// The program id (`Excel.Sheet.8`, `Package`, `AcroExch.Document.DC`),
    /// when stated; MS-OLEDS calls the field `Reserved1`.
    pub prog_id: Option<String>,
}

/// A `ClipboardFormatOrAnsiString` (2.3.1) or `…OrUnicodeString` (2.3.2).
fn clipboard_format(r: &mut Reader<'_>, unicode: bool) -> Result<ClipboardFormat, Error> {
    let marker = r.u32()?;
    Ok(match marker {
        0 => ClipboardFormat::None,
        0xFFFF_FFFF | 0xFFFF_FFFE => ClipboardFormat::Standard(r.u32()?),
        len if unicode => {
            ClipboardFormat::Registered(utf16_until_nul(r.take((len as usize).saturating_mul(2))?))
        }
        len => ClipboardFormat::Registered(ansi(r.take(len as usize)?)),
    })
}

impl CompObj {
    /// Parses the stream. The 28-byte header and the ANSI user type are
    /// required; fields after them are optional (older writers stop early),
    /// and the Unicode copies, when present and readable, replace the ANSI ones.
    pub fn parse(stream: &[u8]) -> Result<CompObj, Error> {
        let mut r = Reader::new(stream, "CompObj stream");
        r.take(28)?;
        let mut obj = CompObj {
            user_type: r.length_prefixed_ansi()?,
            clipboard_format: ClipboardFormat::None,
            prog_id: None,
        };
        let Ok(format) = clipboard_format(&mut r, false) else {
            return Ok(obj);
        };
        obj.clipboard_format = format;
        // Reserved1: the program id, when it is a plausible one (MS-OLEDS
        // lets writers leave junk; Office writes at most 39 characters).
        let Ok(prog_id) = r.length_prefixed_ansi() else {
            return Ok(obj);
        };
        obj.prog_id = plausible_prog_id(prog_id);
        if r.u32().ok() != Some(UNICODE_MARKER) {
            return Ok(obj);
        }
        let fields = (|| -> Result<(String, ClipboardFormat, String), Error> {
            let user_type = r.length_prefixed_unicode()?;
            let format = clipboard_format(&mut r, true)?;
            let prog_id = r.length_prefixed_unicode()?;
            Ok((user_type, format, prog_id))
        })();
        if let Ok((user_type, format, prog_id)) = fields {
            if !user_type.is_empty() {
                obj.user_type = user_type;
            }
            if format != ClipboardFormat::None {
                obj.clipboard_format = format;
            }
            if let Some(p) = plausible_prog_id(prog_id) {
                obj.prog_id = Some(p);
            }
        }
        Ok(obj)
    }
}

/// A program id as COM allows it: 1–39 characters, no spaces or controls.
fn plausible_prog_id(s: String) -> Option<String> {
    let ok = !s.is_empty()
        && s.chars().count() <= 39
        && s.chars().all(|c| !c.is_control() && !c.is_whitespace());
    ok.then_some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Vec<u8> {
        let mut v = vec![1, 0, 0xFE, 0xFF, 3, 0x0A, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF];
        v.extend([0x11; 16]);
        v
    }

    fn lpas(s: &str) -> Vec<u8> {
        let mut v = ((s.len() + 1) as u32).to_le_bytes().to_vec();
        v.extend(s.bytes().chain([0]));
        v
    }

    fn lpus(s: &str) -> Vec<u8> {
        let units: Vec<u16> = s.encode_utf16().chain([0]).collect();
        let mut v = (units.len() as u32).to_le_bytes().to_vec();
        v.extend(units.iter().flat_map(|u| u.to_le_bytes()));
        v
    }

    #[test]
    fn word_object_with_unicode_strings() {
        // As in the corpus's 53379.doc, plus the Unicode copies.
        let mut v = header();
        v.extend(lpas("Microsoft Word Document"));
        v.extend(lpas("MSWordDoc"));
        v.extend(lpas("Word.Document.8"));
        v.extend(UNICODE_MARKER.to_le_bytes());
        v.extend(lpus("Microsoft Word-Dokument"));
        v.extend(lpus("MSWordDoc"));
        v.extend(lpus("Word.Document.8"));
        let c = CompObj::parse(&v).unwrap();
        assert_eq!(c.user_type, "Microsoft Word-Dokument");
        assert_eq!(
            c.clipboard_format,
            ClipboardFormat::Registered("MSWordDoc".into())
        );
        assert_eq!(c.prog_id.as_deref(), Some("Word.Document.8"));
    }

    #[test]
    fn marker_without_strings_keeps_the_ansi_ones() {
        // Office writes the marker followed by three zero lengths.
        let mut v = header();
        v.extend(lpas("Microsoft Drawing"));
        v.extend(0xFFFF_FFFFu32.to_le_bytes());
        v.extend(3u32.to_le_bytes());
        v.extend(lpas("MSDraw"));
        v.extend(UNICODE_MARKER.to_le_bytes());
        v.extend([0; 12]);
        let c = CompObj::parse(&v).unwrap();
        assert_eq!(c.user_type, "Microsoft Drawing");
        assert_eq!(c.clipboard_format, ClipboardFormat::Standard(3));
        assert_eq!(c.prog_id.as_deref(), Some("MSDraw"));
    }

    #[test]
    fn short_and_odd_streams() {
        let mut v = header();
        v.extend(lpas("Package"));
        let c = CompObj::parse(&v).unwrap();
        assert_eq!(c.user_type, "Package");
        assert_eq!(c.clipboard_format, ClipboardFormat::None);
        assert_eq!(c.prog_id, None);
        v.extend(0u32.to_le_bytes());
        v.extend(lpas("not a prog id"));
        assert_eq!(CompObj::parse(&v).unwrap().prog_id, None);
        assert!(CompObj::parse(&header()).is_err());
        assert!(CompObj::parse(&[1, 0]).is_err());
    }
}
