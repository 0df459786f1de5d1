//! OLE compound files: which format a container holds, and the Word path.

use ole_cfb_read::CompoundFile;

use crate::Format;

/// Classifies a compound file by the streams it holds (MS-DOC, MS-XLS,
/// MS-PPT, HWP 5.0, MS-OFFCRYPTO).
pub(crate) fn detect_compound(bytes: &[u8]) -> Format {
    let Ok(cf) = CompoundFile::open(bytes) else {
        return Format::Cfb;
    };
    let has = |path: &str| cf.entry(path).is_some();
    if has("WordDocument") {
        Format::Doc
    } else if has("Workbook") || has("Book") {
        Format::Xls
    } else if has("PowerPoint Document") || has("PP40") {
        Format::Ppt
    } else if cf
        .stream("FileHeader")
        .is_ok_and(|h| h.starts_with(b"HWP Document File"))
    {
        Format::Hwp
    } else if has("EncryptionInfo") && has("EncryptedPackage") {
        Format::OoxmlEncrypted
    } else {
        Format::Cfb
    }
}
