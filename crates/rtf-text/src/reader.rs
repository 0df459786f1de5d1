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

use crate::charset::{charset_code_page, code_page};
use crate::error::{Warning, WarningKind};
use crate::output::{Output, Role};
use crate::style::{Para, Styles};
use crate::table::RowDef;
use crate::token::{Token, Tokens};
use crate::{Limits, RtfDocument};
use embedded::push_hex;

mod embedded;
mod info;
mod structure;

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
    /// The author read from `\atnauthor`, for the next `\annotation`.
    next_author: Option<String>,
    /// Open fields, innermost last.
    fields: Vec<Field>,
    /// Field instructions read (up to `MAX_INSTRUCTION_BYTES`).
    instructions: String,
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
            next_author: None,
            fields: Vec::new(),
            instructions: String::new(),
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
            Dest::Instruction if !self.state.deleted => Some(INSTRUCTION),
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
        let story = self.pending_story;
        self.push_str_to(story, &text);
        self.pending = bytes;
        self.pending.clear();
    }

    fn push_str_to(&mut self, story: usize, s: &str) {
        if story == INSTRUCTION {
            if self.instructions.len() + s.len() <= MAX_INSTRUCTION_BYTES {
                self.instructions.push_str(s);
            }
            return;
        }
        let level = self.level();
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
        let Some(story) = self.target() else {
            return;
        };
        let encoding = self.encoding();
        if !self.pending.is_empty()
            && (encoding != self.pending_encoding || story != self.pending_story)
        {
            self.flush();
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
        let Some(story) = self.target() else {
            return;
        };
        // A list label at the start of its line: LibreOffice writes
        // `{\listtext\pard\plain  1.\tab}`, the label after a space.
        if self.state.label && self.pending.is_empty() && self.out.at_line_start() {
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

    /// A character from a control word (`\uN`, `\tab`, `\emdash`, …).
    fn char(&mut self, c: char) {
        let Some(story) = self.target() else {
            return;
        };
        self.flush();
        let mut buf = [0u8; 4];
        self.push_str_to(story, c.encode_utf8(&mut buf));
    }

    /// `\uN`: a UTF-16 unit, with surrogate pairs joined.
    fn unicode(&mut self, n: i32, offset: usize) {
        self.skip = self.state.uc;
        let unit = if n < 0 { n + 65536 } else { n };
        let Ok(unit) = u16::try_from(unit) else {
            self.warn(
                WarningKind::Text,
                format!("\\u{n} is outside UTF-16; skipped"),
                Some(offset),
            );
            return;
        };
        if (0xD800..0xDC00).contains(&unit) {
            self.high_surrogate = Some(unit);
            return;
        }
        let c = if (0xDC00..0xE000).contains(&unit) {
            match self.high_surrogate.take() {
                Some(high) => char::decode_utf16([high, unit]).next().and_then(Result::ok),
                None => None,
            }
        } else {
            self.high_surrogate = None;
            char::from_u32(u32::from(unit))
        };
        match c {
            Some(c) => self.char(c),
            None => self.char('\u{FFFD}'),
        }
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
            self.out.label_end();
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

    /// A control word.
    fn word(&mut self, name: &[u8], param: Option<i32>, tokens: &mut Tokens<'_>, offset: usize) {
        // In a skipped destination only \binN matters (its bytes are not RTF).
        if self.state.dest == Dest::Skip && name != b"bin" {
            return;
        }
        // Fallback bytes after \uN: a control word counts as one.
        if self.skip > 0 && name != b"bin" {
            self.skip -= 1;
            return;
        }
        let p = param.unwrap_or(0);
        let on = param != Some(0);
        // Styles, lists, tables and paragraph properties.
        if name != b"bin" && self.structure_word(name, param) {
            return;
        }
        match name {
            b"bin" => {
                let n = usize::try_from(p).unwrap_or(0);
                let raw = tokens.take_raw(n);
                if raw.len() < n {
                    self.warn(
                        WarningKind::Text,
                        format!("\\bin{n} runs past the end of the file"),
                        Some(offset),
                    );
                }
                if self.skip > 0 {
                    self.skip -= 1;
                } else if let Some(pic) = self.picture.as_mut()
                    && self.state.dest == Dest::Pict
                {
                    pic.hex.extend_from_slice(raw);
                }
            }
            // Code pages.
            b"ansi" => self.ansi = WINDOWS_1252,
            b"mac" => self.ansi = encoding_rs::MACINTOSH,
            b"pc" | b"pca" => self.ansi = WINDOWS_1252,
            b"ansicpg" => {
                if let Some(e) = code_page(p) {
                    self.ansi = e;
                }
            }
            b"deff" => self.default_font = Some(p),
            b"uc" => self.state.uc = usize::try_from(p).unwrap_or(0).min(8),
            b"u" => self.unicode(p, offset),
            b"f" => {
                if self.state.dest == Dest::FontTable {
                    self.state.table_font = Some(p);
                } else {
                    self.flush();
                    self.state.font = Some(p);
                }
            }
            b"fcharset" => {
                if let Some(f) = self.state.table_font
                    && let Some(e) = charset_code_page(p).and_then(code_page)
                {
                    self.fonts.entry(f).or_insert(e);
                }
            }
            b"cpg" => {
                if let Some(f) = self.state.table_font
                    && let Some(e) = code_page(p)
                {
                    self.fonts.insert(f, e);
                }
            }
            b"plain" => {
                self.flush();
                self.state.hidden = false;
                self.state.deleted = false;
                self.state.caps = false;
            }
            b"caps" => {
                self.flush();
                self.state.caps = on;
            }
            b"v" => {
                self.flush();
                self.state.hidden = on;
            }
            b"deleted" => {
                self.flush();
                self.state.deleted = on;
            }
            // Breaks and special characters.
            b"par" | b"sect" | b"page" | b"column" => self.paragraph_end(),
            b"line" | b"softline" => self.line_break(),
            b"tab" => self.char('\t'),
            b"emdash" => self.char('—'),
            b"endash" => self.char('–'),
            b"emspace" => self.char('\u{2003}'),
            b"enspace" => self.char('\u{2002}'),
            b"qmspace" => self.char('\u{2005}'),
            b"bullet" => self.char('•'),
            b"lquote" => self.char('‘'),
            b"rquote" => self.char('’'),
            b"ldblquote" => self.char('“'),
            b"rdblquote" => self.char('”'),
            b"zwj" => self.char('\u{200D}'),
            b"zwnj" => self.char('\u{200C}'),
            b"ltrmark" => self.char('\u{200E}'),
            b"rtlmark" => self.char('\u{200F}'),
            // Destinations skipped with their text.
            b"fonttbl" => self.state.dest = Dest::FontTable,
            b"colortbl" | b"revtbl"
            | b"rsidtbl" | b"generator" | b"themedata" | b"colorschememapping" | b"datastore"
            | b"latentstyles" | b"xmlnstbl" | b"filetbl" | b"pgdsctbl"
            | b"nonshppict" | b"xe" | b"tc" | b"txe" | b"bkmkstart" | b"bkmkend" | b"docvar"
            | b"userprops" | b"objclass" | b"objname" | b"atnid" | b"atnref" | b"atndate"
            | b"atnicn" | b"atrfstart" | b"atrfend" | b"sn" | b"sv" | b"panose" | b"falt"
            | b"mmathPr" | b"defchp" | b"defpap" | b"pnseclvl" | b"template" | b"wgrffmtfilter"
            | b"passwordhash" | b"protusertbl" | b"fchars" | b"lchars" | b"nonesttables"
            // A shape's picture for readers without shapes: a duplicate.
            | b"shprslt" => {
                self.flush();
                self.state.dest = Dest::Skip;
            }
            b"info" => self.state.dest = Dest::InfoGroup,
            b"title" => self.info(InfoField::Title),
            b"subject" => self.info(InfoField::Subject),
            b"author" => self.info(InfoField::Author),
            b"operator" => self.info(InfoField::Operator),
            b"keywords" => self.info(InfoField::Keywords),
            b"company" => self.info(InfoField::Company),
            b"doccomm" => self.info(InfoField::Comment),
            b"creatim" => self.info(InfoField::Created),
            b"revtim" => self.info(InfoField::Revised),
            b"printim" | b"buptim" | b"manager" | b"category" | b"hlinkbase" | b"comment"
            | b"version" | b"vern" | b"edmins" | b"nofpages" | b"nofwords" | b"nofchars"
            | b"nofcharsws" | b"id" => {
                if matches!(self.state.dest, Dest::InfoGroup | Dest::Info(_)) {
                    self.info(InfoField::Other);
                }
            }
            b"yr" | b"mo" | b"dy" | b"hr" | b"min" => {
                let i = match name {
                    b"yr" => 0,
                    b"mo" => 1,
                    b"dy" => 2,
                    b"hr" => 3,
                    _ => 4,
                };
                self.date[i] = p;
            }
            // Stories.
            b"footnote" => {
                self.footnotes += 1;
                let n = self.footnotes;
                self.story(PartKind::Footnote, Some(n.to_string()), Vec::new());
            }
            b"ftnalt" => {
                if let Dest::Story(i) = self.state.dest
                    && let Some(s) = self.stories.get_mut(i)
                    && s.kind == PartKind::Footnote
                {
                    self.footnotes -= 1;
                    self.endnotes += 1;
                    s.kind = PartKind::Endnote;
                    s.name = Some(self.endnotes.to_string());
                }
            }
            b"header" | b"headerl" | b"headerr" | b"headerf" => {
                self.story(PartKind::Header, None, vec![("type".into(), hf_type(name))])
            }
            b"footer" | b"footerl" | b"footerr" | b"footerf" => {
                self.story(PartKind::Footer, None, vec![("type".into(), hf_type(name))])
            }
            b"annotation" => {
                self.comments += 1;
                let n = self.comments;
                let attrs = self
                    .next_author
                    .take()
                    .map(|a| vec![("author".to_string(), a)])
                    .unwrap_or_default();
                self.story(PartKind::Comment, Some(n.to_string()), attrs);
            }
            b"atnauthor" => {
                // Comments come as {\*\atnid …}{\*\atnauthor NAME}\chatn
                // {\*\annotation …}: the author names the comment that follows.
                self.flush();
                self.info_text.clear();
                self.state.dest = Dest::Author;
            }
            b"shptxt" => {
                self.text_boxes += 1;
                let n = self.text_boxes;
                self.story(PartKind::TextBox, Some(n.to_string()), Vec::new());
            }
            b"pict" => {
                self.flush();
                self.state.dest = Dest::Pict;
                self.picture = Some(Picture::default());
            }
            b"pngblip" => self.pict_type("png", "image/png"),
            b"jpegblip" => self.pict_type("jpg", "image/jpeg"),
            b"emfblip" => self.pict_type("emf", "image/emf"),
            b"wmetafile" => self.pict_type("wmf", "image/wmf"),
            b"macpict" => self.pict_type("pict", "image/x-pict"),
            b"dibitmap" | b"wbitmap" => self.pict_type("bmp", "image/bmp"),
            b"objdata" => {
                self.flush();
                self.state.dest = Dest::ObjData;
                self.objdata = Some(Picture::default());
            }
            _ => {}
        }
    }

    fn symbol(&mut self, c: u8) {
        if self.skip > 0 {
            self.skip -= 1;
            return;
        }
        match c {
            b'\\' | b'{' | b'}' => self.byte(c),
            b'~' => self.char('\u{A0}'),
            b'_' => self.char('\u{2011}'),
            b'-' => {}
            b'\'' => self.byte(b'\''),
            // \* marks the next destination ignorable: readers that do not
            // know it skip the group. The words above name every
            // destination this reader keeps; the rest are skipped.
            b'*' => self.ignorable = true,
            _ => {}
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
            match token {
                Token::GroupStart => self.open_group(offset),
                Token::GroupEnd => self.close_group(offset),
                Token::Word { name, param } => {
                    if ignorable && !known_destination(name) {
                        self.flush();
                        self.state.dest = Dest::Skip;
                    } else if name == b"pn" && !ignorable {
                        // A `\pn` not marked `\*` was read as text before:
                        // its numbering is not read, its text stays.
                    } else {
                        self.word(name, param, &mut tokens, offset);
                    }
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
        RtfDocument {
            parts,
            metadata: self.metadata,
            embedded: self.embedded,
            warnings: self.warnings,
            encoding: Some(self.ansi),
        }
    }
}

/// The destinations this reader handles even when marked `\*`.
fn known_destination(name: &[u8]) -> bool {
    matches!(
        name,
        b"footnote"
            | b"annotation"
            | b"atnauthor"
            | b"shptxt"
            | b"pict"
            | b"objdata"
            | b"shppict"
            | b"company"
            | b"listtext"
            | b"pntext"
            | b"pn"
            | b"listtable"
            | b"listoverridetable"
            | b"fldinst"
            // Nested-table row properties: formatting, and the \nestrow that ends the row.
            | b"nesttableprops"
            // A shape's instructions: its properties (skipped) and \shptxt.
            | b"shpinst"
    )
}

/// `type` of a header or footer: `default`, `left`, `right`, `first`.
fn hf_type(name: &[u8]) -> String {
    match name {
        b"headerl" | b"footerl" => "left",
        b"headerr" | b"footerr" => "right",
        b"headerf" | b"footerf" => "first",
        _ => "default",
    }
    .to_string()
}
