//! Every decoder on arbitrary bytes, with a small output limit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pdf_lex::filters;

fuzz_target!(|data: &[u8]| {
    let limit = 1 << 20;
    let Some((&sel, rest)) = data.split_first() else { return };
    let _ = filters::inflate(rest, limit);
    let _ = filters::lzw_decode(rest, sel & 1 == 1, limit);
    let _ = filters::ascii85_decode(rest, limit);
    let _ = filters::ascii_hex_decode(rest, limit);
    let _ = filters::run_length_decode(rest, limit);
    let predictor = [1, 2, 10, 11, 12, 13, 14, 15][usize::from(sel >> 5)];
    let _ = filters::unpredict(rest.to_vec(), predictor, i64::from(sel & 3) + 1, [1, 2, 4, 8][usize::from((sel >> 2) & 3)], i64::from(sel & 31) + 1);
});
