//! Fuzzes `xls-text`: the bytes as a whole file through `parse_with` (a
//! compound file, or a bare BIFF2-4 stream) and as a workbook stream
//! through `from_stream` (so the record, SST, cell and object readers see
//! mutations the container would reject), with small limits.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xls_text::Options;

/// A part that states its structure has that structure's plain text.
fn check(book: &xls_text::Workbook) {
    let _ = book.text();
    for part in &book.parts {
        if !part.blocks.is_empty() {
            assert_eq!(part.text, doc_model::plain_text(&part.blocks));
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut options = Options::default();
    options.limits.max_output_bytes = 1 << 18;
    options.limits.max_cells = 1 << 14;
    if let Ok(book) = xls_text::parse_with(data, &options) {
        check(&book);
    }
    if let Ok(book) = xls_text::from_stream(data, &options) {
        check(&book);
    }
});
