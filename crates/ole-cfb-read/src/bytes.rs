//! Little-endian reads over untrusted bytes that never panic.

/// Reads a `u16` at `off`, or `None` past the end.
pub(crate) fn u16_at(data: &[u8], off: usize) -> Option<u16> {
    let b = data.get(off..off.checked_add(2)?)?;
    Some(u16::from_le_bytes([*b.first()?, *b.get(1)?]))
}

/// Reads a `u32` at `off`, or `None` past the end.
pub(crate) fn u32_at(data: &[u8], off: usize) -> Option<u32> {
    let b: [u8; 4] = data.get(off..off.checked_add(4)?)?.try_into().ok()?;
    Some(u32::from_le_bytes(b))
}

/// Reads a `u64` at `off`, or `None` past the end.
pub(crate) fn u64_at(data: &[u8], off: usize) -> Option<u64> {
    let b: [u8; 8] = data.get(off..off.checked_add(8)?)?.try_into().ok()?;
    Some(u64::from_le_bytes(b))
}

/// Reads 16 bytes (a CLSID or FMTID) at `off`, or `None` past the end.
pub(crate) fn guid_at(data: &[u8], off: usize) -> Option<[u8; 16]> {
    data.get(off..off.checked_add(16)?)?.try_into().ok()
}

/// A fixed-size set of small integers, used to detect revisited sectors and entries.
pub(crate) struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    /// A set able to hold `0..len`.
    pub(crate) fn new(len: usize) -> Self {
        BitSet {
            words: vec![0; len.div_ceil(64)],
        }
    }

    /// Inserts `i`; returns `false` if it was already present or is out of range.
    pub(crate) fn insert(&mut self, i: usize) -> bool {
        let Some(w) = self.words.get_mut(i / 64) else {
            return false;
        };
        let bit = 1u64 << (i % 64);
        if *w & bit != 0 {
            return false;
        }
        *w |= bit;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_stop_at_the_end() {
        let d = [1u8, 2, 3, 4, 5];
        assert_eq!(u16_at(&d, 0), Some(0x0201));
        assert_eq!(u32_at(&d, 1), Some(0x0504_0302));
        assert_eq!(u32_at(&d, 2), None);
        assert_eq!(u64_at(&d, 0), None);
        assert_eq!(u16_at(&d, usize::MAX), None);
        assert_eq!(guid_at(&d, 0), None);
    }

    #[test]
    fn bitset_detects_revisits() {
        let mut s = BitSet::new(70);
        assert!(s.insert(69));
        assert!(!s.insert(69));
        assert!(s.insert(0));
        assert!(!s.insert(70 + 64));
    }
}
