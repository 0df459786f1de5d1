//! A small, tolerant compound-file reader for tests: the `cfb` crate
//! refuses some real files (a FAT longer than the file) that Word and
//! olefile read. Test support only; the real container layer is
//! `ole-cfb-read`.

use std::collections::HashSet;

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

/// A stream of the file: its lower-cased path (`/`-joined) and bytes.
pub struct Lenient<'a> {
    bytes: &'a [u8],
    shift: u32,
    fat: Vec<u32>,
    minifat: Vec<u32>,
    ministream: Vec<u8>,
    cutoff: u64,
    /// (path lower-case, start sector, size)
    pub entries: Vec<(String, u32, u64)>,
}

impl<'a> Lenient<'a> {
    pub fn open(bytes: &'a [u8]) -> Option<Self> {
        if bytes.get(..8)? != b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1" {
            return None;
        }
        let shift = u32::from(u16_at(bytes, 0x1E)?);
        if !(7..=16).contains(&shift) {
            return None;
        }
        let mut fat_sectors: Vec<u32> = (0..109)
            .filter_map(|i| u32_at(bytes, 0x4C + i * 4))
            .filter(|&s| s < 0xFFFF_FFFA)
            .collect();
        let mut difat = u32_at(bytes, 0x44)?;
        let per = (1usize << shift) / 4;
        let mut seen = HashSet::new();
        while difat < 0xFFFF_FFFA && seen.insert(difat) {
            let off = (difat as usize + 1) << shift;
            for i in 0..per - 1 {
                match u32_at(bytes, off + i * 4) {
                    Some(s) if s < 0xFFFF_FFFA => fat_sectors.push(s),
                    _ => {}
                }
            }
            difat = u32_at(bytes, off + (per - 1) * 4).unwrap_or(0xFFFF_FFFE);
        }
        let mut fat = Vec::new();
        for s in fat_sectors {
            let off = (s as usize + 1) << shift;
            for i in 0..per {
                fat.push(u32_at(bytes, off + i * 4).unwrap_or(0xFFFF_FFFE));
            }
        }
        let mut me = Lenient {
            bytes,
            shift,
            fat,
            minifat: Vec::new(),
            ministream: Vec::new(),
            cutoff: 4096,
            entries: Vec::new(),
        };
        me.cutoff = u64::from(u32_at(bytes, 0x38)?);
        let dir = me.chain(u32_at(bytes, 0x30)?, u64::MAX);
        let minifat_bytes = me.chain(u32_at(bytes, 0x3C)?, u64::MAX);
        me.minifat = minifat_bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let entry = |i: u32| -> Option<(String, u8, u32, u32, u32, u32, u64)> {
            let e = dir.get(i as usize * 128..i as usize * 128 + 128)?;
            let nlen = usize::from(u16_at(e, 64)?).min(64);
            let name: Vec<u16> = e[..nlen.saturating_sub(2)]
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect();
            let size = if shift == 9 {
                u64::from(u32_at(e, 120)?)
            } else {
                u64::from(u32_at(e, 120)?) | (u64::from(u32_at(e, 124)?) << 32)
            };
            Some((
                String::from_utf16_lossy(&name).to_lowercase(),
                e[66],
                u32_at(e, 68)?,
                u32_at(e, 72)?,
                u32_at(e, 76)?,
                u32_at(e, 116)?,
                size,
            ))
        };
        let root = entry(0)?;
        me.ministream = me.chain(root.5, root.6);
        // Walk the red-black trees iteratively with a visited set.
        let mut visited = HashSet::new();
        let mut stack = vec![(root.4, String::new())];
        while let Some((id, prefix)) = stack.pop() {
            if id >= 0xFFFF_FFFA || !visited.insert(id) {
                continue;
            }
            let Some((name, kind, left, right, child, start, size)) = entry(id) else {
                continue;
            };
            stack.push((left, prefix.clone()));
            stack.push((right, prefix.clone()));
            let path = if prefix.is_empty() {
                name
            } else {
                format!("{prefix}/{name}")
            };
            match kind {
                1 => stack.push((child, path)),
                2 => me.entries.push((path, start, size)),
                _ => {}
            }
        }
        Some(me)
    }

    fn chain(&self, start: u32, size: u64) -> Vec<u8> {
        let mut out = Vec::new();
        let mut s = start;
        let mut seen = HashSet::new();
        let sz = 1usize << self.shift;
        while s < 0xFFFF_FFFA && seen.insert(s) && (out.len() as u64) < size {
            let off = (s as usize + 1) << self.shift;
            match self.bytes.get(off..off + sz) {
                Some(b) => out.extend_from_slice(b),
                None => {
                    if let Some(b) = self.bytes.get(off..) {
                        out.extend_from_slice(b);
                    }
                    break;
                }
            }
            s = self.fat.get(s as usize).copied().unwrap_or(0xFFFF_FFFE);
        }
        out.truncate(size.min(out.len() as u64) as usize);
        out
    }

    fn mini_chain(&self, start: u32, size: u64) -> Vec<u8> {
        let mut out = Vec::new();
        let mut s = start;
        let mut seen = HashSet::new();
        while s < 0xFFFF_FFFA && seen.insert(s) && (out.len() as u64) < size {
            let off = s as usize * 64;
            match self.ministream.get(off..off + 64) {
                Some(b) => out.extend_from_slice(b),
                None => break,
            }
            s = self.minifat.get(s as usize).copied().unwrap_or(0xFFFF_FFFE);
        }
        out.truncate(size.min(out.len() as u64) as usize);
        out
    }

    /// The stream at `path` (lower-case, `/`-joined, no leading slash).
    pub fn stream(&self, path: &str) -> Option<Vec<u8>> {
        let (_, start, size) = self.entries.iter().find(|(p, _, _)| p == path)?;
        Some(if *size < self.cutoff {
            self.mini_chain(*start, *size)
        } else {
            self.chain(*start, *size)
        })
    }
}
