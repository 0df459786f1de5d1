//! `ole-cfb-read`: a zero-copy reader for OLE compound files (MS-CFB,
//! "structured storage"), the property sets inside them (MS-OLEPS) and the
//! OLE objects embedded in them (MS-OLEDS).
//!
//! Compound files are the container of Word `.doc`, Excel `.xls`,
//! PowerPoint `.ppt`, HWP 5.0, Outlook `.msg`, `.msi` and of encrypted OOXML.
//! This crate opens one from a byte slice, lists its storages and streams by
//! path, reads a stream (borrowed from the input when its sectors are
//! contiguous, copied otherwise) and decodes `\x05SummaryInformation` and
//! `\x05DocumentSummaryInformation` into [`Metadata`].
//!
//! Embedded objects — an `ObjectPool/_1310388058` storage of a Word
//! document, an `MBD0001` storage of a workbook, an RTF `\objdata` — are
//! unwrapped by [`CompoundFile::embedded_object`] and
//! [`Ole1Object::embedded_object`]: a file packaged by the Object Packager
//! ([`Package`] inside `\x01Ole10Native`) comes out with its own name and
//! bytes, an OOXML `Package`, an `EmbeddedOdf` or a PDF in `CONTENTS` as
//! the file they are, and an embedded workbook, document or presentation
//! as a compound file of its own ([`CompoundFile::copy_storage`]) that
//! Excel, Word or PowerPoint open. [`CompObj`] reads the object's type
//! names, [`Ole1Object`] the OLE 1.0 form RTF stores.
//!
//! Damaged files are read as far as they can be, the way olefile reads them:
//! defects such as a file cut short, a stream shorter than its declared size or
//! a dangling sibling id become [`Warning`]s. Structures that cannot be trusted
//! at all — a loop in a sector chain, the DIFAT or the directory tree, sector
//! ids past the end — become a typed [`Error`]. Nothing panics, loops forever
//! or allocates more than the input's size (see [`Limits`]).
//!
//! It does **not** modify compound files, decrypt anything, or interpret the
//! streams of any particular application (that is the job of layers such as
//! `msdoc-text`). It writes a compound file only to copy a storage out
//! (a small deterministic version 3 writer).
//!
//! ```
//! use ole_cfb_read::{CompoundFile, EntryKind};
//!
//! let data = include_bytes!("../../../fixtures/cfb/simple-v3.cfb");
//! let cfb = CompoundFile::open(data)?;
//! for entry in cfb.entries().iter().filter(|e| e.kind == EntryKind::Stream) {
//!     println!("{}\t{}", entry.path, entry.size);
//! }
//! let text = cfb.stream("Storage/Stream")?;
//! assert!(text.starts_with(b"Hello"));
//! let meta = cfb.metadata();
//! assert_eq!(meta.title.as_deref(), Some("吾輩は猫である"));
//! assert!(CompoundFile::open(b"PK\x03\x04").is_err());
//! # Ok::<(), ole_cfb_read::Error>(())
//! ```
//!
//! Embedded objects:
//!
//! ```
//! use ole_cfb_read::{Application, CompoundFile, ObjectKind};
//!
//! let data = include_bytes!("../../../fixtures/oleds/objects.cfb");
//! let cfb = CompoundFile::open(data)?;
//! // A file packaged by Packager: its own name and bytes.
//! let package = cfb.embedded_object("ObjectPool/_1001")?;
//! assert_eq!(package.kind, ObjectKind::Package);
//! assert_eq!(package.file_name, "報告 Q1.txt");
//! assert_eq!(package.data, b"Quarterly figures: 42\r\n");
//! // An embedded workbook: the storage as an .xls file of its own.
//! let workbook = cfb.embedded_object("ObjectPool/_1007")?;
//! assert_eq!(workbook.kind, ObjectKind::CompoundDocument(Application::Excel));
//! assert_eq!(workbook.file_name, "_1007.xls");
//! let xls = CompoundFile::open(&workbook.data)?;
//! assert!(xls.stream("Workbook")?.starts_with(&[0x09, 0x08]));
//! # Ok::<(), ole_cfb_read::Error>(())
//! ```
#![forbid(unsafe_code)]

mod bytes;
pub mod codepage;
mod comp_obj;
mod directory;
mod embedded;
mod error;
mod fat;
mod filetime;
mod header;
mod metadata;
mod object_header;
mod ole_native;
mod property_set;
mod stream;
mod writer;

pub use comp_obj::{COMP_OBJ, ClipboardFormat, CompObj};
pub use embedded::{Application, EmbeddedObject, ObjectKind};
pub use error::{Error, Warning, WarningKind};
pub use filetime::FileTime;
pub use header::SIGNATURE;
pub use metadata::Metadata;
pub use object_header::{
    FORMAT_ID_EMBEDDED, FORMAT_ID_LINKED, ObjectHeader, Ole1Body, Ole1Object, Presentation,
    PresentationFormat,
};
pub use ole_native::{OLE10_NATIVE, OleNativeStream, Package};
pub use property_set::{
    FMTID_DOC_SUMMARY_INFORMATION, FMTID_SUMMARY_INFORMATION, FMTID_USER_DEFINED_PROPERTIES,
    Property, PropertySet, PropertyValue, Section,
};
pub use stream::Stream;

use directory::{DirEntry, TYPE_ROOT, TYPE_STORAGE, filetime};
use fat::{Sectors, follow};
use header::{Header, MAXREGSECT};

/// Caps that keep hostile input from costing unbounded time or memory.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Most directory entries read (each is 128 bytes of input). Default 1,000,000.
    pub max_directory_entries: u32,
    /// Deepest storage nesting followed. Default 64.
    pub max_depth: u32,
    /// Largest declared stream size that [`CompoundFile::stream`] accepts. Default 2 GiB.
    pub max_stream_size: u64,
    /// Most properties in a property set section, elements in a vector or
    /// entries in a dictionary. Default 65,536.
    pub max_properties: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_directory_entries: 1_000_000,
            max_depth: 64,
            max_stream_size: 1 << 31,
            max_properties: 65_536,
        }
    }
}

/// Whether a directory entry holds other entries or data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntryKind {
    /// A storage: a folder of streams and storages.
    Storage,
    /// A stream: a sequence of bytes.
    Stream,
}

/// A storage or stream reachable from the root (MS-CFB 2.6.1 Directory Entry).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Names from the root joined by `/`, e.g. `ObjectPool/_123/\x01Ole`.
    pub path: String,
    /// The entry's own name (the last path component), control characters included.
    pub name: String,
    /// Storage or stream.
    pub kind: EntryKind,
    /// Declared stream size in bytes (32 bits in version 3 files); 0 for storages.
    pub size: u64,
    /// The class id (meaningful for storages; usually zero for streams).
    pub clsid: [u8; 16],
    /// Creation time, if set (storages only, in practice).
    pub created: Option<FileTime>,
    /// Modification time, if set (storages only, in practice).
    pub modified: Option<FileTime>,
    start_sector: u32,
    lower_path: String,
    /// Storages between the root and the entry (0 for the root's own entries).
    depth: u32,
}

/// An opened compound file borrowing its input.
#[derive(Debug, Clone)]
pub struct CompoundFile<'a> {
    sectors: SectorsDebug<'a>,
    version: u16,
    fat: Vec<u32>,
    mini_fat: Vec<u32>,
    /// The regular sectors holding the mini stream, or why it is unreadable.
    mini_stream: Result<Vec<u32>, Error>,
    mini_stream_len: u64,
    mini_cutoff: u64,
    root: Entry,
    entries: Vec<Entry>,
    warnings: Vec<Warning>,
    limits: Limits,
}

/// `Sectors` with a short `Debug` (the input bytes are not printed).
#[derive(Clone, Copy)]
struct SectorsDebug<'a>(Sectors<'a>);

impl std::fmt::Debug for SectorsDebug<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} bytes in {}-byte sectors",
            self.0.data.len(),
            self.0.size
        )
    }
}

impl<'a> CompoundFile<'a> {
    /// Opens a compound file with the default [`Limits`].
    pub fn open(data: &'a [u8]) -> Result<CompoundFile<'a>, Error> {
        Self::open_with(data, &Limits::default())
    }

    /// Opens a compound file: reads the header, the FAT, the mini FAT and the directory.
    pub fn open_with(data: &'a [u8], limits: &Limits) -> Result<CompoundFile<'a>, Error> {
        let mut warnings = Vec::new();
        let header = Header::parse(data, &mut warnings)?;
        let sectors = Sectors {
            data,
            size: header.sector_size,
        };
        if !data.len().is_multiple_of(header.sector_size) {
            warnings.push(crate::error::warning(
                WarningKind::Header,
                format!(
                    "file length {} is not a multiple of the sector size {}",
                    data.len(),
                    header.sector_size
                ),
            ));
        }
        let fat = fat::load_fat(sectors, &header, &mut warnings)?;
        let dir = read_directory(sectors, &fat, &header, limits, &mut warnings)?;
        let placed = directory::walk(&dir, limits.max_depth, &mut warnings)?;
        let root_raw = dir.first().ok_or(Error::Truncated {
            what: "directory",
            offset: 0,
        })?;
        if root_raw.object_type != TYPE_ROOT {
            warnings.push(crate::error::warning(
                WarningKind::Directory,
                format!(
                    "entry 0 has object type {}, not root (5)",
                    root_raw.object_type
                ),
            ));
        }
        let make = |path: String, depth: u32, e: &DirEntry| {
            let kind = if e.object_type == TYPE_STORAGE {
                EntryKind::Storage
            } else {
                EntryKind::Stream
            };
            Entry {
                lower_path: path.to_lowercase(),
                path,
                name: e.name.clone(),
                kind,
                size: if kind == EntryKind::Stream { e.size } else { 0 },
                clsid: e.clsid,
                created: filetime(e.created),
                modified: filetime(e.modified),
                start_sector: e.start_sector,
                depth,
            }
        };
        let entries: Vec<Entry> = placed
            .into_iter()
            .filter_map(|p| dir.get(p.sid).map(|e| make(p.path, p.depth, e)))
            .collect();
        let mut root = make(String::new(), 0, root_raw);
        root.size = root_raw.size;
        let mut cfb = CompoundFile {
            sectors: SectorsDebug(sectors),
            version: header.major_version,
            fat,
            mini_fat: Vec::new(),
            mini_stream: Ok(Vec::new()),
            mini_stream_len: 0,
            mini_cutoff: header.mini_stream_cutoff,
            root,
            entries,
            warnings,
            limits: limits.clone(),
        };
        cfb.load_mini_stream(&header);
        Ok(cfb)
    }

    fn warn(&mut self, kind: WarningKind, m: String) {
        self.warnings.push(crate::error::warning(kind, m));
    }

    /// Storages and streams reachable from the root, the root excluded, in
    /// depth-first order with the entries of each storage sorted by name.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entry at `path` (components joined by `/`), compared case-insensitively
    /// as compound files compare names. A leading `/` is ignored.
    pub fn entry(&self, path: &str) -> Option<&Entry> {
        let path = path.strip_prefix('/').unwrap_or(path);
        if let Some(e) = self.entries.iter().find(|e| e.path == path) {
            return Some(e);
        }
        let lower = path.to_lowercase();
        self.entries.iter().find(|e| e.lower_path == lower)
    }

    /// The first of `names` that is a stream, e.g. `&["1Table", "0Table"]`.
    pub fn find_stream(&self, names: &[&str]) -> Option<&Entry> {
        names
            .iter()
            .find_map(|n| self.entry(n).filter(|e| e.kind == EntryKind::Stream))
    }

    /// The storage at `path` and everything under it written out as a
    /// compound file of its own (version 3), its root carrying the
    /// storage's CLSID and modification time, so that an embedded workbook
    /// becomes an `.xls` a user can open. `""` copies the whole file.
    ///
    /// Streams are copied as [`read_stream`](Self::read_stream) reads them
    /// (a stream cut short is copied as far as it goes). The copy never
    /// holds more stream bytes than the input has: a file whose streams
    /// share sectors fails with [`Error::LimitExceeded`].
    pub fn copy_storage(&self, path: &str) -> Result<Vec<u8>, Error> {
        self.copy_storage_with_warnings(path)
            .map(|(bytes, _)| bytes)
    }

    /// [`copy_storage`](Self::copy_storage) and the defects of the streams copied.
    pub(crate) fn copy_storage_with_warnings(
        &self,
        path: &str,
    ) -> Result<(Vec<u8>, Vec<Warning>), Error> {
        let path = path.trim_matches('/');
        let (top, range, root) = if path.is_empty() {
            (None, 0..self.entries.len(), &self.root)
        } else {
            let i = self
                .entries
                .iter()
                .position(|e| e.path == path)
                .or_else(|| {
                    let lower = path.to_lowercase();
                    self.entries.iter().position(|e| e.lower_path == lower)
                })
                .ok_or_else(|| Error::NotFound(path.to_owned()))?;
            let top = self
                .entries
                .get(i)
                .ok_or_else(|| Error::NotFound(path.to_owned()))?;
            if top.kind != EntryKind::Storage {
                return Err(Error::NotAStorage(top.path.clone()));
            }
            let end = self
                .entries
                .iter()
                .skip(i + 1)
                .position(|e| e.depth <= top.depth)
                .map_or(self.entries.len(), |n| i + 1 + n);
            (Some(top.depth), i + 1..end, top)
        };
        let budget = self.sectors.0.data.len();
        let mut copied = 0usize;
        let mut warnings = Vec::new();
        let mut nodes = Vec::new();
        // Directory ids of the storages open at each depth below the top.
        let mut open: Vec<usize> = vec![0];
        let base = top.map_or(0, |d| d + 1);
        for e in self.entries.get(range).unwrap_or_default() {
            let level = e.depth.saturating_sub(base) as usize;
            open.truncate(level + 1);
            let parent = open.last().copied().unwrap_or(0);
            let data = match e.kind {
                EntryKind::Storage => {
                    open.push(nodes.len() + 1);
                    None
                }
                EntryKind::Stream => {
                    let s = self.read_entry(e)?;
                    copied = copied.saturating_add(s.data.len());
                    if copied > budget {
                        return Err(Error::LimitExceeded {
                            what: "bytes copied out of the storage (more than the file holds)",
                            limit: budget as u64,
                        });
                    }
                    warnings.extend(s.warnings);
                    Some(s.data)
                }
            };
            nodes.push(writer::Node {
                name: e.name.clone(),
                data,
                parent,
                clsid: e.clsid,
                created: e.created.map_or(0, |t| t.0),
                modified: e.modified.map_or(0, |t| t.0),
            });
        }
        let modified = root.modified.map_or(0, |t| t.0);
        Ok((writer::write(root.clsid, modified, &nodes)?, warnings))
    }

    /// Defects found while opening, in the order met.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// The major version: 3 (512-byte sectors) or 4 (4096-byte sectors).
    pub fn version(&self) -> u16 {
        self.version
    }

    /// The CLSID of the root storage, which often names the application.
    pub fn root_clsid(&self) -> [u8; 16] {
        self.root.clsid
    }

    /// `\x05SummaryInformation`, if the stream exists.
    pub fn summary_information(&self) -> Option<Result<PropertySet, Error>> {
        self.property_set("\u{5}SummaryInformation")
    }

    /// `\x05DocumentSummaryInformation`, if the stream exists.
    pub fn document_summary_information(&self) -> Option<Result<PropertySet, Error>> {
        self.property_set("\u{5}DocumentSummaryInformation")
    }

    /// `\x05HwpSummaryInformation`, HWP 5.0's copy of SummaryInformation
    /// (same property ids, UTF-16 strings), if the stream exists.
    pub fn hwp_summary_information(&self) -> Option<Result<PropertySet, Error>> {
        self.property_set("\u{5}HwpSummaryInformation")
    }

    /// Parses the property set stream at `path`, if it exists.
    pub fn property_set(&self, path: &str) -> Option<Result<PropertySet, Error>> {
        let entry = self.entry(path).filter(|e| e.kind == EntryKind::Stream)?;
        Some(self.read_entry(entry).and_then(|s| {
            let mut set = PropertySet::parse(&s.data, &self.limits)?;
            set.warnings.splice(0..0, s.warnings);
            Ok(set)
        }))
    }

    /// Both standard property sets merged into one view.
    ///
    /// HWP files, which have no SummaryInformation, contribute their
    /// HwpSummaryInformation instead.
    pub fn metadata(&self) -> Metadata {
        let summary = self
            .summary_information()
            .or_else(|| self.hwp_summary_information());
        Metadata::from_sets(summary, self.document_summary_information())
    }
}

/// Reads every directory entry along the directory chain (MS-CFB 2.6).
fn read_directory(
    sectors: Sectors<'_>,
    fat: &[u32],
    header: &Header,
    limits: &Limits,
    warnings: &mut Vec<Warning>,
) -> Result<Vec<DirEntry>, Error> {
    let first = header.first_directory_sector;
    if first as usize >= fat.len() || first > MAXREGSECT {
        return Err(Error::SectorOutOfRange {
            what: "directory",
            sector: first,
            count: fat.len() as u64,
        });
    }
    let chain = follow(fat, first, None, "directory chain")?;
    if let Some(d) = chain.defect {
        warnings.push(crate::error::warning(WarningKind::Directory, d));
    }
    let v3 = header.sector_size == 512;
    let mut entries = Vec::new();
    for id in chain.ids {
        let Some(sector) = sectors.get(id) else {
            warnings.push(crate::error::warning(
                WarningKind::Directory,
                format!("directory sector {id} lies past the end of the file"),
            ));
            break;
        };
        for raw in sector.chunks_exact(128) {
            if entries.len() >= limits.max_directory_entries as usize {
                return Err(Error::LimitExceeded {
                    what: "directory entries",
                    limit: limits.max_directory_entries.into(),
                });
            }
            entries.push(DirEntry::parse(raw, v3));
        }
    }
    if entries.is_empty() {
        return Err(Error::Truncated {
            what: "directory",
            offset: sectors.offset(first),
        });
    }
    Ok(entries)
}
