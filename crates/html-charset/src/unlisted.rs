//! Encodings outside the Encoding Standard that a byte pattern identifies
//! with certainty: UTF-32 (its byte order mark, or a head where every 4-byte
//! unit is a Unicode scalar value) and ISO-2022-KR (its `ESC $ ) C`
//! designator in 7-bit bytes). Browsers decode neither — ISO-2022-KR is the
//! Standard's *replacement* encoding and UTF-32 was removed — so [`crate::sniff`]
//! never answers them; a text extractor reading files from disk meets both.
//! Use [`bom`] before sniffing and [`detect`] when sniffing found no label.

use encoding_rs::EUC_KR;

/// An encoding the Encoding Standard does not have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unlisted {
    /// UTF-32, little-endian.
    Utf32Le,
    /// UTF-32, big-endian.
    Utf32Be,
    /// ISO-2022-KR (RFC 1557): KS X 1001 between SO and SI, ASCII elsewhere.
    Iso2022Kr,
}

/// How many leading bytes [`detect`] looks at.
const HEAD: usize = 1024;

impl Unlisted {
    /// The encoding's IANA name (`UTF-32LE`, `UTF-32BE`, `ISO-2022-KR`).
    pub fn name(self) -> &'static str {
        match self {
            Unlisted::Utf32Le => "UTF-32LE",
            Unlisted::Utf32Be => "UTF-32BE",
            Unlisted::Iso2022Kr => "ISO-2022-KR",
        }
    }

    /// Decodes `bytes` (a byte order mark of this encoding removed);
    /// malformed units and sequences become U+FFFD, never a panic.
    pub fn decode(self, bytes: &[u8]) -> String {
        match self {
            Unlisted::Utf32Le | Unlisted::Utf32Be => {
                let le = self == Unlisted::Utf32Le;
                let body = match bom(bytes) {
                    Some(b) if b == self => &bytes[4..],
                    _ => bytes,
                };
                let mut out = String::with_capacity(body.len() / 4);
                let mut units = body.chunks_exact(4);
                for u in &mut units {
                    let v = if le {
                        u32::from_le_bytes([u[0], u[1], u[2], u[3]])
                    } else {
                        u32::from_be_bytes([u[0], u[1], u[2], u[3]])
                    };
                    out.push(char::from_u32(v).unwrap_or('\u{FFFD}'));
                }
                if !units.remainder().is_empty() {
                    out.push('\u{FFFD}');
                }
                out
            }
            Unlisted::Iso2022Kr => {
                // KS X 1001 bytes between SO and SI are EUC-KR's with the
                // high bit cleared: set it again and let EUC-KR decode.
                let mut euc = Vec::with_capacity(bytes.len());
                let mut shifted = false;
                let mut rest = bytes;
                while let Some((&b, tail)) = rest.split_first() {
                    rest = tail;
                    match b {
                        0x1B if rest.starts_with(b"$)C") => rest = &rest[3..],
                        0x0E => shifted = true,
                        0x0F => shifted = false,
                        b'\n' | b'\r' => {
                            shifted = false;
                            euc.push(b);
                        }
                        0x21..=0x7E if shifted => euc.push(b | 0x80),
                        _ => euc.push(b),
                    }
                }
                EUC_KR.decode_without_bom_handling(&euc).0.into_owned()
            }
        }
    }
}

/// A UTF-32 byte order mark at the start (`FF FE 00 00` or `00 00 FE FF`).
/// Check it before [`crate::sniff`], whose BOM step reads `FF FE 00 00` as
/// UTF-16LE.
pub fn bom(bytes: &[u8]) -> Option<Unlisted> {
    if bytes.starts_with(&[0xFF, 0xFE, 0, 0]) {
        Some(Unlisted::Utf32Le)
    } else if bytes.starts_with(&[0, 0, 0xFE, 0xFF]) {
        Some(Unlisted::Utf32Be)
    } else {
        None
    }
}

/// The unlisted encoding the bytes carry, if their head leaves no doubt: a
/// UTF-32 byte order mark; or at least 4 units of UTF-32 in one byte order
/// that are all Unicode scalar values other than NUL (UTF-16 and 8-bit text
/// fail this at once: two ASCII letters in UTF-16 make a unit above
/// U+10FFFF); or ISO-2022-KR's designator in bytes that are all 7-bit.
pub fn detect(bytes: &[u8]) -> Option<Unlisted> {
    if let Some(b) = bom(bytes) {
        return Some(b);
    }
    let head = bytes.get(..HEAD).unwrap_or(bytes);
    let units = head.get(..head.len() & !3).unwrap_or_default();
    if units.len() >= 16 {
        let all = |read: fn([u8; 4]) -> u32| {
            units.chunks_exact(4).all(|u| {
                let v = read([u[0], u[1], u[2], u[3]]);
                v != 0 && char::from_u32(v).is_some()
            })
        };
        if all(u32::from_le_bytes) {
            return Some(Unlisted::Utf32Le);
        }
        if all(u32::from_be_bytes) {
            return Some(Unlisted::Utf32Be);
        }
    }
    let designated = head.windows(4).any(|w| w == b"\x1B$)C");
    (designated && head.is_ascii()).then_some(Unlisted::Iso2022Kr)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf32(s: &str, le: bool) -> Vec<u8> {
        s.chars()
            .flat_map(|c| {
                if le {
                    (c as u32).to_le_bytes()
                } else {
                    (c as u32).to_be_bytes()
                }
            })
            .collect()
    }

    #[test]
    fn utf32_with_and_without_bom() {
        let text = "<!DOCTYPE html><p>\u{10313}\u{10300} plane 1</p>";
        for le in [true, false] {
            let bytes = utf32(text, le);
            let want = if le {
                Unlisted::Utf32Le
            } else {
                Unlisted::Utf32Be
            };
            assert_eq!(detect(&bytes), Some(want));
            assert_eq!(want.decode(&bytes), text);
            let with_bom = utf32(&format!("\u{FEFF}{text}"), le);
            assert_eq!(bom(&with_bom), Some(want));
            assert_eq!(want.decode(&with_bom), text);
        }
        // A cut unit is one U+FFFD, not a panic.
        assert_eq!(
            Unlisted::Utf32Le.decode(&[0x41, 0, 0, 0, 0x42]),
            "A\u{FFFD}"
        );
    }

    #[test]
    fn other_text_is_not_utf32() {
        let utf16: Vec<u8> = "<html><body>plain</body></html>"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(detect(&utf16), None);
        assert_eq!(detect(b"<html><body>plain ASCII text</body></html>"), None);
        assert_eq!(detect(&[0u8; 64]), None, "NUL units are not text");
        assert_eq!(detect(b"\x1B$)C but \xE9 is 8-bit"), None);
    }

    #[test]
    fn iso_2022_kr_shifts_into_ks_x_1001() {
        // 한국어 in EUC-KR is C7 D1 B1 B9 BE EE: the same bytes less 0x80.
        let bytes = b"\x1B$)C\n\x0EGQ19>n\x0F ok\n";
        assert_eq!(detect(bytes), Some(Unlisted::Iso2022Kr));
        assert_eq!(Unlisted::Iso2022Kr.decode(bytes), "\n한국어 ok\n");
        assert_eq!(Unlisted::Iso2022Kr.name(), "ISO-2022-KR");
    }
}
