//! The shape tree (MS-ODRAW 2.2.13 OfficeArtDgContainer, 2.2.16
//! OfficeArtSpgrContainer, 2.2.14 OfficeArtSpContainer, 2.2.40
//! OfficeArtFSP) with each shape's properties and the host application's
//! records (ClientAnchor, ClientData, ClientTextbox) handed to the caller.

use crate::Options;
use crate::error::{Error, Warning, WarningKind};
use crate::fopt::{self, Property, ids};
use crate::record::{Record, Records, types};

/// `OfficeArtFSP.fGroup`: the shape is a group.
pub const FSP_GROUP: u32 = 0x0001;
/// `OfficeArtFSP.fChild`: the shape is inside a group.
pub const FSP_CHILD: u32 = 0x0002;
/// `OfficeArtFSP.fPatriarch`: the drawing's top group.
pub const FSP_PATRIARCH: u32 = 0x0004;
/// `OfficeArtFSP.fDeleted`: the shape was deleted.
pub const FSP_DELETED: u32 = 0x0008;
/// `OfficeArtFSP.fOleShape`: the shape shows an OLE object.
pub const FSP_OLE_SHAPE: u32 = 0x0010;
/// `OfficeArtFSP.fBackground`: the drawing's background shape.
pub const FSP_BACKGROUND: u32 = 0x0400;

/// One shape (`OfficeArtSpContainer`) of a drawing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape<'a> {
    /// `OfficeArtFSP.recInstance`: the shape type (MS-ODRAW 2.4.24 MSOSPT: 75 picture frame, 202 text box, …).
    pub shape_type: u16,
    /// `spid`: the shape id.
    pub spid: u32,
    /// `OfficeArtFSP`'s flags (`FSP_GROUP`, `FSP_CHILD`, `FSP_DELETED`, …).
    pub flags: u32,
    /// How many groups enclose the shape (0 at the drawing's top level;
    /// a group's own shape is at the group's level).
    pub depth: u32,
    /// The properties of `OfficeArtFOPT`, then the secondary and tertiary tables.
    pub properties: Vec<Property<'a>>,
    /// `OfficeArtChildAnchor`: left, top, right, bottom in the group's coordinates.
    pub child_anchor: Option<[i32; 4]>,
    /// `OfficeArtClientAnchor`, for the host application to read.
    pub client_anchor: Option<Record<'a>>,
    /// `OfficeArtClientData`, for the host application to read.
    pub client_data: Option<Record<'a>>,
    /// `OfficeArtClientTextbox`: the host's text (PowerPoint text records,
    /// Word's text id; empty in Excel, whose text follows in a TxO record).
    pub client_textbox: Option<Record<'a>>,
    /// Byte offset of the `OfficeArtSpContainer`.
    pub offset: u64,
}

impl<'a> Shape<'a> {
    /// The first property with `id`.
    pub fn property(&self, id: u16) -> Option<&Property<'a>> {
        self.properties.iter().find(|p| p.id == id)
    }

    /// `pib`: the 1-based BLIP store index of the shape's picture (0 means none).
    pub fn blip_id(&self) -> Option<u32> {
        self.property(ids::PIB).map(|p| p.value).filter(|&v| v != 0)
    }

    /// `lTxid`: the id of the shape's text in the host application.
    pub fn text_id(&self) -> Option<u32> {
        self.property(ids::TEXT_ID).map(|p| p.value)
    }

    /// `wzName`: the shape's name.
    pub fn name(&self) -> Option<String> {
        self.property(ids::SHAPE_NAME)?.text()
    }

    /// `wzDescription`: the shape's alternative text.
    pub fn description(&self) -> Option<String> {
        self.property(ids::DESCRIPTION)?.text()
    }

    /// `gtextUNICODE`: a WordArt shape's text.
    pub fn word_art_text(&self) -> Option<String> {
        self.property(ids::GTEXT_UNICODE)?.text()
    }

    /// `pibName`: the picture's file name.
    pub fn picture_name(&self) -> Option<String> {
        self.property(ids::PIB_NAME)?.text()
    }

    /// Whether the shape is a group's own shape.
    pub fn is_group(&self) -> bool {
        self.flags & FSP_GROUP != 0
    }

    /// Whether the shape was deleted.
    pub fn is_deleted(&self) -> bool {
        self.flags & FSP_DELETED != 0
    }
}

/// The shapes of a drawing, in the order they are stored (groups flattened, depth kept).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Drawing<'a> {
    /// Every `OfficeArtSpContainer`, depth-first.
    pub shapes: Vec<Shape<'a>>,
    /// Defects met reading it.
    pub warnings: Vec<Warning>,
}

struct Walker<'o> {
    options: &'o Options,
    records: u64,
    stopped: bool,
}

impl<'a> Drawing<'a> {
    /// Reads the shapes of the records in `data`: an `OfficeArtDgContainer`,
    /// an `OfficeArtSpgrContainer`, `OfficeArtSpContainer`s, or any
    /// sequence of them. Other records are skipped; records cut short are
    /// read as far as they go, with a warning. Nesting deeper than
    /// [`Limits::max_depth`](crate::Limits::max_depth) is an error.
    pub fn parse(data: &'a [u8], options: &Options) -> Result<Drawing<'a>, Error> {
        Drawing::parse_at(data, 0, options)
    }

    /// [`parse`](Self::parse) for `data` found at offset `base` of a larger stream.
    pub fn parse_at(data: &'a [u8], base: u64, options: &Options) -> Result<Drawing<'a>, Error> {
        let mut drawing = Drawing::default();
        let mut walker = Walker {
            options,
            records: 0,
            stopped: false,
        };
        drawing.walk(Records::with_base(data, base), 0, 0, &mut walker)?;
        Ok(drawing)
    }

    fn count(&mut self, rec: &Record<'_>, w: &mut Walker<'_>) -> bool {
        if w.stopped {
            return false;
        }
        w.records += 1;
        let limits = &w.options.limits;
        let why =
            doc_model::limit_reached(w.records, limits.max_records, "records", limits.deadline);
        if let Some(why) = why {
            w.stopped = true;
            self.warnings.push(Warning::new(
                WarningKind::Limit,
                format!("drawing: stopped at {why}; later shapes are left out"),
                Some(rec.offset),
            ));
            return false;
        }
        if rec.truncated {
            self.warnings.push(Warning::new(
                WarningKind::Record,
                format!(
                    "record {:#06x} declares {} bytes, {} present",
                    rec.record_type(),
                    rec.header.length,
                    rec.body.len()
                ),
                Some(rec.offset),
            ));
        }
        true
    }

    fn walk(
        &mut self,
        records: Records<'a>,
        nesting: u32,
        depth: u32,
        w: &mut Walker<'_>,
    ) -> Result<(), Error> {
        if nesting > w.options.limits.max_depth {
            return Err(Error::LimitExceeded {
                what: "OfficeArt container nesting",
                limit: u64::from(w.options.limits.max_depth),
            });
        }
        for rec in records {
            if !self.count(&rec, w) {
                return Ok(());
            }
            match rec.record_type() {
                types::DG_CONTAINER => self.walk(rec.children(), nesting + 1, depth, w)?,
                // A group's first SpContainer is the group itself (at the group's
                // level); groups inside it go one level deeper.
                types::SPGR_CONTAINER => self.walk_group(rec, nesting, depth, w)?,
                types::SP_CONTAINER => self.shape(rec, depth, w),
                _ => {}
            }
        }
        Ok(())
    }

    fn walk_group(
        &mut self,
        group: Record<'a>,
        nesting: u32,
        level: u32,
        w: &mut Walker<'_>,
    ) -> Result<(), Error> {
        if nesting + 1 > w.options.limits.max_depth {
            return Err(Error::LimitExceeded {
                what: "OfficeArt container nesting",
                limit: u64::from(w.options.limits.max_depth),
            });
        }
        for rec in group.children() {
            if !self.count(&rec, w) {
                return Ok(());
            }
            match rec.record_type() {
                types::SP_CONTAINER => self.shape(rec, level, w),
                types::SPGR_CONTAINER => self.walk_group(rec, nesting + 1, level + 1, w)?,
                _ => {}
            }
        }
        Ok(())
    }

    fn shape(&mut self, sp: Record<'a>, depth: u32, w: &mut Walker<'_>) {
        let mut shape = Shape {
            shape_type: 0,
            spid: 0,
            flags: 0,
            depth,
            properties: Vec::new(),
            child_anchor: None,
            client_anchor: None,
            client_data: None,
            client_textbox: None,
            offset: sp.offset,
        };
        for rec in sp.children() {
            if !self.count(&rec, w) {
                break;
            }
            let body = rec.body;
            let u32_at = |o: usize| {
                body.get(o..o + 4)
                    .and_then(|b| b.try_into().ok())
                    .map(u32::from_le_bytes)
            };
            match rec.record_type() {
                types::FSP => {
                    shape.shape_type = rec.header.instance;
                    match (u32_at(0), u32_at(4)) {
                        (Some(spid), Some(flags)) => {
                            shape.spid = spid;
                            shape.flags = flags;
                        }
                        _ => self.warnings.push(Warning::new(
                            WarningKind::Shape,
                            "OfficeArtFSP shorter than 8 bytes",
                            Some(rec.offset),
                        )),
                    }
                }
                types::FOPT | types::SECONDARY_FOPT | types::TERTIARY_FOPT => fopt::parse(
                    body,
                    rec.header.instance,
                    rec.offset + 8,
                    &mut shape.properties,
                    &mut self.warnings,
                ),
                types::CHILD_ANCHOR => {
                    if let (Some(l), Some(t), Some(r), Some(b)) =
                        (u32_at(0), u32_at(4), u32_at(8), u32_at(12))
                    {
                        shape.child_anchor = Some([l as i32, t as i32, r as i32, b as i32]);
                    }
                }
                types::CLIENT_ANCHOR => shape.client_anchor = Some(rec),
                types::CLIENT_DATA => shape.client_data = Some(rec),
                types::CLIENT_TEXTBOX => shape.client_textbox = Some(rec),
                _ => {}
            }
        }
        self.shapes.push(shape);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(ver: u8, inst: u16, ty: u16, body: &[u8]) -> Vec<u8> {
        let mut v = (u16::from(ver) | (inst << 4)).to_le_bytes().to_vec();
        v.extend(ty.to_le_bytes());
        v.extend((body.len() as u32).to_le_bytes());
        v.extend(body);
        v
    }

    fn sp(shape_type: u16, spid: u32, flags: u32, extra: &[u8]) -> Vec<u8> {
        let mut fsp = spid.to_le_bytes().to_vec();
        fsp.extend(flags.to_le_bytes());
        let mut body = rec(2, shape_type, types::FSP, &fsp);
        body.extend(extra);
        rec(0xF, 0, types::SP_CONTAINER, &body)
    }

    fn group(children: &[Vec<u8>]) -> Vec<u8> {
        rec(0xF, 0, types::SPGR_CONTAINER, &children.concat())
    }

    #[test]
    fn a_drawing_with_a_nested_group_and_a_picture() {
        let mut opt = Vec::new();
        opt.extend((ids::PIB | 0x4000).to_le_bytes());
        opt.extend(2u32.to_le_bytes());
        let picture = sp(
            75,
            1026,
            FSP_CHILD,
            &[
                rec(3, 1, types::FOPT, &opt),
                rec(0, 0, types::CLIENT_ANCHOR, &[1, 2, 3, 4]),
                rec(0, 0, types::CLIENT_DATA, &[]),
            ]
            .concat(),
        );
        let text_box = sp(
            202,
            1027,
            0,
            &[
                rec(0, 0, types::CLIENT_TEXTBOX, &[9, 0, 0, 0]),
                rec(
                    0,
                    0,
                    types::CHILD_ANCHOR,
                    &[1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0],
                ),
            ]
            .concat(),
        );
        let inner = group(&[
            sp(0, 1028, FSP_GROUP | FSP_CHILD, &[]),
            sp(1, 1029, FSP_CHILD, &[]),
        ]);
        let patriarch = group(&[
            sp(0, 1024, FSP_GROUP | FSP_PATRIARCH, &[]),
            picture,
            inner,
            text_box,
        ]);
        let dg = rec(
            0xF,
            1,
            types::DG_CONTAINER,
            &[rec(0, 1, types::FDG, &[0; 8]), patriarch].concat(),
        );
        let d = Drawing::parse(&dg, &Options::default()).unwrap();
        assert!(d.warnings.is_empty(), "{:?}", d.warnings);
        let got: Vec<(u32, u16, u32)> = d
            .shapes
            .iter()
            .map(|s| (s.spid, s.shape_type, s.depth))
            .collect();
        assert_eq!(
            got,
            [
                (1024, 0, 0),
                (1026, 75, 0),
                (1028, 0, 1),
                (1029, 1, 1),
                (1027, 202, 0)
            ]
        );
        let p = &d.shapes[1];
        assert_eq!(p.blip_id(), Some(2));
        assert_eq!(p.client_anchor.unwrap().body, [1, 2, 3, 4]);
        assert!(p.client_data.is_some());
        let t = &d.shapes[4];
        assert_eq!(t.client_textbox.unwrap().body, [9, 0, 0, 0]);
        assert_eq!(t.child_anchor, Some([1, 2, 3, 4]));
        assert!(d.shapes[0].is_group() && !d.shapes[1].is_deleted());
    }

    #[test]
    fn limits_and_damage() {
        // Nesting: 40 groups inside each other.
        let mut g = sp(1, 1, 0, &[]);
        for _ in 0..40 {
            g = group(&[g]);
        }
        assert!(matches!(
            Drawing::parse(&g, &Options::default()),
            Err(Error::LimitExceeded { .. })
        ));
        // Records: a limit stops reading with a warning.
        let many: Vec<u8> = (0..10).flat_map(|i| sp(1, i, 0, &[])).collect();
        let mut o = Options::default();
        o.limits.max_records = 6;
        let d = Drawing::parse(&many, &o).unwrap();
        assert_eq!(d.shapes.len(), 3);
        assert_eq!(d.warnings.len(), 1);
        // Cut short: the shapes that survive.
        let d = Drawing::parse(&many[..many.len() - 5], &Options::default()).unwrap();
        assert_eq!(d.shapes.len(), 10);
        assert!(!d.warnings.is_empty());
        let d = Drawing::parse(&[0xFF; 5], &Options::default()).unwrap();
        assert!(d.shapes.is_empty());
    }
}
