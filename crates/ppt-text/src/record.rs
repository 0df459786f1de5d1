//! MS-PPT 2.3 record header and the record types this crate reads; the
//! 8-byte header is OfficeArt's, so iteration is `office_art::Records`.

/// Record types (MS-PPT 2.13.24 RecordType).
pub mod types {
    pub const DOCUMENT: u16 = 0x03E8;
    pub const SLIDE_ATOM: u16 = 0x03EF;
    pub const SLIDE_PERSIST_ATOM: u16 = 0x03F3;
    pub const PP_DRAWING: u16 = 0x040C;
    pub const OUTLINE_TEXT_REF_ATOM: u16 = 0x0F9E;
    pub const TEXT_HEADER_ATOM: u16 = 0x0F9F;
    pub const TEXT_CHARS_ATOM: u16 = 0x0FA0;
    pub const STYLE_TEXT_PROP_ATOM: u16 = 0x0FA1;
    pub const ENVIRONMENT: u16 = 0x03F2;
    pub const FONT_COLLECTION: u16 = 0x07D5;
    pub const FONT_ENTITY_ATOM: u16 = 0x0FB7;
    pub const TEXT_BYTES_ATOM: u16 = 0x0FA8;
    pub const CSTRING: u16 = 0x0FBA;
    pub const SLIDE_NUMBER_MC_ATOM: u16 = 0x0FD8;
    pub const HEADERS_FOOTERS: u16 = 0x0FD9;
    pub const HEADERS_FOOTERS_ATOM: u16 = 0x0FDA;
    pub const SLIDE_LIST_WITH_TEXT: u16 = 0x0FF0;
    pub const USER_EDIT_ATOM: u16 = 0x0FF5;
    pub const CURRENT_USER_ATOM: u16 = 0x0FF6;
    pub const DATE_TIME_MC_ATOM: u16 = 0x0FF7;
    pub const GENERIC_DATE_MC_ATOM: u16 = 0x0FF8;
    pub const HEADER_MC_ATOM: u16 = 0x0FF9;
    pub const FOOTER_MC_ATOM: u16 = 0x0FFA;
    pub const EX_OLE_OBJ_STG: u16 = 0x1011;
    pub const PERSIST_DIRECTORY_ATOM: u16 = 0x1772;
    pub const PLACEHOLDER_ATOM: u16 = 0x0BC3;
    pub const BINARY_TAG_DATA_BLOB: u16 = 0x138B;
    pub const COMMENT10: u16 = 0x2EE0;
}

pub fn le_u16(d: &[u8], at: usize) -> Option<u16> {
    let b = d.get(at..at.checked_add(2)?)?;
    Some(u16::from_le_bytes([b[0], b[1]]))
}

pub fn le_u32(d: &[u8], at: usize) -> Option<u32> {
    let b = d.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// TextCharsAtom (UTF-16LE) text.
pub fn utf16(body: &[u8]) -> String {
    let units = body
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]));
    char::decode_utf16(units)
        .map(|c| c.unwrap_or('\u{FFFD}'))
        .collect()
}

/// TextBytesAtom text: the low bytes of UTF-16 code units (Latin-1).
pub fn latin1(body: &[u8]) -> String {
    body.iter().map(|&b| char::from(b)).collect()
}
