//! Compressed RTF (MS-OXRTFCP 2.1 header, 2.2.1 LZFu decompression): the
//! form `PidTagRtfCompressed` and TNEF store RTF bodies in.

/// `COMPTYPE` of compressed content, "LZFu" (MS-OXRTFCP 2.1.3.1.1).
const COMPRESSED: u32 = 0x7546_5A4C;
/// `COMPTYPE` of uncompressed content, "MELA".
const UNCOMPRESSED: u32 = 0x414C_454D;
/// The dictionary's size (MS-OXRTFCP 2.2.1.2).
const DICTIONARY: usize = 4096;
/// The dictionary's initial contents (MS-OXRTFCP 2.2.1.3.1), 207 bytes.
const PREBUF: &[u8] = b"{\\rtf1\\ansi\\mac\\deff0\\deftab720{\\fonttbl;}{\\f0\\fnil \\froman \\fswiss \\fmodern \\fscript \\fdecor MS Sans SerifSymbolArialTimes New RomanCourier{\\colortbl\\red0\\green0\\blue0\r\n\\par \\pard\\plain\\f0\\fs20\\b\\i\\u\\tab\\tx";

/// Decompresses a compressed RTF stream: its 16-byte header (`COMPSIZE`,
/// `RAWSIZE`, `COMPTYPE`, `CRC`), then the LZFu runs, or the raw bytes of
/// an uncompressed (`MELA`) stream. Output is capped at `limit` bytes and at
/// `RAWSIZE`; a stream cut short gives what it held.
///
/// ```
/// // MS-OXRTFCP 3.1.1: "{\rtf1\ansi\ansicpg1252\pard hello world}\r\n"
/// let compressed = [
///     0x2d, 0, 0, 0, 0x2b, 0, 0, 0, 0x4c, 0x5a, 0x46, 0x75, 0xf1, 0xc5, 0xc7, 0xa7,
///     0x03, 0x00, 0x0a, 0x00, 0x72, 0x63, 0x70, 0x67, 0x31, 0x32, 0x35, 0x42, 0x32,
///     0x0a, 0xf3, 0x20, 0x68, 0x65, 0x6c, 0x09, 0x00, 0x20, 0x62, 0x77, 0x05, 0xb0,
///     0x6c, 0x64, 0x7d, 0x0a, 0x80, 0x0f, 0xa0,
/// ];
/// let rtf = mail_text::decompress_rtf(&compressed, 1 << 20).unwrap();
/// assert_eq!(rtf, b"{\\rtf1\\ansi\\ansicpg1252\\pard hello world}\r\n");
/// ```
pub fn decompress_rtf(data: &[u8], limit: u64) -> Result<Vec<u8>, String> {
    let u32_at = |at: usize| -> Option<u32> {
        let b = data.get(at..at.checked_add(4)?)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    let (Some(comp_size), Some(raw_size), Some(comp_type)) = (u32_at(0), u32_at(4), u32_at(8))
    else {
        return Err(format!(
            "{} bytes, shorter than its 16-byte header",
            data.len()
        ));
    };
    let raw_size = u64::from(raw_size);
    if raw_size > limit {
        return Err(format!(
            "RawSize {raw_size} exceeds the limit of {limit} (Limits::max_rtf_bytes)"
        ));
    }
    // COMPSIZE counts the bytes after itself.
    let end = (comp_size as usize).saturating_add(4).min(data.len());
    let body = data.get(16..end.max(16)).unwrap_or_default();
    match comp_type {
        UNCOMPRESSED => Ok(body.get(..raw_size as usize).unwrap_or(body).to_vec()),
        COMPRESSED => Ok(lzfu(body, raw_size as usize)),
        other => Err(format!("unknown COMPTYPE {other:#010x}")),
    }
}

/// The LZFu runs of `body`, at most `raw_size` bytes out.
fn lzfu(body: &[u8], raw_size: usize) -> Vec<u8> {
    let mut dict = [0u8; DICTIONARY];
    dict[..PREBUF.len()].copy_from_slice(PREBUF);
    let mut write = PREBUF.len();
    let mut out = Vec::with_capacity(raw_size.min(body.len().saturating_mul(8)));
    let mut pos = 0;
    'runs: while let Some(&control) = body.get(pos) {
        pos += 1;
        for bit in 0..8 {
            if out.len() >= raw_size {
                break 'runs;
            }
            if control & (1 << bit) == 0 {
                let Some(&b) = body.get(pos) else {
                    break 'runs;
                };
                pos += 1;
                out.push(b);
                dict[write] = b;
                write = (write + 1) % DICTIONARY;
            } else {
                let (Some(&hi), Some(&lo)) = (body.get(pos), body.get(pos + 1)) else {
                    break 'runs;
                };
                pos += 2;
                let reference = u16::from_be_bytes([hi, lo]);
                let offset = usize::from(reference >> 4);
                let length = usize::from(reference & 0xF) + 2;
                // A reference to the write position ends the stream.
                if offset == write {
                    break 'runs;
                }
                for i in 0..length {
                    let b = dict[(offset + i) % DICTIONARY];
                    out.push(b);
                    dict[write] = b;
                    write = (write + 1) % DICTIONARY;
                }
            }
        }
    }
    out.truncate(raw_size);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spec_example_with_a_run_crossing_the_write_position() {
        // MS-OXRTFCP 3.1.2: "{\rtf1 WXYZWXYZWXYZWXYZWXYZ}"
        let data = [
            0x1a, 0, 0, 0, 0x1c, 0, 0, 0, 0x4c, 0x5a, 0x46, 0x75, 0xe2, 0xd4, 0x4b, 0x51, 0x41,
            0x00, 0x04, 0x20, 0x57, 0x58, 0x59, 0x5a, 0x0d, 0x6e, 0x7d, 0x01, 0x0e, 0xb0,
        ];
        assert_eq!(
            decompress_rtf(&data, 1 << 20).unwrap(),
            b"{\\rtf1 WXYZWXYZWXYZWXYZWXYZ}"
        );
    }

    #[test]
    fn bad_headers_and_sizes_are_errors_or_cut() {
        assert!(decompress_rtf(b"short", 100).is_err());
        let mut big = vec![0u8; 16];
        big[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
        big[8..12].copy_from_slice(&COMPRESSED.to_le_bytes());
        assert!(
            decompress_rtf(&big, 1 << 20)
                .unwrap_err()
                .contains("RawSize")
        );
        let mut raw = vec![0u8; 16];
        raw[0..4].copy_from_slice(&15u32.to_le_bytes());
        raw[4..8].copy_from_slice(&3u32.to_le_bytes());
        raw[8..12].copy_from_slice(&UNCOMPRESSED.to_le_bytes());
        raw.extend_from_slice(b"abcdef");
        assert_eq!(decompress_rtf(&raw, 100).unwrap(), b"abc");
    }
}
