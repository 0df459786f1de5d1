//! HWP 3.0 files (Hancom "한글 3.0 문서 파일 구조"): the 30-byte signature,
//! the 128-byte document information (password and compression flags),
//! the 1008-byte summary (nine strings of 56 hchars), the information
//! block, then — raw-deflated when compressed — the font names, the styles
//! and the paragraph list. Text is in hchar, Hancom's 16-bit code: Johab
//! Hangul (bit 15 set), KS X 1001 symbols from 0x3400, the 4888 KS X 1001
//! Hanja from 0x4000; codes below 32 are control characters, most with a
//! payload (a tab takes four hchars; tables, text boxes, pictures, headers,
//! footers, footnotes and hidden comments carry paragraph lists of their own).

use doc_model::Metadata;

use crate::bytes::{u16_at, u32_at};
use crate::chars::push_char;
use crate::data::hchar as table;
use crate::error::{Error, Warning, WarningKind};
use crate::section::{Stories, cell_text, flush};
use crate::{HwpDetails, HwpDocument, HwpKind, Limits, Options};

/// Length of the signature (`HWP Document File V3.00 \x1A\x01\x02\x03\x04\x05`).
const SIGNATURE_LEN: usize = 30;
/// Document information.
const INFO_LEN: usize = 128;
/// Summary: nine strings of 56 hchars.
const SUMMARY_LEN: usize = 9 * 112;
/// A character shape (CharShape).
const CHAR_SHAPE_LEN: usize = 31;
/// A paragraph shape (ParaShape).
const PARA_SHAPE_LEN: usize = 187;
/// One line's information (LineInfo).
const LINE_INFO_LEN: usize = 14;
/// A table or text box cell (Cell).
const CELL_LEN: usize = 27;

/// Reads an HWP 3.0 file.
pub fn read(data: &[u8], options: &Options) -> Result<HwpDocument, Error> {
    let limits = &options.limits;
    let mut warnings = Vec::new();
    let info = data
        .get(SIGNATURE_LEN..SIGNATURE_LEN + INFO_LEN)
        .ok_or(Error::Truncated {
            what: "HWP 3.0 document information",
            offset: SIGNATURE_LEN as u64,
        })?;
    let summary_at = SIGNATURE_LEN + INFO_LEN;
    let summary = data
        .get(summary_at..summary_at + SUMMARY_LEN)
        .ok_or(Error::Truncated {
            what: "HWP 3.0 summary",
            offset: summary_at as u64,
        })?;
    let metadata = summary_metadata(summary);
    if u16_at(info, 96).unwrap_or(0) != 0 {
        return Err(Error::Encrypted {
            scheme: "HWP 3.0 password",
            metadata: Box::new(metadata),
        });
    }
    let compressed = info.get(124).copied().unwrap_or(0) != 0;
    let block_len = usize::from(u16_at(info, 126).unwrap_or(0));
    let body_at = summary_at + SUMMARY_LEN + block_len;
    let rest = data.get(body_at..).unwrap_or_default();
    if rest.is_empty() {
        warnings.push(Warning::new(
            WarningKind::Hwp3,
            "the file ends before the font table",
            Some(body_at as u64),
        ));
    }
    let body = crate::hwp5::unpack(
        rest,
        compressed,
        "HWP 3.0 body",
        limits.max_stream_bytes,
        &mut warnings,
    );
    let mut r = Reader {
        data: &body,
        at: 0,
        limits,
        warnings: Vec::new(),
        stories: Stories::default(),
        unmapped: 0,
        produced: 0,
        stopped: false,
    };
    let mut text = String::new();
    if r.skip_fonts_and_styles() {
        text = r.paragraph_list(0);
    }
    if r.unmapped > 0 {
        r.warnings.push(Warning::new(
            WarningKind::Character,
            format!(
                "{} hchar code(s) have no Unicode equivalent and became U+FFFD",
                r.unmapped
            ),
            None,
        ));
    }
    warnings.append(&mut r.warnings);
    let version = String::from_utf8_lossy(data.get(19..23).unwrap_or_default()).into_owned();
    Ok(crate::document(
        HwpDetails {
            kind: HwpKind::Hwp3,
            version,
            flags: if compressed {
                vec!["compressed".to_string()]
            } else {
                Vec::new()
            },
        },
        r.stories.into_parts(text),
        metadata,
        Vec::new(),
        warnings,
    ))
}

/// Title, subject, author, date and keywords of the summary.
fn summary_metadata(summary: &[u8]) -> Metadata {
    let field = |k: usize| -> Option<String> {
        let bytes = summary.get(k * 112..(k + 1) * 112)?;
        let mut s = String::new();
        let mut unmapped = 0;
        for c in bytes.chunks_exact(2) {
            let h = u16::from_le_bytes([c[0], c[1]]);
            if h == 0 {
                break;
            }
            if h < 32 {
                continue;
            }
            push_hchar(&mut s, h, &mut unmapped);
        }
        Some(s.trim().to_string()).filter(|s| !s.is_empty())
    };
    let mut m = Metadata::default();
    m.title = field(0);
    m.subject = field(1);
    m.author = field(2);
    m.created = field(3);
    m.keywords = match (field(4), field(5)) {
        (Some(a), Some(b)) => Some(format!("{a} {b}")),
        (a, b) => a.or(b),
    };
    m
}

/// Johab medial field values (3..=29) of the 21 modern vowels, in order.
const MEDIALS: [u16; 21] = [
    3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22, 23, 26, 27, 28, 29,
];

/// The modern jamo indices of Johab fields: (initial 0..19, medial 0..21,
/// final 0..28 with 0 = none), or `None` for a fill or old-Hangul value.
fn johab_indices(i: u16, m: u16, f: u16) -> (Option<u16>, Option<u16>, Option<u16>) {
    let l = i.checked_sub(2).filter(|&v| v < 19);
    let v = MEDIALS.iter().position(|&x| x == m).map(|p| p as u16);
    let t = match f {
        1 => Some(0),
        2..=17 => Some(f - 1),
        19..=29 => Some(f - 2),
        _ => None,
    };
    (l, v, t)
}

/// Appends the Unicode of hchar `h` (>= 32); `unmapped` counts codes with none.
pub fn push_hchar(out: &mut String, h: u16, unmapped: &mut u64) {
    let mut push_u = |out: &mut String, u: u32| match char::from_u32(u).filter(|_| u != 0) {
        Some(c) => push_char(out, c),
        None => {
            out.push('\u{FFFD}');
            *unmapped += 1;
        }
    };
    match h {
        0x20..=0x7F => out.push(char::from(h as u8)),
        0x81 | 0x82 => out.push('"'),
        0x83 | 0x84 => out.push('\''),
        0x8000..=0xFFFF => {
            let (i, m, f) = ((h >> 10) & 0x1F, (h >> 5) & 0x1F, h & 0x1F);
            let (l, v, t) = johab_indices(i, m, f);
            match (l, v, t) {
                (Some(l), Some(v), Some(t)) => {
                    push_u(
                        out,
                        0xAC00 + (u32::from(l) * 21 + u32::from(v)) * 28 + u32::from(t),
                    );
                }
                _ if m == 2 && f == 1 => {
                    push_u(out, u32::from(table::JOHAB_INITIAL[usize::from(i)]))
                }
                _ if i == 1 && f == 1 => {
                    push_u(out, u32::from(table::JOHAB_MEDIAL[usize::from(m)]))
                }
                _ if i == 1 && m == 2 => push_u(out, u32::from(table::JOHAB_FINAL[usize::from(f)])),
                _ => {
                    // A syllable Unicode has no precomposed form: conjoining jamo.
                    let lead = match l {
                        Some(l) => 0x1100 + u32::from(l),
                        None if i == 1 => 0x115F,
                        None => 0,
                    };
                    let vowel = match v {
                        Some(v) => 0x1161 + u32::from(v),
                        None if m == 2 => 0x1160,
                        None => 0,
                    };
                    let tail = match t {
                        Some(0) => None,
                        Some(t) => Some(0x11A7 + u32::from(t)),
                        None => Some(0),
                    };
                    if lead == 0 || vowel == 0 || tail == Some(0) {
                        push_u(out, 0);
                    } else {
                        push_u(out, lead);
                        push_u(out, vowel);
                        if let Some(t) = tail {
                            push_u(out, t);
                        }
                    }
                }
            }
        }
        0x4000..=0x7FFF => {
            // The Hanja in code order: rows of 94 cells from row 42.
            let i = h - 0x4000;
            push_u(out, ks_cell(42 + i / 94, 1 + i % 94));
        }
        0x3400..=0x37BF => {
            // Rows of 0x60 cells: KS X 1001 rows 1..9, then row 12 (Cyrillic).
            let k = h - 0x3400;
            let (row, cell) = (k / 0x60, k % 0x60);
            let row = if row == 9 { 12 } else { row + 1 };
            push_u(out, ks_cell(row, cell));
        }
        0x37C0..=0x37C5 => {
            // The Hancom logo characters 한 글 과 컴 퓨 터.
            let logo = ['한', '글', '과', '컴', '퓨', '터'];
            out.push(logo[usize::from(h - 0x37C0)]);
        }
        0x1F00..=0x1FBF => {
            // Japanese kana: hiragana (KS row 10) then katakana (row 11).
            let lo = h & 0xFF;
            let (row, cell) = if lo >= 0x60 {
                (11, lo - 0x60)
            } else {
                (10, lo)
            };
            push_u(out, ks_cell(row, cell));
        }
        0x2F00..=0x2F6F if h & 0x0F < 9 => {
            // Bullets: seven shapes, each filled (low nibble 6..8) or not.
            let base: [(u16, u16); 7] = [
                (1, 0x40),
                (1, 0x3B),
                (1, 0x3E),
                (1, 0x42),
                (1, 0x44),
                (2, 0x17),
                (2, 0x19),
            ];
            let (row, cell) = base[usize::from((h - 0x2F00) >> 4).min(6)];
            let cell = cell + u16::from(h & 0x0F >= 6);
            push_u(out, ks_cell(row, cell));
        }
        _ => push_u(out, 0),
    }
}

/// KS X 1001 row `row` (1-based) cell `cell` (1..=94) from the generated
/// rows 1..12 and 42..93; 0 for any other.
fn ks_cell(row: u16, cell: u16) -> u32 {
    let first = match row {
        1..=12 => row - 1,
        42..=93 => row - 42 + 12,
        _ => return 0,
    };
    if !(1..=94).contains(&cell) {
        return 0;
    }
    let index = usize::from(first) * 94 + usize::from(cell - 1);
    u32::from(table::KS_ROWS.get(index).copied().unwrap_or(0))
}

/// The body after the summary: fonts, styles, paragraph lists.
struct Reader<'a> {
    data: &'a [u8],
    at: usize,
    limits: &'a Limits,
    warnings: Vec<Warning>,
    stories: Stories,
    unmapped: u64,
    produced: usize,
    stopped: bool,
}

impl Reader<'_> {
    fn u8(&mut self) -> Option<u8> {
        let b = *self.data.get(self.at)?;
        self.at += 1;
        Some(b)
    }

    fn u16(&mut self) -> Option<u16> {
        let v = u16_at(self.data, self.at)?;
        self.at += 2;
        Some(v)
    }

    fn bytes(&mut self, n: usize) -> Option<&[u8]> {
        let end = self.at.checked_add(n)?;
        let s = self.data.get(self.at..end)?;
        self.at = end;
        Some(s)
    }

    fn truncated(&mut self, what: &str) {
        if !self.stopped {
            self.warnings.push(Warning::new(
                WarningKind::Hwp3,
                format!("{what} is cut short; the text read so far is kept"),
                Some(self.at as u64),
            ));
        }
        self.stopped = true;
    }

    /// The seven font-name tables (count + 40-byte names) and the styles
    /// (count + 20-byte name, character shape, paragraph shape).
    fn skip_fonts_and_styles(&mut self) -> bool {
        for _ in 0..7 {
            let Some(n) = self.u16() else {
                self.truncated("the font table");
                return false;
            };
            if self.bytes(usize::from(n) * 40).is_none() {
                self.truncated("the font table");
                return false;
            }
        }
        let Some(n) = self.u16() else {
            self.truncated("the style table");
            return false;
        };
        if self
            .bytes(usize::from(n) * (20 + CHAR_SHAPE_LEN + PARA_SHAPE_LEN))
            .is_none()
        {
            self.truncated("the style table");
            return false;
        }
        true
    }

    /// A paragraph list: paragraphs until one with no characters.
    fn paragraph_list(&mut self, depth: u32) -> String {
        let mut out = String::new();
        if depth > self.limits.max_depth {
            self.warnings.push(Warning::new(
                WarningKind::Limit,
                format!(
                    "paragraph lists nested deeper than {}; reading stops",
                    self.limits.max_depth
                ),
                None,
            ));
            self.stopped = true;
            return out;
        }
        while !self.stopped {
            if self.produced > self.limits.max_output_bytes
                || doc_model::deadline_passed(self.limits.deadline)
            {
                self.warnings.push(Warning::new(
                    WarningKind::Limit,
                    "the output limit or the deadline was reached; the rest is left out",
                    None,
                ));
                self.stopped = true;
                break;
            }
            let before = out.len();
            match self.paragraph(depth, &mut out) {
                Some(true) => {}
                Some(false) => break,
                None => {
                    self.truncated("a paragraph");
                    break;
                }
            }
            self.produced += out.len() - before;
        }
        out
    }

    /// One paragraph; `Some(false)` at the empty paragraph that ends a list.
    fn paragraph(&mut self, depth: u32, out: &mut String) -> Option<bool> {
        let reuse_shape = self.u8()?;
        let nch = self.u16()?;
        let nline = self.u16()?;
        let contain_cshape = self.u8()?;
        self.bytes(1 + 4 + 1 + CHAR_SHAPE_LEN)?;
        if nch != 0 && reuse_shape == 0 {
            self.bytes(PARA_SHAPE_LEN)?;
        }
        self.bytes(usize::from(nline) * LINE_INFO_LEN)?;
        if nch == 0 {
            return Some(false);
        }
        if contain_cshape != 0 {
            for _ in 0..nch {
                if self.u8()? == 0 {
                    self.bytes(CHAR_SHAPE_LEN)?;
                }
            }
        }
        let mut line = String::new();
        let mut block = false;
        loop {
            let h = self.u16()?;
            if h >= 32 {
                push_hchar(&mut line, h, &mut self.unmapped);
                continue;
            }
            match h {
                13 => break,
                9 => {
                    self.bytes(6)?;
                    line.push('\t');
                }
                30 => {
                    self.bytes(2)?;
                    line.push('\u{A0}');
                }
                31 => {
                    self.bytes(2)?;
                    line.push(' ');
                }
                24 => {
                    self.bytes(4)?;
                    line.push('-');
                }
                1..=4 | 12 | 27 | 29 => {
                    let len = u32_at(self.data, self.at)? as usize;
                    self.bytes(6)?;
                    self.bytes(len)?;
                }
                5 => {
                    // size, code again, 46 bytes of which the last 16 are
                    // the lengths of three strings and a binary block, then those.
                    let lens_at = self.at.checked_add(36)?;
                    let mut lens = 0usize;
                    for k in 0..4 {
                        lens = lens.checked_add(u32_at(self.data, lens_at + 4 * k)? as usize)?;
                    }
                    self.bytes(6 + 46)?;
                    self.bytes(lens)?;
                }
                6 => {
                    self.bytes(6 + 34)?;
                }
                7 => {
                    self.bytes(82)?;
                }
                8 => {
                    self.bytes(94)?;
                }
                10 => self.text_box(depth, &mut line, out, &mut block)?,
                11 => {
                    let head = self.bytes(354)?;
                    let follow = u32_at(head, 4)? as usize;
                    self.bytes(follow)?;
                    let caption = self.paragraph_list(depth + 1);
                    if !caption.trim().is_empty() {
                        flush(&mut line, out);
                        out.push_str(&caption);
                        block = true;
                    }
                }
                14 => {
                    self.bytes(90)?;
                }
                15 => {
                    self.bytes(14)?;
                    let t = self.paragraph_list(depth + 1);
                    push_story(&mut self.stories.comments, t);
                }
                16 => {
                    let head = self.bytes(16)?;
                    let footer = head.get(14).copied().unwrap_or(0) == 1;
                    let t = self.paragraph_list(depth + 1);
                    if footer {
                        push_story(&mut self.stories.footers, t);
                    } else {
                        push_story(&mut self.stories.headers, t);
                    }
                }
                17 => {
                    let head = self.bytes(20)?;
                    let number = u16_at(head, 14).unwrap_or(0);
                    let endnote = u16_at(head, 16).unwrap_or(0) == 1;
                    let t = self.paragraph_list(depth + 1);
                    let t = format!("{number}) {}", t.trim_start());
                    if endnote {
                        push_story(&mut self.stories.endnotes, t);
                    } else {
                        push_story(&mut self.stories.footnotes, t);
                    }
                }
                18 => {
                    let p = self.bytes(6)?;
                    let kind = u16_at(p, 0).unwrap_or(0);
                    if kind != 0 {
                        line.push_str(&u16_at(p, 2).unwrap_or(0).to_string());
                    }
                }
                19..=21 | 25 => {
                    self.bytes(if h == 25 { 4 } else { 6 })?;
                }
                22 => {
                    self.bytes(22)?;
                }
                23 => {
                    let p = self.bytes(8)?.to_vec();
                    for k in 0..3 {
                        let c = u16_at(&p, 2 * k).unwrap_or(0);
                        if c >= 32 {
                            push_hchar(&mut line, c, &mut self.unmapped);
                        }
                    }
                }
                26 => {
                    self.bytes(244)?;
                }
                28 => {
                    self.bytes(62)?;
                }
                _ => {
                    // 0 and anything unknown: the paragraph cannot be followed.
                    self.warnings.push(Warning::new(
                        WarningKind::Hwp3,
                        format!("unknown control character {h}; the rest of the list is skipped"),
                        Some(self.at as u64),
                    ));
                    self.stopped = true;
                    break;
                }
            }
        }
        if !(block && line.trim().is_empty()) {
            out.push_str(&line);
            out.push('\n');
        }
        Some(true)
    }

    /// A table, text box, equation or button (control 10).
    fn text_box(
        &mut self,
        depth: u32,
        line: &mut String,
        out: &mut String,
        block: &mut bool,
    ) -> Option<()> {
        let head = self.bytes(90)?;
        let kind = u16_at(head, 84)?;
        let ncell = usize::from(u16_at(head, 86)?);
        let cells_bytes = self.bytes(ncell.checked_mul(CELL_LEN)?)?;
        let positions: Vec<(u16, u16)> = cells_bytes
            .chunks_exact(CELL_LEN)
            .map(|c| (u16_at(c, 6).unwrap_or(0), u16_at(c, 4).unwrap_or(0)))
            .collect();
        let mut texts = Vec::with_capacity(ncell.min(4096));
        for _ in 0..ncell {
            if self.stopped {
                return None;
            }
            texts.push(self.paragraph_list(depth + 1));
        }
        let caption = self.paragraph_list(depth + 1);
        match kind {
            0 => {
                // A table: cells by their (y, x) position.
                let mut cells: Vec<((u16, u16), String)> =
                    positions.into_iter().zip(texts).collect();
                cells.sort_by_key(|c| c.0);
                let mut rows = String::new();
                let mut current: Option<u16> = None;
                let mut row: Vec<String> = Vec::new();
                for ((y, _), t) in cells {
                    if current.is_some_and(|c| c != y) {
                        if row.iter().any(|t| !t.trim().is_empty()) {
                            rows.push_str(&row.join("\t"));
                            rows.push('\n');
                        }
                        row.clear();
                    }
                    current = Some(y);
                    let t = cell_text(&t);
                    row.push(t);
                }
                if row.iter().any(|t| !t.trim().is_empty()) {
                    rows.push_str(&row.join("\t"));
                    rows.push('\n');
                }
                flush(line, out);
                out.push_str(&rows);
                if !caption.trim().is_empty() {
                    out.push_str(&caption);
                }
                *block = true;
            }
            2 => {
                // An equation: its script is the cell's text.
                let script: Vec<String> = texts.iter().map(|t| t.trim().to_string()).collect();
                line.push_str(&script.join(" "));
            }
            _ => {
                let t: Vec<String> = texts
                    .iter()
                    .map(|t| t.trim_end().to_string())
                    .filter(|t| !t.trim().is_empty())
                    .collect();
                if !t.is_empty() {
                    self.stories.text_boxes.push(t.join("\n"));
                }
                if !caption.trim().is_empty() {
                    flush(line, out);
                    out.push_str(&caption);
                    *block = true;
                }
            }
        }
        Some(())
    }
}

fn push_story(story: &mut Vec<String>, text: String) {
    let t = text.trim_end();
    if !t.trim().is_empty() {
        story.push(t.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(codes: &[u16]) -> String {
        let mut s = String::new();
        let mut n = 0;
        for &c in codes {
            push_hchar(&mut s, c, &mut n);
        }
        s
    }

    #[test]
    fn johab_hangul_jamo_hanja_symbols() {
        // 한 = 0xD065, 글 = 0x8B69 (Johab), ㄱ alone = 0x8841, ㅏ alone = 0x8461.
        assert_eq!(decode(&[0xD065, 0x8B69]), "한글");
        assert_eq!(decode(&[0x8841, 0x8461]), "ㄱㅏ");
        // The first KS X 1001 Hanja (伽, U+4F3D) and the last (詰, U+8A70).
        assert_eq!(decode(&[0x4000, 0x4000 + 4887]), "伽詰");
        // KS X 1001 row 1 cell 1 (ideographic space) and row 2 cell 1 (⇒).
        assert_eq!(decode(&[0x3401, 0x3461]), "\u{3000}\u{21D2}");
        assert_eq!(decode(&[0x41, 0x37C0]), "A한");
        // Hiragana あ (row 10 cell 2) and katakana ア (row 11 cell 2).
        assert_eq!(decode(&[0x1F02, 0x1F62]), "\u{3042}\u{30A2}");
        let mut n = 0;
        let mut s = String::new();
        push_hchar(&mut s, 0x4000 + 5000, &mut n);
        assert_eq!((s.as_str(), n), ("\u{FFFD}", 1));
    }
}
