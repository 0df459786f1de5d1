//! Encrypted OOXML packages (MS-OFFCRYPTO 2.3.4.4, 2.3.4.15): a compound
//! file with an `EncryptionInfo` stream (Standard or Agile) and an
//! `EncryptedPackage` stream (a 64-bit size, then the encrypted zip).

use ole_cfb_read::CompoundFile;

use crate::agile::AgileInfo;
use crate::cipher::AES_BLOCK;
use crate::header::Version;
use crate::standard::StandardInfo;
use crate::{EXCEL_DEFAULT_PASSWORD, Error, Options, Scheme, Warning, WarningKind, try_passwords};

/// Name of the stream describing the encryption.
pub const ENCRYPTION_INFO: &str = "EncryptionInfo";
/// Name of the stream holding the encrypted package.
pub const ENCRYPTED_PACKAGE: &str = "EncryptedPackage";
/// Name of the storage of data spaces (MS-OFFCRYPTO 2.1), which also holds
/// rights-management (IRM/DRM) transforms.
pub const DATA_SPACES: &str = "\u{6}DataSpaces";

/// A decrypted package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decrypted {
    /// The package bytes (a zip: docx, xlsx, pptx, …), exactly the size
    /// `EncryptedPackage` declares unless the stream is shorter.
    pub package: Vec<u8>,
    /// The scheme that was removed.
    pub scheme: Scheme,
    /// Defects met on the way (a short stream, an integrity mismatch).
    pub warnings: Vec<Warning>,
}

/// Whether the compound file is an encrypted OOXML package (it has both
/// `EncryptionInfo` and `EncryptedPackage`) — the facade's detector.
pub fn is_encrypted_package(cf: &CompoundFile<'_>) -> bool {
    cf.entry(ENCRYPTION_INFO).is_some() && cf.entry(ENCRYPTED_PACKAGE).is_some()
}

/// [`decrypt_with`] with a password (or none) and default limits.
pub fn decrypt(cf: &CompoundFile<'_>, password: Option<&str>) -> Result<Decrypted, Error> {
    let options = Options {
        password: password.map(str::to_owned),
        ..Options::default()
    };
    decrypt_with(cf, &options)
}

/// Decrypts the package of an encrypted OOXML compound file with
/// `options.password`, else the default password `VelvetSweatshop`
/// (Excel's, for workbooks saved without a password to open).
///
/// Rights-management (IRM/DRM) protection, which has data-space
/// transforms but no `EncryptionInfo`, is [`Error::Unsupported`]; a
/// compound file with neither stream is [`Error::NotEncrypted`].
pub fn decrypt_with(cf: &CompoundFile<'_>, options: &Options) -> Result<Decrypted, Error> {
    if cf.entry(ENCRYPTION_INFO).is_none() {
        let transforms: Vec<&str> = cf
            .entries()
            .iter()
            .filter_map(|e| e.path.strip_prefix("\u{6}DataSpaces/TransformInfo/"))
            .filter(|rest| !rest.contains('/'))
            .collect();
        if !transforms.is_empty() || cf.entry(DATA_SPACES).is_some() {
            let names = if transforms.is_empty() {
                "no transform named".to_string()
            } else {
                transforms.join(", ")
            };
            return Err(Error::Unsupported(format!(
                "rights-management (IRM/DRM) protected document: data-space transforms {names} and no EncryptionInfo"
            )));
        }
        if cf.entry(ENCRYPTED_PACKAGE).is_some() {
            return Err(Error::Corrupt(
                "compound file: EncryptedPackage without EncryptionInfo".into(),
            ));
        }
        return Err(Error::NotEncrypted(
            "the compound file has no EncryptionInfo and EncryptedPackage streams".into(),
        ));
    }
    let mut warnings = Vec::new();
    let mut read = |name: &str| -> Result<Vec<u8>, Error> {
        let s = cf.read_stream(name)?;
        for w in s.warnings {
            warnings.push(Warning::new(
                WarningKind::Size,
                format!("{name}: {w}"),
                None,
            ));
        }
        Ok(s.data.into_owned())
    };
    let info = read(ENCRYPTION_INFO)?;
    let package = read(ENCRYPTED_PACKAGE)?;
    let mut out = decrypt_streams(&info, &package, options)?;
    warnings.append(&mut out.warnings);
    out.warnings = warnings;
    Ok(out)
}

/// The key of either scheme.
enum Key {
    Standard(crate::standard::StandardKey),
    Agile(crate::agile::AgileKey),
}

/// Decrypts the bytes of an `EncryptionInfo` and an `EncryptedPackage`
/// stream (the core of [`decrypt_with`], for callers that read the
/// streams themselves).
pub fn decrypt_streams(
    encryption_info: &[u8],
    encrypted_package: &[u8],
    options: &Options,
) -> Result<Decrypted, Error> {
    let limits = &options.limits;
    let version = Version::parse(encryption_info)?;
    let mut warnings = Vec::new();
    let (scheme, info) = match (version.major, version.minor) {
        (4, 4) => {
            let xml = encryption_info.get(8..).ok_or(Error::Truncated {
                what: "Agile EncryptionInfo",
                offset: encryption_info.len() as u64,
            })?;
            (Scheme::Agile, Info::Agile(AgileInfo::parse(xml, limits)?))
        }
        (2..=4, 2) => {
            let rest = encryption_info.get(4..).unwrap_or(&[]);
            (Scheme::Standard, Info::Standard(StandardInfo::parse(rest)?))
        }
        (3 | 4, 3) => {
            return Err(Error::Unsupported(format!(
                "ECMA-376 extensible encryption (EncryptionInfo {}.{})",
                version.major, version.minor
            )));
        }
        (major, minor) => {
            return Err(Error::Unsupported(format!(
                "EncryptionInfo version {major}.{minor}"
            )));
        }
    };
    // The package's size and bounds before any password work.
    let size_field = encrypted_package.get(..8).ok_or(Error::Truncated {
        what: "EncryptedPackage size",
        offset: encrypted_package.len() as u64,
    })?;
    let mut size = u64::from_le_bytes(size_field.try_into().unwrap_or([0; 8]));
    let available = (encrypted_package.len() - 8) as u64;
    if size > available {
        let low = size & 0xFFFF_FFFF;
        if low <= available && low.saturating_add(AES_BLOCK as u64 * 256) > available {
            warnings.push(Warning::new(
                WarningKind::Size,
                format!("EncryptedPackage size {size:#x} has its high 32 bits set; read as {low}"),
                Some(0),
            ));
            size = low;
        } else {
            warnings.push(Warning::new(
                WarningKind::Size,
                format!(
                    "EncryptedPackage declares {size} bytes but holds {available}; decrypted what is there"
                ),
                Some(0),
            ));
            size = available;
        }
    }
    if size > limits.max_output_bytes {
        return Err(Error::LimitExceeded {
            what: "decrypted package size",
            limit: limits.max_output_bytes,
        });
    }
    let deadline = limits.deadline;
    let key = try_passwords(
        scheme,
        options.password.as_deref(),
        Some(EXCEL_DEFAULT_PASSWORD),
        |pw| info.verify(pw, deadline),
    )?;
    if doc_model::deadline_passed(deadline) {
        return Err(Error::Deadline("decrypting the package"));
    }
    // Whole AES blocks covering `size` bytes, as far as the stream goes.
    let padded = size.div_ceil(AES_BLOCK as u64) * AES_BLOCK as u64;
    let end = 8 + padded.min(available) as usize;
    let mut package = encrypted_package.get(8..end).unwrap_or(&[]).to_vec();
    match &key {
        Key::Agile(k) => {
            k.decrypt(&mut package);
            if options.check_integrity && k.check_integrity(encrypted_package) == Some(false) {
                warnings.push(Warning::new(
                    WarningKind::Integrity,
                    "the dataIntegrity HMAC does not match the EncryptedPackage stream: it was altered or damaged after encryption",
                    None,
                ));
            }
        }
        Key::Standard(k) => k.decrypt(&mut package),
    }
    package.truncate(size as usize);
    Ok(Decrypted {
        package,
        scheme,
        warnings,
    })
}

enum Info {
    Standard(StandardInfo),
    Agile(AgileInfo),
}

impl Info {
    fn verify(
        &self,
        password: &str,
        deadline: Option<std::time::Instant>,
    ) -> Result<Option<Key>, Error> {
        Ok(match self {
            Info::Standard(i) => i.verify(password, deadline)?.map(Key::Standard),
            Info::Agile(i) => i.verify(password, deadline)?.map(Key::Agile),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_other_than_standard_and_agile_are_unsupported() {
        let o = Options::default();
        for v in [[4u8, 0, 3, 0], [3, 0, 3, 0], [9, 0, 9, 0]] {
            let mut info = v.to_vec();
            info.extend_from_slice(&[0; 64]);
            assert!(matches!(
                decrypt_streams(&info, &[0; 64], &o),
                Err(Error::Unsupported(_))
            ));
        }
        assert!(matches!(
            decrypt_streams(&[4, 0], &[0; 64], &o),
            Err(Error::Truncated { .. })
        ));
    }

    #[test]
    fn plain_and_rights_managed_compound_files_are_told_apart() {
        let plain = testkit::cfb::compound_file(&[("WordDocument", b"x".as_slice())]);
        let cf = CompoundFile::open(&plain).unwrap();
        assert!(!is_encrypted_package(&cf));
        assert!(matches!(decrypt(&cf, None), Err(Error::NotEncrypted(_))));

        let irm = testkit::cfb::compound_file(&[
            (
                "\u{6}DataSpaces/TransformInfo/DRMEncryptedTransform/\u{6}Primary",
                b"x".as_slice(),
            ),
            ("EncryptedPackage", b"12345678".as_slice()),
        ]);
        let cf = CompoundFile::open(&irm).unwrap();
        let e = decrypt(&cf, None).unwrap_err();
        assert!(
            matches!(&e, Error::Unsupported(m) if m.contains("DRMEncryptedTransform")),
            "{e}"
        );

        let orphan = testkit::cfb::compound_file(&[("EncryptedPackage", b"12345678".as_slice())]);
        let cf = CompoundFile::open(&orphan).unwrap();
        assert!(matches!(decrypt(&cf, None), Err(Error::Corrupt(_))));
    }
}
