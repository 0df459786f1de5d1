//! The BLIP store (MS-ODRAW 2.2.20 OfficeArtBStoreContainer, 2.2.22
//! OfficeArtBStoreContainerFileBlock, 2.2.32 OfficeArtFBSE) and the drawing
//! group that holds it (2.2.12 OfficeArtDggContainer).

use crate::Options;
use crate::blip::{Blip, BlipType};
use crate::error::{Error, Warning, WarningKind};
use crate::record::{Record, Records, types};

/// `OfficeArtFBSE` (MS-ODRAW 2.2.32): one entry of the BLIP store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fbse {
    /// `btWin32`: the BLIP's type for Windows (MS-ODRAW 2.4.1 MSOBLIPTYPE).
    pub bt_win32: u8,
    /// `btMacOS`: the BLIP's type for Mac OS.
    pub bt_mac_os: u8,
    /// `rgbUid`: the BLIP's MD4 digest.
    pub uid: [u8; 16],
    /// `size`: the BLIP record's size, header included.
    pub size: u32,
    /// `cRef`: how many shapes use the picture; 0 for an entry no longer used.
    pub ref_count: u32,
    /// `foDelay`: where the BLIP record is in the delay stream, when it is
    /// not inside the entry (Word's `WordDocument`, PowerPoint's `Pictures`).
    pub fo_delay: u32,
    /// `nameData`: the picture's name, when stored.
    pub name: Option<String>,
}

/// One entry of the BLIP store, with its picture when it could be found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BStoreEntry {
    /// The `OfficeArtFBSE`, or `None` when the store holds a bare BLIP record.
    pub fbse: Option<Fbse>,
    /// The picture; `None` for an unused entry (`cRef` 0, or no BLIP
    /// anywhere), or when it could not be read (a warning says why).
    pub blip: Option<Blip>,
    /// Byte offset of the entry's record.
    pub offset: u64,
}

/// The BLIP store: the pictures shapes refer to by 1-based index (`pib`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BStore {
    /// The entries in order; entry `pib` is at index `pib - 1`.
    pub entries: Vec<BStoreEntry>,
    /// Defects met reading it.
    pub warnings: Vec<Warning>,
}

fn u32_at(b: &[u8], o: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(o..o + 4)?.try_into().ok()?))
}

impl Fbse {
    /// Parses an `OfficeArtFBSE` record's body; returns the entry and the
    /// embedded BLIP record that follows its name, if any.
    pub fn parse(body: &[u8]) -> Result<(Fbse, Option<&[u8]>), Error> {
        let fixed = body.get(..36).ok_or(Error::Truncated {
            what: "OfficeArtFBSE",
            offset: 0,
        })?;
        let byte = |o: usize| fixed.get(o).copied().unwrap_or(0);
        let cb_name = usize::from(byte(33));
        let name_bytes = body.get(36..36 + cb_name).unwrap_or_default();
        let units: Vec<u16> = name_bytes
            .chunks_exact(2)
            .filter_map(|c| c.try_into().ok().map(u16::from_le_bytes))
            .take_while(|&u| u != 0)
            .collect();
        let name = (!units.is_empty()).then(|| String::from_utf16_lossy(&units));
        let fbse = Fbse {
            bt_win32: byte(0),
            bt_mac_os: byte(1),
            uid: fixed
                .get(2..18)
                .and_then(|b| b.try_into().ok())
                .unwrap_or_default(),
            size: u32_at(fixed, 20).unwrap_or(0),
            ref_count: u32_at(fixed, 24).unwrap_or(0),
            fo_delay: u32_at(fixed, 28).unwrap_or(0),
            name,
        };
        let embedded = body.get(36 + cb_name..).filter(|b| b.len() >= 8);
        Ok((fbse, embedded))
    }
}

impl BStore {
    /// Reads the file blocks of an `OfficeArtBStoreContainer` body (or the
    /// `rgfb` of a Word inline picture): `OfficeArtFBSE` records, each with
    /// its BLIP inside or at `foDelay` in `delay`, and bare BLIP records.
    /// `base` is the offset of `data` in the caller's stream, for messages.
    pub fn from_file_blocks(
        data: &[u8],
        base: u64,
        delay: Option<&[u8]>,
        options: &Options,
    ) -> BStore {
        let mut store = BStore::default();
        let mut count = 0u64;
        for rec in Records::with_base(data, base) {
            count += 1;
            if count > options.limits.max_records {
                store.warnings.push(Warning::new(
                    WarningKind::Limit,
                    format!(
                        "BLIP store: more than {} records; the rest is skipped",
                        options.limits.max_records
                    ),
                    Some(rec.offset),
                ));
                break;
            }
            if doc_model::deadline_passed(options.limits.deadline) {
                store.warnings.push(Warning::new(
                    WarningKind::Limit,
                    "deadline reached; the rest of the BLIP store is skipped",
                    Some(rec.offset),
                ));
                break;
            }
            if rec.truncated {
                store.warnings.push(Warning::new(
                    WarningKind::Record,
                    format!(
                        "BLIP store record {:#06x} declares {} bytes, {} present",
                        rec.record_type(),
                        rec.header.length,
                        rec.body.len()
                    ),
                    Some(rec.offset),
                ));
            }
            match rec.record_type() {
                types::FBSE => store.fbse(&rec, delay, options),
                t if (types::BLIP_FIRST..=types::BLIP_LAST).contains(&t) => {
                    let blip = store.read_blip(rec.bytes, rec.offset, options);
                    store.entries.push(BStoreEntry {
                        fbse: None,
                        blip,
                        offset: rec.offset,
                    });
                }
                other => store.warnings.push(Warning::new(
                    WarningKind::BStore,
                    format!("record {other:#06x} in the BLIP store is neither an FBSE nor a BLIP; skipped"),
                    Some(rec.offset),
                )),
            }
        }
        store
    }

    fn read_blip(&mut self, bytes: &[u8], offset: u64, options: &Options) -> Option<Blip> {
        match Blip::parse_with(bytes, options) {
            Ok(mut b) => {
                for w in &mut b.warnings {
                    w.offset = Some(offset + w.offset.unwrap_or(0));
                }
                self.warnings.extend(b.warnings.iter().cloned());
                Some(b)
            }
            Err(e) => {
                self.warnings.push(Warning::new(
                    WarningKind::BStore,
                    format!("picture unreadable: {e}"),
                    Some(offset),
                ));
                None
            }
        }
    }

    fn fbse(&mut self, rec: &Record<'_>, delay: Option<&[u8]>, options: &Options) {
        let (fbse, embedded) = match Fbse::parse(rec.body) {
            Ok(x) => x,
            Err(e) => {
                self.warnings.push(Warning::new(
                    WarningKind::BStore,
                    format!("{e}"),
                    Some(rec.offset),
                ));
                self.entries.push(BStoreEntry {
                    fbse: None,
                    blip: None,
                    offset: rec.offset,
                });
                return;
            }
        };
        let blip = if let Some(bytes) = embedded {
            let at = rec.offset + 8 + (rec.body.len() - bytes.len()) as u64;
            self.read_blip(bytes, at, options)
        } else if fbse.ref_count == 0 || fbse.size == 0 {
            None
        } else if let Some(delay) = delay {
            let at = fbse.fo_delay as usize;
            match delay.get(at..) {
                Some(rest) if rest.len() >= 8 => {
                    let len = (fbse.size as usize).min(rest.len());
                    let bytes = rest.get(..len).unwrap_or(rest);
                    self.read_blip(bytes, at as u64, options)
                }
                _ => {
                    self.warnings.push(Warning::new(
                        WarningKind::BStore,
                        format!(
                            "picture {} is at offset {at} of a delay stream of {} bytes; skipped",
                            self.entries.len() + 1,
                            delay.len()
                        ),
                        Some(rec.offset),
                    ));
                    None
                }
            }
        } else {
            self.warnings.push(Warning::new(
                WarningKind::BStore,
                format!(
                    "picture {} is in a delay stream that was not given",
                    self.entries.len() + 1
                ),
                Some(rec.offset),
            ));
            None
        };
        if let (Some(b), Some(declared)) = (&blip, BlipType::from_msoblip(fbse.bt_win32))
            && b.blip_type != declared
            && declared != BlipType::Jpeg
            && b.blip_type != BlipType::Jpeg
        {
            self.warnings.push(Warning::new(
                WarningKind::BStore,
                format!("FBSE says {declared:?}, the BLIP is {:?}", b.blip_type),
                Some(rec.offset),
            ));
        }
        self.entries.push(BStoreEntry {
            fbse: Some(fbse),
            blip,
            offset: rec.offset,
        });
    }

    /// The picture shapes refer to as `pib` (1-based), if present and readable.
    pub fn blip(&self, pib: u32) -> Option<&Blip> {
        let i = usize::try_from(pib.checked_sub(1)?).ok()?;
        self.entries.get(i)?.blip.as_ref()
    }

    /// Every readable picture with its `pib`.
    pub fn blips(&self) -> impl Iterator<Item = (u32, &Blip)> {
        self.entries
            .iter()
            .enumerate()
            .filter_map(|(i, e)| Some((u32::try_from(i + 1).ok()?, e.blip.as_ref()?)))
    }
}

/// The drawing group (`OfficeArtDggContainer`, MS-ODRAW 2.2.12): what Excel's
/// `MsoDrawingGroup`, PowerPoint's `PPDrawingGroup` and Word's
/// `OfficeArtContent.DggInfo` hold.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DrawingGroup {
    /// The BLIP store (empty when the group has none).
    pub bstore: BStore,
    /// Defects met reading it, the BLIP store's included.
    pub warnings: Vec<Warning>,
}

impl DrawingGroup {
    /// Parses bytes starting with an `OfficeArtDggContainer`. `delay` is the
    /// stream `foDelay` offsets point into (`WordDocument` for Word,
    /// `Pictures` for PowerPoint; Excel embeds its BLIPs in the FBSEs).
    pub fn parse(
        data: &[u8],
        delay: Option<&[u8]>,
        options: &Options,
    ) -> Result<DrawingGroup, Error> {
        let rec = Records::new(data).next().ok_or(Error::Truncated {
            what: "OfficeArtDggContainer",
            offset: 0,
        })?;
        if rec.record_type() != types::DGG_CONTAINER {
            return Err(Error::Corrupt(format!(
                "expected an OfficeArtDggContainer (0xf000), found record {:#06x}",
                rec.record_type()
            )));
        }
        let mut group = DrawingGroup::default();
        if rec.truncated {
            group.warnings.push(Warning::new(
                WarningKind::Record,
                format!(
                    "OfficeArtDggContainer declares {} bytes, {} present",
                    rec.header.length,
                    rec.body.len()
                ),
                Some(0),
            ));
        }
        for child in rec.children() {
            if child.record_type() == types::BSTORE_CONTAINER {
                let store = BStore::from_file_blocks(child.body, child.offset + 8, delay, options);
                group.warnings.extend(store.warnings.iter().cloned());
                group.bstore = store;
            }
        }
        Ok(group)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blip::tests::{PNG, blip_record, png_blip};

    fn fbse(
        uid: [u8; 16],
        size: u32,
        refs: u32,
        delay: u32,
        name: &str,
        embedded: &[u8],
    ) -> Vec<u8> {
        let mut body = vec![6, 6];
        body.extend(uid);
        body.extend(0xFFu16.to_le_bytes());
        body.extend(size.to_le_bytes());
        body.extend(refs.to_le_bytes());
        body.extend(delay.to_le_bytes());
        let name: Vec<u8> = name
            .encode_utf16()
            .chain([0])
            .flat_map(u16::to_le_bytes)
            .collect();
        body.extend([0, name.len() as u8, 0, 0]);
        body.extend(name);
        body.extend(embedded);
        blip_record(types::FBSE, 6, &body)
    }

    #[test]
    fn embedded_delayed_bare_and_unused_entries() {
        let png = png_blip(1);
        let mut delay = vec![0u8; 100];
        delay.extend(&png);
        let mut blocks = fbse([0xAB; 16], png.len() as u32, 1, 0, "image1.png", &png);
        blocks.extend(fbse([0xAB; 16], png.len() as u32, 2, 100, "", &[]));
        blocks.extend(fbse([0; 16], 0, 0, 0, "", &[]));
        blocks.extend(&png);
        blocks.extend(fbse([0xAB; 16], png.len() as u32, 1, 5000, "", &[]));
        let s = BStore::from_file_blocks(&blocks, 0, Some(&delay), &Options::default());
        assert_eq!(s.entries.len(), 5);
        assert_eq!(s.blip(1).unwrap().data, PNG);
        assert_eq!(
            s.entries[0].fbse.as_ref().unwrap().name.as_deref(),
            Some("image1.png")
        );
        assert_eq!(s.blip(2).unwrap().data, PNG);
        assert!(s.blip(3).is_none());
        assert!(s.blip(4).is_some() && s.entries[3].fbse.is_none());
        assert!(s.blip(5).is_none());
        assert!(s.blip(0).is_none() && s.blip(99).is_none());
        assert_eq!(s.warnings.len(), 1, "{:?}", s.warnings);
        assert_eq!(s.blips().map(|(p, _)| p).collect::<Vec<_>>(), [1, 2, 4]);
        // Without the delay stream: a warning for the delayed picture.
        let s = BStore::from_file_blocks(&blocks, 0, None, &Options::default());
        assert!(s.blip(2).is_none());
        assert_eq!(s.warnings.len(), 2);
    }

    #[test]
    fn drawing_group_finds_its_store() {
        let png = png_blip(1);
        let store = blip_record(
            types::BSTORE_CONTAINER,
            1,
            &fbse([0xAB; 16], png.len() as u32, 1, 0, "", &png),
        );
        let mut store = store;
        store[0] = 0x1F; // recVer 0xF, recInstance 1
        let mut body = blip_record(types::FDGG, 0, &[0; 16]);
        body.extend(store);
        let mut dgg = blip_record(types::DGG_CONTAINER, 0, &body);
        dgg[0] |= 0x0F;
        let g = DrawingGroup::parse(&dgg, None, &Options::default()).unwrap();
        assert!(g.warnings.is_empty(), "{:?}", g.warnings);
        assert_eq!(g.bstore.blip(1).unwrap().extension, "png");
        assert!(DrawingGroup::parse(&png, None, &Options::default()).is_err());
        assert!(DrawingGroup::parse(&[], None, &Options::default()).is_err());
        // Cut short: what survives, with warnings.
        let g = DrawingGroup::parse(&dgg[..dgg.len() - 4], None, &Options::default()).unwrap();
        assert!(!g.warnings.is_empty());
    }

    #[test]
    fn record_limit() {
        let png = png_blip(1);
        let blocks: Vec<u8> = (0..5).flat_map(|_| png.clone()).collect();
        let mut o = Options::default();
        o.limits.max_records = 3;
        let s = BStore::from_file_blocks(&blocks, 0, None, &o);
        assert_eq!(s.entries.len(), 3);
        assert_eq!(s.warnings[0].kind, WarningKind::Limit);
        assert!(Fbse::parse(&[0; 10]).is_err());
    }
}
