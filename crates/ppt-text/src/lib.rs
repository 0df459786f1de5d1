//! `ppt-text`: the text of PowerPoint 97–2003 decks (`.ppt`, `.pps`) the
//! way PowerPoint reads them — never by scanning the stream for text atoms.
//!
//! It follows the `Current User` stream to the newest UserEditAtom, walks
//! the chain of edits merging their persist directories (newer edits win,
//! a cycle guard, every offset checked), finds the Document container and
//! its SlideListWithText lists, and reads each slide, its notes page and
//! each master from the persist object the directory names. Deleted slides
//! and old revisions left in the stream are therefore never read. Text
//! comes from each shape's ClientTextbox (text atoms, or an
//! OutlineTextRefAtom into the slide list's outline text), in shape order
//! with the title first; groups and tables are walked; WordArt text is
//! read. Each part's blocks hold the structure: titles as headings,
//! bulleted and numbered paragraphs (paragraph runs, the master's text
//! styles, PP9 auto-numbers) as list items, table groups as tables with
//! spans rebuilt from the cells' anchors; its text is what it always was.
//! Fields (`*` with a slide number, header, footer or user date
//! MCAtom) are filled from the HeadersFooters atoms or dropped. Master
//! prompts ("Click to edit Master title style") and master placeholders
//! are dropped; a master's own text boxes become `Master` parts. Comments
//! (Comment10) become `Comment` parts with their author (attribute, and
//! `Author - text` as their text). Pictures of the
//! `Pictures` stream and ExOleObjStg objects (inflated) are
//! [`Presentation::embedded`]. RC4 CryptoAPI decks open with the given
//! password or PowerPoint's default one. `PP97_DUALSTORAGE` decks are read
//! from their PowerPoint 97 storage.
//!
//! It does **not** read PowerPoint 95 or 4.0 files without a PowerPoint 97
//! stream ([`Error::Unsupported`]), and it renders nothing.
//!
//! ```
//! use doc_model::PartKind;
//!
//! // A deck saved twice: the second save deleted slide 2 and edited slide 1.
//! let data = include_bytes!("../../../fixtures/ppt/two-edits.ppt");
//! let deck = ppt_text::parse(data)?;
//! assert_eq!(deck.parts[0].kind, PartKind::Slide);
//! assert!(deck.text().contains("Edited title"));
//! assert!(!deck.text().contains("Deleted slide"));
//! # Ok::<(), ppt_text::Error>(())
//! ```
#![forbid(unsafe_code)]

mod deck;
mod embedded;
mod error;
mod hf;
mod persist;
mod record;
mod shapes;
mod style;
mod table;
mod text;

use std::time::Instant;

use ole_cfb_read::CompoundFile;

pub use error::{Error, Warning, WarningKind};

/// A read deck ([`doc_model::Extraction`]): one `Slide` part per slide in
/// presentation order (`name` = the slide number, title first), each
/// followed by its `Footer`, `Comment`, notes `Header`, `Notes` and notes
/// `Footer` parts, then `Master` parts; the summary and document summary
/// information; pictures (`/imageN.ext`) and OLE objects (`/oleN.ole`,
/// compound files); and the defects that did not stop reading.
pub type Presentation = doc_model::Extraction<WarningKind>;

/// How to read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The caps.
    pub limits: Limits,
    /// The password of an encrypted deck (PowerPoint's default is always tried).
    pub password: Option<String>,
    /// Whether to read pictures and OLE objects into
    /// [`Presentation::embedded`] (default `true`; `false` for text only).
    pub embedded: bool,
    /// With [`embedded`](Self::embedded), whether the `Pictures` stream is
    /// decoded too (default `true`); off, only the OLE objects are read.
    pub images: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            limits: Limits::default(),
            password: None,
            embedded: true,
            images: true,
        }
    }
}

/// Caps that keep hostile input from costing unbounded time or memory.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Most bytes of text produced; later slides are left out with a
    /// warning. Default 256 MiB.
    pub max_output_bytes: u64,
    /// Most slides (and notes pages, masters) per list. Default 100,000.
    pub max_slides: u64,
    /// Most UserEditAtoms followed. Default 10,000.
    pub max_edits: u32,
    /// Deepest nesting of shape groups. Default 32.
    pub max_depth: u32,
    /// Most bytes of pictures and OLE objects, inflated. Default 512 MiB.
    pub max_embedded_bytes: u64,
    /// Most warnings kept. Default 1,000.
    pub max_warnings: usize,
    /// The moment after which reading stops, keeping what was read.
    pub deadline: Option<Instant>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_output_bytes: 256 << 20,
            max_slides: 100_000,
            max_edits: 10_000,
            max_depth: 32,
            max_embedded_bytes: 512 << 20,
            max_warnings: 1000,
            deadline: None,
        }
    }
}

/// Reads a `.ppt` file with the default options.
pub fn parse(data: &[u8]) -> Result<Presentation, Error> {
    parse_with(data, &Options::default())
}

/// Reads a `.ppt` file.
pub fn parse_with(data: &[u8], options: &Options) -> Result<Presentation, Error> {
    let cf = CompoundFile::open(data)?;
    from_compound_file(&cf, options)
}

/// Reads the deck of an open compound file (the facade opens it once).
pub fn from_compound_file(cf: &CompoundFile<'_>, options: &Options) -> Result<Presentation, Error> {
    deck::read(cf, options)
}
