//! MS-PPT 2.9 text as blocks: a text's paragraphs (split at `\r`) with the
//! TextHeaderAtom text type, the indent level and bullet of their
//! paragraph run (2.9.18 TextPFRun, 2.9.19 TextPFException) and the
//! automatic numbering of their StyleTextProp9 entry (2.9.67), written
//! through `doc_model::Builder`.
//!
//! The plain text stays what it was before blocks: each text box's text
//! (control characters dropped, trailing line breaks trimmed), the boxes
//! of a page joined by `\n`. [`Item::flat`] is that text; the blocks of a
//! text box give the same lines (`plain_text` of them is the flat text and
//! a final `\n`). A table keeps its cells' texts in shape order, one per
//! line, in the flat text; a notes page's page number (a text box of a
//! lone slide-number field) stays in the text and out of the blocks, as the
//! pptx reader leaves a notes slide's `sldNum` placeholder out.

use doc_model::Builder;
use office_art::Record;

use crate::record::{latin1, types, utf16};
use crate::style;
use crate::table::{Place, Table};

/// `TextHeaderAtom.textType` values of titles (Tx_TYPE_TITLE, Tx_TYPE_CENTERTITLE).
pub fn is_title(text_type: u32) -> bool {
    text_type == 0 || text_type == 6
}

/// Tx_TYPE_NOTES: notes text stays paragraphs.
const NOTES: u32 = 2;

/// The text of a TextCharsAtom or TextBytesAtom.
pub fn decode(rec: &Record<'_>) -> String {
    if rec.header.record_type == types::TEXT_CHARS_ATOM {
        utf16(rec.body)
    } else {
        latin1(rec.body)
    }
}

/// PowerPoint text as plain text: `\r` and vertical tab become line
/// breaks, other control characters go, trailing breaks are trimmed.
pub fn clean(s: &str) -> String {
    let mut r = clean_line(s);
    let trimmed = r.trim_end_matches('\n').len();
    r.truncate(trimmed);
    r
}

/// [`clean`] without the trimming.
fn clean_line(s: &str) -> String {
    let mut r = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '\r' | '\u{0B}' | '\n' => r.push('\n'),
            '\t' => r.push('\t'),
            c if c.is_control() => {}
            c => r.push(c),
        }
    }
    r
}

/// How a paragraph is marked: `(level, ordered)` of a bulleted (`false`)
/// or numbered (`true`) paragraph at nesting `level` (1 = top).
pub type Mark = Option<(u8, bool)>;

/// One paragraph: its text (line breaks inside as `\n`) and its mark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Para {
    pub text: String,
    pub mark: Mark,
}

/// The text of one text box (or of WordArt, an outline text entry).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextBox {
    /// `TextHeaderAtom.textType`.
    pub ty: u32,
    pub paras: Vec<Para>,
    /// The box is a lone slide-number field (a notes page's page number).
    pub page_number: bool,
}

impl TextBox {
    /// The paragraphs of `pieces` (a text split at its paragraph marks,
    /// fields filled in) with `marks`, cleaned as [`clean`] cleans their
    /// joined text: what trimming removes at the end is removed here.
    pub fn from_pieces(ty: u32, pieces: &[String], marks: &[Mark]) -> TextBox {
        let cleaned: Vec<String> = pieces.iter().map(|p| clean_line(p)).collect();
        let total = cleaned.join("\n").trim_end_matches('\n').len();
        let mut paras = Vec::new();
        let mut pos = 0usize;
        for (k, c) in cleaned.into_iter().enumerate() {
            if pos >= total {
                break;
            }
            let mut text = c;
            let keep = text.len().min(total - pos);
            pos = pos.saturating_add(text.len() + 1);
            text.truncate(keep);
            paras.push(Para {
                text,
                mark: marks.get(k).copied().flatten(),
            });
        }
        TextBox {
            ty,
            paras,
            page_number: false,
        }
    }

    /// A text already cleaned (WordArt): its lines as paragraphs.
    pub fn plain(ty: u32, text: &str) -> TextBox {
        let paras = if text.is_empty() {
            Vec::new()
        } else {
            text.split('\n')
                .map(|l| Para {
                    text: l.to_string(),
                    mark: None,
                })
                .collect()
        };
        TextBox {
            ty,
            paras,
            page_number: false,
        }
    }

    /// The box's plain text: its paragraphs joined by `\n`.
    pub fn flat(&self) -> String {
        let texts: Vec<&str> = self.paras.iter().map(|p| p.text.as_str()).collect();
        texts.join("\n")
    }

    /// Writes the paragraphs: titles as headings where `headings`, marked
    /// paragraphs of body and other text as list items.
    pub fn write(&self, b: &mut Builder, headings: bool) {
        let title = headings && is_title(self.ty);
        let lists = !is_title(self.ty) && self.ty != NOTES;
        for p in &self.paras {
            b.text(&p.text);
            if !p.text.trim().is_empty() {
                if title {
                    b.heading(1);
                } else if let (true, Some((level, ordered))) = (lists, p.mark) {
                    b.list_item(level, ordered, None);
                }
            }
            b.end_paragraph();
        }
    }
}

/// What one shape of a page gives: a text box, or a table of cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    Text(TextBox),
    Table(Table),
}

impl Item {
    /// Whether the item is a title (titles come first on a slide).
    pub fn is_title(&self) -> bool {
        matches!(self, Item::Text(t) if is_title(t.ty))
    }

    /// The plain text of the item.
    pub fn flat(&self) -> String {
        match self {
            Item::Text(t) => t.flat(),
            Item::Table(t) => t.flat.clone(),
        }
    }

    /// Writes the item's blocks; on a notes page (`notes`) without the
    /// page number, which the plain text keeps.
    pub fn write(&self, b: &mut Builder, headings: bool, notes: bool) {
        match self {
            Item::Text(t) if notes && t.page_number => {}
            Item::Text(t) => t.write(b, headings),
            Item::Table(t) => {
                b.table_start();
                for row in &t.rows {
                    b.row_start();
                    for place in row {
                        match place {
                            Place::Covered => b.cell_covered(),
                            Place::Cell { cols, rows, boxes } => {
                                b.cell_start(*cols, *rows);
                                for tb in boxes {
                                    tb.write(b, false);
                                }
                                b.cell_end();
                            }
                        }
                    }
                    b.row_end();
                }
                b.table_end();
            }
        }
    }
}

/// The plain text of a page's items: each non-empty one, titles first
/// when `title_first`, joined by `\n`; and the items in that order.
pub fn order(items: Vec<Item>, title_first: bool) -> (String, Vec<Item>) {
    let mut items: Vec<(String, Item)> = items
        .into_iter()
        .map(|i| (i.flat(), i))
        .filter(|(f, _)| !f.is_empty())
        .collect();
    if title_first {
        items.sort_by_key(|i| !i.1.is_title());
    }
    let texts: Vec<&str> = items.iter().map(|i| i.0.as_str()).collect();
    let text = texts.join("\n");
    (text, items.into_iter().map(|i| i.1).collect())
}

/// The paragraph marks of `text` (before fields are filled): from the
/// paragraph runs of its StyleTextPropAtom `style` (the indent level and
/// `fHasBullet`, else the master's bullet of that level, `master`), and
/// for bulleted paragraphs the automatic numbering of the StyleTextProp9
/// entry (`numbers`) its first character run names (`pp9rt`, 0 where the
/// run has no fontStyle).
pub fn marks(
    text: &str,
    style: Option<&[u8]>,
    master: &[Option<bool>],
    numbers: &[Option<(u16, u16)>],
) -> Vec<Mark> {
    let len: usize = text.encode_utf16().count();
    let (runs, chars) = match style {
        Some(s) => (style::para_runs(s, len).0, style::char_runs(s, len)),
        None => (Vec::new(), Vec::new()),
    };
    // Paragraph starts only grow: one pass over the runs (a cursor each).
    let mut cursor = Cursor::default();
    let mut out = Vec::new();
    let mut start = 0usize;
    let mut paragraph_start = true;
    for ch in text.chars().chain(std::iter::once('\r')) {
        if paragraph_start {
            out.push(cursor.mark_at(start, &runs, &chars, master, numbers));
            paragraph_start = false;
        }
        start += ch.len_utf16();
        if ch == '\r' {
            paragraph_start = true;
        }
    }
    out
}

/// Where [`marks`] is in the paragraph runs and the character runs.
#[derive(Default)]
struct Cursor {
    /// The paragraph run looked at and the offset where it starts.
    run: usize,
    run_start: usize,
    /// The character run looked at.
    char_run: usize,
}

impl Cursor {
    /// The mark of the paragraph starting at UTF-16 offset `at` (at or
    /// after the last one asked for).
    fn mark_at(
        &mut self,
        at: usize,
        runs: &[style::ParaRun],
        chars: &[style::CharRun],
        master: &[Option<bool>],
        numbers: &[Option<(u16, u16)>],
    ) -> Mark {
        while let Some(r) = runs.get(self.run) {
            let end = self.run_start.saturating_add(r.count as usize);
            if at < end {
                break;
            }
            self.run += 1;
            self.run_start = end;
        }
        let run = runs.get(self.run);
        let level = run.map_or(0, |r| r.level.min(8));
        let bullet = run
            .and_then(|r| r.bullet)
            .or_else(|| master.get(usize::from(level)).copied().flatten())
            .unwrap_or(false);
        while chars.get(self.char_run).is_some_and(|c| at >= c.end) {
            self.char_run += 1;
        }
        if !bullet {
            return None;
        }
        // A run without fontStyle has pp9rt 0: the first entry.
        let pp9rt = chars
            .get(self.char_run)
            .filter(|c| at >= c.first)
            .and_then(|c| c.pp9rt)
            .unwrap_or(0);
        let ordered = numbers.get(usize::from(pp9rt)).copied().flatten().is_some();
        Some((level as u8 + 1, ordered))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_turns_breaks_into_lines_and_drops_controls() {
        assert_eq!(clean("a\rb\u{0B}c\u{1}\r\r"), "a\nb\nc");
    }

    fn pieces(s: &str) -> Vec<String> {
        s.split('\r').map(str::to_string).collect()
    }

    #[test]
    fn paragraphs_give_the_cleaned_text() {
        for raw in [
            "a\rb",
            "a\r\r",
            "a\u{0B}\rb",
            "a\u{0B}\r",
            "\r\ra",
            "",
            "\r",
            "a\r\rb\r\u{1}",
            "x\n\r\r",
        ] {
            let tb = TextBox::from_pieces(4, &pieces(raw), &[]);
            assert_eq!(tb.flat(), clean(raw), "{raw:?}");
        }
    }

    #[test]
    fn titles_come_first() {
        let items = vec![
            Item::Text(TextBox::plain(1, "body")),
            Item::Text(TextBox::plain(0, "title")),
            Item::Text(TextBox::plain(4, "")),
        ];
        assert_eq!(order(items.clone(), true).0, "title\nbody");
        assert_eq!(order(items, false).0, "body\ntitle");
    }

    #[test]
    fn marks_follow_paragraph_runs_and_numbering() {
        // Two paragraphs: "a\r" bulleted at level 0 (pp9rt 1 → numbered),
        // "b" at indent level 1 with the master's bullet.
        let mut s = Vec::new();
        s.extend(2u32.to_le_bytes());
        s.extend(0u16.to_le_bytes());
        s.extend(1u32.to_le_bytes()); // masks.hasBullet
        s.extend(1u16.to_le_bytes()); // fHasBullet
        s.extend(2u32.to_le_bytes());
        s.extend(1u16.to_le_bytes());
        s.extend(0u32.to_le_bytes());
        s.extend(2u32.to_le_bytes()); // character run: fontStyle with pp9rt 1
        s.extend(0x0400u32.to_le_bytes());
        s.extend(0x0400u16.to_le_bytes());
        s.extend(2u32.to_le_bytes());
        s.extend(0u32.to_le_bytes());
        let numbers = [None, Some((3, 1))];
        let m = marks("a\rb", Some(&s), &[None, Some(true)], &numbers);
        assert_eq!(m, [Some((1, true)), Some((2, false))]);
        // Without the master's bullet, the second paragraph is not marked.
        assert_eq!(
            marks("a\rb", Some(&s), &[], &numbers),
            [Some((1, true)), None]
        );
    }

    #[test]
    fn many_paragraphs_and_runs_take_one_pass() {
        // 100,000 paragraphs, one paragraph run and one character run each:
        // a lookup from the start for each would be 10^10 steps.
        let n = 100_000usize;
        let text = "a\r".repeat(n);
        let mut s = Vec::new();
        for _ in 0..=n {
            s.extend(2u32.to_le_bytes());
            s.extend(0u16.to_le_bytes());
            s.extend(1u32.to_le_bytes());
            s.extend(1u16.to_le_bytes());
        }
        for _ in 0..=n {
            s.extend(2u32.to_le_bytes());
            s.extend(0u32.to_le_bytes());
        }
        let started = std::time::Instant::now();
        let m = marks(&text, Some(&s), &[], &[]);
        assert_eq!(m.len(), n + 1);
        assert!(m.iter().all(|m| *m == Some((1, false))));
        assert!(started.elapsed().as_secs() < 10);
    }
}
