//! Little-endian reads that never panic.

/// The `u16` at `off`, if the slice holds it.
pub(crate) fn u16_at(b: &[u8], off: usize) -> Option<u16> {
    let s = b.get(off..off.checked_add(2)?)?;
    Some(u16::from_le_bytes([
        s.first().copied()?,
        s.get(1).copied()?,
    ]))
}

/// The `u32` at `off`, if the slice holds it.
pub(crate) fn u32_at(b: &[u8], off: usize) -> Option<u32> {
    let s = b.get(off..off.checked_add(4)?)?;
    let mut a = [0u8; 4];
    a.copy_from_slice(s);
    Some(u32::from_le_bytes(a))
}

/// `len` bytes at `off`, if the slice holds them.
pub(crate) fn slice_at(b: &[u8], off: usize, len: usize) -> Option<&[u8]> {
    b.get(off..off.checked_add(len)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_within_and_refuses_beyond() {
        let b = [1, 2, 3, 4, 5];
        assert_eq!(u16_at(&b, 0), Some(0x0201));
        assert_eq!(u32_at(&b, 1), Some(0x0504_0302));
        assert_eq!(u32_at(&b, 2), None);
        assert_eq!(u16_at(&b, usize::MAX), None);
        assert_eq!(slice_at(&b, 4, 1), Some(&[5u8][..]));
        assert_eq!(slice_at(&b, 4, 2), None);
    }
}
