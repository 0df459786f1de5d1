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

/// A forward cursor over untrusted bytes for the OLE embedding structures
/// (MS-OLEDS): every read is checked and a short read is
/// [`Error::Truncated`](crate::Error::Truncated) naming `what` and the offset.
pub(crate) struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    what: &'static str,
}

impl<'a> Reader<'a> {
    /// A cursor at the start of `data`, reporting truncation as `what`.
    pub(crate) fn new(data: &'a [u8], what: &'static str) -> Reader<'a> {
        Reader { data, pos: 0, what }
    }

    /// The offset of the next byte.
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// The bytes not read yet.
    pub(crate) fn rest(&self) -> &'a [u8] {
        self.data.get(self.pos..).unwrap_or_default()
    }

    fn truncated(&self) -> crate::Error {
        crate::Error::Truncated {
            what: self.what,
            offset: self.pos as u64,
        }
    }

    /// The next `n` bytes.
    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], crate::Error> {
        let end = self.pos.checked_add(n).ok_or_else(|| self.truncated())?;
        let b = self
            .data
            .get(self.pos..end)
            .ok_or_else(|| self.truncated())?;
        self.pos = end;
        Ok(b)
    }

    /// Up to `n` bytes: all of them, or what is left.
    pub(crate) fn take_up_to(&mut self, n: usize) -> &'a [u8] {
        let rest = self.rest();
        let b = rest.get(..n).unwrap_or(rest);
        self.pos += b.len();
        b
    }

    /// The next little-endian `u16`.
    pub(crate) fn u16(&mut self) -> Result<u16, crate::Error> {
        let v = u16_at(self.data, self.pos).ok_or_else(|| self.truncated())?;
        self.pos += 2;
        Ok(v)
    }

    /// The next little-endian `u32`.
    pub(crate) fn u32(&mut self) -> Result<u32, crate::Error> {
        let v = u32_at(self.data, self.pos).ok_or_else(|| self.truncated())?;
        self.pos += 4;
        Ok(v)
    }

    /// `size` bytes as declared by a length field at `at`, or what is left
    /// with a warning naming `what` when the input ends first.
    pub(crate) fn take_declared(
        &mut self,
        size: usize,
        what: &str,
        at: usize,
        warnings: &mut Vec<crate::Warning>,
    ) -> &'a [u8] {
        let b = self.take_up_to(size);
        if b.len() < size {
            warnings.push(crate::error::warning(
                crate::WarningKind::Embedding,
                format!(
                    "{what} declares {size} bytes at offset {at}, {} present",
                    b.len()
                ),
            ));
        }
        b
    }

    /// A `LengthPrefixedAnsiString` (MS-OLEDS 2.1.4): a 32-bit length that
    /// counts the terminating NUL, then the bytes (windows-1252).
    pub(crate) fn length_prefixed_ansi(&mut self) -> Result<String, crate::Error> {
        let len = self.u32()? as usize;
        Ok(ansi(self.take(len)?))
    }

    /// A `LengthPrefixedUnicodeString` (MS-OLEDS 2.1.5): a 32-bit count of
    /// UTF-16 code units, then the units (ending at a NUL unit if one comes first).
    pub(crate) fn length_prefixed_unicode(&mut self) -> Result<String, crate::Error> {
        let units = self.u32()? as usize;
        Ok(utf16_until_nul(self.take(units.saturating_mul(2))?))
    }

    /// The bytes up to the next NUL, which is consumed but not returned.
    pub(crate) fn zero_terminated(&mut self) -> Result<&'a [u8], crate::Error> {
        let rest = self.rest();
        let len = rest
            .iter()
            .position(|&b| b == 0)
            .ok_or_else(|| self.truncated())?;
        self.pos += len + 1;
        Ok(rest.get(..len).unwrap_or_default())
    }
}

/// Bytes up to the first NUL (all of them when there is none).
pub(crate) fn until_nul(b: &[u8]) -> &[u8] {
    b.iter()
        .position(|&c| c == 0)
        .map_or(b, |n| b.get(..n).unwrap_or(b))
}

/// UTF-16LE code units up to the first NUL unit (all of them when there is
/// none), unpaired surrogates as U+FFFD.
pub(crate) fn utf16_until_nul(b: &[u8]) -> String {
    let end = b
        .chunks_exact(2)
        .position(|c| c == [0, 0])
        .map_or(b.len() & !1, |n| n * 2);
    crate::directory::decode_utf16_lossy(b.get(..end).unwrap_or_default())
}

/// An ANSI string of an OLE structure, decoded as windows-1252 (the code
/// page of nearly every OLE 1.0 class and file name in the wild).
pub(crate) fn ansi(b: &[u8]) -> String {
    encoding_rs::WINDOWS_1252
        .decode_without_bom_handling(until_nul(b))
        .0
        .into_owned()
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
    fn reader_checks_every_read() {
        let d = b"\x02\x00ab\0cd\x05\x00\x00\x00";
        let mut r = Reader::new(d, "test");
        assert_eq!(r.u16().unwrap(), 2);
        assert_eq!(r.zero_terminated().unwrap(), b"ab");
        assert_eq!(r.take(2).unwrap(), b"cd");
        assert_eq!(r.u32().unwrap(), 5);
        assert_eq!(
            r.u16(),
            Err(crate::Error::Truncated {
                what: "test",
                offset: 11
            })
        );
        assert_eq!(r.take_up_to(9), b"");
        let mut r = Reader::new(b"abc", "test");
        assert!(r.zero_terminated().is_err());
        assert!(r.take(usize::MAX).is_err());
        assert_eq!(r.take_up_to(2), b"ab");
        assert_eq!(r.pos(), 2);
    }

    #[test]
    fn strings_end_at_nul() {
        assert_eq!(ansi(b"caf\xe9\0junk"), "café");
        assert_eq!(utf16_until_nul(b"a\0b\0\0\0c\0"), "ab");
        assert_eq!(until_nul(b"xyz"), b"xyz");
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
