//! Encodings outside the Encoding Standard, which browsers do not decode
//! but a text extractor reading files from disk meets:
//!
//! - UTF-32 (its byte order mark, or a head where every 4-byte unit is a
//!   Unicode scalar value) and ISO-2022-KR (its `ESC $ ) C` designator in
//!   7-bit bytes): byte patterns that leave no doubt ([`detect`]).
//!   ISO-2022-KR is the Standard's *replacement* encoding; UTF-32 was removed.
//! - Johab and EUC-TW: statistical tests on unlabeled bytes ([`guess`]).
//! - IBM855, Johab, EUC-TW: labels the WHATWG table lacks, in a transport
//!   `Content-Type`, a `<meta>` or an XML declaration ([`for_label`]).
//!
//! [`crate::sniff`] never answers these. [`sniff`] here takes its answer and
//! says when one of these encodings should replace it.

use encoding_rs::{EUC_KR, Encoding};

use crate::{SniffOptions, Sniffed, Source};

mod euc_tw;
mod ibm855;
mod johab;

/// An encoding the Encoding Standard does not have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unlisted {
    /// UTF-32, little-endian.
    Utf32Le,
    /// UTF-32, big-endian.
    Utf32Be,
    /// ISO-2022-KR (RFC 1557): KS X 1001 between SO and SI, ASCII elsewhere.
    Iso2022Kr,
    /// Johab (KS X 1001 annex 3, Windows code page 1361): Hangul composed
    /// from 5-bit jamo codes, KS X 1001 symbols and Hanja.
    Johab,
    /// EUC-TW: CNS 11643 planes 1–7 and 15 (plane 1 in two bytes, any plane
    /// after `8E A1..A7`/`8E AF`).
    EucTw,
    /// IBM855, the DOS Cyrillic code page.
    Ibm855,
}

/// How many leading bytes [`detect`] looks at.
const HEAD: usize = 1024;

impl Unlisted {
    /// The encoding's name: IANA's where it has one (`UTF-32LE`,
    /// `UTF-32BE`, `ISO-2022-KR`, `IBM855`), else the usual one (`Johab`,
    /// `EUC-TW`).
    pub fn name(self) -> &'static str {
        match self {
            Unlisted::Utf32Le => "UTF-32LE",
            Unlisted::Utf32Be => "UTF-32BE",
            Unlisted::Iso2022Kr => "ISO-2022-KR",
            Unlisted::Johab => "Johab",
            Unlisted::EucTw => "EUC-TW",
            Unlisted::Ibm855 => "IBM855",
        }
    }

    /// Decodes `bytes` (a byte order mark of this encoding removed);
    /// malformed units and sequences become U+FFFD, never a panic.
    pub fn decode(self, bytes: &[u8]) -> String {
        match self {
            Unlisted::Utf32Le | Unlisted::Utf32Be => {
                let le = self == Unlisted::Utf32Le;
                let body = match bom(bytes) {
                    Some(b) if b == self => &bytes[4..],
                    _ => bytes,
                };
                let mut out = String::with_capacity(body.len() / 4);
                let mut units = body.chunks_exact(4);
                for u in &mut units {
                    let v = if le {
                        u32::from_le_bytes([u[0], u[1], u[2], u[3]])
                    } else {
                        u32::from_be_bytes([u[0], u[1], u[2], u[3]])
                    };
                    out.push(char::from_u32(v).unwrap_or('\u{FFFD}'));
                }
                if !units.remainder().is_empty() {
                    out.push('\u{FFFD}');
                }
                out
            }
            Unlisted::Iso2022Kr => {
                // KS X 1001 bytes between SO and SI are EUC-KR's with the
                // high bit cleared: set it again and let EUC-KR decode.
                let mut euc = Vec::with_capacity(bytes.len());
                let mut shifted = false;
                let mut rest = bytes;
                while let Some((&b, tail)) = rest.split_first() {
                    rest = tail;
                    match b {
                        0x1B if rest.starts_with(b"$)C") => rest = &rest[3..],
                        0x0E => shifted = true,
                        0x0F => shifted = false,
                        b'\n' | b'\r' => {
                            shifted = false;
                            euc.push(b);
                        }
                        0x21..=0x7E if shifted => euc.push(b | 0x80),
                        _ => euc.push(b),
                    }
                }
                EUC_KR.decode_without_bom_handling(&euc).0.into_owned()
            }
            Unlisted::Johab => decode_with(bytes, johab::next),
            Unlisted::EucTw => decode_with(bytes, euc_tw::next),
            Unlisted::Ibm855 => ibm855::decode(bytes),
        }
    }
}

/// The unlisted encoding a label names, if the WHATWG label table does not
/// know the label: `IBM855` (`cp855`, `855`, `csIBM855`, `ibm-855`),
/// `Johab` (`x-johab`, `cp1361`, `ms1361`), `EUC-TW` (`x-euc-tw`, `euctw`),
/// `UTF-32LE`, `UTF-32BE` (and `UTF-32`, big-endian without a byte order
/// mark). ASCII case-insensitive, surrounding whitespace ignored.
pub fn for_label(label: &[u8]) -> Option<Unlisted> {
    const LABELS: [(&[u8], Unlisted); 14] = [
        (b"ibm855", Unlisted::Ibm855),
        (b"ibm-855", Unlisted::Ibm855),
        (b"cp855", Unlisted::Ibm855),
        (b"855", Unlisted::Ibm855),
        (b"csibm855", Unlisted::Ibm855),
        (b"johab", Unlisted::Johab),
        (b"x-johab", Unlisted::Johab),
        (b"cp1361", Unlisted::Johab),
        (b"ms1361", Unlisted::Johab),
        (b"euc-tw", Unlisted::EucTw),
        (b"x-euc-tw", Unlisted::EucTw),
        (b"euctw", Unlisted::EucTw),
        (b"utf-32le", Unlisted::Utf32Le),
        (b"utf-32be", Unlisted::Utf32Be),
    ];
    let label = label.trim_ascii();
    if label.eq_ignore_ascii_case(b"utf-32") {
        return Some(Unlisted::Utf32Be);
    }
    if Encoding::for_label(label).is_some() {
        return None;
    }
    LABELS
        .iter()
        .find(|(l, _)| l.eq_ignore_ascii_case(label))
        .map(|&(_, u)| u)
}

/// A UTF-32 byte order mark at the start (`FF FE 00 00` or `00 00 FE FF`).
/// Check it before [`crate::sniff`], whose BOM step reads `FF FE 00 00` as
/// UTF-16LE.
pub fn bom(bytes: &[u8]) -> Option<Unlisted> {
    if bytes.starts_with(&[0xFF, 0xFE, 0, 0]) {
        Some(Unlisted::Utf32Le)
    } else if bytes.starts_with(&[0, 0, 0xFE, 0xFF]) {
        Some(Unlisted::Utf32Be)
    } else {
        None
    }
}

/// The unlisted encoding the bytes carry, if their head leaves no doubt: a
/// UTF-32 byte order mark; or at least 4 units of UTF-32 in one byte order
/// that are all Unicode scalar values other than NUL (UTF-16 and 8-bit text
/// fail this at once: two ASCII letters in UTF-16 make a unit above
/// U+10FFFF); or ISO-2022-KR's designator in bytes that are all 7-bit.
pub fn detect(bytes: &[u8]) -> Option<Unlisted> {
    if let Some(b) = bom(bytes) {
        return Some(b);
    }
    let head = bytes.get(..HEAD).unwrap_or(bytes);
    let units = head.get(..head.len() & !3).unwrap_or_default();
    if units.len() >= 16 {
        let all = |read: fn([u8; 4]) -> u32| {
            units.chunks_exact(4).all(|u| {
                let v = read([u[0], u[1], u[2], u[3]]);
                v != 0 && char::from_u32(v).is_some()
            })
        };
        if all(u32::from_le_bytes) {
            return Some(Unlisted::Utf32Le);
        }
        if all(u32::from_be_bytes) {
            return Some(Unlisted::Utf32Be);
        }
    }
    let designated = head.windows(4).any(|w| w == b"\x1B$)C");
    (designated && head.is_ascii()).then_some(Unlisted::Iso2022Kr)
}

/// The unlisted encoding that statistics on unlabeled bytes point to, where
/// `guessed` is what the Standard's detector answered for them (at most
/// `limit` bytes are read). Bytes that are valid UTF-8 are left alone.
///
/// - Johab: the bytes are entirely valid Johab, its reading gives at least
///   16 Hangul syllables of which ≥ 90 % are among KS X 1001's 2,350 (the
///   syllables everyday Korean uses), and read as UHC fewer than half the
///   double-byte units fall inside KS X 1001 (Johab's trail bytes start at
///   0x41, so UHC sees its extension area or malformed pairs).
/// - EUC-TW: the bytes are entirely valid, mapped EUC-TW, its reading gives
///   at least 16 Han characters of which ≥ 75 % are frequent ones (Unihan
///   `kFrequency` 1–4), 25 points or more above `guessed`'s reading.
pub fn guess(bytes: &[u8], guessed: &'static Encoding, limit: usize) -> Option<Unlisted> {
    let head = bytes.get(..limit).unwrap_or(bytes);
    // Valid UTF-8 (up to a character cut at the limit) is UTF-8.
    let utf8 = std::str::from_utf8(head).map_or_else(|e| e.error_len().is_none(), |_| true);
    if utf8 {
        return None;
    }
    if johab::evidence(head).is_some_and(|e| e.is_johab()) {
        return Some(Unlisted::Johab);
    }
    if euc_tw::evidence(head, guessed).is_some_and(|e| e.is_euc_tw()) {
        return Some(Unlisted::EucTw);
    }
    None
}

/// Whether an unlisted encoding should replace `sniffed`, the result of
/// [`crate::sniff_with`] for the same `bytes` and `options`, and which:
///
/// 1. a UTF-32 byte order mark, over everything (the Standard reads
///    `FF FE 00 00` as UTF-16LE);
/// 2. nothing more if a byte order mark or the transport layer decided;
/// 3. a transport `Content-Type` whose charset is an unlisted label (the
///    Standard skipped it), over any `<meta>` or XML declaration;
/// 4. nothing more if a `<meta>` or an XML declaration decided;
/// 5. for HTML, a `<meta>` or XML declaration with an unlisted label, found
///    as the prescan and the continued scan find declarations;
/// 6. [`detect`], then [`guess`].
pub fn sniff(bytes: &[u8], options: &SniffOptions<'_>, sniffed: &Sniffed) -> Option<Unlisted> {
    if let Some(b) = bom(bytes) {
        return Some(b);
    }
    if matches!(sniffed.source, Source::Bom | Source::Transport) {
        return None;
    }
    let transport = options
        .content_type
        .and_then(crate::content_type::charset_parameter)
        .and_then(|label| for_label(label.as_bytes()));
    if transport.is_some() {
        return transport;
    }
    if matches!(sniffed.source, Source::MetaPrescan | Source::XmlDeclaration) {
        return None;
    }
    if options.is_html {
        let declared = crate::prescan::declared(bytes, options.continued_scan_limit, &for_label);
        if declared.is_some() {
            return declared;
        }
    }
    detect(bytes).or_else(|| guess(bytes, sniffed.encoding, options.detector_limit))
}

/// One step of a multi-byte decoder: the character at the start of the
/// bytes (`None` for a malformed or unmapped code) and the bytes it took;
/// `None` at the end.
type Step = fn(&[u8]) -> Option<(Option<char>, usize)>;

/// Decodes with `next`; malformed and unmapped codes become U+FFFD.
fn decode_with(bytes: &[u8], next: Step) -> String {
    let mut out = String::with_capacity(bytes.len());
    let mut rest = bytes;
    while let Some((c, n)) = next(rest) {
        out.push(c.unwrap_or('\u{FFFD}'));
        rest = rest.get(n..).unwrap_or_default();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf32(s: &str, le: bool) -> Vec<u8> {
        s.chars()
            .flat_map(|c| {
                if le {
                    (c as u32).to_le_bytes()
                } else {
                    (c as u32).to_be_bytes()
                }
            })
            .collect()
    }

    #[test]
    fn utf32_with_and_without_bom() {
        let text = "<!DOCTYPE html><p>\u{10313}\u{10300} plane 1</p>";
        for le in [true, false] {
            let bytes = utf32(text, le);
            let want = if le {
                Unlisted::Utf32Le
            } else {
                Unlisted::Utf32Be
            };
            assert_eq!(detect(&bytes), Some(want));
            assert_eq!(want.decode(&bytes), text);
            let with_bom = utf32(&format!("\u{FEFF}{text}"), le);
            assert_eq!(bom(&with_bom), Some(want));
            assert_eq!(want.decode(&with_bom), text);
        }
        // A cut unit is one U+FFFD, not a panic.
        assert_eq!(
            Unlisted::Utf32Le.decode(&[0x41, 0, 0, 0, 0x42]),
            "A\u{FFFD}"
        );
    }

    #[test]
    fn other_text_is_not_utf32() {
        let utf16: Vec<u8> = "<html><body>plain</body></html>"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(detect(&utf16), None);
        assert_eq!(detect(b"<html><body>plain ASCII text</body></html>"), None);
        assert_eq!(detect(&[0u8; 64]), None, "NUL units are not text");
        assert_eq!(detect(b"\x1B$)C but \xE9 is 8-bit"), None);
    }

    #[test]
    fn labels_the_whatwg_table_lacks() {
        assert_eq!(for_label(b"IBM855"), Some(Unlisted::Ibm855));
        assert_eq!(for_label(b" cp855 "), Some(Unlisted::Ibm855));
        assert_eq!(for_label(b"x-Johab"), Some(Unlisted::Johab));
        assert_eq!(for_label(b"EUC-TW"), Some(Unlisted::EucTw));
        assert_eq!(for_label(b"utf-32"), Some(Unlisted::Utf32Be));
        // Labels of the Standard are never taken over.
        assert_eq!(for_label(b"ibm866"), None);
        assert_eq!(for_label(b"iso-2022-kr"), None);
        assert_eq!(for_label(b"euc-kr"), None);
        assert_eq!(for_label(b"bogus"), None);
    }

    fn sniff_all(bytes: &[u8], options: &SniffOptions<'_>) -> Option<Unlisted> {
        sniff(bytes, options, &crate::sniff_with(bytes, options))
    }

    #[test]
    fn declared_unlisted_labels_in_their_precedence() {
        let html = SniffOptions::default();
        // Привет in IBM855 behind each kind of declaration.
        let body = b"<p>\xDD\xE1\xB7\xEB\xA8\xE5</p>";
        let xml = [
            b"<?xml version=\"1.0\" encoding=\"IBM855\"?>".as_slice(),
            body,
        ]
        .concat();
        assert_eq!(sniff_all(&xml, &html), Some(Unlisted::Ibm855));
        let meta = [b"<meta charset=cp855>".as_slice(), body].concat();
        assert_eq!(sniff_all(&meta, &html), Some(Unlisted::Ibm855));
        assert_eq!(
            Unlisted::Ibm855.decode(&meta),
            "<meta charset=cp855><p>Привет</p>"
        );
        let pragma = [
            b"<meta http-equiv=content-type content='text/html; charset=johab'>".as_slice(),
            body,
        ]
        .concat();
        assert_eq!(sniff_all(&pragma, &html), Some(Unlisted::Johab));
        // A late <meta> (continued scan) counts; plain text has no prescan.
        let late = [vec![b' '; 2000], meta.clone()].concat();
        assert_eq!(sniff_all(&late, &html), Some(Unlisted::Ibm855));
        assert_eq!(sniff_all(&meta, &SniffOptions::text()), None);
        // A label of the Standard wins over a later unlisted one...
        let both = [
            b"<meta charset=windows-1251><meta charset=ibm855>".as_slice(),
            body,
        ]
        .concat();
        assert_eq!(sniff_all(&both, &html), None);
        // ...but an unlisted transport label wins over any <meta>.
        let transport = html
            .clone()
            .with_content_type(Some("text/html; charset=IBM855"));
        assert_eq!(sniff_all(&both, &transport), Some(Unlisted::Ibm855));
        // A transport label of the Standard decides; so does a UTF-8 BOM.
        let koi8 = html
            .clone()
            .with_content_type(Some("text/html; charset=koi8-r"));
        assert_eq!(sniff_all(&meta, &koi8), None);
        let bom = [b"\xEF\xBB\xBF".as_slice(), &meta].concat();
        assert_eq!(sniff_all(&bom, &html), None);
    }

    #[test]
    fn iso_2022_kr_shifts_into_ks_x_1001() {
        // 한국어 in EUC-KR is C7 D1 B1 B9 BE EE: the same bytes less 0x80.
        let bytes = b"\x1B$)C\n\x0EGQ19>n\x0F ok\n";
        assert_eq!(detect(bytes), Some(Unlisted::Iso2022Kr));
        assert_eq!(Unlisted::Iso2022Kr.decode(bytes), "\n한국어 ok\n");
        assert_eq!(Unlisted::Iso2022Kr.name(), "ISO-2022-KR");
    }
}
