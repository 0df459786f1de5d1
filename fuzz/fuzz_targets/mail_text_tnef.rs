//! Fuzzes `mail-text` on TNEF streams (the signature added when missing):
//! attribute lengths, OEM code pages, dates, MAPI property lists (named
//! properties, multi-valued and variable-size values) and compressed RTF
//! bodies (MS-OXRTFCP), with small limits.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mail_text::{MailFormat, Options};

fuzz_target!(|data: &[u8]| {
    let mut options = Options::default();
    options.limits.max_output_bytes = 1 << 18;
    options.limits.max_attachment_bytes = 1 << 20;
    options.limits.max_rtf_bytes = 1 << 20;
    let owned;
    let input = if mail_text::is_tnef(data) {
        data
    } else {
        owned = [b"\x78\x9f\x3e\x22\x01\x00".as_slice(), data].concat();
        &owned
    };
    if let Ok(doc) = mail_text::parse_as(input, MailFormat::Tnef, &options) {
        let _ = doc.text();
    }
    let _ = mail_text::decompress_rtf(data, 1 << 20);
});
