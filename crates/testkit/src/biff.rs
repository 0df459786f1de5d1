//! A deterministic BIFF writer (MS-XLS) for `.xls` fixtures, tests and
//! benches: records, BIFF8 strings, a shared string table split across
//! CONTINUE records at chosen places, cells, comments, text boxes, and the
//! assembly of a workbook stream with its BOUNDSHEET offsets.

/// One record: type, length, data.
pub fn record(typ: u16, data: &[u8]) -> Vec<u8> {
    let mut r = typ.to_le_bytes().to_vec();
    r.extend_from_slice(&(data.len() as u16).to_le_bytes());
    r.extend_from_slice(data);
    r
}

/// BOF: BIFF8 (`vers` 0x0600) or BIFF5 (0x0500) with substream type `dt`.
pub fn bof(vers: u16, dt: u16) -> Vec<u8> {
    let mut d = vers.to_le_bytes().to_vec();
    d.extend_from_slice(&dt.to_le_bytes());
    d.extend_from_slice(&0x0DBBu16.to_le_bytes());
    d.extend_from_slice(&0x07CCu16.to_le_bytes());
    if vers == 0x0600 {
        d.extend_from_slice(&[0; 8]);
    }
    record(0x0809, &d)
}

pub fn eof() -> Vec<u8> {
    record(0x000A, &[])
}

/// Whether a string needs UTF-16 (anything past U+00FF).
fn wide(s: &str) -> bool {
    s.chars().any(|c| c as u32 > 0xFF)
}

/// The characters of `s`: Latin-1 bytes, or UTF-16LE when `high`.
fn chars(s: &str, high: bool) -> Vec<u8> {
    if high {
        s.encode_utf16().flat_map(u16::to_le_bytes).collect()
    } else {
        s.chars().map(|c| c as u32 as u8).collect()
    }
}

/// XLUnicodeString: u16 count, option byte, characters.
pub fn ustr(s: &str) -> Vec<u8> {
    let high = wide(s);
    let mut d = (s.encode_utf16().count() as u16).to_le_bytes().to_vec();
    d.push(u8::from(high));
    d.extend(chars(s, high));
    d
}

/// ShortXLUnicodeString: u8 count, option byte, characters.
pub fn short_ustr(s: &str) -> Vec<u8> {
    let high = wide(s);
    let mut d = vec![s.encode_utf16().count() as u8, u8::from(high)];
    d.extend(chars(s, high));
    d
}

pub fn codepage(cp: u16) -> Vec<u8> {
    record(0x0042, &cp.to_le_bytes())
}

pub fn datemode(date1904: bool) -> Vec<u8> {
    record(0x0022, &u16::from(date1904).to_le_bytes())
}

/// COUNTRY with the Windows country code (81 Japan, 82 Korea, 86 China, 886 Taiwan).
pub fn country(code: u16) -> Vec<u8> {
    let mut d = code.to_le_bytes().to_vec();
    d.extend_from_slice(&code.to_le_bytes());
    record(0x008C, &d)
}

/// BIFF8 FORMAT.
pub fn format8(id: u16, code: &str) -> Vec<u8> {
    let mut d = id.to_le_bytes().to_vec();
    d.extend(ustr(code));
    record(0x041E, &d)
}

/// BIFF5 FORMAT: id, then an 8-bit string (already encoded).
pub fn format5(id: u16, code: &[u8]) -> Vec<u8> {
    let mut d = id.to_le_bytes().to_vec();
    d.push(code.len() as u8);
    d.extend_from_slice(code);
    record(0x041E, &d)
}

/// XF (BIFF5 and BIFF8 share the first fields) with number format `fmt`.
pub fn xf(biff8: bool, fmt: u16) -> Vec<u8> {
    let mut d = vec![0u8; if biff8 { 20 } else { 16 }];
    d[2..4].copy_from_slice(&fmt.to_le_bytes());
    record(0x00E0, &d)
}

/// NAME (BIFF8) of a user-defined name with an empty formula.
pub fn name8(name: &str) -> Vec<u8> {
    let mut d = vec![0u8; 14];
    d[3] = name.encode_utf16().count() as u8;
    let high = wide(name);
    d.push(u8::from(high));
    d.extend(chars(name, high));
    record(0x0018, &d)
}

/// A BIFF8 SST of `strings`, its records cut so that no record's data
/// exceeds `max_len` bytes: a string whose characters cross a cut gets a
/// new option byte at the start of the CONTINUE (switching to UTF-16 when
/// the rest has wide characters), as Excel writes it. `rich` gives a
/// string 1 formatting run and a 4-byte phonetic block, which may be cut too.
pub fn sst8(strings: &[(&str, bool)], max_len: usize) -> Vec<u8> {
    // Build a list of pieces: (bytes, is_chars, high) so cuts know where they are.
    enum Piece {
        Raw(Vec<u8>),
        Chars(Vec<u16>, bool),
    }
    let mut pieces = vec![Piece::Raw({
        let mut h = (strings.len() as u32).to_le_bytes().to_vec();
        h.extend_from_slice(&(strings.len() as u32).to_le_bytes());
        h
    })];
    for (s, rich) in strings {
        let high = wide(s);
        let units: Vec<u16> = s.encode_utf16().collect();
        let mut h = (units.len() as u16).to_le_bytes().to_vec();
        let mut flags = u8::from(high);
        if *rich {
            flags |= 0x0C;
        }
        h.push(flags);
        if *rich {
            h.extend_from_slice(&1u16.to_le_bytes());
            h.extend_from_slice(&4u32.to_le_bytes());
        }
        pieces.push(Piece::Raw(h));
        pieces.push(Piece::Chars(units, high));
        if *rich {
            pieces.push(Piece::Raw(vec![0, 0, 1, 0, 0xAA, 0xBB, 0xCC, 0xDD]));
        }
    }
    let mut records: Vec<Vec<u8>> = vec![Vec::new()];
    for p in pieces {
        match p {
            Piece::Raw(bytes) => {
                for b in bytes {
                    if records.last().unwrap().len() >= max_len {
                        records.push(Vec::new());
                    }
                    records.last_mut().unwrap().push(b);
                }
            }
            Piece::Chars(units, high) => {
                let mut high = high;
                let mut i = 0;
                while i < units.len() {
                    let width = if high { 2 } else { 1 };
                    if records.last().unwrap().len() + width > max_len {
                        // A new CONTINUE: an option byte; the rest goes UTF-16
                        // when any of it needs it, else 8-bit.
                        high = units[i..].iter().any(|&u| u > 0xFF);
                        records.push(vec![u8::from(high)]);
                    }
                    let cur = records.last_mut().unwrap();
                    if high {
                        cur.extend_from_slice(&units[i].to_le_bytes());
                    } else {
                        cur.push(units[i] as u8);
                    }
                    i += 1;
                }
            }
        }
    }
    let mut out = Vec::new();
    for (k, r) in records.iter().enumerate() {
        out.extend(record(if k == 0 { 0x00FC } else { 0x003C }, r));
    }
    out
}

/// Row, column, XF: the head of every BIFF3+ cell record.
fn cell_head(row: u16, col: u16, xf: u16) -> Vec<u8> {
    let mut d = row.to_le_bytes().to_vec();
    d.extend_from_slice(&col.to_le_bytes());
    d.extend_from_slice(&xf.to_le_bytes());
    d
}

pub fn labelsst(row: u16, col: u16, xf: u16, index: u32) -> Vec<u8> {
    let mut d = cell_head(row, col, xf);
    d.extend_from_slice(&index.to_le_bytes());
    record(0x00FD, &d)
}

/// BIFF8 LABEL.
pub fn label8(row: u16, col: u16, xf: u16, s: &str) -> Vec<u8> {
    let mut d = cell_head(row, col, xf);
    d.extend(ustr(s));
    record(0x0204, &d)
}

/// BIFF5 LABEL: an 8-bit string (already encoded).
pub fn label5(row: u16, col: u16, xf: u16, s: &[u8]) -> Vec<u8> {
    let mut d = cell_head(row, col, xf);
    d.extend_from_slice(&(s.len() as u16).to_le_bytes());
    d.extend_from_slice(s);
    record(0x0204, &d)
}

/// BIFF8 RSTRING: a label with formatting runs.
pub fn rstring8(row: u16, col: u16, xf: u16, s: &str) -> Vec<u8> {
    let mut d = cell_head(row, col, xf);
    d.extend(ustr(s));
    d.extend_from_slice(&1u16.to_le_bytes());
    d.extend_from_slice(&[0, 0, 1, 0]);
    record(0x00D6, &d)
}

pub fn number(row: u16, col: u16, xf: u16, v: f64) -> Vec<u8> {
    let mut d = cell_head(row, col, xf);
    d.extend_from_slice(&v.to_le_bytes());
    record(0x0203, &d)
}

pub fn rk(row: u16, col: u16, xf: u16, rk: u32) -> Vec<u8> {
    let mut d = cell_head(row, col, xf);
    d.extend_from_slice(&rk.to_le_bytes());
    record(0x027E, &d)
}

/// MULRK: consecutive RK cells from `col`, each with its XF.
pub fn mulrk(row: u16, col: u16, cells: &[(u16, u32)]) -> Vec<u8> {
    let mut d = row.to_le_bytes().to_vec();
    d.extend_from_slice(&col.to_le_bytes());
    for (xf, v) in cells {
        d.extend_from_slice(&xf.to_le_bytes());
        d.extend_from_slice(&v.to_le_bytes());
    }
    d.extend_from_slice(
        &col.wrapping_add(cells.len() as u16)
            .wrapping_sub(1)
            .to_le_bytes(),
    );
    record(0x00BD, &d)
}

pub fn blank(row: u16, col: u16, xf: u16) -> Vec<u8> {
    record(0x0201, &cell_head(row, col, xf))
}

pub fn mulblank(row: u16, col: u16, count: u16) -> Vec<u8> {
    let mut d = row.to_le_bytes().to_vec();
    d.extend_from_slice(&col.to_le_bytes());
    for _ in 0..count {
        d.extend_from_slice(&15u16.to_le_bytes());
    }
    d.extend_from_slice(&(col + count - 1).to_le_bytes());
    record(0x00BE, &d)
}

/// BOOLERR: a boolean, or an error code when `error`.
pub fn boolerr(row: u16, col: u16, xf: u16, value: u8, error: bool) -> Vec<u8> {
    let mut d = cell_head(row, col, xf);
    d.push(value);
    d.push(u8::from(error));
    record(0x0205, &d)
}

/// The cached value of a FORMULA (MS-XLS 2.5.133).
pub enum Cached {
    Number(f64),
    /// A string: a STRING record follows.
    Text,
    Bool(bool),
    Error(u8),
    Empty,
}

/// FORMULA (BIFF5/8) with its cached value and a one-token formula (`1`).
pub fn formula(row: u16, col: u16, xf: u16, value: Cached) -> Vec<u8> {
    let mut d = cell_head(row, col, xf);
    let v: [u8; 8] = match value {
        Cached::Number(x) => x.to_le_bytes(),
        Cached::Text => [0, 0, 0, 0, 0, 0, 0xFF, 0xFF],
        Cached::Bool(b) => [1, 0, u8::from(b), 0, 0, 0, 0xFF, 0xFF],
        Cached::Error(e) => [2, 0, e, 0, 0, 0, 0xFF, 0xFF],
        Cached::Empty => [3, 0, 0, 0, 0, 0, 0xFF, 0xFF],
    };
    d.extend_from_slice(&v);
    d.extend_from_slice(&[0; 6]);
    // ptgInt 1
    d.extend_from_slice(&3u16.to_le_bytes());
    d.extend_from_slice(&[0x1E, 1, 0]);
    record(0x0006, &d)
}

/// BIFF8 STRING (a string formula's result).
pub fn string8(s: &str) -> Vec<u8> {
    record(0x0207, &ustr(s))
}

/// BIFF5 STRING: an 8-bit string with a 16-bit count.
pub fn string5(s: &[u8]) -> Vec<u8> {
    let mut d = (s.len() as u16).to_le_bytes().to_vec();
    d.extend_from_slice(s);
    record(0x0207, &d)
}

/// BIFF8 HEADER (`footer`: FOOTER).
pub fn header8(code: &str, footer: bool) -> Vec<u8> {
    record(if footer { 0x0015 } else { 0x0014 }, &ustr(code))
}

/// BIFF5 HEADER/FOOTER: an 8-bit string with an 8-bit count.
pub fn header5(code: &[u8], footer: bool) -> Vec<u8> {
    let mut d = vec![code.len() as u8];
    d.extend_from_slice(code);
    record(if footer { 0x0015 } else { 0x0014 }, &d)
}

/// OBJ with an ftCmo of type `ot` (0x19 comment, 0x06 text box) and `id`, then ftEnd.
pub fn obj(ot: u16, id: u16) -> Vec<u8> {
    let mut d = Vec::new();
    d.extend_from_slice(&0x15u16.to_le_bytes());
    d.extend_from_slice(&0x12u16.to_le_bytes());
    d.extend_from_slice(&ot.to_le_bytes());
    d.extend_from_slice(&id.to_le_bytes());
    d.extend_from_slice(&0x6011u16.to_le_bytes());
    d.extend_from_slice(&[0; 12]);
    d.extend_from_slice(&[0, 0, 0, 0]);
    record(0x005D, &d)
}

/// TXO with `text` in CONTINUE records of at most `max_len` bytes, each
/// starting with its option byte, then the formatting runs.
pub fn txo8(text: &str, max_len: usize) -> Vec<u8> {
    let units: Vec<u16> = text.encode_utf16().collect();
    let mut d = vec![0u8; 18];
    d[0..2].copy_from_slice(&0x0212u16.to_le_bytes());
    d[10..12].copy_from_slice(&(units.len() as u16).to_le_bytes());
    d[12..14].copy_from_slice(&16u16.to_le_bytes());
    let mut out = record(0x01B6, &d);
    let mut i = 0;
    while i < units.len() {
        let high = units[i..].iter().any(|&u| u > 0xFF);
        let width = if high { 2 } else { 1 };
        let n = ((max_len - 1) / width).min(units.len() - i).max(1);
        let mut c = vec![u8::from(high)];
        for &u in &units[i..i + n] {
            if high {
                c.extend_from_slice(&u.to_le_bytes());
            } else {
                c.push(u as u8);
            }
        }
        out.extend(record(0x003C, &c));
        i += n;
    }
    let mut runs = vec![0u8; 16];
    runs[8..10].copy_from_slice(&(units.len() as u16).to_le_bytes());
    out.extend(record(0x003C, &runs));
    out
}

/// BIFF8 NOTE linking comment object `id` at (row, col) to `author`.
pub fn note8(row: u16, col: u16, id: u16, author: &str) -> Vec<u8> {
    let mut d = row.to_le_bytes().to_vec();
    d.extend_from_slice(&col.to_le_bytes());
    d.extend_from_slice(&0u16.to_le_bytes());
    d.extend_from_slice(&id.to_le_bytes());
    d.extend(ustr(author));
    d.push(0);
    record(0x001C, &d)
}

/// HLINK at (row, col) to a URL with a display text.
pub fn hlink(row: u16, col: u16, display: &str) -> Vec<u8> {
    let mut d = Vec::new();
    for v in [row, row, col, col] {
        d.extend_from_slice(&v.to_le_bytes());
    }
    d.extend_from_slice(&[
        0xD0, 0xC9, 0xEA, 0x79, 0xF9, 0xBA, 0xCE, 0x11, 0x8C, 0x82, 0x00, 0xAA, 0x00, 0x4B, 0xA9,
        0x0B,
    ]);
    d.extend_from_slice(&2u32.to_le_bytes());
    d.extend_from_slice(&0x17u32.to_le_bytes());
    let units: Vec<u16> = display.encode_utf16().chain(std::iter::once(0)).collect();
    d.extend_from_slice(&(units.len() as u32).to_le_bytes());
    for u in units {
        d.extend_from_slice(&u.to_le_bytes());
    }
    record(0x01B8, &d)
}

/// A sheet of a workbook to assemble.
pub struct Sheet {
    pub name: String,
    /// 0 visible, 1 hidden, 2 very hidden.
    pub hidden: u8,
    /// BOUNDSHEET dt: 0 worksheet, 1 macro sheet, 2 chart.
    pub kind: u8,
    /// The records between the sheet's BOF and EOF.
    pub body: Vec<u8>,
}

impl Sheet {
    pub fn new(name: &str, body: Vec<u8>) -> Sheet {
        Sheet {
            name: name.into(),
            hidden: 0,
            kind: 0,
            body,
        }
    }
}

/// A workbook stream: BOF, `globals` (records), a BOUNDSHEET per sheet
/// pointing at its BOF, EOF, then each sheet's substream. `biff8` picks
/// BIFF8 or BIFF5 records; BIFF5 names are given already encoded in `names5`
/// order when not UTF-8-safe (pass `None` to write `name` as Latin-1).
pub fn workbook(
    biff8: bool,
    globals: &[u8],
    sheets: &[Sheet],
    names5: Option<&[Vec<u8>]>,
) -> Vec<u8> {
    let vers = if biff8 { 0x0600 } else { 0x0500 };
    let name_bytes = |i: usize, s: &Sheet| -> Vec<u8> {
        if biff8 {
            short_ustr(&s.name)
        } else {
            let raw = match names5 {
                Some(n) => n[i].clone(),
                None => s.name.chars().map(|c| c as u32 as u8).collect(),
            };
            let mut v = vec![raw.len() as u8];
            v.extend(raw);
            v
        }
    };
    let boundsheet = |pos: u32, i: usize, s: &Sheet| {
        let mut d = pos.to_le_bytes().to_vec();
        d.push(s.hidden);
        d.push(s.kind);
        d.extend(name_bytes(i, s));
        record(0x0085, &d)
    };
    let mut head = bof(vers, 0x0005);
    head.extend_from_slice(globals);
    let bound_len: usize = sheets
        .iter()
        .enumerate()
        .map(|(i, s)| boundsheet(0, i, s).len())
        .sum();
    let mut pos = head.len() + bound_len + eof().len();
    let mut bounds = Vec::new();
    let mut bodies = Vec::new();
    for (i, s) in sheets.iter().enumerate() {
        bounds.extend(boundsheet(pos as u32, i, s));
        let dt = match s.kind {
            1 => 0x0040,
            2 => 0x0020,
            _ => 0x0010,
        };
        let mut sub = bof(vers, dt);
        sub.extend_from_slice(&s.body);
        sub.extend(eof());
        pos += sub.len();
        bodies.extend(sub);
    }
    let mut out = head;
    out.extend(bounds);
    out.extend(eof());
    out.extend(bodies);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sst_cuts_restart_with_an_option_byte() {
        let s = sst8(&[("abcdef", false)], 12);
        // SST: 8 count bytes, 3 header bytes, 1 char; CONTINUE: flag + 5 chars.
        assert_eq!(&s[0..2], &[0xFC, 0x00]);
        let cont = &s[4 + 12..];
        assert_eq!(&cont[0..2], &[0x3C, 0x00]);
        assert_eq!(cont[4], 0);
        assert_eq!(&cont[5..], b"bcdef");
    }

    #[test]
    fn boundsheets_point_at_their_bofs() {
        let wb = workbook(
            true,
            &codepage(1200),
            &[Sheet::new("A", number(0, 0, 0, 1.0))],
            None,
        );
        let pos = wb
            .windows(2)
            .position(|w| w == [0x85, 0x00])
            .map(|p| u32::from_le_bytes([wb[p + 4], wb[p + 5], wb[p + 6], wb[p + 7]]))
            .unwrap() as usize;
        assert_eq!(&wb[pos..pos + 2], &[0x09, 0x08]);
        assert_eq!(u16::from_le_bytes([wb[pos + 6], wb[pos + 7]]), 0x0010);
    }
}
