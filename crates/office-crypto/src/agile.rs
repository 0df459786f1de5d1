//! ECMA-376 Agile encryption (MS-OFFCRYPTO 2.3.4.10–2.3.4.14): the XML
//! EncryptionInfo (version 4.4), password key encryptor verification, the
//! 4096-byte segments of the package and the `dataIntegrity` HMAC.

use std::time::Instant;

use base64::Engine;
use base64::engine::DecodePaddingMode;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use crate::cipher::{AES_BLOCK, Aes};
use crate::hash::{HashAlgorithm, fit, utf16le};
use crate::{Error, Limits};

/// 2.3.4.13 block key of the verifier hash input.
const BLOCK_VERIFIER_INPUT: [u8; 8] = [0xFE, 0xA7, 0xD2, 0x76, 0x3B, 0x4B, 0x9E, 0x79];
/// 2.3.4.13 block key of the verifier hash value.
const BLOCK_VERIFIER_VALUE: [u8; 8] = [0xD7, 0xAA, 0x0F, 0x6D, 0x30, 0x61, 0x34, 0x4E];
/// 2.3.4.13 block key of the encrypted key value.
const BLOCK_KEY_VALUE: [u8; 8] = [0x14, 0x6E, 0x0B, 0xE7, 0xAB, 0xAC, 0xD0, 0xD6];
/// 2.3.4.14 block key of the HMAC key.
const BLOCK_HMAC_KEY: [u8; 8] = [0x5F, 0xB2, 0xAD, 0x01, 0x0C, 0xB9, 0xE1, 0xF6];
/// 2.3.4.14 block key of the HMAC value.
const BLOCK_HMAC_VALUE: [u8; 8] = [0xA0, 0x67, 0x7F, 0x02, 0xB2, 0x2C, 0x84, 0x33];

/// The package is encrypted in segments of this many bytes (2.3.4.15).
pub const SEGMENT_LENGTH: usize = 4096;

const PASSWORD_URI: &[u8] = b"http://schemas.microsoft.com/office/2006/keyEncryptor/password";

/// Cipher parameters shared by `keyData` and the password `encryptedKey`
/// (2.3.4.10 CT_KeyData, CT_PasswordKeyEncryptor).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Params {
    salt: Vec<u8>,
    salt_size: usize,
    block_size: usize,
    key_bytes: usize,
    hash: HashAlgorithm,
}

/// The password key encryptor (`p:encryptedKey`).
#[derive(Debug, Clone, PartialEq, Eq)]
struct PasswordKeyEncryptor {
    params: Params,
    spin_count: u32,
    verifier_hash_input: Vec<u8>,
    verifier_hash_value: Vec<u8>,
    key_value: Vec<u8>,
}

/// A parsed Agile EncryptionInfo XML descriptor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgileInfo {
    key_data: Params,
    /// `encryptedHmacKey`, `encryptedHmacValue`.
    integrity: Option<(Vec<u8>, Vec<u8>)>,
    password: PasswordKeyEncryptor,
}

impl AgileInfo {
    /// Reads the XML descriptor (the stream after its 8-byte header).
    /// A cipher other than AES-CBC, an unknown hash, or only certificate
    /// key encryptors is [`Error::Unsupported`]; a spin count above
    /// [`Limits::max_spin_count`] is [`Error::LimitExceeded`].
    pub fn parse(xml: &[u8], limits: &Limits) -> Result<AgileInfo, Error> {
        let mut reader = Reader::from_reader(xml);
        let mut key_data = None;
        let mut integrity = None;
        let mut password = None;
        let mut in_password_encryptor = false;
        let mut encryptors: Vec<String> = Vec::new();
        loop {
            let event = match reader.read_event() {
                Ok(e) => e,
                // Bytes after the descriptor (padding some writers leave) do not matter
                // once the three elements have been read.
                Err(_) if key_data.is_some() && password.is_some() => break,
                Err(e) => {
                    return Err(Error::Corrupt(format!(
                        "Agile EncryptionInfo XML at byte {}: {e}",
                        reader.buffer_position()
                    )));
                }
            };
            let (e, empty) = match &event {
                Event::Start(e) => (e, false),
                Event::Empty(e) => (e, true),
                Event::End(e) => {
                    if e.local_name().as_ref() == b"keyEncryptor" {
                        in_password_encryptor = false;
                    }
                    continue;
                }
                Event::Eof => break,
                _ => continue,
            };
            match e.local_name().as_ref() {
                b"keyData" => key_data = Some(Params::parse(&attrs(e)?)?),
                b"dataIntegrity" => {
                    let a = attrs(e)?;
                    integrity = Some((
                        decode(&a, "encryptedHmacKey")?,
                        decode(&a, "encryptedHmacValue")?,
                    ));
                }
                b"keyEncryptor" => {
                    let a = attrs(e)?;
                    let uri = get(&a, "uri").unwrap_or_default();
                    in_password_encryptor = !empty && uri.as_bytes() == PASSWORD_URI;
                    encryptors.push(uri);
                }
                b"encryptedKey" if in_password_encryptor && password.is_none() => {
                    let a = attrs(e)?;
                    let spin_count: u32 = number(&a, "spinCount")?;
                    if spin_count > limits.max_spin_count {
                        return Err(Error::LimitExceeded {
                            what: "Agile spin count",
                            limit: u64::from(limits.max_spin_count),
                        });
                    }
                    password = Some(PasswordKeyEncryptor {
                        params: Params::parse(&a)?,
                        spin_count,
                        verifier_hash_input: decode(&a, "encryptedVerifierHashInput")?,
                        verifier_hash_value: decode(&a, "encryptedVerifierHashValue")?,
                        key_value: decode(&a, "encryptedKeyValue")?,
                    });
                }
                _ => {}
            }
        }
        let key_data = key_data.ok_or_else(|| {
            Error::Corrupt("Agile EncryptionInfo without a keyData element".into())
        })?;
        let password = match password {
            Some(p) => p,
            None if encryptors.is_empty() => {
                return Err(Error::Corrupt(
                    "Agile EncryptionInfo without a key encryptor".into(),
                ));
            }
            None => {
                return Err(Error::Unsupported(format!(
                    "Agile encryption without a password key encryptor (key encryptors: {})",
                    encryptors.join(", ")
                )));
            }
        };
        Ok(AgileInfo {
            key_data,
            integrity,
            password,
        })
    }

    /// The iteration count of the password key derivation.
    pub fn spin_count(&self) -> u32 {
        self.password.spin_count
    }

    /// The package key's hash algorithm.
    pub fn hash(&self) -> HashAlgorithm {
        self.key_data.hash
    }

    /// The package key's size in bits.
    pub fn key_bits(&self) -> u32 {
        self.key_data.key_bytes as u32 * 8
    }

    /// The package key when `password` is right (2.3.4.11 key generation,
    /// 2.3.4.13 verification).
    pub fn verify(
        &self,
        password: &str,
        deadline: Option<Instant>,
    ) -> Result<Option<AgileKey>, Error> {
        let enc = &self.password;
        let p = &enc.params;
        let h = p
            .hash
            .iterate(&p.salt, &utf16le(password), enc.spin_count, deadline)?;
        let iv = fit(&p.salt, p.block_size, 0x36);
        let open = |block: &[u8; 8], data: &[u8]| -> Result<Vec<u8>, Error> {
            let key = fit(&p.hash.digest(&[&h, block]), p.key_bytes, 0x36);
            let mut out = data.to_vec();
            Aes::new(&key)?.decrypt_cbc(&iv, &mut out);
            Ok(out)
        };
        let input = open(&BLOCK_VERIFIER_INPUT, &enc.verifier_hash_input)?;
        let value = open(&BLOCK_VERIFIER_VALUE, &enc.verifier_hash_value)?;
        let input = input
            .get(..p.salt_size)
            .ok_or_else(|| short("encryptedVerifierHashInput"))?;
        let value = value
            .get(..p.hash.size())
            .ok_or_else(|| short("encryptedVerifierHashValue"))?;
        if p.hash.digest(&[input]) != value {
            return Ok(None);
        }
        let secret = open(&BLOCK_KEY_VALUE, &enc.key_value)?;
        let secret = secret
            .get(..self.key_data.key_bytes)
            .ok_or_else(|| short("encryptedKeyValue"))?;
        Ok(Some(AgileKey {
            aes: Aes::new(secret)?,
            key_data: self.key_data.clone(),
            integrity: self.integrity.clone(),
        }))
    }
}

fn short(what: &str) -> Error {
    Error::Corrupt(format!(
        "Agile EncryptionInfo: {what} is shorter than its parameters say"
    ))
}

/// A verified Agile package key.
#[derive(Debug, Clone)]
pub struct AgileKey {
    aes: Aes,
    key_data: Params,
    integrity: Option<(Vec<u8>, Vec<u8>)>,
}

impl AgileKey {
    /// Decrypts the package data (after the 8-byte size), segment by
    /// segment with each segment's IV (2.3.4.15); a trailing partial AES
    /// block is left as is.
    pub fn decrypt(&self, data: &mut [u8]) {
        let kd = &self.key_data;
        for (i, segment) in data.chunks_mut(SEGMENT_LENGTH).enumerate() {
            let Ok(index) = u32::try_from(i) else {
                return;
            };
            let iv = fit(
                &kd.hash.digest(&[&kd.salt, &index.to_le_bytes()]),
                kd.block_size,
                0x36,
            );
            self.aes.decrypt_cbc(&iv, segment);
        }
    }

    /// 2.3.4.14: whether the HMAC of the whole `EncryptedPackage` stream
    /// (size field included) matches `dataIntegrity`; `None` when the
    /// descriptor has no `dataIntegrity` element.
    pub fn check_integrity(&self, encrypted_package: &[u8]) -> Option<bool> {
        let (key, value) = self.integrity.as_ref()?;
        let kd = &self.key_data;
        let open = |block: &[u8; 8], data: &[u8]| {
            let iv = fit(&kd.hash.digest(&[&kd.salt, block]), kd.block_size, 0x36);
            let mut out = data.to_vec();
            self.aes.decrypt_cbc(&iv, &mut out);
            out
        };
        let hmac_key = open(&BLOCK_HMAC_KEY, key);
        let hmac_value = open(&BLOCK_HMAC_VALUE, value);
        let n = kd.hash.size();
        let (Some(hmac_key), Some(hmac_value)) = (hmac_key.get(..n), hmac_value.get(..n)) else {
            return Some(false);
        };
        Some(kd.hash.hmac(hmac_key, encrypted_package) == hmac_value)
    }
}

impl Params {
    fn parse(a: &[(String, String)]) -> Result<Params, Error> {
        let cipher = get(a, "cipherAlgorithm").ok_or_else(|| missing("cipherAlgorithm"))?;
        if !cipher.eq_ignore_ascii_case("AES") {
            return Err(Error::Unsupported(format!(
                "Agile encryption with cipher {cipher:?}"
            )));
        }
        let chaining = get(a, "cipherChaining").unwrap_or_else(|| "ChainingModeCBC".into());
        if chaining != "ChainingModeCBC" {
            return Err(Error::Unsupported(format!(
                "Agile encryption with chaining {chaining:?}"
            )));
        }
        let hash_name = get(a, "hashAlgorithm").ok_or_else(|| missing("hashAlgorithm"))?;
        let hash = HashAlgorithm::from_name(&hash_name).ok_or_else(|| {
            Error::Unsupported(format!("Agile encryption with hash {hash_name:?}"))
        })?;
        if let Some(size) = get(a, "hashSize")
            && size.trim().parse::<usize>().ok() != Some(hash.size())
        {
            return Err(Error::Corrupt(format!(
                "Agile EncryptionInfo: hashSize {size} for {hash_name}"
            )));
        }
        let key_bits: usize = number(a, "keyBits")?;
        if ![128, 192, 256].contains(&key_bits) {
            return Err(Error::Unsupported(format!("AES with a {key_bits}-bit key")));
        }
        let block_size: usize = match get(a, "blockSize") {
            Some(_) => number(a, "blockSize")?,
            None => AES_BLOCK,
        };
        if block_size != AES_BLOCK {
            return Err(Error::Corrupt(format!(
                "Agile EncryptionInfo: block size {block_size} for AES"
            )));
        }
        let salt = decode(a, "saltValue")?;
        let salt_size = match get(a, "saltSize") {
            Some(_) => number(a, "saltSize")?,
            None => salt.len(),
        };
        if salt.is_empty() || salt_size == 0 || salt_size > 64 {
            return Err(Error::Corrupt(format!(
                "Agile EncryptionInfo: salt of {} bytes (saltSize {salt_size})",
                salt.len()
            )));
        }
        Ok(Params {
            salt,
            salt_size,
            block_size,
            key_bytes: key_bits / 8,
            hash,
        })
    }
}

/// The attributes of an element by local name, values unescaped.
fn attrs(e: &BytesStart<'_>) -> Result<Vec<(String, String)>, Error> {
    let mut out = Vec::new();
    for a in e.attributes().with_checks(false) {
        let a = a.map_err(|err| Error::Corrupt(format!("Agile EncryptionInfo XML: {err}")))?;
        let key = String::from_utf8_lossy(a.key.local_name().as_ref()).into_owned();
        let value = String::from_utf8_lossy(&a.value).into_owned();
        out.push((key, value));
    }
    Ok(out)
}

fn missing(name: &str) -> Error {
    Error::Corrupt(format!("Agile EncryptionInfo: attribute {name} missing"))
}

fn get(a: &[(String, String)], name: &str) -> Option<String> {
    a.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
}

fn number<T: std::str::FromStr>(a: &[(String, String)], name: &str) -> Result<T, Error> {
    let v = get(a, name)
        .ok_or_else(|| Error::Corrupt(format!("Agile EncryptionInfo: attribute {name} missing")))?;
    v.trim().parse().map_err(|_| {
        Error::Corrupt(format!(
            "Agile EncryptionInfo: attribute {name}={v:?} is not a number"
        ))
    })
}

/// A base64 attribute (whitespace ignored, padding optional) that must
/// hold whole AES blocks when it is a ciphertext.
fn decode(a: &[(String, String)], name: &str) -> Result<Vec<u8>, Error> {
    const ENGINE: GeneralPurpose = GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
    );
    let v = get(a, name)
        .ok_or_else(|| Error::Corrupt(format!("Agile EncryptionInfo: attribute {name} missing")))?;
    let compact: String = v.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    let bytes = ENGINE.decode(compact.as_bytes()).map_err(|e| {
        Error::Corrupt(format!(
            "Agile EncryptionInfo: attribute {name} is not base64 ({e})"
        ))
    })?;
    if name.starts_with("encrypted") && (bytes.is_empty() || bytes.len() % AES_BLOCK != 0) {
        return Err(Error::Corrupt(format!(
            "Agile EncryptionInfo: {name} of {} bytes is not whole AES blocks",
            bytes.len()
        )));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    const B16: &str = "AAAAAAAAAAAAAAAAAAAAAA==";
    const B64: &str =
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==";

    fn xml(key_data: &str, encryptors: &str) -> String {
        format!(
            r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<encryption xmlns="http://schemas.microsoft.com/office/2006/encryption" xmlns:p="http://schemas.microsoft.com/office/2006/keyEncryptor/password">
<keyData {key_data}/><keyEncryptors>{encryptors}</keyEncryptors></encryption>"#
        )
    }

    fn kd(cipher: &str, hash: &str, bits: u32) -> String {
        format!(
            r#"saltSize="16" blockSize="16" keyBits="{bits}" hashSize="64" cipherAlgorithm="{cipher}" cipherChaining="ChainingModeCBC" hashAlgorithm="{hash}" saltValue="{B16}""#
        )
    }

    fn pw(spin: u32) -> String {
        format!(
            r#"<keyEncryptor uri="http://schemas.microsoft.com/office/2006/keyEncryptor/password"><p:encryptedKey spinCount="{spin}" {} encryptedVerifierHashInput="{B16}" encryptedVerifierHashValue="{B64}" encryptedKeyValue="{B16}"/></keyEncryptor>"#,
            kd("AES", "SHA512", 256)
        )
    }

    #[test]
    fn parses_office_s_descriptor_shape() {
        let x = xml(&kd("AES", "SHA512", 256), &pw(100_000));
        let info = AgileInfo::parse(x.as_bytes(), &Limits::default()).unwrap();
        assert_eq!(info.spin_count(), 100_000);
        assert_eq!(info.hash(), HashAlgorithm::Sha512);
        assert_eq!(info.key_bits(), 256);
        // A wrong password is a verifier mismatch, not an error.
        assert!(info.verify("x", None).unwrap().is_none());
    }

    #[test]
    fn spin_count_above_the_limit_is_refused() {
        let x = xml(&kd("AES", "SHA512", 256), &pw(20_000_000));
        assert_eq!(
            AgileInfo::parse(x.as_bytes(), &Limits::default()).unwrap_err(),
            Error::LimitExceeded {
                what: "Agile spin count",
                limit: 10_000_000
            }
        );
    }

    #[test]
    fn unsupported_ciphers_hashes_and_encryptors_are_named() {
        let l = Limits::default();
        let e =
            AgileInfo::parse(xml(&kd("3DES", "SHA512", 256), &pw(1)).as_bytes(), &l).unwrap_err();
        assert!(e.to_string().contains("3DES"), "{e}");
        let e =
            AgileInfo::parse(xml(&kd("AES", "WHIRLPOOL", 256), &pw(1)).as_bytes(), &l).unwrap_err();
        assert!(e.to_string().contains("WHIRLPOOL"), "{e}");
        let cert = r#"<keyEncryptor uri="http://schemas.microsoft.com/office/2006/keyEncryptor/certificate"><c:encryptedKey xmlns:c="x" encryptedKeyValue="AA=="/></keyEncryptor>"#;
        let e = AgileInfo::parse(xml(&kd("AES", "SHA512", 256), cert).as_bytes(), &l).unwrap_err();
        assert!(
            matches!(&e, Error::Unsupported(m) if m.contains("certificate")),
            "{e}"
        );
    }

    #[test]
    fn malformed_descriptors_are_corrupt() {
        let l = Limits::default();
        for bad in [
            xml("", &pw(1)),
            xml(&kd("AES", "SHA512", 256), ""),
            xml(&kd("AES", "SHA512", 256).replace(B16, "!!"), &pw(1)),
            xml(
                &kd("AES", "SHA512", 256).replace("hashSize=\"64\"", "hashSize=\"20\""),
                &pw(1),
            ),
            xml(
                &kd("AES", "SHA512", 256),
                &pw(1).replace("encryptedKeyValue=\"", "encryptedKeyValue=\"AAAA"),
            ),
            "<encryption><keyData".to_string(),
        ] {
            assert!(
                matches!(AgileInfo::parse(bad.as_bytes(), &l), Err(Error::Corrupt(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn trailing_bytes_after_the_descriptor_are_ignored() {
        let mut x = xml(&kd("AES", "SHA512", 256), &pw(1)).into_bytes();
        x.extend_from_slice(b"\0\0\0<<<");
        assert!(AgileInfo::parse(&x, &Limits::default()).is_ok());
    }
}
