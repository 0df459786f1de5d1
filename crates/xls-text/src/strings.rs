//! Strings of BIFF8 (XLUnicodeString and its rich, extended form, MS-XLS
//! 2.5.294 and 2.5.293) and of BIFF2–7 (8-bit text in the workbook's code
//! page), read over a record and its CONTINUE fragments.
//!
//! Where a BIFF8 string's characters cross into a CONTINUE record, the
//! continuation starts with a new option byte, so a string may switch
//! between 8-bit (Latin-1) and UTF-16 characters mid-way; rich-text runs
//! and phonetic blocks continue without one.

use encoding_rs::Encoding;

/// A cursor over a record's data and the CONTINUE fragments after it.
#[derive(Debug, Clone)]
pub(crate) struct Frags<'a> {
    frags: Vec<&'a [u8]>,
    i: usize,
    pos: usize,
    /// Bytes in all fragments.
    total: usize,
    /// Bytes in the fragments before the current one.
    before: usize,
}

impl<'a> Frags<'a> {
    /// The fragments, the first being the record's own data.
    pub(crate) fn new(frags: Vec<&'a [u8]>) -> Self {
        let total = frags.iter().map(|f| f.len()).sum();
        Frags {
            frags,
            i: 0,
            pos: 0,
            total,
            before: 0,
        }
    }

    /// One record's data.
    pub(crate) fn single(data: &'a [u8]) -> Self {
        Frags::new(vec![data])
    }

    /// Starts reading at `pos` of the first fragment.
    pub(crate) fn at(mut self, pos: usize) -> Self {
        self.pos = pos;
        self
    }

    fn current(&self) -> &'a [u8] {
        self.frags.get(self.i).copied().unwrap_or_default()
    }

    /// Bytes left in all fragments (constant time: the SST asks per string).
    pub(crate) fn remaining(&self) -> usize {
        self.total
            .saturating_sub(self.before + self.pos.min(self.current().len()))
    }

    /// Moves to the next fragment; `false` at the end.
    fn next_fragment(&mut self) -> bool {
        if self.i + 1 >= self.frags.len() {
            return false;
        }
        self.before += self.current().len();
        self.i += 1;
        self.pos = 0;
        true
    }

    pub(crate) fn u8(&mut self) -> Option<u8> {
        loop {
            if let Some(&b) = self.current().get(self.pos) {
                self.pos += 1;
                return Some(b);
            }
            if !self.next_fragment() {
                return None;
            }
        }
    }

    pub(crate) fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes([self.u8()?, self.u8()?]))
    }

    pub(crate) fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes([
            self.u8()?,
            self.u8()?,
            self.u8()?,
            self.u8()?,
        ]))
    }

    /// Skips `n` bytes across fragments; `false` when they run out.
    pub(crate) fn skip(&mut self, mut n: usize) -> bool {
        while n > 0 {
            let avail = self.current().len().saturating_sub(self.pos);
            if avail >= n {
                self.pos += n;
                return true;
            }
            n -= avail;
            self.pos += avail;
            if !self.next_fragment() {
                return false;
            }
        }
        true
    }

    /// `cch` characters, 8-bit (Latin-1) or UTF-16 as `high` says, a new
    /// option byte at each fragment boundary (MS-XLS 2.4.58). Returns
    /// whether all were read.
    pub(crate) fn chars(&mut self, cch: usize, mut high: bool, out: &mut String) -> bool {
        let mut left = cch;
        let mut units: Vec<u16> = Vec::new();
        while left > 0 {
            let frag = self.current();
            let avail = frag.len().saturating_sub(self.pos);
            let width = if high { 2 } else { 1 };
            let n = (avail / width).min(left);
            let bytes = frag.get(self.pos..self.pos + n * width).unwrap_or_default();
            if high {
                units.extend(
                    bytes
                        .chunks_exact(2)
                        .map(|c| u16::from_le_bytes([c[0], c[1]])),
                );
            } else {
                flush_utf16(&mut units, out);
                out.extend(bytes.iter().map(|&b| char::from(b)));
            }
            self.pos += n * width;
            left -= n;
            if left == 0 {
                break;
            }
            if !self.next_fragment() {
                flush_utf16(&mut units, out);
                return false;
            }
            match self.u8() {
                Some(flags) => high = flags & 0x01 != 0,
                None => {
                    flush_utf16(&mut units, out);
                    return false;
                }
            }
        }
        flush_utf16(&mut units, out);
        true
    }

    /// A BIFF8 XLUnicodeRichExtendedString (SST entries): cch, flags,
    /// optional run count and phonetic size, characters, runs, phonetics.
    pub(crate) fn rich_string(&mut self) -> Option<String> {
        let cch = usize::from(self.u16()?);
        self.flagged_string(cch)
    }

    /// A BIFF8 XLUnicodeString with a 16-bit count (LABEL, FORMAT, STRING).
    pub(crate) fn unicode_string(&mut self) -> Option<String> {
        let cch = usize::from(self.u16()?);
        self.flagged_string(cch)
    }

    /// A BIFF8 ShortXLUnicodeString with an 8-bit count (BOUNDSHEET).
    pub(crate) fn short_unicode_string(&mut self) -> Option<String> {
        let cch = usize::from(self.u8()?);
        self.flagged_string(cch)
    }

    /// The option byte and what follows the count of a BIFF8 string.
    pub(crate) fn flagged_string(&mut self, cch: usize) -> Option<String> {
        let flags = self.u8()?;
        let high = flags & 0x01 != 0;
        let runs = if flags & 0x08 != 0 { self.u16()? } else { 0 };
        let ext = if flags & 0x04 != 0 { self.u32()? } else { 0 };
        let mut s = String::with_capacity(cch.min(self.remaining()));
        let complete = self.chars(cch, high, &mut s);
        if !complete {
            return if s.is_empty() { None } else { Some(s) };
        }
        self.skip(usize::from(runs) * 4);
        self.skip(ext as usize);
        Some(s)
    }
}

fn flush_utf16(units: &mut Vec<u16>, out: &mut String) {
    if !units.is_empty() {
        out.extend(char::decode_utf16(units.drain(..)).map(|c| c.unwrap_or('\u{FFFD}')));
    }
}

/// 8-bit text in `encoding` (BIFF2–7).
pub(crate) fn decode(bytes: &[u8], encoding: &'static Encoding) -> String {
    encoding.decode_without_bom_handling(bytes).0.into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_string_switches_width_at_a_continue() {
        // "ab" as 8-bit, then the CONTINUE restarts as UTF-16 with "€".
        let first = [3u8, 0, 0x00, b'a', b'b'];
        let second = [0x01u8, 0xAC, 0x20];
        let mut f = Frags::new(vec![&first, &second]);
        assert_eq!(f.rich_string().as_deref(), Some("ab€"));
        assert_eq!(f.remaining(), 0);
    }

    #[test]
    fn runs_and_phonetics_are_skipped_across_fragments() {
        // cch 1, rich + ext, 1 run, ext 3 bytes; the run splits over the boundary.
        let first = [1u8, 0, 0x0C, 1, 0, 3, 0, 0, 0, b'x', 1, 2];
        let second = [3u8, 4, 9, 9, 9, 2, 0, 0, b'o', b'k'];
        let mut f = Frags::new(vec![&first, &second]);
        assert_eq!(f.rich_string().as_deref(), Some("x"));
        assert_eq!(f.rich_string().as_deref(), Some("ok"));
    }

    #[test]
    fn a_cut_string_keeps_what_was_read() {
        let data = [5u8, 0, 0, b'a', b'b'];
        assert_eq!(Frags::single(&data).unicode_string().as_deref(), Some("ab"));
        assert_eq!(Frags::single(&[5u8, 0]).unicode_string(), None);
    }
}
