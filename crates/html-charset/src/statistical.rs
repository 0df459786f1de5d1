//! Guessing the encoding of bytes nothing labels: BOM-less UTF-16 of Basic
//! Latin text (as Firefox sniffs it) and `chardetng`, the detector Firefox
//! uses for unlabeled legacy content.

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use encoding_rs::{
    Encoding, ISO_8859_7, KOI8_R, KOI8_U, MACINTOSH, UTF_16BE, UTF_16LE, WINDOWS_1252, WINDOWS_1253,
};

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
    let guessed = detector.guess(tld.as_deref(), utf8);
    Some(base_of_identical_pair(
        slice,
        sparse_recheck(slice, guessed),
    ))
}

/// Pairs `(extension, base)` of single-byte encodings that differ in only a
/// few bytes, where `chardetng` names the first even when none of those
/// bytes occurs: it never answers KOI8-R (KOI8-U, RFC 2319, extends RFC
/// 1489's KOI8-R with Ukrainian letters in 8 box-drawing positions), and it
/// answers windows-1253 for Greek without the bytes that set it apart
/// (0x80–0x9F punctuation, Ά at 0xA2 rather than 0xB6, …).
const IDENTICAL_PAIRS: [(&Encoding, &Encoding); 2] = [(KOI8_U, KOI8_R), (WINDOWS_1253, ISO_8859_7)];

/// When the guess is the first of such a pair and every non-ASCII byte that
/// occurs decodes to the same character in both, the bytes carry no evidence
/// for the extension or variant: the answer is the base encoding, the ISO or
/// RFC standard the other departs from (and the one pages more often are
/// in). The decoded text is the same either way; only the name is more
/// honest.
fn base_of_identical_pair(bytes: &[u8], guessed: &'static Encoding) -> &'static Encoding {
    let Some(&(_, base)) = IDENTICAL_PAIRS.iter().find(|(ext, _)| *ext == guessed) else {
        return guessed;
    };
    let mut present = [false; 128];
    for &b in bytes {
        if let Some(slot) = b
            .checked_sub(0x80)
            .and_then(|i| present.get_mut(usize::from(i)))
        {
            *slot = true;
        }
    }
    let same = (0x80u8..=0xFF)
        .zip(present)
        .filter(|&(_, p)| p)
        .all(|(b, _)| {
            let one = [b];
            guessed.decode_without_bom_handling(&one).0 == base.decode_without_bom_handling(&one).0
        });
    if same { base } else { guessed }
}

/// At most this many non-ASCII bytes count as sparse evidence.
const SPARSE_MAX: usize = 8;

/// With a handful of non-ASCII bytes, `chardetng` has almost nothing to go
/// on and may pick a letter where the text has punctuation: one `0xA3`
/// before digits is `Ł825` in windows-1250 but `£825` in windows-1252, one
/// `0xD5` in `Blanchard?s` is `Õ` in windows-1252 but `’` in Mac Roman.
/// For a single-byte guess on such input, each non-ASCII byte is read in
/// its context under the guess, windows-1252 and Mac Roman; another
/// encoding replaces the guess only when its readings are strictly more
/// plausible (see [`plausibility`]).
fn sparse_recheck(bytes: &[u8], guessed: &'static Encoding) -> &'static Encoding {
    if !guessed.is_single_byte() {
        return guessed;
    }
    let positions: Vec<usize> = bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b >= 0x80)
        .map(|(i, _)| i)
        .take(SPARSE_MAX + 1)
        .collect();
    // Valid UTF-8 is UTF-8 text whose detection was denied: the guess then
    // is the policy's (windows-1252 for generic domains), not evidence.
    if positions.is_empty()
        || positions.len() > SPARSE_MAX
        || std::str::from_utf8(bytes).map_or_else(|e| e.error_len().is_none(), |_| true)
    {
        return guessed;
    }
    let score = |enc: &'static Encoding| -> i32 {
        positions
            .iter()
            .map(|&i| {
                let prev = i.checked_sub(1).and_then(|j| bytes.get(j)).copied();
                let next = bytes.get(i + 1).copied();
                plausibility(enc, bytes[i], prev, next)
            })
            .sum()
    };
    let mut best = (score(guessed), guessed);
    for candidate in [WINDOWS_1252, MACINTOSH] {
        let s = score(candidate);
        if s > best.0 {
            best = (s, candidate);
        }
    }
    best.1
}

/// How plausible byte `b`, read in `enc` between the bytes `prev` and
/// `next`, is as text: a capital letter right after a lower-case letter or
/// right before a digit is implausible (−2), a C1 control or unmapped byte
/// more so (−3); a lower-case letter next to letters is plausible (+1), an
/// apostrophe between letters or a currency sign before a digit more so
/// (+2); anything else is neutral.
fn plausibility(enc: &'static Encoding, b: u8, prev: Option<u8>, next: Option<u8>) -> i32 {
    let one = [b];
    let (text, had_errors) = enc.decode_without_bom_handling(&one);
    let Some(ch) = text.chars().next().filter(|_| !had_errors) else {
        return -3;
    };
    let lower = |x: Option<u8>| x.is_some_and(|c| c.is_ascii_lowercase());
    let letter = |x: Option<u8>| x.is_some_and(|c| c.is_ascii_alphabetic());
    let digit = next.is_some_and(|c| c.is_ascii_digit());
    match ch {
        '\u{80}'..='\u{9F}' => -3,
        c if c.is_uppercase() && (lower(prev) || digit) => -2,
        c if c.is_lowercase() && (letter(prev) || letter(next)) => 1,
        '\u{2019}' | '\'' if letter(prev) && letter(next) => 2,
        '£' | '€' | '¥' | '¢' if digit => 2,
        _ => 0,
    }
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
    fn sparse_bytes_are_read_in_context() {
        // One pound sign before digits (chardetng alone says windows-1250).
        let bbc = b"<p>if rangers draw i stand to lift \xA3825. not bad for a \xA32 bet.</p>";
        assert_eq!(guess(bbc, None, false, 1 << 20), Some(WINDOWS_1252));
        // One Mac Roman apostrophe in plain ASCII text.
        let mac = b"\"Product\"=\"Daniel Blanchard\xD5s Trackpad\" and more ASCII text";
        assert_eq!(guess(mac, None, false, 1 << 20), Some(MACINTOSH));
        // Letters in words stay letters: no switch away from the guess.
        let cafe = b"un caf\xE9 cr\xE8me br\xFBl\xE9e";
        assert_eq!(guess(cafe, None, false, 1 << 20), Some(WINDOWS_1252));
        let (cz, _, _) = encoding_rs::WINDOWS_1250.encode("Žluťoučký kůň");
        let g = guess(&cz, Some("cz"), false, 1 << 20).unwrap();
        assert_eq!(sparse_recheck(&cz, g), g);
    }

    #[test]
    fn identical_readings_take_the_base_encoding() {
        let ru = "Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива по-своему.";
        let (koi8, _, _) = KOI8_R.encode(ru);
        assert_eq!(guess(&koi8, None, false, 1 << 20), Some(KOI8_R));
        // Ukrainian letters (і at 0xA6 in KOI8-U, a box-drawing character in KOI8-R) keep KOI8-U.
        let (uk, _, _) = KOI8_U.encode("Слава Україні, і всім, хто її боронить від загарбників.");
        assert_eq!(base_of_identical_pair(&uk, KOI8_U), KOI8_U);
        assert_eq!(base_of_identical_pair(&koi8, KOI8_U), KOI8_R);
        // Greek without 0x80–0x9F and without Ά: ISO-8859-7; with a windows-1253
        // curly quote (0x93) or Ά at 0xA2: windows-1253.
        let (el, _, _) = ISO_8859_7.encode("Με ομιλία της στο κέντρο πολλαπλών χρήσεων του Δήμου");
        assert_eq!(base_of_identical_pair(&el, WINDOWS_1253), ISO_8859_7);
        let (quoted, _, _) = WINDOWS_1253.encode("Είπε “ναι” στην Αθήνα");
        assert_eq!(base_of_identical_pair(&quoted, WINDOWS_1253), WINDOWS_1253);
        assert_eq!(base_of_identical_pair(&el, WINDOWS_1251), WINDOWS_1251);
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
