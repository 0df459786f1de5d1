//! A deterministic MS-CFB version 3 writer (512-byte sectors, streams under
//! 4096 bytes in the mini stream), used only to write a storage out as a
//! compound file of its own ([`CompoundFile::copy_storage`](crate::CompoundFile::copy_storage)).
//!
//! Layout: the FAT sectors, the DIFAT sectors, the directory, the mini FAT,
//! the mini stream, then each regular stream in directory order, every
//! chain contiguous. Each storage's children form a balanced binary search
//! tree in MS-CFB order (2.6.4), coloured so that it is a valid red-black
//! tree: black down to the last complete level, red below it.

use std::borrow::Cow;

use crate::error::Error;
use crate::header::{ENDOFCHAIN, FREESECT, MAXREGSECT, NOSTREAM, SIGNATURE};

const SECTOR: usize = 512;
const MINI_SECTOR: usize = 64;
const MINI_CUTOFF: usize = 4096;
/// Sector ids per FAT or DIFAT sector.
const IDS_PER_SECTOR: usize = SECTOR / 4;
/// FAT sector ids the header itself holds.
const HEADER_DIFAT: usize = 109;
const FATSECT: u32 = 0xFFFF_FFFD;
const DIFSECT: u32 = 0xFFFF_FFFC;

/// A storage or stream to write. Directory id 0 is the root; node `i` gets id `i + 1`.
pub(crate) struct Node<'d> {
    pub name: String,
    /// `None` for a storage, the bytes for a stream.
    pub data: Option<Cow<'d, [u8]>>,
    /// The directory id of the storage holding it.
    pub parent: usize,
    pub clsid: [u8; 16],
    pub created: u64,
    pub modified: u64,
}

/// One directory entry being laid out.
struct Dir {
    color: u8,
    left: u32,
    right: u32,
    child: u32,
    start: u32,
    size: u64,
}

/// The MS-CFB sort key of a name (2.6.4): length in UTF-16 units, then the
/// units of its simple upper-case form.
fn sort_key(name: &str) -> (usize, Vec<u16>) {
    let upper: String = name
        .chars()
        .map(|c| {
            let mut u = c.to_uppercase();
            match (u.next(), u.next()) {
                (Some(one), None) => one,
                _ => c,
            }
        })
        .collect();
    (name.encode_utf16().count(), upper.encode_utf16().collect())
}

/// Links `kids` (sorted) into a balanced tree; returns its root and records colours.
fn link(kids: &[usize], depth: u32, red_depth: Option<u32>, dir: &mut [Dir]) -> u32 {
    let mid = kids.len() / 2;
    let Some(&me) = kids.get(mid) else {
        return NOSTREAM;
    };
    let left = link(
        kids.get(..mid).unwrap_or_default(),
        depth + 1,
        red_depth,
        dir,
    );
    let right = link(
        kids.get(mid + 1..).unwrap_or_default(),
        depth + 1,
        red_depth,
        dir,
    );
    if let Some(d) = dir.get_mut(me) {
        d.left = left;
        d.right = right;
        d.color = if red_depth == Some(depth) { 0 } else { 1 };
    }
    me as u32
}

fn too_big(what: &'static str, limit: u64) -> Error {
    Error::LimitExceeded { what, limit }
}

/// Writes a version 3 compound file whose root has `root_clsid` and
/// `root_modified` and holds `nodes`.
pub(crate) fn write(
    root_clsid: [u8; 16],
    root_modified: u64,
    nodes: &[Node<'_>],
) -> Result<Vec<u8>, Error> {
    let count = nodes.len() + 1;
    let mut dir: Vec<Dir> = (0..count)
        .map(|_| Dir {
            color: 1,
            left: NOSTREAM,
            right: NOSTREAM,
            child: NOSTREAM,
            start: ENDOFCHAIN,
            size: 0,
        })
        .collect();
    // Each storage's children as a red-black tree.
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); count];
    for (i, n) in nodes.iter().enumerate() {
        if let Some(kids) = children.get_mut(n.parent) {
            kids.push(i + 1);
        }
    }
    for (parent, mut kids) in children.into_iter().enumerate() {
        kids.sort_by_cached_key(|&id| {
            nodes
                .get(id - 1)
                .map(|n| sort_key(&n.name))
                .unwrap_or_default()
        });
        // Levels 0..h are full; a partial level h (when kids + 1 is not a power of two) is red.
        let n = kids.len();
        let full = (n + 1).ilog2();
        let red = (!(n + 1).is_power_of_two()).then_some(full);
        let root = link(&kids, 0, red, &mut dir);
        if let Some(d) = dir.get_mut(parent) {
            d.child = root;
        }
    }
    // Small streams go to the mini stream, the others to regular sectors.
    let mut mini_fat: Vec<u32> = Vec::new();
    let mut mini_len = 0usize;
    let mut big_sectors = 0usize;
    for (i, n) in nodes.iter().enumerate() {
        let Some(data) = &n.data else { continue };
        let len = data.len();
        let size = u32::try_from(len)
            .map_err(|_| too_big("stream size in a version 3 compound file", u32::MAX.into()))?;
        let Some(d) = dir.get_mut(i + 1) else {
            continue;
        };
        d.size = u64::from(size);
        if len == 0 {
            continue;
        }
        if len < MINI_CUTOFF {
            let first = mini_fat.len();
            let sectors = len.div_ceil(MINI_SECTOR);
            d.start = first as u32;
            mini_fat.extend((first + 1..first + sectors).map(|s| s as u32));
            mini_fat.push(ENDOFCHAIN);
            mini_len += sectors * MINI_SECTOR;
        } else {
            big_sectors = big_sectors.saturating_add(len.div_ceil(SECTOR));
        }
    }
    let dir_sectors = (count * 128).div_ceil(SECTOR);
    let mini_fat_sectors = (mini_fat.len() * 4).div_ceil(SECTOR);
    let mini_sectors = mini_len.div_ceil(SECTOR);
    let data_sectors = dir_sectors
        .saturating_add(mini_fat_sectors)
        .saturating_add(mini_sectors)
        .saturating_add(big_sectors);
    if data_sectors > MAXREGSECT as usize / 2 {
        return Err(too_big(
            "sectors in a copied storage",
            u64::from(MAXREGSECT / 2),
        ));
    }
    let difat_for = |fat: usize| {
        fat.saturating_sub(HEADER_DIFAT)
            .div_ceil(IDS_PER_SECTOR - 1)
    };
    let mut fat_sectors = 1;
    while data_sectors + fat_sectors + difat_for(fat_sectors) > fat_sectors * IDS_PER_SECTOR {
        fat_sectors += 1;
    }
    let difat_sectors = difat_for(fat_sectors);
    let total = fat_sectors + difat_sectors + data_sectors;

    // The FAT: its own sectors, the DIFAT's, then one contiguous chain per structure.
    let mut fat = vec![FREESECT; fat_sectors * IDS_PER_SECTOR];
    let mut next = 0usize;
    let mut mark = |fat: &mut Vec<u32>, value: Option<u32>, len: usize| -> u32 {
        let first = next;
        for s in first..first + len {
            if let Some(slot) = fat.get_mut(s) {
                *slot = value.unwrap_or(if s + 1 == first + len {
                    ENDOFCHAIN
                } else {
                    (s + 1) as u32
                });
            }
        }
        next += len;
        if len == 0 { ENDOFCHAIN } else { first as u32 }
    };
    mark(&mut fat, Some(FATSECT), fat_sectors);
    let first_difat = mark(&mut fat, Some(DIFSECT), difat_sectors);
    let first_dir = mark(&mut fat, None, dir_sectors);
    let first_mini_fat = mark(&mut fat, None, mini_fat_sectors);
    let first_mini = mark(&mut fat, None, mini_sectors);
    let mut big_starts = Vec::new();
    for (i, n) in nodes.iter().enumerate() {
        let len = n.data.as_ref().map_or(0, |d| d.len());
        if len >= MINI_CUTOFF {
            let start = mark(&mut fat, None, len.div_ceil(SECTOR));
            if let Some(d) = dir.get_mut(i + 1) {
                d.start = start;
            }
            big_starts.push(start);
        }
    }
    if let Some(root) = dir.first_mut() {
        root.start = first_mini;
        root.size = mini_len as u64;
    }

    let mut out = vec![0u8; (total + 1) * SECTOR];
    let put = |out: &mut Vec<u8>, at: usize, bytes: &[u8]| {
        if let Some(dst) = out.get_mut(at..at + bytes.len()) {
            dst.copy_from_slice(bytes);
        }
    };
    let sector_at = |id: u32| (id as usize + 1) * SECTOR;

    // Header (MS-CFB 2.2).
    put(&mut out, 0, &SIGNATURE);
    put(&mut out, 0x18, &0x003Eu16.to_le_bytes());
    put(&mut out, 0x1A, &3u16.to_le_bytes());
    put(&mut out, 0x1C, &0xFFFEu16.to_le_bytes());
    put(&mut out, 0x1E, &9u16.to_le_bytes());
    put(&mut out, 0x20, &6u16.to_le_bytes());
    put(&mut out, 0x2C, &(fat_sectors as u32).to_le_bytes());
    put(&mut out, 0x30, &first_dir.to_le_bytes());
    put(&mut out, 0x38, &(MINI_CUTOFF as u32).to_le_bytes());
    put(&mut out, 0x3C, &first_mini_fat.to_le_bytes());
    put(&mut out, 0x40, &(mini_fat_sectors as u32).to_le_bytes());
    put(&mut out, 0x44, &first_difat.to_le_bytes());
    put(&mut out, 0x48, &(difat_sectors as u32).to_le_bytes());
    for k in 0..HEADER_DIFAT {
        let id = if k < fat_sectors { k as u32 } else { FREESECT };
        put(&mut out, 0x4C + 4 * k, &id.to_le_bytes());
    }
    // FAT sectors.
    for (k, id) in fat.iter().enumerate() {
        put(&mut out, SECTOR + 4 * k, &id.to_le_bytes());
    }
    // DIFAT sectors: the FAT sector ids past the header's 109, then the next DIFAT sector.
    for k in 0..difat_sectors {
        let at = sector_at(first_difat + k as u32);
        for j in 0..IDS_PER_SECTOR - 1 {
            let fat_index = HEADER_DIFAT + k * (IDS_PER_SECTOR - 1) + j;
            let id = if fat_index < fat_sectors {
                fat_index as u32
            } else {
                FREESECT
            };
            put(&mut out, at + 4 * j, &id.to_le_bytes());
        }
        let link = if k + 1 == difat_sectors {
            ENDOFCHAIN
        } else {
            first_difat + k as u32 + 1
        };
        put(&mut out, at + 4 * (IDS_PER_SECTOR - 1), &link.to_le_bytes());
    }
    // Directory (MS-CFB 2.6.1).
    let dir_at = sector_at(first_dir);
    for (id, d) in dir.iter().enumerate() {
        let at = dir_at + 128 * id;
        let (name, kind, clsid, created, modified) = match id.checked_sub(1) {
            None => ("Root Entry", 5u8, root_clsid, 0, root_modified),
            Some(i) => match nodes.get(i) {
                Some(n) if n.data.is_some() => (n.name.as_str(), 2, [0; 16], 0, 0),
                Some(n) => (n.name.as_str(), 1, n.clsid, n.created, n.modified),
                None => continue,
            },
        };
        let units: Vec<u16> = name.encode_utf16().take(31).collect();
        for (k, u) in units.iter().enumerate() {
            put(&mut out, at + 2 * k, &u.to_le_bytes());
        }
        put(
            &mut out,
            at + 64,
            &(((units.len() + 1) * 2) as u16).to_le_bytes(),
        );
        put(&mut out, at + 66, &[kind, d.color]);
        put(&mut out, at + 68, &d.left.to_le_bytes());
        put(&mut out, at + 72, &d.right.to_le_bytes());
        put(&mut out, at + 76, &d.child.to_le_bytes());
        put(&mut out, at + 80, &clsid);
        put(&mut out, at + 100, &created.to_le_bytes());
        put(&mut out, at + 108, &modified.to_le_bytes());
        let start = if kind == 1 { 0 } else { d.start };
        put(&mut out, at + 116, &start.to_le_bytes());
        put(&mut out, at + 120, &d.size.to_le_bytes());
    }
    // Unused entries fill the last directory sector.
    for id in count..dir_sectors * SECTOR / 128 {
        let at = dir_at + 128 * id;
        put(&mut out, at + 68, &[0xFF; 12]);
    }
    // Mini FAT, its unused slots free.
    let mini_fat_at = sector_at(first_mini_fat);
    for k in 0..mini_fat_sectors * IDS_PER_SECTOR {
        let id = mini_fat.get(k).copied().unwrap_or(FREESECT);
        put(&mut out, mini_fat_at + 4 * k, &id.to_le_bytes());
    }
    // Stream data.
    let mini_at = sector_at(first_mini);
    let mut bigs = big_starts.into_iter();
    for (i, n) in nodes.iter().enumerate() {
        let Some(data) = &n.data else { continue };
        let Some(d) = dir.get(i + 1) else { continue };
        if data.is_empty() {
            continue;
        }
        let at = if data.len() < MINI_CUTOFF {
            mini_at + d.start as usize * MINI_SECTOR
        } else {
            bigs.next().map_or(0, sector_at)
        };
        put(&mut out, at, data);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stream(name: &str, parent: usize, data: Vec<u8>) -> Node<'static> {
        Node {
            name: name.into(),
            data: Some(Cow::Owned(data)),
            parent,
            clsid: [0; 16],
            created: 0,
            modified: 0,
        }
    }

    #[test]
    fn sort_key_is_length_then_upper_case() {
        let mut names = ["b", "Ab", "a", "ç", "C", "aa"];
        names.sort_by_key(|n| sort_key(n));
        assert_eq!(names, ["a", "b", "C", "ç", "aa", "Ab"]);
    }

    /// Every root-to-leaf path has the same number of black nodes and no red node has a red child.
    fn black_height(dir: &[Dir], id: u32, parent_red: bool) -> u32 {
        if id == NOSTREAM {
            return 1;
        }
        let d = &dir[id as usize];
        let red = d.color == 0;
        assert!(!(red && parent_red), "red {id} under a red parent");
        let l = black_height(dir, d.left, red);
        let r = black_height(dir, d.right, red);
        assert_eq!(l, r, "unequal black heights under {id}");
        l + u32::from(!red)
    }

    #[test]
    fn every_size_of_tree_is_red_black() {
        for n in 0..70usize {
            let mut dir: Vec<Dir> = (0..=n)
                .map(|_| Dir {
                    color: 1,
                    left: NOSTREAM,
                    right: NOSTREAM,
                    child: NOSTREAM,
                    start: 0,
                    size: 0,
                })
                .collect();
            let kids: Vec<usize> = (1..=n).collect();
            let full = (n + 1).ilog2();
            let red = (!(n + 1).is_power_of_two()).then_some(full);
            let root = link(&kids, 0, red, &mut dir);
            if root != NOSTREAM {
                assert_eq!(dir[root as usize].color, 1, "root of {n} is red");
            }
            black_height(&dir, root, false);
        }
    }

    #[test]
    fn many_fat_sectors_need_a_difat() {
        // 110 FAT sectors' worth of data: the 110th is listed in a DIFAT sector.
        let big = vec![7u8; 13_970 * SECTOR];
        let out = write([0; 16], 0, &[stream("Huge", 0, big)]).unwrap();
        assert_eq!(u32::from_le_bytes(out[0x48..0x4C].try_into().unwrap()), 1);
        let cfb = crate::CompoundFile::open(&out).unwrap();
        assert!(cfb.warnings().is_empty(), "{:?}", cfb.warnings());
        let s = cfb.stream("Huge").unwrap();
        assert_eq!(s.len(), 13_970 * SECTOR);
        assert!(s.iter().all(|&b| b == 7));
    }

    #[test]
    fn mini_and_regular_streams_and_empty_ones() {
        let nodes = vec![
            stream("small", 0, vec![1; 100]),
            stream("edge", 0, vec![2; MINI_CUTOFF - 1]),
            stream("big", 0, vec![3; MINI_CUTOFF]),
            stream("empty", 0, Vec::new()),
        ];
        let out = write([9; 16], 5, &nodes).unwrap();
        assert_eq!(out.len() % SECTOR, 0);
        let cfb = crate::CompoundFile::open(&out).unwrap();
        assert!(cfb.warnings().is_empty(), "{:?}", cfb.warnings());
        assert_eq!(cfb.root_clsid(), [9; 16]);
        for (name, byte, len) in [("small", 1, 100), ("edge", 2, 4095), ("big", 3, 4096)] {
            let s = cfb.stream(name).unwrap();
            assert_eq!(s.len(), len, "{name}");
            assert!(s.iter().all(|&b| b == byte), "{name}");
        }
        assert!(cfb.stream("empty").unwrap().is_empty());
        // Deterministic.
        assert_eq!(write([9; 16], 5, &nodes).unwrap(), out);
    }
}
