//! Fuzzes `mail-text` on Outlook messages: the bytes as a compound file
//! (`ole-cfb-read`), then the property streams, recipients, attachments,
//! code pages, named properties, compressed RTF and HTML bodies, and every
//! attachment that is itself a message read in turn, with small limits.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mail_text::{MailFormat, Options};

fuzz_target!(|data: &[u8]| {
    let mut options = Options::default();
    options.limits.max_output_bytes = 1 << 18;
    options.limits.max_attachment_bytes = 1 << 20;
    options.limits.max_rtf_bytes = 1 << 20;
    if let Ok(doc) = mail_text::parse_as(data, MailFormat::Msg, &options) {
        let _ = doc.text();
        for e in doc.embedded.iter().take(4) {
            let _ = mail_text::parse_with(&e.data, &options);
        }
    }
});
