//! `html-charset`: which character encoding an HTML page or a plain-text file
//! is in, decided as a browser decides it, and decoding with that encoding.
//!
//! [`sniff`] runs the encoding sniffing algorithm of the HTML Standard
//! (§ 13.2.3.2 "Determining the character encoding") in its order:
//!
//! 1. a byte order mark (UTF-8, UTF-16LE, UTF-16BE);
//! 2. the transport layer's `Content-Type` `charset` parameter, parsed as the
//!    MIME Sniffing Standard parses a MIME type;
//! 3. the prescan of the first 1024 bytes: comments, `<meta charset>`,
//!    `<meta http-equiv=content-type content=…>`, the spec's "get an attribute",
//!    UTF-16 labels → UTF-8, `x-user-defined` → windows-1252, and at its end
//!    the XML declaration's `encoding`;
//! 4. a bounded continued scan for a `<meta>` after the first 1024 bytes,
//!    standing in for the parser's later "change the encoding" (which every
//!    browser performs; the html5lib tests expect it);
//! 5. for bytes nothing labels: BOM-less UTF-16 of Basic Latin text (Firefox's
//!    heuristic), then [`chardetng`] with an optional top-level-domain hint;
//! 6. windows-1252.
//!
//! Plain text (`.txt`, `.csv`) takes the same path without steps 3 and 4
//! ([`SniffOptions::is_html`] `= false`). Labels resolve through the WHATWG
//! label table of [`encoding_rs`], so the result is always one of the
//! Encoding Standard's encodings and [`encoding_rs::Encoding::name`] gives its
//! WHATWG name (`Shift_JIS`, `EUC-KR`, `windows-1251`, …).
//!
//! [`decode`] turns the bytes into text: the BOM removed, malformed sequences
//! replaced by U+FFFD. Neither function can fail or panic on any input.
//!
//! Encodings outside the Encoding Standard (UTF-32, ISO-2022-KR — which
//! the Standard decodes to U+FFFD by design —, Johab, EUC-TW, IBM855) are
//! never [`sniff`]'s answer; the [`unlisted`] module recognises and decodes
//! them for callers that want more than a browser reads. This crate does
//! not parse HTML beyond what sniffing needs (see the `html-text` crate)
//! and does not fetch anything.
//!
//! ```
//! use html_charset::{decode, sniff, Source};
//!
//! let page = b"<!DOCTYPE html><meta charset=\"windows-1251\"><p>\xcf\xf0\xe8\xe2\xe5\xf2";
//! let sniffed = sniff(page, None);
//! assert_eq!(sniffed.encoding.name(), "windows-1251");
//! assert_eq!(sniffed.source, Source::MetaPrescan);
//! assert!(decode(page, &sniffed).ends_with("Привет"));
//!
//! // The transport layer wins over the page.
//! let sniffed = sniff(page, Some("text/html; charset=ISO-8859-1"));
//! assert_eq!((sniffed.encoding.name(), sniffed.source), ("windows-1252", Source::Transport));
//! ```
#![forbid(unsafe_code)]

mod bom;
mod content_type;
mod data;
mod prescan;
mod statistical;
pub mod unlisted;

use std::borrow::Cow;

pub use encoding_rs;
use encoding_rs::{Encoding, WINDOWS_1252};

/// The number of bytes the prescan examines, as the HTML Standard encourages.
pub const PRESCAN_LIMIT: usize = 1024;

/// Where the sniffed encoding came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Source {
    /// A byte order mark at the start of the bytes.
    Bom,
    /// The `charset` parameter of the transport layer's `Content-Type`.
    Transport,
    /// A `<meta>` element: found by the 1024-byte prescan or by the bounded
    /// continued scan after it.
    MetaPrescan,
    /// The `encoding` of an XML declaration at the start (or a UTF-16 `<?x`).
    XmlDeclaration,
    /// A statistical guess: BOM-less Basic Latin UTF-16 or `chardetng`.
    Statistical,
    /// Nothing to decide from (no label, only ASCII bytes): windows-1252.
    Default,
}

/// The result of sniffing: an encoding of the Encoding Standard and its source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sniffed {
    /// The encoding; [`Encoding::name`] is its WHATWG name.
    pub encoding: &'static Encoding,
    /// How it was determined.
    pub source: Source,
}

/// Options for [`sniff_with`]. Start from [`SniffOptions::default`] (HTML).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SniffOptions<'a> {
    /// The transport layer's `Content-Type` header value, e.g.
    /// `text/html; charset=Shift_JIS`. Only a valid MIME type counts.
    pub content_type: Option<&'a str>,
    /// The top-level domain the bytes came from (`jp`, `ru`, or a host name:
    /// its last label is used), a hint for the statistical guess.
    pub tld: Option<&'a str>,
    /// `true` for HTML (and XML); `false` for plain text, which skips the
    /// prescan and the continued scan.
    pub is_html: bool,
    /// How many bytes the continued scan for a late `<meta>` reads when the
    /// 1024-byte prescan found nothing; 0 turns it off. Default 64 KiB.
    pub continued_scan_limit: usize,
    /// How many bytes the statistical detector reads. Default 1 MiB.
    pub detector_limit: usize,
    /// Whether the statistical guess may be UTF-8. Default `true`: Firefox
    /// allows it for local files; browsers deny it for pages from the network.
    pub allow_utf8_guess: bool,
}

impl Default for SniffOptions<'_> {
    fn default() -> Self {
        SniffOptions {
            content_type: None,
            tld: None,
            is_html: true,
            continued_scan_limit: 64 * 1024,
            detector_limit: 1024 * 1024,
            allow_utf8_guess: true,
        }
    }
}

impl<'a> SniffOptions<'a> {
    /// Options for plain text (`.txt`, `.csv`): no prescan.
    pub fn text() -> Self {
        SniffOptions {
            is_html: false,
            ..SniffOptions::default()
        }
    }

    /// These options with the transport layer's `Content-Type`.
    pub fn with_content_type(mut self, content_type: Option<&'a str>) -> Self {
        self.content_type = content_type;
        self
    }

    /// These options with a top-level-domain hint.
    pub fn with_tld(mut self, tld: Option<&'a str>) -> Self {
        self.tld = tld;
        self
    }

    /// These options for HTML (`true`) or plain text (`false`).
    pub fn with_html(mut self, is_html: bool) -> Self {
        self.is_html = is_html;
        self
    }

    /// These options with another limit for the continued scan (0: none).
    pub fn with_continued_scan_limit(mut self, limit: usize) -> Self {
        self.continued_scan_limit = limit;
        self
    }
}

/// Sniffs the encoding of an HTML document, `transport` being the
/// `Content-Type` it came with, if any. See [`sniff_with`].
pub fn sniff(bytes: &[u8], transport: Option<&str>) -> Sniffed {
    sniff_with(bytes, &SniffOptions::default().with_content_type(transport))
}

/// Sniffs the encoding of `bytes` following the HTML Standard (see the crate
/// documentation for the order of the steps).
pub fn sniff_with(bytes: &[u8], options: &SniffOptions<'_>) -> Sniffed {
    let found = |encoding, source| Sniffed { encoding, source };
    if let Some((encoding, _)) = bom::sniff(bytes) {
        return found(encoding, Source::Bom);
    }
    if let Some(encoding) = options.content_type.and_then(content_type::encoding) {
        return found(encoding, Source::Transport);
    }
    if options.is_html {
        let head = bytes.get(..PRESCAN_LIMIT).unwrap_or(bytes);
        match prescan::prescan(head) {
            Some(prescan::Found::Meta(encoding)) => return found(encoding, Source::MetaPrescan),
            Some(prescan::Found::XmlDeclaration(encoding)) => {
                return found(encoding, Source::XmlDeclaration);
            }
            None => {}
        }
        if options.continued_scan_limit > head.len() {
            let longer = bytes.get(..options.continued_scan_limit).unwrap_or(bytes);
            if longer.len() > head.len()
                && let Some(encoding) = prescan::continued_scan(longer)
            {
                return found(encoding, Source::MetaPrescan);
            }
        }
    }
    if let Some(encoding) = statistical::utf16_basic_latin(bytes, PRESCAN_LIMIT) {
        return found(encoding, Source::Statistical);
    }
    match statistical::guess(
        bytes,
        options.tld,
        options.allow_utf8_guess,
        options.detector_limit,
    ) {
        Some(encoding) => found(encoding, Source::Statistical),
        None => found(WINDOWS_1252, Source::Default),
    }
}

/// Decodes `bytes` with the sniffed encoding (the Encoding Standard's
/// "decode": a BOM, if present, is removed and decides), replacing malformed
/// sequences with U+FFFD. Borrows when the bytes are already valid UTF-8.
pub fn decode<'a>(bytes: &'a [u8], sniffed: &Sniffed) -> Cow<'a, str> {
    sniffed.encoding.decode(bytes).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{EUC_KR, SHIFT_JIS, UTF_8, UTF_16BE, UTF_16LE};

    #[test]
    fn order_bom_transport_meta_statistics() {
        let page = b"\xEF\xBB\xBF<meta charset=sjis>";
        let s = sniff(page, Some("text/html; charset=euc-kr"));
        assert_eq!((s.encoding, s.source), (UTF_8, Source::Bom));
        let page = b"<meta charset=sjis>";
        let s = sniff(page, Some("text/html; charset=euc-kr"));
        assert_eq!((s.encoding, s.source), (EUC_KR, Source::Transport));
        let s = sniff(page, Some("text/html; charset=bogus"));
        assert_eq!((s.encoding, s.source), (SHIFT_JIS, Source::MetaPrescan));
        let s = sniff(b"", None);
        assert_eq!((s.encoding, s.source), (WINDOWS_1252, Source::Default));
    }

    #[test]
    fn a_meta_after_the_first_kilobyte_is_found_by_the_continued_scan() {
        let mut page = b"<!DOCTYPE html><!--".to_vec();
        page.extend(std::iter::repeat_n(b'x', 3000));
        page.extend_from_slice(b"--><meta charset=shift_jis>");
        let s = sniff(&page, None);
        assert_eq!((s.encoding, s.source), (SHIFT_JIS, Source::MetaPrescan));
        let off = SniffOptions {
            continued_scan_limit: 0,
            ..SniffOptions::default()
        };
        assert_eq!(sniff_with(&page, &off).source, Source::Default);
    }

    #[test]
    fn plain_text_skips_the_prescan() {
        let text = b"<meta charset=shift_jis> is how you declare it";
        assert_eq!(sniff(text, None).encoding, SHIFT_JIS);
        let s = sniff_with(text, &SniffOptions::text());
        assert_eq!((s.encoding, s.source), (WINDOWS_1252, Source::Default));
        let text = "<meta charset=shift_jis> but this is UTF-8: naïve".as_bytes();
        let s = sniff_with(text, &SniffOptions::text());
        assert_eq!((s.encoding, s.source), (UTF_8, Source::Statistical));
    }

    #[test]
    fn bomless_utf16_basic_latin() {
        let le: Vec<u8> = "<html><body>Hello, world</body></html>"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let s = sniff(&le, None);
        assert_eq!((s.encoding, s.source), (UTF_16LE, Source::Statistical));
        assert_eq!(decode(&le, &s), "<html><body>Hello, world</body></html>");
        let be: Vec<u8> = "plain text, long enough to tell"
            .encode_utf16()
            .flat_map(u16::to_be_bytes)
            .collect();
        assert_eq!(sniff_with(&be, &SniffOptions::text()).encoding, UTF_16BE);
    }

    #[test]
    fn decode_removes_the_bom_and_replaces_malformed_bytes() {
        let s = Sniffed {
            encoding: UTF_8,
            source: Source::Bom,
        };
        assert_eq!(decode(b"\xEF\xBB\xBFab\xFFc", &s), "ab\u{FFFD}c");
        let s = Sniffed {
            encoding: UTF_16LE,
            source: Source::Bom,
        };
        assert_eq!(decode(b"\xFF\xFEa\x00b", &s), "a\u{FFFD}");
        let s = sniff(b"plain", None);
        assert!(matches!(decode(b"plain", &s), Cow::Borrowed("plain")));
    }
}
