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
}

impl DirEntry {
    /// Parses entry bytes; `v3` selects the 32-bit stream size of version 3 files.
    pub(crate) fn parse(b: &[u8], v3: bool, sid: usize, warnings: &mut Vec<Warning>) -> DirEntry {
        let name_len = usize::from(u16_at(b, 64).unwrap_or(0));
        if name_len > 64 {
            warnings.push(Warning::new(
                WarningKind::Directory,
                format!("entry {sid}: name length {name_len} > 64 bytes, cut to 64"),
            ));
        }
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
}

/// Walks the tree from the root (entry 0) as olefile does: every child tree
/// in order, kids sorted by name, storages recursed into. An entry reached
/// twice is a [`Error::Cycle`]; a sibling or child id past the directory is
/// skipped with a warning. `max_depth` caps storage nesting.
pub(crate) fn walk(
    entries: &[DirEntry],
    max_depth: u32,
    warnings: &mut Vec<Warning>,
) -> Result<Vec<Placed>, Error> {
    let mut used = crate::bytes::BitSet::new(entries.len());
    used.insert(0);
    let mut out = Vec::new();
    let root_child = entries.first().map_or(NOSTREAM, |e| e.child);
    // Stack of (storage child tree root, path prefix, depth); processed depth-first.
    walk_storage(
        entries, root_child, "", 1, max_depth, &mut used, &mut out, warnings,
    )?;
    Ok(out)
}

#[allow(clippy::too_many_arguments)]
fn walk_storage(
    entries: &[DirEntry],
    child: u32,
    prefix: &str,
    depth: u32,
    max_depth: u32,
    used: &mut crate::bytes::BitSet,
    out: &mut Vec<Placed>,
    warnings: &mut Vec<Warning>,
) -> Result<(), Error> {
    if depth > max_depth {
        return Err(Error::LimitExceeded {
            what: "storage nesting depth",
            limit: u64::from(max_depth),
        });
    }
    // Collect the kids of this storage by an explicit in-order traversal.
    let mut kids: Vec<usize> = Vec::new();
    let mut stack: Vec<u32> = vec![child];
    while let Some(sid) = stack.pop() {
        if sid == NOSTREAM {
            continue;
        }
        let Some(e) = entries.get(sid as usize) else {
            warnings.push(Warning::new(
                WarningKind::Directory,
                format!(
                    "entry id {sid} is outside the directory of {} entries; skipped",
                    entries.len()
                ),
            ));
            continue;
        };
        if !used.insert(sid as usize) {
            return Err(Error::Cycle {
                what: "directory tree",
            });
        }
        kids.push(sid as usize);
        stack.push(e.left);
        stack.push(e.right);
    }
    kids.sort_by(|&a, &b| {
        let na = entries.get(a).map(|e| e.name.as_str()).unwrap_or_default();
        let nb = entries.get(b).map(|e| e.name.as_str()).unwrap_or_default();
        na.cmp(nb).then(a.cmp(&b))
    });
    for sid in kids {
        let Some(e) = entries.get(sid) else { continue };
        let path = if prefix.is_empty() {
            e.name.clone()
        } else {
            format!("{prefix}/{}", e.name)
        };
        match e.object_type {
            TYPE_STORAGE => {
                out.push(Placed { sid, path: path.clone() });
                walk_storage(entries, e.child, &path, depth + 1, max_depth, used, out, warnings)?;
            }
            TYPE_STREAM => {
                if e.child != NOSTREAM {
                    warnings.push(Warning::new(WarningKind::Directory, format!("stream {path:?} has a child id; ignored")));
                }
                out.push(Placed { sid, path });
            }
            other => warnings.push(Warning::new(
                WarningKind::Directory,
                format!("entry {sid} ({path:?}) in the tree has object type {other}, neither stream nor storage; skipped"),
            )),
        }
    }
    Ok(())
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
        let mut w = Vec::new();
        let e = DirEntry::parse(&b, true, 1, &mut w);
        assert_eq!(e.name, "Ab");
        assert_eq!(e.size, 10);
        assert_eq!(DirEntry::parse(&b, false, 1, &mut w).size, (1 << 32) + 10);
        assert!(w.is_empty());
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
}
