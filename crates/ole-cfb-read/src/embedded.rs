//! What an embedded OLE object's storage holds (MS-OLEDS 1.3.3, the forms
//! Office, Acrobat, LibreOffice and Packager write), unwrapped to the bytes
//! a user would save: the packaged file, the OOXML or ODF package, the PDF,
//! or the compound document copied out as a file of its own.

use crate::comp_obj::{COMP_OBJ, CompObj};
use crate::error::{Error, Warning, WarningKind};
use crate::object_header::Ole1Object;
use crate::ole_native::{OLE10_NATIVE, OleNativeStream, Package};
use crate::{CompoundFile, EntryKind};

/// The application whose document a compound-file object is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Application {
    /// A Word 97–2003 document (`WordDocument` stream).
    Word,
    /// An Excel workbook (`Workbook`, or `Book` for Excel 5/95).
    Excel,
    /// A PowerPoint 97–2003 presentation (`PowerPoint Document`).
    PowerPoint,
    /// A Visio drawing (`VisioDocument`).
    Visio,
    /// A Publisher document (`Quill` storage).
    Publisher,
    /// A Hangul (HWP 5.0) document (`FileHeader` and `BodyText`).
    Hwp,
    /// Some other application's storage (an equation, a chart, a drawing).
    Other,
}

/// How an embedded object is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ObjectKind {
    /// A file packaged by the Object Packager in `\x01Ole10Native`.
    Package,
    /// OLE 1.0 native data of another class in `\x01Ole10Native` (a drawing,
    /// an equation): the bytes after the size, as stored.
    Ole10Native,
    /// An Office 2007+ document in the `Package` stream (a zip).
    OoxmlPackage,
    /// An OpenDocument in the `EmbeddedOdf` stream (or LibreOffice's `package_stream`).
    OdfPackage,
    /// The `CONTENTS` stream (a PDF embedded by Acrobat, among others).
    Contents,
    /// A compound document: the storage written out as a compound file.
    CompoundDocument(Application),
}

/// An embedded object, unwrapped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmbeddedObject {
    /// How it was stored.
    pub kind: ObjectKind,
    /// A file name for it: the package's own name, else the storage's name
    /// (`object` for the root) with [`extension`](Self::extension).
    pub file_name: String,
    /// The extension that fits the content (`xls`, `docx`, `pdf`; `bin`
    /// when unknown), or the one of a package's own file name.
    pub extension: String,
    /// The media type where the storage tells it; `None` when only the bytes could.
    pub media_type: Option<String>,
    /// The bytes.
    pub data: Vec<u8>,
    /// The storage's `\x01CompObj`, when present and readable.
    pub comp_obj: Option<CompObj>,
    /// The path a package's file was packaged from, when stated.
    pub source_path: Option<String>,
    /// Defects met unwrapping it.
    pub warnings: Vec<Warning>,
}

impl EmbeddedObject {
    /// The object as a `doc-model` embedded file at `{dir}/{file_name}`
    /// (`dir` the storage's resource path, `/ObjectPool/_1310388058`), named
    /// by its file name, with its media type where known. Its warnings stay
    /// with the caller.
    pub fn into_embedded_file(self, dir: &str) -> doc_model::EmbeddedFile {
        let path = format!("{}/{}", dir.trim_end_matches('/'), self.file_name);
        let mut file =
            doc_model::EmbeddedFile::new(path, doc_model::EmbeddedKind::OleObject, self.data)
                .with_name(self.file_name);
        if let Some(m) = self.media_type {
            file = file.with_media_type(m);
        }
        file
    }
}

/// Extension and media type of each [`Application`]'s documents.
fn application_type(app: Application) -> (&'static str, Option<&'static str>) {
    match app {
        Application::Word => ("doc", Some("application/msword")),
        Application::Excel => ("xls", Some("application/vnd.ms-excel")),
        Application::PowerPoint => ("ppt", Some("application/vnd.ms-powerpoint")),
        Application::Visio => ("vsd", Some("application/vnd.visio")),
        Application::Publisher => ("pub", Some("application/x-mspublisher")),
        Application::Hwp => ("hwp", Some("application/x-hwp")),
        Application::Other => ("ole", Some("application/x-ole-storage")),
    }
}

/// OOXML types by the program id Office registers for them.
const OOXML_PROG_IDS: &[(&str, &str, &str)] = &[
    (
        "Word.Document.12",
        "docx",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ),
    (
        "Word.DocumentMacroEnabled.12",
        "docm",
        "application/vnd.ms-word.document.macroEnabled.12",
    ),
    (
        "Excel.Sheet.12",
        "xlsx",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ),
    (
        "Excel.SheetMacroEnabled.12",
        "xlsm",
        "application/vnd.ms-excel.sheet.macroEnabled.12",
    ),
    (
        "Excel.SheetBinaryMacroEnabled.12",
        "xlsb",
        "application/vnd.ms-excel.sheet.binary.macroEnabled.12",
    ),
    (
        "PowerPoint.Show.12",
        "pptx",
        "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ),
    (
        "PowerPoint.ShowMacroEnabled.12",
        "pptm",
        "application/vnd.ms-powerpoint.presentation.macroEnabled.12",
    ),
    (
        "PowerPoint.Slide.12",
        "sldx",
        "application/vnd.openxmlformats-officedocument.presentationml.slide",
    ),
    (
        "Visio.Drawing.15",
        "vsdx",
        "application/vnd.ms-visio.drawing",
    ),
];

/// OOXML types by the main part a zip holds (names are stored uncompressed).
const OOXML_MAIN_PARTS: &[(&[u8], usize)] = &[
    (b"word/document.xml", 0),
    (b"xl/workbook.xml", 2),
    (b"xl/workbook.bin", 4),
    (b"ppt/presentation.xml", 5),
];

/// OpenDocument media types and their extensions.
const ODF_TYPES: &[(&str, &str)] = &[
    ("application/vnd.oasis.opendocument.text", "odt"),
    ("application/vnd.oasis.opendocument.spreadsheet", "ods"),
    ("application/vnd.oasis.opendocument.presentation", "odp"),
    ("application/vnd.oasis.opendocument.graphics", "odg"),
    ("application/vnd.oasis.opendocument.formula", "odf"),
    ("application/vnd.oasis.opendocument.chart", "odc"),
    ("application/vnd.oasis.opendocument.text-master", "odm"),
];

/// The `mimetype` an OpenDocument zip stores first, uncompressed (ODF 1.3 Part 2, 3.3).
fn odf_mimetype(zip: &[u8]) -> Option<&str> {
    let header = zip.get(..30)?;
    if header.get(..4)? != b"PK\x03\x04" || header.get(8..10)? != [0, 0] {
        return None;
    }
    let size = u32::from_le_bytes(header.get(18..22)?.try_into().ok()?) as usize;
    let name_len = usize::from(u16::from_le_bytes(header.get(26..28)?.try_into().ok()?));
    let extra_len = usize::from(u16::from_le_bytes(header.get(28..30)?.try_into().ok()?));
    if zip.get(30..30 + name_len)? != b"mimetype" || size > 100 {
        return None;
    }
    let at = 30 + name_len + extra_len;
    std::str::from_utf8(zip.get(at..at + size)?).ok()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

impl<'a> CompoundFile<'a> {
    /// What the storage at `path` holds as an embedded OLE object (an
    /// `ObjectPool/_1310388058` storage of a Word document, an `MBD0001`
    /// storage of a workbook; `""` for the root of a compound file that is
    /// itself the object, as in an RTF `\objdata` or a PowerPoint
    /// `ExOleObjStg`), unwrapped:
    ///
    /// - `\x01Ole10Native` holding a Packager package: the packaged file and its name;
    ///   other OLE 1.0 native data as stored;
    /// - `Package`: the OOXML zip (type from the program id, else from the zip's main part);
    /// - `EmbeddedOdf` / `package_stream`: the OpenDocument zip (type from its `mimetype`);
    /// - `WordDocument`, `Workbook`/`Book`, `PowerPoint Document`,
    ///   `VisioDocument`, `Quill`, HWP's `FileHeader`: the storage copied out
    ///   with [`copy_storage`](Self::copy_storage) (for the root, the input
    ///   bytes as they are);
    /// - `CONTENTS`: its bytes (a PDF when they start with `%PDF`);
    /// - anything else: the storage copied out as `<name>.ole`.
    pub fn embedded_object(&self, path: &str) -> Result<EmbeddedObject, Error> {
        let path = path.trim_matches('/');
        let storage_name = if path.is_empty() {
            "object"
        } else {
            let entry = self
                .entry(path)
                .ok_or_else(|| Error::NotFound(path.to_owned()))?;
            if entry.kind != EntryKind::Storage {
                return Err(Error::NotAStorage(entry.path.clone()));
            }
            entry.name.as_str()
        };
        let child = |name: &str| {
            let p = if path.is_empty() {
                name.to_owned()
            } else {
                format!("{path}/{name}")
            };
            self.entry(&p).map(|e| (e.kind, p))
        };
        let stream = |name: &str| {
            child(name)
                .filter(|(k, _)| *k == EntryKind::Stream)
                .map(|(_, p)| p)
        };
        let mut warnings = Vec::new();
        let read = |p: &str, warnings: &mut Vec<Warning>| -> Result<Vec<u8>, Error> {
            let s = self.read_stream(p)?;
            warnings.extend(s.warnings);
            Ok(s.data.into_owned())
        };
        let comp_obj = match stream(COMP_OBJ) {
            Some(p) => match read(&p, &mut warnings).and_then(|b| CompObj::parse(&b)) {
                Ok(c) => Some(c),
                Err(e) => {
                    warnings.push(crate::error::warning(
                        WarningKind::Embedding,
                        format!("{p:?} unreadable: {e}"),
                    ));
                    None
                }
            },
            None => None,
        };
        let prog_id = comp_obj
            .as_ref()
            .and_then(|c| c.prog_id.clone())
            .unwrap_or_default();
        let object = |kind, extension: &'static str, media_type: Option<String>, data, warnings| {
            EmbeddedObject {
                kind,
                file_name: format!("{storage_name}.{extension}"),
                extension: extension.to_owned(),
                media_type,
                data,
                comp_obj: comp_obj.clone(),
                source_path: None,
                warnings,
            }
        };

        if let Some(p) = stream(OLE10_NATIVE) {
            let bytes = read(&p, &mut warnings)?;
            let native = OleNativeStream::parse(&bytes)?;
            warnings.extend(native.warnings.iter().cloned());
            let mut o = from_native_data(storage_name, native.native_data, true, warnings);
            o.comp_obj = comp_obj;
            return Ok(o);
        }
        if let Some(p) = stream("Package") {
            let data = read(&p, &mut warnings)?;
            let by_prog_id = OOXML_PROG_IDS
                .iter()
                .find(|(id, _, _)| id.eq_ignore_ascii_case(&prog_id));
            let by_part = || {
                OOXML_MAIN_PARTS
                    .iter()
                    .find(|(part, _)| contains(&data, part))
                    .and_then(|(_, i)| OOXML_PROG_IDS.get(*i))
            };
            let (ext, media) = by_prog_id
                .or_else(by_part)
                .map_or(("zip", None), |(_, e, m)| (*e, Some((*m).to_owned())));
            return Ok(object(ObjectKind::OoxmlPackage, ext, media, data, warnings));
        }
        if let Some(p) = stream("EmbeddedOdf").or_else(|| stream("package_stream")) {
            let data = read(&p, &mut warnings)?;
            let media = odf_mimetype(&data).map(str::to_owned);
            let ext = media
                .as_deref()
                .and_then(|m| ODF_TYPES.iter().find(|(t, _)| *t == m))
                .map_or("zip", |(_, e)| *e);
            return Ok(object(ObjectKind::OdfPackage, ext, media, data, warnings));
        }
        let has = |name: &str| child(name).is_some();
        let app = if stream("WordDocument").is_some() {
            Some(Application::Word)
        } else if stream("Workbook").is_some() || stream("Book").is_some() {
            Some(Application::Excel)
        } else if stream("PowerPoint Document").is_some() {
            Some(Application::PowerPoint)
        } else if stream("VisioDocument").is_some() {
            Some(Application::Visio)
        } else if has("Quill") {
            Some(Application::Publisher)
        } else if stream("FileHeader").is_some() && has("BodyText") {
            Some(Application::Hwp)
        } else {
            None
        };
        if app.is_none()
            && let Some(p) = stream("CONTENTS")
        {
            let data = read(&p, &mut warnings)?;
            let (ext, media) = sniff(&data);
            let media = media.map(str::to_owned);
            return Ok(object(ObjectKind::Contents, ext, media, data, warnings));
        }
        let app = app.unwrap_or(Application::Other);
        let data = if path.is_empty() {
            self.sectors.0.data.to_vec()
        } else {
            let (bytes, copy_warnings) = self.copy_storage_with_warnings(path)?;
            warnings.extend(copy_warnings);
            bytes
        };
        let (ext, media) = application_type(app);
        Ok(object(
            ObjectKind::CompoundDocument(app),
            ext,
            media.map(str::to_owned),
            data,
            warnings,
        ))
    }
}

/// Extension and media type of bytes whose first bytes say what they are.
fn sniff(data: &[u8]) -> (&'static str, Option<&'static str>) {
    const MAGIC: &[(&[u8], &str, &str)] = &[
        (b"%PDF", "pdf", "application/pdf"),
        (b"\x89PNG\r\n\x1A\n", "png", "image/png"),
        (b"\xFF\xD8\xFF", "jpg", "image/jpeg"),
        (b"GIF8", "gif", "image/gif"),
        (b"BM", "bmp", "image/bmp"),
        (b"{\\rtf", "rtf", "application/rtf"),
        (b"PK\x03\x04", "zip", "application/zip"),
        (&crate::SIGNATURE, "ole", "application/x-ole-storage"),
    ];
    MAGIC
        .iter()
        .find(|(m, _, _)| data.starts_with(m))
        .map_or(("bin", None), |(_, e, t)| (*e, Some(*t)))
}

/// OLE 1.0 native data unwrapped: a Packager package when `may_be_package`
/// and it parses as one, else the bytes as stored.
fn from_native_data(
    storage_name: &str,
    native: &[u8],
    may_be_package: bool,
    mut warnings: Vec<Warning>,
) -> EmbeddedObject {
    let package = may_be_package
        .then(|| Package::parse(native).ok())
        .flatten();
    let Some(package) = package else {
        let (ext, media) = sniff(native);
        return EmbeddedObject {
            kind: ObjectKind::Ole10Native,
            file_name: format!("{storage_name}.{ext}"),
            extension: ext.to_owned(),
            media_type: media.map(str::to_owned),
            data: native.to_vec(),
            comp_obj: None,
            source_path: None,
            warnings,
        };
    };
    warnings.extend(package.warnings.iter().cloned());
    if package.is_link {
        warnings.push(crate::error::warning(
            WarningKind::Embedding,
            format!(
                "package links to {:?} instead of holding the file",
                package.source_path
            ),
        ));
    }
    let name = package.file_name();
    let (ext, media) = sniff(package.data);
    let (file_name, extension) = if name.is_empty() {
        (format!("{storage_name}.{ext}"), ext.to_owned())
    } else {
        let own = name.rsplit_once('.').map_or("", |(_, e)| e);
        (name.to_owned(), own.to_owned())
    };
    EmbeddedObject {
        kind: ObjectKind::Package,
        file_name,
        extension,
        media_type: media.map(str::to_owned),
        data: package.data.to_vec(),
        comp_obj: None,
        source_path: (!package.source_path.is_empty()).then(|| package.source_path.clone()),
        warnings,
    }
}

impl Ole1Object<'_> {
    /// The embedded object unwrapped as [`CompoundFile::embedded_object`]
    /// unwraps a storage, named `object.<ext>` unless a package names it:
    /// class `Package` gives the packaged file; native data that is a
    /// compound file (`Word.Document.8`, `Excel.Sheet.8`, …) is opened and
    /// classified, its bytes kept as they are; other native data (`PBrush`
    /// bitmaps, equations) as stored. `None` for a linked object.
    pub fn embedded_object(&self) -> Result<Option<EmbeddedObject>, Error> {
        let Some(native) = self.native_data() else {
            return Ok(None);
        };
        let warnings = self.warnings.clone();
        if native.starts_with(&crate::SIGNATURE) {
            let cfb = CompoundFile::open(native)?;
            let mut o = cfb.embedded_object("")?;
            o.warnings.splice(0..0, warnings);
            return Ok(Some(o));
        }
        let package = self.header.class_name.eq_ignore_ascii_case("Package");
        Ok(Some(from_native_data("object", native, package, warnings)))
    }
}
