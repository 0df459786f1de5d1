//! Office binary document RC4 encryption (MS-OFFCRYPTO 2.3.6): the
//! version 1.1 header, MD5 key derivation and per-block RC4 keys.

use crate::Error;
use crate::bytes::Reader;
use crate::cipher::rc4_apply;
use crate::hash::{HashAlgorithm, utf16le};

/// 2.3.6.1 RC4 Encryption Header, after its EncryptionVersionInfo (1.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rc4Header {
    /// Random salt.
    pub salt: [u8; 16],
    /// The verifier, encrypted with the block 0 key.
    pub encrypted_verifier: [u8; 16],
    /// MD5 of the verifier, encrypted right after it.
    pub encrypted_verifier_hash: [u8; 16],
}

impl Rc4Header {
    /// Reads the 48 bytes after the version (`data` starts at the salt).
    pub fn parse(data: &[u8]) -> Result<Rc4Header, Error> {
        let mut r = Reader::new(data, 0, "RC4 encryption header");
        Ok(Rc4Header {
            salt: r.array()?,
            encrypted_verifier: r.array()?,
            encrypted_verifier_hash: r.array()?,
        })
    }

    /// The key when `password` is right (2.3.6.4 password verification).
    pub fn verify(&self, password: &str) -> Option<Rc4Key> {
        let key = Rc4Key::derive(password, &self.salt);
        let mut buf = [0u8; 32];
        buf[..16].copy_from_slice(&self.encrypted_verifier);
        buf[16..].copy_from_slice(&self.encrypted_verifier_hash);
        rc4_apply(&key.block_key(0), 0, &mut buf);
        let hash = HashAlgorithm::Md5.digest(&[&buf[..16]]);
        (hash == buf[16..]).then_some(key)
    }
}

/// The password-derived part of the RC4 key (2.3.6.2): five bytes from
/// which each block's 128-bit key is hashed.
#[derive(Clone, PartialEq, Eq)]
pub struct Rc4Key {
    truncated: [u8; 5],
}

impl std::fmt::Debug for Rc4Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Rc4Key(..)")
    }
}

impl Rc4Key {
    /// 2.3.6.2: `H0 = MD5(password)`, then MD5 of sixteen copies of
    /// `H0[..5] + salt`, cut to five bytes.
    pub fn derive(password: &str, salt: &[u8; 16]) -> Rc4Key {
        let h0 = HashAlgorithm::Md5.digest(&[&utf16le(password)]);
        let mut buf = Vec::with_capacity(16 * 21);
        for _ in 0..16 {
            buf.extend_from_slice(h0.get(..5).unwrap_or(&[]));
            buf.extend_from_slice(salt);
        }
        let h1 = HashAlgorithm::Md5.digest(&[&buf]);
        let mut truncated = [0u8; 5];
        truncated.copy_from_slice(h1.get(..5).unwrap_or(&[0; 5]));
        Rc4Key { truncated }
    }

    /// The RC4 key of block `block`: `MD5(truncated + block)`, all 16 bytes.
    pub fn block_key(&self, block: u32) -> [u8; 16] {
        let h = HashAlgorithm::Md5.digest(&[&self.truncated, &block.to_le_bytes()]);
        let mut key = [0u8; 16];
        key.copy_from_slice(h.get(..16).unwrap_or(&[0; 16]));
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

    /// Encrypts a verifier the way a writer does, for a round trip.
    fn header(password: &str, salt: [u8; 16], verifier: [u8; 16]) -> Rc4Header {
        let key = Rc4Key::derive(password, &salt);
        let mut buf = [0u8; 32];
        buf[..16].copy_from_slice(&verifier);
        buf[16..].copy_from_slice(&HashAlgorithm::Md5.digest(&[&verifier]));
        rc4_apply(&key.block_key(0), 0, &mut buf);
        let mut h = [0u8; 48];
        h[..16].copy_from_slice(&salt);
        h[16..].copy_from_slice(&buf);
        Rc4Header::parse(&h).unwrap()
    }

    #[test]
    fn key_matches_msoffcrypto_tool_s_documented_vector() {
        // msoffcrypto-tool's doctest of method/rc4.py: password1 with this salt
        // gives this block-0 key.
        let salt = *b"\xe8w,\x1d\x91\xc5j7\x96Ga\xb2\x80\x182\x17";
        let key = Rc4Key::derive("password1", &salt);
        assert_eq!(
            &key.block_key(0),
            b" \xbf2\xdd\xf5@\x85\x8cQ7D\xaf\x0f$\xe0<"
        );
    }

    #[test]
    fn verification_accepts_only_the_right_password() {
        let h = header("tika", [5; 16], [9; 16]);
        assert!(h.verify("tika").is_some());
        assert!(h.verify("Tika").is_none());
        assert!(h.verify("").is_none());
    }

    #[test]
    fn blocks_rekey() {
        let key = Rc4Key::derive("x", &[0; 16]);
        assert_ne!(key.block_key(0), key.block_key(1));
        let mut a = [0u8; 8];
        key.decrypt_block(1, 0, &mut a);
        let mut b = [0u8; 4];
        key.decrypt_block(1, 4, &mut b);
        assert_eq!(a[4..], b);
    }

    #[test]
    fn short_header_is_truncated() {
        assert!(matches!(
            Rc4Header::parse(&[0; 47]),
            Err(Error::Truncated { .. })
        ));
    }
}
