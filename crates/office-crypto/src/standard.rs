//! ECMA-376 Standard encryption (MS-OFFCRYPTO 2.3.4.5–2.3.4.9): the binary
//! EncryptionInfo of version 2.2/3.2/4.2 with the AES flag, SHA-1 key
//! derivation over 50,000 iterations, AES-ECB over the package.

use std::time::Instant;

use crate::Error;
use crate::cipher::{AES_BLOCK, Aes};
use crate::hash::{HashAlgorithm, utf16le};
use crate::header::{ALG_AES128, ALG_AES192, ALG_AES256, ALG_SHA1, BinaryInfo, F_AES};

/// 2.3.4.7: the fixed number of hash iterations.
pub const SPIN_COUNT: u32 = 50_000;

/// A Standard EncryptionInfo, after its EncryptionVersionInfo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandardInfo {
    info: BinaryInfo,
    key_bytes: usize,
}

impl StandardInfo {
    /// Reads `data`, which starts right after the EncryptionVersionInfo.
    /// A cipher other than AES, a hash other than SHA-1 or a third-party
    /// provider is [`Error::Unsupported`], naming the provider.
    pub fn parse(data: &[u8]) -> Result<StandardInfo, Error> {
        let info = BinaryInfo::parse(data, 32)?;
        let h = &info.header;
        let bits = match h.alg_id {
            ALG_AES128 => 128,
            ALG_AES192 => 192,
            ALG_AES256 => 256,
            0 if h.flags & F_AES != 0 => 128,
            other => {
                return Err(Error::Unsupported(format!(
                    "ECMA-376 Standard encryption with cipher {other:#06x}, {}",
                    h.provider()
                )));
            }
        };
        if h.key_size != 0 && h.key_size != bits {
            return Err(Error::Corrupt(format!(
                "EncryptionInfo: key size {} for AES-{bits}",
                h.key_size
            )));
        }
        if h.alg_id_hash != ALG_SHA1 && h.alg_id_hash != 0 {
            return Err(Error::Unsupported(format!(
                "ECMA-376 Standard encryption with hash {:#06x}, {}",
                h.alg_id_hash,
                h.provider()
            )));
        }
        Ok(StandardInfo {
            info,
            key_bytes: bits as usize / 8,
        })
    }

    /// Key size in bits (128, 192 or 256).
    pub fn key_bits(&self) -> u32 {
        self.key_bytes as u32 * 8
    }

    /// The package key when `password` is right (2.3.4.7 key derivation,
    /// 2.3.4.9 verification).
    pub fn verify(
        &self,
        password: &str,
        deadline: Option<Instant>,
    ) -> Result<Option<StandardKey>, Error> {
        let v = &self.info.verifier;
        let key = derive_key(password, &v.salt, self.key_bytes, deadline)?;
        let aes = Aes::new(&key)?;
        let mut verifier = v.encrypted_verifier;
        aes.decrypt_ecb(&mut verifier);
        let mut hash = v.encrypted_verifier_hash.clone();
        aes.decrypt_ecb(&mut hash);
        let expected = HashAlgorithm::Sha1.digest(&[&verifier]);
        Ok((hash.get(..expected.len()) == Some(&expected[..])).then_some(StandardKey { aes }))
    }
}

/// 2.3.4.7: the iterated SHA-1 of salt and password, hashed with block 0,
/// then stretched through the 0x36/0x5C pads and cut to `key_bytes`.
pub(crate) fn derive_key(
    password: &str,
    salt: &[u8],
    key_bytes: usize,
    deadline: Option<Instant>,
) -> Result<Vec<u8>, Error> {
    let sha1 = HashAlgorithm::Sha1;
    let h = sha1.iterate(salt, &utf16le(password), SPIN_COUNT, deadline)?;
    let h_final = sha1.digest(&[&h, &0u32.to_le_bytes()]);
    let pad = |byte: u8| {
        let mut buf = [byte; 64];
        for (b, h) in buf.iter_mut().zip(&h_final) {
            *b ^= h;
        }
        sha1.digest(&[&buf])
    };
    let mut x = pad(0x36);
    x.extend(pad(0x5C));
    x.truncate(key_bytes);
    Ok(x)
}

/// A verified Standard key.
#[derive(Debug, Clone)]
pub struct StandardKey {
    aes: Aes,
}

impl StandardKey {
    /// Decrypts the package data (after the 8-byte size) in ECB mode; a
    /// trailing partial block is left as is.
    pub fn decrypt(&self, data: &mut [u8]) {
        let whole = data.len() / AES_BLOCK * AES_BLOCK;
        if let Some(d) = data.get_mut(..whole) {
            self.aes.decrypt_ecb(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::header::tests::info_bytes;

    #[test]
    fn provider_names_appear_in_unsupported_errors() {
        let b = info_bytes(0x6801, 128, "Contoso Secure CSP", 32);
        let e = StandardInfo::parse(&b).unwrap_err();
        assert!(e.to_string().contains("Contoso Secure CSP"), "{e}");
    }

    #[test]
    fn key_size_must_match_the_cipher() {
        let b = info_bytes(ALG_AES256, 128, "", 32);
        assert!(matches!(StandardInfo::parse(&b), Err(Error::Corrupt(_))));
        let b = info_bytes(ALG_AES192, 192, "", 32);
        assert_eq!(StandardInfo::parse(&b).unwrap().key_bits(), 192);
    }

    #[test]
    fn derived_key_has_the_requested_length() {
        for n in [16, 24, 32] {
            assert_eq!(derive_key("pw", &[0; 16], n, None).unwrap().len(), n);
        }
    }
}
