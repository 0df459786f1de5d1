//! From pieces to story text: CP assembly (MS-DOC 2.4.1 "Retrieving Text"),
//! special characters (2.8.25), fields (2.8.25 field characters) and the
//! formatting rules that hide or transform text.

use encoding_rs::Encoding;

use crate::clx::Piece;
use crate::fkp::{NO_PAP, PAP_TTP, Runs, chp};
use crate::lst::Numbering;
use crate::{Limits, Warning, WarningKind};

/// One CP of the document: its character and the flags that govern its output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Unit {
    /// A UTF-16 code unit (Word 97) or a raw byte of the code page (Word 6/95).
    pub ch: u16,
    /// `chp::*` and `PAP_TTP` bits.
    pub flags: u8,
}

/// MS-DOC 2.4.1: compressed bytes are cp1252 except these, which keep their
/// byte value as the code point when not listed.
fn compressed_char(b: u8) -> u16 {
    match b {
        0x82 => 0x201A,
        0x83 => 0x0192,
        0x84 => 0x201E,
        0x85 => 0x2026,
        0x86 => 0x2020,
        0x87 => 0x2021,
        0x88 => 0x02C6,
        0x89 => 0x2030,
        0x8A => 0x0160,
        0x8B => 0x2039,
        0x8C => 0x0152,
        0x91 => 0x2018,
        0x92 => 0x2019,
        0x93 => 0x201C,
        0x94 => 0x201D,
        0x95 => 0x2022,
        0x96 => 0x2013,
        0x97 => 0x2014,
        0x98 => 0x02DC,
        0x99 => 0x2122,
        0x9A => 0x0161,
        0x9B => 0x203A,
        0x9C => 0x0153,
        0x9F => 0x0178,
        other => u16::from(other),
    }
}

/// Inputs of [`assemble`] besides the pieces.
pub(crate) struct Source<'a, 'r> {
    pub word_document: &'a [u8],
    pub legacy: bool,
    pub chpx: &'r mut Runs,
    pub papx: &'r mut Runs,
    /// Receives (CP, ObjectPool number) of OLE object anchors.
    pub objects: &'r mut Vec<(u32, u32)>,
    /// Receives (CP, `Data` stream offset of the PICF) of inline picture anchors.
    pub pictures: &'r mut Vec<(u32, u32)>,
    /// Receives (CP of the paragraph mark, ilfo, ilvl) of list paragraphs.
    pub list_marks: &'r mut Vec<(u32, u16, u8)>,
    /// Receives (CP, index of its paragraph properties in `papx`) of the
    /// paragraph, cell, row and section marks that have properties.
    pub para_marks: &'r mut Vec<(u32, u32)>,
}

/// Most marks [`Source::para_marks`] records (a document with more loses
/// its structure past them, not its text).
const MAX_PARA_MARKS: usize = 1 << 22;

/// The warning when [`Limits::deadline`] stops the assembly.
fn deadline_reached() -> Warning {
    Warning::new(WarningKind::Limit, "deadline (limit 0)", None)
}

/// Reads CPs `[0, total)` through the piece table. Missing characters (a
/// piece outside the stream, a gap in the table) become NUL units so that
/// story boundaries stay at their CPs; NUL is never emitted.
pub(crate) fn assemble(
    pieces: &[Piece],
    total: u32,
    src: Source<'_, '_>,
    limits: &Limits,
    warnings: &mut Vec<Warning>,
) -> Vec<Unit> {
    let mut total = total;
    if u64::from(total) > limits.max_chars {
        warnings.push(Warning::new(
            WarningKind::Limit,
            format!("characters (limit {})", limits.max_chars),
            None,
        ));
        total = u32::try_from(limits.max_chars).unwrap_or(u32::MAX);
    }
    // Every CP takes at least one byte of the stream: a larger count is damage,
    // and must not become a large allocation.
    let physical = u32::try_from(src.word_document.len()).unwrap_or(u32::MAX);
    if total > physical {
        warnings.push(Warning::new(
            WarningKind::Structure,
            format!("{total} characters announced, the WordDocument stream has {physical} bytes"),
            None,
        ));
        total = physical;
    }
    let covered = pieces.last().map_or(0, |p| p.cp_end);
    if covered < total {
        warnings.push(Warning::new(
            WarningKind::PieceTable,
            format!("covers {covered} of {total} characters"),
            None,
        ));
        total = covered;
    }
    let mut units: Vec<Unit> = Vec::with_capacity(total as usize);
    let nul = Unit { ch: 0, flags: 0 };
    let past_deadline = || doc_model::deadline_passed(limits.deadline);
    'pieces: for (index, piece) in pieces.iter().enumerate() {
        if piece.cp_start >= total {
            break;
        }
        if past_deadline() {
            warnings.push(deadline_reached());
            break;
        }
        let have = units.len() as u32;
        if piece.cp_start > have {
            units.resize(piece.cp_start as usize, nul);
        }
        // Overlap with already assembled CPs: skip the overlapping start.
        let first = have.saturating_sub(piece.cp_start);
        let end = piece.cp_end.min(total);
        let size = piece.char_size();
        let count = end.saturating_sub(piece.cp_start);
        let mut out_of_range = false;
        // Segments of CPs that share one CHPX run: the flags are looked up
        // once per segment, the characters copied in a tight loop.
        let mut i = first;
        let mut next_clock = first.saturating_add(1 << 16);
        while i < count {
            if i >= next_clock {
                next_clock = i.saturating_add(1 << 16);
                if past_deadline() {
                    warnings.push(deadline_reached());
                    break 'pieces;
                }
            }
            let fc64 = u64::from(piece.byte_offset) + u64::from(i) * u64::from(size);
            let fc = u32::try_from(fc64).unwrap_or(u32::MAX);
            let (flags, obj, run_end) = match src.chpx.find(fc) {
                Some(r) => (r.flags, r.obj, u64::from(r.end)),
                None => (0, 0, src.chpx.next_start(fc).map_or(u64::MAX, u64::from)),
            };
            // CPs of this piece before the run ends (at least one).
            let in_run = run_end
                .saturating_sub(fc64)
                .div_ceil(u64::from(size))
                .clamp(1, u64::from(count - i));
            let n = in_run as usize;
            let pos = usize::try_from(fc64).unwrap_or(usize::MAX);
            let want = n * size as usize;
            let bytes = src
                .word_document
                .get(pos..)
                .map_or(&[][..], |rest| &rest[..want.min(rest.len())]);
            let cp0 = units.len() as u32;
            if piece.is_8bit {
                if src.legacy {
                    units.extend(bytes.iter().map(|&b| Unit {
                        ch: u16::from(b),
                        flags,
                    }));
                } else {
                    units.extend(bytes.iter().map(|&b| Unit {
                        ch: compressed_char(b),
                        flags,
                    }));
                }
            } else {
                units.extend(bytes.chunks_exact(2).map(|c| Unit {
                    ch: u16::from_le_bytes([c[0], c[1]]),
                    flags,
                }));
            }
            let got = units.len() as u32 - cp0;
            if (got as usize) < n {
                out_of_range = true;
                units.resize(cp0 as usize + n, nul);
            }
            // Table cell marks and paragraph marks take paragraph
            // properties; an OLE anchor records its ObjectPool storage.
            for k in 0..got {
                let at = (cp0 + k) as usize;
                let ch = units[at].ch;
                // An inline picture: 0x01 with fSpec, its PICF at sprmCPicLocation.
                if ch == 0x01
                    && flags & (chp::SPEC | chp::OLE2 | chp::PIC_LOCATION)
                        == chp::SPEC | chp::PIC_LOCATION
                    && src.pictures.len() < 1 << 16
                {
                    src.pictures.push((at as u32, obj));
                }
                let mark = matches!(ch, 0x07 | 0x0D | 0x0C | 0x0E);
                if !mark && flags & chp::OLE2 == 0 {
                    continue;
                }
                let fc = fc.saturating_add(k * size);
                if mark
                    && let Some(run) = src.papx.find(fc)
                    && run.pap != NO_PAP
                    && src.para_marks.len() < MAX_PARA_MARKS
                {
                    src.para_marks.push((at as u32, run.pap));
                }
                // The field separator of an EMBED field (or the 0x01 anchor)
                // carries fOle2 and the ObjectPool storage number.
                if flags & chp::OLE2 != 0 && obj != 0 && src.objects.len() < 1 << 16 {
                    src.objects.push((at as u32, obj));
                }
                if ch == 0x07 {
                    units[at].flags |= src.papx.lookup(fc) & PAP_TTP;
                } else if ch == 0x0D
                    && let Some((ilfo, ilvl)) = src.papx.find(fc).and_then(|r| r.list)
                    && src.list_marks.len() < 1 << 20
                {
                    src.list_marks.push((at as u32, ilfo, ilvl));
                }
            }
            i += in_run as u32;
        }
        if out_of_range {
            warnings.push(Warning::new(
                WarningKind::PieceTable,
                format!(
                    "piece {index} (fc {:#x}) lies outside the WordDocument stream",
                    piece.fc
                ),
                Some(u64::from(piece.byte_offset)),
            ));
        }
    }
    units
}

/// Word 6/95 Far East "extended characters" (`fExtChar`): 16-bit units
/// that are not UTF-16. A unit whose high byte is a lead byte of the
/// document's double-byte code page is that code page's character
/// `[high, low]`; any other unit is the single byte in its low half (Word
/// leaves stray values in the high half: `Bug51944.doc` has a paragraph
/// mark stored as 0x350D and a right quote as 0x1092, which Word shows as
/// `\r` and `’`), read as MS-DOC's cp1252 like a compressed piece.
pub(crate) fn ext_chars(units: &mut [Unit], code_page: &'static Encoding) {
    let double_byte = [
        encoding_rs::SHIFT_JIS,
        encoding_rs::GBK,
        encoding_rs::BIG5,
        encoding_rs::EUC_KR,
    ]
    .contains(&code_page);
    for u in units {
        let [lo, hi] = u.ch.to_le_bytes();
        if double_byte && hi >= 0x81 {
            let pair = [hi, lo];
            let (text, had_errors) = code_page.decode_without_bom_handling(&pair);
            let mut chars = text.chars();
            u.ch = match (chars.next(), chars.next(), had_errors) {
                (Some(c), None, false) => u16::try_from(u32::from(c)).unwrap_or(0xFFFD),
                _ => 0xFFFD,
            };
        } else {
            u.ch = compressed_char(lo);
        }
    }
}

/// What [`render`] needs to number list paragraphs.
pub(crate) struct Lists<'a> {
    /// (CP of the paragraph mark, ilfo, ilvl), sorted by CP.
    pub marks: &'a [(u32, u16, u8)],
    /// CP of the first unit of the story.
    pub story_start: u32,
    pub numbering: &'a mut Numbering,
}

/// A list paragraph's label.
struct Label {
    /// The unit index of the paragraph start.
    at: usize,
    text: Vec<u16>,
    /// The list level (0-based).
    ilvl: u8,
    /// Numbered, not bulleted (`nfc` other than 23 bullet and 255 none).
    ordered: bool,
}

/// The labels of the list paragraphs of a story.
fn list_labels(units: &[Unit], lists: Lists<'_>) -> Vec<Label> {
    let mut labels = Vec::new();
    let mut para_start = 0usize;
    for (i, u) in units.iter().enumerate() {
        match u.ch {
            0x0D => {
                let cp = lists.story_start.saturating_add(i as u32);
                if let Ok(k) = lists.marks.binary_search_by_key(&cp, |m| m.0)
                    && let Some(&(_, ilfo, ilvl)) = lists.marks.get(k)
                    && u.flags & chp::DELETED == 0
                    && let Some(text) = lists.numbering.label(ilfo, ilvl)
                {
                    let nfc = lists.numbering.nfc(ilfo, ilvl).unwrap_or(0);
                    labels.push(Label {
                        at: para_start,
                        text,
                        ilvl,
                        ordered: !matches!(nfc, 23 | 255),
                    });
                }
                para_start = i + 1;
            }
            0x07 => para_start = i + 1,
            _ => {}
        }
    }
    labels
}

/// Renders the CPs of one story as text.
///
/// `encoding` is `Some` for Word 6/95 (units are bytes of that code page)
/// and `None` for Word 97 (units are UTF-16).
pub(crate) fn render(
    units: &[Unit],
    encoding: Option<&'static Encoding>,
    limits: &Limits,
    lists: Option<Lists<'_>>,
) -> String {
    decode(
        &render_units(units, encoding, limits, lists, None),
        encoding,
    )
}

/// What ends a [`Segment`] of the rendered text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mark {
    /// A paragraph mark (0x0D), or a section or column break (0x0C, 0x0E).
    Paragraph,
    /// A cell mark (0x07).
    Cell,
    /// A row end mark (0x07 with `fTtp`).
    Row,
    /// The end of the story, without a mark.
    End,
}

/// The text of one paragraph, cell end or row end as [`render_units`]
/// wrote it: `out[start..end]`, the mark's own output (a line end or a
/// tab) left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Segment {
    pub start: usize,
    pub end: usize,
    /// The unit index of the mark (the story's length for [`Mark::End`]).
    pub unit: usize,
    pub mark: Mark,
    /// A list label at the start: `out[start..label.0]`, the level and
    /// whether it is numbered.
    pub label: Option<(usize, u8, bool)>,
}

/// Renders the CPs of one story as units of text (UTF-16, or bytes of
/// `encoding`); with `segments`, records where each paragraph, cell and
/// row ends in them.
pub(crate) fn render_units(
    units: &[Unit],
    encoding: Option<&'static Encoding>,
    limits: &Limits,
    lists: Option<Lists<'_>>,
    mut segments: Option<&mut Vec<Segment>>,
) -> Vec<u16> {
    let labels = lists.map(|l| list_labels(units, l)).unwrap_or_default();
    let mut labels = labels.into_iter().peekable();
    // Where the next list label goes (`usize::MAX` when none is left).
    let mut next_label = labels.peek().map_or(usize::MAX, |l| l.at);
    let mut out: Vec<u16> = Vec::with_capacity(units.len());
    // Where the open segment starts, and the label written at its start.
    let mut seg_start = 0usize;
    let mut label: Option<(usize, usize, u8, bool)> = None;
    let mut close = |out: &Vec<u16>,
                     start: &mut usize,
                     label: &mut Option<(usize, usize, u8, bool)>,
                     end: usize,
                     unit: usize,
                     mark: Mark| {
        if let Some(segs) = segments.as_deref_mut() {
            let s = (*start).min(end);
            segs.push(Segment {
                start: s,
                end,
                unit,
                mark,
                label: label
                    .take()
                    .filter(|l| l.0 == s && l.1 <= end)
                    .map(|l| (l.1, l.2, l.3)),
            });
        }
        *label = None;
        *start = out.len();
    };
    // Open fields, innermost last.
    let mut fields: Vec<FieldState> = Vec::new();
    let mut in_code = 0usize;
    let mut overflow = 0usize;
    for (i, u) in units.iter().enumerate() {
        // The common case: a printable character without formatting flags,
        // outside field codes, where no label goes.
        if u.ch >= 0x20 && u.flags == 0 && in_code == 0 && overflow == 0 && i < next_label {
            out.push(u.ch);
            continue;
        }
        if i >= next_label {
            while let Some(l) = labels.next_if(|l| l.at <= i) {
                if in_code == 0 && overflow == 0 {
                    let at = out.len();
                    out.extend_from_slice(&l.text);
                    label = Some((label.map_or(at, |p| p.0), out.len(), l.ilvl, l.ordered));
                }
            }
            next_label = labels.peek().map_or(usize::MAX, |l| l.at);
        }
        match u.ch {
            0x13 => {
                if fields.len() < limits.max_field_depth {
                    fields.push(FieldState::default());
                    in_code += 1;
                } else {
                    overflow += 1;
                }
                continue;
            }
            0x14 => {
                if overflow == 0
                    && let Some(top) = fields.last_mut()
                    && !top.separated
                {
                    top.separated = true;
                    in_code -= 1;
                }
                continue;
            }
            0x15 => {
                if overflow > 0 {
                    overflow -= 1;
                } else if let Some(top) = fields.pop()
                    && !top.separated
                {
                    in_code -= 1;
                    // A field without a result: Word computes what an `EQ`
                    // field shows from its code (ruby, `\o\ad(\s\up 10(
                    // とうきょう),東京)`, shows 東京) and stores no result.
                    if in_code == 0
                        && let Some(text) = doc_model::eq_field_text(&decode(&top.code, encoding))
                    {
                        push_text(&mut out, &text, encoding);
                    }
                }
                continue;
            }
            _ => {}
        }
        if in_code > 0 || overflow > 0 || u.flags & chp::DELETED != 0 {
            // The code of the innermost field still in its code (results
            // of fields nested in it included), for `EQ`.
            if in_code > 0
                && overflow == 0
                && u.flags & chp::DELETED == 0
                && let Some(f) = fields.iter_mut().rev().find(|f| !f.separated)
                && f.code.len() < MAX_FIELD_CODE_UNITS
            {
                f.code.push(u.ch);
            }
            continue;
        }
        let structural = matches!(u.ch, 0x07 | 0x0B | 0x0C | 0x0D);
        if u.flags & chp::VANISH != 0 && !structural {
            continue;
        }
        match u.ch {
            0x0B => out.push(u16::from(b'\n')),
            0x0C..=0x0E => {
                let end = out.len();
                out.push(u16::from(b'\n'));
                close(&out, &mut seg_start, &mut label, end, i, Mark::Paragraph);
            }
            0x07 if u.flags & PAP_TTP != 0 => {
                if out.last() == Some(&u16::from(b'\t')) {
                    out.pop();
                }
                let end = out.len();
                out.push(u16::from(b'\n'));
                close(&out, &mut seg_start, &mut label, end, i, Mark::Row);
            }
            0x07 => {
                let end = out.len();
                out.push(u16::from(b'\t'));
                close(&out, &mut seg_start, &mut label, end, i, Mark::Cell);
            }
            0x09 => out.push(u16::from(b'\t')),
            0x1E => out.push(u16::from(b'-')),
            c if c < 0x20 => {}
            // A symbol-font character (sprmCSymbol): stored as `(`, drawn from
            // the symbol font; no Unicode equivalent is known here.
            0x28 if u.flags & chp::SYMBOL != 0 => {}
            c if u.flags & chp::CAPS != 0
                && encoding.is_none()
                && !(0xD800..0xE000).contains(&c) =>
            {
                match char::from_u32(u32::from(c)) {
                    Some(ch) => {
                        for up in ch.to_uppercase() {
                            let mut buf = [0u16; 2];
                            out.extend_from_slice(up.encode_utf16(&mut buf));
                        }
                    }
                    None => out.push(c),
                }
            }
            c => out.push(c),
        }
    }
    if seg_start < out.len() {
        let end = out.len();
        close(
            &out,
            &mut seg_start,
            &mut label,
            end,
            units.len(),
            Mark::End,
        );
    }
    out
}

/// Units of field code kept per field (codes are read only for `EQ`).
const MAX_FIELD_CODE_UNITS: usize = 4096;

/// A field being rendered.
#[derive(Default)]
struct FieldState {
    /// Past the separator (0x14): in the result.
    separated: bool,
    /// The field code's units.
    code: Vec<u16>,
}

/// Units as text: UTF-16 (Word 97), or bytes of `encoding` (Word 6/95).
pub(crate) fn decode(units: &[u16], encoding: Option<&'static Encoding>) -> String {
    match encoding {
        None => String::from_utf16_lossy(units),
        Some(enc) => {
            let bytes: Vec<u8> = units
                .iter()
                .map(|&u| u8::try_from(u).unwrap_or(b'?'))
                .collect();
            enc.decode_without_bom_handling(&bytes).0.into_owned()
        }
    }
}

/// Appends text as units of the output (UTF-16, or bytes of `encoding`).
fn push_text(out: &mut Vec<u16>, text: &str, encoding: Option<&'static Encoding>) {
    match encoding {
        None => out.extend(text.encode_utf16()),
        Some(enc) => out.extend(enc.encode(text).0.iter().map(|&b| u16::from(b))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(s: &[u16]) -> Vec<Unit> {
        s.iter().map(|&ch| Unit { ch, flags: 0 }).collect()
    }

    fn utf16(s: &str) -> Vec<u16> {
        s.encode_utf16().collect()
    }

    /// [`assemble`] of a Word 97 stream with no formatting, objects or
    /// pictures: the units and the warnings.
    fn assemble_alone(
        wd: &[u8],
        pieces: &[Piece],
        total: u32,
        limits: &Limits,
    ) -> (Vec<Unit>, Vec<Warning>) {
        let (mut c, mut p, mut o) = (Runs::default(), Runs::default(), Vec::new());
        let mut w = Vec::new();
        let src = Source {
            word_document: wd,
            legacy: false,
            chpx: &mut c,
            papx: &mut p,
            objects: &mut o,
            pictures: &mut Vec::new(),
            list_marks: &mut Vec::new(),
            para_marks: &mut Vec::new(),
        };
        let u = assemble(pieces, total, src, limits, &mut w);
        (u, w)
    }

    #[test]
    fn special_characters_map_as_specified() {
        let mut s = utf16("a\rb\x0bc\x0cd\u{1e}e\u{1f}f\u{a0}g\x01\x08h\x02");
        s.push(0x05);
        assert_eq!(
            render(&units(&s), None, &Limits::default(), None),
            "a\nb\nc\nd-ef\u{a0}gh"
        );
    }

    #[test]
    fn fields_keep_the_result_only_even_nested() {
        // {A {B|b} |x{C|c}y} z {D}: outer result "x" + inner result "c" + "y".
        let s = utf16(
            "\u{13}A \u{13}B\u{14}b\u{15} \u{14}x\u{13}C\u{14}c\u{15}y\u{15} z \u{13}D\u{15}.",
        );
        assert_eq!(
            render(&units(&s), None, &Limits::default(), None),
            "xcy z ."
        );
        // A field nested three deep in results.
        let deep = utf16("\u{13}1\u{14}<\u{13}2\u{14}(\u{13}3\u{14}x\u{15})\u{15}>\u{15}");
        assert_eq!(
            render(&units(&deep), None, &Limits::default(), None),
            "<(x)>"
        );
        // Unbalanced marks never panic.
        let odd = utf16("\u{15}\u{14}a\u{13}b");
        assert_eq!(render(&units(&odd), None, &Limits::default(), None), "a");
    }

    #[test]
    fn field_depth_is_capped() {
        let limits = Limits {
            max_field_depth: 2,
            ..Limits::default()
        };
        let s = utf16("\u{13}\u{14}\u{13}\u{14}\u{13}\u{14}x\u{15}\u{15}\u{15}y");
        assert_eq!(render(&units(&s), None, &limits, None), "y");
    }

    #[test]
    fn tables_deleted_hidden_caps_and_spec() {
        let mut u = units(&utf16("a\x07b\x07\x07c\rz"));
        u[4].flags = PAP_TTP;
        assert_eq!(render(&u, None, &Limits::default(), None), "a\tb\nc\nz");
        let mut u = units(&utf16("keep gone hid(sym)caps\r"));
        for x in &mut u[5..10] {
            x.flags = chp::DELETED;
        }
        for x in &mut u[10..13] {
            x.flags = chp::VANISH;
        }
        u[13].flags = chp::SYMBOL;
        for x in &mut u[18..22] {
            x.flags = chp::CAPS;
        }
        u[22].flags = chp::VANISH;
        assert_eq!(
            render(&u, None, &Limits::default(), None),
            "keep sym)CAPS\n"
        );
    }

    #[test]
    fn surrogate_pairs_survive_and_lone_halves_do_not_panic() {
        let s = utf16("x\u{1F600}y");
        assert_eq!(
            render(&units(&s), None, &Limits::default(), None),
            "x\u{1F600}y"
        );
        assert_eq!(
            render(&units(&[0xD83D, 0x41]), None, &Limits::default(), None),
            "\u{FFFD}A"
        );
    }

    #[test]
    fn extended_characters_take_the_low_byte_or_a_double_byte_character() {
        // 'x', a paragraph mark with a stray high byte, a right quote with
        // one, and Big5 中 (A4 A4) stored as the unit 0xA4A4.
        let mut u = units(&[0x0078, 0x350D, 0x1092, 0xA4A4]);
        ext_chars(&mut u, encoding_rs::BIG5);
        let ch: Vec<u16> = u.iter().map(|u| u.ch).collect();
        assert_eq!(ch, [0x78, 0x0D, 0x2019, 0x4E2D]);
        // An invalid pair becomes U+FFFD; a single-byte code page never
        // reads a high byte as a lead byte.
        let mut u = units(&[0x81FF, 0x4E2D]);
        ext_chars(&mut u, encoding_rs::BIG5);
        assert_eq!(u[0].ch, 0xFFFD);
        ext_chars(&mut u[1..], encoding_rs::WINDOWS_1252);
        assert_eq!(u[1].ch, 0x2D);
    }

    #[test]
    fn legacy_bytes_decode_with_the_code_page() {
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("日本\r");
        let u: Vec<Unit> = sjis
            .iter()
            .map(|&b| Unit {
                ch: u16::from(b),
                flags: 0,
            })
            .collect();
        assert_eq!(
            render(&u, Some(encoding_rs::SHIFT_JIS), &Limits::default(), None),
            "日本\n"
        );
    }

    #[test]
    fn compressed_mapping_has_the_spec_exceptions() {
        assert_eq!(compressed_char(0x93), 0x201C);
        assert_eq!(compressed_char(0x41), 0x41);
        assert_eq!(compressed_char(0x80), 0x80);
        assert_eq!(compressed_char(0xE9), 0xE9);
    }

    #[test]
    fn assembly_reads_mixed_pieces_and_marks_missing_ones() {
        let mut wd = vec![0u8; 64];
        wd[10..13].copy_from_slice(b"ab\x93");
        wd[20..24].copy_from_slice(&[0x3D, 0xD8, 0x00, 0xDE]);
        let pieces = [
            Piece {
                cp_start: 0,
                cp_end: 3,
                byte_offset: 10,
                is_8bit: true,
                fc: 0,
            },
            Piece {
                cp_start: 3,
                cp_end: 5,
                byte_offset: 20,
                is_8bit: false,
                fc: 20,
            },
            Piece {
                cp_start: 5,
                cp_end: 7,
                byte_offset: 63,
                is_8bit: false,
                fc: 63,
            },
        ];
        let (u, w) = assemble_alone(&wd, &pieces, 9, &Limits::default());
        let chars: Vec<u16> = u.iter().map(|x| x.ch).collect();
        assert_eq!(chars, vec![0x61, 0x62, 0x201C, 0xD83D, 0xDE00, 0, 0]);
        assert_eq!(
            w,
            [
                Warning::new(WarningKind::PieceTable, "covers 7 of 9 characters", None),
                Warning::new(
                    WarningKind::PieceTable,
                    "piece 2 (fc 0x3f) lies outside the WordDocument stream",
                    Some(63)
                ),
            ]
        );
        assert_eq!(
            w[1].to_string(),
            "piece table: piece 2 (fc 0x3f) lies outside the WordDocument stream at offset 63"
        );
        assert_eq!(
            render(&u, None, &Limits::default(), None),
            "ab\u{201C}\u{1F600}"
        );
    }

    #[test]
    fn assembly_stops_at_the_deadline_with_a_warning() {
        let wd = vec![b'a'; 64];
        let pieces = [Piece {
            cp_start: 0,
            cp_end: 8,
            byte_offset: 0,
            is_8bit: true,
            fc: 0,
        }];
        let limits = Limits {
            deadline: Some(std::time::Instant::now()),
            ..Limits::default()
        };
        let (u, w) = assemble_alone(&wd, &pieces, 8, &limits);
        assert!(u.is_empty());
        assert_eq!(
            w,
            [Warning::new(WarningKind::Limit, "deadline (limit 0)", None)]
        );
        assert_eq!(w[0].to_string(), "limit reached: deadline (limit 0)");
    }
}
