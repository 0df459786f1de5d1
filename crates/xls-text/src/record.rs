//! BIFF records (MS-XLS 2.1.4): a u16 type, a u16 length and the data,
//! every read bounded by its record; CONTINUE (0x003C) records that carry
//! the rest of a long record are gathered as fragments.

/// CONTINUE: the rest of the previous record (MS-XLS 2.4.58).
pub(crate) const CONTINUE: u16 = 0x003C;

/// One record of the stream.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Record<'a> {
    /// The record type.
    pub(crate) typ: u16,
    /// Offset of the record header in the stream.
    pub(crate) offset: u64,
    /// The data; shorter than declared when the stream ends early.
    pub(crate) data: &'a [u8],
    /// Whether the declared length ran past the end of the stream.
    pub(crate) truncated: bool,
}

/// The records of a stream, in order.
#[derive(Debug, Clone)]
pub(crate) struct Records<'a> {
    stream: &'a [u8],
    pos: usize,
}

impl<'a> Records<'a> {
    pub(crate) fn new(stream: &'a [u8]) -> Self {
        Records { stream, pos: 0 }
    }

    /// The offset of the next record header.
    pub(crate) fn offset(&self) -> usize {
        self.pos
    }

    /// Continues reading at `pos` (a record header).
    pub(crate) fn seek(&mut self, pos: usize) {
        self.pos = pos.min(self.stream.len());
    }

    /// The type of the next record, if a full header follows.
    pub(crate) fn peek_type(&self) -> Option<u16> {
        let h = self.stream.get(self.pos..self.pos.checked_add(2)?)?;
        Some(u16::from_le_bytes([h[0], h[1]]))
    }

    /// The CONTINUE records that follow, as fragments (MS-XLS 2.4.58).
    pub(crate) fn continues(&mut self, max: usize) -> Vec<&'a [u8]> {
        let mut out = Vec::new();
        while self.peek_type() == Some(CONTINUE) && out.len() < max {
            match self.next() {
                Some(r) => out.push(r.data),
                None => break,
            }
        }
        out
    }
}

impl<'a> Iterator for Records<'a> {
    type Item = Record<'a>;

    fn next(&mut self) -> Option<Record<'a>> {
        let header = self.stream.get(self.pos..self.pos.checked_add(4)?)?;
        let typ = u16::from_le_bytes([header[0], header[1]]);
        let len = usize::from(u16::from_le_bytes([header[2], header[3]]));
        let start = self.pos + 4;
        let end = start.saturating_add(len);
        let truncated = end > self.stream.len();
        let data = self
            .stream
            .get(start..end.min(self.stream.len()))
            .unwrap_or_default();
        let offset = self.pos as u64;
        self.pos = end.min(self.stream.len());
        Some(Record {
            typ,
            offset,
            data,
            truncated,
        })
    }
}

/// A little-endian u16 at `at`.
pub(crate) fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    let s = b.get(at..at.checked_add(2)?)?;
    Some(u16::from_le_bytes([s[0], s[1]]))
}

/// A little-endian u32 at `at`.
pub(crate) fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

/// A little-endian f64 at `at`.
pub(crate) fn f64_at(b: &[u8], at: usize) -> Option<f64> {
    let s = b.get(at..at.checked_add(8)?)?;
    let mut a = [0u8; 8];
    a.copy_from_slice(s);
    Some(f64::from_le_bytes(a))
}

/// An RK number (MS-XLS 2.5.217): 30 bits of an IEEE double's high part
/// or of an integer, optionally divided by 100.
pub(crate) fn rk(v: u32) -> f64 {
    let x = if v & 0x02 != 0 {
        f64::from((v as i32) >> 2)
    } else {
        f64::from_bits(u64::from(v & 0xFFFF_FFFC) << 32)
    };
    if v & 0x01 != 0 { x / 100.0 } else { x }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_and_truncation() {
        let s = [
            0x09, 0x08, 2, 0, 0xAA, 0xBB, 0x3C, 0, 1, 0, 7, 0x0A, 0, 5, 0, 1,
        ];
        let mut r = Records::new(&s);
        let a = r.next().unwrap();
        assert_eq!(
            (a.typ, a.data, a.truncated),
            (0x0809, &[0xAA, 0xBB][..], false)
        );
        assert_eq!(r.continues(10), vec![&[7u8][..]]);
        let c = r.next().unwrap();
        assert_eq!((c.typ, c.data, c.truncated), (0x000A, &[1u8][..], true));
        assert!(r.next().is_none());
    }

    #[test]
    fn rk_numbers() {
        assert_eq!(rk(0x3FF0_0000), 1.0);
        assert_eq!(rk(0x3FF0_0001), 0.01);
        assert_eq!(rk((123 << 2) | 2), 123.0);
        assert_eq!(rk((12345 << 2) | 3), 123.45);
        assert_eq!(rk(((-5i32) << 2) as u32 | 2), -5.0);
    }
}
