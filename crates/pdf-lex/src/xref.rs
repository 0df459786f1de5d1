//! Cross-reference data (ISO 32000-1 §7.5.4 xref tables, §7.5.8 xref
//! streams, §7.5.6 incremental updates) and the recovery scan used when it
//! is missing or wrong.

use std::collections::{HashMap, HashSet};

use crate::filters::decode_chain;
use crate::lexer::{Lexer, is_regular, is_ws};
use crate::object::{Dict, Object};
use crate::{Error, Limits};

/// Where an object lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Entry {
    /// A free (deleted) object.
    Free,
    /// At a byte offset in the file.
    Offset { offset: usize, generation: u16 },
    /// The `index`-th object of object stream `stream`.
    Compressed { stream: u32, index: u32 },
}

/// The merged cross-reference data of a file.
#[derive(Debug, Default)]
pub(crate) struct Xref {
    pub entries: HashMap<u32, Entry>,
    pub trailer: Dict,
}

impl Xref {
    /// Adds entries that are not already known (newer sections are read first).
    fn merge_entries(&mut self, entries: Vec<(u32, Entry)>) {
        for (num, e) in entries {
            self.entries.entry(num).or_insert(e);
        }
    }

    /// Adds trailer keys that are not already known.
    fn merge_trailer(&mut self, t: &Dict) {
        for (k, v) in t.iter() {
            if !self.trailer.contains_key(k) {
                self.trailer.insert(k.to_vec(), v.clone());
            }
        }
    }
}

/// Finds the offset of the `%PDF-` header (some files have bytes before it).
pub(crate) fn header_offset(data: &[u8]) -> Option<usize> {
    memchr::memmem::find(data.get(..data.len().min(1024)).unwrap_or(data), b"%PDF-")
}

/// Reads the xref chain starting at the last `startxref`.
pub(crate) fn read_chain(
    data: &[u8],
    base: usize,
    limits: &Limits,
    warnings: &mut Vec<String>,
) -> Result<Xref, Error> {
    let tail_start = data.len().saturating_sub(4096);
    let sx = memchr::memmem::rfind(data.get(tail_start..).unwrap_or(&[]), b"startxref")
        .map(|i| i + tail_start)
        .or_else(|| memchr::memmem::rfind(data, b"startxref"))
        .ok_or(Error::Corrupt("no startxref".into()))?;
    let mut lx = Lexer::new(data, sx + 9);
    let start = lx
        .read_uint()
        .ok_or(Error::Corrupt("startxref without an offset".into()))?;
    let mut xref = Xref::default();
    let mut next = Some(
        usize::try_from(start).map_err(|_| Error::Corrupt("startxref offset too large".into()))?,
    );
    let mut seen = HashSet::new();
    let mut first = true;
    while let Some(off) = next.take() {
        if !seen.insert(off) {
            warnings.push(format!("xref /Prev loop at offset {off}"));
            break;
        }
        if seen.len() > limits.max_xref_sections {
            return Err(Error::LimitExceeded {
                what: "xref sections",
                limit: limits.max_xref_sections as u64,
            });
        }
        let section = match read_section_near(data, off, base, limits) {
            Ok(s) => s,
            Err(e) if first => return Err(e),
            Err(e) => {
                warnings.push(format!("xref section at {off} unreadable: {e}"));
                break;
            }
        };
        first = false;
        // A hybrid file's /XRefStm entries precede the table's (§7.5.8.4).
        if let Some(stm) = section
            .trailer
            .get_i64(b"XRefStm")
            .and_then(|o| usize::try_from(o).ok())
            && seen.insert(stm)
        {
            match read_section_near(data, stm, base, limits) {
                Ok(s) => xref.merge_entries(s.entries),
                Err(e) => warnings.push(format!("/XRefStm at {stm} unreadable: {e}")),
            }
        }
        xref.merge_entries(section.entries);
        xref.merge_trailer(&section.trailer);
        next = section
            .trailer
            .get_i64(b"Prev")
            .and_then(|o| usize::try_from(o).ok());
    }
    Ok(xref)
}

/// One xref section: its entries in order and its trailer.
pub(crate) struct Section {
    pub entries: Vec<(u32, Entry)>,
    pub trailer: Dict,
}

/// Reads the section at `off`, also trying `off` relative to the header and
/// a small window around it (the common off-by-a-few-bytes fault).
fn read_section_near(
    data: &[u8],
    off: usize,
    base: usize,
    limits: &Limits,
) -> Result<Section, Error> {
    let first = read_section(data, off, limits);
    if first.is_ok() {
        return first;
    }
    if base > 0
        && let Ok(s) = read_section(data, off + base, limits)
    {
        return Ok(s);
    }
    // The nearest `xref` keyword (not the one in `startxref`) within 64 bytes.
    let lo = off.saturating_sub(64);
    let hi = off.saturating_add(64).min(data.len());
    let window = data.get(lo..hi).unwrap_or(&[]);
    let mut candidates: Vec<usize> = memchr::memmem::find_iter(window, b"xref")
        .map(|i| lo + i)
        .filter(|&p| !(p >= 5 && data.get(p - 5..p) == Some(b"start")))
        .collect();
    // Or the nearest object header (an xref stream a few bytes off).
    candidates.extend(scan(window).objects.values().filter_map(|e| match e {
        Entry::Offset { offset, .. } => Some(lo + offset),
        _ => None,
    }));
    candidates.sort_by_key(|&p| p.abs_diff(off));
    for p in candidates {
        if let Ok(s) = read_section(data, p, limits) {
            return Ok(s);
        }
    }
    first
}

/// Reads a classic table (`xref`) or an xref stream at `off`.
pub(crate) fn read_section(data: &[u8], off: usize, limits: &Limits) -> Result<Section, Error> {
    if off >= data.len() {
        return Err(Error::Truncated {
            what: "xref section",
            offset: off,
        });
    }
    let mut lx = Lexer::new(data, off);
    if lx.eat_keyword(b"xref") {
        return read_table(&mut lx);
    }
    let mut lx = Lexer::new(data, off);
    lx.max_depth = limits.max_depth;
    let (_, obj) = lx.parse_indirect(&|_| None)?;
    let Object::Stream(s) = obj else {
        return Err(Error::Corrupt(format!(
            "no xref table or stream at offset {off}"
        )));
    };
    if s.dict.get_name(b"Type").is_some_and(|t| t != b"XRef") || !s.dict.contains_key(b"W") {
        return Err(Error::Corrupt(format!(
            "object at offset {off} is not an xref stream"
        )));
    }
    read_xref_stream(&s.dict, &s.raw, limits)
}

/// A classic xref table after the `xref` keyword (§7.5.4).
fn read_table(lx: &mut Lexer<'_>) -> Result<Section, Error> {
    let table_start = lx.pos;
    let mut entries = Vec::new();
    loop {
        lx.skip_ws();
        if lx.eat_keyword(b"trailer") {
            break;
        }
        let (Some(start), Some(count)) = (lx.read_uint(), lx.read_uint()) else {
            // No trailer keyword: a damaged table.
            return Err(Error::Corrupt(format!(
                "xref table at {table_start} has no trailer"
            )));
        };
        let mut num = u32::try_from(start)
            .map_err(|_| Error::Corrupt("xref subsection start too large".into()))?;
        for i in 0..count {
            let save = lx.pos;
            let (Some(offset), Some(generation)) = (lx.read_uint(), lx.read_uint()) else {
                lx.pos = save;
                break;
            };
            lx.skip_ws();
            let kind = lx.peek();
            if matches!(kind, Some(b'n' | b'f')) {
                lx.pos += 1;
            } else {
                lx.pos = save;
                break;
            }
            // The common fault: a table starting at 1 whose first entry is the
            // head of the free list, object 0.
            if i == 0 && num == 1 && offset == 0 && generation == 65535 && kind == Some(b'f') {
                num = 0;
            }
            let e = match kind {
                Some(b'n') if offset > 0 => Entry::Offset {
                    offset: usize::try_from(offset).unwrap_or(usize::MAX),
                    generation: u16::try_from(generation).unwrap_or(u16::MAX),
                },
                _ => Entry::Free,
            };
            entries.push((num, e));
            num = num.saturating_add(1);
        }
    }
    let trailer = match lx.parse_object()? {
        Object::Dict(d) => d,
        _ => return Err(Error::Corrupt("trailer is not a dictionary".into())),
    };
    Ok(Section { entries, trailer })
}

/// An xref stream (§7.5.8).
fn read_xref_stream(dict: &Dict, raw: &[u8], limits: &Limits) -> Result<Section, Error> {
    let filters = filter_list(dict.get(b"Filter"));
    let parms = filter_list(dict.get(b"DecodeParms"));
    let decoded = decode_chain(raw.to_vec(), &filters, &parms, limits.max_stream_bytes)?;
    let data = decoded.data;
    let w: Vec<usize> = dict
        .get(b"W")
        .and_then(Object::as_array)
        .map(|a| {
            a.iter()
                .map(|o| {
                    o.as_i64()
                        .and_then(|v| usize::try_from(v).ok())
                        .unwrap_or(0)
                })
                .collect()
        })
        .unwrap_or_default();
    let [w0, w1, w2] = w.as_slice() else {
        return Err(Error::Corrupt("xref stream /W is not three numbers".into()));
    };
    let (w0, w1, w2) = (*w0, *w1, *w2);
    if w0 > 8 || w1 > 8 || w2 > 8 {
        return Err(Error::Corrupt(
            "xref stream /W field wider than 8 bytes".into(),
        ));
    }
    let row = w0 + w1 + w2;
    if row == 0 {
        return Err(Error::Corrupt("xref stream /W is all zero".into()));
    }
    let size = dict.get_i64(b"Size").unwrap_or(0);
    let index: Vec<i64> = match dict.get(b"Index").and_then(Object::as_array) {
        Some(a) => a.iter().filter_map(Object::as_i64).collect(),
        None => vec![0, size],
    };
    let field = |bytes: &[u8]| bytes.iter().fold(0u64, |acc, &b| acc << 8 | u64::from(b));
    let mut entries = Vec::new();
    let mut rows = data.chunks_exact(row);
    for pair in index.chunks_exact(2) {
        let (Ok(start), Ok(count)) = (u32::try_from(pair[0]), u64::try_from(pair[1])) else {
            continue;
        };
        for k in 0..count {
            let Some(r) = rows.next() else { break };
            let ty = if w0 == 0 { 1 } else { field(&r[..w0]) };
            let f2 = field(&r[w0..w0 + w1]);
            let f3 = field(&r[w0 + w1..]);
            let Some(num) = u32::try_from(k).ok().and_then(|k| start.checked_add(k)) else {
                break;
            };
            let e = match ty {
                0 => Entry::Free,
                1 => Entry::Offset {
                    offset: usize::try_from(f2).unwrap_or(usize::MAX),
                    generation: u16::try_from(f3).unwrap_or(u16::MAX),
                },
                2 => Entry::Compressed {
                    stream: u32::try_from(f2).unwrap_or(u32::MAX),
                    index: u32::try_from(f3).unwrap_or(u32::MAX),
                },
                // Unknown types are references to the null object (§7.5.8.3).
                _ => continue,
            };
            entries.push((num, e));
        }
    }
    Ok(Section {
        entries,
        trailer: dict.clone(),
    })
}

/// `/Filter` or `/DecodeParms` as a list (a single value or an array).
pub(crate) fn filter_list(o: Option<&Object>) -> Vec<Object> {
    match o {
        None | Some(Object::Null) => Vec::new(),
        Some(Object::Array(a)) => a.clone(),
        Some(other) => vec![other.clone()],
    }
}

/// The result of scanning the whole file for `N G obj` and `trailer`.
#[derive(Debug, Default)]
pub(crate) struct Scan {
    /// Objects by number; a later definition wins.
    pub objects: HashMap<u32, Entry>,
    /// `trailer` dictionaries in file order.
    pub trailers: Vec<Dict>,
}

/// Scans the file for object headers and trailers (the recovery path).
pub(crate) fn scan(data: &[u8]) -> Scan {
    let mut out = Scan::default();
    for p in memchr::memmem::find_iter(data, b"obj") {
        if data.get(p + 3).is_some_and(|&b| is_regular(b)) {
            continue;
        }
        // Walk back over: ws, digits (generation), ws, digits (num).
        let mut i = p;
        let back_ws = |i: &mut usize| {
            let s = *i;
            while *i > 0 && data.get(*i - 1).is_some_and(|&b| is_ws(b)) {
                *i -= 1;
            }
            *i < s
        };
        let back_digits = |i: &mut usize| {
            let s = *i;
            while *i > 0 && data.get(*i - 1).is_some_and(u8::is_ascii_digit) && s - *i < 10 {
                *i -= 1;
            }
            (*i < s).then(|| {
                std::str::from_utf8(data.get(*i..s).unwrap_or(&[]))
                    .ok()
                    .and_then(|t| t.parse::<u64>().ok())
            })?
        };
        back_ws(&mut i);
        let Some(generation) = back_digits(&mut i) else {
            continue;
        };
        if !back_ws(&mut i) {
            continue;
        }
        let Some(num) = back_digits(&mut i) else {
            continue;
        };
        if i > 0 && data.get(i - 1).is_some_and(|&b| is_regular(b)) {
            continue;
        }
        let (Ok(num), Ok(generation)) = (u32::try_from(num), u16::try_from(generation)) else {
            continue;
        };
        out.objects.insert(
            num,
            Entry::Offset {
                offset: i,
                generation,
            },
        );
    }
    for p in memchr::memmem::find_iter(data, b"trailer") {
        let mut lx = Lexer::new(data, p + 7);
        if let Ok(Object::Dict(d)) = lx.parse_object() {
            out.trailers.push(d);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_with_wrong_first_number() {
        let src = b"xref\n1 3\n0000000000 65535 f \n0000000017 00000 n \n0000000081 00000 n \ntrailer\n<</Size 3/Root 1 0 R>>";
        let s = read_section(src, 0, &Limits::default()).unwrap();
        assert_eq!(s.entries[0], (0, Entry::Free));
        assert_eq!(
            s.entries[1],
            (
                1,
                Entry::Offset {
                    offset: 17,
                    generation: 0
                }
            )
        );
        assert_eq!(
            s.entries[2],
            (
                2,
                Entry::Offset {
                    offset: 81,
                    generation: 0
                }
            )
        );
        assert!(s.trailer.contains_key(b"Root"));
    }

    #[test]
    fn table_with_two_subsections_and_crlf() {
        let src =
            b"xref\r\n0 1\r\n0000000000 65535 f\r\n5 1\r\n0000000123 00002 n\r\ntrailer<</Size 6>>";
        let s = read_section(src, 0, &Limits::default()).unwrap();
        assert_eq!(
            s.entries[1],
            (
                5,
                Entry::Offset {
                    offset: 123,
                    generation: 2
                }
            )
        );
    }

    #[test]
    fn xref_stream_with_index_and_png_predictor() {
        // Rows of W [1 2 1], PNG Up predictor, objects 3..5.
        let rows: [[u8; 4]; 3] = [[1, 0, 15, 0], [2, 0, 7, 0], [2, 0, 7, 1]];
        let mut raw = Vec::new();
        let mut prev = [0u8; 4];
        for r in rows {
            raw.push(2);
            for i in 0..4 {
                raw.push(r[i].wrapping_sub(prev[i]));
            }
            prev = r;
        }
        let z = miniz_oxide::deflate::compress_to_vec_zlib(&raw, 6);
        let mut src = format!(
            "9 0 obj<</Type/XRef/Size 6/Index[3 3]/W[1 2 1]/Filter/FlateDecode/DecodeParms<</Predictor 12/Columns 4>>/Length {}>>stream\n",
            z.len()
        )
        .into_bytes();
        src.extend_from_slice(&z);
        src.extend_from_slice(b"\nendstream endobj");
        let s = read_section(&src, 0, &Limits::default()).unwrap();
        assert_eq!(
            s.entries,
            vec![
                (
                    3,
                    Entry::Offset {
                        offset: 15,
                        generation: 0
                    }
                ),
                (
                    4,
                    Entry::Compressed {
                        stream: 7,
                        index: 0
                    }
                ),
                (
                    5,
                    Entry::Compressed {
                        stream: 7,
                        index: 1
                    }
                ),
            ]
        );
    }

    #[test]
    fn startxref_a_few_bytes_off_and_prev_loop() {
        let mut src = b"%PDF-1.4\n1 0 obj <<>> endobj\n".to_vec();
        let at = src.len();
        src.extend_from_slice(
            format!("\nxref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer <</Size 2/Root 1 0 R/Prev {at}>>\n").as_bytes(),
        );
        // startxref points at the blank line before `xref`, minus one more byte.
        src.extend_from_slice(format!("startxref\n{}\n%%EOF\n", at - 1).as_bytes());
        let mut warnings = Vec::new();
        let x = read_chain(&src, 0, &Limits::default(), &mut warnings).unwrap();
        assert_eq!(
            x.entries.get(&1),
            Some(&Entry::Offset {
                offset: 9,
                generation: 0
            })
        );
        assert!(x.trailer.contains_key(b"Root"));
    }

    #[test]
    fn scan_finds_objects_and_trailer() {
        let src = b"%PDF-1.4\n1 0 obj<<>>endobj\n12 3 obj\n(x)\nendobj trailer<</Root 1 0 R>>";
        let s = scan(src);
        assert_eq!(
            s.objects.get(&1),
            Some(&Entry::Offset {
                offset: 9,
                generation: 0
            })
        );
        assert_eq!(
            s.objects.get(&12),
            Some(&Entry::Offset {
                offset: 27,
                generation: 3
            })
        );
        assert_eq!(s.trailers.len(), 1);
    }
}
