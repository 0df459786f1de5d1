//! MS-PPT DrawingContainer (PPDrawing): the shapes of a slide, notes page or master
//! (`office_art::Drawing`), each OfficeArtClientTextbox's text (2.9.76
//! TextClientDataSubContainerOrAtom: TextHeaderAtom, TextCharsAtom or
//! TextBytesAtom, StyleTextPropAtom, OutlineTextRefAtom, the MCAtoms of
//! fields), the PP9 StyleTextProp9Atom of the shape's program tags (2.7.18
//! PP9ShapeBinaryTagExtension), and tables (group shapes flagged as tables).

use office_art::{Drawing, Record, Shape};

use crate::deck::{ListEntry, Reader};
use crate::error::WarningKind;
use crate::hf::HeadersFooters;
use crate::record::{le_u32, types};
use crate::style;
use crate::table::{self, CellShape};
use crate::text::{self, Item, TextBox};

/// The prompts PowerPoint puts in a master's placeholders: never slide text.
const MASTER_PROMPTS: &[&str] = &[
    "Click to edit Master title style",
    "Click to edit Master text styles",
    "Click to edit Master subtitle style",
    "Second level",
    "Third level",
    "Fourth level",
    "Fifth level",
];

/// RT_ProgTags, RT_ProgBinaryTag and RT_StyleTextProp9Atom.
const PROG_TAGS: u16 = 0x1388;
const PROG_BINARY_TAG: u16 = 0x138A;
const STYLE_TEXT_PROP9_ATOM: u16 = 0x0FAC;

/// Per text type (TextMasterStyleAtom instance 0–8), whether each indent
/// level shows a bullet by default.
pub type MasterBullets = Vec<Vec<Option<bool>>>;

/// What the textboxes of one slide, notes page or master gave.
#[derive(Debug, Default)]
pub struct Texts {
    /// Per shape that has text, in shape order.
    pub items: Vec<Item>,
    /// Whether a header or footer field was filled in from HeadersFooters.
    pub header_shown: bool,
    pub footer_shown: bool,
}

/// The page being read.
pub struct Page<'p> {
    /// Its SlideListWithText entry (outline text).
    pub entry: Option<&'p ListEntry>,
    pub hf: &'p HeadersFooters,
    /// The slide number (0 for a master).
    pub number: usize,
    pub master: bool,
    /// The bullets of its main master's text styles.
    pub bullets: &'p [Vec<Option<bool>>],
}

impl Page<'_> {
    /// The master's bullet per indent level (0–4) for text type `ty`: its
    /// own TextMasterStyleAtom's where that says; else, for CenterBody,
    /// HalfBody and QuarterBody, the Body style's at that level (the styles
    /// those differ from); else the level above's.
    fn bullets(&self, ty: u32) -> Vec<Option<bool>> {
        let body = if matches!(ty, 5 | 7 | 8) {
            self.bullets(1)
        } else {
            Vec::new()
        };
        let own = self
            .bullets
            .get(ty as usize)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let mut out: Vec<Option<bool>> = Vec::with_capacity(5);
        for i in 0..5 {
            let above = out.last().copied().flatten();
            let v = own
                .get(i)
                .copied()
                .flatten()
                .or_else(|| body.get(i).copied().flatten())
                .or(above);
            out.push(v);
        }
        out
    }

    /// A text box of outline text (no fields).
    pub fn outline_box(&self, ty: u32, text: &str, style: &[u8]) -> TextBox {
        let style = (!style.is_empty()).then_some(style);
        let marks = text::marks(text, style, &self.bullets(ty), &[]);
        let pieces: Vec<String> = text.split('\r').map(str::to_string).collect();
        TextBox::from_pieces(ty, &pieces, &marks)
    }
}

/// The automatic numbering entries of the `___PPT9` program tag of a
/// shape's client data.
fn numbering(shape: &Shape<'_>) -> Vec<Option<(u16, u16)>> {
    let Some(data) = &shape.client_data else {
        return Vec::new();
    };
    for tags in data
        .children()
        .filter(|c| c.header.record_type == PROG_TAGS)
    {
        for tag in tags
            .children()
            .filter(|c| c.header.record_type == PROG_BINARY_TAG)
        {
            let mut ppt9 = false;
            for c in tag.children() {
                match c.header.record_type {
                    types::CSTRING => ppt9 = crate::record::utf16(c.body) == "___PPT9",
                    types::BINARY_TAG_DATA_BLOB if ppt9 => {
                        if let Some(atom) = c
                            .children()
                            .find(|a| a.header.record_type == STYLE_TEXT_PROP9_ATOM)
                        {
                            return style::auto_numbers(atom.body);
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    Vec::new()
}

/// Whether a group shape is a table (`tableProperties` bit 0).
fn is_table(shape: &Shape<'_>) -> bool {
    shape.is_group()
        && shape
            .property(table::TABLE_PROPERTIES)
            .is_some_and(|p| p.value & 1 != 0)
}

impl Reader<'_, '_> {
    /// The text of every textbox of the drawing of a slide, notes page or master.
    pub(crate) fn drawing_texts(&mut self, container: &Record<'_>, page: &Page<'_>) -> Texts {
        let mut out = Texts::default();
        let Some(pp) = container
            .children()
            .find(|c| c.header.record_type == types::PP_DRAWING)
        else {
            return out;
        };
        let mut art = office_art::Options::default();
        art.limits.max_depth = self.options.limits.max_depth;
        art.limits.deadline = self.options.limits.deadline;
        let drawing = match Drawing::parse_at(pp.body, pp.offset + 8, &art) {
            Ok(d) => d,
            Err(e) => {
                self.warn(
                    WarningKind::Drawing,
                    format!("the drawing cannot be read ({e}); its text is left out"),
                    Some(pp.offset),
                );
                return out;
            }
        };
        for w in &drawing.warnings {
            self.warn(WarningKind::Drawing, w.message.clone(), w.offset);
        }
        let shapes = &drawing.shapes;
        let mut i = 0usize;
        while let Some(shape) = shapes.get(i) {
            i += 1;
            if shape.is_deleted() {
                continue;
            }
            if !page.master && is_table(shape) {
                let end = shapes
                    .iter()
                    .skip(i)
                    .position(|s| s.depth < shape.depth || (s.depth == shape.depth && s.is_group()))
                    .map_or(shapes.len(), |n| i + n);
                if let Some(t) = self.table(
                    shapes.get(i..end).unwrap_or_default(),
                    shape.depth,
                    page,
                    &mut out,
                ) {
                    out.items.push(Item::Table(t));
                    i = end;
                    continue;
                }
            }
            for tb in self.shape_texts(shape, page, &mut out) {
                out.items.push(Item::Text(tb));
            }
        }
        out
    }

    /// The texts of one shape: its textbox, else its WordArt.
    fn shape_texts(&mut self, shape: &Shape<'_>, page: &Page<'_>, out: &mut Texts) -> Vec<TextBox> {
        let mut boxes = Vec::new();
        // OEPlaceholderAtom.placementId of the shape, if it is a placeholder.
        let placeholder = shape.client_data.as_ref().and_then(|d| {
            d.children()
                .find(|c| c.header.record_type == types::PLACEHOLDER_ATOM)
                .map(|c| c.body.get(4).copied().unwrap_or(0))
        });
        // Master title, body, center title, subtitle and notes body
        // placeholders hold prompts, never the deck's text.
        let prompt = placeholder.is_some_and(|p| matches!(p, 1..=4 | 6));
        if let Some(tb) = &shape.client_textbox {
            let numbers = numbering(shape);
            for b in self.textbox(tb, page, &numbers, out) {
                let flat = b.flat();
                if page.master
                    && (prompt || MASTER_PROMPTS.contains(&flat.trim()) || flat.trim() == "*")
                {
                    continue;
                }
                if !flat.is_empty() {
                    boxes.push(b);
                }
            }
        } else if let Some(w) = shape.word_art_text() {
            let w = text::clean(&w);
            if !w.is_empty() {
                boxes.push(TextBox::plain(4, &w));
            }
        }
        boxes
    }

    /// The table of the shapes of a table group (`members`, after the
    /// group's own shape at `depth`): its cells are the shapes at `depth`
    /// with a child anchor, its lines skipped. `None` (read as shapes) when
    /// a shape is nested deeper or the cells make no grid.
    fn table(
        &mut self,
        members: &[Shape<'_>],
        depth: u32,
        page: &Page<'_>,
        out: &mut Texts,
    ) -> Option<table::Table> {
        let mut shapes: Vec<(&Shape<'_>, [i32; 4])> = Vec::new();
        for s in members {
            if s.depth != depth {
                return None;
            }
            if s.is_deleted() || s.shape_type == table::LINE {
                continue;
            }
            shapes.push((s, s.child_anchor?));
        }
        // The grid first, so that cells are read (and warn) once.
        table::rebuild(shapes.iter().map(|(_, a)| (*a, Vec::new())).collect())?;
        let mut cells: Vec<CellShape> = Vec::new();
        for (s, anchor) in shapes {
            // Fields in cells are filled in as anywhere else.
            let boxes = self.shape_texts(s, page, out);
            cells.push((anchor, boxes));
        }
        table::rebuild(cells)
    }

    /// The texts of one ClientTextbox, fields filled in.
    fn textbox(
        &mut self,
        tb: &Record<'_>,
        page: &Page<'_>,
        numbers: &[Option<(u16, u16)>],
        out: &mut Texts,
    ) -> Vec<TextBox> {
        // (text type, text, its StyleTextPropAtom).
        let mut texts: Vec<(u32, String, Option<&[u8]>)> = Vec::new();
        let mut fields: Vec<(u32, u16)> = Vec::new();
        let mut ty = 4;
        for c in tb.children() {
            match c.header.record_type {
                types::TEXT_HEADER_ATOM => ty = le_u32(c.body, 0).unwrap_or(4),
                types::TEXT_CHARS_ATOM | types::TEXT_BYTES_ATOM => {
                    texts.push((ty, text::decode(&c), None));
                }
                types::STYLE_TEXT_PROP_ATOM => {
                    if let Some(t) = texts.last_mut() {
                        t.1 = self.symbols(&t.1, c.body);
                        t.2 = Some(c.body);
                    }
                }
                types::OUTLINE_TEXT_REF_ATOM => {
                    let index = le_u32(c.body, 0).unwrap_or(u32::MAX) as usize;
                    match page.entry.and_then(|e| e.texts.get(index)) {
                        Some((t, s, style)) => {
                            let style = Some(style.as_slice()).filter(|s| !s.is_empty());
                            texts.push((*t, s.clone(), style));
                        }
                        None => self.warn(
                            WarningKind::Record,
                            format!("an OutlineTextRefAtom points to text {index}, which the slide list does not hold"),
                            Some(c.offset),
                        ),
                    }
                }
                types::SLIDE_NUMBER_MC_ATOM
                | types::DATE_TIME_MC_ATOM
                | types::GENERIC_DATE_MC_ATOM
                | types::HEADER_MC_ATOM
                | types::FOOTER_MC_ATOM => {
                    if let Some(p) = le_u32(c.body, 0) {
                        fields.push((p, c.header.record_type));
                    }
                }
                _ => {}
            }
        }
        texts
            .into_iter()
            .map(|(t, s, style)| {
                let marks = text::marks(&s, style, &page.bullets(t), numbers);
                let pieces = fill(&s, &fields, page, out);
                let mut b = TextBox::from_pieces(t, &pieces, &marks);
                b.page_number = s.trim_end_matches('\r') == "*"
                    && fields.contains(&(0, types::SLIDE_NUMBER_MC_ATOM));
                b
            })
            .collect()
    }
}

/// Replaces each `*` at a field position with the field's value
/// (slide number, header, footer, a user-given date) or drops it; the
/// text split at its paragraph marks (`\r`).
fn fill(s: &str, fields: &[(u32, u16)], page: &Page<'_>, out: &mut Texts) -> Vec<String> {
    let hf = page.hf;
    let mut pieces = Vec::new();
    let mut r = String::with_capacity(s.len());
    for (i, ch) in s.chars().enumerate() {
        let field = fields
            .iter()
            .find(|(p, _)| *p as usize == i)
            .map(|f| f.1)
            .filter(|_| ch == '*');
        match field {
            None if ch == '\r' => pieces.push(std::mem::take(&mut r)),
            None => r.push(ch),
            Some(types::SLIDE_NUMBER_MC_ATOM) if page.number > 0 => {
                r.push_str(&page.number.to_string());
            }
            Some(types::HEADER_MC_ATOM) => {
                if let Some(h) = &hf.header {
                    r.push_str(h);
                    out.header_shown = true;
                }
            }
            Some(types::FOOTER_MC_ATOM) => {
                if let Some(f) = &hf.footer {
                    r.push_str(f);
                    out.footer_shown = true;
                }
            }
            Some(types::DATE_TIME_MC_ATOM | types::GENERIC_DATE_MC_ATOM) => {
                if hf.flags & 0x4 != 0
                    && let Some(d) = &hf.user_date
                {
                    r.push_str(d);
                }
            }
            Some(_) => {}
        }
    }
    pieces.push(r);
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn master_bullets_inherit_down_the_levels_and_from_body() {
        // As PowerPoint writes them: Body states a bullet at level 0 only,
        // CenterBody none at every level, HalfBody nothing.
        let mut styles: MasterBullets = vec![Vec::new(); 9];
        styles[1] = vec![Some(true), None, None, None, None];
        styles[5] = vec![Some(false); 5];
        styles[7] = vec![None; 5];
        let hf = HeadersFooters::default();
        let page = Page {
            entry: None,
            hf: &hf,
            number: 1,
            master: false,
            bullets: &styles,
        };
        assert_eq!(page.bullets(1), [Some(true); 5]);
        assert_eq!(page.bullets(7), [Some(true); 5]);
        assert_eq!(page.bullets(5), [Some(false); 5]);
        assert_eq!(page.bullets(4), [None; 5]);
    }
}
