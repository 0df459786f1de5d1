//! Byte order marks (Encoding Standard § 6 "BOM sniff").

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE};

/// The encoding named by a byte order mark at the start of `bytes`, and the mark's length.
///
/// Only the three marks the Encoding Standard knows: UTF-8 `EF BB BF`,
/// UTF-16BE `FE FF`, UTF-16LE `FF FE`. (`FF FE 00 00`, the UTF-32LE mark,
/// is therefore UTF-16LE, as in every browser.)
pub(crate) fn sniff(bytes: &[u8]) -> Option<(&'static Encoding, usize)> {
    match bytes {
        [0xEF, 0xBB, 0xBF, ..] => Some((UTF_8, 3)),
        [0xFE, 0xFF, ..] => Some((UTF_16BE, 2)),
        [0xFF, 0xFE, ..] => Some((UTF_16LE, 2)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_marks_and_nothing_else() {
        assert_eq!(sniff(b"\xEF\xBB\xBFa"), Some((UTF_8, 3)));
        assert_eq!(sniff(b"\xFE\xFF\x00a"), Some((UTF_16BE, 2)));
        assert_eq!(sniff(b"\xFF\xFEa\x00"), Some((UTF_16LE, 2)));
        assert_eq!(sniff(b"\xFF\xFE\x00\x00"), Some((UTF_16LE, 2)));
        assert_eq!(sniff(b"\xEF\xBB"), None);
        assert_eq!(sniff(b"\x00\x00\xFE\xFF"), None);
        assert_eq!(sniff(b""), None);
    }
}
