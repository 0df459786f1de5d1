//! Fuzz `pdf_text::extract_bytes`: any bytes give text or a typed error.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let options = pdf_text::Options {
        limits: pdf_text::Limits {
            max_glyphs_per_page: 100_000,
            max_ops_per_page: 1_000_000,
            ..pdf_text::Limits::default()
        },
        // As the facade's target: 8 MiB per stream, so that a small deflate
        // bomb of white space is not a 10 s walk under ASan.
        pdf_limits: pdf_lex::Limits {
            max_stream_bytes: 8 << 20,
            ..pdf_lex::Limits::default()
        },
        ..pdf_text::Options::default()
    };
    let _ = pdf_text::extract_bytes(data, &options);
});
