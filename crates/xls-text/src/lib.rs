//! `xls-text`: the text of Excel workbooks in the binary formats — Excel
//! 97–2003 (BIFF8), Excel 5.0/95 (BIFF5/7) and the bare BIFF2–4 files of
//! Excel 2.x–4.0 — as Excel displays it.
//!
//! [`parse`] takes the bytes of a `.xls` file (an OLE compound file with a
//! `Workbook` or `Book` stream, names matched case-insensitively, or a bare
//! BIFF2–4 record stream) and returns a [`Workbook`]: one
//! [`doc_model::PartKind::Sheet`] part per sheet (its name, then one line
//! per row, cells separated by TAB, trailing empty cells dropped), the
//! sheets' page headers and footers (`&` codes stripped), cell comments
//! and text boxes as their own parts, the document properties, embedded
//! objects and warnings.
//!
//! Cells read: LABELSST, LABEL, RSTRING, NUMBER, RK, MULRK, BOOLERR and the
//! cached results of FORMULA (with the STRING record of string results);
//! numbers are shown through their cell's number format exactly as Excel
//! shows them (the `cell-format` crate: built-in and custom formats, dates
//! in the 1900 or 1904 system, the CJK built-ins chosen by the COUNTRY
//! record). Shared strings split across CONTINUE records are stitched with
//! the option byte each continuation restarts with.
//!
//! Encrypted workbooks (FILEPASS: XOR obfuscation, RC4, RC4 CryptoAPI) are
//! decrypted with `office-crypto`, trying [`Options::password`] and then
//! Excel's default `VelvetSweatshop`; when neither opens the workbook the
//! result is [`Error::Encrypted`].
//!
//! It does **not** evaluate formulas (the cached value is the truth), or
//! read charts, pivot caches or VBA. The objects embedded in `MBD*` storages
//! come out in [`Workbook::embedded`] as the file a user would save
//! (`ole_cfb_read::CompoundFile::embedded_object`: a packaged file, an OOXML
//! package, a PDF, or a Word document or workbook copied out as a compound
//! file); the caller extracts their text.
//!
//! ```
//! let data = include_bytes!("../../../fixtures/xls/cells.xls");
//! let book = xls_text::parse(data)?;
//! let sheet = &book.parts[0];
//! assert_eq!(sheet.name.as_deref(), Some("Cells"));
//! assert!(sheet.text.contains("Label\tShared string"));
//! assert!(book.text().contains("1,234.57"));
//! assert!(book.warnings.is_empty());
//! # Ok::<(), xls_text::Error>(())
//! ```
#![forbid(unsafe_code)]

mod codepage;
mod error;
mod record;
mod sst;
mod strings;
mod workbook;

use std::time::Instant;

use doc_model::EmbeddedFile;
use ole_cfb_read::{CompoundFile, EntryKind};

pub use cell_format::Locale;
pub use codepage::encoding_for_code_page;
pub use encoding_rs::Encoding;
pub use error::{Error, Warning, WarningKind};

/// Caps that keep a hostile workbook from costing unbounded time or memory.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Most bytes of text produced (cells, separators); the rest is left
    /// out with a warning. Default 256 MiB.
    pub max_output_bytes: u64,
    /// Most non-empty cells read; the rest are left out with a warning.
    /// Default 16,777,216.
    pub max_cells: u64,
    /// Most shared strings read. Default 16,777,216.
    pub max_sst_strings: usize,
    /// Most warnings kept. Default 1,000.
    pub max_warnings: usize,
    /// Most bytes of the drawing group (the pictures, MSODRAWINGGROUP);
    /// past it the pictures are skipped with a warning. Default 256 MiB.
    pub max_drawing_bytes: u64,
    /// The moment after which reading stops, keeping what was read.
    pub deadline: Option<Instant>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_output_bytes: 256 << 20,
            max_cells: 1 << 24,
            max_sst_strings: 1 << 24,
            max_warnings: 1000,
            max_drawing_bytes: 256 << 20,
            deadline: None,
        }
    }
}

/// How to read a workbook.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Caps on the work done.
    pub limits: Limits,
    /// The password of an encrypted workbook (tried after Excel's default
    /// `VelvetSweatshop`).
    pub password: Option<String>,
    /// The code page of BIFF5 and older 8-bit text, overriding the
    /// workbook's CODEPAGE record.
    pub code_page: Option<u16>,
    /// The locale of the built-in CJK date formats, overriding the
    /// workbook's COUNTRY record.
    pub locale: Option<Locale>,
    /// Whether each sheet's text starts with the sheet's name on a line of
    /// its own, as Excel's tabs show it (default `true`).
    pub sheet_names: bool,
    /// Whether each sheet's [`doc_model::Part::blocks`] is a table (default
    /// `true`); `false` writes each row as a paragraph of its line, the
    /// same text at a fraction of the memory, for a caller that wants the
    /// text alone.
    pub structure: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            limits: Limits::default(),
            password: None,
            code_page: None,
            locale: None,
            sheet_names: true,
            structure: true,
        }
    }
}

/// The BIFF version of a workbook stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Biff {
    /// Excel 2.x.
    Biff2,
    /// Excel 3.0.
    Biff3,
    /// Excel 4.0.
    Biff4,
    /// Excel 5.0 and 95 (BIFF5/7).
    Biff5,
    /// Excel 97–2003.
    Biff8,
}

/// What only a workbook states, beside its sheets: its BIFF version, code
/// page, date system and defined names.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct WorkbookDetails {
    /// The BIFF version.
    pub biff: Biff,
    /// The CODEPAGE record's value, if any.
    pub code_page: Option<u16>,
    /// Whether dates count from 1904 (DATEMODE).
    pub date1904: bool,
    /// The workbook's defined names (NAME records), built-in ones left out.
    pub defined_names: Vec<String>,
}

/// A read workbook ([`doc_model::Extraction`]): each sheet (name, rows)
/// followed by its header, footer, comments and text boxes in workbook
/// order, the document properties, embedded files with bytes (packages,
/// `CONTENTS` payloads), the defects that did not stop reading, the
/// encoding of 8-bit text (BIFF5 and older; none for BIFF8) and the
/// [`WorkbookDetails`].
pub type Workbook = doc_model::Extraction<WarningKind, WorkbookDetails>;

/// Reads a workbook with default [`Options`].
pub fn parse(data: &[u8]) -> Result<Workbook, Error> {
    parse_with(data, &Options::default())
}

/// Reads a workbook: a compound file, or a bare BIFF2–4 record stream.
pub fn parse_with(data: &[u8], options: &Options) -> Result<Workbook, Error> {
    if data.starts_with(&ole_cfb_read::SIGNATURE) {
        let cf = CompoundFile::open(data)?;
        return from_compound_file(&cf, options);
    }
    if is_bare_biff(data) {
        return from_stream(data, options);
    }
    Err(Error::Unsupported(
        "neither a compound file nor a BIFF record stream".into(),
    ))
}

/// Whether `data` starts with a BIFF2–4 BOF record (an Excel 2.x–4.0 file
/// written without a compound file) — the facade's detector.
pub fn is_bare_biff(data: &[u8]) -> bool {
    matches!(
        data.get(..4),
        Some([0x09, 0x00 | 0x02 | 0x04, len, 0]) if (4..=16).contains(len)
    )
}

/// Reads the workbook stream (`Workbook`, or `Book` for BIFF5) of an
/// opened compound file, its property sets and its embedded objects.
pub fn from_compound_file(cf: &CompoundFile<'_>, options: &Options) -> Result<Workbook, Error> {
    let entry = cf
        .entries()
        .iter()
        .filter(|e| e.kind == EntryKind::Stream && !e.path.contains('/'))
        .find(|e| e.name.eq_ignore_ascii_case("Workbook"))
        .or_else(|| {
            cf.entries()
                .iter()
                .filter(|e| e.kind == EntryKind::Stream && !e.path.contains('/'))
                .find(|e| e.name.eq_ignore_ascii_case("Book"))
        })
        .ok_or_else(|| Error::Unsupported("no Workbook or Book stream".into()))?;
    let stream = cf.read_entry(entry)?;
    let mut book = from_stream(&stream.data, options)?;
    for w in cf.warnings().iter().chain(stream.warnings.iter()) {
        book.warnings
            .push(Warning::new(WarningKind::Container, w.to_string(), None));
    }
    let m = cf.metadata();
    for w in &m.warnings {
        book.warnings
            .push(Warning::new(WarningKind::Container, w.to_string(), None));
    }
    book.metadata = m.to_doc_model();
    embedded(cf, &mut book);
    Ok(book)
}

/// Salvages a workbook whose compound file cannot be opened or has lost
/// its directory entry — typically a download cut short. The workbook
/// stream is found by its globals BOF (BIFF8 or BIFF5) at a 64-byte
/// boundary (a big stream's sectors and a small one's mini-stream sectors
/// both start there) and read as if it ran contiguously from there, as
/// Excel and LibreOffice lay it out; a warning says so. An error means no
/// BOF with readable cells was found.
pub fn salvage(data: &[u8], options: &Options) -> Result<Workbook, Error> {
    if !data.starts_with(&ole_cfb_read::SIGNATURE) {
        return Err(Error::Unsupported("not a compound file".into()));
    }
    let mut tried = 0;
    for start in (512..data.len()).step_by(64) {
        let Some(head) = data.get(start..start + 8) else {
            break;
        };
        // BOF (0x0809), 16 or 8 bytes, version 0x0600 or 0x0500, globals (0x0005).
        if !matches!(
            head,
            [0x09, 0x08, 0x10 | 0x08, 0x00, 0x00, 0x06 | 0x05, 0x05, 0x00]
        ) {
            continue;
        }
        tried += 1;
        if tried > 16 {
            break;
        }
        let Some(stream) = data.get(start..) else {
            break;
        };
        if let Ok(mut book) = from_stream(stream, options)
            && !book.text().trim().is_empty()
        {
            book.warnings.insert(
                0,
                Warning::new(
                    WarningKind::Container,
                    format!(
                        "the compound file cannot be read whole (cut short?); its workbook stream was read from offset {start} as if contiguous"
                    ),
                    Some(start as u64),
                ),
            );
            return Ok(book);
        }
    }
    Err(Error::Corrupt(
        "no workbook BOF with readable cells at any 64-byte boundary".into(),
    ))
}

/// Reads a bare workbook stream (the bytes of `Workbook`/`Book`, or a
/// BIFF2–4 file); no metadata or embedded objects.
pub fn from_stream(stream: &[u8], options: &Options) -> Result<Workbook, Error> {
    let decrypted;
    let mut crypto_warnings = Vec::new();
    let encrypted = has_filepass(stream);
    let stream =
        if encrypted {
            let mut o = office_crypto::Options::default();
            o.password = options.password.clone();
            match office_crypto::xls::decrypt_workbook(stream, &o) {
                Ok(d) => {
                    crypto_warnings.extend(d.warnings.iter().map(|w| {
                        Warning::new(WarningKind::Record, format!("decryption: {w}"), None)
                    }));
                    decrypted = d.data;
                    &decrypted[..]
                }
                Err(e) => return Err(crypto_error(e)),
            }
        } else {
            stream
        };
    let mut parser = workbook::Parser::new(options);
    parser.decrypted = encrypted;
    let parsed = parser.parse(stream)?;
    let mut warnings: Vec<Warning> = crypto_warnings.into_iter().chain(parsed.warnings).collect();
    let embedded = pictures(&parsed.drawing_group, &mut warnings);
    let mut book = Workbook::new(WorkbookDetails {
        biff: parsed.biff,
        code_page: parsed.code_page,
        date1904: parsed.date1904,
        defined_names: parsed.defined_names,
    });
    book.parts = parsed.parts;
    book.embedded = embedded;
    book.warnings = warnings;
    book.encoding = parsed.encoding.map(Encoding::name);
    Ok(book)
}

/// The pictures of the drawing group's BLIP store (Excel keeps each BLIP
/// inside its FBSE), as `/image<pib>.<ext>` in BLIP-store order.
fn pictures(drawing_group: &[u8], warnings: &mut Vec<Warning>) -> Vec<EmbeddedFile> {
    if drawing_group.is_empty() {
        return Vec::new();
    }
    let group =
        match office_art::DrawingGroup::parse(drawing_group, None, &office_art::Options::default())
        {
            Ok(g) => g,
            Err(e) => {
                warnings.push(Warning::new(
                    WarningKind::Embedded,
                    format!("drawing group unreadable, pictures skipped: {e}"),
                    None,
                ));
                return Vec::new();
            }
        };
    for w in &group.warnings {
        warnings.push(Warning::new(
            WarningKind::Embedded,
            format!("drawing group: {w}"),
            None,
        ));
    }
    group
        .bstore
        .blips()
        .map(|(pib, blip)| {
            EmbeddedFile::new(
                format!("/image{pib}.{}", blip.extension),
                doc_model::EmbeddedKind::Image,
                blip.data.clone(),
            )
            .with_name(format!("image{pib}.{}", blip.extension))
            .with_media_type(blip.media_type)
        })
        .collect()
}

/// Whether the globals substream (up to its EOF) holds a FILEPASS record.
fn has_filepass(stream: &[u8]) -> bool {
    for rec in record::Records::new(stream).take(100_000) {
        match rec.typ {
            0x002F => return true,
            0x000A => return false,
            _ => {}
        }
    }
    false
}

/// The scheme's name as [`Error::Encrypted`] carries it.
fn scheme_name(s: office_crypto::Scheme) -> &'static str {
    match s {
        office_crypto::Scheme::Xor => "XOR obfuscation",
        office_crypto::Scheme::Rc4 => "RC4",
        office_crypto::Scheme::Rc4CryptoApi => "RC4 CryptoAPI",
        _ => "unknown",
    }
}

/// An `office-crypto` failure as this crate's error.
fn crypto_error(e: office_crypto::Error) -> Error {
    match e {
        office_crypto::Error::PasswordRequired {
            scheme,
            default_tried,
        } => Error::Encrypted {
            scheme: scheme_name(scheme),
            password_tried: default_tried,
        },
        office_crypto::Error::WrongPassword { scheme } => Error::Encrypted {
            scheme: scheme_name(scheme),
            password_tried: true,
        },
        office_crypto::Error::Unsupported(s) => Error::Unsupported(format!("encryption: {s}")),
        other => Error::Corrupt(format!("FILEPASS: {other}")),
    }
}

/// The `MBD*` storages of embedded objects: their payload where it is a
/// plain stream, else the storage's path.
fn embedded(cf: &CompoundFile<'_>, book: &mut Workbook) {
    let storages: Vec<String> = cf
        .entries()
        .iter()
        .filter(|e| e.kind == EntryKind::Storage && !e.path.contains('/'))
        .filter(|e| e.name.starts_with("MBD"))
        .map(|e| e.path.clone())
        .collect();
    for storage in storages {
        match cf.embedded_object(&storage) {
            Ok(mut object) => {
                for w in std::mem::take(&mut object.warnings) {
                    book.warnings.push(Warning::new(
                        WarningKind::Embedded,
                        format!("/{storage}: {w}"),
                        None,
                    ));
                }
                book.embedded
                    .push(object.into_embedded_file(&format!("/{storage}")));
            }
            Err(err) => book.warnings.push(Warning::new(
                WarningKind::Embedded,
                format!("/{storage}: {err}"),
                None,
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_biff_detection() {
        assert!(is_bare_biff(&[0x09, 0x02, 6, 0, 0, 0]));
        assert!(is_bare_biff(&[0x09, 0x04, 6, 0]));
        assert!(!is_bare_biff(&[0x09, 0x08, 16, 0]));
        assert!(!is_bare_biff(b"PK\x03\x04"));
        assert!(parse(b"hello").is_err());
    }
}
