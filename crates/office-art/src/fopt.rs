//! Shape properties (MS-ODRAW 2.2.9 OfficeArtFOPT, 2.2.7 OfficeArtFOPTE,
//! 2.2.10/2.2.11 secondary and tertiary tables).

use crate::error::{Warning, WarningKind};

/// Property ids this crate names (MS-ODRAW 2.3).
pub mod ids {
    /// `lTxid`: the id of the shape's text in the host application (Word's text box chain).
    pub const TEXT_ID: u16 = 0x0080;
    /// `gtextUNICODE`: the text of a WordArt shape (UTF-16).
    pub const GTEXT_UNICODE: u16 = 0x00C0;
    /// `pib`: the 1-based index of the shape's picture in the BLIP store.
    pub const PIB: u16 = 0x0104;
    /// `pibName`: the picture's file name (UTF-16).
    pub const PIB_NAME: u16 = 0x0105;
    /// `fillBlip`: the picture a shape is filled with.
    pub const FILL_BLIP: u16 = 0x0186;
    /// `wzName`: the shape's name (UTF-16).
    pub const SHAPE_NAME: u16 = 0x0380;
    /// `wzDescription`: the shape's alternative text (UTF-16).
    pub const DESCRIPTION: u16 = 0x0381;
    /// `wzTooltip`: the shape's hyperlink tooltip (UTF-16).
    pub const TOOLTIP: u16 = 0x038D;
}

/// One `OfficeArtFOPTE` and, for a complex property, its data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Property<'a> {
    /// The property id (`opid.opid`, 14 bits).
    pub id: u16,
    /// `fBid`: the value is a BLIP id (a 1-based index into the BLIP store).
    pub is_blip_id: bool,
    /// `op`: the value, or for a complex property the length of its data.
    pub value: u32,
    /// The data of a complex property (`fComplex`), cut to the bytes present.
    pub complex: Option<&'a [u8]>,
}

impl Property<'_> {
    /// The complex data as UTF-16 text up to its first NUL.
    pub fn text(&self) -> Option<String> {
        let units: Vec<u16> = self
            .complex?
            .chunks_exact(2)
            .filter_map(|c| c.try_into().ok().map(u16::from_le_bytes))
            .take_while(|&u| u != 0)
            .collect();
        Some(String::from_utf16_lossy(&units))
    }
}

/// Appends the properties of an `OfficeArtFOPT`-style record body holding
/// `count` (its `recInstance`) entries; `offset` is the body's, for warnings.
pub(crate) fn parse<'a>(
    body: &'a [u8],
    count: u16,
    offset: u64,
    out: &mut Vec<Property<'a>>,
    warnings: &mut Vec<Warning>,
) {
    let count = usize::from(count);
    let table_len = count * 6;
    let table = body.get(..table_len.min(body.len())).unwrap_or_default();
    if table.len() < table_len {
        warnings.push(Warning::new(
            WarningKind::Shape,
            format!(
                "property table of {count} entries has {} bytes of {table_len}",
                table.len()
            ),
            Some(offset),
        ));
    }
    let mut complex_at = table_len;
    let mut cut = false;
    for e in table.chunks_exact(6) {
        let opid = u16::from_le_bytes([e[0], e[1]]);
        let value = u32::from_le_bytes([e[2], e[3], e[4], e[5]]);
        let is_complex = opid & 0x8000 != 0;
        let complex = if is_complex {
            let len = usize::try_from(value).unwrap_or(usize::MAX);
            let start = complex_at.min(body.len());
            let end = complex_at.saturating_add(len).min(body.len());
            if end - start < len && !cut {
                cut = true;
                warnings.push(Warning::new(
                    WarningKind::Shape,
                    format!(
                        "complex property {:#06x} declares {len} bytes, {} present",
                        opid & 0x3FFF,
                        end - start
                    ),
                    Some(offset + start as u64),
                ));
            }
            complex_at = end;
            body.get(start..end)
        } else {
            None
        };
        out.push(Property {
            id: opid & 0x3FFF,
            is_blip_id: opid & 0x4000 != 0,
            value,
            complex,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_and_complex_properties() {
        let name: Vec<u8> = "Picture 1\0"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let mut body = Vec::new();
        body.extend((ids::PIB | 0x4000).to_le_bytes());
        body.extend(3u32.to_le_bytes());
        body.extend((ids::SHAPE_NAME | 0x8000).to_le_bytes());
        body.extend((name.len() as u32).to_le_bytes());
        body.extend(ids::TEXT_ID.to_le_bytes());
        body.extend(0x0001_0000u32.to_le_bytes());
        body.extend(&name);
        let (mut out, mut w) = (Vec::new(), Vec::new());
        parse(&body, 3, 0, &mut out, &mut w);
        assert!(w.is_empty());
        assert_eq!(out.len(), 3);
        assert!(out[0].is_blip_id && out[0].value == 3);
        assert_eq!(out[1].text().as_deref(), Some("Picture 1"));
        assert_eq!(out[2].complex, None);
        // Cut inside the complex data: kept as far as it goes, one warning.
        let (mut out, mut w) = (Vec::new(), Vec::new());
        parse(&body[..body.len() - 6], 3, 0, &mut out, &mut w);
        assert_eq!(out[1].text().as_deref(), Some("Picture"));
        assert_eq!(w.len(), 1);
        // A count larger than the table.
        let (mut out, mut w) = (Vec::new(), Vec::new());
        parse(&body[..10], 9, 0, &mut out, &mut w);
        assert_eq!(out.len(), 1);
        assert_eq!(w.len(), 1);
    }
}
