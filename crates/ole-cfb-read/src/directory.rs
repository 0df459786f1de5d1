//! Directory entries and the red-black trees that link them
//! (MS-CFB 2.6 Compound File Directory Sectors).

use crate::bytes::{guid_at, u16_at, u32_at, u64_at};
use crate::error::{Error, Warning, WarningKind};
use crate::filetime::FileTime;
use crate::header::NOSTREAM;

/// Object types of a directory entry (MS-CFB 2.6.1, Object Type).
pub(crate) const TYPE_UNUSED: u8 = 0;
pub(crate) const TYPE_STORAGE: u8 = 1;
pub(crate) const TYPE_STREAM: u8 = 2;
pub(crate) const TYPE_ROOT: u8 = 5;

/// One 128-byte directory entry (MS-CFB 2.6.1).
#[derive(Debug, Clone)]
pub(crate) struct DirEntry {
    pub name: String,
    pub object_type: u8,
    pub left: u32,
    pub right: u32,
    pub child: u32,
    pub clsid: [u8; 16],
    pub created: u64,
    pub modified: u64,
    pub start_sector: u32,
    pub size: u64,
    /// The name length field, kept to report values over 64 for reachable entries.
    pub name_len: u16,
}

impl DirEntry {
    /// Parses entry bytes; `v3` selects the 32-bit stream size of version 3 files.
    pub(crate) fn parse(b: &[u8], v3: bool) -> DirEntry {
        let name_len = usize::from(u16_at(b, 64).unwrap_or(0));
        // olefile keeps `name[:len - 2]`, which for lengths 0 and 1 is Python's
        // negative slicing (62 and 63 bytes); do the same so paths agree.
        let keep = match name_len.min(64) {
            n @ 0..=1 => 62 + n,
            n => n - 2,
        };
        let raw = b.get(..keep).unwrap_or_default();
        let name = decode_utf16_lossy(raw);
        let size_low = u64::from(u32_at(b, 120).unwrap_or(0));
        let size_high = u64::from(u32_at(b, 124).unwrap_or(0));
        DirEntry {
            name,
            object_type: b.get(66).copied().unwrap_or(TYPE_UNUSED),
            left: u32_at(b, 68).unwrap_or(NOSTREAM),
            right: u32_at(b, 72).unwrap_or(NOSTREAM),
            child: u32_at(b, 76).unwrap_or(NOSTREAM),
            clsid: guid_at(b, 80).unwrap_or_default(),
            created: u64_at(b, 100).unwrap_or(0),
            modified: u64_at(b, 108).unwrap_or(0),
            start_sector: u32_at(b, 116).unwrap_or(0),
            // Version 3 files may leave garbage in the high half (MS-CFB 2.6.3).
            size: if v3 {
                size_low
            } else {
                size_low | (size_high << 32)
            },
            name_len: u16_at(b, 64).unwrap_or(0),
        }
    }
}

/// UTF-16LE to a `String`, replacing unpaired surrogates and an odd last byte with U+FFFD.
pub(crate) fn decode_utf16_lossy(raw: &[u8]) -> String {
    let units = raw
        .chunks_exact(2)
        .filter_map(|c| c.try_into().ok().map(u16::from_le_bytes));
    let mut s: String = char::decode_utf16(units)
        .map(|r| r.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect();
    if raw.len() % 2 == 1 {
        s.push(char::REPLACEMENT_CHARACTER);
    }
    s
}

/// A directory entry reached from the root, with its place in the hierarchy.
#[derive(Debug, Clone)]
pub(crate) struct Placed {
    pub sid: usize,
    pub path: String,
    /// Storages between the root and the entry (0 for the root's own entries).
    pub depth: u32,
}

/// Walks the tree from the root (entry 0) as olefile does: every child tree
/// in order, kids sorted by name, storages recursed into. A sibling tree that
/// comes back to one of its own entries, or a link up to a storage being
/// walked, is a loop ([`Error::Cycle`]); an entry reached again from another
/// storage is skipped with a warning (olefile does the same), as are sibling
/// or child ids past the directory.
/// `max_depth` caps storage nesting.
pub(crate) fn walk(
    entries: &[DirEntry],
    max_depth: u32,
    warnings: &mut Vec<Warning>,
) -> Result<Vec<Placed>, Error> {
    let mut w = Walker {
        entries,
        owner: vec![UNVISITED; entries.len()],
        open_storages: vec![0],
        max_depth,
        out: Vec::new(),
        warnings,
    };
    if let Some(o) = w.owner.first_mut() {
        *o = 0;
    }
    let root_child = entries.first().map_or(NOSTREAM, |e| e.child);
    w.storage(root_child, "")?;
    Ok(w.out)
}

/// Marks an entry no storage has collected yet.
const UNVISITED: usize = usize::MAX;

struct Walker<'e, 'w> {
    entries: &'e [DirEntry],
    /// For each entry, the storage whose child tree collected it.
    owner: Vec<usize>,
    /// Storages being walked, root first.
    open_storages: Vec<usize>,
    max_depth: u32,
    out: Vec<Placed>,
    warnings: &'w mut Vec<Warning>,
}

impl Walker<'_, '_> {
    fn warn(&mut self, m: String) {
        self.warnings
            .push(crate::error::warning(WarningKind::Directory, m));
    }

    /// Walks the child tree rooted at `child` of the innermost open storage.
    fn storage(&mut self, child: u32, prefix: &str) -> Result<(), Error> {
        if self.open_storages.len() > self.max_depth as usize {
            return Err(Error::LimitExceeded {
                what: "storage nesting depth",
                limit: u64::from(self.max_depth),
            });
        }
        let me = self.open_storages.last().copied().unwrap_or(0);
        // Collect this storage's kids by walking its red-black tree.
        let mut kids: Vec<usize> = Vec::new();
        let mut stack: Vec<u32> = vec![child];
        while let Some(sid) = stack.pop() {
            if sid == NOSTREAM {
                continue;
            }
            let Some(e) = self.entries.get(sid as usize) else {
                let n = self.entries.len();
                self.warn(format!(
                    "entry id {sid} is outside the directory of {n} entries; skipped"
                ));
                continue;
            };
            let owner = self.owner.get(sid as usize).copied().unwrap_or(UNVISITED);
            if owner != UNVISITED {
                // A loop: back into this storage's own tree, or up to a storage
                // being walked. Anything else is a second reference to a subtree.
                if owner == me || self.open_storages.contains(&(sid as usize)) {
                    return Err(Error::Cycle {
                        what: "directory tree",
                    });
                }
                self.warn(format!(
                    "entry {sid} is referenced by two storages; the second reference is skipped"
                ));
                continue;
            }
            if let Some(o) = self.owner.get_mut(sid as usize) {
                *o = me;
            }
            kids.push(sid as usize);
            stack.push(e.left);
            stack.push(e.right);
        }
        let entries = self.entries;
        let depth = u32::try_from(self.open_storages.len().saturating_sub(1)).unwrap_or(u32::MAX);
        kids.sort_by(|&a, &b| {
            let na = entries.get(a).map(|e| e.name.as_str()).unwrap_or_default();
            let nb = entries.get(b).map(|e| e.name.as_str()).unwrap_or_default();
            na.cmp(nb).then(a.cmp(&b))
        });
        for sid in kids {
            let Some(e) = entries.get(sid) else { continue };
            if e.name_len > 64 {
                self.warn(format!(
                    "entry {sid}: name length {} > 64 bytes, cut to 64",
                    e.name_len
                ));
            }
            let path = if prefix.is_empty() {
                e.name.clone()
            } else {
                format!("{prefix}/{}", e.name)
            };
            match e.object_type {
                TYPE_STORAGE => {
                    self.out.push(Placed {
                        sid,
                        path: path.clone(),
                        depth,
                    });
                    self.open_storages.push(sid);
                    let r = self.storage(e.child, &path);
                    self.open_storages.pop();
                    r?;
                }
                TYPE_STREAM => {
                    if e.child != NOSTREAM {
                        self.warn(format!("stream {path:?} has a child id; ignored"));
                    }
                    self.out.push(Placed { sid, path, depth });
                }
                other => self.warn(format!(
                    "entry {sid} ({path:?}) in the tree has object type {other}, neither stream nor storage; skipped"
                )),
            }
        }
        Ok(())
    }
}

/// Converts a raw FILETIME field, zero meaning "not set".
pub(crate) fn filetime(v: u64) -> Option<FileTime> {
    (v != 0).then_some(FileTime(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(name: &str, t: u8, left: u32, right: u32, child: u32) -> DirEntry {
        DirEntry {
            name: name.into(),
            object_type: t,
            left,
            right,
            child,
            clsid: [0; 16],
            created: 0,
            modified: 0,
            start_sector: 0,
            size: 0,
            name_len: 0,
        }
    }

    #[test]
    fn parses_name_type_and_v3_size() {
        let mut b = vec![0u8; 128];
        for (i, u) in "Ab".encode_utf16().enumerate() {
            b[2 * i..2 * i + 2].copy_from_slice(&u.to_le_bytes());
        }
        b[64] = 6;
        b[66] = TYPE_STREAM;
        b[120..124].copy_from_slice(&10u32.to_le_bytes());
        b[124..128].copy_from_slice(&1u32.to_le_bytes());
        let e = DirEntry::parse(&b, true);
        assert_eq!(e.name, "Ab");
        assert_eq!(e.size, 10);
        assert_eq!(DirEntry::parse(&b, false).size, (1 << 32) + 10);
        assert_eq!(e.name_len, 6);
    }

    #[test]
    fn walks_sorted_and_detects_loops() {
        let mut w = Vec::new();
        let e = vec![
            entry("Root Entry", TYPE_ROOT, NOSTREAM, NOSTREAM, 1),
            entry("b", TYPE_STORAGE, 2, NOSTREAM, 3),
            entry("a", TYPE_STREAM, NOSTREAM, NOSTREAM, NOSTREAM),
            entry("c", TYPE_STREAM, NOSTREAM, 99, NOSTREAM),
        ];
        let p = walk(&e, 8, &mut w).unwrap();
        let paths: Vec<&str> = p.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(paths, ["a", "b", "b/c"]);
        assert_eq!(w.len(), 1, "{w:?}");
        let mut looped = e.clone();
        looped[3].right = 1;
        assert_eq!(
            walk(&looped, 8, &mut w).unwrap_err(),
            Error::Cycle {
                what: "directory tree"
            }
        );
        assert!(matches!(
            walk(&e, 1, &mut w),
            Err(Error::LimitExceeded { .. })
        ));
    }

    #[test]
    fn a_second_reference_from_another_storage_is_skipped_not_a_loop() {
        let e = vec![
            entry("Root Entry", TYPE_ROOT, NOSTREAM, NOSTREAM, 1),
            entry("b", TYPE_STORAGE, 2, NOSTREAM, 3),
            entry("a", TYPE_STREAM, NOSTREAM, 3, NOSTREAM),
            entry("c", TYPE_STREAM, NOSTREAM, NOSTREAM, NOSTREAM),
        ];
        let mut w = Vec::new();
        let p = walk(&e, 8, &mut w).unwrap();
        let paths: Vec<&str> = p.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(paths, ["a", "b", "c"]);
        assert!(
            w.iter().any(|w| w.message.contains("two storages")),
            "{w:?}"
        );
        // A sibling tree that points back into itself is a loop.
        let mut looped = e.clone();
        looped[3].left = 2;
        assert_eq!(
            walk(&looped, 8, &mut w).unwrap_err(),
            Error::Cycle {
                what: "directory tree"
            }
        );
    }
}
