//! The workbook stream (MS-XLS 2.1.7 substreams): the globals substream
//! (CODEPAGE, DATEMODE, FORMAT, XF, BOUNDSHEET, SST, FILEPASS, NAME,
//! COUNTRY), then one substream per sheet with its cells, header, footer,
//! comments, text boxes and hyperlinks. BIFF2–4 files are a single
//! worksheet substream holding their own formats.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use cell_format::{Format, Locale, MergedRange, SheetLayout, write_sheet};
use doc_model::{Builder, OutputLimits, Part, PartKind};
use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, WINDOWS_1252};

use crate::codepage::encoding_for_code_page;
use crate::error::{Error, Warning, WarningKind};
use crate::record::{Record, Records, f64_at, rk, u16_at, u32_at};
use crate::strings::{Frags, decode};
use crate::{Biff, Options, sst};

/// Most CONTINUE records gathered after one record (an SST of 1 GB would need 130,000).
const MAX_CONTINUES: usize = 1 << 18;

/// BOF types (MS-XLS 2.4.21 dt).
const DT_GLOBALS: u16 = 0x0005;
const DT_VB_MODULE: u16 = 0x0006;
const DT_WORKSHEET: u16 = 0x0010;
const DT_CHART: u16 = 0x0020;
const DT_MACRO: u16 = 0x0040;
const DT_WORKSPACE: u16 = 0x0100;

/// The OBJ type of a comment (MS-XLS 2.5.59 ot = 0x19).
const OT_COMMENT: u16 = 0x19;

/// A BOUNDSHEET (BUNDLESHEET in BIFF4): a sheet's name, kind and visibility.
#[derive(Debug, Clone)]
struct BoundSheet {
    position: u32,
    name: String,
    hidden: u8,
    kind: u8,
    used: bool,
}

/// A sheet being read.
#[derive(Debug, Default)]
struct Sheet {
    name: String,
    hidden: u8,
    kind: u8,
    cells: Vec<Cell>,
    /// The texts of the cells that are not shared strings, one after another.
    buf: String,
    header: Option<String>,
    footer: Option<String>,
    /// The last OBJ's (id, type), which a TXO's text belongs to.
    last_obj: Option<(u16, u16)>,
    /// Comment texts by object id (BIFF8 TXO of a comment OBJ).
    comment_texts: HashMap<u16, String>,
    comment_order: Vec<u16>,
    /// NOTE records: (row, col, author, object id or BIFF5 text).
    notes: Vec<Note>,
    text_boxes: Vec<String>,
    links: Vec<(u32, u16, String)>,
    /// MERGEDCELLS ranges (MS-XLS 2.4.168), in file order.
    merges: Vec<MergedRange>,
    /// The cell waiting for a STRING record after a string FORMULA (row,
    /// column, format slot).
    pending_string: Option<(u32, u16, u32)>,
}

impl Sheet {
    /// A cell at (`row`, `col`) whose text is `text`, kept in `buf`.
    fn push_text(&mut self, row: u32, col: u16, text: &str) {
        let start = self.buf.len();
        self.buf.push_str(text);
        self.cells.push(Cell {
            row,
            col,
            text: CellText::Buf(start, self.buf.len()),
        });
    }
}

/// A cell with text: where it is and where its text is.
#[derive(Debug, Clone, Copy)]
struct Cell {
    row: u32,
    col: u16,
    text: CellText,
}

/// A cell's text: a shared string as it is, or a range of the sheet's `buf`.
#[derive(Debug, Clone, Copy)]
enum CellText {
    Sst(usize),
    Buf(usize, usize),
}

#[derive(Debug)]
struct Note {
    row: u32,
    col: u16,
    author: String,
    object: Option<u16>,
    text: String,
}

/// What the parse produced, before the caller adds metadata and embedded files.
pub(crate) struct Parsed {
    pub(crate) parts: Vec<Part>,
    pub(crate) warnings: Vec<Warning>,
    pub(crate) biff: Biff,
    pub(crate) encoding: Option<&'static Encoding>,
    pub(crate) code_page: Option<u16>,
    pub(crate) date1904: bool,
    pub(crate) defined_names: Vec<String>,
    /// The MSODRAWINGGROUP payload (its CONTINUE and follow-on records
    /// joined): the OfficeArt drawing group holding the pictures.
    pub(crate) drawing_group: Vec<u8>,
}

pub(crate) struct Parser<'o> {
    opts: &'o Options,
    /// Whether the stream was decrypted: its FILEPASS is skipped.
    pub(crate) decrypted: bool,
    biff: Biff,
    code_page: Option<u16>,
    encoding: &'static Encoding,
    date1904: bool,
    locale: Locale,
    /// Format codes by id (FORMAT records; sequential ids before BIFF5).
    format_codes: HashMap<u16, String>,
    next_format_id: u16,
    /// The formats used so far, by slot: the format id and the parsed
    /// format (`None` until first used, and again after a FORMAT record
    /// redefines the id). Cells find theirs through `xf_slots`, without
    /// hashing.
    formats: Vec<(u16, Option<Format>)>,
    /// The slot of each format id in `formats`.
    format_slots: HashMap<u16, u32>,
    /// Each XF's format id.
    xf_formats: Vec<u16>,
    /// Each XF's slot in `formats`, `u32::MAX` until its first cell.
    xf_slots: Vec<u32>,
    sst: Vec<String>,
    bound: Vec<BoundSheet>,
    /// The first BOUNDSHEET of each substream offset.
    bound_at: HashMap<u32, usize>,
    /// Where to look for the next BOUNDSHEET not yet matched to a substream.
    next_bound: usize,
    defined_names: Vec<String>,
    drawing_group: Vec<u8>,
    warnings: Vec<Warning>,
    warned: HashSet<(WarningKind, u32)>,
    parts: Vec<Part>,
    /// Writes the sheets' tables under the output limit.
    builder: Builder,
    output: u64,
    cells: u64,
    sheets_seen: usize,
    stopped: bool,
}

/// Excel's error codes (MS-XLS 2.5.10 BErr).
fn error_text(code: u8) -> &'static str {
    match code {
        0x00 => "#NULL!",
        0x07 => "#DIV/0!",
        0x0F => "#VALUE!",
        0x17 => "#REF!",
        0x1D => "#NAME?",
        0x24 => "#NUM!",
        0x2A => "#N/A",
        0x2B => "#GETTING_DATA",
        _ => "#ERR!",
    }
}

impl<'o> Parser<'o> {
    pub(crate) fn new(opts: &'o Options) -> Self {
        let encoding = opts
            .code_page
            .and_then(encoding_for_code_page)
            .unwrap_or(encoding_rs::WINDOWS_1252);
        Parser {
            opts,
            decrypted: false,
            biff: Biff::Biff8,
            code_page: None,
            encoding,
            date1904: false,
            locale: opts.locale.unwrap_or_default(),
            format_codes: HashMap::new(),
            next_format_id: 0,
            formats: Vec::new(),
            format_slots: HashMap::new(),
            xf_formats: Vec::new(),
            xf_slots: Vec::new(),
            sst: Vec::new(),
            bound: Vec::new(),
            bound_at: HashMap::new(),
            next_bound: 0,
            defined_names: Vec::new(),
            drawing_group: Vec::new(),
            warnings: Vec::new(),
            warned: HashSet::new(),
            parts: Vec::new(),
            builder: Builder::new(
                OutputLimits::new(opts.limits.max_output_bytes).with_deadline(opts.limits.deadline),
            ),
            output: 0,
            cells: 0,
            sheets_seen: 0,
            stopped: false,
        }
    }

    fn warn(&mut self, kind: WarningKind, message: impl Into<String>, offset: Option<u64>) {
        if self.warnings.len() < self.opts.limits.max_warnings {
            self.warnings.push(Warning::new(kind, message, offset));
        }
    }

    /// Warns that a `what` record is shorter than its fields.
    fn too_short(&mut self, kind: WarningKind, what: &str, offset: u64) {
        self.warn(kind, format!("{what} record too short"), Some(offset));
    }

    /// Warns once per (kind, key).
    fn warn_once(
        &mut self,
        kind: WarningKind,
        key: u32,
        message: impl Into<String>,
        offset: Option<u64>,
    ) {
        if self.warned.insert((kind, key)) {
            self.warn(kind, message, offset);
        }
    }

    /// Reads the whole stream.
    pub(crate) fn parse(mut self, stream: &[u8]) -> Result<Parsed, Error> {
        let mut records = Records::new(stream);
        let first = records.next().ok_or(Error::Truncated {
            what: "BOF record",
            offset: 0,
        })?;
        let (biff, _) = bof_version(&first).ok_or_else(|| {
            Error::Unsupported(format!(
                "the workbook stream starts with record {:#06x}, not a BOF",
                first.typ
            ))
        })?;
        self.biff = biff;
        records.seek(0);
        let deadline = self.opts.limits.deadline;
        let mut count: u64 = 0;
        let mut sheet: Option<Sheet> = None;
        let mut in_globals = false;
        while let Some(rec) = records.next() {
            count += 1;
            if count.is_multiple_of(4096) && doc_model::deadline_passed(deadline) {
                self.warn(
                    WarningKind::Limit,
                    "deadline reached: the rest of the workbook is not read",
                    Some(rec.offset),
                );
                break;
            }
            if self.stopped {
                break;
            }
            if rec.truncated {
                self.warn(
                    WarningKind::Record,
                    format!("record {:#06x} runs past the end of the stream", rec.typ),
                    Some(rec.offset),
                );
            }
            if let Some((_, dt)) = bof_version(&rec) {
                if let Some(s) = sheet.take() {
                    // A BOF inside a sheet: an embedded chart (skipped), or a
                    // sheet whose EOF is missing.
                    if dt == DT_CHART {
                        sheet = Some(s);
                        skip_substream(&mut records);
                        continue;
                    }
                    self.warn(
                        WarningKind::Structure,
                        "a sheet ends without EOF",
                        Some(rec.offset),
                    );
                    self.finish_sheet(s);
                }
                in_globals = false;
                match dt {
                    DT_GLOBALS | DT_WORKSPACE => in_globals = true,
                    DT_WORKSHEET | DT_MACRO | DT_CHART | DT_VB_MODULE => {
                        let mut s = self.start_sheet(rec.offset, dt);
                        // Excel 4 macro sheets show their cells like worksheets;
                        // charts and VB modules hold no cell text.
                        if dt == DT_CHART || dt == DT_VB_MODULE {
                            skip_substream(&mut records);
                            if dt != DT_VB_MODULE {
                                self.finish_sheet(std::mem::take(&mut s));
                            }
                            continue;
                        }
                        sheet = Some(s);
                    }
                    _ => {
                        // Unknown substreams (dialog sheets, old workspaces): as worksheets.
                        sheet = Some(self.start_sheet(rec.offset, DT_WORKSHEET));
                    }
                }
                continue;
            }
            if rec.typ == 0x000A {
                // EOF
                if let Some(s) = sheet.take() {
                    self.finish_sheet(s);
                }
                in_globals = false;
                continue;
            }
            if self.global_record(&rec, &mut records)? {
                continue;
            }
            if let Some(s) = sheet.as_mut() {
                self.sheet_record(s, &rec, &mut records);
            } else if !in_globals && self.biff <= Biff::Biff4 {
                // BIFF2-4 worksheets without BOF nesting problems land here only when damaged.
                self.warn_once(
                    WarningKind::Structure,
                    1,
                    "cell records outside any sheet",
                    Some(rec.offset),
                );
            }
        }
        if let Some(s) = sheet.take() {
            self.warn(
                WarningKind::Structure,
                "the last sheet ends without EOF",
                None,
            );
            self.finish_sheet(s);
        }
        // Sheets named in BOUNDSHEET but never found (their offsets point nowhere).
        let missing: Vec<BoundSheet> = self
            .bound
            .iter()
            .filter(|b| !b.used && b.kind != 6)
            .cloned()
            .collect();
        for b in missing {
            self.warn(
                WarningKind::Structure,
                format!("sheet {:?}: no substream at offset {}", b.name, b.position),
                None,
            );
            let s = Sheet {
                name: b.name.clone(),
                hidden: b.hidden,
                kind: b.kind,
                ..Sheet::default()
            };
            self.finish_sheet(s);
        }
        Ok(Parsed {
            parts: self.parts,
            warnings: self.warnings,
            biff: self.biff,
            encoding: (self.biff < Biff::Biff8).then_some(self.encoding),
            code_page: self.code_page,
            date1904: self.date1904,
            defined_names: self.defined_names,
            drawing_group: self.drawing_group,
        })
    }

    fn start_sheet(&mut self, offset: u64, dt: u16) -> Sheet {
        self.sheets_seen += 1;
        let pos = u32::try_from(offset).unwrap_or(u32::MAX);
        let by_offset = self
            .bound_at
            .get(&pos)
            .copied()
            .filter(|&i| self.bound.get(i).is_some_and(|b| !b.used));
        let idx = by_offset.or_else(|| {
            while self
                .bound
                .get(self.next_bound)
                .is_some_and(|b| b.used || b.kind == 6)
            {
                self.next_bound += 1;
            }
            (self.next_bound < self.bound.len()).then_some(self.next_bound)
        });
        match idx.and_then(|i| self.bound.get_mut(i)) {
            Some(b) => {
                b.used = true;
                Sheet {
                    name: b.name.clone(),
                    hidden: b.hidden,
                    kind: b.kind,
                    ..Sheet::default()
                }
            }
            None => Sheet {
                name: format!("Sheet{}", self.sheets_seen),
                kind: match dt {
                    DT_MACRO => 1,
                    DT_CHART => 2,
                    DT_VB_MODULE => 6,
                    _ => 0,
                },
                ..Sheet::default()
            },
        }
    }

    /// Records that may appear in the globals or, before BIFF5, in the
    /// sheet itself. Returns whether `rec` was one of them.
    fn global_record(
        &mut self,
        rec: &Record<'_>,
        records: &mut Records<'_>,
    ) -> Result<bool, Error> {
        let d = rec.data;
        match rec.typ {
            // CODEPAGE
            0x0042 => {
                if let Some(cp) = u16_at(d, 0) {
                    self.code_page = Some(cp);
                    if self.opts.code_page.is_none() {
                        match encoding_for_code_page(cp) {
                            Some(e) => self.encoding = e,
                            None if self.biff < Biff::Biff8 => self.warn(
                                WarningKind::Record,
                                format!("unknown code page {cp}: text read as windows-1252"),
                                Some(rec.offset),
                            ),
                            None => {}
                        }
                    }
                }
            }
            // DATEMODE
            0x0022 => self.date1904 = u16_at(d, 0) == Some(1),
            // COUNTRY: the locale of the built-in CJK date formats.
            0x008C => {
                if self.opts.locale.is_none() {
                    let country = u16_at(d, 2).filter(|&c| c != 0).or_else(|| u16_at(d, 0));
                    self.locale = match country {
                        Some(81) => Locale::JaJp,
                        Some(82) => Locale::KoKr,
                        Some(86) => Locale::ZhCn,
                        Some(886) => Locale::ZhTw,
                        _ => self.locale,
                    };
                }
            }
            // FORMAT (BIFF4+ 0x041E, BIFF2-3 0x001E)
            0x041E | 0x001E => self.format_record(rec),
            // XF: BIFF5/8, BIFF4, BIFF3, BIFF2
            0x00E0 => {
                let f = u16_at(d, 2).unwrap_or(0);
                self.push_xf(f);
            }
            0x0443 | 0x0243 => {
                let f = d.get(1).copied().map_or(0, u16::from);
                self.push_xf(f);
            }
            0x0043 => {
                let f = d.get(2).map_or(0, |b| u16::from(b & 0x3F));
                self.push_xf(f);
            }
            // BOUNDSHEET (BIFF5/8), BUNDLESHEET (BIFF4W)
            0x0085 | 0x008F => self.boundsheet(rec),
            // SST
            0x00FC => {
                let mut frags = vec![d];
                frags.extend(records.continues(MAX_CONTINUES));
                let (strings, warnings) =
                    sst::parse(Frags::new(frags), rec.offset, &self.opts.limits);
                self.sst = strings;
                for w in warnings {
                    self.warn(w.kind, w.message, w.offset);
                }
            }
            // MSODRAWINGGROUP (MS-XLS 2.4.170): the OfficeArt drawing group,
            // continued by CONTINUE records or by further MSODRAWINGGROUPs.
            0x00EB => {
                let limit = self.opts.limits.max_drawing_bytes;
                let join = |frag: &[u8], group: &mut Vec<u8>| -> bool {
                    if (group.len() + frag.len()) as u64 > limit {
                        return false;
                    }
                    group.extend_from_slice(frag);
                    true
                };
                let mut group = std::mem::take(&mut self.drawing_group);
                let mut fits = join(d, &mut group);
                loop {
                    for frag in records.continues(MAX_CONTINUES) {
                        fits = fits && join(frag, &mut group);
                    }
                    if records.peek_type() != Some(0x00EB) {
                        break;
                    }
                    match records.next() {
                        Some(next) => fits = fits && join(next.data, &mut group),
                        None => break,
                    }
                }
                if !fits {
                    self.warn(
                        WarningKind::Record,
                        format!(
                            "the drawing group passes {limit} bytes (Limits::max_drawing_bytes); its pictures are skipped"
                        ),
                        Some(rec.offset),
                    );
                    group.clear();
                }
                self.drawing_group = group;
            }
            // FILEPASS of a stream already decrypted.
            0x002F if self.decrypted => {}
            // FILEPASS that office-crypto does not handle (BIFF2-4).
            0x002F => {
                let scheme = match (self.biff, u16_at(d, 0), u16_at(d, 2)) {
                    (Biff::Biff8, Some(0), _) => "XOR obfuscation",
                    (Biff::Biff8, Some(1), Some(1)) => "RC4",
                    (Biff::Biff8, Some(1), Some(2..=4)) => "RC4 CryptoAPI",
                    (Biff::Biff8, _, _) => "unknown",
                    _ => "XOR obfuscation",
                };
                return Err(Error::Encrypted {
                    scheme,
                    password_tried: false,
                });
            }
            // NAME: defined names, as metadata.
            0x0018 => self.name_record(rec),
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn push_xf(&mut self, format: u16) {
        if self.xf_formats.len() < 1 << 20 {
            self.xf_formats.push(format);
            self.xf_slots.push(u32::MAX);
        }
    }

    fn format_record(&mut self, rec: &Record<'_>) {
        let d = rec.data;
        let (id, code) = match self.biff {
            Biff::Biff8 => (u16_at(d, 0), Frags::single(d).at(2).unicode_string()),
            Biff::Biff5 => (u16_at(d, 0), self.byte_string8(d, 2)),
            Biff::Biff4 => (Some(self.next_format_id), self.byte_string8(d, 2)),
            _ => (Some(self.next_format_id), self.byte_string8(d, 0)),
        };
        self.next_format_id = self.next_format_id.saturating_add(1);
        match (id, code) {
            (Some(id), Some(code)) => {
                if let Some(slot) = self.format_slots.get(&id)
                    && let Some(f) = self.formats.get_mut(*slot as usize)
                {
                    f.1 = None;
                }
                self.format_codes.insert(id, code);
            }
            _ => self.too_short(WarningKind::Record, "FORMAT", rec.offset),
        }
    }

    /// The encoding of 8-bit text. A BIFF8 workbook's CODEPAGE is 1200
    /// (UTF-16), which 8-bit strings — the BIFF2–5 cell records third-party
    /// writers put in BIFF8 workbooks — are not: they are read as
    /// windows-1252, as Excel reads them.
    fn byte_encoding(&self) -> &'static Encoding {
        if self.encoding == UTF_16LE || self.encoding == UTF_16BE {
            WINDOWS_1252
        } else {
            self.encoding
        }
    }

    /// An 8-bit string with a one-byte count at `at`.
    fn byte_string8(&self, d: &[u8], at: usize) -> Option<String> {
        let n = usize::from(*d.get(at)?);
        let bytes = d.get(at + 1..)?;
        Some(decode(
            bytes.get(..n).unwrap_or(bytes),
            self.byte_encoding(),
        ))
    }

    /// An 8-bit string with a two-byte count at `at`.
    fn byte_string16(&self, d: &[u8], at: usize) -> Option<String> {
        let n = usize::from(u16_at(d, at)?);
        let bytes = d.get(at + 2..)?;
        Some(decode(
            bytes.get(..n).unwrap_or(bytes),
            self.byte_encoding(),
        ))
    }

    /// A cell string: BIFF8 XLUnicodeString or BIFF3-7 8-bit with a 16-bit
    /// count. In BIFF8, a string that fills the record exactly without the
    /// XLUnicodeString's option byte (`at + 2 + cch` bytes; with it the
    /// record is `at + 3 + cch` or `at + 3 + 2·cch`) is the BIFF5 layout,
    /// which third-party writers use for LABEL in BIFF8 workbooks.
    fn cell_string(&self, d: &[u8], at: usize) -> Option<String> {
        let biff5_layout =
            u16_at(d, at).is_some_and(|cch| d.len() == at + 2 + usize::from(cch) && cch > 0);
        if self.biff == Biff::Biff8 && !biff5_layout {
            Frags::single(d).at(at).unicode_string()
        } else {
            self.byte_string16(d, at)
        }
    }

    fn boundsheet(&mut self, rec: &Record<'_>) {
        let d = rec.data;
        let Some(position) = u32_at(d, 0) else {
            self.too_short(WarningKind::Record, "BOUNDSHEET", rec.offset);
            return;
        };
        let (hidden, kind, name) = if rec.typ == 0x008F {
            (0, 0, self.byte_string8(d, 6))
        } else if self.biff == Biff::Biff8 {
            (
                d.get(4).map_or(0, |b| b & 0x03),
                d.get(5).copied().unwrap_or(0),
                Frags::single(d).at(6).short_unicode_string(),
            )
        } else {
            (
                d.get(4).map_or(0, |b| b & 0x03),
                d.get(5).copied().unwrap_or(0),
                self.byte_string8(d, 6),
            )
        };
        let name = name.unwrap_or_else(|| format!("Sheet{}", self.bound.len() + 1));
        if self.bound.len() >= 1 << 16 {
            self.warn_once(
                WarningKind::Limit,
                4,
                "more than 65,536 BOUNDSHEET records: the rest are ignored",
                Some(rec.offset),
            );
            return;
        }
        self.bound_at.entry(position).or_insert(self.bound.len());
        self.bound.push(BoundSheet {
            position,
            name,
            hidden,
            kind,
            used: false,
        });
    }

    fn name_record(&mut self, rec: &Record<'_>) {
        let d = rec.data;
        let Some(flags) = u16_at(d, 0) else { return };
        let cch = usize::from(d.get(3).copied().unwrap_or(0));
        if flags & 0x0020 != 0 {
            // Built-in names (Print_Area, _FilterDatabase): not the user's.
            return;
        }
        let name = if self.biff == Biff::Biff8 {
            Frags::single(d).at(14).flagged_string(cch)
        } else {
            d.get(14..14 + cch).map(|b| decode(b, self.encoding))
        };
        if let Some(n) = name.filter(|n| !n.is_empty())
            && self.defined_names.len() < 65_536
        {
            self.defined_names.push(n);
        }
    }

    /// The slot of format id `id` in `formats` (a new, unparsed one the
    /// first time).
    fn slot(&mut self, id: u16) -> u32 {
        if let Some(&slot) = self.format_slots.get(&id) {
            return slot;
        }
        let slot = u32::try_from(self.formats.len()).unwrap_or(u32::MAX);
        self.formats.push((id, None));
        self.format_slots.insert(id, slot);
        slot
    }

    /// The format id and parsed format of `slot`: the file's FORMAT record,
    /// else the built-in of the locale, else General (warned once), parsed
    /// on first use.
    fn format_at(&mut self, slot: u32) -> (u16, &Format) {
        static GENERAL: std::sync::OnceLock<Format> = std::sync::OnceLock::new();
        let Some(&(id, ref parsed)) = self.formats.get(slot as usize) else {
            return (0, GENERAL.get_or_init(Format::general));
        };
        if parsed.is_none() {
            let f = self.parse_format(id);
            if let Some(entry) = self.formats.get_mut(slot as usize) {
                entry.1 = Some(f);
            }
        }
        match self.formats.get(slot as usize) {
            Some((id, Some(f))) => (*id, f),
            // Set above.
            _ => (id, GENERAL.get_or_init(Format::general)),
        }
    }

    /// Parses format id `id`, warning once when it is unknown or cannot be
    /// rendered.
    fn parse_format(&mut self, id: u16) -> Format {
        let f = match self.format_codes.get(&id) {
            Some(code) => Format::parse_in(code, self.locale),
            None => match (self.biff >= Biff::Biff5)
                .then(|| Format::builtin(id, self.locale))
                .flatten()
            {
                Some(f) => f,
                None => {
                    if id != 0 {
                        self.warn_once(
                            WarningKind::Format,
                            u32::from(id),
                            format!("number format {id} is neither in the file nor built in: General used"),
                            None,
                        );
                    }
                    Format::general()
                }
            },
        };
        if let Some(reason) = f.fallback_reason() {
            let code = self.format_codes.get(&id).cloned().unwrap_or_default();
            self.warn_once(
                WarningKind::Format,
                u32::from(id),
                format!("number format {code:?} cannot be rendered ({reason}): General used"),
                None,
            );
        }
        f
    }

    /// The format slot of XF `xf`.
    fn xf_slot(&mut self, xf: u16) -> u32 {
        match self.xf_slots.get(usize::from(xf)) {
            Some(&slot) if slot != u32::MAX => slot,
            Some(_) => {
                let id = self.xf_formats.get(usize::from(xf)).copied().unwrap_or(0);
                let slot = self.slot(id);
                if let Some(s) = self.xf_slots.get_mut(usize::from(xf)) {
                    *s = slot;
                }
                slot
            }
            None => {
                if !self.xf_formats.is_empty() {
                    self.warn_once(
                        WarningKind::Cell,
                        0x1_0000 + u32::from(xf),
                        format!(
                            "cell refers to XF {xf} of {}: General used",
                            self.xf_formats.len()
                        ),
                        None,
                    );
                }
                self.slot(0)
            }
        }
    }

    /// A number cell as its format shows it, alignment padding trimmed,
    /// rendered into the sheet's buffer.
    #[allow(clippy::too_many_arguments)]
    fn push_number(
        &mut self,
        sheet: &mut Sheet,
        row: u32,
        col: u16,
        slot: u32,
        v: f64,
        offset: u64,
    ) {
        let date1904 = self.date1904;
        let start = sheet.buf.len();
        self.format_at(slot)
            .1
            .render_into(v, date1904, &mut sheet.buf);
        let shown = sheet.buf.as_bytes().get(start..).unwrap_or_default();
        let mut kept = shown.len();
        if shown.first() == Some(&b' ') || shown.last() == Some(&b' ') {
            // Alignment padding (`_)`, `?`): trimmed, as a reader sees it.
            let lead = shown.iter().take_while(|&&b| b == b' ').count();
            let trail = shown.iter().rev().take_while(|&&b| b == b' ').count();
            kept = shown.len().saturating_sub(lead + trail);
            sheet.buf.truncate(start + lead + kept);
            if lead > 0 {
                sheet.buf.replace_range(start..start + lead, "");
            }
        }
        if !self.admit(kept, offset) {
            sheet.buf.truncate(start);
            return;
        }
        if kept > 0 {
            sheet.cells.push(Cell {
                row,
                col,
                text: CellText::Buf(start, start + kept),
            });
        }
    }

    /// What a text cell shows through its format's text section
    /// (`"Name: "@`); `None` when that is the text as it is.
    fn text_shown(&mut self, slot: u32, s: &str) -> Option<String> {
        let (id, f) = self.format_at(slot);
        if id == 0 || id == 49 || f.is_general() {
            return None;
        }
        let r = f.render_text(s);
        if r == s {
            None
        } else {
            Some(r.trim_matches(' ').to_string())
        }
    }

    /// A text cell shown through format slot `slot`.
    fn push_text(
        &mut self,
        sheet: &mut Sheet,
        row: u32,
        col: u16,
        slot: u32,
        s: String,
        offset: u64,
    ) {
        let t = self.text_shown(slot, &s).unwrap_or(s);
        self.push_cell(sheet, row, col, t, offset);
    }

    /// A cell showing shared string `i` (which exists) through format slot `slot`.
    fn push_sst(
        &mut self,
        sheet: &mut Sheet,
        row: u32,
        col: u16,
        slot: u32,
        i: usize,
        offset: u64,
    ) {
        let sst = std::mem::take(&mut self.sst);
        let s = sst.get(i).map_or("", String::as_str);
        match self.text_shown(slot, s) {
            Some(t) => self.push_cell(sheet, row, col, t, offset),
            None => {
                if self.admit(s.len(), offset) && !s.is_empty() {
                    sheet.cells.push(Cell {
                        row,
                        col,
                        text: CellText::Sst(i),
                    });
                }
            }
        }
        self.sst = sst;
    }

    /// Counts a cell of `len` bytes against the limits: `false` (and the
    /// reading stopped) past them.
    fn admit(&mut self, len: usize, offset: u64) -> bool {
        let (max_cells, max_output) = (
            self.opts.limits.max_cells,
            self.opts.limits.max_output_bytes,
        );
        self.cells += 1;
        // The warn-once key and message of the limit passed.
        let passed = if self.cells > max_cells {
            Some((
                2,
                format!("more than {max_cells} cells: the rest are left out"),
            ))
        } else {
            self.output = self.output.saturating_add(len as u64 + 1);
            let message = || format!("output exceeds {max_output} bytes: the rest is left out");
            (self.output > max_output).then(|| (3, message()))
        };
        let Some((key, message)) = passed else {
            return true;
        };
        self.warn_once(WarningKind::Limit, key, message, Some(offset));
        self.stopped = true;
        false
    }

    /// A cell with the text `text`.
    fn push_cell(&mut self, sheet: &mut Sheet, row: u32, col: u16, text: String, offset: u64) {
        if !self.admit(text.len(), offset) || text.is_empty() {
            return;
        }
        sheet.push_text(row, col, &text);
    }

    /// One record of a worksheet substream.
    fn sheet_record(&mut self, sheet: &mut Sheet, rec: &Record<'_>, records: &mut Records<'_>) {
        let d = rec.data;
        let b8 = self.biff == Biff::Biff8;
        let row = u16_at(d, 0).map_or(0, u32::from);
        let col = u16_at(d, 2).unwrap_or(0);
        let xf = u16_at(d, 4).unwrap_or(0);
        let short = |p: &mut Self, what: &str| p.too_short(WarningKind::Record, what, rec.offset);
        if sheet.pending_string.is_some()
            && !matches!(rec.typ, 0x0207 | 0x0007 | 0x04BC | 0x0221 | 0x0236)
        {
            sheet.pending_string = None;
        }
        match rec.typ {
            // NUMBER
            0x0203 => match f64_at(d, 6) {
                Some(v) => {
                    let f = self.xf_slot(xf);
                    self.push_number(sheet, row, col, f, v, rec.offset);
                }
                None => short(self, "NUMBER"),
            },
            // RK
            0x027E => match u32_at(d, 6) {
                Some(v) => {
                    let f = self.xf_slot(xf);
                    self.push_number(sheet, row, col, f, rk(v), rec.offset);
                }
                None => short(self, "RK"),
            },
            // MULRK
            0x00BD => {
                let pairs = d.len().saturating_sub(6) / 6;
                for k in 0..pairs {
                    let at = 4 + 6 * k;
                    let (Some(xf), Some(v)) = (u16_at(d, at), u32_at(d, at + 2)) else {
                        break;
                    };
                    let f = self.xf_slot(xf);
                    let c = col.saturating_add(k as u16);
                    self.push_number(sheet, row, c, f, rk(v), rec.offset);
                    if self.stopped {
                        break;
                    }
                }
            }
            // LABELSST
            0x00FD => match u32_at(d, 6) {
                Some(i) => match self.sst.get(i as usize) {
                    Some(_) => {
                        let f = self.xf_slot(xf);
                        self.push_sst(sheet, row, col, f, i as usize, rec.offset);
                    }
                    None => self.warn_once(
                        WarningKind::Cell,
                        0x2_0000 + (i & 0xFFFF),
                        format!("cell refers to shared string {i} of {}", self.sst.len()),
                        Some(rec.offset),
                    ),
                },
                None => short(self, "LABELSST"),
            },
            // LABEL, RSTRING
            0x0204 | 0x00D6 => match self.cell_string(d, 6) {
                Some(s) => {
                    let f = self.xf_slot(xf);
                    self.push_text(sheet, row, col, f, s, rec.offset);
                }
                None => short(self, "LABEL"),
            },
            // BOOLERR
            0x0205 => {
                let (v, e) = (d.get(6).copied(), d.get(7).copied());
                match (v, e) {
                    (Some(v), Some(e)) => {
                        let t = bool_or_error(v, e);
                        self.push_cell(sheet, row, col, t, rec.offset);
                    }
                    _ => short(self, "BOOLERR"),
                }
            }
            // FORMULA (BIFF5/8 0x0006, BIFF3 0x0206, BIFF4 0x0406)
            0x0006 | 0x0206 | 0x0406 if self.biff >= Biff::Biff3 || rec.typ != 0x0006 => {
                let f = self.xf_slot(xf);
                self.formula(sheet, d, 6, row, col, f, rec.offset);
            }
            // STRING: the result of the string formula before it.
            0x0207 => {
                if let Some((r, c, f)) = sheet.pending_string.take() {
                    let s = if b8 {
                        let mut frags = vec![d];
                        frags.extend(records.continues(64));
                        Frags::new(frags).unicode_string()
                    } else {
                        self.byte_string16(d, 0)
                    };
                    if let Some(s) = s {
                        self.push_text(sheet, r, c, f, s, rec.offset);
                    }
                }
            }
            // BIFF2 cells: row, col, 3 attribute bytes (format in the second).
            // Some writers put them in BIFF5 files too; only FORMULA's id is reused.
            0x0002..=0x0007 => {
                let fmt = d.get(5).map_or(0, |b| u16::from(b & 0x3F));
                let fmt = self.slot(fmt);
                match rec.typ {
                    0x0002 => {
                        if let Some(v) = u16_at(d, 7) {
                            self.push_number(sheet, row, col, fmt, f64::from(v), rec.offset);
                        }
                    }
                    0x0003 => {
                        if let Some(v) = f64_at(d, 7) {
                            self.push_number(sheet, row, col, fmt, v, rec.offset);
                        }
                    }
                    0x0004 => {
                        if let Some(s) = self.byte_string8(d, 7) {
                            self.push_cell(sheet, row, col, s, rec.offset);
                        }
                    }
                    0x0005 => {
                        if let (Some(v), Some(e)) = (d.get(7).copied(), d.get(8).copied()) {
                            let t = bool_or_error(v, e);
                            self.push_cell(sheet, row, col, t, rec.offset);
                        }
                    }
                    0x0006 => {
                        sheet.pending_string = None;
                        self.formula(sheet, d, 7, row, col, fmt, rec.offset);
                    }
                    _ => {
                        if let Some((r, c, f)) = sheet.pending_string.take()
                            && let Some(s) = self.byte_string8(d, 0)
                        {
                            self.push_text(sheet, r, c, f, s, rec.offset);
                        }
                    }
                }
            }
            // HEADER, FOOTER
            0x0014 | 0x0015 => {
                let s = if d.is_empty() {
                    None
                } else if b8 {
                    Frags::single(d).unicode_string()
                } else {
                    self.byte_string8(d, 0)
                };
                if let Some(s) = s {
                    if rec.typ == 0x0014 {
                        sheet.header = Some(s);
                    } else {
                        sheet.footer = Some(s);
                    }
                }
            }
            // NOTE
            0x001C => self.note(sheet, rec, records),
            // OBJ: remember the object's id and type for the TXO that follows.
            0x005D if b8 && u16_at(d, 0) == Some(0x15) => {
                if let (Some(ot), Some(id)) = (u16_at(d, 4), u16_at(d, 6)) {
                    sheet.last_obj = Some((id, ot));
                }
            }
            // TXO
            0x01B6 => self.txo(sheet, rec, records),
            // MERGEDCELLS: cmcs, then that many Ref8 (rwFirst, rwLast,
            // colFirst, colLast), as many as the record holds.
            0x00E5 => {
                let count = u16_at(d, 0).map_or(0, usize::from);
                for k in 0..count {
                    let at = 2 + 8 * k;
                    let (Some(r1), Some(r2), Some(c1), Some(c2)) = (
                        u16_at(d, at),
                        u16_at(d, at + 2),
                        u16_at(d, at + 4),
                        u16_at(d, at + 6),
                    ) else {
                        short(self, "MERGEDCELLS");
                        break;
                    };
                    sheet
                        .merges
                        .push(MergedRange::new(r1.into(), c1.into(), r2.into(), c2.into()));
                }
            }
            // HLINK
            0x01B8 => {
                if let Some((r, c, text)) = hyperlink(d) {
                    sheet.links.push((r, c, text));
                }
            }
            _ => {}
        }
    }

    /// FORMULA's cached result at `at` (MS-XLS 2.5.133 FormulaValue; BIFF2
    /// puts it at 7), shown with format `format_id`.
    #[allow(clippy::too_many_arguments)]
    fn formula(
        &mut self,
        sheet: &mut Sheet,
        d: &[u8],
        at: usize,
        row: u32,
        col: u16,
        slot: u32,
        offset: u64,
    ) {
        let Some(val) = d.get(at..at + 8) else {
            self.too_short(WarningKind::Record, "FORMULA", offset);
            return;
        };
        if val[6] == 0xFF && val[7] == 0xFF {
            match val[0] {
                0 => sheet.pending_string = Some((row, col, slot)),
                1 => self.push_cell(sheet, row, col, bool_or_error(val[2], 0), offset),
                2 => self.push_cell(sheet, row, col, error_text(val[2]).to_string(), offset),
                _ => {}
            }
        } else if let Some(v) = f64_at(val, 0) {
            self.push_number(sheet, row, col, slot, v, offset);
        }
    }

    /// NOTE (MS-XLS 2.4.179): BIFF8 links a comment object to its cell and
    /// author; BIFF2-7 carries the text itself, continued by NOTE records
    /// with row 0xFFFF.
    fn note(&mut self, sheet: &mut Sheet, rec: &Record<'_>, records: &mut Records<'_>) {
        let d = rec.data;
        let (Some(row), Some(col)) = (u16_at(d, 0), u16_at(d, 2)) else {
            self.too_short(WarningKind::Object, "NOTE", rec.offset);
            return;
        };
        if self.biff == Biff::Biff8 {
            let object = u16_at(d, 6);
            let author = Frags::single(d).at(8).unicode_string().unwrap_or_default();
            sheet.notes.push(Note {
                row: u32::from(row),
                col,
                author,
                object,
                text: String::new(),
            });
            return;
        }
        let mut text = self.byte_string16(d, 4).unwrap_or_default();
        // Continuation NOTE records: row 0xFFFF, col 0, count, text.
        let mut guard = 0;
        while records.peek_type() == Some(0x001C) && guard < 4096 {
            let save = records.offset();
            let Some(next) = records.next() else { break };
            if u16_at(next.data, 0) != Some(0xFFFF) {
                records.seek(save);
                break;
            }
            text.push_str(&self.byte_string16(next.data, 4).unwrap_or_default());
            guard += 1;
        }
        sheet.notes.push(Note {
            row: u32::from(row),
            col,
            author: String::new(),
            object: None,
            text: text.replace('\r', ""),
        });
    }

    /// TXO (MS-XLS 2.4.329): the text of the last OBJ, in the CONTINUE
    /// records after it (each starting with an option byte in BIFF8).
    fn txo(&mut self, sheet: &mut Sheet, rec: &Record<'_>, records: &mut Records<'_>) {
        let d = rec.data;
        let Some(cch) = u16_at(d, 10) else {
            self.too_short(WarningKind::Object, "TXO", rec.offset);
            return;
        };
        let cch = usize::from(cch);
        let conts = records.continues(256);
        let text = if cch == 0 {
            String::new()
        } else if self.biff == Biff::Biff8 {
            let mut f = Frags::new(conts);
            let mut s = String::new();
            match f.u8() {
                Some(flags) => {
                    if !f.chars(cch, flags & 0x01 != 0, &mut s) {
                        self.warn(
                            WarningKind::Object,
                            format!(
                                "TXO text cut short after {} of {cch} characters",
                                s.chars().count()
                            ),
                            Some(rec.offset),
                        );
                    }
                }
                None => self.warn(
                    WarningKind::Object,
                    "TXO without its text record",
                    Some(rec.offset),
                ),
            }
            s
        } else {
            let bytes: Vec<u8> = conts
                .iter()
                .flat_map(|c| c.iter().copied())
                .take(cch)
                .collect();
            decode(&bytes, self.encoding)
        };
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        match sheet.last_obj.take() {
            Some((id, OT_COMMENT)) => {
                sheet.comment_order.push(id);
                sheet.comment_texts.insert(id, text);
            }
            _ => {
                if !text.trim().is_empty() {
                    sheet.text_boxes.push(text);
                }
            }
        }
    }

    /// Turns a finished sheet into its parts.
    fn finish_sheet(&mut self, mut s: Sheet) {
        if s.kind == 6 {
            return;
        }
        // Hyperlink display texts fill the cells they sit on when those are empty.
        if !s.links.is_empty() {
            let filled: HashSet<(u32, u16)> = s.cells.iter().map(|c| (c.row, c.col)).collect();
            for (row, col, text) in std::mem::take(&mut s.links) {
                if !filled.contains(&(row, col)) {
                    s.push_text(row, col, &text);
                }
            }
        }
        // Cells come in row order in almost every file.
        if !s.cells.is_sorted_by_key(|c| (c.row, c.col)) {
            s.cells.sort_by_key(|c| (c.row, c.col));
        }
        // A later record for the same cell wins.
        s.cells.dedup_by(|later, earlier| {
            if later.row == earlier.row && later.col == earlier.col {
                earlier.text = later.text;
                true
            } else {
                false
            }
        });
        let sst = std::mem::take(&mut self.sst);
        let cells: Vec<(u32, u32, Cow<'_, str>)> = s
            .cells
            .iter()
            .map(|cell| {
                let t = match cell.text {
                    CellText::Sst(k) => sst.get(k).map_or("", String::as_str),
                    CellText::Buf(a, b) => s.buf.get(a..b).unwrap_or_default(),
                };
                let t = if t.bytes().any(|b| b == b'\r' || b == b'\n') {
                    Cow::Owned(t.replace(['\r', '\n'], " "))
                } else {
                    Cow::Borrowed(t)
                };
                (cell.row, u32::from(cell.col), t)
            })
            .collect();
        let name = self.opts.sheet_names.then_some(s.name.as_str());
        write_sheet(
            &mut self.builder,
            name,
            &cells,
            &s.merges,
            SheetLayout::new().with_structure(self.opts.structure),
        );
        drop(cells);
        self.sst = sst;
        if let Some(reason) = self.builder.limit_reason() {
            let reason = format!("text stopped at {reason}: the rest is left out");
            self.warn_once(WarningKind::Limit, 3, reason, None);
        }
        let mut part = self
            .builder
            .finish_part(PartKind::Sheet)
            .with_name(s.name.clone());
        match s.hidden {
            1 => part = part.with_attribute("hidden", "true"),
            2 => part = part.with_attribute("hidden", "very"),
            _ => {}
        }
        match s.kind {
            1 => part = part.with_attribute("type", "macro"),
            2 => part = part.with_attribute("type", "chart"),
            _ => {}
        }
        self.parts.push(part);
        for (kind, hf) in [
            (PartKind::Header, s.header.take()),
            (PartKind::Footer, s.footer.take()),
        ] {
            if let Some(code) = hf {
                let t = cell_format::header_footer_text(&code);
                if !t.is_empty() {
                    self.parts.push(Part::named(kind, s.name.clone(), t));
                }
            }
        }
        // Comments: each NOTE with its object's text, then texts without a NOTE.
        let mut used = HashSet::new();
        for n in std::mem::take(&mut s.notes) {
            let text = match n.object {
                Some(id) => {
                    used.insert(id);
                    s.comment_texts.get(&id).cloned().unwrap_or_default()
                }
                None => n.text,
            };
            let mut p = Part::named(
                PartKind::Comment,
                format!("{}!{}", s.name, cell_ref(n.row, n.col)),
                text,
            );
            if !n.author.is_empty() {
                p = p.with_attribute("author", n.author);
            }
            self.parts.push(p);
        }
        for id in std::mem::take(&mut s.comment_order) {
            if !used.contains(&id)
                && let Some(t) = s.comment_texts.remove(&id)
            {
                self.parts
                    .push(Part::named(PartKind::Comment, s.name.clone(), t));
            }
        }
        for t in std::mem::take(&mut s.text_boxes) {
            self.parts
                .push(Part::named(PartKind::TextBox, s.name.clone(), t));
        }
    }
}

/// `TRUE`/`FALSE`, or the error text when `is_error`.
fn bool_or_error(value: u8, is_error: u8) -> String {
    if is_error != 0 {
        error_text(value).to_string()
    } else if value != 0 {
        "TRUE".into()
    } else {
        "FALSE".into()
    }
}

/// `A1`-style reference of a zero-based row and column.
fn cell_ref(row: u32, col: u16) -> String {
    let mut letters = Vec::new();
    let mut c = u32::from(col) + 1;
    while c > 0 {
        let rem = (c - 1) % 26;
        letters.push(char::from(b'A' + rem as u8));
        c = (c - 1) / 26;
    }
    letters.reverse();
    format!("{}{}", letters.into_iter().collect::<String>(), row + 1)
}

/// The BIFF version and substream type of a BOF record, or `None` when
/// `rec` is not a BOF (MS-XLS 2.4.21).
pub(crate) fn bof_version(rec: &Record<'_>) -> Option<(Biff, u16)> {
    let d = rec.data;
    match rec.typ {
        0x0809 => {
            let vers = u16_at(d, 0)?;
            let dt = u16_at(d, 2)?;
            let biff = if vers == 0x0600 || (vers != 0x0500 && d.len() >= 16) {
                Biff::Biff8
            } else {
                Biff::Biff5
            };
            Some((biff, dt))
        }
        0x0409 => Some((Biff::Biff4, u16_at(d, 2)?)),
        0x0209 => Some((Biff::Biff3, u16_at(d, 2)?)),
        0x0009 => Some((Biff::Biff2, u16_at(d, 2)?)),
        _ => None,
    }
}

/// Skips to the EOF that closes the substream whose BOF was just read,
/// following nested BOFs.
fn skip_substream(records: &mut Records<'_>) {
    let mut depth = 1u32;
    for rec in records.by_ref() {
        if bof_version(&rec).is_some() {
            depth = depth.saturating_add(1);
        } else if rec.typ == 0x000A {
            depth -= 1;
            if depth == 0 {
                return;
            }
        }
    }
}

/// HLINK (MS-XLS 2.4.140): the cell and the display text, if it has one.
fn hyperlink(d: &[u8]) -> Option<(u32, u16, String)> {
    let row = u32::from(u16_at(d, 0)?);
    let col = u16_at(d, 4)?;
    // ref8 (8) + CLSID (16) + streamVersion (4), then the flags.
    let flags = u32_at(d, 28)?;
    if flags & 0x10 == 0 {
        // No hlstmfHasDisplayName: the cell's own text is what shows.
        return None;
    }
    let cch = u32_at(d, 32)? as usize;
    let bytes = d.get(36..36usize.checked_add(cch.checked_mul(2)?)?)?;
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .take_while(|&u| u != 0)
        .collect();
    let text = String::from_utf16_lossy(&units);
    (!text.trim().is_empty()).then_some((row, col, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_references() {
        assert_eq!(cell_ref(0, 0), "A1");
        assert_eq!(cell_ref(9, 25), "Z10");
        assert_eq!(cell_ref(0, 26), "AA1");
        assert_eq!(cell_ref(0, 255), "IV1");
    }

    #[test]
    fn errors_and_booleans() {
        assert_eq!(bool_or_error(0x07, 1), "#DIV/0!");
        assert_eq!(bool_or_error(1, 0), "TRUE");
        assert_eq!(bool_or_error(0, 0), "FALSE");
    }
}
