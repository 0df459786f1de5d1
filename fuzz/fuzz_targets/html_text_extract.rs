//! Extracting text from arbitrary markup: never a panic, limits hold.
#![no_main]

use html_text::{Options, extract_bytes, extract_with};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut options = Options::default();
    options.max_text_bytes = 1 + data.len() / 2;
    options.max_metadata_bytes = 16;
    let html = String::from_utf8_lossy(data);
    let doc = extract_with(&html, &options);
    assert!(doc.text.len() <= options.max_text_bytes);
    for meta in [&doc.title, &doc.description, &doc.keywords].into_iter().flatten() {
        assert!(meta.len() <= options.max_metadata_bytes);
    }
    let _ = extract_bytes(data, &html_charset::SniffOptions::default(), &options);
});
