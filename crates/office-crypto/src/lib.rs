//! `office-crypto`: decryption of password-protected Microsoft Office files
//! per MS-OFFCRYPTO, for the layers that read them.
//!
//! - **Binary documents** (`.xls`, `.ppt`, `.doc`): XOR obfuscation method 1
//!   (2.3.7), RC4 with MD5 keys (2.3.6) and RC4 CryptoAPI with SHA-1 keys of
//!   40 to 128 bits (2.3.5). [`binary::Decryptor`] decrypts a byte range given
//!   its place in the stream (or its block number: PowerPoint's persist
//!   ids); [`xls::unlock`], [`ppt::unlock`] and [`doc::unlock`] read each
//!   application's header and try its default password; [`xls::decrypt_workbook`]
//!   decrypts a whole `Workbook` stream.
//! - **Encrypted OOXML** (`.docx`, `.xlsx`, `.pptx` saved with a password):
//!   a compound file with `EncryptionInfo` and `EncryptedPackage`, ECMA-376
//!   Standard (2.3.4.5, AES-ECB) or Agile (2.3.4.10, AES-CBC with SHA-1 to
//!   SHA-512 keys and a `dataIntegrity` HMAC). [`ooxml::decrypt`] returns
//!   the zip.
//!
//! A password is tried first, then the application's default one
//! (`VelvetSweatshop` for Excel and OOXML, `/01Hannes Ruescher/01` for
//! PowerPoint, none for Word). No password at all is
//! [`Error::PasswordRequired`]; a given one that fails is
//! [`Error::WrongPassword`]. Schemes it does not implement — a
//! third-party provider, extensible encryption, IRM/DRM rights management,
//! certificate-only key encryptors, Word's XOR obfuscation — are
//! [`Error::Unsupported`] with the provider or transform named.
//!
//! It does **not** parse the documents themselves (which records or
//! objects are encrypted is the caller's format), encrypt anything, or
//! decrypt ODF packages (their `manifest.xml` scheme belongs to the ODF reader).
//!
//! ```
//! use office_crypto::{Error, Options, Scheme, ooxml};
//! use ole_cfb_read::CompoundFile;
//!
//! // An Agile-encrypted package (SHA-256, AES-192, a non-ASCII password).
//! let file = include_bytes!("../../../fixtures/crypto/agile-sha256-aes192-nointegrity.docx");
//! let cf = CompoundFile::open(file)?;
//! assert!(ooxml::is_encrypted_package(&cf));
//!
//! let opened = ooxml::decrypt(&cf, Some("pässwört"))?;
//! assert_eq!(opened.scheme, Scheme::Agile);
//! assert!(opened.warnings.is_empty());
//! assert!(opened.package.starts_with(b"PK\x03\x04"));
//!
//! assert_eq!(
//!     ooxml::decrypt(&cf, None).unwrap_err(),
//!     Error::PasswordRequired { scheme: Scheme::Agile, default_tried: true }
//! );
//! assert_eq!(
//!     ooxml::decrypt(&cf, Some("passwort")).unwrap_err(),
//!     Error::WrongPassword { scheme: Scheme::Agile }
//! );
//!
//! // A binary document: the FILEPASS record of an Excel workbook protected
//! // by XOR obfuscation with Excel's default password.
//! let key = office_crypto::xor::key("VelvetSweatshop").unwrap_or(0);
//! let verifier = office_crypto::xor::verifier("VelvetSweatshop").unwrap_or(0);
//! let mut filepass = vec![0, 0];
//! filepass.extend_from_slice(&key.to_le_bytes());
//! filepass.extend_from_slice(&verifier.to_le_bytes());
//! let decryptor = office_crypto::xls::unlock(&filepass, None)?;
//! assert_eq!(decryptor.scheme(), Scheme::Xor);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

mod bytes;
mod cipher;
mod error;

pub mod agile;
pub mod binary;
pub mod cryptoapi;
pub mod doc;
pub mod hash;
pub mod header;
pub mod ooxml;
pub mod ppt;
pub mod rc4;
pub mod standard;
pub mod xls;
pub mod xor;

use std::fmt;
use std::time::Instant;

pub use binary::Decryptor;
pub use error::{Error, Warning, WarningKind};

/// Excel's default password: workbooks protected only against changes are
/// encrypted with it, and Excel opens them without asking.
pub const EXCEL_DEFAULT_PASSWORD: &str = "VelvetSweatshop";

/// PowerPoint's default password, used the same way.
pub const POWERPOINT_DEFAULT_PASSWORD: &str = "/01Hannes Ruescher/01";

/// An encryption scheme of MS-OFFCRYPTO.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Scheme {
    /// XOR obfuscation (2.3.7).
    Xor,
    /// Office binary document RC4 (2.3.6).
    Rc4,
    /// Office binary document RC4 CryptoAPI (2.3.5).
    Rc4CryptoApi,
    /// ECMA-376 Standard encryption (2.3.4.5).
    Standard,
    /// ECMA-376 Agile encryption (2.3.4.10).
    Agile,
}

impl fmt::Display for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Scheme::Xor => "XOR obfuscation",
            Scheme::Rc4 => "RC4",
            Scheme::Rc4CryptoApi => "RC4 CryptoAPI",
            Scheme::Standard => "ECMA-376 Standard",
            Scheme::Agile => "ECMA-376 Agile",
        })
    }
}

/// What to decrypt with and how far to go.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The password to try before the application's default one.
    pub password: Option<String>,
    /// Whether to check the Agile `dataIntegrity` HMAC (a mismatch is a
    /// [`WarningKind::Integrity`] warning). Default true.
    pub check_integrity: bool,
    /// Caps on work and output.
    pub limits: Limits,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            password: None,
            check_integrity: true,
            limits: Limits::default(),
        }
    }
}

impl Options {
    /// Default options with `password`.
    pub fn with_password(password: impl Into<String>) -> Options {
        Options {
            password: Some(password.into()),
            ..Options::default()
        }
    }
}

/// Caps that keep hostile input from costing unbounded time or memory.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Most hash iterations an Agile descriptor may ask for (Office writes
    /// 100,000). Default 10,000,000.
    pub max_spin_count: u32,
    /// Largest decrypted package or stream. Default 2 GiB.
    pub max_output_bytes: u64,
    /// When to give up; checked inside key derivation and long loops.
    pub deadline: Option<Instant>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_spin_count: 10_000_000,
            max_output_bytes: 1 << 31,
            deadline: None,
        }
    }
}

/// Tries `given`, then `default` (when different), with `attempt`, which
/// returns the key for a right password and `None` for a wrong one.
pub(crate) fn try_passwords<K>(
    scheme: Scheme,
    given: Option<&str>,
    default: Option<&str>,
    mut attempt: impl FnMut(&str) -> Result<Option<K>, Error>,
) -> Result<K, Error> {
    if let Some(pw) = given
        && let Some(k) = attempt(pw)?
    {
        return Ok(k);
    }
    if let Some(d) = default.filter(|d| given != Some(*d))
        && let Some(k) = attempt(d)?
    {
        return Ok(k);
    }
    Err(match given {
        Some(_) => Error::WrongPassword { scheme },
        None => Error::PasswordRequired {
            scheme,
            default_tried: default.is_some(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_tried_given_first_then_default() {
        let mut tried = Vec::new();
        let r: Result<(), Error> = try_passwords(Scheme::Rc4, Some("a"), Some("d"), |pw| {
            tried.push(pw.to_string());
            Ok(None)
        });
        assert_eq!(tried, ["a", "d"]);
        assert_eq!(
            r.unwrap_err(),
            Error::WrongPassword {
                scheme: Scheme::Rc4
            }
        );
        let r = try_passwords(Scheme::Agile, None, Some("d"), |pw| {
            Ok((pw == "d").then_some(7))
        });
        assert_eq!(r.unwrap(), 7);
        let r: Result<(), Error> = try_passwords(Scheme::Agile, None, None, |_| Ok(None));
        let e = r.unwrap_err();
        assert_eq!(
            e,
            Error::PasswordRequired {
                scheme: Scheme::Agile,
                default_tried: false
            }
        );
        assert_eq!(
            e.to_string(),
            "ECMA-376 Agile encryption: a password is required"
        );
        // The default is not tried twice when it was the given password.
        let mut n = 0;
        let _: Result<(), Error> = try_passwords(Scheme::Xor, Some("d"), Some("d"), |_| {
            n += 1;
            Ok(None)
        });
        assert_eq!(n, 1);
    }

    #[test]
    fn messages_name_the_scheme() {
        let e = Error::PasswordRequired {
            scheme: Scheme::Rc4CryptoApi,
            default_tried: true,
        };
        assert_eq!(
            e.to_string(),
            "RC4 CryptoAPI encryption: a password is required (the default password does not open it)"
        );
        let w = Warning::new(WarningKind::Integrity, "hmac differs", Some(8));
        assert_eq!(w.to_string(), "integrity: hmac differs at offset 8");
        assert_eq!(Options::with_password("x").password.as_deref(), Some("x"));
    }
}
