//! Fuzzes `html-charset` (BOM, transport label, the WHATWG prescan, the
//! statistical guess, decoding) and `html-text` (visible text) on any bytes.
#![no_main]

use html_charset::SniffOptions;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let sniffed = html_charset::sniff(data, None);
    let decoded = html_charset::decode(data, &sniffed);
    let text = html_text::extract(&decoded);
    assert!(text.text.len() <= decoded.len().saturating_mul(4) + 64);
    let text_options = SniffOptions::text();
    let _ = html_charset::sniff_with(data, &text_options);
    let options = html_text::Options::default();
    let _ = html_text::extract_bytes(data, &SniffOptions::default(), &options);
});
