//! Fuzzes the facade: `textract::extract` on any bytes (format detection,
//! then whichever layer the bytes pick), with a short deadline.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut options = textract::Options::default();
    options.limits.deadline = Some(Duration::from_secs(2));
    options.limits.max_stream_bytes = 8 << 20;
    if let Ok(doc) = textract::extract(data, &options) {
        assert!(doc.text.len() <= options.limits.max_output_bytes);
    }
});
