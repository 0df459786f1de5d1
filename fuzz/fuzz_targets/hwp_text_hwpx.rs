//! Fuzzes `hwp-text`'s HWPX reader: a zip input through `parse` (mimetype,
//! content.hpf spine, header.xml numbering, section XML); any other input
//! as the body of an HWPML document, so the XML tree and the section
//! renderer (tables, controls, shapes, fields) see mutated markup directly.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let options = hwp_text::Options::default();
    if data.starts_with(b"PK") {
        if let Ok(doc) = hwp_text::parse_with(data, &options) {
            let _ = doc.text();
        }
        return;
    }
    let mut xml = b"<HWPML><BODY><SECTION>".to_vec();
    xml.extend_from_slice(data);
    xml.extend_from_slice(b"</SECTION></BODY></HWPML>");
    if let Ok(doc) = hwp_text::parse_with(&xml, &options) {
        let _ = doc.text();
    }
});
