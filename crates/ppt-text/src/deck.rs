//! MS-PPT 2.4.1 DocumentContainer, 2.4.14 SlideListWithTextContainer,
//! 2.5.1 SlideContainer, 2.5.6 NotesContainer, 2.9 text: the deck in
//! presentation order, from the persist directory.

use std::collections::HashMap;

use doc_model::{Block, Builder, Inline, OutputLimits, Part, PartKind};
use office_art::{Record, RecordHeader, Records};
use ole_cfb_read::CompoundFile;

use crate::error::{Error, Warning, WarningKind};
use crate::hf::HeadersFooters;
use crate::persist::{self, Objects};
use crate::record::{le_u32, types, utf16};
use crate::shapes::{MasterBullets, Page};
use crate::style;
use crate::text::{self, Item};
use crate::{Options, Presentation};

/// RT_MainMaster and RT_TextMasterStyleAtom.
const MAIN_MASTER: u16 = 0x03F8;
const TEXT_MASTER_STYLE_ATOM: u16 = 0x0FA3;

/// One SlidePersistAtom of a SlideListWithText and the outline text after it.
#[derive(Debug, Default)]
pub struct ListEntry {
    pub persist_id: u32,
    pub slide_id: u32,
    /// (text type, text, its StyleTextPropAtom) per outline text.
    pub texts: Vec<(u32, String, Vec<u8>)>,
}

pub struct Reader<'a, 'o> {
    pub options: &'o Options,
    pub objects: Objects<'a>,
    warnings: Vec<Warning>,
    /// Where every part is written; it owns the output limit and deadline.
    b: Builder,
    stopped: bool,
    /// FontEntityAtom face names, by font index.
    fonts: Vec<String>,
}

/// Reads the deck of a compound file.
pub fn read(cf: &CompoundFile<'_>, options: &Options) -> Result<Presentation, Error> {
    let stream = if cf.entry("PP97_DUALSTORAGE/PowerPoint Document").is_some() {
        cf.stream("PP97_DUALSTORAGE/PowerPoint Document")?
    } else if cf.entry("PowerPoint Document").is_some() {
        cf.stream("PowerPoint Document")?
    } else {
        return Err(Error::Unsupported(
            "no PowerPoint Document stream (a PowerPoint 4.0 or 95 file?)".into(),
        ));
    };
    let stream: &[u8] = &stream;
    let mut warnings = Vec::new();
    for w in cf.warnings() {
        warnings.push(Warning::new(WarningKind::Container, w.to_string(), None));
    }

    let current = cf
        .stream("Current User")
        .ok()
        .and_then(|cu| persist::current_edit(&cu, &mut warnings));
    let mut encrypted_token = false;
    let first = match current {
        Some((offset, enc))
            if persist::record_body(stream, offset, types::USER_EDIT_ATOM).is_some() =>
        {
            encrypted_token = enc;
            offset
        }
        _ => {
            let last = persist::last_user_edit(stream).ok_or_else(|| {
                if cf.entry("Header").is_some() && cf.entry("PP97_DUALSTORAGE").is_none() {
                    Error::Unsupported(
                        "a PowerPoint 95 deck (a Header stream and no PowerPoint 97 edit chain)"
                            .into(),
                    )
                } else {
                    Error::Corrupt("no Current User edit offset and no UserEditAtom".into())
                }
            })?;
            warnings.push(Warning::new(
                WarningKind::Persist,
                "the Current User stream does not lead to a UserEditAtom; the last one in the stream is used",
                Some(u64::from(last)),
            ));
            last
        }
    };
    let mut dir = persist::directory(stream, first, options.limits.max_edits, &mut warnings)
        .ok_or_else(|| Error::Corrupt("the edit chain holds no UserEditAtom".into()))?;
    dir.encrypted_token = encrypted_token;

    // Encryption: the CryptSession10Container is itself not encrypted.
    let crypt = dir
        .crypt_persist_id
        .and_then(|id| dir.offsets.get(&id).copied())
        .and_then(|off| {
            persist::record_body(stream, off, office_crypto::ppt::CRYPT_SESSION_10_CONTAINER)
        });
    let decryptor = match crypt {
        Some(body) => Some(
            office_crypto::ppt::unlock(body, options.password.as_deref()).map_err(|_| {
                Error::Encrypted {
                    scheme: "RC4 CryptoAPI",
                    password_tried: options.password.is_some(),
                }
            })?,
        ),
        None if dir.encrypted_token => {
            return Err(Error::Encrypted {
                scheme: "unknown",
                password_tried: options.password.is_some(),
            });
        }
        None => None,
    };

    let doc_id = dir.doc_persist_id;
    let mut r = Reader {
        options,
        objects: Objects {
            stream,
            dir,
            decryptor,
        },
        warnings,
        b: Builder::new(
            OutputLimits::new(options.limits.max_output_bytes)
                .with_deadline(options.limits.deadline),
        ),
        stopped: false,
        fonts: Vec::new(),
    };
    let doc = r
        .objects
        .get(doc_id)
        .filter(|d| RecordHeader::parse(d).is_some_and(|h| h.record_type == types::DOCUMENT))
        .ok_or_else(|| {
            Error::Corrupt(format!(
                "docPersistIdRef {doc_id} does not lead to a Document container"
            ))
        })?
        .into_owned();
    let mut pres = Presentation::default();
    pres.metadata = cf.metadata().to_doc_model();
    r.document(&doc, &mut pres.parts);
    if options.embedded {
        r.embedded(cf, &mut pres.embedded);
    }
    r.warnings.truncate(options.limits.max_warnings);
    pres.warnings = r.warnings;
    Ok(pres)
}

impl Reader<'_, '_> {
    pub fn warn(&mut self, kind: WarningKind, message: impl Into<String>, offset: Option<u64>) {
        if self.warnings.len() < self.options.limits.max_warnings {
            self.warnings.push(Warning::new(kind, message, offset));
        }
    }

    /// Whether the output limit or the deadline stops the reading here (a
    /// warning says so once).
    pub fn stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let why = match self.b.limit_reason() {
            Some(why) => Some(why.to_string()),
            None => doc_model::deadline_passed(self.options.limits.deadline)
                .then(|| "the deadline".to_string()),
        };
        if let Some(why) = why {
            self.stopped = true;
            self.warn(
                WarningKind::Limit,
                format!("stopped at {why}; later slides are left out"),
                None,
            );
        }
        self.stopped
    }

    /// A part of `items` (in page order, `text` their plain text): the
    /// blocks through the Builder, the text as it always was (a table's
    /// cells one per line); where the limit cut the blocks, their text.
    fn items_part(
        &mut self,
        kind: PartKind,
        name: String,
        text: String,
        items: &[Item],
        headings: bool,
    ) -> Part {
        let notes = kind == PartKind::Notes;
        for item in items {
            item.write(&mut self.b, headings, notes);
        }
        self.finish(kind, name, text)
    }

    /// A part of one plain string (a footer, a comment): one paragraph.
    fn text_part(&mut self, kind: PartKind, name: String, text: String) -> Part {
        self.b.text(&text);
        self.b.end_paragraph();
        self.finish(kind, name, text)
    }

    fn finish(&mut self, kind: PartKind, name: String, text: String) -> Part {
        let mut blocks = self.b.take_blocks();
        if blocks.is_empty() && !text.is_empty() {
            // A notes page with only its page number: an empty paragraph
            // (a part without blocks would be read as its text's lines).
            blocks.push(Block::Paragraph {
                content: Inline::default(),
            });
        }
        let mut part = Part::from_blocks(kind, blocks).with_name(name);
        if self.b.stopped() {
            let keep = part.text.trim_end_matches('\n').len();
            part.text.truncate(keep);
        } else {
            part.text = text;
        }
        part
    }

    /// The bullets of each main master's text styles (TextMasterStyleAtom
    /// per text type), by the master's slide id.
    fn master_bullets(&mut self, masters: &[ListEntry]) -> HashMap<u32, MasterBullets> {
        let mut out = HashMap::new();
        for entry in masters {
            let Some(obj) = self.objects.get(entry.persist_id) else {
                continue;
            };
            let Some(rec) = Records::new(&obj).next() else {
                continue;
            };
            if rec.header.record_type != MAIN_MASTER {
                continue;
            }
            let mut bullets: MasterBullets = vec![Vec::new(); 9];
            for c in rec
                .children()
                .filter(|c| c.header.record_type == TEXT_MASTER_STYLE_ATOM)
            {
                if let Some(slot) = bullets.get_mut(usize::from(c.header.instance)) {
                    *slot = style::master_bullets(c.body, c.header.instance);
                }
            }
            out.insert(entry.slide_id, bullets);
        }
        out
    }

    fn document(&mut self, doc: &[u8], parts: &mut Vec<Part>) {
        let Some(root) = Records::new(doc).next() else {
            return;
        };
        for env in root
            .children()
            .filter(|c| c.header.record_type == types::ENVIRONMENT)
        {
            for fc in env
                .children()
                .filter(|c| c.header.record_type == types::FONT_COLLECTION)
            {
                self.fonts = fc
                    .children()
                    .filter(|c| c.header.record_type == types::FONT_ENTITY_ATOM)
                    .map(|c| style::font_name(c.body))
                    .collect();
            }
        }
        let mut lists: [Vec<ListEntry>; 3] = Default::default();
        let mut slide_hf = HeadersFooters::default();
        let mut notes_hf = HeadersFooters::default();
        for c in root.children() {
            match c.header.record_type {
                types::SLIDE_LIST_WITH_TEXT => {
                    let i = usize::from(c.header.instance);
                    if let Some(list) = lists.get_mut(i)
                        && list.is_empty()
                    {
                        *list = self.slide_list(&c);
                    }
                }
                types::HEADERS_FOOTERS => match c.header.instance {
                    3 => slide_hf = HeadersFooters::parse(&c),
                    4 => notes_hf = HeadersFooters::parse(&c),
                    _ => {}
                },
                _ => {}
            }
        }
        let [slides, masters, notes] = lists;
        let notes_by_id: HashMap<u32, &ListEntry> = notes.iter().map(|n| (n.slide_id, n)).collect();
        let master_bullets = self.master_bullets(&masters);
        let first_bullets = masters
            .iter()
            .find_map(|m| master_bullets.get(&m.slide_id))
            .cloned()
            .unwrap_or_default();

        for (i, entry) in slides.iter().enumerate() {
            if self.stop() {
                return;
            }
            let number = i + 1;
            let name = number.to_string();
            let Some(obj) = self.objects.get(entry.persist_id) else {
                self.warn(
                    WarningKind::Slide,
                    format!(
                        "slide {number}: persist id {} is not in the directory or outside the stream; its outline text is used",
                        entry.persist_id
                    ),
                    None,
                );
                let page = Page {
                    entry: Some(entry),
                    hf: &slide_hf,
                    number,
                    master: false,
                    bullets: &first_bullets,
                };
                let (text, items) = text::order(outline_items(&page), true);
                if !text.is_empty() {
                    let part = self.items_part(PartKind::Slide, name, text, &items, true);
                    parts.push(part);
                }
                continue;
            };
            let obj = obj.into_owned();
            let Some(slide) = Records::new(&obj).next() else {
                continue;
            };
            let atom = slide
                .children()
                .find(|c| c.header.record_type == types::SLIDE_ATOM);
            // SlideAtom.masterIdRef and notesIdRef.
            let master_ref = atom.as_ref().and_then(|a| le_u32(a.body, 12)).unwrap_or(0);
            let notes_ref = atom.as_ref().and_then(|a| le_u32(a.body, 16)).unwrap_or(0);
            let bullets = master_bullets.get(&master_ref).unwrap_or(&first_bullets);
            let hf = HeadersFooters::of_page(&slide, &slide_hf);
            let page = Page {
                entry: Some(entry),
                hf: &hf,
                number,
                master: false,
                bullets,
            };
            let mut texts = self.drawing_texts(&slide, &page);
            if texts.items.is_empty() {
                texts.items = outline_items(&page);
            }
            let (text, items) = text::order(std::mem::take(&mut texts.items), true);
            let part = self.items_part(PartKind::Slide, name.clone(), text, &items, true);
            parts.push(part);
            if let [_, Some(footer)] = hf.not_shown(&texts) {
                let part = self.text_part(PartKind::Footer, name.clone(), footer);
                parts.push(part);
            }
            self.comments(&slide, number, parts, 0);

            // The notes page of this slide.
            if notes_ref == 0 {
                continue;
            }
            let Some(n) = notes_by_id.get(&notes_ref) else {
                continue;
            };
            let Some(nobj) = self.objects.get(n.persist_id) else {
                self.warn(
                    WarningKind::Slide,
                    format!(
                        "notes of slide {number}: persist id {} cannot be read",
                        n.persist_id
                    ),
                    None,
                );
                continue;
            };
            let nobj = nobj.into_owned();
            let Some(nrec) = Records::new(&nobj).next() else {
                continue;
            };
            let nhf = HeadersFooters::of_page(&nrec, &notes_hf);
            let page = Page {
                entry: Some(n),
                hf: &nhf,
                number,
                master: false,
                bullets,
            };
            let mut nt = self.drawing_texts(&nrec, &page);
            let (text, items) = text::order(std::mem::take(&mut nt.items), false);
            let [header, footer] = nhf.not_shown(&nt);
            if let Some(h) = header {
                let part = self.text_part(PartKind::Header, name.clone(), h);
                parts.push(part.with_attribute("of", "notes"));
            }
            if !text.is_empty() {
                let part = self.items_part(PartKind::Notes, name.clone(), text, &items, false);
                parts.push(part);
            }
            if let Some(f) = footer {
                let part = self.text_part(PartKind::Footer, name, f);
                parts.push(part.with_attribute("of", "notes"));
            }
        }

        for (i, entry) in masters.iter().enumerate() {
            if self.stop() {
                return;
            }
            let Some(obj) = self.objects.get(entry.persist_id) else {
                continue;
            };
            let obj = obj.into_owned();
            let Some(rec) = Records::new(&obj).next() else {
                continue;
            };
            let page = Page {
                entry: Some(entry),
                hf: &slide_hf,
                number: 0,
                master: true,
                bullets: &[],
            };
            let texts = self.drawing_texts(&rec, &page);
            let (text, items) = text::order(texts.items, false);
            if !text.is_empty() {
                let name = (i + 1).to_string();
                let part = self.items_part(PartKind::Master, name, text, &items, false);
                parts.push(part);
            }
        }
    }

    /// The SlidePersistAtoms of a SlideListWithText with their outline text.
    fn slide_list(&mut self, list: &Record<'_>) -> Vec<ListEntry> {
        let mut out: Vec<ListEntry> = Vec::new();
        let mut text_type = 4;
        for c in list.children() {
            if c.truncated {
                self.warn(
                    WarningKind::Record,
                    format!(
                        "record 0x{:04X} runs past its SlideListWithText",
                        c.header.record_type
                    ),
                    Some(c.offset),
                );
            }
            match c.header.record_type {
                types::SLIDE_PERSIST_ATOM => {
                    if out.len() as u64 >= self.options.limits.max_slides {
                        self.warn(
                            WarningKind::Limit,
                            format!(
                                "more than {} slides; the rest are left out",
                                self.options.limits.max_slides
                            ),
                            Some(c.offset),
                        );
                        break;
                    }
                    out.push(ListEntry {
                        persist_id: le_u32(c.body, 0).unwrap_or(0),
                        slide_id: le_u32(c.body, 12).unwrap_or(0),
                        texts: Vec::new(),
                    });
                }
                types::TEXT_HEADER_ATOM => {
                    text_type = le_u32(c.body, 0).unwrap_or(4);
                    if let Some(e) = out.last_mut() {
                        e.texts.push((text_type, String::new(), Vec::new()));
                    }
                }
                types::STYLE_TEXT_PROP_ATOM => {
                    if let Some(t) = out.last_mut().and_then(|e| e.texts.last_mut()) {
                        t.1 = self.symbols(&t.1, c.body);
                        t.2 = c.body.to_vec();
                    }
                }
                types::TEXT_CHARS_ATOM | types::TEXT_BYTES_ATOM => {
                    let s = text::decode(&c);
                    if let Some(e) = out.last_mut() {
                        match e.texts.last_mut() {
                            Some(t) if t.1.is_empty() => t.1 = s,
                            _ => e.texts.push((text_type, s, Vec::new())),
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// `text` with its Symbol-font characters as Unicode, per the
    /// StyleTextPropAtom `style` that follows it.
    pub fn symbols(&self, text: &str, style: &[u8]) -> String {
        if !self.fonts.iter().any(|f| f == "Symbol")
            || !text.chars().any(|c| ('\u{F020}'..='\u{F0FF}').contains(&c))
        {
            return text.to_string();
        }
        let len = text.encode_utf16().count();
        style::map_symbol(text, &style::font_runs(style, len), &self.fonts)
    }

    /// Comment10 containers anywhere in a slide's program tags.
    fn comments(&mut self, rec: &Record<'_>, number: usize, parts: &mut Vec<Part>, depth: u32) {
        if depth > 8 {
            return;
        }
        for c in rec.children() {
            if c.header.record_type == types::COMMENT10 {
                let mut author = None;
                let mut text = String::new();
                for s in c.children() {
                    if s.header.record_type == types::CSTRING {
                        match s.header.instance {
                            0 => author = Some(utf16(s.body)),
                            1 => text = text::clean(&utf16(s.body)),
                            _ => {}
                        }
                    }
                }
                // The author's name with the text, as POI's and Tika's
                // extractors print a slide comment (`Author - text`): a
                // reader of the text sees who wrote it, as in an Excel
                // comment, whose text starts with its author.
                let author = author.filter(|a| !a.trim().is_empty());
                let shown = match &author {
                    Some(a) if !text.is_empty() => format!("{} - {text}", a.trim()),
                    _ => text,
                };
                let mut part = self.text_part(PartKind::Comment, number.to_string(), shown);
                if let Some(a) = author {
                    part = part.with_attribute("author", a);
                }
                parts.push(part);
            } else if c.header.is_container() || c.header.record_type == types::BINARY_TAG_DATA_BLOB
            {
                self.comments(&c, number, parts, depth + 1);
            }
        }
    }
}

/// The outline text of a page's SlideListWithText entry, as text boxes.
fn outline_items(page: &Page<'_>) -> Vec<Item> {
    page.entry
        .map(|e| {
            e.texts
                .iter()
                .map(|(ty, text, style)| Item::Text(page.outline_box(*ty, text, style)))
                .collect()
        })
        .unwrap_or_default()
}
