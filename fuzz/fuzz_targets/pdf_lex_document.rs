//! Opens arbitrary bytes as a PDF (lexer, xref reader, recovery scan,
//! object streams, decryption setup) and walks everything.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pdf_lex::{Document, Object, Options, content::Operations};

fuzz_target!(|data: &[u8]| {
    let mut options = Options::default();
    options.limits.max_stream_bytes = 1 << 20;
    let Ok(doc) = Document::open_with(data, &options) else { return };
    let _ = doc.info();
    for r in doc.object_refs().into_iter().take(500) {
        if let Ok(o) = doc.get(r) {
            if let Object::Stream(s) = &*o {
                let _ = doc.stream_data(s);
            }
        }
    }
    if let Ok(pages) = doc.pages() {
        for p in pages.iter().take(20) {
            // A bounded walk, as a caller would do it: 20 pages of 1 MiB of
            // `q Q` are 10 M operations, over 10 s under ASan.
            if let Ok(c) = doc.page_contents(p) {
                for _ in Operations::new(&c).take(100_000) {}
            }
        }
    }
});
