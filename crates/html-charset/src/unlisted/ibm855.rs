//! IBM855: the DOS code page for Cyrillic (Serbian, Macedonian, Russian,
//! …); ASCII below 0x80, the generated `src/data/ibm855.rs` above.

use crate::data::ibm855 as table;

/// Decodes IBM855. Every byte maps to a character.
pub(super) fn decode(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| match b.checked_sub(0x80) {
            None => char::from(b),
            Some(i) => table::HIGH
                .get(usize::from(i))
                .copied()
                .unwrap_or('\u{FFFD}'),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyrillic_in_ibm855() {
        // Привет: П DD, р E1, и B7, в EB, е A8, т E5 (as Python's cp855 encodes it).
        assert_eq!(decode(b"<p>\xDD\xE1\xB7\xEB\xA8\xE5</p>"), "<p>Привет</p>");
        // 0x80 ђ, 0xFF no-break space; all 256 bytes decode to one char each.
        assert_eq!(decode(&[0x80, 0xFF]), "ђ\u{A0}");
        let all: Vec<u8> = (0..=255).collect();
        let text = decode(&all);
        assert_eq!(text.chars().count(), 256);
        assert!(!text.contains('\u{FFFD}'));
    }
}
