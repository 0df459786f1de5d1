//! `office-art`: the OfficeArt drawing format (MS-ODRAW) that Word, Excel and
//! PowerPoint 97–2003 share for pictures and shapes.
//!
//! It reads the record layer ([`Records`], with a depth limit where it
//! recurses), the BLIP store ([`DrawingGroup`], [`BStore`], [`Fbse`]: entries
//! with their BLIP inside, or at `foDelay` in a delay stream the caller
//! gives), every BLIP type ([`Blip`]: JPEG, PNG and TIFF as stored; EMF,
//! WMF and PICT decompressed under a size limit into files a viewer opens;
//! DIB as BMP), and the shape tree ([`Drawing`], [`Shape`]: type, id,
//! flags, properties such as `pib` and the text id, and the host
//! application's ClientAnchor, ClientData and ClientTextbox records,
//! handed over unread).
//!
//! It does **not** know where an application keeps these bytes — Excel's
//! `MsoDrawingGroup`/`MsoDrawing` records, PowerPoint's `PPDrawingGroup`,
//! `PPDrawing` and `Pictures` stream, Word's `OfficeArtContent`, `Data`
//! stream and `WordDocument` delay stream are for `xls-text`, `ppt-text`
//! and `msdoc-text` to find — and it does not render anything.
//!
//! ```
//! use office_art::{Blip, BStore, Options};
//!
//! // An OfficeArtFBSE record holding a PNG BLIP record, as an Excel
//! // MsoDrawingGroup's BLIP store holds it.
//! let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
//! let mut blip = vec![0x00, 0x6E, 0x1E, 0xF0]; // recInstance 0x6E0, recType 0xF01E
//! blip.extend(((16 + 1 + png.len()) as u32).to_le_bytes());
//! blip.extend([0x5A; 16]); // rgbUid1
//! blip.push(0xFF); // tag
//! blip.extend(png);
//! let mut fbse = vec![0x62, 0x00, 0x07, 0xF0]; // recVer 2, recInstance 6 (PNG), recType 0xF007
//! fbse.extend(((36 + blip.len()) as u32).to_le_bytes());
//! fbse.extend([6, 6]); // btWin32, btMacOS
//! fbse.extend([0x5A; 16]); // rgbUid
//! fbse.extend([0xFF, 0x00]); // tag
//! fbse.extend((blip.len() as u32).to_le_bytes()); // size
//! fbse.extend(1u32.to_le_bytes()); // cRef
//! fbse.extend(0u32.to_le_bytes()); // foDelay
//! fbse.extend([0, 0, 0, 0]); // unused1, cbName, unused2, unused3
//! fbse.extend(&blip);
//!
//! let store = BStore::from_file_blocks(&fbse, 0, None, &Options::default());
//! let picture = store.blip(1).expect("pib 1");
//! assert_eq!((picture.media_type, picture.extension), ("image/png", "png"));
//! assert_eq!(picture.data, png);
//! assert_eq!(Blip::parse(&blip)?.data, png);
//! # Ok::<(), office_art::Error>(())
//! ```
#![forbid(unsafe_code)]

mod blip;
mod bstore;
mod error;
mod fopt;
mod record;
mod shape;

pub use blip::{Blip, BlipType, MetafileHeader};
pub use bstore::{BStore, BStoreEntry, DrawingGroup, Fbse};
pub use error::{Error, Warning, WarningKind};
pub use fopt::{Property, ids};
pub use record::{Record, RecordHeader, Records, types};
pub use shape::{
    Drawing, FSP_BACKGROUND, FSP_CHILD, FSP_DELETED, FSP_GROUP, FSP_OLE_SHAPE, FSP_PATRIARCH, Shape,
};

/// Caps that keep hostile input from costing unbounded time or memory.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Deepest nesting of containers followed (groups in groups). Default 32.
    pub max_depth: u32,
    /// Most records read in one drawing or BLIP store. Default 1,000,000.
    pub max_records: u64,
    /// Largest metafile a BLIP may inflate to, in bytes. Default 256 MiB.
    pub max_blip_size: u64,
    /// When to stop reading a drawing or a BLIP store (a warning says so).
    pub deadline: Option<std::time::Instant>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_depth: 32,
            max_records: 1_000_000,
            max_blip_size: 256 << 20,
            deadline: None,
        }
    }
}

/// How to read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The caps.
    pub limits: Limits,
}
