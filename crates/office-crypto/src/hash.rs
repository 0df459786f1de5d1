//! Hash algorithms of MS-OFFCRYPTO (2.3.4.11, 2.3.4.7, 2.3.5.2, 2.3.6.2):
//! the iterated password hash, block-key hashes and the Agile HMAC.

use std::time::Instant;

use hmac::{KeyInit, Mac, SimpleHmac};
use md5::Md5;
use sha1::Sha1;
use sha2::digest::Digest;
use sha2::digest::common::BlockSizeUser;
use sha2::{Sha256, Sha384, Sha512};

use crate::Error;

/// A hash algorithm named by an `EncryptionInfo` (`hashAlgorithm` of Agile
/// encryption, `AlgIDHash` of the binary headers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HashAlgorithm {
    /// MD5 (16 bytes): the binary RC4 scheme, and allowed by Agile.
    Md5,
    /// SHA-1 (20 bytes).
    Sha1,
    /// SHA-256 (32 bytes).
    Sha256,
    /// SHA-384 (48 bytes).
    Sha384,
    /// SHA-512 (64 bytes): what Office 2013+ writes.
    Sha512,
}

impl HashAlgorithm {
    /// The algorithm for an Agile `hashAlgorithm` attribute (`SHA1`,
    /// `SHA256`, `SHA384`, `SHA512`, `MD5`; a hyphen is tolerated).
    pub fn from_name(name: &str) -> Option<HashAlgorithm> {
        let n: String = name
            .chars()
            .filter(|c| *c != '-')
            .collect::<String>()
            .to_ascii_uppercase();
        Some(match n.as_str() {
            "MD5" => HashAlgorithm::Md5,
            "SHA1" => HashAlgorithm::Sha1,
            "SHA256" => HashAlgorithm::Sha256,
            "SHA384" => HashAlgorithm::Sha384,
            "SHA512" => HashAlgorithm::Sha512,
            _ => return None,
        })
    }

    /// Digest length in bytes.
    pub fn size(self) -> usize {
        match self {
            HashAlgorithm::Md5 => 16,
            HashAlgorithm::Sha1 => 20,
            HashAlgorithm::Sha256 => 32,
            HashAlgorithm::Sha384 => 48,
            HashAlgorithm::Sha512 => 64,
        }
    }

    /// The hash of the concatenation of `parts`.
    pub fn digest(self, parts: &[&[u8]]) -> Vec<u8> {
        fn run<D: Digest>(parts: &[&[u8]]) -> Vec<u8> {
            let mut d = D::new();
            for p in parts {
                d.update(p);
            }
            d.finalize().to_vec()
        }
        match self {
            HashAlgorithm::Md5 => run::<Md5>(parts),
            HashAlgorithm::Sha1 => run::<Sha1>(parts),
            HashAlgorithm::Sha256 => run::<Sha256>(parts),
            HashAlgorithm::Sha384 => run::<Sha384>(parts),
            HashAlgorithm::Sha512 => run::<Sha512>(parts),
        }
    }

    /// The iterated password hash of 2.3.4.7 and 2.3.4.11:
    /// `H0 = H(salt + password)`, `Hn = H(iterator + Hn-1)` for
    /// `spins` iterations (the iterator a 32-bit little-endian counter).
    /// `password` is already UTF-16LE. The deadline is checked every 4096
    /// iterations.
    pub fn iterate(
        self,
        salt: &[u8],
        password: &[u8],
        spins: u32,
        deadline: Option<Instant>,
    ) -> Result<Vec<u8>, Error> {
        fn run<D: Digest>(
            salt: &[u8],
            password: &[u8],
            spins: u32,
            deadline: Option<Instant>,
        ) -> Result<Vec<u8>, Error> {
            let mut h = D::new()
                .chain_update(salt)
                .chain_update(password)
                .finalize();
            for i in 0..spins {
                if i % 4096 == 0 && doc_model::deadline_passed(deadline) {
                    return Err(Error::Deadline("deriving the key from the password"));
                }
                let mut d = D::new();
                d.update(i.to_le_bytes());
                d.update(&h);
                d.finalize_into(&mut h);
            }
            Ok(h.to_vec())
        }
        match self {
            HashAlgorithm::Md5 => run::<Md5>(salt, password, spins, deadline),
            HashAlgorithm::Sha1 => run::<Sha1>(salt, password, spins, deadline),
            HashAlgorithm::Sha256 => run::<Sha256>(salt, password, spins, deadline),
            HashAlgorithm::Sha384 => run::<Sha384>(salt, password, spins, deadline),
            HashAlgorithm::Sha512 => run::<Sha512>(salt, password, spins, deadline),
        }
    }

    /// HMAC (RFC 2104) of `data` under `key`, the Agile `dataIntegrity` check (2.3.4.14).
    pub fn hmac(self, key: &[u8], data: &[u8]) -> Vec<u8> {
        fn run<D: Digest + BlockSizeUser + Clone>(key: &[u8], data: &[u8]) -> Vec<u8> {
            match SimpleHmac::<D>::new_from_slice(key) {
                Ok(mut m) => {
                    m.update(data);
                    m.finalize().into_bytes().to_vec()
                }
                // HMAC takes keys of any length; this arm is unreachable.
                Err(_) => Vec::new(),
            }
        }
        match self {
            HashAlgorithm::Md5 => run::<Md5>(key, data),
            HashAlgorithm::Sha1 => run::<Sha1>(key, data),
            HashAlgorithm::Sha256 => run::<Sha256>(key, data),
            HashAlgorithm::Sha384 => run::<Sha384>(key, data),
            HashAlgorithm::Sha512 => run::<Sha512>(key, data),
        }
    }
}

/// `bytes` cut or extended to `len` with `fill` (2.3.4.11: 0x36 for keys
/// and IVs of Agile encryption).
pub(crate) fn fit(bytes: &[u8], len: usize, fill: u8) -> Vec<u8> {
    let mut out = bytes.get(..len).unwrap_or(bytes).to_vec();
    out.resize(len, fill);
    out
}

/// The password as MS-OFFCRYPTO hashes it: UTF-16LE code units, no terminator.
pub(crate) fn utf16le(password: &str) -> Vec<u8> {
    password.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(b: &[u8]) -> String {
        b.iter().map(|x| format!("{x:02x}")).collect()
    }

    #[test]
    fn digests_match_the_standard_test_vectors() {
        assert_eq!(
            hex(&HashAlgorithm::Sha1.digest(&[b"a", b"bc"])),
            "a9993e364706816aba3e25717850c26c9cd0d89d"
        );
        assert_eq!(
            hex(&HashAlgorithm::Md5.digest(&[b"abc"])),
            "900150983cd24fb0d6963f7d28e17f72"
        );
        for (alg, n) in [
            (HashAlgorithm::Md5, 16),
            (HashAlgorithm::Sha1, 20),
            (HashAlgorithm::Sha256, 32),
            (HashAlgorithm::Sha384, 48),
            (HashAlgorithm::Sha512, 64),
        ] {
            assert_eq!(alg.size(), n);
            assert_eq!(alg.digest(&[b"x"]).len(), n);
            assert_eq!(alg.hmac(b"k", b"x").len(), n);
        }
    }

    #[test]
    fn hmac_matches_rfc_4231_case_2() {
        let mac = HashAlgorithm::Sha256.hmac(b"Jefe", b"what do ya want for nothing?");
        assert_eq!(
            hex(&mac),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn iteration_is_the_chained_hash() {
        let pw = utf16le("pw");
        let h = HashAlgorithm::Sha1.iterate(b"salt", &pw, 2, None).unwrap();
        let h0 = HashAlgorithm::Sha1.digest(&[b"salt", &pw]);
        let h1 = HashAlgorithm::Sha1.digest(&[&0u32.to_le_bytes(), &h0]);
        let h2 = HashAlgorithm::Sha1.digest(&[&1u32.to_le_bytes(), &h1]);
        assert_eq!(h, h2);
    }

    #[test]
    fn iteration_stops_at_the_deadline() {
        let past = Some(Instant::now());
        assert!(matches!(
            HashAlgorithm::Sha512.iterate(b"s", b"p", 1_000_000, past),
            Err(Error::Deadline(_))
        ));
    }

    #[test]
    fn names_and_fitting() {
        assert_eq!(
            HashAlgorithm::from_name("SHA512"),
            Some(HashAlgorithm::Sha512)
        );
        assert_eq!(HashAlgorithm::from_name("sha-1"), Some(HashAlgorithm::Sha1));
        assert_eq!(HashAlgorithm::from_name("RIPEMD-160"), None);
        assert_eq!(fit(&[1, 2, 3], 2, 0x36), vec![1, 2]);
        assert_eq!(fit(&[1], 3, 0x36), vec![1, 0x36, 0x36]);
        assert_eq!(utf16le("aé"), vec![0x61, 0, 0xE9, 0]);
    }
}
