//! The `FileHeader` stream (HWP 5.0 spec §3.2.1 "파일 인식 정보"): a
//! 32-byte signature, the version and the property flags.

use crate::bytes::u32_at;

/// The signature at the start of `FileHeader` (zero-padded to 32 bytes).
pub const SIGNATURE: &[u8] = b"HWP Document File";

/// The FileHeader's version and flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileHeader {
    /// The version as stored: `0xMMnnPPrr` (5.0.3.2 is `0x05000302`).
    pub version: u32,
    /// The property bits (§3.2.1, 속성).
    pub flags: u32,
}

impl FileHeader {
    /// Bit 0: the streams are deflate-compressed.
    pub const COMPRESSED: u32 = 1;
    /// Bit 1: the document has a password.
    pub const PASSWORD: u32 = 1 << 1;
    /// Bit 2: a distribution document (배포용 문서).
    pub const DISTRIBUTION: u32 = 1 << 2;
    /// Bit 3: scripts are stored.
    pub const SCRIPT: u32 = 1 << 3;
    /// Bit 4: DRM protection.
    pub const DRM: u32 = 1 << 4;
    /// Bit 5: an XMLTemplate storage exists.
    pub const XML_TEMPLATE: u32 = 1 << 5;
    /// Bit 6: document history is kept.
    pub const HISTORY: u32 = 1 << 6;
    /// Bit 7: electronic signature information exists.
    pub const SIGNATURE_INFO: u32 = 1 << 7;
    /// Bit 8: encrypted with a public-key certificate.
    pub const CERTIFICATE_ENCRYPTION: u32 = 1 << 8;
    /// Bit 10: DRM with a certificate.
    pub const CERTIFICATE_DRM: u32 = 1 << 10;
    /// Bit 14: change tracking is on.
    pub const TRACK_CHANGES: u32 = 1 << 14;

    /// Reads the header; `None` when the signature is missing or the stream
    /// is shorter than the version and flags.
    pub fn parse(stream: &[u8]) -> Option<FileHeader> {
        if !stream.starts_with(SIGNATURE) {
            return None;
        }
        Some(FileHeader {
            version: u32_at(stream, 32)?,
            flags: u32_at(stream, 36)?,
        })
    }

    /// Whether flag bit(s) `bit` are set.
    pub fn has(&self, bit: u32) -> bool {
        self.flags & bit != 0
    }

    /// The version as `M.n.P.r`.
    pub fn version_string(&self) -> String {
        let v = self.version.to_be_bytes();
        format!("{}.{}.{}.{}", v[0], v[1], v[2], v[3])
    }

    /// Whether the version is at least `M.n.P.r` given as `0xMMnnPPrr`.
    pub fn at_least(&self, version: u32) -> bool {
        self.version >= version
    }

    /// The flags by name, in bit order (`compressed`, `password`, ...).
    pub fn flag_names(&self) -> Vec<&'static str> {
        [
            (Self::COMPRESSED, "compressed"),
            (Self::PASSWORD, "password"),
            (Self::DISTRIBUTION, "distribution"),
            (Self::SCRIPT, "script"),
            (Self::DRM, "drm"),
            (Self::XML_TEMPLATE, "xml-template"),
            (Self::HISTORY, "history"),
            (Self::SIGNATURE_INFO, "signature"),
            (Self::CERTIFICATE_ENCRYPTION, "certificate-encryption"),
            (Self::CERTIFICATE_DRM, "certificate-drm"),
            (Self::TRACK_CHANGES, "track-changes"),
        ]
        .iter()
        .filter(|(b, _)| self.has(*b))
        .map(|(_, n)| *n)
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_and_flags() {
        let mut s = SIGNATURE.to_vec();
        s.resize(32, 0);
        s.extend_from_slice(&0x0500_0302u32.to_le_bytes());
        s.extend_from_slice(&5u32.to_le_bytes());
        let h = FileHeader::parse(&s).unwrap();
        assert_eq!(h.version_string(), "5.0.3.2");
        assert!(h.has(FileHeader::COMPRESSED) && h.has(FileHeader::DISTRIBUTION));
        assert!(!h.has(FileHeader::PASSWORD));
        assert_eq!(h.flag_names(), ["compressed", "distribution"]);
        assert!(h.at_least(0x0500_0300) && !h.at_least(0x0500_0400));
        assert!(FileHeader::parse(&s[..36]).is_none());
        assert!(FileHeader::parse(b"HWP Document File V3.00").is_none());
    }
}
