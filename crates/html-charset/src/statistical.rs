//! Guessing the encoding of bytes nothing labels: BOM-less UTF-16 of Basic
//! Latin text (as Firefox sniffs it) and `chardetng`, the detector Firefox
//! uses for unlabeled legacy content.

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use encoding_rs::{Encoding, UTF_16BE, UTF_16LE};

/// BOM-less UTF-16 whose text is Basic Latin: in the first `head` bytes
/// (at least 30, Firefox's "room for `<title></title>`"), every byte at one
/// parity is zero and every byte at the other is not.
pub(crate) fn utf16_basic_latin(bytes: &[u8], head: usize) -> Option<&'static Encoding> {
    let window = bytes.get(..head.min(bytes.len()) & !1)?;
    if window.len() < 30 {
        return None;
    }
    let zero_at = |parity: usize| window.iter().skip(parity).step_by(2).all(|&b| b == 0);
    let nonzero_at = |parity: usize| window.iter().skip(parity).step_by(2).all(|&b| b != 0);
    if zero_at(0) && nonzero_at(1) {
        Some(UTF_16BE)
    } else if zero_at(1) && nonzero_at(0) {
        Some(UTF_16LE)
    } else {
        None
    }
}

/// A top-level domain as `chardetng` wants it: the last DNS label, lowercase
/// ASCII; anything else (non-ASCII, empty) is no hint at all.
fn normalise_tld(tld: &str) -> Option<Vec<u8>> {
    let last = tld.trim().trim_end_matches('.').rsplit('.').next()?;
    if last.is_empty() || !last.is_ascii() {
        return None;
    }
    Some(last.to_ascii_lowercase().into_bytes())
}

/// `chardetng`'s guess over at most `limit` bytes, with ISO-2022-JP allowed
/// (text extraction runs no scripts) and UTF-8 allowed when `allow_utf8`.
/// `None` when those bytes are all ASCII without an escape: then there is
/// nothing to guess from and the default applies.
pub(crate) fn guess(
    bytes: &[u8],
    tld: Option<&str>,
    allow_utf8: bool,
    limit: usize,
) -> Option<&'static Encoding> {
    let mut detector = EncodingDetector::new(Iso2022JpDetection::Allow);
    let slice = bytes.get(..limit).unwrap_or(bytes);
    let non_ascii = detector.feed(slice, slice.len() == bytes.len());
    if !non_ascii && !slice.contains(&0x1B) {
        return None;
    }
    let tld = tld.and_then(normalise_tld);
    let utf8 = if allow_utf8 {
        Utf8Detection::Allow
    } else {
        Utf8Detection::Deny
    };
    Some(detector.guess(tld.as_deref(), utf8))
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{SHIFT_JIS, UTF_8, WINDOWS_1251, WINDOWS_1252};

    #[test]
    fn basic_latin_utf16_both_orders() {
        let text = "<html><title>Hello</title></html>";
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert_eq!(utf16_basic_latin(&be, 1024), Some(UTF_16BE));
        assert_eq!(utf16_basic_latin(&le, 1024), Some(UTF_16LE));
        assert_eq!(utf16_basic_latin(&le[..20], 1024), None, "too short");
        assert_eq!(utf16_basic_latin(text.as_bytes(), 1024), None);
        let mut utf32 = Vec::new();
        for c in text.chars() {
            utf32.extend_from_slice(&(c as u32).to_le_bytes());
        }
        assert_eq!(utf16_basic_latin(&utf32, 1024), None);
    }

    #[test]
    fn tld_hints_are_normalised_not_trusted() {
        assert_eq!(normalise_tld("RU"), Some(b"ru".to_vec()));
        assert_eq!(normalise_tld("www.example.jp."), Some(b"jp".to_vec()));
        assert_eq!(normalise_tld("рф"), None);
        assert_eq!(normalise_tld(""), None);
        // Upper case, periods and non-ASCII would panic inside chardetng.
        let _ = guess(b"\xC8\xE7", Some("Example.RU"), false, 1024);
        let _ = guess(b"\xC8\xE7", Some("\u{440}\u{444}"), false, 1024);
    }

    #[test]
    fn guesses_common_legacy_text() {
        let (sjis, _, _) =
            SHIFT_JIS.encode("吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。");
        assert_eq!(guess(&sjis, None, true, 1 << 20), Some(SHIFT_JIS));
        let (cyr, _, _) = WINDOWS_1251.encode("Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива по-своему.");
        assert_eq!(guess(&cyr, None, true, 1 << 20), Some(WINDOWS_1251));
        assert_eq!(
            guess("naïve café".as_bytes(), None, true, 1 << 20),
            Some(UTF_8)
        );
        assert_eq!(
            guess("naïve café".as_bytes(), None, false, 1 << 20),
            Some(WINDOWS_1252)
        );
        assert_eq!(guess(b"plain ascii", None, true, 1 << 20), None);
        let jis = b"\x1B$B$3$s$K$A$O\x1B(B";
        assert_eq!(
            guess(jis, None, true, 1 << 20),
            Some(encoding_rs::ISO_2022_JP)
        );
    }
}
