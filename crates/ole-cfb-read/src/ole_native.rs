//! The `\x01Ole10Native` stream (MS-OLEDS 2.3.6 OLENativeStream) and the
//! Packager "Package" format its native data takes when a user embeds a
//! file (the Object Packager of Windows; not in MS-OLEDS, layout as every
//! writer since Windows 3.1 stores it).

use crate::bytes::{Reader, ansi};
use crate::error::{Error, Warning, WarningKind};

/// The name of the stream that holds OLE 1.0 native data in an OLE 2 storage.
pub const OLE10_NATIVE: &str = "\u{1}Ole10Native";

/// An `OLENativeStream` (MS-OLEDS 2.3.6): a 32-bit size, then the native data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OleNativeStream<'a> {
    /// `NativeData`, cut to the bytes present when the stream ends early.
    pub native_data: &'a [u8],
    /// Why `native_data` is shorter than declared, if it is.
    pub warnings: Vec<Warning>,
}

impl<'a> OleNativeStream<'a> {
    /// Parses the stream's bytes.
    pub fn parse(stream: &'a [u8]) -> Result<OleNativeStream<'a>, Error> {
        let mut r = Reader::new(stream, "Ole10Native stream");
        let size = r.u32()? as usize;
        let mut warnings = Vec::new();
        let native_data = r.take_declared(size, "Ole10Native", 0, &mut warnings);
        Ok(OleNativeStream {
            native_data,
            warnings,
        })
    }
}

/// A file wrapped by the Object Packager (OLE class `Package`): the native
/// data of an `\x01Ole10Native` stream or of an RTF `\objdata` object.
///
/// Layout: a 16-bit type (2), the label and the source path as
/// NUL-terminated ANSI strings, 16 bits reserved, a 16-bit kind (3 an
/// embedded file, 1 a link), the temporary path as a 32-bit length and
/// ANSI bytes, the file's size and bytes; since Windows Vista, the
/// temporary path, label and source path once more as UTF-16 (a 32-bit
/// count of code units, then the units).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Package<'a> {
    /// The label shown under the icon; by default the file's own name.
    pub label: String,
    /// The path the file was packaged from (`C:\Users\ann\report.xls`).
    pub source_path: String,
    /// The temporary path Packager extracts the file to when opened.
    pub temp_path: String,
    /// Whether the package links to `source_path` instead of holding the file.
    pub is_link: bool,
    /// The file's bytes, cut to those present when the input ends early.
    pub data: &'a [u8],
    /// Whether the UTF-16 trailer was present (its strings replace the ANSI ones).
    pub unicode: bool,
    /// Defects that did not stop reading.
    pub warnings: Vec<Warning>,
}

impl<'a> Package<'a> {
    /// Parses Packager native data. Anything that does not start with type 2
    /// and hold the fields above is an error: such native data belongs to
    /// another OLE 1.0 class (an equation, a drawing) and is not a package.
    pub fn parse(native_data: &'a [u8]) -> Result<Package<'a>, Error> {
        let mut r = Reader::new(native_data, "Packager package");
        let kind = r.u16()?;
        if kind != 2 {
            return Err(Error::Corrupt(format!(
                "not a Packager package: type {kind}, not 2"
            )));
        }
        let label = ansi(r.zero_terminated()?);
        let source_path = ansi(r.zero_terminated()?);
        let _reserved = r.u16()?;
        let link = r.u16()?;
        let temp_len = r.u32()? as usize;
        let temp_path = ansi(r.take(temp_len)?);
        let at = r.pos();
        let size = r.u32()? as usize;
        let mut warnings = Vec::new();
        let data = r.take_declared(size, "package's file", at, &mut warnings);
        let mut package = Package {
            label,
            source_path,
            temp_path,
            is_link: link == 1,
            data,
            unicode: false,
            warnings,
        };
        if r.rest().iter().any(|&b| b != 0) {
            match unicode_trailer(&mut r) {
                Ok([temp, label, source]) => {
                    package.unicode = true;
                    for (field, value) in [
                        (&mut package.temp_path, temp),
                        (&mut package.label, label),
                        (&mut package.source_path, source),
                    ] {
                        if !value.is_empty() {
                            *field = value;
                        }
                    }
                }
                Err(e) => package.warnings.push(crate::error::warning(
                    WarningKind::Embedding,
                    format!("package's UTF-16 file names unreadable ({e}); the ANSI ones are kept"),
                )),
            }
        }
        Ok(package)
    }

    /// The file's name: the label, else the last component of the source
    /// path, else of the temporary path (Apache Tika names the file by its
    /// label too). Empty when the package states none.
    pub fn file_name(&self) -> &str {
        [&self.label, &self.source_path, &self.temp_path]
            .into_iter()
            .map(|s| base_name(s))
            .find(|s| !s.is_empty())
            .unwrap_or_default()
    }
}

/// The last component of a Windows or POSIX path.
fn base_name(path: &str) -> &str {
    path.trim_end_matches(['\\', '/'])
        .rsplit(['\\', '/'])
        .next()
        .unwrap_or_default()
        .trim()
}

/// Three UTF-16 strings, each a 32-bit count of code units and the units.
fn unicode_trailer(r: &mut Reader<'_>) -> Result<[String; 3], Error> {
    Ok([
        r.length_prefixed_unicode()?,
        r.length_prefixed_unicode()?,
        r.length_prefixed_unicode()?,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    use testkit::cfb::packager as package;

    #[test]
    fn ansi_package() {
        let native = package(
            "report.xls",
            "C:\\Docs\\report.xls",
            "C:\\Temp\\report.xls",
            b"PAYLOAD",
            false,
        );
        let p = Package::parse(&native).unwrap();
        assert_eq!(p.label, "report.xls");
        assert_eq!(p.source_path, "C:\\Docs\\report.xls");
        assert_eq!(p.temp_path, "C:\\Temp\\report.xls");
        assert_eq!(p.data, b"PAYLOAD");
        assert!(!p.is_link && !p.unicode && p.warnings.is_empty());
        assert_eq!(p.file_name(), "report.xls");
    }

    #[test]
    fn unicode_trailer_replaces_the_ansi_names() {
        let native = package(
            "r?sum?.txt",
            "C:\\r?sum?.txt",
            "C:\\T\\r?sum?.txt",
            b"x",
            false,
        );
        let mut native = native;
        for s in ["C:\\T\\résumé.txt", "résumé.txt", "C:\\résumé.txt"] {
            native.extend((s.encode_utf16().count() as u32).to_le_bytes());
            native.extend(s.encode_utf16().flat_map(u16::to_le_bytes));
        }
        let p = Package::parse(&native).unwrap();
        assert!(p.unicode);
        assert_eq!(p.file_name(), "résumé.txt");
        assert_eq!(p.source_path, "C:\\résumé.txt");
        assert_eq!(p.temp_path, "C:\\T\\résumé.txt");
    }

    #[test]
    fn names_fall_back_from_label_to_paths() {
        for (source, temp, want) in [
            ("C:\\a\\b.pdf", "", "b.pdf"),
            ("", "/tmp/c.doc", "c.doc"),
            ("", "", ""),
        ] {
            let native = package("", source, temp, b"", true);
            assert_eq!(Package::parse(&native).unwrap().file_name(), want);
        }
    }

    #[test]
    fn damaged_packages() {
        let native = package("a.txt", "a.txt", "a.txt", b"0123456789", true);
        // Cut inside the data: kept with a warning.
        let cut = &native[..native.len() - 42 - 5];
        let p = Package::parse(cut).unwrap();
        assert!(p.data.len() < 10 && p.warnings.len() == 1, "{p:?}");
        // Garbage after the data: the trailer is ignored with a warning.
        let mut junk = package("a.txt", "a.txt", "a.txt", b"xy", false);
        junk.extend([0xFF; 6]);
        let p = Package::parse(&junk).unwrap();
        assert_eq!(p.label, "a.txt");
        assert_eq!(p.warnings.len(), 1);
        // Zero padding after the data is no trailer and no defect.
        let mut padded = package("a.txt", "a.txt", "a.txt", b"xy", false);
        padded.extend([0; 6]);
        assert!(Package::parse(&padded).unwrap().warnings.is_empty());
        // Another class's native data.
        assert!(matches!(
            Package::parse(b"\x08\x00U\x0f"),
            Err(Error::Corrupt(_))
        ));
        assert!(Package::parse(b"\x02\x00label-without-end").is_err());
        assert!(Package::parse(&[]).is_err());
    }

    #[test]
    fn native_stream_size_prefix() {
        let s = OleNativeStream::parse(b"\x03\x00\x00\x00abcdef").unwrap();
        assert_eq!(s.native_data, b"abc");
        assert!(s.warnings.is_empty());
        let s = OleNativeStream::parse(b"\x09\x00\x00\x00abc").unwrap();
        assert_eq!(s.native_data, b"abc");
        assert_eq!(s.warnings.len(), 1);
        assert!(OleNativeStream::parse(b"\x01").is_err());
    }
}
