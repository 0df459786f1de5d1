//! Fuzz `pdf_text::extract_bytes`: any bytes give text or a typed error.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut options = pdf_text::Options::default();
    options.limits.max_glyphs_per_page = 100_000;
    options.limits.max_ops_per_page = 1_000_000;
    // As the facade's target: 8 MiB per stream, so that a small deflate
    // bomb of white space is not a 10 s walk under ASan.
    options.pdf_limits.max_stream_bytes = 8 << 20;
    let _ = pdf_text::extract_bytes(data, &options);
});
