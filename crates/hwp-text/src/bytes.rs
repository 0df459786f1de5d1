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
    // A zlib-wrapped stream (some converters write one): CM = 8, the
    // header a multiple of 31. A raw stream rarely starts that way (a
    // non-final stored block), and is tried when zlib yields nothing.
    let zlib = data.first().is_some_and(|b| b & 0x0F == 8 && b >> 4 <= 7)
        && u16_at(data, 0).is_some_and(|h| u16::from_be_bytes(h.to_le_bytes()) % 31 == 0);
    if zlib {
        match inflate_stream(data, limit, miniz_oxide::DataFormat::Zlib) {
            Err(p) if p.data.is_empty() && !p.limited => {}
            other => return other,
        }
    }
    inflate_stream(data, limit, miniz_oxide::DataFormat::Raw)
}

/// The streaming inflater over `data`, output appended chunk by chunk.
fn inflate_stream(
    data: &[u8],
    limit: usize,
    format: miniz_oxide::DataFormat,
) -> Result<Vec<u8>, Partial> {
    use miniz_oxide::inflate::stream::{InflateState, inflate as step};
    use miniz_oxide::{MZError, MZFlush, MZStatus};
    let mut state = InflateState::new_boxed(format);
    let mut out = Vec::with_capacity(data.len().saturating_mul(3).min(limit).min(1 << 24));
    let mut chunk = vec![0u8; 1 << 15];
    let mut input = data;
    let fail = |out: Vec<u8>, message: String, limited: bool| Partial {
        data: out,
        message,
        limited,
    };
    loop {
        let r = step(&mut state, input, &mut chunk, MZFlush::None);
        input = input.get(r.bytes_consumed..).unwrap_or_default();
        let room = limit.saturating_sub(out.len());
        out.extend_from_slice(chunk.get(..r.bytes_written.min(room)).unwrap_or_default());
        if r.bytes_written > room {
            let m = format!("inflated data exceeds the limit of {limit} bytes");
            return Err(fail(out, m, true));
        }
        match r.status {
            Ok(MZStatus::StreamEnd) => return Ok(out),
            Ok(_) if r.bytes_consumed == 0 && r.bytes_written == 0 => {
                return Err(fail(out, "deflate stream truncated".into(), false));
            }
            Ok(_) => {}
            Err(MZError::Buf) => return Err(fail(out, "deflate stream truncated".into(), false)),
            Err(e) => return Err(fail(out, format!("deflate stream damaged ({e:?})"), false)),
        }
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
