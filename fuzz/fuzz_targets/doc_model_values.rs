//! Fuzzes the values `doc-model` turns file numbers into: FILETIME-derived
//! seconds through `rfc3339_utc` and `civil_from_days` (any i64), list
//! numbers through `NumberFormat::format` (any i32, every format from an
//! nfc byte and from the rest as a format name), and `join_parts`.
#![no_main]

use doc_model::{NumberFormat, Part, PartKind, civil_from_days, join_parts, rfc3339_utc};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 13 {
        return;
    }
    let mut eight = [0u8; 8];
    eight.copy_from_slice(&data[..8]);
    let seconds = i64::from_le_bytes(eight);
    let _ = rfc3339_utc(seconds);
    let _ = civil_from_days(seconds);
    let mut four = [0u8; 4];
    four.copy_from_slice(&data[8..12]);
    let value = i32::from_le_bytes(four);
    let name = String::from_utf8_lossy(&data[13..]);
    for f in [NumberFormat::from_nfc(data[12]), NumberFormat::from_name(&name)] {
        let _ = f.format(value);
    }
    let parts: Vec<Part> = name
        .split('\u{1}')
        .map(|t| Part::new(PartKind::Body, t))
        .collect();
    let _ = join_parts(&parts);
});
