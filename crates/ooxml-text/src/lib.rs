//! Text, parts, metadata and embedded files of the office documents written
//! since 2007: Word, Excel and PowerPoint's Office Open XML (ECMA-376:
//! `docx`/`docm`/`dotx`, `xlsx`/`xlsm`, `pptx`/`pptm`, transitional and
//! strict) and OpenDocument (ODF 1.3: `odt`, `ods`, `odp`, and the flat
//! `fodt`/`fods`/`fodp` XML).
//!
//! Every story comes out once, in reading order, as a
//! [`doc_model::Part`]: a Word body with its tables, content controls,
//! field results (never the field codes), accepted revisions (deleted text
//! dropped) and list numbers as displayed; headers and footers, footnotes,
//! endnotes, comments and text boxes as their own parts; a workbook's
//! sheets in workbook order with each cell as Excel shows it (number
//! formats rendered by `cell-format`, the renderer `.xls` uses); a
//! presentation's slides in `sldIdLst` order with their notes and comments.
//! Pictures (`media/`, `Pictures/`) and embedded objects (`embeddings/`,
//! ODF `Object N/`) are returned as [`doc_model::EmbeddedFile`]s for the
//! caller to read in turn.
//!
//! Not read: `xlsb` (binary workbooks: [`Error::Unsupported`]), macros,
//! and encrypted OOXML, which is a compound file — decrypt it with
//! `office-crypto` and pass the package it gives back.
//!
//! ```
//! use std::io::Write;
//! // A minimal docx, built in memory.
//! let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
//! let stored = zip::write::SimpleFileOptions::default()
//!     .compression_method(zip::CompressionMethod::Stored);
//! zip.start_file("[Content_Types].xml", stored).unwrap();
//! zip.write_all(br#"<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>"#).unwrap();
//! zip.start_file("_rels/.rels", stored).unwrap();
//! zip.write_all(br#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>"#).unwrap();
//! zip.start_file("word/document.xml", stored).unwrap();
//! zip.write_all(br#"<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>
//!   <w:p><w:r><w:t>Hello, </w:t></w:r><w:ins><w:r><w:t>new </w:t></w:r></w:ins><w:del><w:r><w:delText>old </w:delText></w:r></w:del><w:r><w:t>world</w:t></w:r></w:p>
//! </w:body></w:document>"#).unwrap();
//! let bytes = zip.finish().unwrap().into_inner();
//!
//! let doc = ooxml_text::parse(&bytes).unwrap();
//! assert_eq!(doc.details, ooxml_text::Kind::Docx);
//! assert_eq!(doc.text(), "Hello, new world\n");
//! ```
#![forbid(unsafe_code)]

mod docx;
mod drawing;
mod error;
mod meta;
mod numbering;
mod odf;
mod package;
mod pptx;
mod styles;
mod xlsx;

use std::time::Instant;

use doc_model::{EmbeddedFile, EmbeddedKind, Metadata, Part, PartKind};

pub use error::{Error, Warning, WarningKind};

use package::Package;

/// The caps on what a document may cost.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Most zip entries in a package. Default 65,536.
    pub max_entries: usize,
    /// Most bytes one part inflates to; the rest is left out with a
    /// warning. Default 512 MiB.
    pub max_part_bytes: u64,
    /// Most bytes all parts read inflate to. Default 1 GiB.
    pub max_total_bytes: u64,
    /// Most inflated bytes per compressed byte of an entry (a zip bomb
    /// stops here), once past [`Limits::ratio_floor`]. Default 1,000.
    pub max_ratio: u64,
    /// Bytes any entry may inflate to whatever its ratio. Default 16 MiB.
    pub ratio_floor: u64,
    /// Deepest XML nesting kept. Default 256.
    pub max_xml_depth: u32,
    /// Most XML nodes (elements and text runs) of one part. Default 32 Mi.
    pub max_xml_nodes: usize,
    /// Most bytes of text produced; the rest is left out with a warning.
    /// Default 256 MiB.
    pub max_output_bytes: u64,
    /// Most bytes of pictures and embedded objects in all. Default 256 MiB.
    pub max_embedded_bytes: u64,
    /// Most cells one ODF `number-columns-repeated` or
    /// `number-rows-repeated` run expands to when it has content (trailing
    /// empty repeats cost nothing). Default 1,024.
    pub max_repeat: u64,
    /// The moment after which reading stops, keeping what was read.
    pub deadline: Option<Instant>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_entries: 65_536,
            max_part_bytes: 512 << 20,
            max_total_bytes: 1 << 30,
            max_ratio: 1000,
            ratio_floor: 16 << 20,
            max_xml_depth: 256,
            max_xml_nodes: 32 << 20,
            max_output_bytes: 256 << 20,
            max_embedded_bytes: 256 << 20,
            max_repeat: 1024,
            deadline: None,
        }
    }
}

/// How to read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The caps.
    pub limits: Limits,
    /// Return pictures (`media/`, `Pictures/`) as embedded files. Default true.
    pub images: bool,
    /// Return embedded objects and packages (`embeddings/`, `Object N/`,
    /// `altChunk` parts) as embedded files. Default true.
    pub embedded: bool,
    /// The password of an encrypted OpenDocument package.
    pub password: Option<String>,
    /// Whether a workbook's sheets carry their tables as
    /// [`doc_model::Part::blocks`] (default `true`); `false` writes each
    /// row as a paragraph of its line, the same text at a fraction of the
    /// memory, for a caller that wants the text alone.
    pub structure: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            limits: Limits::default(),
            images: true,
            embedded: true,
            password: None,
            structure: true,
        }
    }
}

/// Which kind of document was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// WordprocessingML (`docx`, `docm`, `dotx`, `dotm`).
    Docx,
    /// SpreadsheetML (`xlsx`, `xlsm`, `xltx`).
    Xlsx,
    /// PresentationML (`pptx`, `pptm`, `ppsx`, `potx`).
    Pptx,
    /// OpenDocument text (`odt`, `ott`, `fodt`, and `odm` masters).
    Odt,
    /// OpenDocument spreadsheet (`ods`, `ots`, `fods`).
    Ods,
    /// OpenDocument presentation or drawing (`odp`, `otp`, `fodp`, `odg`).
    Odp,
}

impl Kind {
    /// The short name (`docx`, `ods`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Docx => "docx",
            Kind::Xlsx => "xlsx",
            Kind::Pptx => "pptx",
            Kind::Odt => "odt",
            Kind::Ods => "ods",
            Kind::Odp => "odp",
        }
    }
}

/// A read document ([`doc_model::Extraction`]): every story in reading
/// order (the body, or sheets, or slides with their notes, then notes,
/// headers, footers, comments and text boxes); metadata from
/// `docProps/core.xml` and `app.xml`, or ODF `meta.xml`; pictures and
/// embedded objects with their part names as paths; the defects that did
/// not stop reading; and, as its details, the [`Kind`] that was read.
pub type OfficeDocument = doc_model::Extraction<WarningKind, Kind>;

/// [`parse_with`] with default options.
pub fn parse(data: &[u8]) -> Result<OfficeDocument, Error> {
    parse_with(data, &Options::default())
}

/// Reads an OOXML or OpenDocument package, or a flat OpenDocument XML file.
pub fn parse_with(data: &[u8], options: &Options) -> Result<OfficeDocument, Error> {
    if !data.starts_with(b"PK") {
        return odf::read_flat(data, options);
    }
    let mut pkg = Package::open(data, &options.limits)?;
    let mut out = Out::new(options);
    // OpenDocument by its own entries, whatever their order or compression;
    // a package with `[Content_Types].xml` is OOXML.
    let odf = pkg.has("mimetype")
        || pkg.has("content.xml")
        || (pkg.has("META-INF/manifest.xml") && !pkg.has("[Content_Types].xml"));
    let kind = if odf {
        odf::read_package(&mut pkg, &mut out)?
    } else {
        read_ooxml(&mut pkg, &mut out)?
    };
    out.warnings.splice(0..0, std::mem::take(&mut pkg.warnings));
    Ok(out.finish(kind))
}

/// The main part of an OOXML package and what it is.
fn read_ooxml(pkg: &mut Package<'_>, out: &mut Out) -> Result<Kind, Error> {
    let types = pkg.content_types();
    let main = pkg
        .rels("")
        .into_iter()
        .find(|r| r.kind == "officeDocument")
        .map(|r| r.target)
        .filter(|t| pkg.has(t))
        .or_else(|| {
            [
                "word/document.xml",
                "xl/workbook.xml",
                "ppt/presentation.xml",
            ]
            .into_iter()
            .find(|p| pkg.has(p))
            .map(str::to_string)
        });
    let Some(main) = main else {
        if pkg.has("xl/workbook.bin") {
            return Err(Error::Unsupported(
                "xlsb (Excel binary workbook) is not read".into(),
            ));
        }
        return Err(Error::Corrupt(
            "package without a main document part (no officeDocument relationship, no word/document.xml, xl/workbook.xml or ppt/presentation.xml)".into(),
        ));
    };
    let ct = types.of(&main).unwrap_or("").to_ascii_lowercase();
    let lower = main.to_ascii_lowercase();
    if lower.ends_with(".bin") || ct.contains("sheet.binary") {
        return Err(Error::Unsupported(
            "xlsb (Excel binary workbook) is not read".into(),
        ));
    }
    let kind = if ct.contains("wordprocessingml") || ct.contains("ms-word") {
        Kind::Docx
    } else if ct.contains("spreadsheetml") || ct.contains("ms-excel") {
        Kind::Xlsx
    } else if ct.contains("presentationml") || ct.contains("ms-powerpoint") {
        Kind::Pptx
    } else if lower.starts_with("word/") {
        Kind::Docx
    } else if lower.starts_with("xl/") {
        Kind::Xlsx
    } else if lower.starts_with("ppt/") {
        Kind::Pptx
    } else {
        return Err(Error::NotOffice(format!(
            "main part {main} of content type {ct:?} is not Word, Excel or PowerPoint"
        )));
    };
    meta::read_ooxml(pkg, &mut out.metadata);
    match kind {
        Kind::Docx => docx::read(pkg, &main, out)?,
        Kind::Xlsx => xlsx::read(pkg, &main, out)?,
        _ => pptx::read(pkg, &main, out)?,
    }
    let folder = main.split('/').next().unwrap_or("").to_string();
    out.collect_media(
        pkg,
        &[&format!("{folder}/media/")],
        &[&format!("{folder}/embeddings/")],
    );
    Ok(kind)
}

/// Fails once the deadline has passed.
pub(crate) fn check_deadline(limits: &Limits) -> Result<(), Error> {
    match limits.deadline {
        Some(d) if Instant::now() >= d => Err(Error::LimitExceeded {
            what: "the deadline",
            limit: 0,
        }),
        _ => Ok(()),
    }
}

/// What the readers fill.
pub(crate) struct Out {
    pub options: Options,
    pub parts: Vec<Part>,
    pub metadata: Metadata,
    pub embedded: Vec<EmbeddedFile>,
    pub warnings: Vec<Warning>,
    output: u64,
    embedded_bytes: u64,
}

impl Out {
    pub fn new(options: &Options) -> Out {
        Out {
            options: options.clone(),
            parts: Vec::new(),
            metadata: Metadata::default(),
            embedded: Vec::new(),
            warnings: Vec::new(),
            output: 0,
            embedded_bytes: 0,
        }
    }

    /// Adds a part unless it is empty; past the output limit the text is
    /// cut with a warning.
    pub fn push(&mut self, mut part: Part) {
        if part.text.trim().is_empty() {
            return;
        }
        let max = self.options.limits.max_output_bytes;
        let room = max.saturating_sub(self.output) as usize;
        if part.text.len() > room {
            let mut cut = room;
            while !part.text.is_char_boundary(cut) {
                cut -= 1;
            }
            part.text.truncate(cut);
            // The blocks no longer render to the text: the text alone stays.
            part.blocks.clear();
            self.warn(
                WarningKind::Limit,
                format!("text exceeds {max} bytes: the rest is left out"),
            );
            if part.text.is_empty() {
                return;
            }
        }
        self.output = self.output.saturating_add(part.text.len() as u64);
        self.parts.push(part);
    }

    /// A part of `kind` with an optional name.
    pub fn part(&mut self, kind: PartKind, name: Option<String>, text: String) {
        let part = match name {
            Some(n) => Part::named(kind, n, text),
            None => Part::new(kind, text),
        };
        self.push(part);
    }

    pub fn warn(&mut self, kind: WarningKind, message: String) {
        if self.warnings.len() < 1000 && !self.warnings.iter().any(|w| w.message == message) {
            self.warnings.push(Warning::new(kind, message, None));
        }
    }

    /// Adds an embedded file under the byte budget.
    pub fn embed(&mut self, file: EmbeddedFile) {
        let len = file.data.len() as u64;
        if self.embedded_bytes.saturating_add(len) > self.options.limits.max_embedded_bytes {
            self.warn(
                WarningKind::Limit,
                format!(
                    "embedded files exceed {} bytes: {} and later ones are left out",
                    self.options.limits.max_embedded_bytes, file.path
                ),
            );
            return;
        }
        if self.embedded.iter().any(|e| e.path == file.path) {
            return;
        }
        self.embedded_bytes += len;
        self.embedded.push(file);
    }

    /// Every part under the `images` folders as an image and under the
    /// `objects` folders as an embedded object, as the options ask.
    pub fn collect_media(&mut self, pkg: &mut Package<'_>, images: &[&str], objects: &[&str]) {
        let names: Vec<String> = pkg.names().to_vec();
        for name in names {
            let lower = name.to_lowercase();
            let kind = if self.options.images
                && images.iter().any(|p| lower.starts_with(&p.to_lowercase()))
            {
                EmbeddedKind::Image
            } else if self.options.embedded
                && objects.iter().any(|p| lower.starts_with(&p.to_lowercase()))
            {
                EmbeddedKind::OleObject
            } else {
                continue;
            };
            self.embed_part(pkg, &name, kind);
        }
    }

    /// Adds part `name` as an embedded file of `kind`, with its content
    /// type as the media type and its own spelling as the path.
    pub fn embed_part(&mut self, pkg: &mut Package<'_>, name: &str, kind: EmbeddedKind) {
        let name = pkg.canonical(name).unwrap_or(name).to_string();
        let Some(data) = pkg.read(&name) else {
            return;
        };
        let media_type = pkg
            .content_type(&name)
            .filter(|t| t != "application/octet-stream");
        self.embed_data(&name, kind, data, media_type);
    }

    /// Adds the bytes of part `name` as an embedded file of `kind` (an OLE
    /// compound file unwrapped into the file it carries).
    pub fn embed_data(
        &mut self,
        name: &str,
        kind: EmbeddedKind,
        data: Vec<u8>,
        media_type: Option<String>,
    ) {
        let file_name = name.rsplit('/').next().unwrap_or(name).to_string();
        // An OLE object (`oleObject1.bin`) is a compound file: unwrapped
        // by ole-cfb-read into the file it carries (a packaged file, a
        // Word or Excel document, a PDF).
        if kind == EmbeddedKind::OleObject && data.starts_with(&ole_cfb_read::SIGNATURE) {
            let unwrapped =
                ole_cfb_read::CompoundFile::open(&data).and_then(|cf| cf.embedded_object(""));
            match unwrapped {
                Ok(mut object) => {
                    for w in std::mem::take(&mut object.warnings) {
                        self.warn(WarningKind::Reference, format!("/{name}: {w}"));
                    }
                    let file = object.into_embedded_file(&format!("/{name}"));
                    self.embed(file);
                    return;
                }
                Err(e) => self.warn(
                    WarningKind::Reference,
                    format!("/{name}: OLE object not unwrapped ({e}); kept as it is"),
                ),
            }
        }
        let mut file = EmbeddedFile::new(format!("/{name}"), kind, data).with_name(file_name);
        if let Some(t) = media_type {
            file = file.with_media_type(t);
        }
        self.embed(file);
    }

    fn finish(self, kind: Kind) -> OfficeDocument {
        let mut doc = OfficeDocument::new(kind);
        doc.parts = self.parts;
        doc.metadata = self.metadata;
        doc.embedded = self.embedded;
        doc.warnings = self.warnings;
        doc
    }
}
