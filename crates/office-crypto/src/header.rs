//! The binary encryption header shared by RC4 CryptoAPI (2.3.5.1) and
//! ECMA-376 Standard encryption (2.3.4.5): EncryptionVersionInfo (2.3.1),
//! EncryptionHeader (2.3.2) and EncryptionVerifier (2.3.3).

use crate::Error;
use crate::bytes::Reader;

/// `AlgID` of RC4.
pub const ALG_RC4: u32 = 0x6801;
/// `AlgID` of AES-128.
pub const ALG_AES128: u32 = 0x660E;
/// `AlgID` of AES-192.
pub const ALG_AES192: u32 = 0x660F;
/// `AlgID` of AES-256.
pub const ALG_AES256: u32 = 0x6610;
/// `AlgIDHash` of SHA-1.
pub const ALG_SHA1: u32 = 0x8004;

/// `EncryptionHeader.Flags`: the document uses CryptoAPI.
pub const F_CRYPTOAPI: u32 = 0x04;
/// `EncryptionHeader.Flags`: the summary property sets are not encrypted.
pub const F_DOCPROPS: u32 = 0x08;
/// `EncryptionHeader.Flags`: a third-party (extensible) encryption provider.
pub const F_EXTERNAL: u32 = 0x10;
/// `EncryptionHeader.Flags`: AES (ECMA-376 Standard encryption).
pub const F_AES: u32 = 0x20;

/// 2.3.1 EncryptionVersionInfo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Version {
    /// Major version (1 RC4; 2, 3 or 4 CryptoAPI and Standard; 4 Agile).
    pub major: u16,
    /// Minor version (1 RC4; 2 CryptoAPI and Standard; 3 extensible; 4 Agile).
    pub minor: u16,
}

impl Version {
    /// Reads the first four bytes.
    pub fn parse(data: &[u8]) -> Result<Version, Error> {
        let mut r = Reader::new(data, 0, "EncryptionVersionInfo");
        Ok(Version {
            major: r.u16()?,
            minor: r.u16()?,
        })
    }
}

/// 2.3.2 EncryptionHeader.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncryptionHeader {
    /// `F_*` bits.
    pub flags: u32,
    /// The cipher (`ALG_*`; 0 lets the flags decide).
    pub alg_id: u32,
    /// The hash (`ALG_SHA1`; 0 means SHA-1).
    pub alg_id_hash: u32,
    /// Key size in bits (0 means 40 for RC4).
    pub key_size: u32,
    /// The CryptoAPI provider type.
    pub provider_type: u32,
    /// The cryptographic service provider's name.
    pub csp_name: String,
}

/// 2.3.3 EncryptionVerifier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncryptionVerifier {
    /// Random salt (16 bytes).
    pub salt: [u8; 16],
    /// The random verifier, encrypted.
    pub encrypted_verifier: [u8; 16],
    /// Declared length of the verifier's hash (20 for SHA-1).
    pub verifier_hash_size: u32,
    /// The verifier's hash, encrypted (20 bytes for RC4, 32 for AES).
    pub encrypted_verifier_hash: Vec<u8>,
}

/// What follows an EncryptionVersionInfo of CryptoAPI or Standard
/// encryption: flags, header size, header, verifier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BinaryInfo {
    /// The header.
    pub header: EncryptionHeader,
    /// The verifier.
    pub verifier: EncryptionVerifier,
}

impl BinaryInfo {
    /// Reads `data`, which starts right after the EncryptionVersionInfo;
    /// `hash_len` is the encrypted verifier hash's length (20 for RC4, 32 for AES).
    /// A third-party provider (`fExternal`) is [`Error::Unsupported`].
    pub fn parse(data: &[u8], hash_len: usize) -> Result<BinaryInfo, Error> {
        let mut r = Reader::new(data, 4, "encryption header");
        let _flags_copy = r.u32()?;
        let size = r.u32()? as usize;
        let header_bytes = r.take(size)?;
        let header = EncryptionHeader::parse(header_bytes)?;
        if header.flags & F_EXTERNAL != 0 {
            return Err(Error::Unsupported(format!(
                "extensible (third-party) encryption, {}",
                header.provider()
            )));
        }
        let mut v = Reader::new(r.rest(), 12 + size as u64, "encryption verifier");
        let salt_size = v.u32()?;
        if salt_size != 16 {
            return Err(Error::Corrupt(format!(
                "encryption verifier: salt size {salt_size}, not 16"
            )));
        }
        let salt = v.array()?;
        let encrypted_verifier = v.array()?;
        let verifier_hash_size = v.u32()?;
        let encrypted_verifier_hash = v.take(hash_len)?.to_vec();
        Ok(BinaryInfo {
            header,
            verifier: EncryptionVerifier {
                salt,
                encrypted_verifier,
                verifier_hash_size,
                encrypted_verifier_hash,
            },
        })
    }
}

impl EncryptionHeader {
    fn parse(data: &[u8]) -> Result<EncryptionHeader, Error> {
        let mut r = Reader::new(data, 12, "encryption header");
        let flags = r.u32()?;
        let _size_extra = r.u32()?;
        let alg_id = r.u32()?;
        let alg_id_hash = r.u32()?;
        let key_size = r.u32()?;
        let provider_type = r.u32()?;
        let _reserved1 = r.u32()?;
        let _reserved2 = r.u32()?;
        let units: Vec<u16> = r
            .rest()
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .take_while(|&u| u != 0)
            .collect();
        Ok(EncryptionHeader {
            flags,
            alg_id,
            alg_id_hash,
            key_size,
            provider_type,
            csp_name: String::from_utf16_lossy(&units),
        })
    }

    /// The provider's name for messages, or a note that there is none.
    pub(crate) fn provider(&self) -> String {
        if self.csp_name.is_empty() {
            format!("provider type {:#x}", self.provider_type)
        } else {
            format!("provider {:?}", self.csp_name)
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn info_bytes(alg: u32, key_size: u32, csp: &str, hash_len: usize) -> Vec<u8> {
        let mut h = Vec::new();
        for v in [F_CRYPTOAPI, 0, alg, ALG_SHA1, key_size, 1, 0, 0] {
            h.extend_from_slice(&u32::to_le_bytes(v));
        }
        for u in csp.encode_utf16().chain([0]) {
            h.extend_from_slice(&u.to_le_bytes());
        }
        let mut out = Vec::new();
        out.extend_from_slice(&F_CRYPTOAPI.to_le_bytes());
        out.extend_from_slice(&(h.len() as u32).to_le_bytes());
        out.extend_from_slice(&h);
        out.extend_from_slice(&16u32.to_le_bytes());
        out.extend_from_slice(&[1; 16]);
        out.extend_from_slice(&[2; 16]);
        out.extend_from_slice(&20u32.to_le_bytes());
        out.extend_from_slice(&vec![3; hash_len]);
        out
    }

    #[test]
    fn parses_header_and_verifier() {
        let b = info_bytes(
            ALG_RC4,
            128,
            "Microsoft Enhanced Cryptographic Provider v1.0",
            20,
        );
        let info = BinaryInfo::parse(&b, 20).unwrap();
        assert_eq!(info.header.alg_id, ALG_RC4);
        assert_eq!(info.header.key_size, 128);
        assert_eq!(
            info.header.csp_name,
            "Microsoft Enhanced Cryptographic Provider v1.0"
        );
        assert_eq!(info.verifier.salt, [1; 16]);
        assert_eq!(info.verifier.encrypted_verifier_hash, vec![3; 20]);
        assert!(matches!(
            BinaryInfo::parse(&b, 32),
            Err(Error::Truncated { .. })
        ));
        assert_eq!(
            Version::parse(&[4, 0, 2, 0]).unwrap(),
            Version { major: 4, minor: 2 }
        );
    }

    #[test]
    fn header_size_past_the_end_and_bad_salt_size_are_errors() {
        let mut b = info_bytes(ALG_RC4, 128, "", 20);
        b[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(matches!(
            BinaryInfo::parse(&b, 20),
            Err(Error::Truncated { .. })
        ));
        let mut b = info_bytes(ALG_RC4, 128, "", 20);
        let salt_at = 8 + 34;
        b[salt_at..salt_at + 4].copy_from_slice(&17u32.to_le_bytes());
        assert!(matches!(BinaryInfo::parse(&b, 20), Err(Error::Corrupt(_))));
    }
}
