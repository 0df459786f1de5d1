//! Fuzzes `mail-text` on RFC 5322 messages and mailboxes: detection, the
//! mbox split and `>From` unquoting, `mail-parser`'s MIME tree, encoded
//! words and charsets, HTML bodies, attachments and nested messages (read
//! in turn), with small limits.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mail_text::{MailFormat, Options};

fuzz_target!(|data: &[u8]| {
    let mut options = Options::default();
    options.limits.max_output_bytes = 1 << 18;
    options.limits.max_attachment_bytes = 1 << 20;
    options.limits.max_attachments = 64;
    let _ = mail_text::detect(data);
    for format in [MailFormat::Eml, MailFormat::Mbox] {
        if let Ok(doc) = mail_text::parse_as(data, format, &options) {
            let _ = doc.text();
            for e in doc.embedded.iter().take(4) {
                let _ = mail_text::parse_as(&e.data, MailFormat::Eml, &options);
            }
        }
    }
});
