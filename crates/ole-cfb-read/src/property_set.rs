//! Property set streams (MS-OLEPS 2.21 PropertySetStream, 2.20 PropertySet),
//! the format of `\x05SummaryInformation` and `\x05DocumentSummaryInformation`.

use crate::Limits;
use crate::bytes::{guid_at, u16_at, u32_at, u64_at};
use crate::codepage::{CP_WINUNICODE, encoding};
use crate::directory::decode_utf16_lossy;
use crate::error::{Error, Warning, WarningKind};
use crate::filetime::FileTime;

/// FMTID_SummaryInformation (MS-OLEPS 3.1.4), as stored on disk.
pub const FMTID_SUMMARY_INFORMATION: [u8; 16] = guid(
    0xF29F85E0,
    0x4FF9,
    0x1068,
    [0xAB, 0x91, 0x08, 0x00, 0x2B, 0x27, 0xB3, 0xD9],
);
/// FMTID_DocSummaryInformation (MS-OLEPS 3.2.4), as stored on disk.
pub const FMTID_DOC_SUMMARY_INFORMATION: [u8; 16] = guid(
    0xD5CDD502,
    0x2E9C,
    0x101B,
    [0x93, 0x97, 0x08, 0x00, 0x2B, 0x2C, 0xF9, 0xAE],
);
/// FMTID_UserDefinedProperties (MS-OLEPS 3.2.4), the second section of `\x05DocumentSummaryInformation`.
pub const FMTID_USER_DEFINED_PROPERTIES: [u8; 16] = guid(
    0xD5CDD505,
    0x2E9C,
    0x101B,
    [0x93, 0x97, 0x08, 0x00, 0x2B, 0x2C, 0xF9, 0xAE],
);

const fn guid(a: u32, b: u16, c: u16, d: [u8; 8]) -> [u8; 16] {
    let a = a.to_le_bytes();
    let b = b.to_le_bytes();
    let c = c.to_le_bytes();
    [
        a[0], a[1], a[2], a[3], b[0], b[1], c[0], c[1], d[0], d[1], d[2], d[3], d[4], d[5], d[6],
        d[7],
    ]
}

/// Property type codes (MS-OLEPS 2.15 TypedPropertyValue, PropertyType).
mod vt {
    pub const EMPTY: u16 = 0;
    pub const NULL: u16 = 1;
    pub const I2: u16 = 2;
    pub const I4: u16 = 3;
    pub const R4: u16 = 4;
    pub const R8: u16 = 5;
    pub const CY: u16 = 6;
    pub const DATE: u16 = 7;
    pub const BSTR: u16 = 8;
    pub const ERROR: u16 = 10;
    pub const BOOL: u16 = 11;
    pub const VARIANT: u16 = 12;
    pub const I1: u16 = 16;
    pub const UI1: u16 = 17;
    pub const UI2: u16 = 18;
    pub const UI4: u16 = 19;
    pub const I8: u16 = 20;
    pub const UI8: u16 = 21;
    pub const INT: u16 = 22;
    pub const UINT: u16 = 23;
    pub const LPSTR: u16 = 30;
    pub const LPWSTR: u16 = 31;
    pub const FILETIME: u16 = 64;
    pub const BLOB: u16 = 65;
    pub const CF: u16 = 71;
    pub const CLSID: u16 = 72;
    pub const VECTOR: u16 = 0x1000;
}

/// Property id of the code page (MS-OLEPS 2.18.2 PropertyIdentifier, CodePage).
pub const PID_CODEPAGE: u32 = 1;
/// Property id of the dictionary of property names (MS-OLEPS 2.18.2).
pub const PID_DICTIONARY: u32 = 0;

/// A decoded property value (MS-OLEPS 2.15 TypedPropertyValue).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum PropertyValue {
    /// VT_EMPTY.
    Empty,
    /// VT_NULL.
    Null,
    /// VT_I1.
    I1(i8),
    /// VT_I2.
    I2(i16),
    /// VT_I4 and VT_INT.
    I4(i32),
    /// VT_I8.
    I8(i64),
    /// VT_UI1.
    U1(u8),
    /// VT_UI2.
    U2(u16),
    /// VT_UI4 and VT_UINT.
    U4(u32),
    /// VT_UI8.
    U8(u64),
    /// VT_R4.
    R4(f32),
    /// VT_R8.
    R8(f64),
    /// VT_CY: currency, in units of 1/10000.
    Currency(i64),
    /// VT_DATE: days since 1899-12-30 (an OLE automation date).
    Date(f64),
    /// VT_BOOL.
    Bool(bool),
    /// VT_ERROR: an HRESULT.
    Error(u32),
    /// VT_LPSTR and VT_BSTR (decoded with the section's code page) and VT_LPWSTR.
    String(String),
    /// VT_FILETIME: an instant, or for the edit-time property a duration in ticks.
    FileTime(FileTime),
    /// VT_BLOB.
    Blob(Vec<u8>),
    /// VT_CF: clipboard format followed by its data.
    ClipboardData(Vec<u8>),
    /// VT_CLSID.
    Clsid([u8; 16]),
    /// VT_VECTOR of any of the above (VT_VARIANT elements carry their own types).
    Vector(Vec<PropertyValue>),
    /// A type this reader does not decode; the raw type code.
    Unsupported(u16),
}

impl PropertyValue {
    /// The value as text, if it is a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            PropertyValue::String(s) => Some(s),
            _ => None,
        }
    }

    /// The value as a signed integer, if it is an integer of any width that fits.
    pub fn as_i64(&self) -> Option<i64> {
        Some(match *self {
            PropertyValue::I1(v) => v.into(),
            PropertyValue::I2(v) => v.into(),
            PropertyValue::I4(v) => v.into(),
            PropertyValue::I8(v) => v,
            PropertyValue::U1(v) => v.into(),
            PropertyValue::U2(v) => v.into(),
            PropertyValue::U4(v) => v.into(),
            PropertyValue::U8(v) => i64::try_from(v).ok()?,
            _ => return None,
        })
    }

    /// The value as a timestamp, if it is a FILETIME.
    pub fn as_filetime(&self) -> Option<FileTime> {
        match *self {
            PropertyValue::FileTime(t) => Some(t),
            _ => None,
        }
    }
}

/// One property: its identifier and value (MS-OLEPS 2.19, 2.15).
#[derive(Debug, Clone, PartialEq)]
pub struct Property {
    /// The property identifier (MS-OLEPS 2.18), e.g. 2 for the title in SummaryInformation.
    pub id: u32,
    /// The decoded value.
    pub value: PropertyValue,
}

/// One section of a property set stream (MS-OLEPS 2.20 PropertySet).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Section {
    /// The format identifier naming the section's vocabulary.
    pub fmtid: [u8; 16],
    /// The section's code page (property 1), as an unsigned number (Word's -535 is 65001).
    pub code_page: Option<u16>,
    /// Properties in stream order, the dictionary (id 0) excluded.
    pub properties: Vec<Property>,
    /// Property names from the dictionary (id 0), as (id, name).
    pub dictionary: Vec<(u32, String)>,
}

impl Section {
    /// The value of property `id`, if present.
    pub fn get(&self, id: u32) -> Option<&PropertyValue> {
        self.properties
            .iter()
            .find(|p| p.id == id)
            .map(|p| &p.value)
    }

    /// The dictionary name of property `id`, if any.
    pub fn name_of(&self, id: u32) -> Option<&str> {
        self.dictionary
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, n)| n.as_str())
    }
}

/// A parsed property set stream: its sections and the defects met while reading them.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PropertySet {
    /// The CLSID of the stream header (usually zero).
    pub clsid: [u8; 16],
    /// The sections, in stream order.
    pub sections: Vec<Section>,
    /// Defects that were skipped (a property that could not be decoded, a cut-short section).
    pub warnings: Vec<Warning>,
}

impl PropertySet {
    /// Parses a property set stream (MS-OLEPS 2.21).
    pub fn parse(data: &[u8], limits: &Limits) -> Result<PropertySet, Error> {
        if data.len() < 28 {
            return Err(Error::Truncated {
                what: "property set header",
                offset: data.len() as u64,
            });
        }
        let mut set = PropertySet {
            clsid: guid_at(data, 8).unwrap_or_default(),
            ..PropertySet::default()
        };
        let byte_order = u16_at(data, 0).unwrap_or(0);
        if byte_order != 0xFFFE {
            return Err(Error::Corrupt(format!(
                "property set byte order {byte_order:#06x}, expected 0xFFFE"
            )));
        }
        let declared = u32_at(data, 24).unwrap_or(0) as usize;
        let fits = (data.len() - 28) / 20;
        if declared > fits {
            set.warn(format!("{declared} sections declared, room for {fits}"));
        }
        for i in 0..declared.min(fits).min(16) {
            let at = 28 + 20 * i;
            let fmtid = guid_at(data, at).unwrap_or_default();
            let offset = u32_at(data, at + 16).unwrap_or(0) as usize;
            match parse_section(data, offset, fmtid, limits, &mut set.warnings) {
                Ok(section) => set.sections.push(section),
                Err(e) => set.warn(format!("section {i}: {e}")),
            }
        }
        if set.sections.is_empty() {
            return Err(Error::Corrupt(
                "property set has no readable section".into(),
            ));
        }
        Ok(set)
    }

    /// The value of property `id` in the first section, if present.
    pub fn get(&self, id: u32) -> Option<&PropertyValue> {
        self.sections.first().and_then(|s| s.get(id))
    }

    fn warn(&mut self, m: String) {
        self.warnings
            .push(crate::error::warning(WarningKind::PropertySet, m));
    }
}

fn parse_section(
    data: &[u8],
    offset: usize,
    fmtid: [u8; 16],
    limits: &Limits,
    warnings: &mut Vec<Warning>,
) -> Result<Section, Error> {
    let truncated = |what| Error::Truncated {
        what,
        offset: offset as u64,
    };
    let size = u32_at(data, offset).ok_or(truncated("property set section"))? as usize;
    let count = u32_at(data, offset + 4).ok_or(truncated("property set section"))? as usize;
    let available = data.len() - offset; // `offset + 8 <= len` was checked by the reads above
    if size > available {
        warnings.push(crate::error::warning(
            WarningKind::PropertySet,
            format!("section at {offset} declares {size} bytes, {available} remain"),
        ));
    }
    let sec = data
        .get(offset..offset + size.min(available))
        .unwrap_or_default();
    let room = sec.len().saturating_sub(8) / 8;
    if count > room {
        warnings.push(crate::error::warning(
            WarningKind::PropertySet,
            format!("section declares {count} properties, room for {room}"),
        ));
    }
    let count = count.min(room);
    if count > limits.max_properties as usize {
        return Err(Error::LimitExceeded {
            what: "properties in a section",
            limit: limits.max_properties.into(),
        });
    }
    let ids: Vec<(u32, usize)> = (0..count)
        .filter_map(|i| Some((u32_at(sec, 8 + 8 * i)?, u32_at(sec, 12 + 8 * i)? as usize)))
        .collect();
    let mut section = Section {
        fmtid,
        ..Section::default()
    };
    // The code page decides how strings decode, so read it first.
    if let Some(&(_, off)) = ids.iter().find(|(id, _)| *id == PID_CODEPAGE)
        && u16_at(sec, off) == Some(vt::I2)
    {
        section.code_page = u16_at(sec, off + 4);
    }
    let mut reader = ValueReader {
        sec,
        code_page: section.code_page,
        limits,
        warnings,
    };
    for (id, off) in ids {
        if id == PID_DICTIONARY {
            match reader.dictionary(off) {
                Some(d) => section.dictionary = d,
                None => reader.warn(format!("dictionary at {off} is cut short")),
            }
            continue;
        }
        match reader.typed(off, true) {
            Some((value, _)) => section.properties.push(Property { id, value }),
            None => reader.warn(format!("property {id} at offset {off} cannot be read")),
        }
    }
    Ok(section)
}

struct ValueReader<'s, 'w> {
    sec: &'s [u8],
    code_page: Option<u16>,
    limits: &'s Limits,
    warnings: &'w mut Vec<Warning>,
}

impl ValueReader<'_, '_> {
    fn warn(&mut self, m: String) {
        self.warnings
            .push(crate::error::warning(WarningKind::PropertySet, m));
    }

    /// A TypedPropertyValue at `off`: the value and the offset just after it.
    fn typed(&mut self, off: usize, allow_vector: bool) -> Option<(PropertyValue, usize)> {
        let ty = u16_at(self.sec, off)?;
        let at = off.checked_add(4)?;
        if ty & vt::VECTOR != 0 && allow_vector {
            let base = ty & !vt::VECTOR;
            let n = u32_at(self.sec, at)? as usize;
            if n > self.limits.max_properties as usize || n > self.sec.len() {
                self.warn(format!(
                    "vector of {n} elements at {off} exceeds the limit or the section"
                ));
                return None;
            }
            let mut pos = at + 4;
            let mut items = Vec::with_capacity(n.min(1024));
            for _ in 0..n {
                let (v, next) = if base == vt::VARIANT {
                    self.typed(pos, false)?
                } else {
                    self.value(base, pos, true)?
                };
                items.push(v);
                pos = next;
            }
            return Some((PropertyValue::Vector(items), pos));
        }
        if ty & vt::VECTOR != 0 {
            return None;
        }
        self.value(ty, at, false)
    }

    /// A value of type `ty` at `at` (no type header); `in_vector` aligns strings to 4 bytes.
    fn value(&mut self, ty: u16, at: usize, in_vector: bool) -> Option<(PropertyValue, usize)> {
        let s = self.sec;
        let v = |n: usize| at.checked_add(n);
        Some(match ty {
            vt::EMPTY => (PropertyValue::Empty, at),
            vt::NULL => (PropertyValue::Null, at),
            vt::I2 => (PropertyValue::I2(u16_at(s, at)? as i16), v(2)?),
            vt::UI2 => (PropertyValue::U2(u16_at(s, at)?), v(2)?),
            vt::BOOL => (PropertyValue::Bool(u16_at(s, at)? != 0), v(2)?),
            vt::I1 => (PropertyValue::I1(*s.get(at)? as i8), v(1)?),
            vt::UI1 => (PropertyValue::U1(*s.get(at)?), v(1)?),
            vt::I4 | vt::INT => (PropertyValue::I4(u32_at(s, at)? as i32), v(4)?),
            vt::UI4 | vt::UINT => (PropertyValue::U4(u32_at(s, at)?), v(4)?),
            vt::ERROR => (PropertyValue::Error(u32_at(s, at)?), v(4)?),
            vt::R4 => (PropertyValue::R4(f32::from_bits(u32_at(s, at)?)), v(4)?),
            vt::R8 => (PropertyValue::R8(f64::from_bits(u64_at(s, at)?)), v(8)?),
            vt::DATE => (PropertyValue::Date(f64::from_bits(u64_at(s, at)?)), v(8)?),
            vt::CY => (PropertyValue::Currency(u64_at(s, at)? as i64), v(8)?),
            vt::I8 => (PropertyValue::I8(u64_at(s, at)? as i64), v(8)?),
            vt::UI8 => (PropertyValue::U8(u64_at(s, at)?), v(8)?),
            vt::FILETIME => (PropertyValue::FileTime(FileTime(u64_at(s, at)?)), v(8)?),
            vt::CLSID => (PropertyValue::Clsid(guid_at(s, at)?), v(16)?),
            vt::LPSTR | vt::BSTR => {
                // CodePageString (MS-OLEPS 2.5): byte count including the terminator.
                let n = u32_at(s, at)? as usize;
                let bytes = s.get(at + 4..(at + 4).checked_add(n)?)?;
                let text = self.decode(bytes);
                let end = at + 4 + n;
                (
                    PropertyValue::String(text),
                    if in_vector {
                        self.align_if_padding(end)
                    } else {
                        end
                    },
                )
            }
            vt::LPWSTR => {
                // UnicodeString (MS-OLEPS 2.7): character count including the terminator.
                let n = u32_at(s, at)? as usize;
                let bytes = s.get(at + 4..(at + 4).checked_add(n.checked_mul(2)?)?)?;
                let text = trim_nul(decode_utf16_lossy(bytes));
                let end = at + 4 + 2 * n;
                (
                    PropertyValue::String(text),
                    if in_vector {
                        self.align_if_padding(end)
                    } else {
                        end
                    },
                )
            }
            vt::BLOB => {
                let n = u32_at(s, at)? as usize;
                let b = s.get(at + 4..(at + 4).checked_add(n)?)?;
                (PropertyValue::Blob(b.to_vec()), at + 4 + n)
            }
            vt::CF => {
                let n = u32_at(s, at)? as usize;
                let b = s.get(at + 4..(at + 4).checked_add(n)?)?;
                (PropertyValue::ClipboardData(b.to_vec()), at + 4 + n)
            }
            other => (PropertyValue::Unsupported(other), at),
        })
    }

    /// Skips the zero padding writers put after strings in vectors, if it is there.
    fn align_if_padding(&self, end: usize) -> usize {
        let aligned = end.div_ceil(4) * 4;
        match self.sec.get(end..aligned) {
            Some(pad) if pad.iter().all(|&b| b == 0) => aligned,
            _ => end,
        }
    }

    /// Decodes a CodePageString's bytes with the section's code page, up to the first NUL.
    fn decode(&mut self, bytes: &[u8]) -> String {
        let cp = self.code_page.unwrap_or(1252);
        if cp == CP_WINUNICODE {
            return trim_nul(decode_utf16_lossy(bytes));
        }
        // Size counts the terminator (MS-OLEPS 2.5); the last byte is dropped even when
        // it is not NUL, as olefile and POI do, and the text ends at the first NUL
        // (Crystal Reports writes sizes that run into the next property).
        let bytes = bytes
            .get(..bytes.len().saturating_sub(1))
            .unwrap_or_default();
        let bytes = bytes.split(|&b| b == 0).next().unwrap_or_default();
        let enc = encoding(cp).unwrap_or_else(|| {
            self.warn(format!(
                "code page {cp} is not supported; strings decoded as windows-1252"
            ));
            encoding_rs::WINDOWS_1252
        });
        enc.decode_without_bom_handling(bytes).0.into_owned()
    }

    /// The dictionary (MS-OLEPS 2.17): property ids and their names.
    fn dictionary(&mut self, off: usize) -> Option<Vec<(u32, String)>> {
        let n = u32_at(self.sec, off)? as usize;
        if n > self.limits.max_properties as usize {
            self.warn(format!("dictionary of {n} entries exceeds the limit"));
            return None;
        }
        let unicode = self.code_page == Some(CP_WINUNICODE);
        let mut pos = off.checked_add(4)?;
        let mut out = Vec::with_capacity(n.min(1024));
        for _ in 0..n {
            let id = u32_at(self.sec, pos)?;
            let len = u32_at(self.sec, pos + 4)? as usize;
            let start = pos + 8;
            let bytes_len = if unicode { len.checked_mul(2)? } else { len };
            let bytes = self.sec.get(start..start.checked_add(bytes_len)?)?;
            let name = self.decode(bytes);
            pos = start + bytes_len;
            if unicode {
                pos = pos.div_ceil(4) * 4;
            }
            out.push((id, name));
        }
        Some(out)
    }
}

fn trim_nul(mut s: String) -> String {
    if let Some(i) = s.find('\0') {
        s.truncate(i);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    use testkit::cfb::{lpstr, property_set, typed};

    /// A one-section property set stream from (id, typed value bytes).
    fn build(fmtid: [u8; 16], props: &[(u32, Vec<u8>)]) -> Vec<u8> {
        property_set(&[(fmtid, props.to_vec())])
    }

    #[test]
    fn decodes_strings_with_the_sections_code_page() {
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("吾輩は猫である");
        let data = build(
            FMTID_SUMMARY_INFORMATION,
            &[
                (1, typed(vt::I2, &932u16.to_le_bytes())),
                (2, lpstr(&sjis)),
                (
                    12,
                    typed(vt::FILETIME, &116_444_736_000_000_000u64.to_le_bytes()),
                ),
                (14, typed(vt::I4, &7u32.to_le_bytes())),
            ],
        );
        let set = PropertySet::parse(&data, &Limits::default()).unwrap();
        let s = &set.sections[0];
        assert_eq!(s.code_page, Some(932));
        assert_eq!(
            s.get(2).and_then(PropertyValue::as_str),
            Some("吾輩は猫である")
        );
        assert_eq!(
            s.get(12).and_then(PropertyValue::as_filetime),
            Some(FileTime(116_444_736_000_000_000))
        );
        assert_eq!(set.get(14).and_then(PropertyValue::as_i64), Some(7));
        assert!(set.warnings.is_empty(), "{:?}", set.warnings);
    }

    #[test]
    fn reads_vectors_and_a_unicode_dictionary() {
        let mut vec_lpstr = 2u32.to_le_bytes().to_vec();
        for s in [&b"ab"[..], b"cde"] {
            vec_lpstr.extend_from_slice(&((s.len() + 1) as u32).to_le_bytes());
            vec_lpstr.extend_from_slice(s);
            vec_lpstr.push(0);
            while !vec_lpstr.len().is_multiple_of(4) {
                vec_lpstr.push(0);
            }
        }
        let mut dict = 1u32.to_le_bytes().to_vec();
        dict.extend_from_slice(&5u32.to_le_bytes());
        dict.extend_from_slice(&3u32.to_le_bytes());
        dict.extend("Ké".encode_utf16().chain([0]).flat_map(u16::to_le_bytes));
        let data = build(
            FMTID_USER_DEFINED_PROPERTIES,
            &[
                (1, typed(vt::I2, &1200u16.to_le_bytes())),
                (0, dict),
                (5, typed(vt::VECTOR | vt::LPSTR, &vec_lpstr)),
            ],
        );
        let set = PropertySet::parse(&data, &Limits::default()).unwrap();
        let s = &set.sections[0];
        assert_eq!(s.name_of(5), Some("Ké"));
        // With code page 1200, CodePageStrings are UTF-16; these bytes are not, so
        // check the vector structure rather than the text.
        match s.get(5) {
            Some(PropertyValue::Vector(v)) => assert_eq!(v.len(), 2),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bad_input_is_an_error_or_a_warning_never_a_panic() {
        let limits = Limits::default();
        assert!(matches!(
            PropertySet::parse(b"\xFE\xFF", &limits),
            Err(Error::Truncated { .. })
        ));
        let mut data = build(FMTID_SUMMARY_INFORMATION, &[(2, lpstr(b"title"))]);
        // Claim a 1000-byte string.
        let n = data.len();
        data[n - 12..n - 8].copy_from_slice(&1000u32.to_le_bytes());
        let set = PropertySet::parse(&data, &limits).unwrap();
        assert!(set.get(2).is_none());
        assert_eq!(set.warnings.len(), 1, "{:?}", set.warnings);
        for cut in 0..data.len() {
            let _ = PropertySet::parse(&data[..cut], &limits);
        }
    }
}
