//! OLE 1.0 objects (MS-OLEDS 2.2): the `ObjectHeader` of an `EmbeddedObject`
//! or `LinkedObject`, its native data, and the presentation object that may
//! follow — the form RTF stores hex-encoded in `\objdata`.

use crate::bytes::{Reader, ansi};
use crate::error::{Error, Warning, WarningKind};

/// `ObjectHeader.FormatID` of a `LinkedObject` (MS-OLEDS 2.2.4).
pub const FORMAT_ID_LINKED: u32 = 1;
/// `ObjectHeader.FormatID` of an `EmbeddedObject` (MS-OLEDS 2.2.4).
pub const FORMAT_ID_EMBEDDED: u32 = 2;

/// The header of an OLE 1.0 object (MS-OLEDS 2.2.4 ObjectHeader).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObjectHeader {
    /// `OLEVersion`: any value (usually `0x0501`); ignored by readers.
    pub ole_version: u32,
    /// `FormatID`: [`FORMAT_ID_LINKED`] or [`FORMAT_ID_EMBEDDED`].
    pub format_id: u32,
    /// `ClassName`: the object's class (`Package`, `Excel.Sheet.8`, `Word.Document.8`, `AcroExch.Document.DC`).
    pub class_name: String,
    /// `TopicName`: for a link, the linked file's path; usually empty for an embedding.
    pub topic_name: String,
    /// `ItemName`: for a link, the part of the file linked (a range, a bookmark).
    pub item_name: String,
}

/// What follows the [`ObjectHeader`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ole1Body<'a> {
    /// An `EmbeddedObject` (MS-OLEDS 2.2.5): the object's own bytes. For
    /// class `Package` they are a Packager [`Package`](crate::Package); for
    /// the classes of Office documents, a compound file.
    Embedded {
        /// `NativeData`, cut to the bytes present when the input ends early.
        native_data: &'a [u8],
    },
    /// A `LinkedObject` (MS-OLEDS 2.2.6): a reference to a file outside the document.
    Linked {
        /// `NetworkName`: the UNC share the linked file is on, if any.
        network_name: String,
        /// `LinkUpdateOption`: 1 always, 3 on call (MS-OLEDS 2.2.6).
        link_update_option: u32,
    },
}

/// An OLE 1.0 object: header, native data or link, and the presentation
/// (the picture a reader without the object's application shows).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ole1Object<'a> {
    /// The `ObjectHeader`.
    pub header: ObjectHeader,
    /// The embedded bytes or the link.
    pub body: Ole1Body<'a>,
    /// The presentation object, when one follows and is readable.
    pub presentation: Option<Presentation<'a>>,
    /// How many bytes of the input the object took.
    pub len: usize,
    /// Defects that did not stop reading (native data cut short, an unreadable presentation).
    pub warnings: Vec<Warning>,
}

/// How the presentation data is stored (MS-OLEDS 2.2.2, 2.2.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PresentationFormat {
    /// `METAFILEPICT`: a Windows metafile (MS-WMF); the 8 reserved bytes before it are skipped.
    Metafile,
    /// `BITMAP`: a device-dependent `Bitmap16` (MS-WMF 2.2.2.1).
    Bitmap,
    /// `DIB`: a device-independent bitmap (BITMAPINFO and bits, no file header).
    Dib,
    /// A standard clipboard format number (`CF_DIB` = 8, `CF_ENHMETAFILE` = 14, …).
    Clipboard(u32),
    /// A registered clipboard format, by name (`PNG`, `Rich Text Format`).
    Registered(String),
}

/// A presentation object (MS-OLEDS 2.2.1–2.2.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presentation<'a> {
    /// `ClassName` of the `PresentationObjectHeader`.
    pub class_name: String,
    /// What `data` holds.
    pub format: PresentationFormat,
    /// `Width` of a standard presentation (metafile units or pixels), if stated.
    pub width: Option<i32>,
    /// `Height` of a standard presentation (negative for metafiles), if stated.
    pub height: Option<i32>,
    /// `PresentationData`, cut to the bytes present.
    pub data: &'a [u8],
}

impl<'a> Ole1Object<'a> {
    /// Parses an OLE 1.0 object from the start of `data` (an RTF `\objdata`
    /// after its hex has been decoded). Native data shorter than declared is
    /// kept with a warning; a header that cannot be read is an error.
    pub fn parse(data: &'a [u8]) -> Result<Ole1Object<'a>, Error> {
        let mut r = Reader::new(data, "OLE 1.0 ObjectHeader");
        let ole_version = r.u32()?;
        let format_id = r.u32()?;
        if format_id != FORMAT_ID_LINKED && format_id != FORMAT_ID_EMBEDDED {
            return Err(Error::Corrupt(format!(
                "OLE 1.0 ObjectHeader has FormatID {format_id}, not 1 (linked) or 2 (embedded)"
            )));
        }
        let header = ObjectHeader {
            ole_version,
            format_id,
            class_name: r.length_prefixed_ansi()?,
            topic_name: r.length_prefixed_ansi()?,
            item_name: r.length_prefixed_ansi()?,
        };
        let mut warnings = Vec::new();
        let body = if format_id == FORMAT_ID_EMBEDDED {
            let at = r.pos();
            let size = r.u32()? as usize;
            let native_data =
                r.take_declared(size, "OLE 1.0 object's native data", at, &mut warnings);
            Ole1Body::Embedded { native_data }
        } else {
            let network_name = r.length_prefixed_ansi()?;
            let _reserved = r.u32()?;
            let link_update_option = r.u32()?;
            Ole1Body::Linked {
                network_name,
                link_update_option,
            }
        };
        let presentation = if r.rest().is_empty() {
            None
        } else {
            let at = r.pos();
            match presentation(&mut r) {
                Ok(p) => p,
                Err(e) => {
                    warnings.push(crate::error::warning(
                        WarningKind::Embedding,
                        format!("OLE 1.0 presentation object at offset {at} unreadable: {e}"),
                    ));
                    None
                }
            }
        };
        Ok(Ole1Object {
            header,
            body,
            presentation,
            len: r.pos(),
            warnings,
        })
    }

    /// The native data of an embedded object; `None` for a link.
    pub fn native_data(&self) -> Option<&'a [u8]> {
        match self.body {
            Ole1Body::Embedded { native_data } => Some(native_data),
            Ole1Body::Linked { .. } => None,
        }
    }
}

/// A presentation object (MS-OLEDS 2.2.1–2.2.3); `None` for FormatID 0.
fn presentation<'a>(r: &mut Reader<'a>) -> Result<Option<Presentation<'a>>, Error> {
    let _ole_version = r.u32()?;
    let format_id = r.u32()?;
    match format_id {
        0 => return Ok(None),
        5 => {}
        other => {
            return Err(Error::Corrupt(format!(
                "PresentationObjectHeader has FormatID {other}, not 0 or 5"
            )));
        }
    }
    let class_name = r.length_prefixed_ansi()?;
    let standard = match class_name.as_str() {
        "METAFILEPICT" => Some(PresentationFormat::Metafile),
        "BITMAP" => Some(PresentationFormat::Bitmap),
        "DIB" => Some(PresentationFormat::Dib),
        _ => None,
    };
    if let Some(format) = standard {
        // StandardPresentationObject (2.2.2): Width, Height, then the data.
        let width = r.u32()? as i32;
        let height = r.u32()? as i32;
        let size = r.u32()? as usize;
        let data = if format == PresentationFormat::Metafile {
            // MetaFilePresentationObject (2.2.2.1): the size counts 8 reserved bytes.
            r.take(8.min(size))?;
            r.take_up_to(size.saturating_sub(8))
        } else {
            r.take_up_to(size)
        };
        return Ok(Some(Presentation {
            class_name,
            format,
            width: Some(width),
            height: Some(height),
            data,
        }));
    }
    // GenericPresentationObject (2.2.3): a clipboard format, registered by name when 0.
    let format = match r.u32()? {
        0 => {
            let len = r.u32()? as usize;
            PresentationFormat::Registered(ansi(r.take(len)?))
        }
        n => PresentationFormat::Clipboard(n),
    };
    let size = r.u32()? as usize;
    Ok(Some(Presentation {
        class_name,
        format,
        width: None,
        height: None,
        data: r.take_up_to(size),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    use testkit::cfb::{lpas, ole1_link, registered_presentation};

    fn embedded(class: &str, native: &[u8]) -> Vec<u8> {
        let mut v = 0x0501u32.to_le_bytes().to_vec();
        v.extend_from_slice(&2u32.to_le_bytes());
        v.extend(lpas(class));
        v.extend(0u32.to_le_bytes());
        v.extend(0u32.to_le_bytes());
        v.extend((native.len() as u32).to_le_bytes());
        v.extend_from_slice(native);
        v
    }

    #[test]
    fn embedded_object_with_a_metafile_presentation() {
        let mut v = embedded("Package", b"NATIVE");
        v.extend(0x0501u32.to_le_bytes());
        v.extend(5u32.to_le_bytes());
        v.extend(lpas("METAFILEPICT"));
        v.extend(100i32.to_le_bytes());
        v.extend((-50i32).to_le_bytes());
        v.extend(12u32.to_le_bytes());
        v.extend([0xAA; 8]);
        v.extend(b"WMF!");
        let o = Ole1Object::parse(&v).unwrap();
        assert_eq!(o.header.class_name, "Package");
        assert_eq!(o.header.topic_name, "");
        assert_eq!(o.native_data(), Some(&b"NATIVE"[..]));
        let p = o.presentation.unwrap();
        assert_eq!(p.format, PresentationFormat::Metafile);
        assert_eq!((p.width, p.height), (Some(100), Some(-50)));
        assert_eq!(p.data, b"WMF!");
        assert_eq!(o.len, v.len());
        assert!(o.warnings.is_empty());
    }

    #[test]
    fn linked_object_and_generic_presentation() {
        let mut v = ole1_link(
            "Excel.Sheet.8",
            "C:\\book.xls",
            "Sheet1!R1C1",
            "\\\\server\\share",
            3,
        );
        v.extend(registered_presentation("PNG", b"png"));
        let o = Ole1Object::parse(&v).unwrap();
        assert_eq!(o.header.topic_name, "C:\\book.xls");
        assert_eq!(
            o.body,
            Ole1Body::Linked {
                network_name: "\\\\server\\share".into(),
                link_update_option: 3
            }
        );
        let p = o.presentation.clone().unwrap();
        assert_eq!(p.format, PresentationFormat::Registered("PNG".into()));
        assert_eq!(p.data, b"png");
        assert_eq!(o.native_data(), None);
    }

    #[test]
    fn short_native_data_is_kept_with_a_warning() {
        let mut v = embedded("Package", b"0123456789");
        v.truncate(v.len() - 4);
        let o = Ole1Object::parse(&v).unwrap();
        assert_eq!(o.native_data(), Some(&b"012345"[..]));
        assert_eq!(o.warnings.len(), 1, "{:?}", o.warnings);
        assert!(o.presentation.is_none());
    }

    #[test]
    fn bad_headers_are_errors_and_bad_presentations_warnings() {
        let mut v = embedded("X", b"");
        v[4] = 7;
        assert!(matches!(Ole1Object::parse(&v), Err(Error::Corrupt(_))));
        let mut v = embedded("Package", b"");
        v[8] = 0xFF;
        assert!(matches!(
            Ole1Object::parse(&v),
            Err(Error::Truncated { .. })
        ));
        let mut v = embedded("Package", b"ab");
        v.extend(0u32.to_le_bytes());
        v.extend(9u32.to_le_bytes());
        let o = Ole1Object::parse(&v).unwrap();
        assert!(o.presentation.is_none());
        assert_eq!(o.warnings.len(), 1);
        let mut v = embedded("Package", b"ab");
        v.extend(0u32.to_le_bytes());
        v.extend(0u32.to_le_bytes());
        let o = Ole1Object::parse(&v).unwrap();
        assert!(o.presentation.is_none() && o.warnings.is_empty());
        assert!(Ole1Object::parse(&[]).is_err());
    }
}
