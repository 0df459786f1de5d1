//! `/unpack`: the embedded files of a document as a zip or tar archive,
//! written in memory (nothing goes to disk).

use std::collections::HashSet;
use std::io::{Cursor, Write};

/// The archive kinds `/unpack` writes, by `Accept`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ArchiveKind {
    Zip,
    Tar,
}

impl ArchiveKind {
    pub(crate) fn mime_type(self) -> &'static str {
        match self {
            ArchiveKind::Zip => "application/zip",
            ArchiveKind::Tar => "application/x-tar",
        }
    }
}

/// Names entries as Tika does: the file's own name where it has one, else
/// `embedded-N`; a name seen before gets `-N` before its extension. Path
/// separators and leading dots are replaced, so no entry leaves the
/// folder it is unpacked into.
#[derive(Default)]
pub(crate) struct Names {
    used: HashSet<String>,
    count: usize,
}

impl Names {
    pub(crate) fn name(&mut self, given: Option<&str>) -> String {
        self.count += 1;
        let mut base: String = given
            .unwrap_or("")
            .chars()
            .map(|c| match c {
                '/' | '\\' | ':' => '_',
                c if c.is_control() => '_',
                c => c,
            })
            .collect();
        while base.starts_with('.') {
            base.replace_range(..1, "_");
        }
        if base.trim().is_empty() {
            base = format!("embedded-{}", self.count);
        }
        if self.used.insert(base.clone()) {
            return base;
        }
        let (stem, ext) = match base.rfind('.') {
            Some(i) if i > 0 => (&base[..i], &base[i..]),
            _ => (base.as_str(), ""),
        };
        let mut n = 1;
        loop {
            let candidate = format!("{stem}-{n}{ext}");
            if self.used.insert(candidate.clone()) {
                return candidate;
            }
            n += 1;
        }
    }
}

/// Writes `entries` (name, bytes) as an archive of `kind`.
pub(crate) fn write(kind: ArchiveKind, entries: &[(String, &[u8])]) -> std::io::Result<Vec<u8>> {
    match kind {
        ArchiveKind::Zip => {
            let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
            let options = zip::write::SimpleFileOptions::default()
                .compression_method(zip::CompressionMethod::Deflated)
                .large_file(false);
            for (name, data) in entries {
                let options = if data.len() as u64 >= u64::from(u32::MAX) {
                    options.large_file(true)
                } else {
                    options
                };
                zip.start_file(name.as_str(), options)
                    .map_err(std::io::Error::other)?;
                zip.write_all(data)?;
            }
            Ok(zip.finish().map_err(std::io::Error::other)?.into_inner())
        }
        ArchiveKind::Tar => {
            let mut tar = tar::Builder::new(Vec::new());
            for (name, data) in entries {
                let mut header = tar::Header::new_gnu();
                header.set_size(data.len() as u64);
                header.set_mode(0o644);
                header.set_entry_type(tar::EntryType::Regular);
                tar.append_data(&mut header, name, *data)?;
            }
            tar.into_inner()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_safe_and_unique() {
        let mut n = Names::default();
        assert_eq!(n.name(Some("a.pdf")), "a.pdf");
        assert_eq!(n.name(Some("a.pdf")), "a-1.pdf");
        assert_eq!(n.name(Some("../../etc/passwd")), "_._.._etc_passwd");
        assert_eq!(n.name(None), "embedded-4");
        assert_eq!(n.name(Some("noext")), "noext");
        assert_eq!(n.name(Some("noext")), "noext-1");
    }

    #[test]
    fn tar_and_zip_hold_the_bytes() {
        let entries = vec![
            ("x.txt".to_string(), &b"hello"[..]),
            ("y.bin".to_string(), &[0u8, 1, 2][..]),
        ];
        let z = write(ArchiveKind::Zip, &entries).unwrap();
        let mut archive = zip::ZipArchive::new(Cursor::new(z)).unwrap();
        let mut s = String::new();
        std::io::Read::read_to_string(&mut archive.by_name("x.txt").unwrap(), &mut s).unwrap();
        assert_eq!(s, "hello");
        let t = write(ArchiveKind::Tar, &entries).unwrap();
        let mut ar = tar::Archive::new(t.as_slice());
        let names: Vec<String> = ar
            .entries()
            .unwrap()
            .map(|e| e.unwrap().path().unwrap().display().to_string())
            .collect();
        assert_eq!(names, ["x.txt", "y.bin"]);
    }
}
