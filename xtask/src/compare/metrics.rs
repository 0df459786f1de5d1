//! The arithmetic of a comparison: text normalisation, `.expected.txt` recall,
//! character-multiset F1, medians and ratios, charset-label equivalence.

use std::collections::HashMap;
use std::time::Duration;

use unicode_normalization::UnicodeNormalization;

/// NFKC, then every run of whitespace collapsed to one space, trimmed
/// (the comparison the corpus README suggests).
pub fn normalize(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut pending_space = false;
    for c in s.nfkc() {
        if c.is_whitespace() {
            pending_space = !out.is_empty();
        } else {
            if pending_space {
                out.push(' ');
                pending_space = false;
            }
            out.push(c);
        }
    }
    out
}

/// `s` without any whitespace (used for lines holding CJK characters, whose
/// queries may span a line break in the PDF).
fn without_whitespace(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Whether `c` is a CJK character (ideographs, kana, hangul, CJK punctuation).
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x11FF       // Hangul Jamo
        | 0x2E80..=0x2FDF     // CJK radicals, Kangxi
        | 0x3000..=0x30FF     // CJK punctuation, Hiragana, Katakana
        | 0x3100..=0x31FF     // Bopomofo, Hangul compat. Jamo, Katakana ext.
        | 0x3400..=0x4DBF     // Extension A
        | 0x4E00..=0x9FFF     // Unified ideographs
        | 0xAC00..=0xD7AF     // Hangul syllables
        | 0xF900..=0xFAFF     // Compatibility ideographs
        | 0xFF00..=0xFFEF     // Half/full-width forms
        | 0x20000..=0x3FFFF) // Extensions B..
}

/// A text prepared once for many `.expected.txt` look-ups.
pub struct Haystack {
    collapsed: String,
    bare: String,
}

impl Haystack {
    /// Normalises `text` for [`Haystack::contains`].
    pub fn new(text: &str) -> Self {
        let collapsed = normalize(text);
        let bare = without_whitespace(&collapsed);
        Haystack { collapsed, bare }
    }

    /// Whether the expected string `line` occurs: after normalisation, or for a
    /// line with CJK characters also with all whitespace removed on both sides.
    pub fn contains(&self, line: &str) -> bool {
        let needle = normalize(line);
        if needle.is_empty() {
            return true;
        }
        if self.collapsed.contains(&needle) {
            return true;
        }
        needle.chars().any(is_cjk) && self.bare.contains(&without_whitespace(&needle))
    }
}

/// The lines of an `.expected.txt` sidecar that count (empty lines do not).
pub fn expected_lines(sidecar: &str) -> Vec<String> {
    sidecar
        .lines()
        .map(|l| l.trim_end_matches('\r'))
        .filter(|l| !normalize(l).is_empty())
        .map(str::to_string)
        .collect()
}

/// Found and total expected strings, summed over files.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Recall {
    /// Expected strings found in the extracted text.
    pub found: usize,
    /// Expected strings looked for.
    pub total: usize,
}

impl Recall {
    /// Recall of `lines` in `text`.
    pub fn of(text: &str, lines: &[String]) -> Self {
        let hay = Haystack::new(text);
        let found = lines.iter().filter(|l| hay.contains(l)).count();
        Recall {
            found,
            total: lines.len(),
        }
    }

    /// Adds another file's counts.
    pub fn add(&mut self, other: Recall) {
        self.found += other.found;
        self.total += other.total;
    }

    /// `found / total`, or `None` when nothing was looked for.
    pub fn ratio(self) -> Option<f64> {
        (self.total > 0).then(|| self.found as f64 / self.total as f64)
    }
}

/// Counts of the non-whitespace characters of a normalised text.
pub fn char_counts(text: &str) -> HashMap<char, usize> {
    let mut counts = HashMap::new();
    for c in text
        .nfkc()
        .filter(|&c| !c.is_whitespace() && !is_bidi_control(c))
    {
        *counts.entry(c).or_insert(0) += 1;
    }
    counts
}

/// Bidi embedding, override and isolate controls and the directional marks:
/// invisible, and printed by some tools (pdftotext wraps right-to-left runs in
/// U+202B … U+202C) where others give the runs in logical order without them.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The pieces of a character-multiset F1, kept apart so files can be summed
/// (micro average) before dividing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Overlap {
    /// Σ min(count in A, count in B) over characters.
    pub common: usize,
    /// Characters in A plus characters in B.
    pub sizes: usize,
}

impl Overlap {
    /// The overlap of two texts' character multisets (whitespace ignored, NFKC).
    pub fn of(a: &str, b: &str) -> Self {
        let ca = char_counts(a);
        let cb = char_counts(b);
        let common = ca
            .iter()
            .map(|(c, n)| (*n).min(cb.get(c).copied().unwrap_or(0)))
            .sum();
        let sizes = ca.values().sum::<usize>() + cb.values().sum::<usize>();
        Overlap { common, sizes }
    }

    /// Adds another file's counts.
    pub fn add(&mut self, other: Overlap) {
        self.common += other.common;
        self.sizes += other.sizes;
    }

    /// F1 = 2·common / (|A| + |B|); `None` when both sides are empty.
    pub fn f1(self) -> Option<f64> {
        (self.sizes > 0).then(|| 2.0 * self.common as f64 / self.sizes as f64)
    }
}

/// The median of durations (mean of the middle two for an even count).
pub fn median(values: &[Duration]) -> Option<Duration> {
    let mut v = values.to_vec();
    v.sort();
    let n = v.len();
    if n == 0 {
        return None;
    }
    let hi = *v.get(n / 2)?;
    if n % 2 == 1 {
        Some(hi)
    } else {
        let lo = *v.get(n / 2 - 1)?;
        Some((lo + hi) / 2)
    }
}

/// Half the range of `values` relative to their median (`±` in the tables),
/// or `None` for fewer than two values.
pub fn spread(values: &[Duration]) -> Option<f64> {
    if values.len() < 2 {
        return None;
    }
    let lo = values.iter().min()?.as_secs_f64();
    let hi = values.iter().max()?.as_secs_f64();
    let mid = median(values)?.as_secs_f64();
    (mid > 0.0).then(|| (hi - lo) / 2.0 / mid)
}

/// `ours / theirs`, or `None` when the peer's value is zero or missing.
pub fn ratio(ours: Option<f64>, theirs: Option<f64>) -> Option<f64> {
    match (ours, theirs) {
        (Some(a), Some(b)) if b > 0.0 => Some(a / b),
        _ => None,
    }
}

/// Python/ICU/uchardet spellings mapped to a WHATWG label (or to a plain name
/// for encodings WHATWG does not have).
fn charset_alias(l: &str) -> &str {
    match l {
        "cp932" | "ms932" | "sjis" | "x-sjis" | "shift-jis" | "shift-jis-2004"
        | "shift-jisx0213" => "shift_jis",
        "cp949" | "uhc" | "ks-c-5601-1987" => "euc-kr",
        "cp936" | "ms936" | "gb18030" => "gbk",
        "cp950" | "big5hkscs" | "big5-hkscs" => "big5",
        "euc-jis-2004" | "euc-jisx0213" | "eucjp" => "euc-jp",
        "utf-8-sig" | "utf8" => "utf-8",
        "utf-16-be" => "utf-16be",
        "utf-16-le" => "utf-16le",
        "utf-32-be" => "utf-32be",
        "utf-32-le" => "utf-32le",
        "cp874" | "tis620" => "windows-874",
        "maccyrillic" | "mac-cyrillic" => "x-mac-cyrillic",
        "macroman" | "mac-roman" => "macintosh",
        "cp855" => "ibm855",
        "koi8r" => "koi8-r",
        "iso2022-jp" | "iso-2022-jp-2" => "iso-2022-jp",
        "iso2022-kr" => "iso-2022-kr",
        other => other,
    }
}

/// The key of one spelling: the WHATWG encoding name when `encoding_rs`
/// knows the label (except the `replacement` catch-all), else the spelling.
fn whatwg_or_self(l: &str) -> (String, bool) {
    let a = charset_alias(l);
    match encoding_rs::Encoding::for_label(a.as_bytes()) {
        Some(enc) if enc != encoding_rs::REPLACEMENT => {
            let name = enc.name().to_ascii_lowercase();
            // WHATWG's gbk decoder is its gb18030 decoder.
            (
                if name == "gb18030" {
                    "gbk".into()
                } else {
                    name
                },
                true,
            )
        }
        _ => (a.to_string(), a != l),
    }
}

/// A key under which two charset labels are equal when they name the same
/// decoder: the WHATWG encoding (via `encoding_rs`' label table) after mapping
/// common Python/ICU/uchardet spellings; a chardet-corpus language suffix
/// (`iso-8859-5-russian`) is dropped when what remains is a known label;
/// otherwise the label lower-cased with `_` turned into `-`.
pub fn charset_key(label: &str) -> Option<String> {
    let l = label.trim().to_ascii_lowercase().replace('_', "-");
    if l.is_empty() || l == "unknown" || l == "none" || l == "null" || l == "undefined" {
        return None;
    }
    let (key, known) = whatwg_or_self(&l);
    if known {
        return Some(key);
    }
    let mut stem = l.as_str();
    while let Some((head, tail)) = stem.rsplit_once('-') {
        if tail.is_empty() || !tail.chars().all(|c| c.is_ascii_alphabetic()) {
            break;
        }
        let (k, known) = whatwg_or_self(head);
        if known {
            return Some(k);
        }
        stem = head;
    }
    Some(key)
}

/// Whether a detected charset label names the same decoder as the expected one.
/// A generic `UTF-16`/`UTF-32` (byte order from the BOM) matches either order.
pub fn charset_matches(detected: &str, expected: &str) -> bool {
    let (Some(a), Some(b)) = (charset_key(detected), charset_key(expected)) else {
        return false;
    };
    if a == b {
        return true;
    }
    let generic = |g: &str, other: &str| matches!(g, "utf-16" | "utf-32") && other.starts_with(g);
    // encoding_rs reads a bare `utf-16` label as UTF-16LE.
    let bare = |l: &str| {
        let l = l.trim().to_ascii_lowercase();
        matches!(l.as_str(), "utf-16" | "utf-32").then_some(l)
    };
    match (bare(detected), bare(expected)) {
        (Some(g), _) => generic(&g, &b),
        (_, Some(g)) => generic(&g, &a),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_is_nfkc_and_collapses_whitespace() {
        assert_eq!(normalize("  a\t\n b  "), "a b");
        // U+FB01 LATIN SMALL LIGATURE FI and full-width A fold under NFKC.
        assert_eq!(normalize("\u{FB01}le \u{FF21}"), "file A");
        // A decomposed voiced kana composes (か + combining dakuten → が).
        assert_eq!(normalize("\u{304B}\u{3099}"), "\u{304C}");
    }

    #[test]
    fn recall_counts_lines_and_accepts_cjk_across_line_breaks() {
        let text = "Hello   world\nこんに\nちは\n";
        let lines = expected_lines("Hello world\n\nこんにちは\nmissing\n");
        assert_eq!(lines.len(), 3);
        let r = Recall::of(text, &lines);
        assert_eq!(r, Recall { found: 2, total: 3 });
        assert!((r.ratio().unwrap() - 2.0 / 3.0).abs() < 1e-12);
        // Latin text is not matched with whitespace removed.
        assert_eq!(Recall::of("Hel lo", &["Hello".to_string()]).found, 0);
        assert_eq!(Recall::default().ratio(), None);
    }

    #[test]
    fn f1_is_the_multiset_overlap() {
        // a: {a:2, b:1}, b: {a:1, b:1, c:1}: common 2, sizes 3+3 → F1 = 4/6.
        let o = Overlap::of("a a b", "abc");
        assert_eq!(
            o,
            Overlap {
                common: 2,
                sizes: 6
            }
        );
        assert!((o.f1().unwrap() - 4.0 / 6.0).abs() < 1e-12);
        assert_eq!(Overlap::of("xyz", "x y\tz").f1(), Some(1.0));
        // pdftotext's embedding controls around a right-to-left run do not count.
        assert_eq!(
            Overlap::of("\u{202B}يبيبَح\u{202C}", "حَبيبي").f1(),
            Some(1.0)
        );
        assert_eq!(Overlap::of("", " ").f1(), None);
        let mut sum = Overlap::of("ab", "ab");
        sum.add(Overlap::of("ab", "cd"));
        assert_eq!(sum.f1(), Some(0.5));
    }

    #[test]
    fn median_and_ratio() {
        let ms = Duration::from_millis;
        assert_eq!(median(&[ms(30), ms(10), ms(20)]), Some(ms(20)));
        assert_eq!(median(&[ms(40), ms(10), ms(20), ms(30)]), Some(ms(25)));
        assert_eq!(median(&[]), None);
        // Range 10..30 around a median of 20: ±50%.
        assert!((spread(&[ms(30), ms(10), ms(20)]).unwrap() - 0.5).abs() < 1e-12);
        assert_eq!(spread(&[ms(30)]), None);
        assert_eq!(ratio(Some(1.0), Some(4.0)), Some(0.25));
        assert_eq!(ratio(Some(1.0), Some(0.0)), None);
        assert_eq!(ratio(None, Some(1.0)), None);
    }

    #[test]
    fn charset_labels_compare_by_decoder() {
        assert!(charset_matches("SHIFT_JIS", "CP932"));
        assert!(charset_matches("koi8_r", "KOI8-R"));
        assert!(charset_matches("cp949", "EUC-KR"));
        assert!(charset_matches("gb2312", "GBK"));
        assert!(charset_matches("ISO-8859-1", "windows-1252"));
        assert!(charset_matches("TIS-620", "windows-874"));
        assert!(charset_matches("MacCyrillic", "x-mac-cyrillic"));
        assert!(charset_matches("cp855", "IBM855"));
        assert!(charset_matches("Johab", "johab"));
        assert!(!charset_matches("windows-1251", "KOI8-R"));
        assert!(!charset_matches("unknown", "unknown"));
        // chardet-corpus labels carry a language suffix.
        assert!(charset_matches("ISO-8859-5", "iso-8859-5-russian"));
        assert!(charset_matches("cp1251", "windows-1251-bulgarian"));
        assert!(charset_matches("windows-1254", "iso-8859-9-turkish"));
        assert!(!charset_matches("windows-1253", "iso-8859-7-greek"));
        // ... but EUC-TW is not "EUC" in Taiwanese.
        assert!(charset_matches("EUC-TW", "EUC-TW"));
        assert!(!charset_matches("euc_jis_2004", "EUC-TW"));
        // GB18030 decodes GB2312 (WHATWG: one decoder).
        assert!(charset_matches("GB18030", "GB2312"));
        assert!(charset_matches("UHC", "CP949"));
        assert!(charset_matches("shift_jis_2004", "CP932"));
        // Python's byte-order spellings, and generic UTF-16/32 (BOM) labels.
        assert!(charset_matches("utf_16_be", "UTF-16BE"));
        assert!(charset_matches("utf_32_le", "UTF-32LE"));
        assert!(charset_matches("UTF-16BE", "UTF-16"));
        assert!(charset_matches("utf_32", "UTF-32"));
        assert!(!charset_matches("UTF-8", "UTF-16"));
        assert!(charset_matches("UTF-16", "UTF-16LE"));
        // iso-2022-kr is WHATWG's `replacement`; keep it apart from others.
        assert!(charset_matches("iso2022_kr", "iso-2022-kr"));
        assert!(!charset_matches("ISO-2022-KR", "iso-2022-cn"));
        assert!(!charset_matches("undefined", "CP932"));
        assert_eq!(charset_key(""), None);
    }
}
