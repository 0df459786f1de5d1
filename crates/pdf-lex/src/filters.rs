//! Stream filters (ISO 32000-1 §7.4): FlateDecode with predictors, LZWDecode,
//! ASCII85Decode, ASCIIHexDecode, RunLengthDecode. Image filters are passed
//! through undecoded. Every decoder stops at an output-size limit.

use crate::Error;
use crate::object::{Dict, Object};

/// A decoder's result when the input was damaged: what was decoded up to
/// the damage, and what went wrong.
#[derive(Debug)]
pub struct Partial {
    /// Bytes decoded before the damage.
    pub data: Vec<u8>,
    /// What went wrong.
    pub message: String,
}

/// Inflates zlib (or, failing the header, raw deflate) data with at most
/// `limit` output bytes. On damage, returns the bytes decoded so far. The
/// Adler-32 checksum is not checked (damaged checksums are common and the
/// data before them is good).
pub fn inflate(data: &[u8], limit: usize) -> Result<Vec<u8>, Partial> {
    use miniz_oxide::inflate::core::inflate_flags::{
        TINFL_FLAG_IGNORE_ADLER32, TINFL_FLAG_PARSE_ZLIB_HEADER,
    };
    let zlib = inflate_with(
        data,
        limit,
        TINFL_FLAG_PARSE_ZLIB_HEADER | TINFL_FLAG_IGNORE_ADLER32,
    );
    match zlib {
        Ok(v) => Ok(v),
        Err((p, limited)) if limited || !p.data.is_empty() => Err(p),
        Err((first, _)) => {
            // A missing or wrong zlib header: try raw deflate, with and without the two header bytes.
            for raw in [data, data.get(2..).unwrap_or(&[])] {
                match inflate_with(raw, limit, 0) {
                    Ok(v) => return Ok(v),
                    Err((p, limited)) if limited || !p.data.is_empty() => return Err(p),
                    Err(_) => {}
                }
            }
            Err(first)
        }
    }
}

/// The inflate loop: output grows by doubling up to `limit`. The flag of the
/// error says whether the limit was hit.
fn inflate_with(data: &[u8], limit: usize, flags: u32) -> Result<Vec<u8>, (Partial, bool)> {
    use miniz_oxide::inflate::TINFLStatus;
    use miniz_oxide::inflate::core::inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
    use miniz_oxide::inflate::core::{DecompressorOxide, decompress};
    let flags = flags | TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
    let mut out = vec![0u8; data.len().saturating_mul(4).clamp(64, limit.max(1))];
    let mut r = Box::<DecompressorOxide>::default();
    let mut input = data;
    let mut out_pos = 0;
    loop {
        let (status, consumed, written) = decompress(&mut r, input, &mut out, out_pos, flags);
        out_pos += written;
        input = input.get(consumed..).unwrap_or(&[]);
        match status {
            TINFLStatus::Done => {
                out.truncate(out_pos);
                return Ok(out);
            }
            TINFLStatus::HasMoreOutput => {
                if out.len() >= limit {
                    out.truncate(out_pos);
                    let message = format!("inflated data exceeds the limit of {limit} bytes");
                    return Err((Partial { data: out, message }, true));
                }
                let new_len = out.len().saturating_mul(2).min(limit);
                out.resize(new_len, 0);
            }
            other => {
                out.truncate(out_pos);
                let message = if matches!(
                    other,
                    TINFLStatus::FailedCannotMakeProgress | TINFLStatus::NeedsMoreInput
                ) {
                    "deflate stream truncated".to_string()
                } else {
                    format!("deflate stream damaged ({other:?})")
                };
                return Err((Partial { data: out, message }, false));
            }
        }
    }
}

/// Undoes a PNG (10–15) or TIFF (2) predictor (§7.4.4.4).
pub fn unpredict(
    data: Vec<u8>,
    predictor: i64,
    colors: i64,
    bpc: i64,
    columns: i64,
) -> Result<Vec<u8>, Error> {
    if predictor <= 1 {
        return Ok(data);
    }
    let bad = || {
        Error::Corrupt(format!(
            "bad predictor parameters {predictor}/{colors}/{bpc}/{columns}"
        ))
    };
    if !(1..=32).contains(&colors)
        || ![1, 2, 4, 8, 16].contains(&bpc)
        || !(1..=1 << 24).contains(&columns)
    {
        return Err(bad());
    }
    let (colors, bpc, columns) = (colors as usize, bpc as usize, columns as usize);
    let bits_pp = colors * bpc;
    let bpp = bits_pp.div_ceil(8).max(1);
    let row_len = (columns * bits_pp).div_ceil(8);
    if predictor == 2 {
        let mut out = data;
        if bpc == 8 {
            for row in out.chunks_mut(row_len) {
                for i in bpp..row.len() {
                    row[i] = row[i].wrapping_add(row[i - bpp]);
                }
            }
        } else if bpc == 16 {
            for row in out.chunks_mut(row_len) {
                let mut i = 2 * colors;
                while i + 1 < row.len() {
                    let prev = u16::from_be_bytes([row[i - 2 * colors], row[i - 2 * colors + 1]]);
                    let cur = u16::from_be_bytes([row[i], row[i + 1]]).wrapping_add(prev);
                    row[i..i + 2].copy_from_slice(&cur.to_be_bytes());
                    i += 2;
                }
            }
        } else {
            return Err(Error::Unsupported(format!(
                "TIFF predictor with {bpc} bits per component"
            )));
        }
        return Ok(out);
    }
    if !(10..=15).contains(&predictor) {
        return Err(Error::Unsupported(format!("predictor {predictor}")));
    }
    // PNG: each row is a filter-type byte and `row_len` bytes.
    let mut out = Vec::with_capacity(data.len());
    // Rows are never longer than the data: a huge /Columns allocates nothing.
    let cap = row_len.min(data.len());
    let mut prev = vec![0u8; cap];
    for chunk in data.chunks(row_len.saturating_add(1)) {
        let Some((&ty, src)) = chunk.split_first() else {
            break;
        };
        let mut row = vec![0u8; cap];
        row[..src.len()].copy_from_slice(src);
        match ty {
            0 => {}
            1 => {
                for i in bpp..cap {
                    row[i] = row[i].wrapping_add(row[i - bpp]);
                }
            }
            2 => {
                for i in 0..cap {
                    row[i] = row[i].wrapping_add(prev[i]);
                }
            }
            3 => {
                for i in 0..cap {
                    let left = if i >= bpp { row[i - bpp] } else { 0 };
                    row[i] =
                        row[i].wrapping_add(((u16::from(left) + u16::from(prev[i])) / 2) as u8);
                }
            }
            4 => {
                for i in 0..cap {
                    let a = if i >= bpp { i16::from(row[i - bpp]) } else { 0 };
                    let b = i16::from(prev[i]);
                    let c = if i >= bpp {
                        i16::from(prev[i - bpp])
                    } else {
                        0
                    };
                    let p = a + b - c;
                    let (pa, pb, pc) = ((p - a).abs(), (p - b).abs(), (p - c).abs());
                    let pred = if pa <= pb && pa <= pc {
                        a
                    } else if pb <= pc {
                        b
                    } else {
                        c
                    };
                    row[i] = row[i].wrapping_add(pred as u8);
                }
            }
            _ => return Err(Error::Corrupt(format!("PNG filter type {ty}"))),
        }
        out.extend_from_slice(&row[..src.len()]);
        prev = row;
    }
    Ok(out)
}

/// LZWDecode (§7.4.4.2) with the given `EarlyChange`.
pub fn lzw_decode(data: &[u8], early_change: bool, limit: usize) -> Result<Vec<u8>, Partial> {
    let mut out = Vec::new();
    // Table entries as (prefix index, last byte, length); codes 0..=255 are bytes.
    let mut table: Vec<(u16, u8, u32)> = (0..=255u8).map(|b| (u16::MAX, b, 1)).collect();
    table.push((u16::MAX, 0, 0)); // 256 clear
    table.push((u16::MAX, 0, 0)); // 257 EOD
    let mut code_len = 9u32;
    let mut prev: Option<u16> = None;
    let (mut buf, mut bits) = (0u32, 0u32);
    let mut scratch = Vec::new();
    let early = u32::from(early_change);
    for &byte in data {
        buf = (buf << 8) | u32::from(byte);
        bits += 8;
        while bits >= code_len {
            let code = ((buf >> (bits - code_len)) & ((1 << code_len) - 1)) as u16;
            bits -= code_len;
            buf &= (1u32 << bits).wrapping_sub(1);
            if code == 256 {
                table.truncate(258);
                code_len = 9;
                prev = None;
                continue;
            }
            if code == 257 {
                return Ok(out);
            }
            let idx = usize::from(code);
            // Emit the string of `code` (or prev + first(prev) for the KwKwK case).
            scratch.clear();
            let first_byte;
            if idx < table.len() {
                let mut c = code;
                while c != u16::MAX {
                    let Some(&(p, b, _)) = table.get(usize::from(c)) else {
                        break;
                    };
                    scratch.push(b);
                    c = p;
                }
                scratch.reverse();
                first_byte = scratch.first().copied().unwrap_or(0);
                if let Some(p) = prev
                    && table.len() < 4096
                {
                    let plen = table.get(usize::from(p)).map_or(0, |e| e.2);
                    table.push((p, first_byte, plen + 1));
                }
            } else if idx == table.len() {
                let Some(p) = prev else {
                    return Err(Partial {
                        data: out,
                        message: "LZW code before any string".into(),
                    });
                };
                let mut c = p;
                while c != u16::MAX {
                    let Some(&(pp, b, _)) = table.get(usize::from(c)) else {
                        break;
                    };
                    scratch.push(b);
                    c = pp;
                }
                scratch.reverse();
                first_byte = scratch.first().copied().unwrap_or(0);
                scratch.push(first_byte);
                if table.len() < 4096 {
                    let plen = table.get(usize::from(p)).map_or(0, |e| e.2);
                    table.push((p, first_byte, plen + 1));
                }
            } else {
                return Err(Partial {
                    data: out,
                    message: format!("LZW code {code} out of range"),
                });
            }
            if out.len() + scratch.len() > limit {
                return Err(Partial {
                    data: out,
                    message: format!("LZW output exceeds the limit of {limit} bytes"),
                });
            }
            out.extend_from_slice(&scratch);
            prev = Some(code);
            let next = table.len() as u32 + early;
            code_len = if next >= 2048 {
                12
            } else if next >= 1024 {
                11
            } else if next >= 512 {
                10
            } else {
                9
            };
        }
    }
    Ok(out)
}

/// ASCIIHexDecode (§7.4.2).
pub fn ascii_hex_decode(data: &[u8], limit: usize) -> Result<Vec<u8>, Partial> {
    let mut out = Vec::with_capacity(data.len() / 2);
    let mut hi: Option<u8> = None;
    for &b in data {
        let v = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            b'A'..=b'F' => b - b'A' + 10,
            b'>' => break,
            _ if crate::lexer::is_ws(b) => continue,
            _ => {
                return Err(Partial {
                    data: out,
                    message: format!("invalid ASCIIHex byte 0x{b:02x}"),
                });
            }
        };
        match hi.take() {
            Some(h) => {
                if out.len() >= limit {
                    return Err(Partial {
                        data: out,
                        message: "ASCIIHex output exceeds the limit".into(),
                    });
                }
                out.push(h << 4 | v);
            }
            None => hi = Some(v),
        }
    }
    if let Some(h) = hi {
        out.push(h << 4);
    }
    Ok(out)
}

/// ASCII85Decode (§7.4.3).
pub fn ascii85_decode(data: &[u8], limit: usize) -> Result<Vec<u8>, Partial> {
    let data = data.strip_prefix(b"<~").unwrap_or(data);
    let mut out = Vec::with_capacity(data.len() * 4 / 5);
    let mut group = [0u8; 5];
    let mut n = 0;
    for &b in data {
        match b {
            b'~' => break,
            b'z' if n == 0 => out.extend_from_slice(&[0; 4]),
            b'!'..=b'u' => {
                group[n] = b - b'!';
                n += 1;
                if n == 5 {
                    let v = group.iter().fold(0u64, |acc, &d| acc * 85 + u64::from(d));
                    if v > u64::from(u32::MAX) {
                        return Err(Partial {
                            data: out,
                            message: "ASCII85 group overflows".into(),
                        });
                    }
                    out.extend_from_slice(&(v as u32).to_be_bytes());
                    n = 0;
                }
            }
            _ if crate::lexer::is_ws(b) => {}
            _ => {
                return Err(Partial {
                    data: out,
                    message: format!("invalid ASCII85 byte 0x{b:02x}"),
                });
            }
        }
        if out.len() > limit {
            return Err(Partial {
                data: out,
                message: "ASCII85 output exceeds the limit".into(),
            });
        }
    }
    if n > 1 {
        for slot in group.iter_mut().skip(n) {
            *slot = 84;
        }
        let v = group.iter().fold(0u64, |acc, &d| acc * 85 + u64::from(d));
        let bytes = (v.min(u64::from(u32::MAX)) as u32).to_be_bytes();
        out.extend_from_slice(bytes.get(..n - 1).unwrap_or(&[]));
    }
    Ok(out)
}

/// RunLengthDecode (§7.4.5).
pub fn run_length_decode(data: &[u8], limit: usize) -> Result<Vec<u8>, Partial> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&len) = data.get(i) {
        i += 1;
        match len {
            128 => break,
            0..=127 => {
                let n = usize::from(len) + 1;
                let Some(run) = data.get(i..i + n) else {
                    out.extend_from_slice(data.get(i..).unwrap_or(&[]));
                    return Err(Partial {
                        data: out,
                        message: "RunLength literal run truncated".into(),
                    });
                };
                out.extend_from_slice(run);
                i += n;
            }
            _ => {
                let Some(&b) = data.get(i) else { break };
                i += 1;
                out.resize(out.len() + 257 - usize::from(len), b);
            }
        }
        if out.len() > limit {
            return Err(Partial {
                data: out,
                message: "RunLength output exceeds the limit".into(),
            });
        }
    }
    Ok(out)
}

/// Outcome of a filter chain.
pub(crate) struct Decoded {
    pub data: Vec<u8>,
    pub warnings: Vec<String>,
}

/// Applies the filters named in a stream dictionary (`/Filter`, `/DecodeParms`).
pub(crate) fn decode_chain(
    data: Vec<u8>,
    filters: &[Object],
    parms: &[Object],
    limit: usize,
) -> Result<Decoded, Error> {
    let mut data = data;
    let mut warnings = Vec::new();
    let empty = Dict::new();
    for (i, f) in filters.iter().enumerate() {
        let Some(name) = f.as_name() else {
            return Err(Error::Corrupt("filter is not a name".into()));
        };
        let parm = parms.get(i).and_then(Object::as_dict).unwrap_or(&empty);
        let step = match name {
            b"FlateDecode" | b"Fl" => inflate(&data, limit).and_then(|d| predict(d, parm)),
            b"LZWDecode" | b"LZW" => {
                let early = parm.get_i64(b"EarlyChange").unwrap_or(1) != 0;
                lzw_decode(&data, early, limit).and_then(|d| predict(d, parm))
            }
            b"ASCIIHexDecode" | b"AHx" => ascii_hex_decode(&data, limit),
            b"ASCII85Decode" | b"A85" => ascii85_decode(&data, limit),
            b"RunLengthDecode" | b"RL" => run_length_decode(&data, limit),
            b"Crypt" => Ok(data),
            b"DCTDecode" | b"DCT" | b"JPXDecode" | b"JBIG2Decode" | b"CCITTFaxDecode" | b"CCF" => {
                return Ok(Decoded { data, warnings });
            }
            other => {
                return Err(Error::Unsupported(format!(
                    "filter /{}",
                    String::from_utf8_lossy(other)
                )));
            }
        };
        data = match step {
            Ok(d) => d,
            Err(p) => {
                if p.message.contains("limit") {
                    return Err(Error::LimitExceeded {
                        what: "decoded stream size",
                        limit: limit as u64,
                    });
                }
                warnings.push(p.message);
                p.data
            }
        };
    }
    Ok(Decoded { data, warnings })
}

fn predict(data: Vec<u8>, parm: &Dict) -> Result<Vec<u8>, Partial> {
    let predictor = parm.get_i64(b"Predictor").unwrap_or(1);
    if predictor <= 1 {
        return Ok(data);
    }
    let colors = parm.get_i64(b"Colors").unwrap_or(1);
    let bpc = parm.get_i64(b"BitsPerComponent").unwrap_or(8);
    let columns = parm.get_i64(b"Columns").unwrap_or(1);
    unpredict(data, predictor, colors, bpc, columns).map_err(|e| Partial {
        data: Vec::new(),
        message: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inflate_known_vector() {
        // zlib.compress(b"hello hello hello")
        let z = miniz_oxide::deflate::compress_to_vec_zlib(b"hello hello hello", 6);
        assert_eq!(inflate(&z, 1 << 20).unwrap(), b"hello hello hello");
        // A fixed-Huffman zlib stream written by hand: 78 9c, "abc", adler.
        let known = [
            0x78, 0x9c, 0x4b, 0x4c, 0x4a, 0x06, 0x00, 0x02, 0x4d, 0x01, 0x27,
        ];
        assert_eq!(inflate(&known, 100).unwrap(), b"abc");
    }

    #[test]
    fn inflate_truncated_keeps_prefix() {
        let text: Vec<u8> = (0..20000u32).map(|i| (i * 7 % 251) as u8).collect();
        let z = miniz_oxide::deflate::compress_to_vec_zlib(&text, 6);
        let p = inflate(&z[..z.len() / 2], 1 << 20).unwrap_err();
        assert!(!p.data.is_empty());
        assert_eq!(&text[..p.data.len()], &p.data[..]);
    }

    #[test]
    fn inflate_limit() {
        let z = miniz_oxide::deflate::compress_to_vec_zlib(&vec![0u8; 1 << 20], 9);
        let p = inflate(&z, 1000).unwrap_err();
        assert!(p.message.contains("limit"));
        assert!(p.data.len() <= 1000);
    }

    #[test]
    fn inflate_raw_deflate_without_header() {
        let raw = miniz_oxide::deflate::compress_to_vec(b"raw deflate data", 6);
        let mut with_bad_header = vec![0x00, 0x00];
        with_bad_header.extend_from_slice(&raw);
        assert_eq!(inflate(&with_bad_header, 100).unwrap(), b"raw deflate data");
    }

    #[test]
    fn png_predictors() {
        // Columns 3, 1 colour, 8 bpc: rows with Sub, Up, Average, Paeth, None.
        let data = vec![1, 1, 1, 1, 2, 1, 1, 1, 3, 2, 2, 2, 4, 0, 0, 0, 0, 9, 9, 9];
        let out = unpredict(data, 12, 1, 8, 3).unwrap();
        assert_eq!(out, vec![1, 2, 3, 2, 3, 4, 3, 5, 6, 3, 5, 6, 9, 9, 9]);
    }

    #[test]
    fn huge_columns_allocate_nothing_big() {
        // 2^24 columns of 32 colours at 16 bits: a 1 GiB row, from 3 bytes.
        let out = unpredict(vec![2, 1, 2], 12, 32, 16, 1 << 24).unwrap();
        assert_eq!(out, vec![1, 2]);
    }

    #[test]
    fn tiff_predictor() {
        let out = unpredict(vec![10, 1, 1, 5, 0, 0], 2, 1, 8, 3).unwrap();
        assert_eq!(out, vec![10, 11, 12, 5, 5, 5]);
    }

    #[test]
    fn lzw_known_vector() {
        // The example of §7.4.4.2: 45 45 45 45 45 65 45 45 45 66.
        let enc = [0x80, 0x0B, 0x60, 0x50, 0x22, 0x0C, 0x0C, 0x85, 0x01];
        assert_eq!(
            lzw_decode(&enc, true, 100).unwrap(),
            vec![45, 45, 45, 45, 45, 65, 45, 45, 45, 66]
        );
    }

    #[test]
    fn ascii_hex() {
        assert_eq!(ascii_hex_decode(b"48 65 6C6c6F>", 100).unwrap(), b"Hello");
        assert_eq!(ascii_hex_decode(b"7>", 100).unwrap(), vec![0x70]);
        assert!(ascii_hex_decode(b"4G", 100).is_err());
    }

    #[test]
    fn ascii85() {
        assert_eq!(
            ascii85_decode(b"87cURD]i,\"Ebo80~>", 100).unwrap(),
            b"Hello World!"
        );
        assert_eq!(
            ascii85_decode(b"87cURD]i,\"Ebo7~>", 100).unwrap(),
            b"Hello World"
        );
        assert_eq!(ascii85_decode(b"<~z~>", 100).unwrap(), vec![0; 4]);
        assert_eq!(ascii85_decode(b"9jqo^~>", 100).unwrap(), b"Man ");
        assert_eq!(ascii85_decode(b"9jqo~>", 100).unwrap(), b"Man");
    }

    #[test]
    fn run_length() {
        assert_eq!(
            run_length_decode(&[2, b'a', b'b', b'c', 254, b'x', 128], 100).unwrap(),
            b"abcxxx"
        );
        assert_eq!(
            run_length_decode(&[255, 0, 255, 0], 200).unwrap(),
            vec![0; 4]
        );
        assert!(run_length_decode(&[255, 0, 255, 0], 3).is_err());
    }

    #[test]
    fn chain_passes_images_through() {
        let d = decode_chain(
            b"41>".to_vec(),
            &[
                Object::Name(b"AHx".to_vec()),
                Object::Name(b"DCTDecode".to_vec()),
            ],
            &[],
            100,
        )
        .unwrap();
        assert_eq!(d.data, b"A");
    }
}
