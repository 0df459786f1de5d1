//! MS-PPT 2.4.1 DocumentContainer, 2.4.14 SlideListWithTextContainer,
//! 2.5.1 SlideContainer, 2.5.6 NotesContainer, 2.9 text: the deck in
//! presentation order, from the persist directory.

use std::collections::HashMap;

use doc_model::{EmbeddedFile, EmbeddedKind, Part, PartKind};
use office_art::{Drawing, Record, RecordHeader, Records};
use ole_cfb_read::CompoundFile;

use crate::error::{Error, Warning, WarningKind};
use crate::persist::{self, Objects};
use crate::record::{latin1, le_u16, le_u32, types, utf16};
use crate::style;
use crate::{Options, Presentation};

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

/// `TextHeaderAtom.textType` values of titles (Tx_TYPE_TITLE, Tx_TYPE_CENTERTITLE).
fn is_title(text_type: u32) -> bool {
    text_type == 0 || text_type == 6
}

/// One SlidePersistAtom of a SlideListWithText and the outline text after it.
#[derive(Debug, Default)]
struct ListEntry {
    persist_id: u32,
    slide_id: u32,
    texts: Vec<(u32, String)>,
}

/// HeadersFooters: flags and the date, header and footer strings.
#[derive(Debug, Default, Clone)]
struct HeadersFooters {
    flags: u16,
    user_date: Option<String>,
    header: Option<String>,
    footer: Option<String>,
}

impl HeadersFooters {
    fn parse(rec: &Record<'_>) -> HeadersFooters {
        let mut hf = HeadersFooters::default();
        for c in rec.children() {
            match c.header.record_type {
                types::HEADERS_FOOTERS_ATOM => hf.flags = le_u16(c.body, 2).unwrap_or(0),
                types::CSTRING => {
                    let s = Some(utf16(c.body));
                    match c.header.instance {
                        0 => hf.user_date = s,
                        1 => hf.header = s,
                        2 => hf.footer = s,
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        hf
    }

    /// The HeadersFooters of a slide or notes page: its own, which
    /// overrides the document's `default`, else that one.
    fn of_page(page: &Record<'_>, default: &HeadersFooters) -> HeadersFooters {
        page.children()
            .find(|c| c.header.record_type == types::HEADERS_FOOTERS)
            .map_or_else(|| default.clone(), |c| HeadersFooters::parse(&c))
    }

    /// The header and the footer that are switched on, not empty and not
    /// shown by a placeholder of the page (`texts`), cleaned.
    fn not_shown(&self, texts: &Texts) -> [Option<String>; 2] {
        let left = |s: &Option<String>, flag: u16, shown: bool| {
            s.as_deref()
                .filter(|s| self.flags & flag != 0 && !shown && !s.is_empty())
                .map(clean)
        };
        [
            left(&self.header, 0x10, texts.header_shown),
            left(&self.footer, 0x20, texts.footer_shown),
        ]
    }
}

/// What the textboxes of one slide, notes page or master gave.
#[derive(Debug, Default)]
struct Texts {
    /// (text type, text) per textbox, in shape order.
    boxes: Vec<(u32, String)>,
    /// Whether a header or footer field was filled in from HeadersFooters.
    header_shown: bool,
    footer_shown: bool,
}

struct Reader<'a, 'o> {
    options: &'o Options,
    objects: Objects<'a>,
    warnings: Vec<Warning>,
    output: u64,
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
        output: 0,
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
    let mut pres = Presentation {
        parts: Vec::new(),
        metadata: cf.metadata().to_doc_model(),
        embedded: Vec::new(),
        warnings: Vec::new(),
    };
    r.document(&doc, &mut pres.parts);
    if options.embedded {
        r.embedded(cf, &mut pres.embedded);
    }
    r.warnings.truncate(options.limits.max_warnings);
    pres.warnings = r.warnings;
    Ok(pres)
}

impl Reader<'_, '_> {
    fn warn(&mut self, kind: WarningKind, message: impl Into<String>, offset: Option<u64>) {
        if self.warnings.len() < self.options.limits.max_warnings {
            self.warnings.push(Warning::new(kind, message, offset));
        }
    }

    /// Whether a limit stops the reading here (a warning says so once).
    fn stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let limits = &self.options.limits;
        let why = doc_model::limit_reached(
            self.output,
            limits.max_output_bytes,
            "bytes of text",
            limits.deadline,
        );
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

    fn push(&mut self, parts: &mut Vec<Part>, part: Part) {
        self.output = self.output.saturating_add(part.text.len() as u64);
        parts.push(part);
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

        for (i, entry) in slides.iter().enumerate() {
            if self.stop() {
                return;
            }
            let number = i + 1;
            let Some(obj) = self.objects.get(entry.persist_id) else {
                self.warn(
                    WarningKind::Slide,
                    format!(
                        "slide {number}: persist id {} is not in the directory or outside the stream; its outline text is used",
                        entry.persist_id
                    ),
                    None,
                );
                let text = join_boxes(&entry.texts, true);
                if !text.is_empty() {
                    self.push(
                        parts,
                        Part::named(PartKind::Slide, number.to_string(), text),
                    );
                }
                continue;
            };
            let obj = obj.into_owned();
            let Some(slide) = Records::new(&obj).next() else {
                continue;
            };
            let hf = HeadersFooters::of_page(&slide, &slide_hf);
            let mut texts = self.drawing_texts(&slide, Some(entry), &hf, number, false);
            if texts.boxes.is_empty() {
                texts.boxes = entry.texts.clone();
            }
            let text = join_boxes(&texts.boxes, true);
            self.push(
                parts,
                Part::named(PartKind::Slide, number.to_string(), text),
            );
            if let [_, Some(footer)] = hf.not_shown(&texts) {
                self.push(
                    parts,
                    Part::named(PartKind::Footer, number.to_string(), footer),
                );
            }
            self.comments(&slide, number, parts, 0);

            // The notes page of this slide (SlideAtom.notesIdRef).
            let notes_ref = slide
                .children()
                .find(|c| c.header.record_type == types::SLIDE_ATOM)
                .and_then(|a| le_u32(a.body, 16))
                .unwrap_or(0);
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
            let nt = self.drawing_texts(&nrec, Some(n), &nhf, number, false);
            let text = join_boxes(&nt.boxes, false);
            let [header, footer] = nhf.not_shown(&nt);
            let name = number.to_string();
            if let Some(h) = header {
                self.push(
                    parts,
                    Part::named(PartKind::Header, name.clone(), h).with_attribute("of", "notes"),
                );
            }
            if !text.is_empty() {
                self.push(parts, Part::named(PartKind::Notes, name.clone(), text));
            }
            if let Some(f) = footer {
                self.push(
                    parts,
                    Part::named(PartKind::Footer, name, f).with_attribute("of", "notes"),
                );
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
            let texts = self.drawing_texts(&rec, Some(entry), &slide_hf, 0, true);
            let text = join_boxes(&texts.boxes, false);
            if !text.is_empty() {
                self.push(
                    parts,
                    Part::named(PartKind::Master, (i + 1).to_string(), text),
                );
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
                        e.texts.push((text_type, String::new()));
                    }
                }
                types::STYLE_TEXT_PROP_ATOM => {
                    if let Some(t) = out.last_mut().and_then(|e| e.texts.last_mut()) {
                        t.1 = self.symbols(&t.1, c.body);
                    }
                }
                types::TEXT_CHARS_ATOM | types::TEXT_BYTES_ATOM => {
                    let s = decode(&c);
                    if let Some(e) = out.last_mut() {
                        match e.texts.last_mut() {
                            Some(t) if t.1.is_empty() => t.1 = s,
                            _ => e.texts.push((text_type, s)),
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
    fn symbols(&self, text: &str, style: &[u8]) -> String {
        if !self.fonts.iter().any(|f| f == "Symbol")
            || !text.chars().any(|c| ('\u{F020}'..='\u{F0FF}').contains(&c))
        {
            return text.to_string();
        }
        let len = text.encode_utf16().count();
        style::map_symbol(text, &style::font_runs(style, len), &self.fonts)
    }

    /// The text of every textbox of the drawing of a slide, notes page or master.
    fn drawing_texts(
        &mut self,
        container: &Record<'_>,
        entry: Option<&ListEntry>,
        hf: &HeadersFooters,
        number: usize,
        master: bool,
    ) -> Texts {
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
        for shape in &drawing.shapes {
            if shape.is_deleted() {
                continue;
            }
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
                for (ty, text) in self.textbox(tb, entry, hf, number, &mut out) {
                    if master
                        && (prompt || MASTER_PROMPTS.contains(&text.trim()) || text.trim() == "*")
                    {
                        continue;
                    }
                    if !text.is_empty() {
                        out.boxes.push((ty, text));
                    }
                }
            } else if let Some(w) = shape.word_art_text() {
                let w = clean(&w);
                if !w.is_empty() {
                    out.boxes.push((4, w));
                }
            }
        }
        out
    }

    /// The texts of one ClientTextbox, fields filled in.
    fn textbox(
        &mut self,
        tb: &Record<'_>,
        entry: Option<&ListEntry>,
        hf: &HeadersFooters,
        number: usize,
        out: &mut Texts,
    ) -> Vec<(u32, String)> {
        let mut texts: Vec<(u32, String)> = Vec::new();
        let mut fields: Vec<(u32, u16)> = Vec::new();
        let mut ty = 4;
        for c in tb.children() {
            match c.header.record_type {
                types::TEXT_HEADER_ATOM => ty = le_u32(c.body, 0).unwrap_or(4),
                types::TEXT_CHARS_ATOM | types::TEXT_BYTES_ATOM => texts.push((ty, decode(&c))),
                types::STYLE_TEXT_PROP_ATOM => {
                    if let Some(t) = texts.last_mut() {
                        t.1 = self.symbols(&t.1, c.body);
                    }
                }
                types::OUTLINE_TEXT_REF_ATOM => {
                    let index = le_u32(c.body, 0).unwrap_or(u32::MAX) as usize;
                    match entry.and_then(|e| e.texts.get(index)) {
                        Some((t, s)) => texts.push((*t, s.clone())),
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
            .map(|(t, s)| (t, self.fill(&s, &fields, hf, number, out)))
            .collect()
    }

    /// Replaces each `*` at a field position with the field's value
    /// (slide number, header, footer, a user-given date) or drops it.
    fn fill(
        &mut self,
        s: &str,
        fields: &[(u32, u16)],
        hf: &HeadersFooters,
        number: usize,
        out: &mut Texts,
    ) -> String {
        let mut r = String::with_capacity(s.len());
        for (i, ch) in s.chars().enumerate() {
            let field = fields
                .iter()
                .find(|(p, _)| *p as usize == i)
                .map(|f| f.1)
                .filter(|_| ch == '*');
            match field {
                None => r.push(ch),
                Some(types::SLIDE_NUMBER_MC_ATOM) if number > 0 => {
                    r.push_str(&number.to_string());
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
        clean(&r)
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
                            1 => text = clean(&utf16(s.body)),
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
                let mut part = Part::named(PartKind::Comment, number.to_string(), shown);
                if let Some(a) = author {
                    part = part.with_attribute("author", a);
                }
                self.push(parts, part);
            } else if c.header.is_container() || c.header.record_type == types::BINARY_TAG_DATA_BLOB
            {
                self.comments(&c, number, parts, depth + 1);
            }
        }
    }

    /// Pictures of the `Pictures` stream and OLE objects (ExOleObjStg).
    fn embedded(&mut self, cf: &CompoundFile<'_>, out: &mut Vec<EmbeddedFile>) {
        let mut total: u64 = 0;
        let cap = self.options.limits.max_embedded_bytes;
        let pictures = if self.options.images {
            cf.stream("Pictures").ok()
        } else {
            None
        };
        if let Some(pictures) = pictures {
            let mut art = office_art::Options::default();
            art.limits.max_blip_size = cap;
            art.limits.deadline = self.options.limits.deadline;
            let store = office_art::BStore::from_file_blocks(&pictures, 0, None, &art);
            for w in &store.warnings {
                self.warn(
                    WarningKind::Embedded,
                    format!("Pictures: {}", w.message),
                    w.offset,
                );
            }
            for (pib, blip) in store.blips() {
                let name = format!("image{pib}.{}", blip.extension);
                let file =
                    EmbeddedFile::new(format!("/{name}"), EmbeddedKind::Image, blip.data.clone())
                        .with_name(name)
                        .with_media_type(blip.media_type);
                if !self.keep_embedded(file, &mut total, out) {
                    return;
                }
            }
        }
        let ids: Vec<u32> = self.objects.dir.offsets.keys().copied().collect();
        for id in ids {
            if self.stop() {
                return;
            }
            let Some(obj) = self.objects.get(id) else {
                continue;
            };
            let Some(h) = RecordHeader::parse(&obj) else {
                continue;
            };
            if h.record_type != types::EX_OLE_OBJ_STG {
                continue;
            }
            let body = obj.get(8..).unwrap_or_default();
            let data = if h.instance == 1 {
                let Some(size) = le_u32(body, 0) else {
                    continue;
                };
                let limit = (cap.saturating_sub(total)).min(u64::from(size)) as usize;
                match miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(
                    body.get(4..).unwrap_or_default(),
                    limit,
                ) {
                    Ok(d) => d,
                    Err(e) => {
                        self.warn(
                            WarningKind::Embedded,
                            format!(
                                "OLE object {id}: cannot be inflated ({:?}); left out",
                                e.status
                            ),
                            None,
                        );
                        continue;
                    }
                }
            } else {
                body.to_vec()
            };
            let file = self.ole_object(id, data);
            if !self.keep_embedded(file, &mut total, out) {
                return;
            }
        }
    }

    /// An ExOleObjStg's bytes — a compound file — unwrapped by
    /// `ole-cfb-read` as `.doc`, `.xls` and docx objects are: an OLE 1.0
    /// package gives the packaged file under its own name
    /// (`/ole5/report.pdf`), an OOXML or ODF package its zip, a workbook or
    /// document the compound file as it is (`/ole5/object.xls`). Bytes that
    /// do not open as a compound file stay as they are (`/ole5.ole`).
    fn ole_object(&mut self, id: u32, data: Vec<u8>) -> EmbeddedFile {
        if data.starts_with(&ole_cfb_read::SIGNATURE) {
            match CompoundFile::open(&data).and_then(|cf| cf.embedded_object("")) {
                Ok(mut object) => {
                    for w in std::mem::take(&mut object.warnings) {
                        self.warn(WarningKind::Embedded, format!("OLE object {id}: {w}"), None);
                    }
                    return object.into_embedded_file(&format!("/ole{id}"));
                }
                Err(e) => self.warn(
                    WarningKind::Embedded,
                    format!("OLE object {id}: not unwrapped ({e}); kept as it is"),
                    None,
                ),
            }
        }
        let name = format!("ole{id}.ole");
        EmbeddedFile::new(format!("/{name}"), EmbeddedKind::OleObject, data).with_name(name)
    }

    /// Adds `file` to `out` and its size to `total`, unless that passes the
    /// limit on embedded bytes: then warns and returns `false`.
    fn keep_embedded(
        &mut self,
        file: EmbeddedFile,
        total: &mut u64,
        out: &mut Vec<EmbeddedFile>,
    ) -> bool {
        let cap = self.options.limits.max_embedded_bytes;
        *total = total.saturating_add(file.data.len() as u64);
        if *total > cap {
            self.warn(
                WarningKind::Limit,
                format!("embedded files pass {cap} bytes; the rest are left out"),
                None,
            );
            return false;
        }
        out.push(file);
        true
    }
}

/// The text of a TextCharsAtom or TextBytesAtom.
fn decode(rec: &Record<'_>) -> String {
    if rec.header.record_type == types::TEXT_CHARS_ATOM {
        utf16(rec.body)
    } else {
        latin1(rec.body)
    }
}

/// PowerPoint text as plain text: `\r` and vertical tab become line
/// breaks, other control characters go, trailing breaks are trimmed.
fn clean(s: &str) -> String {
    let mut r = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '\r' | '\u{0B}' | '\n' => r.push('\n'),
            '\t' => r.push('\t'),
            c if c.is_control() => {}
            c => r.push(c),
        }
    }
    let trimmed = r.trim_end_matches('\n').len();
    r.truncate(trimmed);
    r
}

/// Joins textbox texts, titles first when `title_first`.
fn join_boxes(boxes: &[(u32, String)], title_first: bool) -> String {
    let mut order: Vec<&(u32, String)> = boxes.iter().filter(|b| !b.1.is_empty()).collect();
    if title_first {
        order.sort_by_key(|b| !is_title(b.0));
    }
    let texts: Vec<String> = order.iter().map(|b| clean(&b.1)).collect();
    texts.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_turns_breaks_into_lines_and_drops_controls() {
        assert_eq!(clean("a\rb\u{0B}c\u{1}\r\r"), "a\nb\nc");
    }

    #[test]
    fn titles_come_first() {
        let boxes = vec![
            (1, "body".to_string()),
            (0, "title".to_string()),
            (4, String::new()),
        ];
        assert_eq!(join_boxes(&boxes, true), "title\nbody");
        assert_eq!(join_boxes(&boxes, false), "body\ntitle");
    }
}
