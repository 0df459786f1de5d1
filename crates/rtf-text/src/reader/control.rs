//! Control words and control symbols (RTF 1.9.1, "Control words" and
//! appendix A): what each does to the reader — code pages, characters,
//! destinations, stories, fields, pictures and objects.

use doc_model::PartKind;
use encoding_rs::WINDOWS_1252;

use super::{Dest, InfoField, Picture, Reader};
use crate::charset::{charset_code_page, code_page};
use crate::error::WarningKind;
use crate::token::Tokens;

impl Reader<'_> {
    /// A control word.
    pub(super) fn word(
        &mut self,
        name: &[u8],
        param: Option<i32>,
        tokens: &mut Tokens<'_>,
        offset: usize,
        group_start: bool,
    ) {
        // In a skipped destination only \binN matters (its bytes are not RTF).
        if self.state.dest == Dest::Skip && name != b"bin" {
            return;
        }
        // Fallback bytes after \uN: a control word counts as one — but not
        // another \uN, which is never an ANSI fallback (writers that leave
        // the fallback out under the default \uc1 would lose every other
        // character, and a surrogate pair written with one fallback for
        // both would lose its low half).
        if self.skip > 0 && name != b"bin" && name != b"u" {
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
            // The header's tables: skipped wherever they start (a writer
            // may leave their braces out).
            // (`\stylesheet`, `\listtable` and `\listoverridetable` are read
            // for structure, `structure.rs`.)
            b"colortbl" | b"revtbl" | b"rsidtbl" | b"generator" | b"themedata"
            | b"colorschememapping" | b"datastore" | b"latentstyles" | b"xmlnstbl" | b"filetbl"
            | b"pgdsctbl" => {
                self.flush();
                self.state.dest = Dest::Skip;
            }
            // A destination is the first control word of its group (RTF
            // 1.9.1, "Destinations"); the same word later in a group is
            // not one, and skipping from there would swallow the text
            // after it.
            b"nonshppict" | b"xe" | b"tc" | b"txe" | b"bkmkstart" | b"bkmkend" | b"docvar"
            | b"userprops" | b"objclass" | b"objname" | b"atnid" | b"atnref" | b"atndate"
            | b"atnicn" | b"atrfstart" | b"atrfend" | b"sn" | b"sv" | b"panose" | b"falt"
            | b"mmathPr" | b"defchp" | b"defpap" | b"pnseclvl" | b"template" | b"wgrffmtfilter"
            | b"passwordhash" | b"protusertbl" | b"fchars" | b"lchars" | b"nonesttables"
            // A shape's picture for readers without shapes: a duplicate.
            | b"shprslt"
                if group_start =>
            {
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

    pub(super) fn symbol(&mut self, c: u8) {
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
            // A backslash before a line feed or carriage return is a `\par`
            // (RTF 1.9.1, "Conventions of an RTF Reader").
            b'\n' | b'\r' => self.paragraph_end(),
            // \* marks the next destination ignorable: readers that do not
            // know it skip the group. The words above name every
            // destination this reader keeps; the rest are skipped.
            b'*' => self.ignorable = true,
            _ => {}
        }
    }
}

/// The destinations this reader handles even when marked `\*`.
pub(super) fn known_destination(name: &[u8]) -> bool {
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
