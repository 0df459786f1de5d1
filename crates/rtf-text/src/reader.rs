//! The interpreter: groups and their state (destination, font, `\ucN`,
//! hidden and deleted text), text decoded as Word decodes it, the
//! destinations that hold stories (notes, headers, footers, comments, text
//! boxes), `\info` metadata, fields, pictures and objects (RTF 1.9.1).
//! What it reads goes to the output end (`output.rs`) with the paragraph
//! properties that say what it is (`style.rs`, `table.rs`).

use std::collections::HashMap;
use std::time::Instant;

use doc_model::{Block, EmbeddedFile, Metadata, OutputLimits, Part, PartKind};
use encoding_rs::{Encoding, WINDOWS_1252};

use crate::error::{Warning, WarningKind};
use crate::output::{Output, Role};
use crate::style::{Para, Styles};
use crate::table::RowDef;
use crate::token::{Token, Tokens};
use crate::{Limits, RtfDocument};
use embedded::push_hex;

mod control;
mod embedded;
mod info;
mod structure;

use control::known_destination;

/// The "story" of field instructions: read, never output.
const INSTRUCTION: usize = usize::MAX;

/// Deepest table nesting whose row definitions are kept.
const MAX_ROW_DEFS: usize = 64;

/// Where a group's text goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dest {
    /// Into the story with this index.
    Story(usize),
    /// Nowhere (an ignorable or non-text destination).
    Skip,
    /// A field instruction (`\fldinst`), read for `HYPERLINK` and `EQ`.
    Instruction,
    /// The `\stylesheet`: paragraph styles' numbers, bases, outline levels, names.
    StyleSheet,
    /// The `\listtable`: each list's levels' number formats.
    ListTable,
    /// The `\listoverridetable`: `\ls` numbers to lists.
    ListOverride,
    /// A legacy `\pn` numbering of the paragraph.
    Pn,
    /// The font table: `\fN`, `\fcharsetN`, `\cpgN`.
    FontTable,
    /// An `\info` field.
    Info(InfoField),
    /// `\info` itself (its fields are groups of their own).
    InfoGroup,
    /// A picture's hex data.
    Pict,
    /// An object's `\objdata` hex data.
    ObjData,
    /// A comment's author (`\atnauthor`), for the comment that follows.
    Author,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum InfoField {
    Title,
    Subject,
    Author,
    Operator,
    Keywords,
    Company,
    Comment,
    Created,
    Revised,
    Other,
}

/// A group's state, restored at its `}`.
#[derive(Debug, Clone, Copy)]
struct State {
    dest: Dest,
    /// `\ucN`: bytes of fallback after a `\uN`.
    uc: usize,
    /// The current font (`\fN`).
    font: Option<i32>,
    /// `\v` hidden text or `\deleted` revision text: not shown, not read.
    hidden: bool,
    deleted: bool,
    /// `\caps`: shown in capitals.
    caps: bool,
    /// In a list label (`\listtext`, `\pntext`).
    label: bool,
    /// The `\fN` being described inside the font table.
    table_font: Option<i32>,
    /// The paragraph's properties that tell structure.
    para: Para,
    /// Inside `\nesttableprops`: row definitions are a nested table's.
    nest_props: bool,
}

/// A story: its kind, name, attributes, and once its group closed, its blocks.
struct Story {
    kind: PartKind,
    name: Option<String>,
    attributes: Vec<(String, String)>,
    blocks: Vec<Block>,
}

/// A `\field` being read: where its instruction starts in the
/// instructions read, and how much text was shown when its result started.
struct Field {
    /// `stack.len()` inside the field's group.
    depth: usize,
    inst_start: usize,
    result: Option<u64>,
    /// Its result is a hyperlink's text.
    link: bool,
}

/// Most bytes of field instructions kept at once (they are read only to
/// find a result Word did not write).
const MAX_INSTRUCTION_BYTES: usize = 64 * 1024;

/// The picture being collected.
#[derive(Default)]
struct Picture {
    hex: Vec<u8>,
    ext: &'static str,
    media: &'static str,
    odd: Option<u8>,
}

pub(crate) struct Reader<'l> {
    limits: &'l Limits,
    stack: Vec<State>,
    state: State,
    stories: Vec<Story>,
    /// Undecoded bytes of the current run, in `pending_encoding`.
    pending: Vec<u8>,
    pending_encoding: &'static Encoding,
    pending_story: usize,
    /// The table nesting where the pending bytes started: they go there,
    /// as text written at once would have (`\pard` does not decode them:
    /// that would split a double-byte character as the text never was).
    pending_level: usize,
    /// A high surrogate waiting for its low half.
    high_surrogate: Option<u16>,
    /// Fallback bytes still to skip after a `\uN`.
    skip: usize,
    ansi: &'static Encoding,
    default_font: Option<i32>,
    fonts: HashMap<i32, &'static Encoding>,
    metadata: Metadata,
    info_text: String,
    date: [i32; 5],
    embedded: Vec<EmbeddedFile>,
    embedded_bytes: u64,
    picture: Option<Picture>,
    pictures: usize,
    objdata: Option<Picture>,
    objects: usize,
    warnings: Vec<Warning>,
    out: Output,
    deadline: Option<Instant>,
    /// The deadline stopped reading (said in a warning already).
    deadline_passed: bool,
    /// Groups opened past `max_depth`, ignored with their braces.
    too_deep: usize,
    footnotes: usize,
    endnotes: usize,
    comments: usize,
    text_boxes: usize,
    /// `\*` was the last token: the next destination may be skipped.
    ignorable: bool,
    /// The next token is the first of its group (after `{`, or `{\*`):
    /// only there does a control word start a destination.
    group_start: bool,
    /// The author read from `\atnauthor`, for the next `\annotation`.
    next_author: Option<String>,
    /// Open fields, innermost last.
    fields: Vec<Field>,
    /// Field instructions read (up to `MAX_INSTRUCTION_BYTES`).
    instructions: String,
    /// Where a list label read into the instructions starts.
    instruction_label: Option<usize>,
    styles: Styles,
    /// `stack.len()` inside the `\stylesheet` group: its child groups are styles.
    sheet_depth: Option<usize>,
    /// The row definitions being read, per table nesting level.
    row_defs: Vec<RowDef>,
    /// A `\trowd` came since the last `\row`: text is in the table.
    in_row_def: bool,
    /// The nesting level whose row definition is being read.
    def_level: usize,
}

impl<'l> Reader<'l> {
    pub(crate) fn new(limits: &'l Limits) -> Reader<'l> {
        let body = Story {
            kind: PartKind::Body,
            name: None,
            attributes: Vec::new(),
            blocks: Vec::new(),
        };
        Reader {
            limits,
            stack: Vec::new(),
            state: State {
                dest: Dest::Story(0),
                uc: 1,
                font: None,
                hidden: false,
                deleted: false,
                caps: false,
                label: false,
                table_font: None,
                para: Para::default(),
                nest_props: false,
            },
            stories: vec![body],
            pending: Vec::new(),
            pending_encoding: WINDOWS_1252,
            pending_story: 0,
            pending_level: 0,
            high_surrogate: None,
            skip: 0,
            ansi: WINDOWS_1252,
            default_font: None,
            fonts: HashMap::new(),
            metadata: Metadata::default(),
            info_text: String::new(),
            date: [0; 5],
            embedded: Vec::new(),
            embedded_bytes: 0,
            picture: None,
            pictures: 0,
            objdata: None,
            objects: 0,
            warnings: Vec::new(),
            out: Output::new(
                OutputLimits::new(limits.max_output_bytes).with_deadline(limits.deadline),
            ),
            deadline: limits.deadline,
            deadline_passed: false,
            too_deep: 0,
            footnotes: 0,
            endnotes: 0,
            comments: 0,
            text_boxes: 0,
            ignorable: false,
            group_start: false,
            next_author: None,
            fields: Vec::new(),
            instructions: String::new(),
            instruction_label: None,
            styles: Styles::default(),
            sheet_depth: None,
            row_defs: Vec::new(),
            in_row_def: false,
            def_level: 1,
        }
    }

    fn warn(&mut self, kind: WarningKind, message: String, offset: Option<usize>) {
        if self.warnings.len() < self.limits.max_warnings {
            self.warnings
                .push(Warning::new(kind, message, offset.map(|o| o as u64)));
        }
    }

    /// The encoding of `\'hh` bytes in the current font.
    fn encoding(&self) -> &'static Encoding {
        self.state
            .font
            .or(self.default_font)
            .and_then(|f| self.fonts.get(&f).copied())
            .unwrap_or(self.ansi)
    }

    /// Whether text of the current group is read, and into which story
    /// (`INSTRUCTION` for a field instruction).
    fn target(&self) -> Option<usize> {
        match self.state.dest {
            Dest::Story(i) if !self.state.hidden && !self.state.deleted => Some(i),
            // Hidden text inside an instruction is left out of it, as it
            // always was (`\fldinst` itself shows what it holds).
            Dest::Instruction if !self.state.hidden && !self.state.deleted => Some(INSTRUCTION),
            _ => None,
        }
    }

    /// The table nesting of the current paragraph: `\itap`/`\intbl`, or 1
    /// after a `\trowd` that no `\row` ended yet.
    fn level(&self) -> usize {
        let level = self.state.para.level();
        if level == 0 && self.in_row_def {
            1
        } else {
            level
        }
    }

    /// What the current paragraph is.
    fn role(&self) -> Role {
        self.styles.role(&self.state.para, self.out.label())
    }

    /// Decodes the pending bytes into their story.
    fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let bytes = std::mem::take(&mut self.pending);
        let (text, malformed) = self.pending_encoding.decode_without_bom_handling(&bytes);
        if malformed {
            self.warn(
                WarningKind::Text,
                format!(
                    "bytes invalid in {} replaced by U+FFFD",
                    self.pending_encoding.name()
                ),
                None,
            );
        }
        let (story, level) = (self.pending_story, self.pending_level);
        self.push_str_at(story, &text, level);
        self.pending = bytes;
        self.pending.clear();
    }

    fn push_str_to(&mut self, story: usize, s: &str) {
        let level = self.level();
        self.push_str_at(story, s, level);
    }

    /// Text into `story`, at table nesting `level`.
    fn push_str_at(&mut self, story: usize, s: &str, level: usize) {
        if story == INSTRUCTION {
            if self.instructions.len() + s.len() <= MAX_INSTRUCTION_BYTES {
                self.instructions.push_str(s);
            }
            return;
        }
        if self.state.caps {
            let upper: String = s.chars().flat_map(char::to_uppercase).collect();
            self.out.text(&upper, level);
        } else {
            self.out.text(s, level);
        }
    }

    /// A byte of text (plain or `\'hh`) in the current font's code page.
    fn byte(&mut self, b: u8) {
        if self.skip > 0 {
            self.skip -= 1;
            return;
        }
        self.lone_high_surrogate();
        let Some(story) = self.target() else {
            return;
        };
        let encoding = self.encoding();
        if !self.pending.is_empty()
            && (encoding != self.pending_encoding || story != self.pending_story)
        {
            self.flush();
        }
        if self.pending.is_empty() {
            self.pending_level = self.level();
        }
        self.pending_encoding = encoding;
        self.pending_story = story;
        self.pending.push(b);
    }

    /// A run of plain text.
    fn text(&mut self, run: &[u8]) {
        match self.state.dest {
            Dest::Pict => {
                if let Some(p) = self.picture.as_mut() {
                    push_hex(p, run);
                }
                return;
            }
            Dest::ObjData => {
                if let Some(p) = self.objdata.as_mut() {
                    push_hex(p, run);
                }
                return;
            }
            Dest::Info(_) | Dest::Author => {
                self.info_text
                    .push_str(&self.encoding().decode_without_bom_handling(run).0);
                return;
            }
            Dest::StyleSheet => {
                let name = &mut self.styles.style.name;
                if name.len() < 256 {
                    name.push_str(&String::from_utf8_lossy(run));
                }
                return;
            }
            _ => {}
        }
        let mut run = run;
        while self.skip > 0 && !run.is_empty() {
            self.skip -= 1;
            run = &run[1..];
        }
        if run.is_empty() {
            return;
        }
        self.lone_high_surrogate();
        let Some(story) = self.target() else {
            return;
        };
        // A list label at the start of its line: LibreOffice writes
        // `{\listtext\pard\plain  1.\tab}`, the label after a space.
        let line_start = if story == INSTRUCTION {
            self.instructions.is_empty() || self.instructions.ends_with('\n')
        } else {
            self.out.at_line_start()
        };
        if self.state.label && self.pending.is_empty() && line_start {
            run = run.trim_ascii_start();
            if run.is_empty() {
                return;
            }
        }
        // ASCII needs no decoding when nothing is pending (the common case).
        if self.pending.is_empty() && run.is_ascii() {
            self.push_str_to(story, std::str::from_utf8(run).unwrap_or_default());
            return;
        }
        for &b in run {
            self.byte(b);
        }
    }

    /// A character from a control word (`\tab`, `\emdash`, …).
    fn char(&mut self, c: char) {
        self.lone_high_surrogate();
        self.push_char(c);
    }

    /// A high surrogate that no low surrogate followed: U+FFFD, so that
    /// it neither vanishes nor takes the character after it.
    fn lone_high_surrogate(&mut self) {
        if self.high_surrogate.take().is_some() {
            self.push_char('\u{FFFD}');
        }
    }

    fn push_char(&mut self, c: char) {
        let Some(story) = self.target() else {
            return;
        };
        self.flush();
        let mut buf = [0u8; 4];
        self.push_str_to(story, c.encode_utf8(&mut buf));
    }

    /// `\uN`: a UTF-16 unit, with surrogate pairs joined; a lone or
    /// mismatched surrogate is U+FFFD.
    fn unicode(&mut self, n: i32, offset: usize) {
        self.skip = self.state.uc;
        let unit = if n < 0 { n + 65536 } else { n };
        let Ok(unit) = u16::try_from(unit) else {
            self.lone_high_surrogate();
            self.warn(
                WarningKind::Text,
                format!("\\u{n} is outside UTF-16; skipped"),
                Some(offset),
            );
            return;
        };
        if (0xD800..0xDC00).contains(&unit) {
            // A high surrogate after a high surrogate: the first was lone.
            self.lone_high_surrogate();
            self.high_surrogate = Some(unit);
            return;
        }
        let c = if (0xDC00..0xE000).contains(&unit) {
            self.high_surrogate
                .take()
                .and_then(|high| char::decode_utf16([high, unit]).next())
                .and_then(Result::ok)
        } else {
            self.lone_high_surrogate();
            char::from_u32(u32::from(unit))
        };
        self.push_char(c.unwrap_or('\u{FFFD}'));
    }

    /// Starts a story of `kind` for the current group.
    fn story(&mut self, kind: PartKind, name: Option<String>, attrs: Vec<(String, String)>) {
        self.flush();
        self.stories.push(Story {
            kind,
            name,
            attributes: attrs,
            blocks: Vec::new(),
        });
        let i = self.stories.len() - 1;
        self.out.story_start(i, self.stack.len());
        self.state.dest = Dest::Story(i);
        self.state.para = Para::default();
        self.state.hidden = false;
        self.state.deleted = false;
    }

    fn open_group(&mut self, offset: usize) {
        self.flush();
        self.skip = 0;
        if self.stack.len() >= self.limits.max_depth {
            if self.too_deep == 0 {
                self.warn(
                    WarningKind::Structure,
                    format!(
                        "groups nested deeper than {} (Limits::max_depth): the deeper braces are ignored",
                        self.limits.max_depth
                    ),
                    Some(offset),
                );
            }
            self.too_deep += 1;
            return;
        }
        self.stack.push(self.state);
        self.state.table_font = None;
    }

    fn close_group(&mut self, offset: usize) {
        self.flush();
        self.skip = 0;
        if self.too_deep > 0 {
            self.too_deep -= 1;
            return;
        }
        let closing = self.state.dest;
        let Some(outer) = self.stack.pop() else {
            self.warn(
                WarningKind::Structure,
                "a } closes a group that was never opened; ignored".into(),
                Some(offset),
            );
            return;
        };
        match closing {
            Dest::Info(field) if !matches!(outer.dest, Dest::Info(f) if f == field) => {
                self.info_done(field)
            }
            Dest::Author if outer.dest != Dest::Author => {
                let author = std::mem::take(&mut self.info_text).trim().to_string();
                self.next_author = (!author.is_empty()).then_some(author);
            }
            Dest::Pict if outer.dest != Dest::Pict => self.picture_done(),
            Dest::ObjData if outer.dest != Dest::ObjData => self.object_done(),
            Dest::StyleSheet if Some(self.stack.len()) == self.sheet_depth => {
                self.styles.style_done()
            }
            _ => {}
        }
        // A label with no number or bullet (LibreOffice writes a heading's
        // empty outline number as `{\listtext\pard\plain \tab}`) is dropped.
        if self.state.label && !outer.label {
            match self.instruction_label.take() {
                Some(start) => {
                    if self
                        .instructions
                        .get(start..)
                        .is_some_and(|t| t.trim().is_empty())
                    {
                        self.instructions.truncate(start);
                    }
                }
                None => self.out.label_end(),
            }
        }
        // The stories whose group this was end.
        while self.out.story_depth().is_some_and(|d| d > self.stack.len()) {
            let role = self.role();
            if let Some((i, blocks)) = self.out.story_end(role)
                && let Some(st) = self.stories.get_mut(i)
            {
                st.blocks = blocks;
            }
        }
        let pn = (closing == Dest::Pn && outer.dest != Dest::Pn).then_some(self.state.para.pn);
        self.state = outer;
        if let Some(pn) = pn {
            // `{\*\pn …}` numbers the paragraph around it.
            self.state.para.pn = pn;
        }
        if self
            .fields
            .last()
            .is_some_and(|f| self.stack.len() < f.depth)
        {
            self.field_done();
        }
    }

    pub(crate) fn run(mut self, data: &[u8]) -> RtfDocument {
        let mut tokens = Tokens::new(data);
        let mut count: u64 = 0;
        loop {
            let offset = tokens.offset();
            let Some(token) = tokens.next() else {
                break;
            };
            count += 1;
            // The builder watches the deadline while text is written; this
            // is for the stretches without text (pictures, tables of fonts).
            if count.is_multiple_of(4096) && doc_model::deadline_passed(self.deadline) {
                self.warn(
                    WarningKind::Limit,
                    "the deadline passed; the rest of the document was not read".into(),
                    Some(offset),
                );
                self.deadline_passed = true;
                break;
            }
            if self.out.stopped() {
                break;
            }
            let ignorable = std::mem::take(&mut self.ignorable);
            let group_start = std::mem::take(&mut self.group_start);
            match token {
                Token::GroupStart => {
                    self.open_group(offset);
                    self.group_start = true;
                }
                Token::GroupEnd => self.close_group(offset),
                Token::Word { name, param } => {
                    if ignorable && !known_destination(name) {
                        self.flush();
                        self.state.dest = Dest::Skip;
                    } else if name == b"pn" && !ignorable {
                        // A `\pn` not marked `\*` was read as text before:
                        // its numbering is not read, its text stays. Like
                        // any other word it is one unit of a `\uN`'s fallback.
                        if self.state.dest != Dest::Skip && self.skip > 0 {
                            self.skip -= 1;
                        }
                    } else {
                        self.word(name, param, &mut tokens, offset, group_start);
                    }
                }
                // `\*` marks the destination that opens its group; one
                // anywhere else marks nothing (RTF 1.9.1: "can be used only
                // at the start of a group"), and must not turn the rest of
                // the group into a skipped destination.
                Token::Symbol(b'*') if !group_start => {
                    if self.skip > 0 {
                        self.skip -= 1;
                    }
                }
                Token::Symbol(b'*') => {
                    self.group_start = true;
                    self.symbol(b'*');
                }
                Token::Symbol(c) => self.symbol(c),
                Token::Hex(b) => match self.state.dest {
                    Dest::Info(_) | Dest::Author => {
                        let e = self.encoding();
                        self.info_text
                            .push_str(&e.decode_without_bom_handling(&[b]).0);
                    }
                    _ => self.byte(b),
                },
                Token::Text(run) => self.text(run),
            }
        }
        self.lone_high_surrogate();
        self.flush();
        if !self.stack.is_empty() {
            self.warn(
                WarningKind::Structure,
                format!(
                    "the file ends inside {} open group(s)",
                    self.stack.len() + self.too_deep
                ),
                Some(data.len()),
            );
            // Finish what the open groups were collecting.
            while !self.stack.is_empty() {
                self.close_group(data.len());
            }
        }
        self.finish()
    }

    fn finish(mut self) -> RtfDocument {
        let role = self.role();
        for (i, blocks) in self.out.finish(role) {
            if let Some(st) = self.stories.get_mut(i) {
                st.blocks = blocks;
            }
        }
        if let Some(reason) = self.out.limit_reason()
            && !self.deadline_passed
        {
            let message = if reason == "the deadline" {
                "the deadline passed; the rest of the document was not read".to_string()
            } else {
                format!(
                    "text past {} bytes (Limits::max_output_bytes) left out",
                    self.limits.max_output_bytes
                )
            };
            self.warn(WarningKind::Limit, message, None);
        }
        let mut parts = Vec::with_capacity(self.stories.len());
        for (i, s) in self.stories.into_iter().enumerate() {
            let mut part = Part::from_blocks(s.kind, s.blocks);
            if part.text.is_empty() && i > 0 {
                continue;
            }
            part.name = s.name;
            part.attributes = s.attributes;
            parts.push(part);
        }
        if parts.first().is_some_and(|p| p.text.is_empty()) {
            parts.remove(0);
        }
        let mut doc = RtfDocument::default();
        doc.parts = parts;
        doc.metadata = self.metadata;
        doc.embedded = self.embedded;
        doc.warnings = self.warnings;
        doc.encoding = Some(self.ansi.name());
        doc
    }
}
