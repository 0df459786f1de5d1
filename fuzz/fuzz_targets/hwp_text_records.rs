//! Fuzzes `hwp-text`'s HWP 5.0 record layer: the bytes split (at the
//! offset in their first two bytes) into a DocInfo and a section record
//! stream for `from_records` — records, levels, paragraphs, control
//! characters, tables, shapes, notes, numbering — and the whole input
//! through `parse` (compound file, FileHeader, inflate, ViewText decryption).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let options = hwp_text::Options::default();
    if let Ok(doc) = hwp_text::parse_with(data, &options) {
        let _ = doc.text();
    }
    let Some((head, rest)) = data.split_first_chunk::<2>() else {
        return;
    };
    let split = usize::from(u16::from_le_bytes(*head)).min(rest.len());
    let (doc_info, section) = rest.split_at(split);
    let doc = hwp_text::from_records(doc_info, &[section], 0x0501_0100, &options);
    let _ = doc.text();
});
