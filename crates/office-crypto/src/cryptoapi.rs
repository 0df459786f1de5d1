//! Office binary document RC4 CryptoAPI encryption (MS-OFFCRYPTO 2.3.5):
//! the header and verifier, SHA-1 key derivation with key sizes of 40 to
//! 128 bits, and per-block RC4 keys.

use crate::Error;
use crate::cipher::rc4_apply;
use crate::hash::{HashAlgorithm, utf16le};
use crate::header::{ALG_RC4, ALG_SHA1, BinaryInfo};

/// 2.3.5.1 RC4 CryptoAPI Encryption Header, after its EncryptionVersionInfo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CryptoApiHeader {
    info: BinaryInfo,
    key_bits: u32,
}

impl CryptoApiHeader {
    /// Reads the header from `data`, which starts right after the
    /// EncryptionVersionInfo (x.2). A cipher other than RC4, a hash other
    /// than SHA-1, a third-party provider or a key size outside 40..=128
    /// is [`Error::Unsupported`], naming the provider.
    pub fn parse(data: &[u8]) -> Result<CryptoApiHeader, Error> {
        let info = BinaryInfo::parse(data, 20)?;
        let h = &info.header;
        if h.alg_id != ALG_RC4 && h.alg_id != 0 {
            return Err(Error::Unsupported(format!(
                "RC4 CryptoAPI header with cipher {:#06x}, {}",
                h.alg_id,
                h.provider()
            )));
        }
        if h.alg_id_hash != ALG_SHA1 && h.alg_id_hash != 0 {
            return Err(Error::Unsupported(format!(
                "RC4 CryptoAPI header with hash {:#06x}, {}",
                h.alg_id_hash,
                h.provider()
            )));
        }
        // 2.3.5.1: a key size of 0 means 40 bits.
        let key_bits = if h.key_size == 0 { 40 } else { h.key_size };
        if !(40..=128).contains(&key_bits) || key_bits % 8 != 0 {
            return Err(Error::Unsupported(format!(
                "RC4 CryptoAPI key size of {key_bits} bits"
            )));
        }
        Ok(CryptoApiHeader { info, key_bits })
    }

    /// Key size in bits (40 to 128).
    pub fn key_bits(&self) -> u32 {
        self.key_bits
    }

    /// The cryptographic service provider named in the header.
    pub fn csp_name(&self) -> &str {
        &self.info.header.csp_name
    }

    /// Whether the document's summary property sets are left unencrypted
    /// (`fDocProps`); when clear, they live in the `EncryptedSummary` stream.
    pub fn doc_props_in_clear(&self) -> bool {
        self.info.header.flags & crate::header::F_DOCPROPS != 0
    }

    /// The key when `password` is right (2.3.5.6 password verification:
    /// the verifier and its SHA-1 decrypted as one RC4 stream of block 0).
    pub fn verify(&self, password: &str) -> Option<CryptoApiKey> {
        let v = &self.info.verifier;
        let key = CryptoApiKey::derive(password, &v.salt, self.key_bits);
        let mut buf = Vec::with_capacity(36);
        buf.extend_from_slice(&v.encrypted_verifier);
        buf.extend_from_slice(&v.encrypted_verifier_hash);
        key.decrypt_block(0, 0, &mut buf);
        let (verifier, hash) = buf.split_at(16);
        (HashAlgorithm::Sha1.digest(&[verifier]) == hash).then_some(key)
    }
}

/// The password-derived base hash of RC4 CryptoAPI (2.3.5.2), from which
/// each block's key is hashed.
#[derive(Clone, PartialEq, Eq)]
pub struct CryptoApiKey {
    h0: Vec<u8>,
    key_bytes: usize,
}

impl std::fmt::Debug for CryptoApiKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CryptoApiKey({} bits)", self.key_bytes * 8)
    }
}

impl CryptoApiKey {
    /// `H0 = SHA-1(salt + password)`; `key_bits` from 40 to 128.
    pub fn derive(password: &str, salt: &[u8; 16], key_bits: u32) -> CryptoApiKey {
        CryptoApiKey {
            h0: HashAlgorithm::Sha1.digest(&[salt, &utf16le(password)]),
            key_bytes: (key_bits.clamp(40, 160) / 8) as usize,
        }
    }

    /// The RC4 key of block `block`: `SHA-1(H0 + block)` cut to the key
    /// size; a 40-bit key is padded with zeros to 128 bits, as CryptoAPI does.
    pub fn block_key(&self, block: u32) -> Vec<u8> {
        let h = HashAlgorithm::Sha1.digest(&[&self.h0, &block.to_le_bytes()]);
        let mut key = h.get(..self.key_bytes).unwrap_or(&h).to_vec();
        if self.key_bytes == 5 {
            key.resize(16, 0);
        }
        key
    }

    /// Decrypts `data`, which starts `offset` bytes into block `block`.
    pub fn decrypt_block(&self, block: u32, offset: u64, data: &mut [u8]) {
        rc4_apply(&self.block_key(block), offset, data);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::header::F_EXTERNAL;
    use crate::header::tests::info_bytes;

    /// A header whose verifier was encrypted with `password`.
    fn header(password: &str, key_bits: u32) -> Vec<u8> {
        let mut b = info_bytes(
            ALG_RC4,
            key_bits,
            "Microsoft Enhanced Cryptographic Provider v1.0",
            20,
        );
        let n = b.len();
        let salt: [u8; 16] = b[n - 56..n - 40].try_into().unwrap();
        let key = CryptoApiKey::derive(password, &salt, key_bits.max(40));
        let verifier = [0x42u8; 16];
        let mut tail = verifier.to_vec();
        tail.extend_from_slice(&HashAlgorithm::Sha1.digest(&[&verifier]));
        rc4_apply(&key.block_key(0), 0, &mut tail);
        b[n - 40..n - 24].copy_from_slice(&tail[..16]);
        b[n - 20..].copy_from_slice(&tail[16..]);
        b
    }

    #[test]
    fn verifies_every_key_size_and_rejects_a_wrong_password() {
        for bits in [0, 40, 56, 64, 128] {
            let h = CryptoApiHeader::parse(&header("crypto", bits)).unwrap();
            assert_eq!(h.key_bits(), bits.max(40));
            assert!(h.verify("crypto").is_some(), "{bits}");
            assert!(h.verify("Crypto").is_none(), "{bits}");
        }
    }

    #[test]
    fn forty_bit_keys_are_padded_to_128() {
        let k = CryptoApiKey::derive("x", &[0; 16], 40);
        let key = k.block_key(3);
        assert_eq!(key.len(), 16);
        assert_eq!(&key[5..], &[0; 11]);
        assert_eq!(
            CryptoApiKey::derive("x", &[0; 16], 128).block_key(3).len(),
            16
        );
        assert_eq!(
            CryptoApiKey::derive("x", &[0; 16], 56).block_key(3).len(),
            7
        );
    }

    #[test]
    fn unknown_ciphers_hashes_and_sizes_are_unsupported() {
        let aes = info_bytes(crate::header::ALG_AES128, 128, "Acme CSP", 20);
        let e = CryptoApiHeader::parse(&aes).unwrap_err();
        assert!(
            matches!(&e, Error::Unsupported(m) if m.contains("Acme CSP")),
            "{e}"
        );
        let big = info_bytes(ALG_RC4, 256, "", 20);
        assert!(matches!(
            CryptoApiHeader::parse(&big),
            Err(Error::Unsupported(_))
        ));
        let odd = info_bytes(ALG_RC4, 44, "", 20);
        assert!(matches!(
            CryptoApiHeader::parse(&odd),
            Err(Error::Unsupported(_))
        ));
        let mut ext = info_bytes(ALG_RC4, 128, "", 20);
        ext[8..12].copy_from_slice(&(F_EXTERNAL | 4).to_le_bytes());
        assert!(matches!(
            CryptoApiHeader::parse(&ext),
            Err(Error::Unsupported(_))
        ));
    }
}
