//! The records of a `BodyText/SectionN` stream (HWP 5.0 spec §4.3 "본문")
//! turned into text: paragraphs (PARA_HEADER, PARA_TEXT with its control
//! characters, §4.3.1–§4.3.2), their controls (CTRL_HEADER, §4.3.6 ff.)
//! matched in order to the extended control characters, and the lists
//! (LIST_HEADER + paragraphs) of tables, shapes, headers, footers, notes,
//! hidden comments and memos (MEMO_LIST). Tracked changes are shown as
//! accepted: the ranges a PARA_RANGE_TAG marks as deleted are left out.

use std::collections::HashMap;

use doc_model::{Part, PartKind};

use crate::Limits;
use crate::bytes::{hwp_string, u16_at, u32_at};
use crate::chars::push_char;
use crate::doc_info::{DocInfo, ParaShape, TrackChange};
use crate::error::{Warning, WarningKind};
use crate::numbering::{advance, expand_format, format_number};
use crate::record::{Records, body};

/// A control id as stored (the four characters byte-reversed in a `u32`).
pub const fn ctrl_id(s: &[u8; 4]) -> u32 {
    u32::from_be_bytes(*s)
}

const TABLE: u32 = ctrl_id(b"tbl ");
const SHAPE: u32 = ctrl_id(b"gso ");
const EQUATION: u32 = ctrl_id(b"eqed");
const SECTION_DEF: u32 = ctrl_id(b"secd");
const HEADER: u32 = ctrl_id(b"head");
const FOOTER: u32 = ctrl_id(b"foot");
const FOOTNOTE: u32 = ctrl_id(b"fn  ");
const ENDNOTE: u32 = ctrl_id(b"en  ");
const HIDDEN_COMMENT: u32 = ctrl_id(b"tcmt");
const AUTO_NUMBER: u32 = ctrl_id(b"atno");
const DUTMAL: u32 = ctrl_id(b"tdut");
const CHAR_OVERLAP: u32 = ctrl_id(b"tcps");

/// The stories other than the body, as their texts are met.
#[derive(Debug, Default, Clone)]
pub struct Stories {
    /// Header texts.
    pub headers: Vec<String>,
    /// Footer texts.
    pub footers: Vec<String>,
    /// Footnote texts (each with its number).
    pub footnotes: Vec<String>,
    /// Endnote texts (each with its number).
    pub endnotes: Vec<String>,
    /// Hidden comments (숨은 설명).
    pub comments: Vec<String>,
    /// Memos (메모), each its own Comment part.
    pub memos: Vec<Memo>,
    /// Text boxes and shape text.
    pub text_boxes: Vec<String>,
}

/// A memo (메모): its number or id, its author where stored, its text.
#[derive(Debug, Default, Clone)]
pub struct Memo {
    /// The memo's number (HWP 5 MEMO_LIST index, HWPX `Number` or `id`).
    pub name: Option<String>,
    /// The author, where the document stores one.
    pub author: Option<String>,
    /// The memo's paragraphs.
    pub text: String,
}

impl Stories {
    /// The parts in reading order: `body`, then one part per story kind
    /// (headers and footers repeated verbatim by later sections once).
    pub fn into_parts(self, body: String) -> Vec<Part> {
        let mut parts = vec![Part::new(PartKind::Body, body)];
        let push = |parts: &mut Vec<Part>, kind: PartKind, texts: Vec<String>, dedupe: bool| {
            let mut kept: Vec<String> = Vec::new();
            for t in texts {
                if !(dedupe && kept.contains(&t)) {
                    kept.push(t);
                }
            }
            if !kept.is_empty() {
                parts.push(Part::new(kind, kept.join("\n") + "\n"));
            }
        };
        push(&mut parts, PartKind::Header, self.headers, true);
        push(&mut parts, PartKind::Footer, self.footers, true);
        push(&mut parts, PartKind::Footnote, self.footnotes, false);
        push(&mut parts, PartKind::Endnote, self.endnotes, false);
        push(&mut parts, PartKind::Comment, self.comments, false);
        for m in self.memos {
            let mut part = Part::new(PartKind::Comment, m.text + "\n");
            part.name = m.name;
            if let Some(a) = m.author {
                part = part.with_attribute("author", a);
            }
            parts.push(part);
        }
        push(&mut parts, PartKind::TextBox, self.text_boxes, false);
        parts
    }
}

/// Paragraph number counters per NUMBERING id.
#[derive(Debug, Default, Clone)]
struct Counters {
    by_id: HashMap<u16, [u32; 10]>,
}

/// A note number's decoration from FOOTNOTE_SHAPE (§4.3.10.1).
#[derive(Debug, Clone, Copy, Default)]
struct NoteShape {
    shape: u32,
    prefix: Option<char>,
    suffix: Option<char>,
}

/// The output and time budget shared by the renderers (HWP 5 records,
/// HWPX/HWPML): output bytes, the deadline and the nesting depth.
#[derive(Debug, Clone, Default)]
pub struct Budget {
    /// Bytes of text produced so far (all stories).
    pub produced: usize,
    /// A limit was reached: nothing more is added.
    pub truncated: bool,
    depth_warned: bool,
}

impl Budget {
    /// Whether the output limit or the deadline has been reached (warned once).
    pub fn exhausted(&mut self, limits: &Limits, warnings: &mut Vec<Warning>) -> bool {
        if self.truncated {
            return true;
        }
        let late = doc_model::deadline_passed(limits.deadline);
        if self.produced > limits.max_output_bytes || late {
            self.truncated = true;
            warnings.push(Warning::new(
                WarningKind::Limit,
                if late {
                    "deadline reached; the rest of the document is left out".to_string()
                } else {
                    format!(
                        "the text exceeds {} bytes; the rest of the document is left out",
                        limits.max_output_bytes
                    )
                },
                None,
            ));
        }
        self.truncated
    }

    /// Whether lists at `depth` are nested too deep (warned once).
    pub fn too_deep(&mut self, depth: u32, limits: &Limits, warnings: &mut Vec<Warning>) -> bool {
        if depth <= limits.max_depth {
            return false;
        }
        if !self.depth_warned {
            self.depth_warned = true;
            warnings.push(Warning::new(
                WarningKind::Limit,
                format!(
                    "lists nested deeper than {} (tables in tables, shapes in shapes); the deeper ones are left out",
                    limits.max_depth
                ), None,
            ));
        }
        true
    }
}

/// Everything rendering needs across the sections of one document.
pub struct Renderer<'d> {
    info: &'d DocInfo,
    limits: &'d Limits,
    /// The stories met so far.
    pub stories: Stories,
    /// Defects met so far.
    pub warnings: Vec<Warning>,
    counters: Counters,
    outline_id: u16,
    notes: [NoteShape; 2],
    /// Output and time spent so far.
    pub budget: Budget,
    missing_ctrl: u64,
    track_warned: bool,
}

/// The kind of a list being rendered, for the note number decoration.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ListKind {
    Plain,
    Footnote,
    Endnote,
}

impl<'d> Renderer<'d> {
    /// A renderer over DocInfo `info` under `limits`.
    pub fn new(info: &'d DocInfo, limits: &'d Limits) -> Renderer<'d> {
        Renderer {
            info,
            limits,
            stories: Stories::default(),
            warnings: Vec::new(),
            counters: Counters::default(),
            outline_id: 1,
            notes: [NoteShape::default(); 2],
            budget: Budget::default(),
            missing_ctrl: 0,
            track_warned: false,
        }
    }

    /// Renders the top-level paragraphs of one section's records into `body`;
    /// the memos (MEMO_LIST + LIST_HEADER + paragraphs, after the last
    /// paragraph) go to [`Stories::memos`].
    pub fn section(&mut self, recs: &Records<'_>, body: &mut String) {
        let memos = memo_lists(recs);
        let in_memo: std::collections::HashSet<usize> =
            memos.iter().flat_map(|(_, p)| p.iter().copied()).collect();
        let top: Vec<usize> = {
            let mut v = Vec::new();
            let mut i = 0;
            let min_level = recs.list.iter().map(|r| r.level).min().unwrap_or(0);
            while i < recs.list.len() {
                if recs.list[i].tag == body::PARA_HEADER
                    && recs.list[i].level == min_level
                    && !in_memo.contains(&i)
                {
                    v.push(i);
                }
                i = recs.end.get(i).copied().unwrap_or(i + 1).max(i + 1);
            }
            v
        };
        let text = self.paragraphs(recs, &top, 0, ListKind::Plain);
        body.push_str(&text);
        for (m, paras) in memos {
            if self.over_budget() {
                break;
            }
            let text = self.paragraphs(recs, &paras, 1, ListKind::Plain);
            let text = text.trim_end();
            if text.is_empty() {
                continue;
            }
            let name = u32_at(recs.list[m].data, 0).map(|n| n.to_string());
            self.stories.memos.push(Memo {
                name,
                author: None,
                text: text.to_string(),
            });
        }
    }

    /// Warnings for what was counted rather than reported one by one.
    pub fn finish(&mut self) {
        if self.missing_ctrl > 0 {
            self.warnings.push(Warning::new(
                WarningKind::Control,
                format!(
                    "{} control character(s) without a matching CTRL_HEADER were skipped",
                    self.missing_ctrl
                ),
                None,
            ));
            self.missing_ctrl = 0;
        }
    }

    fn over_budget(&mut self) -> bool {
        self.budget.exhausted(self.limits, &mut self.warnings)
    }

    /// The paragraphs at `paras` (PARA_HEADER indices), one line each.
    fn paragraphs(
        &mut self,
        recs: &Records<'_>,
        paras: &[usize],
        depth: u32,
        kind: ListKind,
    ) -> String {
        let mut out = String::new();
        if self.budget.too_deep(depth, self.limits, &mut self.warnings) {
            return out;
        }
        // The previous paragraph's break was deleted (tracked): this one
        // continues its line.
        let mut joined = false;
        for &p in paras {
            if self.over_budget() {
                break;
            }
            let before = out.len();
            joined = self.paragraph(recs, p, depth, kind, joined, &mut out);
            self.budget.produced += out.len() - before;
        }
        if joined && !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        out
    }

    /// The number or bullet that precedes a paragraph of `shape_id`, if any.
    fn paragraph_head(&mut self, shape_id: u16) -> Option<String> {
        let shape: ParaShape = *self.info.para_shapes.get(usize::from(shape_id))?;
        match shape.head {
            ParaShape::BULLET => {
                let b = self
                    .info
                    .bullets
                    .get(usize::from(shape.numbering_id).checked_sub(1)?)?;
                Some(b.char.to_string())
            }
            ParaShape::NUMBER | ParaShape::OUTLINE => {
                let id = if shape.head == ParaShape::OUTLINE {
                    self.outline_id
                } else {
                    shape.numbering_id
                };
                let numbering = self.info.numberings.get(usize::from(id).checked_sub(1)?)?;
                let level = usize::from(shape.level).min(9);
                let counters = self.counters.by_id.entry(id).or_insert([0; 10]);
                let numbers = advance(counters, level, |k| {
                    numbering.starts.get(k).copied().unwrap_or(1).max(1)
                });
                let format = numbering.formats.get(level)?;
                let s = expand_format(format, &numbers, &numbering.shapes);
                (!s.is_empty()).then_some(s)
            }
            _ => None,
        }
    }

    /// Renders paragraph `p` into `out`, one line ended by `\n`, or left
    /// open when a tracked deletion takes its paragraph break (returns
    /// `true` then). A `joined` paragraph continues the previous line and
    /// has no number or bullet of its own.
    fn paragraph(
        &mut self,
        recs: &Records<'_>,
        p: usize,
        depth: u32,
        kind: ListKind,
        joined: bool,
        out: &mut String,
    ) -> bool {
        let header = recs.list[p].data;
        let mut text: &[u8] = &[];
        let mut ctrls: Vec<usize> = Vec::new();
        let mut tags: Vec<&[u8]> = Vec::new();
        for c in recs.children(p) {
            match recs.list[c].tag {
                body::PARA_TEXT => text = recs.list[c].data,
                body::CTRL_HEADER => ctrls.push(c),
                body::PARA_RANGE_TAG => tags.push(recs.list[c].data),
                _ => {}
            }
        }
        let mut line = String::new();
        if !joined && let Some(head) = u16_at(header, 8).and_then(|id| self.paragraph_head(id)) {
            line.push_str(&head);
            line.push(' ');
        }
        let head_len = line.len();
        let mut used = vec![false; ctrls.len()];
        let mut next_ctrl = 0usize;
        let mut block = false;
        let units: Vec<u16> = text
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        let deleted = self.deleted_ranges(&tags, units.len());
        let is_deleted = |i: usize| deleted.iter().any(|&(a, b)| a <= i && i < b);
        // The paragraph end (13, or the end of the text) inside a deletion:
        // the break is deleted and the next paragraph joins this line.
        let end_at = units.iter().position(|&u| u == 13).unwrap_or(units.len());
        let break_deleted = !deleted.is_empty() && is_deleted(end_at);
        let mut i = 0;
        while i < units.len() {
            let u = units[i];
            if is_deleted(i) && u != 13 {
                // Deleted text: characters are dropped; a control's
                // CTRL_HEADER is taken (so it is not read later) but not shown.
                let width = match u {
                    4..=9 | 19 | 20 => 8,
                    1..=3 | 11 | 12 | 14..=18 | 21..=23 => {
                        let id = match (units.get(i + 1), units.get(i + 2)) {
                            (Some(&lo), Some(&hi)) => u32::from(lo) | (u32::from(hi) << 16),
                            _ => 0,
                        };
                        if let Some(k) = (next_ctrl..ctrls.len())
                            .chain(0..next_ctrl)
                            .find(|&k| !used[k] && u32_at(recs.list[ctrls[k]].data, 0) == Some(id))
                        {
                            used[k] = true;
                            next_ctrl = k + 1;
                        }
                        8
                    }
                    _ => 1,
                };
                i += width;
                continue;
            }
            match u {
                13 => break,
                10 => line.push('\n'),
                9 => {
                    line.push('\t');
                    i += 8;
                    continue;
                }
                24 => line.push('-'),
                30 => line.push('\u{A0}'),
                31 => line.push(' '),
                0 | 25..=29 => {}
                4..=8 | 19 | 20 => {
                    i += 8;
                    continue;
                }
                1..=3 | 11 | 12 | 14..=18 | 21..=23 => {
                    let id = match (units.get(i + 1), units.get(i + 2)) {
                        (Some(&lo), Some(&hi)) => u32::from(lo) | (u32::from(hi) << 16),
                        _ => 0,
                    };
                    i += 8;
                    // The k-th extended control is the k-th CTRL_HEADER; a file
                    // that skipped one is resynchronised on the id.
                    let found = if ctrls
                        .get(next_ctrl)
                        .is_some_and(|&c| u32_at(recs.list[c].data, 0) == Some(id))
                    {
                        Some(next_ctrl)
                    } else {
                        (0..ctrls.len())
                            .find(|&k| !used[k] && u32_at(recs.list[ctrls[k]].data, 0) == Some(id))
                    };
                    match found {
                        Some(k) => {
                            used[k] = true;
                            next_ctrl = k + 1;
                            self.control(
                                recs, ctrls[k], id, depth, kind, &mut line, out, &mut block,
                            );
                        }
                        None => {
                            if u != 2 {
                                self.missing_ctrl += 1;
                            }
                        }
                    }
                    continue;
                }
                0xD800..=0xDBFF => {
                    let low = units.get(i + 1).copied().unwrap_or(0);
                    if (0xDC00..=0xDFFF).contains(&low) {
                        let c =
                            0x10000 + ((u32::from(u) - 0xD800) << 10) + (u32::from(low) - 0xDC00);
                        line.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
                        i += 2;
                        continue;
                    }
                    line.push('\u{FFFD}');
                }
                0xDC00..=0xDFFF => line.push('\u{FFFD}'),
                _ => push_char(
                    &mut line,
                    char::from_u32(u32::from(u)).unwrap_or('\u{FFFD}'),
                ),
            }
            i += 1;
        }
        // Controls without a character in the text (secd before any text,
        // or text lost to a short record) are still read for their lists.
        for (k, &c) in ctrls.iter().enumerate() {
            if !used[k] {
                let id = u32_at(recs.list[c].data, 0).unwrap_or(0);
                if matches!(
                    id,
                    HEADER | FOOTER | FOOTNOTE | ENDNOTE | HIDDEN_COMMENT | SECTION_DEF
                ) || (text.is_empty() && matches!(id, TABLE | SHAPE | EQUATION))
                {
                    self.control(recs, c, id, depth, kind, &mut line, out, &mut block);
                }
            }
        }
        end_line(&line, head_len, block, break_deleted, out)
    }

    /// The deleted ranges `[start, end)` of a paragraph of `len` text units
    /// from its PARA_RANGE_TAG records: triples (`u32` start, `u32` end,
    /// `u32` tag) whose tag's top byte is 0x11 and whose low 24 bits are
    /// the one-based index of a DocInfo TRACK_CHANGE that is a deletion.
    /// Other kinds (insertions, highlighting, …) are left alone. A range
    /// out of the text or overlapping another deletion is not applied
    /// (the text is kept), with one warning per document.
    fn deleted_ranges(&mut self, tags: &[&[u8]], len: usize) -> Vec<(usize, usize)> {
        let mut ranges: Vec<(usize, usize)> = Vec::new();
        let mut bad = false;
        for t in tags {
            for triple in t.chunks_exact(12) {
                let (Some(start), Some(end), Some(tag)) =
                    (u32_at(triple, 0), u32_at(triple, 4), u32_at(triple, 8))
                else {
                    continue;
                };
                if tag >> 24 != TrackChange::DELETE {
                    continue;
                }
                let index = (tag & 0xFF_FFFF) as usize;
                let is_delete = index
                    .checked_sub(1)
                    .and_then(|k| self.info.track_changes.get(k))
                    .is_some_and(|c| c.kind == TrackChange::DELETE);
                if !is_delete {
                    bad = true;
                    continue;
                }
                let (start, end) = (start as usize, end as usize);
                if start >= end || end > len {
                    bad = true;
                    continue;
                }
                ranges.push((start, end));
            }
        }
        ranges.sort_unstable();
        if ranges.windows(2).any(|w| w[1].0 < w[0].1) {
            bad = true;
            ranges.clear();
        }
        if bad && !self.track_warned {
            self.track_warned = true;
            self.warnings.push(Warning::new(
                WarningKind::TrackChange,
                "tracked-deletion range tags out of the paragraph, overlapping, or without a DocInfo deletion; their text is kept", None,
            ));
        }
        ranges
    }

    /// Renders control `c` (CTRL_HEADER index) with id `id`: inline text
    /// goes to `line`, blocks (tables, captions) end `line` into `out`, and
    /// other stories go to [`Stories`].
    #[allow(clippy::too_many_arguments)]
    fn control(
        &mut self,
        recs: &Records<'_>,
        c: usize,
        id: u32,
        depth: u32,
        kind: ListKind,
        line: &mut String,
        out: &mut String,
        block: &mut bool,
    ) {
        let data = recs.list[c].data;
        match id {
            TABLE => {
                let (before, table, after) = self.table(recs, c, depth + 1);
                flush(line, out);
                for t in [before, table, after] {
                    if !t.is_empty() {
                        out.push_str(&t);
                        if !t.ends_with('\n') {
                            out.push('\n');
                        }
                    }
                }
                *block = true;
            }
            SHAPE => {
                let mut captions = String::new();
                for ch in recs.children(c) {
                    match recs.list[ch].tag {
                        body::LIST_HEADER => {
                            let paras = list_paragraphs(recs, c, ch);
                            captions.push_str(&self.paragraphs(
                                recs,
                                &paras,
                                depth + 1,
                                ListKind::Plain,
                            ));
                        }
                        body::SHAPE_COMPONENT => self.shape(recs, ch, depth + 1),
                        _ => {}
                    }
                }
                if !captions.trim().is_empty() {
                    flush(line, out);
                    out.push_str(&captions);
                    *block = true;
                }
            }
            EQUATION => {
                if let Some(e) = recs
                    .children(c)
                    .find(|&ch| recs.list[ch].tag == body::EQEDIT)
                {
                    let mut at = 4;
                    if let Some(script) = hwp_string(recs.list[e].data, &mut at) {
                        line.push_str(&script.trim().replace("\r\n", "\n").replace('\r', "\n"));
                    }
                }
            }
            HEADER | FOOTER | FOOTNOTE | ENDNOTE | HIDDEN_COMMENT => {
                let list_kind = match id {
                    FOOTNOTE => ListKind::Footnote,
                    ENDNOTE => ListKind::Endnote,
                    _ => ListKind::Plain,
                };
                let mut text = String::new();
                for ch in recs.children(c) {
                    if recs.list[ch].tag == body::LIST_HEADER {
                        let paras = list_paragraphs(recs, c, ch);
                        text.push_str(&self.paragraphs(recs, &paras, depth + 1, list_kind));
                    }
                }
                let text = text.trim_end().to_string();
                if text.is_empty() {
                    return;
                }
                let story = match id {
                    HEADER => &mut self.stories.headers,
                    FOOTER => &mut self.stories.footers,
                    FOOTNOTE => &mut self.stories.footnotes,
                    ENDNOTE => &mut self.stories.endnotes,
                    _ => &mut self.stories.comments,
                };
                story.push(text);
            }
            SECTION_DEF => {
                if let Some(n) = u16_at(data, 18).filter(|&n| n > 0) {
                    self.outline_id = n;
                }
                let mut k = 0;
                for ch in recs.children(c) {
                    if recs.list[ch].tag == body::FOOTNOTE_SHAPE && k < 2 {
                        let d = recs.list[ch].data;
                        let ch16 = |at| {
                            u16_at(d, at)
                                .filter(|&u| u != 0)
                                .and_then(|u| char::from_u32(u32::from(u)))
                        };
                        self.notes[k] = NoteShape {
                            shape: u32_at(d, 0).unwrap_or(0) & 0xFF,
                            prefix: ch16(6),
                            suffix: ch16(8),
                        };
                        k += 1;
                    }
                }
            }
            AUTO_NUMBER => {
                // property (kind bits 0..3, shape bits 4..11), number, user,
                // prefix and suffix characters (§4.3.10.5).
                let prop = u32_at(data, 4).unwrap_or(0);
                let number = u32::from(u16_at(data, 8).unwrap_or(0));
                let what = prop & 0xF;
                if what == 0 {
                    return; // page numbers change from page to page
                }
                let ch16 = |at| {
                    u16_at(data, at)
                        .filter(|&u| u != 0)
                        .and_then(|u| char::from_u32(u32::from(u)))
                };
                let note = match (what, kind) {
                    (1, _) | (_, ListKind::Footnote) => Some(self.notes[0]),
                    (2, _) | (_, ListKind::Endnote) => Some(self.notes[1]),
                    _ => None,
                };
                let shape = note.map_or((prop >> 4) & 0xFF, |n| n.shape);
                let prefix = ch16(12).or(note.and_then(|n| n.prefix));
                let suffix = ch16(14).or(note.and_then(|n| n.suffix));
                line.extend(prefix);
                line.push_str(&format_number(shape, number));
                line.extend(suffix);
            }
            DUTMAL => {
                let mut at = 4;
                let main = hwp_string(data, &mut at).unwrap_or_default();
                let sub = hwp_string(data, &mut at).unwrap_or_default();
                line.push_str(&main);
                if !sub.is_empty() {
                    line.push('(');
                    line.push_str(&sub);
                    line.push(')');
                }
            }
            CHAR_OVERLAP => {
                let mut at = 4;
                if let Some(s) = hwp_string(data, &mut at) {
                    line.extend(s.chars().filter(|c| !c.is_control()));
                }
            }
            _ => {}
        }
    }

    /// A SHAPE_COMPONENT's text box (its LIST_HEADER and paragraphs) and
    /// the components grouped in it.
    fn shape(&mut self, recs: &Records<'_>, s: usize, depth: u32) {
        if depth > self.limits.max_depth {
            return;
        }
        for ch in recs.children(s) {
            match recs.list[ch].tag {
                body::LIST_HEADER => {
                    let paras = list_paragraphs(recs, s, ch);
                    let text = self.paragraphs(recs, &paras, depth + 1, ListKind::Plain);
                    let text = text.trim_end();
                    if !text.is_empty() {
                        self.stories.text_boxes.push(text.to_string());
                    }
                }
                body::SHAPE_COMPONENT => self.shape(recs, ch, depth + 1),
                _ => {}
            }
        }
    }

    /// A table control: (caption before, rows, caption after). Rows are
    /// lines, cells separated by TAB in column order; a cell's paragraphs
    /// are joined by spaces unless the cell holds a table of its own.
    fn table(&mut self, recs: &Records<'_>, c: usize, depth: u32) -> (String, String, String) {
        let (mut before, mut after) = (String::new(), String::new());
        let mut seen_table = false;
        let mut dims = (0u16, 0u16);
        let mut cells: Vec<(u16, u16, String)> = Vec::new();
        for ch in recs.children(c) {
            match recs.list[ch].tag {
                body::TABLE => {
                    seen_table = true;
                    let d = recs.list[ch].data;
                    dims = (u16_at(d, 4).unwrap_or(0), u16_at(d, 6).unwrap_or(0));
                }
                body::LIST_HEADER => {
                    let d = recs.list[ch].data;
                    let paras = list_paragraphs(recs, c, ch);
                    let text = self.paragraphs(recs, &paras, depth, ListKind::Plain);
                    if !seen_table {
                        // A caption: bits 0..1 of its property say where it sits.
                        let text = text.trim_end().to_string() + "\n";
                        let top = u32_at(d, 8).is_some_and(|p| p & 3 == 2);
                        if top {
                            before.push_str(&text);
                        } else {
                            after.push_str(&text);
                        }
                        continue;
                    }
                    let col = u16_at(d, 8).unwrap_or(u16::MAX);
                    let row = u16_at(d, 10).unwrap_or(u16::MAX);
                    let text = cell_text(&text);
                    cells.push((row, col, text));
                }
                _ => {}
            }
        }
        // Place cells by their addresses when they are consistent, else in file order.
        let addressed = cells
            .iter()
            .all(|(r, c, _)| *r < dims.0.max(1) && *c < dims.1.max(1));
        let mut rows: Vec<(u16, Vec<(u16, String)>)> = Vec::new();
        if addressed {
            let mut sorted: Vec<(u16, u16, String)> = cells;
            sorted.sort_by_key(|(r, c, _)| (*r, *c));
            for (r, c, t) in sorted {
                match rows.last_mut() {
                    Some((row, v)) if *row == r => v.push((c, t)),
                    _ => rows.push((r, vec![(c, t)])),
                }
            }
        } else {
            let per_row = usize::from(dims.1.max(1));
            for (k, (_, _, t)) in cells.into_iter().enumerate() {
                let r = (k / per_row) as u16;
                match rows.last_mut() {
                    Some((row, v)) if *row == r => v.push((0, t)),
                    _ => rows.push((r, vec![(0, t)])),
                }
            }
        }
        let mut table = String::new();
        for (_, row) in rows {
            let texts: Vec<String> = row.into_iter().map(|(_, t)| t).collect();
            if texts.iter().all(|t| t.trim().is_empty()) {
                continue;
            }
            table.push_str(&texts.join("\t"));
            table.push('\n');
        }
        (before, table, after)
    }
}

/// The memos of a section: each MEMO_LIST record (index) with the
/// paragraphs of the LIST_HEADER right after it (as many as it announces,
/// or all consecutive ones at the first paragraph's level).
fn memo_lists(recs: &Records<'_>) -> Vec<(usize, Vec<usize>)> {
    let mut out = Vec::new();
    for (m, r) in recs.list.iter().enumerate() {
        if r.tag != body::MEMO_LIST {
            continue;
        }
        let Some(list) = recs.list.get(m + 1).filter(|l| l.tag == body::LIST_HEADER) else {
            continue;
        };
        let announced = u32_at(list.data, 0)
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or(0);
        let mut paras = Vec::new();
        let mut i = m + 2;
        let level = recs.list.get(i).map(|p| p.level);
        while let Some(p) = recs.list.get(i) {
            if p.tag != body::PARA_HEADER || Some(p.level) != level {
                break;
            }
            paras.push(i);
            if announced > 0 && paras.len() >= announced {
                break;
            }
            i = recs.end.get(i).copied().unwrap_or(i + 1).max(i + 1);
        }
        out.push((m, paras));
    }
    out
}

/// A table cell's text as one field of its row: trailing blanks cut, and
/// its paragraphs joined by spaces unless it holds a nested table (tabs).
pub(crate) fn cell_text(text: &str) -> String {
    let text = text.trim_end();
    if text.contains('\t') {
        return text.to_string();
    }
    text.split('\n')
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Ends a paragraph's `line` (its head, `head_len` bytes, then its text)
/// into `out`: with a line break, or left open (returns `true`) when
/// `break_deleted` (a tracked deletion takes its break). After a `block`
/// (a table or shape captions written to `out` as lines of their own), a
/// line with nothing but its head adds nothing (returns `false`).
pub(crate) fn end_line(
    line: &str,
    head_len: usize,
    block: bool,
    break_deleted: bool,
    out: &mut String,
) -> bool {
    if block && line.len() == head_len && line.trim().is_empty() && !break_deleted {
        return false;
    }
    out.push_str(line);
    if !break_deleted {
        out.push('\n');
    }
    break_deleted
}
/// Ends the current line into `out` when it holds text.
pub fn flush(line: &mut String, out: &mut String) {
    if !line.trim().is_empty() {
        out.push_str(line.trim_end_matches(' '));
        out.push('\n');
    }
    line.clear();
}

/// The paragraphs of the list whose LIST_HEADER is child `list` of record
/// `parent`: the PARA_HEADER siblings that follow it, as many as it
/// announces (or all consecutive ones when the count is implausible).
fn list_paragraphs(recs: &Records<'_>, parent: usize, list: usize) -> Vec<usize> {
    let announced = usize::from(u16_at(recs.list[list].data, 0).unwrap_or(0));
    let mut paras = Vec::new();
    for ch in recs.children(parent).skip_while(|&k| k != list).skip(1) {
        if recs.list[ch].tag != body::PARA_HEADER {
            break;
        }
        paras.push(ch);
        if announced > 0 && paras.len() >= announced {
            break;
        }
    }
    paras
}
