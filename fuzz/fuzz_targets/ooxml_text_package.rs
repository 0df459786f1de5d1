//! Fuzzes `ooxml-text` on whole inputs: zip central directories, local
//! headers of damaged zips (the salvage path), content types and
//! relationships, and flat OpenDocument XML — with small limits.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ooxml_text::Options;

fuzz_target!(|data: &[u8]| {
    let mut options = Options::default();
    options.limits.max_output_bytes = 1 << 18;
    options.limits.max_embedded_bytes = 1 << 20;
    options.limits.max_total_bytes = 16 << 20;
    options.limits.max_xml_nodes = 1 << 18;
    if let Ok(doc) = ooxml_text::parse_with(data, &options) {
        let _ = doc.text();
    }
});
