//! Encrypted package entries (ODF 1.3 Part 2 §4.8, `manifest:encryption-data`
//! of `META-INF/manifest.xml`), in the three schemes office suites write:
//!
//! - LibreOffice 3.5–24.2 (ODF 1.2/1.3): start key SHA-256 of the UTF-8
//!   password, key PBKDF2-HMAC-SHA1 of it, AES-CBC after raw DEFLATE,
//!   checksum a digest of the first 1024 decrypted bytes.
//! - OpenOffice.org 1–3, Apache OpenOffice and LibreOffice saving ODF
//!   1.0/1.1: start key SHA-1, PBKDF2-HMAC-SHA1, Blowfish in CFB mode with
//!   64-bit feedback (what `rtl_Cipher_ModeStream` does, whatever the spec's
//!   "8-bit CFB" says), `SHA1/1K` checksum.
//! - LibreOffice 24.2+ ("ODF 1.3/1.4 extended"): AES-GCM, the 12-byte IV
//!   before the ciphertext and the 16-byte tag after it, no checksum (the
//!   tag tells a wrong key), the key Argon2id of the SHA-256 start key
//!   (LibreOffice's own `loext:argon2-*` parameters) or PBKDF2. LibreOffice
//!   encrypts the whole package this way as one `encrypted-package` entry
//!   (read by `super::read_package`); other writers may encrypt entries.

use std::collections::HashMap;

use aes::cipher::block_padding::NoPadding;
use aes::cipher::{BlockModeDecrypt, KeyIvInit};
use aes_gcm::aead::consts::U12;
use aes_gcm::aead::{Aead, KeyInit};
use sha1::Digest as _;

mod manifest;

pub(super) use manifest::Manifest;

/// The most PBKDF2 iterations an entry may ask for (LibreOffice writes
/// 100,000): a hostile manifest cannot make a key cost minutes.
const MAX_ITERATIONS: u64 = 10_000_000;

/// Argon2id bounds. LibreOffice writes 3 passes over 65,536 KiB (64 MiB)
/// in 4 lanes, and the memory is allocated whole before the first pass:
/// a manifest asking for more than 1 GiB, 64 passes or 64 lanes is refused
/// rather than obeyed, so a file cannot make a reader allocate or compute
/// without bound.
const MAX_ARGON2_MEMORY_KIB: u64 = 1 << 20;
const MAX_ARGON2_ITERATIONS: u64 = 64;
const MAX_ARGON2_LANES: u64 = 64;

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

/// The cipher of an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cipher {
    AesCbc,
    AesGcm,
    BlowfishCfb,
}

/// How the key is derived from the start key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kdf {
    Pbkdf2 { iterations: u32 },
    Argon2id { t: u32, m: u32, p: u32 },
}

/// How one entry is encrypted, as the manifest says.
#[derive(Debug, Clone)]
pub(super) struct Encryption {
    algorithm: String,
    derivation: String,
    iv: Vec<u8>,
    salt: Vec<u8>,
    /// PBKDF2's `iteration-count` (`u64::MAX` when unreadable).
    iterations: u64,
    /// `loext:argon2-iterations`, `-memory` (KiB) and `-lanes`, as given.
    argon2: [Option<u64>; 3],
    key_size: usize,
    start_key: Hash,
    /// The digest of the first 1024 decrypted bytes, and its kind.
    checksum: Option<(Hash, Vec<u8>)>,
}

/// Why an entry did not decrypt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Failure {
    /// The scheme is not one this crate reads (the message names it).
    Unsupported(String),
    /// The manifest asks for more work than a reader gives a key.
    Limit { what: &'static str, limit: u64 },
    /// The entry cannot be what the manifest says (the message says why).
    Damaged(String),
    /// The checksum, the padding or the tag says the key is wrong.
    WrongPassword,
}

impl Encryption {
    /// The cipher and key derivation, or why they are not read.
    fn scheme(&self) -> Result<(Cipher, Kdf), Failure> {
        let a = self.algorithm.to_ascii_lowercase();
        let cipher = if a.contains("blowfish") {
            Cipher::BlowfishCfb
        } else if ["aes256-cbc", "aes192-cbc", "aes128-cbc"]
            .iter()
            .any(|s| a.ends_with(s))
        {
            Cipher::AesCbc
        } else if ["aes256-gcm", "aes192-gcm", "aes128-gcm"]
            .iter()
            .any(|s| a.ends_with(s))
        {
            Cipher::AesGcm
        } else {
            return Err(Failure::Unsupported(format!(
                "encryption algorithm {:?} is not supported",
                self.algorithm
            )));
        };
        let (iv_len, key_ok) = match cipher {
            Cipher::AesCbc => (16, matches!(self.key_size, 16 | 24 | 32)),
            Cipher::AesGcm => (12, matches!(self.key_size, 16 | 24 | 32)),
            Cipher::BlowfishCfb => (8, (4..=56).contains(&self.key_size)),
        };
        if !key_ok || self.iv.len() != iv_len {
            return Err(Failure::Unsupported(format!(
                "{} with a {}-byte key and a {}-byte IV",
                self.algorithm,
                self.key_size,
                self.iv.len()
            )));
        }
        let d = self.derivation.to_ascii_lowercase();
        let kdf = if d == "pbkdf2" || d.ends_with("#pbkdf2") {
            if self.iterations == 0 || self.iterations > MAX_ITERATIONS {
                return Err(Failure::Unsupported(format!(
                    "PBKDF2 with {} iterations (at most {MAX_ITERATIONS} are run)",
                    self.iterations
                )));
            }
            Kdf::Pbkdf2 {
                iterations: u32::try_from(self.iterations).unwrap_or(u32::MAX),
            }
        } else if d.ends_with("argon2id") {
            let [Some(t), Some(m), Some(p)] = self.argon2 else {
                return Err(Failure::Unsupported(
                    "Argon2id without its argon2-iterations, argon2-memory and argon2-lanes".into(),
                ));
            };
            for (value, what, limit) in [
                (m, "Argon2id memory (KiB)", MAX_ARGON2_MEMORY_KIB),
                (t, "Argon2id iterations", MAX_ARGON2_ITERATIONS),
                (p, "Argon2id lanes", MAX_ARGON2_LANES),
            ] {
                if value > limit {
                    return Err(Failure::Limit { what, limit });
                }
            }
            // Each is at most 2^20 by now.
            let n = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
            Kdf::Argon2id {
                t: n(t),
                m: n(m),
                p: n(p),
            }
        } else {
            return Err(Failure::Unsupported(format!(
                "key derivation {:?} is not supported",
                self.derivation
            )));
        };
        Ok((cipher, kdf))
    }

    /// Whether the scheme is one this crate reads.
    pub fn supported(&self) -> Result<(), Failure> {
        self.scheme().map(|_| ())
    }

    /// The scheme in words (`AES-GCM, Argon2id`), for messages.
    pub fn describe(&self) -> String {
        match self.scheme() {
            Ok((cipher, kdf)) => format!(
                "{}, {}",
                match cipher {
                    Cipher::AesCbc => "AES-CBC",
                    Cipher::AesGcm => "AES-GCM",
                    Cipher::BlowfishCfb => "Blowfish CFB",
                },
                match kdf {
                    Kdf::Pbkdf2 { .. } => "PBKDF2",
                    Kdf::Argon2id { .. } => "Argon2id",
                }
            ),
            Err(_) => format!("{}, {}", self.algorithm, self.derivation),
        }
    }
}

/// Derived keys, cached by their inputs (every entry has its own salt in
/// LibreOffice's files, but copies of a package may share them).
#[derive(Default)]
pub(super) struct Keys {
    cache: HashMap<(Hash, Vec<u8>, Kdf, usize), Vec<u8>>,
}

impl Keys {
    fn key(&mut self, password: &str, e: &Encryption, kdf: Kdf) -> Result<Vec<u8>, Failure> {
        let id = (e.start_key, e.salt.clone(), kdf, e.key_size);
        if let Some(k) = self.cache.get(&id) {
            return Ok(k.clone());
        }
        let start = e.start_key.of(password.as_bytes());
        let mut key = vec![0u8; e.key_size];
        match kdf {
            Kdf::Pbkdf2 { iterations } => {
                pbkdf2::pbkdf2_hmac::<sha1::Sha1>(&start, &e.salt, iterations, &mut key);
            }
            Kdf::Argon2id { t, m, p } => {
                let refused = |why: argon2::Error| {
                    Failure::Unsupported(format!(
                        "Argon2id with {t} iterations, {m} KiB, {p} lanes and a {}-byte salt: {why}",
                        e.salt.len()
                    ))
                };
                let params = argon2::Params::new(m, t, p, Some(e.key_size)).map_err(refused)?;
                argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params)
                    .hash_password_into(&start, &e.salt, &mut key)
                    .map_err(refused)?;
            }
        }
        self.cache.insert(id, key.clone());
        Ok(key)
    }

    /// The entry decrypted, still deflated: its padding removed (AES-CBC),
    /// its tag verified (AES-GCM), its checksum verified when the manifest
    /// has one (AES-CBC, Blowfish).
    pub fn decrypt(
        &mut self,
        password: &str,
        e: &Encryption,
        data: Vec<u8>,
    ) -> Result<Vec<u8>, Failure> {
        let (cipher, kdf) = e.scheme()?;
        if cipher == Cipher::AesCbc && (!data.len().is_multiple_of(16) || data.is_empty()) {
            return Err(Failure::WrongPassword);
        }
        let key = self.key(password, e, kdf)?;
        let data = match cipher {
            Cipher::AesCbc => aes_cbc(&key, &e.iv, data)?,
            Cipher::AesGcm => return aes_gcm(&key, &e.iv, &data),
            Cipher::BlowfishCfb => blowfish_cfb(&key, &e.iv, data)?,
        };
        if let Some((hash, want)) = &e.checksum {
            let head = data.get(..data.len().min(1024)).unwrap_or(&data);
            if hash.of(head) != *want {
                return Err(Failure::WrongPassword);
            }
        }
        Ok(data)
    }
}

/// AES-CBC, then the padding the last byte counts (PKCS#7, or ISO 10126
/// where the others are random) dropped.
fn aes_cbc(key: &[u8], iv: &[u8], mut data: Vec<u8>) -> Result<Vec<u8>, Failure> {
    let ok = match key.len() {
        16 => cbc::Decryptor::<aes::Aes128>::new_from_slices(key, iv)
            .map(|d| d.decrypt_padded::<NoPadding>(&mut data).is_ok()),
        24 => cbc::Decryptor::<aes::Aes192>::new_from_slices(key, iv)
            .map(|d| d.decrypt_padded::<NoPadding>(&mut data).is_ok()),
        _ => cbc::Decryptor::<aes::Aes256>::new_from_slices(key, iv)
            .map(|d| d.decrypt_padded::<NoPadding>(&mut data).is_ok()),
    };
    if ok != Ok(true) {
        return Err(Failure::WrongPassword);
    }
    let pad = usize::from(data.last().copied().unwrap_or(0));
    if pad == 0 || pad > 16 || pad > data.len() {
        return Err(Failure::WrongPassword);
    }
    data.truncate(data.len() - pad);
    Ok(data)
}

/// AES-GCM as LibreOffice frames it: the manifest's 12-byte IV repeated
/// before the ciphertext, the 16-byte tag after it, no associated data.
fn aes_gcm(key: &[u8], iv: &[u8], data: &[u8]) -> Result<Vec<u8>, Failure> {
    let Some((prefix, sealed)) = data.split_at_checked(12).filter(|(_, s)| s.len() >= 16) else {
        return Err(Failure::Damaged(format!(
            "{} bytes, too short for an AES-GCM IV and tag",
            data.len()
        )));
    };
    if prefix != iv {
        return Err(Failure::Damaged(
            "the IV before the ciphertext is not the manifest's".into(),
        ));
    }
    let nonce = aes_gcm::Nonce::<U12>::try_from(iv)
        .map_err(|_| Failure::Damaged("an AES-GCM IV of other than 12 bytes".into()))?;
    let opened = match key.len() {
        16 => aes_gcm::Aes128Gcm::new_from_slice(key).map(|c| c.decrypt(&nonce, sealed)),
        24 => aes_gcm::AesGcm::<aes::Aes192, U12>::new_from_slice(key)
            .map(|c| c.decrypt(&nonce, sealed)),
        _ => aes_gcm::Aes256Gcm::new_from_slice(key).map(|c| c.decrypt(&nonce, sealed)),
    };
    match opened {
        Ok(Ok(plain)) => Ok(plain),
        Ok(Err(_)) => Err(Failure::WrongPassword),
        Err(_) => Err(Failure::Unsupported(format!(
            "AES-GCM with a {}-byte key",
            key.len()
        ))),
    }
}

/// Blowfish in CFB mode with 64-bit feedback (`rtl_Cipher_ModeStream`:
/// the register encrypted every 8 bytes, the ciphertext its next value).
fn blowfish_cfb(key: &[u8], iv: &[u8], mut data: Vec<u8>) -> Result<Vec<u8>, Failure> {
    let d = cfb_mode::Decryptor::<blowfish::Blowfish>::new_from_slices(key, iv).map_err(|_| {
        Failure::Unsupported(format!(
            "Blowfish with a {}-byte key and a {}-byte IV",
            key.len(),
            iv.len()
        ))
    })?;
    d.decrypt(&mut data);
    Ok(data)
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

    fn entry(algorithm: &str, derivation: &str, iv: usize, key_size: usize) -> Encryption {
        Encryption {
            algorithm: algorithm.into(),
            derivation: derivation.into(),
            iv: vec![0; iv],
            salt: vec![1; 16],
            iterations: 1024,
            argon2: [Some(3), Some(65_536), Some(4)],
            key_size,
            start_key: Hash::Sha256,
            checksum: None,
        }
    }

    const ARGON2ID: &str = "urn:org:documentfoundation:names:experimental:office:manifest:argon2id";
    const BLOWFISH: &str = "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0#blowfish";
    const PBKDF2: &str = "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0#pbkdf2";
    const AES_GCM: &str = "http://www.w3.org/2009/xmlenc11#aes256-gcm";
    const AES_CBC: &str = "http://www.w3.org/2001/04/xmlenc#aes256-cbc";

    #[test]
    fn schemes_are_classified() {
        // (algorithm, derivation, IV bytes, key bytes, what `describe` says).
        for (algorithm, derivation, iv, key_size, described) in [
            ("Blowfish CFB", "PBKDF2", 8, 16, "Blowfish CFB, PBKDF2"),
            (BLOWFISH, PBKDF2, 8, 16, "Blowfish CFB, PBKDF2"),
            (AES_GCM, ARGON2ID, 12, 32, "AES-GCM, Argon2id"),
            (AES_CBC, "PBKDF2", 16, 32, "AES-CBC, PBKDF2"),
        ] {
            let e = entry(algorithm, derivation, iv, key_size);
            assert_eq!(e.supported(), Ok(()), "{algorithm}");
            assert_eq!(e.describe(), described);
        }
        // The IV must fit the cipher.
        let e = entry(AES_GCM, "PBKDF2", 16, 32);
        assert!(matches!(e.supported(), Err(Failure::Unsupported(_))));
        let mut e = entry(AES_CBC, "PBKDF2", 16, 32);
        e.iterations = u64::MAX;
        assert!(matches!(e.supported(), Err(Failure::Unsupported(_))));
    }

    #[test]
    fn argon2_costs_are_bounded() {
        let mut e = entry(AES_GCM, ARGON2ID, 12, 32);
        e.argon2 = [Some(3), Some(MAX_ARGON2_MEMORY_KIB + 1), Some(4)];
        assert_eq!(
            e.supported(),
            Err(Failure::Limit {
                what: "Argon2id memory (KiB)",
                limit: 1 << 20
            })
        );
        e.argon2 = [Some(65), Some(65_536), Some(4)];
        assert!(matches!(
            e.supported(),
            Err(Failure::Limit {
                what: "Argon2id iterations",
                ..
            })
        ));
        e.argon2 = [Some(3), Some(65_536), Some(65)];
        assert!(matches!(
            e.supported(),
            Err(Failure::Limit {
                what: "Argon2id lanes",
                ..
            })
        ));
        e.argon2 = [Some(3), None, Some(4)];
        assert!(matches!(e.supported(), Err(Failure::Unsupported(_))));
        e.argon2 = [Some(64), Some(1 << 20), Some(64)];
        assert_eq!(e.supported(), Ok(()));
    }

    #[test]
    fn blowfish_is_cfb_with_64_bit_feedback() {
        // pyca/cryptography (OpenSSL's BF_cfb64): Blowfish, key 00..0f,
        // IV b0..b7, CFB with 64-bit segments.
        let key: Vec<u8> = (0..16).collect();
        let iv: Vec<u8> = (0xB0..0xB8).collect();
        let ct = [
            0x15, 0x40, 0xdb, 0xa4, 0xbc, 0x83, 0x0d, 0x9d, 0xde, 0x7e, 0x3f, 0xb3, 0x74, 0xf1,
            0x0d, 0x2e, 0x3a, 0x93, 0x5f, 0x5b, 0x87, 0xa0, 0xde, 0x5f, 0x92,
        ];
        let plain = blowfish_cfb(&key, &iv, ct.to_vec()).unwrap();
        assert_eq!(plain, b"OpenOffice.org Blowfish!!");
    }

    #[test]
    fn short_or_misframed_entries_are_not_keys_tried() {
        let e = entry(AES_CBC, "PBKDF2", 16, 32);
        let mut keys = Keys::default();
        assert_eq!(
            keys.decrypt("x", &e, vec![1, 2, 3]),
            Err(Failure::WrongPassword)
        );
        assert_eq!(
            keys.decrypt("x", &e, Vec::new()),
            Err(Failure::WrongPassword)
        );
        let key = [7u8; 32];
        assert!(matches!(
            aes_gcm(&key, &[0; 12], &[0; 27]),
            Err(Failure::Damaged(_))
        ));
        assert!(matches!(
            aes_gcm(&key, &[0; 12], &[1; 40]),
            Err(Failure::Damaged(_))
        ));
        assert_eq!(
            aes_gcm(&key, &[0; 12], &[0; 40]),
            Err(Failure::WrongPassword)
        );
    }
}
