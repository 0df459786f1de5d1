//! Little-endian reads that never panic, and raw-deflate inflation under a
//! size limit.

/// `u16` at `at`, if the bytes are there.
pub fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    let s = b.get(at..at.checked_add(2)?)?;
    Some(u16::from_le_bytes([s[0], s[1]]))
}

/// `u32` at `at`, if the bytes are there.
pub fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

/// `count` UTF-16LE code units at `at`, decoded (lone surrogates replaced).
pub fn utf16_at(b: &[u8], at: usize, count: usize) -> Option<String> {
    let end = at.checked_add(count.checked_mul(2)?)?;
    let s = b.get(at..end)?;
    Some(utf16(s))
}

/// UTF-16LE bytes decoded (an odd last byte ignored, lone surrogates replaced).
pub fn utf16(s: &[u8]) -> String {
    char::decode_utf16(s.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])))
        .map(|r| r.unwrap_or('\u{FFFD}'))
        .collect()
}

/// A length-prefixed (`u16` count) UTF-16 string at `*at`, advancing `*at`.
pub fn hwp_string(b: &[u8], at: &mut usize) -> Option<String> {
    let n = usize::from(u16_at(b, *at)?);
    let s = utf16_at(b, *at + 2, n)?;
    *at += 2 + 2 * n;
    Some(s)
}

/// Why an inflation stopped early: the bytes decoded so far and the reason.
#[derive(Debug)]
pub struct Partial {
    /// Bytes decoded before the damage or the limit.
    pub data: Vec<u8>,
    /// What went wrong.
    pub message: String,
    /// Whether the size limit stopped it.
    pub limited: bool,
}

/// Inflates a raw deflate stream (HWP streams have no zlib header) with at
/// most `limit` output bytes; a stream that does start with a zlib header
/// is accepted too. On damage, the bytes decoded so far come back in the
/// error.
pub fn inflate(data: &[u8], limit: usize) -> Result<Vec<u8>, Partial> {
    use miniz_oxide::inflate::{
        DecompressError, TINFLStatus, decompress_to_vec_with_limit,
        decompress_to_vec_zlib_with_limit,
    };
    let describe = |e: DecompressError| {
        let limited = e.status == TINFLStatus::HasMoreOutput;
        let message = match e.status {
            TINFLStatus::HasMoreOutput => {
                format!("inflated data exceeds the limit of {limit} bytes")
            }
            TINFLStatus::FailedCannotMakeProgress | TINFLStatus::NeedsMoreInput => {
                "deflate stream truncated".to_string()
            }
            other => format!("deflate stream damaged ({other:?})"),
        };
        Partial {
            data: e.output,
            message,
            limited,
        }
    };
    match decompress_to_vec_with_limit(data, limit) {
        Ok(v) => Ok(v),
        Err(e) if e.output.is_empty() && e.status != TINFLStatus::HasMoreOutput => {
            // A zlib-wrapped stream (some converters write one).
            let zlib = data.first().is_some_and(|b| b & 0x0F == 8)
                && u16_at(data, 0).is_some_and(|h| u16::from_be_bytes(h.to_le_bytes()) % 31 == 0);
            if zlib {
                decompress_to_vec_zlib_with_limit(data, limit).map_err(describe)
            } else {
                Err(describe(e))
            }
        }
        Err(e) => Err(describe(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_stay_in_bounds() {
        let b = [1, 0, 2, 0, 0, 0];
        assert_eq!(u16_at(&b, 0), Some(1));
        assert_eq!(u32_at(&b, 2), Some(2));
        assert_eq!(u32_at(&b, 3), None);
        assert_eq!(u16_at(&b, usize::MAX), None);
        assert_eq!(utf16_at(&[0x41, 0, 0x42, 0], 0, 2).as_deref(), Some("AB"));
        assert_eq!(utf16_at(&[0x41, 0], 0, 2), None);
        let mut at = 0;
        assert_eq!(
            hwp_string(&[2, 0, 0x41, 0, 0x42, 0, 9], &mut at).as_deref(),
            Some("AB")
        );
        assert_eq!(at, 6);
    }

    #[test]
    fn inflate_raw_zlib_limit_and_damage() {
        let text = b"hello hello hello hello".repeat(10);
        let raw = miniz_oxide::deflate::compress_to_vec(&text, 6);
        assert_eq!(inflate(&raw, 1 << 20).unwrap(), text);
        let zlib = miniz_oxide::deflate::compress_to_vec_zlib(&text, 6);
        assert_eq!(inflate(&zlib, 1 << 20).unwrap(), text);
        let limited = inflate(&raw, 10).unwrap_err();
        assert!(limited.limited && limited.data.len() <= 10);
        let cut = inflate(&raw[..raw.len() / 2], 1 << 20).unwrap_err();
        assert!(!cut.limited && text.starts_with(&cut.data));
    }
}
