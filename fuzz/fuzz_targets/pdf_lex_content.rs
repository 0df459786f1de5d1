//! The content-stream tokenizer on arbitrary bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pdf_lex::content::Operations;

fuzz_target!(|data: &[u8]| {
    for op in Operations::new(data) {
        std::hint::black_box(op);
    }
});
