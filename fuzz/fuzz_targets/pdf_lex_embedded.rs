//! Opens arbitrary bytes as a PDF and gathers everything besides page
//! text: the `/EmbeddedFiles` name tree and file specifications, image
//! XObjects and inline images decoded to PNG (colour spaces, functions,
//! CCITT), annotations and the AcroForm field tree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pdf_lex::{Document, ExtrasOptions, Options};

fuzz_target!(|data: &[u8]| {
    let mut options = Options::default();
    options.limits.max_stream_bytes = 1 << 20;
    options.limits.max_image_pixels = 1 << 20;
    options.limits.max_embedded_bytes = 16 << 20;
    let Ok(doc) = Document::open_with(data, &options) else { return };
    let extras = doc.extras(&ExtrasOptions::default());
    // What a caller does next: read every part and file.
    let _ = extras.text();
    for e in &extras.embedded {
        let _ = (e.path.len(), e.data.len());
    }
});
