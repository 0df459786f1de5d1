//! Fuzzes `rtf-text`: the bytes as a document (a `{\rtf` prefix added when
//! missing, so the interpreter always runs), with small limits: the
//! tokenizer, code pages, `\uN`/`\ucN` skipping, destinations, `\binN`,
//! pictures and `\objdata` through `ole-cfb-read`'s OLE 1.0 reader; the
//! structure (styles, lists, tables and their spans, links) rendered as
//! Markdown and XHTML, each part's text its blocks' plain rendering.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rtf_text::Options;

fuzz_target!(|data: &[u8]| {
    let mut options = Options::default();
    options.limits.max_output_bytes = 1 << 18;
    options.limits.max_embedded_bytes = 1 << 20;
    options.limits.max_depth = 256;
    let owned;
    let input = if rtf_text::is_rtf(data) {
        data
    } else {
        owned = [b"{\\rtf1 ".as_slice(), data].concat();
        &owned
    };
    if let Ok(doc) = rtf_text::parse_with(input, &options) {
        let _ = doc.text();
        for p in &doc.parts {
            assert_eq!(doc_model::plain_text(&p.blocks), p.text);
        }
        let _ = doc_render::render(&[], &doc.parts, doc_render::Target::Markdown);
        let _ = doc_render::render(&[], &doc.parts, doc_render::Target::Html);
    }
});
