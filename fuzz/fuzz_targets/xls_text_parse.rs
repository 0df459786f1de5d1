//! Fuzzes `xls-text`: the bytes as a whole file through `parse_with` (a
//! compound file, or a bare BIFF2-4 stream) and as a workbook stream
//! through `from_stream` (so the record, SST, cell and object readers see
//! mutations the container would reject), with small limits.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xls_text::Options;

fuzz_target!(|data: &[u8]| {
    let mut options = Options::default();
    options.limits.max_output_bytes = 1 << 18;
    options.limits.max_cells = 1 << 14;
    if let Ok(book) = xls_text::parse_with(data, &options) {
        let _ = book.text();
    }
    if let Ok(book) = xls_text::from_stream(data, &options) {
        let _ = book.text();
    }
});
