//! Mailboxes (mboxo and mboxrd, RFC 4155): messages after `From ` separator
//! lines, each with `>From ` quoting undone, listed as embedded messages in
//! order. The input is walked once; nothing but the messages is held.

use doc_model::{Metadata, Value, keys};

use crate::message::Attachments;
use crate::{MailDetails, MailDocument, MailFormat, Options, Warning};

/// Splits a mailbox into its messages.
pub(crate) fn read(data: &[u8], options: &Options) -> MailDocument {
    let limits = &options.limits;
    let mut warnings = Vec::new();
    let mut messages = Attachments::default();
    let mut quoted_more = false;
    let mut count = 0u64;
    for message in split(data) {
        count += 1;
        let (bytes, deep) = unquote(message);
        quoted_more |= deep;
        let name = format!("message-{count:04}.eml");
        let before = messages.files.len();
        messages.push(&name, Some("message/rfc822"), bytes, limits, &mut warnings);
        if messages.files.len() == before {
            break;
        }
    }
    let mut metadata = Metadata::default();
    let format = if quoted_more { "mboxrd" } else { "mbox" };
    metadata.properties.set_text(keys::MAILBOX_FORMAT, format);
    metadata.properties.set(
        keys::MESSAGE_COUNT,
        Value::Count(messages.files.len() as u64),
    );
    let mut doc = MailDocument::new(MailDetails {
        format: MailFormat::Mbox,
    });
    doc.metadata = metadata;
    doc.embedded = messages.files;
    doc.warnings = warnings.into_iter().collect::<Vec<Warning>>();
    doc
}

/// The messages of a mailbox: what follows each `From ` line at the start
/// of the input or of a line, up to the next one.
fn split(data: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = data;
    std::iter::from_fn(move || {
        loop {
            if rest.is_empty() {
                return None;
            }
            // Skip the separator line itself.
            let start = if rest.starts_with(b"From ") {
                memchr::memchr(b'\n', rest).map_or(rest.len(), |i| i + 1)
            } else {
                0
            };
            let body = rest.get(start..).unwrap_or_default();
            let end = memchr::memmem::find(body, b"\nFrom ").map_or(body.len(), |i| i + 1);
            let message = body.get(..end).unwrap_or_default();
            rest = body.get(end..).unwrap_or_default();
            if !message.iter().all(u8::is_ascii_whitespace) {
                return Some(message);
            }
        }
    })
}

/// A message with one `>` taken from each `>From ` line (mboxrd: `>>From `
/// becomes `>From `); whether some line had more than one.
fn unquote(message: &[u8]) -> (Vec<u8>, bool) {
    let mut out = Vec::with_capacity(message.len());
    let mut deep = false;
    for line in message.split_inclusive(|&b| b == b'\n') {
        let quotes = line.iter().take_while(|&&b| b == b'>').count();
        if quotes > 0 && line.get(quotes..).is_some_and(|l| l.starts_with(b"From ")) {
            deep |= quotes > 1;
            out.extend_from_slice(line.get(1..).unwrap_or_default());
        } else {
            out.extend_from_slice(line);
        }
    }
    // The blank line before the next separator belongs to the mailbox.
    if out.ends_with(b"\n\n") {
        out.pop();
    } else if out.ends_with(b"\r\n\r\n") {
        out.truncate(out.len() - 2);
    }
    (out, deep)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_split_and_unquoted() {
        let mbox = b"From a@b Mon Jan  1 00:00:00 2024\nFrom: a@b\n\n>From here\n>>From there\n\nFrom c@d Tue Jan  2 00:00:00 2024\nFrom: c@d\n\ny\n";
        let doc = read(mbox, &Options::default());
        assert_eq!(doc.embedded.len(), 2);
        assert_eq!(
            doc.embedded[0].data,
            b"From: a@b\n\nFrom here\n>From there\n"
        );
        assert_eq!(doc.embedded[1].data, b"From: c@d\n\ny\n");
        assert_eq!(doc.embedded[1].path, "/message-0002.eml");
        assert_eq!(
            doc.metadata.properties.get(keys::MAILBOX_FORMAT),
            Some(&Value::Text("mboxrd".into()))
        );
    }

    #[test]
    fn the_message_count_is_bounded() {
        let mut options = Options::default();
        options.limits.max_attachments = 2;
        let mbox = b"From x\nA: 1\n\nFrom x\nA: 2\n\nFrom x\nA: 3\n".repeat(10);
        let doc = read(&mbox, &options);
        assert_eq!(doc.embedded.len(), 2);
        assert_eq!(doc.warnings.len(), 1);
    }
}
