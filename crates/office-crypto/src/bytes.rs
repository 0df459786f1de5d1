//! Little-endian reads that fail with [`Error::Truncated`] instead of panicking.

use crate::Error;

/// A cursor over a structure, naming it in the errors it returns.
pub(crate) struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    /// Offset of `data[0]` in the stream, for error messages.
    base: u64,
    what: &'static str,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(data: &'a [u8], base: u64, what: &'static str) -> Self {
        Reader {
            data,
            pos: 0,
            base,
            what,
        }
    }

    pub(crate) fn rest(&self) -> &'a [u8] {
        self.data.get(self.pos..).unwrap_or(&[])
    }

    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], Error> {
        let end = self.pos.checked_add(n);
        match end.and_then(|end| self.data.get(self.pos..end)) {
            Some(s) => {
                self.pos += n;
                Ok(s)
            }
            None => Err(Error::Truncated {
                what: self.what,
                offset: self.base.saturating_add(self.data.len() as u64),
            }),
        }
    }

    pub(crate) fn array<const N: usize>(&mut self) -> Result<[u8; N], Error> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    pub(crate) fn u16(&mut self) -> Result<u16, Error> {
        Ok(u16::from_le_bytes(self.array()?))
    }

    pub(crate) fn u32(&mut self) -> Result<u32, Error> {
        Ok(u32::from_le_bytes(self.array()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_little_endian_and_reports_the_end() {
        let mut r = Reader::new(&[1, 0, 2, 0, 0, 0, 9], 100, "thing");
        assert_eq!(r.u16().unwrap(), 1);
        assert_eq!(r.u32().unwrap(), 2);
        assert_eq!(
            r.u16(),
            Err(Error::Truncated {
                what: "thing",
                offset: 107
            })
        );
        assert_eq!(r.rest(), &[9]);
    }
}
