//! Sectors, the DIFAT that locates the FAT, the FAT itself and its chains
//! (MS-CFB 2.3 Compound File FAT Sectors, 2.5 Compound File DIFAT Sectors).

use crate::bytes::{BitSet, u32_at};
use crate::error::{Error, Warning, WarningKind};
use crate::header::{ENDOFCHAIN, FREESECT, Header, MAXREGSECT};

/// The file seen as a sequence of sectors; sector `n` starts at `(n + 1) * size`.
#[derive(Clone, Copy)]
pub(crate) struct Sectors<'a> {
    pub data: &'a [u8],
    pub size: usize,
}

impl<'a> Sectors<'a> {
    /// How many sectors the file holds after the header, counting a partial last one
    /// (the file length need not be a multiple of the sector size).
    pub(crate) fn count(&self) -> usize {
        self.data.len().div_ceil(self.size).saturating_sub(1)
    }

    /// Byte offset of sector `id`.
    pub(crate) fn offset(&self, id: u32) -> u64 {
        (u64::from(id) + 1) * self.size as u64
    }

    /// The bytes of sector `id`: a full sector, a shorter one at the end of the
    /// file, or `None` if it starts past the end.
    pub(crate) fn get(&self, id: u32) -> Option<&'a [u8]> {
        let start = usize::try_from(self.offset(id)).ok()?;
        let end = start.saturating_add(self.size).min(self.data.len());
        self.data.get(start..end).filter(|s| !s.is_empty())
    }
}

/// Assembles the FAT from the header's 109 DIFAT entries and the DIFAT sector chain.
///
/// Entries are kept only for sectors that exist in the file, so every id
/// the FAT holds can be used to index it after a range check.
pub(crate) fn load_fat(
    sectors: Sectors<'_>,
    header: &Header,
    warnings: &mut Vec<Warning>,
) -> Result<Vec<u32>, Error> {
    let count = sectors.count();
    let per_sector = sectors.size / 4;
    let mut fat_sector_ids: Vec<u32> = Vec::new();
    // The header's DIFAT: read until the first free or end-of-chain entry, as olefile does.
    for &id in &header.difat {
        if id == FREESECT || id == ENDOFCHAIN {
            break;
        }
        fat_sector_ids.push(id);
    }
    // DIFAT sectors (MS-CFB 2.5): 127 (or 1023) FAT sector ids and the next DIFAT sector.
    let mut next = header.first_difat_sector;
    let mut visited = BitSet::new(count);
    let mut difat_sectors = 0u32;
    if header.num_difat_sectors > 0 || (next != ENDOFCHAIN && next != FREESECT) {
        while next != ENDOFCHAIN && next != FREESECT {
            if next > MAXREGSECT || next as usize >= count {
                if difat_sectors == 0 && header.num_difat_sectors == 0 {
                    // A stray value in an unused header field.
                    break;
                }
                return Err(Error::SectorOutOfRange {
                    what: "DIFAT",
                    sector: next,
                    count: count as u64,
                });
            }
            if !visited.insert(next as usize) {
                return Err(Error::Cycle {
                    what: "DIFAT chain",
                });
            }
            difat_sectors += 1;
            let Some(sector) = sectors.get(next) else {
                return Err(Error::Truncated {
                    what: "DIFAT sector",
                    offset: sectors.offset(next),
                });
            };
            for i in 0..per_sector.saturating_sub(1) {
                match u32_at(sector, 4 * i) {
                    Some(id) if id != FREESECT && id != ENDOFCHAIN => fat_sector_ids.push(id),
                    _ => break,
                }
            }
            next = u32_at(sector, 4 * (per_sector - 1)).unwrap_or(ENDOFCHAIN);
        }
        if difat_sectors != header.num_difat_sectors {
            warnings.push(crate::error::warning(
                WarningKind::Fat,
                format!(
                    "header declares {} DIFAT sectors, the chain has {difat_sectors}",
                    header.num_difat_sectors
                ),
            ));
        }
    }
    if fat_sector_ids.len() != header.num_fat_sectors as usize {
        warnings.push(crate::error::warning(
            WarningKind::Fat,
            format!(
                "header declares {} FAT sectors, the DIFAT lists {}",
                header.num_fat_sectors,
                fat_sector_ids.len()
            ),
        ));
    }
    let mut fat: Vec<u32> = Vec::with_capacity(count.min(fat_sector_ids.len() * per_sector));
    for (i, &id) in fat_sector_ids.iter().enumerate() {
        if fat.len() >= count {
            break;
        }
        match sectors.get(id).filter(|_| id <= MAXREGSECT) {
            Some(sector) => {
                fat.extend(sector.chunks_exact(4).filter_map(|c| u32_at(c, 0)));
                if sector.len() < sectors.size {
                    warnings.push(crate::error::warning(
                        WarningKind::Fat,
                        format!("FAT sector {id} is cut short by the end of the file"),
                    ));
                }
            }
            None => {
                warnings.push(crate::error::warning(
                    WarningKind::Fat,
                    format!("FAT sector {id} lies past the end of the file; its sectors are treated as free"),
                ));
            }
        }
        // Keep positions aligned even when a FAT sector is missing or short.
        fat.resize((i + 1) * per_sector, FREESECT);
    }
    fat.truncate(count);
    Ok(fat)
}

/// The outcome of following a chain: the sector ids in order and, if the
/// chain ended abnormally, why.
pub(crate) struct Chain {
    pub ids: Vec<u32>,
    pub defect: Option<String>,
}

/// Follows a chain through `table` from `start`, taking at most `max` sectors
/// (`None`: until end-of-chain). A revisited sector is a [`Error::Cycle`]; an id
/// outside the table ends the chain with a defect.
pub(crate) fn follow(
    table: &[u32],
    start: u32,
    max: Option<usize>,
    what: &'static str,
) -> Result<Chain, Error> {
    let limit = max.unwrap_or(usize::MAX);
    // A chain visits each sector at most once: never longer than the table.
    let mut ids = Vec::with_capacity(limit.min(table.len()));
    let mut visited = BitSet::new(table.len());
    let mut cur = start;
    while ids.len() < limit {
        if cur == ENDOFCHAIN {
            break;
        }
        let Some(&next) = table.get(cur as usize) else {
            let defect = match cur {
                FREESECT => format!(
                    "{what}: chain reaches a free sector marker after {} sectors",
                    ids.len()
                ),
                _ => format!(
                    "{what}: sector id {cur:#x} is outside the table of {} sectors",
                    table.len()
                ),
            };
            return Ok(Chain {
                ids,
                defect: Some(defect),
            });
        };
        if !visited.insert(cur as usize) {
            return Err(Error::Cycle { what });
        }
        ids.push(cur);
        cur = next;
    }
    Ok(Chain { ids, defect: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follows_a_chain_and_stops_at_the_limit() {
        let fat = [1, 2, ENDOFCHAIN, 0];
        let c = follow(&fat, 0, None, "t").unwrap();
        assert_eq!(c.ids, [0, 1, 2]);
        assert!(c.defect.is_none());
        let c = follow(&fat, 3, Some(2), "t").unwrap();
        assert_eq!(c.ids, [3, 0]);
    }

    #[test]
    fn a_loop_is_a_cycle_and_a_bad_id_a_defect() {
        assert_eq!(
            follow(&[1, 0], 0, None, "t").err(),
            Some(Error::Cycle { what: "t" })
        );
        let c = follow(&[7], 0, None, "t").unwrap();
        assert_eq!(c.ids, [0]);
        assert!(c.defect.unwrap().contains("0x7"));
    }

    #[test]
    fn sectors_count_a_partial_last_sector() {
        let data = vec![0u8; 512 * 3 + 10];
        let s = Sectors {
            data: &data,
            size: 512,
        };
        assert_eq!(s.count(), 3);
        assert_eq!(s.get(2).map(<[u8]>::len), Some(10));
        assert!(s.get(3).is_none());
        assert!(s.get(u32::MAX).is_none());
    }
}
