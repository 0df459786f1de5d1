//! Encrypted package entries (ODF 1.3 Part 2 §4.8, `manifest:encryption-data`
//! of `META-INF/manifest.xml`): the start key is the SHA-256 (or, before
//! ODF 1.2, SHA-1) of the UTF-8 password, the key PBKDF2-HMAC-SHA1 of it,
//! the entry AES-CBC encrypted after raw DEFLATE, and the checksum a digest
//! of its first 1024 decrypted bytes.

use std::collections::HashMap;

use aes::cipher::block_padding::NoPadding;
use aes::cipher::{BlockModeDecrypt, KeyIvInit};
use base64::Engine as _;
use sha1::Digest as _;
use xml_tree::Element;

/// The most PBKDF2 iterations an entry may ask for (LibreOffice writes
/// 100,000): a hostile manifest cannot make a key cost minutes.
const MAX_ITERATIONS: u32 = 10_000_000;

/// A digest the manifest names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Hash {
    Sha1,
    Sha256,
}

impl Hash {
    fn of(self, data: &[u8]) -> Vec<u8> {
        match self {
            Hash::Sha1 => sha1::Sha1::digest(data).to_vec(),
            Hash::Sha256 => sha2::Sha256::digest(data).to_vec(),
        }
    }
}

/// How one entry is encrypted.
#[derive(Debug, Clone)]
pub(super) struct Encryption {
    algorithm: String,
    derivation: String,
    iv: Vec<u8>,
    salt: Vec<u8>,
    iterations: u32,
    key_size: usize,
    start_key: Hash,
    /// The digest of the first 1024 decrypted bytes, and its kind.
    checksum: Option<(Hash, Vec<u8>)>,
}

/// An entry of `manifest.xml`.
#[derive(Debug, Clone, Default)]
pub(super) struct FileEntry {
    pub media_type: Option<String>,
    pub encryption: Option<Encryption>,
}

/// `META-INF/manifest.xml`.
#[derive(Debug, Default)]
pub(super) struct Manifest {
    /// By lower-cased full path.
    pub entries: HashMap<String, FileEntry>,
    /// Keys encrypted for OpenPGP recipients (ODF 1.3 `manifest:keyinfo`).
    pub openpgp: bool,
}

impl Manifest {
    pub fn read(root: &Element) -> Manifest {
        let mut m = Manifest::default();
        let Some(manifest) = root.child("manifest") else {
            return m;
        };
        let b64 = |s: Option<&str>| {
            base64::engine::general_purpose::STANDARD
                .decode(s.unwrap_or("").trim())
                .unwrap_or_default()
        };
        for e in manifest.elements() {
            match e.name.as_str() {
                "keyinfo" | "KeyInfo" | "encrypted-key" => m.openpgp = true,
                "file-entry" => {
                    let Some(path) = e.attr("full-path") else {
                        continue;
                    };
                    let mut entry = FileEntry {
                        media_type: e
                            .attr("media-type")
                            .filter(|t| !t.is_empty())
                            .map(String::from),
                        encryption: None,
                    };
                    if let Some(data) = e.child("encryption-data") {
                        let algorithm = data.child("algorithm");
                        let derivation = data.child("key-derivation");
                        let start = data.child("start-key-generation");
                        let checksum_type = data.attr("checksum-type").unwrap_or("SHA1/1K");
                        let checksum_hash = if checksum_type.ends_with("sha256-1k") {
                            Some(Hash::Sha256)
                        } else if checksum_type.eq_ignore_ascii_case("SHA1/1K")
                            || checksum_type.ends_with("sha1-1k")
                        {
                            Some(Hash::Sha1)
                        } else {
                            None
                        };
                        let start_name = start
                            .and_then(|s| s.attr("start-key-generation-name"))
                            .unwrap_or("SHA1");
                        entry.encryption = Some(Encryption {
                            algorithm: algorithm
                                .and_then(|a| a.attr("algorithm-name"))
                                .unwrap_or("Blowfish CFB")
                                .to_string(),
                            derivation: derivation
                                .and_then(|d| d.attr("key-derivation-name"))
                                .unwrap_or("PBKDF2")
                                .to_string(),
                            iv: b64(algorithm.and_then(|a| a.attr("initialisation-vector"))),
                            salt: b64(derivation.and_then(|d| d.attr("salt"))),
                            iterations: derivation
                                .and_then(|d| d.attr("iteration-count"))
                                .and_then(|n| n.trim().parse().ok())
                                .unwrap_or(1024),
                            key_size: derivation
                                .and_then(|d| d.attr("key-size"))
                                .and_then(|n| n.trim().parse().ok())
                                .unwrap_or(16),
                            start_key: if start_name.ends_with("sha256") {
                                Hash::Sha256
                            } else {
                                Hash::Sha1
                            },
                            checksum: checksum_hash
                                .map(|h| (h, b64(data.attr("checksum"))))
                                .filter(|(_, c)| !c.is_empty()),
                        });
                    }
                    m.entries.insert(path.to_lowercase(), entry);
                }
                _ => {}
            }
        }
        m
    }

    /// The first encrypted entry, preferring `content.xml` (its checksum
    /// tells whether the password is right).
    pub fn probe(&self) -> Option<(&str, &Encryption)> {
        if let Some(e) = self
            .entries
            .get("content.xml")
            .and_then(|e| e.encryption.as_ref())
        {
            return Some(("content.xml", e));
        }
        let mut list: Vec<(&str, &Encryption)> = self
            .entries
            .iter()
            .filter_map(|(k, e)| e.encryption.as_ref().map(|enc| (k.as_str(), enc)))
            .collect();
        list.sort_by_key(|(k, _)| *k);
        list.into_iter().next()
    }
}

/// Why an entry did not decrypt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Failure {
    /// The scheme is not one this crate reads (the message names it).
    Unsupported(String),
    /// The checksum or the padding says the key is wrong.
    WrongPassword,
}

impl Encryption {
    /// The scheme in words, or why it is not read.
    pub fn supported(&self) -> Result<(), Failure> {
        let a = self.algorithm.to_ascii_lowercase();
        if a.contains("blowfish") {
            return Err(Failure::Unsupported(
                "Blowfish CFB encryption (OpenOffice.org 1–3) is not supported".into(),
            ));
        }
        if a.contains("gcm") {
            return Err(Failure::Unsupported(format!(
                "AEAD encryption ({}, ODF 1.3 / LibreOffice 24.2+) is not supported",
                self.algorithm
            )));
        }
        if !(a.ends_with("aes256-cbc") || a.ends_with("aes192-cbc") || a.ends_with("aes128-cbc")) {
            return Err(Failure::Unsupported(format!(
                "encryption algorithm {:?} is not supported",
                self.algorithm
            )));
        }
        let d = self.derivation.to_ascii_lowercase();
        if d.contains("argon2") {
            return Err(Failure::Unsupported(
                "Argon2id key derivation (ODF 1.3 extended, LibreOffice 24.2+) is not supported"
                    .into(),
            ));
        }
        if d != "pbkdf2" {
            return Err(Failure::Unsupported(format!(
                "key derivation {:?} is not supported",
                self.derivation
            )));
        }
        if !matches!(self.key_size, 16 | 24 | 32) || self.iv.len() != 16 {
            return Err(Failure::Unsupported(format!(
                "AES with a {}-byte key and a {}-byte IV",
                self.key_size,
                self.iv.len()
            )));
        }
        if self.iterations == 0 || self.iterations > MAX_ITERATIONS {
            return Err(Failure::Unsupported(format!(
                "PBKDF2 with {} iterations (at most {MAX_ITERATIONS} are run)",
                self.iterations
            )));
        }
        Ok(())
    }
}

/// Derived keys, cached by their inputs (every entry has its own salt in
/// LibreOffice's files, but copies of a package may share them).
#[derive(Default)]
pub(super) struct Keys {
    cache: HashMap<(Hash, Vec<u8>, u32, usize), Vec<u8>>,
}

impl Keys {
    fn key(&mut self, password: &str, e: &Encryption) -> Vec<u8> {
        let id = (e.start_key, e.salt.clone(), e.iterations, e.key_size);
        if let Some(k) = self.cache.get(&id) {
            return k.clone();
        }
        let start = e.start_key.of(password.as_bytes());
        let mut key = vec![0u8; e.key_size];
        pbkdf2::pbkdf2_hmac::<sha1::Sha1>(&start, &e.salt, e.iterations, &mut key);
        self.cache.insert(id, key.clone());
        key
    }

    /// The entry decrypted and its padding removed, still deflated; the
    /// checksum verified when the manifest has one.
    pub fn decrypt(
        &mut self,
        password: &str,
        e: &Encryption,
        mut data: Vec<u8>,
    ) -> Result<Vec<u8>, Failure> {
        e.supported()?;
        if !data.len().is_multiple_of(16) || data.is_empty() {
            return Err(Failure::WrongPassword);
        }
        let key = self.key(password, e);
        let ok = match e.key_size {
            16 => cbc::Decryptor::<aes::Aes128>::new_from_slices(&key, &e.iv)
                .map(|d| d.decrypt_padded::<NoPadding>(&mut data).is_ok()),
            24 => cbc::Decryptor::<aes::Aes192>::new_from_slices(&key, &e.iv)
                .map(|d| d.decrypt_padded::<NoPadding>(&mut data).is_ok()),
            _ => cbc::Decryptor::<aes::Aes256>::new_from_slices(&key, &e.iv)
                .map(|d| d.decrypt_padded::<NoPadding>(&mut data).is_ok()),
        };
        if ok != Ok(true) {
            return Err(Failure::WrongPassword);
        }
        // The last byte says how many bytes of padding to drop (PKCS#7,
        // or ISO 10126 where the others are random).
        let pad = usize::from(data.last().copied().unwrap_or(0));
        if pad == 0 || pad > 16 || pad > data.len() {
            return Err(Failure::WrongPassword);
        }
        data.truncate(data.len() - pad);
        if let Some((hash, want)) = &e.checksum {
            let head = data.get(..data.len().min(1024)).unwrap_or(&data);
            if hash.of(head) != *want {
                return Err(Failure::WrongPassword);
            }
        }
        Ok(data)
    }
}

/// Raw DEFLATE under a byte limit: the bytes inflated, and whether the
/// stream was damaged or cut at the limit.
pub(super) fn inflate(data: &[u8], limit: usize) -> (Vec<u8>, Option<String>) {
    match miniz_oxide::inflate::decompress_to_vec_with_limit(data, limit) {
        Ok(v) => (v, None),
        Err(e) => {
            let why = if e.status == miniz_oxide::inflate::TINFLStatus::HasMoreOutput {
                format!("inflates past {limit} bytes")
            } else {
                format!("does not inflate ({:?})", e.status)
            };
            (e.output, Some(why))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsupported_schemes_are_named() {
        let mut e = Encryption {
            algorithm: "Blowfish CFB".into(),
            derivation: "PBKDF2".into(),
            iv: vec![0; 8],
            salt: vec![1; 16],
            iterations: 1024,
            key_size: 16,
            start_key: Hash::Sha1,
            checksum: None,
        };
        assert!(matches!(e.supported(), Err(Failure::Unsupported(m)) if m.contains("Blowfish")));
        e.algorithm = "http://www.w3.org/2009/xmlenc11#aes256-gcm".into();
        assert!(matches!(e.supported(), Err(Failure::Unsupported(m)) if m.contains("AEAD")));
        e.algorithm = "http://www.w3.org/2001/04/xmlenc#aes256-cbc".into();
        e.iv = vec![0; 16];
        e.key_size = 32;
        assert_eq!(e.supported(), Ok(()));
        e.iterations = u32::MAX;
        assert!(matches!(e.supported(), Err(Failure::Unsupported(_))));
    }

    #[test]
    fn a_short_or_unaligned_entry_is_a_wrong_key() {
        let e = Encryption {
            algorithm: "http://www.w3.org/2001/04/xmlenc#aes256-cbc".into(),
            derivation: "PBKDF2".into(),
            iv: vec![0; 16],
            salt: vec![1; 16],
            iterations: 1,
            key_size: 32,
            start_key: Hash::Sha256,
            checksum: None,
        };
        let mut keys = Keys::default();
        assert_eq!(
            keys.decrypt("x", &e, vec![1, 2, 3]),
            Err(Failure::WrongPassword)
        );
        assert_eq!(
            keys.decrypt("x", &e, Vec::new()),
            Err(Failure::WrongPassword)
        );
    }
}
