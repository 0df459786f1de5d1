//! `msdoc-text`: the text of Word 97–2003 and Word 6/95 `.doc` files.
//!
//! Given the raw bytes of the streams of a Word binary document (the
//! `WordDocument` stream, the `0Table`/`1Table` table stream and the `Data`
//! stream), [`WordDocument::parse`] reads the FIB (MS-DOC 2.5.1), the piece
//! table from the CLX — always, whether or not `fComplex` claims a fast
//! save — and returns each story (main text, footnotes, headers, comments,
//! endnotes, text boxes) as clean text:
//!
//! * compressed (cp1252) and UTF-16 pieces, surrogate pairs intact;
//! * paragraph marks, line and page breaks as newlines; table cells as tabs
//!   and row ends (`fTtp` from the PAPX FKPs) as newlines;
//! * fields reduced to their results, nested fields too;
//! * object anchors, footnote and comment references dropped; deleted
//!   (`fRMarkDel`) and hidden (`fVanish`) text left out and `fCaps` text
//!   capitalised, from the CHPX FKPs;
//! * Word 6/95 8-bit text decoded with the code page of the document's
//!   language id (or its fonts' charset, or [`Options::legacy_code_page`]).
//!
//! In `doc-model` terms ([`WordDocument::parts`], [`WordDocument::embedded`]):
//! every header and footer (per section, even/default/first), footnote,
//! endnote, comment (with its author) and text box is a [`Part`] of its own;
//! pictures — inline ones (a `PICF` in the `Data` stream) and floating ones
//! (the BLIP store of `OfficeArtContent`, their bytes in the `WordDocument`
//! stream), decoded by `office-art` — and, read from a compound file, the
//! `ObjectPool` objects (unwrapped by `ole-cfb-read`) are [`EmbeddedFile`]s.
//! A table stream cut short still gives the text: the pieces that survive,
//! or the text between `fcMin` and `fcMac` when the CLX itself is lost,
//! with a warning.
//!
//! The main text's part also carries its structure as `doc-model` blocks
//! ([`Options::structure`]): headings from the paragraph's outline level or
//! its style (the stylesheet's built-in heading styles, through
//! `istdBase`), list items with the labels the text shows, and tables with
//! header rows and the column and row spans of merged cells (MS-DOC 2.4.3,
//! `sprmTDefTable`); the part's text stays the flat text.
//!
//! It does **not** parse the OLE compound file itself (that is
//! `ole-cfb-read`'s job; [`WordDocument::from_compound_file`] reads the
//! streams, the summary property sets and the `ObjectPool` through it),
//! decrypt (an encrypted document is [`Error::Encrypted`]), extract the
//! embedded files' own text (the caller recurses), or keep formatting
//! beyond what changes the text.
//! Word 6/95 character and paragraph properties (8-bit sprms) are not read.
//!
//! ```
//! use msdoc_text::{Options, Story, WordDocument};
//! use ole_cfb_read::CompoundFile;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // A Word 97 document with one compressed (cp1252) piece, from fixtures/doc.
//! let data = include_bytes!("../../../fixtures/doc/compressed.doc");
//! let cf = CompoundFile::open(data)?;
//! let doc = WordDocument::from_compound_file(&cf, &Options::default())?;
//! assert!(doc.story(Story::Main).starts_with("“Quoted” text – with cp1252 exceptions"));
//! assert!(doc.text().contains("Œuvre ™"));
//! assert_eq!(doc.parts()[0].kind, msdoc_text::PartKind::Body);
//! assert!(doc.embedded().is_empty());
//! # Ok(())
//! # }
//! ```
#![forbid(unsafe_code)]

mod bytes;
mod clx;
mod codepage;
mod compound;
mod error;
mod fib;
mod fkp;
mod lst;
mod pap;
mod picture;
mod stories;
mod structure;
mod stsh;
mod text;

pub use clx::{Piece, PieceTable};
pub use codepage::code_page_for_lid;
pub use doc_model::{EmbeddedFile, EmbeddedKind, Metadata, Part, PartKind};
pub use encoding_rs::Encoding;
pub use error::{Error, Warning, WarningKind};
pub use fib::{Fib, Version};
/// The encoding of a Windows code page number (as `legacy_code_page` or a
/// language id gives it), `None` if `encoding_rs` has no equivalent.
pub use ole_cfb_read::codepage::encoding as encoding_for_code_page;

use bytes::slice_at;
use fkp::{Kind, Runs};

/// The streams of a Word document, as raw bytes.
#[derive(Debug, Clone, Copy, Default)]
pub struct Streams<'a> {
    /// The `WordDocument` stream (FIB, text, FKPs).
    pub word_document: &'a [u8],
    /// The `0Table` stream, if present.
    pub table0: Option<&'a [u8]>,
    /// The `1Table` stream, if present.
    pub table1: Option<&'a [u8]>,
    /// The `Data` stream, if present (huge paragraph properties).
    pub data: Option<&'a [u8]>,
}

/// Caps on what a document may make the parser do.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Most characters (CPs) assembled over all stories; more is cut with a warning.
    pub max_chars: u64,
    /// Most pieces in the piece table; more is [`Error::LimitExceeded`].
    pub max_pieces: usize,
    /// Most FKP pages per bin table; more and formatting is ignored with a warning.
    pub max_fkp_pages: usize,
    /// Deepest field nesting followed; deeper fields are dropped whole.
    pub max_field_depth: usize,
    /// The moment after which piece assembly stops, keeping the characters
    /// read so far, with a [`WarningKind::Limit`] warning
    /// (`limit reached: deadline (limit 0)`) (default none).
    pub deadline: Option<std::time::Instant>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_chars: 1 << 28,
            max_pieces: 1 << 20,
            max_fkp_pages: 1 << 20,
            max_field_depth: 64,
            deadline: None,
        }
    }
}

/// How to parse.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Caps on the work done.
    pub limits: Limits,
    /// The Windows code page of Word 6/95 8-bit text, if known from
    /// elsewhere (for example the property sets' `PIDSI_CODEPAGE`); by
    /// default it comes from the language id, then the font table.
    pub legacy_code_page: Option<u16>,
    /// Whether to decode the pictures and unwrap the `ObjectPool` objects
    /// into [`WordDocument::embedded`] (default `true`). Off, the text and
    /// the parts cost less: no BLIP is inflated, no storage copied.
    pub embedded: bool,
    /// With [`embedded`](Self::embedded), whether the pictures are decoded
    /// too (default `true`); off, only the `ObjectPool` objects are.
    pub images: bool,
    /// Whether the main text's part gets its structure — headings, list
    /// items, tables — as [`Part::blocks`] (default `true`); off, the part
    /// holds the text alone (as lines of paragraphs).
    pub structure: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            limits: Limits::default(),
            legacy_code_page: None,
            embedded: true,
            images: true,
            structure: true,
        }
    }
}

/// The stories of a document, in the order their CPs follow each other
/// (MS-DOC 2.4.1: main, footnote, header, macro, annotation, endnote,
/// textbox, header textbox).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Story {
    /// The main document (`ccpText`).
    Main = 0,
    /// Footnotes (`ccpFtn`).
    Footnote = 1,
    /// Headers and footers (`ccpHdd`).
    Header = 2,
    /// The macro story (`ccpMcr`, unused since Word 97).
    Macro = 3,
    /// Comments (`ccpAtn`).
    Annotation = 4,
    /// Endnotes (`ccpEdn`).
    Endnote = 5,
    /// Text boxes of the main document (`ccpTxbx`).
    Textbox = 6,
    /// Text boxes of headers and footers (`ccpHdrTxbx`).
    HeaderTextbox = 7,
}

impl Story {
    /// All stories in CP order.
    pub const ALL: [Story; 8] = [
        Story::Main,
        Story::Footnote,
        Story::Header,
        Story::Macro,
        Story::Annotation,
        Story::Endnote,
        Story::Textbox,
        Story::HeaderTextbox,
    ];

    /// The order of [`WordDocument::text`]: main, headers/footers,
    /// footnotes, endnotes, comments, text boxes.
    pub const TEXT_ORDER: [Story; 7] = [
        Story::Main,
        Story::Header,
        Story::Footnote,
        Story::Endnote,
        Story::Annotation,
        Story::Textbox,
        Story::HeaderTextbox,
    ];
}

/// The text of a parsed Word document.
#[derive(Debug, Clone)]
pub struct WordDocument {
    fib: Fib,
    pieces: PieceTable,
    stories: [String; 8],
    encoding: Option<&'static Encoding>,
    objects: Vec<OleObject>,
    parts: Vec<Part>,
    embedded: Vec<EmbeddedFile>,
    metadata: Metadata,
    warnings: Vec<Warning>,
}

/// An embedded OLE object anchored in the text (a character with `fOle2`
/// and `sprmCPicLocation`). Its content lives in the compound file's
/// storage `ObjectPool/_<number>`; an embedded Word document there has its
/// own `WordDocument` stream, which the caller may parse in turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OleObject {
    /// The story of the anchor.
    pub story: Story,
    /// The storage number: the storage is named `_` followed by it in decimal.
    pub number: u32,
}

impl OleObject {
    /// The storage path inside the compound file, `ObjectPool/_<number>`.
    pub fn storage_path(&self) -> String {
        format!("ObjectPool/_{}", self.number)
    }
}

impl WordDocument {
    /// Parses with default [`Options`].
    pub fn parse(streams: &Streams<'_>) -> Result<Self, Error> {
        Self::parse_with(streams, &Options::default())
    }

    /// Parses with the given options.
    pub fn parse_with(streams: &Streams<'_>, options: &Options) -> Result<Self, Error> {
        let limits = &options.limits;
        let mut warnings = Vec::new();
        let wd = streams.word_document;
        let fib = Fib::parse(wd, &mut warnings)?;
        let legacy = fib.version() == Version::Word6;
        let table = match fib.table_stream() {
            None => wd,
            Some("1Table") => streams.table1.ok_or(Error::MissingTableStream("1Table"))?,
            Some(_) => streams.table0.ok_or(Error::MissingTableStream("0Table"))?,
        };
        let total_cp = u32::try_from(fib.total_cp()).unwrap_or(u32::MAX);

        let (mut chpx, mut papx) = if legacy {
            (Runs::default(), Runs::default())
        } else {
            let plc = |p: fib::FcLcb| slice_at(table, p.fc as usize, p.lcb as usize).unwrap_or(&[]);
            (
                fkp::read_runs(
                    Kind::Chpx,
                    plc(fib.bte_chpx),
                    wd,
                    streams.data,
                    limits,
                    &mut warnings,
                ),
                fkp::read_runs(
                    Kind::Papx,
                    plc(fib.bte_papx),
                    wd,
                    streams.data,
                    limits,
                    &mut warnings,
                ),
            )
        };
        let legacy_kind = match (legacy, fib.is_ext_char()) {
            (false, _) => None,
            (true, false) => Some(clx::Legacy::Bytes),
            (true, true) => Some(clx::Legacy::Utf16),
        };
        let code_page = legacy.then(|| {
            let cp = options
                .legacy_code_page
                .or_else(|| code_page_for_lid(fib.lid()))
                .or_else(|| {
                    let f = fib.sttbf_ffn;
                    slice_at(wd, f.fc as usize, f.lcb as usize)
                        .and_then(codepage::code_page_from_font_table)
                });
            cp.and_then(encoding_for_code_page)
                .unwrap_or(encoding_rs::WINDOWS_1252)
        });
        let encoding = code_page.filter(|_| legacy_kind == Some(clx::Legacy::Bytes));
        let pieces = Self::piece_table(
            &fib,
            table,
            wd.len(),
            legacy_kind,
            total_cp,
            limits,
            &mut warnings,
        )?;
        let mut anchors = Vec::new();
        let mut picture_anchors = Vec::new();
        let mut list_marks = Vec::new();
        let mut para_marks = Vec::new();
        let mut numbering = if legacy {
            None
        } else {
            lst::Numbering::parse(
                table,
                (fib.plf_lst.fc, fib.plf_lst.lcb),
                (fib.plf_lfo.fc, fib.plf_lfo.lcb),
            )
        };
        let src = text::Source {
            word_document: wd,
            legacy: encoding.is_some(),
            chpx: &mut chpx,
            papx: &mut papx,
            objects: &mut anchors,
            pictures: &mut picture_anchors,
            list_marks: &mut list_marks,
            para_marks: &mut para_marks,
        };
        let mut units = text::assemble(pieces.pieces(), total_cp, src, limits, &mut warnings);
        if let (Some(clx::Legacy::Utf16), Some(code_page)) = (legacy_kind, code_page) {
            text::ext_chars(&mut units, code_page);
        }
        let mut objects: Vec<OleObject> = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        let mut stories: [String; 8] = Default::default();
        // Each story's first CP and length, and the list numbering state
        // before it (its parts are rendered again from that state).
        let mut starts = [0usize; 8];
        let mut lengths = [0usize; 8];
        let mut numbering_before: [Option<lst::Numbering>; 8] = Default::default();
        let mut main_blocks = Vec::new();
        let mut start = 0usize;
        for story in Story::ALL {
            let len = fib.ccp(story) as usize;
            let end = start.saturating_add(len).min(units.len());
            starts[story as usize] = start;
            lengths[story as usize] = end - start;
            for &(cp, number) in &anchors {
                let in_story = (start..end).contains(&(cp as usize));
                if in_story && seen.insert(number) {
                    objects.push(OleObject { story, number });
                }
            }
            // Only stories split into parts are rendered again.
            if story != Story::Main && end > start {
                numbering_before[story as usize] = numbering.clone();
            }
            if let Some(slice) = units.get(start..end) {
                let lists = numbering.as_mut().map(|numbering| text::Lists {
                    marks: &list_marks,
                    story_start: start as u32,
                    numbering,
                });
                if story == Story::Main && options.structure {
                    let mut segs = Vec::new();
                    let out = text::render_units(slice, encoding, limits, lists, Some(&mut segs));
                    stories[story as usize] = text::decode(&out, encoding);
                    let styles = if legacy {
                        stsh::Stylesheet::default()
                    } else {
                        let f = fib.stshf;
                        stsh::Stylesheet::parse(
                            slice_at(table, f.fc as usize, f.lcb as usize).unwrap_or_default(),
                        )
                    };
                    let cx = structure::Context {
                        marks: &para_marks,
                        papx: &papx,
                        story_start: start as u32,
                        styles: &styles,
                        numbering: numbering.as_ref(),
                        encoding,
                    };
                    let mut b = doc_model::Builder::new(doc_model::OutputLimits::new(u64::MAX));
                    structure::write(&out, &segs, &cx, &mut b);
                    main_blocks = b.take_blocks();
                } else {
                    stories[story as usize] = text::render(slice, encoding, limits, lists);
                }
            }
            start = end;
        }
        // Parts: the main text, then every header, footer, note, comment
        // and text box on its own.
        // The body's text stays the flat text (see `docs/msdoc-text.md` on
        // where the blocks' plain text differs from it).
        let mut body = Part::new(PartKind::Body, stories[Story::Main as usize].clone());
        body.blocks = main_blocks;
        let mut parts = vec![body];
        let segments = if legacy {
            stories::whole_stories(&lengths)
        } else {
            stories::segments(&fib, table, &lengths, &mut warnings)
        };
        for seg in segments {
            let base = starts[seg.story as usize];
            let range = base + seg.range.start..base + seg.range.end;
            let Some(slice) = units.get(range.clone()) else {
                continue;
            };
            let numbering = numbering_before[seg.story as usize].as_mut();
            let lists = numbering.map(|numbering| text::Lists {
                marks: &list_marks,
                story_start: range.start as u32,
                numbering,
            });
            let text = text::render(slice, encoding, limits, lists);
            let text = text.trim();
            if text.is_empty() {
                continue;
            }
            let mut part = Part::new(seg.kind, text);
            part.name = seg.name;
            part.attributes = seg.attributes;
            parts.push(part);
        }
        // Pictures: inline ones in the Data stream, then the floating ones.
        let mut embedded = Vec::new();
        let mut locations = std::collections::BTreeSet::new();
        let pictures = options.embedded && options.images;
        let anchors = if pictures {
            picture_anchors.as_slice()
        } else {
            &[]
        };
        for &(_, location) in anchors {
            if !locations.insert(location) {
                continue;
            }
            match streams.data {
                Some(data) => {
                    embedded.extend(picture::inline(data, location, limits, &mut warnings))
                }
                None => {
                    warnings.push(Warning::new(
                        WarningKind::Structure,
                        format!("an inline picture at Data offset {location}, and no Data stream"),
                        None,
                    ));
                    break;
                }
            }
        }
        if !legacy && pictures {
            let dgg = fib.plcs.dgg_info;
            embedded.extend(picture::floating(
                table,
                (dgg.fc, dgg.lcb),
                wd,
                limits,
                &mut warnings,
            ));
        }
        Ok(WordDocument {
            fib,
            pieces,
            stories,
            encoding,
            objects,
            parts,
            embedded,
            metadata: Metadata::default(),
            warnings,
        })
    }

    /// The piece table from the CLX; for Word 6/95 files saved without a
    /// CLX, one 8-bit piece at `fcMin`.
    fn piece_table(
        fib: &Fib,
        table: &[u8],
        wd_len: usize,
        legacy: Option<clx::Legacy>,
        total_cp: u32,
        limits: &Limits,
        warnings: &mut Vec<Warning>,
    ) -> Result<PieceTable, Error> {
        let bytes = legacy != Some(clx::Legacy::Utf16);
        let table_len = table.len();
        let clx = (fib.clx.lcb > 0)
            .then(|| slice_at(table, fib.clx.fc as usize, fib.clx.lcb as usize))
            .flatten();
        match (clx, legacy.is_some()) {
            (Some(clx), _) => match PieceTable::parse(clx, legacy, limits, warnings) {
                Ok(t) => Ok(t),
                Err(e) if legacy.is_some() => {
                    warnings.push(Warning::new(
                        WarningKind::Structure,
                        format!("{e}; text read from fcMin"),
                        None,
                    ));
                    Ok(PieceTable::single(fib.fc_min, total_cp, bytes))
                }
                Err(e) => Err(e),
            },
            (None, true) => Ok(PieceTable::single(fib.fc_min, total_cp, bytes)),
            (None, false) if fib.clx.lcb == 0 => Err(Error::Corrupt("the FIB has no CLX".into())),
            (None, false) => match Self::salvage_piece(fib, wd_len, total_cp) {
                Some(table) => {
                    warnings.push(Warning::new(WarningKind::Structure, format!(
                        "the CLX at {} ({} bytes) lies past the table stream's {} bytes (a file cut short?); \
                         the text is read as one piece from fcMin {} to fcMac {}",
                        fib.clx.fc,
                        fib.clx.lcb,
                        table_len,
                        fib.fc_min,
                        fib.fc_mac
                    ), None));
                    Ok(table)
                }
                None => Err(Error::Truncated {
                    what: "Clx",
                    offset: u64::from(fib.clx.fc),
                }),
            },
        }
    }

    /// A Word 97 document whose CLX is lost (its table stream cut short):
    /// the text as one piece from `FibBase.fcMin` to `fcMac`, where a
    /// document saved without fast save keeps it. The piece is 8-bit when
    /// its byte count is nearer the CP count than twice it. `None` when
    /// the range is not plausible.
    fn salvage_piece(fib: &Fib, wd_len: usize, total_cp: u32) -> Option<PieceTable> {
        let (min, mac) = (fib.fc_min, fib.fc_mac);
        let span = mac.checked_sub(min)?;
        if min < 0x200 || span == 0 || total_cp == 0 || min as usize >= wd_len {
            return None;
        }
        let bytes_8bit = span.abs_diff(total_cp);
        let bytes_16bit = span.abs_diff(total_cp.saturating_mul(2));
        let is_8bit = bytes_8bit <= bytes_16bit;
        let per = if is_8bit { 1 } else { 2 };
        // The span must hold about the announced text.
        if span.abs_diff(total_cp.saturating_mul(per)) > total_cp.saturating_mul(per) / 4 + 512 {
            return None;
        }
        Some(PieceTable::single(min, total_cp, is_8bit))
    }

    /// The FIB.
    pub fn fib(&self) -> &Fib {
        &self.fib
    }

    /// The piece table the text was read through.
    pub fn piece_table_ref(&self) -> &PieceTable {
        &self.pieces
    }

    /// The encoding of Word 6/95 8-bit text; `None` for Word 97 and later.
    pub fn encoding(&self) -> Option<&'static Encoding> {
        self.encoding
    }

    /// The text of one story, paragraphs ending in `\n`.
    pub fn story(&self, story: Story) -> &str {
        self.stories.get(story as usize).map_or("", String::as_str)
    }

    /// Every story in CP order, including empty ones.
    pub fn stories(&self) -> impl Iterator<Item = (Story, &str)> {
        Story::ALL.into_iter().map(|s| (s, self.story(s)))
    }

    /// The document text: the stories of [`Story::TEXT_ORDER`] that hold
    /// any text, trailing whitespace trimmed, separated by a blank line.
    /// Empty lines of the header story (empty headers, separators) are left out.
    pub fn text(&self) -> String {
        // Each block is written straight into the text: a Word 95 novel's
        // main story is a megabyte, not worth copying twice.
        let mut out = String::new();
        for story in Story::TEXT_ORDER {
            let s = self.story(story);
            let start = out.len();
            if start > 0 {
                out.push_str("\n\n");
            }
            let body = out.len();
            if story == Story::Header {
                for (i, line) in s.lines().filter(|l| !l.trim().is_empty()).enumerate() {
                    if i > 0 {
                        out.push('\n');
                    }
                    out.push_str(line);
                }
            } else {
                out.push_str(s.trim_end());
            }
            if out[body..].trim().is_empty() {
                out.truncate(start);
            }
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out
    }

    /// The embedded OLE objects anchored in the text, in CP order, each once.
    pub fn ole_objects(&self) -> &[OleObject] {
        &self.objects
    }

    /// The document's stories as parts, in reading order: the main text
    /// (`Body`), then each header and footer (attributes `section`, and
    /// `type` = `default`, `even` or `first`), each footnote and endnote
    /// (named by its number), each comment (named by its number, with the
    /// `author` and `initials` attributes) and each text box (attribute
    /// `story` = `body` or `header`). Blank parts are left out; Word 6/95
    /// documents give one part per story.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// Takes the [`parts`](Self::parts) out, leaving none: for a caller
    /// that keeps them, without copying their text.
    pub fn take_parts(&mut self) -> Vec<Part> {
        std::mem::take(&mut self.parts)
    }

    /// Takes the [`embedded`](Self::embedded) files out, leaving none:
    /// for a caller that keeps them, without copying their bytes.
    pub fn take_embedded(&mut self) -> Vec<EmbeddedFile> {
        std::mem::take(&mut self.embedded)
    }

    /// The files inside the document: pictures (inline ones named by their
    /// `Data` stream offset, `/1c7.png`; floating ones `/image3.jpeg`), and
    /// when read from a compound file, the `ObjectPool` objects
    /// (`/ObjectPool/_1310388058/report.xls`), unwrapped by
    /// `ole_cfb_read::CompoundFile::embedded_object`.
    pub fn embedded(&self) -> &[EmbeddedFile] {
        &self.embedded
    }

    /// The summary property sets, when read from a compound file; empty otherwise.
    pub fn metadata(&self) -> &Metadata {
        &self.metadata
    }

    /// What went wrong without stopping the parse.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }
}
