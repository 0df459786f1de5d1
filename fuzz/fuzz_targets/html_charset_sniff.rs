//! Sniffing and decoding arbitrary bytes: never a panic, and the result is
//! consistent with the steps that produced it.
#![no_main]

use html_charset::{SniffOptions, Source, decode, sniff_with};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the options; a first line (up to 80 bytes) may be
    // a Content-Type; the rest is the document.
    let Some((&flags, rest)) = data.split_first() else { return };
    let (content_type, bytes) = match rest.iter().take(80).position(|&b| b == b'\n') {
        Some(i) if flags & 1 == 1 => (Some(String::from_utf8_lossy(&rest[..i]).into_owned()), &rest[i + 1..]),
        _ => (None, rest),
    };
    let tld = (flags & 2 == 2).then_some("Example.JP.");
    let options = SniffOptions::default()
        .with_html(flags & 4 == 0)
        .with_content_type(content_type.as_deref())
        .with_tld(tld)
        .with_continued_scan_limit(if flags & 8 == 8 { 0 } else { 4096 });
    let sniffed = sniff_with(bytes, &options);
    if sniffed.source == Source::MetaPrescan || sniffed.source == Source::XmlDeclaration {
        assert!(options.is_html);
        // UTF-16 only from the spec's "prescan for UTF-16 XML declarations"
        // (`<?x` in UTF-16 at the very start); a label never gives it.
        let utf16_xml = bytes.starts_with(b"<\0?\0x\0") || bytes.starts_with(b"\0<\0?\0x");
        if !utf16_xml {
            assert_ne!(sniffed.encoding, html_charset::encoding_rs::UTF_16LE);
            assert_ne!(sniffed.encoding, html_charset::encoding_rs::UTF_16BE);
        }
        assert_ne!(sniffed.encoding, html_charset::encoding_rs::X_USER_DEFINED);
    }
    if sniffed.source == Source::Default {
        assert_eq!(sniffed.encoding, html_charset::encoding_rs::WINDOWS_1252);
    }
    assert_eq!(sniff_with(bytes, &options), sniffed, "sniffing is deterministic");
    let _ = decode(bytes, &sniffed);
    // The encodings outside the Standard: detection (labels, byte patterns,
    // statistics) and every decoder never panic; what the facade would use
    // is deterministic; a UTF-32 decodes to a quarter of the bytes' length
    // in chars, the others to at most one char per byte.
    use html_charset::unlisted::{self, Unlisted};
    let chosen = unlisted::sniff(bytes, &options, &sniffed);
    assert_eq!(unlisted::sniff(bytes, &options, &sniffed), chosen, "deterministic");
    if let Some(u) = unlisted::bom(bytes) {
        assert_eq!(chosen, Some(u), "a UTF-32 byte order mark wins");
    }
    let _ = unlisted::guess(bytes, sniffed.encoding, 4096);
    if let Some(label) = content_type.as_deref() {
        let _ = unlisted::for_label(label.as_bytes());
    }
    for u in [
        Unlisted::Utf32Le,
        Unlisted::Utf32Be,
        Unlisted::Iso2022Kr,
        Unlisted::Johab,
        Unlisted::EucTw,
        Unlisted::Ibm855,
    ] {
        let text = u.decode(bytes);
        let chars = text.chars().count();
        match u {
            Unlisted::Utf32Le | Unlisted::Utf32Be => assert!(chars <= bytes.len() / 4 + 1),
            _ => assert!(chars <= bytes.len()),
        }
    }
});
