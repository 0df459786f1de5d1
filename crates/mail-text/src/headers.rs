//! A message's header fields as written, for Tika's
//! `Message:Raw-Header:<name>` metadata.

use doc_model::Field;

/// At most this many fields are kept.
const MAX_FIELDS: usize = 512;
/// A longer value is cut (at a character boundary).
const MAX_VALUE_BYTES: usize = 4096;
/// All values together stop here.
const MAX_TOTAL_BYTES: usize = 128 * 1024;

/// The fields of a parsed message's header, each value unfolded (line
/// breaks and the white space after them become one space) and trimmed,
/// in order, bounded.
pub(crate) fn raw_headers(message: &mail_parser::Message<'_>) -> Vec<Field> {
    let raw = message.raw_message();
    let mut out = Vec::new();
    let mut total = 0usize;
    for h in message.headers().iter().take(MAX_FIELDS) {
        let start = usize::try_from(h.offset_start).unwrap_or(usize::MAX);
        let end = usize::try_from(h.offset_end).unwrap_or(usize::MAX);
        let Some(bytes) = raw.get(start..end) else {
            continue;
        };
        let value = unfold(&String::from_utf8_lossy(bytes));
        let value = cut(value, MAX_VALUE_BYTES);
        total += value.len();
        if total > MAX_TOTAL_BYTES {
            break;
        }
        out.push(Field {
            name: h.name.as_str().to_string(),
            value,
        });
    }
    out
}

/// The fields of a transport-header block (MAPI `PidTagTransportMessageHeaders`).
pub(crate) fn raw_headers_of(text: &str) -> Vec<Field> {
    mail_parser::MessageParser::default()
        .parse_headers(text.as_bytes())
        .map(|m| raw_headers(&m))
        .unwrap_or_default()
}

fn unfold(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut lines = value.split(['\r', '\n']).filter(|l| !l.is_empty());
    if let Some(first) = lines.next() {
        out.push_str(first.trim());
    }
    for l in lines {
        let l = l.trim();
        if !l.is_empty() {
            out.push(' ');
            out.push_str(l);
        }
    }
    out
}

fn cut(mut s: String, max: usize) -> String {
    if s.len() > max {
        let mut at = max;
        while !s.is_char_boundary(at) {
            at -= 1;
        }
        s.truncate(at);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_in_order_unfolded() {
        let m = "Received: from a.example\r\n\tby b.example; Mon, 1 Jan 2024 00:00:00 +0000\r\n\
                 Received: from c.example\r\nX-Mailer:  Thing 1.0 \r\nSubject: =?UTF-8?B?5p2x5Lqs?=\r\n\r\nbody";
        let fields = raw_headers_of(m);
        let pairs: Vec<(&str, &str)> = fields
            .iter()
            .map(|f| (f.name.as_str(), f.value.as_str()))
            .collect();
        assert_eq!(
            pairs,
            [
                (
                    "Received",
                    "from a.example by b.example; Mon, 1 Jan 2024 00:00:00 +0000"
                ),
                ("Received", "from c.example"),
                ("X-Mailer", "Thing 1.0"),
                ("Subject", "=?UTF-8?B?5p2x5Lqs?="),
            ]
        );
    }

    #[test]
    fn long_values_are_cut_at_a_boundary() {
        let s = cut("é".repeat(3000), MAX_VALUE_BYTES);
        assert_eq!(s.len(), MAX_VALUE_BYTES);
        assert!(s.chars().all(|c| c == 'é'));
    }
}
